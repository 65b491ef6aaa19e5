"""What a designer asks of a table layout: where an area's models can see, cell by cell.

The table is cut into square cells (1" by default); an area is sampled at
viewpoints (every 2" by default, only where a base may stand). A cell's heat
is the share of viewpoints that see its centre (in the open or in cover); the
area sees a cell when any viewpoint does.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ..tabletop import Sight, SightLines, Table


@dataclass(frozen=True)
class SightMap:
    """Per cell (rows top to bottom, columns left to right): the share of viewpoints that see it."""

    cell: float
    heat: np.ndarray  # float, shape (rows, cols)
    viewpoints: np.ndarray  # (n, 2)

    @property
    def seen(self) -> float:
        """The share of the table's cells seen from at least one viewpoint."""
        return float((self.heat > 0).mean()) if self.heat.size else 0.0


def cell_centres(table: Table, cell: float = 1.0) -> np.ndarray:
    """Cell centres, shape (rows, cols, 2); a last partial row or column is left out."""
    cols, rows = int(float(table.width) // cell), int(float(table.depth) // cell)
    xs = (np.arange(cols) + 0.5) * cell
    ys = (np.arange(rows) + 0.5) * cell
    grid = np.stack(np.meshgrid(xs, ys), axis=-1)
    return grid.reshape(rows, cols, 2)


def viewpoints(area: BaseGeometry, free: BaseGeometry, spacing: float = 2.0) -> np.ndarray:
    """Points every ``spacing`` inches in ``area`` where a base may stand, centred in it; a point of it if none."""
    stand = area.intersection(free)
    if stand.is_empty:
        return np.zeros((0, 2))
    minx, miny, maxx, maxy = stand.bounds
    xs, ys = _centred(minx, maxx, spacing), _centred(miny, maxy, spacing)
    points = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    inside = shapely.covers(stand, shapely.points(points)) if len(points) else np.zeros(0, dtype=bool)
    points = points[inside]
    if not len(points):
        points = np.asarray(shapely.get_coordinates(stand.representative_point()))
    return points


def _centred(low: float, high: float, spacing: float) -> np.ndarray:
    """Points ``spacing`` apart, centred between ``low`` and ``high`` (so mirrored areas get mirrored points)."""
    count = max(1, int((high - low) // spacing) + 1)
    first = low + (high - low - (count - 1) * spacing) / 2
    return first + np.arange(count) * spacing


def sight_map(sight: SightLines, table: Table, viewers: np.ndarray, cell: float = 1.0) -> SightMap:
    """How each cell of the table is seen from ``viewers``."""
    centres = cell_centres(table, cell)
    rows, cols = centres.shape[:2]
    targets = centres.reshape(-1, 2)
    if not len(viewers):
        return SightMap(cell, np.zeros((rows, cols)), viewers)
    starts = np.repeat(viewers[None, :, :], len(targets), axis=0).reshape(-1, 2)
    ends = np.repeat(targets, len(viewers), axis=0)
    found = sight.lines(starts, ends).reshape(len(targets), len(viewers))
    heat = (found != Sight.BLOCKED).mean(axis=1).reshape(rows, cols)
    return SightMap(cell, heat, viewers)
