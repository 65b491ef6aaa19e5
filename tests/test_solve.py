"""The exact ceiling on tiny missions: expectimax over every line of play, and the search player held to it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from conftest import CONTENT

from zwar_author.engine.state import Setup
from zwar_author.play.load import load_mission
from zwar_author.playtest.runner import Plan, run
from zwar_author.playtest.solve import TooBig, solve

FIXTURES = Path(__file__).parent / "fixtures" / "solve"
MISSIONS = CONTENT / "core" / "missions"


def _load(path: Path):
    loaded, report = load_mission(path)
    assert loaded is not None, [d.human() for d in report.sorted()]
    return loaded


def test_a_dash_to_the_exit_is_won_for_sure_but_only_by_a_sprint():
    # Sam has 4 AP and the exit is 4 squares off: four moves leave no AP to leave by it ("Exit: 1 AP");
    # a sprint (2 AP, 3 squares) and a move, in either order, leave one.
    solution = solve(_load(FIXTURES / "dash.toml"), Setup(max_turns=1))
    assert solution.value == 1
    values = dict(solution.first)
    assert values["sam: sprint"] == values["sam: move 1,0"] == 1
    assert values["end turn"] == values["sam: dive 2,0"] == 0  # a dive ends prone: standing up costs 2 AP


def test_one_shot_then_a_sprint_is_the_best_the_zombie_corridor_allows():
    # The zombie blocks the one-square corridor to the exit. 4 AP pay for one quick shot (1 AP), a sprint
    # past its square (2 AP) and the exit (1 AP): the Pistol's quick chart kills on 6-8 of a d8, so 3/8.
    # An aimed shot (2 AP) leaves too few AP to get out.
    solution = solve(_load(FIXTURES / "zombie.toml"), Setup(max_turns=1))
    assert solution.value == Fraction(3, 8)
    best = {option for option, value in solution.first if value == solution.value}
    assert best == {"sam: quick z1 at 2,0", "sam: move 1,0 then quick z1 at 2,0", "sam: quick z1 at 2,0 then move 1,0"}
    assert dict(solution.first)["sam: aimed z1 at 2,0"] == 0
    assert solution.text().splitlines()[:2] == [
        "zombie: the best chance of winning in 1 turn is 3/8 (37.50%), exact, over 2763 states",
        "the first decision (Hero move: choose an action), best first (* optimal):"]


@pytest.mark.parametrize(("fixture", "bots_reach_it", "cautious"), [("dash", True, 1), ("zombie", False, 0)])
def test_the_search_player_comes_within_5_points_of_the_optimum(fixture, bots_reach_it, cautious):
    # The set of tiny missions the search is held to: on the dash every player finds the sprint; in the
    # zombie corridor the bots walk up to the zombie and never sprint past it.
    loaded = _load(FIXTURES / f"{fixture}.toml")
    document = loaded.compiled.model_dump(mode="json", by_alias=True)
    setup = Setup(max_turns=1)
    optimum = solve(loaded, setup).value
    rates = {policy: run(Plan(document, policy, 200, 1, setup), mission=loaded).win_rate
             for policy in ("cautious", "aggressive", "search@256")}
    assert rates["search@256"] >= optimum - Fraction(5, 100)
    assert rates["cautious"] == cautious  # in the corridor it walks up to the zombie and never sprints past it
    for bot in ("cautious", "aggressive"):
        assert (rates[bot] >= optimum - Fraction(5, 100)) is bots_reach_it, (bot, rates[bot], optimum)


def test_missions_too_big_are_refused_with_what_makes_them_so():
    with pytest.raises(TooBig) as refused:
        solve(_load(MISSIONS / "supply-run.toml"))
    assert refused.value.reasons == ["4 heroes (at most 2)", "5 infected at the start (at most 4)",
                                     "576 squares (at most 48)", "a limit of 40 turns (at most 6: pass --max-turns)"]
    with pytest.raises(TooBig, match="more than 100 states"):
        solve(_load(FIXTURES / "zombie.toml"), Setup(max_turns=1), max_states=100)
    with pytest.raises(TooBig, match="it is a versus game"):
        solve(_load(MISSIONS / "deathmatch.toml"), Setup(max_turns=2))


def test_the_command_prints_the_ceiling_or_refuses(zwar):
    solved = zwar("solve", FIXTURES / "dash.toml", "--max-turns", "1")
    assert solved.exit_code == 0 and solved.output.startswith(
        "dash: the best chance of winning in 1 turn is 1 (100.00%), exact, over 212 states\n")
    assert "  * sam: sprint: 1 (100.00%)\n" in solved.output and "    end turn: 0 (0.00%)\n" in solved.output
    refused = zwar("solve", MISSIONS / "supply-run.toml")
    assert refused.exit_code == 1
    assert refused.output == ("supply-run is too big to solve exactly: 4 heroes (at most 2); 5 infected at the start "
                              "(at most 4); 576 squares (at most 48); a limit of 40 turns (at most 6: pass "
                              "--max-turns)\n")
