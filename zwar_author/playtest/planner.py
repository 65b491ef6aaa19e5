"""The planning bot: chooses each turn's plan by playing the game on, many turns ahead, on copies.

At the first hero move of every turn the planner weighs a handful of plans
for the heroes' move (``plans``): the cautious bot's, the aggressive bot's,
variations of them (no room searches; at full speed but ending on alert and
stepping around grab zones), and the cautious bot heading for each unfinished job in
turn (another job order). Each plan is scored by rollouts: a copy of the game
is played on with that plan for the whole look-ahead (this turn's hero move
and ``HORIZON`` turns more, or to the end of the game), its dice drawn from
the planner's own RNG and the engine's ``chance_outcomes`` odds, the other
side played by the bots the game itself uses (the director bot in director
games); where a rollout stops short of the end, ``value`` estimates the
heroes' chances from what the turns left them with: objectives done, the way
to the next job, infection stages, grapples, turns left. Losses in Z War One
come from infection building up over many turns, which only a look-ahead of
several turns sees.

The budget is the rollouts per plan: about ``budget * len(plans)`` in all,
shared out by sequential halving (a bandit's way to find the best arm: every
plan gets the same few rollouts, the better half gets more, and so on, in at
most ``budget`` rounds), on common dice: rollout ``k`` of every plan rolls from
the same seed, so plans are compared on the same luck. The plan with the best
mean is followed for the rest of the turn (every request the heroes answer,
not only moves); the cautious bot's plan is kept unless another beats it by
``MARGIN``, so one lucky rollout alone does not move the planner off it.
``budget`` 0 is the cautious bot.

The planner never sees the game's dice to come: its rollouts roll their own,
and deal the director's face-down hand again from the cards it has not seen.
It plays only through the request in front of it (the answer is the followed
bot's, one of the request's options) and reaches the rules only through
copies of the game it was shown, played by the engine's own ``step``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..engine.cards import DIRECTOR, Hands
from ..engine.chance import Live, Request
from ..engine.state import Game, Hero
from ..engine.turn import step
from ..engine.vocab import HeroStatus, Side, Topic
from .bots import INF, STYLES, Bot, _jobs_left
from .director import against

DEFAULT_BUDGET = 2
MAX_BUDGET = 4096
MARGIN = 0.01  # how much better than the cautious bot's plan another's mean must score to be followed
HORIZON = 2  # turns a rollout plays after this turn's hero move, before ``value`` estimates the rest


class Focused(Bot):
    """A bot that heads for one job (``job``: its number in ``_jobs_left``) while it is left to do,
    then plays as its style says: another job order than the nearest job first."""

    def __init__(self, style, job: int) -> None:
        super().__init__(style)
        self.job = job

    def goal(self, g: Game, h: Hero) -> tuple[int, ...]:
        chosen = super().goal(g, h)
        jobs = dict(_jobs_left(g))
        if self.job in jobs and chosen in jobs.values():  # not when a friend in a grapple comes first
            return jobs[self.job]
        return chosen


def plans(g: Game) -> list[Bot]:
    """The plans a turn may follow, the cautious bot first (the plan kept on ties)."""
    cautious, bold = STYLES["cautious"], STYLES["aggressive"]
    bots = [Bot(cautious), Bot(bold), Bot(replace(cautious, search=False, name="cautious-no-search")),
            Bot(replace(bold, alert=True, avoid_zones=True, name="aggressive-alert"))]
    jobs = [number for number, _ in _jobs_left(g, detours=False)]
    if len(jobs) > 1:
        bots += [Focused(cautious, number) for number in jobs]
    return bots


@dataclass
class Planner:
    budget: int  # rollouts per plan (0: the cautious bot, no look-ahead)
    rng: random.Random  # the planner's own dice, for its rollouts only
    director: str = ""  # director games: the director the rollouts play against ("bot", "passive")
    horizon: int = HORIZON
    turn: int = field(default=-1, init=False)
    follow: Bot = field(default_factory=lambda: Bot(STYLES["cautious"]), init=False)

    def __call__(self, g: Game, request: Request):
        if request.topic == Topic.HERO and request.side == Side.HEROES and g.turn != self.turn and self.budget > 0:
            self.turn = g.turn
            self.follow = self.choose(g)
        return self.follow(g, request)

    def choose(self, g: Game) -> Bot:
        """The plan whose rollouts score best, by sequential halving over common dice."""
        candidates = plans(g)
        total = self.budget * len(candidates)
        rounds = max(1, min(self.budget, (len(candidates) - 1).bit_length()))  # budget 1: one rollout each
        seeds: list[int] = []
        scores = [0.0] * len(candidates)
        played = [0] * len(candidates)
        alive = list(range(len(candidates)))
        for _ in range(rounds):
            each = max(1, total // (len(alive) * rounds))
            while len(seeds) < max(played[i] for i in alive) + each:
                seeds.append(self.rng.getrandbits(32))
            for i in alive:
                for seed in seeds[played[i]:played[i] + each]:
                    scores[i] += self.rollout(g, candidates[i], seed)
                played[i] += each
            alive.sort(key=lambda i: (-scores[i] / played[i] - (MARGIN if i == 0 else 0), i))
            if len(alive) == 1:
                break
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        return candidates[alive[0]]

    def rollout(self, g: Game, plan: Bot, seed: int) -> float:
        """One sample of the heroes' chances after following ``plan`` from here: the game played on a
        copy for this turn and ``horizon`` more, with dice drawn from ``seed``."""
        sim = g.copy()
        if sim.hands is not None:
            redeal(sim.hands, random.Random(~seed))  # a shuffle of its own: the rollout's dice stay the same
        stop = sim.turn + self.horizon
        heroes: Callable = plan
        ctx = Live(random.Random(seed), against(heroes, self.director) if self.director else heroes, sim)
        while not sim.over and sim.turn <= stop:
            step(sim, ctx)
        return value(sim)


def redeal(hands: Hands, rng: random.Random) -> None:
    """The director's face-down hand dealt again, in a rollout's copy, from every card the heroes have
    not seen (the hand and the cards left in the deck), so the planner never plays against the cards
    the director really holds; how many it holds, and what was played, the heroes know."""
    if DIRECTOR not in hands.held or not any(hands.deck.values()):
        return  # a whole deck dealt: the hand is every card not yet played, which the heroes know
    unseen = sorted([c for c, n in hands.deck.items() for _ in range(n)] + hands.held[DIRECTOR])
    rng.shuffle(unseen)
    count = len(hands.held[DIRECTOR])
    hands.held[DIRECTOR] = unseen[:count]
    hands.deck = {c: 0 for c in hands.deck}
    for c in unseen[count:]:
        hands.deck[c] = hands.deck.get(c, 0) + 1


def value(g: Game) -> float:
    """The heroes' chances, from 0 (lost) to 1 (won): a finished game is its outcome; else an estimate
    from what they have done and what it cost them. Each job done (objective, object carried, hero
    out by the exit) counts for as much as a hero at infection stage 2 costs; each grapple is a bite
    to come; the way to the next job and the turns left weigh a little."""
    if g.over:
        return 1.0 if g.outcome == "victory" else 0.0
    heroes = [h for h in g.heroes if not h.npc]
    board = [h for h in heroes if h.status == HeroStatus.BOARD]
    score = 0.45
    score -= 0.25 * sum(h.status == HeroStatus.DEAD for h in heroes)
    score -= sum(0.02 * h.stage + 0.01 * h.stage * h.stage for h in board)
    score -= 0.05 * sum(len(h.grapplers) for h in board)
    score -= 0.01 * sum(h.prone for h in board)
    score += 0.08 * (len(g.objectives) + sum(h.object is not None for h in heroes)
                     + sum(h.status == HeroStatus.ESCAPED for h in heroes))
    jobs = _jobs_left(g, detours=False)
    if board and jobs:
        bot = Bot(STYLES["cautious"])
        dist = min(sum(min(bot.field(g, squares).get(h.sq, INF), 60) for h in board) for _, squares in jobs)
        score -= 0.003 * dist / len(board)
        score -= 0.1 * max(0.0, 1 - (g.setup.max_turns - g.turn) / max(1, dist / len(board) / 4))
    return max(0.0, min(1.0, score))
