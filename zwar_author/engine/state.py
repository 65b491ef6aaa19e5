"""The state of one game: heroes, infected, doors, rooms, tokens, decks, and the log.

``Game`` is mutable and private to the engine: the rules change it in place,
and ``api`` keeps frozen snapshots by copying it. Units refer to each other by
id (an infected in a grapple names its hero), so a copy is a plain walk.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from .events import Event
from .mission import Mission
from .vocab import PHASE_NAMES, EventKind, HeroStatus, Phase

if TYPE_CHECKING:
    from .cards import Hands
    from .rib import Rib
    from .variants import Campaign

FACING_VECTORS: Final = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
WEAPON_KINDS = ("ballistic", "melee", "explosive")
MAX_STAGE = 5


def count_squares(n: int) -> str:
    """``n`` squares, in words that read right for one."""
    return f"{n} square" if n == 1 else f"{n} squares"


def short(qualified: str) -> str:
    """``core/pistol`` -> ``pistol``: rules behaviour is keyed by the short id."""
    return qualified.rpartition("/")[2]


def pos(z: Infected) -> int:
    """The square of an infected on the board (``Game.board_infected`` lists only those)."""
    assert z.sq is not None, f"z{z.id} is on a hero card, not on the board"
    return z.sq


def holder(g: Game, z: Infected) -> Hero:
    """The hero an infected in a grapple is locked with."""
    assert z.holder is not None, f"z{z.id} is not in a grapple"
    return g.hero(z.holder)


class GameOver(Exception):
    """Raised when the game ends, to stop the step that ended it there and then."""


class Card:
    """One equipment card in a hero's hand, with its rounds (None: unlimited)."""

    __slots__ = ("ammo", "eq", "fired", "name", "used")

    def __init__(self, name: str, eq: str, ammo: int | None) -> None:
        self.name = name  # unique in the game: pistol, pistol-2, ...
        self.eq = eq  # the equipment card, pack/id
        self.ammo = ammo
        self.fired = False  # ever fired this mission (Fence)
        self.used = False  # used this turn (may not be exchanged)

    def copy(self) -> Card:
        c = Card(self.name, self.eq, self.ammo)
        c.fired, c.used = self.fired, self.used
        return c


_INFECTED_FIELDS = ("cls", "damage", "facing", "holder", "id", "label", "prone", "sq", "tag")


class Infected:
    __slots__ = _INFECTED_FIELDS

    def __init__(self, id: int, cls: str, sq: int | None, facing: str, prone: bool = False, label: str = "",
                 tag: str = "") -> None:
        self.id = id
        self.cls = cls  # pack/id of its class
        self.sq = sq  # None while locked in a grapple (it is on the hero card)
        self.facing = facing
        self.prone = prone
        self.damage = 0  # kill results taken so far
        self.holder: str | None = None  # the hero whose card it is on
        # how the log names it, written once (every event of the unit names it): "z3", and "Walker z3" as
        # ``Game.label`` gives it (Game.new_infected writes it; empty for a unit made some other way)
        self.tag = tag or f"z{id}"
        self.label = label

    def copy(self) -> Infected:
        z = Infected(self.id, self.cls, self.sq, self.facing, self.prone, self.label, self.tag)
        z.damage, z.holder = self.damage, self.holder
        return z


_HERO_FIELDS = (
    "id", "qid", "name", "sq", "status", "prone", "stage", "ap", "ap_turn", "done", "switches", "gave",
    "object", "perks", "stink", "alert", "aim", "stride", "sprint", "sprint_attack", "xp", "unarmed",
    "hurt",
)


