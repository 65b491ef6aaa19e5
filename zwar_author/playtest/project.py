"""`zwar playtest` as one library call: load the mission, play each policy's games, write the report."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..compile.perks import over_allowance, with_mission_builds
from ..compile.reader import mission_document
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup
from ..errors import Report, UsageError
from ..games import require_playable
from ..play.load import load_mission
from .director import DIRECTORS
from .gate import Gate, check_sides, parse
from .policies import POLICIES, canonical, known, with_budget
from .report import page, summary, text, write
from .runner import Interrupted, Plan, run
from .sequential import Precision
from .skill import SkillTrace, skill_trace
from .skill import text as skill_text
from .versus import is_versus


def check_policies(policies: Sequence[str]) -> None:
    for name in policies:
        if not known(name):
            raise UsageError(f"unknown policy `{name}`: one of {', '.join(POLICIES)}")


def prepare(path: Path, setup: Setup, search: Sequence[Path]) -> tuple[Mission | None, Report, Setup]:
    """The mission at ``path`` ready to play (None when its sources hold errors), its diagnostics,
    and the setup with the mission's own perk builds; refused (CannotPlay, UsageError) when the
    engine cannot play it or the perks cost more than the mission allows."""
    mission, problems = load_mission(path, search)
    if mission is None:
        return None, problems, setup
    require_playable(mission.compiled)  # CannotPlay: refused before any game, with what is missing
    problem = over_allowance(mission.compiled, setup.perks)
    if problem is not None:
        raise UsageError(f"--perk: {problem}")
    return mission, problems, replace(setup, perks=with_mission_builds(mission.compiled, setup.perks))


def band(mission: Mission, gate: str | None, policies: list[str],
         runs: int | None) -> tuple[Gate | None, str, list[str], int]:
    """The band to hold (``gate`` text, else the mission's own), the policy it is checked against
    (put first when missing), the policies to play and the games a policy."""
    own = mission.compiled.mission.playtest
    checked = parse(gate) if gate else (Gate("win_rate", own.win_rate[0], own.win_rate[1]) if own else None)
    if checked is not None:
        roles = [r.id for r in mission.compiled.roles] if is_versus(mission) else []
        check_sides(checked, roles, f"--gate {gate!r}" if gate else "the mission's own playtest band")
    gated = own.policy if gate is None and own is not None else policies[0]
    same = [name for name in policies if canonical(name) == canonical(gated)]  # `search` is `search@16`
    if same:
        gated = same[0]
    else:
        policies = [gated, *policies]
    return checked, gated, policies, runs or (own.runs if own else 200)


def directors_for(mission: Mission, setup: Setup) -> tuple[str, ...]:
    """The directors a game is played against: a director game (or the Director's Cut) against the
    bot director, then a passive one; any other game against none."""
    return DIRECTORS if mission.compiled.mission.mode == "director" or setup.directors_cut else ("",)


@dataclass
class Result:
    problems: Report  # the mission's diagnostics (it was not played when they hold errors)
    reports: list[dict] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    gate: Gate | None = None
    gated: dict | None = None  # the report the gate was checked against
    skill: SkillTrace | None = None  # the skill trace, when asked for
    interrupted: bool = False  # Ctrl+C: the reports count the games finished by then, marked partial

    @property
    def passed(self) -> bool:
        return self.gate is None or self.gated is None or self.gate.holds(self.gated)

    @property
    def finished(self) -> int:
        """The games the report counts."""
        return sum(r["runs"] for r in self.reports)

    def summary(self) -> str:
        return "\n".join([*(text(r) for r in self.reports), *([skill_text(self.skill)] if self.skill else [])])


def playtest(path: Path, *, runs: int | None, seed: int, jobs: int, policies: list[str], out: Path,
             gate: str | None = None, keep_logs: bool = False, scheduler: str | None = None,
             setup: Setup = DEFAULT_SETUP, search: Sequence[Path] = (), progress=None, budget: int | None = None,
             skill: Sequence[int | str] | None = None, precision: float | None = None) -> Result:
    """Play ``runs`` games of the mission at ``path`` for each policy and write the report under
    ``out``; the gate (``gate`` text, else the mission's own band) is checked against the first policy.
    ``budget``: the planner's rollouts per plan (the search player's a decision); ``skill``: also play the skill trace,
    with the planner at these budgets; ``precision``: stop each policy's games once its win rate's 95%
    interval is that narrow either side (``runs`` is then the most it plays; see ``sequential``)."""
    check_policies(policies)
    policies = [canonical(with_budget(name, budget)) for name in policies]  # the report names each rung's budget
    mission, problems, setup = prepare(path, setup, search)
    if mission is None:
        return Result(problems)
    checked, gated, policies, runs = band(mission, gate, policies, runs)
    if precision is not None and is_versus(mission):
        raise UsageError("--precision holds one win rate: a versus mission has one a side (give --runs instead)")
    stop = Precision(precision) if precision is not None else None
    directors = directors_for(mission, setup)
    if progress is not None:
        progress.total = runs * len(policies) * len(directors)  # a tqdm bar, or anything with ``total``, ``update``
    document = mission_document(mission.compiled)
    result = Result(problems, gate=checked)
    stem = f"{mission.compiled.mission.id}-playtest"
    for name, director in ((name, director) for name in policies for director in directors):
        plan = Plan(document, name, runs, seed, setup, keep_logs, director)
        logs = out / f"{stem}-logs" / "-".join(filter(None, (name.replace("/", "-"), director))) if keep_logs else None
        try:
            totals = run(plan, jobs, progress.update if progress is not None else None, scheduler, logs, mission,
                         stop=stop)
        except Interrupted as stop:
            result.interrupted = True
            if stop.totals.runs:
                result.reports.append({**summary(mission, plan, stop.totals, str(path), search), "partial": True})
            break
        report = summary(mission, plan, totals, str(path), search)
        if stop is not None:
            w = report["win_rate"]
            report["precision"] = {"asked": stop.half_width, "reached": round((w["high"] - w["low"]) / 2, 4),
                                   "most": runs, "stopped": totals.runs < runs}
        result.reports.append(report)
    if result.interrupted:
        if result.reports:  # the games finished, marked partial; no gate is checked on them
            result.files = _write(out, stem, mission, result, None)
        return result
    if skill is not None:
        result.skill = skill_trace(document, runs, seed, skill, setup, jobs, scheduler, mission, director=directors[0])
    verdict = None
    if checked is not None:
        result.gated = gated_report = next(r for r in result.reports if r["policy"] == gated)
        verdict = {"band": str(checked), "policy": gated_report["policy"], "value": checked.value(gated_report),
                   "passed": result.passed}
    result.files = _write(out, stem, mission, result, verdict)
    return result


def _write(out: Path, stem: str, mission: Mission, result: Result, verdict: dict | None) -> list[Path]:
    """The report's JSON and HTML, written whole; an interrupted playtest's says it is partial."""
    document: dict = {"format": "zwar-playtest/1", "reports": result.reports, "gate": verdict}
    if result.interrupted:
        document["partial"] = True
    if result.skill is not None:
        document["skill_trace"] = result.skill.to_dict()
    return write(out, stem, {
        ".json": json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
        ".html": page(mission, result.reports, document.get("skill_trace")),
    })
