"""Doors: the mission's ``[[doors]]`` drawn on the floors, their fields, blast rooms and keycards, references to them."""

from __future__ import annotations

from ... import codes
from ...errors import Location, Related
from ...geometry.board import Edge, Grid, Terrain
from ...geometry.notation import floor_edge
from ...geometry.rooms import edge_kind
from ...model import content as c
from ...model.mission import DoorSpec
from ..refs import EdgeId
from .context import MissionContext


def place_doors(ctx: MissionContext) -> None:
    """Draw each mission door on its edge (before the rooms are found: doors close them)."""
    for i, spec in enumerate(ctx.m.doors):
        loc = ctx.at("doors", i, "at")
        edge = ctx.resolver.edge(spec.at, loc)
        _door_fields(ctx, i, spec)
        if edge is None:
            continue
        grid = ctx.grids[edge.floor]
        what = _door_edge_problem(ctx, grid, edge)
        if what:
            ctx.report(codes.DOOR_EDGE, loc, edge=spec.at, what=what, related=ctx.drawn_edge(edge))
            continue
        if edge in ctx.door_specs:
            first = ctx.at("doors", ctx.door_specs[edge])
            ctx.problems.append(codes.DUPLICATE.at(loc, what="door", id=spec.at, first=first.display(),
                                                   related=(Related(first, "the first door there"),)))
            continue
        if edge_kind(grid, edge.axis, edge.x, edge.y) == Edge.DOOR and spec.kind == "door" and not spec.open:
            ctx.report(codes.DOOR_REDUNDANT, loc, edge=spec.at, related=ctx.drawn_edge(edge))
        grid.set_edge(edge.axis, edge.x, edge.y, Edge.DOOR)
        ctx.doors[edge] = c.CompiledDoor(
            at=str(edge), kind=spec.kind, source="mission", key=spec.key, room=None, open=spec.open, rooms=[])
        ctx.door_specs[edge] = i


def _door_fields(ctx: MissionContext, i: int, spec: DoorSpec) -> None:
    """A locked door's `key` and a blast door's `room`: required on those kinds, refused on the others."""
    where = f'doors[{i}] (kind = "{spec.kind}")'
    if spec.kind == "locked" and spec.key is None:
        ctx.report(codes.MISSING_KEY, ctx.at("doors", i), key="key", where=where)
    if spec.kind == "blast" and spec.room is None:
        ctx.report(codes.MISSING_KEY, ctx.at("doors", i), key="room", where=where)
    if spec.key is not None and spec.kind != "locked":
        ctx.report(codes.BAD_VALUE, ctx.at("doors", i, "key"), message='`key` is only for locked doors (kind = "locked")')
    if spec.room is not None and spec.kind != "blast":
        ctx.report(codes.BAD_VALUE, ctx.at("doors", i, "room"), message='`room` is only for blast doors (kind = "blast")')


def _door_edge_problem(ctx: MissionContext, grid: Grid, edge: EdgeId) -> str | None:
    """Why no door can stand on ``edge`` (the border, a void square, an open edge, water), or None."""
    for sq in edge.sides():
        if not (0 <= sq.x < grid.width and 0 <= sq.y < grid.height):
            return "the outer border of the floor"
        if grid.terrain_at(sq.x, sq.y) == Terrain.VOID:
            return f"the edge of void square {ctx.show(sq)}"
    kind = edge_kind(grid, edge.axis, edge.x, edge.y)
    if kind == Edge.OPEN:
        return "an open edge"
    if kind == Edge.OBSTACLE:
        return "a water obstacle"
    return None


def door_rules(ctx: MissionContext) -> None:
    """Blast door rooms, and keycards against locked doors."""
    for edge, i in ctx.door_specs.items():
        spec = ctx.m.doors[i]
        if spec.kind == "blast" and spec.room is not None:
            room = ctx.resolver.room(spec.room, ctx.at("doors", i, "room"), "a blast door's `room`")
            if room is not None:
                ctx.doors[edge] = ctx.doors[edge].model_copy(update={"room": str(room)})
    keys = {k.colour for k in ctx.m.keycards}
    locks = {spec.key for spec in ctx.m.doors if spec.kind == "locked" and spec.key is not None}
    unused = [(i, card) for i, card in enumerate(ctx.m.keycards) if card.colour not in locks]
    missing = [(i, spec) for i, spec in enumerate(ctx.m.doors)
               if spec.kind == "locked" and spec.key is not None and spec.key not in keys]
    # One lock colour without a keycard and keycards opening nothing: one mistake (a colour
    # written wrong on one side), reported once, at the door, pointing at the keycards.
    fold = len({spec.key for _, spec in missing}) == 1 and bool(unused)
    for i, spec in missing:
        problem = codes.NO_KEYCARD.at(ctx.at("doors", i), edge=spec.at, colour=spec.key)
        if fold:
            problem = problem.with_context(
                label=f"this door needs a {spec.key} keycard",
                related=[Related(ctx.at("keycards", j, "colour"), f"this keycard is {card.colour}")
                         for j, card in unused],
                notes=[(f"no locked door is {' or '.join(sorted({card.colour for _, card in unused}))}: "
                        f"if that keycard is the one for this door, make both {spec.key}")])
        ctx.problems.append(problem)
    for i, card in ([] if fold else unused):
        ctx.report(codes.UNUSED_KEYCARD, ctx.at("keycards", i), colour=card.colour, ref=card.at)


def door_ref(ctx: MissionContext, text: str, loc: Location) -> EdgeId | None:
    """The edge ``text`` names, when a door stands there (an event opening it, a trigger on its opening)."""
    edge = ctx.resolver.edge(text, loc)
    if edge is None:
        return None
    grid = ctx.grids[edge.floor]
    if edge_kind(grid, edge.axis, edge.x, edge.y) != Edge.DOOR:
        ctx.report(codes.DANGLING, loc, what="door at", id=text, hint=" (that edge has no door)")
        return None
    return edge


def compiled_doors(ctx: MissionContext) -> list[c.CompiledDoor]:
    """Every door on the board, drawn or placed, with the rooms on its two sides, in floor and edge order."""
    doors = []
    for floor_id, grid in ctx.grids.items():
        floor = ctx.resolver.floors[floor_id]
        for axis, x, y in grid.edges(Edge.DOOR):
            edge = EdgeId(floor_id, axis, x, y)
            door = ctx.doors.get(edge) or c.CompiledDoor(
                at=str(edge), kind="door", source="art", key=None, room=None, open=False, rooms=[])
            around = sorted({f"{floor_id}:R{floor.room_at(s.x, s.y)}" for s in edge.sides()
                             if 0 <= s.x < grid.width and 0 <= s.y < grid.height and floor.room_at(s.x, s.y)})
            doors.append(door.model_copy(update={"rooms": around}))
    order = {f: i for i, f in enumerate(ctx.grids)}
    return sorted(doors, key=lambda d: _edge_key(d.at, order))


def _edge_key(text: str, floors: dict[str, int]) -> tuple[int, str, int, int]:
    """Sort edges by floor, axis, row, column (not as strings, where 10 sorts before 2)."""
    floor, axis, x, y = floor_edge(text)
    return floors[floor], axis, y, x
