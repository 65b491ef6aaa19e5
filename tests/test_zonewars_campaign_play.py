"""A Zone Wars campaign played between bots, battle after battle (seed 003, lines 478-510)."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner
from conftest import CONTENT

from zwar_author.cli import cli
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


def test_more_than_one_artifact_kept_a_battle_is_refused_not_played_as_one(two_battles):
    """'each model that has gained one or more artifacts may choose one of these artifacts to keep for the
    next battle' (003_* line 500): a higher `keep_artifacts` was played as 1."""
    text = two_battles.read_text()
    two_battles.write_text(text.replace("keep_artifacts = 1", "keep_artifacts = 2"))
    with pytest.raises(CampaignSourceError, match=r"keep_artifacts = 2 is not played: a model keeps one artifact a "
                                                  r"battle \(line 500\); write 1 or 0"):
        load_campaign(two_battles)


def test_zwar_campaign_bots_plays_the_battles_and_says_what_is_kept(zwar, two_battles):
    result = zwar("campaign", "bots", two_battles, "--bot", "ark-mutants=aggressive", "--seed", "3")
    assert result.exit_code == 0, result.output
    records = campaign_bots(two_battles, ["ark-mutants=aggressive"], 3)
    assert result.output == campaign_text(records) + "\n"
    lines = result.output.splitlines()
    assert lines[0].startswith("battle 1, scrap-run: ")
    assert [line for line in lines if line.startswith("battle 2, scrap-run-2: ")]


def test_zwar_campaign_bots_takes_the_search_player_as_a_policy(zwar, two_battles):
    """As in `zwar playtest`, a side may be the search player (search@N): every battle is played, the same on
    every run of a seed; a budget that is no whole number is refused."""
    records = campaign_bots(two_battles, ["ark-mutants=search@1"], 3)
    assert [r["scenario"] for r in records] == ["scrap-run", "scrap-run-2"]
    assert records == campaign_bots(two_battles, ["ark-mutants=search@1"], 3)
    bad = zwar("campaign", "bots", two_battles, "--bot", "ark-mutants=search@x")
    assert bad.exit_code == 2, bad.output


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


# --- the campaign played by people at the prompt (`zwar campaign play SCENARIO`) ---------------------------------

#: Genlab Tribe's answers in each two-round battle of `short_campaign` (seed 1, Ark Mutants the cautious bot)
BATTLE = ["bormin", "bormin: sprint 14,25", "dux", "dux: sprint 9,24", "farrow: sprint 23,25", "dux",
          "dux: sprint 6,15", "bormin", "bormin: pick up 2", "farrow: aimed fire", "push"]
#: between the battles: a wrong answer, the artifact Bormin keeps, a wrong one, the experience token
BETWEEN = ["sword", "flare-gun", "dux speed", "bormin health"]
SCRIPT = BATTLE + BETWEEN + BATTLE


@pytest.fixture
def short_campaign(two_battles):
    """`two_battles` cut to two rounds a battle, so that a campaign is a few dozen answers, without the Mutant
    hound (whose monster would bring answers of its own)."""
    for battle in (two_battles, two_battles.parent / "scrap-run-2.toml"):
        text = battle.read_text()
        assert "\nrounds = 6\n" in text and "[deck]" not in text
        battle.write_text(text.replace("\nrounds = 6\n", "\nrounds = 2\n").replace(
            "[[victory]]", '[deck]\nexclude = ["mutant-hound"]\n\n[[victory]]', 1))
    return two_battles


def _campaign(*args, lines):
    return CliRunner().invoke(cli, ["campaign", "play", *map(str, args)], input="".join(f"{x}\n" for x in lines),
                              prog_name="zwar")


EXPERIENCE = [("Genlab Tribe won: which model gets the experience token, one attribute up by one (never twice "
               "the same):")] + [f"  {n:>3}. {m} {a}" for n, (m, a) in enumerate(
                  ((m, a) for m in ("dux", "bormin", "farrow") for a in ("ranged", "melee", "survival", "health")),
                  1)] + ["   13. nobody"]
KEEP = [("Bormin gained Flare gun (flare-gun): which one does it keep for the next battle (worth no victory "
         "points there):"), "    1. flare-gun", "    2. nothing"]


