"""The planning bot: chooses each turn's plan by playing the game on, many turns ahead, on copies.

At the first hero move of every turn the planner weighs a handful of plans
for the heroes' move (``plans``): the cautious bot's, the aggressive bot's,
variations of them (no room searches; no searches and no waiting for the
others; at full speed but ending on alert and stepping around grab zones;
while an infected is near a hero, shooting what is within 8 squares, or
holding where they stand on alert: ``Hold``), and
the cautious bot heading for each unfinished job in turn (another job order),
each handing a med pack to the infected friend who needs it (``Medic``). Each
plan is scored by rollouts: a copy of the game
is played on with that plan for this turn's hero move and ``HORIZON`` turns
more (2, the default), its dice drawn from the planner's own RNG and the
engine's ``chance_outcomes`` odds, the other side played by the bots the game
itself uses (the director bot in director games); where a rollout stops short
of the end, ``value`` estimates the heroes' chances from what the turns left
them with (``playtest/value.py``): the turns the rest of the job needs against
the turns to the mission's own deadline, and the chance each hero survives the
bites of the infected holding it or coming at it and the infection tests of
those turns. Losses in Z War One come from infection building up over many
turns, which only a look-ahead of several turns and a value that counts the
tests to come see.

With ``horizon`` None a rollout plays its copy to the end of the game, so a
plan's score is the share of its rollouts the heroes won: a rollout policy
improvement over the plans, which with exact scores could not win less often
than any one plan played all game, and where more budget only makes the
scores less noisy. It is not the default: it costs three to five times as
much a rollout, and on 200 fresh games (seed 7) at budget 1 it won fewer
games than the 2-turn planner at budget 2 (Break & Enter 64 against 75, The
Tower 49 against 62; bench/README.md, "The planner, fifth pass").

The budget is the rollouts per plan: about ``budget * len(plans)`` in all,
shared out by sequential halving (a bandit's way to find the best arm: every
plan gets the same few rollouts, the better half gets more, and so on, in at
most ``budget`` rounds), on common dice: rollout ``k`` of every plan rolls the
same die for the same roll on the same turn (``Common``), so plans are compared
on the same luck. The plan with the best
mean is followed for the rest of the turn (every request the heroes answer,
not only moves); the cautious bot's plan is kept on ties, and unless another
beats its mean by ``MARGIN`` of it. (At budget 1 one rollout won where the
cautious plan's lost is enough to move the planner off it: the scores are
noisy there; each doubling of the budget halves their variance.)
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
from zlib import crc32

from ..engine.actions import Action
from ..engine.cards import DIRECTOR, Hands
from ..engine.chance import Live, Request
from ..engine.state import Game, Hero
from ..engine.turn import step
from ..engine.vocab import Side, Topic, Verb
from .bots import STYLES, Bot, _danger, _jobs_left
from .director import against
from .value import value

DEFAULT_BUDGET = 2
MAX_BUDGET = 4096
MARGIN = 0.02  # how much better than the cautious bot's plan (a share of its mean) another's must score to be followed
HORIZON: int | None = 2  # turns a rollout plays after this turn's hero move before ``value`` estimates the rest (None: to the end)
MASK = (1 << 64) - 1


class Medic(Bot):
    """A bot that passes a med pack on: a hero carrying one hands it to a friend next to them at
    infection stage 2 or more who has none (or the friend takes it), where the bots keep it for the
    day its carrier is bitten. On The Tower, 21 of the cautious bot's 41 games lost to the infection
    (in 100, seed 2) ended with a med pack unused in a friend's hands."""

    def hero_move(self, g: Game, options) -> Action:
        handed = _hand_over(g, options)
        return handed if handed is not None else super().hero_move(g, options)

    def fresh(self) -> Medic:
        """The same plan with nothing kept from any game: a rollout's own (a bot keeps a sprint's goal)."""
        return type(self)(self.style)


def _hand_over(g: Game, options) -> Action | None:
    """A give (or take) that puts a med pack in the hands of the hero who needs it, when one of the
    two is the hero mid-move or no hero is: an exchange by another hero would end that one's move."""
    m = g.mission

    def medical(h: Hero) -> str | None:
        return next((c.name for c in h.cards if m.equipment[c.eq].kind == "medical" and not c.used), None)

    heroes = [h for h in g.board_heroes() if not h.npc and not h.done and not h.grapplers]
    for needy in sorted((h for h in heroes if h.stage >= 2 and medical(h) is None), key=lambda h: -h.stage):
        for giver in heroes:
            card = medical(giver)
            if giver is needy or card is None or giver.stage >= 2 or g.current not in (None, giver.id, needy.id):
                continue
            wanted = {(giver.id, Verb.GIVE, needy.id), (needy.id, Verb.TAKE, giver.id)}
            for hero in (giver, needy):
                per_hero = getattr(options, "of", None)
                acts = per_hero(hero.id) if per_hero is not None else [a for a in options if a.hero == hero.id]
                found = next((a for a in acts if (a.hero, a.verb, a.other) in wanted and a.card == card), None)
                if found is not None:
                    return found
    return None


