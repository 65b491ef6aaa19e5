"""Diagnostics as people read them: source lines, carets, labels, notes, colour, cascades folded."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES, PACK, write
from test_diagnostics import EXODUS_OKM, OKM

from zwar_author.compile.project import check
from zwar_author.errors import Diagnostic, Location, Related, Severity
from zwar_author.reporting import text
from zwar_author.reporting.source import Sources, token_span

LOCKED = '[[doors]]\nat = "H:2,1"\nkind = "locked"\nkey = "red"\n'
SPAWN = '[spawn.turn]\nwhere = { "1-8" = "roamers" }\nwhat = { "1-8" = "1 zombie" }\n'


def validate(zwar, *options: str):
    return zwar("validate", "p", "--pack-path", FIXTURES, *options)


def test_a_misspelt_key_is_one_error_with_the_line_and_a_caret(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": OKM.replace('title = "M"', 'titel = "M"') + SPAWN})
    result = validate(zwar)
    assert result.exit_code == 1
    assert result.output == (
        "p/missions/m.toml:3:1: error ZW005: unknown key `titel` in [mission]; did you mean `title`?\n"
        "  |\n"
        '3 | titel = "M"\n'
        "  | ^^^^^ `title`?\n"
        "  |\n"
        "  = note: `title` is required in [mission] and missing: rename this key to `title`\n"
        "\n"
        "`zwar explain ZW005` (or `zwar explain unknown-key`) says more about a code\n"
        "checked 4 files, 1 mission: 1 error, 0 warnings\n"
    )


def test_a_keycard_of_the_wrong_colour_is_one_error_pointing_at_both(zwar, workdir):
    body = EXODUS_OKM + LOCKED + '[[keycards]]\ncolour = "blue"\nat = "0,0"\n' + SPAWN
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": body})
    result = validate(zwar)
    assert result.exit_code == 1
    assert result.output == (
        "p/missions/m.toml:20:1: error ZW410: locked door at H:2,1 needs a red keycard, but none is placed\n"
        "   |\n"
        "20 | [[doors]]\n"
        "   | ^^^^^^^^^ this door needs a red keycard\n"
        "...\n"
        '25 | colour = "blue"\n'
        "   |          ------ this keycard is blue\n"
        "   |\n"
        "   = note: no locked door is blue: if that keycard is the one for this door, make both red\n"
        "\n"
        "`zwar explain ZW410` (or `zwar explain no-keycard`) says more about a code\n"
        "checked 4 files, 1 mission: 1 error, 0 warnings\n"
    )


def test_a_misspelt_keycard_colour_does_not_also_leave_the_door_without_a_key(zwar, workdir):
    body = EXODUS_OKM + LOCKED + '[[keycards]]\ncolour = "rde"\nat = "0,0"\n' + SPAWN
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": body})
    result = validate(zwar)
    assert result.exit_code == 1
    assert result.output == (
        'p/missions/m.toml:25:10: error ZW007: `colour` must be one of "red", "blue", "green", "yellow", "orange", '
        '"purple", "white" or "black", not "rde"; did you mean "red"?\n'
        "   |\n"
        "20 | [[doors]]\n"
        "   | --------- this locked door needs a red keycard\n"
        "...\n"
        '25 | colour = "rde"\n'
        "   |          ^^^^^ ZW007\n"
        "   |\n"
        "\n"
        "`zwar explain ZW007` (or `zwar explain bad-value`) says more about a code\n"
        "checked 4 files, 1 mission: 1 error, 0 warnings\n"
    )


def test_short_format_is_one_line_per_problem(zwar, workdir):
    body = EXODUS_OKM + LOCKED + '[[keycards]]\ncolour = "blue"\nat = "0,0"\n' + SPAWN
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": body})
    result = validate(zwar, "--format", "short")
    assert result.output == (
        "p/missions/m.toml:20:1: error ZW410: locked door at H:2,1 needs a red keycard, but none is placed\n"
        "checked 4 files, 1 mission: 1 error, 0 warnings\n"
    )


def test_art_errors_do_not_hold_back_what_does_not_depend_on_them(diagnose):
    body = OKM.replace("|. . . .|", "|. . x .|").replace('at = "3,1"', 'at = "5,1"') + (
        '[[items]]\nletter = "S"\ncard = "pistl"\nat = "1,0"\n') + SPAWN
    assert diagnose({"p/missions/m.toml": body}) == [
        ("p/missions/m.toml:10:6: error ZW106: 'x' on square 2,1: a square is '.' corridor, ':' room, '=' stairs, "
         "'~' water, 't' transition or '#' void"),
        "p/missions/m.toml:19:6: error ZW404: 5,1 is off floor ground, which is 4x2",
        "p/missions/m.toml:22:8: error ZW408: equipment card `pistl` does not exist; did you mean `pistol`?",
    ]


def test_art_errors_hide_what_depends_on_the_squares_they_leave_unknown(diagnose):
    """The room above the bad square would leak into it, or not: nothing is said about it."""
    body = OKM.replace("|. . . .|", "|. . x .|").replace("+ + +D+-+", "+ + + +-+") + SPAWN
    assert [line.split(": ")[1] for line in diagnose({"p/missions/m.toml": body})] == ["error ZW106"]


def test_rooms_are_called_by_their_declared_id(diagnose):
    body = OKM.replace("+ + +D+-+", "+ + + +-+") + '[[rooms]]\nid = "office"\nat = "2,0"\n'
    assert [line for line in diagnose({"p/missions/m.toml": body}) if "ZW30" in line] == [
        "p/missions/m.toml:8:6: error ZW301: room office (2,0, 2 squares) has no door: put a D on one of its walls",
        ("p/missions/m.toml:9:6: error ZW302: room office (2,0) leaks through edge H:2,1 into corridor at 2,1: "
         "a room's boundary is walls and doors only"),
    ]


def test_explain_by_name(zwar):
    by_name = zwar("explain", "room-leak")
    assert by_name.exit_code == 0
    assert by_name.output == zwar("explain", "ZW302").output


@pytest.mark.parametrize("options, env, coloured", [
    (("--color", "always"), {}, True),
    (("--color", "always"), {"NO_COLOR": "1"}, True),
    (("--color", "never"), {}, False),
    ((), {}, False),  # not a terminal
    (("--color", "auto"), {"NO_COLOR": "1"}, False),
])
def test_colour(zwar, workdir, monkeypatch, options, env, coloured):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": OKM.replace('at = "3,1"', 'at = "9,1"')})
    result = validate(zwar, *options)
    assert ("\x1b[" in result.output) is coloured
    plain = validate(zwar, "--color", "never").output
    assert _strip(result.output) == plain


def test_colour_marks_the_severity_and_the_caret(workdir):
    write(workdir, {"m.toml": 'x = "1"\n'})
    diagnostic = Diagnostic(Location(workdir / "m.toml", 1, 5), "ZW007", Severity.ERROR, "bad")
    assert text.full(diagnostic, Sources(), colour=True).splitlines() == [
        "\x1b[1mm.toml:1:5:\x1b[0m \x1b[1;31merror\x1b[0m \x1b[1mZW007\x1b[0m: bad",
        "\x1b[1;34m  |\x1b[0m",
        '\x1b[1;34m1 |\x1b[0m x = "1"',
        "\x1b[1;34m  |\x1b[0m     \x1b[1;31m^^^ ZW007\x1b[0m",
        "\x1b[1;34m  |\x1b[0m",
    ]


def test_a_related_place_in_another_file(workdir):
    write(workdir, {"a.toml": "one = 1\n", "b.toml": "\n\ntwo = 2\n"})
    diagnostic = Diagnostic(Location(workdir / "a.toml", 1, 1), "ZW407", Severity.ERROR, "twice",
                            related=(Related(Location(workdir / "b.toml", 3, 1), "first here"),),
                            notes=("ids are unique",))
    assert text.full(diagnostic, Sources()) == (
        "a.toml:1:1: error ZW407: twice\n"
        "  |\n"
        "1 | one = 1\n"
        "  | ^^^ ZW407\n"
        "  ::: b.toml:3:1\n"
        "  |\n"
        "3 | two = 2\n"
        "  | --- first here\n"
        "  |\n"
        "  = note: ids are unique"
    )


def test_control_characters_in_a_source_never_reach_the_terminal(workdir):
    (workdir / "m.toml").write_text('x = "\x1b[2J\x07"\n', encoding="utf-8")
    diagnostic = Diagnostic(Location(workdir / "m.toml", 1, 1), "ZW007", Severity.ERROR, "bad")
    shown = text.full(diagnostic, Sources())
    assert "\x1b" not in shown and "\x07" not in shown
    assert '1 | x = "\ufffd[2J\ufffd"' in shown


def test_a_long_line_is_shown_as_a_window_around_the_caret(workdir):
    (workdir / "m.toml").write_text("x = 1" + " " * 500 + "oops\n", encoding="utf-8")
    diagnostic = Diagnostic(Location(workdir / "m.toml", 1, 506), "ZW003", Severity.ERROR, "bad")
    source, caret = text.full(diagnostic, Sources()).splitlines()[2:4]
    assert len(source) <= text.WIDTH + 4
    assert source.startswith("1 | …") and source.endswith("oops")
    assert caret.index("^^^^") == source.index("oops")


def test_files_that_are_not_regular_are_not_read_for_display(workdir):
    diagnostic = Diagnostic(Location(Path("/dev/zero"), 1, 1), "ZW001", Severity.ERROR, "cannot read")
    assert text.full(diagnostic, Sources()) == "/dev/zero:1:1: error ZW001: cannot read"


@pytest.mark.parametrize("line, col, span", [
    ('colour = "rde"', 10, (10, 15)),
    ("titel = 1", 1, (1, 6)),
    ("[[doors]]", 1, (1, 10)),
    ("tiles = [{ tile = \"a\", at = [0, 0] }, { tile = \"b\" }]", 10, (10, 37)),
    ("|. . x .|", 6, (6, 7)),
    ("+-+=+", 4, (4, 5)),
    ("x = 1", 9, (9, 10)),
    ('art = """', 7, (7, 10)),
    ('s = "a\\"b"', 5, (5, 11)),
])
def test_token_spans(line, col, span):
    assert token_span(line, col) == span


