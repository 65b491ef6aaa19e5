"""The skill trace: does playing better win this mission more often?

The same games (same seeds) are played by a ladder of policies of growing
skill: random play, the aggressive and the cautious bots, then the planner at
growing budgets, then the search player (``search@N``) at growing budgets. A mission where the win rate climbs the ladder rewards skill;
one where every rung wins about as often is decided by the dice (or by a rule
the bots do not use). Each rung says its sample size and its 95% interval.

The result is plain data for the report (``SkillTrace.to_dict``):

``SkillTrace``
    ``mission``: the mission's id; ``seed``: the run's seed (game i of every
    rung uses the same dice seed); ``runs``: games per rung; ``rungs``: the
    ladder, least skilled first; ``ordered``: each rung's win rate is at least
    the one before it (point estimates); ``skill_matters``: the interval of the
    rung that won most often lies wholly above the random rung's.

``versus_bot``: each planner and search rung against the heuristic bot that won most
    often, over the same games (``paired.paired``): ``policy``, ``bot``, the
    games only one of them won, the change in win rate with its paired 95%
    interval and the exact McNemar p-value. Intervals of rates 10 points apart
    overlap at a few hundred games; the paired test tells them apart sooner.

``Rung``
    ``policy``: the policy's name as ``zwar playtest --policy`` takes it
    (``random``, ``aggressive``, ``cautious``, ``planner@N``, ``search@N``); ``budget``: the
    planner's rollouts per plan or the search player's a decision (None for the other bots);
    ``runs`` and ``wins``: the games played and won; ``rate``: wins / runs;
    ``low`` and ``high``: the Wilson 95% interval of the rate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace

from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup
from .paired import Games, paired, points
from .policies import budget_of
from .runner import Plan, run
from .stats import wilson

#: the planner's budgets of the default ladder
BUDGETS = (1, 2, 4)
HEURISTICS = ("random", "aggressive", "cautious")


@dataclass(frozen=True)
class Rung:
    policy: str
    budget: int | None
    runs: int
    wins: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.runs if self.runs else 0.0


@dataclass(frozen=True)
class SkillTrace:
    mission: str
    seed: int
    runs: int
    rungs: tuple[Rung, ...]
    versus_bot: tuple[dict, ...] = ()

    @property
    def ordered(self) -> bool:
        return all(a.rate <= b.rate for a, b in zip(self.rungs, self.rungs[1:]))

    @property
    def best(self) -> Rung:
        """The rung that won most often (the more skilled of equals)."""
        return max(reversed(self.rungs), key=lambda r: r.rate)

    @property
    def skill_matters(self) -> bool:
        bottom = next((r for r in self.rungs if r.policy == "random"), self.rungs[0])
        return self.best.low > bottom.high

    def to_dict(self) -> dict:
        return {"mission": self.mission, "seed": self.seed, "runs": self.runs,
                "rungs": [{**asdict(r), "rate": round(r.rate, 4), "low": round(r.low, 4), "high": round(r.high, 4)}
                          for r in self.rungs],
                "ordered": self.ordered, "skill_matters": self.skill_matters, "versus_bot": list(self.versus_bot)}


def ladder(budgets: Sequence[int | str] = BUDGETS) -> list[str]:
    """The policies of a skill trace, least skilled first: the heuristics, the planner at each whole number
    of ``budgets``, then each search player named there (``search@16``), by growing budget."""
    planners = sorted({b for b in budgets if isinstance(b, int)})
    searches = sorted({b for b in budgets if isinstance(b, str)}, key=lambda name: budget_of(name) or 0)
    return [*HEURISTICS, *(f"planner@{b}" for b in planners), *searches]


def skill_trace(document: dict, runs: int, seed: int, budgets: Sequence[int | str] = BUDGETS, setup: Setup = DEFAULT_SETUP,
                jobs: int = 1, scheduler: str | None = None, mission: Mission | None = None,
                progress=None, director: str = "") -> SkillTrace:
    """Play ``runs`` games of the compiled mission ``document`` with each policy of the ladder, on the
    same seeds (director games: against ``director``), and return their win rates with intervals."""
    rungs, games = [], {}
    plan = Plan(document, "random", runs, seed, setup, director=director)
    for name in ladder(budgets):
        games[name] = Games(runs)
        totals = run(replace(plan, policy=name), jobs, progress, scheduler, mission=mission, each=games[name])
        rungs.append(Rung(name, budget_of(name), totals.runs, totals.wins, *wilson(totals.wins, totals.runs)))
    bot = max(("cautious", "aggressive"), key=lambda name: next(r.wins for r in rungs if r.policy == name))
    versus = tuple({"policy": r.policy, "bot": bot, **paired(games[bot], games[r.policy])}
                   for r in rungs if r.budget is not None)
    return SkillTrace(document["mission"]["id"], seed, runs, tuple(rungs), versus)


def text(trace: SkillTrace) -> str:
    """The trace as lines of text, one rung a line."""
    lines = [f"skill trace: {trace.runs} games a rung, seed {trace.seed}, same seeds on every rung"]
    for r in trace.rungs:
        lines.append(f"  {r.policy:<12} {r.wins:>5}/{r.runs:<5} {r.rate:6.1%}  (95% interval {r.low:.1%} to {r.high:.1%})")
    lines += [f"  {versus_text(pair)}" for pair in trace.versus_bot]
    if trace.skill_matters:
        lines.append(f"  skill matters here: the best rung ({trace.best.policy}) wins clearly more often than random play")
    else:
        lines.append(f"  skill does not show here: the best rung's ({trace.best.policy}) interval overlaps random play's")
    return "\n".join(lines)


def versus_text(pair: dict) -> str:
    """One planner or search player against the better bot on the same games (an entry of
    ``SkillTrace.versus_bot``)."""
    player = "the search player" if pair["policy"].startswith("search") else "the planner"
    return (f"{pair['policy']} v {pair['bot']}: {points(pair)} over {pair['games']} games; "
            f"{pair['won_only_after']} won only by {player}, {pair['won_only_before']} only by the bot "
            f"(McNemar p = {pair['p']:.3f})")
