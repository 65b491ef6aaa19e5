"""Output for pack CI: SARIF checked against the official schema, GitHub annotations, the pre-commit hooks."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from conftest import FIXTURES, PACK, REPO, write
from test_diagnostics import EXODUS_OKM, OKM

from zwar_author.errors import Diagnostic, Location, Related, Severity
from zwar_author.reporting import ci
from zwar_author.reporting.source import Sources

#: The SARIF 2.1.0 schema as OASIS published it with errata 01: sarif-2.1/schema/sarif-schema-2.1.0.json
#: of the OASIS SARIF technical committee's repository (oasis-tcs/sarif-spec), byte for byte.
SARIF_SCHEMA = json.loads((Path(__file__).parent / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
SPAWN = '[spawn.turn]\nwhere = { "1-8" = "roamers" }\nwhat = { "1-8" = "1 zombie" }\n'
KEYS = EXODUS_OKM + '[[doors]]\nat = "H:2,1"\nkind = "locked"\nkey = "red"\n[[keycards]]\ncolour = "blue"\nat = "0,0"\n'


def test_sarif_is_valid_sarif_2_1_0_with_rules_regions_and_related_locations(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": KEYS,
                    "p/missions/n.toml": OKM.replace('id = "m"', 'id = "n"').replace('at = "3,1"', 'at = "9,1"')})
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "sarif")
    assert result.exit_code == 1
    log = json.loads(result.output)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    (run,) = log["runs"]
    assert [(r["id"], r["name"], r["defaultConfiguration"]["level"]) for r in run["tool"]["driver"]["rules"]] == [
        ("ZW404", "off-floor", "error"), ("ZW410", "no-keycard", "error"), ("ZW603", "no-spawn", "warning")]
    door = next(r for r in run["results"] if r["ruleId"] == "ZW410")
    assert door == {
        "ruleId": "ZW410", "ruleIndex": 1, "level": "error",
        "message": {"text": "locked door at H:2,1 needs a red keycard, but none is placed\n"
                            "note: no locked door is blue: if that keycard is the one for this door, make both red"},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": "p/missions/m.toml"},
                                            "region": {"startLine": 20, "startColumn": 1, "endLine": 20,
                                                       "endColumn": 10}}}],
        "relatedLocations": [{"id": 0, "message": {"text": "this keycard is blue"},
                              "physicalLocation": {"artifactLocation": {"uri": "p/missions/m.toml"},
                                                   "region": {"startLine": 25, "startColumn": 10, "endLine": 25,
                                                              "endColumn": 16}}}],
    }


def test_sarif_of_a_clean_run_is_valid_and_empty(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": OKM + SPAWN})
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "sarif")
    assert result.exit_code == 0
    log = json.loads(result.output)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


def test_sarif_names_files_outside_the_working_folder_by_file_uri(tmp_path):
    path = tmp_path / "odd name, 100%.toml"
    path.write_text("x = 1\n", encoding="utf-8")
    diagnostic = Diagnostic(Location(path, 1, 5), "ZW007", Severity.ERROR, "bad")
    log = ci.sarif([diagnostic], Sources(), relative_to=tmp_path / "elsewhere")
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == path.as_uri() and uri.endswith("/odd%20name%2C%20100%25.toml")


def test_github_annotations(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": KEYS + SPAWN})
    result = zwar("validate", "p", "--pack-path", FIXTURES, "--format", "github")
    assert result.exit_code == 1
    assert result.output == (
        "::error file=p/missions/m.toml,line=20,col=1,endLine=20,endColumn=9,title=ZW410::locked door at H:2,1 "
        "needs a red keycard, but none is placed%0Anote: no locked door is blue: if that keycard is the one for "
        "this door, make both red%0Ap/missions/m.toml:25:10: this keycard is blue\n"
        "checked 4 files, 1 mission: 1 error, 0 warnings\n"
    )


def test_github_escapes_data_and_properties_as_github_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "a:b,c%.toml"
    path.write_text("x = 1\n", encoding="utf-8")
    diagnostic = Diagnostic(Location(path, 1, 1), "ZW007", Severity.WARNING, "100% bad\r\nreally",
                            related=(Related(Location(path, 1, 5), "here"),))
    assert ci.github(diagnostic, Sources()) == (
        "::warning file=a%3Ab%2Cc%25.toml,line=1,col=1,endLine=1,endColumn=1,title=ZW007::100%25 bad%0D%0Areally"
        "%0Aa:b,c%25.toml:1:5: here")


def test_schema_only_checks_each_file_against_its_schema(zwar, workdir):
    """A dangling reference is not a schema problem; a bad value and an unknown key are."""
    broken = OKM.replace('id = "m"', 'id = "m"\nchapter = 0') + '[[items]]\nletter = "S"\ncard = "pistl"\nat = "1,0"\n'
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": broken,
                    "p/tiles/t.toml": '[tile]\nid = "t"\nnaem = "T"\n[sides.A]\nart = "+-+"\n'})
    result = zwar("validate", "--schema-only", "p", "--format", "short")
    assert result.exit_code == 1
    assert result.output == (
        "p/missions/m.toml:3:11: error ZW007: `chapter` must be at least 1, not 0\n"
        "p/tiles/t.toml:3:1: error ZW005: unknown key `naem` in [tile]; did you mean `name`?\n"
        "checked 3 files against their schemas: 2 errors, 0 warnings\n"
    )
    one = zwar("validate", "--schema-only", "p/tiles/t.toml", "p/missions/m.toml", "--format", "short")
    assert one.output.splitlines()[-1] == "checked 2 files against their schemas: 2 errors, 0 warnings"


def test_schema_only_passes_the_reference_content(zwar):
    result = zwar("validate", "--schema-only", REPO / "content", "--format", "short")
    # the core pack's 25 sources, All Things Zombie's 63 and Zone Wars' 8
    assert (result.exit_code, result.output) == (0, "checked 101 files against their schemas: 0 errors, 0 warnings\n")


def test_pre_commit_hooks():
    yaml = pytest.importorskip("yaml")
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert set(hooks) == {"zwar-validate", "zwar-schema"}
    assert hooks["zwar-validate"]["entry"] == "zwar validate --format short"
    assert hooks["zwar-validate"]["pass_filenames"] is False and hooks["zwar-validate"]["args"] == ["."]
    assert hooks["zwar-schema"]["entry"] == "zwar validate --schema-only --format short"
    assert hooks["zwar-schema"]["pass_filenames"] is True
    import re

    for hook in hooks.values():
        pattern = re.compile(hook["files"])
        assert hook["language"] == "python"
        assert all(pattern.search(p) for p in ("pack.toml", "core/missions/a.toml", "tiles/x.json", "p/rules/r.toml"))
        assert not any(pattern.search(p) for p in ("pyproject.toml", "docs/x.toml", "missions.toml"))
