"""Agent Z's own parts that the rules scenarios do not pin: `outscore_dead` in the compiler, the hands dealt
to the agents, the bots' use of their cards and gadgets."""

from __future__ import annotations

import random

import pytest
from conftest import CONTENT, deal
from test_diagnostics import AGENTS

from zwar_author import codes
from zwar_author.engine.api import new_game, simulate
from zwar_author.engine.vocab import Side
from zwar_author.play.load import load_mission
from zwar_author.playtest.versus import versus_policy

MISSIONS = CONTENT / "core" / "missions"
ROLES = '[[roles]]\nid = "one"\nname = "One"\n[[roles]]\nid = "two"\nname = "Two"\n'
STARTS = '[[starts]]\nat = "0,1"\nrole = "one"\n[[starts]]\nat = "1,1"\nrole = "two"\n'
GATE_LINE = "gate win_rate[second] in 0..1 (cautious): 0.5 (2/4, 95% interval 15.0% to 85.0%), passed"
OBJECTIVE = '[[objectives]]\nnumber = 1\nat = "2,1"\naction = "task"\n'


def _mission(name: str):
    mission, _ = load_mission(MISSIONS / f"{name}.toml")
    assert mission is not None
    return mission


def _agentz(body: str) -> str:
    return AGENTS.format(id="m", extra=ROLES) + STARTS + body


def test_outscore_dead_names_a_rival(diagnose):
    lines = diagnose({"p/missions/m.toml": _agentz(OBJECTIVE + '[[victory]]\nside = "one"\noutscore_dead = "one"\n'
                                                   '[[victory]]\nside = "two"\noutscore_dead = "three"\n')})
    assert [line for line in lines if " error " in line] == [
        ("p/missions/m.toml:33:17: error ZW641: victory condition 1 is for `one` and names `one` in `outscore_dead`: "
        "a side cannot outscore itself"),
        "p/missions/m.toml:36:17: error ZW408: role or hero `three` does not exist (known: one, two, kira, sam)",
    ]
    assert codes.explain("ZW641").startswith("ZW641 outscore-self (error)\n\n")


def test_outscore_dead_needs_objectives_to_count(diagnose):
    lines = diagnose({"p/missions/m.toml": _agentz('[[victory]]\nside = "one"\noutscore_dead = "two"\n')})
    assert [line for line in lines if " error " in line] == [
        ("p/missions/m.toml:29:17: error ZW007: `outscore_dead` compares objectives completed, but the mission has "
        "no objectives")]


def test_outscore_dead_is_agent_z_s_own(diagnose):
    mission = ('[mission]\nid = "m"\ntitle = "M"\n[[floors]]\nart = """\n+-+-+-+-+\n|. . . .|\n+-+-+-+-+\n"""\n'
               '[[starts]]\nat = "0,0"\n' + OBJECTIVE.replace("2,1", "2,0") + '[[victory]]\noutscore_dead = "sam"\n')
    lines = [line for line in diagnose({"p/missions/m.toml": mission}) if "ZW143" in line]
    assert lines == [("p/missions/m.toml:17:17: error ZW143: Z War One has no conditions outscoring a dead rival "
                     "(Agent Z only): victory condition 1 asks for `outscore_dead`")]


def test_each_agent_is_dealt_five_cards_face_down():
    # "shuffle the director card deck & deal out 5 director cards to each player" (Agent Z rules)
    state, draws = deal(new_game(_mission("download-or-destroy")))
    assert len(draws) == 10 and {r.side for r in draws} == {Side.CHANCE}
    log = [e.text for e in state.log]
    assert "Han is dealt 5 director cards face down" in log and "Jack is dealt 5 director cards face down" in log
    assert {holder: len(cards) for holder, cards in state.view.hands.held.items()} == {"han": 5, "jack": 5}


def test_hunter_and_prey_deals_to_the_prey_only():
    # "they are given no director cards" (the hunter); "5 DIRECTOR CARDS (PREY)" (Agent Z rules, Hunter & Prey)
    state, draws = deal(new_game(_mission("hunter-and-prey")))
    prey = next(hero for hero, role in state.view.roles.items() if role == "prey")
    assert len(draws) == 5 and list(state.view.hands.held) == [prey]


def test_the_prey_bot_plays_its_cards_and_its_stinker():
    mission = _mission("hunter-and-prey")
    played, hidden = 0, 0
    for seed in range(6):
        g = new_game(mission)
        simulate(g, versus_policy({"": "cautious"}, seed), random.Random(seed))
        log = [e.text for e in g.log]
        played += sum(1 for line in log if line.startswith("Jack plays "))
        hidden += any(line.startswith("Jack uses the Stinker") for line in log)
    assert played >= 6 and hidden >= 1, (played, hidden)


@pytest.mark.slow
def test_a_versus_gate_holds_one_side(zwar, workdir):
    mission = MISSIONS / "download-or-destroy.toml"
    common = ("--runs", "4", "--jobs", "1", "--seed", "1", "--policy", "cautious", "--no-progress", "-o", workdir)
    result = zwar("playtest", mission, *common, "--gate", "win_rate[second] in 0..1")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == GATE_LINE
    result = zwar("playtest", mission, *common, "--gate", "win_rate in 0.4..0.6")
    assert (result.exit_code, result.output.splitlines()[-1]) == (2, (
        "Error: --gate 'win_rate in 0.4..0.6': a versus mission has a win rate for each side: name one, like "
        '"win_rate[first] in 0.4..0.6" (sides: first, second)'))
    result = zwar("playtest", MISSIONS / "supply-run.toml", *common, "--gate", "win_rate[prey] in 0..1")
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2, ("Error: --gate 'win_rate[prey] in 0..1': `prey` is not a side of this mission (only versus missions have "
           "sides)"))


@pytest.mark.slow
def test_a_dead_agent_s_bot_steers_its_newborn():
    # "From the next infected move onward, the player may continue to use their agent using the stats from
    # the "Newborn" infected card." (Agent Z rules, Player vs player): the bot of the agent answers
    mission = _mission("download-or-destroy")
    steered = 0
    for seed in range(4):
        g = new_game(mission)
        simulate(g, versus_policy({"": "cautious"}, seed), random.Random(seed))
        steered += sum(1 for e in g.log if e.text.startswith("Newborn z") and "(direct control) moves to" in e.text)
    assert steered > 0
