"""The Zone Wars search player: legal actions only, rollouts from the step as the players saw it, common dice,
the cautious bot's action kept unless measured better, the same games whatever the jobs."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from click.testing import CliRunner
from conftest import CONTENT

from zwar_author.cli import cli
from zwar_author.play.zonewars import load_scenario
from zwar_author.playtest.zonewars import play_one, playtest_scenario, side_policy
from zwar_author.playtest.zonewars_bots import bot
from zwar_author.playtest.zonewars_search import Recording, Rollout, ZoneWarsSearch, budget_of, play_recorded, value
from zwar_author.skirmish.core import Request, RequestKind
from zwar_author.skirmish.zonewars import new_game

SCRAP_RUN = CONTENT / "zonewars" / "scenarios" / "scrap-run.toml"


@pytest.fixture(scope="module")
def short_run():
    """Scrap Run cut to two rounds: a search game costs seconds, not a minute."""
    scenario, report = load_scenario(SCRAP_RUN)
    assert scenario is not None, [d.human() for d in report.sorted()]
    return replace(scenario, rounds=2)


def test_budgets_are_read_from_the_name():
    assert budget_of("search") == 16 and budget_of("search@4") == 4 and budget_of("search@0") == 0
    assert budget_of("search@x") is None and budget_of("cautious") is None
    assert isinstance(side_policy("search@3", random.Random(1)), ZoneWarsSearch)
    with pytest.raises(ValueError, match="search@16"):
        side_policy("search@many", random.Random(1))


def test_a_rollout_replays_the_step_to_the_decision_then_plays_the_candidate(short_run):
    """From the step's start and its answers so far (what every player saw), a rollout reaches the very
    decision the game is at, with the same log, and takes the candidate there."""
    cautious = bot("cautious", random.Random(0))
    caught: list = []

    def policy(g, request):
        answer = cautious(g, request)
        if request.topic == "action" and not caught:
            caught.append((ctx.snapshot.copy(), list(ctx.inputs), [e.text for e in g.log], answer))
        return answer

    game = new_game(short_run)
    ctx = Recording(random.Random(7), policy, game)
    while not game.over and not caught:
        ctx.begin()
        game.step(ctx)
    snapshot, inputs, log, answer = caught[0]
    sim = snapshot.copy()
    taken: list = []

    def follow(g, request):
        taken.append(request)
        return cautious(g, request)

    sim.step(Rollout(inputs, answer, 99, follow, sim))
    assert [e.text for e in sim.log[:len(log)]] == log
    assert not taken or not (taken[0].topic == "action" and taken[0].who == answer.model)  # the candidate answered it


def test_common_dice_answer_by_what_a_roll_is_for(short_run):
    """The same roll asked for the same reason in the same round is the same face in every rollout of a seed,
    however many other rolls came before it."""
    game = new_game(short_run)
    die = Request(RequestKind.ROLL, "chance", "Krin's attack", ("success", "blank"), (1, 1), None, "die")
    other = Request(RequestKind.ROLL, "chance", "Dux's armour", ("success", "blank"), (1, 1), None, "die")
    first = Rollout([], None, 5, bot("cautious", random.Random(0)), game)
    second = Rollout([], None, 5, bot("cautious", random.Random(0)), game)
    for _ in range(3):
        second.ask(other)
    assert [first.ask(die) for _ in range(6)] == [second.ask(die) for _ in range(6)]
    assert {Rollout([], None, seed, bot("cautious", random.Random(0)), game).ask(die) for seed in range(20)} == {"success", "blank"}


def test_the_value_of_a_finished_game_is_who_won(short_run):
    game = new_game(short_run)
    game.over, game.winner = True, "ark-mutants"
    assert value(game, "ark-mutants") == 1.0 and value(game, "genlab-tribe") == 0.0
    game.winner = ""
    assert value(game, "ark-mutants") == 0.5
    fresh = new_game(short_run)
    assert 0.0 <= value(fresh, "ark-mutants") <= 1.0
    assert value(fresh, "ark-mutants") + value(fresh, "genlab-tribe") == pytest.approx(1.0)


def test_the_search_player_answers_only_with_the_options_it_is_offered(short_run):
    """Every answer of a game it plays is one of the request's own options, and it searched some decisions."""
    searches: list[ZoneWarsSearch] = []
    search = ZoneWarsSearch(2, random.Random(3))
    searches.append(search)
    cautious = bot("cautious", random.Random(0))
    answers = []

    def policy(g, request):
        answer = (search if request.side == "ark-mutants" else cautious)(g, request)
        answers.append(answer in request.options)
        return answer

    game = new_game(short_run)
    play_recorded(game, policy, random.Random(11), searches)
    assert game.over and answers and all(answers)
    assert search.searched > 0


def test_at_budget_0_the_search_player_is_the_cautious_bot(short_run):
    sides = [s.id for s in short_run.sides]
    searched = play_one(short_run, {sides[0]: "search@0", sides[1]: "cautious"}, 4, 0)
    cautious = play_one(short_run, {sides[0]: "cautious", sides[1]: "cautious"}, 4, 0)
    assert [e.text for e in searched.log] == [e.text for e in cautious.log]


def test_the_same_search_games_whatever_the_jobs(short_run):
    one = playtest_scenario(short_run, 2, 5, ("search@2",), fair=False)
    two = playtest_scenario(short_run, 2, 5, ("search@2",), fair=False, jobs=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert [v["bot"] for v in one["pairings"][0]["sides"].values()] == ["search@2", "search@2"]


def test_play_takes_the_search_player_as_a_bot(tmp_path):
    save = tmp_path / "game.json"
    result = CliRunner().invoke(cli, ["play", str(SCRAP_RUN), "--bot", "genlab-tribe=search@1", "--save", str(save)],
                                input="2\nquit\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["bots"] == {"genlab-tribe": "search@1"}
    bad = CliRunner().invoke(cli, ["play", str(SCRAP_RUN), "--bot", "genlab-tribe=search@x"], input="quit\n")
    assert bad.exit_code == 2
    assert "search or search@N" in bad.output
