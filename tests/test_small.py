"""The small things of a designer's day: what a pack inherits as assumed, `zwar init .`, completion."""

from __future__ import annotations

import json
import subprocess
import sys

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
