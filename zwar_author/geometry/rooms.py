"""Rooms (SOURCES.md): connected ':' squares, joined through open edges, numbered R1, R2, ...
by their top-left square in row-major order."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from .board import Edge, Grid, Terrain

#: (dx, dy, axis, edge x offset, edge y offset): the four orthogonal steps and the edge crossed.
STEPS = ((0, -1, "H", 0, 0), (0, 1, "H", 0, 1), (-1, 0, "V", 0, 0), (1, 0, "V", 1, 0))


@dataclass(frozen=True)
class Room:
    number: int
    squares: tuple[tuple[int, int], ...]  # row-major
    #: boundary edges as (axis, x, y, kind, square outside or None)
    boundary: tuple[tuple[str, int, int, int, tuple[int, int] | None], ...]

    @property
    def doors(self) -> list[tuple[str, int, int]]:
        return sorted({(a, x, y) for a, x, y, kind, _ in self.boundary if kind == Edge.DOOR}, key=edge_order)


def edge_kind(grid: Grid, axis: str, x: int, y: int) -> int:
    return int(grid.h[y, x] if axis == "H" else grid.v[y, x])


def label_rooms(grid: Grid) -> tuple[np.ndarray, list[Room]]:
    """Room number per square (0 outside rooms) and the rooms, numbered in row-major order."""
    labels = np.zeros(grid.terrain.shape, np.int32)
    rooms: list[Room] = []
    is_room = grid.terrain == Terrain.ROOM
    for y0, x0 in zip(*np.nonzero(is_room)):
        if labels[y0, x0]:
            continue
        number = len(rooms) + 1
        labels[y0, x0] = number
        queue, squares, boundary = deque([(int(x0), int(y0))]), [], []
        while queue:
            x, y = queue.popleft()
            squares.append((x, y))
            for dx, dy, axis, ex, ey in STEPS:
                nx, ny = x + dx, y + dy
                kind = edge_kind(grid, axis, x + ex, y + ey)
                inside = 0 <= nx < grid.width and 0 <= ny < grid.height
                if kind == Edge.OPEN and inside and is_room[ny, nx]:
                    if not labels[ny, nx]:
                        labels[ny, nx] = number
                        queue.append((nx, ny))
                else:
                    boundary.append((axis, x + ex, y + ey, kind, (nx, ny) if inside else None))
        rooms.append(Room(number, tuple(sorted(squares, key=lambda s: (s[1], s[0]))), tuple(boundary)))
    return labels, rooms


def edge_order(edge: tuple[str, int, int]) -> tuple[int, int, str]:
    axis, x, y = edge
    return (y, x, axis)
