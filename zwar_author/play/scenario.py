"""Rules scenarios: a small board, units, a script, dice, and what must happen (docs/scenarios.md).

A scenario file is a mission source (floors in tile art, infected, doors,
spawn tables...) plus four tables of its own: ``[scenario]`` (title, where the
game starts, the script of actions and choices, the dice and cards to use),
``[[heroes]]`` (who stands where with what), and ``[expect]`` (log lines,
state, what is legal). The runner plays the script with exactly those dice and
reports every expectation that fails, readably.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field

from ..compile.mission import compile_mission
from ..compile.workspace import LAYOUT, PACK_FILE, Workspace, pack_root_of
from ..engine.actions import describe, parse
from ..engine.api import new_game
from ..engine.cards import DIRECTOR, loot_window
from ..engine.chance import Context, Request
from ..engine.control import spawn_start
from ..engine.legal import why_not
from ..engine.mission import Mission
from ..engine.npc import base_ap
from ..engine.rib import CAPACITY, settle
from ..engine.rib import aboard as rib_crew
from ..engine.rib import driver as rib_driver
from ..engine.state import Card, Game, GameOver, Hero, Setup, short
from ..engine.turn import STEPS, _spawn_rolls
from ..engine.vocab import PHASE_NAMES, EventKind, HeroStatus, Phase, RequestKind
from ..engine.world import check
from ..errors import Diagnostic, ParseError, SetupError, Severity
from ..games import CannotPlay
from ..geometry.notation import parse_square
from ..model.common import (
    UNTIL_PATTERN,
    Colour,
    Count,
    Document,
    Facing,
    Id,
    Letter,
    Model,
    Name,
    Positive,
    Ref,
    Square,
    Text,
)
from ..model.validate import validate
from ..sources.document import Document as Source
from .logs import log_failures

SCENARIO_KEYS = ("scenario", "heroes", "expect")
PHASES = ("heroes", "infected", "spawn", "infection", "end")


class ScenarioInfo(Model):
    title: Name = Field(description="What the scenario shows, in a line.")
    source: Text = Field("", description="Where the rule comes from (rulebook section, page).")
    notes: Text = Field("", description="Anything a reader should know.")
    turn: Positive = Field(1, description="The turn the scenario starts in.")
    phase: Literal["heroes", "infected", "spawn", "infection", "end"] = Field(
        "heroes", description="The phase the scenario starts in (after the turn announce).")
    script: list[str] = Field([], description='Actions and choices in order, as a player types them ("sam: quick z1").')
    dice: list[Positive] = Field([], description="The dice, in the order the game asks for them.")
    cards: list[Id] = Field([], description="Search cards drawn, in order (card ids).")
    until: str | None = Field(None, pattern=UNTIL_PATTERN, description='Stop when the game reaches this phase, "turn N" '
                              '(its announce), or "turn N PHASE" (that phase of turn N: "turn 3 infected").')
    start: Literal["skip", "run"] = Field(
        "skip", description="The start steps of the starting phase: skipped (the default), or run with the "
        "script's inputs (the hero move: the loot question; the spawn phase: drop-offs and the card window).")
    objectives: list[Positive] = Field([], description="Objectives already completed at the start, by number.")
    rib_driver: Id | None = Field(None, description="Exodus: who of the heroes starting aboard drives the rib "
                                  "(default: the first listed).")
    max_turns: Positive = Field(40, description="The game's turn limit.")
    open_doors: list[str] = Field([], description="Doors open at the start (H:x,y / V:x,y).")
    deck: dict[str, Count] | None = Field(None, description="The search deck: card id -> copies (default: the game's).")
    miniatures: dict[str, Count] | None = Field(None, description="Miniatures available per infected class.")
    initiative: list[Id] = Field([], description="Versus games: the agents' order this turn, without its roll.")
    sides: dict[Id, Id] = Field({}, description="Versus games: the agent playing each role (role -> hero).")
    directors_cut: bool = Field(False, description="Play a campaign mission as the Director's Cut.")
    hand: list[Id] = Field([], description="The director's cards in hand at the start (director card ids); "
                                            "none are dealt.")
    deal: list[Id] | None = Field(None, description="Director cards dealt face down before turn 1, in the "
                                  "order they are drawn (the director's, or each agent's in turn), as the game "
                                  "deals them; instead of `hand`.")
    controlled: list[Positive] | dict[str, Id] = Field(
        [], description="Infected (by number, z1 = 1) under the director's direct control; versus games: each "
                        'unit with the agent steering it ({ z1 = "jack" }).')


class ScenarioHero(Model):
    id: Id = Field(description="The hero.")
    at: Square = Field(description="Where the hero stands.")
    equipment: list[Ref] | None = Field(None, description="Cards carried (default: the hero card's).")
    active: list[str] | None = Field(None, description="Active weapons, by card name (default: the first weapon).")
    perks: list[Ref] = Field([], description="Perks the hero has.")
    ap: Count | None = Field(None, description="AP left (default: a full turn's at the hero's infection stage).")
    stage: Count = Field(0, description="Infection stage.")
    hurt: bool = Field(False, description="Agent Z: the token on the stage shows its hurt side (not bitten).")
    prone: bool = Field(False, description="Lying down.")
    alert: Facing | None = Field(None, description="On alert, facing this way.")
    ammo: dict[str, Count] = Field({}, description="Rounds left, by card name.")
    object: Letter | None = Field(None, description="The object carried.")
    keycards: list[Colour] = Field([], description="Keycards carried.")
    loot: list[Id] = Field([], description="Loot cards held (search card ids).")
    power: dict[str, Count] = Field({}, description="Power perk uses left, by perk id.")
    done: bool = Field(False, description="Has already taken their move this turn.")
    moving: bool = Field(False, description="Is taking their move now (another hero acting ends it).")
    used: list[str] = Field([], description="Cards already used this turn (may not be exchanged), by name.")
    stink: bool = Field(False, description="The Stink Tank is working.")
    grappled_by: list[Id] = Field([], description='Infected on the hero card, by class ("zombie").')
    escaped: bool = Field(False, description="Has already left the board (Exodus scenarios about one hero: the "
                          "other must be in the game, and is kept out of the way).")
    shield: str | None = Field(None, description='Agent Z: the infected held as a meat shield ("z1"), in front.')
    hand: list[Id] | None = Field(None, description="Agent Z: the director cards this agent holds (card ids); "
                                                   "given for any agent, no card is dealt.")


class HeroExpect(Model):
    at: str | None = Field(None, description="Square.")
    ap: int | None = Field(None, description="AP left.")
    prone: bool | None = Field(None, description="Lying down.")
    stage: int | None = Field(None, description="Infection stage.")
    hurt: bool | None = Field(None, description="Agent Z: the token shows its hurt side.")
    status: Literal["board", "escaped", "dead", "waiting"] | None = Field(None, description="On the board, escaped or dead.")
    ammo: dict[str, int] = Field({}, description="Rounds left by card name.")
    active: list[str] | None = Field(None, description="Active weapons.")
    cards: list[str] | None = Field(None, description="Card names held.")
    object: str | None = Field(None, description='The object carried ("" for none).')
    alert: str | None = Field(None, description='Alert facing ("" for none).')
    grappled: list[str] | None = Field(None, description="Infected in a grapple with the hero (z tags).")
    loot: list[str] | None = Field(None, description="Loot cards.")
    keycards: list[str] | None = Field(None, description="Keycards.")
    xp: int | None = Field(None, description="XP awarded.")
    done: bool | None = Field(None, description="Finished their move.")
    power: dict[str, int] = Field({}, description="Power perk uses left by perk id.")
    hand: list[str] | None = Field(None, description="Agent Z: the director cards the agent holds (card ids).")


class RibExpect(Model):
    at: str | None = Field(None, description="The rib's square.")
    facing: Facing | None = Field(None, description="Which way its bow points.")
    driver: str | None = Field(None, description='The hero driving ("" for no one aboard).')
    crew: list[str] | None = Field(None, description="The heroes aboard, by id.")


class Expect(Model):
    log: list[str] = Field([], description="Lines that must appear in the log, in this order.")
    absent: list[str] = Field([], description="Lines that must not appear in the log.")
    heroes: dict[str, HeroExpect] = Field({}, description="Hero state by hero id.")
    infected: list[str] | None = Field(
        None, description='Every infected in play: "z2 at 3,1 facing N", ", prone", "z3 on sam".')
    outcome: Literal["victory", "defeat", "none"] | None = Field(None, description="How the game stands.")
    cause: str | None = Field(None, description="Why it ended: condition, hero died, turn limit, no heroes.")
    winner: str | None = Field(None, description='Versus games: the role that won ("" for none).')
    turn: int | None = Field(None, description="The turn.")
    phase: str | None = Field(None, description="The phase.")
    doors: dict[str, Literal["open", "closed", "destroyed"]] = Field({}, description="Door states by edge.")
    active_rooms: list[str] | None = Field(None, description="Active rooms (floor:R<n>).")
    searched: list[str] | None = Field(None, description="Searched rooms.")
    objectives: list[int] | None = Field(None, description="Objectives done.")
    pending: str | None = Field(None, description="Text the pending question contains.")
    legal: list[str] = Field([], description="Options that must be offered now.")
    illegal: list[str] = Field([], description="Options that must not be offered now (a hero action's text is "
                               "checked against the action grammar: one no option could ever have is an error).")
    no_option: list[str] = Field([], description='No option of this verb for this hero is offered now ("sam: '
                                 'execute").')
    not_rolled: list[str] = Field([], description="No die is thrown for a roll whose question contains this "
                                  'text ("Bite test"; "" for no die at all).')
    refused: dict[str, str] = Field(
        {}, description="Hero actions that must not be offered now, each with the reason `zwar play` gives.")
    deck: dict[str, int] = Field({}, description="Search cards left.")
    pool: dict[str, int] = Field({}, description="Miniatures left per class id.")
    hand: list[str] | None = Field(None, description="The director's cards left in hand (card ids).")
    controlled: list[str] | None = Field(None, description="Infected under direct control (z tags).")
    timers: dict[str, int] = Field({}, description="End phases left on 3-turn timers, by timer id.")
    rib: RibExpect | None = Field(None, description="Exodus: the rib's square, facing, driver and crew.")


class ScenarioDoc(Document):
    scenario: ScenarioInfo = Field(description="The scenario.")
    heroes: list[ScenarioHero] = Field([], description="The heroes on the board.")
    expect: Expect = Field(Expect(), description="What must hold at the end.")


@dataclass
class Outcome:
    path: Path
    title: str
    failures: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


class _OutOfInput(Exception):
    def __init__(self, request: Request) -> None:
        super().__init__(request.why)
        self.request = request


class _Script(Context):
    """Answers from the scenario: dice, cards, then script lines parsed against the options."""

    def __init__(self, game: Game, info: ScenarioInfo) -> None:
        self.game = game
        self.dice = list(info.dice)
        self.cards = list(info.cards)
        self.script = list(info.script)
        self.rolled: list[str] = []  # the question of every die thrown

    def ask(self, request: Request):
        if request.kind == RequestKind.ROLL:
            if not self.dice:
                raise _OutOfInput(request)
            face = self.dice.pop(0)
            self.rolled.append(request.why)
            if face not in request.options:
                raise ScenarioError(f"die {face} does not fit a d{len(request.options)}: {request.why}")
            return face
        if request.kind == RequestKind.DRAW:
            if not self.cards:
                raise _OutOfInput(request)
            card = self.cards.pop(0)
            found = [c for c in request.options if c == card or c.rpartition("/")[2] == card]
            if not found:
                raise ScenarioError(f"card `{card}` is not left to draw ({', '.join(request.options)})")
            return found[0]
        if not self.script:
            raise _OutOfInput(request)
        line = self.script.pop(0)
        try:
            return parse(self.game, request.options, line, self.game.current)
        except ParseError as exc:
            options = "; ".join(describe(self.game, o) for o in request.options)
            raise ScenarioError(f"script `{line}` at \"{request.why}\": {exc}. Options: {options}") from None


class ScenarioError(Exception):
    """A scenario that cannot be run as written."""


def run_file(path: Path, ws: Workspace | None = None) -> Outcome:
    """Load, play and check one scenario file."""
    ws = ws or Workspace()
    path = Path(path)
    doc = ws.read(path)
    if doc is None:
        return Outcome(path, path.stem, [p.human() for p in ws.problems.get(path.absolute(), [])] or ["unreadable"])
    game = doc.data["scenario"].get("game") if isinstance(doc.data.get("scenario"), dict) else None
    if game == "zonewars":
        from .zonewars_rules import run  # the inch-measured table loads only for Zone Wars scenarios
        title, failures, lines = run(path, ws)
        return Outcome(path, title, failures, lines)
    if game == "atz":
        from .atz_rules import run as run_atz  # the inch-measured table loads only for All Things Zombie scenarios
        title, failures, lines = run_atz(path, ws)
        return Outcome(path, title, failures, lines)
    scenario_data = {k: v for k, v in doc.data.items() if k in SCENARIO_KEYS}
    model, problems = validate(Source(doc.path, scenario_data, doc.positions), ScenarioDoc)
    title = model.scenario.title if model else path.stem
    if model is None:
        return Outcome(path, title, [p.human() for p in problems])
    mission, problems = _mission(ws, doc, model)
    if mission is None:
        return Outcome(path, title, [p.human() for p in problems])
    log: list[str] = []
    try:
        return Outcome(path, title, play(mission, model, log, _carried_keycards(doc.data)), log)
    except (ScenarioError, SetupError) as exc:
        return Outcome(path, title, [str(exc)], log)
    except CannotPlay as exc:  # refused with what the engine does not play (the game profile)
        return Outcome(path, title, exc.lines(), log)


def _carried_keycards(data: dict) -> list[tuple[str, str]]:
    """(square, colour) of each keycard a hero starts carrying that the board does not place: the board is
    compiled with it under the hero (a locked door needs a keycard of its colour, ZW410), and the game
    starts with it carried, not on the board."""
    placed = {k.get("colour") for k in data.get("keycards", []) if isinstance(k, dict)}
    return [(h["at"], colour) for h in data.get("heroes", []) if isinstance(h, dict) and isinstance(h.get("at"), str)
            for colour in h.get("keycards", []) if isinstance(colour, str) and colour not in placed]


def _mission(ws: Workspace, doc: Source, model: ScenarioDoc) -> tuple[Mission | None, list[Diagnostic]]:
    data = {k: v for k, v in doc.data.items() if k not in SCENARIO_KEYS}
    carried = _carried_keycards(doc.data)
    if carried:
        data["keycards"] = [*data.get("keycards", []), *({"colour": c, "at": at} for at, c in carried)]
    data.setdefault("mission", {"id": re.sub(r"[^a-z0-9_-]", "-", doc.path.stem.lower()) or "scenario",
                                "title": model.scenario.title})
    root = pack_root_of(doc.path)  # a scenario in a pack sees its rules (its own cards, perks...); else core's
    pack = ws.pack_at(root) if root is not None else ws.standalone(doc.path.parent)
    result = compile_mission(ws, pack, Source(doc.path, data, doc.positions), allow_unplayable=True)
    errors = [p for p in result.problems if p.severity is Severity.ERROR]
    if result.mission is None or result.board is None or errors:
        return None, errors
    return Mission(result.mission, result.board), []


def setup_game(mission: Mission, model: ScenarioDoc) -> Game:
    """The game as the scenario sets it: heroes placed and equipped, then its turn and phase."""
    info = model.scenario
    npcs = {n.id for n in mission.compiled.npcs}  # an entry naming an NPC dresses it (it is set up by [[npcs]])
    heroes = [h for h in model.heroes if h.id not in npcs]
    aboard, positions = _aboard(mission, heroes)
    setup = Setup(
        heroes=tuple(h.id for h in heroes),
        positions=positions,
        perks=tuple((h.id, tuple(h.perks)) for h in heroes),
        equipment=tuple((h.id, tuple(h.equipment)) for h in heroes if h.equipment is not None),
        max_turns=info.max_turns, sides=tuple(info.sides.items()), directors_cut=info.directors_cut)
    g = new_game(mission, setup)
    cards = {c.id: c for c in mission.compiled.rules.director_cards}
    given = {spec.id: spec.hand for spec in model.heroes if spec.hand is not None}
    if info.deal is not None:
        if g.hands is None:
            raise ScenarioError("nobody is dealt director cards in this game: a deal needs a director game, "
                                "a versus game or the Director's Cut")
        if info.hand or given:
            raise ScenarioError("a scenario either deals the hands (`deal`) or gives them (`hand`), not both")
    elif g.ruleset.mode == "versus" and g.hands is not None:  # each agent's own hand as given: nothing is dealt
        if info.hand:
            raise ScenarioError("in a versus game each agent holds a hand of their own: give it as `hand` in "
                                "the agent's [[heroes]] entry")
        g.hands.held = {hero: [_qualified(cards, c) for c in hand] for hero, hand in given.items()}
        g.hands.dealt = True
    elif given:
        raise ScenarioError("only agents (Agent Z) hold director cards of their own: the director's hand is "
                            "[scenario] `hand`")
    elif g.hands is not None:  # the hand as the scenario gives it: nothing is dealt
        g.hands.held[DIRECTOR] = [_qualified(cards, c) for c in info.hand]
        g.hands.dealt = True
    elif info.hand:
        raise ScenarioError("nobody holds director cards in this game: a hand needs a director game or "
                            "the Director's Cut")
    if info.deck is not None:
        g.deck = {_qualified(mission.search_cards, k): v for k, v in info.deck.items()}
    if info.miniatures is not None:
        for k, v in info.miniatures.items():
            cls = _qualified(mission.classes, k)
            g.pool[cls] = v - sum(1 for z in g.infected.values() if z.cls == cls)
    for edge in info.open_doors:  # open from the start: the rooms behind are active
        door = mission.doors[_door(mission, edge)]
        g.doors |= 1 << door.index
        for room in door.rooms:
            g.active |= 1 << room
    g.turn = info.turn - 1
    _board_the_rib(g, aboard, info.rib_driver)
    dealer = _Script(g, ScenarioInfo(title="setup", cards=info.deal or []))
    try:
        STEPS[Phase.START](g, dealer)
    except _OutOfInput as stop:
        raise ScenarioError(f"`deal` lists too few cards: {stop.request.why}") from None
    if dealer.cards:
        raise ScenarioError(f"`deal` lists more cards than are dealt: {dealer.cards} are left")
    for spec in model.heroes:
        if spec.id in npcs:
            _npc(g, spec)
        _dress(g, g.hero(spec.id), spec)
    _control(g, info.controlled)
    g.order = list(info.initiative)
    numbers = {o.number for o in mission.compiled.objectives}
    for number in info.objectives:
        if number not in numbers:
            raise ScenarioError(f"objective {number} is not in this scenario (its objectives: "
                                f"{', '.join(map(str, sorted(numbers))) or 'none'})")
        g.objectives.add(number)
    phase = Phase(info.phase)
    if phase != Phase.HEROES:
        for h in g.heroes:
            h.done = True
        g.phase = Phase.BITES if phase == Phase.INFECTED else phase
        g.spawn_left = _spawn_rolls(g)
        g.emit(EventKind.PHASE, "game", PHASE_NAMES[g.phase])
    return g


def _npc(g: Game, spec: ScenarioHero) -> None:
    """An NPC as its entry says: on its square (moved from its [[npcs]] one if need be), with the cards it
    starts with (an NPC has no hero card: none unless given)."""
    npc = g.hero(spec.id)
    sq = g.mission.parse(spec.at)
    if sq is None or not g.mission.standable[sq] or g.at.get(sq) not in (None, npc):
        raise ScenarioError(f"`{spec.at}` is not a free square {npc.name} can stand on")
    g.place(npc, sq)
    if spec.perks or spec.hand is not None:
        raise ScenarioError(f"{npc.name} is an NPC: NPCs have no perks and hold no director cards")
    for ref in spec.equipment or []:
        eq = g.mission.lookup(g.mission.equipment, ref)
        if eq is None:
            raise ScenarioError(f"there is no equipment card `{ref}` in this scenario's rules")
        npc.cards.append(g.new_card(eq.id))


def _aboard(mission: Mission, heroes: list[ScenarioHero]) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """The heroes whose `at` is the rib's square, who start aboard it; each is set up on a stand-in square
    (the rib's is open water, where no figure stands) and then taken aboard."""
    spec = mission.compiled.rib
    rib = mission.parse(spec.at) if spec is not None else None
    aboard = [h.id for h in heroes if rib is not None and mission.parse(h.at) == rib]
    taken = ({mission.parse(h.at) for h in heroes} | {mission.square(z.at) for z in mission.compiled.infected}
             | {mission.square(n.at) for n in mission.compiled.npcs})
    free = (sq for sq in range(mission.size) if mission.standable[sq] and sq not in taken)
    positions = tuple((h.id, mission.show(next(free)) if h.id in aboard else h.at) for h in heroes)
    if len(aboard) > CAPACITY:
        raise ScenarioError(f"{len(aboard)} heroes start aboard the rib, which carries {CAPACITY}")
    return aboard, positions


def _board_the_rib(g: Game, aboard: list[str], driver: str | None) -> None:
    if g.rib is None:
        if driver is not None:
            raise ScenarioError("`rib_driver` needs a rib: give the scenario a [rib]")
        return
    for hero in aboard:
        h = g.hero(hero)
        g.lift(h)
        h.sq = g.rib.sq
    if driver is not None:
        if driver not in aboard:
            raise ScenarioError(f"`rib_driver` {driver} is not aboard the rib (aboard: {', '.join(aboard) or 'no one'})")
        g.rib.driver = driver
    settle(g)


def _control(g: Game, controlled: list[int] | dict[str, str]) -> None:
    """Units under direct control: the director's in a director game, an agent's in a versus game (there
    the scenario names the agent, as there is no director to give them to)."""
    versus = g.ruleset.mode == "versus"
    if isinstance(controlled, list):
        if versus and controlled:
            raise ScenarioError("in a versus game there is no director: name the agent steering each unit "
                                '(`controlled = { z1 = "jack" }`)')
        held = {zid: DIRECTOR for zid in controlled}
    else:
        if not versus:
            raise ScenarioError("only in a versus game does an agent steer a unit: list the director's units by "
                                "number (`controlled = [1]`)")
        held = {}
        for tag, agent in controlled.items():
            if not (tag.startswith("z") and tag[1:].isdigit()) or agent not in {h.id for h in g.heroes}:
                raise ScenarioError(f"`{tag} = \"{agent}\"` in `controlled`: a unit is `z<number>`, its holder an "
                                    "agent in the game")
            held[int(tag[1:])] = agent
    for zid, holder in held.items():
        if g.hands is None or zid not in g.infected:
            raise ScenarioError(f"z{zid} cannot be under direct control: no such infected, or no director cards "
                                "in this game")
        g.hands.controlled[zid] = holder


def _qualified(table: dict, ref: str) -> str:
    for qualified in table:
        if qualified == ref or qualified.rpartition("/")[2] == ref:
            return qualified
    raise ScenarioError(f"`{ref}` is not in this scenario's rules ({', '.join(sorted(table))})")


def _door(mission: Mission, edge: str) -> int:
    text = edge if edge.count(":") > 1 else f"{mission.floor_ids[0]}:{edge}"
    try:
        return mission.door_by_edge(text)
    except (KeyError, ValueError):
        raise ScenarioError(f"there is no door at `{edge}`") from None


def own_names(h: Hero) -> dict[str, Card]:
    """A hero's cards by the names the hero's own entry uses: a card's id, and for the hero's second copy
    of it `pistol-2`, whatever the game calls it (the game numbers copies across all heroes, in the order
    they are listed)."""
    seen: dict[str, int] = {}
    named = {}
    for card in h.cards:
        base = short(card.eq)
        seen[base] = seen.get(base, 0) + 1
        named[base if seen[base] == 1 else f"{base}-{seen[base]}"] = card
    return named


def _card(h: Hero, name: str) -> Card:
    """The hero's card ``name`` names: the game's name of one of the hero's cards (as older scenarios
    write them), else the hero's own name for it."""
    card = h.card(name) or own_names(h).get(name)
    if card is None:
        raise ScenarioError(f"{h.id} has no card `{name}` (holds {', '.join(own_names(h)) or 'none'})")
    return card


def _dress(g: Game, h: Hero, spec: ScenarioHero) -> None:
    if spec.active is not None:
        h.active = [_card(h, name).name for name in spec.active]
    h.hurt = spec.hurt
    h.stage, h.prone, h.alert, h.done, h.stink = spec.stage, spec.prone, spec.alert, spec.done, spec.stink
    h.ap_turn = g.ruleset.ap(h, base_ap(g, h))
    h.ap = h.ap_turn if spec.ap is None else spec.ap
    if spec.moving:
        g.current = h.id
    for name in spec.used:
        _card(h, name).used = True
    h.object = spec.object
    for sq, letter in list(g.objects.items()):  # the object carried is not on the board as well
        if letter == spec.object:
            del g.objects[sq]
    h.keycards = list(spec.keycards)
    h.loot = [_qualified(g.mission.search_cards, card) for card in spec.loot]
    for name, rounds in spec.ammo.items():
        _card(h, name).ammo = rounds
    for perk, uses in spec.power.items():
        h.power[perk] = uses
    if spec.escaped:
        g.lift(h)
        h.status, h.done = HeroStatus.ESCAPED, True
    if spec.shield is not None:
        z = g.infected.get(int(spec.shield.lstrip("z"))) if spec.shield.lstrip("z").isdigit() else None
        if z is None:
            raise ScenarioError(f"there is no infected `{spec.shield}` for {h.id} to hold as a meat shield")
        g.shields[h.id] = (z.id, z.facing)
    for cls in spec.grappled_by:
        z = g.new_infected(_qualified(g.mission.classes, cls), None, "N")
        z.holder = h.id
        h.grapplers.append(z.id)
        h.prone = True


def play(mission: Mission, model: ScenarioDoc, log: list[str] | None = None,
         carried: list[tuple[str, str]] | None = None) -> list[str]:
    """Play the scenario; the expectations that fail, in words (``log`` gets the game's log); ``carried``:
    the keycards compiled under the heroes who carry them, taken off the board."""
    g = setup_game(mission, model)
    for at, colour in carried or []:
        sq = mission.parse(at)
        if sq is not None and g.keycards.get(sq) == colour:
            del g.keycards[sq]
    info = model.scenario
    ctx = _Script(g, info)
    pending = None
    first = _start_steps(g, info)
    while not g.over and not _reached(g, info.until):
        try:
            (first or STEPS[g.phase])(g, ctx)
            first = None
            check(g, end_of_turn=False)
        except GameOver:
            break
        except _OutOfInput as stop:
            pending = stop.request
            break
    if log is not None:
        log[:] = [e.text for e in g.log]
    failures = []
    unused = (("dice", ctx.dice), ("cards", ctx.cards), ("script lines", ctx.script))
    left = [f"{len(v)} unused {k}: {v}" for k, v in unused if v]
    failures += left
    return failures + compare(g, model.expect, pending, ctx.rolled)


def _start_steps(g: Game, info: ScenarioInfo) -> Callable[[Game, Context], None] | None:
    """The steps at the start of the phase a scenario starts in, when it asks to run them (``start = "run"``):
    the loot question of the hero move, the drop-offs and card window of the spawn phase. The infected move's
    (the card window, the bites) always run: its phase starts at them."""
    if info.start == "skip":
        return None
    if g.phase == Phase.HEROES:
        return loot_window
    if g.phase == Phase.SPAWN:
        return spawn_start
    return None


def _reached(g: Game, until: str | None) -> bool:
    if until is None:
        return False
    words = until.split()
    if words[0] == "turn":
        turn = int(words[1])
        if len(words) == 2 or g.turn > turn:
            return g.turn >= turn
        return g.turn == turn and _at(g, words[2])
    return _at(g, until)


def _at(g: Game, phase: str) -> bool:
    if phase == "infected":
        return g.phase in ("bites", "infected")
    return g.phase == phase


# --- comparing -----------------------------------------------------------------------------


def hero_state(g: Game, h: Hero) -> dict:
    return {
        "at": g.show(h.sq), "ap": h.ap, "prone": h.prone, "stage": h.stage, "hurt": h.hurt, "status": h.status,
        "ammo": {c.name: c.ammo for c in h.cards if c.ammo is not None}, "active": list(h.active),
        "cards": [c.name for c in h.cards], "object": h.object or "", "alert": h.alert or "",
        "grappled": [f"z{i}" for i in h.grapplers], "loot": [c.rpartition("/")[2] for c in h.loot],
        "keycards": list(h.keycards), "xp": h.xp, "done": h.done, "power": dict(h.power),
        "hand": sorted(c.rpartition("/")[2] for c in g.hands.held.get(h.id, [])) if g.hands is not None else [],
    }


def infected_lines(g: Game) -> list[str]:
    out = []
    for z in sorted(g.infected.values(), key=lambda z: z.id):
        if z.sq is None:
            out.append(f"{z.tag} on {z.holder}")
        else:
            out.append(f"{z.tag} at {g.show(z.sq)} facing {z.facing}" + (", prone" if z.prone else ""))
    return out


def compare(g: Game, expect: Expect, pending: Request | None, rolled: list[str] | None = None) -> list[str]:
    failures = log_failures(g, expect)
    for text in expect.not_rolled:
        thrown = [why for why in rolled or [] if text.lower() in why.lower()]
        if thrown:
            failures.append(f"not_rolled: a die was thrown for `{thrown[0]}`" if text
                            else f"not_rolled: {len(thrown)} {'die was' if len(thrown) == 1 else 'dice were'} thrown, the first "
                 f"for `{thrown[0]}`")
    for hero_id, wanted in expect.heroes.items():
        try:
            got = hero_state(g, g.hero(hero_id))
        except KeyError:
            failures.append(f"heroes.{hero_id}: there is no such hero")
            continue
        hero = g.hero(hero_id)
        own = own_names(hero)
        theirs = {card.name: name for name, card in own.items()}  # the game's name -> the hero's own
        for key, value in wanted.model_dump(exclude_none=True).items():
            if key == "ammo":
                for name, count in value.items():
                    card = hero.card(name) or own.get(name)
                    left = card.ammo if card is not None else None
                    if left != count:
                        failures.append(f"heroes.{hero_id}.ammo.{name}: expected {count}, got {left}")
            elif key == "power":
                for name, count in value.items():
                    if got[key].get(name) != count:
                        failures.append(f"heroes.{hero_id}.{key}.{name}: expected {count}, got {got[key].get(name)}")
            elif key in ("cards", "active") and value == [theirs.get(n, n) for n in got[key]]:
                continue  # named as the hero's own entry names them
            elif got[key] != (sorted(value) if key == "hand" else value):
                failures.append(f"heroes.{hero_id}.{key}: expected {value!r}, got {got[key]!r}")
    if expect.infected is not None and not _same_infected(infected_lines(g), expect.infected):
        failures.append("infected: expected\n      " + "\n      ".join(expect.infected or ["(none)"])
                        + "\n    got\n      " + "\n      ".join(infected_lines(g) or ["(none)"]))
    simple = {
        "outcome": g.outcome or "none", "cause": g.cause, "winner": g.winner or "", "turn": g.turn,
        "phase": g.phase,
        "active_rooms": sorted(g.mission.room(r).id for r in range(1, len(g.mission.rooms)) if g.active >> r & 1),
        "searched": sorted(g.mission.room(r).id for r in g.searched), "objectives": sorted(g.objectives),
    }
    for key, value in simple.items():
        wanted = getattr(expect, key)
        if wanted is not None and (sorted(wanted) if isinstance(wanted, list) else wanted) != value:
            failures.append(f"{key}: expected {wanted!r}, got {value!r}")
    for edge, state in expect.doors.items():
        d = _door(g.mission, edge)
        door = "destroyed" if g.destroyed >> d & 1 else ("open" if g.doors >> d & 1 else "closed")
        if door != state:
            failures.append(f"doors.{edge}: expected {state}, got {door}")
    for search, copies in expect.deck.items():
        left = g.deck.get(_qualified(g.mission.search_cards, search), 0)
        if left != copies:
            failures.append(f"deck.{search}: expected {copies}, got {left}")
    hands = g.hands
    if expect.hand is not None:
        held = sorted(c.rpartition("/")[2] for c in hands.held[DIRECTOR]) if hands is not None else []
        if held != sorted(expect.hand):
            failures.append(f"hand: expected {sorted(expect.hand)}, got {held}")
    if expect.controlled is not None:
        under = sorted(f"z{i}" for i in hands.controlled if i in g.infected) if hands is not None else []
        if under != sorted(expect.controlled):
            failures.append(f"controlled: expected {sorted(expect.controlled)}, got {under}")
    for timer, left in expect.timers.items():
        if g.timers.get(timer) != left:
            failures.append(f"timers.{timer}: expected {left}, got {g.timers.get(timer)}")
    if expect.rib is not None:
        failures += _rib(g, expect.rib)
    for cls, count in expect.pool.items():
        pool = g.pool.get(_qualified(g.mission.classes, cls))
        if pool != count:
            failures.append(f"pool.{cls}: expected {count}, got {pool}")
    return failures + _pending(g, expect, pending)


def _rib(g: Game, wanted: RibExpect) -> list[str]:
    rib = g.rib
    if rib is None:
        return ["rib: there is no rib in this scenario"]
    boss = rib_driver(g)
    got = {"at": g.show(rib.sq), "facing": rib.facing, "driver": boss.id if boss is not None else "",
           "crew": sorted(h.id for h in rib_crew(g))}
    return [f"rib.{key}: expected {value!r}, got {got[key]!r}"
            for key, value in wanted.model_dump(exclude_none=True).items()
            if got[key] != (sorted(value) if key == "crew" else value)]


def _same_infected(got: list[str], wanted: list[str]) -> bool:
    """Each expected line matches its unit; one that leaves out the facing ("z2 at 3,1, prone")
    matches whatever way the unit faces."""
    if len(got) != len(wanted):
        return False
    return all(w == g or ("facing" not in w and re.sub(r" facing [NESW]", "", g) == w) for g, w in zip(got, wanted))


def _pending(g: Game, expect: Expect, pending: Request | None) -> list[str]:
    failures = []
    if expect.pending is not None and (pending is None or expect.pending not in pending.why):
        failures.append(f"pending: expected a question containing `{expect.pending}`, got "
                        f"{'nothing' if pending is None else repr(pending.why)}")
    if not (expect.legal or expect.illegal or expect.refused or expect.no_option):
        return failures
    failures += [f"illegal: `{t}` {why}" for t in expect.illegal if (why := _ungrammatical(g, t))]
    failures += [f"no_option: `{t}` {why}" for t in expect.no_option if (why := _no_verb(g, t))]
    if pending is None or pending.kind != RequestKind.CHOOSE:
        return failures + ["legal/illegal: the game is not waiting for a decision at the end"]
    offered = {describe(g, o) for o in pending.options}
    failures += [f"legal: `{t}` is not offered; offered: {sorted(offered)}" for t in expect.legal if t not in offered]
    failures += [f"illegal: `{t}` is offered" for t in expect.illegal if t in offered]
    for text in expect.no_option:
        found = sorted(o for o in offered if o == text or o.startswith(text + " "))
        if found:
            failures.append(f"no_option: `{text}` is offered: {'; '.join(found)}")
    for text, reason in expect.refused.items():
        if text in offered:
            failures.append(f"refused: `{text}` is offered")
        elif (got := why_not(g, text, g.current)) != reason:
            failures.append(f"refused: `{text}`: expected the reason `{reason}`, got `{got}`")
    return failures


# --- the action grammar: what a hero action's text may say ------------------------------------------

_SQ = r"(?:[a-z0-9_-]+:)?[0-9]+,[0-9]+"
_UNIT = r"(?:z[0-9]+(?: at {sq}| on [a-z0-9_-]+)?|[a-z][a-z0-9_-]*)"
_NAME = r"[a-z0-9][a-z0-9_.:+'-]*"
_GUN = r"(?: with " + _NAME + r"| full auto)?"
#: every text a hero action can have after "hero: ", as ``actions.describe`` writes it
_ACTIONS = [
    "(?:move|step|crawl|dive) {sq}", r"(?:open|close|knock) door (?:[a-z0-9_-]+:)?[hv]:[0-9]+,[0-9]+",
    "(?:quick|aimed) c4 at {sq}" + _GUN, "(?:quick|aimed) {unit}" + _GUN, "melee {unit}(?: unarmed)?",
    "move {sq} then (?:quick {unit}" + _GUN + "|melee {unit})", "(?:quick {unit}" + _GUN + "|melee {unit}) then move {sq2}",
    f"throw {_NAME} at {{sq}}", f"move {{sq}} then throw {_NAME} at {{sq2}}", f"throw {_NAME} at {{sq}} then move {{sq2}}",
    "(?:execute|hit man|meat shield) {unit}", "sweep {unit} to {sq2}", "alert [nesw]", "task(?: [0-9]+)?",
    f"(?:weapon|use|craft|place item) {_NAME}", f"give {_NAME} to {_NAME}", f"take {_NAME} from {_NAME}",
    f"support {_NAME}", f"(?:move {{sq}} then )?reload(?: {_NAME})? with {_NAME}",
    "rib (?:move|reverse|full throttle) {sq}", "rib (?:turn|reverse turn) [nesw]", "take the rib's wheel",
    f"throw {_NAME} at {{unit}}", f"(?:place|detonate) {_NAME} at {{sq}}",
    *("sprint", "turbo sprint", "stop sprinting", "stand up", "search", "exit", "stink tank", "redline", "dead eye",
      "berserker", "kick off", "end", "drop prone"),
]
_GRAMMAR = [re.compile("^(?:" + t.format(sq=_SQ, sq2=_SQ, unit=_UNIT.format(sq=_SQ)) + ")$") for t in _ACTIONS]
_PLACES = re.compile(r"(?<![a-z0-9_:-])(?:(?:[a-z0-9_-]+:)?(?P<door>[hv]):|(?:[a-z0-9_-]+:)?)[0-9]+,[0-9]+", re.IGNORECASE)
#: the words an action's text starts with after "hero: " (`no_option` names one)
VERBS = frozenset([
    "move", "step", "crawl", "dive", "open", "close", "knock", "quick", "aimed", "melee", "throw", "execute",
    "hit man", "meat shield", "sweep", "alert", "task", "weapon", "use", "craft", "place item", "give", "take",
    "support", "reload", "rib", "rib move", "rib reverse", "rib full throttle", "rib turn", "rib reverse turn",
    "take the rib's wheel", "place", "detonate", "sprint", "turbo sprint", "stop sprinting", "stand up", "search",
    "exit", "stink tank", "redline", "dead eye", "berserker", "kick off", "end", "drop prone"])


def _ungrammatical(g: Game, text: str) -> str:
    """Why no option could ever have ``text`` (``""``: one could): a hero action names a figure of the game,
    says what ``actions.describe`` says, and names squares of the board and its doors. Other texts (the
    answers to a question, `end turn`) are not checked."""
    figure, colon, body = text.partition(": ")
    if not colon or " " in figure:
        return ""
    if figure not in {h.id for h in g.heroes}:
        return f"names no hero or NPC of this scenario ({', '.join(h.id for h in g.heroes)})"
    if not any(rule.match(body.lower()) for rule in _GRAMMAR):
        return "is no action's text: no option could ever read so (docs/scenarios.md, Script lines)"
    for place in _PLACES.finditer(body):
        value = place.group(0)
        try:
            if place.group("door"):
                *floor, edge, at = value.split(":")
                g.mission.door_by_edge(_on_floor(g, ":".join([*floor, edge.upper(), at])))
            elif not _in_grid(g, _on_floor(g, value)):
                raise ValueError(value)
        except (KeyError, ValueError, IndexError):
            return f"names `{value}`, which is no {'door' if place.group('door') else 'square'} of the board"
    return ""


def _in_grid(g: Game, text: str) -> bool:
    """Whether ``text`` is a square of a floor's grid (a void one too: a move onto it is a text an option
    could have, and a scenario may say it is not offered)."""
    m = g.mission
    sq = m.square(text)
    return 0 <= sq < m.size and m.xy[sq] == parse_square(text)[1:]


def _on_floor(g: Game, text: str) -> str:
    return text if text.count(":") > (1 if text[:2] in ("H:", "V:") else 0) else f"{g.mission.floor_ids[0]}:{text}"


def _no_verb(g: Game, text: str) -> str:
    """Why ``hero: verb`` in `no_option` is no verb of a hero of this scenario (``""``: it is)."""
    figure, colon, verb = text.partition(": ")
    if not colon or figure not in {h.id for h in g.heroes}:
        return f"should read `hero: verb`, the hero one of {', '.join(h.id for h in g.heroes)}"
    if verb not in VERBS:
        return "names no action's verb (docs/scenarios.md, Script lines)"
    return ""


def find(folder: Path) -> list[Path]:
    """The scenario files under ``folder``: every .toml but a pack's own (its manifest and data folders), which a
    corpus may hold for cards its scenarios need."""
    folder = Path(folder)
    if folder.is_file():
        return [folder]
    return sorted(p for p in folder.rglob("*.toml") if p.name != PACK_FILE and not _in_pack_data(p))


def _in_pack_data(path: Path) -> bool:
    data = path.parent.name in LAYOUT and path.parent.name not in ("scenarios", "missions")
    return data and (path.parent.parent / PACK_FILE).is_file()