def test_between_battles_the_players_choose_what_is_kept_and_who_gains_experience(short_campaign, tmp_path):
    """Lines 500 (a model that gained artifacts keeps one) and 506-510 (the winners' experience token, one
    attribute up by one, never twice the same), asked at the prompt; the kept card and the token are in the
    next battle."""
    result = _campaign(short_campaign, "--bot", "ark-mutants=cautious", "--save", tmp_path / "c.json",
                       lines=SCRIPT)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["Campaign: 2 battles, from Scrap Run (scrap-run)", "Battle 1 of 2: Scrap Run (scrap-run)"]
    first = lines.index("Battle 1 of 2 over after 2 rounds: Genlab Tribe won (victory points: Ark Mutants 0, "
                        "Genlab Tribe 1)")
    assert lines[first - 1] == "Game over: Genlab Tribe wins on victory points: Ark Mutants 0, Genlab Tribe 1 " \
                               "(the round limit)"
    assert lines[first + 1:lines.index("Battle 2 of 2: Scrap Run (scrap-run-2)") + 3] == [
        *KEEP, "> zwar campaign: `sword` is not one of the options (a number, or the text)",
        *KEEP, ">   bormin keeps the Flare gun",
        *EXPERIENCE, "> zwar campaign: `dux speed` is not one of the options (a number, or the text)",
        *EXPERIENCE, ">   bormin gains an experience token: health +1",
        "Battle 2 of 2: Scrap Run (scrap-run-2)",
        "The band brings:",
        "  bormin: keeps the Flare gun, health +1",
    ]
    assert lines[lines.index("Campaign over:"):] == [
        "Campaign over:",
        "battle 1, scrap-run: genlab-tribe after 2 rounds (victory points: ark-mutants 0, genlab-tribe 1)",
        "  bormin keeps the flare-gun",
        "  bormin gains an experience token: health +1",
        "battle 2, scrap-run-2: ark-mutants after 2 rounds (victory points: ark-mutants 3, genlab-tribe 1)",
    ]
    # nothing is asked after the last battle: nothing is carried out of it
    assert lines[lines.index("Campaign over:") - 1] == \
        "Battle 2 of 2 over after 2 rounds: Ark Mutants won (victory points: Ark Mutants 3, Genlab Tribe 1)"


@pytest.mark.parametrize("stop", [5, len(BATTLE) + 2, len(BATTLE) + len(BETWEEN) + 4],
                         ids=["in battle 1", "between", "in battle 2"])
def test_a_saved_campaign_resumes_where_it_stopped_and_ends_as_the_whole_one(short_campaign, tmp_path, stop):
    whole = tmp_path / "whole.json"
    played = _campaign(short_campaign, "--bot", "ark-mutants=cautious", "--save", whole, lines=SCRIPT)
    assert played.exit_code == 0, played.output
    part = tmp_path / "part.json"
    stopped = _campaign(short_campaign, "--bot", "ark-mutants=cautious", "--save", part, lines=SCRIPT[:stop])
    assert stopped.exit_code == 0, stopped.output
    assert stopped.output.endswith(f"saved to {part}\n") and "Campaign over:" not in stopped.output
    resumed = _campaign("--resume", part, lines=SCRIPT[stop:])
    assert resumed.exit_code == 0, resumed.output
    tail = played.output[played.output.index("Battle 2 of 2 over after"):]
    assert resumed.output.endswith(tail)
    assert part.read_bytes() == whole.read_bytes()
    saved = json.loads(whole.read_text())
    assert saved["format"] == "zwar-zonewars-campaign-save/1" and saved["bots"] == {"ark-mutants": "cautious"}
    assert [b["between"] for b in saved["battles"]] == [["flare-gun", "bormin health"], []]
    wrong = CliRunner().invoke(cli, ["play", "--resume", str(part)], input="quit\n", prog_name="zwar")
    assert wrong.exit_code == 2
    assert (f"is a Zone Wars campaign's save: resume it with `zwar campaign play --resume {part}`"
            in wrong.output.replace("\n", " ").replace("  ", " ")), wrong.output


