"""Cold start of the command line: how long a fresh `zwar` process takes, against a bare Python.

Run by hand: ``.venv/bin/python bench/cli.py [--runs N] [--against DIR]``. Each
command runs in a new process with bytecode cached (one warm-up run first writes
it, even when the shell sets ``PYTHONDONTWRITEBYTECODE``, as the goal is for a
cold process with bytecode, like an installed package); the best of N runs is
reported, since a shared machine only ever adds time. The baseline, ``python -c
pass``, is measured in the same run, interleaved with the commands, so the ratios
hold on a busy machine even when the seconds do not. Beside the wall time, the
CPU time of the process (user and system): other jobs on the machine change it
far less. The goal of `zwar validate` of one mission is a multiple of the
baseline (issue 27, item 5: within 20x), run both as ``python -m zwar_author``
and through the installed ``zwar`` script (the checkout first on the path); the
last lines time what its start is made of (numpy, which it no longer loads,
pydantic, the source models) on their own, and what reading one mission would
cost with each candidate for the sources' checks (README.md, "Dependencies").
``--only TEXT`` times only the commands whose label holds TEXT.

``--against DIR`` times the same commands on another checkout of the package (say
``git worktree add /tmp/before main``), interleaved with this one, for a before
and after taken in the same conditions. ``--instructions`` counts, instead, the
CPU instructions of each command under valgrind's callgrind: the same count on a
busy machine as on a quiet one, for comparing two trees (a bare interpreter is
mostly system calls and page faults, not instructions, so that ratio is not the
goal's).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).parents[1]
MISSIONS = Path("content") / "core" / "missions"
#: the console script `zwar` as installed beside the interpreter (run with the checkout first on the path)
SCRIPT = Path(sys.executable).parent / "zwar"

#: one mission's source read into its pydantic models, and checked against its JSON Schema instead
READ_MODELS = ("import tomllib; from zwar_author.model.mission import MissionDoc; "
               f"MissionDoc.model_validate(tomllib.loads(open({str(MISSIONS / 'supply-run.toml')!r}).read()))")
READ_SCHEMA = ("import json, tomllib, jsonschema; schema = json.load(open('schemas/mission.schema.json')); "
               f"data = tomllib.loads(open({str(MISSIONS / 'supply-run.toml')!r}).read()); "
               "list(jsonschema.Draft4Validator(schema).iter_errors(data))")

#: label -> (arguments after the interpreter, goal as a multiple of the baseline's time, or None)
CASES: dict[str, tuple[list[str], float | None]] = {
    "python -c pass (baseline)": (["-c", "pass"], None),
    "import zwar_author.cli": (["-c", "import zwar_author.cli"], None),
    "zwar --help": (["-m", "zwar_author", "--help"], None),
    "zwar validate --help": (["-m", "zwar_author", "validate", "--help"], None),
    "zwar explain ZW302": (["-m", "zwar_author", "explain", "ZW302"], None),
    # issue 27, item 5: one mission, cold, within 20x the baseline
    "python -m zwar_author validate supply-run": (["-m", "zwar_author", "validate", str(MISSIONS / "supply-run.toml")],
                                                  20),
    "zwar validate supply-run": ([str(SCRIPT), "validate", str(MISSIONS / "supply-run.toml")], 20),
    "zwar validate hold-out.toml": (["-m", "zwar_author", "validate", str(MISSIONS / "hold-out.toml")], 20),
    # What validate's time is made of, for the goal: the libraries it loads, and the source models it builds on
    "  part: import numpy (one BLAS thread, as zwar runs it)": (
        ["-c", "import os; os.environ['OPENBLAS_NUM_THREADS'] = '1'; import numpy"], None),
    "  part: import pydantic": (["-c", "import pydantic, pydantic.fields"], None),
    "  part: the source models": (["-c", "from zwar_author.model import mission, pack, rules"], None),
    # pydantic's plugin loader imports importlib.metadata (and zipfile, email, csv...) at the first model built,
    # even with plugins turned off (PYDANTIC_DISABLE_PLUGINS)
    "  part: import importlib.metadata": (["-c", "import importlib.metadata"], None),
    # Issue 27, item 5: what reading one mission's source would cost with each candidate for the sources' checks
    # (docs: README.md, "Dependencies"): every mistake reported, so jsonschema's iter_errors, not validate
    "  candidate: pydantic, Supply Run read into its source models": (["-c", READ_MODELS], None),
    "  candidate: jsonschema, Supply Run against its JSON Schema": (["-c", READ_SCHEMA], None),
}
if importlib.util.find_spec("msgspec") is not None:  # not a dependency: install it beside to measure it
    CASES["  candidate: import msgspec"] = (["-c", "import msgspec"], None)


ENV = {name: value for name, value in os.environ.items() if name not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}


def once(args: list[str], tree: Path) -> tuple[float, float]:
    """Wall and CPU time of one run of ``args`` in a fresh interpreter, with ``tree``'s package first on the path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=tree, env=ENV | {"PYTHONPATH": str(tree)},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def instructions(args: list[str], tree: Path) -> int:
    """CPU instructions of one run of ``args`` (with ``tree``'s package first on the path), counted by callgrind."""
    with tempfile.TemporaryDirectory() as temp:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={temp}/out", sys.executable,
                               *args], cwd=tree, env=ENV | {"PYTHONPATH": str(tree)}, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, check=True)
    return int(next(line for line in done.stderr.splitlines() if "Collected :" in line).split(":")[-1])


