"""The board's own rules: rooms waking, doors opening, objectives, the mission's events, what ends a game.

Hero actions and infected moves call down to these; they never call up.
"""

from __future__ import annotations

from .chance import Context
from .spawn import place_near, room_spawn, spawn_point
from .state import Game, GameOver, Hero
from .timers import start as start_timers
from .vocab import EventKind, HeroStatus, Perk


def activate_room(g: Game, ctx: Context, room: int, hero: Hero | None) -> None:
    """A room becomes active (for good); a hero who opened, knocked or blasted it rolls its spawn."""
    if g.active >> room & 1:
        return
    g.active |= 1 << room
    entry = g.mission.room(room)
    g.emit(EventKind.ACTIVE, "game", f"{entry.title()} is now active")
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
            g.emit(EventKind.DOOR, "game", f"The blast door at {m.show_edge(door.edge)} opens", door.edge)
            door_opened(g, ctx, door.index)
            for other in sorted(door.rooms):
                activate_room(g, ctx, other, None)


def complete_objective(g: Game, ctx: Context, h: Hero, number: int) -> None:
    g.objectives.add(number)
    g.claimed[number] = h.id
    obj = next(o for o in g.mission.compiled.objectives if o.number == number)
    label = f": {obj.label}" if obj.label else ""
    g.emit(EventKind.OBJECTIVE, h.id, f"{h.name} completes objective {number}{label}",
           g.mission.square(obj.at), result=str(number), objective=number)
    trigger(g, ctx, "objective", number)
    room = g.mission.room_of[h.sq]
    if obj.action == "task" and room:
        trigger(g, ctx, "task_done", g.mission.room(room).id)


def trigger(g: Game, ctx: Context, kind: str, value) -> None:
    """Run every event of the mission waiting for this trigger (each once), and start its timers."""
    for number, event in enumerate(g.mission.compiled.events):
        if number not in g.fired and getattr(event.when, kind) == value:
            g.fired.add(number)
            run_event(g, ctx, event)
    if g.mission.compiled.timers:
        start_timers(g, kind, value)


def run_event(g: Game, ctx: Context, event) -> None:
    m = g.mission
    g.emit(EventKind.EVENT, "game", f"Event: {event.text.strip()}" if event.text.strip() else "Event")
    spawn = m.compiled.spawn
    if event.spawn_phase is not None and spawn is not None:
        ids = [p.id for p in spawn.phases]
        g.spawn_phase = ids.index(event.spawn_phase)
        name = spawn.phases[g.spawn_phase].name or event.spawn_phase
        g.emit(EventKind.SPAWN_PHASE, "game", f"Spawning changes to {name}")
    for edge in event.open_doors:
        d = m.door_by_edge(edge)
        if not g.doors >> d & 1:
            g.doors |= 1 << d
            g.emit(EventKind.DOOR, "game", f"The door at {m.show_edge(edge)} opens", edge)
            door_opened(g, ctx, d)
            for room in sorted(m.doors[d].rooms):
                activate_room(g, ctx, room, None)
    if event.open_exits:
        g.exits_open = True
        g.emit(EventKind.EXITS, "game", "The exits open")
    if event.enter is not None:
        g.ruleset.enter(g, ctx, event.enter)
    for result in event.spawn:
        for _ in range(result.count):
            place_near(g, ctx, result.infected, spawn_point(g, result.spawn_point),
                       f"Event spawn at {result.spawn_point}", drop=False)


def check(g: Game, end_of_turn: bool) -> None:
    c = g.mission.compiled
    for cond in c.defeat:
        if met(g, cond, end_of_turn):
            end_game(g, "defeat", _why(cond), cond.text.strip() or "a defeat condition is met")
            return
    for cond in c.victory:
        if met(g, cond, end_of_turn):
            heroes = cond.side in ("heroes", "") or cond.side in g.roles.values()
            reason = cond.text.strip() or ("the heroes win" if heroes else f"the {cond.side} wins")
            if cond.side in g.roles.values():  # versus games: the role that wins, and its agent
                g.winner = cond.side
                agents = " and ".join(h.name for h in g.heroes if g.roles.get(h.id) == cond.side)
                role = next((r.name for r in g.mission.compiled.roles if r.id == cond.side), cond.side)
                reason = f"{role} ({agents}) wins. {reason}"
            end_game(g, "victory" if heroes else "defeat", "condition" if heroes else _why(cond), reason)
            return
    if not g.board_heroes():
        end_game(g, "defeat", "no heroes", "no hero is left on the board and the mission is not won")


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
    side = g.ruleset.side_heroes(g, cond.side)
    if cond.objectives_count:  # objectives completed by the side's heroes (every hero but in versus games)
        ids = {h.id for h in side}
        parts.append(sum(1 for n in g.objectives if g.claimed.get(n) in ids) >= cond.objectives_count)
    living = [h for h in side if h.status != HeroStatus.DEAD and not h.npc]
    escaped = [h for h in side if h.status == HeroStatus.ESCAPED]  # NPCs too: they carry items out
    if cond.escape == "all":
        parts.append(bool(living) and all(h.status == HeroStatus.ESCAPED for h in living))
    elif cond.escape == "any":
        parts.append(any(not h.npc for h in escaped))
    if cond.carrying:
        parts.append(set(cond.carrying) <= {h.object for h in escaped})
    if cond.escort:  # Exodus: the NPCs leave the board too
        parts.append(all(_npc(g, n).status == HeroStatus.ESCAPED for n in cond.escort))
    if cond.npc_dies:
        parts.append(_npc(g, cond.npc_dies).status == HeroStatus.DEAD)
    if cond.survive:
        parts.append(end_of_turn and g.turn >= cond.survive)
    if cond.after_turn:
        parts.append(end_of_turn and g.turn >= cond.after_turn)
    if cond.any_hero_dies:
        parts.append(any(h.status == HeroStatus.DEAD and not h.npc for h in g.heroes))
    if cond.kill:
        parts.append(g.ruleset.killed(g, cond.kill))
    if cond.outscore_dead:
        parts.append(g.ruleset.outscored(g, cond.side, cond.outscore_dead))
    return bool(parts) and all(parts)


def _npc(g: Game, ref: str) -> Hero:
    """An NPC by the id a condition names (``tom``, or qualified)."""
    return g.hero(ref.rpartition("/")[2])


def end_game(g: Game, outcome: str, cause: str, reason: str) -> None:
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
        if h.status == HeroStatus.DEAD or h.npc:
            continue
        loot = sum(m.search_cards[c].xp or 0 for c in h.loot)
        fence = 10 * sum(1 for c in h.cards if m.equipment[c.eq].kind == "ballistic" and not c.fired) \
            if Perk.FENCE in h.perks else 0
        h.xp = base + loot + fence
        extra = (f" + loot {loot}" if loot else "") + (f" + fence {fence}" if fence else "")
        parts.append(f"{h.name} {h.xp}" + (f" ({base}{extra})" if extra else ""))
    g.emit(EventKind.XP, "game", "XP: " + ", ".join(parts))
