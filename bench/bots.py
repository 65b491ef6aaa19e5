"""Bot speed: heuristic-bot games per second on Supply Run, against the bots of a pinned commit.

Run by hand: ``.venv/bin/python bench/bots.py [--baseline COMMIT ...] [--games N] [--no-jobs] [--decisions N]
[--instructions N]``.

The baseline is the whole package as it was at ``COMMIT`` (default: the commit
before the bot speed work), taken out of git into a temporary folder and timed
by the same code in a child process, in the same run: the ratio compares like
with like on a machine whatever else it is doing. A baseline that compiles its
engine at install (``hatch_build.py``, from af00eb8 on) is compiled in its folder
first, as an install would (about a minute each; it needs ``hatchling`` in the
environment; ``--plain-baselines`` skips it), and each figure says whether it ran compiled. Single-process figures are
CPU seconds of the process (the machines are shared; wall time on a busy
machine says more about the neighbours than about the code). The ``--jobs``
figures are wall time, as a user waits for them, with the same totals checked
equal for every number of jobs. ``--decisions N`` also times the bots' hero
decisions alone (``DECISIONS``), on the states of N seeded games a policy
captured in each tree: the same decisions both sides (the counts are checked
equal), best of 7 passes, steadier than whole games on a busy machine. ``--instructions N`` also counts the
CPU instructions of N cautious games in each tree (``INSTRUCTIONS``, under
valgrind's callgrind, which counts rather than times: the same count on a busy
machine as on a quiet one; it needs ``valgrind``, Debian's package of that name,
and takes about four seconds a game).
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
try:
    from zwar_author import native
    compiled = native.compiled()
except ImportError:  # before the compiled engine
    compiled = False
print(n / (time.process_time() - begun), totals.wins, "compiled" if compiled else "plain")
"""

#: The bots' hero decisions timed alone: states captured from seeded cautious and aggressive games, then
#: every decision asked again of a fresh cautious bot, best of 7 passes (a pass takes a fraction of a
#: second, so a busy machine spoils few of them): less noisy than whole games, and the engine left out
#: but for the hero's options, which the bot asks for.
DECISIONS = r"""
import sys, time
from pathlib import Path
from zwar_author.engine.options import LegalActions
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots, versus
from zwar_author.playtest.runner import Plan, run
m, _ = load_mission(Path(sys.argv[1]))
states = []
class Capture(bots.Bot):
    def hero_move(self, g, options):
        states.append(g.copy())
        return super().hero_move(g, options)
chosen = versus.policy
versus.policy = lambda name, seed, director="": Capture(bots.STYLES[name]) if name in bots.STYLES else None
document = m.compiled.model_dump(mode="json", by_alias=True)
for name in ("cautious", "aggressive"):
    run(Plan(document, name, int(sys.argv[2]), 1), mission=m)
versus.policy = chosen
bot = bots.Bot(bots.STYLES["cautious"])
def best(fn):
    fn()  # the caches, filled before the clock starts
    times = []
    for _ in range(7):
        begun = time.process_time()
        fn()
        times.append(time.process_time() - begun)
    return 1e6 * min(times) / len(states)
move = best(lambda: [bot.hero_move(g, LegalActions(g)) for g in states])
jobs = best(lambda: [bots._jobs_left(g) for g in states])
print(len(states), move, jobs)
"""


#: N games counted after a warm-up of 30 (the mission's caches filled, as in a long run): callgrind is started
#: with its instrumentation off and the script turns it on around the counted games alone.
INSTRUCTIONS = r"""
import os, subprocess, sys
from pathlib import Path
from zwar_author.play.load import load_mission
from zwar_author.playtest.runner import Plan, run
m, _ = load_mission(Path(sys.argv[1]))
plan = Plan(m.compiled.model_dump(mode="json", by_alias=True), "cautious", int(sys.argv[2]), 1)
run(Plan(plan.document, "cautious", 30, 99), mission=m)
subprocess.run(["callgrind_control", "--instr=on", str(os.getpid())], check=True, capture_output=True)
totals = run(plan, mission=m)
subprocess.run(["callgrind_control", "--instr=off", str(os.getpid())], check=True, capture_output=True)
print(totals.wins)
"""


def instructions(source: Path, games: int) -> tuple[int, int]:
    """CPU instructions and wins of ``games`` cautious Supply Run games with the package under ``source``
    (``INSTRUCTIONS``)."""
    mission = source / "content" / "core" / "missions" / "supply-run.toml"
    env = {**os.environ, "PYTHONPATH": str(source)}
    with tempfile.TemporaryDirectory() as temp:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                               f"--callgrind-out-file={temp}/out", sys.executable, "-c", INSTRUCTIONS, str(mission),
                               str(games)], env=env, cwd=source, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"counting the bots' instructions under {source} failed:\n{done.stderr[-2000:]}")
    counted = next(line for line in done.stderr.splitlines() if "Collected :" in line)
    return int(counted.split(":")[-1]), int(done.stdout.split()[-1])


