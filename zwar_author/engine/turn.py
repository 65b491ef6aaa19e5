"""The turn, phase by phase, the mission's events, and what ends a game.

A game advances in *steps*: a turn announce, one hero action, the bite tests,
one infected's move, one turn spawn roll, the infection tests, the end phase.
Between steps the game is whole; ``api`` keeps its frozen snapshots there.
"""

from __future__ import annotations

from typing import Any, Final

from ..model.rules import CardWindow
from . import cards, control, npc, sinkhole, timers
from .act import end_hero_phase, perform
from .chance import Choice, Context
from .combat import bite_test, infect, tested
from .infected import activate
from .legal import legal
from .mission import UNREACHABLE
from .options import LegalActions
from .sight import face, hero_distance, watched
from .spawn import (
    count_text,
    place_near,
    place_released,
    result_text,
    roamer,
    spawn_point,
)
from .spawn import phase as spawn_tables
from .state import Game, GameOver, Hero, Infected, pos
from .vocab import EventKind, HeroStatus, Perk, Phase, Side, Topic
from .world import check, end_game, trigger


def step(g: Game, ctx: Context) -> None:
    """Run one step; afterwards check whether the mission is won or lost (only the hero move and
    a hero's death or escape can change that between end phases)."""
    phase, heroes = g.phase, _standing_heroes(g)
    try:
        STEPS[phase](g, ctx)
        if phase == Phase.HEROES or _standing_heroes(g) != heroes:
            check(g, end_of_turn=False)
    except GameOver:
        pass


def _standing_heroes(g: Game) -> int:
    return sum(1 for h in g.heroes if h.status == HeroStatus.BOARD)


# --- turn announce and hero move -----------------------------------------------------------


def announce(g: Game, ctx: Context) -> None:
    cards.deal(g, ctx)
    g.turn += 1
    g.emit(EventKind.TURN, "game", f"Turn {g.turn}")
    for h in g.heroes:
        if h.on_board:
            start_turn(g, h)
    g.current = None
    g.enter_phase(Phase.HEROES)
    trigger(g, ctx, "turn", g.turn)
    cards.loot_window(g, ctx)


def start_turn(g: Game, h: Hero) -> None:
    base = npc.base_ap(g, h)
    h.ap_turn = g.ruleset.ap(h, base)
    h.ap, h.done, h.gave, h.stink = h.ap_turn, False, False, False
    h.switches = 2 if Perk.QUICK_DRAW in h.perks else 1
    h.aim, h.stride, h.sprint, h.sprint_attack = None, 0, "", False
    h.boosts.clear()
    h.melee_alerted.clear()
    for card in h.cards:
        card.used = False
    h.seen = {z.id for z in g.board_infected() if watched(g, z, h.sq)}


def hero_step(g: Game, ctx: Context) -> None:
    if not any(h.on_board and not h.done for h in g.heroes):
        end_hero_phase(g)
        return
    who = g.ruleset.acting(g, ctx)  # versus games: the agent whose player acts now (initiative)
    if who is None:
        options = LegalActions(g) if ctx.lazy else legal(g)
        action = ctx.choose(Side.HEROES, "Hero move: choose an action", options, topic=Topic.HERO)
    else:
        name = g.hero(who).name
        action = ctx.choose(Side.AGENT, f"Hero move: {name}'s player chooses an action",
                            [a for a in legal(g) if a.hero == who], who, Topic.HERO)
    perform(g, ctx, action)
    if g.phase == Phase.HEROES and not any(h.on_board and not h.done for h in g.heroes):
        end_hero_phase(g)


# --- infected move -------------------------------------------------------------------------


def bites(g: Game, ctx: Context) -> None:
    """At the beginning of the infected move (after the director's card window), every infected on a hero
    card bites."""
    cards.window(g, ctx, CardWindow.INFECTED_MOVE)
    for h in g.heroes:
        for zid in list(h.grapplers):
            if h.on_board and zid in g.infected:
                bite_test(g, ctx, h, g.infected[zid])
    g.pending = [(0, i) for i in sorted(g.infected)  # by id
                 if (z := g.infected[i]).sq is not None and not z.prone and not g.ruleset.held(g, z)]
    g.closest = None
    g.phase = Phase.INFECTED


