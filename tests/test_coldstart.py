"""Cold start: `zwar` imports a command's module, and the heavy libraries, only when they are needed.

Each check runs in a fresh interpreter, since this test process has long since
imported everything. The speed itself is measured by bench/cli.py, not here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import click
import pytest
from conftest import REPO

from zwar_author.cli import COMMANDS, cli

HEAVY = ("networkx", "numpy", "svgwrite", "shapely", "pydantic", "zwar_author.engine", "zwar_author.playtest",
         "zwar_author.render", "zwar_author.compile", "zwar_author.reporting", "zwar_author.serve")


def imported_after(code: str) -> set[str]:
    """Which of HEAVY a fresh interpreter has imported after running ``code``."""
    probe = f"""
import io, json, sys, contextlib
{code}
print(json.dumps(sorted({{m.split(".")[0] if not m.startswith("zwar_author") else ".".join(m.split(".")[:2])
                         for m in sys.modules}})))
"""
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True)
    loaded = set(json.loads(result.stdout.splitlines()[-1]))
    return {name for name in HEAVY if name in loaded}


def test_importing_the_cli_loads_no_heavy_library():
    assert imported_after("import zwar_author.cli") == set()


def test_top_level_help_loads_no_command():
    code = """
from zwar_author.cli import cli
with contextlib.redirect_stdout(io.StringIO()):
    cli.main(["--help"], prog_name="zwar", standalone_mode=False)
loaded = [m for m in sys.modules if m.startswith("zwar_author.cli.")]
assert loaded == [], loaded
"""
    assert imported_after(code) == set()


@pytest.mark.parametrize("name", ["validate", "build", "assumed", "init", "schema", "explain"])
def test_authoring_command_help_loads_no_heavy_library(name):
    code = f"""
from zwar_author.cli import cli
with contextlib.redirect_stdout(io.StringIO()):
    cli.main(["{name}", "--help"], prog_name="zwar", standalone_mode=False)
"""
    assert imported_after(code) == set()


def test_validating_a_sound_mission_leaves_out_networkx_the_engine_the_renderer_and_the_playtests():
    mission = REPO / "content" / "core" / "missions" / "hold-out.toml"
    code = f"""
from zwar_author.cli import cli
with contextlib.redirect_stdout(io.StringIO()):
    cli.main(["validate", {str(mission)!r}], prog_name="zwar", standalone_mode=False)
"""
    assert imported_after(code) == {"pydantic", "zwar_author.compile"}


def test_zwar_validate_of_a_sound_mission_imports_only_what_it_needs():
    """Through the real entry point: no graphs, shapes, schemas, engine or drawing."""
    mission = REPO / "content" / "core" / "missions" / "hold-out.toml"
    probe = f"""
import sys, contextlib, io
from zwar_author.cli import main
sys.argv = ["zwar", "validate", {str(mission)!r}]
with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):
    main()
banned = ("networkx", "shapely", "svgwrite", "cairocffi", "PIL", "jsonschema",
          "zwar_author.engine", "zwar_author.render", "zwar_author.playtest", "zwar_author.serve")
print(sorted(name for name in sys.modules if name.startswith(banned)))
"""
    env = {name: value for name, value in os.environ.items() if name != "PYDANTIC_DISABLE_PLUGINS"}
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True, text=True,
                            check=True)
    assert result.stdout.splitlines()[-1] == "[]"


#: Libraries that checking one mission of the grid games has no use for (pydantic it has: the sources are
#: pydantic models, README.md "Dependencies"; numpy it no longer has: the board is plain bytes, geometry/board.py)
LIBRARIES = ("numpy", "networkx", "shapely", "svgwrite", "cairocffi", "PIL", "jsonschema", "scipy", "jinja2", "dask",
             "hypothesis", "rich")
#: Parts of the package that one sound mission of the core pack has no use for: the random tables'
#: models and compiler (the core pack has no tables/), the campaign's models (a mission is checked
#: without its pack's campaign), and the reporters (there is nothing to report)
PARTS = ("zwar_author.model.tables", "zwar_author.tables.compile", "zwar_author.model.campaign",
         "zwar_author.model.compiled_campaign", "zwar_author.reporting", "zwar_author.engine", "zwar_author.render",
         "zwar_author.playtest", "zwar_author.serve", "zwar_author.analysis.caches")


@pytest.mark.parametrize("mission", ["core/missions/supply-run", "core/missions/hold-out", "exodus/missions/the-ferry"])
def test_zwar_validate_of_one_mission_loads_pydantic_and_nothing_else_heavy(mission):
    """Issue 27, item 5, through the real entry point as `zwar validate FILE` runs: what it loads, not how long
    it takes (bench/cli.py times it). The Ferry has open water, a rib and its landings."""
    path = REPO / "content" / f"{mission}.toml"
    probe = f"""
