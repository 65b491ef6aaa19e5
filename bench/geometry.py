"""Geometry benchmarks: all-pairs LOS, all-pairs distances, cache memory and loading.

Run by hand: ``.venv/bin/python bench/geometry.py``. Timings on a shared machine
are noisy, so each is the best of a few runs, and each is also printed as a
ratio against a simple baseline measured in the same process:

- distances: networkx ``all_pairs_shortest_path_length`` on the same graph;
- LOS: the per-pair walk (``geometry.los.los``) over every pair of a floor.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import networkx as nx
import numpy as np

from zwar_author.geometry import los as los_module
from zwar_author.geometry.board import Board, Edge, Floor, Grid, Terrain, seal
from zwar_author.geometry.distance import distance_matrix
from zwar_author.geometry.relations import DIRECTIONS, FloorRelations
from zwar_author.geometry.rooms import label_rooms


def rooms_floor(width: int, height: int, seed: int = 0) -> Grid:
    """A floor of 6 x 6 rooms on an 8-square grid: two-wide corridors, one door each, a wall stub inside."""
    rng = np.random.default_rng(seed)
    terrain = np.full((height, width), Terrain.CORRIDOR, np.uint8)
    h, v = np.zeros((height + 1, width), np.uint8), np.zeros((height, width + 1), np.uint8)
    for by in range(0, height - 5, 8):
        for bx in range(0, width - 5, 8):
            terrain[by:by + 6, bx:bx + 6] = Terrain.ROOM
            h[by, bx:bx + 6] = h[by + 6, bx:bx + 6] = Edge.WALL
            v[by:by + 6, bx] = v[by:by + 6, bx + 6] = Edge.WALL
            if rng.random() < 0.5:
                h[by + 6, bx + rng.integers(0, 6)] = Edge.DOOR
            else:
                v[by + rng.integers(0, 6), bx + 6] = Edge.DOOR
            h[by + 3, bx:bx + 3] = Edge.WALL
    return seal(Grid.of_arrays(terrain, h, v))


def best(function, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def cold_los(grid: Grid) -> float:
    """All-pairs LOS including building the segment table, as on a process's first floor."""
    los_module._table = los_module.SegmentTable(1, 1)
    los_module.segment.cache_clear()
    start = time.perf_counter()
    los_module.los_bits(los_module.LosMaps.of(grid, None))
    return time.perf_counter() - start


def per_pair_los(grid: Grid) -> float:
    maps = los_module.LosMaps.of(grid, None)
    cells = [(x, y) for y in range(grid.height) for x in range(grid.width)]
    start = time.perf_counter()
    for a in cells:
        for b in cells:
            los_module.los(maps, a, b)
    return time.perf_counter() - start


def networkx_distances(grid: Grid) -> float:
    rel = FloorRelations(grid)
    graph = nx.Graph()
    graph.add_nodes_from(int(i) for i in np.flatnonzero(rel.standable.ravel()))
    for (dx, dy), mask in zip(DIRECTIONS, rel.masks("route")):
        ys, xs = np.nonzero(mask)
        graph.add_edges_from(zip((ys * grid.width + xs).tolist(), ((ys + dy) * grid.width + xs + dx).tolist()))
    start = time.perf_counter()
    dict(nx.all_pairs_shortest_path_length(graph))
    return time.perf_counter() - start


def report(what: str, seconds: float, goal: float | None = None, baseline: float | None = None) -> None:
    line = f"{what:<52} {seconds * 1000:9.1f} ms"
    if goal is not None:
        line += f"   goal {goal * 1000:7.0f} ms {'ok' if seconds <= goal else 'MISSED'}"
    if baseline is not None:
        line += f"   baseline {baseline:7.2f} s = {baseline / seconds:7.1f}x slower"
    print(line, flush=True)


# Peak memory is read from VmHWM, which a new program starts afresh (ru_maxrss would carry the
# parent's peak across exec).
PEAK = "int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1]) / 1024"
MEMORY = """
import sys, tempfile
from pathlib import Path
sys.path.insert(0, {bench!r})
from geometry import two_floors
from zwar_author.analysis.caches import write_cache
write_cache(Path(tempfile.mkdtemp()) / "big.npz", two_floors(100))
print({peak})
"""


def two_floors(size: int) -> Board:
    grids = [rooms_floor(size, size, seed) for seed in (1, 2)]
    for grid in grids:
        grid.terrain[size // 2, size // 2] = Terrain.STAIRS
    floors = tuple(Floor(name, g, label_rooms(g)[0]) for name, g in zip(("ground", "first"), grids))
    link = (("ground", size // 2, size // 2), ("first", size // 2, size // 2))
    return Board(floors, (link,))


def main() -> None:
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, networkx {nx.__version__}")
    small, floor48, floor100 = rooms_floor(24, 24), rooms_floor(48, 48), rooms_floor(100, 100)

    fast_small = best(lambda: los_module.los_bits(los_module.LosMaps.of(small, None)))
    report("LOS all pairs, 24x24 rooms (warm)", fast_small, baseline=per_pair_los(small))
    report("LOS all pairs, 48x48 rooms, cold (segment table built)", cold_los(floor48), goal=0.100)
    report("LOS all pairs, 48x48 rooms, warm", best(lambda: los_module.los_bits(los_module.LosMaps.of(floor48, None))))
    report("LOS all pairs, 100x100 rooms, cold", cold_los(floor100), goal=2.0)

    rel50 = FloorRelations(rooms_floor(50, 50))
    fast50 = best(lambda: distance_matrix(rel50.masks("route"), rel50.standable))
    report("route distances all pairs, 50x50 rooms", fast50, goal=0.150, baseline=networkx_distances(rooms_floor(50, 50)))
    rel100 = FloorRelations(floor100)
    report("route distances all pairs, 100x100 rooms", best(lambda: distance_matrix(rel100.masks("route"),
                                                                                     rel100.standable), 2), goal=4.0)

    bench = str(Path(__file__).parent)
    peak = float(subprocess.run([sys.executable, "-c", MEMORY.format(bench=bench, peak=PEAK)], capture_output=True,
                                text=True, check=True).stdout)
    base = float(subprocess.run([sys.executable, "-c", f"import zwar_author.analysis.caches; print({PEAK})"],
                                capture_output=True, text=True, check=True).stdout)
    print(f"{'cache build, 100x100 two floors: peak RSS':<52} {peak:9.0f} MB   goal     200 MB "
          f"{'ok' if peak <= 200 else 'MISSED'}   (interpreter and libraries alone: {base:.0f} MB)")

    from zwar_author.analysis.caches import Caches, write_cache

    board48 = Board((Floor("ground", floor48, label_rooms(floor48)[0]),))
    path = Path(tempfile.mkdtemp()) / "m48.npz"
    write_cache(path, board48)
    report("cache load, 48x48 mission", best(lambda: Caches.load(path), 5), goal=0.050)


if __name__ == "__main__":
    main()
