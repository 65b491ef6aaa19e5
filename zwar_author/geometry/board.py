"""The board: the one representation every stage after parsing shares.

A floor of W x H squares is three byte buffers, row by row:

- ``cells``: H rows of W ``Terrain`` codes, square (x, y) at ``y * W + x``;
- ``h_edges``: H + 1 rows of W edges, edge H(x, y) (between (x, y-1) and (x, y)) at ``y * W + x``;
- ``v_edges``: H rows of W + 1 edges, edge V(x, y) (between (x-1, y) and (x, y)) at ``y * (W + 1) + x``.

Plain bytes, so that checking a mission (the parser, the tile layout, rooms, doors, the
playability proof) never loads numpy (issue 27: `zwar validate` cold). What works on
whole arrays (line of sight, the caches, the renderer, the engine's tables) reads the
same buffers as numpy arrays, ``terrain[y, x]``, ``h[y, x]`` and ``v[y, x]``: views made
on first use that share the memory (a write through one is seen by the other).

This module imports nothing from the package (GRID.md's dependency rule for
geometry), so the compiler, caches, renderer and engine can all build on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

TERRAIN_CHAR: dict[int, str] = {
    Terrain.CORRIDOR: ".",
    Terrain.ROOM: ":",
    Terrain.STAIRS: "=",
    Terrain.WATER: "~",
    Terrain.TRANSITION: "t",
    Terrain.VOID: "#",
}
CHAR_TERRAIN = {c: Terrain(t) for t, c in TERRAIN_CHAR.items()}
H_EDGE_CHAR: dict[int, str] = {Edge.OPEN: " ", Edge.WALL: "-", Edge.DOOR: "D", Edge.OBSTACLE: "*"}
V_EDGE_CHAR: dict[int, str] = {Edge.OPEN: " ", Edge.WALL: "|", Edge.DOOR: "D", Edge.OBSTACLE: "*"}
CHAR_H_EDGE = {c: Edge(e) for e, c in H_EDGE_CHAR.items()}
CHAR_V_EDGE = {c: Edge(e) for e, c in V_EDGE_CHAR.items()}
TERRAIN_NAME = {t: t.name.lower() for t in Terrain}
EDGE_NAME = {e: e.name.lower() for e in Edge}


#: the fields a grid is made of (its numpy views, kept beside them once made, are not)
_GRID_FIELDS = ("width", "height", "cells", "h_edges", "v_edges")


@dataclass(frozen=True, eq=False)
class Grid:
    """Terrain and edges of a W x H rectangle: a tile side or a whole floor.

    The buffers are written only while the grid is being made (the art parser, the
    tile layout, doors a mission places); after that every stage only reads them.
    """

    width: int
    height: int
    cells: bytearray
    h_edges: bytearray
    v_edges: bytearray

    def __post_init__(self) -> None:
        wid, hgt = self.width, self.height
        if (len(self.cells), len(self.h_edges), len(self.v_edges)) != (wid * hgt, (hgt + 1) * wid, hgt * (wid + 1)):
            raise ValueError(f"buffers do not fit a {wid}x{hgt} grid: {len(self.cells)} squares, "
                             f"{len(self.h_edges)} H edges, {len(self.v_edges)} V edges")

    def __getstate__(self) -> dict[str, Any]:
        """The buffers alone: a numpy view pickled beside them would come back a copy, no longer shared."""
        return {name: self.__dict__[name] for name in _GRID_FIELDS}

    @classmethod
    def empty(cls, width: int, height: int) -> Grid:
        return cls(width, height, bytearray(width * height), bytearray((height + 1) * width),
                   bytearray(height * (width + 1)))

    @classmethod
    def of_arrays(cls, terrain: np.ndarray, h: np.ndarray, v: np.ndarray) -> Grid:
        """A grid of three arrays shaped as ``terrain``, ``h`` and ``v`` are (for tools that build one with numpy)."""
        hgt, wid = terrain.shape
        if h.shape != (hgt + 1, wid) or v.shape != (hgt, wid + 1):
            raise ValueError(f"edge arrays do not fit a {wid}x{hgt} grid: h{h.shape} v{v.shape}")
        return cls(wid, hgt, *(bytearray(a.astype("uint8").tobytes()) for a in (terrain, h, v)))

    # --- plain reads and writes (no numpy) ---------------------------------------------

    def terrain_at(self, x: int, y: int) -> int:
        return self.cells[y * self.width + x]

    def edge(self, axis: str, x: int, y: int) -> int:
        """The kind of edge ``axis`` ("H" or "V") at (x, y)."""
        return self.h_edges[y * self.width + x] if axis == "H" else self.v_edges[y * (self.width + 1) + x]

    def set_terrain(self, x: int, y: int, terrain: int) -> None:
        self.cells[y * self.width + x] = terrain

    def set_edge(self, axis: str, x: int, y: int, kind: int) -> None:
        if axis == "H":
            self.h_edges[y * self.width + x] = kind
        else:
            self.v_edges[y * (self.width + 1) + x] = kind

    def squares(self, terrain: int) -> list[tuple[int, int]]:
        """The squares (x, y) of ``terrain``, row by row."""
        return [(i % self.width, i // self.width) for i in _found(self.cells, terrain)]

    def edges(self, kind: int) -> list[tuple[str, int, int]]:
        """The edges (axis, x, y) of ``kind``: H edges, then V, each row by row."""
        wid = self.width
        return ([("H", i % wid, i // wid) for i in _found(self.h_edges, kind)]
                + [("V", i % (wid + 1), i // (wid + 1)) for i in _found(self.v_edges, kind)])

    def has_board(self) -> bool:
        """Whether any square is not void."""
        return self.cells.count(Terrain.VOID) < len(self.cells)

    def copy(self) -> Grid:
        return Grid(self.width, self.height, self.cells[:], self.h_edges[:], self.v_edges[:])

    def rotated(self, degrees: int) -> Grid:
        """This grid turned clockwise by 0, 90, 180 or 270 degrees (a new grid).

        Turning clockwise maps square (x, y) of a W x H grid to (H-1-y, x);
        horizontal edges become vertical ones and the other way round.
        """
        if degrees % 90 or not 0 <= degrees < 360:
            raise ValueError(f"rotation must be 0, 90, 180 or 270, not {degrees}")
        grid = self.copy()
        for _ in range(degrees // 90):
            wid, hgt = grid.width, grid.height
            grid = Grid(hgt, wid, _turned(grid.cells, hgt, wid), _turned(grid.v_edges, hgt, wid + 1),
                        _turned(grid.h_edges, hgt + 1, wid))
        return grid

    def equals(self, other: Grid) -> bool:
        return (self.width, self.height, self.cells, self.h_edges, self.v_edges) == (
            other.width, other.height, other.cells, other.h_edges, other.v_edges)

    # --- the same buffers as numpy arrays, for the stages that work on whole arrays -----

    @cached_property
    def terrain(self) -> np.ndarray:
        """``terrain[y, x]``, H x W."""
        return _view(self.cells, self.height, self.width)

    @cached_property
    def h(self) -> np.ndarray:
        """``h[y, x]``, H + 1 x W."""
        return _view(self.h_edges, self.height + 1, self.width)

    @cached_property
    def v(self) -> np.ndarray:
        """``v[y, x]``, H x W + 1."""
        return _view(self.v_edges, self.height, self.width + 1)

    def doors(self) -> tuple[list[tuple[str, int, int]], np.ndarray, np.ndarray]:
        """The floor's doors in a fixed order (H edges, then V, each by row then column),
        with index arrays shaped like the edge arrays (-1 where there is no door)."""
        import numpy as np

        found = self.edges(Edge.DOOR)
        h_index = np.full(self.h.shape, -1, np.int32)
        v_index = np.full(self.v.shape, -1, np.int32)
        for number, (axis, x, y) in enumerate(found):
            (h_index if axis == "H" else v_index)[y, x] = number
        return found, h_index, v_index


def _found(buffer: bytearray, value: int) -> list[int]:
    """The offsets in ``buffer`` that hold ``value``, in order."""
    out, at = [], buffer.find(value)
    while at >= 0:
        out.append(at)
        at = buffer.find(value, at + 1)
    return out


def _turned(buffer: bytearray, rows: int, cols: int) -> bytearray:
    """A ``rows`` x ``cols`` buffer turned a quarter clockwise (``cols`` x ``rows``): new[r][c] = old[rows-1-c][r]."""
    return bytearray(buffer[(rows - 1 - c) * cols + r] for r in range(cols) for c in range(rows))


def _view(buffer: bytearray, rows: int, cols: int) -> np.ndarray:
    import numpy as np

    return np.frombuffer(buffer, np.uint8).reshape(rows, cols)


@dataclass(frozen=True, eq=False)
class Floor:
    """One compiled floor: its grid with borders sealed, and its rooms."""

    id: str
    grid: Grid
    #: room number per square, row by row: 0 outside rooms, k for room ``R{k}``.
    room_numbers: tuple[int, ...] = field(repr=False)

    def room_at(self, x: int, y: int) -> int:
        return self.room_numbers[y * self.grid.width + x]

    @property
    def rooms(self) -> np.ndarray:
        """The room numbers as an H x W array (for the caches)."""
        import numpy as np

        return np.array(self.room_numbers, np.int32).reshape(self.grid.height, self.grid.width)


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
    wid, hgt, cells = grid.width, grid.height, grid.cells
    board = [[cells[y * wid + x] != Terrain.VOID for x in range(wid)] for y in range(hgt)]
    out = grid.copy()
    for y in range(hgt + 1):
        for x in range(wid):
            if not (0 < y < hgt and board[y - 1][x] and board[y][x]):
                out.set_edge("H", x, y, Edge.WALL)
    for y in range(hgt):
        for x in range(wid + 1):
            if not (0 < x < wid and board[y][x - 1] and board[y][x]):
                out.set_edge("V", x, y, Edge.WALL)
    return out
