"""The planner's hand-set estimate of the heroes' chances where a look-ahead stops short of the end.

``value`` is the product of a few chances read off the board: finishing in
time, every hero surviving the bites and the infection tests to come, and the
dead. Its constants are set by hand, and measured (bench/README.md).
"""

from __future__ import annotations

from math import comb, erf, sqrt

from ..engine.combat import armoured, read
from ..engine.mission import Mission
from ..engine.state import MAX_STAGE, Game, Hero
from ..engine.vocab import HeroStatus, Perk
from .bots import INF, _charging, _condition, _exit_squares, _jobs_left, _wants_escape, distance_field
from .kit import turns_left
from .routes import facts

SPEED = 2.5  # squares a team gains on its next job in a turn, fights and waits included (the cautious bot: 2 to 3)
FAR = 60  # squares a leg of the way counts at most (a job cut off for now is far, not out of reach)
BITTEN = 0.005  # chance a hero is bitten anew in a turn still to play, beyond the look-ahead
DEAD = 0.6  # what a dead hero leaves of the heroes' chances where the game goes on without them
FIRST = 0.5  # what the heroes, who move first, leave of the threat of an infected coming at them


def value(g: Game) -> float:
    """The heroes' chances, from 0 (lost) to 1 (won): a finished game is its outcome; else the product
    of the chances that the turns still to play go their way:

    - **in time**: the turns the rest of the job needs (``turns_needed``) against the turns left
      before the mission's real deadline (``deadline``: a director's time limit, not only the
      tracker's 40 turns), as a normal spread that widens with the way to go;
    - **alive**: each hero surviving the bites the infected holding it or coming at it may give it
      next, then the infection tests of those turns (``survival``), and no hero being bitten anew
      (``BITTEN`` a turn);
    - a dead hero, where the game goes on without them (``DEAD``).

    Time and infection meet in one number: a shorter way to the exit is fewer tests to survive. An
    object the victory needs carried out that went down with its carrier (``lost``) is a lost game,
    though the engine plays on to the deadline."""
    if g.over:
        return 1.0 if g.outcome == "victory" else 0.0
    heroes = [h for h in g.heroes if not h.npc]
    board = [h for h in heroes if h.status == HeroStatus.BOARD]
    if not board or lost(g):
        return 0.0
    left = deadline(g) - g.turn + 1  # turns still to play, this one included
    need = turns_needed(g, board)
    cond = _condition(g)
    exposure = min(need, left)
    if cond is not None and cond.survive:  # hold out: every turn to the end is to be survived
        exposure = max(exposure, cond.survive - g.turn + 1)
    in_time = _normal((left - need) / (1 + 0.3 * need))
    alive = survival(g, board, max(0, round(exposure)))
    dead = sum(h.status == HeroStatus.DEAD for h in heroes)
    return in_time * alive * DEAD ** dead * (1 - 0.002 * min(need, 100))


def deadline(g: Game) -> int:
    """The last turn the heroes can still win: the mission's own time limit (a director's victory or
    the heroes' defeat once a turn has ended), else the tracker's last turn."""
    return g.turn + turns_left(g)


def lost(g: Game) -> bool:
    """Whether an object the heroes' victory needs carried out is out of the game: neither lying on the
    board nor held by a hero on it or gone out with it (its carrier died holding it)."""
    wanted = facts(g.mission).carrying
    if not wanted:
        return False
    kept = set(g.objects.values()) | {h.object for h in g.heroes if h.status in (HeroStatus.BOARD, HeroStatus.ESCAPED)}
    return not wanted <= kept


def turns_needed(g: Game, board: list[Hero]) -> float:
    """Turns the heroes need for what is left: from where they stand (their mean way) to the nearest
    job, from there to the nearest job left, and so on, then to the exit when the mission wants them
    out (the way of the hero farthest from it when all must leave; of the farthest carrier when the
    victory needs objects carried out and they are all picked up: the way of a hero with empty hands
    counts for nothing there), at ``SPEED`` squares a turn, and half a turn for each job's own action."""
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
        wanted = facts(g.mission).carrying
        carriers = [h.sq for h in board if h.object in wanted] if first and wanted else []
        ways = [min(field.get(sq, INF), FAR) for sq in carriers or here]
        cond = _condition(g)
        farthest = carriers or (first and cond is not None and cond.escape == "all")
        squares += max(ways) if farthest else min(ways)
    jobs_left = len(_jobs_left(g, detours=False))
    return squares / SPEED + 0.5 * jobs_left


