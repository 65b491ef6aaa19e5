"""Line of sight (GRID.md relation 4): one square, or every pair of a floor at once.

The segment between two square centres depends only on their offset (dx, dy),
so each offset is walked once, exactly: which edges it crosses between lattice
points, which lattice points it passes through (and along which diagonal), and
which squares' interiors it enters. A line from square (x, y) is clear when
every one of those edges and lattice points, moved to (x, y), lets it through.

``los`` answers one question; ``los_matrix`` answers all of them, testing every
origin of an offset at once with the floor's maps packed into Python integers
(one bit per position), so that one shift and one AND check one event for all
origins. Both use the same segments and the same maps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .board import Grid, Terrain
from .relations import Doors, arms, blocking, not_separated

V, H, P_NWSE, P_NESW = 0, 1, 2, 3  # events: vertical edge, horizontal edge, lattice point on each diagonal


@dataclass(frozen=True)
class Segment:
    """The walk from the centre of (0, 0) to the centre of (dx, dy).

    ``events``: (kind, x, y): edge V(x, y) or H(x, y), or lattice point (x, y),
    relative to the starting square. ``entered``: the squares whose open interior
    the segment meets, endpoints excluded, in order.
    """

    events: tuple[tuple[int, int, int], ...]
    entered: tuple[tuple[int, int], ...]


class SegmentTable:
    """Every segment with |dx| < width and |dy| < height, walked exactly and at once.

    In the quadrant dx, dy >= 0, crossing i (1-based) of the dx vertical grid
    lines happens at t = (2i - 1) / (2 dx), crossing j of the dy horizontal ones
    at (2j - 1) / (2 dy). Over the common denominator 2 dx dy all crossings are
    integers: sorting them orders each walk, and a vertical and a horizontal
    crossing at the same t are one lattice point. After each crossing the walk
    is in square (cx, cy), and that is also where the crossing is: the line
    x = cx, the edge H(cx, cy), or the lattice point (cx, cy). The other
    quadrants are mirror images.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        ax, ay = (a.ravel() for a in np.meshgrid(np.arange(width), np.arange(height)))
        lengths = ax + ay
        pair = np.repeat(np.arange(ax.size), lengths)
        step = np.arange(pair.size) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        is_y = step >= ax[pair]
        number = np.where(is_y, step - ax[pair], step) + 1
        key = (2 * number - 1) * np.where(is_y, np.maximum(ax[pair], 1), np.maximum(ay[pair], 1))
        order = np.lexsort((is_y, key, pair))
        pair, key, is_y = pair[order], key[order], is_y[order]
        lattice = np.zeros(pair.size, bool)  # an x crossing followed by a y crossing at the same t
        lattice[:-1] = (pair[:-1] == pair[1:]) & (key[:-1] == key[1:])
        keep = np.ones(pair.size, bool)
        keep[1:] = ~lattice[:-1]
        moves_x, moves_y = (~is_y | lattice)[keep], (is_y | lattice)[keep]
        self.kind = np.where(lattice, P_NWSE, np.where(is_y, H, V))[keep].astype(np.int8)
        counts = np.bincount(pair[keep], minlength=ax.size)
        self.start = np.concatenate([[0], np.cumsum(counts)])
        before = np.repeat(self.start[:-1], counts)
        self.x = (np.cumsum(moves_x) - np.concatenate([[0], np.cumsum(moves_x)])[before]).astype(np.int32)
        self.y = (np.cumsum(moves_y) - np.concatenate([[0], np.cumsum(moves_y)])[before]).astype(np.int32)

    def bounds(self, dx: int, dy: int) -> tuple[int, int]:
        index = abs(dy) * self.width + abs(dx)
        return int(self.start[index]), int(self.start[index + 1])

    def mirrored(self, flip_x: bool, flip_y: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(kind, x, y) of every event, mirrored: line x=k becomes 1-k, square x becomes -x."""
        kind, x, y = self.kind, self.x, self.y
        if flip_x:
            x = np.where(kind == H, -x, 1 - x)
        if flip_y:
            y = np.where(kind == V, -y, 1 - y)
        if flip_x != flip_y:
            kind = np.where(kind == P_NWSE, P_NESW, kind)
        return kind, x, y


_table = SegmentTable(1, 1)


def segment_table(width: int, height: int) -> SegmentTable:
    """A table covering offsets up to width x height (kept, and grown when a larger one is asked for)."""
    global _table
    if width > _table.width or height > _table.height:
        _table = SegmentTable(max(width, _table.width, 16), max(height, _table.height, 16))
    return _table


@lru_cache(maxsize=65536)
def segment(dx: int, dy: int) -> Segment:
    table = segment_table(abs(dx) + 1, abs(dy) + 1)
    lo, hi = table.bounds(dx, dy)
    kind, x, y = (a[lo:hi] for a in table.mirrored(dx < 0, dy < 0))
    # the squares entered are those reached after each crossing but the last (squares mirror as x -> -x)
    sx, sy = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
    last = max(lo, hi - 1)
    entered = zip((table.x[lo:last] * sx).tolist(), (table.y[lo:last] * sy).tolist())
    return Segment(tuple(zip(kind.tolist(), x.tolist(), y.tolist())), tuple(entered))


@dataclass(frozen=True, eq=False)
class LosMaps:
    """What lets a line through, for one floor and one state of its doors.

    ``v`` is V-edge shaped (H x W+1), ``h`` H-edge shaped (H+1 x W), the lattice
    maps (H+1 x W+1). Walls and closed doors block; water obstacles never do.
    """

    v: np.ndarray
    h: np.ndarray
    nwse: np.ndarray
    nesw: np.ndarray
    board: np.ndarray
    water: np.ndarray

    @classmethod
    def of(cls, grid: Grid, doors: Doors | None) -> "LosMaps":
        """Maps for a door state; None means every door open."""
        bh, bv = blocking(grid, doors if doors is not None else Doors.open(grid))
        nwse, nesw = not_separated(*arms(bh, bv))
        return cls(~bv, ~bh, nwse, nesw, grid.terrain != Terrain.VOID, grid.terrain == Terrain.WATER)

    def passes(self, kind: int, x: int, y: int) -> bool:
        table = (self.v, self.h, self.nwse, self.nesw)[kind]
        return 0 <= y < table.shape[0] and 0 <= x < table.shape[1] and bool(table[y, x])


def los(maps: LosMaps, a: tuple[int, int], b: tuple[int, int], blockers: np.ndarray | None = None) -> bool:
    """Whether square ``a`` sees square ``b`` (x, y) on one floor.

    ``blockers`` marks squares whose figures block this observer (other heroes and
    standing infected, for a hero; None for infected, who see through figures).
    Open water follows Exodus: between an elevated (non-water) square and a water
    square, or two water squares, the line may not enter another elevated square.
    """
    (ax, ay), (bx, by) = a, b
    if not (maps.board[ay, ax] and maps.board[by, bx]):
        return False
    walk = segment(bx - ax, by - ay)
    for kind, x, y in walk.events:
        if not maps.passes(kind, ax + x, ay + y):
            return False
    low = maps.water[ay, ax] or maps.water[by, bx]
    for x, y in walk.entered:
        if low and not maps.water[ay + y, ax + x]:
            return False
        if blockers is not None and blockers[ay + y, ax + x]:
            return False
    return True


def offsets(width: int, height: int) -> list[tuple[int, int]]:
    """Every offset between two squares of a floor, one of each opposite pair: dy > 0, or dy = 0 and dx > 0."""
    return [(dx, dy) for dy in range(height) for dx in range(-(width - 1), width) if dy > 0 or dx > 0]


def los_matrix(maps: LosMaps) -> np.ndarray:
    """LOS between every pair of squares of the floor, without units: an N x N boolean
    matrix over squares numbered y * width + x. Symmetric; the diagonal is the board."""
    hgt, wid = maps.board.shape
    stride = 2 * wid  # wide enough that a shifted row never spills into the next one
    bits = [_pack(t, stride) for t in (maps.v, maps.h, maps.nwse, maps.nesw)]
    board, water = _pack(maps.board, stride), _pack(maps.water, stride)
    elevated = board & ~water
    table = segment_table(wid, hgt)
    walks = {}
    for flip in (False, True):  # events as (map, shift) lists, for dx >= 0 and dx < 0
        kind, x, y = table.mirrored(flip, False)
        walks[flip] = (kind.tolist(), (y * stride + x).tolist(), (table.y * stride + table.x * (-1 if flip else 1)).tolist())
    found: list[tuple[int, int, int]] = []
    for dx, dy in offsets(wid, hgt):
        lo, hi = table.bounds(dx, dy)
        kinds, shifts, squares = walks[dx < 0]
        rel = dy * stride + dx
        acc = board & _at(board, rel)
        for kind, shift in zip(kinds[lo:hi], shifts[lo:hi]):
            acc &= _at(bits[kind], shift)
            if not acc:
                break
        if acc and water:
            low_path = acc
            for shift in squares[lo:hi - 1]:
                low_path &= _at(water, shift)
            acc &= (elevated & _at(elevated, rel)) | low_path
        if acc:
            found.append((dx, dy, acc))
    return _unpack(found, wid, hgt, stride, maps.board)


def _pack(table: np.ndarray, stride: int) -> int:
    """A boolean table as one integer: bit y * stride + x for cell (x, y)."""
    hgt, wid = table.shape
    padded = np.zeros((hgt, stride), bool)
    padded[:, :wid] = table
    return int.from_bytes(np.packbits(padded.ravel(), bitorder="little").tobytes(), "little")


def _at(bits: int, rel: int) -> int:
    """``bits`` moved so that bit p holds what was at p + rel."""
    return bits >> rel if rel >= 0 else bits << -rel


def _unpack(found, wid: int, hgt: int, stride: int, board: np.ndarray) -> np.ndarray:
    n = wid * hgt
    matrix = np.zeros((n, n), bool)
    size = (hgt * stride + 7) // 8
    for dx, dy, acc in found:
        positions = np.flatnonzero(np.unpackbits(
            np.frombuffer(acc.to_bytes(size, "little"), np.uint8), bitorder="little"))
        ys, xs = np.divmod(positions, stride)
        origin = ys * wid + xs
        target = origin + dy * wid + dx
        matrix[origin, target] = True
        matrix[target, origin] = True
    index = np.flatnonzero(board.ravel())
    matrix[index, index] = True
    return matrix