def count(cases: dict[str, tuple[list[str], float | None]], trees: dict[str, Path]) -> None:
    """Print the instructions of each command in each tree, and each tree's against the first."""
    counted = {(tag, label): instructions(args, tree) for tag, tree in trees.items() for label, (args, _) in cases.items()}
    first = next(iter(trees))
    for tag in trees:
        base = counted[tag, "python -c pass (baseline)"]
        for label in cases:
            n = counted[tag, label]
            against = f"   {n / counted[first, label]:5.3f} x {first or 'this tree'}" if tag != first else ""
            print(f"{tag + label:46} {n / 1e6:9.1f} M instructions  {n / base:5.1f} x baseline{against}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (the best counts)")
    parser.add_argument("--against", type=Path, help="another checkout to time the same commands on, interleaved")
    parser.add_argument("--only", metavar="TEXT", help="time only the commands whose label holds TEXT (and the baseline)")
    parser.add_argument("--instructions", action="store_true",
                        help="count CPU instructions under callgrind instead of timing (slow: a minute a command)")
    options = parser.parse_args()
    cases = {label: case for label, case in CASES.items()
             if (options.only or "") in label or "baseline" in label
             if SCRIPT.exists() or case[0][0] != str(SCRIPT)}
    trees = {"": REPO} | ({"before: ": options.against.resolve()} if options.against else {})
    for tree in trees.values():
        for args, _ in cases.values():
            once(args, tree)  # warm-up: bytecode written, files in the page cache
    if options.instructions:
        count(cases, trees)
        return
    best = {(tag, label): (float("inf"), float("inf")) for tag in trees for label in cases}
    first = os.getloadavg()
    for _ in range(options.runs):  # interleaved, so a busy spell weighs on every command alike
        for tag, tree in trees.items():
            for label, (args, _) in cases.items():
                wall, cpu = once(args, tree)
                old = best[tag, label]
                best[tag, label] = (min(old[0], wall), min(old[1], cpu))
    load = [max(a, b) for a, b in zip(first, os.getloadavg())]
    print(f"best of {options.runs} runs, Python {sys.version.split()[0]}, load average up to "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (1, 5, 15 min)")
    for tag in trees:
        base, base_cpu = best[tag, "python -c pass (baseline)"]
        for label, (_, goal) in cases.items():
            wall, cpu = best[tag, label]
            target = "" if goal is None else f"   goal {goal:.0f} x: {'met' if wall / base <= goal else 'NOT met'}"
            print(f"{tag + label:46} {wall:6.3f} s  {wall / base:5.1f} x baseline   "
                  f"cpu {cpu:6.3f} s  {cpu / base_cpu:5.1f} x{target}")


if __name__ == "__main__":
    main()
