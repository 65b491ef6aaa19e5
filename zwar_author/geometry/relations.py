"""GRID.md's relations on a floor: step, route, smell and the rib's moves, as neighbour masks.

Everything is derived from three primitives over the floor's arrays:

- which edges block (walls, and doors that are closed, depending on the relation);
- the four *arms* at every lattice point P = (i, j): the edges N (V(i, j-1)),
  S (V(i, j)), W (H(i-1, j)) and E (H(i, j)) that meet at P;
- the separation rule: a diagonal through P from NW to SE is separated when
  (N or E) and (W or S) block; from NE to SW when (N or W) and (E or S) block.

A relation is given as eight boolean masks, one per direction: ``mask[d][y, x]``
says whether square (x, y) is joined to its neighbour in direction d. The
compiler, the caches, the renderer and the engine all use these; nothing else
decides adjacency.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .board import STANDABLE, Edge, Grid, Terrain

#: The eight directions (dx, dy): four orthogonal, then four diagonal.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
RELATIONS = ("step", "route", "smell", "rib", "landing")


@dataclass(frozen=True, eq=False)
class Doors:
    """Which doors are open, as boolean arrays shaped like the edge arrays."""

    h: np.ndarray
    v: np.ndarray

    @classmethod
    def closed(cls, grid: Grid) -> Doors:
        return cls(np.zeros(grid.h.shape, bool), np.zeros(grid.v.shape, bool))

    @classmethod
    def open(cls, grid: Grid) -> Doors:
        return cls(grid.h == Edge.DOOR, grid.v == Edge.DOOR)

    @classmethod
    def of(cls, grid: Grid, edges) -> Doors:
        """Doors open on the given edges, as (axis, x, y) with axis "H" or "V"."""
        doors = cls.closed(grid)
        for axis, x, y in edges:
            (doors.h if axis == "H" else doors.v)[y, x] = True
        return cls(doors.h & (grid.h == Edge.DOOR), doors.v & (grid.v == Edge.DOOR))

    def key(self) -> bytes:
        return self.h.tobytes() + self.v.tobytes()


def blocking(grid: Grid, doors: Doors | None) -> tuple[np.ndarray, np.ndarray]:
    """Edges that block: walls, and closed doors (every door counts as open when ``doors`` is None)."""
    bh, bv = grid.h == Edge.WALL, grid.v == Edge.WALL
    if doors is not None:
        bh = bh | ((grid.h == Edge.DOOR) & ~doors.h)
        bv = bv | ((grid.v == Edge.DOOR) & ~doors.v)
    return bh, bv


def arms(bh: np.ndarray, bv: np.ndarray, outside: bool = True) -> tuple[np.ndarray, ...]:
    """The N, S, W, E arms of every lattice point (shape H+1 x W+1); ``outside`` beyond the floor."""
    hgt, wid = bv.shape[0], bh.shape[1]
    n = np.full((hgt + 1, wid + 1), outside)
    s, w, e = n.copy(), n.copy(), n.copy()
    n[1:, :] = bv
    s[:-1, :] = bv
    w[:, 1:] = bh
    e[:, :-1] = bh
    return n, s, w, e


def not_separated(n, s, w, e) -> tuple[np.ndarray, np.ndarray]:
    """Per lattice point: may a line pass from NW to SE (first) or from NE to SW (second)."""
    return ~((n | e) & (w | s)), ~((n | w) & (e | s))


def _shift(mask: np.ndarray, dx: int, dy: int, fill: bool = False) -> np.ndarray:
    """``out[y, x] = mask[y + dy, x + dx]``, ``fill`` where that is off the array."""
    out = np.full(mask.shape, fill)
    hgt, wid = mask.shape
    ys, yd = (slice(dy, None), slice(0, hgt - dy)) if dy >= 0 else (slice(0, hgt + dy), slice(-dy, None))
    xs, xd = (slice(dx, None), slice(0, wid - dx)) if dx >= 0 else (slice(0, wid + dx), slice(-dx, None))
    out[yd, xd] = mask[ys, xs]
    return out


class FloorRelations:
    """The relations of one floor for one state of its doors.

    ``doors`` None means every door open. Masks are computed on first use and kept.
    """

    def __init__(self, grid: Grid, doors: Doors | None = None) -> None:
        self.grid = grid
        self.doors = doors if doors is not None else Doors.open(grid)

    # --- terrain ---------------------------------------------------------------------

    @cached_property
    def board(self) -> np.ndarray:
        return self.grid.terrain != Terrain.VOID

    @cached_property
    def standable(self) -> np.ndarray:
        return np.isin(self.grid.terrain, [int(t) for t in STANDABLE])

    @cached_property
    def water(self) -> np.ndarray:
        return self.grid.terrain == Terrain.WATER

    # --- the masks -------------------------------------------------------------------

    def mask(self, relation: str, direction: tuple[int, int], skinny: bool = False) -> np.ndarray:
        masks = self._skinny if skinny else getattr(self, "_" + relation)
        return masks[DIRECTIONS.index(direction)]

    def masks(self, relation: str, skinny: bool = False) -> tuple[np.ndarray, ...]:
        return self._skinny if skinny else getattr(self, "_" + relation)

    @cached_property
    def _step(self) -> tuple[np.ndarray, ...]:
        """One square of movement: orthogonal through an open edge or open door, diagonal
        only where the lattice point is strictly clear (no wall or door, no void beside)."""
        g = self.grid
        passable_h = (g.h == Edge.OPEN) | ((g.h == Edge.DOOR) & self.doors.h)
        passable_v = (g.v == Edge.OPEN) | ((g.v == Edge.DOOR) & self.doors.v)
        solid_h, solid_v = (g.h == Edge.WALL) | (g.h == Edge.DOOR), (g.v == Edge.WALL) | (g.v == Edge.DOOR)
        clear = ~np.logical_or.reduce(arms(solid_h, solid_v))
        return self._build(self.standable, passable_h, passable_v, clear, clear, need_beside=True)

    @cached_property
    def _skinny(self) -> tuple[np.ndarray, ...]:
        """Step for a hero with the Skinny perk: also diagonally across an open doorway (a lattice
        point with a door on it), when it is not separated with doors as open and every door at
        it is open. A wall end or corner without a door stays closed to diagonals."""
        base = self._step
        wall_h, wall_v = blocking(self.grid, None)
        nwse, nesw = not_separated(*arms(wall_h, wall_v))
        shut_h = (self.grid.h == Edge.DOOR) & ~self.doors.h
        shut_v = (self.grid.v == Edge.DOOR) & ~self.doors.v
        doors_open = ~np.logical_or.reduce(arms(shut_h, shut_v, outside=False))
        doorway = np.logical_or.reduce(arms(self.grid.h == Edge.DOOR, self.grid.v == Edge.DOOR, outside=False))
        across = doors_open & doorway
        extra = self._build(self.standable, np.zeros_like(shut_h), np.zeros_like(shut_v),
                            nwse & across, nesw & across, need_beside=True)
        return tuple(b | x for b, x in zip(base, extra))

    @cached_property
    def _route(self) -> tuple[np.ndarray, ...]:
        """Counting distance: doors count as open; only walls block, and a diagonal only
        when both routes around its lattice point are cut."""
        bh, bv = blocking(self.grid, None)
        nwse, nesw = not_separated(*arms(bh, bv))
        return self._build(self.standable, ~bh, ~bv, nwse, nesw)

    @cached_property
    def _smell(self) -> tuple[np.ndarray, ...]:
        """Smell: blocked by walls and closed doors only, diagonals by the separation rule."""
        bh, bv = blocking(self.grid, self.doors)
        nwse, nesw = not_separated(*arms(bh, bv))
        return self._build(self.board, ~bh, ~bv, nwse, nesw)

    @cached_property
    def _rib(self) -> tuple[np.ndarray, ...]:
        """The rib on open water: orthogonally across an open edge (never an obstacle or wall),
        diagonally past obstacles but not past walls or doors, and only beside water."""
        g = self.grid
        open_h, open_v = g.h == Edge.OPEN, g.v == Edge.OPEN
        solid_h, solid_v = (g.h == Edge.WALL) | (g.h == Edge.DOOR), (g.v == Edge.WALL) | (g.v == Edge.DOOR)
        clear = ~np.logical_or.reduce(arms(solid_h, solid_v))
        masks = self._build(self.water, open_h, open_v, clear, clear)
        beside = []
        for (dx, dy), mask in zip(DIRECTIONS, masks):
            if dx and dy:
                mask = mask & (_shift(self.water, dx, 0) | _shift(self.water, 0, dy))
            beside.append(mask)
        return tuple(beside)

    @cached_property
    def _landing(self) -> tuple[np.ndarray, ...]:
        """Boarding or leaving the rib: between a transition square and open water, across an
        open edge, or diagonally where no wall or door meets the lattice point."""
        g = self.grid
        transition = g.terrain == Terrain.TRANSITION
        solid_h, solid_v = (g.h == Edge.WALL) | (g.h == Edge.DOOR), (g.v == Edge.WALL) | (g.v == Edge.DOOR)
        clear = ~np.logical_or.reduce(arms(solid_h, solid_v))
        masks = self._build(transition | self.water, g.h == Edge.OPEN, g.v == Edge.OPEN, clear, clear)
        return tuple(m & ((transition & _shift(self.water, dx, dy)) | (self.water & _shift(transition, dx, dy)))
                     for (dx, dy), m in zip(DIRECTIONS, masks))

    def _build(self, cells, ok_h, ok_v, pass_nwse, pass_nesw, need_beside: bool = False) -> tuple[np.ndarray, ...]:
        """Masks for the eight directions from edge and lattice-point rules.

        ``cells`` are the squares the relation joins; ``ok_h``/``ok_v`` the edges it
        crosses; ``pass_*`` the lattice points it may cross diagonally. With
        ``need_beside`` the two squares beside a diagonal must be board squares.
        """
        hgt, wid = cells.shape
        out = []
        for dx, dy in DIRECTIONS:
            mask = cells & _shift(cells, dx, dy)
            if dx and dy:
                px, py = (1 if dx > 0 else 0), (1 if dy > 0 else 0)
                corner = (pass_nwse if dx == dy else pass_nesw)[py:py + hgt, px:px + wid]
                mask = mask & corner
                if need_beside:
                    mask = mask & _shift(self.board, dx, 0) & _shift(self.board, 0, dy)
            elif dx:
                mask = mask & ok_v[:, (1 if dx > 0 else 0):(1 if dx > 0 else 0) + wid]
            else:
                mask = mask & ok_h[(1 if dy > 0 else 0):(1 if dy > 0 else 0) + hgt, :]
            out.append(mask)
        return tuple(out)

    # --- single questions ------------------------------------------------------------

    def joined(self, relation: str, a: tuple[int, int], c: tuple[int, int], skinny: bool = False) -> bool:
        """Whether squares ``a`` and ``c`` (x, y) are neighbours in ``relation``."""
        direction = (c[0] - a[0], c[1] - a[1])
        if direction not in DIRECTIONS:
            return False
        return bool(self.mask(relation, direction, skinny)[a[1], a[0]])

    def neighbours(self, relation: str, square: tuple[int, int], skinny: bool = False) -> list[tuple[int, int]]:
        x, y = square
        return [(x + dx, y + dy) for (dx, dy), mask in zip(DIRECTIONS, self.masks(relation, skinny)) if mask[y, x]]
