"""Exodus's rib: the boat the heroes take across open water.

"Heroes can only "step onto" the rib from a transition square. The adjacent
rib can be facing in any direction. Once onboard they can continue to use their
action points to drive the rib" with Move (1 square straight or diagonally, 1
AP), Turn (90 degrees, 1 AP), Reverse Move (2 AP), Reverse Turn (2 AP) and Full
Throttle (3 squares straight or diagonally, 2 AP). "The Rib can carry up to 3
heroes, with the hero driving the rib being placed furthest to the back ... You
can freely swap which hero is driving at the beginning of the hero move. When
calculating line of sight for any hero shooting from the rib use the centre of
the rib. Other heroes onboard do not block line of sight. In addition to the
above driving actions, heroes onboard the rib (driving or passengers) may use
the following actions: Change Weapon, Craft, Exchange Inventory, Quick Fire,
Aimed Fire, Reload & Alert!" (Exodus rulebook, The rib.)

The rib takes one open water square (its centre); the heroes aboard stand on
it. Which squares it may move between, and where heroes step on and off, are
the geometry's ``rib`` and ``landing`` relations.
"""

from __future__ import annotations

from typing import Any, Final

from ..geometry.board import Terrain
from ..geometry.facing import FACINGS
from ..geometry.relations import DIRECTIONS, FloorRelations
from .actions import Action
from .mission import Mission, Slot
from .state import Game, Hero
from .vocab import EventKind, Verb

CAPACITY = 3
DRIVING = frozenset({Verb.RIB_MOVE, Verb.RIB_TURN, Verb.RIB_REVERSE, Verb.RIB_REVERSE_TURN, Verb.RIB_THROTTLE})
#: what a hero aboard may do: drive, step off (a move or a sprint onto a transition square), and "Change
#: Weapon, Craft, Exchange Inventory, Quick Fire, Aimed Fire, Reload & Alert!"
ABOARD = DRIVING | frozenset({Verb.RIB_DRIVER, Verb.MOVE, Verb.SPRINT, Verb.STEP, Verb.STOP, Verb.WEAPON, Verb.CRAFT,
                              Verb.GIVE, Verb.TAKE, Verb.QUICK, Verb.AIMED, Verb.RELOAD, Verb.ALERT, Verb.END})
LEFT: Final = {"N": "W", "W": "S", "S": "E", "E": "N"}
RIGHT: Final = {v: k for k, v in LEFT.items()}


class Rib:
    """Where the rib is, which way its bow points, and who drives it (the heroes aboard stand on its square)."""

    __slots__ = ("driver", "facing", "sq")

    def __init__(self, sq: int, facing: str, driver: str | None = None) -> None:
        self.sq, self.facing, self.driver = sq, facing, driver

    def copy(self) -> Rib:
        return Rib(self.sq, self.facing, self.driver)


def place(g: Game) -> None:
    """Put the mission's rib on the water at the start."""
    spec = g.mission.compiled.rib
    if spec is not None:
        g.rib = Rib(g.mission.square(spec.at), spec.facing)


def aboard(g: Game) -> list[Hero]:
    rib = g.rib
    return [] if rib is None else [h for h in g.heroes if h.on_board and h.sq == rib.sq]


def driver(g: Game) -> Hero | None:
    """The hero at the back: the one named, else the first aboard."""
    on = aboard(g)
    return next((h for h in on if g.rib is not None and h.id == g.rib.driver), on[0] if on else None)


def is_aboard(g: Game, h: Hero) -> bool:
    return g.rib is not None and h.on_board and h.sq == g.rib.sq


def _no_relations(m: Mission) -> dict[int, tuple[Any, Any]]:
    return {}


#: each floor's rib and landing relations (``_relations``), kept with the mission in this slot (``Mission.own``)
RELATIONS: Final = Slot("rib.relations", _no_relations)


def _relations(m: Mission, floor: int) -> tuple[Any, Any]:
    """The rib's and the landings' relation masks of a floor, found once per mission."""
    kept = m.own(RELATIONS)
    found = kept.get(floor)
    if found is None:
        rel = FloorRelations(m.board.floors[floor].grid)
        found = kept[floor] = (rel.masks("rib"), rel.masks("landing"))
    return found


