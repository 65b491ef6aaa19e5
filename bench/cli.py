"""Cold start of the command line: how long a fresh `zwar` process takes, against a bare Python.

Run by hand: ``.venv/bin/python bench/cli.py [--runs N]``. Each command runs in
a new process with bytecode cached (one warm-up run first writes it, even when
the shell sets ``PYTHONDONTWRITEBYTECODE``, as the goal is for a cold process
with bytecode, like an installed package); the best of
N runs is reported, since a shared machine only ever adds time. The baseline,
``python -c pass``, is measured in the same run, interleaved with the commands,
so the ratios hold on a busy machine even when the seconds do not.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).parents[1]
MISSION = REPO / "content" / "core" / "missions" / "hold-out.toml"

#: label -> (arguments after the interpreter, goal in seconds or None)
CASES: dict[str, tuple[list[str], float | None]] = {
    "python -c pass (baseline)": (["-c", "pass"], None),
    "import zwar_author.cli": (["-c", "import zwar_author.cli"], None),
    "zwar --help": (["-m", "zwar_author", "--help"], None),
    "zwar validate --help": (["-m", "zwar_author", "validate", "--help"], None),
    "zwar explain ZW302": (["-m", "zwar_author", "explain", "ZW302"], None),
    "zwar validate hold-out.toml": (["-m", "zwar_author", "validate", str(MISSION)], 0.3),
}


ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def once(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=REPO, env=ENV, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (the best counts)")
    runs = parser.parse_args().runs
    best = {label: float("inf") for label in CASES}
    for label, (args, _) in CASES.items():
        once(args)  # warm-up: bytecode written, files in the page cache
    for _ in range(runs):  # interleaved, so a busy spell weighs on every command alike
        for label, (args, _) in CASES.items():
            best[label] = min(best[label], once(args))
    base = best["python -c pass (baseline)"]
    print(f"best of {runs} runs, Python {sys.version.split()[0]}")
    for label, (_, goal) in CASES.items():
        target = f"   goal {goal:.2f} s" if goal is not None else ""
        print(f"{label:30} {best[label]:6.3f} s  {best[label] / base:5.1f} x baseline{target}")


if __name__ == "__main__":
    main()
