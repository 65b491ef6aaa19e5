"""The planning bot: looks ahead through the engine's ``apply`` and ``chance_outcomes``.

At a hero move where something can happen to the heroes (a standing infected
near the hero about to act, or a hero in a grapple), the planner takes a few
candidate actions for that hero (the cautious bot's, the aggressive bot's, the
best attack on each infected nearby, going on alert) and scores each by sampled expectimax: it
``apply``-s the action to the state in front of it, answers the dice and
cards of that action by sampling ``chance_outcomes`` with its own seeded RNG,
then plays the rest of the game turn (the other heroes' moves with the cautious
bot, the infected move, the spawn, the end phase) with dice it draws itself,
and values where the turn ends. ``budget`` such look-aheads per candidate; the
candidate that beats the cautious bot's action by the most is taken when its
gain, less one standard error, passes a margin: every candidate is looked at
with the same dice, so the comparison is paired, and a lucky roll alone does
not move the planner off the cautious bot's action (when nothing is near, the
planner is the cautious bot).

The planner never sees the game's dice to come: its look-aheads roll their own.
It plays only through the request in front of it: its answer is one of the
request's options, and it reaches the engine's rules only through ``apply``,
``chance_outcomes`` and copies of the game it was shown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.api import State, apply, chance_outcomes, start
from ..engine.chance import Live, Request
from ..engine.state import Game, Hero, pos
from ..engine.turn import step
from ..engine.vocab import HeroStatus, Phase, Topic, Verb
from .bots import INF, STYLES, Bot, _best_attack, _jobs_left, _route, _threat

NEAR = 3  # route squares: a standing infected this close makes a hero move worth planning
DEFAULT_BUDGET = 8
MARGIN = 0.02  # how much better than the cautious bot's action another must look to be taken instead
MAX_BUDGET = 4096


@dataclass
class Planner:
    budget: int  # look-aheads per candidate action (0: the cautious bot, no look-ahead)
    rng: random.Random  # the planner's own dice, for its look-aheads only

    def __post_init__(self) -> None:
        self.cautious = Bot(STYLES["cautious"])
        self.bold = Bot(STYLES["aggressive"])

    def __call__(self, g: Game, request: Request):
        default = self.cautious(g, request)
        if request.topic != Topic.HERO or self.budget <= 0 or not isinstance(default, Action) or not default.hero:
            return default
        h = g.hero(default.hero)
        if not _contested(g, h):
            return default
        options = _candidates(self, g, h, request.options, default)
        if len(options) == 1:
            return default
        root = start(g)
        seeds = [self.rng.getrandbits(32) for _ in range(self.budget)]  # the same dice for every candidate
        values = [[self.look_ahead(root, a, random.Random(s)) for s in seeds] for a in options]
        gains = [_confident_gain(v, values[0]) for v in values]
        best = max(range(len(options)), key=lambda i: (gains[i], -i))
        return options[best] if gains[best] > MARGIN else default

    def look_ahead(self, root: State, action: Action, dice: random.Random) -> float:
        """One sample of how the turn ends after ``action``: the action's own dice from
        ``chance_outcomes``, the rest of the turn played on a copy, all rolled with ``dice``."""
        state = apply(root, action)
        while state.request is not None and state.inputs:  # inside the action's step: its dice and choices
            if state.request.chance:
                outcomes = chance_outcomes(state)
                answer = dice.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                answer = self.cautious(state.view, state.request)
            state = apply(state, answer)
        g = state.view if state.over else state.snapshot.copy()
        ctx = Live(dice, _Rollout(self.cautious, action.hero), g)
        turn = g.turn
        while not g.over and (g.turn == turn and g.phase != Phase.START):
            step(g, ctx)
        return value(self.cautious, g)


def _confident_gain(values: list[float], base: list[float]) -> float:
    """How much better ``values`` scored than ``base`` on the same dice, less one standard error of
    the paired differences: a candidate is taken over the cautious bot's action only when its look-
    aheads agree that it is better, not when one lucky roll says so."""
    diffs = [a - b for a, b in zip(values, base)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean
    spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
    return mean - spread


@dataclass
class _Rollout:
    """How a look-ahead plays the rest of the turn: the hero who acted finishes its move as the
    cautious bot would, and then the heroes end the turn (the others' moves would cost more to play
    than they tell apart the hero's candidate actions); other decisions as the cautious bot."""

    bot: Bot
    hero: str

    def __call__(self, g: Game, request: Request):
        if request.topic != Topic.HERO:
            return self.bot(g, request)
        h = g.hero(self.hero)
        if h.on_board and not h.done:
            of = getattr(request.options, "of", None)
            acts = of(h.id) if of is not None else [a for a in request.options if a.hero == h.id]
            choice = self.bot.choose(g, h, acts) if acts else None
            if choice is not None:
                return choice
        return request.options[-1] if getattr(request.options, "many", False) else self.bot(g, request)


def _contested(g: Game, h: Hero) -> bool:
    """Whether the move of ``h`` is one where looking ahead can tell actions apart: a hero is in a
    grapple, or a standing infected could reach ``h`` by its next move."""
    if any(o.grapplers for o in g.board_heroes()):
        return True
    return _threat(g, h.sq) > 0 or any(not z.prone and _route(g, pos(z), h.sq) <= NEAR for z in g.board_infected())


def _candidates(planner: Planner, g: Game, h: Hero, options: Sequence, default: Action) -> list[Action]:
    """A handful of the hero's legal actions worth comparing (``default`` first)."""
    of = getattr(options, "of", None)
    mine = of(h.id) if of is not None else [a for a in options if isinstance(a, Action) and a.hero == h.id]
    by_verb: dict[str, list[Action]] = {}
    for a in mine:
        by_verb.setdefault(a.verb, []).append(a)
    found: list[Action | None] = [default, planner.bold.choose(g, h, mine)]
    attacks = [a for v in (Verb.QUICK, Verb.MELEE, Verb.AIMED, Verb.EXECUTE) for a in by_verb.get(v, [])]
    for target in sorted({a.target for a in attacks}):
        found.append(_best_attack(g, h, [a for a in attacks if a.target == target]))
    found.append(planner.cautious._alert(g, h, by_verb))
    out: list[Action] = []
    for candidate in found:
        if candidate is not None and candidate not in out:
            out.append(candidate)
    return out


def value(bot: Bot, g: Game) -> float:
    """How well the heroes stand, from 0 (lost) to 1 (won): a finished game is its outcome; else
    0.5, less for each infection stage and each grapple (a grapple is a bite to come, a bite a
    stage, and one hero's death loses a campaign mission), a little less for the prone, more for
    the jobs done and for being near the next one."""
    if g.over:
        return 1.0 if g.outcome == "victory" else 0.0
    heroes = g.heroes
    n = len(heroes) or 1
    board = g.board_heroes()
    score = 0.5
    score -= 0.25 * sum(h.status == HeroStatus.DEAD for h in heroes)
    score -= 0.04 * sum(len(h.grapplers) for h in board)
    score -= 0.05 * sum(h.stage for h in board)
    score -= 0.01 * sum(h.prone for h in board)
    score += 0.08 * (len(g.objectives) + sum(h.object is not None for h in heroes)
                     + sum(h.status == HeroStatus.ESCAPED for h in heroes))
    jobs = _jobs_left(g)
    if board and jobs:
        dist = min(sum(min(bot.field(g, squares).get(h.sq, INF), 60) for h in board) for _, squares in jobs)
        score -= 0.004 * dist / n
    return max(0.0, min(1.0, score))
