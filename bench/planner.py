"""The planner against the heuristic bots on the five Z War One reference missions: the skill trace.

Run by hand: ``.venv/bin/python bench/planner.py [--games N] [--budgets 1,2,4] [--jobs J] [MISSION ...]``.

Every policy plays the same games (game i of a mission has the same dice seed
for every policy). For
each mission it prints each rung of the skill trace (random play, the
aggressive and the cautious bots, the planner at each budget) with its win
rate, Wilson 95% interval and games a second on one core (CPU time of the
processes that played), then each planner against the better heuristic bot on
the same seeds (director missions against the bot director, and with
``--passive`` also against the passive one): games only the planner won, games only the bot won, and the
exact two-sided sign test (McNemar) of those discordant pairs. ``--horizon N`` (or ``end``) sets how far the planner's rollouts play. ``--save DIR`` keeps
each policy's outcomes game by game, to pair runs made apart (a budget trace over
the first games of a longer run).
"""

from __future__ import annotations

import argparse
import json
import time
from functools import partial
from math import comb
from pathlib import Path

from zwar_author.play.load import load_mission
from zwar_author.playtest import policies
from zwar_author.playtest.planner import Planner
from zwar_author.playtest.runner import Plan, chunks, play_chunk
from zwar_author.playtest.stats import wilson

ROOT = Path(__file__).parents[1] / "content" / "core" / "missions"
MISSIONS = ("supply-run", "the-tower", "break-and-enter", "inbound", "hold-out")
HEURISTICS = ("random", "aggressive", "cautious")


def timed_chunk(plan: Plan, indices: list[int]) -> tuple[dict[int, bool], float]:
    """The games' outcomes by index, and the CPU seconds this process took to play them."""
    begun = time.process_time()
    won = {r["index"]: r["won"] for r in play_chunk(plan, indices)}
    return won, time.process_time() - begun


def outcomes(plan: Plan, jobs: int) -> tuple[list[bool], float]:
    """Whether each game was won, in game order, and the CPU seconds they took in all."""
    parts = chunks(plan.runs, jobs)
    if jobs == 1:
        results = [timed_chunk(plan, part) for part in parts]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(timed_chunk, [plan] * len(parts), parts))
    won = {i: w for part, _ in results for i, w in part.items()}
    return [won[i] for i in range(plan.runs)], sum(cpu for _, cpu in results)


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact binomial p of ``better`` against ``worse`` discordant pairs (0.5 each)."""
    n = better + worse
    if n == 0:
        return 1.0
    tail = sum(comb(n, k) for k in range(min(better, worse) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def rate(wins: list[bool]) -> str:
    low, high = wilson(sum(wins), len(wins))
    return f"{sum(wins):>3}/{len(wins)} {sum(wins) / len(wins):6.1%} ({low:5.1%} to {high:5.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("missions", nargs="*", default=list(MISSIONS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budgets", default="1,2,4", help="the planner's budgets, comma separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--passive", action="store_true", help="director missions also against the passive director")
    parser.add_argument("--horizon", help="turns a rollout plays after the plan's turn (default: the planner's own); `end`: to the end of the game")
    parser.add_argument("--save", type=Path, help="write each mission's outcomes, game by game and policy by policy, to DIR/MISSION-seedN.json")
    args = parser.parse_args()
    planners = [f"planner@{int(b)}" for b in args.budgets.split(",")]
    if args.horizon is not None:  # every planner the policies make plays this far ahead (forked workers too)
        policies.Planner = partial(Planner, horizon=None if args.horizon == "end" else int(args.horizon))  # type: ignore[misc,assignment]
    for name in args.missions:
        mission, _ = load_mission(ROOT / f"{name}.toml")
        document = mission.compiled.model_dump(mode="json", by_alias=True)
        directors = ("",)
        if mission.compiled.mission.mode == "director":
            directors = ("bot", "passive") if args.passive else ("bot",)
        for director in directors:
            trace(f"{name} v {director}" if director else name, document, director, planners, args)


def trace(name: str, document: dict, director: str, planners: list[str], args: argparse.Namespace) -> None:
    """One mission's skill trace (against ``director``), then each planner against the better bot."""
    results = {}
    for policy in (*HEURISTICS, *planners):
        wins, cpu = outcomes(Plan(document, policy, args.games, args.seed, director=director), args.jobs)
        results[policy] = wins
        if args.save is not None:  # every rung so far, so a run cut short keeps what it played
            args.save.mkdir(parents=True, exist_ok=True)
            out = args.save / f"{name.replace(' ', '-')}-seed{args.seed}.json"
            out.write_text(json.dumps({"mission": name, "seed": args.seed, "won": results}) + "\n")
        print(f"{name:>22} {policy:>12}: {rate(wins)}  {args.games / cpu:7.2f} games/s", flush=True)
    bot = max(("aggressive", "cautious"), key=lambda p: (sum(results[p]), p == "cautious"))
    for planner in planners:
        only_planner = sum(p and not b for p, b in zip(results[planner], results[bot]))
        only_bot = sum(b and not p for p, b in zip(results[planner], results[bot]))
        print(f"{name:>22} {planner} v {bot}: {only_planner} games only the planner won, {only_bot} only the bot; "
              f"sign test p = {sign_test(only_planner, only_bot):.3f}", flush=True)


if __name__ == "__main__":
    main()
