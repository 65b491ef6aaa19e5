"""Engine benchmark: full games of the campaign reference mission (Supply Run), one core.

Run by hand: ``nice .venv/bin/python bench/engine.py [--runs N]``. It plays games
with two trivial policies through ``simulate`` (the heroes always end their move
at once; or they pick uniformly among the legal actions, counted and drawn by
index, and the same games again with the whole list built at each decision as
a baseline), reports games and states (answered inputs) per second against the
goals, the same games through
the frozen-state API (``apply``) against ``simulate`` measured in the same run,
where the time goes phase by phase, and the profile's top entries (the
compiled engine's functions show as built-ins there: ``ZWAR_COMPILED=0`` profiles
the plain Python). ``--against-plain`` measures the same in a child process with
the engine as plain Python first, and prints the ratios.

Times are the CPU time of this one process (``time.process_time``): what one
core spends on the games, however busy the rest of the machine is. Each figure
is the median of ``--runs`` runs (default 3).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from zwar_author import native
from zwar_author.engine import turn
from zwar_author.engine.api import apply as apply_input
from zwar_author.engine.api import new_game, passive, random_policy, simulate, start
from zwar_author.engine.chance import Live
from zwar_author.engine.vocab import RequestKind
from zwar_author.play.load import load_mission

MISSION = Path(__file__).parents[1] / "content" / "core" / "missions" / "supply-run.toml"


class Counting(Live):
    """Live answers, counted: every roll, draw and decision is one state of the game."""

    inputs = 0

    def roll(self, why, who=None, die=8):
        Counting.inputs += 1
        return super().roll(why, who, die)

    def ask(self, request):
        Counting.inputs += 1
        return super().ask(request)


def play(mission, policy_for, games: int) -> tuple[float, int, int]:
    from zwar_author.engine import api

    api.Live, Counting.inputs = Counting, 0
    turns = 0
    start_time = time.process_time()
    for seed in range(games):
        game = new_game(mission)
        simulate(game, policy_for(seed), random.Random(seed))
        turns += game.turn
    api.Live = Live
    return time.process_time() - start_time, Counting.inputs, turns


def through_api(mission, games: int) -> float:
    start_time = time.process_time()
    for seed in range(games):
        dice = random.Random(seed)
        state = start(new_game(mission))
        while not state.over:
            request = state.request
            answer = dice.randint(1, len(request.options)) if request.kind == RequestKind.ROLL else (
                dice.choices(request.options, request.weights)[0] if request.kind == RequestKind.DRAW
                else passive(state.view, request))
            state = apply_input(state, answer)
    return time.process_time() - start_time


def phases(mission, games: int) -> dict[str, float]:
    spent: dict[str, float] = defaultdict(float)
    original = dict(turn.STEPS)

    def timed(name, function):
        def run(g, ctx):
            begun = time.process_time()
            function(g, ctx)
            spent[name] += time.process_time() - begun
        return run

    for name, function in original.items():
        turn.STEPS[name] = timed(name, function)
    try:
        play(mission, lambda seed: passive, games)
    finally:
        turn.STEPS.update(original)
    return spent


def profile(mission, policy_for, games: int, top: int = 8) -> list[str]:
    """The functions that take the most time of their own (cProfile), over ``games`` games."""
    profiler = cProfile.Profile()
    profiler.enable()
    play(mission, policy_for, games)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = sum(entry[2] for entry in stats.stats.values())  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:top]  # type: ignore[attr-defined]
    return [f"    {100 * own / total:4.1f}%  {calls:8d} calls  {Path(file).name}:{line} {name}"
            for (file, line, name), (_, calls, own, _, _) in rows]


def whole_list_policy(rng: random.Random):
    """The random policy as it was: ``rng.choice`` over the whole list of options, built at every decision
    (the same draws, so the same games, as ``random_policy``: the baseline of the lazy options)."""
    return lambda game, request: rng.choice(list(request.options))


def measure(mission, runs: int) -> dict:
    """Every figure of the report: seconds (CPU) of each run of each measurement, states and turns."""
    play(mission, lambda seed: passive, 5)  # warm the mission's caches
    play(mission, lambda seed: random_policy(random.Random(seed)), 100)
    passive_runs = [play(mission, lambda seed: passive, 300) for _ in range(runs)]
    api_runs = [through_api(mission, 30) for _ in range(runs)]
    random_runs, whole_runs = [], []
    for _ in range(runs):  # alternately: the machine's load changes both alike
        random_runs.append(play(mission, lambda seed: random_policy(random.Random(seed)), 100))
        whole_runs.append(play(mission, lambda seed: whole_list_policy(random.Random(seed)), 100))
    return {"compiled": native.compiled(), "passive": passive_runs, "api": api_runs, "random": random_runs,
            "whole": whole_runs}


def report(figures: dict) -> None:
    runs = len(figures["api"])
    passive_runs, api_runs, random_runs, whole_runs = (figures[k] for k in ("passive", "api", "random", "whole"))
    print("engine: " + ("compiled (" + ", ".join(m.rpartition(".")[2] for m in native.MODULES) + ")"
                        if figures["compiled"] else "plain Python"))
    seconds = statistics.median(r[0] for r in passive_runs)
    _, states, turns = passive_runs[0]
    print(f"passive heroes, 300 games:     {300 / seconds:7.1f} games/s  {states / seconds:8.0f} states/s"
          f"  ({turns / 300:.1f} turns a game)   goal 200 games/s")
    baseline = statistics.median(api_runs)
    ratio = baseline / 30 / (seconds / 300)
    print(f"  same games through apply():  {30 / baseline:7.1f} games/s  (simulate is {ratio:.2f}x faster)"
          "   goal: at most 2x")
    seconds = statistics.median(r[0] for r in random_runs)
    _, states, turns = random_runs[0]
    print(f"random legal actions, 100:     {100 / seconds:7.1f} games/s  {states / seconds:8.0f} states/s"
          f"  ({turns / 100:.1f} turns a game)   goal 100 games/s")
    whole = statistics.median(r[0] for r in whole_runs)
    same = all(r[1:] == w[1:] for r, w in zip(random_runs, whole_runs))
    print(f"  the same games, the whole list built at each decision: {100 / whole:7.1f} games/s"
          f"  (counted and drawn by index: {whole / seconds:.2f}x; same states and turns: {same})")
    print(f"  (median of {runs} runs; every run: passive "
          + ", ".join(f"{300 / r[0]:.0f}" for r in passive_runs) + "; apply "
          + ", ".join(f"{30 / r:.0f}" for r in api_runs) + "; random "
          + ", ".join(f"{100 / r[0]:.0f}" for r in random_runs) + "; whole list "
          + ", ".join(f"{100 / r[0]:.0f}" for r in whole_runs) + " games/s)")


def plain_baseline(runs: int) -> dict:
    """The same measurements by this script in a child process running the engine as plain Python."""
    env = dict(os.environ, **{native.SWITCH: "0"})
    out = subprocess.run([sys.executable, __file__, "--runs", str(runs), "--json"], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def compare(plain: dict, figures: dict) -> None:
    """Each measurement's median, plain Python against this process's engine, and their ratio."""
    print("plain Python (child process, same run) against this engine, games/s (medians):")
    for key, games, label in (("passive", 300, "passive heroes"), ("api", 30, "through apply()"),
                              ("random", 100, "random legal actions")):
        before, after = (games / statistics.median(r if isinstance(r, float) else r[0] for r in f[key])
                         for f in (plain, figures))
        same = key == "api" or [r[1:] for r in plain[key]] == [list(r[1:]) for r in figures[key]]
        print(f"  {label:22s} {before:7.1f} -> {after:7.1f}  ({after / before:.2f}x; same states and turns: {same})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement; the median counts")
    parser.add_argument("--no-profile", action="store_true", help="the figures only: no phases, no profiles")
    parser.add_argument("--against-plain", action="store_true",
                        help="also measure the engine as plain Python (ZWAR_COMPILED=0) in a child process, first")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # the child's figures
    args = parser.parse_args()
    mission, _ = load_mission(MISSION)
    plain = plain_baseline(args.runs) if args.against_plain else None
    figures = measure(mission, args.runs)
    if args.json:
        print(json.dumps(figures))
        return
    report(figures)
    if plain is not None:
        compare(plain, figures)
    if args.no_profile:
        return
    spent = phases(mission, 100)
    total = sum(spent.values())
    print("where the time goes (passive heroes): " + ", ".join(
        f"{name} {100 * value / total:.0f}%" for name, value in sorted(spent.items(), key=lambda kv: -kv[1])))
    print("profile, passive heroes, 100 games (own time):")
    print("\n".join(profile(mission, lambda seed: passive, 100)))
    print("profile, random legal actions, 50 games (own time):")
    print("\n".join(profile(mission, lambda seed: random_policy(random.Random(seed)), 50)))


if __name__ == "__main__":
    main()
