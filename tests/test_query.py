"""`zwar query`: SOURCES.md's command, exactly, on GRID.md's worked doorway."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, PACK, write

from zwar_author.analysis.query import RELATIONS

DOORWAY = '''[mission]
id = "doorway"
title = "Doorway"

[[floors]]
art = """
+-+-+-+-+
|. . . .|
+-+D+-+-+
|. . . .|
+-+-+-+-+
"""
'''


@pytest.fixture
def board(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/doorway.toml": DOORWAY})
    return "p/missions/doorway.toml"


def ask(zwar, *args):
    result = zwar("query", *args, "--pack-path", FIXTURES)
    return result.exit_code, result.output


def test_the_examples_of_sources_md(zwar, board):
    assert ask(zwar, board, "los", "0,0", "1,1") == (
        0, '{"relation": "los", "from": "0,0", "to": "1,1", "value": false}\n')
    assert ask(zwar, board, "route", "0,0", "3,1") == (
        0, '{"relation": "route", "from": "0,0", "to": "3,1", "value": 3}\n')


def test_doors_closed_unless_named_open(zwar, board):
    value = lambda *args: json.loads(ask(zwar, board, *args)[1])["value"]
    assert value("los", "0,0", "1,1", "--open", "H:1,1") is True
    assert value("los", "0,0", "1,1", "--doors", "open") is True
    assert value("step", "1,0", "1,1") is False
    assert value("step", "1,0", "1,1", "--open", "H:1,1") is True
    assert value("step", "0,0", "1,1", "--doors", "open") is False, "never diagonally across a doorway"
    assert value("smell", "1,0", "1,1") is False
    assert value("route", "1,0", "1,1") == 1, "closed doors do not change route distance"


def test_units_block_a_heros_line(zwar, board):
    assert json.loads(ask(zwar, board, "los", "0,0", "3,0")[1])["value"] is True
    assert json.loads(ask(zwar, board, "los", "0,0", "3,0", "--units", "1,0")[1])["value"] is False


def test_path_reach_and_room(zwar, board):
    assert json.loads(ask(zwar, board, "path", "0,0", "0,1", "--open", "H:1,1")[1])["value"] == [
        "0,0", "1,0", "1,1", "0,1"]
    assert json.loads(ask(zwar, board, "path", "0,0", "0,1")[1])["value"] is None
    assert json.loads(ask(zwar, board, "reach", "0,0", "1")[1])["value"] == ["0,0", "1,0"]
    assert json.loads(ask(zwar, board, "room", "0,0")[1]) == {"relation": "room", "from": "0,0", "value": None}


def test_batch_answers_each_line_and_reports_bad_ones(zwar, board, workdir):
    (workdir / "questions.txt").write_text("los 0,0 1,1\n\nroute 0,0 9,9\nstep 0,0 1,0\nfly 0,0 1,0\n")
    code, output = ask(zwar, board, "--batch", "questions.txt")
    assert code == 0
    assert [json.loads(line) for line in output.splitlines()] == [
        {"relation": "los", "from": "0,0", "to": "1,1", "value": False},
        {"relation": "route", "from": "0,0", "to": "9,9", "error": "B: `9,9` is off the board (floor ground is 4x2)"},
        {"relation": "step", "from": "0,0", "to": "1,0", "value": True},
        {"relation": "fly", "from": "0,0", "to": "1,0",
         "error": "unknown relation `fly`: one of step, route, smell, los, path, reach, room"},
    ]


def test_a_bad_square_exits_2_with_one_line(zwar, board):
    for square, message in (("9,9", "B: `9,9` is off the board (floor ground is 4x2)"),
                            ("one,two", "B: `one,two` is not a square: write x,y or floor:x,y")):
        code, output = ask(zwar, board, "los", "0,0", square)
        assert code == 2
        assert output == f"zwar query: {message}\n"


THOUSANDS = "1" * 5000  # more digits than Python turns into an int from text


def test_a_square_of_thousands_of_digits_is_refused_in_words_where_it_is_written(zwar, board, workdir):
    assert ask(zwar, board, "los", f"0,{THOUSANDS}", "1,1") == (2, (
        "zwar query: A: `0,1111111111111111111111\u2026` (5002 characters) is not a square: a coordinate has at "
        "most 6 digits\n"))
    assert ask(zwar, board, "los", "0,0", "999999,0") == (2, (
        "zwar query: B: `999999,0` is off the board (floor ground is 4x2)\n"))
    code, output = ask(zwar, board, "los", "0,0", "1,1", "--open", f"H:{THOUSANDS},1")
    assert code == 2 and output.splitlines()[-1] == (
        "Error: Invalid value for '--open': `H:1111111111111111111111\u2026` (5004 characters) is not an edge: a "
        "coordinate has at most 6 digits")
    code, output = ask(zwar, board, "los", "0,0", "1,1", "--units", f"1,{THOUSANDS}")
    assert code == 2 and output.splitlines()[-1] == (
        "Error: Invalid value for '--units': `1,1111111111111111111111\u2026` (5002 characters) is not a square: a "
        "coordinate has at most 6 digits")
    (workdir / "questions.txt").write_text(f"los 0,0 {THOUSANDS},1\n")
    code, output = ask(zwar, board, "--batch", "questions.txt")
    assert code == 0 and json.loads(output)["error"] == (
        "B: `111111111111111111111111\u2026` (5002 characters) is not a square: a coordinate has at most 6 digits")


def test_a_board_that_does_not_compile_exits_1_with_its_diagnostics(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": DOORWAY.replace("|. . . .|\n+-+D", "|. . x .|\n+-+D")})
    code, output = ask(zwar, "p/missions/m.toml", "los", "0,0", "1,0")
    assert (code, output) == (1, ("p/missions/m.toml:8:6: error ZW106: 'x' on square 2,0: a square is '.' corridor, "
                                 "':' room, '=' stairs, '~' water, 't' transition or '#' void\n"))


def test_only_the_board_needs_to_compile(zwar, workdir):
    unreachable = DOORWAY + '[[starts]]\nat = "0,0"\n[[objectives]]\nnumber = 1\nat = "9,9"\n'
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": unreachable})
    assert ask(zwar, "p/missions/m.toml", "step", "0,0", "1,0")[0] == 0


def test_compiled_missions_answer_the_same(zwar, board, workdir):
    assert zwar("build", "p", "-o", "out", "--no-caches", "--pack-path", FIXTURES).exit_code == 0
    compiled = "out/p/missions/doorway.json"
    for question in (("los", "0,0", "1,1"), ("route", "0,0", "3,1"), ("step", "1,0", "1,1"), ("room", "2,1")):
        assert ask(zwar, compiled, *question) == ask(zwar, board, *question)


def test_help_documents_every_relation(zwar):
    output = zwar("query", "--help").output
    for relation in RELATIONS:
        assert f"  {relation} " in output
