"""Bot speed: heuristic-bot games per second on Supply Run, against the bots of a pinned commit.

Run by hand: ``.venv/bin/python bench/bots.py [--baseline COMMIT ...] [--games N] [--no-jobs]``.

The baseline is the whole package as it was at ``COMMIT`` (default: the commit
before the bot speed work), taken out of git into a temporary folder and timed
by the same code in a child process, in the same run: the ratio compares like
with like on a machine whatever else it is doing. Single-process figures are
CPU seconds of the process (the machines are shared; wall time on a busy
machine says more about the neighbours than about the code). The ``--jobs``
figures are wall time, as a user waits for them, with the same totals checked
equal for every number of jobs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]
BASELINE = "8261e46"  # main when issue 13 was taken up: ~10 bot games/s a core
TIMER = r"""
import sys, time
from pathlib import Path
from zwar_author.play.load import load_mission
from zwar_author.playtest.runner import Plan, run
m, _ = load_mission(Path(sys.argv[1]))
policy, n = sys.argv[2], int(sys.argv[3])
plan = Plan(m.compiled.model_dump(mode="json", by_alias=True), policy, n, 1)
run(Plan(plan.document, policy, 2, 99), mission=m)  # the mission's caches, built before the clock starts
begun = time.process_time()
totals = run(plan, mission=m)
print(n / (time.process_time() - begun), totals.wins)
"""


def cpu_rate(source: Path, policy: str, games: int) -> tuple[float, int]:
    """Games per CPU second (and wins) of ``games`` games with the package found under ``source``."""
    mission = source / "content" / "core" / "missions" / "supply-run.toml"
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-c", TIMER, str(mission), policy, str(games)], env=env, cwd=source,
                          capture_output=True, text=True, check=False)  # cwd: `-c` puts the working folder first
    if done.returncode:
        raise SystemExit(f"timing the bots under {source} failed:\n{done.stderr}")
    out = done.stdout.split()
    return float(out[0]), int(out[1])


def baseline_tree(commit: str, folder: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "zwar_author", "content"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def jobs_scaling(policy: str, games: int) -> None:
    from zwar_author.play.load import load_mission
    from zwar_author.playtest.runner import Plan, run

    mission, _ = load_mission(ROOT / "content" / "core" / "missions" / "supply-run.toml")
    plan = Plan(mission.compiled.model_dump(mode="json", by_alias=True), policy, games, 1)
    times, totals = {}, {}
    for jobs in sorted({1, os.cpu_count() or 1}):
        begun = time.perf_counter()
        totals[jobs] = run(plan, jobs=jobs)
        times[jobs] = time.perf_counter() - begun
    cores = max(times)
    same = totals[1] == totals[cores]
    print(f"{policy:>10}, {games} games, wall: 1 process {games / times[1]:6.1f} games/s; {cores} processes "
          f"{games / times[cores]:6.1f} games/s: {times[1] / times[cores]:.2f}x (linear: {cores}x); "
          f"same totals for every --jobs: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", action="append",
                        help=f"a commit whose bots are a baseline (repeatable; default {BASELINE})")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--no-jobs", action="store_true", help="one core only: no --jobs scaling")
    args = parser.parse_args()
    for commit in args.baseline or [BASELINE]:
        with tempfile.TemporaryDirectory() as temp:
            old = baseline_tree(commit, Path(temp))
            for policy in ("cautious", "aggressive"):
                then, then_wins = cpu_rate(old, policy, args.games)
                now, now_wins = cpu_rate(ROOT, policy, args.games)
                print(f"{policy:>10}, {args.games} games, one core (CPU time): {commit} {then:6.1f} games/s "
                      f"({then_wins} won); now {now:6.1f} games/s ({now_wins} won): {now / then:.2f}x "
                      "(goal 100 games/s)")
    if not args.no_jobs:
        for policy in ("cautious", "aggressive"):
            jobs_scaling(policy, args.games)


if __name__ == "__main__":
    main()
