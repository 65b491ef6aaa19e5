"""Hostile sources: every limit of the format is a located error, and nothing hangs or crashes.

Each case that could hang or exhaust memory before the fix runs in a child
process with a time limit (``run_zwar``), so a regression fails instead of
blocking the test run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONTENT, FIXTURES, PACK, write

from zwar_author import codes, limits
from zwar_author.compile.project import build, check
from zwar_author.errors import Diagnostic, Location, Report, Severity, more_problems

M = '[mission]\nid = "m"\ntitle = "M"\n'
ART = '[[floors]]\nart = """\n+-+-+\n|. .|\n+-+-+\n"""\n'
OKM = M + ART + '[[starts]]\nat = "0,0"\n[[exits]]\nat = "1,0"\n[[victory]]\nescape = "all"\n'
SPAWN = '''[[spawn_points]]
letter = "A"
at = "0,0"
[spawn.turn]
where = { "1-8" = "A" }
what = { "1-8" = "1 zombie" }
[spawn.room]
what = { "1-8" = "1 zombie" }
distance = { "1-8" = 1 }
'''
DEEP = 3000

#: One case per limit code: files, target, the exact lines a user sees for that code.
CASES: dict[str, tuple[dict, str, list[str]]] = {
    "ZW013": ({"p/missions/m.toml": M + "notes = " + "[" * DEEP + "]" * DEEP + "\n"}, "p", [
        ("p/missions/m.toml:4:40: error ZW013: arrays and tables are nested more than 32 deep here: "
        "a source nests at most 32 levels")]),
    "ZW014": ({"p/missions/m.toml": M + "chapter = " + "1" * 5000 + "\n"}, "p", [
        ("p/missions/m.toml:4:11: error ZW014: a number 5000 characters long: a number in a source has at most "
        "40 characters")]),
    "ZW015": ({"p/missions/fifo.toml": ("fifo",)}, "p", [
        ("p/missions/fifo.toml:1:1: error ZW015: this is a named pipe (FIFO), not a regular file: "
        "a source is a plain file")]),
    "ZW016": ({"p/rules/zero.toml": ("symlink", "/dev/zero")}, "p", [
        ("p/rules/zero.toml:1:1: error ZW016: through a symbolic link this file is /dev/zero, outside the pack p: "
        "only files inside the pack are read")]),
    "ZW017": ({"p/missions/m.toml": M + "notes = [" + '"n", ' * 2001 + "]\n"}, "p", [
        "p/missions/m.toml:4:9: error ZW017: this list has 2001 items: a list holds at most 2000"]),
    "ZW018": ({"p/pack.toml": PACK + "[copies]\n" + "".join(f"t{i} = 1\n" for i in range(2001))}, "p", [
        "p/pack.toml:5:1: error ZW018: this table has 2001 keys: a table holds at most 2000"]),
    "ZW019": ({"p/missions/m.toml": M + '[[floors]]\nart = """\n+-+\n|.|' + " " * 100_000 + '\n+-+\n"""\n'}, "p", [
        ("p/missions/m.toml:7:258: error ZW019: art line is 100003 characters long: art is at most 257 "
        "characters wide (128 squares)")]),
    "ZW020": ({"p/tiles/t.toml": '[tile]\nid = "t"\nname = "T"\n[sides.A]\nart = """\n'
               + "+-+\n|.|\n" * 350 + '+-+\n"""\n'}, "p", [
        "p/tiles/t.toml:263:1: error ZW020: art has 701 lines: art is at most 257 lines high (128 squares)"]),
    "ZW021": ({"p/missions/m.toml": M + '[[floors]]\nsize = [10000, 10000]\ntiles = [{ tile = "base/yard", '
               'at = [0, 0] }]\n'}, "p", [
        "p/missions/m.toml:5:8: error ZW021: floor ground would be 10000x10000 squares: a floor is at most 128x128"]),
    "ZW022": ({"p/missions/m.toml": M + "".join(
        f'[[floors]]\nid = "f{i}"\nsize = [128, 100]\ntiles = [{{ tile = "base/yard", at = [0, 0] }}]\n'
        for i in range(3))}, "p", [
        "p/missions/m.toml:12:1: error ZW022: the floors have 38400 squares in all: a mission has at most 32768"]),
    "ZW023": ({"p/missions/m.toml": OKM + SPAWN.replace('"1-8" = 1 }', '"1-8" = 40000 }')}, "p", [
        "p/missions/m.toml:24:22: error ZW023: the distance is 40000: at most 10000"]),
}


def _make(workdir: Path, files: dict) -> None:
    files = {"p/pack.toml": PACK, **files}
    for name, text in files.items():
        path = workdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, tuple) and text[0] == "symlink":
            os.symlink(text[1], path)
        elif isinstance(text, tuple) and text[0] == "fifo":
            os.mkfifo(path)
        else:
            write(workdir, {name: text})


