"""`zwar tune`: the few changes, together, that bring a mission into its band, written back into its source.

The search spends games where they tell most, always on common seeds (game ``i`` of every version
from the same dice and the same bots' choices), so every comparison is paired:

1. **Screen.** The mission as it is and every knob alone (``knobs``), each on the same games: what
   each change does to the win rate, on its own.
2. **Propose.** Combinations of up to three knobs of different groups, their effect predicted by
   adding the screened effects (a first-order model, as the one-tuples of an N-tuple bandit), the
   ones predicted nearest the band's middle with the fewest and smallest changes first.
3. **Try.** The proposals played on fresh games, the mission as it is beside them; the first in the
   band (fewest changes, then smallest, then nearest the middle) is taken.
4. **Prove.** Each knob of it played left out again on those games: a knob stays only when the games
   show it matters (an exact McNemar test on the games that only one version won, at 5% divided by
   the number of knobs screened: Bonferroni's correction for having looked at them all). A knob that
   does not matter, and whose absence keeps the mission in the band, is dropped; one the band needs is
   compared again on twice as many games, and again, while the budget lasts, and if still undecided
   sends the search to its next proposal.
5. **Check.** The source with the changes written into it is compiled again and played on games
   none of the steps above saw: only if it falls in the band (and keeps the skill gap asked for) is
   it written, whole, and only over a file that has not changed since the search began.

The budget counts every game played; a search that would pass it stops and says how far it came.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit

from ..compile.reader import board_of, mission_document, model_of
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup
from ..errors import Report, UsageError
from ..publish import write_whole
from .gate import Gate
from .knobs import Kind, Knob, compatible, knobs, played, written
from .paired import Games, mcnemar, paired
from .policies import POLICIES
from .project import band, check_policies, directors_for, prepare
from .report import share, summary, win_share
from .runner import Plan, run, workers

FORMAT = "zwar-tune/1"
MOST = 3  # knobs in one combination
PROPOSALS = 6  # combinations tried on fresh games
ALPHA = 0.05
_GAP = re.compile(r"^\s*([a-z]+)\s*-\s*([a-z]+)\s*>=\s*([0-9.]+)\s*$")


@dataclass(frozen=True)
class SkillGap:
    """``search - cautious >= 0.15``: the better player must still win this much more often."""

    better: str
    worse: str
    least: float

    def __str__(self) -> str:
        return f"{self.better} - {self.worse} >= {self.least:g}"


def parse_gap(text: str) -> SkillGap:
    m = _GAP.match(text)
    if not m:
        raise UsageError(f"--gap {text!r}: write BETTER - WORSE >= POINTS, like \"planner - cautious >= 0.15\"")
    better, worse = m[1], m[2]
    for name in (better, worse):
        if name not in POLICIES:
            raise UsageError(f"--gap {text!r}: unknown policy `{name}`: one of {', '.join(POLICIES)}")
    least = float(m[3])
    if not 0 <= least <= 1:
        raise UsageError(f"--gap {text!r}: the gap is a share of games, from 0 to 1")
    return SkillGap(better, worse, least)


def parse_fixed(names: Sequence[str]) -> tuple[Kind, ...]:
    kinds = {k.value: k for k in Kind}
    unknown = [n for n in names if n not in kinds]
    if unknown:
        raise UsageError(f"--fixed {unknown[0]}: not a kind of change: one of {', '.join(kinds)}")
    return tuple(kinds[n] for n in names)


@dataclass
class Tuning:
    problems: Report
    report: dict | None = None
    text: str = ""  # the tuned source, when one was found and checked
    diff: str = ""
    written: Path | None = None

    @property
    def found(self) -> bool:
        return self.report is not None and self.report["result"] == "tuned"

    def summary(self) -> str:
        return describe(self.report) if self.report is not None else ""


class _Budget:
    """The games the search may still play."""

    def __init__(self, games: int) -> None:
        self.left = games
        self.used = 0

    def take(self, games: int) -> bool:
        if games > self.left:
            return False
        self.left -= games
        self.used += games
        return True


@dataclass
class _Search:
    """What every step shares: the mission, how its games are played, and the games spent."""

    document: dict
    setup: Setup
    policy: str
    seed: int
    jobs: int
    pool: object
    budget: _Budget
    director: str
    progress: object = None
    played: dict = field(default_factory=dict)  # (keys, policy, series, runs) -> (Games, report)

    def play(self, chosen: Sequence[Knob], runs: int, series: int, policy: str | None = None,
             document: dict | None = None) -> tuple[Games, dict] | None:
        """The games of one version (None when the budget has not got them left)."""
        policy = policy or self.policy
        key = (tuple(sorted(k.key for k in chosen)), policy, series, runs, document is not None)
        if key in self.played:
            return self.played[key]
        if not self.budget.take(runs):
            return None
        version = document if document is not None else played(self.document, chosen)
        mission = Mission(model_of(version), board_of(version))
        plan = Plan(version, policy, runs, _series(self.seed, series), self.setup, director=self.director)
        games = Games(runs)
        step = getattr(self.progress, "update", None)
        totals = run(plan, self.jobs, step, mission=mission, each=games, pool=self.pool)  # type: ignore[arg-type]
        self.played[key] = games, summary(mission, plan, totals, "")
        return self.played[key]


def _series(seed: int, series: int) -> int:
    """The seed of one step's games: every step plays games the others did not see."""
    return int.from_bytes(hashlib.sha256(f"zwar-tune:{seed}:{series}".encode()).digest()[:6], "little")


