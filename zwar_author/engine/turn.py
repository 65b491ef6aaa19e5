"""The turn, phase by phase, the mission's events, and what ends a game.

A game advances in *steps*: a turn announce, one hero action, the bite tests,
one infected's move, one turn spawn roll, the infection tests, the end phase.
Between steps the game is whole; ``api`` keeps its frozen snapshots there.
"""

from __future__ import annotations

from .act import perform
from .chance import Choice, Context
from .combat import bite_test, infect, tested
from .infected import activate, face, hero_distance
from .legal import legal, watched
from .mission import UNREACHABLE
from .spawn import phase as spawn_tables
from .spawn import place_near, place_released, room_spawn, spawn_point, turn_spawn
from .state import Game, GameOver, Hero

PHASE_NAMES = {"heroes": "Hero move", "bites": "Infected move", "spawn": "Infected spawn",
               "infection": "Infection test", "end": "End phase"}


def step(g: Game, ctx: Context) -> None:
    """Run one step; afterwards check whether the mission is won or lost (only the hero move and
    a hero's death or escape can change that between end phases)."""
    phase, heroes = g.phase, _standing_heroes(g)
    try:
        STEPS[phase](g, ctx)
        if phase == "heroes" or _standing_heroes(g) != heroes:
            check(g, end_of_turn=False)
    except GameOver:
        pass


def _standing_heroes(g: Game) -> int:
    return sum(1 for h in g.heroes if h.status == "board")


def _enter_phase(g: Game, name: str) -> None:
    g.phase = name
    g.emit("phase", "game", PHASE_NAMES[name])


# --- turn announce and hero move -----------------------------------------------------------


def announce(g: Game, ctx: Context) -> None:
    g.turn += 1
    g.emit("turn", "game", f"Turn {g.turn}")
    for h in g.heroes:
        if h.on_board:
            start_turn(g, h)
    g.current = None
    _enter_phase(g, "heroes")
    trigger(g, ctx, "turn", g.turn)


def start_turn(g: Game, h: Hero) -> None:
    base = g.mission.hero_cards[h.qid].ap
    h.ap_turn = g.ruleset.ap(h, base)
    h.ap, h.done, h.gave, h.stink = h.ap_turn, False, False, False
    h.switches = 2 if "quick-draw" in h.perks else 1
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
    action = ctx.choose("heroes", "Hero move: choose an action", legal(g), topic="hero")
    perform(g, ctx, action)
    if g.phase == "heroes" and not any(h.on_board and not h.done for h in g.heroes):
        end_hero_phase(g)


def end_hero_phase(g: Game) -> None:
    for h in g.heroes:
        h.done, h.stride = True, 0
    g.current = None
    _enter_phase(g, "bites")


# --- infected move -------------------------------------------------------------------------


def bites(g: Game, ctx: Context) -> None:
    """At the beginning of the infected move, every infected on a hero card bites."""
    for h in g.heroes:
        for zid in list(h.grapplers):
            if h.on_board and zid in g.infected:
                bite_test(g, ctx, h, g.infected[zid])
    g.pending = [(0, z.id) for z in sorted(g.board_infected(), key=lambda z: z.id) if not z.prone]
    g.closest = None
    g.phase = "infected"


def infected_step(g: Game, ctx: Context) -> None:
    """The next infected moves: the closest to a hero first; the decider orders equals."""
    _rank(g)
    waiting = [(d, g.infected[i]) for d, i in g.pending
               if i in g.infected and g.infected[i].sq is not None and not g.infected[i].prone and d < UNREACHABLE]
    if not waiting:
        g.pending = []
        g.spawn_left = _spawn_rolls(g)
        _enter_phase(g, "spawn")
        return
    best = waiting[0][0]
    tied = [z for d, z in waiting if d == best]
    options = [Choice(z.id, f"{z.tag} at {g.show(z.sq)}") for z in tied]
    pick = ctx.choose(g.ruleset.decider, "Infected move: which of the closest infected moves next", options,
                      topic="order")
    g.pending = [(d, i) for d, i in g.pending if i != pick.key]
    activate(g, ctx, g.infected[pick.key])


def _rank(g: Game) -> None:
    """Order the units still to move by route distance to the nearest detectable hero (kept
    while the heroes and the active rooms stay as they are: nothing else changes it)."""
    heroes = g.detectable()
    key = (tuple((h.id, h.sq) for h in heroes), g.active)
    if g.closest == key:
        return
    g.closest = key
    units = [g.infected[i] for _, i in g.pending if i in g.infected and g.infected[i].sq is not None]
    g.pending = sorted((min((hero_distance(g, h, z.sq) for h in heroes), default=UNREACHABLE), z.id) for z in units)


