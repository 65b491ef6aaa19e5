"""The search player: chooses each hero action among the engine's own legal actions, by rollouts.

At each hero move (the request whose topic is ``hero``: one action of one
hero, or of one agent in a versus game) the search player weighs candidate
actions taken from ``legal_actions``, never from a fixed menu of plans:

- **the priors first**: the action the cautious bot would take (the default,
  kept unless another is measured better), then the actions each of the
  planner's plans would take here (the aggressive bot, holding on alert,
  another job order, ...): the heuristics as a prior;
- **then the rest of the legal actions**, in an order drawn from the player's
  own dice: progressive widening, as many candidates in all as ``WIDEN``
  times the square root of the budget, so more budget tries more of what no
  heuristic proposes (waiting a turn, a longer way round, a split team).

Each candidate is scored by rollouts: a copy of the game is played on by
``api.simulate`` with that action first and the cautious bot after it (the
director bot, or the rival agent's bot, for the other side), with its own
dice drawn fresh from the search's RNG at the engine's odds, to the end of
the turn after this one (``HORIZON``), where ``value`` (playtest/value.py)
estimates the heroes' chances; a versus rollout plays to the end of the game.
The budget (rollouts a decision) is shared out by sequential halving over
common dice: every candidate left in a round plays the same seeds, the better
half goes on, and the cautious bot's action stays in every round, so the
action finally taken beats it on the same many seeds (by ``MARGIN``) or is it.

It reads the table as players do. Its rollouts never see the game's dice to
come (each rolls its own), and the hands it cannot see (the director's, a
rival agent's) are dealt again in each rollout's copy from the cards it has
not seen (``determinize``): information-set sampling, one determinization a
rollout. Everything else a game holds is on the table (the search deck is
drawn by its counts, which everyone knows). Its actions are the options the
request offers, taken as opaque values. The other decisions (a sprint's
squares, alert fire, which infected moves first, where a spawn goes) are the
cautious bot's: they happen mid-step, where a copy of the game cannot be
played on from the start of a step.

The same seed plays the same game: the player's dice are a ``random.Random``
of its own, seeded from the game's seed, and nothing else it does depends on
the order the games are played in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.api import simulate
from ..engine.cards import Hands
from ..engine.chance import Request, match
from ..engine.state import Game
from ..engine.vocab import Side, Topic
from .bots import STYLES, Bot, _danger
from .director import against
from .planner import plans
from .value import value

Policy = Callable[[Game, Request], object]

DEFAULT_BUDGET = 16  # rollouts a decision
MAX_BUDGET = 4096
HORIZON: int | None = 1  # turns a rollout plays after this one before ``value`` scores it (None: to the end)
WIDEN = 1.5  # candidates tried: this times the square root of the budget (the priors first)
MARGIN = 0.01  # how much better than the cautious bot's action (in chance of winning) another must score
HERO_MOVE, PLAYERS = Topic.HERO, frozenset({Side.HEROES, Side.AGENT})  # read once: an enum's class attribute costs a call


class Horizon(Exception):
    """Raised in a rollout at the first hero move past its horizon: the copy stops at a step's start."""


