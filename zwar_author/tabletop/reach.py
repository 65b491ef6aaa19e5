"""Reach: how far a model walks to get from one place to another, around Blocking terrain.

The model's base centre moves in free space: the table shrunk by the base's
radius, minus every Blocking footprint (a hollow Building's walls, less its
doors and windows) grown by that radius. The shortest walk
through such a space bends only at corners of that space, so the walk is found
on a visibility graph (corners joined when the straight line between them stays
free) with Dijkstra's algorithm (networkx).

Exactness: a gap exactly one base wide is passable (the walk may touch terrain,
the straight lines are tested against footprints grown by the radius less
EPSILON), also by a walk that turns into it: the gap's free space is a line,
no part of the free space's polygons, and the walk goes straight through the
pointed corners at its ends. Grown corners are polygons of ``REACH_QUAD_SEGMENTS`` (4) segments
per quarter circle, inscribed in the true circle, so a walk may pass up to 2%
of the radius closer to a terrain corner than a real base could (0.01" for a
1" base). Only straight walks that touch both their corners tangentially can
lie on a shortest walk, so only those are tested.
The walk from or to an area starts or ends at the area's nearest point seen
from a corner; the length is always one a model can really walk.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx
import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from .measure import EPSILON
from .table import Base, PlacedPiece, Table, TerrainKind

#: Segments per quarter circle where a footprint's corner is grown by a base's radius for walking.
REACH_QUAD_SEGMENTS = 4

_START, _GOAL = "start", "goal"


class Reach:
    """Walking distances for models on one base size over one layout, built once and asked many times."""

    def __init__(self, table: Table, pieces: Sequence[PlacedPiece], base: Base,
                 discs: Sequence[tuple[float, float, float]] = ()) -> None:
        """``discs``: other round bases in the way (centre x, y and radius), walked round as Blocking terrain is
        (a walk may touch one; its outline is drawn as a grown corner is, to the same allowance)."""
        r = float(base.radius)
        width, depth = float(table.width), float(table.depth)
        self.radius = r
        self.domain: BaseGeometry = (
            shapely.box(r, r, width - r, depth - r) if 2 * r <= min(width, depth) else Polygon()
        )
        blocking = [p.solid for p in pieces if p.kind is TerrainKind.BLOCKING and not p.solid.is_empty]
        grown = _grow(blocking, r, discs)
        #: Where a base centre may stand.
        self.free: BaseGeometry = self.domain.difference(grown)
        # A walk may touch terrain: it is blocked only by footprints grown by a little less than the radius.
        self._blocked = _grow(blocking, r - EPSILON, discs)
        shapely.prepare(self._blocked)
        self._box = (r - EPSILON, r - EPSILON, width - r + EPSILON, depth - r + EPSILON)
        self._corners, self._before, self._after, shared, pointed = _corners(self.free)
        #: Corners a walk may go straight through: pinches, and the ends of gaps exactly one base wide.
        self._through = shared | self._gap_ends(pointed)
        self._graph = self._visibility_graph()

    def clear(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Whether each straight walk ``starts[i] -> ends[i]`` stays in free space."""
        starts, ends = np.asarray(starts, float).reshape(-1, 2), np.asarray(ends, float).reshape(-1, 2)
        if not len(starts):
            return np.zeros(0, dtype=bool)
        x0, y0, x1, y1 = self._box
        # The table shrunk by the radius is convex: a walk stays on it when both its ends do.
        ok = np.all((starts >= (x0, y0)) & (starts <= (x1, y1)) & (ends >= (x0, y0)) & (ends <= (x1, y1)), axis=1)
        if not self._blocked.is_empty and ok.any():
            segments = shapely.linestrings(np.stack([starts[ok], ends[ok]], axis=1))
            ok[ok] = ~np.asarray(shapely.intersects(segments, self._blocked), dtype=bool)
        return ok

    def _visibility_graph(self) -> nx.Graph:
        """Corners joined by clear straight walks that could lie on a shortest walk (tangent at both ends)."""
        graph = nx.Graph()
        corners = self._corners
        graph.add_nodes_from(range(len(corners)))
        if len(corners) < 2:
            return graph
        i, j = np.triu_indices(len(corners), k=1)
        towards = corners[j] - corners[i]
        keep = self._tangent(i, towards) & self._tangent(j, -towards)
        i, j = i[keep], j[keep]
        ok = self.clear(corners[i], corners[j])
        lengths = np.hypot(*(corners[j[ok]] - corners[i[ok]]).T)
        graph.add_weighted_edges_from(zip(i[ok].tolist(), j[ok].tolist(), lengths.tolist(), strict=True))
        return graph

    def _gap_ends(self, pointed: np.ndarray) -> np.ndarray:
        """Which pointed corners of free space (where two grown footprints meet) end a gap exactly one base wide.

        Such a gap's free space is a line, so it is no part of ``free``: its ends are pointed corners, and a walk
        turns into the gap there and goes straight through the corner. Free space grown by EPSILON goes on past
        such a corner along the gap, and stops at once past any other pointed corner (a footprint's grown
        outline crossing another's at an angle), so only the gap ends are let through, not every pointed corner
        (which would only add walks no shorter, and double the pairs tested)."""
        out = np.zeros(len(pointed), dtype=bool)
        index = np.flatnonzero(pointed)
        if not len(index) or self._blocked.is_empty:
            return out
        here = self._corners[index]
        back = _unit(self._before[index] - here) + _unit(self._after[index] - here)
        past = here - _unit(back) * (100 * EPSILON)
        x0, y0, x1, y1 = self._box
        on = np.all((past >= (x0, y0)) & (past <= (x1, y1)), axis=1)
        out[index] = on & ~np.asarray(shapely.intersects_xy(self._blocked, past[:, 0], past[:, 1]), dtype=bool)
        return out

    def _tangent(self, index: np.ndarray, direction: np.ndarray) -> np.ndarray:
        """A shortest walk bends at a corner only if both its neighbours lie on one side of the walk."""
        here = self._corners[index]
        before = _cross(direction, self._before[index] - here)
        after = _cross(direction, self._after[index] - here)
        tolerance = 1e-9
        same_side = ((before >= -tolerance) & (after >= -tolerance)) | ((before <= tolerance) & (after <= tolerance))
        return np.asarray(same_side | self._through[index], dtype=bool)

    def stands(self, area: BaseGeometry) -> BaseGeometry:
        """The part of ``area`` where a base centre may stand."""
        return self.free.intersection(area)

    def _standing(self, area: BaseGeometry) -> BaseGeometry:
        """``stands(area)``; for a point a float's hair outside free space (a base that walked to a corner of
        a walk round terrain stands on its edge), the free space within ``EPSILON`` of it."""
        found = self.stands(area)
        if found.is_empty and area.geom_type == "Point" and self.free.distance(area) <= EPSILON:
            found = self.stands(area.buffer(EPSILON))
        return found

    def distance(self, start: BaseGeometry, goal: BaseGeometry) -> float | None:
        """The shortest walk of a base centre from anywhere in ``start`` to anywhere in ``goal``; None if none.

        Both are areas (or points) in table inches; only their parts in free
        space count, so a goal inside Blocking terrain is never reached.
        """
        found = self._shortest(start, goal)
        return None if found is None else found[0]

    def path(self, start: BaseGeometry, goal: BaseGeometry) -> list[tuple[float, float]] | None:
        """The shortest walk as ``distance`` finds it, as the points it bends at: where it starts (in
        ``start``), every corner it bends round, where it ends (in ``goal``); None if there is none."""
        found = self._shortest(start, goal)
        return None if found is None else found[1]

    def _shortest(self, start: BaseGeometry, goal: BaseGeometry) -> tuple[float, list[tuple[float, float]]] | None:
        start, goal = self._standing(start), self._standing(goal)
        if start.is_empty or goal.is_empty:
            return None
        if start.intersects(goal):
            point = shapely.get_coordinates(shapely.intersection(start, goal).representative_point())[0]
            return 0.0, [(float(point[0]), float(point[1]))]
        graph = self._graph.copy()
        ends = {_START: self._link(graph, _START, start), _GOAL: self._link(graph, _GOAL, goal)}
        direct = shapely.shortest_line(start, goal)
        line = np.asarray(direct.coords)
        if self.clear(line[:1], line[1:])[0]:
            graph.add_edge(_START, _GOAL, weight=float(direct.length))
        try:
            length, nodes = nx.single_source_dijkstra(graph, _START, _GOAL)
        except nx.NetworkXNoPath:
            return None
        if len(nodes) == 2:
            return float(length), [(float(x), float(y)) for x, y in line]
        points = [ends[_START][nodes[1]]] + [(float(self._corners[n][0]), float(self._corners[n][1]))
                                             for n in nodes[1:-1]]
        return float(length), points + [ends[_GOAL][nodes[-2]]]

    def walks(self, starts: np.ndarray, goal: BaseGeometry, limit: float = float("inf")) -> np.ndarray:
        """The shortest walk from each of ``starts`` (points where a base centre stands) to ``goal``, inf where
        there is none or it is longer than ``limit``: one Dijkstra from the goal (no farther than ``limit``),
        then each start joined straight to the goal or to the corners it sees, so asking for many starts costs
        about one ``distance``. Only the joins a walk within ``limit`` could use are tested."""
        starts = np.asarray(starts, float).reshape(-1, 2)
        out = np.full(len(starts), np.inf)
        goal = self.stands(goal)
        if goal.is_empty or not len(starts):
            return out
        lines = shapely.shortest_line(shapely.points(starts), goal)
        coords = shapely.get_coordinates(lines).reshape(-1, 2, 2)
        direct = self.clear(coords[:, 0], coords[:, 1])
        out[direct] = np.asarray(shapely.length(lines), dtype=float)[direct]
        far = self._from(goal, limit)
        seen = np.array(sorted(far), dtype=int)
        if len(seen) and not direct.all():
            left = np.flatnonzero(~direct)
            row = np.repeat(left, len(seen))
            index = np.tile(seen, len(left))
            a, b = starts[row], self._corners[index]
            lengths = np.hypot(*(b - a).T) + np.tile([far[int(n)] for n in seen], len(left))
            # a shortest walk leaves its start towards a corner it is tangent to
            near = (lengths <= limit) & self._tangent(index, a - b)
            row, index, a, b, lengths = row[near], index[near], a[near], b[near], lengths[near]
            ok = self.clear(a, b)
            np.minimum.at(out, row[ok], lengths[ok])
        out[out > limit] = np.inf
        return out

    def _from(self, goal: BaseGeometry, limit: float) -> dict[int, float]:
        """The shortest walk from ``goal`` to every corner no farther than ``limit``: the goal joined to the
        visibility graph for one Dijkstra, then taken off again (joining it to a copy cost more than the walk)."""
        self._link(self._graph, _GOAL, goal)
        try:
            far = nx.single_source_dijkstra_path_length(self._graph, _GOAL, cutoff=limit)
        finally:
            self._graph.remove_node(_GOAL)
        del far[_GOAL]
        return far

    def _link(self, graph: nx.Graph, name: str, area: BaseGeometry) -> dict[int, tuple[float, float]]:
        """Join ``name`` to every corner that sees its nearest point of ``area``; those points, by corner."""
        graph.add_node(name)
        corners = self._corners
        if not len(corners):
            return {}
        lines = shapely.shortest_line(shapely.points(corners), area)
        coords = shapely.get_coordinates(lines).reshape(-1, 2, 2)
        lengths = np.asarray(shapely.length(lines), dtype=float)
        ok = self.clear(coords[:, 0], coords[:, 1])
        out = {}
        for index in np.flatnonzero(ok).tolist():
            graph.add_edge(name, index, weight=float(lengths[index]))
            out[index] = (float(coords[index, 1, 0]), float(coords[index, 1, 1]))
        return out