def tune(path: Path, *, gate: str | None = None, policy: str | None = None, budget: int = 20000,
         runs: int | None = None, seed: int = 1, jobs: int = 1, gap: str | None = None, fixed: Sequence[str] = (),
         out: Path | None = None, diff: bool = False, scheduler: str | None = None, setup: Setup = DEFAULT_SETUP,
         search: Sequence[Path] = (), progress=None) -> Tuning:
    """Find the smallest combination of knobs that brings the mission at ``path`` (a TOML source) into
    its band (``gate``, else the mission's own) for ``policy`` and write it back (to ``out``, else over
    ``path``; with ``diff`` nothing is written and the unified diff is returned)."""
    if path.suffix != ".toml":
        raise UsageError(f"{path}: zwar tune edits a mission's TOML source; give the .toml file")
    gap_rule = parse_gap(gap) if gap else None
    kinds = parse_fixed(fixed)
    if policy is not None:
        check_policies([policy])
    original = path.read_bytes()
    mission, problems, setup = prepare(path, setup, search)
    if mission is None:
        return Tuning(problems)
    checked, gated, _, runs = band(mission, gate, [policy] if policy else ["cautious"], runs)
    gated = policy or gated
    if checked is None:
        raise UsageError(f"{path}: no band to tune into: give --band LOW..HIGH or a [mission.playtest] band")
    if checked.metric != "win_rate" or checked.side is not None:
        raise UsageError("zwar tune holds a co-operative mission's win rate: a versus mission's sides are not tuned yet")
    document = mission_document(mission.compiled)
    source = tomlkit.parse(original.decode("utf-8"))
    tried = knobs(document, source, kinds)
    director = directors_for(mission, setup)[0]
    with workers(jobs, scheduler) as pool:
        state = _Search(document, setup, gated, seed, jobs, pool, _Budget(budget), director, progress)
        report = _search(state, tried, checked, gap_rule, runs, source, path, search)
    report.update({"format": FORMAT, "mission": {"pack": mission.compiled.pack, "id": mission.compiled.mission.id,
                                                 "title": mission.compiled.mission.title},
                   "source": str(path), "policy": gated, "band": str(checked), "seed": seed,
                   "gap": str(gap_rule) if gap_rule else None, "fixed": [k.value for k in kinds],
                   "knobs": len(tried), "budget": budget, "games": state.budget.used})
    result = Tuning(problems, report)
    if report["result"] != "tuned":
        return result
    result.text = written(source, [k for k in tried if k.key in report["changes_keys"]])
    result.diff = "".join(difflib.unified_diff(original.decode("utf-8").splitlines(True),
                                               result.text.splitlines(True), f"a/{path.name}", f"b/{path.name}"))
    if not diff:
        target = out or path
        if path.read_bytes() != original:
            raise UsageError(f"{path} changed while the search ran: nothing written; run zwar tune again")
        write_whole(target, result.text)
        result.written = target
    return result


