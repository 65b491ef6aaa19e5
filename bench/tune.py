"""`zwar tune` against `--explore` on reference missions pushed out of their bands (issue 29, item 3).

Run by hand: ``.venv/bin/python bench/tune.py [--budget GAMES] [--jobs J] [--seed S] [MISSION ...]``.

Each reference mission of Z War One and Exodus (``MISSIONS``: every one declares its band; Agent Z's
versus missions are refused by `zwar tune` and left out) is made harder and easier from its source with
the same knobs `zwar tune` uses, so each is a source a designer could have written: *harder* (the time
limit three turns earlier where the mission has one, or the turn to survive to three later, its first
med pack on the map left out, and in each spawn table of what appears a face moved from its first row,
"nothing", to the next; a mission without a time limit also gets one more infected at the start on every
spawn point) and *easier* (the time limit three turns later, or the turn to survive to three earlier,
every infected at the start left out, and in each spawn table of what appears a face moved to "nothing"
from the row after it). Each is written beside the original as a hidden file, tuned back into the band
within ``--budget`` games, trial games of ``--runs`` a version (``--diff``: nothing is written over it),
and removed.

Beside it, `--explore` on the same budget: every single change it knows, as many games a version as
divide the budget among them, and its best single change into the band (the smallest, nearest the
band's middle); with ``--check`` that change, where a source can say it, is written into the source
and played on fresh games (seed + 1000, ``--runs`` games), as `zwar tune` checks its own. Prints one
row a version: the win rate as made, what tune found (its changes, the games it used, the check on
fresh games, or why it could not decide), and explore's best single change.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import tomlkit

from zwar_author.compile.reader import mission_document
from zwar_author.engine.state import DEFAULT_SETUP
from zwar_author.play.load import load_mission
from zwar_author.playtest import knobs as K
from zwar_author.playtest.explore import changes, explore
from zwar_author.playtest.project import playtest
from zwar_author.playtest.tune import tune

CONTENT = Path(__file__).parents[1] / "content"
#: The reference missions of Z War One and Exodus, each with its declared band.
MISSIONS = {name: CONTENT / pack / "missions" / f"{name}.toml" for pack, names in (
    ("core", ("supply-run", "the-tower", "break-and-enter", "inbound", "hold-out", "the-crossing")),
    ("exodus", ("the-beach", "the-ferry"))) for name in names}


def versions(path: Path) -> dict[str, str]:
    """The harder and the easier source of the mission at ``path``."""
    mission, _ = load_mission(path)
    assert mission is not None
    source = tomlkit.parse(path.read_text(encoding="utf-8"))
    every = {k.key: k for k in K.knobs(mission_document(mission.compiled), source)}
    limited = "turn-limit-3" in every
    survive = limited and every["turn-limit-3"].text.startswith("survive")  # a longer wait is the harder
    sooner, later = (every["turn-limit+3"], every["turn-limit-3"]) if survive else (every.get("turn-limit-3"),
                                                                                   every.get("turn-limit+3"))
    meds = [k for k in every.values() if k.kind == K.Kind.ITEMS and "med-pack" in k.text][:1]
    off_nothing = [k for key, k in every.items() if key.endswith((":what:0>1", ":table:0>1"))]
    to_nothing = [k for key, k in every.items() if key.endswith((":what:1>0", ":table:1>0"))]
    more = [] if limited else [k for key, k in every.items() if key.startswith("infected+")]
    fewer = [k for key, k in every.items() if key.startswith("infected-")]
    harder = ([sooner] if sooner else []) + meds + off_nothing + more
    easier = ([later] if later else []) + fewer + to_nothing
    return {"harder": K.written(source, harder), "easier": K.written(source, easier)}


def explored(hidden: Path, budget: int, runs: int, seed: int, jobs: int, check: bool) -> dict:
    """`--explore` on ``budget`` games: its best single change into the band, and (``check``) that
    change written into the source and played on fresh games."""
    mission, _ = load_mission(hidden)
    assert mission is not None
    document = mission_document(mission.compiled)
    per_version = max(10, budget // (1 + len(changes(mission, DEFAULT_SETUP, document))))
    with tempfile.TemporaryDirectory() as out:
        report = explore(hidden, runs=per_version, seed=seed, jobs=jobs, policies=["cautious"], out=Path(out)).report
    gate = (report or {}).get("gate") or {}
    best = gate.get("smallest", [])
    row = {"per_version": per_version, "games": per_version * (1 + len((report or {}).get("changes", []))),
           "best": best[:1], "text": [c["change"] for c in (report or {}).get("changes", []) if c["key"] in best[:1]]}
    if check and best:
        source = tomlkit.parse(hidden.read_text(encoding="utf-8"))
        knob = {k.key: k for k in K.knobs(document, source)}.get(best[0])
        if knob is None:
            row["check"] = "not a change a source can say"
            return row
        fresh = hidden.with_name(f".{hidden.stem}.explored.toml")
        fresh.write_text(K.written(source, [knob]), encoding="utf-8")
        try:
            with tempfile.TemporaryDirectory() as out:
                played = playtest(fresh, runs=runs, seed=seed + 1000, jobs=jobs, policies=["cautious"], out=Path(out))
        finally:
            fresh.unlink(missing_ok=True)
        w = (played.gated or {}).get("win_rate", {})
        row["check"] = f"{w.get('value')} ({w.get('wins')}/{w.get('games')}), {'in' if played.passed else 'OUT of'} the band"
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("missions", nargs="*", default=list(MISSIONS), help=f"of {', '.join(MISSIONS)}")
    parser.add_argument("--budget", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=100, help="trial games a version (the screen's at most)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--versions", default="harder,easier", help="which versions, comma separated")
    parser.add_argument("--no-explore", action="store_true", help="the tune alone (explore's row left out)")
    parser.add_argument("--no-tune", action="store_true", help="explore alone (the tune's rows left out)")
    parser.add_argument("--check", action="store_true", help="explore's best single change played on fresh games")
    args = parser.parse_args()
    for name in args.missions:
        path = MISSIONS[name]
        for label, text in versions(path).items():
            if label not in args.versions.split(","):
                continue
            hidden = path.with_name(f".{name}.{label}.toml")
            hidden.write_text(text, encoding="utf-8")
            try:
                if not args.no_tune:
                    _tuned(hidden, name, label, args)
                if not args.no_explore:
                    row = explored(hidden, args.budget, args.runs, args.seed, args.jobs, args.check)
                    print(f"{name} {label}: explore at {row['per_version']} games a version ({row['games']} games): "
                          f"best single change into the band: {row['text'] or 'none'}"
                          + (f"; fresh: {row['check']}" if "check" in row else ""))
            finally:
                hidden.unlink(missing_ok=True)
            print(flush=True)


def _tuned(hidden: Path, name: str, label: str, args: argparse.Namespace) -> None:
    """zwar tune on one version, its row printed."""
    began = time.perf_counter()
    tuned = tune(hidden, budget=args.budget, runs=args.runs, seed=args.seed, jobs=args.jobs, diff=True)
    seconds = time.perf_counter() - began
    report = tuned.report or {}
    rate = report.get("as_it_is") or {}
    print(f"{name} {label}: band {report.get('band')}, as made {rate.get('value', float('nan')):.3f} "
          f"({rate.get('count')}/{rate.get('games')})")
    print(f"  tune: {report.get('result')} with {report.get('changes', [])}, {report.get('games')} of "
          f"{args.budget} games, {seconds:.0f} s; check {report.get('check', {}).get('win_rate')}")
    if report.get("why"):
        print(f"  why: {report['why']}")
    for rejected in report.get("rejected", []):
        print(f"  set aside: {rejected['changes']} ({rejected['why']})")


if __name__ == "__main__":
    main()