@dataclass
class Search:
    budget: int  # rollouts a decision (0: the cautious bot)
    rng: random.Random  # the search's own dice, for its rollouts only
    director: str = ""  # director games: the director the rollouts play against ("bot", "passive")
    versus: bool = False  # an Agent Z game: this player answers one agent's requests, the rival is a bot
    horizon: int | None = HORIZON
    prior: Policy = field(default_factory=lambda: Bot(STYLES["cautious"]))
    searched: int = field(default=0, init=False)  # decisions searched (for the bench)
    priors: int = field(default=0, init=False)  # distinct actions the heuristics proposed at the last decision

    def __call__(self, g: Game, request: Request):
        if self.budget > 0 and request.topic is HERO_MOVE and request.side in PLAYERS:
            return self.decide(g, request)
        return self.prior(g, request)

    def decide(self, g: Game, request: Request):
        """The candidate whose rollouts score best, by sequential halving over common dice."""
        candidates = self.candidates(g, request)
        if len(candidates) == 1:
            return candidates[0]
        if not self.worth(g, candidates):
            return candidates[0]
        self.searched += 1
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        scores = [0.0] * len(candidates)
        played = [0] * len(candidates)
        alive = list(range(len(candidates)))
        spent = 0
        for number in range(rounds):
            each = max(1, (self.budget - spent) // ((rounds - number) * len(alive)))
            seeds = [self.rng.getrandbits(64) for _ in range(each)]
            for i in alive:
                for seed in seeds:
                    scores[i] += self.rollout(g, request, candidates[i], seed)
                played[i] += each
                spent += each
            alive.sort(key=lambda i: (-scores[i] / played[i], i))
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if 0 not in alive:  # the cautious bot's action runs in every round: the last comparison is on most seeds
                alive.append(0)
            if spent >= self.budget:
                break
        best = min(alive, key=lambda i: (-scores[i] / played[i], i))
        if best != 0 and scores[best] / played[best] < scores[0] / played[0] + MARGIN:
            best = 0
        return candidates[best]

    def worth(self, g: Game, candidates: list) -> bool:
        """Whether to search this decision: the heuristics disagree on it, or an infected is near a hero (or
        agent). Where every heuristic takes the same action and nothing is near, the way to the next job is
        walked as they walk it, and the budget goes to the decisions where play can differ."""
        return self.priors > 1 or any(_danger(g, h) for h in g.board_heroes() if not h.npc)

    def candidates(self, g: Game, request: Request) -> list:
        """The cautious bot's action, the planner's plans' actions, then other legal actions in a seeded order,
        as many in all as the budget's widening allows; each once."""
        options = request.options
        first = [self.prior(g, request)]
        if not self.versus:
            first += [plan.hero_move(g, options) for plan in plans(g)]
        chosen: list = []
        for action in first:
            if action not in chosen:
                chosen.append(action)
        self.priors = len(chosen)
        width = max(2, round(WIDEN * math.sqrt(self.budget)))
        if len(chosen) < width:
            rest = [a for a in options if a not in chosen]
            self.rng.shuffle(rest)
            chosen += rest[:width - len(chosen)]
        return chosen[:max(width, 1)]

    def rollout(self, g: Game, request: Request, action, seed: int) -> float:
        """One sample of this side's chances after ``action``: a copy of the game played on with its own dice
        (drawn from ``seed``) and hands dealt again from the cards this side has not seen, to the horizon."""
        sim = g.copy()
        rng = random.Random(seed)
        if sim.hands is not None:
            determinize(sim.hands, request.who if self.versus else None, rng)
        stop = None if self.horizon is None or self.versus else sim.turn + self.horizon
        others = self.others()
        pending = [action]

        def play(game: Game, asked: Request):
            if asked.topic is HERO_MOVE and asked.side in PLAYERS:
                if pending:
                    return match(asked, pending.pop())
                if stop is not None and game.turn > stop:
                    raise Horizon
            return others(game, asked)

        try:
            simulate(sim, play, rng)
        except Horizon:
            pass
        return self.score(sim, request)

    def others(self) -> Policy:
        """Who plays a rollout after the first action: the prior (the cautious bots; in a versus game for
        both agents, the rival's player modelled as the cautious bot), against the game's director."""
        return against(self.prior, self.director) if self.director else self.prior

    def score(self, sim: Game, request: Request) -> float:
        if not self.versus:
            return value(sim)
        if not sim.over:
            return 0.5
        role = sim.roles.get(request.who or "", request.who)
        return 1.0 if sim.winner == role else 0.5 if sim.winner is None else 0.0


def determinize(hands: Hands, me: str | None, rng: random.Random) -> None:
    """The hands ``me`` cannot see (every holder's but its own) dealt again, in a rollout's copy, from the
    cards it has not seen: those hands and the cards left in the deck. How many each holds, and what was
    played, is on the table. Where the deck is dealt out and one hand is hidden, that hand is every card
    not yet played, which is known, and dealing again changes nothing."""
    hidden = sorted(holder for holder in hands.held if holder != me)
    if not hidden:
        return
    unseen = sorted([c for c, n in hands.deck.items() for _ in range(n)] + [c for h in hidden for c in hands.held[h]])
    rng.shuffle(unseen)
    for holder in hidden:
        count = len(hands.held[holder])
        hands.held[holder], unseen = unseen[:count], unseen[count:]
    hands.deck = {c: 0 for c in hands.deck}
    for c in unseen:
        hands.deck[c] = hands.deck.get(c, 0) + 1