def _search(state: _Search, tried: list[Knob], checked: Gate, gap: SkillGap | None, runs: int,
            source: tomlkit.TOMLDocument, path: Path, search: Sequence[Path]) -> dict:
    middle = (checked.low + checked.high) / 2
    screen_runs = min(runs, max(30, (state.budget.left // 2) // (1 + len(tried))))
    base = state.play([], screen_runs, 0)
    if base is None:
        return {"result": "out of budget", "step": "screen", "as_it_is": None}
    as_it_is = win_share(base[1])
    if checked.holds(base[1]):
        return {"result": "in band", "as_it_is": as_it_is, "changes": [], "changes_keys": []}
    effects = {}
    for knob in tried:
        one = state.play([knob], screen_runs, 0)
        if one is None:
            return {"result": "out of budget", "step": "screen", "as_it_is": as_it_is}
        effects[knob.key] = paired(base[0], one[0])["difference"]
    value = base[1]["win_rate"]["value"]
    alpha = ALPHA / max(1, len(tried))
    rejected: list[dict] = []
    seen: set[tuple[str, ...]] = set()
    scale = 1.0  # how far the screened effects carried when added up, learnt from each proposal missed
    for _ in range(PROPOSALS):
        proposals = [p for p in _proposals(tried, effects, value, checked, middle, scale)
                     if tuple(k.key for k in p) not in seen]
        if not proposals:
            break
        chosen = proposals[0]
        seen.add(tuple(k.key for k in chosen))
        outcome = _try(state, list(chosen), checked, middle, runs, alpha, gap)
        if outcome["result"] == "out of budget":
            return {**outcome, "as_it_is": as_it_is, "rejected": rejected}
        if outcome["result"] != "proved":
            rejected.append({"changes": [k.text for k in chosen], "why": outcome["why"]})
            if "observed" in outcome:
                predicted = sum(effects[k.key] for k in chosen)
                scale = min(2.0, max(0.2, (outcome["observed"] - outcome["base"]) / predicted)) if predicted else scale
            continue
        kept = outcome["kept"]
        check = _check(state, source, kept, path, search, checked, runs, gap)
        if check["result"] != "checked":
            rejected.append({"changes": [k.text for k in kept], "why": check["why"]})
            if check["result"] == "out of budget":
                return {**check, "as_it_is": as_it_is, "rejected": rejected}
            continue
        return {"result": "tuned", "as_it_is": as_it_is, "changes": [k.text for k in kept],
                "changes_keys": [k.key for k in kept], "tests": outcome["tests"], "check": check, "rejected": rejected}
    return {"result": "not found", "as_it_is": as_it_is, "rejected": rejected,
            "why": f"no combination of up to {MOST} changes was shown to bring the mission into the band"}


def _proposals(tried: list[Knob], effects: dict[str, float], value: float, checked: Gate, middle: float,
               scale: float = 1.0) -> list[tuple[Knob, ...]]:
    """The combinations to try, best first: predicted inside the band, fewest knobs, smallest, nearest
    the middle (the effects added, each knob's own as screened, times ``scale``: what the proposals
    played so far showed of how far such sums carry)."""
    useful = [k for k in tried if (effects[k.key] > 0) == (middle > value) and effects[k.key] != 0]
    scored = []
    for count in range(1, MOST + 1):
        for chosen in itertools.combinations(useful, count):
            if not compatible(chosen):
                continue
            predicted = value + scale * sum(effects[k.key] for k in chosen)
            if checked.low <= predicted <= checked.high:
                scored.append(((count, sum(k.size for k in chosen), round(abs(predicted - middle), 6),
                                tuple(k.key for k in chosen)), chosen))
    scored.sort(key=lambda s: s[0])
    return [chosen for _, chosen in scored[:PROPOSALS]]


def _try(state: _Search, chosen: list[Knob], checked: Gate, middle: float, runs: int, alpha: float,
         gap: SkillGap | None) -> dict:
    """One proposal on fresh games (series 1); then each of its knobs shown to matter, or dropped."""
    base = state.play([], runs, 1)
    version = state.play(chosen, runs, 1)
    if base is None or version is None:
        return {"result": "out of budget", "step": "try"}
    if not checked.holds(version[1]):
        return {"result": "missed", "observed": version[1]["win_rate"]["value"], "base": base[1]["win_rate"]["value"],
                "why": f"win rate {version[1]['win_rate']['value']:g} on fresh games, "
                                           f"outside {checked}"}
    tests = []
    for knob in list(chosen):
        rest = [k for k in chosen if k is not knob]
        without = state.play(rest, runs, 1)
        if without is None:
            return {"result": "out of budget", "step": "prove"}
        effect = paired(without[0], version[0])
        p = mcnemar(effect["won_only_after"], effect["won_only_before"])
        if p < alpha:
            tests.append({"change": knob.text, "effect": effect, "p": p, "alpha": alpha})
            continue
        if rest and checked.holds(without[1]):
            chosen = rest  # not needed: the others hold the band without it
            version = without
            continue
        games, effect, p = _more_games(state, chosen, rest, runs, alpha)
        if p < alpha:
            tests.append({"change": knob.text, "effect": effect, "p": p, "alpha": alpha})
            continue
        return {"result": "unproved", "why": f"{knob.text}: its effect is not shown on {games} games "
                                             f"(p {p:.2g}, needs under {alpha:.2g})"}
    return {"result": "proved", "kept": chosen, "tests": tests}


def _more_games(state: _Search, chosen: list[Knob], rest: list[Knob], runs: int,
                alpha: float) -> tuple[int, dict, float]:
    """A knob needed for the band whose effect ``runs`` games could not show: the same comparison on twice
    as many games of the same series, and again, while the budget pays for both versions; the games it
    ended on, the paired effect and its p-value."""
    games, p = runs, 1.0
    effect: dict = {}
    while True:
        version, without = state.play(chosen, 2 * games, 1), state.play(rest, 2 * games, 1)
        if version is None or without is None:
            return games, effect, p
        games = 2 * games
        effect = paired(without[0], version[0])
        p = mcnemar(effect["won_only_after"], effect["won_only_before"])
        if p < alpha:
            return games, effect, p


def _check(state: _Search, source: tomlkit.TOMLDocument, kept: list[Knob], path: Path, search: Sequence[Path],
           checked: Gate, runs: int, gap: SkillGap | None) -> dict:
    """The tuned source compiled again and played on fresh games (series 2): in the band, and with
    the skill gap asked for."""
    text = written(source, kept)
    hidden = path.with_name(f".{path.stem}.tuning.toml")
    try:
        hidden.write_text(text, encoding="utf-8")
        mission, problems, _ = prepare(hidden, state.setup, search)
    finally:
        hidden.unlink(missing_ok=True)
    if mission is None:
        return {"result": "invalid", "why": "the tuned source does not compile: "
                + "; ".join(d.message for d in problems.errors[:3])}
    document = mission_document(mission.compiled)
    version = state.play(kept, runs, 2, document=document)
    if version is None:
        return {"result": "out of budget", "why": "no games left to check the tuned source", "step": "check"}
    out: dict = {"result": "checked", "win_rate": version[1]["win_rate"], "games": runs}
    if not checked.holds(version[1]):
        return {**out, "result": "missed", "why": f"the tuned source won {version[1]['win_rate']['value']:g} of "
                                                  f"fresh games, outside {checked}"}
    if gap is not None:
        better = state.play(kept, runs, 2, gap.better, document)
        worse = state.play(kept, runs, 2, gap.worse, document)
        if better is None or worse is None:
            return {"result": "out of budget", "why": "no games left to check the skill gap", "step": "check"}
        effect = paired(worse[0], better[0])
        out["gap"] = effect
        if effect["difference"] < gap.least:
            return {**out, "result": "missed", "why": f"skill gap {effect['difference']:+.2f}, asked {gap}"}
    return out


def describe(report: dict) -> str:
    """What a designer reads: what was found, the tests that keep each change, the check."""
    m = report["mission"]
    head = (f"Tuning {m['title']} ({m['pack']}/{m['id']}) into {report['band']} for the {report['policy']} bots"
            + (f", keeping {report['gap']}" if report.get("gap") else ""))
    lines = [head, f"  {report['knobs']} changes to combine; {report['games']} of {report['budget']} games played"]
    rate = report.get("as_it_is")
    if rate is not None:
        lines.append(f"  as it is: {share(rate)}")
    result = report["result"]
    if result == "in band":
        lines.append("  already in the band: nothing to change")
    elif result == "tuned":
        lines.append("  the changes, each shown to matter (paired, McNemar p under its corrected threshold):")
        for test in report["tests"]:
            e = test["effect"]
            lines.append(f"    {test['change']}: {100 * e['difference']:+.1f} points (p {test['p']:.2g})")
        check = report["check"]
        w = check["win_rate"]
        lines.append(f"  checked on {check['games']} fresh games of the tuned source: win rate {100 * w['value']:.1f}% "
                     f"(95% interval {100 * w['low']:.1f}% to {100 * w['high']:.1f}%), in the band")
        if "gap" in check:
            lines.append(f"  skill gap: {100 * check['gap']['difference']:+.1f} points ({report['gap']})")
    else:
        lines.append(f"  {result}: {report.get('why', '')}".rstrip(": "))
    for rejected in report.get("rejected", []):
        lines.append(f"  tried and set aside: {'; '.join(rejected['changes'])} ({rejected['why']})")
    return "\n".join(lines)
