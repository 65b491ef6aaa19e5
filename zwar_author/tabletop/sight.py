"""Sight across the table: Blocking terrain stops it, Low terrain gives cover.

Sight is judged on straight lines over the footprints seen from above. A line
is blocked when it enters a Blocking footprint deeper than EPSILON (so a line
grazing a corner or running along a wall still sees), and gives cover when it
enters a Low footprint the viewer is not touching (a model in base contact with
a wall shoots over it). A hollow Building blocks with its walls only, and its
doors and windows give cover; a solid one blocks whole.
"""

from __future__ import annotations

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


class SightLines:
    """The sight rules over one layout of pieces, built once and asked many times (vectorized with numpy)."""

    def __init__(self, pieces: Sequence[PlacedPiece]) -> None:
        blocking = [p.solid_inner for p in pieces if p.kind is TerrainKind.BLOCKING]
        self._blocking = shapely.union_all(blocking) if blocking else None
        if self._blocking is not None:
            shapely.prepare(self._blocking)
        self._low: list[tuple[BaseGeometry, BaseGeometry]] = [
            (p.inner, p.geometry) for p in pieces if p.kind is TerrainKind.LOW]
        self._low += [(p.gaps.buffer(-EPSILON, join_style="mitre"), p.gaps) for p in pieces
                      if p.kind is TerrainKind.BLOCKING and not p.gaps.is_empty]
        for inner, _ in self._low:
            shapely.prepare(inner)

    def lines(self, starts: np.ndarray, ends: np.ndarray, contact: float = 0.0) -> np.ndarray:
        """A ``Sight`` value (as int8) for each line from ``starts[i]`` to ``ends[i]`` (arrays of shape (n, 2)).

        ``contact`` is how far the viewer reaches (its base radius): Low terrain
        within that distance of a start point gives no cover to that line.
        """
        starts = np.asarray(starts, dtype=float).reshape(-1, 2)
        ends = np.asarray(ends, dtype=float).reshape(-1, 2)
        result = np.zeros(len(starts), dtype=np.int8)
        if not len(starts):
            return result
        segments = shapely.linestrings(np.stack([starts, ends], axis=1))
        origins = shapely.points(starts)
        for inner, outline in self._low:
            crossed = shapely.intersects(segments, inner)
            touching = shapely.distance(origins, outline) <= contact + EPSILON
            result[crossed & ~touching] = Sight.COVER
        if self._blocking is not None:
            result[shapely.intersects(segments, self._blocking)] = Sight.BLOCKED
        return result

    def between(self, a: Position, b: Position) -> Sight:
        """Sight from point ``a`` to point ``b``."""
        return Sight(int(self.lines(np.array([[float(a.x), float(a.y)]]), np.array([[float(b.x), float(b.y)]]))[0]))

    def between_bases(self, a: Position, a_base: Base, b: Position, b_base: Base) -> Sight:
        """Sight from model ``a`` to model ``b``, seen from above over their round bases.

        Three lines are drawn, centre to centre and along both sides (edge to
        edge): blocked when all three are, cover when some line is blocked or
        crosses Low terrain (the target is partly hidden), clear otherwise.
        """
        ax, ay, bx, by = float(a.x), float(a.y), float(b.x), float(b.y)
        length = float(np.hypot(bx - ax, by - ay))
        nx, ny = ((ay - by) / length, (bx - ax) / length) if length > EPSILON else (0.0, 0.0)
        ra, rb = float(a_base.radius), float(b_base.radius)
        starts = np.array([[ax, ay], [ax + nx * ra, ay + ny * ra], [ax - nx * ra, ay - ny * ra]])
        ends = np.array([[bx, by], [bx + nx * rb, by + ny * rb], [bx - nx * rb, by - ny * rb]])
        found = self.lines(starts, ends, contact=ra)
        if (found == Sight.BLOCKED).all():
            return Sight.BLOCKED
        return Sight.COVER if found.any() else Sight.CLEAR

    def seen_from(self, viewers: np.ndarray, targets: np.ndarray, chunk: int = 20000) -> np.ndarray:
        """For each target point, the best sight any viewer point has of it (a ``Sight`` per target)."""
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
            found = self.lines(starts, ends).reshape(len(block), len(viewers))
            best[first:first + per] = found.min(axis=1)
        return best
