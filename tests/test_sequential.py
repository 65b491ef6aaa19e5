"""`zwar playtest --precision`: games read in their numbers' order, the run stopped at the first look whose
interval is narrow enough, the same stop whatever the workers, and an interval whose coverage is computed
exactly over every sequence of wins and losses."""

from __future__ import annotations

import math

import numpy as np
from conftest import write
from test_playtest import EASY

from zwar_author.compile.reader import mission_document
from zwar_author.engine.state import Setup
from zwar_author.play.load import load_mission
from zwar_author.playtest.runner import Plan, run
from zwar_author.playtest.sequential import EVERY, FIRST, Precision
from zwar_author.playtest.stats import Z95, wilson

#: The exit is next to Sam: the random bot, choosing among every legal action, leaves by it in three turns
#: about one game in eight.
COIN = EASY


def _binomial(n: int, p: float) -> np.ndarray:
    k = np.arange(n + 1)
    log = np.array([math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) for i in k])
    return np.exp(log + k * math.log(p) + (n - k) * math.log1p(-p))


def _interval(k: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    p = k / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * np.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return centre - half, centre + half


def _coverage(p: float, rule: Precision, most: int = 20000) -> tuple[float, float]:
    """The exact chance that a run stopped by ``rule`` reports an interval holding ``p``, and the mean games."""
    alive, n, covered, games = _binomial(FIRST, p), FIRST, 0.0, 0.0
    step = _binomial(EVERY, p)
    while alive.sum() > 1e-13:
        k = np.arange(n + 1)
        low, high = _interval(k, n)
        stops = ((high - low) / 2 <= rule.half_width) | (n >= most)
        ended = alive * stops
        covered += ended[(low <= p) & (p <= high)].sum()
        games += n * ended.sum()
        alive = np.convolve(alive * ~stops, step)
        n += EVERY
    return covered, games


def test_the_interval_of_a_stopped_run_covers_as_often_as_a_fixed_one():
    """Every win rate from 5% to 95%: the stopped run's 95% interval holds the truth in at least 94% of runs,
    as a fixed number of games does (Wilson's interval is not exact for a binomial either way: 94.4% to 96.7%
    here), 95% on average; and the narrower the precision asked, the more games it takes."""
    rule = Precision(0.05)
    covered = [_coverage(p, rule)[0] for p in np.arange(0.05, 0.96, 0.05)]
    assert min(covered) >= 0.944 and sum(covered) / len(covered) >= 0.95
    fixed = []
    for n in (250, 300, 350, 400):
        low, high = _interval(np.arange(n + 1), n)
        fixed += [_binomial(n, p)[(low <= p) & (p <= high)].sum() for p in np.arange(0.05, 0.96, 0.05)]
    assert min(fixed) < 0.944  # a fixed run of those sizes does no better
    assert _coverage(0.2, Precision(0.03))[1] > _coverage(0.2, Precision(0.05))[1]


def test_looks_are_after_the_first_games_and_then_at_each_step():
    rule = Precision(0.02)
    assert [n for n in range(1, 400) if rule.due(n)] == [200, 250, 300, 350]
    assert rule.reached(200, 10000) and not rule.reached(20, 200)
    low, high = wilson(300, 1500)
    assert Precision(round((high - low) / 2, 6) + 1e-6).reached(300, 1500)


def test_a_precise_run_stops_at_the_same_game_whatever_the_workers(workdir):
    write(workdir, {"coin.toml": COIN})
    mission, _ = load_mission(workdir / "coin.toml")
    assert mission is not None
    plan = Plan(mission_document(mission.compiled), "random", 2000, 3, Setup(max_turns=3))
    one = run(plan, 1, stop=Precision(0.03))
    two = run(plan, 2, stop=Precision(0.03))
    assert (one.runs, one.wins) == (two.runs, two.wins)
    assert FIRST < one.runs < 2000 and Precision(0.03).due(one.runs)
    low, high = wilson(one.wins, one.runs)
    assert (high - low) / 2 <= 0.03
    shorter = run(Plan(plan.document, "random", one.runs - EVERY, 3, Setup(max_turns=3)), 1)
    low, high = wilson(shorter.wins, shorter.runs)
    assert (high - low) / 2 > 0.03  # the look before did not reach it: the run did not stop late


def test_zwar_playtest_precision_says_where_it_stopped(zwar, workdir):
    write(workdir, {"coin.toml": COIN})
    result = zwar("playtest", "coin.toml", "--precision", "0.03", "--policy", "random", "--seed", "3", "--jobs", "1",
                  "--max-turns", "3", "--no-progress")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Easy (local/easy), policy random, 450 games, seed 3",
        "  win rate 10.9% (49/450), 95% interval 8.3% to 14.1%",
        "  stopped after 450 games: the interval is 2.9 points either side, as asked (3)"]
    capped = zwar("playtest", "coin.toml", "--precision", "0.01", "--runs", "250", "--policy", "random", "--jobs",
                  "1", "--max-turns", "3", "--no-progress")
    assert capped.exit_code == 0, capped.output
    assert capped.output.splitlines()[2].startswith("  played the most games asked for (250): the interval is ")
    mixed = zwar("playtest", "coin.toml", "coin.toml", "--precision", "0.05")
    assert mixed.exit_code == 2 and "--precision go with one mission's playtest" in mixed.output
