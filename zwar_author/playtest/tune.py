"""`zwar tune`: the few changes, together, that bring a mission into its band, written back into its source.

The search spends games where they tell most, always on common seeds (game ``i`` of every version
from the same dice and the same bots' choices), so every comparison is paired:

1. **Screen.** The mission as it is and every knob alone (``knobs``), each on the same games (at
   most a third of the budget): what each change does to the win rate, on its own, and how many
   games would show it.
2. **Propose.** Combinations of up to three knobs of different groups, their effect predicted by
   adding the screened effects (a first-order model, as the one-tuples of an N-tuple bandit): the
   ones predicted in the band whose every knob the budget left can show first, those aimed at the
   band's middle (predicted within its middle half) before those near an edge, then the fewest and
   smallest changes, then the nearest the middle.
3. **Try.** The proposal played on trial games fresh to the screen, the mission as it is beside it.
   A win rate whose interval crosses the band's edge is played on twice the games (fresh series
   again), up to four looks; one clearly outside sends the search to the next proposal, with its
   knobs' effects corrected by what the trial showed (each times the share of the predicted sum it
   found) and the mission's own rate from the screen's and the trial's games together. Proposals
   are tried while the budget lasts; at most six reach the tests below. When none is predicted in
   the band, the strongest combination (each group's knob that moves the rate furthest towards it,
   the ``MOST`` that move it furthest) is tried first: clearly short of the band, it is *out of
   reach*, which more games would not change.
4. **Prove.** Each knob of it played left out on those games: a knob stays only when the games show
   it matters (an exact McNemar test on the games that only one version won, at 5% divided by the
   number of tests the proposals can make on trial games: Bonferroni's correction; the screen's
   games are not the trial's, so picking knobs on them costs nothing more). A knob that does not
   matter, and whose absence keeps the mission in the band, is dropped; one the band needs whose
   test has not passed is compared again on twice the games, up to four looks, the k-th held to the
   threshold halved k times (so all its looks together stay under it). Still unshown, the proposal
   is *undecided*: the search tries the next, and if none is proved it says so, with the closest
   proposal, its test and about how many games would decide it. It never writes an unproved change.
5. **Check.** The source with the changes written into it is compiled again and played on games
   none of the steps above saw: only if it falls in the band (and keeps the skill gap asked for) is
   it written, whole, and only over a file that has not changed since the search began.

The budget counts every game played; a search that would pass it stops and says how far it came.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist

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
from .stats import wilson
from .versus import is_versus

FORMAT = "zwar-tune/1"
MOST = 3  # knobs in one combination
PROPOSALS = 6  # combinations whose knobs are tested on trial games (those that miss the band are not)
ALPHA = 0.05
LOOKS = 4  # the most looks at one comparison, each on twice the games of the one before
SCREEN = 3  # the screen spends at most this share (one in three) of the budget
POWER = 0.8  # the chance of showing an effect the budget's estimate of games needed aims at
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
    if is_versus(mission):
        raise UsageError(f"{path}: zwar tune holds a co-operative mission's win rate; a versus mission's sides "
                         "are not tuned yet")
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
    screen_runs = min(runs, max(30, (state.budget.left // SCREEN) // (1 + len(tried))))
    base = state.play([], screen_runs, 0)
    if base is None:
        return {"result": "out of budget", "step": "screen", "as_it_is": None}
    as_it_is = win_share(base[1])
    if checked.holds(base[1]):
        looked = _as_it_is(state, base[0], checked, runs)
        if looked is None:
            return {"result": "out of budget", "step": "screen", "as_it_is": as_it_is}
        as_it_is = looked
        if checked.low <= as_it_is["value"] <= checked.high:
            return {"result": "in band", "as_it_is": as_it_is, "changes": [], "changes_keys": []}
    effects, screened = {}, {}
    for knob in tried:
        one = state.play([knob], screen_runs, 0)
        if one is None:
            return {"result": "out of budget", "step": "screen", "as_it_is": as_it_is}
        screened[knob.key] = paired(base[0], one[0])
        effects[knob.key] = screened[knob.key]["difference"]
    value = as_it_is["value"]  # the screen's, or with the trial games where it was near an edge
    alpha = ALPHA / max(1, _family(_useful(tried, effects, value, middle)))
    needed = {key: _needed(effect, alpha / 2) for key, effect in screened.items()}
    rejected: list[dict] = []
    closest: dict | None = None  # the proposal in the band whose test the games could not decide
    seen: set[tuple[str, ...]] = set()
    tested = 0  # proposals whose knobs were tested on trial games: at most PROPOSALS, as the correction counts
    spent = False
    short: dict[tuple[str, ...], dict] = {}  # the combinations whose trial games fell clearly short of the band
    while tested < PROPOSALS:
        proposals = [p for p in _proposals(tried, effects, value, checked, middle, needed, state.budget.left)
                     if tuple(k.key for k in p) not in seen]
        if not proposals:  # none predicted inside: the strongest the knobs go, then the nearest
            if not tried:
                break  # nothing left to change (every kind fixed): not found
            strongest = _strongest(tried, effects, value, middle)
            keys = tuple(k.key for k in strongest)
            if not strongest or keys in short:
                return {"result": "out of reach", "as_it_is": as_it_is, "rejected": rejected,
                        "strongest": [k.text for k in strongest], "why": _out_of_reach(
                            strongest, short.get(keys), tried, screen_runs, checked)}
            proposals = [strongest] if keys not in seen else [
                p for p in _nearest(tried, effects, value, checked, middle) if tuple(k.key for k in p) not in seen]
            if not proposals:
                break
        chosen = proposals[0]
        seen.add(tuple(k.key for k in chosen))
        outcome = _try(state, list(chosen), checked, runs, alpha)
        tested += bool(outcome.get("tested"))
        if outcome["result"] != "proved":
            rejected.append({"changes": [k.text for k in chosen], "why": outcome["why"]})
            rate = outcome.get("rate")
            if rate is not None and (rate["high"] < checked.low if middle > value else rate["low"] > checked.high):
                short[tuple(k.key for k in chosen)] = rate
            if outcome["result"] == "undecided" and (closest is None or outcome["p"] < closest["p"]):
                closest = outcome
            if "observed" in outcome:
                effects = _learnt(effects, chosen, outcome["observed"] - outcome["base"])
                value = _rate(_joined([base[0], outcome["base_games"]]))["value"]
            if outcome.get("spent"):
                spent = True
                break
            continue
        kept = outcome["kept"]
        check = _check(state, source, kept, path, search, checked, runs, gap)
        if check["result"] != "checked":
            rejected.append({"changes": [k.text for k in kept], "why": check["why"]})
            if check["result"] == "out of budget":
                spent = True
                break
            continue
        return {"result": "tuned", "as_it_is": as_it_is, "changes": [k.text for k in kept],
                "changes_keys": [k.key for k in kept], "tests": outcome["tests"], "check": check, "rejected": rejected}
    if closest is not None:
        return {"result": "undecided", "as_it_is": as_it_is, "rejected": rejected, "closest": closest,
                "why": _undecided(closest, state.budget.used)}
    if spent:
        return {"result": "out of budget", "as_it_is": as_it_is, "rejected": rejected,
                "why": f"{state.budget.left} games left, too few for the next step; give a larger --budget"}
    return {"result": "not found", "as_it_is": as_it_is, "rejected": rejected,
            "why": f"no combination of up to {MOST} changes was shown to bring the mission into the band"}


def _strongest(tried: list[Knob], effects: dict[str, float], value: float, middle: float) -> tuple[Knob, ...]:
    """As far towards the band as the knobs go together: each group's knob that moves the win rate
    furthest that way (the larger change among equals: a time limit three turns on), of the ``MOST``
    groups that move it furthest, as screened (and corrected by the trials so far). Empty when no
    knob moved it towards the band at all."""
    towards = 1.0 if middle > value else -1.0
    best: dict[str, Knob] = {}
    for knob in tried:
        gain = effects[knob.key] * towards
        held = best.get(knob.group)
        if gain > 0 and (held is None or (gain, knob.size) > (effects[held.key] * towards, held.size)):
            best[knob.group] = knob
    ranked = sorted(best.values(), key=lambda k: (-effects[k.key] * towards, k.key))[:MOST]
    return tuple(k for k in tried if k in ranked)  # in the knobs' order, as every combination is


def _out_of_reach(strongest: Sequence[Knob], rate: dict | None, tried: Sequence[Knob], screen_runs: int,
                  checked: Gate) -> str:
    """Why no search of these knobs can bring the mission into the band, and what showed it."""
    if rate is None:
        kinds = ", ".join(f"{sum(k.kind == kind for k in tried)} {kind.value}" for kind in Kind
                          if any(k.kind == kind for k in tried))
        return (f"none of the {len(tried)} changes ({kinds}), each played alone on the screen's {screen_runs} games, "
                f"moved the win rate towards {checked}; no combination of them can bring it in; nothing written")
    return (f"the strongest changes together, each as far towards the band as it goes ({'; '.join(k.text for k in strongest)}), "
            f"won {share(rate).replace(' games', ' trial games', 1)}, short of {checked}: no combination of up to "
            f"{MOST} changes is predicted to reach it; nothing written")


def _learnt(effects: dict[str, float], chosen: Sequence[Knob], seen: float) -> dict[str, float]:
    """The effects with those of a proposal that missed corrected by what its trial games showed
    (``seen``: its win rate less the mission's on them): each of its knobs' effects times the share of
    the predicted sum the trial found (from a fifth to twice). The screen's few games a version
    overstate some knobs (the ones its noise favoured are the ones proposed): a knob that let one
    proposal down counts for less in the next, and the others' effects stand, so the search moves on to
    other knobs rather than trying the same one in every combination."""
    predicted = sum(effects[k.key] for k in chosen)
    if not predicted:
        return effects
    share = min(2.0, max(0.2, round(seen / predicted, 6)))  # rounded: a trial that found the sum is no change
    keys = {k.key for k in chosen}
    return {key: round(effect * share, 6) if key in keys else effect for key, effect in effects.items()}


def _useful(tried: list[Knob], effects: dict[str, float], value: float, middle: float) -> list[Knob]:
    """The knobs the screen saw move the win rate towards the band."""
    return [k for k in tried if (effects[k.key] > 0) == (middle > value) and effects[k.key] != 0]


def _family(useful: list[Knob]) -> int:
    """How many paired tests the proposals can make on the trial games: for each combination that
    could be proposed, one a knob, and again for those left each time one is dropped (3 + 2 + 1 for
    three knobs), at most ``PROPOSALS`` combinations of ``MOST``. The screen's games are not the
    trial's, so choosing among the knobs on them needs no correction beyond this."""
    def tests(size: int) -> int:
        return size * (size + 1) // 2

    count = sum(tests(size) for size in range(1, MOST + 1) for chosen in itertools.combinations(useful, size)
                if compatible(chosen))
    return min(PROPOSALS * tests(MOST), count)


def _needed(effect: dict, level: float) -> int | None:
    """About how many paired games a version show ``effect`` (as observed) at ``level``, with
    McNemar's test as often as not four times in five (normal approximation: the discordant share
    times (z of the level plus z of the power) squared, over the effect squared); None when the games
    show no effect at all in the direction observed."""
    only_after, only_before, games = effect["won_only_after"], effect["won_only_before"], effect["games"]
    if only_after == only_before or not games:
        return None
    discordant = (only_after + only_before) / games
    z = NormalDist().inv_cdf(1 - level / 2) + NormalDist().inv_cdf(POWER)
    return math.ceil(discordant * z * z / ((only_after - only_before) / games) ** 2)


def _proposals(tried: list[Knob], effects: dict[str, float], value: float, checked: Gate, middle: float,
               needed: dict[str, int | None] | None = None,
               left: int | None = None) -> list[tuple[Knob, ...]]:
    """The combinations to try, best first: predicted inside the band, aimed at its middle, fewest
    knobs, smallest, nearest the middle (the effects added, each knob's own as screened). *Aimed* is
    predicted within the band's middle half: a sum predicted near an edge is as likely as not to land
    beyond it (the screen's effects are noisy, and the one proposed first is the one its noise
    favoured most), and one near the edge it started from needs a small effect shown, which takes the
    most games; so a combination predicted mid-band goes before a smaller one predicted near an edge.
    With ``needed`` (the games a version each knob's screened effect needs to be shown) and ``left``
    (the games left), a combination the budget cannot prove goes after every one it can: games are
    spent where they can decide."""
    scored = []
    for count in range(1, MOST + 1):
        for chosen in itertools.combinations(_useful(tried, effects, value, middle), count):
            if not compatible(chosen):
                continue
            predicted = value + sum(effects[k.key] for k in chosen)
            if checked.low <= predicted <= checked.high:
                aim = _aim(predicted, checked)
                scored.append(((not _affordable(chosen, needed, left), aim > 0.5, count, sum(k.size for k in chosen),
                                round(aim, 6), tuple(k.key for k in chosen)), chosen))
    scored.sort(key=lambda s: s[0])
    return [chosen for _, chosen in scored[:PROPOSALS]]


def _aim(predicted: float, checked: Gate) -> float:
    """How far ``predicted`` is from the band's middle, in half-widths of the band: 0 at the middle, 1
    at either edge, more beyond it (a band of one value: 0 on it, else beyond)."""
    half = (checked.high - checked.low) / 2
    off = abs(predicted - (checked.low + checked.high) / 2)
    return off / half if half else (0.0 if off == 0 else math.inf)


def _nearest(tried: list[Knob], effects: dict[str, float], value: float, checked: Gate,
             middle: float) -> list[tuple[Knob, ...]]:
    """When no combination is predicted inside the band: those predicted nearest it (the screen's
    few games a knob may well have understated its effect), fewest and smallest first among equals."""
    scored = []
    for count in range(1, MOST + 1):
        for chosen in itertools.combinations(_useful(tried, effects, value, middle), count):
            if compatible(chosen):
                predicted = value + sum(effects[k.key] for k in chosen)
                short = max(checked.low - predicted, predicted - checked.high, 0.0)
                scored.append(((round(short, 6), count, sum(k.size for k in chosen), tuple(k.key for k in chosen)),
                               chosen))
    scored.sort(key=lambda s: s[0])
    return [chosen for _, chosen in scored[:PROPOSALS]]


def _affordable(chosen: Sequence[Knob], needed: dict[str, int | None] | None, left: int | None) -> bool:
    """Whether the games left pay for showing every knob of ``chosen``: the combination, each knob left
    out of it and the mission as it is, each on the games the weakest knob needs."""
    if needed is None or left is None:
        return True
    wanted = [needed[k.key] for k in chosen]
    return all(n is not None for n in wanted) and max(n for n in wanted if n is not None) * (len(chosen) + 2) <= left


def _as_it_is(state: _Search, screened: Games, checked: Gate, runs: int) -> dict | None:
    """The mission's own win rate, in the band on the screen's games: when its interval crosses the
    band's edge, the screen's games and trial games as well (twice as many, up to ``LOOKS`` looks), so
    that "already in the band" is never said on a handful of games near its edge."""
    batches: list[int] = []
    while True:
        trial = _pooled(state, [], runs, batches)
        if trial is None:
            return None
        rate = _rate(_joined([screened, trial]))
        inside = checked.low <= rate["low"] and rate["high"] <= checked.high
        if inside or not checked.low <= rate["value"] <= checked.high or len(batches) >= 2 ** (LOOKS - 1):
            return rate
        batches = _doubled(batches) if batches else [1]


def _pooled(state: _Search, chosen: Sequence[Knob], runs: int, batches: Sequence[int]) -> Games | None:
    """One version's games over several series of ``runs`` (each played once, kept): every version of
    a trial on the same batches, so the games still come in pairs."""
    parts = []
    for series in batches:
        got = state.play(chosen, runs, series)
        if got is None:
            return None
        parts.append(got[0])
    return _joined(parts)


def _joined(parts: Sequence[Games]) -> Games:
    joined = Games(0)
    joined.runs = sum(part.runs for part in parts)
    joined.games = [g for part in parts for g in part.games]
    return joined


def _rate(games: Games) -> dict:
    wins, n = sum(1 for g in games.games if g is not None and g[0]), games.finished()
    low, high = wilson(wins, n)
    return {"count": wins, "games": n, "value": round(wins / n, 4) if n else 0.0, "low": round(low, 4),
            "high": round(high, 4)}


def _doubled(batches: list[int]) -> list[int]:
    """As many fresh series again (series 1, then 3, 4, 5, ...: never the screen's 0 or the check's 2)."""
    start = max(*batches, 2) + 1
    return batches + list(range(start, start + len(batches)))


def _try(state: _Search, chosen: list[Knob], checked: Gate, runs: int, alpha: float) -> dict:
    """One proposal on trial games, fresh to the screen; then each of its knobs shown to matter, or
    dropped. Where the trial cannot yet tell (a win rate whose interval crosses the band's edge, a
    knob the band needs whose test has not passed), it plays as many fresh games again, up to
    ``LOOKS`` looks a comparison; the k-th look at a knob's test is held to the threshold halved k
    times, so all its looks together stay under it."""
    names = [k.text for k in chosen]
    batches = [1]
    base = _pooled(state, [], runs, batches)
    while True:
        version = _pooled(state, chosen, runs, batches)
        if base is None or version is None:
            return {"result": "out of budget", "spent": True, "why": "no games left to try it on", "step": "try"}
        rate = _rate(version)
        if checked.low <= rate["value"] <= checked.high:
            break
        if rate["high"] < checked.low or rate["low"] > checked.high or len(batches) >= 2 ** (LOOKS - 1):
            return {"result": "missed", "observed": rate["value"], "base": _rate(base)["value"], "base_games": base,
                    "rate": rate, "why": f"win rate {rate['value']:g} on {rate['games']} trial games, outside {checked}"}
        batches = _doubled(batches)  # the interval crosses the band's edge: twice the games tell
    tests: list[dict] = []
    looks: dict[str, int] = {}
    last: dict[str, dict] = {}  # each knob's latest test
    pending = list(chosen)
    while pending:
        knob = pending.pop(0)
        rest = [k for k in chosen if k is not knob]
        version, without = _pooled(state, chosen, runs, batches), _pooled(state, rest, runs, batches)
        if version is None or without is None:
            return _unshown(names, knob, [last[knob.key]] if knob.key in last else [], looks, alpha, True)
        effect = paired(without, version)
        looks[knob.key] = look = looks.get(knob.key, 0) + 1
        level = alpha / 2 ** look
        p = mcnemar(effect["won_only_after"], effect["won_only_before"])
        last[knob.key] = {"effect": effect, "p": p, "alpha": level}
        if p < level:
            tests.append({"change": knob.text, "effect": effect, "p": p, "alpha": level, "looks": look})
            continue
        if rest and checked.holds({"win_rate": _rate(without)}):
            chosen, tests = rest, []  # not needed: the others hold the band without it; theirs shown again
            pending = list(rest)
            continue
        if look >= LOOKS:
            return _unshown(names, knob, [last[knob.key]], looks, alpha, False)
        batches = _doubled(batches)  # close: the same comparison on twice the games (passed tests stand)
        pending.insert(0, knob)
    rate = _rate(_pooled(state, chosen, runs, batches) or Games(0))  # every version played: never None
    if not checked.low <= rate["value"] <= checked.high:
        return {"result": "missed", "tested": True, "why": f"win rate {rate['value']:g} on {rate['games']} trial "
                                                           f"games, outside {checked}"}
    return {"result": "proved", "tested": True, "kept": chosen, "tests": tests, "trial": rate}


def _unshown(names: list[str], knob: Knob, last: list[dict], looks: dict[str, int], alpha: float,
             spent: bool) -> dict:
    """A proposal in the band on its trial games with a knob the band needs whose effect they could not
    show (``spent``: the budget ran out; else the looks did): undecided, with what would decide it."""
    out = {"result": "undecided", "tested": True, "spent": spent, "changes": names, "change": knob.text, "p": 1.0,
           "alpha": alpha / 2 ** max(1, looks.get(knob.key, 1)), "effect": None, "needed": None}
    if last:
        test = last[-1]
        out.update(effect=test["effect"], p=test["p"], alpha=test["alpha"], needed=_needed(test["effect"], test["alpha"]))
    effect = out["effect"]
    shown = (f"{100 * effect['difference']:+.1f} points on {effect['games']} trial games (p {out['p']:.2g}, "
             f"needs under {out['alpha']:.2g})") if effect else "no games left to compare it on"
    out["why"] = f"in the band, but {knob.text} is not shown to matter: {shown}"
    return out


def _undecided(closest: dict, used: int) -> str:
    """What a designer reads when the games could not decide: the nearest thing to an answer, and
    the budget that would likely decide it."""
    text = (f"{'; '.join(closest['changes'])} lands in the band, but {closest['change']} is not shown to "
            "matter on the games the budget paid for")
    effect, needed = closest["effect"], closest["needed"]
    if effect is None:
        return text + ": give a larger --budget"
    if needed is None:
        return text + f": the trial games show no effect of it ({effect['games']} games); nothing written"
    more = max(0, needed - effect["games"]) * (len(closest["changes"]) + 2)
    return (text + f" ({100 * effect['difference']:+.1f} points on {effect['games']} games, p {closest['p']:.2g}, "
            f"needs under {closest['alpha']:.2g}); at that effect about {needed:,} games a version would show "
            f"it: a --budget near {used + more:,}; nothing written")
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
            lines.append(f"    {test['change']}: {100 * e['difference']:+.1f} points on {e['games']} games "
                         f"(p {test['p']:.2g}, under {test['alpha']:.2g})")
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
