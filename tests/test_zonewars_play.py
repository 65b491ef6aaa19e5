"""Zone Wars played: bots through the legal options only, playtests that repeat, refusals by name, the prompt."""

from __future__ import annotations

import json
import pickle
import random
import re
import shutil
from fractions import Fraction

import pytest
from click.testing import CliRunner
from conftest import CONTENT

from zwar_author.cli import cli
from zwar_author.play.zonewars import CannotPlayScenario, load_scenario
from zwar_author.playtest.zonewars import Run, play_chunk, play_one, playtest_scenario, swapped
from zwar_author.playtest.zonewars_bots import POLICIES, bot
from zwar_author.skirmish.core import apply, chance_outcomes, simulate, start
from zwar_author.skirmish.zonewars import new_game

SCRAP_RUN = CONTENT / "zonewars" / "scenarios" / "scrap-run.toml"
TOWER = CONTENT / "zonewars" / "scenarios" / "hold-the-tower.toml"


@pytest.fixture(scope="module")
def scrap_run():
    scenario, report = load_scenario(SCRAP_RUN)
    assert scenario is not None, [d.human() for d in report.sorted()]
    return scenario


@pytest.mark.parametrize("name", POLICIES)
def test_bots_answer_only_with_the_options_they_are_offered(scrap_run, name):
    inner = bot(name, random.Random(3))
    asked = []

    def checked(game, request):
        answer = inner(game, request)
        assert any(answer is o for o in request.options), (request.why, answer)
        asked.append(request.topic)
        return answer

    game = new_game(scrap_run)
    simulate(game, checked, random.Random(5))
    assert game.over and "action" in asked


def test_the_same_seed_plays_the_same_games(scrap_run):
    first = play_one(scrap_run, {"ark-mutants": "aggressive", "genlab-tribe": "cautious"}, 7, 2)
    again = play_one(scrap_run, {"ark-mutants": "aggressive", "genlab-tribe": "cautious"}, 7, 2)
    assert [e.text for e in first.log] == [e.text for e in again.log]
    assert playtest_scenario(scrap_run, 2, 4, ("cautious",), fair=False) == \
        playtest_scenario(scrap_run, 2, 4, ("cautious",), fair=False)


def test_a_game_through_apply_is_the_simulated_game(scrap_run):
    policies = {"ark-mutants": bot("aggressive", random.Random(1)), "genlab-tribe": bot("cautious", random.Random(2))}
    dice = random.Random(9)
    state = start(new_game(scrap_run))
    steps = 0
    while not state.over and steps < 400:
        if state.request.chance:
            faces, odds = zip(*chance_outcomes(state), strict=True)
            answer = dice.choices(faces, odds)[0]
        else:
            answer = policies[state.request.side](state.view, state.request)
        state = apply(state, answer)
        steps += 1
    replayed = state.view.log
    policies = {"ark-mutants": bot("aggressive", random.Random(1)), "genlab-tribe": bot("cautious", random.Random(2))}
    fast = new_game(scrap_run)
    taken = []

    def policy(game, request):
        taken.append(1)
        return policies[request.side](game, request)

    from zwar_author.skirmish.core.chance import Live

    ctx = Live(random.Random(9), policy, fast)
    while not fast.over and len(fast.log) < len(replayed):
        fast.step(ctx)
    assert [e.text for e in fast.log][:len(replayed)] == [e.text for e in replayed]


@pytest.fixture
def unplayable_tower(tmp_path):
    """Hold the Tower with its siren given no effect, and the Zone deck's Calm without its `effect`."""
    shutil.copytree(CONTENT / "zonewars", tmp_path / "pack")
    tower = tmp_path / "pack" / "scenarios" / "hold-the-tower.toml"
    text = tower.read_text()
    effect = text[text.index("[[deck.effects]]"):text.index("[[victory]]")]
    tower.write_text(text.replace(effect, ""))
    cards = tmp_path / "pack" / "zonewars" / "cards.toml"
    calm = 'copies = 3\neffect = {}\n'
    assert calm in cards.read_text()
    cards.write_text(cards.read_text().replace(calm, "copies = 3\n"))
    return tower