def _strip(output: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", output)


def test_floors_and_rooms_are_called_by_their_printed_names_too(diagnose):
    body = (OKM.replace("[[floors]]\n", '[[floors]]\nname = "Basement"\n').replace('at = "3,1"', 'at = "4,1"')
            .replace("+ + +D+-+", "+ + + +-+") + '[[rooms]]\nid = "office"\nat = "2,0"\nname = "Back Office"\n')
    assert [line for line in diagnose({"p/missions/m.toml": body}) if "ZW404" in line or "ZW301" in line] == [
        ('p/missions/m.toml:9:6: error ZW301: room office ("Back Office") (2,0, 2 squares) has no door: '
         "put a D on one of its walls"),
        'p/missions/m.toml:20:6: error ZW404: 4,1 is off floor ground ("Basement"), which is 4x2',
    ]


def test_a_duplicate_points_at_the_first_definition(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": OKM + SPAWN + (
        '[[spawn_points]]\nletter = "A"\nat = "0,0"\n[[spawn_points]]\nletter = "A"\nat = "1,0"\n')})
    (found,) = [d for d in check([workdir / "p"], [FIXTURES]).report.sorted() if d.code == "ZW407"]
    assert text.full(found, Sources()) == (
        "p/missions/m.toml:27:10: error ZW407: spawn point `A` is defined twice (first at p/missions/m.toml:23:1)\n"
        "   |\n"
        "23 | [[spawn_points]]\n"
        "   | ---------------- spawn point `A` is first defined here\n"
        "...\n"
        '27 | letter = "A"\n'
        "   |          ^^^ ZW407\n"
        "   |"
    )


