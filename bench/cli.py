"""Cold start of the command line: how long a fresh `zwar` process takes, against a bare Python.

Run by hand: ``.venv/bin/python bench/cli.py [--runs N] [--against DIR]``. Each
command runs in a new process with bytecode cached (one warm-up run first writes
it, even when the shell sets ``PYTHONDONTWRITEBYTECODE``, as the goal is for a
cold process with bytecode, like an installed package); the best of N runs is
reported, since a shared machine only ever adds time. The baseline, ``python -c
pass``, is measured in the same run, interleaved with the commands, so the ratios
hold on a busy machine even when the seconds do not. Beside the wall time, the
CPU time of the process (user and system): other jobs on the machine change it
far less. The goal of `zwar validate` is a multiple of the baseline (issue 27:
within 20x); the last lines time what its start is made of (numpy, pydantic,
the source models) on their own.

``--against DIR`` times the same commands on another checkout of the package (say
``git worktree add /tmp/before main``), interleaved with this one, for a before
and after taken in the same conditions.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).parents[1]
MISSION = Path("content") / "core" / "missions" / "hold-out.toml"

#: label -> (arguments after the interpreter, goal as a multiple of the baseline's time, or None)
CASES: dict[str, tuple[list[str], float | None]] = {
    "python -c pass (baseline)": (["-c", "pass"], None),
    "import zwar_author.cli": (["-c", "import zwar_author.cli"], None),
    "zwar --help": (["-m", "zwar_author", "--help"], None),
    "zwar validate --help": (["-m", "zwar_author", "validate", "--help"], None),
    "zwar explain ZW302": (["-m", "zwar_author", "explain", "ZW302"], None),
    "zwar validate hold-out.toml": (["-m", "zwar_author", "validate", str(MISSION)], 20),  # issue 27, item 5
    # What validate's time is made of, for the goal: the libraries it loads, and the source models it builds on
    "  part: import numpy": (["-c", "import numpy"], None),
    "  part: import pydantic": (["-c", "import pydantic, pydantic.fields"], None),
    "  part: the source models": (["-c", "from zwar_author.model import mission, pack, rules"], None),
}


ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def once(args: list[str], tree: Path) -> tuple[float, float]:
    """Wall and CPU time of one run of ``args`` in a fresh interpreter, with ``tree``'s package first on the path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=tree, env=ENV, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (the best counts)")
    parser.add_argument("--against", type=Path, help="another checkout to time the same commands on, interleaved")
    options = parser.parse_args()
    trees = {"": REPO} | ({"before: ": options.against.resolve()} if options.against else {})
    best = {(tag, label): (float("inf"), float("inf")) for tag in trees for label in CASES}
    for tree in trees.values():
        for args, _ in CASES.values():
            once(args, tree)  # warm-up: bytecode written, files in the page cache
    first = os.getloadavg()
    for _ in range(options.runs):  # interleaved, so a busy spell weighs on every command alike
        for tag, tree in trees.items():
            for label, (args, _) in CASES.items():
                wall, cpu = once(args, tree)
                old = best[tag, label]
                best[tag, label] = (min(old[0], wall), min(old[1], cpu))
    load = [max(a, b) for a, b in zip(first, os.getloadavg())]
    print(f"best of {options.runs} runs, Python {sys.version.split()[0]}, load average up to "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (1, 5, 15 min)")
    for tag in trees:
        base, base_cpu = best[tag, "python -c pass (baseline)"]
        for label, (_, goal) in CASES.items():
            wall, cpu = best[tag, label]
            target = f"   goal {goal:.0f} x" if goal is not None else ""
            print(f"{tag + label:38} {wall:6.3f} s  {wall / base:5.1f} x baseline   "
                  f"cpu {cpu:6.3f} s  {cpu / base_cpu:5.1f} x{target}")


if __name__ == "__main__":
    main()
