"""All-pairs distances over a relation's neighbour masks, by bit-parallel breadth-first search.

Every source runs its search at once: each square holds a bitset of the sources
that have reached it (64 sources a machine word), and one level of the search
is eight shifted ORs over the padded grid, one per direction. The level at
which a source's bit first arrives is its distance, recorded in bit planes so
that nothing is unpacked until the end. Sources are taken in blocks to bound
memory; each block yields finished rows of the distance matrix.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .relations import DIRECTIONS

UNREACHABLE = {np.uint8: 255, np.uint16: 65535}


def distance_rows(
    masks: tuple[np.ndarray, ...], nodes: np.ndarray, dtype=np.uint8, budget: int = 512 << 10, threads: int = 2
) -> Iterator[tuple[int, np.ndarray]]:
    """Yield (first source, rows) blocks of the N x N distance matrix, N = width * height, in order.

    ``masks`` are a symmetric relation's eight direction masks, ``nodes`` the
    squares it joins. Row s holds the distances from square s; unreachable pairs
    (and squares that are not nodes) hold the dtype's largest value. Distances
    too large for ``dtype`` raise OverflowError. ``budget`` bounds the bytes of
    one working array (about a dozen are used per block); ``threads`` blocks are
    searched at once, numpy releasing the interpreter lock while it works.
    """
    hgt, wid = nodes.shape
    n = hgt * wid
    ones = np.uint64(0xFFFFFFFFFFFFFFFF)
    flows = [np.where(m[..., None], ones, np.uint64(0)) for m in masks]
    per_thread = -(-n // (64 * max(threads, 1))) * 64  # at least one block for each thread
    block = max(64, min(per_thread, budget // (8 * (hgt + 2) * (wid + 2)) * 64))
    starts = list(range(0, n, block))
    search = lambda start: _block(flows, nodes, np.arange(start, min(start + block, n)), UNREACHABLE[dtype], dtype)
    if threads <= 1 or len(starts) == 1:
        for start in starts:
            yield start, search(start)
        return
    with ThreadPoolExecutor(threads) as pool:
        for start, rows in zip(starts, pool.map(search, starts)):
            yield start, rows


def distances_from(masks: tuple[np.ndarray, ...], nodes: np.ndarray, sources: list[int], dtype=np.uint16) -> np.ndarray:
    """Rows of the distance matrix for the given source squares only (at most a few thousand)."""
    ones = np.uint64(0xFFFFFFFFFFFFFFFF)
    flows = [np.where(m[..., None], ones, np.uint64(0)) for m in masks]
    return _block(flows, nodes, np.asarray(sources, np.int64), UNREACHABLE[dtype], dtype)


def distance_matrix(masks, nodes, dtype=np.uint8) -> np.ndarray:
    hgt, wid = nodes.shape
    out = np.empty((hgt * wid, hgt * wid), dtype)
    for start, rows in distance_rows(masks, nodes, dtype=dtype):
        out[start:start + len(rows)] = rows
    return out


def _block(flows, nodes, sources: np.ndarray, limit: int, dtype) -> np.ndarray:
    """Distances from ``sources``: the search grows every frontier one level at a time."""
    hgt, wid = nodes.shape
    count = len(sources)
    words = (count + 63) // 64
    padded = np.zeros((hgt + 2, wid + 2, words), np.uint64)  # a border of zeros: no search leaves the floor
    frontier = padded[1:-1, 1:-1]
    sy, sx = np.divmod(sources, wid)
    keep = nodes[sy, sx]
    bit = np.arange(count)[keep]
    frontier[sy[keep], sx[keep], bit // 64] |= np.left_shift(np.uint64(1), (bit % 64).astype(np.uint64))
    unreached = ~frontier
    neighbours = [padded[1 + dy:hgt + 1 + dy, 1 + dx:wid + 1 + dx] for dx, dy in DIRECTIONS]
    fresh, scratch = np.empty_like(frontier), np.empty_like(frontier)
    planes: list[np.ndarray] = []
    level = 0
    while True:
        level += 1
        np.bitwise_and(flows[0], neighbours[0], out=fresh)
        for flow, there in zip(flows[1:], neighbours[1:]):
            np.bitwise_and(flow, there, out=scratch)
            np.bitwise_or(fresh, scratch, out=fresh)
        np.bitwise_and(fresh, unreached, out=fresh)
        if not fresh.any():
            break
        if level >= limit:
            raise OverflowError(f"distances reach {level}, too far for {np.dtype(dtype).name}")
        while len(planes) < level.bit_length():
            planes.append(np.zeros_like(frontier))
        for b in range(level.bit_length()):
            if level >> b & 1:
                np.bitwise_or(planes[b], fresh, out=planes[b])
        np.bitwise_xor(unreached, fresh, out=unreached)
        frontier[...] = fresh
    return _rows(planes, ~unreached, count, limit, dtype)


def _rows(planes, reached, count: int, limit: int, dtype) -> np.ndarray:
    """Unpack bit planes into rows: out[s, square] = distance from source s.

    Works square-major (the planes' own layout) with one scratch plane at a time,
    and hands back the transposed view, to keep a large block's memory small.
    """
    squares = reached.shape[0] * reached.shape[1]

    def unpack(array) -> np.ndarray:  # (H, W, words) -> (H*W, count) of 0/1
        flat = np.ascontiguousarray(array).view(np.uint8).reshape(squares, -1)
        return np.unpackbits(flat, axis=1, count=count, bitorder="little")

    out = np.zeros((squares, count), dtype)
    for b, plane in enumerate(planes):
        bits = unpack(plane) if b < 8 else unpack(plane).astype(dtype)
        np.left_shift(bits, b, out=bits)
        np.bitwise_or(out, bits, out=out)
        del bits
    out[unpack(reached) == 0] = limit
    return out.T
