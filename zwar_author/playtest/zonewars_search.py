"""The search player for Zone Wars: chooses each model's action among the engine's legal actions, by rollouts.

The grid games' search player (playtest/search.py) over the Zone Wars
engine. At each model's action (the request whose topic is ``action``) it
weighs candidates taken from the request's own options, never from a menu
of its own:

- **the priors first**: the action the cautious bot would take (the
  default, kept unless another is measured better), then the aggressive
  bot's;
- **then the rest of the legal actions**, in an order drawn from the
  player's own dice: ``WIDEN`` times the square root of the budget
  candidates in all (progressive widening, as the grid search, with half
  its candidates: at 8 rollouts, the two bots' actions on four seeds each).

Each candidate is scored by rollouts: the game as it was when the step began
is played again with the answers given so far in the step (the cup's draw,
the model chosen: what every player saw), the candidate is taken, and the
game goes on with dice of the rollout's own at the engine's odds, every
decision the cautious bot's, until ``HORIZON`` more models have activated
(the rest of the round and the start of the next, about a round), where ``value`` estimates the side's chance of winning (1, a
half, 0 once the game is over). The budget (rollouts a decision) is shared
out by sequential halving over common dice: every candidate left in a
round plays the same seeds, and a seed fixes each roll and draw by what it is
for (the same roll asked for the same reason in the same round is the same
die for every candidate), so two candidates are compared on the same luck.
The action finally taken beats the cautious bot's on the same seeds by
more than luck would (``search.better``: the mean of the seed-by-seed
differences above a margin and Student's t standard errors) or is it.
A decision where both bots take the same action and no enemy is within Long
and a Long move of the model is not searched: the budget goes where play can
differ.

It reads the table as players do: its rollouts roll their own dice (never
the game's dice to come), and the Zone, artifact and trigger decks are drawn
by their counts, which every player knows: nothing a player cannot see is
looked at. The other decisions of an activation (the target, a push, the
m-points) are the cautious bot's.

The same seed plays the same game: the player's dice are a
``random.Random`` of its own, seeded from the game's seed and its side, and
the rollouts' dice come from those alone, whatever order the games are
played in or how many processes share them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast
from zlib import crc32

from ..skirmish.core import Live, Request, match
from ..skirmish.zonewars import ZoneWarsGame
from ..skirmish.zonewars.state import Kind
from ..tabletop import Band, bases_within
from .planner import _mix
from .search import ALPHA, MAX_BUDGET, better
from .zonewars_bots import bot

DEFAULT_BUDGET = 16  # rollouts a decision
HORIZON = 4  # activations a rollout plays after the candidate's before ``value`` scores it
NEAR = Band.LONG.inches * 2  # an enemy this near (a Long move and a Long shot) makes a decision worth searching
SCALE = 2**64
#: candidates: WIDEN * budget ** ALPHA, half the grid search's: a Zone Wars rollout costs a dozen legal-action
#: lists (a few hundred destinations each), so a decision affords fewer candidates, each on more common seeds
WIDEN = 0.75


class Recording(Live):
    """Live play that keeps what the search player needs to play a step again: the game as it was when the
    step began (``begin``) and every answer given since."""

    def __init__(self, rng: random.Random, policy: Callable, game: ZoneWarsGame) -> None:
        super().__init__(rng, policy, game)
        self.snapshot: ZoneWarsGame = cast(ZoneWarsGame, game.copy())
        self.inputs: list = []

    def begin(self) -> None:
        self.snapshot = cast(ZoneWarsGame, self.game.copy())
        self.inputs = []

    def ask(self, request: Request) -> Any:
        answer = super().ask(request)
        self.inputs.append(answer)
        return answer


def play_recorded(game: ZoneWarsGame, policy: Callable, rng: random.Random, searches: list[ZoneWarsSearch],
                  max_steps: int = 100_000) -> Recording:
    """Play ``game`` to its end in place, as ``simulate`` does, keeping each step's start for ``searches``."""
    ctx = Recording(rng, policy, game)
    for search in searches:
        search.where = lambda: (ctx.snapshot, ctx.inputs)
    for _ in range(max_steps):
        if game.over:
            return ctx
        ctx.begin()
        game.step(ctx)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


class Rollout(Live):
    """A rollout's inputs: the step's answers so far given again, then the candidate, then common dice (by what
    each roll is for: the round, the request's reason and how often it was asked) and the cautious bot."""

    def __init__(self, inputs: list, candidate: Any, seed: int, policy: Callable, game: ZoneWarsGame) -> None:
        super().__init__(random.Random(seed), policy, game)
        self.replay = list(inputs)[::-1]
        self.candidate = [] if candidate is None else [candidate]
        self.seed = seed
        self.asked: dict[tuple[int, str], int] = {}

    def ask(self, request: Request) -> Any:
        if self.replay:
            return match(request, self.replay.pop())
        if self.candidate:
            return match(request, self.candidate.pop())
        if not request.chance:
            return self.policy(self.game, request)
        key = (self.game.round, request.why)
        count = self.asked[key] = self.asked.get(key, -1) + 1
        weights = request.weights or (1,) * len(request.options)
        point = _mix(self.seed, self.game.round, crc32(request.why.encode()), count) / SCALE * sum(weights)
        for option, weight in zip(request.options, weights, strict=True):
            point -= weight
            if point < 0:
                return option
        return request.options[-1]