def test_two_figures_on_one_square_point_at_each_other(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": OKM + SPAWN + (
        '[[infected]]\nclass = "zombie"\nat = "0,1"\nfacing = "N"\n')})
    (found,) = [d for d in check([workdir / "p"], [FIXTURES]).report.sorted() if d.code == "ZW409"]
    assert found.as_json()["related"] == [
        {"path": "p/missions/m.toml", "line": 15, "col": 6, "label": "the start point is here"}]


def test_a_mission_on_a_broken_tile_is_checked_on_without_that_floor(zwar, workdir):
    """The tile's own error is reported in its file; the mission's other errors still are (it once crashed),
    those about sizes too, since the tile's drawing has a sound shape."""
    tile = '[tile]\nid = "t"\nname = "T"\n[sides.A]\nart = """\n+-+-+-+\n|. x .|\n+-+-+-+\n"""\n'
    body = ('mission.id = "m"\nmission.title = "M"\nmission.game = "exodus"\n[[floors]]\ntiles = [{ tile = "t", at = [0, 0] }]\n'
            '[[starts]]\nat = "0,0"\n[[items]]\nletter = "S"\ncard = "pistl"\nat = "1,0"\n'
            '[[exits]]\nat = "7,0"\n' + SPAWN)
    write(workdir, {"p/pack.toml": PACK, "p/tiles/t.toml": tile, "p/missions/m.toml": body})
    result = zwar("build", "p", "-o", "out", "--pack-path", FIXTURES, "--format", "short")
    assert result.exit_code == 1
    assert result.output == (
        "p/missions/m.toml:1:1: warning ZW602: mission has no victory conditions: add [[victory]]\n"
        "p/missions/m.toml:10:8: error ZW408: equipment card `pistl` does not exist; did you mean `pistol`?\n"
        "p/missions/m.toml:13:6: error ZW404: 7,0 is off floor ground, which is 3x1\n"
        "p/tiles/t.toml:7:4: error ZW106: 'x' on square 1,0: a square is '.' corridor, ':' room, '=' stairs, '~' water, "
        "'t' transition or '#' void\n"
        "nothing built: 3 errors, 1 warning\n"
    )
    assert not (workdir / "out").exists()


