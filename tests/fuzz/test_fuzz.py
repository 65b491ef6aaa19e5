"""A CI-sized share of the fuzz run: a fixed seed and count, so every run tries the same inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from zwar_author.errors import Location
from zwar_author.model import validate
from zwar_author.sources import document

from .harness import Harness

SEED, COUNT, BUDGET = 17, 150, 10.0


@pytest.fixture
def harness(tmp_path: Path):
    fuzz = Harness(tmp_path)
    yield fuzz
    fuzz.close()


@pytest.mark.slow
def test_mutated_reference_sources_never_crash_hang_or_misplace(harness):
    verdicts = [harness.run(item, BUDGET) for item in harness.inputs(SEED, COUNT)]
    failed = [(v.input.number, v.input.target, v.crash, v.misplaced[:3]) for v in verdicts if v.failed]
    assert failed == []
    assert [v.input.number for v in verdicts if v.seconds > BUDGET] == []
    assert sum(v.errors > 0 for v in verdicts) > COUNT // 2  # the mutations do break things,
    assert len(frozenset().union(*(v.codes for v in verdicts))) >= 15  # in many different ways


def test_inputs_depend_only_on_seed_and_number(harness):
    first = [(i.target, i.text) for i in harness.inputs(SEED, 20)]
    assert first == [(i.target, i.text) for i in harness.inputs(SEED, 20)]
    assert first != [(i.target, i.text) for i in harness.inputs(SEED + 1, 20)]


def test_the_fuzzer_finds_a_planted_crash(harness, monkeypatch):
    def planted(*args, **kwargs):
        raise ValueError("planted")

    monkeypatch.setattr(validate, "translate", planted)  # a crash wherever a value is wrong
    crash = next((v.crash for v in (harness.run(i, BUDGET) for i in harness.inputs(SEED, 60)) if v.crash), None)
    assert crash == "ValueError: planted"


@pytest.mark.slow
def test_the_fuzzer_finds_a_planted_misplaced_diagnostic(harness, monkeypatch):
    monkeypatch.setattr(document.Document, "text_loc", lambda self, path, line, col: Location(self.path, 10**6, 1))
    verdicts = [harness.run(i, BUDGET) for i in harness.inputs(SEED, 60)]
    assert any(v.misplaced for v in verdicts)
