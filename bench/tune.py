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
from the row after it). A version is pushed again (the same changes, from where the last push left it)
until a playtest of ``--runs`` games (seed + 2000) finds it clearly outside its band (its 95% interval
wholly beyond the band's edge), at most ``--pushes`` times: a version still inside its band is no test of
tuning, and one that cannot be pushed out is said so. Each is written beside the original as a hidden file, tuned back into the band
within ``--budget`` games, trial games of ``--runs`` a version (``--diff``: nothing is written over it),
and removed.

Beside it, `--explore` on the same budget: every single change it knows, as many games a version as
divide the budget among them, and its best single change into the band (the smallest, nearest the
band's middle); with ``--check`` that change, where a source can say it, is written into the source
and played on fresh games (seed + 1000, ``--runs`` games), as `zwar tune` checks its own. Prints one
row a version: the win rate as made, what tune found (its changes, the games it used, the check on
fresh games, or why it could not decide), and explore's best single change; at the end, the table
of every version (bench/README.md's).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import tomlkit

from zwar_author.compile.reader import mission_document
from zwar_author.engine.state import DEFAULT_SETUP
from zwar_author.play.load import load_mission
from zwar_author.playtest import knobs as K
from zwar_author.playtest.explore import changes, explore
from zwar_author.playtest.gate import Gate
from zwar_author.playtest.project import playtest
from zwar_author.playtest.tune import tune

CONTENT = Path(__file__).parents[1] / "content"
#: The reference missions of Z War One and Exodus, each with its declared band.
MISSIONS = {name: CONTENT / pack / "missions" / f"{name}.toml" for pack, names in (
    ("core", ("supply-run", "the-tower", "break-and-enter", "inbound", "hold-out", "the-crossing")),
    ("exodus", ("the-beach", "the-ferry"))) for name in names}


PUSHES = 4  # the most times a version is pushed before it is given up as still inside its band


@contextmanager
def beside(path: Path, name: str, text: str) -> Iterator[Path]:
    """``text`` as the file ``name`` beside ``path`` (so that the mission's pack is found), removed afterwards."""
    hidden = path.with_name(name)
    hidden.write_text(text, encoding="utf-8")
    try:
        yield hidden
    finally:
        hidden.unlink(missing_ok=True)


def pushed(path: Path, text: str, label: str) -> str:
    """The source ``text`` (of the mission at ``path``) pushed once more ``label`` ("harder" or "easier");
    the same text when no knob is left to push it with."""
    with beside(path, f".{path.stem}.pushing.toml", text) as hidden:
        mission, _ = load_mission(hidden)
    assert mission is not None
    source = tomlkit.parse(text)
    every = {k.key: k for k in K.knobs(mission_document(mission.compiled), source)}
    limits = [k for k in every.values() if k.kind == K.Kind.TURN_LIMIT]
    survive = bool(limits) and limits[0].text.startswith("survive")  # a longer wait is the harder
    sooner, later = (every.get("turn-limit+3"), every.get("turn-limit-3")) if survive else (
        every.get("turn-limit-3"), every.get("turn-limit+3"))
    if label == "harder":
        meds = [k for k in every.values() if k.kind == K.Kind.ITEMS and "med-pack" in k.text][:1]
        off_nothing = [k for key, k in every.items() if key.endswith((":what:0>1", ":table:0>1"))]
        more = [] if limits else [k for key, k in every.items() if key.startswith("infected+")]
        chosen = ([sooner] if sooner else []) + meds + off_nothing + more
    else:
        fewer = [k for key, k in every.items() if key.startswith("infected-")]
        to_nothing = [k for key, k in every.items() if key.endswith((":what:1>0", ":table:1>0"))]
        chosen = ([later] if later else []) + fewer + to_nothing
    return K.written(source, chosen) if chosen else text


def clearly_out(rate: dict, band: Gate, label: str) -> bool:
    """Whether a win rate's 95% interval is wholly on the pushed side of the band: a version still
    inside it (or near its edge) is no test of tuning."""
    return rate["high"] < band.low if label == "harder" else rate["low"] > band.high


def versions(path: Path, measure: Callable[[Path], tuple[dict, Gate]], labels: Sequence[str] = ("harder", "easier"),
             pushes: int = PUSHES) -> dict[str, dict]:
    """The harder and the easier source of the mission at ``path``, each pushed again until
    ``measure`` (a playtest of a source: its win rate and band) finds it clearly outside its band, at
    most ``pushes`` times: ``text``, ``pushes``, the ``rate`` measured and whether it is ``out``."""
    original = path.read_text(encoding="utf-8")
    found = {}
    for label in labels:
        text, rate, out, n = original, None, False, 0
        while n < pushes and not out:
            again = pushed(path, text, label)
            if again == text:
                break  # nothing left to push it with
            text, n = again, n + 1
            with beside(path, f".{path.stem}.{label}.measuring.toml", text) as hidden:
                rate, band = measure(hidden)
            out = clearly_out(rate, band, label)
        found[label] = {"text": text, "pushes": n, "rate": rate, "out": out}
    return found


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
        with beside(hidden, f".{hidden.stem}.explored.toml", K.written(source, [knob])) as fresh, \
                tempfile.TemporaryDirectory() as out:
            played = playtest(fresh, runs=runs, seed=seed + 1000, jobs=jobs, policies=["cautious"], out=Path(out))
        w = (played.gated or {}).get("win_rate", {})
        row["check"] = f"{w.get('value')} ({w.get('wins')}/{w.get('games')}), {'in' if played.passed else 'OUT of'} the band"
    return row


def measured(runs: int, seed: int, jobs: int) -> Callable[[Path], tuple[dict, Gate]]:
    """A playtest of a source on ``runs`` games of the cautious bots: its win rate and its band."""
    def measure(path: Path) -> tuple[dict, Gate]:
        with tempfile.TemporaryDirectory() as out:
            played = playtest(path, runs=runs, seed=seed, jobs=jobs, policies=["cautious"], out=Path(out))
        assert played.gated is not None and played.gate is not None, [d.human() for d in played.problems.errors]
        return played.gated["win_rate"], played.gate
    return measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("missions", nargs="*", default=list(MISSIONS), help=f"of {', '.join(MISSIONS)}")
    parser.add_argument("--budget", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=100, help="trial games a version (the screen's at most), and the "
                                                               "games a push is measured on")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pushes", type=int, default=PUSHES, help="the most pushes a version")
    parser.add_argument("--versions", default="harder,easier", help="which versions, comma separated")
    parser.add_argument("--no-explore", action="store_true", help="the tune alone (explore's row left out)")
    parser.add_argument("--no-tune", action="store_true", help="explore alone (the tune's rows left out)")
    parser.add_argument("--check", action="store_true", help="explore's best single change played on fresh games")
    args = parser.parse_args()
    measure = measured(args.runs, args.seed + 2000, args.jobs)
    table = ["| version | pushes | as pushed | zwar tune | games | --explore's best single change | games |",
             "|---|---|---|---|---|---|---|"]
    for name in args.missions:
        path = MISSIONS[name]
        for label, version in versions(path, measure, args.versions.split(","), args.pushes).items():
            rate = version["rate"] or {}
            said = (f"{rate.get('value', float('nan')):.3f} ({rate.get('wins')}/{rate.get('games')}, "
                    f"{rate.get('low')} to {rate.get('high')})")
            print(f"{name} {label}: pushed {version['pushes']} times: {said}, "
                  f"{'clearly outside its band' if version['out'] else 'NOT clearly outside its band'}", flush=True)
            tuned, row = {}, {}
            with beside(path, f".{name}.{label}.toml", version["text"]) as hidden:
                if not args.no_tune:
                    tuned = _tuned(hidden, name, label, args)
                if not args.no_explore:
                    row = explored(hidden, args.budget, args.runs, args.seed, args.jobs, args.check)
                    print(f"{name} {label}: explore at {row['per_version']} games a version ({row['games']} games): "
                          f"best single change into the band: {row['text'] or 'none'}"
                          + (f"; fresh: {row['check']}" if "check" in row else ""))
            found = tuned.get("result", "not run")
            if tuned.get("changes"):
                found += ": " + "; ".join(tuned["changes"])
            best = "; ".join(row.get("text", [])) or ("none" if row else "not run")
            if "check" in row:
                best += f" (fresh: {row['check']})"
            table.append(f"| {name}, {label} | {version['pushes']}{'' if version['out'] else ' (still inside)'} | "
                         f"{said} | {found} | {tuned.get('games', '')} | {best} | {row.get('games', '')} |")
            print(flush=True)
    print("\n".join(table), flush=True)


def _tuned(hidden: Path, name: str, label: str, args: argparse.Namespace) -> dict:
    """zwar tune on one version, its row printed; its report."""
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
    return report


if __name__ == "__main__":
    main()
