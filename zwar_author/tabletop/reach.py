"""Reach: how far a model walks to get from one place to another, around Blocking terrain.

The model's base centre moves in free space: the table shrunk by the base's
radius, minus every Blocking footprint grown by that radius. The shortest walk
through such a space bends only at corners of that space, so the walk is found
on a visibility graph (corners joined when the straight line between them stays
free) with Dijkstra's algorithm (networkx).

Exactness: a gap exactly one base wide is passable (the walk may touch terrain,
the straight lines are tested against footprints grown by the radius less
EPSILON). Grown corners are polygons of ``QUAD_SEGMENTS`` segments per quarter
circle, inscribed in the true circle, so a walk may pass up to 2% of the radius
closer to a terrain corner than a real base could (0.01" for a 1" base).
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

from .measure import EPSILON
from .table import QUAD_SEGMENTS, Base, PlacedPiece, Table, TerrainKind

_START, _GOAL = "start", "goal"


class Reach:
    """Walking distances for models on one base size over one layout, built once and asked many times."""

    def __init__(self, table: Table, pieces: Sequence[PlacedPiece], base: Base) -> None:
        r = float(base.radius)
        width, depth = float(table.width), float(table.depth)
        self.radius = r
        self.domain: BaseGeometry = (
            shapely.box(r, r, width - r, depth - r) if 2 * r <= min(width, depth) else Polygon()
        )
        blocking = [p.geometry for p in pieces if p.kind is TerrainKind.BLOCKING]
        grown = shapely.union_all([g.buffer(r, quad_segs=QUAD_SEGMENTS) for g in blocking]) if blocking else Polygon()
        #: Where a base centre may stand.
        self.free: BaseGeometry = self.domain.difference(grown)
        tight = shapely.union_all([g.buffer(r - EPSILON, quad_segs=QUAD_SEGMENTS) for g in blocking]) if blocking else Polygon()
        self._tolerant = self.domain.buffer(EPSILON, join_style="mitre").difference(tight)
        shapely.prepare(self._tolerant)
        self._corners = _corners(self.free)
        self._graph = self._visibility_graph()

    def clear(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Whether each straight walk ``starts[i] -> ends[i]`` stays in free space."""
        if not len(starts):
            return np.zeros(0, dtype=bool)
        segments = shapely.linestrings(np.stack([np.asarray(starts, float), np.asarray(ends, float)], axis=1))
        return np.asarray(shapely.covered_by(segments, self._tolerant), dtype=bool)

    def _visibility_graph(self) -> nx.Graph:
        graph = nx.Graph()
        corners = self._corners
        graph.add_nodes_from(range(len(corners)))
        if len(corners) < 2:
            return graph
        i, j = np.triu_indices(len(corners), k=1)
        ok = self.clear(corners[i], corners[j])
        lengths = np.hypot(*(corners[j[ok]] - corners[i[ok]]).T)
        graph.add_weighted_edges_from(zip(i[ok].tolist(), j[ok].tolist(), lengths.tolist(), strict=True))
        return graph

    def stands(self, area: BaseGeometry) -> BaseGeometry:
        """The part of ``area`` where a base centre may stand."""
        return self.free.intersection(area)

    def distance(self, start: BaseGeometry, goal: BaseGeometry) -> float | None:
        """The shortest walk of a base centre from anywhere in ``start`` to anywhere in ``goal``; None if none.

        Both are areas (or points) in table inches; only their parts in free
        space count, so a goal inside Blocking terrain is never reached.
        """
        start, goal = self.stands(start), self.stands(goal)
        if start.is_empty or goal.is_empty:
            return None
        if start.intersects(goal):
            return 0.0
        graph = self._graph.copy()
        self._link(graph, _START, start)
        self._link(graph, _GOAL, goal)
        direct = shapely.shortest_line(start, goal)
        ends = np.asarray(direct.coords)
        if self.clear(ends[:1], ends[1:])[0]:
            graph.add_edge(_START, _GOAL, weight=float(direct.length))
        try:
            return float(nx.dijkstra_path_length(graph, _START, _GOAL))
        except nx.NetworkXNoPath:
            return None

    def _link(self, graph: nx.Graph, name: str, area: BaseGeometry) -> None:
        """Join ``name`` to every corner that sees its nearest point of ``area``."""
        graph.add_node(name)
        corners = self._corners
        if not len(corners):
            return
        lines = shapely.shortest_line(shapely.points(corners), area)
        coords = shapely.get_coordinates(lines).reshape(-1, 2, 2)
        ok = self.clear(coords[:, 0], coords[:, 1])
        for index in np.flatnonzero(ok).tolist():
            graph.add_edge(name, index, weight=float(shapely.length(lines[index])))


def _corners(free: BaseGeometry) -> np.ndarray:
    """Every distinct vertex of the free space's rings, sorted (so graphs are built the same way each run)."""
    if free.is_empty:
        return np.zeros((0, 2))
    rings = shapely.get_rings(shapely.get_parts(free))
    points = shapely.get_coordinates(rings)
    return np.unique(np.round(points, 9), axis=0)
