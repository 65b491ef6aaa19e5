"""The table a skirmish is played on: measures, sight and walks between figures, over ``tabletop``.

One ``Board`` per scenario, built once and asked many times: the terrain's
``SightLines``, a ``Reach`` per base size (made when first needed, held by the
board, never by the module), the scenario's named areas. Distances between
figures are edge to edge and exact (``tabletop.bases_within``); everything
crossing a footprint is shapely's, within ``EPSILON``.

Figures block sight as terrain does not: a line that passes through another
figure's base is blocked (the tabletop draws three lines, so a figure
standing across one of them hides the target partly, and a partly hidden
target is one sight is blocked to). Which figures block is the ruleset's
call (a Broken Zone Wars model blocks nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from ...tabletop import (
    EPSILON,
    Base,
    PlacedPiece,
    Position,
    Reach,
    Sight,
    SightLines,
    Table,
    TerrainKind,
    bases_overlap,
    bases_within,
    inches,
)
from ...tabletop.sight import in_the_way, three_lines, top
from .figures import Figure

#: How many layouts of terrain and blocking bases a board keeps walks for (``Board.walks``): the last few.
ROUND_KEPT = 8
#: How many footprints of bases a board keeps (``Board.discs``): those of the last places figures stood.
DISCS_KEPT = 4096


@dataclass(frozen=True)
class Fire:
    """What a line of fire finds: the sight, and whether the target touches the terrain that covers it."""

    sight: Sight
    contact: bool = False


@dataclass(eq=False)
class Board:
    table: Table
    pieces: Sequence[PlacedPiece]
    areas: dict[str, Polygon] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sight_lines = SightLines(self.pieces)
        self._sight_without: dict[tuple[int, ...], SightLines] = {}
        self._reach: dict[Base, Reach] = {}
        self._free: dict[Base, BaseGeometry] = {}
        self._round: dict[tuple[Base, tuple[tuple[float, float, float], ...], tuple[int, ...]], Reach] = {}
        self._discs: dict[tuple[Position, float], BaseGeometry] = {}
        # what gives cover: Low footprints whole, and the doors and windows of hollow Buildings
        self._cover: list[tuple[PlacedPiece, BaseGeometry]] = [(p, p.geometry) for p in self.pieces if p.kind is TerrainKind.LOW]
        self._cover += [(p, p.gaps) for p in self.pieces if p.kind is TerrainKind.BLOCKING and not p.gaps.is_empty]
        # what a charge may not cross: every footprint
        solids = [p.inner for p in self.pieces]
        self._obstacles = shapely.union_all(solids) if solids else None
        if self._obstacles is not None:
            shapely.prepare(self._obstacles)

    def reach(self, base: Base) -> Reach:
        if base not in self._reach:
            self._reach[base] = Reach(self.table, self.pieces, base)
        return self._reach[base]

    def free(self, base: Base, points) -> np.ndarray:
        """For each point, whether a base's centre may stand there as far as the table and Blocking terrain go."""
        if base not in self._free:
            self._free[base] = self.reach(base).free.buffer(EPSILON)
            shapely.prepare(self._free[base])
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        return np.asarray(shapely.intersects_xy(self._free[base], points[:, 0], points[:, 1]), dtype=bool)

    def discs(self, figures: Iterable[Figure], grow: float = 0.0) -> np.ndarray:
        """The figures' bases, each widened by ``grow`` and shrunk by ``EPSILON`` (a line touching a base
        does not cross it), as an array of shapes. Each is made once for its place and size: figures
        stand where they stood a moment ago far more often than anywhere new."""
        out = []
        for f in figures:
            key = (f.position, float(f.base.radius) + grow)
            disc = self._discs.get(key)
            if disc is None:
                disc = self._discs[key] = f.position.point.buffer(key[1] - EPSILON)
                shapely.prepare(disc)
                if len(self._discs) > DISCS_KEPT:
                    del self._discs[next(iter(self._discs))]
            out.append(disc)
        return np.array(out, dtype=object)

    # --- measures ----------------------------------------------------------------------

    @staticmethod
    def within(a: Figure, b: Figure, distance) -> bool:
        """Exactly: is the edge-to-edge distance between two figures at most ``distance``?"""
        return bases_within(a.position, a.base, b.position, b.base, distance)

    @staticmethod
    def in_contact(a: Figure, b: Figure) -> bool:
        return bases_within(a.position, a.base, b.position, b.base, 0)

    @staticmethod
    def gap(a: Figure, b: Figure) -> float:
        return a.position.distance(b.position) - float(a.base.radius + b.base.radius)

    def stands(self, position: Position, base: Base, others: Iterable[Figure] = ()) -> bool:
        """A base may stand here: on the table, clear of Blocking terrain and of every other figure's base."""
        if not self.table.holds_base(position, base):
            return False
        if any(bases_overlap(position, base, f.position, f.base) for f in others):
            return False
        return bool(self.free(base, [[float(position.x), float(position.y)]])[0])

    def open_spots(self, points: Sequence[Position], base: Base, others: Sequence[Figure]) -> list[bool]:
        """For each point, whether a base may stand there (``stands``), decided in floats and, where floats
        come within a hair of a boundary (touching bases, flush with the edge), again exactly."""
        if not points:
            return []
        xy = np.array([[float(p.x), float(p.y)] for p in points])
        r = float(base.radius)
        w, d = float(self.table.width), float(self.table.depth)
        inside = (xy[:, 0] >= r - 1e-9) & (xy[:, 0] <= w - r + 1e-9) & (xy[:, 1] >= r - 1e-9) & (xy[:, 1] <= d - r + 1e-9)
        ok = inside & self.free(base, xy)
        near = np.zeros(len(points), dtype=bool)
        for f in others:
            reach = r + float(f.base.radius)
            gap = np.hypot(xy[:, 0] - float(f.position.x), xy[:, 1] - float(f.position.y)) - reach
            ok &= gap > -1e-9
            near |= np.abs(gap) <= 1e-9
        edge = inside & ((np.abs(xy - r) <= 1e-9) | (np.abs(xy - [w - r, d - r]) <= 1e-9)).any(axis=1)
        out = ok.tolist()
        for i in np.flatnonzero(near | edge).tolist():
            out[i] = self.stands(points[i], base, others)
        return out

    # --- walking -------------------------------------------------------------------------

    def walk(self, figure: Figure, to: Position, blockers: Iterable[Figure] = (),
             limit: float = float("inf")) -> float | None:
        """The shortest walk of ``figure``'s base to ``to`` round Blocking terrain and the bases of
        ``blockers`` (the figures it may not pass through); None when there is none or it is longer than
        ``limit`` (``walks``). A straight walk is measured exactly."""
        end, blockers = np.array([[float(to.x), float(to.y)]]), list(blockers)
        if self.straight(figure, end, blockers)[0]:
            return figure.position.distance(to)
        length = float(self.walks(figure, end, blockers, limit)[0])
        return length if np.isfinite(length) else None

    def walks(self, figure: Figure, points: np.ndarray, blockers: Iterable[Figure] = (),
              limit: float = float("inf")) -> np.ndarray:
        """The shortest walk of ``figure``'s base to each point (where a base may stand) round Blocking
        terrain and the bases of ``blockers``, inf where there is none or it is longer than ``limit``.

        One Dijkstra on the terrain's walks; only the blockers a walk that long could come near are walked
        round, on a ``Reach`` of their bases and of the pieces within that reach of the figure (a walk no
        longer than ``limit`` goes no farther), made for that set and kept (the last few)."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        lengths = self.reach(figure.base).walks(points, figure.position.point, limit)
        finite = lengths[np.isfinite(lengths)]
        if not len(finite):
            return lengths
        longest = float(finite.max()) if limit == float("inf") else limit
        near = tuple(sorted((float(f.position.x), float(f.position.y), float(f.base.radius)) for f in blockers
                            if figure.position.distance(f.position) < longest + float(figure.base.radius + f.base.radius)))
        if not near:
            return lengths
        around = figure.position.point.buffer(limit + float(figure.base.radius) + EPSILON)
        pieces = tuple(i for i, p in enumerate(self.pieces) if limit == float("inf") or
                       shapely.intersects(p.geometry, around))
        key = (figure.base, near, pieces)
        reach = self._round.pop(key, None) or Reach(self.table, [self.pieces[i] for i in pieces], figure.base, near)
        self._round[key] = reach
        while len(self._round) > ROUND_KEPT:
            del self._round[next(iter(self._round))]
        out = reach.walks(points, figure.position.point, limit)
        out[~np.isfinite(lengths)] = np.inf  # ``reach`` leaves out the pieces past ``limit``: no walk there is none
        return out

    def straight(self, figure: Figure, points: np.ndarray, blockers: Iterable[Figure] = ()) -> np.ndarray:
        """For each point, whether the figure walks to it in a straight line clear of terrain and ``blockers``."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        starts = np.repeat(np.array([figure.at]), len(points), axis=0)
        ok = self.reach(figure.base).clear(starts, points)
        discs = self.discs(blockers, float(figure.base.radius))
        if len(discs) and ok.any():
            lines = np.asarray(shapely.linestrings(np.stack([starts[ok], points[ok]], axis=1)), dtype=object)
            ok[ok] = ~np.asarray(shapely.intersects(lines[:, None], discs[None, :])).any(axis=1)
        return ok

    def clear_of_all_terrain(self, a: Position, b: Position, base: Base) -> bool:
        """A straight path of a base from ``a`` to ``b`` crosses no terrain footprint, Low or Blocking."""
        if self._obstacles is None:
            return True
        path = shapely.LineString([(float(a.x), float(a.y)), (float(b.x), float(b.y))]).buffer(
            float(base.radius) - EPSILON)
        return not bool(shapely.intersects(path, self._obstacles))

    def lattice(self, figure: Figure, allowance, step=1) -> np.ndarray:
        """Points a figure might move to: every ``step`` inches from where it stands, within ``allowance``."""
        reach = float(inches(allowance))
        count = int(reach // float(inches(step)))
        offsets = np.arange(-count, count + 1) * float(inches(step))
        dx, dy = np.meshgrid(offsets, offsets)
        keep = (dx * dx + dy * dy <= reach * reach + EPSILON) & ((dx != 0) | (dy != 0))
        x, y = figure.at
        return np.stack([x + dx[keep], y + dy[keep]], axis=1)

    # --- sight -------------------------------------------------------------------------------

    def fire(self, a: Figure, b: Figure, blockers: Iterable[Figure] = (),
             ignore: Sequence[PlacedPiece] = (), level: Callable[[Figure], float] | None = None,
             stature: float = 0.0) -> Fire:
        """Sight from ``a`` to ``b`` over the terrain and ``blockers``, and whether ``b`` is in contact with
        the terrain that gives it cover (the viewer's own contact gives no cover). ``ignore``: pieces that
        hide nothing on this line (the Building a figure stands on top of).

        ``level`` (a figure's height above the ground: the floor it stands on) makes the lines run between
        the figures' heights: a piece stands in the way only where a line passes over it lower than its top
        (``tabletop.sight``), a blocker only where a line passes over its base between its level and
        ``stature`` above it, and terrain touches a figure only if it rises above the figure's level.
        Without ``level`` every figure stands on the ground."""
        starts, ends = three_lines(a.position, a.base, b.position, b.base)
        heights = None if level is None else (float(level(a)), float(level(b)))
        levels = None if heights is None or not any(heights) else np.array([heights] * 3)
        sight = self._lines(ignore).between_bases(a.position, a.base, b.position, b.base, heights or (0.0, 0.0))
        segments = np.asarray(shapely.linestrings(np.stack([starts, ends], axis=1)), dtype=object)
        others = [f for f in blockers if f is not a and f is not b]
        if others and self._hidden_by(segments, starts, ends, levels, others, level, stature):
            return Fire(Sight.BLOCKED)
        if sight is not Sight.COVER:
            return Fire(sight)
        low, high = heights or (0.0, 0.0)
        viewer, target = a.position.point, b.position.point
        contact = False
        for piece, area in self._cover:
            if any(piece is q for q in ignore) or not np.any(in_the_way(
                    segments, starts, ends, levels, area.buffer(-EPSILON, join_style="mitre"), top(piece))):
                continue
            if shapely.distance(viewer, area) <= float(a.base.radius) + EPSILON and low < top(piece) - EPSILON:
                continue
            if shapely.distance(target, area) <= float(b.base.radius) + EPSILON and high < top(piece) - EPSILON:
                contact = True
        for piece in self.pieces:  # a Blocking piece across part of the view: its wall covers
            if piece.kind is TerrainKind.BLOCKING and all(piece is not q for q in ignore) \
                    and np.any(in_the_way(segments, starts, ends, levels, piece.solid_inner, top(piece))) \
                    and shapely.distance(target, piece.solid) <= float(b.base.radius) + EPSILON \
                    and high < top(piece) - EPSILON:
                contact = True
        return Fire(Sight.COVER, contact)

    def _hidden_by(self, segments: np.ndarray, starts: np.ndarray, ends: np.ndarray, levels: np.ndarray | None,
                   others: list[Figure], level: Callable[[Figure], float] | None, stature: float) -> bool:
        """Whether a figure stands across any of the lines (the target partly hidden: blocked). Between
        heights, a figure is in the way of a line passing over its base from its level to ``stature`` above."""
        if levels is None:
            discs = self.discs(f for f in others if level is None or not level(f))  # the figures on the ground
            return bool(len(discs)) and bool(np.any(shapely.intersects(segments[:, None], discs[None, :])))
        assert level is not None
        for f, disc in zip(others, self.discs(others)):
            foot = float(level(f))
            under = in_the_way(segments, starts, ends, levels, disc, foot + stature)
            over = in_the_way(segments, starts, ends, -levels, disc, 2 * EPSILON - foot) if foot else under
            if np.any(under & over):
                return True
        return False

    def _lines(self, ignore: Sequence[PlacedPiece]) -> SightLines:
        """The sight lines over every piece but ``ignore``, made once for each such set."""
        if not ignore:
            return self.sight_lines
        key = tuple(sorted(i for i, p in enumerate(self.pieces) if any(p is q for q in ignore)))
        if key not in self._sight_without:
            self._sight_without[key] = SightLines([p for i, p in enumerate(self.pieces) if i not in key])
        return self._sight_without[key]