def _joined(m: Mission, relation: int, a: int, b: int) -> bool:
    if m.floor_of[a] != m.floor_of[b]:
        return False
    (ax, ay), (bx, by) = m.xy[a], m.xy[b]
    d = (bx - ax, by - ay)
    if d not in DIRECTIONS:
        return False
    return bool(_relations(m, m.floor_of[a])[relation][DIRECTIONS.index(d)][ay, ax])


def _offset(m: Mission, sq: int, dx: int, dy: int) -> int | None:
    x, y = m.xy[sq]
    grid = m.grid(sq)
    if not (0 <= x + dx < grid.width and 0 <= y + dy < grid.height):
        return None
    return sq + dy * grid.width + dx


def water_squares(g: Game) -> list[int]:
    """The open water squares the rib may be on (its floor's)."""
    rib, m = g.rib, g.mission
    if rib is None:
        return []
    floor = m.floor_of[rib.sq]
    return [sq for sq in range(m.size) if m.floor_of[sq] == floor and m.terrain[sq] == Terrain.WATER]


def landing(g: Game, water: int, land: int) -> bool:
    """Whether a hero on the rib at ``water`` may step off onto transition square ``land`` (or on from it)."""
    return _joined(g.mission, 1, water, land)


def can_board_from(g: Game, sq: int) -> bool:
    """Whether a hero on ``sq`` may step onto the rib where it lies."""
    rib = g.rib
    return rib is not None and g.mission.terrain[sq] == Terrain.TRANSITION and _joined(g.mission, 1, sq, rib.sq)


def predecessors(g: Game, water: list[int]) -> dict[tuple[int, str], list[tuple[tuple[int, str], Verb]]]:
    """For each (square, facing) of the rib, the states one driving action before it, with that action."""
    m = g.mission
    found: dict[tuple[int, str], list[tuple[tuple[int, str], Verb]]] = {}
    for sq in water:
        for facing in FACINGS:
            state = (sq, facing)
            for verb, turn in ((Verb.RIB_TURN, LEFT), (Verb.RIB_TURN, RIGHT)):
                found.setdefault((sq, turn[facing]), []).append((state, verb))
            for verb, backwards, squares in ((Verb.RIB_MOVE, False, 1), (Verb.RIB_REVERSE, True, 1),
                                             (Verb.RIB_THROTTLE, False, 3)):
                for end in _courses(m, sq, facing, backwards, squares):
                    found.setdefault((end, facing), []).append((state, verb))
    return found


def landings(g: Game) -> list[int]:
    """Free transition squares next to the rib that a hero may step onto (or board from)."""
    rib, m = g.rib, g.mission
    if rib is None:
        return []
    return [n for n in m.adjacent(rib.sq) if m.floor_of[n] == m.floor_of[rib.sq] and _joined(m, 1, rib.sq, n)
            and n not in g.at]


def courses(g: Game, backwards: bool, squares: int = 1) -> list[int]:
    """Where the rib ends a move: ``squares`` squares straight or diagonally ahead (astern when
    ``backwards``), each one a step of the rib's relation, the diagonal kept all the way."""
    rib = g.rib
    assert rib is not None
    return _courses(g.mission, rib.sq, rib.facing, backwards, squares)


def _courses(m: Mission, start: int, facing: str, backwards: bool, squares: int) -> list[int]:
    fx, fy = FACINGS[facing]
    if backwards:
        fx, fy = -fx, -fy
    ends = []
    for side in (0, -1, 1):
        dx, dy = fx + side * -fy, fy + side * fx  # straight, then the two forward diagonals
        sq: int | None = start
        for _ in range(squares):
            nxt = _offset(m, sq, dx, dy) if sq is not None else None
            if nxt is None or not _joined(m, 0, sq, nxt):  # type: ignore[arg-type]
                sq = None
                break
            sq = nxt
        if sq is not None:
            ends.append(sq)
    return ends


