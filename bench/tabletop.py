"""Tabletop benchmarks: walking round terrain (reach), sight maps, and checking the Zone Wars pack.

Run by hand: ``.venv/bin/python bench/tabletop.py``. Each timing is the best of
three. Reach is also printed as a ratio against the plain visibility graph
(every pair of corners tested, no tangent pruning) measured in the same process,
on layouts of random rectangles (2-4" by 1-3", turned 0, 30 or 90 degrees) on a
36" x 36" table.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import networkx as nx
import numpy as np
import shapely

from zwar_author.analysis.tabletop import sight_map, viewpoints
from zwar_author.compile.project import check
from zwar_author.tabletop import (
    Base,
    Footprint,
    Piece,
    PlacedPiece,
    Pose,
    Reach,
    SightLines,
    Table,
    TerrainKind,
    overlap,
)

REPO = Path(__file__).resolve().parents[1]


def layout(count: int, seed: int = 1) -> list[PlacedPiece]:
    rng = random.Random(seed)
    pieces: list[PlacedPiece] = []
    while len(pieces) < count:
        footprint = Footprint.rectangle(rng.choice([2, 3, 4]), rng.choice([1, 2, 3]))
        piece = PlacedPiece(Piece("b", footprint, TerrainKind.BLOCKING),
                            Pose.of(rng.randint(2, 30), rng.randint(6, 28), rng.choice([0, 90, 30])))
        if Table().holds(piece.geometry) and not any(overlap(piece, other) for other in pieces):
            pieces.append(piece)
    return pieces


def best(run, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def plain_graph(reach: Reach) -> nx.Graph:
    """The baseline: every pair of corners tested for a clear walk."""
    corners = reach._corners
    graph = nx.Graph()
    i, j = np.triu_indices(len(corners), k=1)
    ok = reach.clear(corners[i], corners[j])
    graph.add_weighted_edges_from(zip(i[ok].tolist(), j[ok].tolist(),
                                      np.hypot(*(corners[j[ok]] - corners[i[ok]]).T).tolist(), strict=True))
    return graph


def main() -> None:
    print("| pieces | corners | reach built | plain graph (baseline) | ratio |")
    print("|---|---|---|---|---|")
    for count in (10, 20, 30):
        pieces = layout(count)
        reach = Reach(Table(), pieces, Base())
        built = best(lambda p=pieces: Reach(Table(), p, Base()))
        plain = best(lambda r=reach: plain_graph(r), repeat=1)
        print(f"| {count} | {len(reach._corners)} | {built * 1000:.0f} ms | {plain * 1000:.0f} ms | {plain / built:.0f}x |")
    pieces = layout(30)
    sight = SightLines(pieces)
    reach = Reach(Table(), pieces, Base())
    viewers = viewpoints(shapely.box(0, 0, 36, 4), reach.free)
    took = best(lambda: sight_map(sight, Table(), viewers))
    print(f"\nsight map, 30 pieces, {len(viewers)} viewpoints x 1296 cells: {took * 1000:.0f} ms")
    took = best(lambda: check([REPO / "content" / "zonewars"]), repeat=2)
    print(f"zwar validate content/zonewars (2 scenarios, library call): {took * 1000:.0f} ms")


if __name__ == "__main__":
    main()
