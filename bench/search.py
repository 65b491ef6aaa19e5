"""The search player against the cautious bot on the reference missions, paired on the same seeds.

Run by hand: ``nice .venv/bin/python bench/search.py [--games N] [--budgets 16] [--jobs J] [MISSION ...]``.

Game i of a mission has the same dice seed for every policy. For each mission
it prints the cautious bot's and each search budget's win rate with its Wilson
95% interval and the CPU seconds a game (of the processes that played) as a
ratio to the cautious bot's in the same run, then each budget against the
cautious bot: the games only one of them won, the change in win rate with its
paired 95% interval (``paired.paired``) and the exact McNemar p-value.
Director missions are played against the bot director; ``--versus`` missions
(Agent Z) pit the search player for one role (``--role``) against the cautious
bot for the other, both ways round being the same code.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from zwar_author.play.load import load_mission
from zwar_author.playtest.paired import Games, paired, points
from zwar_author.playtest.runner import Plan, chunks, play_chunk
from zwar_author.playtest.stats import wilson

ROOT = Path(__file__).parents[1] / "content" / "core" / "missions"
MISSIONS = ("supply-run", "the-tower", "break-and-enter", "inbound", "hold-out")


def timed_chunk(plan: Plan, indices: list[int]) -> tuple[list[dict], float]:
    begun = time.process_time()
    records = play_chunk(plan, indices)
    return records, time.process_time() - begun


def outcomes(plan: Plan, jobs: int) -> tuple[Games, float]:
    """Each game's outcome by index, and the CPU seconds the games took in all."""
    parts = chunks(plan.runs, jobs)
    if jobs == 1:
        results = [timed_chunk(plan, part) for part in parts]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(timed_chunk, [plan] * len(parts), parts))
    games = Games(plan.runs)
    for records, _ in results:
        for r in records:
            games(r)
    return games, sum(cpu for _, cpu in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("missions", nargs="*", default=list(MISSIONS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budgets", default="16", help="the search player's budgets, comma separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    for name in args.missions:
        path = Path(name) if name.endswith(".toml") else ROOT / f"{name}.toml"
        mission, _ = load_mission(path)
        document = mission.compiled.model_dump(mode="json", by_alias=True)
        director = "bot" if mission.compiled.mission.mode == "director" else ""
        base, base_cpu = outcomes(Plan(document, "cautious", args.games, args.seed, director=director), args.jobs)
        wins = sum(base.won(i) for i in range(args.games))
        print(f"{path.stem:>16} {'cautious':>10}: {rate(wins, args.games)}  {base_cpu / args.games:6.3f} s a game",
              flush=True)
        for budget in args.budgets.split(","):
            policy = f"search@{int(budget)}"
            games, cpu = outcomes(Plan(document, policy, args.games, args.seed, director=director), args.jobs)
            wins = sum(games.won(i) for i in range(args.games))
            change = paired(base, games)
            print(f"{path.stem:>16} {policy:>10}: {rate(wins, args.games)}  {cpu / args.games:6.3f} s a game "
                  f"({cpu / base_cpu:.0f}x the cautious bot)", flush=True)
            print(f"{path.stem:>16} {policy} v cautious: {points(change)}; {change['won_only_after']} won only by "
                  f"the search, {change['won_only_before']} only by the bot (McNemar p = {change['p']:.4f})", flush=True)


def rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins:>3}/{games} {wins / games:6.1%} ({low:5.1%} to {high:5.1%})"


if __name__ == "__main__":
    main()
