"""The planner against the heuristic bots on the five Z War One reference missions.

Run by hand: ``.venv/bin/python bench/planner.py [--games N] [--budget B] [--jobs J] [MISSION ...]``.

Every policy plays the same games (game i of a mission has the same dice seed
for every policy). For each mission it prints each policy's win rate with its
Wilson 95% interval, then the planner against the better heuristic bot on the
same seeds: games only the planner won, games only the bot won, and the exact
two-sided sign test (McNemar) of those discordant pairs.
"""

from __future__ import annotations

import argparse
import time
from math import comb
from pathlib import Path

from zwar_author.play.load import load_mission
from zwar_author.playtest.runner import Plan, play_chunk
from zwar_author.playtest.stats import wilson

ROOT = Path(__file__).parents[1] / "content" / "core" / "missions"
MISSIONS = ("supply-run", "the-tower", "break-and-enter", "inbound", "hold-out")


def outcomes(document: dict, policy: str, games: int, jobs: int) -> list[bool]:
    """Whether each game was won, in game order."""
    plan = Plan(document, policy, games, 1)
    parts = [list(range(i, games, jobs)) for i in range(jobs)]
    if jobs == 1:
        records = play_chunk(plan, parts[0])
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            records = [r for chunk in pool.map(play_chunk, [plan] * jobs, parts) for r in chunk]
    won = {r["index"]: r["won"] for r in records}
    return [won[i] for i in range(games)]


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact binomial p of ``better`` against ``worse`` discordant pairs (0.5 each)."""
    n = better + worse
    if n == 0:
        return 1.0
    tail = sum(comb(n, k) for k in range(min(better, worse) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def rate(wins: list[bool]) -> str:
    low, high = wilson(sum(wins), len(wins))
    return f"{sum(wins):>3}/{len(wins)} {sum(wins) / len(wins):6.1%} ({low:.1%} to {high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("missions", nargs="*", default=list(MISSIONS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    planner = f"planner@{args.budget}"
    for name in args.missions:
        mission, _ = load_mission(ROOT / f"{name}.toml")
        document = mission.compiled.model_dump(mode="json", by_alias=True)
        results, seconds = {}, {}
        for policy in ("aggressive", "cautious", planner):
            begun = time.perf_counter()
            results[policy] = outcomes(document, policy, args.games, args.jobs)
            seconds[policy] = time.perf_counter() - begun
        for policy, wins in results.items():
            print(f"{name:>16} {policy:>12}: {rate(wins)}  [{seconds[policy]:.0f} s]", flush=True)
        bot = max(("aggressive", "cautious"), key=lambda p: sum(results[p]))
        only_planner = sum(p and not b for p, b in zip(results[planner], results[bot]))
        only_bot = sum(b and not p for p, b in zip(results[planner], results[bot]))
        print(f"{name:>16} {planner} v {bot}: {only_planner} games only the planner won, {only_bot} only the bot; "
              f"sign test p = {sign_test(only_planner, only_bot):.3f}", flush=True)


if __name__ == "__main__":
    main()
