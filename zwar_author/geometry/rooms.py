"""Rooms (SOURCES.md): connected ':' squares, joined through open edges, numbered R1, R2, ...
by their top-left square in row-major order."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

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
    return grid.edge(axis, x, y)


def label_rooms(grid: Grid) -> tuple[tuple[int, ...], list[Room]]:
    """Room number per square, row by row (0 outside rooms), and the rooms, numbered in row-major order."""
    wid, hgt = grid.width, grid.height
    labels = [0] * (wid * hgt)
    rooms: list[Room] = []
    for x0, y0 in grid.squares(Terrain.ROOM):
        if labels[y0 * wid + x0]:
            continue
        number = len(rooms) + 1
        labels[y0 * wid + x0] = number
        queue, squares, boundary = deque([(x0, y0)]), [], []
        while queue:
            x, y = queue.popleft()
            squares.append((x, y))
            for dx, dy, axis, ex, ey in STEPS:
                nx, ny = x + dx, y + dy
                kind = grid.edge(axis, x + ex, y + ey)
                inside = 0 <= nx < wid and 0 <= ny < hgt
                if kind == Edge.OPEN and inside and grid.terrain_at(nx, ny) == Terrain.ROOM:
                    if not labels[ny * wid + nx]:
                        labels[ny * wid + nx] = number
                        queue.append((nx, ny))
                else:
                    boundary.append((axis, x + ex, y + ey, kind, (nx, ny) if inside else None))
        rooms.append(Room(number, tuple(sorted(squares, key=lambda s: (s[1], s[0]))), tuple(boundary)))
    return tuple(labels), rooms


def edge_order(edge: tuple[str, int, int]) -> tuple[int, int, str]:
    axis, x, y = edge
    return (y, x, axis)
