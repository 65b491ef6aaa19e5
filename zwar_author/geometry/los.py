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

from .board import Edge, Grid, Terrain
from .relations import Doors, blocking, frame

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
        ax, ay = (a.ravel().astype(np.int32) for a in np.meshgrid(np.arange(width), np.arange(height)))
        lengths = ax + ay
        pair = np.repeat(np.arange(ax.size, dtype=np.int32), lengths)
        step = np.arange(pair.size, dtype=np.int32) - np.repeat((np.cumsum(lengths) - lengths).astype(np.int32), lengths)
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
    def of(cls, grid: Grid, doors: Doors | None) -> LosMaps:
        """Maps for a door state; None means every door open."""
        f = frame(grid)
        bh, bv = blocking(grid, doors if doors is not None else Doors.open(grid))
        nwse, nesw = f.not_separated(*f.arms(bh, bv))
        return cls(~f.array(bv, grid.height, grid.width + 1), ~f.array(bh, grid.height + 1, grid.width),
                   f.lattice_array(nwse), f.lattice_array(nesw), grid.terrain != Terrain.VOID,
                   grid.terrain == Terrain.WATER)

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
    packed, _ = _scan(maps, None)
    return np.unpackbits(packed, axis=1, count=maps.board.size, bitorder="little").astype(bool)


def los_bits(maps: LosMaps) -> np.ndarray:
    """``los_matrix`` packed: row a holds bit b (of byte b // 8, little-endian) when a sees b."""
    return _scan(maps, None)[0]


