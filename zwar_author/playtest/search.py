"""The search player: chooses each hero action among the engine's own legal actions, by rollouts.

At each hero move (the request whose topic is ``hero``: one action of one
hero, or of one agent in a versus game) the search player weighs candidate
actions taken from ``legal_actions``, never from a fixed menu of plans:

- **the priors first**: the action the bot it builds on would take (the
  cautious bot, or the one its name gives: ``search@16/aggressive``; the
  default, kept unless another is measured better), then the actions each of the
  planner's plans would take here (the aggressive bot, holding on alert,
  another job order, ...): the heuristics as a prior;
- **then the rest of the legal actions**, in an order drawn from the player's
  own dice: progressive widening, ``WIDEN`` times the square root of the
  budget candidates in all, so more budget tries more of what no heuristic
  proposes (waiting a turn, a longer way round, a split team).

Each candidate is scored by rollouts: a copy of the game is played on by
the engine's ``step`` with that action first, with dice of its own at the
engine's odds, to the end of the turn after this one
(``HORIZON``), where ``value`` (playtest/value.py) estimates the heroes'
chances; a versus rollout plays to the end of the game. After the candidate,
this side's actions in a rollout come down a tree of the candidate's own
(open loop: a node is a line of this side's actions, whatever the dice
between them), UCB1 with the same progressive widening (a node visited n
times tries the first ``WIDEN`` times the square root of n + 1 of its
actions, the two heuristic bots' first), one new node a rollout, and the
bot it builds on after it (the director bot, or the rival agent's bot, for
the other side), a new one in each rollout: what a bot keeps between
decisions (a sprint's goal) belongs to one copy of the game. So a candidate is scored by how well it can be followed
up, not by how well the bot follows it up: a shot that only pays if the hero
then sprints past is found though no bot sprints there.

The budget (rollouts a decision) is shared out among the candidates by
sequential halving over common dice: every candidate left in a round plays
the same seeds, and a seed fixes each roll by what it is for (the planner's
``Common``: the same spawn roll, bite test or attack on the same turn is the
same die for every candidate, however many dice each rolled before it), the
better half goes on, and the bot's action stays in every round. The
action finally taken beats it on the same seeds by more than luck would
(``better``: the mean of the seed-by-seed differences above ``MARGIN`` and
Student's t standard errors) or is it: the bot's move is kept on ties. A decision where every heuristic proposes the same
action and no infected is near a hero is not searched: the budget goes where
play can differ.

It reads the table as players do. Its rollouts never see the game's dice to
come (each rolls its own), and the hands it cannot see (the director's, a
rival agent's) are dealt again in each rollout's copy from the cards it has
not seen (``determinize``): information-set sampling, one determinization a
rollout. Everything else a game holds is on the table (the search deck is
drawn by its counts, which everyone knows). Its actions are the options the
request offers, taken as opaque values. The other decisions (a sprint's
squares are hero moves too, but alert fire, which infected moves first, where
a spawn goes) are the bot's: they happen mid-step, where a copy of
the game cannot be played on from the start of a step.

The same seed plays the same game: the player's dice are a ``random.Random``
of its own, seeded from the game's seed, and nothing else it does depends on
the order the games are played in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.cards import Hands
from ..engine.chance import Request
from ..engine.state import Game
from ..engine.turn import step
from ..engine.vocab import Side, Topic
from .bots import STYLES, Bot, _danger
from .director import against
from .planner import Common, plans
from .value import value

Policy = Callable[[Game, Request], object]

DEFAULT_BUDGET = 16  # rollouts a decision
MAX_BUDGET = 4096
HORIZON: int | None = 1  # turns a rollout plays after this one before ``value`` scores it (None: to the end)
WIDEN, ALPHA = 1.5, 0.5  # candidates: WIDEN * budget ** ALPHA; a node visited n times tries WIDEN * (n + 1) ** ALPHA
EXPLORE = 0.5  # UCB1's exploration constant, for chances of winning between 0 and 1
MARGIN = 0.01  # how much better than the cautious bot's action (in chance of winning) another must score
#: ... and by how many standard errors of the seed-by-seed differences (``better``): Student's t at 97.5% for
#: n - 1 degrees of freedom (the spread of a few differences is itself a guess), about 2 from 30 seeds on
T975 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23)
#: read once: an enum's class attribute costs a call, and so does hashing a member (compared by identity)
HERO_MOVE, HEROES, AGENT = Topic.HERO, Side.HEROES, Side.AGENT


@dataclass
class Node:
    """A line of this side's actions from the decision searched (open loop: whatever the dice between them),
    with the rollouts that went through it."""

    order: list | None = None  # the actions tried here, in the order they are tried (the priors first)
    children: dict = field(default_factory=dict)  # action -> Node
    visits: int = 0
    total: float = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Search:
    budget: int  # rollouts a decision (0: the cautious bot)
    rng: random.Random  # the search's own dice, for its rollouts only
    director: str = ""  # director games: the director the rollouts play against ("bot", "passive")
    versus: bool = False  # an Agent Z game: this player answers one agent's requests, the rival is a bot
    horizon: int | None = HORIZON
    #: makes the heuristic bot it builds on (its prior, and the rollouts' player after the tree): a new one for
    #: the real game and for each rollout, as a bot keeps per-game state (a sprint's goal, ``Bot.sprint_goal``)
    bots: Callable[[], Policy] = field(default=lambda: Bot(STYLES["cautious"]))
    #: makes the other heuristic bot, whose action a node tries second (not in a versus game)
    second: Callable[[], Bot] = field(default=lambda: Bot(STYLES["aggressive"]))
    prior: Policy = field(init=False)  # the bot it builds on, in the real game (its own: never in a rollout)
    searched: int = field(default=0, init=False)  # decisions searched (for the bench)

    def __post_init__(self) -> None:
        self.prior = self.bots()

    def __call__(self, g: Game, request: Request):
        if self.budget > 0 and request.topic is HERO_MOVE and (request.side is HEROES or request.side is AGENT):
            return self.decide(g, request)
        return self.prior(g, request)

    def decide(self, g: Game, request: Request):
        """The candidate whose rollouts score best, by sequential halving over common dice; each candidate's
        rollouts choose the actions after it down a tree of their own (UCB1 with progressive widening). The
        best is taken over the cautious bot's action only where it beats it on the same dice, seed by seed,
        by more than luck would (``better``)."""
        order, proposed = self.root_order(g, request)
        if len(order) == 1 or not (proposed > 1 or any(_danger(g, h) for h in g.board_heroes())):
            return order[0]  # every heuristic takes this action and nothing is near: the budget goes elsewhere
        # (an NPC counts: an escort bitten at the far end of the board loses the Ferry as a hero would)
        self.searched += 1
        candidates = order[:max(2, round(WIDEN * math.sqrt(self.budget)))]
        trees = [Node() for _ in candidates]
        scores: list[dict[int, float]] = [{} for _ in candidates]  # each candidate's score by the seed it played
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        alive = list(range(len(candidates)))
        spent = 0
        for number in range(rounds):
            each = max(1, (self.budget - spent) // ((rounds - number) * len(alive)))
            seeds = [self.rng.getrandbits(64) for _ in range(each)]
            for i in alive:
                for seed in seeds:
                    scores[i][seed] = self.rollout(g, request, trees[i], seed, candidates[i])
                spent += each
            alive.sort(key=lambda i: (-trees[i].mean(), i))
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if 0 not in alive:  # the cautious bot's action runs in every round: the last comparison is on most seeds
                alive.append(0)
            if spent >= self.budget:
                break
        best = min(alive, key=lambda i: (-trees[i].mean(), i))
        return candidates[best] if best != 0 and better(scores[best], scores[0]) else candidates[0]

    def root_order(self, g: Game, request: Request) -> tuple[list, int]:
        """The actions of the decision searched, in the order they are tried: the cautious bot's, the
        planner's plans' (or the aggressive bot's in a versus game), then the other legal actions in an order
        drawn from the search's dice; and how many distinct actions the heuristics proposed."""
        options = request.options
        first = [self.prior(g, request)]
        first += [plan.hero_move(g, options) for plan in plans(g)] if not self.versus else []
        order: list = list(dict.fromkeys(first))
        proposed = len(order)
        rest = [a for a in options if a not in order]
        self.rng.shuffle(rest)
        return order + rest, proposed

    def node_order(self, g: Game, request: Request, bots: tuple[Policy, Bot | None]) -> list:
        """A node's actions in the order they are tried: the rollout's ``bots``' (the one it builds on first,
        then the other heuristic bot's but in a versus game), the rest in an order drawn from the search's dice."""
        options = list(request.options)
        prior, other = bots
        first = [prior(g, request)] + ([] if other is None else [other.hero_move(g, request.options)])
        order = list(dict.fromkeys(first))
        rest = [a for a in options if a not in order]
        self.rng.shuffle(rest)
        return order + rest

    def select(self, node: Node, g: Game, request: Request, bots: tuple[Policy, Bot | None]):
        """The action to follow from ``node``: an untried one among the first the widening allows, else the
        best by UCB1, among the actions legal here (the dice since the decision may have changed them)."""
        if node.order is None:
            node.order = self.node_order(g, request, bots)
        order = node.order
        if node.visits:  # not the node's first visit: the dice since the decision may have changed what is legal
            legal = set(request.options)
            order = [a for a in order if a in legal] or list(request.options)
        width = max(1, math.ceil(WIDEN * (node.visits + 1) ** ALPHA))
        tried = order[:width]
        for action in tried:
            if action not in node.children or node.children[action].visits == 0:
                return action
        log = math.log(node.visits + 1)
        return max(tried, key=lambda a: node.children[a].mean() + EXPLORE * math.sqrt(log / node.children[a].visits))

    def rollout(self, g: Game, request: Request, tree: Node, seed: int, action=None) -> float:
        """One simulation: a copy of the game (the hands it cannot see dealt again) played on with the dice
        ``seed`` gives (``Common``: the same roll on the same turn is the same die for every candidate), this
        side's actions chosen down ``tree`` while it knows the line (one new node a simulation), then by
        the bot it builds on, to the horizon; its score, added to every node on the way. The rollout's bots are
        its own, new (``bots``): what a bot keeps from one decision to the next belongs to one copy of the game."""
        sim = g.copy()
        if sim.hands is not None:
            determinize(sim.hands, request.who if self.versus else None, random.Random(~seed))
        stop = None if self.horizon is None or self.versus else sim.turn + self.horizon
        prior = self.bots()
        bots = (prior, None if self.versus else self.second())
        others = against(prior, self.director) if self.director else prior
        path = [tree]
        walking = [True]
        first = [] if action is None else [action]

        def play(game: Game, asked: Request):
            if asked.topic is HERO_MOVE and (asked.side is HEROES or asked.side is AGENT):
                if first:
                    return first.pop()
                if walking[0] and (not self.versus or asked.who == request.who):
                    node = path[-1]
                    chosen = self.select(node, game, asked, bots)
                    child = node.children.get(chosen)
                    if child is None:
                        child = node.children[chosen] = Node()
                        walking[0] = False  # one new node a simulation: the bot plays on from here
                    path.append(child)
                    return chosen
            return others(game, asked)

        ctx = Common(seed, play, sim)
        while not sim.over and (stop is None or sim.turn <= stop):
            step(sim, ctx)
        score = self.score(sim, request)
        for node in path:
            node.visits += 1
            node.total += score
        return score

    def score(self, sim: Game, request: Request) -> float:
        if not self.versus:
            return value(sim)
        if not sim.over:
            return 0.5
        role = sim.roles.get(request.who or "", request.who)
        return 1.0 if sim.winner == role else 0.5 if sim.winner is None else 0.0


def built_on(base: str, budget: int, rng: random.Random, director: str = "") -> Search:
    """The search player built on the heuristic bot ``base`` (a name of ``STYLES``): that bot's action is
    its first candidate and the one kept on ties, and the rollouts' player after the tree; a node tries
    the other bot's action second."""
    other = next(name for name in STYLES if name != base)
    return Search(budget, rng, director, bots=lambda: Bot(STYLES[base]), second=lambda: Bot(STYLES[other]))


def better(mine: dict[int, float], cautious: dict[int, float]) -> bool:
    """Whether scores ``mine`` beat the cautious action's on the seeds both played: the mean of the
    differences, seed by seed, above ``MARGIN`` and Student's t (``T975``) standard errors. The best of several noisy
    means beats the cautious action's by luck alone; the first search player, taking any lead of 0.01,
    left the bot's action on most decisions near the infected (88 times in one Break & Enter game, many
    for a move no heuristic proposed: no weapon in hand, a search on the way out) and won none of 20
    Break & Enter games where the bot won 7."""
    diffs = [score - cautious[seed] for seed, score in mine.items() if seed in cautious]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean > MARGIN and mean > _t975(n - 1) * spread


def _t975(df: int) -> float:
    return T975[df - 1] if df <= len(T975) else 1.96 + 2.7 / df


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