def _grow(footprints: list[BaseGeometry], by: float, discs: Sequence[tuple[float, float, float]] = ()) -> BaseGeometry:
    grown = [g.buffer(by, quad_segs=REACH_QUAD_SEGMENTS) for g in footprints]
    grown += [shapely.Point(x, y).buffer(radius + by, quad_segs=REACH_QUAD_SEGMENTS) for x, y, radius in discs]
    return shapely.union_all(grown) if grown else Polygon()


def _unit(v: np.ndarray) -> np.ndarray:
    return np.asarray(v / np.maximum(np.hypot(v[:, 0], v[:, 1]), 1e-12)[:, None])


def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return np.asarray(u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0])


def _corners(free: BaseGeometry) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every distinct vertex of the free space's rings, sorted (so graphs are built the same way each run),
    with its neighbours along its ring; whether it is on more than one ring (a pinch), and whether it is a
    pointed corner of free space (a left turn, free space lying left of every ring as oriented here)."""
    empty, none = np.zeros((0, 2)), np.zeros(0, dtype=bool)
    if free.is_empty:
        return empty, empty, empty, none, none
    points, before, after = [], [], []
    for ring in shapely.get_rings([orient(part, 1.0) for part in shapely.get_parts(free)]):
        coords = np.asarray(shapely.get_coordinates(ring))[:-1]
        if len(coords) < 3:
            continue
        points.append(coords)
        before.append(np.roll(coords, 1, axis=0))
        after.append(np.roll(coords, -1, axis=0))
    if not points:
        return empty, empty, empty, none, none
    every, previous, following = np.concatenate(points), np.concatenate(before), np.concatenate(after)
    pointed = _cross(every - previous, following - every) > 0
    _, first, counts = np.unique(np.round(every, 9), axis=0, return_index=True, return_counts=True)
    return every[first], previous[first], following[first], counts > 1, pointed[first]
