"""What a compiled mission uses, in the profiles' words: the elements its game must have."""

from __future__ import annotations

from ..model.content import CompiledMission
from ..model.mission import Condition
from .vocab import Element, EventKind, Feature, Mode, SpawnResult, Token, Tracker, Victory

#: Terrain and edge characters of compiled art that only some games have.
ART = {"~": Feature.WATER, "t": Feature.TRANSITION, "*": Feature.WATER_OBSTACLE}


def uses(mission: CompiledMission) -> frozenset[Element]:
    """Every mode, feature, token, victory kind, spawn result, event kind and tracker ``mission`` uses."""
    found: set[Element] = {Mode.of(mission.mission.mode)}
    art = {char for floor in mission.board.floors for line in floor.art for char in line}
    found |= {feature for char, feature in ART.items() if char in art}
    if mission.board.stairs:
        found.add(Feature.STAIRS)
    if any(stair.colour for stair in mission.board.stairs):
        found.add(Feature.COLOURED_STAIRS)
    kinds = {door.kind for door in mission.board.doors}
    found |= {f for kind, f in (("locked", Feature.LOCKED_DOOR), ("blast", Feature.BLAST_DOOR)) if kind in kinds}
    found |= {token for token in Token if token is not Token.RIB and getattr(mission, token.value)}
    if mission.rib is not None:
        found.add(Token.RIB)
    found |= {kind for cond in (*mission.victory, *mission.defeat) for kind in condition_kinds(cond)}
    tables = [table for phase in (mission.spawn.phases if mission.spawn else [])
              for part in (phase.turn, phase.room) if part is not None
              for table in vars(part).values() if hasattr(table, "rows")]
    results = {row.result.kind for table in tables for row in table.rows}
    found |= {result for result in SpawnResult if result.value in results}
    found |= {kind for event in mission.events for kind in EventKind if getattr(event, kind.value)}
    if mission.timers:
        found.add(Tracker.TIMERS)
    return frozenset(found)


def condition_kinds(cond: Condition) -> list[Victory]:
    """The kinds of condition one victory or defeat entry asks for (the keys it gives)."""
    return [kind for kind in Victory if getattr(cond, kind.value) not in (None, False, [])]
