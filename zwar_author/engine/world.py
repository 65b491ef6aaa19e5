"""The board's own rules: rooms waking, doors opening, objectives, the mission's events, what ends a game.

Hero actions and infected moves call down to these; they never call up.
"""

from __future__ import annotations

from typing import Any

from .chance import Context
from .mission import Mission
from .spawn import place_near, room_spawn, spawn_point
from .state import Game, GameOver, Hero
from .timers import start as start_timers
from .vocab import EventKind, HeroStatus, Perk


def activate_room(g: Game, ctx: Context, room: int, hero: Hero | None, door: int | None = None) -> None:
    """A room becomes active (for good); a hero who opened (``door``), knocked or blasted it rolls its spawn."""
    if g.active >> room & 1:
        return
    g.active |= 1 << room
    entry = g.mission.room(room)
    g.emit(EventKind.ACTIVE, "game", f"{entry.title()} is now active")
    if hero is not None:
        room_spawn(g, ctx, room, hero, door)
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


def trigger(g: Game, ctx: Context, kind: str, value: Any) -> None:
    """Run every event of the mission waiting for this trigger (each once), and start its timers."""
    for number, event in enumerate(g.mission.compiled.events):
        if number not in g.fired and getattr(event.when, kind) == value:
            g.fired.add(number)
            run_event(g, ctx, event)
    if g.mission.compiled.timers:
        start_timers(g, kind, value)


def run_event(g: Game, ctx: Context, event: Any) -> None:
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


class Ending:
    """A victory or defeat condition with its parts read once per mission into plain fields: ``check``
    runs after every action, and reading a condition's dozen fields from its model each time was the
    larger part of its cost. ``source`` is the condition as the mission writes it (its text, its side)."""

    def __init__(self, source: Any, numbers: frozenset[int]) -> None:
        self.source = source
        self.side: str = source.side
        wanted = numbers if source.objectives == "all" else frozenset(source.objectives or ())
        self.objectives: frozenset[int] | None = wanted if source.objectives == "all" or source.objectives else None
        self.count: int = source.objectives_count or 0
        self.escape: str = source.escape or ""
        self.carrying: frozenset[str] = frozenset(source.carrying)
        self.escort: tuple[str, ...] = tuple(source.escort)
        self.npc_dies: str = source.npc_dies or ""
        self.survive: int = source.survive or 0
        self.after_turn: int = source.after_turn or 0
        self.any_hero_dies: bool = source.any_hero_dies
        self.kill: str = source.kill or ""
        self.outscore: str = source.outscore_dead or ""
        #: a condition with no part the engine can check never holds
        self.empty = self.objectives is None and not (
            self.count or self.escape or self.carrying or self.escort or self.npc_dies or self.survive
            or self.after_turn or self.any_hero_dies or self.kill or self.outscore)


def endings(m: Mission) -> tuple[tuple[Ending, ...], tuple[Ending, ...]]:
    """The mission's defeat and victory conditions as ``Ending`` values (made once, kept on the mission,
    and read by the bots as well as by ``check``)."""
    found = m.endings
    if found is None:
        c, numbers = m.compiled, m.objective_numbers
        found = m.endings = (tuple(Ending(cond, numbers) for cond in c.defeat),
                             tuple(Ending(cond, numbers) for cond in c.victory))
    return found


def check(g: Game, end_of_turn: bool) -> None:
    defeat, victory = endings(g.mission)
    for end in defeat:
        if met(g, end, end_of_turn):
            cond = end.source
            end_game(g, "defeat", _why(cond), cond.text.strip() or "a defeat condition is met")
            return
    for end in victory:
        if met(g, end, end_of_turn):
            cond = end.source
            heroes = cond.side in ("heroes", "") or cond.side in g.roles.values()
            reason = cond.text.strip() or ("the heroes win" if heroes else f"the {cond.side} wins")
            if cond.side in g.roles.values():  # versus games: the role that wins, and its agent
                g.winner = cond.side
                agents = " and ".join(h.name for h in g.heroes if g.roles.get(h.id) == cond.side)
                role = next((r.name for r in g.mission.compiled.roles if r.id == cond.side), cond.side)
                reason = f"{role} ({agents}) wins. {reason}"
            end_game(g, "victory" if heroes else "defeat", "condition" if heroes else _why(cond), reason)
            return
    if not any(h.status == HeroStatus.BOARD for h in g.heroes):
        end_game(g, "defeat", "no heroes", "no hero is left on the board and the mission is not won")


def _why(cond: Any) -> str:
    """How a lost game ended, in a word: a time limit is a turn limit, anything else the mission's condition."""
    return "turn limit" if cond.after_turn else "condition"


def met(g: Game, end: Ending, end_of_turn: bool) -> bool:
    """Whether every part of a condition holds (a condition with no part the engine can check never does).
    The parts are tested in the order the model lists them, each only while all before it hold."""
    if end.empty or ((end.survive or end.after_turn) and not end_of_turn):
        return False
    if end.objectives is not None and not end.objectives <= g.objectives:
        return False
    if end.count or end.escape or end.carrying:
        side = g.ruleset.side_heroes(g, end.side)
        if end.count:  # objectives completed by the side's heroes (every hero but in versus games)
            ids = {h.id for h in side}
            if sum(1 for n in g.objectives if g.claimed.get(n) in ids) < end.count:
                return False
        escaped = [h for h in side if h.status == HeroStatus.ESCAPED]  # NPCs too: they carry items out
        if end.escape == "all":
            living = [h for h in side if h.status != HeroStatus.DEAD and not h.npc]
            if not living or any(h.status != HeroStatus.ESCAPED for h in living):
                return False
        elif end.escape == "any" and not any(not h.npc for h in escaped):
            return False
        if end.carrying and not end.carrying <= {h.object for h in escaped}:
            return False
    if end.escort and not all(_npc(g, n).status == HeroStatus.ESCAPED for n in end.escort):  # Exodus: NPCs leave too
        return False
    if end.npc_dies and _npc(g, end.npc_dies).status != HeroStatus.DEAD:
        return False
    if end.survive and g.turn < end.survive:
        return False
    if end.after_turn and g.turn < end.after_turn:
        return False
    if end.any_hero_dies and not any(h.status == HeroStatus.DEAD and not h.npc for h in g.heroes):
        return False
    if end.kill and not g.ruleset.killed(g, end.kill):
        return False
    return not end.outscore or g.ruleset.outscored(g, end.side, end.outscore)


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
        fence = 10 * sum(1 for c in h.cards if m.gear[c.eq].kind == "ballistic" and not c.fired) \
            if Perk.FENCE in h.perks else 0
        h.xp = base + loot + fence
        extra = (f" + loot {loot}" if loot else "") + (f" + fence {fence}" if fence else "")
        parts.append(f"{h.name} {h.xp}" + (f" ({base}{extra})" if extra else ""))
    g.emit(EventKind.XP, "game", "XP: " + ", ".join(parts))
