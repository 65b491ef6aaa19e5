"""Versus games (Agent Z) as players see them: the sides, `zwar play` with people and bots, the playtest report."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from conftest import CONTENT

from zwar_author.cli import cli
from zwar_author.engine.api import apply, legal_actions, new_game, random_policy, simulate, start
from zwar_author.engine.chance import Choice
from zwar_author.engine.state import Setup
from zwar_author.engine.vocab import Side, Topic
from zwar_author.play.load import load_mission
from zwar_author.play.session import _decode, _encode
from zwar_author.playtest.versus import is_versus, not_played, parse_bots, versus_policy

MISSIONS = CONTENT / "core" / "missions"


def _mission(name: str):
    mission, _ = load_mission(MISSIONS / f"{name}.toml")
    assert mission is not None
    return mission


def test_bot_options_are_checked(zwar):
    result = zwar("play", MISSIONS / "deathmatch.toml", "--bot", "nobody=cautious")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: --bot nobody: not a side of this mission (sides: first, han, jack, second)")
    result = zwar("play", MISSIONS / "deathmatch.toml", "--bot", "first")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: --bot 'first': write SIDE=POLICY, like hunter=cautious (policies: cautious, aggressive, random)")
    result = zwar("play", MISSIONS / "inbound.toml", "--bot", "first=cautious")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: --bot plays a side of a versus game; this mission is played by the heroes together")


def test_two_bots_play_deathmatch_to_its_end(zwar):
    result = zwar("play", MISSIONS / "deathmatch.toml", "--bot", "first=cautious", "--bot", "second=aggressive",
                  "--seed", "2")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == (
        "Game over after turn 13: victory. Agent at start point 1 (Han) wins. An agent wins the game by killing "
        "the opposing agent.")


def play(*args: str, input: str):
    return CliRunner().invoke(cli, ["play", *[str(a) for a in args]], input=input, prog_name="zwar")


def test_two_people_share_a_terminal_each_prompt_naming_the_agents_player():
    result = play(MISSIONS / "deathmatch.toml", "--seed", "1", input="han goes first\nhan: end\njack: end\nquit\n")
    assert result.exit_code == 0
    out = result.output.splitlines()
    asked = [line.removeprefix("> ") for line in out if "chooses" in line]
    assert asked[:3] == ["Initiative: Jack's player chooses who takes their move first",
                         "Hero move: Han's player chooses an action", "Hero move: Jack's player chooses an action"]


def test_one_side_played_by_a_bot_the_other_asked():
    result = play(MISSIONS / "deathmatch.toml", "--bot", "first=aggressive", "--seed", "4", input="end\n" * 3)
    assert result.exit_code == 0
    assert "Hero move: Jack's player chooses an action" in result.output
    assert "Hero move: Han's player chooses an action" not in result.output  # Han (first) is the bot's


def test_reaction_answers_survive_a_save():
    saved = json.loads(json.dumps(_encode(Choice(("move", 12), "move 3,4"))))  # as a save file holds it
    assert _decode(saved) == ("move", 12)


def test_bots_answer_only_their_own_agents_requests():
    mission = _mission("deathmatch")
    g = new_game(mission)
    bots = versus_policy(parse_bots(["first=cautious"]), 1)
    han, jack = (h.id for h in g.heroes)
    assert g.roles == {han: "first", jack: "second"}

    class Ask:
        def __init__(self, side, who):
            self.side, self.who, self.topic, self.options = side, who, Topic.HERO, ()

    assert bots.plays(g, Ask(Side.AGENT, han)) and not bots.plays(g, Ask(Side.AGENT, jack))
    assert not bots.plays(g, Ask(Side.HEROES, None))  # the players' shared choices: a person plays a side
    both = versus_policy(parse_bots(["first=cautious", "jack=random"]), 1)
    assert both.plays(g, Ask(Side.HEROES, None))


def test_a_versus_game_is_the_same_game_for_the_same_seed():
    mission = _mission("hunter-and-prey")
    logs = []
    for _ in range(2):
        g = new_game(mission)
        simulate(g, versus_policy({"": "aggressive"}, 7), random.Random(7))
        logs.append([e.text for e in g.log])
        assert g.outcome == "victory" and g.winner in ("hunter", "prey")
    assert logs[0] == logs[1]


def test_what_a_versus_report_says_was_not_played():
    mission = _mission("hunter-and-prey")
    assert is_versus(mission) and not is_versus(_mission("inbound"))
    assert not_played(mission) == [  # the director cards are played now, and the Stinker (a one-use Stink Tank)
        "Pheromone, Thumper: carried, never used (no rule for them is played)",
    ]


def test_playtest_gives_each_sides_win_rate(zwar, workdir):
    result = zwar("playtest", MISSIONS / "deathmatch.toml", "--runs", "6", "--jobs", "1", "--seed", "1",
                  "--policy", "aggressive", "-o", workdir / "out")
    assert result.exit_code == 0
    assert result.output.splitlines()[:15] == [
        "Deathmatch! (core/deathmatch), policy aggressive, 6 games, seed 1",
        "  Agent at start point 1 (first) wins 50.0% (3/6), 95% interval 18.8% to 81.2%",
        "  Agent at start point 2 (second) wins 50.0% (3/6), 95% interval 18.8% to 81.2%",
        "  turns: won in 11.2 on average (8 to 14)",
        "  not played: Pheromone, Thumper: carried, never used (no rule for them is played)",
        "  item S (Shotgun) at 8,3: taken in 0 of 6 games (0.0%, 95% interval 0.0% to 39.0%)",
        "  item P (.44 Pistol) at 17,9: taken in 0 of 6 games (0.0%, 95% interval 0.0% to 39.0%)",
        "  item A (Assault Rifle) at 14,5: taken in 0 of 6 games (0.0%, 95% interval 0.0% to 39.0%)",
        "  han: on the board 3, died (bitten) 1, died (infection) 1, died (hurt by an agent) 1 (of 6)",
        "  jack: on the board 3, died (bitten) 2, died (hurt by an agent) 1 (of 6)",
        "  turn limit (40) reached in 0 of 6 games (0.0%, 95% interval 0.0% to 39.0%)",
        "  first hero taken down in turn 2.0 on average (1 to 4, 6 games); never in 0 of 6",
        "  rounds spent a game: pistol 23.7",
        "  infected killed a game: zombie 11.2",
        "  director cards played a game: direct-control 2.0, frenzy 0.2, jammed 2.0, reinforcements 0.2",
    ]


def _drive(state, seed: int):
    """Play a state to the end through ``apply``, sampling as ``simulate`` does (tests/test_engine.py)."""
    dice, choices = random.Random(seed), random.Random(seed)
    while not state.over:
        request = state.request
        if request.kind == "roll":
            answer = dice.randint(1, len(request.options))
        elif request.kind == "draw":
            answer = dice.choices(request.options, request.weights)[0]
        else:
            answer = choices.choice(request.options)
        state = apply(state, answer)
    return state


@pytest.mark.parametrize("name", ["deathmatch", "hunter-and-prey"])
def test_apply_plays_exactly_what_simulate_plays_in_versus_games(name):
    short = Setup(max_turns=4)  # long enough for initiative, fights and spawns; short enough for apply's pace
    fast = new_game(_mission(name), short)
    simulate(fast, random_policy(random.Random(5)), random.Random(5))
    slow = _drive(start(new_game(_mission(name), short)), 5)
    assert [e.text for e in slow.log] == [e.text for e in fast.log]
    assert (slow.view.outcome, slow.view.winner) == (fast.outcome, fast.winner)


def test_every_request_says_which_side_must_answer():
    state = start(new_game(_mission("deathmatch")))
    while state.request.chance:  # the director cards dealt, the initiative rolled (Han 8, Jack 1)
        assert state.request.side == Side.CHANCE
        state = apply(state, 1 if state.request.who == "jack" else state.request.options[-1])
    request = state.request
    assert (request.side, request.who, request.topic) == (Side.AGENT, "han", Topic.INITIATIVE)
    state = apply(state, "jack")
    request = state.request
    assert (request.side, request.who, request.topic) == (Side.AGENT, "jack", Topic.HERO)
    assert {a.hero for a in legal_actions(state)} == {"jack"}
