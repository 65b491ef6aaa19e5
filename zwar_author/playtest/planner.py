"""The planning bot: chooses each turn's plan by playing the game on, many turns ahead, on copies.

At the first hero move of every turn the planner weighs a handful of plans
for the heroes' move (``plans``): the cautious bot's, the aggressive bot's,
variations of them (no room searches; no searches and no waiting for the
others; at full speed but ending on alert and stepping around grab zones), and
the cautious bot heading for each unfinished job in turn (another job order),
each handing a med pack to the infected friend who needs it (``Medic``). Each
plan is scored by rollouts: a copy of the game
is played on with that plan for the whole look-ahead (this turn's hero move
and ``HORIZON`` turns more, or to the end of the game), its dice drawn from
the planner's own RNG and the engine's ``chance_outcomes`` odds, the other
side played by the bots the game itself uses (the director bot in director
games); where a rollout stops short of the end, ``value`` estimates the
heroes' chances from what the turns left them with: the turns the rest of the
job needs against the turns to the mission's own deadline, and the chance
each infected hero survives the infection tests of those turns. Losses in Z
War One come from infection building up over many turns, which only a
look-ahead of several turns and a value that counts the tests to come see.

The budget is the rollouts per plan: about ``budget * len(plans)`` in all,
shared out by sequential halving (a bandit's way to find the best arm: every
plan gets the same few rollouts, the better half gets more, and so on, in at
most ``budget`` rounds), on common dice: rollout ``k`` of every plan rolls the
same die for the same roll on the same turn (``Common``), so plans are compared
on the same luck. The plan with the best
mean is followed for the rest of the turn (every request the heroes answer,
not only moves); the cautious bot's plan is kept unless another beats its mean
by ``MARGIN`` of it, so one lucky rollout alone does not move the planner off it.
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
from functools import cache
from math import comb, erf, sqrt
from zlib import crc32

from ..engine.actions import Action
from ..engine.cards import DIRECTOR, Hands
from ..engine.chance import Live, Request
from ..engine.combat import read
from ..engine.state import MAX_STAGE, Game, Hero
from ..engine.turn import step
from ..engine.vocab import HeroStatus, Side, Topic, Verb
from .bots import INF, STYLES, Bot, _condition, _exit_squares, _jobs_left, _wants_escape, distance_field
from .director import against
from .kit import turns_left

DEFAULT_BUDGET = 2
MAX_BUDGET = 4096
MARGIN = 0.02  # how much better than the cautious bot's plan (a share of its mean) another's must score to be followed
HORIZON = 2  # turns a rollout plays after this turn's hero move, before ``value`` estimates the rest
SPEED = 2.5  # squares a team gains on its next job in a turn, fights and waits included (the cautious bot: 2 to 3)
FAR = 60  # squares a leg of the way counts at most (a job cut off for now is far, not out of reach)
BITTEN = 0.005  # chance a hero is bitten anew in a turn still to play, beyond the look-ahead
DEAD = 0.6  # what a dead hero leaves of the heroes' chances where the game goes on without them
NEAR = 0.97  # what each standing infected that can grab a hero leaves of them
MASK = (1 << 64) - 1


class Medic(Bot):
    """A bot that passes a med pack on: a hero carrying one hands it to a friend next to them at
    infection stage 2 or more who has none (or the friend takes it), where the bots keep it for the
    day its carrier is bitten. On The Tower, 21 of the cautious bot's 41 games lost to the infection
    (in 100, seed 2) ended with a med pack unused in a friend's hands."""

    def hero_move(self, g: Game, options) -> Action:
        handed = _hand_over(g, options)
        return handed if handed is not None else super().hero_move(g, options)


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

    def goal(self, g: Game, h: Hero) -> tuple[int, ...]:
        chosen = super().goal(g, h)
        jobs = dict(_jobs_left(g))
        if self.job in jobs and chosen in jobs.values():  # not when a friend in a grapple comes first
            return jobs[self.job]
        return chosen


def plans(g: Game) -> list[Bot]:
    """The plans a turn may follow, the cautious bot first (the plan kept on ties)."""
    cautious, bold = STYLES["cautious"], STYLES["aggressive"]
    bots: list[Bot] = [Medic(cautious), Medic(bold), Medic(replace(cautious, search=False, name="cautious-no-search")),
                       Medic(replace(bold, alert=True, avoid_zones=True, name="aggressive-alert")),
                       Medic(replace(cautious, search=False, together=False, name="cautious-loose"))]
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
            alive.sort(key=lambda i: (-scores[i] / played[i] * (1 + MARGIN if i == 0 else 1), i))
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
        ctx = Common(seed, against(heroes, self.director) if self.director else heroes, sim)
        while not sim.over and sim.turn <= stop:
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


