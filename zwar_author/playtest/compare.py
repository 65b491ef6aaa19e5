"""Two versions of a mission side by side, on the same seeds: what an edit did to the win rate.

Game ``i`` of both versions is played from the same seeds (its dice and the bots' own choices), so
the games come in pairs and luck largely cancels out: the change in win rate comes with a paired
interval (Newcombe's score interval for a difference of paired proportions) and an exact McNemar
test on the games only one version won. The first game whose outcome differs is named, with the
`zwar replay` command of each version, so a pack's CI can show what an edit did.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path

from ..compile.reader import mission_document
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup
from ..errors import Report, UsageError
from .gate import Gate
from .paired import Games, mcnemar, paired, points  # noqa: F401 (mcnemar: the name others import from here)
from .project import band, check_policies, directors_for, prepare
from .report import percent, replay_command, summary, write
from .runner import Plan, run, workers

FORMAT = "zwar-playtest-compare/1"


def first_difference(before: Games, after: Games) -> int | None:
    """The first game one version won and the other lost."""
    return next((i for i in range(before.runs) if before.won(i) != after.won(i)), None)


def outcome(game: tuple[bool, int, str | None] | None) -> str:
    assert game is not None
    won, turns, cause = game
    return f"won in turn {turns}" if won else f"lost in turn {turns} ({cause})"


@dataclass
class Comparison:
    problems: Report  # both versions' diagnostics (nothing was played when they hold errors)
    reports: list[dict] = field(default_factory=list)  # one a policy
    files: list[Path] = field(default_factory=list)
    gate: Gate | None = None  # the band the new version is held to
    gated: dict | None = None  # the new version's playtest report the gate was checked against

    @property
    def passed(self) -> bool:
        return self.gate is None or self.gated is None or self.gate.holds(self.gated)

    def summary(self) -> str:
        return "\n".join(text(r) for r in self.reports)


def compare(old: Path, new: Path, *, runs: int | None, seed: int, jobs: int, policies: list[str], out: Path,
            gate: str | None = None, scheduler: str | None = None, setup: Setup = DEFAULT_SETUP,
            search: Sequence[Path] = (), progress=None) -> Comparison:
    """Play ``runs`` games of both versions of a mission on the same seeds, for each policy, and
    report the change; writes ``OUT/<mission>-compare.json``. The band (``gate``, else the new
    version's own) is checked against the new version."""
    check_policies(policies)
    before, problems, setup_before = prepare(old, setup, search)
    after, problems_after, setup_after = prepare(new, setup, search)
    problems.extend(problems_after.diagnostics)
    if before is None or after is None:
        return Comparison(problems)
    if setup_before.perks != setup_after.perks:
        raise UsageError(f"{old} and {new} give the heroes different perks: compare them with the same "
                         "ones (--perk)")
    checked, gated, policies, runs = band(after, gate, policies, runs)
    if progress is not None:
        progress.total = 2 * runs * len(policies)
    result = Comparison(problems, gate=checked)
    step = progress.update if progress is not None else None
    with workers(jobs, scheduler) as pool:  # one set of workers for both versions and every policy
        for name in policies:
            pair, report_new = _pair(name, (old, before, setup_before), (new, after, setup_after), runs, seed, jobs,
                                     step, search, pool)
            result.reports.append(pair)
            if checked is not None and name == gated:
                result.gated = report_new
    stem = f"{after.compiled.mission.id}-compare"
    verdict = None if checked is None or result.gated is None else {
        "band": str(checked), "policy": gated, "value": checked.value(result.gated), "passed": result.passed}
    document = {"format": FORMAT, "comparisons": result.reports, "gate": verdict}
    result.files = write(out, stem, {".json": json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"})
    return result


def _pair(policy: str, old: tuple[Path, Mission, Setup], new: tuple[Path, Mission, Setup], runs: int, seed: int,
          jobs: int, step, search: Sequence[Path], pool: Executor | None) -> tuple[dict, dict]:
    """One policy's games of both versions: what changed, and the new version's playtest report."""
    sides = []
    for path, mission, setup in (old, new):
        plan = Plan(mission_document(mission.compiled), policy, runs, seed, setup,
                    director=directors_for(mission, setup)[0])
        played = Games(runs)
        totals = run(plan, jobs, step, mission=mission, each=played, pool=pool)
        sides.append((plan, played, summary(mission, plan, totals, str(path), search)))
    (plan_old, played_old, report_old), (plan_new, played_new, report_new) = sides
    first = first_difference(played_old, played_new)
    return {
        "policy": policy, "director": report_new["director"], "runs": runs, "seed": seed, "old": _side(report_old),
        "new": _side(report_new),
        "change": paired(played_old, played_new),
        "first_difference": None if first is None else {
            "game": first, "old": outcome(played_old.games[first]), "new": outcome(played_new.games[first]),
            "replay_old": replay_command(str(old[0]), plan_old, first, search),
            "replay_new": replay_command(str(new[0]), plan_new, first, search)},
    }, report_new


def _side(report: dict) -> dict:
    return {"source": report["source"], "mission": report["mission"], "win_rate": report["win_rate"]}


def text(report: dict) -> str:
    """The comparison a designer (or a pack's CI log) reads."""
    against = f" against the {report['director']} director" if report.get("director") else ""
    lines = [(f"{report['new']['mission']['title']}: old against new, policy {report['policy']}{against}, "
              f"{report['runs']} games each on the same seeds (seed {report['seed']})")]
    for side in ("old", "new"):
        w = report[side]["win_rate"]
        lines.append(f"  {side}: {report[side]['source']}: win rate {percent(w['value'])} ({w['wins']}/{w['games']}), "
                     f"95% interval {percent(w['low'])} to {percent(w['high'])}")
    c = report["change"]
    lines.append(f"  change: {points(c)}; {c['won_only_after']} games won only by new, {c['won_only_before']} only "
                 f"by old; McNemar exact p = {c['p']:.3g}")
    first = report["first_difference"]
    if first is None:
        lines.append(f"  no game won by one version was lost by the other ({report['runs']} games)")
    else:
        lines += [f"  first game whose outcome differs: game {first['game']} (old: {first['old']}; new: {first['new']})",
                  f"    old: {first['replay_old']}", f"    new: {first['replay_new']}"]
    return "\n".join(lines)