def infected_step(g: Game, ctx: Context) -> None:
    """The next infected moves: the closest to a hero first; the decider orders equals."""
    _rank(g)
    waiting = [(d, g.infected[i]) for d, i in g.pending
               if i in g.infected and g.infected[i].sq is not None and not g.infected[i].prone
               and (d < UNREACHABLE or cards.controlled(g, i))]  # a steered unit needs no route to a hero
    if not waiting:
        g.pending = []
        g.spawn_left = _spawn_rolls(g)
        g.enter_phase(Phase.SPAWN)
        control.spawn_start(g, ctx)
        return
    best = waiting[0][0]
    tied = [z for d, z in waiting if d == best]
    key = tied[0].id if len(tied) == 1 else _first(g, ctx, tied)
    g.pending = [(d, i) for d, i in g.pending if i != key]
    if cards.controlled(g, key):
        control.move(g, ctx, g.infected[key])
    else:
        activate(g, ctx, g.infected[key])


def _first(g: Game, ctx: Context, tied: list[Infected]) -> int:
    """Which of the equally close infected moves next: the decider's choice (a lone one is not asked about,
    as ``Context.choose`` asks no one about a single option)."""
    options = [Choice(z.id, f"{z.tag} at {g.show(z.sq)}") for z in tied]
    return int(ctx.choose(g.ruleset.decider, "Infected move: which of the closest infected moves next", options,
                          topic=Topic.ORDER).key)


def _rank(g: Game) -> None:
    """Order the units still to move by route distance to the nearest detectable hero (kept
    while the heroes and the active rooms stay as they are: nothing else changes it)."""
    heroes = g.detectable()
    key = (tuple([(h.id, h.sq) for h in heroes]), g.active)
    if g.closest == key:
        return
    g.closest = key
    maps = [g.mission.route_from(h.sq, g.active) for h in heroes]  # ``hero_distance``, each hero's map read once
    ranked: list[tuple[int, int]] = []
    for _, i in g.pending:  # loops, not generators: compiled, each generator is an object and a call a value
        z = g.infected.get(i)
        if z is None or z.sq is None:
            continue
        sq = z.sq
        best = UNREACHABLE
        for dist in maps:
            d = dist.get(sq, UNREACHABLE)
            best = min(best, d)
        ranked.append((best, z.id))
    ranked.sort()
    g.pending = ranked


def _spawn_rolls(g: Game) -> int:
    tables = spawn_tables(g)
    return tables.turn.rolls if tables and tables.turn else 0


def spawn_step(g: Game, ctx: Context) -> None:
    if g.spawn_left <= 0:
        g.enter_phase(g.ruleset.after_spawn)
        return
    g.spawn_left -= 1
    turn_spawn(g, ctx)


def turn_spawn(g: Game, ctx: Context) -> None:
    """One roll of the turn spawn table (or the pair of rolls of a two-roll table)."""
    tables = spawn_tables(g)
    spec = tables.turn if tables else None
    if spec is None:
        return
    if spec.table is not None:
        roll = ctx.roll("Turn spawn")
        result = g.mission.charts.row(spec.table, roll)
        g.emit(EventKind.SPAWN_ROLL, "game", f"Turn spawn: rolls {roll} → {result_text(g, result)}", dice=(roll,))
        _spawn_result(g, ctx, result, result.spawn_point)
        return
    roll = ctx.roll("Turn spawn, roll 1: where")
    where = g.mission.charts.row(spec.where, roll)
    if where.kind == "sinkhole":
        sinkhole.two_rolls(g, ctx, roll, spec.what)
        return
    if where.kind != "spawn_point":
        g.emit(EventKind.SPAWN_ROLL, "game", f"Turn spawn: rolls {roll} → {result_text(g, where)}", dice=(roll,))
        _spawn_result(g, ctx, where, None)
        return
    second = ctx.roll(f"Turn spawn, roll 2: what spawns at {where.spawn_point}")
    what = g.mission.charts.row(spec.what, second)
    g.emit(EventKind.SPAWN_ROLL, "game", f"Turn spawn: rolls {roll} → spawn point {where.spawn_point}; "
           f"rolls {second} → {result_text(g, what)}", dice=(roll, second))
    _spawn_result(g, ctx, what, where.spawn_point)


def _spawn_result(g: Game, ctx: Context, result: Any, letter: str | None) -> None:
    if result.kind == "roamers":
        g.ruleset.roamers(g, ctx, roamer)
    elif result.kind == "infected" and letter is not None:
        spawn_at(g, ctx, letter, result.count, result.infected)
    elif result.kind == "sinkhole":
        sinkhole.one_roll(g, ctx)


