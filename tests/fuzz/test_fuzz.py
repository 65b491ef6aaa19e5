"""A CI-sized share of the fuzz run per target: a fixed seed and count, so every run tries the same inputs.

The shares run under the guard, as the long run does: an input past the
budget is stopped and fails the test by its number, instead of blocking it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from zwar_author.errors import Location
from zwar_author.model import validate
from zwar_author.sources import document

from .guard import Guard
from .harness import Harness, Input, Verdict
from .targets import Requests, Saves

SEED, COUNT, BUDGET = 17, 150, 10.0
SAVES, REQUESTS = 30, 300  # the other targets' shares: a save is resumed whole (about 0.3 s), a request is quick


@pytest.fixture
def harness(tmp_path: Path):
    fuzz = Harness(tmp_path)
    yield fuzz
    fuzz.close()


def _share(make, count: int) -> list[Verdict]:
    guard = Guard(make)
    try:
        return [guard.run(item, BUDGET) for item in guard.inputs(SEED, count)]
    finally:
        guard.close()


def _failed(verdicts: list[Verdict]) -> list:
    return [(v.input.number, v.input.target, v.crash, v.hang, v.misplaced[:3]) for v in verdicts if v.failed]


@pytest.mark.slow
def test_mutated_reference_sources_never_crash_hang_or_misplace(tmp_path):
    verdicts = _share(lambda: Harness(tmp_path), COUNT)
    assert _failed(verdicts) == []
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
    # every value's place a million lines down: whatever the 60 inputs break, its diagnostic points nowhere
    monkeypatch.setattr(document.Document, "loc", lambda self, path=(): Location(self.path, 10**6, 1))
    verdicts = [harness.run(i, BUDGET) for i in harness.inputs(SEED, 60)]
    assert any(v.misplaced for v in verdicts)


def test_mutated_saves_are_refused_located_never_crash(tmp_path):
    verdicts = _share(lambda: Saves(tmp_path), SAVES)
    assert _failed(verdicts) == []
    assert sum(v.errors > 0 for v in verdicts) > SAVES // 2  # the mutations do break the saves,
    assert len(frozenset().union(*(v.codes for v in verdicts))) >= 3  # in different ways


def test_mutated_requests_to_zwar_serve_never_crash_or_stop_it(tmp_path):
    verdicts = _share(lambda: Requests(tmp_path), REQUESTS)
    assert _failed(verdicts) == []
    assert {"200", "400", "403", "404"} <= frozenset().union(*(v.codes for v in verdicts))


class _Stuck:
    """A target whose input 1 never ends."""

    def inputs(self, seed: int, count: int, start: int = 0):
        return (Input(n, "stuck", "", False) for n in range(start, start + count))

    def run(self, item: Input, budget: float) -> Verdict:
        while item.number == 1:
            time.sleep(1)
        return Verdict(item, 0.0)

    def close(self) -> None:
        pass


def test_an_input_past_the_budget_is_stopped_as_a_hang_and_the_run_goes_on():
    guard = Guard(_Stuck)
    try:
        verdicts = [guard.run(item, 0.5) for item in guard.inputs(0, 3)]
    finally:
        guard.close()
    assert [(v.input.number, v.hang, v.failed) for v in verdicts] == [(0, False, False), (1, True, True),
                                                                       (2, False, False)]
    assert guard.restarts == 1