class Hero:
    __slots__ = _HERO_FIELDS + ("grapplers", "cards", "active", "keycards", "loot", "power", "boosts", "seen",
                                "melee_alerted")
    npc = False  # Exodus NPCs (engine/npc.py) are heroes the players move with fewer actions

    def __init__(self, qid: str, name: str, sq: int, perks: frozenset[str], unarmed: Any) -> None:
        self.id, self.qid, self.name = short(qid), qid, name
        self.sq: int = sq  # kept when the hero leaves the board (escaped, dead): where they were last
        self.status = HeroStatus.BOARD  # board, escaped or dead
        self.prone = False
        self.stage = 0  # infection stage, 0 when not infected
        self.ap = 0
        self.ap_turn = 0  # AP this turn, before Redline and Moral Support
        self.done = False
        self.switches = 0  # active weapon changes left this turn
        self.gave = False  # has given a card this turn
        self.object: str | None = None  # the letter of the object carried
        self.perks = perks
        self.stink = False
        self.alert: str | None = None
        self.aim: tuple[int, str] | None = None  # (infected id, card name): semi-auto aim bonus kept
        self.stride = 0  # squares left of a sprint
        self.sprint = ""  # sprint or turbo
        self.sprint_attack = False  # Run & Gun / Hit & Run used during this sprint
        self.xp = 0
        self.unarmed = unarmed
        self.hurt = False  # Agent Z: the token on the hero card shows its hurt side (not bitten: no infection tests)
        self.grapplers: list[int] = []
        self.cards: list[Card] = []
        self.active: list[str] = []  # card names
        self.keycards: list[str] = []
        self.loot: list[str] = []
        self.power: dict[str, int] = {}
        self.boosts: set[str] = set()  # power perks in effect this turn
        self.seen: set[int] = set()  # infected whose forward LOS this hero has stood in this turn
        self.melee_alerted: set[int] = set()

    @property
    def on_board(self) -> bool:
        return self.status == HeroStatus.BOARD

    def card(self, name: str) -> Card | None:
        for c in self.cards:
            if c.name == name:
                return c
        return None

    def active_cards(self) -> list[Card]:
        """The cards in ``active``, in the hand's order."""
        return [c for c in self.cards if c.name in self.active]

    def copy(self) -> Hero:
        h = type(self)(self.qid, self.name, self.sq, self.perks, self.unarmed)  # a Hero or an Npc
        # the fields of _HERO_FIELDS written out: a getattr/setattr loop is most of a copy's time
        h.id, h.qid, h.name, h.sq, h.status, h.prone = self.id, self.qid, self.name, self.sq, self.status, self.prone
        h.stage, h.ap, h.ap_turn, h.done, h.switches = self.stage, self.ap, self.ap_turn, self.done, self.switches
        h.gave, h.object, h.perks, h.stink, h.alert = self.gave, self.object, self.perks, self.stink, self.alert
        h.aim, h.stride, h.sprint, h.sprint_attack = self.aim, self.stride, self.sprint, self.sprint_attack
        h.xp, h.unarmed, h.hurt = self.xp, self.unarmed, self.hurt
        h.grapplers = list(self.grapplers)
        h.cards = [c.copy() for c in self.cards]
        h.active = list(self.active)
        h.keycards = list(self.keycards)
        h.loot = list(self.loot)
        h.power = dict(self.power)
        h.boosts = set(self.boosts)
        h.seen = set(self.seen)
        h.melee_alerted = set(self.melee_alerted)
        return h


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Setup:
    """How a game starts, beyond the mission: who plays, where, with which perks and cards."""

    heroes: tuple[str, ...] = ()  # hero ids; empty: the mission's heroes
    positions: tuple[tuple[str, str], ...] = ()  # (hero, square): default the start points in order
    perks: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (hero, perk ids)
    equipment: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (hero, card ids): default the hero card's
    max_turns: int = 40  # the tracker sheet's 40 turns: a game still going then is over (turn limit)
    sides: tuple[tuple[str, str], ...] = ()  # versus games: (role, hero); default the roles in order
    #: the Director's Cut: a campaign chapter with a director (6 cards; any hero's death fails it)
    directors_cut: bool = False
    #: what a campaign carries into the game (Exodus's save ticket): rounds left in each card of
    #: ``equipment`` in its order (None: a card that takes none), search cards held, infection stages
    rounds: tuple[tuple[str, tuple[int | None, ...]], ...] = ()
    search: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (hero, search card ids): out of the deck
    stages: tuple[tuple[str, int], ...] = ()  # (hero, infection stage at the start)