def value(g: ZoneWarsGame, side: str) -> float:
    """The side's chance of winning, estimated: 1, a half or 0 once the game is over; before, a half moved by
    the lead the victory conditions give it now (victory points, the area held) and by the health its
    standing models have left against the others'."""
    if g.over:
        return 1.0 if g.winner == side else 0.5 if g.winner == "" else 0.0
    sides = [s.id for s in g.scenario.sides]
    lead = 0.0
    for victory in g.scenario.victory:
        if victory.kind == "hold-area":
            area = g.board.areas.get(victory.zone or "")
            holders = {m.side for m in g.models() if m.on_table and m.ready and area is not None
                       and area.covers(m.position.point)}
            lead += 1.0 if holders == {side} else -1.0 if len(holders) == 1 else 0.0
        else:
            points = {s: g.victory_points(s, victory.kind == "leave-with-artifacts") for s in sides}
            lead += math.tanh((points[side] - max(v for s, v in points.items() if s != side)) / 2)
    mine = theirs = 0
    for m in g.models():
        left = m.health - m.damage if m.on_table and m.ready else 0
        if m.side == side:
            mine += left
        else:
            theirs += left
    strength = (mine - theirs) / max(1, mine + theirs)
    return 0.5 + 0.3 * math.tanh(lead) + 0.2 * strength


@dataclass
class ZoneWarsSearch:
    """The search player for one side: ``budget`` rollouts a decision (0: the cautious bot)."""

    budget: int
    rng: random.Random  # the search's own dice, for its rollouts only
    horizon: int = HORIZON
    prior: Callable = field(default_factory=lambda: bot("cautious", random.Random(0)))
    bold: Callable = field(default_factory=lambda: bot("aggressive", random.Random(0)))
    where: Callable[[], tuple[ZoneWarsGame, list]] | None = None  # the step's start and its answers so far
    searched: int = field(default=0, init=False)  # decisions searched (for the bench)

    def __call__(self, g: ZoneWarsGame, request: Request) -> Any:
        if self.budget > 0 and request.topic == "action" and self.where is not None:
            return self.decide(g, request)
        return self.prior(g, request)

    def decide(self, g: ZoneWarsGame, request: Request) -> Any:
        """The candidate whose rollouts score best, by sequential halving over common dice, taken over the
        cautious bot's action only where it beats it on the same dice, seed by seed, by more than luck would."""
        assert self.where is not None
        snapshot, inputs = self.where()
        order, proposed = self.root_order(g, request)
        if len(order) == 1 or (proposed == 1 and not self.contested(g, request)):
            return order[0]
        self.searched += 1
        candidates = order[:max(2, round(WIDEN * self.budget ** ALPHA))]
        scores: list[dict[int, float]] = [{} for _ in candidates]
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        alive = list(range(len(candidates)))
        spent = 0
        for number in range(rounds):
            each = max(2, (self.budget - spent) // ((rounds - number) * len(alive)))
            seeds = [self.rng.getrandbits(64) for _ in range(each)]
            for i in alive:
                for seed in seeds:
                    scores[i][seed] = self.rollout(snapshot, inputs, request, candidates[i], seed)
                spent += each
            alive.sort(key=lambda i: (-_mean(scores[i]), i))
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if 0 not in alive:  # the cautious bot's action runs in every round: the last comparison is on most seeds
                alive.append(0)
            if spent >= self.budget:
                break
        best = min(alive, key=lambda i: (-_mean(scores[i]), i))
        return candidates[best] if best != 0 and better(scores[best], scores[0]) else candidates[0]

    def root_order(self, g: ZoneWarsGame, request: Request) -> tuple[list, int]:
        """The request's options in the order they are tried: the cautious bot's, the aggressive bot's, then
        the others in an order drawn from the search's dice; and how many distinct actions the bots took."""
        order = list(dict.fromkeys([self.prior(g, request), self.bold(g, request)]))
        proposed = len(order)
        rest = [a for a in request.options if a not in order]
        self.rng.shuffle(rest)
        return order + rest, proposed

    @staticmethod
    def contested(g: ZoneWarsGame, request: Request) -> bool:
        """An enemy is near enough to the model (a Long move and a Long shot) for the choice to matter."""
        m = g.model(request.who or "")
        return any(bases_within(m.position, m.base, e.position, e.base, NEAR) for e in g.enemies_of(m))

    def rollout(self, snapshot: ZoneWarsGame, inputs: list, request: Request, candidate: Any, seed: int) -> float:
        """One simulation from the step's start: its answers so far, ``candidate``, then common dice and the
        cautious bot to the horizon; the side's ``value`` there."""
        sim = cast(ZoneWarsGame, snapshot.copy())
        ctx = Rollout(inputs, candidate, seed, self.prior, sim)
        begun = len(sim.log)
        sim.step(ctx)
        while not sim.over and _activations(sim, begun) <= self.horizon:
            sim.step(ctx)
        return value(sim, request.side)


def _activations(g: ZoneWarsGame, since: int) -> int:
    return sum(1 for event in g.log[since:] if event.kind == Kind.ACTIVATE)


def _mean(scores: dict[int, float]) -> float:
    return sum(scores.values()) / len(scores) if scores else 0.0


def budget_of(name: str) -> int | None:
    """The budget ``search`` (the default) or ``search@N`` names; None for any other name or a bad budget."""
    base, at, number = name.partition("@")
    if base != "search":
        return None
    if not at:
        return DEFAULT_BUDGET
    return int(number) if number.isdigit() and int(number) <= MAX_BUDGET else None


def is_search(name: str) -> bool:
    return name.partition("@")[0] == "search"
