"""Marked squares: starts, exits, spawn points, objectives, items, objects, crates, keycards, infected, NPCs, the
rib and room tokens, each on a square it may stand on; item cards and infected classes qualified."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ... import codes
from ...errors import Location, Related
from ...geometry.board import Terrain
from ...geometry.relations import FloorRelations
from ..refs import Sq
from ..rules import RefChecker
from .context import MissionContext

#: Marked squares: (mission key, how to name one, terrain needed, holds a figure).
MARKERS: tuple[tuple[str, Callable[[Any], str], str, bool], ...] = (
    ("starts", lambda e: "start point", "land", True),
    ("exits", lambda e: "exit point", "land", False),
    ("spawn_points", lambda e: f"spawn point {e.letter}", "land", False),
    ("objectives", lambda e: f"objective {e.number}", "land", False),
    ("items", lambda e: f"item {e.letter}", "land", False),
    ("objects", lambda e: f"object {e.letter}", "land", False),
    ("crates", lambda e: "crate", "land", False),
    ("keycards", lambda e: f"{e.colour} keycard", "land", False),
    ("infected", lambda e: f"infected {e.class_}", "land", True),
    ("npcs", lambda e: f"NPC {e.id}", "land", True),
)


def markers(ctx: MissionContext) -> dict[str, list]:
    """Resolve every marked square; returns the compiled markers by kind."""
    units: dict[Sq, tuple[str, Location]] = {}
    out: dict[str, list] = {}
    for key, name, need, unit in MARKERS:
        entries = getattr(ctx.m, key)
        out[key] = []
        for i, entry in enumerate(entries):
            what = name(entry)
            loc = ctx.at(key, i, "at")
            sq = ctx.resolver.square(entry.at, loc)
            if sq is None or not _terrain_ok(ctx, sq, entry.at, loc, what, need):
                continue
            if getattr(entry, "scope", None) == "room" and ctx.resolver.floors[sq.floor].room_at(sq.x, sq.y) == 0:
                ctx.report(codes.WRONG_TERRAIN, loc, what=what, ref=entry.at,
                           terrain=ctx.resolver.terrain_name(sq),
                           need="an objective done anywhere in its room must be in a room",
                           related=ctx.drawn(sq))
                continue
            if unit:
                if sq in units:
                    _shared(ctx, loc, what, entry.at, *units[sq])
                units.setdefault(sq, (what, loc))
            out[key].append(entry.model_copy(update={"at": str(sq)}))
    if ctx.m.rib is not None:
        loc = ctx.at("rib", None, "at")
        sq = ctx.resolver.square(ctx.m.rib.at, loc)
        if sq is not None and _terrain_ok(ctx, sq, ctx.m.rib.at, loc, "the rib", "water"):
            if sq in units:
                _shared(ctx, loc, "the rib", ctx.m.rib.at, *units[sq])
            if not FloorRelations(ctx.grids[sq.floor]).neighbours("landing", (sq.x, sq.y)):
                ctx.report(codes.RIB_ASHORE, loc, ref=ctx.m.rib.at, related=ctx.drawn(sq))
            out["rib"] = [ctx.m.rib.model_copy(update={"at": str(sq)})]
    out["tokens"] = []
    for i, token in enumerate(ctx.m.tokens):
        room = ctx.resolver.room(token.room, ctx.at("tokens", i, "room"), "a token")
        if room is not None:
            out["tokens"].append(token.model_copy(update={"room": str(room)}))
    _check_ids(ctx)
    return out


def _shared(ctx: MissionContext, loc: Location, what: str, ref: str, other: str, other_loc: Location) -> None:
    ctx.problems.append(codes.SHARED_SQUARE.at(loc, what=what, other=other, ref=ref,
                                               related=(Related(other_loc, f"the {other} is here"),)))


def _terrain_ok(ctx: MissionContext, sq: Sq, text: str, loc: Location, what: str, need: str) -> bool:
    """Whether ``what`` may stand on ``sq``: land for every marker, open water for the rib; said when not."""
    terrain = ctx.resolver.terrain(sq)
    if terrain == Terrain.VOID:
        ctx.report(codes.ON_VOID, loc, what=what, ref=text, related=ctx.drawn(sq))
        return False
    if need == "water":
        if terrain != Terrain.WATER:
            ctx.report(codes.WRONG_TERRAIN, loc, what=what, ref=text, terrain=ctx.resolver.terrain_name(sq),
                       need="the rib floats on open water ('~')", related=ctx.drawn(sq))
            return False
        return True
    if terrain == Terrain.WATER:
        ctx.report(codes.ON_WATER, loc, what=what, ref=text, related=ctx.drawn(sq))
        return False
    return True


def _check_ids(ctx: MissionContext) -> None:
    for key, attr, what in (("spawn_points", "letter", "spawn point"), ("objectives", "number", "objective"),
                            ("npcs", "id", "NPC"), ("roles", "id", "role")):
        ctx.repeated(getattr(ctx.m, key), attr, what, partial(ctx.path, key))


def rules_refs(ctx: MissionContext, refs: RefChecker, found: dict[str, list]) -> None:
    """Items' cards and placed infected's classes: each a rules entry the pack sees, compiled as pack/id."""
    for i, item in enumerate(ctx.m.items):
        refs.ref("equipment", item.card, ctx.doc, ctx.path("items", i, "card"))
        ctx.same_game("equipment", item.card, ctx.at("items", i, "card"))
    for i, placed in enumerate(ctx.m.infected):
        refs.ref("infected", placed.class_, ctx.doc, ctx.path("infected", i, "class"))
        ctx.same_game("infected", placed.class_, ctx.at("infected", i, "class"))
    found["items"] = [m.model_copy(update={"card": ctx.qualified("equipment", m.card)}) for m in found["items"]]
    found["infected"] = [m.model_copy(update={"class_": ctx.qualified("infected", m.class_)})
                         for m in found["infected"]]
