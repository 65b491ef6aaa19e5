"""A Zone Wars campaign between battles (seed 003, lines 478-510): what is restored, reset and kept."""

from __future__ import annotations

import pytest
from conftest import CONTENT

from zwar_author.play.zonewars import load_scenario
from zwar_author.skirmish.zonewars import new_game
from zwar_author.skirmish.zonewars.campaign import CampaignError, Veteran, carry_over, enlist, gained
from zwar_author.skirmish.zonewars.state import Item, Status


@pytest.fixture(scope="module")
def scenario():
    found, _report = load_scenario(CONTENT / "zonewars" / "scenarios" / "scrap-run.toml")
    assert found is not None
    return found


def _battle(scenario):
    """A battle the Ark Mutants won: Krin found the Gold watch and the Chainsaw, Dux was Taken Out, Bormin
    stole Hugust's rifle."""
    g = new_game(scenario)
    krin, dux, bormin, hugust = (g.model(i) for i in ("krin", "dux", "bormin", "hugust"))
    krin.items += [Item("gold-watch", True), Item("chainsaw", True, 3)]
    krin.damage, krin.bloodied = 2, True
    dux.status, dux.on_table = Status.TAKEN_OUT, False
    bormin.items.append(hugust.items.pop())
    g.over, g.winner = True, "ark-mutants"
    return g


def test_a_model_keeps_one_artifact_it_gained_without_victory_points(scenario):
    """Line 500: each model that has gained one or more artifacts may choose one of these to keep for the next
    battle. Such artifacts do not give any victory points in the next battle."""
    g = _battle(scenario)
    assert gained(g, "krin") == ["gold-watch", "chainsaw"]
    veterans = carry_over(g, {}, {"krin": "chainsaw"})
    assert veterans["krin"] == Veteran(("chainsaw",))
    nxt = enlist(new_game(scenario), veterans)
    krin = nxt.model("krin")
    assert [(i.card, i.found, i.bonus) for i in krin.items] == [("scrap-pistol", False, 1), ("chainsaw", False, 3)]
    assert nxt.victory_points("ark-mutants") == 0  # line 492: victory points never carry over


def test_only_an_artifact_gained_in_the_battle_may_be_kept(scenario):
    with pytest.raises(CampaignError, match="krin did not gain the `riot-armour`"):
        carry_over(_battle(scenario), {}, {"krin": "riot-armour"})


def test_damage_and_bloodied_are_restored_and_m_points_reset(scenario):
    """Lines 484 and 488: models Bloodied or Taken Out are fully restored; m-points go back to one."""
    nxt = enlist(new_game(scenario), carry_over(_battle(scenario), {}, {}))
    krin, dux = nxt.model("krin"), nxt.model("dux")
    assert (krin.damage, krin.bloodied, dux.status, dux.on_table) == (0, False, Status.READY, True)
    assert nxt.m_points == {"ark-mutants": 1, "genlab-tribe": 1}


def test_starting_gear_is_restored_and_stolen_gear_lost(scenario):
    """Line 496: a model who lost its starting gear has it restored; one who stole starting gear loses it."""
    nxt = enlist(new_game(scenario), carry_over(_battle(scenario), {}, {}))
    assert [i.card for i in nxt.model("hugust").items] == ["scrap-rifle"]
    assert [i.card for i in nxt.model("bormin").items] == ["scrap-club"]


def test_the_winner_gives_one_experience_token_never_twice_for_one_attribute(scenario):
    """Lines 506-510: the winning player may give an experience token to one model, one attribute up by one;
    never more than one for the same attribute."""
    g = _battle(scenario)
    first = carry_over(g, {}, {}, ("krin", "ranged"))
    assert enlist(new_game(scenario), first).model("krin").ranged == 5
    with pytest.raises(CampaignError, match="already has an experience token for ranged"):
        carry_over(g, first, {}, ("krin", "ranged"))
    second = carry_over(g, first, {}, ("krin", "health"))
    krin = enlist(new_game(scenario), second).model("krin")
    assert (krin.ranged, krin.health) == (5, 4)
    with pytest.raises(CampaignError, match="only the winning side gives experience"):
        carry_over(g, {}, {}, ("dux", "melee"))


def test_artifacts_kept_over_several_battles_add_up(scenario):
    """Line 502: a model is allowed to collect multiple artifacts over the course of a campaign."""
    g = _battle(scenario)
    once = carry_over(g, {}, {"krin": "chainsaw"})
    twice = carry_over(g, once, {"krin": "gold-watch"})
    assert twice["krin"].kept == ("chainsaw", "gold-watch")


def test_an_artifact_brought_from_an_earlier_battle_is_not_gained_again(scenario):
    """Line 500: a model may keep one of the artifacts it has gained in the battle; the one it brought
    (line 502) is its own already, and keeping it again would count it twice."""
    once = carry_over(_battle(scenario), {}, {"krin": "chainsaw"})
    g = enlist(new_game(scenario), once)
    g.over, g.winner = True, "ark-mutants"
    assert gained(g, "krin", once["krin"].kept) == []
    with pytest.raises(CampaignError, match="krin did not gain the `chainsaw` in this battle"):
        carry_over(g, once, {"krin": "chainsaw"})
    g.model("krin").items.append(Item("chainsaw", True, 3))  # a second Chainsaw found in this battle
    assert carry_over(g, once, {"krin": "chainsaw"})["krin"].kept == ("chainsaw", "chainsaw")