def survival(g: Game, board: list[Hero], turns: int) -> float:
    """The chance no hero on the board dies of the infection: of the bites the infected holding it or
    coming at it may give it next (``_bite_odds``: each a stage more, at the rulebook's odds), then of
    ``turns`` more infection tests (each moves the stage on with the rulebook's chance; past the last
    stage the hero dies), a med pack in hand as a cure once, and each hero's chance of not being
    bitten anew in those turns. A hero at the last stage dies of the next bite: an infected
    that can reach it is the likeliest way to lose a mission where a death loses it. Where a hero's death does not lose the mission,
    a death costs what a dead hero does (``DEAD``)."""
    m = g.mission
    chance = _advance_chance(g)
    fatal = any(c.any_hero_dies for c in m.compiled.defeat)  # else the others play on without the dead
    alive = 1.0
    for h in board:
        stage = h.stage
        if any(m.equipment[c.eq].kind == "medical" for c in h.cards):
            stage = 0  # the bots use it from stage 2: the infection starts again
        spread = [1.0]  # spread[k]: the chance of k bites more
        for p in _bite_odds(g, h):
            spread = [a * (1 - p) + b * p for a, b in zip([*spread, 0.0], [0.0, *spread])]
        # an unbitten hero takes no infection tests (the engine tests only a hero at a stage): with no bite
        # to come it is clear of the infection, where the infection advances every end phase too (Exodus)
        lives = sum(p * (1.0 if stage + k == 0 else _clear(MAX_STAGE + 1 - stage - k, turns, chance))
                    for k, p in enumerate(spread))
        lives *= (1 - BITTEN) ** turns
        alive *= lives if fatal else lives + (1 - lives) * DEAD
    return alive


def _bite_odds(g: Game, h: Hero) -> list[float]:
    """The chance of a bite from each infected holding ``h`` (a bite test in the next infected move)
    or able to reach it in that move (a grab test, then a bite test; none for a prone hero), the
    latter discounted by ``FIRST``: the heroes move before the infected do."""
    m = g.mission
    armour, dodgy = 1 if armoured(g, h) else 0, 1 if Perk.DODGY in h.perks else 0
    odds = [_share(m, m.classes[g.infected[z].cls].bite, armour, "bitten") for z in h.grapplers if z in g.infected]
    coming = _charging(g, h.sq)
    for z in g.board_infected():
        if z.id in coming:
            grab = 1.0 if h.prone else _share(m, m.classes[z.cls].grab, dodgy, "taken_down")
            odds.append(FIRST * grab * _share(m, m.classes[z.cls].bite, armour, "bitten"))
    return odds


def _share(m: Mission, table, bonus: int, result: str) -> float:
    return sum(read(m, table, face + bonus) == result for face in range(1, table.die + 1)) / table.die


def _advance_chance(g: Game) -> float:
    """The chance an infection test moves a hero's stage on (1 where every end phase does)."""
    table = g.ruleset.infection_check
    if g.ruleset.rules.infection_every_end_phase:
        return 1.0
    if table is None:
        return 0.0
    return sum(read(g.mission, table, face) == "next_stage" for face in range(1, table.die + 1)) / table.die


def _clear(steps: int, turns: int, chance: float) -> float:
    """The chance fewer than ``steps`` of ``turns`` tests move the stage on (binomial)."""
    if steps <= 0:
        return 0.0
    return sum(comb(turns, k) * chance ** k * (1 - chance) ** (turns - k) for k in range(min(steps, turns + 1)))


def _normal(z: float) -> float:
    return 0.5 * (1 + erf(z / sqrt(2)))