def actions(g: Game, h: Hero) -> list[Action]:
    """Stepping onto the rib from a transition square next to it; aboard: stepping off, and for the
    driver the driving actions (those the action table has, with the AP for them)."""
    rib, table = g.rib, g.mission.ap_costs
    if rib is None:
        return []
    if not is_aboard(g, h):
        if (not h.prone and not h.grapplers and h.stride == 0 and h.ap >= table.get(Verb.MOVE, 1)
                and g.mission.terrain[h.sq] == Terrain.TRANSITION and len(aboard(g)) < CAPACITY and _joined(g.mission, 1, h.sq, rib.sq)):
            return [Action(h.id, Verb.MOVE, to=rib.sq)]
        return []
    if h.stride:
        return [Action(h.id, Verb.STEP, to=n) for n in landings(g)]
    acts = [Action(h.id, Verb.MOVE, to=n) for n in landings(g) if h.ap >= table.get(Verb.MOVE, 1)]
    if driver(g) is h:
        ap = h.ap
        if ap >= table.get(Verb.RIB_MOVE, 99):
            acts += [Action(h.id, Verb.RIB_MOVE, to=n) for n in courses(g, False)]
        if ap >= table.get(Verb.RIB_THROTTLE, 99):
            acts += [Action(h.id, Verb.RIB_THROTTLE, to=n) for n in courses(g, False, 3)]
        if ap >= table.get(Verb.RIB_REVERSE, 99):
            acts += [Action(h.id, Verb.RIB_REVERSE, to=n) for n in courses(g, True)]
        for verb in (Verb.RIB_TURN, Verb.RIB_REVERSE_TURN):
            if ap >= table.get(verb, 99):
                acts += [Action(h.id, verb, mode=turn[rib.facing]) for turn in (LEFT, RIGHT)]
    elif g.current is None and Verb.RIB_DRIVER in table:  # the start of the hero move: a free swap
        acts.append(Action(h.id, Verb.RIB_DRIVER))
    return acts


def only_aboard(g: Game, h: Hero, acts: list[Action]) -> list[Action]:
    """The actions of ``acts`` a hero aboard may take (a sprint only with somewhere to step off to)."""
    ashore = bool(landings(g))
    return [a for a in acts if a.verb in ABOARD and (a.verb != Verb.SPRINT or ashore)]


def refusal(h: Hero) -> str:
    return (f"{h.name} is aboard the rib: aboard, heroes drive, step off onto a transition square, change weapon, "
            "craft, exchange, quick fire, aim, reload or go on alert")


def drive(g: Game, h: Hero, a: Action) -> None:
    """Move or turn the rib with everyone aboard."""
    rib = g.rib
    assert rib is not None
    if a.verb in (Verb.RIB_TURN, Verb.RIB_REVERSE_TURN):
        rib.facing = a.mode
        how = "turns" if a.verb == Verb.RIB_TURN else "reverses and turns"
        g.emit(EventKind.RIB, h.id, f"{h.name} {how} the rib to face {a.mode}", rib.sq)
        return
    crew = aboard(g)
    for hero in crew:
        g.lift(hero)
    rib.sq = a.to
    for hero in crew:
        hero.sq = a.to
    g.at[a.to] = crew[0]
    how = {Verb.RIB_MOVE: "drives the rib to", Verb.RIB_REVERSE: "reverses the rib to",
           Verb.RIB_THROTTLE: "drives the rib at full throttle to"}[Verb(a.verb)]
    g.emit(EventKind.RIB, h.id, f"{h.name} {how} {g.show(a.to)}", a.to)


def take_the_wheel(g: Game, h: Hero, a: Action) -> None:
    assert g.rib is not None
    g.rib.driver = h.id
    g.emit(EventKind.RIB, h.id, f"{h.name} takes the rib's wheel", g.rib.sq)


def settle(g: Game) -> None:
    """After a hero steps on or off: the rib's square holds a hero while anyone is aboard, and the first
    hero aboard an empty rib drives it."""
    rib = g.rib
    if rib is None:
        return
    crew = aboard(g)
    if crew and rib.sq not in g.at:
        g.at[rib.sq] = crew[0]
    if rib.driver not in {h.id for h in crew}:
        rib.driver = crew[0].id if crew else None
