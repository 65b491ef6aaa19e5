"""Playtests: bots, totals that do not depend on how games are shared out, exact odds, gates, replays."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import shlex
import statistics
import threading
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import CONTENT, mission, write

from zwar_author.engine.api import apply, new_game, start
from zwar_author.engine.state import Setup
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots, charts
from zwar_author.playtest.kit import time_limit
from zwar_author.playtest.odds import mission_odds, odds_text, turn_spawn
from zwar_author.playtest.project import playtest
from zwar_author.playtest.report import page as report_page
from zwar_author.playtest.runner import Plan, mission_for, play, run
from zwar_author.playtest.stats import wilson

CORRIDOR = '''
    heroes = ["sam"]

    [[floors]]
    art = """
    +-+-+-+-+-+-+-+-+-+-+
    |. . . . . . . . . .|
    +-+-+-+-+-+-+-+-+-+-+
    """

    [[starts]]
    at = "0,0"
    '''

#: Sam starts next to the exit; nothing spawns: any sensible player wins at once.
EASY = mission(CORRIDOR + '''
    [[exits]]
    at = "1,0"

    [[victory]]
    escape = "all"
    ''', head='[mission]\nid = "easy"\ntitle = "Easy"\n')

#: The objective is nine squares away and the game ends after one turn: no one can win.
HOPELESS = mission(CORRIDOR + '''
    [[objectives]]
    number = 1
    at = "9,0"

    [[victory]]
    objectives = [1]
    ''', head='[mission]\nid = "hopeless"\ntitle = "Hopeless"\n')

#: A walk to an exit with a task on the way and a turn limit: planning wins, wandering does not.
ERRAND = mission(CORRIDOR + '''
    [[objectives]]
    number = 1
    at = "5,0"

    [[exits]]
    at = "9,0"

    [[victory]]
    objectives = [1]
    escape = "all"
    ''', head='[mission]\nid = "errand"\ntitle = "Errand"\n')


def plan_for(path: Path, policy: str, runs: int, seed: int = 3, max_turns: int = 40) -> Plan:
    loaded, report = load_mission(path)
    assert loaded is not None, [d.human() for d in report.sorted()]
    return Plan(loaded.compiled.model_dump(mode="json", by_alias=True), policy, runs, seed, Setup(max_turns=max_turns))


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["cautious", "aggressive"])
def test_bots_win_the_easy_mission_and_lose_the_hopeless_one(workdir, policy):
    write(workdir, {"easy.toml": EASY, "hopeless.toml": HOPELESS})
    easy = run(plan_for(workdir / "easy.toml", policy, 30))
    assert easy.wins == 30 and wilson(easy.wins, easy.runs)[0] > 0.88
    hopeless = run(plan_for(workdir / "hopeless.toml", policy, 30, max_turns=1))
    assert hopeless.wins == 0 and hopeless.causes == {"turn limit": 30}


def test_the_bots_beat_random_play_by_a_wide_margin(workdir):
    write(workdir, {"errand.toml": ERRAND})
    rates = {p: run(plan_for(workdir / "errand.toml", p, 40, max_turns=4)).win_rate
             for p in ("cautious", "aggressive", "random")}
    assert rates["cautious"] == rates["aggressive"] == 1.0
    assert rates["random"] < 0.2


@pytest.mark.parametrize("equipment, moves", [
    ((), ["berserker", "melee"]),  # bare hands: Berserker's +1 is worth a use
    (None, ["quick"]),  # Sam's pistol is the better attack: the perk is kept for later
])
def test_bots_spend_a_power_perk_only_on_the_attack_it_helps(workdir, equipment, moves):
    write(workdir, {"easy.toml": EASY})
    loaded, _ = load_mission(workdir / "easy.toml")
    kit = () if equipment is None else (("sam", equipment),)
    game = new_game(loaded, Setup(perks=(("sam", ("berserker",)),), equipment=kit))
    zombie = game.new_infected("core/zombie", loaded.square("1,0"), "W")
    state, bot, taken = start(game), bots.policy("cautious", 0), []
    while len(taken) < len(moves):
        action = bot(state.view, state.request)
        taken.append(action)
        state = apply(state, action)
    assert [a.verb for a in taken] == moves
    assert taken[-1].target == zombie.id


@pytest.mark.slow
def test_the_same_seed_gives_the_same_totals_however_the_games_are_shared(workdir):
    plan = plan_for(CONTENT / "core" / "missions" / "supply-run.toml", "aggressive", 6, seed=11)
    one, two = run(plan, jobs=1), run(plan, jobs=2)
    assert one == two and one.runs == 6
    assert run(plan_for(CONTENT / "core" / "missions" / "supply-run.toml", "aggressive", 6, seed=12)) != one


@pytest.mark.slow
def test_a_local_dask_cluster_plays_the_same_games():
    pytest.importorskip("distributed")
    plan = plan_for(CONTENT / "core" / "missions" / "hold-out.toml", "cautious", 4, seed=5)
    assert run(plan, jobs=2, scheduler="local") == run(plan)


@pytest.mark.slow
def test_a_worker_playing_games_in_threads_gives_each_thread_its_own_mission():
    """A Dask worker may run games in several threads; a mission's caches serve one game at a time (its
    distance fields are searched on as the infected ask), so each thread rebuilds the mission once and
    plays the same games as one thread alone."""
    plan = plan_for(CONTENT / "core" / "missions" / "supply-run.toml", "aggressive", 4, seed=3)
    both = threading.Barrier(2, timeout=60)  # the two calls run on two threads at once

    def keep(_: int) -> tuple:
        both.wait()
        return mission_for(plan), mission_for(plan)

    with ThreadPoolExecutor(2) as pool:
        (first, again), (other, _) = pool.map(keep, range(2))
        records = list(pool.map(lambda i: play(plan, i), range(4), timeout=600))
    assert first is again and first is not other
    assert records == [play(plan, i) for i in range(4)]


def test_exact_turn_spawn_odds_agree_with_a_long_simulation():
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    spec = loaded.compiled.spawn.phases[0].turn
    exact = turn_spawn(spec, {c.id: (c.name, c.plural) for c in loaded.compiled.rules.infected})
    rng, n = random.Random(7), 20_000
    samples = {letter: [] for letter in exact["points"]}
    roamers = 0
    row = loaded.charts.row
    for _ in range(n):
        where = row(spec.where, rng.randint(1, 8))
        count = row(spec.what, rng.randint(1, 8)).count or 0 if where.kind == "spawn_point" else 0
        roamers += where.kind == "roamers"
        for letter, values in samples.items():
            values.append(count if where.spawn_point == letter else 0)
    for letter, values in samples.items():
        error = statistics.pstdev(values) / n ** 0.5
        assert abs(statistics.fmean(values) - float(exact["points"][letter])) < 4 * error
    low, high = wilson(roamers, n, z=4.0)
    assert low <= float(exact["any_roamer"]) <= high


def test_exact_odds_of_a_small_table_are_fractions(workdir):
    write(workdir, {"m.toml": mission(CORRIDOR + '''
        [[spawn_points]]
        letter = "A"
        at = "9,0"

        [spawn.turn]
        where = { "1-6" = "A", "7-8" = "roamers" }
        what = { "1-4" = "nothing", "5-8" = "2 zombies" }

        [spawn.room]
        what = { "1-8" = "nothing" }
        distance = { "1-8" = 1 }
        ''')})
    loaded, _ = load_mission(workdir / "m.toml")
    phase = mission_odds(loaded.compiled)[0]
    assert phase["turn"]["points"] == {"A": Fraction(3, 4)}
    assert phase["turn"]["any_roamer"] == Fraction(1, 4)
    assert phase["turn"]["nothing"] == Fraction(3, 8)
    assert odds_text(loaded.compiled).splitlines()[2:4] == [
        "  turn spawn (1 roll a turn): expected infected a turn 0.750 (at A 0.750)",
        "    by class: zombies 0.750",
    ]


def test_playtest_writes_a_report_and_holds_the_gate(zwar, workdir):
    write(workdir, {"easy.toml": EASY})
    result = zwar("playtest", "easy.toml", "--runs", "10", "--jobs", "1", "--policy", "cautious",
                  "--gate", "win_rate in 0.9..1", "--no-progress")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [
        "Easy (local/easy), policy cautious, 10 games, seed 1",
        "  win rate 100.0% (10/10), 95% interval 72.2% to 100.0%",
        "  turns: won in 1.0 on average (1 to 1); none lost",
    ]
    assert lines[-1] == "gate win_rate in 0.9..1 (cautious): 1 (10/10, 95% interval 72.2% to 100.0%), passed"
    report = json.loads((workdir / "build" / "playtest" / "easy-playtest.json").read_text())
    assert report["reports"][0]["win_rate"] == \
        {"confidence": 0.95, "games": 10, "high": 1.0, "low": 0.7225, "value": 1.0, "wins": 10}
    page = (workdir / "build" / "playtest" / "easy-playtest.html").read_text()
    assert re.findall(r'<svg[^>]* aria-label="([^"]*)"', page) == [
        "Win rate", "Turns a game lasted", "Objectives done, tokens taken, exits reached", "How each hero&#x27;s games ended",
        "colour scale: 1 to 1 times a hero was taken down there", "colour scale: 1 to 1 infected placed there",
        "colour scale: 1 to 10 steps onto the square"]
    assert page.count("<svg") == 7 + 1 + 3  # the floor drawn once, and a heatmap of each kind over it
    assert page.count("<use href=\"#heat-floor-0\"") == 3
    heat = re.findall(r'<figure><figcaption>([^<]*)</figcaption>(<svg[^>]*>)', page)
    assert [caption for caption, _ in heat] == ["cautious, ground: most 0 on one square"] * 2 + [
        "cautious, ground: most 10 on one square"]
    assert all('width="100%"' in root and "mm" not in root for _, root in heat)  # as wide as its column
    assert not re.search(r'(src|href)="(?!#)|<link|url\((?!#)|@import', page)  # nothing to fetch


#: On the way to the exit: a pistol and a med pack; off it: an object and an objective nobody needs.
ERRANDS = mission(CORRIDOR + '''
    [[exits]]
    at = "3,0"

    [[items]]
    letter = "P"
    card = "pistol"
    at = "1,0"

    [[items]]
    letter = "M"
    card = "med-pack"
    at = "2,0"

    [[objects]]
    letter = "B"
    name = "Bag"
    at = "8,0"

    [[objectives]]
    number = 1
    at = "9,0"
    label = "Nobody needs this."

    [[victory]]
    escape = "all"
    ''', head='[mission]\nid = "errands"\ntitle = "Errands"\n')


def test_the_report_names_every_objective_and_token_zeros_included(zwar, workdir):
    write(workdir, {"errands.toml": ERRANDS})
    result = zwar("playtest", "errands.toml", "--runs", "4", "--jobs", "1", "--policy", "cautious", "--no-progress")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:12] == [
        "Errands (local/errands), policy cautious, 4 games, seed 1",
        "  win rate 100.0% (4/4), 95% interval 51.0% to 100.0%",
        "  turns: won in 1.0 on average (1 to 1); none lost",
        "  objective 1: done in 0 of 4 games (0.0%, 95% interval 0.0% to 49.0%)",
        "  item P (Pistol) at 1,0: taken in 4 of 4 games (100.0%, 95% interval 51.0% to 100.0%), on average in turn 1.0",
        "  item M (Med Pack) at 2,0: taken in 4 of 4 games (100.0%, 95% interval 51.0% to 100.0%), on average in turn 1.0",
        "  object B (Bag) at 8,0: taken in 0 of 4 games (0.0%, 95% interval 0.0% to 49.0%)",
        "  exit at 3,0: reached in 4 of 4 games (100.0%, 95% interval 51.0% to 100.0%), on average in turn 1.0",
        "  sam: escaped 4 (of 4)",
        "  turn limit (40) reached in 0 of 4 games (0.0%, 95% interval 0.0% to 49.0%)",
        "  no hero taken down in any of 4 games",
        "report: build/playtest/errands-playtest.json, build/playtest/errands-playtest.html",
    ]
    report = json.loads((workdir / "build" / "playtest" / "errands-playtest.json").read_text())["reports"][0]
    assert report["objectives"] == {"1": {
        "at": "9,0", "label": "Nobody needs this.", "count": 0, "games": 4, "value": 0.0, "low": 0.0, "high": 0.4899,
        "mean_turn": None, "by_turn": {}}}
    assert [(t["key"], t["count"]) for t in report["tokens"]] == \
        [("items:0", 4), ("items:1", 4), ("objects:0", 0), ("exits:0", 4)]
    assert report["heroes"] == {"sam": {"games": 4, "escaped": 4, "on the board": 0, "died (bitten)": 0,
                                        "died (infection)": 0}}


@pytest.mark.parametrize("chart", ["rates", "stacked", "turns", "effects"])
def test_no_legend_runs_off_its_chart(chart):
    names = ["escaped", "on the board", "died (bitten)", "died (infection)", "died (hurt by an agent)"]
    policies = ["cautious", "aggressive", "random", "planner against the director bot"]
    rate = {"count": 1, "games": 2, "value": 0.5, "low": 0.1, "high": 0.9}
    turns = {"won": {"counts": {"3": 1}}, "lost": {"counts": {}}}
    drawn = {"rates": lambda: charts.rates("Win rate", [("won", [rate] * 4)], policies),
             "stacked": lambda: charts.stacked("Ends", [("sam", [{"games": 2, "escaped": 2}] * 2)],
                                               [(n, "#000") for n in names], policies[:2]),
             "turns": lambda: charts.turns("Turns", [{"policy": "cautious", "runs": 1, "turns": turns}]),
             "effects": lambda: charts.effects("Effects", [{"change": "one more pistol", "effect": {
                 "difference": 0.1, "low": 0.0, "high": 0.2}, "win_rate": {"value": 0.5}}])}[chart]()
    width = float(re.search(r'width="([0-9.]+)"', drawn).group(1))
    legend = [(float(x), words) for x, words in re.findall(r'<text x="([0-9.]+)" y="[0-9.]+" font-size="11" '
                                                          r'text-anchor="start" fill="#222">([^<]*)</text>', drawn)]
    assert legend, "no legend found"
    assert [words for x, words in legend if x + charts.text_width(words) > width] == []


def test_the_progress_bar_is_drawn_once_it_knows_how_many_games(zwar, workdir):
    write(workdir, {"errands.toml": ERRANDS})
    result = zwar("playtest", "errands.toml", "--runs", "4", "--jobs", "1", "--policy", "cautious", "--progress")
    assert result.exit_code == 0, result.output
    frames = [f.strip() for f in result.stderr.replace("\n", "\r").split("\r") if f.strip()]
    assert frames[0] == "0%|          | 0/4 [00:00<?, ?game/s]"  # not `0game [00:00, ?game/s]`: the total is known
    assert frames[-1].startswith("100%|") and "| 4/4 [" in frames[-1]


def test_lost_games_say_how_close_they_came(workdir):
    write(workdir, {"hopeless.toml": HOPELESS})
    result = playtest(workdir / "hopeless.toml", runs=3, seed=1, jobs=1, policies=["cautious"], out=workdir / "out",
                      setup=Setup(max_turns=2))
    report = result.reports[0]
    assert report["turn_limit"] == {"count": 3, "games": 3, "value": 1.0, "low": 0.4385, "high": 1.0, "turn": None}
    assert report["lost_games"]["objectives_done"] == {"0": 3}
    assert report["lost_games"]["turns_left"]["counts"] == {"0": 3}
    assert "  lost games (3): objectives done 0 in 3; turns left 0.0 on average (0 to 0)" in result.summary()


def test_a_failing_gate_exits_1_and_names_a_lost_game_to_replay(zwar, workdir):
    write(workdir, {"hopeless.toml": HOPELESS})
    result = zwar("playtest", "hopeless.toml", "--runs", "5", "--jobs", "1", "--policy", "aggressive",
                  "--max-turns", "1", "--perk", "sam=redline", "--gate", "win_rate in 0.5..1", "--no-progress")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[-2] == "gate win_rate in 0.5..1 (aggressive): 0 (0/5, 95% interval 0.0% to 43.5%), FAILED"
    assert lines[-1].startswith("a representative lost game: game 0 of seed 1 (game seed ")
    command = "zwar replay hopeless.toml --game 0 --seed 1 --policy aggressive --perk sam=redline --max-turns 1"
    assert lines[-1].endswith("watch it with: " + command)
    replay = zwar(*shlex.split(command)[1:], "--html", "game.html")  # the command as printed, pasted
    assert replay.exit_code == 0
    assert "Game over after turn 1: defeat. the game reached its limit of 1 turns" in replay.output
    assert (workdir / "game.html").read_text().count("<svg") == 2  # the floor once, then what turn 1 changed


def test_the_mission_can_carry_its_own_band(workdir):
    band = EASY.replace('title = "Easy"\n', 'title = "Easy"\nplaytest = { win_rate = [0.0, 0.5], runs = 4 }\n')
    write(workdir, {"easy.toml": band})
    result = playtest(workdir / "easy.toml", runs=None, seed=1, jobs=1, policies=["aggressive"], out=workdir / "out")
    assert [r["policy"] for r in result.reports] == ["cautious", "aggressive"]
    assert result.reports[0]["runs"] == 4 and str(result.gate) == "win_rate in 0..0.5" and not result.passed


def test_keep_logs_writes_each_game_whole(workdir):
    write(workdir, {"easy.toml": EASY})
    playtest(workdir / "easy.toml", runs=3, seed=1, jobs=1, policies=["random"], out=workdir / "out", keep_logs=True)
    logs = sorted((workdir / "out" / "easy-playtest-logs" / "random").iterdir())
    assert [p.name for p in logs] == ["game-000000.jsonl", "game-000001.jsonl", "game-000002.jsonl"]
    first = [json.loads(line) for line in logs[0].read_text().splitlines()]
    assert first[0] == {"kind": "turn", "phase": "start", "text": "Turn 1", "turn": 1, "who": "game"}


def test_odds_command(zwar):
    result = zwar("odds", CONTENT / "core" / "missions" / "the-tower.toml")
    assert result.exit_code == 0
    assert result.output.splitlines()[:3] == [
        "The Tower: spawn odds (exact, from the dice tables)",
        "Phase 1:",
        ("  turn spawn (1 roll a turn): expected infected a turn 0.875 (at A 0.250, B 0.250, C 0.125, D 0.125, "
        "E 0.125)"),
    ]


def test_an_objective_event_carries_its_number_as_data(workdir):
    """The statistics read the objective's number from the event, not from its text."""
    write(workdir, {"errand.toml": ERRAND})
    plan = plan_for(workdir / "errand.toml", "cautious", 1, max_turns=4)
    done = play(dataclasses.replace(plan, keep_logs=True), 0)
    [event] = [e for e in done["log"] if e["kind"] == "objective"]
    assert (event["objective"], event["result"], event["text"]) == (1, "1", "Sam completes objective 1")
    assert done["objectives"] == {1: event["turn"]}


