"""All Things Zombie scenarios and encounters: pieces placed in inches, forces and tables resolved.

The buildings and vehicles become pieces of the inch-measured table model
(``zwar_author.tabletop``), so "on the table" and "overlaps" mean what they
mean for every tabletop game. Forces and triggers name random tables, which
must exist and know every context the encounter can be played in.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .. import __version__, codes
from ..errors import Diagnostic
from ..model.atz import CompiledEncounter, CompiledPlaced, EncounterDoc, Placed
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
    source_sha256: str = ""
    described: dict[str, str] = field(default_factory=dict)  # piece id -> "Bank with ATM, 12" x 6", 1 door"
    piece_refs: dict[str, str] = field(default_factory=dict)  # piece id -> the catalogue piece it is, qualified


@dataclass(frozen=True)
class CatalogueEntry:
    qualified: str  # `pack/id`
    name: str  # the printed name
    piece: Piece
    doors: int
    windows: int


@dataclass(frozen=True)
class Catalogue:
    """The pieces/ catalogue an encounter sees: ``find`` a piece by `id` or `pack/id` (None when there is
    no such piece), and the ids ``known`` for suggestions."""

    find: Callable[[str], CatalogueEntry | None] = lambda ref: None
    known: Sequence[str] = ()


def placed(item: Placed, kind: TerrainKind) -> PlacedPiece:
    """A one-off written in the encounter: a rectangle, its floors counted above the ground."""
    assert item.size is not None and item.type is not None
    footprint = Footprint.rectangle(item.size[0], item.size[1])
    piece = Piece(item.type, footprint, kind, floors=(item.floors or 1) - 1)
    return PlacedPiece(piece, Pose.of(item.at[0], item.at[1], item.rotation))


def describe(name: str, piece: Piece, building: bool, doors: int = 0, windows: int = 0) -> str:
    """ "Bank with ATM, 12" x 6", 1 floor, 1 door, 2 windows": a piece as the scenario page lists it."""
    xs = [x for x, _ in piece.footprint.vertices]
    ys = [y for _, y in piece.footprint.vertices]
    size = f"{format_inches(max(xs) - min(xs))} x {format_inches(max(ys) - min(ys))}"
    counts = [(piece.floors + 1, "floor"), (doors, "door"), (windows, "window")] if building else []
    return ", ".join([name, size] + [f"{n} {word}{'s' if n != 1 else ''}" for n, word in counts if n])


def compile_encounter(doc: Document, model: EncounterDoc, tables: Mapping[str, RandomTable],
                      catalogue: Catalogue = Catalogue()) -> tuple[Encounter | None, list[Diagnostic]]:
    """Check one encounter; ``tables`` holds the random tables it may name, by `id` and by `pack/id`,
    ``catalogue`` the pieces/ its buildings and vehicles may name."""
    info = model.encounter
    problems: list[Diagnostic] = []
    try:
        table = Table(inches(info.table.width), inches(info.table.depth))
    except ValueError as exc:
        return None, [codes.BAD_VALUE.at(doc.loc(("encounter", "table")), message=str(exc))]
    width, depth = format_inches(table.width), format_inches(table.depth)
    found = Encounter(model, table, source_sha256=doc.digest)
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
            made = _placed(doc, (key, i), what, item, kind, catalogue, problems)
            if made is None:
                continue
            piece, found.described[item.id] = made
            if item.piece is not None and (hit := catalogue.find(item.piece)) is not None:
                found.piece_refs[item.id] = hit.qualified
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


def _placed(doc: Document, path: tuple, what: str, item: Placed, kind: TerrainKind, catalogue: Catalogue,
            problems: list[Diagnostic]) -> tuple[PlacedPiece, str] | None:
    """A building or vehicle from the catalogue (``piece``) or written out (``type`` and ``size``)."""
    inline = [k for k in ("type", "size", "floors", "doors", "windows") if getattr(item, k) is not None]
    if item.piece is not None:
        if inline:
            problems.append(codes.ATZ_PIECE.at(doc.key_loc(path + (inline[0],)), what=what, id=item.id, message=(
                f"takes its {', '.join(f'`{k}`' for k in inline)} from the piece `{item.piece}`: leave "
                f"{'it' if len(inline) == 1 else 'them'} out, or write a one-off without `piece`")))
            return None
        hit = catalogue.find(item.piece)
        if hit is None:
            close = difflib.get_close_matches(item.piece.rpartition("/")[2], list(catalogue.known), n=1)
            problems.append(codes.DANGLING.at(doc.loc(path + ("piece",)), what="piece", id=item.piece,
                                              hint=f" (did you mean `{close[0]}`?)" if close else
                                              " in the pieces/ catalogue"))
            return None
        return (PlacedPiece(hit.piece, Pose.of(item.at[0], item.at[1], item.rotation)),
                describe(hit.name, hit.piece, what == "building", hit.doors, hit.windows))
    if item.type is None or item.size is None:
        problems.append(codes.ATZ_PIECE.at(doc.loc(path), what=what, id=item.id, message=(
            "needs a `piece` from the pieces/ catalogue, or `type` and `size` for a one-off")))
        return None
    try:
        made = placed(item, kind)
    except ValueError as exc:
        problems.append(codes.BAD_VALUE.at(doc.loc(path + ("size",)), message=str(exc)))
        return None
    return made, describe(item.type, made.piece, what == "building", 1 if item.doors is None else item.doors,
                          item.windows or 0)


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
            count = parse(force.count)
        except DiceError as exc:
            out.append(codes.ATZ_FORCE.at(doc.loc(("forces", i, "count")), where=where, message=str(exc)))
        else:
            if count.names:  # a word parses as a context number; a force's count has no context
                out.append(codes.ATZ_FORCE.at(doc.loc(("forces", i, "count")), where=where, message=(
                    f"`{force.count}` is not dice: a count is a number or dice, as 5, 2d6 or 1 + 1/2d6")))
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


def compiled_encounter(encounter: Encounter, pack: str) -> CompiledEncounter:
    """A checked encounter as compiled content (``zwar build``): as written, its pieces placed."""
    pieces = [CompiledPlaced(id=pid, what=what, piece=encounter.piece_refs.get(pid),  # type: ignore[arg-type]
                             described=encounter.described.get(pid, ""), floors=p.piece.floors,
                             corners=[[round(float(x), 6), round(float(y), 6)] for x, y in p.corners])
              for what, pid, p in encounter.pieces]
    return CompiledEncounter(format="zwar-content/1", kind="encounter", tool=f"zwar-author {__version__}",
                             source_sha256=encounter.source_sha256, pack=pack, encounter=encounter.model,
                             pieces=pieces, tables=sorted(encounter.tables))