def test_hold_the_tower_is_played_siren_and_all():
    scenario, report = load_scenario(TOWER)
    assert scenario is not None, [d.human() for d in report.sorted()]
    assert set(scenario.trigger_effects) == {"tower-siren"} and "mutant-hound" in scenario.deck


def test_what_the_engine_does_not_play_is_refused_by_name(unplayable_tower):
    with pytest.raises(CannotPlayScenario) as refused:
        load_scenario(unplayable_tower)
    assert refused.value.lines() == [
        "cannot play Zone Wars scenario hold-the-tower: the engine does not play these yet:",
        ('  - trigger card `tower-siren`: the scenario gives it no effect (`[[deck.effects]]` with '
         'trigger = "tower-siren")'),
        "  - Zone card `calm`: its effect is not given as data (`effect`)",
    ]


def test_a_round_deck_with_a_trigger_gives_it_one_chance_in_players_plus_one():
    """Line 470: each round's deck is the trigger and one random Zone card a player; a Zone token draws one of
    them, so the siren comes up first with chance 1/3 in a two-player game, and each Zone card with its share
    of the rest."""
    scenario, _report = load_scenario(TOWER)
    game = new_game(scenario)
    game.round_triggers, game.round_cards = scenario.triggers, 2
    game.order = [game.models()[0].id]
    captured = []

    class Stop(Exception):
        pass

    class Peek:
        def draw(self, why, weights, topic):
            captured.append(dict(weights))
            raise Stop

    with pytest.raises(Stop):
        game._round_draw(Peek())
    weights = captured[0]
    total = sum(weights.values())
    assert Fraction(weights["tower-siren"], total) == Fraction(1, 3)
    deck = list(scenario.deck)
    for card in set(deck):
        assert Fraction(weights[card], total) == Fraction(2, 3) * Fraction(deck.count(card), len(deck))
    game.round_triggers = ()  # once drawn, the siren does not come up again this round
    with pytest.raises(Stop):
        game._round_draw(Peek())
    assert "tower-siren" not in captured[1]


def test_playtest_prints_per_side_rates_and_writes_json(zwar, tmp_path):
    result = zwar("playtest", SCRAP_RUN, "--runs", "2", "--policy", "cautious", "-o", tmp_path,
                  "--gate", "win_rate[ark-mutants] in 0..1")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Scrap Run (scrap-run): 2 games a pairing, seed 1\n")
    assert "ark-mutants cautious, genlab-tribe cautious:" in result.output
    assert "fairness from games (ark-mutants in its own zone, then in the other's, same seeds)" in result.output
    assert "  fairness from the geometry (zwar fairness): even: the same moves to every token" in result.output
    assert result.output.rstrip().endswith("passed")
    report = json.loads((tmp_path / "scrap-run-playtest.json").read_text())
    assert set(report["pairings"][0]["sides"]) == {"ark-mutants", "genlab-tribe"}
    assert set(report["pairings"][0]["heatmaps"]) == {"found", "taken_out"}
    page = (tmp_path / "scrap-run-playtest.html").read_text()
    assert page.startswith("<!doctype html>") and "where artifact tokens were picked up" in page


def test_playtest_refuses_an_unplayable_scenario_before_any_game(zwar, tmp_path, unplayable_tower):
    out = tmp_path / "out"
    out.mkdir()
    result = zwar("playtest", unplayable_tower, "--runs", "2", "-o", out)
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == \
        "cannot play Zone Wars scenario hold-the-tower: the engine does not play these yet:"
    assert not list(out.iterdir())


