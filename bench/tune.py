"""`zwar tune` against `--explore` on reference missions pushed out of their bands (issue 29, item 3).

Run by hand: ``.venv/bin/python bench/tune.py [--budget GAMES] [--jobs J] [--seed S] [MISSION ...]``.

For each mission with a declared band (or the band given here for one without: ``BANDS``), two versions
are made from its source with the same knobs `zwar tune` uses, so each is a source a designer could have
written: *harder* (the time limit three turns earlier where the mission has one, its first med pack on
the map left out, and in each spawn table of what appears a face moved from its first row, "nothing",
to the next; a mission without a time limit also gets one more infected at the start on every spawn
point) and *easier* (the time limit three turns later where it has one, every infected at the start
left out, and in each spawn table of what appears a face moved to "nothing" from the row after it).
Each is written beside the original as a hidden file, tuned back into the band within ``--budget``
games, trial games of ``--runs`` a version (``--diff``: nothing is written over it), and removed.
Beside it, `--explore` plays every single change on as many games a version as the tune's screen and
says whether any single change lands in the band. Prints one row a version: the win rate as made, what
tune found (its changes, the games it used, the check on fresh games, or why it could not decide), and
explore's single changes into the band.
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
from zwar_author.playtest.tune import SCREEN, tune

ROOT = Path(__file__).parents[1] / "content" / "core" / "missions"
MISSIONS = ("supply-run", "break-and-enter", "inbound", "the-crossing")
#: Reference missions that declare no band: the Exodus mission as its cautious bots first played it
#: (10 of 100 games won) sits in this one, the band of Z War One's first campaign chapter.
BANDS = {"the-crossing": "win_rate in 0.05..0.35"}


def versions(path: Path) -> dict[str, str]:
    """The harder and the easier source of the mission at ``path``."""
    mission, _ = load_mission(path)
    assert mission is not None
    source = tomlkit.parse(path.read_text(encoding="utf-8"))
    every = {k.key: k for k in K.knobs(mission_document(mission.compiled), source)}
    limited = "turn-limit-3" in every
    meds = [k for k in every.values() if k.kind == K.Kind.ITEMS and "med-pack" in k.text][:1]
    off_nothing = [k for key, k in every.items() if key.endswith((":what:0>1", ":table:0>1"))]
    to_nothing = [k for key, k in every.items() if key.endswith((":what:1>0", ":table:1>0"))]
    more = [] if limited else [k for key, k in every.items() if key.startswith("infected+")]
    fewer = [k for key, k in every.items() if key.startswith("infected-")]
    harder = ([every["turn-limit-3"]] if limited else []) + meds + off_nothing + more
    easier = ([every["turn-limit+3"]] if limited else []) + fewer + to_nothing
    return {"harder": K.written(source, harder), "easier": K.written(source, easier)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("missions", nargs="*", default=list(MISSIONS))
    parser.add_argument("--budget", type=int, default=6000)
    parser.add_argument("--runs", type=int, default=100, help="trial games a version (the screen's at most)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--versions", default="harder,easier", help="which versions, comma separated")
    parser.add_argument("--no-explore", action="store_true", help="the tune alone (explore's row left out)")
    args = parser.parse_args()
    for name in args.missions:
        path = ROOT / f"{name}.toml"
        for label, text in versions(path).items():
            if label not in args.versions.split(","):
                continue
            hidden = path.with_name(f".{name}.{label}.toml")
            hidden.write_text(text, encoding="utf-8")
            try:
                began = time.perf_counter()
                tuned = tune(hidden, gate=BANDS.get(name), policy="cautious" if name in BANDS else None,
                             budget=args.budget, runs=args.runs, seed=args.seed, jobs=args.jobs, diff=True)
                seconds = time.perf_counter() - began
                report = tuned.report or {}
                per_version = min(args.runs, max(30, (args.budget // SCREEN) // (1 + report.get("knobs", 1))))
                best: list = []
                if not args.no_explore:
                    with tempfile.TemporaryDirectory() as out:
                        explored = explore(hidden, gate=BANDS.get(name), runs=per_version, seed=args.seed,
                                           jobs=args.jobs, policies=["cautious"], out=Path(out))
                    best = ((explored.report or {}).get("gate") or {}).get("smallest", [])
            finally:
                hidden.unlink(missing_ok=True)
            rate = report.get("as_it_is") or {}
            print(f"{name} {label}: band {report.get('band')}, as made {rate.get('value', float('nan')):.3f} "
                  f"({rate.get('count')}/{rate.get('games')})")
            print(f"  tune: {report.get('result')} with {report.get('changes', [])}, {report.get('games')} of "
                  f"{args.budget} games, {seconds:.0f} s; check {report.get('check', {}).get('win_rate')}")
            if report.get("why"):
                print(f"  why: {report['why']}")
            for rejected in report.get("rejected", []):
                print(f"  set aside: {rejected['changes']} ({rejected['why']})")
            if not args.no_explore:
                print(f"  explore at {per_version} games a version ({(1 + report.get('knobs', 0)) * per_version} games): "
                      f"single changes into the band: {best[:3] or 'none'}")


if __name__ == "__main__":
    main()
