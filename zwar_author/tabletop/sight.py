"""Sight across the table: Blocking terrain stops it, Low terrain gives cover.

Sight is judged on straight lines over the footprints seen from above. A line
is blocked when it enters a Blocking footprint deeper than EPSILON (so a line
grazing a corner or running along a wall still sees), and gives cover when it
enters a Low footprint the viewer is not touching (a model in base contact with
a wall shoots over it). A hollow Building blocks with its walls only, and its
doors and windows give cover; a solid one blocks whole.

A line may also run between heights (``levels``: its height above the
ground at each end, a model standing on a building's floor): then a piece
stands in the way only of the stretch of the line that passes over its
footprint lower than its top (its ``height``; a piece with no height given
stands in the way of every line over it, as seen from above). A line on the
ground is below every piece, so it is judged as from above; the height of a
straight line is linear along it, so its lowest point over a footprint is
at one end of the stretch over it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import IntEnum

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from .measure import EPSILON
from .table import Base, PlacedPiece, Position, TerrainKind


class Sight(IntEnum):
    """What a line of sight finds, ordered from best to worst for the viewer."""

    CLEAR = 0
    COVER = 1
    BLOCKED = 2


def top(piece: PlacedPiece) -> float:
    """How high a piece stands in the way of a line: its height, or (none given) above any line."""
    return float(piece.piece.height) if piece.piece.height > 0 else math.inf


def in_the_way(segments: np.ndarray, starts: np.ndarray, ends: np.ndarray, levels: np.ndarray | None,
               area: BaseGeometry, height: float) -> np.ndarray:
    """For each line, whether ``area`` (a footprint, shrunk by EPSILON) stands in its way: the line crosses
    it and, with ``levels`` (each line's height at its start and end), passes over it lower than ``height``
    somewhere (a line grazing the top sees)."""
    crossed = np.asarray(shapely.intersects(segments, area), dtype=bool)
    if levels is None or not crossed.any():
        return crossed
    index = np.flatnonzero(crossed)
    parts = shapely.intersection(segments[index], area)
    points, which = shapely.get_coordinates(parts, return_index=True)
    start, end = starts[index][which], ends[index][which]
    along = end - start
    length = (along * along).sum(axis=1)
    t = np.clip(((points - start) * along).sum(axis=1) / np.where(length > 0, length, 1.0), 0.0, 1.0)
    low, high = levels[index][which, 0], levels[index][which, 1]
    lowest = levels[index].min(axis=1)  # a line shapely gives no stretch of (a point on the table): its ends
    seen = np.zeros(len(index), dtype=bool)
    seen[which] = True
    lowest[seen] = math.inf
    np.minimum.at(lowest, which, low + t * (high - low))
    crossed[index] = lowest < height - EPSILON
    return crossed


class SightLines:
    """The sight rules over one layout of pieces, built once and asked many times (vectorized with numpy)."""

    def __init__(self, pieces: Sequence[PlacedPiece]) -> None:
        blocking = [p.solid_inner for p in pieces if p.kind is TerrainKind.BLOCKING]
        self._blocking = shapely.union_all(blocking) if blocking else None
        if self._blocking is not None:
            shapely.prepare(self._blocking)
        # each Blocking piece with its top, for lines between heights
        self._tall: list[tuple[BaseGeometry, float]] = [
            (p.solid_inner, top(p)) for p in pieces if p.kind is TerrainKind.BLOCKING]
        # what gives cover: (inside it, its outline, its top)
        self._low: list[tuple[BaseGeometry, BaseGeometry, float]] = [
            (p.inner, p.geometry, top(p)) for p in pieces if p.kind is TerrainKind.LOW]
        self._low += [(p.gaps.buffer(-EPSILON, join_style="mitre"), p.gaps, top(p)) for p in pieces
                      if p.kind is TerrainKind.BLOCKING and not p.gaps.is_empty]
        for inner, _, _ in self._low:
            shapely.prepare(inner)
        for inner, _ in self._tall:
            shapely.prepare(inner)

    def lines(self, starts: np.ndarray, ends: np.ndarray, contact: float = 0.0,
              levels: np.ndarray | None = None) -> np.ndarray:
        """A ``Sight`` value (as int8) for each line from ``starts[i]`` to ``ends[i]`` (arrays of shape (n, 2)).

        ``contact`` is how far the viewer reaches (its base radius): Low terrain
        within that distance of a start point gives no cover to that line
        (unless the viewer stands above its top). ``levels`` (shape (n, 2)):
        each line's height above the ground at its start and at its end
        (None, or all 0: on the ground).
        """
        starts = np.asarray(starts, dtype=float).reshape(-1, 2)
        ends = np.asarray(ends, dtype=float).reshape(-1, 2)
        result = np.zeros(len(starts), dtype=np.int8)
        if not len(starts):
            return result
        if levels is not None:
            levels = np.asarray(levels, dtype=float).reshape(-1, 2)
            if not levels.any():
                levels = None
        segments = np.asarray(shapely.linestrings(np.stack([starts, ends], axis=1)), dtype=object)
        origins = shapely.points(starts)
        for inner, outline, height in self._low:
            crossed = in_the_way(segments, starts, ends, levels, inner, height)
            touching = shapely.distance(origins, outline) <= contact + EPSILON
            if levels is not None:
                touching &= levels[:, 0] < height - EPSILON  # a viewer above the cover does not touch it
            result[crossed & ~touching] = Sight.COVER
        if levels is None:
            if self._blocking is not None:
                result[shapely.intersects(segments, self._blocking)] = Sight.BLOCKED
            return result
        for inner, height in self._tall:
            result[in_the_way(segments, starts, ends, levels, inner, height)] = Sight.BLOCKED
        return result

    def between(self, a: Position, b: Position) -> Sight:
        """Sight from point ``a`` to point ``b``."""
        return Sight(int(self.lines(np.array([[float(a.x), float(a.y)]]), np.array([[float(b.x), float(b.y)]]))[0]))

    def between_bases(self, a: Position, a_base: Base, b: Position, b_base: Base,
                      levels: tuple[float, float] = (0.0, 0.0)) -> Sight:
        """Sight from model ``a`` to model ``b`` over their round bases, ``levels`` the heights they stand at
        (the ground: seen from above).

        Three lines are drawn, centre to centre and along both sides (edge to
        edge): blocked when all three are, cover when some line is blocked or
        crosses Low terrain (the target is partly hidden), clear otherwise.
        """
        starts, ends = three_lines(a, a_base, b, b_base)
        found = self.lines(starts, ends, contact=float(a_base.radius), levels=np.array([levels] * 3, dtype=float))
        if (found == Sight.BLOCKED).all():
            return Sight.BLOCKED
        return Sight.COVER if found.any() else Sight.CLEAR

    def seen_from(self, viewers: np.ndarray, targets: np.ndarray, chunk: int = 20000,
                  heights: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
        """For each target point, the best sight any viewer point has of it (a ``Sight`` per target);
        ``heights``: the viewers' height above the ground and the targets' (the ground: seen from above)."""
        viewers = np.asarray(viewers, dtype=float).reshape(-1, 2)
        targets = np.asarray(targets, dtype=float).reshape(-1, 2)
        best = np.full(len(targets), Sight.BLOCKED, dtype=np.int8)
        if not len(viewers):
            return best
        per = max(1, chunk // len(viewers))
        for first in range(0, len(targets), per):
            block = targets[first:first + per]
            starts = np.repeat(viewers[None, :, :], len(block), axis=0).reshape(-1, 2)
            ends = np.repeat(block, len(viewers), axis=0)
            levels = np.broadcast_to(np.array(heights, dtype=float), (len(starts), 2))
            found = self.lines(starts, ends, levels=levels).reshape(len(block), len(viewers))
            best[first:first + per] = found.min(axis=1)
        return best


def three_lines(a: Position, a_base: Base, b: Position, b_base: Base) -> tuple[np.ndarray, np.ndarray]:
    """The lines between two round bases: centre to centre and along both sides (edge to edge); the same
    three lines, ends swapped, from ``b`` to ``a``."""
    ax, ay, bx, by = float(a.x), float(a.y), float(b.x), float(b.y)
    length = float(np.hypot(bx - ax, by - ay))
    nx, ny = ((ay - by) / length, (bx - ax) / length) if length > EPSILON else (0.0, 0.0)
    ra, rb = float(a_base.radius), float(b_base.radius)
    starts = np.array([[ax, ay], [ax + nx * ra, ay + ny * ra], [ax - nx * ra, ay - ny * ra]])
    ends = np.array([[bx, by], [bx + nx * rb, by + ny * rb], [bx - nx * rb, by - ny * rb]])
    return starts, ends