def run_zwar(args: list[str], cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """``zwar ARGS`` in a child process: a hang becomes a test failure after ``timeout`` seconds.

    validate and build print the short format: one line a problem.
    """
    if args[0] in ("validate", "build"):
        args = [*args, "--format", "short"]
    try:
        return subprocess.run([sys.executable, "-m", "zwar_author", *args], cwd=cwd, capture_output=True, check=False,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"zwar {' '.join(args)} did not finish in {timeout} s")


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(CASES))
def test_limit_text(workdir, code):
    files, target, expected = CASES[code]
    _make(workdir, files)
    result = run_zwar(["validate", target, "--pack-path", str(FIXTURES)], workdir)
    assert result.returncode == 1, result.stderr
    assert [line for line in result.stdout.splitlines() if f" {code}: " in line] == expected
    assert result.stderr == ""


def test_more_problems_than_shown_are_counted(workdir):
    bad = OKM.replace('title = "M"\n', 'title = "M"\n' + "".join(f"key{i} = 1\n" for i in range(150)))
    _make(workdir, {"p/missions/m.toml": bad})
    report = check([workdir / "p"], [FIXTURES]).report
    shown = report.sorted()
    assert len(report.errors) > limits.MAX_PROBLEMS_PER_FILE
    assert len(shown) == limits.MAX_PROBLEMS_PER_FILE + 1
    hidden = len(report.diagnostics) - limits.MAX_PROBLEMS_PER_FILE  # errors and warnings alike
    assert shown[-1].human() == (f"p/missions/m.toml:{shown[-1].location.line}:{shown[-1].location.col}: error ZW024: "
                                 f"and {hidden} more problems in this file (the first 100 are shown)")


def test_the_more_problems_line_reads_as_its_code_says():
    here = Location(Path("m.toml"), 3, 4)
    hidden = [Diagnostic(here, "ZW007", Severity.ERROR, "x")] * 3
    assert more_problems(hidden, 100) == codes.MORE_PROBLEMS.at(here, count=3, shown=100)
    assert Report([Diagnostic(here, "ZW010", Severity.WARNING, f"w{i}") for i in range(3)]).sorted(2)[-1].severity \
        is Severity.WARNING


@pytest.mark.slow
def test_deep_nesting_in_every_source_kind_and_format(workdir):
    deep_toml = "x = " + "[" * DEEP + "]" * DEEP + "\n"
    deep_inline = "x = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n"
    deep_json = '{"x": ' + "[" * DEEP + "]" * DEEP + "}\n"
    dotted = "a" + ".a" * DEEP + " = 1\n"
    files = {
        "p/pack.toml": PACK + deep_toml,
        "p/missions/a.toml": M + deep_toml, "p/missions/b.toml": M + deep_inline, "p/missions/c.json": deep_json,
        "p/missions/d.toml": M + dotted,
        "p/tiles/t.toml": '[tile]\nid = "t"\nname = "T"\n' + deep_inline, "p/tiles/u.json": deep_json,
        "p/rules/r.toml": deep_toml, "p/rules/s.json": deep_json,
    }
    write(workdir, files)
    for command in (["validate", "p"], ["build", "p", "-o", "out"]):
        result = run_zwar([*command, "--pack-path", str(FIXTURES)], workdir)
        assert result.returncode == 1, result.stderr
        deep = sorted(line.split(":")[0] for line in result.stdout.splitlines() if " ZW013: " in line)
        assert deep == sorted(files)


@pytest.mark.parametrize("square", ["1" * 5000 + ",9", "ground:9," + "1" * 5000])
def test_long_numbers_inside_strings_are_refused(workdir, square):
    _make(workdir, {"p/missions/m.toml": OKM.replace('at = "0,0"', f'at = "{square}"')})
    lines = [d.human() for d in check([workdir / "p"], [FIXTURES]).report.sorted() if "m.toml" in d.human()]
    col = 7 if square[0] == "1" else 16
    assert lines == [(f"p/missions/m.toml:11:{col}: error ZW014: a number 5000 characters long: a number in a "
                     "source has at most 40 characters")]


def test_a_file_beyond_the_size_limit_is_not_read(workdir, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 100)
    _make(workdir, {"p/missions/m.toml": OKM})
    lines = [d.human() for d in check([workdir / "p"], [FIXTURES]).report.sorted()
             if d.code == "ZW011" and d.human().startswith("p/")]
    assert lines == [f"p/missions/m.toml:1:1: error ZW011: file is {len(OKM)} bytes; a source may be at most 100 bytes"]