class Focused(Medic):
    """A bot that heads for one job (``job``: its number in ``_jobs_left``) while it is left to do,
    then plays as its style says: another job order than the nearest job first."""

    def __init__(self, style, job: int) -> None:
        super().__init__(style)
        self.job = job

    def fresh(self) -> Focused:
        return Focused(self.style, self.job)

    def goal(self, g: Game, h: Hero) -> tuple[int, ...]:
        chosen = super().goal(g, h)
        jobs = dict(_jobs_left(g))
        if self.job in jobs and chosen in jobs.values():  # not when a friend in a grapple comes first
            return jobs[self.job]
        return chosen


class Hold(Medic):
    """A bot that stays where it stands this turn: it shoots what comes near and ends on alert (a
    turn's wait for the infected to come to the guns, rather than walking into them)."""

    def goal(self, g: Game, h: Hero) -> tuple[int, ...]:
        return ()


def plans(g: Game) -> list[Medic]:
    """The plans a turn may follow, the cautious bot first (the plan kept on ties)."""
    cautious, bold = STYLES["cautious"], STYLES["aggressive"]
    bots: list[Medic] = [Medic(cautious), Medic(bold), Medic(replace(cautious, search=False, name="cautious-no-search")),
                       Medic(replace(bold, alert=True, avoid_zones=True, name="aggressive-alert")),
                       Medic(replace(cautious, search=False, together=False, name="cautious-loose"))]
    if any(_danger(g, h) for h in g.board_heroes() if not h.npc):  # infected near: fight them, or let them come
        bots += [Medic(replace(cautious, shoot_within=8, name="cautious-fighter")),
                 Hold(replace(cautious, shoot_within=8, name="hold"))]
    jobs = [number for number, _ in _jobs_left(g, detours=False)]
    if len(jobs) > 1:
        bots += [Focused(cautious, number) for number in jobs]
    return bots


@dataclass
class Planner:
    budget: int  # rollouts per plan (0: the cautious bot, no look-ahead)
    rng: random.Random  # the planner's own dice, for its rollouts only
    director: str = ""  # director games: the director the rollouts play against ("bot", "passive")
    horizon: int | None = HORIZON
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
            alive.sort(key=lambda i: (-scores[i] / played[i] * (1 + MARGIN if i == 0 else 1), i))
            if len(alive) == 1:
                break
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        return candidates[alive[0]]

    def rollout(self, g: Game, plan: Medic, seed: int) -> float:
        """One sample of the heroes' chances after following ``plan`` from here: the game played on a
        copy for this turn and ``horizon`` more (None: to the end, so the value is the game's outcome),
        with dice drawn from ``seed``, by a bot of its own (``Medic.fresh``)."""
        sim = g.copy()
        if sim.hands is not None:
            redeal(sim.hands, random.Random(~seed))  # a shuffle of its own: the rollout's dice stay the same
        stop = None if self.horizon is None else sim.turn + self.horizon
        heroes: Callable = plan.fresh()  # the rollout's own: the plan itself goes on in the real game
        ctx = Common(seed, against(heroes, self.director) if self.director else heroes, sim)
        while not sim.over and (stop is None or sim.turn <= stop):
            step(sim, ctx)
        return value(sim)


class Common(Live):
    """A rollout's dice, common to every plan by what they are for: the roll asked for the same
    reason (a turn's spawn, a hero's infection test, the same attack) on the same turn is the same
    die in every plan's rollout with this seed, however many dice the plans rolled before it. One
    stream shared in order would fall out of step at the first die one plan rolls and another does
    not, and the plans would be compared on different luck from there on."""

    def __init__(self, seed: int, policy: Callable, game: Game) -> None:
        super().__init__(random.Random(seed), policy, game)
        self.seed = seed
        self.asked: dict[tuple[int, str], int] = {}

    def roll(self, why: str, who: str | None = None, die: int = 8) -> int:
        key = (self.game.turn, why)
        count = self.asked[key] = self.asked.get(key, -1) + 1
        return _mix(self.seed, self.game.turn, crc32(why.encode()), count) % die + 1


def _mix(*numbers: int) -> int:
    """A well-spread 64-bit number from ``numbers`` (splitmix64's finaliser over each in turn)."""
    x = 0
    for n in numbers:
        x = (x ^ n) + 0x9E3779B97F4A7C15 & MASK
        x = (x ^ x >> 30) * 0xBF58476D1CE4E5B9 & MASK
        x = (x ^ x >> 27) * 0x94D049BB133111EB & MASK
        x ^= x >> 31
    return x


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
