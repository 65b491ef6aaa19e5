"""Playtest benchmark: games per second on one core and on every core, and memory against N.

Run by hand: ``.venv/bin/python bench/playtest.py``. The baseline is the same
games on one process, measured in the same run; the speed-up is how many times
faster the pool of ``os.cpu_count()`` workers plays them (linear: equal to the
number of cores). Memory is the parent's peak resident size playing N and 4N
games: it should not grow with N (records are added up and dropped).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

MISSION = Path(__file__).parents[1] / "content" / "core" / "missions" / "supply-run.toml"


def speed(policy: str, runs: int) -> None:
    from zwar_author.play.load import load_mission
    from zwar_author.playtest.runner import Plan, run

    mission, _ = load_mission(MISSION)
    plan = Plan(mission.compiled.model_dump(mode="json", by_alias=True), policy, runs, 1)
    run(Plan(plan.document, policy, 2, 99))  # build the mission's caches in this process first
    times = {}
    for jobs in (1, os.cpu_count() or 1):
        begun = time.perf_counter()
        run(plan, jobs=jobs)
        times[jobs] = time.perf_counter() - begun
    cores = os.cpu_count() or 1
    print(f"{policy:>10}, {runs} games: 1 process {runs / times[1]:6.1f} games/s; {cores} processes "
          f"{runs / times[cores]:6.1f} games/s: {times[1] / times[cores]:.2f}x (linear: {cores}x)")


def memory(runs: int) -> int:
    """Peak resident memory (kB) of a fresh process playing ``runs`` games."""
    code = (f"from zwar_author.play.load import load_mission\nfrom zwar_author.playtest.runner import Plan, run\n"
            f"m, _ = load_mission({str(MISSION)!r})\n"
            f"run(Plan(m.compiled.model_dump(mode='json', by_alias=True), 'aggressive', {runs}, 1))\n"
            f"import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def main() -> None:
    speed("aggressive", 60)
    speed("cautious", 60)
    small, large = memory(50), memory(200)
    print(f"peak memory: 50 games {small / 1024:.0f} MB, 200 games {large / 1024:.0f} MB "
          f"({large / small:.2f}x for 4x the games)")


if __name__ == "__main__":
    main()
