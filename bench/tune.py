"""`zwar tune` against `--explore` on reference missions pushed out of their bands (issue 29, item 3).

Run by hand: ``.venv/bin/python bench/tune.py [--budget GAMES] [--jobs J] [--seed S] [MISSION ...]``.

For each mission with a declared band, two versions are made from its source with the same knobs
`zwar tune` uses, so each is a source a designer could have written: *harder* (one more infected at the
start on every spawn point, every med pack on the map left out, and in each spawn table of what appears
a face moved from its first row, "nothing", to the next) and *easier* (every infected at the start left
out). Each is written beside the original as a hidden file, tuned back into the mission's own
band within ``--budget`` games (``--diff``: nothing is written over it), and removed. Beside it,
`--explore` plays every single change on the same number of games a version as the tune's screen and
says whether any single change lands in the band. Prints one row a version: the win rate as made, what
tune found (its changes, the games it used, the check on fresh games), and explore's best single change.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import tomlkit

from zwar_author.compile.reader import mission_document
from zwar_author.play.load import load_mission
from zwar_author.playtest import knobs as K
from zwar_author.playtest.explore import explore
from zwar_author.playtest.tune import tune

ROOT = Path(__file__).parents[1] / "content" / "core" / "missions"
MISSIONS = ("supply-run", "break-and-enter", "inbound")


def versions(path: Path) -> dict[str, str]:
    """The harder and the easier source of the mission at ``path``."""
    mission, _ = load_mission(path)
    assert mission is not None
    source = tomlkit.parse(path.read_text(encoding="utf-8"))
    every = K.knobs(mission_document(mission.compiled), source)
    more = [k for k in every if k.key.startswith("infected+")]
    meds = [k for k in every if k.kind == K.Kind.ITEMS and "med-pack" in k.text]
    spawns = [k for k in every if k.kind == K.Kind.SPAWN and k.key.endswith(":what:0>1")]
    fewer = [k for k in every if k.key.startswith("infected-")]
    return {"harder": K.written(source, more + meds + spawns), "easier": K.written(source, fewer)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("missions", nargs="*", default=list(MISSIONS))
    parser.add_argument("--budget", type=int, default=6000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in args.missions:
        path = ROOT / f"{name}.toml"
        for label, text in versions(path).items():
            hidden = path.with_name(f".{name}.{label}.toml")
            hidden.write_text(text, encoding="utf-8")
            try:
                began = time.perf_counter()
                tuned = tune(hidden, budget=args.budget, seed=args.seed, jobs=args.jobs, diff=True)
                seconds = time.perf_counter() - began
                report = tuned.report or {}
                per_version = max(30, (args.budget // 2) // (1 + report.get("knobs", 1)))
                with tempfile.TemporaryDirectory() as out:
                    explored = explore(hidden, runs=per_version, seed=args.seed, jobs=args.jobs, policies=["cautious"],
                                       out=Path(out))
                single = (explored.report or {}).get("gate") or {}
                best = single.get("smallest", [])
            finally:
                hidden.unlink(missing_ok=True)
            rate = report.get("as_it_is") or {}
            print(f"{name} {label}: band {report.get('band')}, as made {rate.get('value', float('nan')):.3f} "
                  f"({rate.get('count')}/{rate.get('games')})")
            print(f"  tune: {report.get('result')} with {report.get('changes', [])}, {report.get('games')} of "
                  f"{args.budget} games, {seconds:.0f} s; check {report.get('check', {}).get('win_rate')}")
            print(f"  explore at {per_version} games a version ({(1 + report.get('knobs', 0)) * per_version} games): "
                  f"single changes into the band: {best[:3] or 'none'}")


if __name__ == "__main__":
    main()