def test_a_bad_save_is_refused_where_it_is_wrong(short_campaign, tmp_path):
    save = tmp_path / "c.json"
    assert _campaign(short_campaign, "--bot", "ark-mutants=cautious", "--save", save,
                     lines=BATTLE + ["flare-gun"]).exit_code == 0
    text = save.read_text()
    at = text.rindex('"flare-gun"')  # the choice between battles, after the artifact drawn in the game
    row, column = text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)
    save.write_text(text[:at] + '"sword"' + text[at + len('"flare-gun"'):])
    result = _campaign("--resume", save, lines=[])
    assert result.exit_code == 1
    assert result.output == (
        f"{save}:{row}:{column}: error ZW007: `sword` is not a choice here (asked: 'Bormin gained Flare gun "
        "(flare-gun): which one does it keep for the next battle (worth no victory points there)', one of "
        "flare-gun, nothing)\n")
    edited = text.replace('"seed": 1', '"seed": "one",\n  "band": {}')  # every problem, each located
    save.write_text(edited)
    rows = edited.splitlines()
    seed = next(n for n, line in enumerate(rows) if '"seed"' in line)
    value = rows[seed].index('"one"') + 1
    result = _campaign("--resume", save, lines=[])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{save}:{seed + 1}:{value}: error ZW007: `seed` must be an integer, not \"one\"",
        (f"{save}:{seed + 2}:3: error ZW005: unknown key `band` in the top level; known keys: battles, bots, dice, "
         "format, scenario, seed")]


def test_a_bot_for_no_side_and_a_bot_in_a_grid_campaign_are_usage_errors(short_campaign):
    result = _campaign(short_campaign, "--bot", "zombies=cautious", lines=[])
    assert result.exit_code == 2
    assert "--bot zombies=cautious: write SIDE=POLICY with a side of ark-mutants, genlab-tribe and a bot of " \
           "cautious, aggressive, random" in result.output
    grid = _campaign(CONTENT / "core" / "campaign.toml", "--bot", "hunter=cautious", lines=[])
    assert grid.exit_code == 2
    assert "--bot plays a side of a Zone Wars campaign; a grid game's campaign has no sides" in grid.output


def test_at_the_table_the_players_type_the_dice_of_every_battle(short_campaign, tmp_path):
    save = tmp_path / "c.json"
    result = _campaign(short_campaign, "--dice", "table", "--bot", "ark-mutants=aggressive", "--bot",
                       "genlab-tribe=aggressive", "--save", save, lines=["success"] * 3)
    assert result.exit_code == 0, result.output
    assert "base die:" in result.output
    saved = json.loads(save.read_text())
    assert saved["dice"] == "table" and saved["battles"][0]["answers"][-3:] == ["success"] * 3


def test_campaign_play_refuses_a_battle_the_engine_does_not_play_before_the_first_game(silent_siren):
    result = _campaign(silent_siren, lines=[])
    assert result.exit_code == 1
    assert result.output == ("cannot play Zone Wars scenario hold-the-tower: the engine does not play these yet:\n"
                             f"  - {SIREN}\n")


def test_an_attribute_a_model_has_raised_is_not_offered_again(short_campaign):
    """Line 510: "never more than one for the same attribute": the experience question leaves out what each
    winning model has raised in earlier battles, and a bot's side answers as `zwar campaign bots` chooses."""
    from zwar_author.play.zonewars_campaign import NOBODY, NOTHING, Step, start_campaign
    from zwar_author.playtest.zonewars_campaign import choices
    from zwar_author.skirmish.zonewars.campaign import Veteran

    campaign = start_campaign(short_campaign, 1, ["ark-mutants=cautious", "genlab-tribe=aggressive"])
    while campaign.table.automatic() is not None:
        pass
    game = campaign.game
    assert game.over and game.winner
    winners = [m.id for m in game.models() if m.side == game.winner]
    campaign.veterans = {winners[0]: Veteran((), ("ranged", "health"))}
    asked = campaign.questions()[-1]
    assert asked.step is Step.EXPERIENCE and asked.side == game.winner
    assert asked.options == (f"{winners[0]} melee", f"{winners[0]} survival",
                             *(f"{m} {a}" for m in winners[1:] for a in ("ranged", "melee", "survival", "health")),
                             NOBODY)
    keep, experience = choices(game, campaign.veterans)
    assert experience is not None
    asked_keep = [q.model for q in campaign.questions() if q.step is Step.KEEP]
    while campaign.question() is not None:
        campaign.automatic()
    assert campaign.between == [keep.get(m, NOTHING) for m in asked_keep] + [" ".join(experience)]
