"""A Zone Wars campaign played between bots, battle after battle (seed 003, lines 478-510)."""

from __future__ import annotations

import shutil

import pytest
from conftest import CONTENT

from zwar_author.play.zonewars import CannotPlayScenario
from zwar_author.playtest.zonewars_campaign import (
    CampaignSourceError,
    campaign_bots,
    campaign_text,
    load_campaign,
    play_campaign,
)

BOTS = {"ark-mutants": "aggressive", "genlab-tribe": "cautious"}


@pytest.fixture
def two_battles(tmp_path):
    """The reference pack with a second battle, scrap-run again as `scrap-run-2`, following the first."""
    pack = tmp_path / "pack"
    shutil.copytree(CONTENT / "zonewars", pack)
    first = pack / "scenarios" / "scrap-run.toml"
    text = first.read_text()
    assert 'next = ["hold-the-tower"]' in text and 'id = "scrap-run"' in text
    first.write_text(text.replace('next = ["hold-the-tower"]', 'next = ["scrap-run-2"]'))
    (pack / "scenarios" / "scrap-run-2.toml").write_text(
        text.replace('id = "scrap-run"', 'id = "scrap-run-2"').replace('next = ["hold-the-tower"]', "next = []"))
    return first


@pytest.fixture
def silent_siren(tmp_path):
    """The reference pack with Hold the Tower's siren given no effect: a trigger card the engine cannot play."""
    pack = tmp_path / "silent"
    shutil.copytree(CONTENT / "zonewars", pack)
    tower = pack / "scenarios" / "hold-the-tower.toml"
    text = tower.read_text()
    effect = text[text.index("[[deck.effects]]"):text.index("[[victory]]")]
    tower.write_text(text.replace(effect, ""))
    return pack / "scenarios" / "scrap-run.toml"


REFERENCE = CONTENT / "zonewars" / "scenarios" / "scrap-run.toml"
SIREN = ('trigger card `tower-siren`: the scenario gives it no effect (`[[deck.effects]]` with '
         'trigger = "tower-siren")')


def test_the_reference_campaign_plays_through_both_battles():
    battles = load_campaign(REFERENCE)
    assert [b.id for b in battles] == ["scrap-run", "hold-the-tower"]
    records = play_campaign(battles, BOTS, 3)
    assert [r["scenario"] for r in records] == ["scrap-run", "hold-the-tower"]
    assert records == play_campaign(battles, BOTS, 3)
    assert all(r["rounds"] >= 1 for r in records)


def test_an_unplayable_battle_is_refused_by_name_before_any_game(silent_siren):
    with pytest.raises(CannotPlayScenario) as refused:
        load_campaign(silent_siren)
    assert refused.value.scenario == "hold-the-tower"
    assert refused.value.missing == [SIREN]


def test_a_campaign_hands_the_band_on_and_is_the_same_for_the_same_seed(two_battles):
    battles = load_campaign(two_battles)
    assert [b.id for b in battles] == ["scrap-run", "scrap-run-2"]
    runs = [play_campaign(battles, BOTS, 3, index) for index in range(6)]
    assert runs == [play_campaign(battles, BOTS, 3, index) for index in range(6)]
    for first, second in runs:
        assert first["scenario"] == "scrap-run" and second["scenario"] == "scrap-run-2"
        # line 502: what a model kept is still its own after the next battle; line 510: never two tokens for
        # one attribute
        for model, record in first["band"].items():
            assert second["band"][model]["kept"][:len(record["kept"])] == record["kept"]
        for record in second["band"].values():
            assert len(set(record["experience"])) == len(record["experience"])
        if first["winner"]:  # line 506: the winners give one experience token
            assert first["experience"] is not None
    assert any(first["kept"] for first, _second in runs), "some model kept an artifact in six campaigns"


def test_a_missing_next_scenario_is_said(two_battles):
    (two_battles.parent / "scrap-run-2.toml").unlink()
    with pytest.raises(CampaignSourceError, match="next scenario `scrap-run-2` has no file scrap-run-2.toml"):
        load_campaign(two_battles)


def test_zwar_campaign_bots_plays_the_battles_and_says_what_is_kept(zwar, two_battles):
    result = zwar("campaign", "bots", two_battles, "--bot", "ark-mutants=aggressive", "--seed", "3")
    assert result.exit_code == 0, result.output
    records = campaign_bots(two_battles, ["ark-mutants=aggressive"], 3)
    assert result.output == campaign_text(records) + "\n"
    lines = result.output.splitlines()
    assert lines[0].startswith("battle 1, scrap-run: ")
    assert [line for line in lines if line.startswith("battle 2, scrap-run-2: ")]


def test_zwar_campaign_bots_plays_the_reference_campaign(zwar):
    result = zwar("campaign", "bots", REFERENCE, "--seed", "3")
    assert result.exit_code == 0, result.output
    assert result.output == campaign_text(campaign_bots(REFERENCE, [], 3)) + "\n"
    assert [line for line in result.output.splitlines() if line.startswith("battle 2, hold-the-tower: ")]


def test_zwar_campaign_bots_refuses_an_unplayable_battle_and_a_bad_bot(zwar, two_battles, silent_siren):
    refused = zwar("campaign", "bots", silent_siren)
    assert refused.exit_code == 1
    assert refused.output.splitlines() == [
        "cannot play Zone Wars scenario hold-the-tower: the engine does not play these yet:", f"  - {SIREN}"]
    bad = zwar("campaign", "bots", two_battles, "--bot", "zombies=cautious")
    assert bad.exit_code == 2
    assert "--bot zombies: not a side of this campaign (sides: ark-mutants, genlab-tribe)" in bad.output
