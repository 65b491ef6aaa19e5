"""`zwar validate --baseline FILE`: only the problems an earlier run (its SARIF log or JSON report) did not have."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES, PACK, write
from test_diagnostics import OKM

MISSION = '''[mission]
id = "m"
title = "M"
titel = "x"

[[floors]]
art = """
+-+-+
|. .|
+-+-+
"""
'''
TITEL = "unknown key `titel` in [mission]; did you mean `title`?"
SUBTITLE = "unknown key `subtitle` in [mission]; did you mean `title`?"


def record(zwar, fmt: str) -> str:
    """Validate pack `p` and keep its report, in the scratch folder, as the baseline: as a pack's CI does once."""
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", fmt)
    assert result.exit_code == 1
    name = f"known.{fmt}"
    Path(name).write_text(result.stdout, encoding="utf-8")
    return name


@pytest.mark.parametrize("fmt", ["sarif", "json"])
def test_only_new_problems_are_reported_and_the_known_ones_counted(workdir, zwar, fmt):
    """A known problem moved down a line by an edit above it is still known; the new one is reported."""
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": MISSION})
    baseline = record(zwar, fmt)
    write(workdir, {"p/missions/m.toml": MISSION.replace('id = "m"', 'id = "m"\nsubtitle = "y"')})
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "short", "--baseline", baseline)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"p/missions/m.toml:3:1: error ZW005: {SUBTITLE}",
        f"checked 4 files, 1 mission: 1 error, 0 warnings; 4 known problems hidden (in the baseline {baseline})",
    ]


def test_a_pack_whose_every_error_is_known_passes(workdir, zwar):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": MISSION})
    baseline = record(zwar, "sarif")
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--baseline", baseline)
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "checked 4 files, 1 mission: 0 errors, 0 warnings; 4 known problems hidden (in the baseline known.sarif)",
    ]


def test_a_second_copy_of_a_known_problem_is_new(workdir, zwar):
    """Each known finding hides one: the same mistake made again in the same file is reported."""
    item = '[[items]]\nletter = "{letter}"\ncard = "pistl"\nat = "{at}"\n'
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": OKM + item.format(letter="S", at="1,0")})
    baseline = record(zwar, "json")
    write(workdir, {"p/missions/m.toml": OKM + item.format(letter="S", at="1,0") + item.format(letter="T", at="2,0")})
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "short", "--baseline", baseline)
    assert result.output.splitlines() == [
        "p/missions/m.toml:26:8: error ZW408: equipment card `pistl` does not exist; did you mean `pistol`?",
        "checked 4 files, 1 mission: 1 error, 0 warnings; 2 known problems hidden (in the baseline known.json)",
    ]


def test_the_json_report_and_the_sarif_log_say_what_the_baseline_hid(workdir, zwar):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": MISSION})
    baseline = record(zwar, "json")
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "json", "--baseline", baseline)
    document = json.loads(result.stdout)
    assert (document["baseline"], document["diagnostics"], document["ok"]) == (
        {"path": "known.json", "hidden": 4}, [], True)
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "sarif", "--baseline", baseline)
    assert json.loads(result.stdout)["runs"][0]["results"] == []
    assert result.stderr == "4 known problems hidden (in the baseline known.json)\n"


NOT_ONE = ("not a SARIF log or a JSON report of `zwar validate` (write one with `zwar validate --format sarif` "
           "or `--format json`)")


@pytest.mark.parametrize(("text", "why"), [
    (None, "cannot read this file: No such file or directory"),
    ('[pack]\nid = "p"\n', NOT_ONE),
    ('{"runs": [{"results": [{"ruleId": 5}]}]}', NOT_ONE),
    ("[" * 100_000, NOT_ONE),  # nested past what the JSON reader can follow: refused, not a traceback
])
def test_a_baseline_that_is_not_one_is_a_usage_error(workdir, zwar, text, why):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": MISSION})
    if text is not None:
        (workdir / "known.json").write_text(text, encoding="utf-8")
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--baseline", "known.json")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: --baseline known.json: {why}"
