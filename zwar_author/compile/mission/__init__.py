"""Compile one mission: board, rooms, markers, spawn, events and conditions, every check.

The sections run in the order the board needs them (floors, doors, rooms, then
everything placed on them) over one ``MissionContext``, and keep going after a
problem, so one run reports them all. The result is a ``CompiledMission``, or
None when any error was found.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import codes
from ...errors import Diagnostic, Related, Severity
from ...geometry.board import Board
from ...model import content as c
from ...model.mission import MissionDoc
from ...model.validate import validate_partial
from ...sources.document import Document
from ..deck import deck_short
from ..rules import RefChecker
from ..workspace import Pack, Workspace
from . import conditions, doors, events, floors, game, heroes, markers, proof, spawn
from .assemble import assemble
from .context import MissionContext

#: Diagnostics that may be caused by entries dropped after a schema error; hidden then.
_CASCADING = {codes.DANGLING.code, codes.UNKNOWN_FLOOR.code, codes.FLOOR_SOURCE.code}


@dataclass
class MissionResult:
    """A compiled mission (None when there was an error), every problem found, and the board:
    kept whenever floors, doors, rooms and stairs compiled, even if other checks failed."""

    mission: c.CompiledMission | None
    problems: list[Diagnostic]
    board: Board | None = None
    game: str = "zwar1"


def compile_mission(ws: Workspace, pack: Pack, doc: Document, allow_unplayable: bool = False) -> MissionResult:
    model, problems, kept = validate_partial(doc, MissionDoc)
    if model is None:
        return MissionResult(None, problems)
    ctx = MissionContext(ws, pack, doc, model, kept or {}, allow_unplayable=allow_unplayable)
    result = _run(ctx)
    found = ctx.problems
    if ctx.uncertain:
        found = [p for p in found if not _on_terrain(p)]
    if kept is not None:
        found = [p for p in found if p.code not in _CASCADING and p.severity is Severity.ERROR]
    problems = _fold_dropped_keycards(doc, kept, problems, found)
    board = ctx.board if kept is None else None
    if any(p.severity is Severity.ERROR for p in problems):
        return MissionResult(None, problems, board, model.mission.game)
    return MissionResult(result, problems, board, model.mission.game)


def _run(ctx: MissionContext) -> c.CompiledMission | None:
    """Every section in turn; the mission when none found an error and the board is whole."""
    if not floors.build_floors(ctx):
        return None
    floors.check_tile_copies(ctx)
    declared = floors.start_resolver(ctx)
    doors.place_doors(ctx)
    floors.find_rooms(ctx)
    floors.name_rooms(ctx)
    floors.check_floor_rooms(ctx)
    stairs = floors.stairs(ctx)
    # A floor built from a tile whose own file is broken has no grid, or an uncertain one, and
    # no error here (the tile's file has it): the mission cannot be compiled, but is checked on.
    complete = all(f in ctx.grids for f in declared) and not ctx.uncertain
    if complete and not ctx.errors():
        board_floors = tuple(ctx.resolver.floors[f] for f in declared)
        ctx.board = Board(board_floors, tuple(((a.floor, a.x, a.y), (b.floor, b.x, b.y)) for a, b in ctx.links))
    placed = markers.markers(ctx)
    doors.door_rules(ctx)
    refs = RefChecker(lambda k, t: ctx.ws.lookup(ctx.pack, k, t), lambda k: ctx.ws.known(ctx.pack, k))
    hero_ids = heroes.heroes(ctx, refs)
    perks = heroes.perk_builds(ctx, hero_ids)
    markers.rules_refs(ctx, refs, placed)
    spawned = spawn.spawn(ctx)
    compiled_events = events.events(ctx)
    timers = events.timers(ctx)
    spawn.unused_spawn_points(ctx, spawned, compiled_events)
    conditions.conditions(ctx)
    conditions.roles(ctx)
    game.game_profile(ctx, hero_ids)
    game.pack_games(ctx)
    conditions.missing_parts(ctx)
    ctx.problems += ctx.resolver.problems + refs.problems
    if ctx.errors() or not complete:
        return None
    mission = assemble(ctx, stairs, placed, spawned, compiled_events, hero_ids, perks, timers)
    game.box_limits(ctx, mission)
    if (short := deck_short(mission, ctx.doc.loc(("mission", "director_cards")))) is not None:
        ctx.problems.append(short)
    proof.prove(ctx, mission)
    if ctx.errors():
        return None
    game.engine_warning(ctx, mission)
    return mission


#: What depends on the terrain and edges drawn: not said when some art has bad characters,
#: since those squares and edges are unknown. Sizes, references, ids and tables still are.
_TERRAIN_CODES = {c.code for c in (codes.ROOM_NO_DOOR, codes.ROOM_LEAK, codes.DOOR_EDGE, codes.DOOR_REDUNDANT,
                                   codes.STAIR_NOT_STAIRS, codes.NOT_A_ROOM, codes.ON_VOID, codes.ON_WATER,
                                   codes.WRONG_TERRAIN, codes.UNREACHABLE, codes.CUT_OFF, codes.IMPOSSIBLE,
                                   codes.EMPTY_FLOOR)}


def _on_terrain(problem: Diagnostic) -> bool:
    """True for diagnostics that depend on the drawn terrain and edges (rooms and doors named)."""
    return problem.code in _TERRAIN_CODES or (
        problem.code == codes.DANGLING.code and problem.fields.get("what") in ("room", "door at"))


def _fold_dropped_keycards(doc: Document, kept: dict[str, list[int]] | None, problems: list[Diagnostic],
                           found: list[Diagnostic]) -> list[Diagnostic]:
    """Schema problems, then the compiler's; a locked door missing a keycard that was dropped for a
    schema error (a misspelt colour) is not a second error: the door is pointed at from that one."""
    entries = doc.data.get("keycards")
    if kept is None or "keycards" not in kept or not isinstance(entries, list):
        return problems + found
    dropped = {doc.loc(("keycards", j, "colour")) for j in range(len(entries)) if j not in kept["keycards"]}
    doors = [Related(p.location, f"this locked door needs a {p.fields['colour']} keycard")
             for p in found if p.code == codes.NO_KEYCARD.code]
    if not dropped or not doors:
        return problems + found
    problems = [p.with_context(related=doors) if p.location in dropped else p for p in problems]
    return problems + [p for p in found if p.code != codes.NO_KEYCARD.code]