def test_a_device_named_directly_is_refused(workdir):
    os.symlink("/dev/zero", workdir / "zero.toml")
    result = run_zwar(["validate", "zero.toml"], workdir)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (
        "zero.toml:1:1: error ZW015: this is a device, not a regular file: a source is a plain file")


def test_a_file_in_a_linked_folder_outside_the_pack_is_refused(workdir):
    write(workdir, {"elsewhere/m.toml": OKM})
    _make(workdir, {"p/missions/linked": ("symlink", str(workdir / "elsewhere"))})
    lines = [d.human() for d in check([workdir / "p/missions/linked/m.toml"], [FIXTURES]).report.sorted()]
    target = (workdir / "elsewhere" / "m.toml").resolve().as_posix()
    assert lines == [(f"p/missions/linked/m.toml:1:1: error ZW016: through a symbolic link this file is {target}, "
                      "outside the pack p: only files inside the pack are read")]


def test_a_symlink_inside_the_pack_is_followed(workdir):
    _make(workdir, {"p/missions/m.toml": OKM, "p/missions/n.toml": ("symlink", "m.toml")})
    lines = [d.human() for d in check([workdir / "p"], [FIXTURES]).report.sorted() if d.code in ("ZW016", "ZW015")]
    assert lines == []


def test_large_numbers_in_table_results_are_errors_not_crashes(workdir):
    bad = OKM + SPAWN.replace('what = { "1-8" = "1 zombie" }\ndistance', 'what = { "1-8" = "10001 zombies" }\n'
                                                                          'distance')
    _make(workdir, {"p/missions/m.toml": bad})
    result = run_zwar(["validate", "p", "--pack-path", str(FIXTURES)], workdir)
    assert result.returncode == 1, result.stderr
    assert [line for line in result.stdout.splitlines() if "ZW023" in line] == [
        "p/missions/m.toml:23:18: error ZW023: the number of infected is 10001: at most 10000"]


@pytest.mark.parametrize("art", [
    '"""\n+-+-+\n|.\n+-+-+\n"""',           # a short line: padded squares are reported at its end
    '"""\n+-+-+\\n|. x|\\n+-+-+\n"""',     # escapes: the source does not spell the line as it reads
    '["+-+-+", "|.", "+-+-+"]',              # a list of lines
])
def test_art_problems_point_inside_their_line(workdir, art):
    text = M + f"[[floors]]\nart = {art}\n"
    _make(workdir, {"p/missions/m.toml": text})
    found = [d for d in check([workdir / "p"], [FIXTURES]).report.sorted() if d.code.startswith("ZW1")]
    lines = text.split("\n")
    assert found
    for d in found:
        assert 1 <= d.location.line <= len(lines)
        assert 1 <= d.location.col <= len(lines[d.location.line - 1]) + 1, d.human()


@pytest.mark.slow
def test_a_700_by_700_tile_is_refused_quickly(workdir):
    side = "+" + "-+" * 700
    row = "|" + ". " * 699 + ".|"
    art = "\n".join([side] + [row, side] * 700)
    _make(workdir, {"p/tiles/t.toml": '[tile]\nid = "t"\nname = "T"\n[sides.A]\nart = """\n' + art + '\n"""\n'})
    result = run_zwar(["validate", "p", "--pack-path", str(FIXTURES)], workdir, timeout=30)
    assert [line.split(": error ")[1][:5] for line in result.stdout.splitlines() if ": error " in line] == [
        "ZW019", "ZW020"]


def test_the_reference_content_still_builds(workdir):
    outcome = build([CONTENT], workdir / "out", [], caches=False)
    assert outcome.report.ok, [d.human() for d in outcome.report.errors]
    # a designer's first build shows no warning about the project's own content (the box's doors: ZW623)
    assert [d.human() for d in outcome.report.warnings] == []


