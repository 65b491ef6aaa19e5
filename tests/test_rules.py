"""The rules scenario corpus (tests/rules/, docs/scenarios.md): every scenario must pass."""



from conftest import Corpus

RULES = Corpus("rules")
CORPUS, SCENARIOS = RULES.root, RULES.scenarios


@RULES.cases()
def test_scenario(path):
    RULES.check(path)


def test_the_corpus_covers_the_rulebook_examples():
    assert len(list((CORPUS / "worked").glob("*.toml"))) >= 15