def test_the_page_shows_a_skill_trace_when_given_one(workdir):
    write(workdir, {"easy.toml": EASY})
    result = playtest(workdir / "easy.toml", runs=2, seed=1, jobs=1, policies=["cautious"], out=workdir / "out")
    loaded, _ = load_mission(workdir / "easy.toml")
    assert loaded is not None
    rungs = [{"policy": policy, "budget": budget, "runs": 10, "wins": wins, "rate": wins / 10, "low": low,
              "high": high} for policy, budget, wins, low, high in (
                  ("random", None, 0, 0.0, 0.2775), ("cautious", None, 6, 0.3127, 0.8318),
                  ("planner@100", 100, 9, 0.5958, 0.9821))]
    page = report_page(loaded, result.reports, {"runs": 10, "seed": 1, "rungs": rungs, "skill_matters": True})
    assert "Skill matters here: the best rung wins clearly more often than random play." in page
    assert re.findall(r'text-anchor="end"[^>]*>([^<]*)</text>', page.split("Win rate by skill")[-1])[:3] == \
        ["random", "cautious", "planner, budget 100"]
    assert 'aria-label="Win rate by skill"' in page and 'id="skill"' not in page
    assert [m for m in re.findall(r"<text[^>]*>([^<]*)</text>", page) if m in ("0/10", "6/10", "9/10")] == \
        ["0/10", "6/10", "9/10"]


def test_a_mission_s_own_time_limit_names_the_turn_limit_line():
    """Break & Enter ends at turn 30 by its own condition, long before the tracker's 40: the report says
    which limit the games reached."""
    limits = {}
    for name in ("break-and-enter", "hold-out"):
        loaded, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
        assert loaded is not None
        limits[name] = time_limit(loaded.compiled)
    assert limits == {"break-and-enter": 30, "hold-out": None}  # Hold Out's turn is the heroes' to survive to
