"""The small things of a designer's day: what a pack inherits as assumed, `zwar init .`, completion."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import FIXTURES, PACK, REPO, write


def test_assumed_lists_what_a_pack_inherits_from_the_packs_it_requires(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK})
    result = zwar("assumed", "p", "--pack-path", FIXTURES)
    lines = result.output.splitlines()
    assert lines[-1] == "p: 0 assumed values of its own; inherited: 1 from base"
    assert lines[0].endswith('tests/fixtures/base/rules/base.toml:8:70: hero base/sam: ratings.survival = "red"')
    assert zwar("assumed", "p", "--own", "--pack-path", FIXTURES).output == "p: 0 assumed values of its own\n"


def test_assumed_takes_a_pack_by_id(zwar, workdir):
    result = zwar("assumed", "core")
    assert result.exit_code == 0
    count = len(result.output.splitlines()) - 1
    assert result.output.splitlines()[-1] == f"core: {count} assumed values of its own"
    assert count > 100
    document = json.loads(zwar("assumed", "base", "--format", "json", "--pack-path", FIXTURES).output)
    assert [(p["pack"], len(p["own"]), p["inherited"]) for p in document] == [("base", 1, {})]
    assert document[0]["own"][0]["key"] == "ratings.survival" and document[0]["own"][0]["pack"] == "base"


def test_assumed_of_nothing_is_a_usage_error(zwar, workdir):
    result = zwar("assumed", "nowhere")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: nowhere: no such file, folder or pack (a pack is found by id in --pack-path folders and among the "
        "packs shipped with zwar)")


# --- zwar init in a folder that version control already holds ------------------------------


def test_init_works_in_a_fresh_git_repository(zwar, workdir):
    subprocess.run(["git", "init", "-q", str(workdir / "mine")], check=True)
    (workdir / "mine" / ".gitignore").write_text("build/\n")
    result = zwar("init", "mine")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (workdir / "mine").iterdir()) == [
        ".git", ".gitignore", ".zwar", "missions", "pack.toml", "tiles"]
    assert (workdir / "mine" / ".gitignore").read_text() == "build/\n"
    assert zwar("validate", "mine").exit_code == 0


def test_init_dot_in_an_empty_working_folder(zwar, workdir, monkeypatch):
    (workdir / "Night Shift").mkdir()
    monkeypatch.chdir(workdir / "Night Shift")
    result = zwar("init", ".")
    assert result.output == ("wrote pack.toml\nwrote tiles/night-shift-block.toml\nwrote missions/first-steps.toml\n"
                             "next: zwar validate .\n")
    assert [p.name for p in (workdir / "Night Shift").iterdir() if p.name.startswith(".zwar-init")] == []


def test_init_refuses_a_folder_holding_more_than_version_control(zwar, workdir):
    (workdir / "used" / ".git").mkdir(parents=True)
    (workdir / "used" / "notes.txt").write_text("mine")
    result = zwar("init", "used")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: used already exists and holds more than version-control files: choose a new or empty folder")


# --- shell completion -------------------------------------------------------------------------


def complete(zwar_args: str, cwd=None) -> list[str]:
    """What bash completion offers for the last word of ``zwar_args`` (click's protocol)."""
    env = {**os.environ, "_ZWAR_COMPLETE": "bash_complete", "COMP_WORDS": zwar_args,
           "COMP_CWORD": str(len(zwar_args.split(" ")) - 1)}
    out = subprocess.run([sys.executable, "-m", "zwar_author"], env=env, cwd=cwd, capture_output=True, text=True,
                         check=True)
    return out.stdout.splitlines()


def test_completion_offers_diagnostic_codes():
    assert complete("zwar explain ZW30", REPO)[:3] == ["plain,ZW301", "plain,ZW302", "plain,ZW303"]
    assert complete("zwar explain room-l", REPO) == ["plain,ZW302"]


@pytest.mark.slow
def test_completion_offers_missions_by_id():
    offered = complete("zwar validate hold", REPO)
    assert offered == ["plain,content/core/missions/hold-out.toml", "file,hold"]
    assert complete("zwar play the-t", REPO)[0] == "plain,content/core/missions/the-tower.toml"


def test_completion_offers_pack_ids_to_assumed():
    assert complete("zwar assumed co", REPO)[0] == "plain,core"


def test_completion_of_commands_and_options():
    assert complete("zwar va", REPO) == ["plain,validate"]
    assert "plain,--orientation" in complete("zwar render --or", REPO)
