"""LOS and distance caches of a compiled mission: computed once, loaded in milliseconds.

One ``.npz`` file per mission (a zip of ``.npy`` arrays, stored uncompressed,
written with fixed timestamps so the same mission gives the same bytes).
docs/caches.md documents every array for readers in other languages. Arrays are
written one at a time so that a large board never holds them all in memory.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import networkx as nx
import numpy as np

from ..geometry.board import Board, Floor
from ..geometry.distance import UNREACHABLE, distance_rows, distances_from
from ..geometry.los import P_NESW, P_NWSE, lattice_doors, los_table, segment_table
from ..geometry.relations import DIRECTIONS, FloorRelations

FORMAT: Final = "zwar-cache/1"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def arrays(board: Board) -> Iterator[tuple[str, np.ndarray | Path]]:
    """Every cache array, by name, one at a time (a large one as the .npy file it was written to)."""
    yield "format", np.array([FORMAT])
    yield "floors", np.array([f.id for f in board.floors])
    for floor in board.floors:
        yield from _floor_arrays(floor)
    yield from _board_arrays(board)
    yield from _segments(max(f.grid.width for f in board.floors), max(f.grid.height for f in board.floors))


def write_cache(path: Path, board: Board) -> str:
    """Write the cache of ``board`` to ``path``; returns the file's SHA-256."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
        for name, array in arrays(board):
            info = zipfile.ZipInfo(f"{name}.npy", date_time=ZIP_TIME)
            info.external_attr = 0o644 << 16
            with archive.open(info, "w", force_zip64=True) as out:
                if isinstance(array, Path):  # a large array already written to a .npy file
                    with array.open("rb") as source:
                        shutil.copyfileobj(source, out, 1 << 20)
                    array.unlink()
                else:
                    np.lib.format.write_array(out, np.ascontiguousarray(array), allow_pickle=False)
    with path.open("rb") as written:
        for chunk in iter(lambda: written.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _floor_arrays(floor: Floor) -> Iterator[tuple[str, np.ndarray | Path]]:
    grid, name = floor.grid, floor.id
    doors, h_index, v_index = grid.doors()
    yield f"{name}.terrain", grid.terrain
    yield f"{name}.h", grid.h
    yield f"{name}.v", grid.v
    yield f"{name}.rooms", floor.rooms.astype(np.int16)
    yield f"{name}.doors", np.array([(0 if a == "H" else 1, x, y) for a, x, y in doors], np.int32).reshape(-1, 3)
    table = los_table(grid)
    yield f"{name}.los", table.bits
    yield f"{name}.los_doors", table.requirements
    del table
    relations = FloorRelations(grid)  # every door open
    for relation in ("route", "step"):
        yield f"{name}.{relation}", _distances(relations.masks(relation), relations.standable)
    for relation in ("step", "route", "smell"):
        yield f"{name}.adj_{relation}", _adjacency(grid, relations, relation, h_index, v_index)


def _distances(masks, nodes) -> Path:
    """All-pairs distances written to a temporary .npy file block by block, so that the whole
    matrix is never in memory: uint8, or uint16 when some distance does not fit."""
    n = nodes.size
    for dtype in (np.uint8, np.uint16):
        handle, name = tempfile.mkstemp(suffix=".npy")
        try:
            with os.fdopen(handle, "wb") as out:
                np.lib.format.write_array_header_1_0(
                    out, {"descr": np.dtype(dtype).str, "fortran_order": False, "shape": (n, n)})
                for _, rows in distance_rows(masks, nodes, dtype=dtype):
                    out.write(rows.tobytes())
            return Path(name)
        except OverflowError:
            os.unlink(name)
        except BaseException:
            os.unlink(name)
            raise
    raise OverflowError("a floor so large that some distance passes 65534 squares")


def _adjacency(grid, relations: FloorRelations, relation: str, h_index, v_index) -> np.ndarray:
    """Rows (from, to, door, door): joined when both doors are open (-1: none needed).
    Several rows for one pair are alternatives."""
    wid = grid.width
    lattice = lattice_doors(grid, h_index, v_index) if relation == "smell" else None
    rows = []
    for (dx, dy), mask in zip(DIRECTIONS, relations.masks(relation)):
        ys, xs = np.nonzero(mask)
        a, b = ys * wid + xs, (ys + dy) * wid + xs + dx
        none = np.full_like(a, -1)
        if dx and dy:
            if lattice is None:
                rows.append(np.stack([a, b, none, none], 1))
                continue
            px, py = xs + (dx > 0), ys + (dy > 0)
            slots = lattice[P_NWSE if dx == dy else P_NESW]
            first = [s[py, px] for s in slots[:2]]
            second = [s[py, px] for s in slots[2:]]
            rows.append(np.stack([a, b, *first], 1))
            alt = second[0] >= 0
            rows.append(np.stack([a[alt], b[alt], second[0][alt], second[1][alt]], 1))
        elif relation == "route":
            rows.append(np.stack([a, b, none, none], 1))
        else:
            door = (v_index[ys, xs + (dx > 0)] if dx else h_index[ys + (dy > 0), xs])
            rows.append(np.stack([a, b, door, none], 1))
    out = np.concatenate(rows).astype(np.int32) if rows else np.zeros((0, 4), np.int32)
    return out[np.lexsort(out.T[::-1])]


def _board_arrays(board: Board) -> Iterator[tuple[str, np.ndarray]]:
    """Stair links, and whole-board distances between the squares that carry them (portals)."""
    index = {f.id: i for i, f in enumerate(board.floors)}
    links = np.array([(index[a[0]], a[1], a[2], index[b[0]], b[1], b[2]) for a, b in board.stairs],
                     np.int32).reshape(-1, 6)
    yield "board.stairs", links
    portals = sorted({end for link in board.stairs for end in link}, key=lambda p: (index[p[0]], p[2], p[1]))
    yield "board.portals", np.array([(index[f], x, y) for f, x, y in portals], np.int32).reshape(-1, 3)
    for relation in ("route", "step"):
        yield f"board.portal_{relation}", _portal_distances(board, portals, relation)


def _portal_distances(board: Board, portals, relation: str) -> np.ndarray:
    """Whole-board distances between portals: along each floor, and one square across each link."""
    graph = nx.Graph()
    graph.add_nodes_from(range(len(portals)))
    number = {p: i for i, p in enumerate(portals)}
    for floor in board.floors:
        mine = [p for p in portals if p[0] == floor.id]
        if not mine:
            continue
        relations = FloorRelations(floor.grid)
        squares = [y * floor.grid.width + x for _, x, y in mine]
        rows = distances_from(relations.masks(relation), relations.standable, squares)
        for i, p in enumerate(mine):
            for j, q in enumerate(mine):
                if i != j and rows[i, squares[j]] != UNREACHABLE[np.uint16]:
                    graph.add_edge(number[p], number[q], weight=int(rows[i, squares[j]]))
    graph.add_edges_from((number[a], number[b], {"weight": 1}) for a, b in board.stairs)
    out = np.full((len(portals), len(portals)), UNREACHABLE[np.uint16], np.uint16)
    for source, lengths in nx.all_pairs_dijkstra_path_length(graph):
        for target, length in lengths.items():
            out[source, target] = length
    return out


def _segments(width: int, height: int) -> Iterator[tuple[str, np.ndarray]]:
    """Squares entered by the line from (0, 0) to each offset (dx, dy), for unit blocking.

    Offsets are numbered (dy + height - 1) * (2 width - 1) + (dx + width - 1);
    ``segments.start[k]:segments.start[k+1]`` are the rows of offset k. Built one
    row of offsets (one dy) at a time, to keep large boards small in memory.
    """
    table = segment_table(width, height)
    dx = np.arange(-(width - 1), width, dtype=np.int32)
    counts, entered = [], []
    for dy in range(-(height - 1), height):
        quadrant = abs(dy) * table.width + np.abs(dx)
        lo, hi = table.start[quadrant].astype(np.int32), table.start[quadrant + 1].astype(np.int32)
        count = np.maximum(hi - lo - 1, 0)
        first = np.repeat(np.cumsum(count) - count, count)
        events = np.repeat(lo, count) + (np.arange(int(count.sum()), dtype=np.int32) - first)
        xs = table.x[events] * np.repeat(np.where(dx < 0, -1, 1).astype(np.int32), count)
        ys = table.y[events] * (-1 if dy < 0 else 1)
        counts.append(count)
        entered.append(np.stack([xs, ys], 1).astype(np.int16))
    yield "segments.size", np.array([width, height], np.int32)
    yield "segments.start", np.concatenate([[0], np.cumsum(np.concatenate(counts))]).astype(np.int32)
    yield "segments.entered", np.concatenate(entered)


class Caches:
    """A mission's caches, loaded: the reference reader of the format in docs/caches.md.

    Squares are (floor id, x, y). Doors are numbered per floor as ``<floor>.doors`` lists them.
    """

    def __init__(self, data: dict[str, np.ndarray]) -> None:
        if str(data["format"][0]) != FORMAT:
            raise ValueError(f"not a {FORMAT} cache: {data['format'][0]}")
        self.data = data
        self.floors = [str(f) for f in data["floors"]]
        self._keys: dict[str, np.ndarray] = {}

    @classmethod
    def load(cls, path: Path) -> Caches:
        with np.load(path, allow_pickle=False) as archive:
            return cls({name: archive[name] for name in archive.files})

    def width(self, floor: str) -> int:
        return int(self.data[f"{floor}.terrain"].shape[1])

    def index(self, square) -> int:
        floor, x, y = square
        return y * self.width(floor) + x

    def los(self, a, b, open_doors: set[int] | None = None, blockers=frozenset()) -> bool:
        """LOS from a to b on one floor: doors listed in ``open_doors`` open (None: every door),
        figures on ``blockers`` squares blocking (pass none for an infected observer)."""
        if a[0] != b[0]:
            return False
        floor = a[0]
        i, j = self.index(a), self.index(b)
        if not self.data[f"{floor}.los"][i, j // 8] >> (j % 8) & 1:
            return False
        if open_doors is not None and not self._doors_allow(floor, min(i, j), max(i, j), open_doors):
            return False
        return not any((floor, a[1] + dx, a[2] + dy) in blockers for dx, dy in self.entered(b[1] - a[1], b[2] - a[2]))

    def _doors_allow(self, floor: str, i: int, j: int, open_doors: set[int]) -> bool:
        rows = self.data[f"{floor}.los_doors"]
        n = self.data[f"{floor}.terrain"].size
        if floor not in self._keys:
            self._keys[floor] = rows[:, 0].astype(np.int64) * n + rows[:, 1]
        keys = self._keys[floor]
        lo, hi = np.searchsorted(keys, i * n + j, "left"), np.searchsorted(keys, i * n + j, "right")
        clauses: dict[int, dict[int, list[int]]] = {}
        for _, _, clause, alternative, door in rows[lo:hi].tolist():
            clauses.setdefault(clause, {}).setdefault(alternative, []).append(door)
        return all(any(all(d in open_doors for d in ds) for ds in alts.values()) for alts in clauses.values())

    def entered(self, dx: int, dy: int) -> list[tuple[int, int]]:
        """Squares the line to offset (dx, dy) enters, relative to where it starts."""
        width, height = (int(v) for v in self.data["segments.size"])
        k = (dy + height - 1) * (2 * width - 1) + (dx + width - 1)
        start = self.data["segments.start"]
        return [tuple(p) for p in self.data["segments.entered"][start[k]:start[k + 1]].tolist()]

    def distance(self, relation: str, a, b) -> int | None:
        """Whole-board "route" or "step" distance (every door open), None when unreachable."""
        limit = UNREACHABLE[self.data[f"{a[0]}.{relation}"].dtype.type]
        best = None
        if a[0] == b[0]:
            d = int(self.data[f"{a[0]}.{relation}"][self.index(a), self.index(b)])
            best = None if d == limit else d
        portals = self.data["board.portals"]
        between = self.data[f"board.portal_{relation}"]
        ends_a = [k for k, (f, _, _) in enumerate(portals.tolist()) if self.floors[f] == a[0]]
        ends_b = [k for k, (f, _, _) in enumerate(portals.tolist()) if self.floors[f] == b[0]]
        for p in ends_a:
            to_p = self._on_floor(relation, a, portals[p])
            for q in ends_b:
                from_q = self._on_floor(relation, b, portals[q])
                if to_p is None or from_q is None or between[p, q] == UNREACHABLE[np.uint16]:
                    continue
                total = to_p + int(between[p, q]) + from_q
                best = total if best is None else min(best, total)
        return best

    def _on_floor(self, relation: str, square, portal) -> int | None:
        floor = square[0]
        matrix = self.data[f"{floor}.{relation}"]
        d = int(matrix[self.index(square), self.index((floor, int(portal[1]), int(portal[2])))])
        return None if d == UNREACHABLE[matrix.dtype.type] else d
