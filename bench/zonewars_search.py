"""The Zone Wars search player against the cautious bot on the reference scenarios, paired on the same seeds.

Run by hand: ``nice .venv/bin/python bench/zonewars_search.py [--games N] [--first K] [--budget 8] [--jobs J]
[--save DIR] [SCENARIO ...]``.

For each scenario and each side, game i is played twice on the same seed
(``playtest.zonewars.play_one``: the same dice, the same cup): the cautious
bot on both sides, then the search player on that side against the cautious
bot. It prints each side's win rate both ways with its Wilson 95% interval,
the change with its paired 95% interval (``paired.paired``) and McNemar's
exact p-value, the games only one of them won, and the CPU seconds a game as
a ratio to the cautious games' in the same run. A draw is not a win.

``--first K`` plays games K to K + N - 1 and ``--save DIR`` adds each game's
winner to DIR/SCENARIO-seedS.json, so short runs add up to one paired sample
(``--report`` prints what DIR holds without playing).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from zwar_author.play.zonewars import load_scenario
from zwar_author.playtest.paired import Games, paired, points
from zwar_author.playtest.stats import wilson
from zwar_author.playtest.zonewars import play_one
from zwar_author.skirmish.zonewars import Scenario

ROOT = Path(__file__).parents[1] / "content" / "zonewars" / "scenarios"
SCENARIOS = ("scrap-run", "hold-the-tower")


def winners(scenario: Scenario, bots: dict[str, str], seed: int, indices: list[int]) -> tuple[dict[int, str], float]:
    begun = time.process_time()
    won = {i: play_one(scenario, bots, seed, i).winner or "" for i in indices}
    return won, time.process_time() - begun


def played(scenario: Scenario, bots: dict[str, str], seed: int, indices: list[int], jobs: int) -> tuple[dict, float]:
    """Each game's winner by index ("" a draw), and the CPU seconds the games took in all."""
    parts = [indices[i::jobs] for i in range(jobs)] if jobs > 1 else [indices]
    if jobs == 1:
        results = [winners(scenario, bots, seed, indices)]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(winners, [scenario] * jobs, [bots] * jobs, [seed] * jobs, parts))
    return {i: w for won, _ in results for i, w in won.items()}, sum(cpu for _, cpu in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the index of the first game to play")
    parser.add_argument("--budget", type=int, default=8, help="the search player's rollouts a decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", type=Path, help="add each game's winner to DIR/SCENARIO-seedS.json")
    parser.add_argument("--report", action="store_true", help="print what --save DIR holds, playing nothing")
    args = parser.parse_args()
    search = f"search@{args.budget}"
    indices = list(range(args.first, args.first + args.games))
    for name in args.scenarios:
        path = Path(name) if name.endswith(".toml") else ROOT / f"{name}.toml"
        saved = args.save / f"{path.stem}-seed{args.seed}.json" if args.save else None
        held = json.loads(saved.read_text()) if saved is not None and saved.exists() else {}
        if not args.report:
            scenario, _ = load_scenario(path, [])
            assert scenario is not None, path
            sides = [s.id for s in scenario.sides]
            runs = [("cautious", dict.fromkeys(sides, "cautious"))]
            runs += [(f"{search}:{side}", {**dict.fromkeys(sides, "cautious"), side: search}) for side in sides]
            for key, bots in runs:
                won, cpu = played(scenario, bots, args.seed, indices, args.jobs)
                entry = held.setdefault(key, {"winner": {}, "cpu": 0.0})
                entry["winner"].update({str(i): w for i, w in won.items()})
                entry["cpu"] += cpu
                print(f"{path.stem:>15} {key:>28}: games {args.first} to {indices[-1]}, "
                      f"{cpu / len(indices):.2f} s a game", flush=True)
                if saved is not None:
                    saved.parent.mkdir(parents=True, exist_ok=True)
                    saved.write_text(json.dumps(held, sort_keys=True) + "\n")
        summarise(path.stem, held)


def summarise(name: str, held: dict) -> None:
    """Each side's win rate with the cautious bot and with the search player, over the games both played."""
    base = held.get("cautious")
    if base is None:
        return
    for key, entry in held.items():
        if key == "cautious":
            continue
        side = key.rpartition(":")[2]
        common = sorted(set(base["winner"]) & set(entry["winner"]), key=int)
        before = _games({i: base["winner"][i] == side for i in common}, common)
        after = _games({i: entry["winner"][i] == side for i in common}, common)
        for label, games in (("cautious", before), (key.partition(":")[0], after)):
            wins = sum(1 for g in games.games if g is not None and g[0])
            low, high = wilson(wins, len(common))
            print(f"{name:>15} {side:>13} {label:>10}: {wins:>3}/{len(common)} {wins / max(1, len(common)):6.1%} "
                  f"({low:5.1%} to {high:5.1%})")
        change = paired(before, after)
        ratio = entry["cpu"] / base["cpu"] if base["cpu"] else 0
        print(f"{name:>15} {side:>13} search v cautious: {points(change)}; {change['won_only_after']} won only "
              f"by the search, {change['won_only_before']} only by the bot (McNemar p = {change['p']:.4f}); "
              f"CPU {ratio:.0f}x")


def _games(won: dict[str, bool], common: list[str]) -> Games:
    games = Games(len(common))
    for n, i in enumerate(common):
        games({"index": n, "won": won[i], "turns": 0, "cause": None})
    return games


if __name__ == "__main__":
    main()
