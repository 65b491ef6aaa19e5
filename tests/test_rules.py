"""The rules scenario corpus (tests/rules/, docs/scenarios.md): every scenario must pass."""

from pathlib import Path

import pytest

from zwar_author.compile.workspace import Workspace
from zwar_author.play.scenario import find, run_file

CORPUS = Path(__file__).parent / "rules"
SCENARIOS = find(CORPUS)
_WORKSPACE = Workspace()


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(CORPUS)) for p in SCENARIOS])
def test_scenario(path):
    outcome = run_file(path, _WORKSPACE)
    assert outcome.passed, f"{path}: {outcome.title}\n" + "\n".join(outcome.failures)


def test_the_corpus_covers_the_rulebook_examples():
    assert len(list((CORPUS / "worked").glob("*.toml"))) >= 15
