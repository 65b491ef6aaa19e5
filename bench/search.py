"""The search player against the cautious bot on the reference missions, paired on the same seeds.

Run by hand: ``nice .venv/bin/python bench/search.py [--games N] [--first K] [--budgets 16] [--jobs J]
[--save DIR] [MISSION ...]``.

Game i of a mission has the same dice seed for every policy. For each mission
it prints the cautious bot's and each search budget's win rate with its Wilson
95% interval and the CPU seconds a game (of the processes that played) as a
ratio to the cautious bot's in the same run, then each budget against the
cautious bot: the games only one of them won, the change in win rate with its
paired 95% interval (``paired.paired``) and the exact McNemar p-value.
Director missions are played against the bot director. (In a versus mission
the policy plays both agents, so a win rate there says nothing of its strength:
this bench leaves them out.)

On a small shared machine a hundred search games take longer than one sitting:
``--first K`` plays games K to K + N - 1, and ``--save DIR`` adds each game's
outcome to DIR/MISSION-seedS.json, so runs of 30 games add up to one paired
sample (``--report`` prints what DIR holds without playing).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from zwar_author.play.load import load_mission
from zwar_author.playtest.paired import Games, paired, points
from zwar_author.playtest.runner import Plan, play_chunk
from zwar_author.playtest.stats import wilson

ROOT = Path(__file__).parents[1] / "content" / "core" / "missions"
MISSIONS = ("supply-run", "the-tower", "break-and-enter", "inbound", "hold-out")


def timed_chunk(plan: Plan, indices: list[int]) -> tuple[dict[int, bool], float]:
    begun = time.process_time()
    won = {r["index"]: r["won"] for r in play_chunk(plan, indices)}
    return won, time.process_time() - begun


def outcomes(plan: Plan, indices: list[int], jobs: int) -> tuple[dict[int, bool], float]:
    """Whether each game was won, by index, and the CPU seconds the games took in all."""
    size = max(1, len(indices) // (4 * jobs))
    parts = [indices[i:i + size] for i in range(0, len(indices), size)]
    if jobs == 1:
        results = [timed_chunk(plan, part) for part in parts]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(timed_chunk, [plan] * len(parts), parts))
    return {i: w for won, _ in results for i, w in won.items()}, sum(cpu for _, cpu in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("missions", nargs="*", default=list(MISSIONS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the index of the first game to play")
    parser.add_argument("--budgets", default="16", help="the search player's budgets, comma separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", type=Path, help="add each game's outcome to DIR/MISSION-seedS.json")
    parser.add_argument("--report", action="store_true", help="print what --save DIR holds, playing nothing")
    args = parser.parse_args()
    policies = ["cautious", *(f"search@{int(b)}" for b in args.budgets.split(","))]
    indices = list(range(args.first, args.first + args.games))
    for name in args.missions:
        path = Path(name) if name.endswith(".toml") else ROOT / f"{name}.toml"
        saved = args.save / f"{path.stem}-seed{args.seed}.json" if args.save else None
        held = json.loads(saved.read_text()) if saved is not None and saved.exists() else {}
        if not args.report:
            mission, _ = load_mission(path)
            document = mission.compiled.model_dump(mode="json", by_alias=True)
            director = "bot" if mission.compiled.mission.mode == "director" else ""
            cpu = {}
            for policy in policies:
                won, cpu[policy] = outcomes(Plan(document, policy, indices[-1] + 1, args.seed, director=director),
                                            indices, args.jobs)
                entry = held.setdefault(policy, {"won": {}, "cpu": 0.0})
                entry["won"].update({str(i): w for i, w in won.items()})
                entry["cpu"] += cpu[policy]
                print(f"{path.stem:>16} {policy:>10}: games {args.first} to {indices[-1]}: {sum(won.values())} won, "
                      f"{cpu[policy] / len(indices):.3f} s a game ({cpu[policy] / cpu['cautious']:.0f}x the "
                      f"cautious bot)", flush=True)
            if saved is not None:
                saved.parent.mkdir(parents=True, exist_ok=True)
                saved.write_text(json.dumps(held, sort_keys=True) + "\n")
        summarise(path.stem, held)


def summarise(name: str, held: dict) -> None:
    """Each policy's win rate over the games every policy played, and each search against the cautious bot."""
    if "cautious" not in held:
        return
    common = sorted(set.intersection(*(set(entry["won"]) for entry in held.values())), key=int)
    base = _games(held["cautious"]["won"], common)
    for policy, entry in held.items():
        wins = sum(entry["won"][i] for i in common)
        low, high = wilson(wins, len(common))
        ratio = entry["cpu"] / held["cautious"]["cpu"] if held["cautious"]["cpu"] else 0
        print(f"{name:>16} {policy:>10}: {wins:>3}/{len(common)} {wins / len(common):6.1%} ({low:5.1%} to "
              f"{high:5.1%}); CPU {ratio:.0f}x the cautious bot's")
        if policy != "cautious":
            change = paired(base, _games(entry["won"], common))
            print(f"{name:>16} {policy} v cautious: {points(change)}; {change['won_only_after']} won only by the "
                  f"search, {change['won_only_before']} only by the bot (McNemar p = {change['p']:.4f})")


def _games(won: dict[str, bool], common: list[str]) -> Games:
    games = Games(len(common))
    for n, i in enumerate(common):
        games({"index": n, "won": won[i], "turns": 0, "cause": None})
    return games


if __name__ == "__main__":
    main()
