"""Zone Wars rules scenarios: a small table, models on it, a script, forced dice, and what must happen.

The landed scenario format (docs/scenarios.md) on the inch-measured table:
``[scenario]`` (with ``game = "zonewars"``) gives the title, the rule's
source, the script, the dice, the cup's draws and the cards; ``[[pieces]]``
and ``[[zones]]`` the table as a Zone Wars scenario places them (inches);
``[[models]]`` the characters where they stand; ``[[tokens]]`` artifact
tokens; ``[expect]`` what must hold. The cards come from the packs the file
sees (the shipped Zone Wars pack).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

import shapely
from pydantic import Field

from ..compile.workspace import PACK_FILE, Pack, Workspace
from ..compile.zonewars import ZoneWars
from ..model import zonewars as z
from ..model.common import Count, Document, Id, Model, Name, Positive, Ref, Text
from ..model.validate import validate
from ..skirmish.core import Board, Context, Request, RequestKind
from ..skirmish.core.figures import COMPASS, compass
from ..skirmish.zonewars import (
    Scenario,
    SideSpec,
    Spot,
    Token,
    TriggerPlay,
    ZoneWarsGame,
    cannot_play,
    new_game,
)
from ..skirmish.zonewars.actions import where
from ..skirmish.zonewars.floors import building_at, fits
from ..skirmish.zonewars.scenario import SPECIALS, played, specials
from ..skirmish.zonewars.state import Item, Status
from ..tabletop import Base, PlacedPiece, Pose, Position, Table, inches
from .logs import log_failures
from .zonewars import cards, containers_of, doors_of

FACES = {"S": "success", "-": "blank", "M": "model-damage", "G": "gear-damage"}
Coordinate = Annotated[float, Field(ge=-1000, le=1000)]


class Info(Model):
    title: Name = Field(description="What the scenario shows, in a line.")
    game: Literal["zonewars"] = Field(description='"zonewars".')
    source: Text = Field("", description="The rulebook line it pins, quoted.")
    notes: Text = Field("", description="Remarks.")
    rounds: Positive = Field(6, description="The round limit.")
    round: Positive = Field(1, description="The round it starts in.")
    zone_tokens: Count = Field(0, description="Zone tokens in the cup each round.")
    script: list[str] = Field([], description="Decisions in order, as a player types them.")
    dice: list[str] = Field([], description="Die faces in order: success, blank, model-damage, gear-damage (or S - M G).")
    cup: list[str] = Field([], description='The cup\'s draws in order: a side (faction id) or "zone".')
    cards: list[Id] = Field([], description="Zone cards drawn, in order.")
    finds: list[Id] = Field([], description="Artifact cards drawn for tokens, in order.")
    deck: list[Id] = Field([], description="The Zone deck, one id per copy.")
    triggers: list[Id] = Field([], description="Trigger cards: each round's deck is these and one Zone card a side.")
    m_points: dict[Id, Count] = Field({}, description="Each side's m-points at the start (default: the rules').")


class PieceAt(Model):
    piece: Ref = Field(description="A terrain piece by id.")
    x: Coordinate = Field(description="Origin x, inches.")
    y: Coordinate = Field(description="Origin y, inches.")
    rotation: float = Field(0, description="Degrees clockwise.")


class ModelAt(Model):
    id: Id = Field(description="The character.")
    side: Id | None = Field(None, description="The side it plays for (default: its faction).")
    x: Coordinate = Field(description="Base centre x, inches.")
    y: Coordinate = Field(description="Base centre y, inches.")
    facing: str | float = Field("N", description="N, NE, E... or degrees clockwise from the top edge.")
    floor: Count = Field(0, description="The floor of a Building it stands on (0: the ground).")
    gear: list[Ref] | None = Field(None, description="Cards carried from the start (default: the character's).")
    found: list[Ref] = Field([], description="Artifact cards found this battle (worth victory points).")
    mutations: list[Ref] | None = Field(None, description="Mutations or modules (default: the character's).")
    bonus: dict[Id, Count] = Field({}, description="A carried card's Bonus left after damage, by card id.")
    damage: Count = Field(0, description="Damage tokens.")
    broken: bool = Field(False, description="Broken.")
    bloodied: bool = Field(False, description="Bloodied (the card's other side).")
    recover_rolled: bool = Field(False, description="Broken and has failed its Recover roll.")
    overwatch: bool = Field(False, description="On overwatch.")
    held_over: bool = Field(False, description="On overwatch kept from the last round: no token in the cup.")
    activated: bool = Field(False, description="Has activated this round.")


class TokenAt(Model):
    x: Coordinate = Field(description="Token centre x.")
    y: Coordinate = Field(description="Token centre y.")
    card: Id | None = Field(None, description="The artifact card under it (a dropped one); default a random draw.")
    floor: Count = Field(0, description="The floor of a Building it lies on.")


class ModelExpect(Model):
    at: str | None = Field(None, description='"x,y" in inches.')
    floor: int | None = Field(None, description="The floor it stands on (0: the ground).")
    facing: str | None = Field(None, description="The nearest compass facing.")
    damage: int | None = Field(None, description="Damage tokens.")
    status: Literal["ready", "broken", "taken out", "left the table"] | None = Field(None, description="Status.")
    bloodied: bool | None = Field(None, description="Bloodied.")
    overwatch: bool | None = Field(None, description="On overwatch.")
    items: list[str] | None = Field(None, description="Cards carried (ids; found ones as `found:id`; Busted `id (busted)`).")
    bonus: dict[str, int] = Field({}, description="A carried card's Bonus left, by id.")


class Expect(Model):
    log: list[str] = Field([], description="Lines that appear in the log, in this order.")
    absent: list[str] = Field([], description="Lines that must not appear.")
    models: dict[str, ModelExpect] = Field({}, description="Model state by id.")
    m_points: dict[str, int] = Field({}, description="M-points by side.")
    victory_points: dict[str, int] = Field({}, description="Victory points by side, now.")
    winner: str | None = Field(None, description='The side that won ("" for a draw or none yet).')
    over: bool | None = Field(None, description="Whether the game is over.")
    round: int | None = Field(None, description="The round.")
    tokens: list[str] | None = Field(None, description='Artifact tokens on the table: "3 at 12,8".')
    cup: dict[str, int] = Field({}, description="Tokens left in the cup by side (or zone).")
    pending: str | None = Field(None, description="Text the pending question contains.")
    legal: list[str] = Field([], description="Options offered at the pending decision.")
    illegal: list[str] = Field([], description="Options not offered at the pending decision.")


class RulesScenario(Document):
    scenario: Info = Field(description="The scenario.")
    table: z.TableDef | None = Field(None, description="The table (36 x 36 when left out).")
    pieces: list[PieceAt] = Field([], description="Terrain pieces.")
    zones: list[z.ZoneDef] = Field([], description="Named areas.")
    models: list[ModelAt] = Field(min_length=1, description="The models on the table.")
    tokens: list[TokenAt] = Field([], description="Artifact tokens.")
    victory: list[z.Victory] = Field([z.Victory(kind="most-points")], description="Victory conditions.")
    containers: list[z.ContainerDef] = Field([], description="Containers to search (as a scenario's).")
    effects: list[z.TriggerEffect] = Field([], description="What each trigger card does (as a scenario's "
                                                            "`[[deck.effects]]`).")
    expect: Expect = Field(Expect(), description="What must hold at the end.")


class ScenarioError(Exception):
    """A scenario that cannot be run as written."""


class _OutOfInput(Exception):
    def __init__(self, request: Request) -> None:
        super().__init__(request.why)
        self.request = request


class Script(Context):
    """Answers from the scenario: dice, the cup, cards and finds, then script lines matched to the options."""

    def __init__(self, info: Info) -> None:
        self.dice = [FACES.get(f, f) for f in info.dice]
        self.cup, self.cards, self.finds = list(info.cup), list(info.cards), list(info.finds)
        self.script = list(info.script)

    def ask(self, request: Request) -> Any:
        if request.kind is RequestKind.ROLL:
            return self._take(self.dice, request, "die")
        if request.kind is RequestKind.DRAW:
            source = {"cup": self.cup, "zone card": self.cards, "artifact": self.finds}[request.topic]
            return self._take(source, request, request.topic)
        if not self.script:
            raise _OutOfInput(request)
        line = self.script.pop(0)
        return find_option(request, line)

    @staticmethod
    def _take(source: list, request: Request, what: str) -> Any:
        if not source:
            raise _OutOfInput(request)
        value = source.pop(0)
        if value not in request.options:
            raise ScenarioError(f"{what} `{value}` is not one of {', '.join(map(str, request.options))}: {request.why}")
        return value


def find_option(request: Request, line: str) -> Any:
    """The option whose text is ``line`` (a model's own action may leave out its ``id:``)."""
    wanted = line.strip()
    for option in request.options:
        text = str(option)
        if text == wanted or text.partition(": ")[2] == wanted and request.who and text.startswith(request.who + ":"):
            return option
    raise ScenarioError(f"script `{line}` at \"{request.why}\" fits no option. Options: "
                        + "; ".join(str(o) for o in request.options))


def run(path: Path, ws: Workspace) -> tuple[str, list[str], list[str]]:
    """Play one Zone Wars rules scenario: its title, the failures, and the log."""
    doc = ws.read(path)
    if doc is None:
        return path.stem, [p.human() for p in ws.problems.get(path.absolute(), [])] or ["unreadable"], []
    model, problems = validate(doc, RulesScenario)
    if not isinstance(model, RulesScenario):
        return path.stem, [p.human() for p in problems], []
    title = model.scenario.title
    try:
        scenario = build(ws, path, model)
        game = setup(scenario, model)
    except ScenarioError as exc:
        return title, [str(exc)], []
    ctx = Script(model.scenario)
    pending = None
    try:
        while not game.over:
            game.step(ctx)
    except _OutOfInput as stop:
        pending = stop.request
    except ScenarioError as exc:
        return title, [str(exc)], [e.text for e in game.log]
    log = [e.text for e in game.log]
    unused = (("dice", ctx.dice), ("cup draws", ctx.cup), ("cards", ctx.cards), ("finds", ctx.finds),
              ("script lines", ctx.script))
    failures = [f"{len(v)} unused {k}: {v}" for k, v in unused if v]
    return title, failures + compare(game, model.expect, pending), log


def build(ws: Workspace, path: Path, model: RulesScenario) -> Scenario:
    """The scenario's table and cards, with the shipped pack's (or the enclosing pack's) data."""
    pack = _pack(ws, path)
    zw = ZoneWars(ws)
    data = cards(zw, pack)
    rules = zw.rules(pack)
    dice = zw.dice(pack)
    if rules is None or dice is None:
        raise ScenarioError("no pack this scenario sees declares [rules] and [dice]")
    size = model.table or z.TableDef(width=36, depth=36)
    placed = []
    for spec in model.pieces:
        found = zw.piece(pack, spec.piece)
        if found is None:
            raise ScenarioError(f"there is no piece `{spec.piece}`")
        placed.append(PlacedPiece(found[1], Pose.of(spec.x, spec.y, spec.rotation)))
    plays = {}
    for effect in model.effects:
        entry = zw.lookup(pack, "triggers", effect.trigger)
        if entry is None or entry.id not in model.scenario.triggers:
            raise ScenarioError(f"`{effect.trigger}` is not a trigger card of [scenario] triggers")
        near = tuple(p for p, spec in zip(placed, model.pieces, strict=True)
                     if effect.near is not None and spec.piece.rpartition("/")[2] == effect.near.rpartition("/")[2])
        if effect.near is not None and not near:
            raise ScenarioError(f"no piece `{effect.near}` is placed for the trigger card `{effect.trigger}`")
        plays[entry.id] = TriggerPlay(entry.id, entry.model.name, effect, near)  # type: ignore[attr-defined]
    areas = {a.id: shapely.box(a.x, a.y, a.x + a.width, a.y + a.depth) for a in model.zones}
    sides: dict[str, list[Spot]] = {}
    for m in model.models:
        character = data["characters"].get(m.id)
        if character is None:
            raise ScenarioError(f"there is no character `{m.id}`")
        side = m.side or character.faction.rpartition("/")[2]
        facing = Fraction(COMPASS[m.facing]) if isinstance(m.facing, str) and m.facing in COMPASS else \
            inches(m.facing) if not isinstance(m.facing, str) else None
        if facing is None:
            raise ScenarioError(f"`{m.facing}` is not a facing (N, NE, E, SE, S, SW, W, NW or degrees)")
        sides.setdefault(side, []).append(Spot(m.id, Position.of(m.x, m.y), facing))
    names = {}
    for sid in sides:
        faction = zw.lookup(pack, "factions", sid)
        names[sid] = faction.model.name if faction is not None else sid  # type: ignore[attr-defined]
    info = model.scenario
    scenario = Scenario(
        id=path.stem, title=info.title, board=Board(Table(inches(size.width), inches(size.depth)), placed, areas),
        rounds=info.rounds, zone_tokens=info.zone_tokens,
        sides=tuple(SideSpec(sid, names[sid], None, tuple(spots)) for sid, spots in sides.items()),
        characters=data["characters"], cards=data["cards"],
        artifacts=tuple(sorted(e for p in zw.visible(pack) for e in zw.data(p).entries["artifacts"])),
        mutations=data["mutations"], zone_cards=data["zone_cards"], deck=tuple(info.deck), triggers=tuple(info.triggers),
        tokens=tuple(Token(i + 1, Position.of(t.x, t.y), t.floor) for i, t in enumerate(model.tokens)),
        victory=tuple(model.victory), rules=rules, base_die=tuple(dice.base), gear_die=tuple(dice.gear),
        trigger_effects=plays, doors=doors_of(zw, pack, placed, [spec.piece for spec in model.pieces]),
        containers=containers_of(model.containers, Base()))
    for card in info.deck:
        if card not in data["zone_cards"]:
            raise ScenarioError(f"there is no Zone card `{card}`")
    missing = cannot_play(scenario)
    if missing:
        raise ScenarioError("the engine does not play: " + "; ".join(missing))
    return scenario


def _pack(ws: Workspace, path: Path) -> Pack:
    """The pack whose folder holds the scenario (a corpus may declare cards for its scenarios), else a standalone
    one that sees the shipped Zone Wars pack."""
    for folder in list(path.absolute().parents)[:3]:
        if (folder / PACK_FILE).is_file():
            return ws.pack_at(folder)
    return ws.standalone(path.parent)


def setup(scenario: Scenario, model: RulesScenario) -> ZoneWarsGame:
    game = new_game(scenario)
    for spec in model.models:
        m = game.model(spec.id)
        if spec.gear is not None:
            m.items = [_item(scenario, ref, False) for ref in spec.gear]
        m.items += [_item(scenario, ref, True) for ref in spec.found]
        for cid, left in spec.bonus.items():
            damaged = next((i for i in m.items if i.card == cid), None)
            if damaged is None:
                raise ScenarioError(f"{m.id} carries no `{cid}` to set the Bonus of")
            damaged.bonus = left
        if spec.mutations is not None:
            unknown = [r for r in spec.mutations if r.rpartition("/")[2] not in scenario.mutations]
            if unknown:
                raise ScenarioError(f"there is no mutation `{unknown[0]}`")
            m.mutations = tuple(r.rpartition("/")[2] for r in spec.mutations)
            unplayed = [mid for mid in m.mutations if not played(scenario.mutations[mid])]
            if unplayed:
                raise ScenarioError(f"the engine does not play: mutation `{unplayed[0]}` of `{m.id}`: its effect "
                                    "is not played")
        m.damage, m.bloodied, m.recover_rolled = spec.damage, spec.bloodied, spec.recover_rolled
        m.status = Status.BROKEN if spec.broken else Status.READY
        m.overwatch, m.activated, m.held_over = spec.overwatch, spec.activated, spec.held_over
        m.floor = spec.floor
        if m.floor:
            piece = building_at(game, m.position)
            if piece is None or piece.piece.floors < m.floor or not fits(piece, m.position, m.base.radius):
                raise ScenarioError(f"{m.id} cannot stand on floor {m.floor} at {where(m.position)}")
        elif not scenario.board.stands(m.position, m.base, [o for o in game.models() if o is not m and not o.floor]):
            raise ScenarioError(f"{m.id} cannot stand at {where(m.position)}")
    unknown = sorted({f"special rule `{w}` of `{i.card}`" for m in game.models() for i in m.items
                      for w in specials(scenario.cards.get(i.card)) - set(SPECIALS)})
    if unknown:
        raise ScenarioError("the engine does not play: " + "; ".join(unknown))
    for i, t in enumerate(model.tokens):
        game.tokens[i + 1] = (Position.of(t.x, t.y), t.card)
        if t.floor:
            game.token_floor[i + 1] = t.floor
    for sid, points in model.scenario.m_points.items():
        game.m_points[sid] = points
    game.round = model.scenario.round - 1
    return game


def _item(scenario: Scenario, ref: str, found: bool) -> Item:
    cid = ref.rpartition("/")[2]
    card = scenario.cards.get(cid)
    if card is None:
        raise ScenarioError(f"there is no gear or artifact card `{ref}`")
    return Item(cid, found, card.bonus)


def item_text(item: Item) -> str:
    return ("found:" if item.found else "") + item.card + (" (busted)" if item.busted else "")


def compare(game: ZoneWarsGame, expect: Expect, pending: Request | None) -> list[str]:
    failures = log_failures(game, expect)
    for mid, state in expect.models.items():
        try:
            m = game.model(mid)
        except KeyError:
            failures.append(f"models.{mid}: there is no such model")
            continue
        got = {"at": where(m.position), "floor": m.floor, "facing": compass(m.facing), "damage": m.damage, "status": m.status.value,
               "bloodied": m.bloodied, "overwatch": m.overwatch, "items": [item_text(i) for i in m.items]}
        for key, value in state.model_dump(exclude_none=True, exclude={"bonus"}).items():
            if got[key] != value:
                failures.append(f"models.{mid}.{key}: expected {value!r}, got {got[key]!r}")
        for cid, bonus in state.bonus.items():
            left = next((i.bonus for i in m.items if i.card == cid), None)
            if left != bonus:
                failures.append(f"models.{mid}.bonus.{cid}: expected {bonus}, got {left}")
    for sid, points in expect.m_points.items():
        if game.m_points.get(sid) != points:
            failures.append(f"m_points.{sid}: expected {points}, got {game.m_points.get(sid)}")
    for sid, vp in expect.victory_points.items():
        if game.victory_points(sid) != vp:
            failures.append(f"victory_points.{sid}: expected {vp}, got {game.victory_points(sid)}")
    simple = {"winner": game.winner or "", "over": game.over, "round": game.round,
              "tokens": [f"{n} at {where(p)}" + (f" on floor {game.token_floor[n]}" if game.token_floor.get(n) else "")
                         for n, (p, _c) in sorted(game.tokens.items())]}
    for key, value in simple.items():
        wanted_value = getattr(expect, key)
        if wanted_value is not None and wanted_value != value:
            failures.append(f"{key}: expected {wanted_value!r}, got {value!r}")
    for sid, count in expect.cup.items():
        if game.cup.get(sid, 0) != count:
            failures.append(f"cup.{sid}: expected {count}, got {game.cup.get(sid, 0)}")
    if expect.pending is not None and (pending is None or expect.pending not in pending.why):
        failures.append(f"pending: expected a question containing `{expect.pending}`, got "
                        f"{'nothing' if pending is None else repr(pending.why)}")
    if expect.legal or expect.illegal:
        if pending is None or pending.kind is not RequestKind.CHOOSE:
            return failures + ["legal/illegal: the game is not waiting for a decision at the end"]
        offered = {str(o) for o in pending.options}
        failures += [f"legal: `{t}` is not offered; offered: {sorted(offered)}" for t in expect.legal
                     if t not in offered]
        failures += [f"illegal: `{t}` is offered" for t in expect.illegal if t in offered]
    return failures