def value(g: Game) -> float:
    """The heroes' chances, from 0 (lost) to 1 (won): a finished game is its outcome; else the product
    of the chances that the turns still to play go their way:

    - **in time**: the turns the rest of the job needs (``turns_needed``) against the turns left
      before the mission's real deadline (``deadline``: a director's time limit, not only the
      tracker's 40 turns), as a normal spread that widens with the way to go;
    - **alive**: each infected hero surviving the infection tests of those turns (``survival``), and
      no hero being bitten anew (``BITTEN`` a turn);
    - a dead hero, where the game goes on without them (``DEAD``), and each standing infected that can
      grab a hero where it stands.

    Time and infection meet in one number: a shorter way to the exit is fewer tests to survive."""
    if g.over:
        return 1.0 if g.outcome == "victory" else 0.0
    heroes = [h for h in g.heroes if not h.npc]
    board = [h for h in heroes if h.status == HeroStatus.BOARD]
    if not board:
        return 0.0
    left = deadline(g) - g.turn + 1  # turns still to play, this one included
    need = turns_needed(g, board)
    cond = _condition(g)
    exposure = min(need, left)
    if cond is not None and cond.survive:  # hold out: every turn to the end is to be survived
        exposure = max(exposure, cond.survive - g.turn + 1)
    in_time = _normal((left - need) / (1 + 0.3 * need))
    alive = survival(g, board, max(0, round(exposure)))
    m = g.mission
    near = sum(1 for h in board for z in g.board_infected() if not z.prone and z.sq in m.reach(h.sq, g.doors))
    dead = sum(h.status == HeroStatus.DEAD for h in heroes)
    return in_time * alive * DEAD ** dead * NEAR ** near * (1 - 0.002 * min(need, 100))


def deadline(g: Game) -> int:
    """The last turn the heroes can still win: the mission's own time limit (a director's victory or
    the heroes' defeat once a turn has ended), else the tracker's last turn."""
    return g.turn + turns_left(g)


def turns_needed(g: Game, board: list[Hero]) -> float:
    """Turns the heroes need for what is left: from where they stand (their mean way) to the nearest
    job, from there to the nearest job left, and so on, then to the exit when the mission wants them
    out (the way of the hero farthest from it when all must leave), at ``SPEED`` squares a turn, and
    half a turn for each job's own action."""
    jobs = [squares for _, squares in _jobs_left(g, detours=False)]
    here: list[int] = [h.sq for h in board]
    squares, first = 0.0, True
    while jobs:
        fields = [distance_field(g, job) for job in jobs]
        ways = [sum(min(f.get(sq, INF), FAR) for sq in here) / len(here) if first
                else min(min(f.get(sq, INF), FAR) for sq in here) for f in fields]
        best = min(range(len(jobs)), key=lambda i: (ways[i], i))
        squares += ways[best]
        here, first = list(jobs.pop(best)), False
    if _wants_escape(g):
        exits = _exit_squares(g) or tuple(g.mission.exits)  # shut exits open on the way (an event)
        field = distance_field(g, exits)
        ways = [min(field.get(sq, INF), FAR) for sq in here]
        cond = _condition(g)
        squares += max(ways) if first and cond is not None and cond.escape == "all" else min(ways)
    jobs_left = len(_jobs_left(g, detours=False))
    return squares / SPEED + 0.5 * jobs_left


def survival(g: Game, board: list[Hero], turns: int) -> float:
    """The chance no hero on the board dies of the infection in ``turns`` more infection tests (each
    moves the stage on with the rulebook's chance; past the last stage the hero dies), a grapple
    counted as an even chance of one bite more, a med pack in hand as a cure once, and each hero's
    chance of not being bitten anew in those turns. Where a hero's death does not lose the mission,
    a death costs what a dead hero does (``DEAD``)."""
    m = g.mission
    chance = _advance_chance(g)
    fatal = any(c.any_hero_dies for c in m.compiled.defeat)  # else the others play on without the dead
    alive = 1.0
    for h in board:
        stage = h.stage
        if any(m.equipment[c.eq].kind == "medical" for c in h.cards):
            stage = 0  # the bots use it from stage 2: the infection starts again
        bites = len(h.grapplers)
        lives = sum(comb(bites, k) / 2 ** bites * _clear(MAX_STAGE + 1 - stage - k, turns, chance)
                    for k in range(bites + 1))
        lives *= (1 - BITTEN) ** turns
        alive *= lives if fatal else lives + (1 - lives) * DEAD
    return alive


def _advance_chance(g: Game) -> float:
    """The chance an infection test moves a hero's stage on (1 where every end phase does)."""
    table = g.ruleset.infection_check
    if g.ruleset.rules.infection_every_end_phase:
        return 1.0
    if table is None:
        return 0.0
    return sum(read(table, face) == "next_stage" for face in range(1, table.die + 1)) / table.die


@cache
def _clear(steps: int, turns: int, chance: float) -> float:
    """The chance fewer than ``steps`` of ``turns`` tests move the stage on (binomial)."""
    if steps <= 0:
        return 0.0
    return sum(comb(turns, k) * chance ** k * (1 - chance) ** (turns - k) for k in range(min(steps, turns + 1)))


def _normal(z: float) -> float:
    return 0.5 * (1 + erf(z / sqrt(2)))
