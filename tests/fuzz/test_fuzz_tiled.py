"""A CI-sized share of the Tiled fuzz target: a fixed seed and count, so every run tries the same maps."""

from __future__ import annotations

from pathlib import Path

import pytest

from zwar_author.interop import tiled, tiled_raw

from .tiled import TiledTarget

SEED, COUNT, BUDGET = 5, 120, 10.0


@pytest.fixture
def target(tmp_path: Path):
    fuzz = TiledTarget(tmp_path)
    yield fuzz
    fuzz.close()


def test_mutated_tiled_maps_never_crash_hang_misplace_or_read_outside(target):
    verdicts = [target.run(item, BUDGET) for item in target.inputs(SEED, COUNT)]
    failed = [(v.input.number, v.input.target, v.crash, v.misplaced[:3]) for v in verdicts if v.failed]
    assert failed == []
    assert [v.input.number for v in verdicts if v.seconds > BUDGET] == []
    assert sum(v.errors > 0 for v in verdicts) > COUNT // 2  # the mutations do break maps,
    assert len(frozenset().union(*(v.codes for v in verdicts))) >= 8  # in many different ways
    assert {v.input.target for v in verdicts} == set(target.sources)  # TMX and TMJ, old formats too


def test_tiled_inputs_depend_only_on_seed_and_number(target):
    first = [(i.target, i.text) for i in target.inputs(SEED, 10)]
    assert first == [(i.target, i.text) for i in target.inputs(SEED, 10)]
    assert first != [(i.target, i.text) for i in target.inputs(SEED + 1, 10)]


def test_the_tiled_target_finds_a_planted_crash(target, monkeypatch):
    def planted(*args, **kwargs):
        raise ValueError("planted")

    monkeypatch.setattr(tiled, "prepare", planted)
    assert {v.crash for v in (target.run(i, BUDGET) for i in target.inputs(SEED, 5))} == {"ValueError: planted"}


def test_the_tiled_target_finds_a_planted_read_outside_the_folder(target, monkeypatch):
    monkeypatch.setattr(tiled, "confined", lambda path, folders: True)  # the base file's check undone
    monkeypatch.setattr(tiled_raw, "confined", lambda path, folders: True)
    verdicts = [target.run(i, BUDGET) for i in target.inputs(SEED, COUNT)]
    assert any(v.crash and v.crash.startswith("read outside") for v in verdicts)