def cpu_rate(source: Path, policy: str, games: int) -> tuple[float, int, str]:
    """Games per CPU second, wins and "compiled" or "plain" of ``games`` games with the package under ``source``."""
    mission = source / "content" / "core" / "missions" / "supply-run.toml"
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-c", TIMER, str(mission), policy, str(games)], env=env, cwd=source,
                          capture_output=True, text=True, check=False)  # cwd: `-c` puts the working folder first
    if done.returncode:
        raise SystemExit(f"timing the bots under {source} failed:\n{done.stderr}")
    out = done.stdout.split()
    return float(out[0]), int(out[1]), out[2]


def decision_times(source: Path, games: int) -> tuple[int, float, float] | None:
    """Decisions captured, us a hero decision and us a job list under ``source`` (``DECISIONS``); None when
    the package there lacks what the timer hooks into."""
    mission = source / "content" / "core" / "missions" / "supply-run.toml"
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-c", DECISIONS, str(mission), str(games)], env=env, cwd=source,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        return None
    count, move, jobs = done.stdout.split()
    return int(count), float(move), float(jobs)


def baseline_tree(commit: str, folder: Path, compile_engine: bool) -> Path:
    """The package and content at ``commit`` in ``folder``, its engine compiled when it compiles one at install."""
    paths = ["zwar_author", "content"]
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", commit], capture_output=True,
                            text=True, check=True).stdout.split()
    if "hatch_build.py" in listed:
        paths.append("hatch_build.py")
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, *paths], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    if compile_engine and "hatch_build.py" in listed:
        built = subprocess.run([sys.executable, "-c", "import hatch_build; hatch_build.compile_engine()"],
                               cwd=folder, capture_output=True, text=True, check=False)
        if built.returncode != 0:
            last = (built.stderr.strip().splitlines() or ["no message"])[-1]
            sys.exit(f"bench/bots.py: compiling the baseline {commit} failed ({last}); compiling needs the build "
                     f"tools in this environment (.venv/bin/pip install hatchling), or run with --plain-baselines")
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
    parser.add_argument("--plain-baselines", action="store_true",
                        help="time the baselines as plain Python, without compiling their engine")
    parser.add_argument("--decisions", type=int, default=0, metavar="GAMES",
                        help="also time the bots' hero decisions alone, on the states of GAMES games a policy")
    parser.add_argument("--instructions", type=int, default=0, metavar="GAMES",
                        help="also count the CPU instructions of GAMES cautious games (valgrind's callgrind)")
    args = parser.parse_args()
    for commit in args.baseline or [BASELINE]:
        with tempfile.TemporaryDirectory() as temp:
            old = baseline_tree(commit, Path(temp), not args.plain_baselines)
            if args.decisions:
                then_d, now_d = decision_times(old, args.decisions), decision_times(ROOT, args.decisions)
                if then_d is None or now_d is None:
                    print(f"decisions: {commit} or now cannot be timed alone (no versus.policy to hook into)")
                elif then_d[0] != now_d[0]:
                    print(f"decisions: {commit} played {then_d[0]} hero decisions, now {now_d[0]}: not the same games")
                else:
                    print(f"decisions: {now_d[0]} hero decisions of Supply Run, us each (best of 7): {commit} "
                          f"{then_d[1]:.1f}, now {now_d[1]:.1f}: {then_d[1] / now_d[1]:.2f}x; the jobs left "
                          f"{then_d[2]:.2f} and {now_d[2]:.2f}: {then_d[2] / now_d[2]:.2f}x", flush=True)
            if args.instructions:
                (then_i, then_w), (now_i, now_w) = instructions(old, args.instructions), instructions(ROOT, args.instructions)
                print(f"instructions: {args.instructions} cautious games after 30 warm-up games: {commit} {then_i:,} "
                      f"({then_w} won), now {now_i:,} ({now_w} won): {then_i / now_i:.3f}x", flush=True)
            for policy in ("cautious", "aggressive"):
                then, then_wins, then_how = cpu_rate(old, policy, args.games)
                now, now_wins, now_how = cpu_rate(ROOT, policy, args.games)
                print(f"{policy:>10}, {args.games} games, one core (CPU time): {commit} ({then_how}) {then:6.1f} "
                      f"games/s ({then_wins} won); now ({now_how}) {now:6.1f} games/s ({now_wins} won): "
                      f"{now / then:.2f}x (goal 100 games/s)", flush=True)
    if not args.no_jobs:
        for policy in ("cautious", "aggressive"):
            jobs_scaling(policy, args.games)


if __name__ == "__main__":
    main()
