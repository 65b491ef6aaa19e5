"""Engine benchmark: full games of the campaign reference mission (Supply Run), one core.

Run by hand: ``.venv/bin/python bench/engine.py``. It plays games with two
trivial policies through ``simulate`` (the heroes always end their move at
once; or they pick uniformly among the legal actions), reports games and
states (answered inputs) per second against the goal, the same games through
the frozen-state API (``apply``, a step replayed for each input) as the
same-process baseline, and where the time goes, phase by phase.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import time
from collections import defaultdict
from pathlib import Path

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
    start_time = time.perf_counter()
    for seed in range(games):
        game = new_game(mission)
        simulate(game, policy_for(seed), random.Random(seed))
        turns += game.turn
    api.Live = Live
    return time.perf_counter() - start_time, Counting.inputs, turns


def through_api(mission, games: int) -> float:
    start_time = time.perf_counter()
    for seed in range(games):
        dice = random.Random(seed)
        state = start(new_game(mission))
        while not state.over:
            request = state.request
            answer = dice.randint(1, len(request.options)) if request.kind == RequestKind.ROLL else (
                dice.choices(request.options, request.weights)[0] if request.kind == RequestKind.DRAW
                else passive(state.view, request))
            state = apply_input(state, answer)
    return time.perf_counter() - start_time


def phases(mission, games: int) -> dict[str, float]:
    spent: dict[str, float] = defaultdict(float)
    original = dict(turn.STEPS)

    def timed(name, function):
        def run(g, ctx):
            begun = time.perf_counter()
            function(g, ctx)
            spent[name] += time.perf_counter() - begun
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


def main() -> None:
    mission, _ = load_mission(MISSION)
    play(mission, lambda seed: passive, 5)  # warm the mission's caches
    seconds, states, turns = play(mission, lambda seed: passive, 300)
    print(f"passive heroes, 300 games:     {300 / seconds:7.1f} games/s  {states / seconds:8.0f} states/s"
          f"  ({turns / 300:.1f} turns a game)   goal 200 games/s")
    baseline = through_api(mission, 30)
    ratio = baseline / 30 / (seconds / 300)
    print(f"  same games through apply():  {30 / baseline:7.1f} games/s  (simulate is {ratio:.1f}x faster)")
    seconds, states, turns = play(mission, lambda seed: random_policy(random.Random(seed)), 100)
    print(f"random legal actions, 100:     {100 / seconds:7.1f} games/s  {states / seconds:8.0f} states/s"
          f"  ({turns / 100:.1f} turns a game)")
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
