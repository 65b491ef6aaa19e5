"""The Agent Z rules scenarios (tests/rules-agentz/): every one must pass, each quoting the rulebook line it pins."""

from pathlib import Path

import pytest

from zwar_author.compile.workspace import Workspace
from zwar_author.play.scenario import find, run_file

CORPUS = Path(__file__).parent / "rules-agentz"
SCENARIOS = find(CORPUS)
_WORKSPACE = Workspace()


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(CORPUS)) for p in SCENARIOS])
def test_scenario(path):
    outcome = run_file(path, _WORKSPACE)
    assert outcome.passed, f"{path}: {outcome.title}\n" + "\n".join(outcome.failures)


def test_every_scenario_quotes_the_agent_z_rules():
    for path in SCENARIOS:
        text = path.read_text(encoding="utf-8")
        assert 'source = "Agent Z rules' in text, path
