"""Buildings: going in and out, cover inside, the DV of the walls, and what is inside when one is entered.

Seed lines (004): Defensive Value 1384-1392 (a weapon of higher Impact than
the DV makes the building concealment, not cover); entering and exiting 1396-
1398 (2" off the move through a doorway, 4" through a window; exiting through
a window ends the move); inside a building a figure always counts cover
(1404); zombies stop at a door and go through when next active (1859-1860),
pass no window smaller than a door (1866, 1873: the pack's windows are) and
move 4" inside (1876). What is found on entering is ``inside``; searching,
once a building is cleared (2623), is ``search``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ...tabletop import Base, OpeningKind, PlacedPiece, Position, inches
from ..core import Board, Choice, Figure, facing_towards
from .state import DOWN, HOSTILES, OFF, Human, Status, Zombie

if TYPE_CHECKING:
    from .game import AtzGame

DOOR, WINDOW = 2, 4  # inches off the move (line 1396)
INSIDE_MOVE = 4  # a zombie's move inside a building (line 1876)
FRAME = 2  # the DV of a typical frame structure (line 1390): the pack's buildings, unless said
ENTER_REACH = 16  # a building is offered to enter when its walls are this near (two moves)


@dataclass(frozen=True)
class Site:
    """A building on the table: its piece, its type (for searching, line 2637) and its DV (line 1384)."""

    id: str
    piece: PlacedPiece
    type: str = "house"
    dv: int = FRAME

    @cached_property
    def outline(self) -> BaseGeometry:
        out = self.piece.geometry
        shapely.prepare(out)
        return out

    @cached_property
    def gaps(self) -> tuple[tuple[BaseGeometry, OpeningKind], ...]:
        """Each door and window cut through the walls, with its kind."""
        return tuple((self.piece.gap(i), o.kind) for i, o in enumerate(self.piece.piece.openings)
                     if not self.piece.gap(i).is_empty)

    @cached_property
    def named(self) -> tuple[tuple[str, BaseGeometry, OpeningKind], ...]:
        """Each door and window by its name (``b1-door-1``, ``b1-window-2``), with its gap and kind."""
        count = {OpeningKind.DOOR: 0, OpeningKind.WINDOW: 0}
        out = []
        for gap, kind in self.gaps:
            count[kind] += 1
            out.append((f"{self.id}-{kind.value}-{count[kind]}", gap, kind))
        return tuple(out)

    @cached_property
    def middle(self) -> Position:
        point = self.outline.representative_point()
        return Position(inches(round(point.x, 3)), inches(round(point.y, 3)))

    @cached_property
    def locked(self) -> frozenset[str]:
        """The names of its doors locked and windows closed at the start (lines 1861, 1871; ``locks``)."""
        return frozenset(name for (name, _, _), gap in zip(self.named, self._cut, strict=True) if gap.locked)

    @cached_property
    def _cut(self) -> tuple:
        return tuple(o for i, o in enumerate(self.piece.piece.openings) if not self.piece.gap(i).is_empty)

    def holds(self, position: Position) -> bool:
        return bool(shapely.contains_xy(self.outline, float(position.x), float(position.y)))


@dataclass
class Visit:
    """What the group has done at a building: gone into it (entered), rolled What's Inside? or the Raid's
    Occupants (rolled: on entering, or on a Raid when the shooting starts, line 2421), found people or zombies
    there (occupied), searched it, parted peacefully from those found there (kept: it may not be searched,
    line 2563); its materials to barricade (None: not looked for), its openings'
    barricades by name and those busted out (``barricades``), its locked doors and closed windows forced."""

    entered: bool = False
    rolled: bool = False
    occupied: bool = False
    searched: bool = False
    kept: bool = False
    materials: bool | None = None
    barricades: dict[str, int] = field(default_factory=dict)
    busted: set[str] = field(default_factory=set)
    forced: set[str] = field(default_factory=set)  # locked doors forced, closed windows busted out (``locks``)

    def barred(self, name: str) -> bool:
        return bool(self.barricades.get(name)) and name not in self.busted


def doors_only(board: Board) -> Board:
    """``board`` with every window of a hollow piece walled up: the table zombies walk (line 1873)."""
    pieces = [PlacedPiece(replace(p.piece, openings=tuple(o for o in p.piece.openings if o.kind is OpeningKind.DOOR)),
                          p.pose) for p in board.pieces]
    return Board(board.table, pieces)


# --- where figures are ------------------------------------------------------------------------------

def site_of(game: AtzGame, f: Figure) -> Site | None:
    """The building ``f`` stands inside, if any."""
    return next((s for s in game.setup.buildings if s.holds(f.position)), None)


def inside_any(game: AtzGame, points: np.ndarray) -> np.ndarray:
    """For each point, whether it lies inside a building."""
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    out = np.zeros(len(points), dtype=bool)
    for s in game.setup.buildings:
        out |= np.asarray(shapely.contains_xy(s.outline, points[:, 0], points[:, 1]), dtype=bool)
    return out


def crossing(game: AtzGame, f: Figure, points: np.ndarray, start: Position | None = None,
             paid: frozenset[str] | set[str] = frozenset()) -> tuple[np.ndarray, np.ndarray]:
    """For each straight walk of ``f`` to a point: the inches its doors and windows cost (line 1396), and
    whether it exits a building through a window (which ends the move, line 1398). A zombie crosses no
    window (line 1873) and a door only when it stood at it when its move began (``start``, line 1860).
    ``paid``: the doors and windows this move has already gone into, which cost nothing more (a walk
    round a door's jambs is several legs in the doorway, one door)."""
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    cost = np.zeros(len(points))
    window = np.zeros(len(points), dtype=bool)
    if not game.setup.buildings or not len(points):
        return cost, window
    begin = start or f.position
    segments = shapely.linestrings(np.stack([np.repeat(np.array([f.at]), len(points), axis=0), points], axis=1))
    zombie = isinstance(f, Zombie)
    for site in game.setup.buildings:
        leaving = site.holds(f.position)
        visit = game.visits[site.id]
        for name, gap, kind in site.named:
            crossed = np.asarray(shapely.intersects(segments, gap), dtype=bool)
            if not crossed.any():
                continue
            if visit.barred(name) or (name in site.locked and name not in visit.forced):
                cost[crossed] = np.inf  # a barricade, or a door locked or window closed, lets no one through
            elif zombie:
                at_door = kind is OpeningKind.DOOR and shapely.distance(begin.point, gap) <= float(f.base.radius) + 1
                cost[crossed] += 0 if at_door else np.inf
            else:
                cost[crossed] += 0 if name in paid else DOOR if kind is OpeningKind.DOOR else WINDOW
                if kind is OpeningKind.WINDOW and leaving:
                    window |= crossed
    return cost, window


def crossed(game: AtzGame, f: Figure, spot: Position) -> set[str]:
    """The doors and windows the straight walk of ``f`` to ``spot`` goes into."""
    segment = shapely.LineString([f.at, (float(spot.x), float(spot.y))])
    return {name for site in game.setup.buildings for name, gap, _ in site.named if shapely.intersects(segment, gap)}


def sheltered(game: AtzGame, shooter: Human, target: Figure, cover: bool) -> tuple[bool, bool]:
    """(cover, concealed) of ``target`` from ``shooter``'s fire: inside a building it always counts cover
    (line 1404), and a building fired on by a weapon of higher Impact than its DV is concealment (1384)."""
    site = site_of(game, target)
    if site is None or site is site_of(game, shooter):
        return cover, False
    if shooter.weapon is not None and shooter.weapon.impact > site.dv:
        return False, True
    return True, False


# --- entering: What's Inside? -------------------------------------------------------------------------

def options(game: AtzGame, h: Human) -> list[Choice]:
    """The buildings ``h`` may go into (not entered yet, within two moves) and the one it may search (it
    stands inside, cleared and not searched)."""
    out = []
    here = site_of(game, h)
    if here is not None and cleared(game, here) and not (game.visits[here.id].searched or game.visits[here.id].kept):
        out.append(Choice(("search", here.id), f"search {here.id} ({here.type})"))
    for s in game.setup.buildings:
        if s is not here and not game.visits[s.id].entered and s.outline.distance(h.position.point) <= ENTER_REACH:
            out.append(Choice(("enter", s.id), f"go into {s.id} ({s.type})"))
    return out


def go_in(game: AtzGame, h: Human, site: Site, allowance: int) -> None:
    """Walk towards the middle of ``site``, round its walls and in by a door or window."""
    game._move_towards(h, site.middle, allowance)


def cleared(game: AtzGame, site: Site) -> bool:
    """No zombie, and no hostile human able to fight, left inside (line 2623)."""
    for f in game.on_table(game.figures):
        if not site.holds(f.position):
            continue
        if isinstance(f, Zombie) and f.status is not Status.OBVIOUSLY_DEAD:
            return False
        if isinstance(f, Human) and f.side == HOSTILES and f.status not in (*DOWN, *OFF):
            return False
    return True


def board_cleared(game: AtzGame) -> bool:
    """Every building searched and no zombie or hostile human able to fight on the table (line 2463)."""
    if not game.setup.buildings or not all(game.visits[s.id].searched for s in game.setup.buildings):
        return False
    return not any(f.status not in (*DOWN, *OFF) for f in game.on_table(game.figures)
                   if isinstance(f, Zombie) or (isinstance(f, Human) and f.side == HOSTILES)) \
        and not any(isinstance(f, Zombie) and f.on_roof is not None for f in game.figures)


# --- placing figures inside ---------------------------------------------------------------------------

def beside(game: AtzGame, site: Site, h: Human) -> Position:
    """A spot in base contact with ``h`` inside ``site`` where a base may stand, the nearest ahead of it first
    (the zombies come at him from the room he walks into), else ``h``'s own spot."""
    board: Board = game.setup.board
    others = [f for f in game.on_table(game.figures) if getattr(f, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]
    reach = float(h.base.radius) * 2
    for degrees in sorted(range(0, 360, 30), key=lambda d: (min(abs(d - float(h.facing) % 360),
                                                                360 - abs(d - float(h.facing) % 360)), d)):
        a = np.radians(degrees)
        spot = Position(inches(round(float(h.position.x) + reach * float(np.sin(a)), 3)),
                        inches(round(float(h.position.y) - reach * float(np.cos(a)), 3)))
        if site.holds(spot) and board.stands(spot, h.base, others):
            return spot
    return h.position


def off_the_walls(game: AtzGame, at: Position) -> Position:
    """Where a zombie placed at ``at`` stands: on a solid piece, or coming out of the building it was placed
    on top of (``rooftops``, line 1796), at the nearest spot of the inch lattice about it, within 6",
    outside every building and where a base may stand; ``at`` itself when it is such a spot."""
    board: Board = game.setup.board
    base = Base()
    spots = [at] + [Position(at.x + dx, at.y + dy) for dy in range(-6, 7) for dx in range(-6, 7)
                    if 0 < dx * dx + dy * dy <= 36]
    stands = board.open_spots(spots, base, [])
    outside = ~inside_any(game, np.array([[float(p.x), float(p.y)] for p in spots]))
    free = [p for p, ok, out in zip(spots, stands, outside.tolist(), strict=True) if ok and out]
    return min(free, key=lambda p: (p.squared_distance(at), p.y, p.x)) if free else at


def inside_spots(game: AtzGame, site: Site, h: Human) -> list[Position]:
    """Spots inside ``site`` where bases may stand, farthest from ``h`` first, on the inch lattice."""
    board: Board = game.setup.board
    others = [f for f in game.on_table(game.figures) if getattr(f, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]
    x0, y0, x1, y1 = site.outline.bounds
    spots = [Position(inches(x), inches(y)) for y in range(int(np.ceil(y0)), int(y1) + 1)
             for x in range(int(np.ceil(x0)), int(x1) + 1)]
    free = [p for p, ok in zip(spots, board.open_spots(spots, h.base, others), strict=True) if ok and site.holds(p)]
    out: list[Position] = []
    for p in sorted(free, key=lambda p: (-p.squared_distance(h.position), p.y, p.x)):
        if all(p.squared_distance(q) >= 1 for q in out):
            out.append(p)
    return out


def place_inside(game: AtzGame, people: list[Human], spots: list[Position], by: Human) -> None:
    """People found in a building by ``by``: one on each of the ``spots`` inside (``inside_spots``), facing
    him, on the table and counted among the hostile humans met."""
    for person, spot in zip(people, spots, strict=False):
        person.position = spot
        if spot != by.position:
            person.facing = facing_towards(spot, by.position)
    game.figures += people
    game.tally.hostiles += len(people)
