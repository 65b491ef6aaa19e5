"""The designer's number: the time to a +-2-point 95% win rate for the cautious bot on Supply Run.

Run by hand: ``.venv/bin/python bench/estimate.py [--baseline COMMIT] [--runs 2400] [--precision 0.02]
[--jobs 2] [--instructions N]``.

Issue 27's goal compares two ways of getting that number, measured in the same run:

- **main's way**: ``zwar playtest supply-run.toml --policy cautious --runs 2400 --jobs 2`` on the package at
  ``COMMIT`` (default: main), taken out of git into a temporary folder (``bots.baseline_tree``, plain Python:
  what a user installs). 2,400 games are what a fixed sample needs for two points either side at any rate.
- **the new way**: ``zwar playtest ... --precision 0.02 --jobs 2`` on this tree: the games stop at the first
  look whose interval is that narrow (``playtest/sequential.py``), on this tree's engine and bots.

Each side is the real command in a child process, timed by the wall clock (what a designer waits for) and by
the CPU time of the command and its workers (``RUSAGE_CHILDREN``; this process is made the workers' reaper so
that none is left out): on a shared machine the wall clock measures the neighbours too, the CPU time much less.
The ratio printed against the goal (at least 4x) is given both ways. ``--instructions N`` also counts the CPU
instructions of N cautious games on each side (valgrind's callgrind, as ``bench/bots.py --instructions``: the
same count on a busy machine as on a quiet one) and prints the ratio they project: (2,400 x main's instructions
a game) / (the games the new way played x this tree's instructions a game).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bots import baseline_tree, instructions  # bench/bots.py, beside this script

ROOT = Path(__file__).parents[1]
MISSION = Path("content") / "core" / "missions" / "supply-run.toml"
GOAL = 4.0  # issue 27: at least 4x shorter than main's 2,400 games
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h: orphaned descendants are handed to this process, not to init


@dataclass(frozen=True)
class Timed:
    wall: float  # seconds on the clock
    cpu: float  # CPU seconds of the command and every worker it started
    games: int  # games counted in the report
    wins: int
    low: float
    high: float


def _reap() -> None:
    """Wait for every descendant left over (workers a stopped run killed), so their CPU time is counted."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.05)


def playtest(tree: Path, jobs: int, extra: list[str]) -> Timed:
    """``zwar playtest`` of Supply Run, cautious, with the package under ``tree``, timed."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "zwar_author", "playtest", str(tree / MISSION), "--policy", "cautious",
                   "--jobs", str(jobs), "--seed", "1", "--no-progress", "-o", out, *extra]
        env = {**os.environ, "PYTHONPATH": str(tree)}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        begun = time.perf_counter()
        done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=False)
        _reap()
        wall = time.perf_counter() - begun
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in (0, 1):  # 1: the mission's band missed, still a report
            raise SystemExit(f"bench/estimate.py: the playtest under {tree} failed:\n{done.stderr[-2000:]}")
        report = json.loads((Path(out) / "supply-run-playtest.json").read_text())["reports"][0]
    rate = report["win_rate"]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(wall, cpu, report["runs"], rate["wins"], rate["low"], rate["high"])


def show(name: str, t: Timed) -> None:
    print(f"{name}: {t.games} games, {t.wins} won ({100 * t.low:.1f}% to {100 * t.high:.1f}%, "
          f"{50 * (t.high - t.low):.2f} points either side): wall {t.wall:.1f} s, CPU {t.cpu:.1f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="main", help="the commit whose 2,400 games are main's way")
    parser.add_argument("--runs", type=int, default=2400, help="main's way: a fixed number of games")
    parser.add_argument("--precision", default="0.02", help="the new way: --precision")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--instructions", type=int, default=0, metavar="GAMES",
                        help="also count the CPU instructions of GAMES cautious games a side (callgrind)")
    args = parser.parse_args()
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.baseline], capture_output=True,
                            text=True, check=True).stdout.strip()
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)", flush=True)
    with tempfile.TemporaryDirectory() as temp:
        old = baseline_tree(commit, Path(temp), compile_engine=False)
        then = playtest(old, args.jobs, ["--runs", str(args.runs)])
        show(f"main's way ({commit}, --runs {args.runs} --jobs {args.jobs})", then)
        now = playtest(ROOT, args.jobs, ["--precision", args.precision])
        show(f"the new way (this tree, --precision {args.precision} --jobs {args.jobs})", now)
        print(f"ratio: wall {then.wall / now.wall:.2f}x, CPU {then.cpu / now.cpu:.2f}x (goal {GOAL:.0f}x); "
              f"the games alone {then.games / now.games:.2f}x, a game's CPU "
              f"{(then.cpu / then.games) / (now.cpu / now.games):.2f}x", flush=True)
        print(f"load average at the end: {os.getloadavg()[0]:.1f}", flush=True)
        if args.instructions:
            (was, _), (is_now, _) = instructions(old, args.instructions), instructions(ROOT, args.instructions)
            print(f"instructions, {args.instructions} cautious games after 30 warm-up games: {commit} {was:,}, "
                  f"this tree {is_now:,}: a game {was / is_now:.3f}x; projected for the estimate "
                  f"{args.runs * was / (now.games * is_now):.2f}x (goal {GOAL:.0f}x)", flush=True)


if __name__ == "__main__":
    main()
