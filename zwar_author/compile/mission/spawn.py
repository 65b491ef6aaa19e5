"""``[spawn]``: its phases, each with a turn spawn and a room spawn of one or two dice tables; unused spawn points."""

from __future__ import annotations

from typing import Any

from ... import codes
from ...model import content as c
from ...model.mission import RoomSpawn, SpawnPhase, TurnSpawn
from .. import tables
from .context import MissionContext


def spawn(ctx: MissionContext) -> c.CompiledSpawn | None:
    """The spawn phases compiled (one phase, ``main``, when the spawn is written without them)."""
    spec = ctx.m.spawn
    if spec is None:
        ctx.report(codes.NO_SPAWN, ctx.doc.loc(("mission",)))
        return None
    if spec.phases and (spec.turn or spec.room):
        ctx.report(codes.SPAWN_SHAPE, ctx.at("spawn"), where="[spawn]",
                   need="either `turn` and `room` or a list of `phases`, not both")
        return None
    phases: list[tuple[SpawnPhase, tuple]]
    if spec.phases:
        phases = [(p, ("spawn", "phases", i)) for i, p in enumerate(spec.phases)]
    else:
        phases = [(SpawnPhase(id="main", turn=spec.turn, room=spec.room), ("spawn",))]
    letters = {p.letter for p in ctx.m.spawn_points}
    classes, names = ctx.class_lookup()
    again = ctx.repeated([p for p, _ in phases], "id", "spawn phase", lambda i: phases[i][1])
    compiled = []
    for i, (phase, path) in enumerate(phases):
        if i in again:
            continue
        compiled.append(c.CompiledPhase(
            id=phase.id, name=phase.name,
            turn=_turn_spawn(ctx, phase, path, letters, classes, names),
            room=_room_spawn(ctx, phase, path, classes, names)))
    return c.CompiledSpawn(phases=compiled, text=spec.text)


def phase_ids(ctx: MissionContext) -> list[str]:
    spec = ctx.m.spawn
    if spec is None:
        return []
    return [p.id for p in spec.phases] if spec.phases else ["main"]


def _turn_spawn(ctx: MissionContext, phase: SpawnPhase, path: tuple, letters: set[str],
                classes: tables.ClassLookup, names: list[str]) -> c.CompiledTurnSpawn | None:
    turn = phase.turn
    if turn is None:
        return None
    parts = _spawn_tables(ctx, turn, path + ("turn",), "turn spawn" if phase.id == "main" else
                          f"phase {phase.id} turn spawn",
                          (("where", tables.where(letters)), ("what", tables.what(classes, names))),
                          tables.turn_table(letters, classes, names))
    if parts is None:
        return None
    return c.CompiledTurnSpawn(rolls=turn.rolls, where=parts.get("where"), what=parts.get("what"),
                               table=parts.get("table"), text=turn.text)


def _room_spawn(ctx: MissionContext, phase: SpawnPhase, path: tuple, classes: tables.ClassLookup,
                names: list[str]) -> c.CompiledRoomSpawn | None:
    room = phase.room
    if room is None:
        return None
    parts = _spawn_tables(ctx, room, path + ("room",), "room spawn" if phase.id == "main" else
                          f"phase {phase.id} room spawn",
                          (("what", tables.what(classes, names)), ("distance", tables.distance())),
                          tables.room_table(classes, names))
    if parts is None:
        return None
    return c.CompiledRoomSpawn(what=parts.get("what"), distance=parts.get("distance"),
                               table=parts.get("table"), text=room.text)


def _spawn_tables(ctx: MissionContext, spec: TurnSpawn | RoomSpawn, path: tuple, label: str,
                  rolls: Any, one_roll: tables.Grammar) -> dict | None:
    """A spawn's tables: two rolls (both given) or one roll (``table``), never both or a half."""
    two = [getattr(spec, key) is not None for key, _ in rolls]
    one = spec.table is not None
    if not ((one and not any(two)) or (not one and all(two))):
        (first, _), (second, _) = rolls
        ctx.report(codes.SPAWN_SHAPE, ctx.doc.loc(path), where=label,
                   need=f"`{first}` and `{second}` (two rolls) or `table` (one roll)")
        return None
    titles = {rolls[0][0]: "roll 1", rolls[1][0]: "roll 2", "table": "table"}
    return {key: _table(ctx, path + (key,), spec.die, f"{label} {titles[key]}", grammar)
            for key, grammar in (*rolls, ("table", one_roll)) if getattr(spec, key) is not None}


def _table(ctx: MissionContext, path: tuple, die: int, name: str, grammar: tables.Grammar) -> c.DiceTable | None:
    table, found = tables.check_table(ctx.doc, path, die, name, grammar)
    ctx.problems += found
    ctx.tables_ok = ctx.tables_ok and table is not None
    if table is not None:
        rows = tables.get(ctx.doc.data, path)
        for key, text in rows.items():
            result = grammar.parse(text)
            if result is not None and result.infected:
                ctx.same_game("infected", result.infected, ctx.doc.loc(path + (key,)))
    return table


def unused_spawn_points(ctx: MissionContext, compiled: c.CompiledSpawn | None, events: list[c.CompiledEvent]) -> None:
    """Spawn points that no table and no event names (when the mission spawns at all)."""
    if compiled is None or not ctx.tables_ok:
        return  # without spawning, or with a broken table, "unused" would only be noise
    used = {r.spawn_point for e in events for r in e.spawn}
    for phase in compiled.phases:
        for table in (phase.turn.where, phase.turn.table) if phase.turn else ():
            used |= {row.result.spawn_point for row in (table.rows if table else [])}
    for i, point in enumerate(ctx.m.spawn_points):
        if point.letter not in used:
            ctx.report(codes.UNUSED_SPAWN_POINT, ctx.at("spawn_points", i), letter=point.letter)
