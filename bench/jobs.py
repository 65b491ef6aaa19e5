"""Playtest scaling: games a second with --jobs 1 and 2 local processes and on a local Dask cluster.

Run by hand, when the machine is quiet: ``nice .venv/bin/python bench/jobs.py [--games N] [--repeat R]``.

Each path plays the same seeded games of Supply Run (cautious bots) the way
``zwar playtest --jobs N`` (and ``--scheduler local``) plays them, and the
totals are checked equal. Two figures per path, best of ``--repeat``:

- *as a user waits*: wall time of the whole call, starting the worker
  processes (or the Dask cluster) included;
- *warm*: wall time of a run on workers kept from a warm-up run, as a
  campaign, ``--explore`` or a skill trace reuses them (``runner.workers``).

Wall time is what scaling is about, and other jobs on the machine change it:
the script prints the cores it may use and the load average before and after,
and the ratios against one process are the figures to read.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from zwar_author.play.load import load_mission
from zwar_author.playtest.runner import Plan, run, workers
from zwar_author.playtest.stats import Totals

ROOT = Path(__file__).parents[1]
MISSION = ROOT / "content" / "core" / "missions" / "supply-run.toml"
DASK_WORKERS = 2


def best(repeat: int, call: Callable[[], Totals]) -> tuple[float, Totals]:
    """The shortest wall time of ``repeat`` calls, and what the calls returned (the same each time)."""
    times, results = [], []
    for _ in range(repeat):
        begun = time.perf_counter()
        results.append(call())
        times.append(time.perf_counter() - begun)
    assert all(r == results[0] for r in results), "a path gave different totals on the same seeds"
    return min(times), results[0]


def warm(plan: Plan, jobs: int, scheduler: str | None, repeat: int) -> tuple[float, Totals]:
    """Best wall time on workers started once and warmed up by a first run of the same plan."""
    with workers(jobs, scheduler) as pool:
        run(plan, jobs=jobs, pool=pool)
        return best(repeat, partial(run, plan, jobs=jobs, pool=pool))


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    mission, _ = load_mission(MISSION)
    assert mission is not None
    plan = Plan(mission.compiled.model_dump(mode="json", by_alias=True), "cautious", args.games, 1)
    usable = len(os.sched_getaffinity(0))
    print(f"cores: os.cpu_count() {os.cpu_count()}, usable by this process (sched_getaffinity) {usable}")
    print(f"load average (1, 5, 15 min) before: {load()}")
    run(Plan(plan.document, "cautious", 2, 99), mission=mission)  # this process's caches, before any clock
    paths: list[tuple[str, int, str | None]] = [("--jobs 1", 1, None), ("--jobs 2", 2, None)]
    paths.append((f"Dask LocalCluster, {DASK_WORKERS} workers", DASK_WORKERS, "local"))
    rows = []
    for name, jobs, scheduler in paths:
        cold, cold_totals = best(args.repeat, partial(run, plan, jobs=jobs, scheduler=scheduler))
        if jobs == 1 and scheduler is None:
            hot, hot_totals = cold, cold_totals  # one process has no workers to keep
        else:
            hot, hot_totals = warm(plan, jobs, scheduler, args.repeat)
        rows.append((name, cold, hot, cold_totals, hot_totals))
    first = rows[0]
    same = all(r[3] == first[3] and r[4] == first[3] for r in rows)
    print(f"Supply Run, cautious bots, {args.games} games, best of {args.repeat} (wall time):")
    for name, cold, hot, _, _ in rows:
        print(f"  {name:<28} as a user waits {args.games / cold:6.1f} games/s ({first[1] / cold:.2f}x); "
              f"warm {args.games / hot:6.1f} games/s ({first[2] / hot:.2f}x)")
    print(f"  (linear on {usable} usable cores: {usable:.2f}x); {first[3].wins} won, "
          f"the same totals on every path: {same}")
    print(f"load average (1, 5, 15 min) after: {load()}")


if __name__ == "__main__":
    main()