def big_mission(side: int = 100) -> str:
    """A legitimate two-floor mission of ``side`` x ``side`` squares a floor: 10 x 10 rooms around a stairwell."""
    def art() -> str:
        lines = ["+" + "-+" * side]
        for y in range(side):
            row = "|"
            for x in range(side):
                row += "=" if (x, y) == (side // 2, side // 2) else "." if (x // 10, y // 10) == (5, 5) else ":"
                if x < side - 1:
                    row += ("D" if y % 10 == 5 else "|") if (x + 1) % 10 == 0 else " "
            lines.append(row + "|")
            if y < side - 1:
                lines.append("+" + "".join((("D" if x % 10 == 5 else "-") if y % 10 == 9 else " ") + "+"
                                           for x in range(side)))
        lines.append("+" + "-+" * side)
        return "\n".join(lines)

    floors = "".join(f'[[floors]]\nid = "{f}"\nart = """\n{art()}\n"""\n' for f in ("ground", "first"))
    middle = f"{side // 2},{side // 2}"
    return (M + floors + f'[[stairs]]\nlink = ["ground:{middle}", "first:{middle}"]\n'
            f'[[starts]]\nat = "ground:0,0"\n[[exits]]\nat = "first:{side - 1},{side - 1}"\n'
            '[[victory]]\nescape = "all"\n')


def test_a_100_by_100_two_floor_mission_builds(workdir):
    _make(workdir, {"p/missions/m.toml": big_mission(100)})
    outcome = build([workdir / "p"], workdir / "out", [FIXTURES], caches=False)
    assert outcome.report.ok, [d.human() for d in outcome.report.errors]
    assert outcome.compiled == 1


def test_every_limit_code_has_a_case():
    ours = {c for c in codes.CODES if 13 <= int(c[2:]) <= 49}
    assert ours == set(CASES) | {"ZW024"}


@pytest.mark.slow
def test_linked_folders_are_not_searched_for_packs(workdir):
    write(workdir, {"elsewhere/q/pack.toml": PACK.replace('id = "p"', 'id = "q"'), "elsewhere/q/missions/m.toml": OKM})
    _make(workdir, {"p/missions/m.toml": OKM})
    (workdir / "packs").mkdir()
    os.symlink(workdir / "p", workdir / "packs" / "p")
    os.symlink(workdir / "elsewhere", workdir / "packs" / "outside")
    result = run_zwar(["validate", "packs", "--pack-path", str(FIXTURES)], workdir)
    assert result.stdout.splitlines() == [
        ("packs:1:1: error ZW009: no pack found in this folder: a pack is a folder with a pack.toml (`zwar init DIR` "
        "makes one)"),
        "checked 0 files, 0 missions: 1 error, 0 warnings"]
    named = run_zwar(["validate", "packs/p", "--pack-path", str(FIXTURES)], workdir)
    assert named.returncode == 0, named.stdout


POOL_PACK = '[pack]\nid = "p"\ntitle = "P"\ngames = ["atz"]\n'
POOL_TABLE = '''[table]
id = "t"
name = "T"
games = ["atz"]
kind = "{kind}"
{dice}
[context]
rep = {{ low = 1, high = 6 }}
{modifiers}
[[rows]]
roll = "0+"
result = "anything"
'''


@pytest.mark.parametrize("pool", ["9223372036854775808", "1000000", "5000", "31"])
@pytest.mark.parametrize("kind", ["pass", "successes"])
def test_a_pool_past_30_dice_is_refused_before_its_odds_are_computed(workdir, pool, kind):
    target = 'against = "rep"' if kind == "pass" else 'success = "1-3"'
    write(workdir, {"p/pack.toml": POOL_PACK, "p/tables/t.toml": POOL_TABLE.format(
        kind=kind, dice=f'pool = "{pool}"\n{target}', modifiers="")})
    result = run_zwar(["validate", "p"], workdir, timeout=30)
    where = " (rep = 1)" if kind == "pass" else ""
    assert result.stdout.splitlines()[0] == (
        f"p/tables/t.toml:6:8: error ZW814: t: you roll {pool} dice with no modifier{where}; exact odds are "
        "computed for at most 30 dice a side")
    assert (result.returncode, result.stderr) == (1, "")


def test_modifiers_adding_dice_past_the_limit_are_refused(workdir):
    mods = "".join(f'[[modifiers]]\nname = "m{i}"\nvalue = "+1d6"\nwhen = {{}}\n' for i in range(29))
    write(workdir, {"p/pack.toml": POOL_PACK, "p/tables/t.toml": POOL_TABLE.format(
        kind="pass", dice='pool = "2"\nagainst = "rep"', modifiers=mods)})
    result = run_zwar(["validate", "p"], workdir, timeout=30)
    assert result.stdout.splitlines()[0].startswith(
        "p/tables/t.toml:6:8: error ZW814: t: you roll 31 dice with m0 (+1d6) and m1 (+1d6)")


def test_a_sum_of_too_many_faces_is_refused_before_it_is_convolved(workdir):
    mods = "".join(f'[[modifiers]]\nname = "m{i}"\nvalue = "+30d20"\nwhen = {{}}\n' for i in range(200))
    write(workdir, {"p/pack.toml": POOL_PACK, "p/tables/t.toml": POOL_TABLE.format(
        kind="sum", dice='dice = "2d6"', modifiers=mods)})
    result = run_zwar(["validate", "p"], workdir, timeout=30)
    assert result.stdout.splitlines()[0] == (
        "p/tables/t.toml:6:8: error ZW801: t: the dice come to 120012 faces in all with "
        + " and ".join(f"m{i} (+30d20)" for i in range(200)) + "; exact odds are computed for at most 600")
    assert (result.returncode, result.stderr) == (1, "")
