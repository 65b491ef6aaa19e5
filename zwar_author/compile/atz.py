"""All Things Zombie scenarios and encounters: pieces placed in inches, forces and tables resolved.

The buildings and vehicles become pieces of the inch-measured table model
(``zwar_author.tabletop``), so "on the table" and "overlaps" mean what they
mean for every tabletop game. Forces and triggers name random tables, which
must exist and know every context the encounter can be played in.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field

from .. import codes
from ..errors import Diagnostic
from ..model.atz import EncounterDoc, Placed
from ..sources.document import Document
from ..tables.dice import DiceError, parse
from ..tables.table import Table as RandomTable
from ..tabletop import (
    Footprint,
    Piece,
    PlacedPiece,
    Pose,
    Position,
    Table,
    TerrainKind,
    format_inches,
    inches,
    overlapping_pairs,
)


@dataclass
class Encounter:
    """A checked scenario or encounter: its source, the table, and the pieces on it."""

    model: EncounterDoc
    table: Table
    pieces: list[tuple[str, str, PlacedPiece]] = field(default_factory=list)  # (what, id, piece)
    tables: dict[str, RandomTable] = field(default_factory=dict)  # the random tables it rolls on, by qualified id


def placed(item: Placed, kind: TerrainKind) -> PlacedPiece:
    footprint = Footprint.rectangle(item.size[0], item.size[1])
    piece = Piece(item.type, footprint, kind, floors=item.floors)
    return PlacedPiece(piece, Pose.of(item.at[0], item.at[1], item.rotation))


def compile_encounter(doc: Document, model: EncounterDoc,
                      tables: Mapping[str, RandomTable]) -> tuple[Encounter | None, list[Diagnostic]]:
    """Check one encounter; ``tables`` holds the random tables it may name, by `id` and by `pack/id`."""
    info = model.encounter
    problems: list[Diagnostic] = []
    try:
        table = Table(inches(info.table.width), inches(info.table.depth))
    except ValueError as exc:
        return None, [codes.BAD_VALUE.at(doc.loc(("encounter", "table")), message=str(exc))]
    width, depth = format_inches(table.width), format_inches(table.depth)
    found = Encounter(model, table)
    seen: dict[str, str] = {}
    for what, items, kind in (("building", model.buildings, TerrainKind.BLOCKING),
                              ("vehicle", model.vehicles, TerrainKind.BLOCKING)):
        key = what + "s"
        for i, item in enumerate(items):
            if item.id in seen:
                problems.append(codes.DUPLICATE.at(doc.loc((key, i, "id")), what=what, id=item.id,
                                                   first=seen[item.id]))
                continue
            seen[item.id] = doc.loc((key, i, "id")).display()
            try:
                piece = placed(item, kind)
            except ValueError as exc:
                problems.append(codes.BAD_VALUE.at(doc.loc((key, i, "size")), message=str(exc)))
                continue
            if not table.holds(piece.geometry):
                problems.append(codes.ATZ_OFF_TABLE.at(doc.loc((key, i, "at")), what=what, id=item.id, width=width,
                                                       depth=depth))
            found.pieces.append((what, item.id, piece))
    for i, j in overlapping_pairs([p for _, _, p in found.pieces]):
        (what, pid, _), (other, oid, _) = found.pieces[i], found.pieces[j]
        index = [p for w, p, _ in found.pieces if w == other].index(oid)
        problems.append(codes.ATZ_OVERLAP.at(doc.loc((other + "s", index, "at")), what=other, id=oid, other=what,
                                             other_id=pid))
    for i, force in enumerate(model.forces):
        problems += _force(doc, model, i, table, tables, found)
    for i, trigger in enumerate(model.triggers):
        if trigger.table is not None:
            if (random := tables.get(trigger.table)) is None:
                problems.append(codes.ATZ_TABLE_REF.at(doc.loc(("triggers", i, "table")), where=f"trigger {i + 1}",
                                                       ref=trigger.table, hint=_hint(trigger.table, tables)))
            else:
                found.tables[random.qualified] = random
    return found, problems


def _force(doc: Document, model: EncounterDoc, i: int, table: Table, tables: Mapping[str, RandomTable],
           found: Encounter) -> list[Diagnostic]:
    force, where, out = model.forces[i], f"force {i + 1} ({model.forces[i].side})", []
    if force.at is not None and not table.holds(Position.of(*force.at).point):
        out.append(codes.ATZ_OFF_TABLE.at(doc.loc(("forces", i, "at")), what="the starting point of force",
                                          id=str(i + 1), width=format_inches(table.width),
                                          depth=format_inches(table.depth)))
    if force.figures and force.table is not None:
        out.append(codes.ATZ_FORCE.at(doc.loc(("forces", i)), where=where,
                                      message="give the force by list (`figures`) or by `table`, not both"))
    if force.count is not None:
        try:
            parse(force.count)
        except DiceError as exc:
            out.append(codes.ATZ_FORCE.at(doc.loc(("forces", i, "count")), where=where, message=str(exc)))
    if force.table is None:
        return out
    random = tables.get(force.table)
    if random is None:
        out.append(codes.ATZ_TABLE_REF.at(doc.loc(("forces", i, "table")), where=where, ref=force.table,
                                          hint=_hint(force.table, tables)))
        return out
    found.tables[random.qualified] = random
    given: dict[str, list] = {"area": list(model.encounter.areas), "time": list(model.encounter.times)}
    given.update({k: [v] for k, v in force.context.items()})
    for key in sorted(random.keys()):
        if key not in given:
            values = ", ".join(map(str, random.contexts.get(key, ())))
            out.append(codes.ATZ_CONTEXT.at(doc.loc(("forces", i, "table")), where=where, table=random.id,
                                            message=f"reads `{key}`: give it in `context` ({values})"))
            continue
        for value in given[key]:
            if value not in random.contexts.get(key, ()):
                out.append(codes.ATZ_CONTEXT.at(doc.loc(("forces", i, "table")), where=where, table=random.id,
                                                message=f"has no `{key} = {value}`, which this encounter can "
                                                        "be played in"))
    return out


def _hint(ref: str, tables: Mapping[str, RandomTable]) -> str:
    close = difflib.get_close_matches(ref, [k for k in tables if "/" not in k], n=1)
    return f" (did you mean `{close[0]}`?)" if close else ""