#: the setup of a game that says nothing beyond its mission
DEFAULT_SETUP = Setup()


_GAME_FIELDS = (
    "mission", "ruleset", "setup", "turn", "phase", "doors", "destroyed", "active", "exits_open", "spawn_phase",
    "outcome", "reason", "cause", "current", "next_id", "spawn_left", "closest", "unlocked", "rib", "winner",
)


class Game:
    __slots__ = _GAME_FIELDS + (
        "heroes", "infected", "at", "searched", "objectives", "items", "objects", "keycards", "crates",
        "deck", "pool", "fired", "log", "pending", "cards_made", "risen", "tally", "order", "roles",
        "shields", "charges", "noise", "claimed",
        "hands", "timers",
    )

    def __init__(self, mission: Mission, ruleset: Campaign, setup: Setup) -> None:
        self.mission, self.ruleset, self.setup = mission, ruleset, setup
        self.turn = 0
        self.phase = Phase.START
        self.doors = 0  # bit i: door i open (destroyed doors stay open)
        self.destroyed = 0
        self.active = 0  # bit r: room r active
        self.exits_open = True
        self.spawn_phase = 0
        self.outcome: str | None = None  # victory or defeat
        self.reason = ""
        self.cause = ""  # hero died, turn limit, condition, no heroes
        self.current: str | None = None  # the hero taking their move
        self.next_id = 1
        self.spawn_left = 0
        self.closest: tuple[Any, ...] | None = None  # what the infected move's order was computed for
        self.unlocked = 0  # bit r: a locked door of room r has been opened (all its doors are unlocked)
        self.rib: Rib | None = None  # Exodus: the rib on the water (engine/rib.py)
        self.heroes: list[Hero] = []
        self.infected: dict[int, Infected] = {}
        self.at: dict[int, Hero | Infected] = {}
        self.searched: set[int] = set()
        self.objectives: set[int] = set()  # numbers done
        self.items: dict[int, list[tuple[str, str]]] = {}  # square -> (letter, card)
        self.objects: dict[int, str] = {}
        self.keycards: dict[int, str] = {}
        self.crates: set[int] = set()
        self.deck: dict[str, int] = {}
        self.pool: dict[str, int] = {}
        self.fired: set[int] = set()
        self.log: list[Event] = []
        self.pending: list[tuple[int, int]] = []  # (distance, id) of the infected still to move this phase
        self.cards_made: dict[str, int] = {}
        self.risen: list[tuple[str, int]] = []  # director games: dead heroes (id, square) who rise as newborns
        self.tally: dict[str, int] = {}  # counts for playtests: rounds:<card>, power:<perk>, killed:<class>
        self.winner: str | None = None  # versus games: the role that won
        self.order: list[str] = []  # versus games: the agents in this turn's initiative order (empty: not rolled)
        self.roles: dict[str, str] = {}  # versus games: hero id -> role id
        self.shields: dict[str, tuple[int, str]] = {}  # Agent Z: hero id -> (meat shield's id, the way they face)
        self.charges: dict[int, tuple[str, str]] = {}  # placed C4: square -> (who placed it, its card)
        self.claimed: dict[int, str] = {}  # objective number -> the hero who completed it
        self.noise: dict[int, str] = {}  # this turn: 0 -> the last hero to fire a weapon that is not silent;
        # an infected's id -> the last hero to attack it with any weapon (diggers hear both)
        self.hands: Hands | None = None  # the director's cards (engine/cards.py); None: nobody holds any
        self.timers: dict[str, int] = {}  # 3-turn timers running: id -> end phases left

    # --- copying ---------------------------------------------------------------------

    def copy(self) -> Game:
        g = Game(self.mission, self.ruleset, self.setup)
        # the fields of _GAME_FIELDS written out (see Hero.copy)
        g.mission, g.ruleset, g.setup, g.turn, g.phase = self.mission, self.ruleset, self.setup, self.turn, self.phase
        g.doors, g.destroyed, g.active, g.exits_open = self.doors, self.destroyed, self.active, self.exits_open
        g.spawn_phase, g.outcome, g.reason, g.cause = self.spawn_phase, self.outcome, self.reason, self.cause
        g.current, g.next_id, g.spawn_left, g.closest = self.current, self.next_id, self.spawn_left, self.closest
        g.unlocked = self.unlocked
        g.rib = self.rib.copy() if self.rib is not None else None
        g.winner, g.order, g.roles = self.winner, list(self.order), self.roles
        g.shields, g.charges, g.noise = dict(self.shields), dict(self.charges), dict(self.noise)
        g.claimed = dict(self.claimed)
        g.heroes = [h.copy() for h in self.heroes]
        g.infected = {i: z.copy() for i, z in self.infected.items()}
        g.at = {}
        bodies = {hero_id for hero_id, _ in self.risen}  # director games: the dead lie there until the end phase
        for h in g.heroes:
            if h.sq is not None and (h.on_board or h.id in bodies):
                g.at[h.sq] = h
        for z in g.infected.values():
            if z.sq is not None:
                g.at[z.sq] = z
        g.searched, g.objectives = set(self.searched), set(self.objectives)
        g.items = {k: list(v) for k, v in self.items.items()}
        g.objects, g.keycards, g.crates = dict(self.objects), dict(self.keycards), set(self.crates)
        g.deck, g.pool, g.fired = dict(self.deck), dict(self.pool), set(self.fired)
        g.log = list(self.log)
        g.pending = list(self.pending)
        g.cards_made = dict(self.cards_made)
        g.risen = list(self.risen)
        g.tally = dict(self.tally)
        g.hands = self.hands.copy() if self.hands is not None else None
        g.timers = dict(self.timers)
        return g

    # --- lookups ---------------------------------------------------------------------

    def hero(self, hero_id: str) -> Hero:
        for h in self.heroes:
            if h.id == hero_id:
                return h
        raise KeyError(hero_id)

    def shield_square(self, sq: int) -> int:
        """The square of the meat shield held by the hero on ``sq`` (Agent Z), or -1."""
        unit = self.at.get(sq)
        held = self.shields.get(unit.id) if isinstance(unit, Hero) and not unit.prone else None
        z = self.infected.get(held[0]) if held else None
        return z.sq if z is not None and z.sq is not None else -1

    def heard(self, h: Hero, cards: list[Card], target: int = 0) -> None:
        """``h`` attacked with ``cards`` (``target``: the infected attacked): weapons that are not silent
        are heard across the board, any weapon by the infected it is used on."""
        if target:
            self.noise[target] = h.id
        if any(not self.mission.equipment[c.eq].silent for c in cards):
            self.noise[0] = h.id

    def show(self, sq: int | None) -> str:
        return "off the board" if sq is None else self.mission.show(sq)

    def label(self, z: Infected) -> str:
        """The unit as the log names it: its class's name and tag ("Walker z3")."""
        return z.label or f"{self.mission.class_names[z.cls]} {z.tag}"

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def board_heroes(self) -> list[Hero]:
        return [h for h in self.heroes if h.status == HeroStatus.BOARD]

    def detectable(self) -> list[Hero]:
        """Heroes the infected can find: on the board, not hidden by the Stink Tank."""
        return [h for h in self.heroes if h.status == HeroStatus.BOARD and not h.stink]

    def board_infected(self) -> list[Infected]:
        return [z for z in self.infected.values() if z.sq is not None]

    def count(self, key: str, n: int = 1) -> None:
        self.tally[key] = self.tally.get(key, 0) + n

    def deck_size(self) -> int:
        return sum(self.deck.values())

    def is_active(self, sq: int) -> bool:
        return self.mission.is_active(sq, self.active)

    def finish(self, outcome: str, cause: str, reason: str) -> None:
        """End the game: victory or defeat, why in a word (condition, hero died, turn limit, no heroes)
        and in a sentence. Callers raise GameOver once they have said what follows (XP)."""
        self.outcome, self.cause, self.reason = outcome, cause, reason
        self.phase = Phase.OVER
        self.emit(outcome, "game", f"{outcome.capitalize()}: {reason}")

    def enter_phase(self, name: Phase) -> None:
        self.phase = name
        self.emit(EventKind.PHASE, "game", PHASE_NAMES[name])

    # --- the log ---------------------------------------------------------------------

    def emit(self, kind: str, who: str, text: str, at: int | str | None = None, dice: tuple[int, ...] = (),
             result: str | None = None, objective: int | None = None) -> None:
        sq, edge = (at, None) if isinstance(at, int) else (None, at)
        # ``tuple.__new__`` makes the record with the fields in ``Event``'s order, as ``Event(...)`` does, but
        # without the named tuple's ``__new__``: that is plain Python, called through the interpreter for every
        # event the compiled engine logs (some 1,500 a game: 2.8% of a bot game's instructions, compiled)
        self.log.append(tuple.__new__(Event, (self.turn, self.phase, kind, who, text, sq, edge, tuple(dice), result,
                                              objective)))

    # --- units on squares ------------------------------------------------------------

    def place(self, unit: Hero | Infected, sq: int) -> None:
        if unit.sq is not None and self.at.get(unit.sq) is unit:
            del self.at[unit.sq]
        unit.sq = sq
        self.at[sq] = unit

    def lift(self, unit: Hero | Infected) -> None:
        if unit.sq is not None and self.at.get(unit.sq) is unit:
            del self.at[unit.sq]
        if isinstance(unit, Infected):
            unit.sq = None  # a hero keeps the square they were last on

    def new_infected(self, cls: str, sq: int | None, facing: str, prone: bool = False) -> Infected:
        z = Infected(self.next_id, cls, None, facing, prone, f"{self.mission.class_names[cls]} z{self.next_id}")
        self.next_id += 1
        self.infected[z.id] = z
        self.pool[cls] = self.pool.get(cls, 0) - 1
        if sq is not None:
            self.place(z, sq)
        return z

    def remove(self, z: Infected) -> None:
        """Take an infected out of play: off the board or a hero card, back to the miniatures."""
        self.lift(z)
        if z.holder is not None:
            holder = self.hero(z.holder)
            if z.id in holder.grapplers:
                holder.grapplers.remove(z.id)
            z.holder = None
        del self.infected[z.id]
        self.pool[z.cls] = self.pool.get(z.cls, 0) + 1

    def new_card(self, eq: str) -> Card:
        base = short(eq)
        count = self.cards_made.get(base, 0) + 1
        self.cards_made[base] = count
        card = self.mission.equipment[eq]
        return Card(base if count == 1 else f"{base}-{count}", eq, card.ammo)

    # --- sight -----------------------------------------------------------------------

    def infected_sees(self, a: int, b: int) -> bool:
        """Infected LOS: walls and closed doors block, units never do."""
        return self.mission.sees(a, b, self.doors)

    def hero_sees(self, a: int, b: int, units_block: bool = True, ignore: int = -1) -> bool:
        """Hero LOS: also blocked by other heroes and standing infected on the line (never prone
        ones); ``ignore`` is a square to treat as empty (the square a hero is leaving). A hero
        holding a meat shield (Agent Z) fires through it."""
        if not self.mission.sees(a, b, self.doors):
            return False
        if not units_block:
            return True
        shield = self.shield_square(a if ignore < 0 else ignore) if self.shields else -1
        at = self.at
        for off in self.mission.entered_offsets(a, b):
            unit = at.get(a + off)
            if unit is not None and not unit.prone and a + off != ignore and a + off != shield:
                return False
        return True
