"""Reading sources: tile art round trips, value positions, and input that must never crash."""

from __future__ import annotations

import json
import pickle
import string
from pathlib import Path

import numpy as np
import pytest
from conftest import FIXTURES, PACK, examples, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zwar_author.compile.project import check
from zwar_author.geometry.board import Edge, Grid, Terrain
from zwar_author.sources.art import art_text, format_art, grid_from_rows, parse_art
from zwar_author.sources.document import read_document
from zwar_author.sources.locate import json_positions, toml_positions

# --- tile art ------------------------------------------------------------------------


@st.composite
def grids(draw, max_size: int = 7) -> Grid:
    w = draw(st.integers(1, max_size))
    h = draw(st.integers(1, max_size))
    terrain = draw(st.lists(st.sampled_from(list(Terrain)), min_size=w * h, max_size=w * h))
    hedges = draw(st.lists(st.sampled_from(list(Edge)), min_size=(h + 1) * w, max_size=(h + 1) * w))
    vedges = draw(st.lists(st.sampled_from(list(Edge)), min_size=h * (w + 1), max_size=h * (w + 1)))
    return Grid.of_arrays(np.array(terrain, np.uint8).reshape(h, w), np.array(hedges, np.uint8).reshape(h + 1, w),
                          np.array(vedges, np.uint8).reshape(h, w + 1))


@given(grids())
def test_art_round_trips(grid):
    parsed, problems = parse_art(format_art(grid))
    assert problems == []
    assert parsed.equals(grid)


@given(grids(), st.data())
def test_any_corner_characters_and_indentation_read_the_same(grid, data):
    """Corners carry no meaning, trailing spaces may be trimmed, indentation is removed.

    The outer corner columns stay visible: a drawing whose whole first or last
    column is blank is narrower once indentation and trailing spaces go (the
    width comes from the longest line), which docs/format.md warns about.
    """
    lines = format_art(grid)
    redrawn = []
    for row, line in enumerate(lines):
        chars = list(line)
        for col in range(0, len(chars), 2):
            if row % 2 == 0:
                outer = col in (0, len(chars) - 1)
                chars[col] = data.draw(st.sampled_from("+-|" if outer else "+-| "))
        redrawn.append("".join(chars).rstrip(" "))
    indent = " " * data.draw(st.integers(0, 6))
    text = "\n".join(indent + line if line else line for line in redrawn) + "\n" + indent
    parsed, problems = parse_art(art_text(text).lines)
    assert problems == []
    assert parsed.equals(grid)


def test_art_reports_every_bad_character():
    _, problems = parse_art(["+x+-+", "|.?.|", "+-+-+"])
    assert [(p.code.code, p.line, p.col) for p in problems] == [("ZW104", 0, 1), ("ZW105", 1, 2)]


def test_rotation_turns_clockwise():
    grid = grid_from_rows(["+-+-+-+", "|. .|:|", "+-+ +D+", "|. . .|", "+-+-+-+"])
    # The left column becomes the top row: the wall under (0,0) now stands between the
    # top two squares, and the room at the top right ends at the bottom right.
    assert format_art(grid.rotated(90)) == [
        "+-+-+", "|.|.|", "+ + +", "|. .|", "+ +-+", "|.D:|", "+-+-+"]
    assert grid.rotated(90).rotated(270).equals(grid)
    assert grid.rotated(180).rotated(180).equals(grid)


@given(grids(), st.sampled_from([0, 90, 180, 270]))
def test_the_plain_reads_of_a_grid_are_its_arrays(grid, degrees):
    """The board is byte buffers that checking reads without numpy, and numpy views of them that the
    caches and the engine read: both say the same of every square and edge, after any rotation."""
    turned = grid.rotated(degrees)
    for _ in range(degrees // 90):  # a quarter clockwise: a W x H grid's (x, y) goes to (H-1-y, x)
        grid = Grid.of_arrays(np.rot90(grid.terrain, -1), np.rot90(grid.v, -1), np.rot90(grid.h, -1))
    assert turned.equals(grid)
    assert (turned.width, turned.height) == (grid.terrain.shape[1], grid.terrain.shape[0])
    for terrain in Terrain:
        assert turned.squares(terrain) == [(int(x), int(y)) for y, x in zip(*np.nonzero(grid.terrain == terrain))]
    for kind in Edge:
        assert turned.edges(kind) == [(axis, int(x), int(y)) for axis, edges in (("H", grid.h), ("V", grid.v))
                                      for y, x in zip(*np.nonzero(edges == kind))]
    assert all(turned.terrain_at(x, y) == grid.terrain[y, x] for y in range(grid.height) for x in range(grid.width))
    assert turned.has_board() == bool((grid.terrain != Terrain.VOID).any())


def test_a_write_through_either_form_of_a_grid_is_seen_by_the_other():
    grid = grid_from_rows(["+-+-+", "|. .|", "+-+-+"])
    grid.set_edge("V", 1, 0, Edge.DOOR)
    assert grid.v[0, 1] == Edge.DOOR
    grid.terrain[0, 1] = Terrain.ROOM
    assert grid.terrain_at(1, 0) == Terrain.ROOM
    assert format_art(grid) == ["+-+-+", "|.D:|", "+-+-+"]


def test_a_pickled_grid_shares_its_buffers_with_its_arrays_again():
    """A playtest's worker processes get the mission pickled: the views are made anew over the copy's buffers."""
    grid = grid_from_rows(["+-+-+", "|. .|", "+-+-+"])
    assert grid.terrain[0, 1] == Terrain.CORRIDOR  # the view made before pickling
    copy = pickle.loads(pickle.dumps(grid))
    copy.set_terrain(1, 0, Terrain.WATER)
    assert copy.terrain[0, 1] == Terrain.WATER
    assert grid.terrain[0, 1] == Terrain.CORRIDOR


# --- positions ------------------------------------------------------------------------

keys = st.text(alphabet=string.ascii_lowercase + "_-", min_size=1, max_size=8)
quoted_keys = st.text(alphabet=string.ascii_letters + " .:#=[]", min_size=1, max_size=8)
scalars = st.one_of(
    st.integers(-10**6, 10**6), st.booleans(),
    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.one_of(keys, quoted_keys), inner, max_size=4)),
    max_leaves=12,
)
documents = st.dictionaries(st.one_of(keys, quoted_keys), values, min_size=1, max_size=5)


