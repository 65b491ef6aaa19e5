"""GRID.md's relations on a floor: step, route, smell and the rib's moves, as neighbour masks.

Everything is derived from three primitives over the floor's edges:

- which edges block (walls, and doors that are closed, depending on the relation);
- the four *arms* at every lattice point P = (i, j): the edges N (V(i, j-1)),
  S (V(i, j)), W (H(i-1, j)) and E (H(i, j)) that meet at P;
- the separation rule: a diagonal through P from NW to SE is separated when
  (N or E) and (W or S) block; from NE to SW when (N or W) and (E or S) block.

A relation is eight masks, one per direction: mask d says for each square (x, y)
whether it is joined to its neighbour in direction d. The compiler, the caches, the
renderer and the engine all use these; nothing else decides adjacency.

A mask is a Python integer, one bit a place (``Frame``): squares, edges and lattice
points of a floor all sit on rows of W + 1 bits, so that moving a whole mask one
square is one shift and checking a mission needs no numpy. ``masks`` gives the same
masks as boolean arrays, for the stages that work on arrays (the caches, the engine's
tables, line of sight).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .board import STANDABLE, Edge, Grid, Terrain

if TYPE_CHECKING:
    import numpy as np

#: The eight directions (dx, dy): four orthogonal, then four diagonal.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
RELATIONS = ("step", "route", "smell", "rib", "landing")


@dataclass(frozen=True)
class Frame:
    """Where each place of a W x H floor is in a mask: bit ``y * (W + 1) + x``.

    Square (x, y), edge H(x, y), edge V(x, y) and lattice point (x, y) all use that bit, so
    a square and the edges and corners around it are a fixed shift apart. Column W is
    never a square (nor an H edge), which keeps a shift sideways from wrapping a row.
    """

    width: int
    height: int

    @property
    def stride(self) -> int:
        return self.width + 1

    @cached_property
    def squares(self) -> int:
        """Every square of the floor."""
        return _rows(self.height, (1 << self.width) - 1, self.stride)

    @cached_property
    def lattice(self) -> int:
        """Every lattice point (and every H and V edge) of the floor."""
        return (1 << (self.height + 1) * self.stride) - 1

    @cached_property
    def sides(self) -> tuple[int, int, int, int]:
        """The lattice points on the floor's border: top row, bottom row, left and right columns."""
        top = (1 << self.stride) - 1
        left = _rows(self.height + 1, 1, self.stride)
        return top, top << self.height * self.stride, left, left << self.width

    def plane(self, buffer: bytearray, cols: int, wanted: Iterable[int]) -> int:
        """The mask of the places of a row-by-row ``buffer`` (``cols`` a row) that hold one of ``wanted``."""
        table = bytearray(b"0" * 256)
        for value in wanted:
            table[value] = ord("1")
        text = bytes(buffer).translate(table)
        pad = b"0" * (self.stride - cols)
        rows = pad.join(text[at:at + cols] for at in range(0, len(text), cols)) + pad
        return int(rows[::-1], 2)

    def terrain(self, grid: Grid, wanted: Iterable[int]) -> int:
        return self.plane(grid.cells, grid.width, wanted)

    def edges(self, grid: Grid, wanted: Iterable[int]) -> tuple[int, int]:
        """The H and V edges of one of the kinds ``wanted``."""
        return self.plane(grid.h_edges, grid.width, wanted), self.plane(grid.v_edges, grid.width + 1, wanted)

    def shift(self, mask: int, dx: int, dy: int) -> int:
        """The squares of ``mask`` moved so that square (x, y) holds what (x + dx, y + dy) held (off the floor: no)."""
        by = dy * self.stride + dx
        return (mask >> by if by >= 0 else mask << -by) & self.squares

    def arms(self, bh: int, bv: int, outside: bool = True) -> tuple[int, int, int, int]:
        """The N, S, W, E arms of every lattice point that are in ``bh``/``bv``; ``outside`` beyond the floor."""
        top, bottom, left, right = self.sides if outside else (0, 0, 0, 0)
        return ((bv << self.stride) | top, bv | bottom, ((bh << 1) & ~self.sides[2]) | left, bh | right)

    def not_separated(self, n: int, s: int, w: int, e: int) -> tuple[int, int]:
        """Per lattice point: may a line pass from NW to SE (first) or from NE to SW (second)."""
        return self.lattice & ~((n | e) & (w | s)), self.lattice & ~((n | w) & (e | s))

    def clear(self, bh: int, bv: int) -> int:
        """The lattice points none of whose arms is in ``bh``/``bv`` (the border counts as one)."""
        n, s, w, e = self.arms(bh, bv)
        return self.lattice & ~(n | s | w | e)

    def places(self, mask: int) -> list[tuple[int, int]]:
        """The places (x, y) of ``mask``, row by row."""
        text, stride = bin(mask)[:1:-1], self.stride
        out, at = [], text.find("1")
        while at >= 0:
            out.append((at % stride, at // stride))
            at = text.find("1", at + 1)
        return out

    def has(self, mask: int, x: int, y: int) -> bool:
        return bool(mask >> (y * self.stride + x) & 1)

    def array(self, mask: int, rows: int, cols: int) -> np.ndarray:
        """``mask`` as a ``rows`` x ``cols`` boolean array (``cols`` is W for squares and H edges, W + 1 else)."""
        import numpy as np

        size = rows * self.stride
        bits = np.unpackbits(np.frombuffer(mask.to_bytes((size + 7) // 8, "little"), np.uint8), bitorder="little")
        return bits[:size].reshape(rows, self.stride)[:, :cols].astype(bool)

    def square_array(self, mask: int) -> np.ndarray:
        return self.array(mask, self.height, self.width)

    def lattice_array(self, mask: int) -> np.ndarray:
        return self.array(mask, self.height + 1, self.width + 1)


def _rows(count: int, row: int, stride: int) -> int:
    """``row`` repeated on ``count`` rows of ``stride`` bits."""
    out = 0
    for y in range(count):
        out |= row << y * stride
    return out


def frame(grid: Grid) -> Frame:
    return Frame(grid.width, grid.height)


@dataclass(frozen=True, eq=False)
class Doors:
    """Which doors are open: the H and V edge masks (``Frame``) of the open ones."""

    h: int
    v: int

    @classmethod
    def closed(cls, grid: Grid) -> Doors:
        return cls(0, 0)

    @classmethod
    def open(cls, grid: Grid) -> Doors:
        return cls(*frame(grid).edges(grid, (Edge.DOOR,)))

    @classmethod
    def of(cls, grid: Grid, edges: Iterable[tuple[str, int, int]]) -> Doors:
        """Doors open on the given edges, as (axis, x, y) with axis "H" or "V"."""
        at, stride = Doors.open(grid), grid.width + 1
        h = v = 0
        for axis, x, y in edges:
            bit = 1 << int(y) * stride + int(x)  # int(): a numpy integer would overflow at 64 bits
            if axis == "H":
                h |= bit
            else:
                v |= bit
        return cls(h & at.h, v & at.v)

    def key(self) -> tuple[int, int]:
        return self.h, self.v


def blocking(grid: Grid, doors: Doors | None) -> tuple[int, int]:
    """Edges that block, H and V: walls, and closed doors (every door counts as open when ``doors`` is None)."""
    f = frame(grid)
    bh, bv = f.edges(grid, (Edge.WALL,))
    if doors is not None:
        dh, dv = f.edges(grid, (Edge.DOOR,))
        bh, bv = bh | (dh & ~doors.h), bv | (dv & ~doors.v)
    return bh, bv


class FloorRelations:
    """The relations of one floor for one state of its doors.

    ``doors`` None means every door open. Masks are computed on first use and kept.
    """

    def __init__(self, grid: Grid, doors: Doors | None = None) -> None:
        self.grid = grid
        self.frame = frame(grid)
        self.doors = doors if doors is not None else Doors.open(grid)

    # --- terrain and edges -------------------------------------------------------------

    @cached_property
    def board_bits(self) -> int:
        return self.frame.terrain(self.grid, [t for t in Terrain if t != Terrain.VOID])

    @cached_property
    def standable_bits(self) -> int:
        return self.frame.terrain(self.grid, STANDABLE)

    @cached_property
    def water_bits(self) -> int:
        return self.frame.terrain(self.grid, (Terrain.WATER,))

    @property
    def standable(self) -> np.ndarray:
        """The squares one may stand on, as an H x W boolean array."""
        return self.frame.square_array(self.standable_bits)

    @cached_property
    def _edges(self) -> dict[Edge, tuple[int, int]]:
        return {kind: self.frame.edges(self.grid, (kind,)) for kind in Edge}

    @cached_property
    def _solid(self) -> tuple[int, int]:
        """Walls and doors, open or not: what no diagonal passes beside."""
        (wh, wv), (dh, dv) = self._edges[Edge.WALL], self._edges[Edge.DOOR]
        return wh | dh, wv | dv

    # --- the masks -------------------------------------------------------------------

    def bits(self, relation: str, skinny: bool = False) -> tuple[int, ...]:
        """The eight masks of ``relation`` (in ``DIRECTIONS``' order), as integers (``Frame``)."""
        return self._skinny if skinny else getattr(self, "_" + relation)

    def masks(self, relation: str, skinny: bool = False) -> tuple[np.ndarray, ...]:
        """The same masks as H x W boolean arrays."""
        return tuple(self.frame.square_array(mask) for mask in self.bits(relation, skinny))

    def mask(self, relation: str, direction: tuple[int, int], skinny: bool = False) -> np.ndarray:
        return self.masks(relation, skinny)[DIRECTIONS.index(direction)]

    def pairs(self, relation: str, skinny: bool = False) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Every square and direction of ``relation`` that joins it to its neighbour: ((x, y), (dx, dy))."""
        return [(square, direction) for direction, mask in zip(DIRECTIONS, self.bits(relation, skinny))
                for square in self.frame.places(mask)]

    @cached_property
    def _step(self) -> tuple[int, ...]:
        """One square of movement: orthogonal through an open edge or open door, diagonal
        only where the lattice point is strictly clear (no wall or door, no void beside)."""
        (oh, ov), (dh, dv) = self._edges[Edge.OPEN], self._edges[Edge.DOOR]
        passable_h, passable_v = oh | (dh & self.doors.h), ov | (dv & self.doors.v)
        clear = self.frame.clear(*self._solid)
        return self._build(self.standable_bits, passable_h, passable_v, clear, clear, need_beside=True)

    @cached_property
    def _skinny(self) -> tuple[int, ...]:
        """Step for a hero with the Skinny perk: also diagonally across an open doorway (a lattice
        point with a door on it), when it is not separated with doors as open and every door at
        it is open. A wall end or corner without a door stays closed to diagonals."""
        f = self.frame
        nwse, nesw = f.not_separated(*f.arms(*self._edges[Edge.WALL]))
        dh, dv = self._edges[Edge.DOOR]
        shut = f.arms(dh & ~self.doors.h, dv & ~self.doors.v, outside=False)
        doors_open = f.lattice & ~(shut[0] | shut[1] | shut[2] | shut[3])
        at_door = f.arms(dh, dv, outside=False)
        across = doors_open & (at_door[0] | at_door[1] | at_door[2] | at_door[3])
        extra = self._build(self.standable_bits, 0, 0, nwse & across, nesw & across, need_beside=True)
        return tuple(b | x for b, x in zip(self._step, extra))

    @cached_property
    def _route(self) -> tuple[int, ...]:
        """Counting distance: doors count as open; only walls block, and a diagonal only
        when both routes around its lattice point are cut."""
        f = self.frame
        bh, bv = self._edges[Edge.WALL]
        nwse, nesw = f.not_separated(*f.arms(bh, bv))
        return self._build(self.standable_bits, f.lattice & ~bh, f.lattice & ~bv, nwse, nesw)

    @cached_property
    def _smell(self) -> tuple[int, ...]:
        """Smell: blocked by walls and closed doors only, diagonals by the separation rule."""
        f = self.frame
        bh, bv = blocking(self.grid, self.doors)
        nwse, nesw = f.not_separated(*f.arms(bh, bv))
        return self._build(self.board_bits, f.lattice & ~bh, f.lattice & ~bv, nwse, nesw)

    @cached_property
    def _rib(self) -> tuple[int, ...]:
        """The rib on open water: orthogonally across an open edge (never an obstacle or wall),
        diagonally past obstacles but not past walls or doors, and only beside water."""
        f, water = self.frame, self.water_bits
        clear = f.clear(*self._solid)
        masks = self._build(water, *self._edges[Edge.OPEN], clear, clear)
        return tuple(mask & (f.shift(water, dx, 0) | f.shift(water, 0, dy)) if dx and dy else mask
                     for (dx, dy), mask in zip(DIRECTIONS, masks))

    @cached_property
    def _landing(self) -> tuple[int, ...]:
        """Boarding or leaving the rib: between a transition square and open water, across an
        open edge, or diagonally where no wall or door meets the lattice point."""
        f, water = self.frame, self.water_bits
        transition = f.terrain(self.grid, (Terrain.TRANSITION,))
        clear = f.clear(*self._solid)
        masks = self._build(transition | water, *self._edges[Edge.OPEN], clear, clear)
        return tuple(m & ((transition & f.shift(water, dx, dy)) | (water & f.shift(transition, dx, dy)))
                     for (dx, dy), m in zip(DIRECTIONS, masks))

    def _build(self, cells: int, ok_h: int, ok_v: int, pass_nwse: int, pass_nesw: int,
               need_beside: bool = False) -> tuple[int, ...]:
        """Masks for the eight directions from edge and lattice-point rules.

        ``cells`` are the squares the relation joins; ``ok_h``/``ok_v`` the edges it
        crosses; ``pass_*`` the lattice points it may cross diagonally. With
        ``need_beside`` the two squares beside a diagonal must be board squares.
        Square (x, y)'s edges and corners are a fixed shift from its bit: V(x + 1, y)
        one bit up, H(x, y + 1) a row up, lattice point (x + 1, y + 1) a row and a bit.
        """
        f = self.frame
        out = []
        for dx, dy in DIRECTIONS:
            mask = cells & f.shift(cells, dx, dy)
            if dx and dy:
                mask &= (pass_nwse if dx == dy else pass_nesw) >> ((dy > 0) * f.stride + (dx > 0))
                if need_beside:
                    mask &= f.shift(self.board_bits, dx, 0) & f.shift(self.board_bits, 0, dy)
            elif dx:
                mask &= ok_v >> (dx > 0)
            else:
                mask &= ok_h >> ((dy > 0) * f.stride)
            out.append(mask)
        return tuple(out)

    # --- single questions ------------------------------------------------------------

    def joined(self, relation: str, a: tuple[int, int], c: tuple[int, int], skinny: bool = False) -> bool:
        """Whether squares ``a`` and ``c`` (x, y) are neighbours in ``relation``."""
        direction = (c[0] - a[0], c[1] - a[1])
        if direction not in DIRECTIONS:
            return False
        return self.frame.has(self.bits(relation, skinny)[DIRECTIONS.index(direction)], *a)

    def neighbours(self, relation: str, square: tuple[int, int], skinny: bool = False) -> list[tuple[int, int]]:
        x, y = square
        return [(x + dx, y + dy) for (dx, dy), mask in zip(DIRECTIONS, self.bits(relation, skinny))
                if self.frame.has(mask, x, y)]
