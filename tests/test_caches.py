"""The caches answer exactly what the geometry answers, for any doors and figures, after a reload."""

from __future__ import annotations

import ast
import re
import shutil
import struct
import zipfile
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from conftest import FIXTURES, PACK, examples, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zwar_author.analysis.caches import Caches, write_cache
from zwar_author.compile.project import check
from zwar_author.geometry.los import LosMaps, los
from zwar_author.geometry.relations import DIRECTIONS, Doors, FloorRelations

GOLDEN = Path(__file__).parent / "golden" / "hold-out.toml"


@pytest.fixture(scope="module")
def golden(tmp_path_factory):
    root = tmp_path_factory.mktemp("golden")
    write(root, {"p/pack.toml": PACK})
    (root / "p" / "missions").mkdir()
    shutil.copy(GOLDEN, root / "p" / "missions" / "hold-out.toml")
    outcome = check([root / "p"], [FIXTURES])
    board = outcome.boards["p", "hold-out"]
    path = root / "hold-out.cache.npz"
    write_cache(path, board)
    return board, Caches.load(path), path


def squares(board):
    return [(f.id, x, y) for f in board.floors for y in range(f.grid.height) for x in range(f.grid.width)
            if f.grid.terrain[y, x]]


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_los_for_any_doors_and_figures(golden, data):
    board, caches, _ = golden
    floor = data.draw(st.sampled_from(board.floors))
    doors, _, _ = floor.grid.doors()
    opened = set(data.draw(st.lists(st.sampled_from(range(len(doors))), unique=True))) if doors else set()
    cells = [(x, y) for y in range(floor.grid.height) for x in range(floor.grid.width)]
    figures = set(data.draw(st.lists(st.sampled_from(cells), max_size=6)))
    blockers = np.zeros(floor.grid.terrain.shape, bool)
    for x, y in figures:
        blockers[y, x] = True
    maps = LosMaps.of(floor.grid, Doors.of(floor.grid, [doors[i] for i in opened]))
    for a in cells:
        for b in cells:
            expected = los(maps, a, b, blockers)
            got = caches.los((floor.id, *a), (floor.id, *b), opened, {(floor.id, *f) for f in figures})
            assert got == expected, (floor.id, a, b, opened, figures)


def test_no_los_between_floors(golden):
    _, caches, _ = golden
    assert not caches.los(("ground", 3, 3), ("dock", 0, 0))


def board_graph(board, relation):
    graph = nx.Graph()
    for floor in board.floors:
        rel = FloorRelations(floor.grid)
        graph.add_nodes_from((floor.id, int(x), int(y)) for y, x in zip(*np.nonzero(rel.standable)))
        for (dx, dy), mask in zip(DIRECTIONS, rel.masks(relation)):
            graph.add_edges_from(((floor.id, int(x), int(y)), (floor.id, int(x + dx), int(y + dy)))
                                 for y, x in zip(*np.nonzero(mask)))
    graph.add_edges_from(board.stairs)
    return graph


@pytest.mark.parametrize("relation", ["route", "step"])
def test_whole_board_distances_through_the_stairs(golden, relation):
    board, caches, _ = golden
    graph = board_graph(board, relation)
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    for a in squares(board):
        for b in squares(board):
            expected = lengths.get(a, {}).get(b)
            assert caches.distance(relation, a, b) == expected, (relation, a, b)


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_adjacency_lists_for_any_doors(golden, data):
    board, caches, _ = golden
    for floor in board.floors:
        doors, _, _ = floor.grid.doors()
        opened = set(data.draw(st.lists(st.sampled_from(range(len(doors))), unique=True))) if doors else set()
        rel = FloorRelations(floor.grid, Doors.of(floor.grid, [doors[i] for i in opened]))
        wid = floor.grid.width
        for relation in ("step", "route", "smell"):
            expected = {(int(y * wid + x), int((y + dy) * wid + x + dx))
                        for (dx, dy), mask in zip(DIRECTIONS, rel.masks(relation)) for y, x in zip(*np.nonzero(mask))}
            rows = caches.data[f"{floor.id}.adj_{relation}"].tolist()
            got = {(a, b) for a, b, d1, d2 in rows if all(d < 0 or d in opened for d in (d1, d2))}
            if relation == "route":
                expected = {(a, b) for (dx, dy), mask in zip(DIRECTIONS, FloorRelations(floor.grid).masks("route"))
                            for y, x in zip(*np.nonzero(mask)) for a, b in [(int(y * wid + x), int((y + dy) * wid + x + dx))]}
            assert got == expected, (floor.id, relation)


def test_rooms_and_the_board(golden):
    board, caches, _ = golden
    for floor in board.floors:
        assert (caches.data[f"{floor.id}.rooms"] == floor.rooms).all()
        assert (caches.data[f"{floor.id}.terrain"] == floor.grid.terrain).all()
    assert caches.data["board.stairs"].tolist() == [[0, 3, 3, 1, 0, 0]]


def test_the_same_board_gives_the_same_bytes(golden, tmp_path):
    board, _, path = golden
    again = tmp_path / "again.npz"
    write_cache(again, board)
    assert again.read_bytes() == path.read_bytes()


def test_the_documented_arrays_are_the_written_ones(golden):
    _, caches, _ = golden
    doc = (Path(__file__).parents[1] / "docs" / "caches.md").read_text()
    documented = set(re.findall(r"^\| `([a-z_.<>]+)` \|", doc, re.MULTILINE))
    written = {re.sub(r"^(ground|dock)\.", "<floor>.", name) for name in caches.data}
    assert written == documented


def test_a_reader_following_the_document_alone(golden):
    """Read LOS bits with zipfile, struct and the header dictionary, as docs/caches.md describes."""
    _, caches, path = golden
    with zipfile.ZipFile(path) as archive:
        raw = archive.read("dock.los.npy")
    assert raw[:8] == b"\x93NUMPY\x01\x00"
    (length,) = struct.unpack("<H", raw[8:10])
    header = ast.literal_eval(raw[10:10 + length].decode("ascii"))
    rows, width = header["shape"]
    data = raw[10 + length:]
    assert header["descr"] == "|u1" and len(data) == rows * width
    n = rows
    for i in range(n):
        for j in range(n):
            bit = data[i * width + j // 8] >> (j % 8) & 1
            assert bool(bit) == bool(caches.data["dock.los"][i, j // 8] >> (j % 8) & 1)
    a, b = ("dock", 0, 1), ("dock", 3, 0)
    i, j = caches.index(a), caches.index(b)
    assert bool(data[i * width + j // 8] >> (j % 8) & 1) == caches.los(a, b)