def test_a_fifo_is_never_opened_for_display(workdir):
    import os

    os.mkfifo(workdir / "pipe.toml")
    diagnostic = Diagnostic(Location(workdir / "pipe.toml", 1, 1), "ZW001", Severity.ERROR, "not a file")
    assert text.full(diagnostic, Sources()) == "pipe.toml:1:1: error ZW001: not a file"


def test_a_long_cascade_is_summed_up(diagnose):
    """Ten rooms behind one locked door whose keycard is in the last of them: one error, the rooms counted."""
    art = ["+" + "-+" * 12, "|. .D" + ". " * 9 + ".|", "+ + +" + "D+" * 10, "|. .|" + ":|" * 10, "+" + "-+" * 12]
    body = ('mission.id = "m"\nmission.title = "M"\nmission.game = "exodus"\n[[floors]]\nart = """\n' + "\n".join(art) + '\n"""\n'
            '[[starts]]\nat = "0,0"\n[[doors]]\nat = "V:2,0"\nkind = "locked"\nkey = "red"\n'
            '[[keycards]]\ncolour = "red"\nat = "11,1"\n' + SPAWN)
    write(Path.cwd(), {"p/pack.toml": PACK, "p/missions/m.toml": body})
    (found,) = [d for d in check([Path("p")], [FIXTURES]).report.sorted() if d.code.startswith("ZW7")]
    assert found.human() == (
        "p/missions/m.toml:18:1: error ZW701: the red keycard at 11,1 is behind the red door at V:2,0, the door it opens")
    assert found.notes == (
        ("for the same reason, also out of reach: room R1 at 2,1 (line 9), room R2 at 3,1 (line 9), room R3 at 4,1 "
        "(line 9), room R4 at 5,1 (line 9), room R5 at 6,1 (line 9), room R6 at 7,1 (line 9), room R7 at 8,1 "
        "(line 9), room R8 at 9,1 (line 9) and 2 more"),)


def test_explain_suggests_the_closest_name(zwar):
    result = zwar("explain", "roomleak")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: unknown code 'roomleak' (did you mean `room-leak`?): `zwar explain` lists them all")


def test_an_unknown_key_in_a_floor_does_not_hold_back_the_rest(diagnose):
    body = OKM.replace('[[floors]]\n', '[[floors]]\nnmae = "Ground"\n') + (
        '[[spawn_points]]\nletter = "A"\nat = "0,0"\n[spawn.turn]\nwhere = { "1-6" = "A" }\nwhat = { "1-8" = "1 zombie" }\n')
    assert diagnose({"p/missions/m.toml": body}) == [
        "p/missions/m.toml:6:1: error ZW005: unknown key `nmae` in floors[0]; did you mean `name`?",
        ("p/missions/m.toml:25:9: error ZW501: turn spawn roll 1: faces 7-8 of the d8 are not covered: every face "
        "needs one row"),
    ]


def test_a_marker_on_the_wrong_terrain_points_at_where_the_square_is_drawn(workdir):
    body = '[mission]\nid = "m"\ntitle = "M"\n[[floors]]\nart = """\n+-+-+\n|. #|\n+-+-+\n"""\n[[starts]]\nat = "1,0"\n'
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": body})
    (found,) = [d for d in check([workdir / "p"], [FIXTURES]).report.sorted() if d.code == "ZW401"]
    assert text.full(found, Sources()) == (
        "p/missions/m.toml:11:6: error ZW401: start point at 1,0 is on a void square: put it on the board\n"
        "   |\n"
        " 7 | |. #|\n"
        "   |    - square 1,0 is drawn as void here\n"
        "...\n"
        '11 | at = "1,0"\n'
        "   |      ^^^^^ ZW401\n"
        "   |"
    )


@pytest.mark.parametrize("env, coloured", [({}, True), ({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True),
                                           ({"TERM": "dumb"}, False)])
def test_auto_colours_a_terminal(monkeypatch, env, coloured):
    import io
    import sys

    from zwar_author.cli.output import use_colour

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert use_colour("auto") is coloured
    assert use_colour("never") is False and use_colour("always") is True


def test_a_floor_of_unknown_squares_is_not_called_empty(diagnose):
    tile = '[tile]\nid = "t"\nname = "T"\n[sides.A]\nart = """\n+-+\n|x|\n+-+\n"""\n'
    body = '[mission]\nid = "m"\ntitle = "M"\n[[floors]]\ntiles = [{ tile = "t", at = [0, 0] }]\n[[starts]]\nat = "1,0"\n'
    assert [line.split(": ")[1] for line in diagnose({"p/tiles/t.toml": tile, "p/missions/m.toml": body})
            if ": error" in line] == ["error ZW404", "error ZW106"]
