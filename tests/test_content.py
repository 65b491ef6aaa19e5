"""The reference content (content/core) and the deliberately broken missions under tests/broken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zwar_author.compile.project import build, check

from conftest import CONTENT

BROKEN = Path(__file__).parent / "broken"


@pytest.mark.parametrize("name", sorted(p.stem for p in (BROKEN / "pack" / "missions").glob("*.toml")))
def test_broken_missions_give_exactly_their_diagnostics(monkeypatch, name):
    monkeypatch.chdir(BROKEN / "pack")
    outcome = check([Path("missions") / f"{name}.toml"])
    expected = (BROKEN / "expected" / f"{name}.txt").read_text().splitlines()
    assert [d.human() for d in outcome.report.sorted()] == expected
    assert outcome.missions.get("broken", []) == []
