"""The board as arrays: the one representation every stage after parsing shares.

A floor of W x H squares is three uint8 arrays:

- ``terrain[y, x]``: one of the ``Terrain`` codes;
- ``h[y, x]`` for 0 <= y <= H, 0 <= x < W: edge H(x, y), between (x, y-1) and (x, y);
- ``v[y, x]`` for 0 <= y < H, 0 <= x <= W: edge V(x, y), between (x-1, y) and (x, y).

This module imports nothing from the package (GRID.md's dependency rule for
geometry), so the compiler, caches, renderer and engine can all build on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

import numpy as np


class Terrain(IntEnum):
    VOID = 0
    CORRIDOR = 1
    ROOM = 2
    STAIRS = 3
    WATER = 4
    TRANSITION = 5


class Edge(IntEnum):
    OPEN = 0
    WALL = 1
    DOOR = 2
    OBSTACLE = 3


#: Terrain a hero or an infected may stand on (GRID.md, relation 1).
STANDABLE = frozenset({Terrain.CORRIDOR, Terrain.ROOM, Terrain.STAIRS, Terrain.TRANSITION})

TERRAIN_CHAR = {
    Terrain.CORRIDOR: ".",
    Terrain.ROOM: ":",
    Terrain.STAIRS: "=",
    Terrain.WATER: "~",
    Terrain.TRANSITION: "t",
    Terrain.VOID: "#",
}
CHAR_TERRAIN = {c: t for t, c in TERRAIN_CHAR.items()}
H_EDGE_CHAR = {Edge.OPEN: " ", Edge.WALL: "-", Edge.DOOR: "D", Edge.OBSTACLE: "*"}
V_EDGE_CHAR = {Edge.OPEN: " ", Edge.WALL: "|", Edge.DOOR: "D", Edge.OBSTACLE: "*"}
CHAR_H_EDGE = {c: e for e, c in H_EDGE_CHAR.items()}
CHAR_V_EDGE = {c: e for e, c in V_EDGE_CHAR.items()}
TERRAIN_NAME = {t: t.name.lower() for t in Terrain}
EDGE_NAME = {e: e.name.lower() for e in Edge}


@dataclass(frozen=True, eq=False)
class Grid:
    """Terrain and edges of a W x H rectangle: a tile side or a whole floor."""

    terrain: np.ndarray
    h: np.ndarray
    v: np.ndarray

    def __post_init__(self) -> None:
        hgt, wid = self.terrain.shape
        if self.h.shape != (hgt + 1, wid) or self.v.shape != (hgt, wid + 1):
            raise ValueError(
                f"edge arrays do not fit a {wid}x{hgt} grid: h{self.h.shape} v{self.v.shape}"
            )

    @property
    def width(self) -> int:
        return int(self.terrain.shape[1])

    @property
    def height(self) -> int:
        return int(self.terrain.shape[0])

    @classmethod
    def empty(cls, width: int, height: int) -> Grid:
        return cls(
            np.zeros((height, width), np.uint8),
            np.zeros((height + 1, width), np.uint8),
            np.zeros((height, width + 1), np.uint8),
        )

    def rotated(self, degrees: int) -> Grid:
        """This grid turned clockwise by 0, 90, 180 or 270 degrees.

        Turning clockwise maps square (x, y) of a W x H grid to (H-1-y, x);
        horizontal edges become vertical ones and the other way round.
        """
        if degrees % 90 or not 0 <= degrees < 360:
            raise ValueError(f"rotation must be 0, 90, 180 or 270, not {degrees}")
        grid = self
        for _ in range(degrees // 90):
            grid = Grid(np.rot90(grid.terrain, -1), np.rot90(grid.v, -1), np.rot90(grid.h, -1))
        return Grid(*(np.ascontiguousarray(a) for a in (grid.terrain, grid.h, grid.v)))

    def doors(self) -> tuple[list[tuple[str, int, int]], np.ndarray, np.ndarray]:
        """The floor's doors in a fixed order (H edges, then V, each by row then column),
        with index arrays shaped like the edge arrays (-1 where there is no door)."""
        found = [("H", int(x), int(y)) for y, x in zip(*np.nonzero(self.h == Edge.DOOR))]
        found += [("V", int(x), int(y)) for y, x in zip(*np.nonzero(self.v == Edge.DOOR))]
        h_index = np.full(self.h.shape, -1, np.int32)
        v_index = np.full(self.v.shape, -1, np.int32)
        for number, (axis, x, y) in enumerate(found):
            (h_index if axis == "H" else v_index)[y, x] = number
        return found, h_index, v_index

    def equals(self, other: Grid) -> bool:
        return all(
            np.array_equal(a, b)
            for a, b in ((self.terrain, other.terrain), (self.h, other.h), (self.v, other.v))
        )


@dataclass(frozen=True, eq=False)
class Floor:
    """One compiled floor: its grid with borders sealed, and its rooms."""

    id: str
    grid: Grid
    #: room number per square: 0 outside rooms, k for room ``R{k}``.
    rooms: np.ndarray = field(repr=False)


@dataclass(frozen=True, eq=False)
class Board:
    """All floors of a mission and the stair links between them."""

    floors: tuple[Floor, ...]
    #: symmetric links between stairs squares: ((floor, x, y), (floor, x, y)).
    stairs: tuple[tuple[tuple[str, int, int], tuple[str, int, int]], ...] = ()

    def floor(self, floor_id: str) -> Floor:
        for f in self.floors:
            if f.id == floor_id:
                return f
        raise KeyError(floor_id)


def seal(grid: Grid) -> Grid:
    """A copy of ``grid`` with walls on the outer border and around void squares."""
    board = grid.terrain != Terrain.VOID
    h, v = grid.h.copy(), grid.v.copy()
    above = np.vstack([np.zeros((1, grid.width), bool), board])
    below = np.vstack([board, np.zeros((1, grid.width), bool)])
    h[~(above & below)] = Edge.WALL
    left = np.hstack([np.zeros((grid.height, 1), bool), board])
    right = np.hstack([board, np.zeros((grid.height, 1), bool)])
    v[~(left & right)] = Edge.WALL
    return Grid(grid.terrain.copy(), h, v)
