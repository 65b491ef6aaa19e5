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
from dataclasses import dataclass, field
from pathlib import Path

from ..compile.reader import mission_document
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup
from ..errors import Report, UsageError
from .gate import Gate
from .paired import Games, common, mcnemar, paired, points  # noqa: F401 (mcnemar: the name others import from here)
from .policies import canonical
from .project import band, check_policies, directors_for, prepare
from .report import PARTIAL, about, percent, replay_command, summary, write
from .runner import Plan, run, workers
from .stats import wilson

FORMAT = "zwar-playtest-compare/1"


def first_difference(before: Games, after: Games) -> int | None:
    """The first game one version won and the other lost."""
    return next((i for i in common(before, after) if before.won(i) != after.won(i)), None)


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
    interrupted: bool = False  # Ctrl+C: the policies compared by then, the last on the games both versions finished

    @property
    def passed(self) -> bool:
        return self.gate is None or self.gated is None or self.gate.holds(self.gated)

    def summary(self) -> str:
        return "\n".join(text(r) for r in self.reports)

    @property
    def finished(self) -> int:
        """The games the report counts: both versions'."""
        return sum(2 * r["runs"] for r in self.reports)


def compare(old: Path, new: Path, *, runs: int | None, seed: int, jobs: int, policies: list[str], out: Path,
            gate: str | None = None, scheduler: str | None = None, setup: Setup = DEFAULT_SETUP,
            search: Sequence[Path] = (), progress=None) -> Comparison:
    """Play ``runs`` games of both versions of a mission on the same seeds, for each policy, and
    report the change; writes ``OUT/<mission>-compare.json``. The band (``gate``, else the new
    version's own) is checked against the new version."""
    check_policies(policies)
    policies = [canonical(name) for name in policies]  # the report names each rung's budget
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
    sides: list[_Version] = []  # the policy under way: each version's games so far
    try:
        with workers(jobs, scheduler) as pool:  # one set of workers for both versions and every policy
            for name in policies:
                sides = []
                for path, mission, prepared in ((old, before, setup_before), (new, after, setup_after)):
                    side = _Version(path, mission, name, runs, seed, prepared)
                    sides.append(side)
                    totals = run(side.plan, jobs, step, mission=mission, each=side.games, pool=pool)
                    side.report = summary(mission, side.plan, totals, str(path), search)
                result.reports.append(_report(sides[0], sides[1], search))
                if checked is not None and name == gated:
                    result.gated = sides[1].report
    except KeyboardInterrupt:  # Ctrl+C: the policies compared so far, and the games both versions finished of the next
        result.interrupted = True
        under_way = len(sides) == 2 and len(result.reports) == policies.index(sides[1].plan.policy)
        if under_way and common(sides[0].games, sides[1].games):
            result.reports.append({**_report(sides[0], sides[1], search), "partial": True})
    stem = f"{after.compiled.mission.id}-compare"
    verdict = None if checked is None or result.gated is None or result.interrupted else {
        "band": str(checked), "policy": gated, "value": checked.value(result.gated), "passed": result.passed}
    document: dict = {"format": FORMAT, "comparisons": result.reports, "gate": verdict}
    if result.interrupted:
        document["partial"] = True
    if result.reports:
        result.files = write(out, stem, {".json": json.dumps(document, indent=1, sort_keys=True,
                                                             ensure_ascii=False) + "\n"})
    return result


class _Version:
    """One version of the mission as a policy plays it: its plan and the games it has finished."""

    def __init__(self, path: Path, mission: Mission, policy: str, runs: int, seed: int, setup: Setup) -> None:
        self.path, self.mission, self.games = path, mission, Games(runs)
        self.plan = Plan(mission_document(mission.compiled), policy, runs, seed, setup,
                         director=directors_for(mission, setup)[0])
        self.report: dict | None = None  # its playtest report, once every game is played

    def side(self, games: list[int]) -> dict:
        """Its source, mission and win rate over ``games``."""
        wins = sum(self.games.won(i) for i in games)
        low, high = wilson(wins, len(games))
        return {"source": str(self.path), "mission": about(self.mission),
                "win_rate": {"value": round(wins / len(games), 4), "low": round(low, 4), "high": round(high, 4),
                             "confidence": 0.95, "wins": wins, "games": len(games)}}


def _report(old: _Version, new: _Version, search: Sequence[Path]) -> dict:
    """One policy's comparison, over the games both versions finished (all of them unless interrupted)."""
    games = common(old.games, new.games)
    first = first_difference(old.games, new.games)
    return {
        "policy": new.plan.policy, "director": new.plan.director or None, "runs": len(games), "seed": new.plan.seed,
        "old": old.side(games), "new": new.side(games), "change": paired(old.games, new.games),
        "first_difference": None if first is None else {
            "game": first, "old": outcome(old.games.games[first]), "new": outcome(new.games.games[first]),
            "replay_old": replay_command(str(old.path), old.plan, first, search),
            "replay_new": replay_command(str(new.path), new.plan, first, search)},
    }


def text(report: dict) -> str:
    """The comparison a designer (or a pack's CI log) reads."""
    against = f" against the {report['director']} director" if report.get("director") else ""
    lines = [(f"{report['new']['mission']['title']}: old against new, policy {report['policy']}{against}, "
              f"{report['runs']} games each on the same seeds{PARTIAL if report.get('partial') else ''} (seed {report['seed']})")]
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
