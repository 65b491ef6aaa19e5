"""``[[events]]`` and ``[[timers]]``: triggers resolved, doors opened, infected spawned, roles or heroes entering."""

from __future__ import annotations

from ... import codes
from ...model import content as c
from ...model.mission import Trigger
from .. import tables
from .context import MissionContext, known
from .doors import door_ref
from .spawn import phase_ids

TRIGGER_KEYS = ("turn", "door_opened", "task_done", "objective", "picked_up", "room_activated", "timer")


def events(ctx: MissionContext) -> list[c.CompiledEvent]:
    phases = phase_ids(ctx)
    out = []
    classes, names = ctx.class_lookup()
    grammar = tables.turn_table({p.letter for p in ctx.m.spawn_points}, classes, names)
    for i, event in enumerate(ctx.m.events):
        when = trigger(ctx, i, event.when)
        if event.spawn_phase is not None and event.spawn_phase not in phases:
            ctx.report(codes.DANGLING, ctx.at("events", i, "spawn_phase"), what="spawn phase",
                       id=event.spawn_phase, hint=known(phases))
        doors = [door_ref(ctx, t, ctx.at("events", i, "open_doors", j)) for j, t in enumerate(event.open_doors)]
        spawned = []
        for j, text in enumerate(event.spawn):
            try:
                result = grammar.parse(text)
            except tables.TooLarge as exc:
                ctx.report(codes.NUMBER_TOO_LARGE, ctx.at("events", i, "spawn", j), what=exc.what,
                           value=exc.value, limit=exc.limit)
                continue
            if result is None or result.kind != "infected":
                ctx.report(codes.DICE_RESULT, ctx.at("events", i, "spawn", j), table=f"events[{i}] spawn",
                           text=text, expected='"N class on L", such as "2 zombies on A"', hint=grammar.hint(text))
            else:
                assert result.infected is not None  # an infected result names its class
                ctx.same_game("infected", result.infected, ctx.at("events", i, "spawn", j))
                spawned.append(result)
        enter = actor(ctx, event.enter, ctx.path("events", i, "enter")) if event.enter else None
        if not any(getattr(event, k) for k in ("spawn_phase", "open_doors", "open_exits", "enter", "spawn")):
            ctx.report(codes.UNSTRUCTURED, ctx.at("events", i), what=f"event {i + 1}",
                       keys="spawn_phase, open_doors, open_exits, enter or spawn")
        if when is not None:
            out.append(c.CompiledEvent(when=when, text=event.text, spawn_phase=event.spawn_phase,
                                       open_doors=[str(d) for d in doors if d], open_exits=event.open_exits,
                                       enter=enter, spawn=spawned))
    return out


def timers(ctx: MissionContext) -> list[c.CompiledTimer]:
    """3-turn timers: each started by one trigger, each ended by at least one event."""
    again = ctx.repeated(ctx.m.timers, "id", "timer", lambda i: ctx.path("timers", i))
    ended = {e.when.timer for e in ctx.m.events}
    out = []
    for i, timer in enumerate(ctx.m.timers):
        start = trigger(ctx, i, timer.start, ("timers", "start"))
        if i in again:
            continue
        if start is not None and start.timer == timer.id:
            ctx.report(codes.TIMER_SELF, ctx.at("timers", i, "start", "timer"), id=timer.id)
            continue
        if timer.id not in ended:
            ctx.report(codes.TIMER_IDLE, ctx.at("timers", i), id=timer.id)
        if start is not None:
            out.append(c.CompiledTimer(id=timer.id, name=timer.name, start=start, text=timer.text))
    return out


def trigger(ctx: MissionContext, i: int, when: Trigger, where: tuple[str, str] = ("events", "when")) -> Trigger | None:
    """The trigger of ``events[i].when`` (or of another list's entry, ``where``), resolved."""
    given = [k for k in TRIGGER_KEYS if getattr(when, k) is not None]
    loc = ctx.at(where[0], i, where[1])
    if len(given) != 1:
        ctx.report(codes.TRIGGER_COUNT, loc, key=where[1], found=len(given), allowed=", ".join(TRIGGER_KEYS))
        return None
    key = given[0]
    value = getattr(when, key)
    vloc = ctx.at(where[0], i, where[1], key)
    if key == "timer" and value not in {t.id for t in ctx.m.timers}:
        ctx.report(codes.DANGLING, vloc, what="timer", id=value, hint=known(dict.fromkeys(t.id for t in ctx.m.timers)))
        return None
    if key == "door_opened":
        edge = door_ref(ctx, value, vloc)
        return when.model_copy(update={key: str(edge)}) if edge else None
    if key in ("task_done", "room_activated"):
        room = ctx.resolver.room(value, vloc, f"`{key}`")
        return when.model_copy(update={key: str(room)}) if room else None
    if key == "objective" and value not in {o.number for o in ctx.m.objectives}:
        ctx.report(codes.DANGLING, vloc, what="objective", id=value, hint="")
        return None
    if key == "picked_up" and value not in {o.letter for o in ctx.m.objects}:
        ctx.report(codes.DANGLING, vloc, what="object", id=value, hint=known([o.letter for o in ctx.m.objects]))
        return None
    return when


def actor(ctx: MissionContext, text: str, path: tuple) -> str | None:
    """A role id or a hero, for `enter` and `kill`."""
    if text in {r.id for r in ctx.m.roles}:
        return text
    entry = ctx.ws.lookup(ctx.pack, "heroes", text)
    if entry is not None:
        return entry.qualified
    found = [r.id for r in ctx.m.roles] + ctx.ws.known(ctx.pack, "heroes")
    ctx.report(codes.DANGLING, ctx.doc.loc(path), what="role or hero", id=text, hint=known(found))
    return None
