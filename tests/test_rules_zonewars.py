"""The Zone Wars rules scenarios (tests/rules-zonewars/): every one must pass, each quoting the seed line it pins."""

import re

from conftest import Corpus

from zwar_author.compile.workspace import Workspace
from zwar_author.play.scenario import run_file

RULES = Corpus("rules-zonewars")
CORPUS, SCENARIOS = RULES.root, RULES.scenarios


@RULES.cases()
def test_scenario(path):
    RULES.check(path)


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


def test_a_weapon_special_the_engine_does_not_play_is_refused_by_name(tmp_path):
    import shutil
    pack = tmp_path / "specials"
    shutil.copytree(CORPUS / "specials", pack)
    text = (CORPUS / "specials" / "scenarios" / "area.toml").read_text(encoding="utf-8")
    (pack / "scenarios" / "ray.toml").write_text(text.replace('"pipe-bomb"]', '"ray-gun"]'), encoding="utf-8")
    outcome = run_file(pack / "scenarios" / "ray.toml", Workspace())
    assert outcome.failures == ["the engine does not play: special rule `disintegrate` of `ray-gun`"]


def test_pack_files_in_the_corpus_are_not_scenarios():
    assert not [p for p in SCENARIOS if p.name == "pack.toml" or p.parent.name == "zonewars"]


def test_a_mutation_whose_effect_is_not_played_for_its_type_is_refused_by_name(tmp_path):
    """Line 202: Enhance and Reflex mutations need no action, Action ones do; a reflex that flies is not one the
    engine plays, so it is refused rather than played as a flight or as nothing."""
    import shutil
    pack = tmp_path / "specials"
    shutil.copytree(CORPUS / "specials", pack)
    text = (CORPUS / "specials" / "scenarios" / "reflex-armour.toml").read_text(encoding="utf-8")
    (pack / "scenarios" / "spores.toml").write_text(text.replace('mutations = ["carapace"]',
                                                                 'mutations = ["spore-sense"]'), encoding="utf-8")
    outcome = run_file(pack / "scenarios" / "spores.toml", Workspace())
    assert outcome.failures == ["the engine does not play: mutation `spore-sense` of `dux`: its effect is not played"]
