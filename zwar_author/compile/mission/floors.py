"""The board's floors: built from art or tiles, the tile copies the packs own, rooms found and named, stairs."""

from __future__ import annotations

from ... import codes, limits
from ...geometry.board import Floor, Grid, Terrain
from ...geometry.rooms import label_rooms
from ...model import content as c
from ..layout import build_floor, floor_label
from ..refs import Resolver
from ..rooms import check_rooms
from ..workspace import Pack
from .context import MissionContext


def build_floors(ctx: MissionContext) -> bool:
    """Build every floor; False when the floors together are too large to check any further."""
    again = ctx.repeated(ctx.m.floors, "id", "floor", lambda i: ctx.path("floors", i))
    squares = 0
    for i, spec in enumerate(ctx.m.floors):
        if i in again:
            continue
        grid, source, found = build_floor(
            spec, ctx.doc, ctx.path("floors", i), lambda t, s, loc: ctx.ws.tile(ctx.pack, t, s, loc))
        ctx.problems += found
        if grid is not None:
            squares += grid.width * grid.height
            if squares > limits.MAX_SQUARES:
                ctx.report(codes.TOO_MANY_SQUARES, ctx.at("floors", i), count=squares, limit=limits.MAX_SQUARES)
                return False
            ctx.grids[spec.id], ctx.sources[spec.id] = grid, source
            if found or source.uncertain:
                ctx.uncertain.add(spec.id)
    return True


def check_tile_copies(ctx: MissionContext) -> None:
    """A tile placed more often than its pack has copies of it (both sides of one tile count as two)."""
    uses: dict[str, list[tuple[str, tuple]]] = {}
    for i, spec in enumerate(ctx.m.floors):
        for j, placed in enumerate(spec.tiles or []):
            owner_pack, qualified = _tile_owner(ctx, placed.tile)
            if owner_pack is not None:
                uses.setdefault(qualified, []).append((placed.side, ctx.path("floors", i, "tiles", j)))
    for qualified, placements in sorted(uses.items()):
        pack_id, _, tile = qualified.partition("/")
        owner = ctx.ws.pack_by_id(pack_id) if pack_id != ctx.pack.id else ctx.pack
        owned = owner.copies(tile) if owner else 1
        if len(placements) <= owned:
            continue
        sides = [s for s, _ in placements]
        if owned == 1 and len(placements) == 2 and set(sides) == {"A", "B"}:
            usage = f"both sides of tile {qualified} are used"
        else:
            usage = f"tile {qualified} is placed {len(placements)} times ({', '.join(sides)})"
        ctx.report(codes.TILE_COPIES, ctx.doc.loc(placements[owned][1]), usage=usage, pack=pack_id,
                   owned=f"{owned} cop{'y' if owned == 1 else 'ies'}")


def _tile_owner(ctx: MissionContext, text: str) -> tuple[Pack | None, str]:
    owner, _, name = text.rpartition("/")
    for candidate in ctx.ws.visible(ctx.pack):
        if (not owner or candidate.id == owner) and name in candidate.tiles:
            return candidate, f"{candidate.id}/{name}"
    return None, text


def start_resolver(ctx: MissionContext) -> list[str]:
    """The resolver of squares, edges and rooms over the floors built; returns the floor ids declared."""
    declared = list(dict.fromkeys(f.id for f in ctx.m.floors))
    ctx.resolver = Resolver({f: _floor(f, g) for f, g in ctx.grids.items()}, declared=declared,
                            labels={f.id: floor_label(f) for f in ctx.m.floors})
    return declared


def _floor(floor_id: str, grid: Grid) -> Floor:
    return Floor(floor_id, grid, (0,) * (grid.width * grid.height))


def find_rooms(ctx: MissionContext) -> None:
    """Label the rooms of every floor, now that the mission's doors are drawn on them."""
    floors = {}
    for floor_id, grid in ctx.grids.items():
        labels, rooms = label_rooms(grid)
        ctx.rooms[floor_id] = rooms
        floors[floor_id] = Floor(floor_id, grid, labels)
    ctx.resolver.floors = floors


def name_rooms(ctx: MissionContext) -> None:
    """``[[rooms]]``: each id names the room its square is in."""
    again = ctx.repeated(ctx.m.rooms, "id", "room name", lambda i: ctx.path("rooms", i))
    for i, spec in enumerate(ctx.m.rooms):
        loc = ctx.at("rooms", i, "at")
        sq = ctx.resolver.square(spec.at, loc) if i not in again else None
        if sq is None:
            ctx.resolver.unresolved.add(spec.id)
            continue
        if ctx.resolver.floors[sq.floor].room_at(sq.x, sq.y) == 0:
            ctx.report(codes.NOT_A_ROOM, loc, ref=spec.at, terrain=ctx.resolver.terrain_name(sq), what="a room name")
            ctx.resolver.unresolved.add(spec.id)
            continue
        ctx.resolver.names[spec.id] = sq


def check_floor_rooms(ctx: MissionContext) -> None:
    """Leaks and missing doors, each room called by its [[rooms]] id when it has one."""
    resolver = ctx.resolver
    for floor_id, grid in ctx.grids.items():
        floor = resolver.floors[floor_id]
        printed = {spec.id: spec.name for spec in ctx.m.rooms}
        names = {floor.room_at(sq.x, sq.y): f'{name} ("{printed[name]}")' if printed.get(name) else name
                 for name, sq in resolver.names.items() if sq.floor == floor_id}
        prefix = f"{floor_id}:" if ctx.prefix_floors else ""
        ctx.problems += check_rooms(prefix, grid, ctx.rooms[floor_id], ctx.sources[floor_id], names)


def stairs(ctx: MissionContext) -> list[c.CompiledStair]:
    """``[[stairs]]``: two stairs squares on two floors, linked."""
    out = []
    for i, link in enumerate(ctx.m.stairs):
        ends = []
        for j, text in enumerate(link.link):
            loc = ctx.at("stairs", i, "link", j)
            sq = ctx.resolver.square(text, loc)
            if sq is None:
                continue
            if ctx.resolver.terrain(sq) != Terrain.STAIRS:
                ctx.report(codes.STAIR_NOT_STAIRS, loc, ref=text, terrain=ctx.resolver.terrain_name(sq),
                           related=ctx.drawn(sq))
                continue
            ends.append(sq)
        if len(ends) == 2 and ends[0].floor == ends[1].floor:
            ctx.report(codes.STAIR_SAME_FLOOR, ctx.at("stairs", i, "link"), a=link.link[0], b=link.link[1],
                       floor=ctx.resolver.labels.get(ends[0].floor, ends[0].floor))
        elif len(ends) == 2:
            out.append(c.CompiledStair(link=[str(e) for e in ends], colour=link.colour))
            ctx.links.append((ends[0], ends[1]))
    return out