import sys, contextlib, io
from zwar_author.cli import main
sys.argv = ["zwar", "validate", {str(path)!r}]
out = io.StringIO()
with contextlib.suppress(SystemExit), contextlib.redirect_stdout(out):
    main()
print(out.getvalue().strip().splitlines()[-1])
print(sorted({{name.split(".")[0] for name in sys.modules if name.startswith({LIBRARIES!r})}}))
print(sorted({{part for part in {PARTS!r} for name in sys.modules if name == part or name.startswith(part + ".")}}))
print(sorted({{name.split(".")[0] for name in sys.modules if name.split(".")[0] in ("numpy", "pydantic")}}))
"""
    env = {name: value for name, value in os.environ.items() if name != "PYDANTIC_DISABLE_PLUGINS"}
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True, text=True,
                            check=True)
    summary, libraries, parts, kept = result.stdout.splitlines()[-4:]
    assert summary.endswith("1 mission: 0 errors, 0 warnings")
    assert (libraries, parts) == ("[]", "[]")
    assert kept == "['pydantic']"  # when it goes, say so here and in bench/README.md


def test_a_mission_with_problems_still_loads_the_reporters_and_shows_its_source_lines(tmp_path):
    """The reporters load only to print: a mission with a problem shows it with its source line."""
    mission = tmp_path / "m.toml"
    mission.write_text((REPO / "content" / "core" / "missions" / "supply-run.toml").read_text(encoding="utf-8")
                       .replace('[mission]', '[mission]\ncolour = "red"', 1), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "zwar_author", "validate", str(mission)], cwd=REPO,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert 'colour = "red"' in result.stdout  # the source line, from the reporters
    assert "`zwar explain " in result.stdout


def test_validating_missions_full_of_mistakes_loads_no_numpy():
    """Tile layouts in conflict, leaky rooms, misplaced doors, lost keys: the board's checks are plain Python."""
    probe = f"""
import sys, contextlib, io
from zwar_author.cli import main
sys.argv = ["zwar", "validate", {str(REPO / "tests" / "broken" / "pack")!r}]
out = io.StringIO()
with contextlib.suppress(SystemExit), contextlib.redirect_stdout(out):
    main()
print(out.getvalue().strip().splitlines()[-1])
print("numpy" in sys.modules)
"""
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True)
    summary, numpy = result.stdout.splitlines()[-2:]
    assert summary.startswith("checked ") and "0 errors" not in summary
    assert numpy == "False"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_in_the_table_is_the_commands_own(name):
    """`zwar --help` shows the table's summary without importing the command: keep them the same."""
    command = cli.get_command(click.Context(cli), name)
    assert command is not None and command.name == name
    assert COMMANDS[name][1] == command.get_short_help_str(limit=1000)


def test_an_unknown_command_is_a_usage_error(zwar):
    result = zwar("valdate", "x")
    assert result.exit_code == 2
    assert "No such command 'valdate'." in result.output


def test_command_names_complete_without_importing_them():
    items = cli.shell_complete(click.Context(cli), "re")
    assert [(i.value, i.help) for i in items] == [("render", COMMANDS["render"][1]), ("results", COMMANDS["results"][1]),
                                                       ("replay", COMMANDS["replay"][1])]
    assert [i.value for i in cli.shell_complete(click.Context(cli), "--v")] == ["--version"]


@pytest.mark.parametrize(("given", "kept"), [(None, "1"), ("4", "4")])
def test_the_command_line_runs_numpy_on_one_blas_thread_unless_told_otherwise(given, kept):
    """zwar does no linear algebra: OpenBLAS starting a thread per core only slows every command down.
    The garbage collector runs less often, too (cli.GC_THRESHOLD)."""
    probe = """
import gc, os, sys, contextlib, io
from zwar_author.cli import main
sys.argv = ["zwar", "--version"]
with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):
    main()
print(os.environ["OPENBLAS_NUM_THREADS"], os.environ["PYDANTIC_DISABLE_PLUGINS"], gc.get_threshold()[0])
"""
    env = {name: value for name, value in os.environ.items()
           if name not in ("OPENBLAS_NUM_THREADS", "PYDANTIC_DISABLE_PLUGINS")}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() == [kept, "__all__", "100000"]


def test_a_model_built_on_first_use_builds_its_parts_first():
    """So that a part used on its own later (a rules entry) is not built a second time."""
    probe = """
from zwar_author.model.rules import Hero, RulesDoc
before = Hero.__pydantic_complete__
RulesDoc.model_validate({})
print(before, Hero.__pydantic_complete__, RulesDoc.__pydantic_complete__)
"""
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "True", "True"]