def spawn_at(g: Game, ctx: Context, letter: str, count: int, cls: str) -> None:
    """Infected step onto the board at a spawn point, one by one, each moving before the next."""
    sq = spawn_point(g, letter)
    placed = min(count, max(0, g.pool.get(cls, 0)))
    if placed < count:
        g.emit(EventKind.MINIATURES, "game", f"Only {count_text(g, placed, cls)} left to place")
    for _ in range(placed):
        z = g.new_infected(cls, None, "N")
        g.emit(EventKind.SPAWN, z.tag, f"{g.label(z).capitalize()} spawns at {letter} ({g.show(sq)})", sq)
        activate(g, ctx, z, enter=sq)


# --- infection test and end phase ----------------------------------------------------------


def infection_tests(g: Game, ctx: Context) -> None:
    check, every_turn = g.ruleset.infection_check, g.ruleset.rules.infection_every_end_phase
    for h in g.heroes:
        if not h.on_board or not h.stage or h.hurt:  # an agent only hurt, never bitten, is not infected
            continue
        if check is not None:
            why = f"{h.name}'s infection test (stage {h.stage})"
            result = tested(g, ctx, h, why, check, 0, "stable", (EventKind.INFECTION, h.id),
                            lambda r: r.replace("_", " "))
        if every_turn or (check is not None and result == "next_stage"):
            infect(g, ctx, h, EventKind.INFECTION)
        if g.over:
            return
    g.enter_phase(Phase.END)


def end_phase(g: Game, ctx: Context) -> None:
    g.noise = {}  # what diggers heard this turn
    for h in g.heroes:
        if h.alert:
            h.alert = None
            g.emit(EventKind.ALERT, h.id, f"{h.name}'s alert token is removed")
    heroes = g.detectable()
    for i in sorted(g.infected):  # the infected on the board by id
        z = g.infected[i]
        if z.sq is not None and z.prone:
            z.prone = False
            sq = pos(z)
            near = min(heroes, key=lambda h: hero_distance(g, h, sq), default=None)
            if near is not None:
                z.facing = face(g, sq, near.sq, z.facing)
            g.emit(EventKind.STAND, z.tag, f"{g.label(z).capitalize()} stands up facing {z.facing}", z.sq)
    if g.ruleset.end_phase_infection:
        _advance_infection(g, ctx)
    for timer in timers.tick(g):
        trigger(g, ctx, "timer", timer)
        if g.over:
            return
    _rise(g, ctx)
    check(g, end_of_turn=True)
    if not g.over and g.turn >= g.setup.max_turns:
        end_game(g, "defeat", "turn limit", f"the game reached its limit of {g.setup.max_turns} turns")
    g.phase = Phase.START


def _advance_infection(g: Game, ctx: Context) -> None:
    """Exodus: the end phase advances every infected hero's infection to the next stage (no test)."""
    for h in g.heroes:
        if h.on_board and h.stage:
            g.emit(EventKind.INFECTION, h.id, f"{h.name}'s infection advances", h.sq)
            infect(g, ctx, h, EventKind.INFECTION)


def _rise(g: Game, ctx: Context) -> None:
    """Director games: in the end phase each hero who died this turn stands back up as a newborn;
    the infected in a grapple with them are placed on squares next to them first."""
    newborn = next((c for c in g.mission.classes if c.rpartition("/")[2] == "newborn"), None)
    while g.risen:
        hero_id, sq = g.risen[0]
        h = g.hero(hero_id)
        for zid in list(h.grapplers):
            z = g.infected[zid]
            h.grapplers.remove(zid)
            z.holder = None
            place_released(g, ctx, z, sq, f"{g.label(z).capitalize()} leaves {h.name}'s body")
        g.lift(h)
        del g.risen[0]  # the body is off the board: ``risen`` lists only bodies still lying there
        if newborn is None:
            g.emit(EventKind.RISE, hero_id, f"{h.name} would rise as a newborn, but the rules have no newborn card")
            continue
        g.pool[newborn] = g.pool.get(newborn, 0) + 1  # the hero's own miniature
        risen = place_near(g, ctx, newborn, sq, f"{h.name} rises as a newborn", drop=False)
        if risen is not None and g.hands is not None:  # "under the direct control of the director" (Agent Z: its player)
            g.hands.controlled[risen.id] = g.ruleset.newborn_holder(h)
        if risen is not None and g.detectable():
            at = pos(risen)
            risen.facing = face(g, at, min(g.detectable(), key=lambda o: hero_distance(g, o, at)).sq, risen.facing)


STEPS: Final = {Phase.START: announce, Phase.HEROES: hero_step, Phase.BITES: bites, Phase.INFECTED: infected_step,
         Phase.SPAWN: spawn_step, Phase.INFECTION: infection_tests, Phase.END: end_phase}


# --- rooms, doors, objectives and events ---------------------------------------------------


# --- the end of a game ---------------------------------------------------------------------


