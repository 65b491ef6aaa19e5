"""The command line as a user meets it: exact text, exit statuses, help everywhere, no tracebacks."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from conftest import FIXTURES, PACK, REPO, write

from zwar_author import cli as cli_module
from zwar_author.cli import cli

GOOD = """\
[mission]
id = "m"
title = "M"

[[floors]]
art = \"\"\"
+-+-+-+-+
|. .|: :|
+ + +D+-+
|. . . .|
+-+-+-+-+
\"\"\"

[[starts]]
at = "0,1"

[[exits]]
at = "3,1"

[[victory]]
escape = "all"

[spawn.turn]
where = { "1-8" = "roamers" }
what = { "1-8" = "1 zombie" }
"""


@pytest.mark.parametrize("name", sorted(cli_module.COMMANDS))
def test_every_command_has_help(zwar, name):
    result = zwar(name, "--help")
    assert result.exit_code == 0
    summary = cli.get_command(None, name).help.strip().splitlines()[0]
    assert summary in " ".join(result.output.split())


def test_top_level_help_lists_every_command(zwar):
    result = zwar("--help")
    assert result.exit_code == 0
    for name in cli_module.COMMANDS:
        assert f"  {name} " in result.output


def test_version(zwar):
    result = zwar("--version")
    assert (result.exit_code, result.output) == (0, "zwar, version 0.1.0\n")


def test_validate_a_clean_pack(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": GOOD})
    result = zwar("validate", "p", "--pack-path", FIXTURES)
    # the mission, the manifest, and the manifest and rules file of the `base` pack it requires
    assert (result.exit_code, result.output) == (0, "checked 4 files, 1 mission: 0 errors, 0 warnings\n")


def test_validate_reports_every_problem_and_exits_1(zwar, workdir):
    broken = GOOD.replace('at = "3,1"', 'at = "9,1"').replace('title = "M"', 'titel = "M"')
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": broken,
                    "p/missions/n.toml": GOOD.replace('id = "m"', 'id = "n"').replace("|. .|: :|", "|. .|: .|")})
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "short")
    assert result.exit_code == 1
    # `titel` for `title` is one mistake: the missing `title` is folded into the unknown `titel`
    assert result.output == (
        "p/missions/m.toml:3:1: error ZW005: unknown key `titel` in [mission]; did you mean `title`?\n"
        "p/missions/m.toml:18:6: error ZW404: 9,1 is off floor ground, which is 4x2\n"
        "p/missions/n.toml:8:7: error ZW302: room R1 (2,0) leaks through edge V:3,0 into corridor at 3,0: "
        "a room's boundary is walls and doors only\n"
        "checked 5 files, 2 missions: 3 errors, 0 warnings\n"
    )


def test_validate_json_output(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": GOOD.replace('at = "3,1"', 'at = "9,1"')})
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.output) == {
        "ok": False, "errors": 1, "warnings": 0,
        "diagnostics": [{"path": "p/missions/m.toml", "line": 18, "col": 6, "code": "ZW404", "severity": "error",
                         "message": "9,1 is off floor ground, which is 4x2"}],
    }


def test_a_missing_path_is_a_usage_error(zwar):
    result = zwar("validate", "nowhere")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: nowhere: no such file or folder"


def test_a_bad_option_is_a_usage_error(zwar):
    result = zwar("validate", ".", "--format", "xml")
    assert result.exit_code == 2
    assert "Invalid value for '--format'" in result.output


def test_build_writes_content_and_says_so(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": GOOD})
    result = zwar("build", "p", "-o", "out", "--pack-path", FIXTURES)
    assert (result.exit_code, result.output) == (0, ("wrote out/p/index.json\n"
                                                    "wrote out/p/missions/m.cache.npz\n"
                                                    "wrote out/p/missions/m.json\n"
                                                    "built 1 mission into out: 0 errors, 0 warnings\n"))
    assert sorted(p.relative_to(workdir / "out" / "p").as_posix() for p in (workdir / "out" / "p").rglob("*.json")) \
        == ["index.json", "missions/m.json"]


def test_build_with_errors_writes_nothing(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": GOOD.replace('at = "3,1"', 'at = "9,1"')})
    result = zwar("build", "p", "-o", "out", "--pack-path", FIXTURES)
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "nothing built: 1 error, 0 warnings"
    assert not (workdir / "out").exists()


def test_init_makes_a_pack_that_validates(zwar, workdir):
    result = zwar("init", "My Missions")
    assert result.exit_code == 0
    assert result.output == (
        "wrote My Missions/pack.toml\n"
        "wrote My Missions/tiles/my-missions-block.toml\n"
        "wrote My Missions/missions/first-steps.toml\n"
        "next: zwar validate My Missions\n"
    )
    assert (workdir / "My Missions" / ".zwar" / "schemas" / "mission.schema.json").is_file()
    checked = zwar("validate", "My Missions")
    assert checked.exit_code == 0
    assert re.fullmatch(r"checked \d+ files, 1 mission: 0 errors, 0 warnings\n", checked.output)


def test_init_refuses_a_folder_in_use(zwar, workdir):
    (workdir / "used").mkdir()
    (workdir / "used" / "notes.txt").write_text("mine")
    result = zwar("init", "used")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: used already exists and holds more than version-control files: choose a new or empty folder")
    assert sorted(p.name for p in (workdir / "used").iterdir()) == ["notes.txt"]


def test_explain(zwar):
    result = zwar("explain", "zw302")
    assert result.exit_code == 0
    assert result.output.startswith("ZW302 room-leak (error)\n\nA room is closed:")


def test_explain_lists_codes_and_rejects_unknown_ones(zwar):
    listing = zwar("explain")
    assert listing.exit_code == 0
    assert "ZW302  error    room-leak" in listing.output
    unknown = zwar("explain", "ZW999")
    assert unknown.exit_code == 2
    assert unknown.output.splitlines()[-1] == "Error: unknown code 'ZW999': `zwar explain` lists them all"


def test_explain_says_what_replaced_a_retired_code(zwar):
    for name in ("ZW626", "timer-unplayed"):
        result = zwar("explain", name)
        assert (result.exit_code, result.output) == (0, (
            "ZW626 timer-unplayed (retired)\n\nA 3-turn timer the engine does not play is now named once, with "
            "everything else the engine cannot play in the mission, by ZW150 (engine-cannot-play).\n"))


def test_schema_check_passes_on_the_repository_and_fails_when_stale(zwar, workdir):
    assert zwar("schema", "--check", "-o", REPO / "schemas").exit_code == 0
    stale = zwar("schema", "--check", "-o", "fresh")
    assert stale.exit_code == 1
    assert stale.output.splitlines()[0] == "fresh/pack.schema.json: out of date: run `zwar schema -o fresh`"
    written = zwar("schema", "-o", "fresh")
    assert written.exit_code == 0 and "wrote fresh/mission.schema.json" in written.output
    assert zwar("schema", "--check", "-o", "fresh").exit_code == 0


def test_assumed_lists_guessed_values_with_their_place(zwar):
    result = zwar("assumed", FIXTURES / "base")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[-1] == "base: 1 assumed value of its own"
    assert lines[0].endswith('tests/fixtures/base/rules/base.toml:8:70: hero base/sam: ratings.survival = "red"')


def test_python_dash_m_runs_the_same_cli():
    result = subprocess.run([sys.executable, "-m", "zwar_author", "--version"], capture_output=True, text=True,
                            check=False)
    assert (result.returncode, result.stdout) == (0, "zwar, version 0.1.0\n")


def test_an_internal_error_is_one_line_and_exit_3(workdir, monkeypatch, capsys):
    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("zwar_author.compile.project.check", explode)
    monkeypatch.setattr(sys, "argv", ["zwar", "validate", "."])
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main()
    assert exit_info.value.code == 3
    err = capsys.readouterr().err
    assert err == "zwar: internal error: RuntimeError: boom (this is a bug in zwar-author)\n"


def test_ctrl_c_in_any_command_says_interrupted_and_exits_130(workdir, monkeypatch, capsys):
    """click turns Ctrl+C into its own "Aborted!" and exit status 1, which is what content errors exit with:
    a command interrupted (a Zone Wars or All Things Zombie playtest, a build) exits 130 as a shell expects."""
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("zwar_author.compile.project.check", interrupted)
    monkeypatch.setattr(sys, "argv", ["zwar", "validate", "."])
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main()
    assert exit_info.value.code == 130
    assert capsys.readouterr().err == "\nzwar: interrupted\n"


def test_a_mission_outside_any_pack_uses_the_shipped_core_pack(zwar, workdir):
    write(workdir, {"lone.toml": GOOD.replace('[[floors]]\nart = \"\"\"\n+-+-+-+-+\n|. .|: :|\n+ + +D+-+\n|. . . .|\n+-+-+-+-+\n\"\"\"',
                                              '[[floors]]\ntiles = [{ tile = "core/street", side = "A", at = [0, 0] }]')})
    result = zwar("validate", "lone.toml")
    assert result.exit_code == 0, result.output
    assert result.output.endswith("1 mission: 0 errors, 0 warnings\n")


def test_a_tile_file_outside_any_pack_is_checked(zwar, workdir):
    write(workdir, {"tile.toml": '[tile]\nid = "t"\nname = "T"\n[sides.A]\nart = """\n+-+\n|?|\n+-+\n"""\n'})
    result = zwar("validate", "tile.toml")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == ("tile.toml:7:2: error ZW106: '?' on square 0,0: a square is '.' corridor, "
                                            "':' room, '=' stairs, '~' water, 't' transition or '#' void")
