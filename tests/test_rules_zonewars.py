"""The Zone Wars rules scenarios (tests/rules-zonewars/): every one must pass, each quoting the seed line it pins."""

import re
from pathlib import Path

import pytest

from zwar_author.compile.workspace import Workspace
from zwar_author.play.scenario import find, run_file

CORPUS = Path(__file__).parent / "rules-zonewars"
SCENARIOS = find(CORPUS)
_WORKSPACE = Workspace()


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(CORPUS)) for p in SCENARIOS])
def test_scenario(path):
    outcome = run_file(path, _WORKSPACE)
    assert outcome.passed, f"{path}: {outcome.title}\n" + "\n".join(outcome.failures)


def test_every_scenario_quotes_the_rulebook_by_line():
    for path in SCENARIOS:
        text = path.read_text(encoding="utf-8")
        assert re.search(r'source = """?Zone Wars rulebook \(seed 003\) lines? \d+', text), path


def test_a_scenario_that_expects_wrongly_fails_with_the_difference(tmp_path):
    text = (CORPUS / "attacks" / "krin-pistol.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('models.dux = { damage = 1, status = "ready" }',
                                  'models.dux = { damage = 2, status = "ready" }'), encoding="utf-8")
    outcome = run_file(wrong, Workspace())
    assert outcome.failures == ["models.dux.damage: expected 2, got 1"]