def to_toml(data: dict) -> str:
    """A TOML writer for the test: tables and arrays of tables as headers, the rest inline."""
    lines: list[str] = []
    _table(data, (), lines)
    return "\n".join(lines) + "\n"


def _key(k: str) -> str:
    return k if k and all(c in string.ascii_letters + string.digits + "_-" for c in k) else json.dumps(k)


def _inline(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str)):
        return json.dumps(v, ensure_ascii=False) if isinstance(v, str) else str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v) + "]"
    return "{" + ", ".join(f"{_key(k)} = {_inline(x)}" for k, x in v.items()) + "}"


def _table(data: dict, path: tuple, lines: list[str]) -> None:
    nested = []
    for k, v in data.items():
        if isinstance(v, dict) and v:
            nested.append((k, v, False))
        elif isinstance(v, list) and v and all(isinstance(x, dict) and x for x in v):
            nested.append((k, v, True))
        else:
            lines.append(f"{_key(k)} = {_inline(v)}")
    for k, v, is_array in nested:
        header = ".".join(_key(p) for p in path + (k,))
        for item in (v if is_array else [v]):
            lines.append(f"[[{header}]]" if is_array else f"[{header}]")
            _table(item, path + (k,), lines)


def walk(data, path=()):
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from walk(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from walk(v, path + (i,))


def _check_positions(text: str, data: dict, positions) -> None:
    for path, value in walk(data):
        if not path:
            continue
        offset = positions.values[path]
        if isinstance(value, str) and not (isinstance(path[-1], str) and _header_value(text, offset)):
            assert text[offset] == '"', (path, text[offset:offset + 10])
        elif isinstance(value, bool):
            assert text.startswith(_inline(value), offset), path
        elif isinstance(value, int):
            assert text.startswith(str(value), offset), path
        if isinstance(path[-1], str):
            key_at = positions.keys[path]
            assert text.startswith(path[-1], key_at) or text.startswith(json.dumps(path[-1], ensure_ascii=False)[:1], key_at)


def _header_value(text: str, offset: int) -> bool:
    return text[offset] == "["


@pytest.mark.slow
@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_toml_positions_point_at_each_key_and_value(data):
    text = to_toml(data)
    _check_positions(text, data, toml_positions(text))


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(documents, st.sampled_from([None, 0, 2]))
def test_json_positions_point_at_each_key_and_value(data, indent):
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    positions = json_positions(text)
    for path, value in walk(data):
        offset = positions.values[path]
        if not isinstance(value, (dict, list)):
            assert text.startswith(json.dumps(value, ensure_ascii=False), offset), path
        if path and isinstance(path[-1], str):
            assert text.startswith(json.dumps(path[-1], ensure_ascii=False), positions.keys[path])


def test_art_lines_map_to_the_file(tmp_path):
    path = tmp_path / "m.toml"
    path.write_text('a = 1\nart = """\n    +-+\n    |x|\n    +-+\n    """\n')
    doc, _ = read_document(path)
    assert (doc.text_loc(("art",), 1, 4 + 1).line, doc.text_loc(("art",), 1, 5).col) == (4, 6)


# --- input that must never crash ------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300), st.sampled_from(["m.toml", "m.json"]))
def test_random_bytes_never_raise(workdir, raw, name):
    write(workdir, {"p/pack.toml": PACK, f"p/missions/{name}": raw})
    outcome = check([workdir / "p"], [FIXTURES])
    assert all(d.location.line >= 1 and d.location.col >= 1 for d in outcome.report.diagnostics)


VALID = (Path(__file__).parent / "golden" / "hold-out.toml").read_text()


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(VALID)), st.integers(0, 4), st.text(max_size=3)), min_size=1, max_size=4))
def test_mangled_missions_never_raise(workdir, edits):
    """Cut and insert text anywhere in a real mission: diagnostics, never an exception."""
    text = VALID
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut:]
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": text})
    check([workdir / "p"], [FIXTURES])