def test_a_closed_door_is_played_and_numbered_in_placing_order(zwar, tmp_path):
    """Line 226: opening a door is a Simple Operation. Scrap Run with the ruined houses' doors closed plays: two
    doors, one a house, which bots may open."""
    shutil.copytree(CONTENT / "zonewars", tmp_path / "pack")
    pieces = tmp_path / "pack" / "pieces" / "core-terrain.toml"
    door = '{ kind = "door", start = [2, 4], end = [3, 4] }'
    text = pieces.read_text()
    assert door in text
    pieces.write_text(text.replace(door, door[:-2] + ", closed = true }"))
    scenario, report = load_scenario(tmp_path / "pack" / "scenarios" / "scrap-run.toml")
    assert scenario is not None, [d.human() for d in report.sorted()]
    assert [(d.number, d.piece) for d in scenario.doors] == [(1, 0), (2, 1)]
    assert scenario.board_for(frozenset()) is not scenario.board
    assert scenario.board_for(frozenset({1, 2})) is scenario.board
    result = zwar("playtest", tmp_path / "pack" / "scenarios" / "scrap-run.toml", "--runs", "1", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_a_container_cannot_be_written(zwar, tmp_path):
    """Line 226 names searching a container and says no more: a scenario has none to write, so a playtest stops
    on one by name before any game rather than play it as a plain opening."""
    shutil.copytree(CONTENT / "zonewars", tmp_path / "pack")
    pieces = tmp_path / "pack" / "pieces" / "core-terrain.toml"
    door = '{ kind = "door", start = [2, 4], end = [3, 4] }'
    text = pieces.read_text()
    pieces.write_text(text.replace(door, door + ',\n  { kind = "container", start = [1, 1], end = [1, 2] }'))
    result = zwar("playtest", tmp_path / "pack" / "scenarios" / "scrap-run.toml", "--runs", "1", "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert '`kind` must be one of "door" or "window", not "container"' in result.output
    assert not (tmp_path / "out").exists()


def test_a_bad_gate_is_a_usage_error(zwar, tmp_path):
    result = zwar("playtest", SCRAP_RUN, "--runs", "1", "-o", tmp_path, "--gate", "win_rate in 0..1")
    assert result.exit_code == 2
    assert "write win_rate[SIDE] in LOW..HIGH" in result.output


def _prompt(*args, input: str):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, prog_name="zwar")


def test_play_at_the_prompt_draws_the_table_and_measures_by_name(tmp_path):
    save = tmp_path / "game.json"
    result = _prompt("play", SCRAP_RUN, "--bot", "genlab-tribe=cautious", "--save", save,
                     input="distance krin dux\nsight krin dux\n2\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == ".........F........K........H........"
    assert "> Krin to Dux: 32.24\" base to base\n" in result.output
    assert re.search(r"> Krin sees Dux: (clear|cover|blocked)", result.output)
    data = json.loads(save.read_text())
    assert data["answers"] and data["bots"] == {"genlab-tribe": "cautious"}
    resumed = _prompt("play", "--resume", save, input="models\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "krin (Ark Mutants) at " in resumed.output


def test_a_bad_save_is_refused_at_its_line_and_column(tmp_path):
    save = tmp_path / "game.json"
    assert _prompt("play", SCRAP_RUN, "--bot", "genlab-tribe=cautious", "--save", save, input="2\nquit\n").exit_code == 0
    data = json.loads(save.read_text())
    data["answers"][-1], data["seed"], data["extra"] = "fly to the moon", "one", 1
    save.write_text(json.dumps(data, indent=2) + "\n")
    result = _prompt("play", "--resume", save, input="quit\n")
    assert result.exit_code == 1
    found = [line for line in result.output.splitlines() if line.startswith(str(save))]
    assert [line.split(": ", 2)[1] for line in found] == ["error ZW007", "error ZW005"], result.output
    data["seed"] = 1
    del data["extra"]
    save.write_text(json.dumps(data, indent=2) + "\n")
    result = _prompt("play", "--resume", save, input="quit\n")
    assert result.exit_code == 1
    line = len(save.read_text().split("fly to the moon")[0].splitlines())
    assert f"{save}:{line}:" in result.output and "`fly to the moon` does not replay" in result.output


def test_play_refuses_a_bot_for_no_side():
    result = _prompt("play", SCRAP_RUN, "--bot", "zombies=cautious", input="quit\n")
    assert result.exit_code == 2
    assert "--bot zombies=cautious: write SIDE=POLICY" in result.output


def test_at_the_table_the_players_type_their_dice(tmp_path):
    save = tmp_path / "game.json"
    result = _prompt("play", SCRAP_RUN, "--dice", "table", "--bot", "genlab-tribe=aggressive",
                     "--bot", "ark-mutants=aggressive", "--save", save, input="success\n" * 3 + "quit\n")
    assert result.exit_code == 0, result.output
    assert " die:\n    1. success\n    2. blank\n" in result.output  # a die's faces, typed by the players
    assert json.loads(save.read_text())["dice"] == "table"


def test_a_moves_destinations_are_folded_into_one_line():
    from zwar_author.play.zonewars_session import option_lines
    from zwar_author.skirmish.zonewars.actions import Action, Verb

    options = [Action("krin", Verb.MOVE, None, None, "krin: stay")] + \
        [Action("krin", Verb.MOVE, None, None, f"krin: move {x},2") for x in (13, 14, 15)]
    assert option_lines(options) == ["    1. krin: stay",
                                     "       krin: move X,Y: 3 destinations, from `krin: move 13,2` to `krin: move 15,2`"]


def test_the_same_games_whatever_the_jobs(scrap_run):
    """Worker processes get the run's scenario with every chunk (no cache of their own), and the zones
    swapped for fairness are played on them too: the report is the same bytes whatever the jobs."""
    bots = {"ark-mutants": "aggressive", "genlab-tribe": "cautious"}
    one = playtest_scenario(scrap_run, 4, 5, ("aggressive", "cautious"))
    two = playtest_scenario(scrap_run, 4, 5, ("aggressive", "cautious"), jobs=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert bots in [{s: v["bot"] for s, v in p["sides"].items()} for p in one["pairings"]]
    assert one["fairness"]["side"] == "ark-mutants"


def test_a_run_is_sent_whole_to_its_workers(scrap_run):
    """A chunk's games come from the run it is given alone: the written and the swapped scenario, chunked
    as workers get them, give the games played in one piece."""
    for scenario in (scrap_run, swapped(scrap_run)):
        run = Run(scenario, {"ark-mutants": "cautious", "genlab-tribe": "aggressive"}, 7)
        whole = play_chunk(run, [0, 1, 2])
        parts = play_chunk(pickle.loads(pickle.dumps(run)), [2]) + play_chunk(run, [0, 1])
        assert sorted(parts, key=lambda r: r["index"]) == whole


def test_the_taken_out_heatmap_counts_the_sides_models_only():
    """The heatmap of where models were Taken Out (line 362) is the sides' models, as the per-side count of
    models taken out is: a Zone monster killed (a Mutant hound, line 474) is no side's loss."""
    from zwar_author.playtest.zonewars import game_record
    from zwar_author.skirmish.zonewars.state import Kind

    scenario, _report = load_scenario(SCRAP_RUN)
    g = new_game(scenario)
    g.emit(Kind.TAKEN_OUT, "monster-1", "Mutant hound 1 is Taken Out", (10.5, 20.5), result="taken out")
    g.emit(Kind.TAKEN_OUT, "krin", "Krin is Taken Out", (5.5, 7.5), result="taken out")
    assert game_record(g, 0)["heat"]["taken_out"] == [[5, 7]]


def test_a_locked_opening_is_refused_by_name_not_played_as_an_open_one(tmp_path):
    """`locked` on a piece's opening is All Things Zombie's rule (seed 004 line 1861); the Zone Wars engine has
    none, so a scenario whose table has one is refused before any game rather than played with the door open."""
    shutil.copytree(CONTENT / "zonewars", tmp_path / "pack")
    pieces = tmp_path / "pack" / "pieces" / "core-terrain.toml"
    door = '{ kind = "door", start = [2, 4], end = [3, 4] }'  # the Ruined house's, which Scrap Run places twice
    assert door in pieces.read_text()
    pieces.write_text(pieces.read_text().replace(door, door.replace(" }", ", locked = true }")))
    with pytest.raises(CannotPlayScenario) as refused:
        load_scenario(tmp_path / "pack" / "scenarios" / "scrap-run.toml")
    assert refused.value.lines()[0] == "cannot play Zone Wars scenario scrap-run: the engine does not play these yet:"
    assert refused.value.lines()[1:] == [  # placed twice, named once
        "  - piece `ruined-house`: its door 1 is locked (`locked`: All Things Zombie's, no Zone Wars rule opens a lock)"]
