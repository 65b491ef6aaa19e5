"""The long fuzz run: ``python -m tests.fuzz --count 100000 --seed 1 [--target sources|saves|requests]``.

Prints a line every ``--every`` inputs and, at the end, how many inputs were
tried, the crashes, the misplaced diagnostics and the hangs (inputs stopped
at the time budget, after which the run goes on); each failing input is
written to ``--out`` so it can be replayed as a test.
"""

from __future__ import annotations

import argparse
import heapq
import sys
import tempfile
import time
from pathlib import Path

from .guard import Guard
from .harness import Harness
from .targets import Requests, Saves
from .tiled import TiledTarget

#: what a run fuzzes: the sources `zwar validate` reads, saves `--resume` reads, requests to `zwar serve`,
#: and the maps `zwar import tiled` reads
TARGETS = {"sources": Harness, "saves": Saves, "requests": Requests, "tiled": TiledTarget}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--target", choices=sorted(TARGETS), default="sources",
                        help="what to fuzz: sources (zwar validate), saves (--resume), requests (zwar serve), tiled (zwar import tiled)")
    parser.add_argument("--count", type=int, default=1000, help="inputs to try (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--start", type=int, default=0, help="the first input's number, to replay one (default 0)")
    parser.add_argument("--budget", type=float, help="seconds one input may take (default 5; saves 20: each "
                        "resumes a whole game, seconds on a busy machine)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="folder for failing inputs")
    parser.add_argument("--every", type=int, default=1000, help="print progress every N inputs")
    args = parser.parse_args(argv)
    if args.budget is None:
        args.budget = 20.0 if args.target == "saves" else 5.0
    started = time.perf_counter()
    crashes = misplaced = hangs = tried = 0
    slowest: list[tuple[float, int, str]] = []  # the five slowest inputs: seconds, number, file
    with tempfile.TemporaryDirectory(prefix="zwar-fuzz-") as scratch:
        make = TARGETS[args.target]
        guard = Guard(lambda: make(Path(scratch)))
        try:
            for item in guard.inputs(args.seed, args.count, args.start):
                verdict = guard.run(item, args.budget)
                tried += 1
                heapq.heappush(slowest, (verdict.seconds, item.number, item.target))
                if len(slowest) > 5:
                    heapq.heappop(slowest)
                kinds = []
                if verdict.crash:
                    crashes += 1
                    kinds.append("crash")
                if verdict.misplaced:
                    misplaced += 1
                    kinds.append("misplaced")
                if verdict.hang:
                    hangs += 1
                    kinds.append("hang")
                if kinds:
                    _keep(args.out, item, verdict, kinds)
                if tried % args.every == 0:
                    _progress(tried, crashes, misplaced, hangs, slowest, started)
        finally:
            guard.close()
    _progress(tried, crashes, misplaced, hangs, slowest, started)
    for seconds, number, target in sorted(slowest, reverse=True):
        print(f"  slowest: input {number} ({target}) took {seconds:.2f} s")
    return 1 if crashes or misplaced or hangs else 0


def _progress(tried: int, crashes: int, misplaced: int, hangs: int, slowest: list, started: float) -> None:
    elapsed = time.perf_counter() - started
    worst = max(slowest)[0] if slowest else 0.0
    print(f"{tried} inputs in {elapsed:.0f} s ({tried / max(elapsed, 1e-9):.1f}/s): {crashes} crashes, "
          f"{misplaced} misplaced diagnostics, {hangs} hangs (stopped at the budget); slowest {worst:.2f} s",
          flush=True)


def _keep(out: Path, item, verdict, kinds: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    suffix = Path(item.target).suffix if item.target.endswith((".tmx", ".tmj")) else ".json" if item.json else ".toml"
    name = f"{item.number:07d}-{'-'.join(kinds)}-{item.target.replace('/', '_').removesuffix('.toml')}{suffix}"
    (out / name).write_text(item.text, encoding="utf-8", newline="")
    detail = [verdict.crash or ""] + verdict.misplaced + [f"{verdict.seconds:.2f} s"]
    (out / (name + ".txt")).write_text("\n".join(detail) + "\n", encoding="utf-8")
    print(f"input {item.number} ({item.target}): {', '.join(kinds)}: {detail[0] or detail[-1]}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