def _spawn_rolls(g: Game) -> int:
    tables = spawn_tables(g)
    return tables.turn.rolls if tables and tables.turn else 0


def spawn_step(g: Game, ctx: Context) -> None:
    if g.spawn_left <= 0:
        _enter_phase(g, "infection")
        return
    g.spawn_left -= 1
    turn_spawn(g, ctx)


# --- infection test and end phase ----------------------------------------------------------


def infection_tests(g: Game, ctx: Context) -> None:
    for h in g.heroes:
        if not h.on_board or not h.stage:
            continue
        why = f"{h.name}'s infection test (stage {h.stage})"
        result = tested(g, ctx, h, why, g.ruleset.infection_check, 0, "stable", ("infection", h.id),
                        lambda r: "next stage" if r == "next" else "stable")
        if result == "next":
            infect(g, ctx, h, "infection")
        if g.over:
            return
    _enter_phase(g, "end")


def end_phase(g: Game, ctx: Context) -> None:
    for h in g.heroes:
        if h.alert:
            h.alert = None
            g.emit("alert", h.id, f"{h.name}'s alert token is removed")
    heroes = g.detectable()
    for z in sorted(g.board_infected(), key=lambda z: z.id):
        if z.prone:
            z.prone = False
            near = min(heroes, key=lambda h: hero_distance(g, h, z.sq), default=None)
            if near is not None:
                z.facing = face(g, z.sq, near.sq, z.facing)
            g.emit("stand", z.tag, f"{g.label(z).capitalize()} stands up facing {z.facing}", z.sq)
    _rise(g, ctx)
    check(g, end_of_turn=True)
    if not g.over and g.turn >= g.setup.max_turns:
        _end(g, "defeat", "turn limit", f"the game reached its limit of {g.setup.max_turns} turns")
    g.phase = "start"


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
            g.emit("rise", hero_id, f"{h.name} would rise as a newborn, but the rules have no newborn card")
            continue
        g.pool[newborn] = g.pool.get(newborn, 0) + 1  # the hero's own miniature
        z = place_near(g, ctx, newborn, sq, f"{h.name} rises as a newborn", drop=False)
        if z is not None and g.detectable():
            z.facing = face(g, z.sq, min(g.detectable(), key=lambda o: hero_distance(g, o, z.sq)).sq, z.facing)


STEPS = {"start": announce, "heroes": hero_step, "bites": bites, "infected": infected_step,
         "spawn": spawn_step, "infection": infection_tests, "end": end_phase}


# --- rooms, doors, objectives and events ---------------------------------------------------


def activate_room(g: Game, ctx: Context, room: int, hero: Hero | None) -> None:
    """A room becomes active (for good); a hero who opened, knocked or blasted it rolls its spawn."""
    if g.active >> room & 1:
        return
    g.active |= 1 << room
    entry = g.mission.rooms[room]
    g.emit("active", "game", f"{entry.title()} is now active")
    if hero is not None:
        room_spawn(g, ctx, room, hero)
    trigger(g, ctx, "room_activated", entry.id)


def door_opened(g: Game, ctx: Context, door: int) -> None:
    trigger(g, ctx, "door_opened", g.mission.doors[door].edge)


def open_blast_doors(g: Game, ctx: Context, room: int) -> None:
    m = g.mission
    for door in m.doors:
        if door.kind == "blast" and door.room == room and not g.doors >> door.index & 1:
            g.doors |= 1 << door.index
            g.emit("door", "game", f"The blast door at {m.show_edge(door.edge)} opens", door.edge)
            door_opened(g, ctx, door.index)
            for other in sorted(door.rooms):
                activate_room(g, ctx, other, None)


def complete_objective(g: Game, ctx: Context, h: Hero, number: int) -> None:
    g.objectives.add(number)
    obj = next(o for o in g.mission.compiled.objectives if o.number == number)
    label = f": {obj.label}" if obj.label else ""
    g.emit("objective", h.id, f"{h.name} completes objective {number}{label}",
           obj.at.split(":", 1)[1] if not g.mission.multi else obj.at, result=str(number))
    trigger(g, ctx, "objective", number)
    room = g.mission.room_of[h.sq]
    if obj.action == "task" and room:
        trigger(g, ctx, "task_done", g.mission.rooms[room].id)


def trigger(g: Game, ctx: Context, kind: str, value) -> None:
    """Run every event of the mission waiting for this trigger (each once)."""
    for number, event in enumerate(g.mission.compiled.events):
        if number not in g.fired and getattr(event.when, kind) == value:
            g.fired.add(number)
            run_event(g, ctx, event)


