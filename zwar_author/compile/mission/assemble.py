"""The compiled mission document, put together from what the sections compiled."""

from __future__ import annotations

from ... import __version__
from ...geometry.notation import edge_name, square_name
from ...model import content as c
from ...sources.art import format_art
from ..refs import Sq
from .context import MissionContext
from .doors import compiled_doors


def assemble(ctx: MissionContext, stairs: list[c.CompiledStair], markers: dict[str, list],
             spawn: c.CompiledSpawn | None, events: list[c.CompiledEvent], heroes: list[str],
             perks: dict[str, list[str]], timers: list[c.CompiledTimer]) -> c.CompiledMission:
    floors, rooms = [], []
    for spec in ctx.m.floors:
        grid = ctx.grids[spec.id]
        floors.append(c.CompiledFloor(id=spec.id, name=spec.name, width=grid.width, height=grid.height,
                                      art=format_art(grid)))
        names = {ctx.resolver.floors[sq.floor].room_at(sq.x, sq.y): (n, spec_name)
                 for n, sq, spec_name in _named_rooms(ctx) if sq.floor == spec.id}
        for room in ctx.rooms[spec.id]:
            name, label = names.get(room.number, (None, None))
            rooms.append(c.CompiledRoom(
                id=f"{spec.id}:R{room.number}", name=name, label=label,
                squares=[square_name(spec.id, x, y) for x, y in room.squares],
                doors=[edge_name(spec.id, a, x, y) for a, x, y in room.doors]))
    mission = ctx.m.mission.model_copy(update={"heroes": heroes, "perks": perks})
    return c.CompiledMission(
        format=c.FORMAT, kind="mission", tool=c.Tool(name="zwar-author", version=__version__),
        source=c.Source(sha256=ctx.doc.digest), pack=ctx.pack.id, mission=mission, roles=ctx.m.roles,
        board=c.Board(floors=floors, rooms=rooms, doors=compiled_doors(ctx), stairs=stairs),
        starts=markers["starts"], exits=markers["exits"], spawn_points=markers["spawn_points"],
        objectives=markers["objectives"], items=markers["items"], objects=markers["objects"],
        crates=markers["crates"], keycards=markers["keycards"], infected=markers["infected"],
        npcs=markers["npcs"], rib=(markers.get("rib") or [None])[0], tokens=markers["tokens"], spawn=spawn,
        events=events, timers=timers, victory=ctx.m.victory, defeat=ctx.m.defeat,
        miniatures=ctx.ws.miniatures(ctx.pack, ctx.m.mission.game),
        rules=ctx.ws.rules_for(ctx.pack, ctx.m.mission.game, heroes,
                               _referenced(markers, spawn, events) | {p for ps in perks.values() for p in ps}),
    )


def _named_rooms(ctx: MissionContext) -> list[tuple[str, Sq, str | None]]:
    return [(spec.id, ctx.resolver.names[spec.id], spec.name) for spec in ctx.m.rooms
            if spec.id in ctx.resolver.names]


def _referenced(markers: dict[str, list], spawn: c.CompiledSpawn | None, events: list[c.CompiledEvent]) -> set[str]:
    """Rules entries the mission names (as pack/id): embedded even when they belong to another game."""
    found = {item.card for item in markers["items"]} | {z.class_ for z in markers["infected"]}
    tables = [t for p in (spawn.phases if spawn else []) for s in (p.turn, p.room) if s
              for t in (getattr(s, "what", None), getattr(s, "table", None)) if t]
    found |= {row.result.infected for t in tables for row in t.rows if row.result.infected}
    found |= {r.infected for e in events for r in e.spawn if r.infected}
    return found