@dataclass(frozen=True, eq=False)
class LosTable:
    """All-pairs LOS of a floor for any state of its doors.

    ``bits`` holds LOS with every door open, packed. Opening a door can only clear a
    line, so a pair that sees with every door closed sees always, and one that
    does not see with every door open never does. For the others,
    ``requirements`` rows (a, b, clause, alternative, door), a < b, say which
    doors must be open: the pair sees when, for every clause, some alternative
    has all its doors open. Doors are numbered as ``Grid.doors()`` lists them.
    """

    bits: np.ndarray  # packed like ``los_bits``
    requirements: np.ndarray

    def sees(self, a: int, b: int, open_doors: set[int]) -> bool:
        if not self.bits[a, b // 8] >> (b % 8) & 1:
            return False
        a, b = min(a, b), max(a, b)
        rows = self.requirements[(self.requirements[:, 0] == a) & (self.requirements[:, 1] == b)]
        clauses: dict[int, dict[int, list[int]]] = {}
        for _, _, clause, alternative, door in rows.tolist():
            clauses.setdefault(clause, {}).setdefault(alternative, []).append(door)
        return all(any(all(d in open_doors for d in doors) for doors in alts.values()) for alts in clauses.values())


def los_table(grid: Grid) -> LosTable:
    bits, dependent = _scan(LosMaps.of(grid, None), LosMaps.of(grid, Doors.closed(grid)))
    return LosTable(bits, _requirements(grid, dependent))


def _scan(maps: LosMaps, shut: LosMaps | None):
    """Walk every offset once for all origins: the packed LOS matrix and, with ``shut``
    (every door closed), the origins whose line only some open door lets through."""
    hgt, wid = maps.board.shape
    n = hgt * wid
    packed = np.zeros((n, (n + 7) // 8), np.uint8)
    size = (hgt * stride_of(wid) + 7) // 8
    stride = stride_of(wid)
    bits = [_pack(t, stride) for t in (maps.v, maps.h, maps.nwse, maps.nesw)]
    shut_bits = [_pack(t, stride) for t in (shut.v, shut.h, shut.nwse, shut.nesw)] if shut else None
    board, water = _pack(maps.board, stride), _pack(maps.water, stride)
    elevated = board & ~water
    table = segment_table(wid, hgt)
    walks = {}
    for flip in (False, True):  # events as map and shift, for dx >= 0 and dx < 0 (lists made per offset)
        kind, x, y = table.mirrored(flip, False)
        walks[flip] = (kind, (y * stride + x).astype(np.int32), table.y * stride + table.x * (-1 if flip else 1))
    dependent = []
    for dx, dy in offsets(wid, hgt):
        lo, hi = table.bounds(dx, dy)
        kinds, shifts, entered = walks[dx < 0]
        events = list(zip(kinds[lo:hi].tolist(), shifts[lo:hi].tolist()))
        rel = dy * stride + dx
        acc = board & _at(board, rel)
        for kind, shift in events:
            acc &= _at(bits[kind], shift)
            if not acc:
                break
        if acc and water:
            low_path = acc
            for shift in entered[lo:hi - 1].tolist():
                low_path &= _at(water, shift)
            acc &= (elevated & _at(elevated, rel)) | low_path
        if not acc:
            continue
        origin = _positions(acc, size, stride, wid)
        _set(packed, origin, origin + dy * wid + dx)
        if shut_bits:
            closed = acc
            for kind, shift in events:
                closed &= _at(shut_bits[kind], shift)
                if not closed:
                    break
            if acc & ~closed:
                dependent.append((dx, dy, lo, hi, acc & ~closed))
    diagonal = np.flatnonzero(maps.board.ravel())
    _set(packed, diagonal, diagonal)
    return packed, dependent


def stride_of(width: int) -> int:
    """Bits per row of a packed map: wide enough that a shifted row never spills into the next one."""
    return 2 * width


def _positions(bits: int, size: int, stride: int, wid: int) -> np.ndarray:
    """Square numbers (y * width + x) of the set bits of a packed map."""
    ys, xs = np.divmod(np.flatnonzero(np.unpackbits(
        np.frombuffer(bits.to_bytes(size, "little"), np.uint8), bitorder="little")), stride)
    return ys * wid + xs


def _set(packed: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
    """Mark a sees b and b sees a, for each pair."""
    flat = packed.reshape(-1)
    width = packed.shape[1]
    for rows, cols in ((a, b), (b, a)):
        np.bitwise_or.at(flat, rows * width + (cols >> 3), np.left_shift(1, cols & 7).astype(np.uint8))


def _requirements(grid: Grid, dependent) -> np.ndarray:
    """(a, b, clause, alternative, door) rows for the origins of each offset that need doors."""
    hgt, wid = grid.terrain.shape
    stride = stride_of(wid)
    _, h_index, v_index = grid.doors()
    lattice = lattice_doors(grid, h_index, v_index)
    table = segment_table(wid, hgt)
    size = (hgt * stride + 7) // 8
    door_bits = {V: _pack(v_index >= 0, stride), H: _pack(h_index >= 0, stride)}
    for kind in (P_NWSE, P_NESW):
        door_bits[kind] = _pack(np.logical_or.reduce([slot >= 0 for slot in lattice[kind]]), stride)
    rows = []
    for dx, dy, lo, hi, needing in dependent:
        kinds, ex, ey = table.mirrored(dx < 0, False)
        for clause, (k, x, y) in enumerate(zip(kinds[lo:hi].tolist(), ex[lo:hi].tolist(), ey[lo:hi].tolist())):
            hits = needing & _at(door_bits[k], y * stride + x)
            if not hits:
                continue
            a = _positions(hits, size, stride, wid)
            oy, ox = np.divmod(a, wid)
            b = a + dy * wid + dx
            if k in (V, H):
                doors = (v_index if k == V else h_index)[oy + y, ox + x]
                rows.append(np.stack([a, b, np.full_like(a, clause), np.zeros_like(a), doors], 1))
                continue
            alternatives = lattice[k]  # (alternative doors, with -1 for none), per lattice point
            for alternative, slot in ((0, 0), (0, 1), (1, 2), (1, 3)):
                doors = alternatives[slot][oy + y, ox + x]
                keep = doors >= 0
                rows.append(np.stack([a[keep], b[keep], np.full(keep.sum(), clause), np.full(keep.sum(), alternative),
                                      doors[keep]], 1))
    if not rows:
        return np.zeros((0, 5), np.int32)
    out = np.concatenate(rows).astype(np.int32)
    return out[np.lexsort(out.T[::-1])]


def lattice_doors(grid: Grid, h_index: np.ndarray, v_index: np.ndarray) -> dict[int, list[np.ndarray]]:
    """For each diagonal through each lattice point whose passage depends on doors, four
    slots: the doors of alternative 0, then of alternative 1 (-1 where a slot is unused).

    A line passes P when one of the two routes around it has no blocking arm. A
    route with a wall arm is impossible; a route without doors is always open,
    and then nothing depends on doors. Otherwise each possible route is an
    alternative, needing all its doors open.
    """
    f = frame(grid)
    wall_n, wall_s, wall_w, wall_e = (f.lattice_array(arm) for arm in f.arms(*f.edges(grid, (Edge.WALL,))))
    shape = wall_n.shape
    door_n, door_s, door_w, door_e = (np.full(shape, -1, np.int32) for _ in range(4))
    door_n[1:, :], door_s[:-1, :] = v_index, v_index
    door_w[:, 1:], door_e[:, :-1] = h_index, h_index
    north, south = (wall_n, door_n), (wall_s, door_s)
    west, east = (wall_w, door_w), (wall_e, door_e)
    out = {}
    for kind, first, second in ((P_NWSE, (north, east), (west, south)), (P_NESW, (north, west), (east, south))):
        possible = [~(a[0] | b[0]) for a, b in (first, second)]
        free = [p & (a[1] < 0) & (b[1] < 0) for p, (a, b) in zip(possible, (first, second))]
        depends = ~(free[0] | free[1])
        both = possible[0] & possible[1]
        lead = np.where(possible[0], 0, 1)  # alternative 0 is the first possible route
        slots = [np.where(depends & (possible[0] | possible[1]), np.where(lead == 0, first[i][1], second[i][1]), -1)
                 for i in (0, 1)]
        slots += [np.where(depends & both, second[i][1], -1) for i in (0, 1)]
        out[kind] = slots
    return out


def _pack(table: np.ndarray, stride: int) -> int:
    """A boolean table as one integer: bit y * stride + x for cell (x, y)."""
    hgt, wid = table.shape
    padded = np.zeros((hgt, stride), bool)
    padded[:, :wid] = table
    return int.from_bytes(np.packbits(padded.ravel(), bitorder="little").tobytes(), "little")


def _at(bits: int, rel: int) -> int:
    """``bits`` moved so that bit p holds what was at p + rel."""
    return bits >> rel if rel >= 0 else bits << -rel