def run_event(g: Game, ctx: Context, event) -> None:
    m = g.mission
    g.emit("event", "game", f"Event: {event.text.strip()}" if event.text.strip() else "Event")
    if event.spawn_phase is not None:
        ids = [p.id for p in m.compiled.spawn.phases]
        g.spawn_phase = ids.index(event.spawn_phase)
        name = m.compiled.spawn.phases[g.spawn_phase].name or event.spawn_phase
        g.emit("spawn phase", "game", f"Spawning changes to {name}")
    for edge in event.open_doors:
        d = m.door_by_edge(edge)
        if not g.doors >> d & 1:
            g.doors |= 1 << d
            g.emit("door", "game", f"The door at {m.show_edge(edge)} opens", edge)
            door_opened(g, ctx, d)
            for room in sorted(m.doors[d].rooms):
                activate_room(g, ctx, room, None)
    if event.open_exits:
        g.exits_open = True
        g.emit("exits", "game", "The exits open")
    if event.enter is not None:
        g.emit("enter", "game", f"{event.enter} enters: entering units are not part of the Z War One engine yet")
    for result in event.spawn:
        for _ in range(result.count):
            place_near(g, ctx, result.infected, spawn_point(g, result.spawn_point),
                       f"Event spawn at {result.spawn_point}", drop=False)


# --- the end of a game ---------------------------------------------------------------------


def check(g: Game, end_of_turn: bool) -> None:
    c = g.mission.compiled
    for cond in c.defeat:
        if met(g, cond, end_of_turn):
            _end(g, "defeat", _why(cond), cond.text.strip() or "a defeat condition is met")
            return
    for cond in c.victory:
        if met(g, cond, end_of_turn):
            heroes = cond.side in ("heroes", "")
            _end(g, "victory" if heroes else "defeat", "condition" if heroes else _why(cond),
                 cond.text.strip() or ("the heroes win" if heroes else f"the {cond.side} wins"))
            return
    if not g.board_heroes():
        _end(g, "defeat", "no heroes", "no hero is left on the board and the mission is not won")


def _why(cond) -> str:
    """How a lost game ended, in a word: a time limit is a turn limit, anything else the mission's condition."""
    return "turn limit" if cond.after_turn else "condition"


def met(g: Game, cond, end_of_turn: bool) -> bool:
    """Whether every part of a condition holds (a condition with no part the engine can check never does)."""
    parts = []
    numbers = g.mission.objective_numbers
    if cond.objectives == "all":
        parts.append(numbers <= g.objectives)
    elif cond.objectives:
        parts.append(set(cond.objectives) <= g.objectives)
    if cond.objectives_count:
        parts.append(len(g.objectives) >= cond.objectives_count)
    living = [h for h in g.heroes if h.status != "dead"]
    escaped = [h for h in g.heroes if h.status == "escaped"]
    if cond.escape == "all":
        parts.append(bool(living) and all(h.status == "escaped" for h in living))
    elif cond.escape == "any":
        parts.append(bool(escaped))
    if cond.carrying:
        parts.append(set(cond.carrying) <= {h.object for h in escaped})
    if cond.survive:
        parts.append(end_of_turn and g.turn >= cond.survive)
    if cond.after_turn:
        parts.append(end_of_turn and g.turn >= cond.after_turn)
    if cond.any_hero_dies:
        parts.append(any(h.status == "dead" for h in g.heroes))
    if cond.escort or cond.kill or cond.npc_dies:
        parts.append(False)  # NPCs and versus roles are not part of the Z War One engine yet
    return bool(parts) and all(parts)


def _end(g: Game, outcome: str, cause: str, reason: str) -> None:
    g.finish(outcome, cause, reason)
    if outcome == "victory" and g.ruleset.awards_xp():
        award_xp(g)
    raise GameOver(reason)


def award_xp(g: Game) -> None:
    """Campaign XP: each hero gets the mission's XP, plus loot cards, plus 10 per unfired firearm with Fence."""
    m = g.mission
    base = m.compiled.rules.campaign_xp if m.compiled.rules.campaign_xp is not None else 20
    parts = []
    for h in g.heroes:
        if h.status == "dead":
            continue
        loot = sum(m.search_cards[c].xp or 0 for c in h.loot)
        fence = 10 * sum(1 for c in h.cards if m.equipment[c.eq].kind == "ballistic" and not c.fired) \
            if "fence" in h.perks else 0
        h.xp = base + loot + fence
        extra = (f" + loot {loot}" if loot else "") + (f" + fence {fence}" if fence else "")
        parts.append(f"{h.name} {h.xp}" + (f" ({base}{extra})" if extra else ""))
    g.emit("xp", "game", "XP: " + ", ".join(parts))

