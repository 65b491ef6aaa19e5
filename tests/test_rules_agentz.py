"""The Agent Z rules scenarios (tests/rules-agentz/): every one must pass, each quoting the rulebook line it pins."""



from conftest import Corpus

RULES = Corpus("rules-agentz")
CORPUS, SCENARIOS = RULES.root, RULES.scenarios


@RULES.cases()
def test_scenario(path):
    RULES.check(path)


def test_every_scenario_quotes_the_agent_z_rules():
    for path in SCENARIOS:
        text = path.read_text(encoding="utf-8")
        assert 'source = "Agent Z rules' in text, path
