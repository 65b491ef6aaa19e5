"""The All Things Zombie rules scenarios (tests/rules-atz/): every one passes, each quoting the seed line it pins."""

import re

from conftest import Corpus

from zwar_author.compile.workspace import Workspace
from zwar_author.play.scenario import run_file

RULES = Corpus("rules-atz")
CORPUS, SCENARIOS = RULES.root, RULES.scenarios


@RULES.cases()
def test_scenario(path):
    RULES.check(path)


def test_every_scenario_quotes_the_rulebook_by_line():
    for path in SCENARIOS:
        text = path.read_text(encoding="utf-8")
        assert re.search(r'source = """?All Things Zombie \(seed 004\) lines? \d+', text), path


def test_a_scenario_that_expects_wrongly_fails_with_the_difference(tmp_path):
    text = (CORPUS / "shooting" / "easy-to-hit.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('zombies.z1 = { status = "obviously dead" }',
                                  'zombies.z1 = { status = "knocked down" }'), encoding="utf-8")
    outcome = run_file(wrong, Workspace())
    assert outcome.failures == ["zombies.z1.status: expected knocked down, got obviously dead"]
    short = tmp_path / "short.toml"
    short.write_text(text.replace("dice = [5, 1, 6, 3, 4, 1, 2]", "dice = [5, 1, 6]"), encoding="utf-8")
    assert run_file(short, Workspace()).failures[0] == \
        "ran out of dice at: Billy Pink fires the BA Pistol: d6 2 of 2"
