"""Zone Wars sources compiled onto the inch-measured table: pieces, game data, scenarios and their checks.

A pack's ``pieces/`` files declare terrain pieces, its ``zonewars/`` files the
game's data (dice, factions, characters, gear, artifacts, mutations, Zone and
trigger cards), its ``scenarios/`` files the scenarios. Every problem is a
located diagnostic; every check in inches goes through ``tabletop``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import shapely
from pydantic import BaseModel
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from .. import __version__, codes
from ..errors import Diagnostic, Severity, UsageError
from ..model import zonewars as z
from ..model.validate import validate, validate_past_unknown_keys
from ..sources.document import Document
from ..tabletop import (
    EPSILON,
    Band,
    Base,
    Footprint,
    Opening,
    OpeningKind,
    Piece,
    PlacedPiece,
    Pose,
    Position,
    Reach,
    Table,
    TerrainKind,
    format_inches,
    inches,
    overlapping_pairs,
    steps,
)
from .rules import hint
from .workspace import Pack, Workspace, find_packs

#: The data kinds of ``zonewars/`` files, with how messages name them.
DATA_KINDS = {
    "factions": "faction", "characters": "character", "gear": "starting gear", "artifacts": "artifact",
    "mutations": "mutation", "zone_cards": "Zone card", "triggers": "trigger card",
}
BUILTIN_PACK = "zonewars"


@dataclass(frozen=True)
class Entry:
    """One entry of a source list, with where it was written."""

    pack: str
    doc: Document
    path: tuple
    model: BaseModel

    @property
    def id(self) -> str:
        return self.model.id  # type: ignore[attr-defined]

    @property
    def qualified(self) -> str:
        return f"{self.pack}/{self.id}"


@dataclass
class PackData:
    """The Zone Wars entries one pack declares, by kind and id."""

    pieces: dict[str, tuple[Entry, Piece]] = field(default_factory=dict)
    entries: dict[str, dict[str, Entry]] = field(default_factory=lambda: {k: {} for k in DATA_KINDS})
    dice: tuple[Document, z.DiceDef] | None = None
    rules: tuple[Document, z.RulesDef] | None = None
    card_kinds: list[z.CardKindDef] = field(default_factory=list)


@dataclass(frozen=True)
class Token:
    number: int  # from 1, as printed
    position: Position
    floor: int


@dataclass
class CompiledScenario:
    """A scenario placed on its table, ready for checks, analysis and print."""

    pack: str
    doc: Document
    model: z.ScenarioDoc
    table: Table
    base: Base
    token_base: Base
    pieces: list[PlacedPiece]
    zones: dict[str, Polygon]
    tokens: list[Token]
    deck: list[str]  # qualified Zone card ids, one per copy, sorted
    triggers: list[str]
    artifacts: list[Entry]  # the artifact cards drawn for tokens
    dice: z.DiceDef | None
    reach: dict[tuple[str, int], float | None] = field(default_factory=dict)  # (zone, token number) -> inches
    names: dict[str, str] = field(default_factory=dict)  # piece id -> printed name
    piece_refs: list[str] = field(default_factory=list)  # each placed piece's qualified id
    rules: z.RulesDef = field(default_factory=z.RulesDef)  # the numbers of the rules of play the pack declares

    def name_of(self, piece: PlacedPiece) -> str:
        return self.names.get(piece.piece.name, piece.piece.name)

    @property
    def id(self) -> str:
        return self.model.scenario.id

    def moves(self, zone: str, token: int) -> int | None:
        length = self.reach.get((zone, token))
        return None if length is None else steps(length)


class ZoneWars:
    """The Zone Wars sources of one run: each pack's data loaded once, problems reported to the workspace."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self._data: dict[Path, PackData] = {}

    # --- packs ---------------------------------------------------------------

    def visible(self, pack: Pack) -> list[Pack]:
        """The packs ``pack`` sees; a scenario outside any pack sees the shipped Zone Wars pack."""
        seen = self.ws.visible(pack)
        if pack.standalone:
            builtin = self.ws.pack_by_id(BUILTIN_PACK)
            if builtin is not None:
                seen += [p for p in self.ws.visible(builtin) if all(p is not q for q in seen)]
        return seen

    def data(self, pack: Pack) -> PackData:
        if pack.root not in self._data:
            self._data[pack.root] = self._load(pack)
        return self._data[pack.root]

    def lookup(self, pack: Pack, kind: str, text: str) -> Entry | None:
        owner, _, name = text.rpartition("/")
        for candidate in self.visible(pack):
            if owner and candidate.id != owner:
                continue
            found = self.data(candidate).entries[kind].get(name)
            if found is not None:
                return found
        return None

    def piece(self, pack: Pack, text: str) -> tuple[Entry, Piece] | None:
        owner, _, name = text.rpartition("/")
        for candidate in self.visible(pack):
            if (not owner or candidate.id == owner) and name in self.data(candidate).pieces:
                return self.data(candidate).pieces[name]
        return None

    def known(self, pack: Pack, kind: str) -> list[str]:
        if kind == "pieces":
            return sorted({i for p in self.visible(pack) for i in self.data(p).pieces})
        return sorted({i for p in self.visible(pack) for i in self.data(p).entries[kind]})

    def dice(self, pack: Pack) -> z.DiceDef | None:
        return next((d[1] for p in self.visible(pack) if (d := self.data(p).dice) is not None), None)

    def rules(self, pack: Pack) -> z.RulesDef | None:
        return next((r[1] for p in self.visible(pack) if (r := self.data(p).rules) is not None), None)

    def _load(self, pack: Pack) -> PackData:
        data = PackData()
        for path in pack.pieces_files:
            doc = self.ws.read(path)
            model, problems = (None, []) if doc is None else validate(doc, z.PiecesDoc)
            self.ws.report(path, problems)
            if doc is not None and isinstance(model, z.PiecesDoc):
                for index, definition in enumerate(model.pieces):
                    entry = Entry(pack.id, doc, ("pieces", index), definition)
                    piece, found = _piece(entry)
                    found += _assumed(entry, "piece")
                    found += _unique(entry, data.pieces, "piece")
                    self.ws.report(path, found)
                    if piece is not None and definition.id not in data.pieces:
                        data.pieces[definition.id] = (entry, piece)
        for path in pack.zonewars_files:
            self._load_data(pack, data, path)
        return data

    def _load_data(self, pack: Pack, data: PackData, path: Path) -> None:
        doc = self.ws.read(path)
        data_model, problems = (None, []) if doc is None else validate(doc, z.ZoneWarsDoc)
        self.ws.report(path, problems)
        if doc is None or not isinstance(data_model, z.ZoneWarsDoc):
            return
        model = data_model
        if model.dice is not None:
            if data.dice is not None:
                first = data.dice[0].loc(("dice",)).display()
                self.ws.report(path, [codes.DUPLICATE.at(doc.loc(("dice",)), what="dice", id="dice", first=first)])
            else:
                data.dice = (doc, model.dice)
                self.ws.report(path, _dice_problems(doc, model.dice))
        if model.rules is not None:
            if data.rules is not None:
                first = data.rules[0].loc(("rules",)).display()
                self.ws.report(path, [codes.DUPLICATE.at(doc.loc(("rules",)), what="rules", id="rules", first=first)])
            else:
                data.rules = (doc, model.rules)
        data.card_kinds += model.card_kinds
        for kind, what in DATA_KINDS.items():
            for index, definition in enumerate(getattr(model, kind)):
                entry = Entry(pack.id, doc, (kind, index), definition)
                found = _assumed(entry, what) + _unique(entry, data.entries[kind], what)
                self.ws.report(path, found)
                data.entries[kind].setdefault(definition.id, entry)

    def scenario_entries(self, pack: Pack) -> list[Entry]:
        """The [scenario] table of each of the pack's scenarios that reads and validates (for `zwar assumed`)."""
        found = []
        for path in pack.scenarios:
            doc = self.ws.read(path)
            model = validate(doc, z.ScenarioDoc)[0] if doc is not None else None
            if doc is not None and isinstance(model, z.ScenarioDoc):
                found.append(Entry(pack.id, doc, ("scenario",), model.scenario))
        return found

    # --- references --------------------------------------------------------------

    def check_references(self, pack: Pack) -> None:
        """Characters' factions, gear and mutations resolve."""
        for entry in self.data(pack).entries["characters"].values():
            model = entry.model
            if not isinstance(model, z.Character):
                continue
            problems = self._refs(pack, entry.doc, entry.path + ("faction",), "factions", [model.faction])
            problems += self._refs(pack, entry.doc, entry.path + ("gear",), ("gear", "artifacts"), model.gear, True)
            problems += self._refs(pack, entry.doc, entry.path + ("mutations",), "mutations", model.mutations, True)
            self.ws.report(entry.doc.path, problems)

    def _refs(self, pack: Pack, doc: Document, path: tuple, kinds: str | tuple[str, ...], refs: list[str],
              listed: bool = False) -> list[Diagnostic]:
        kinds = (kinds,) if isinstance(kinds, str) else kinds
        problems = []
        for index, ref in enumerate(refs):
            if any(self.lookup(pack, k, ref) is not None for k in kinds):
                continue
            known = [i for k in kinds for i in self.known(pack, k)]
            problems.append(codes.DANGLING.at(doc.loc(path + ((index,) if listed else ())),
                                              what=DATA_KINDS[kinds[0]], id=ref, hint=hint(ref.rpartition("/")[2], known)))
        return problems


def _unique(entry: Entry, seen: dict, what: str) -> list[Diagnostic]:
    first = seen.get(entry.id)
    if first is None:
        return []
    first_entry = first[0] if isinstance(first, tuple) else first
    return [codes.DUPLICATE.at(entry.doc.loc(entry.path + ("id",)), what=what, id=entry.id,
                               first=first_entry.doc.loc(first_entry.path + ("id",)).display())]


def _assumed_pairs(entry: Entry) -> list[tuple[str, object]]:
    """The keys an entry marks as assumed, each with its value as written (None when it has no such key)."""
    raw: object = entry.doc.data
    for part in entry.path:
        raw = raw[part]  # type: ignore[index]
    pairs: list[tuple[str, object]] = []
    for key in getattr(entry.model, "assumed", []):
        node = raw
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        pairs.append((key, node))
    return pairs


def _assumed(entry: Entry, what: str) -> list[Diagnostic]:
    return [codes.ASSUMED_KEY.at(entry.doc.loc(entry.path + ("assumed", index)), key=key, what=what, id=entry.id)
            for index, (key, value) in enumerate(_assumed_pairs(entry)) if value is None]


def assumed_values(entry: Entry) -> list[tuple[str, object]]:
    """The (key, value) pairs an entry marks as assumed, as written."""
    return [(key, value) for key, value in _assumed_pairs(entry) if value is not None]


def _dice_problems(doc: Document, dice: z.DiceDef) -> list[Diagnostic]:
    return [codes.NO_DICE.at(doc.loc(("dice", name)), why=f"the {name} die has no success face")
            for name in ("base", "gear") if "success" not in getattr(dice, name)]


def _piece(entry: Entry) -> tuple[Piece | None, list[Diagnostic]]:
    """The tabletop piece an entry declares, or the reason its shape is wrong."""
    model = entry.model
    if not isinstance(model, z.PieceDef):
        return None, []
    rectangle = model.width is not None or model.depth is not None

    def wrong(why: str, key: str | None = None) -> tuple[None, list[Diagnostic]]:
        loc = entry.doc.loc(entry.path + ((key,) if key else ()))
        return None, [codes.PIECE_SHAPE.at(loc, id=model.id, why=why)]

    if rectangle and model.polygon is not None:
        return wrong("has both a rectangle (width, depth) and a polygon: give one", "polygon")
    if model.polygon is None and (model.width is None or model.depth is None):
        return wrong("needs `width` and `depth` (a rectangle) or `polygon`")
    try:
        if model.polygon is not None:
            footprint = Footprint.polygon([(x, y) for x, y in model.polygon])
        else:
            footprint = Footprint.rectangle(model.width or 0, model.depth or 0)
    except ValueError as exc:
        return wrong("is not a usable shape: " + str(exc), "polygon" if model.polygon is not None else "width")
    outline = Polygon([(float(u), float(v)) for u, v in footprint.vertices]).exterior
    openings = []
    problems = []
    for index, opening in enumerate(model.openings):
        ends = [shapely.Point(float(inches(a)), float(inches(b))) for a, b in (opening.start, opening.end)]
        if any(outline.distance(p) > EPSILON for p in ends):
            problems.append(codes.PIECE_SHAPE.at(entry.doc.loc(entry.path + ("openings", index)), id=model.id,
                                                 why=f"has {opening.kind} {index + 1} off its outline"))
            continue
        if opening.closed and (opening.kind != "door" or model.wall is None):
            problems.append(codes.PIECE_SHAPE.at(entry.doc.loc(entry.path + ("openings", index, "closed")),
                                                 id=model.id, why=f"has {opening.kind} {index + 1} closed: only a "
                                                 "door of a hollow piece (with `wall`) closes"))
            continue
        if opening.locked and model.wall is None:
            problems.append(codes.PIECE_SHAPE.at(entry.doc.loc(entry.path + ("openings", index, "locked")),
                                                 id=model.id, why=f"has {opening.kind} {index + 1} locked: only an "
                                                 "opening of a hollow piece (with `wall`) locks"))
            continue
        openings.append(Opening(tuple(map(inches, opening.start)), tuple(map(inches, opening.end)),  # type: ignore[arg-type]
                                OpeningKind(opening.kind), opening.locked))
    if problems:
        return None, problems
    if model.wall is not None:
        inside = Polygon([(float(u), float(v)) for u, v in footprint.vertices]).buffer(-model.wall, join_style="mitre")
        if model.kind != "blocking":
            return wrong("has a `wall` but is Low terrain: only Blocking pieces are hollow", "wall")
        if model.wall <= 0 or inside.is_empty:
            return wrong(f"has walls {format_inches(model.wall)} thick, which leave no room inside", "wall")
    wall = None if model.wall is None else inches(model.wall)
    return Piece(model.id, footprint, TerrainKind(model.kind), inches(model.height), model.floors, tuple(openings),
                 wall), []


# --- scenarios ---------------------------------------------------------------------------

def compile_scenario(zw: ZoneWars, pack: Pack, doc: Document) -> tuple[CompiledScenario | None, list[Diagnostic]]:
    """The scenario placed on its table with every problem found, or None when it cannot be placed."""
    model, problems = validate_past_unknown_keys(doc, z.ScenarioDoc)
    if not isinstance(model, z.ScenarioDoc):
        return None, problems
    info = model.scenario
    problems += _assumed(Entry(pack.id, doc, ("scenario",), info), "scenario")
    size = model.table or z.TableDef(width=36, depth=36)
    table = Table(inches(size.width), inches(size.depth))
    base, token_base = Base(inches(info.base)), Base(inches(info.token))
    placed, owners = [], []
    names: dict[str, str] = {}
    refs: list[str] = []
    for index, spec in enumerate(model.pieces):
        found = zw.piece(pack, spec.piece)
        if found is None:
            problems.append(codes.DANGLING.at(doc.loc(("pieces", index, "piece")), what="piece", id=spec.piece,
                                              hint=hint(spec.piece.rpartition("/")[2], zw.known(pack, "pieces"))))
            continue
        placed.append(PlacedPiece(found[1], Pose.of(spec.x, spec.y, spec.rotation)))
        names[found[1].name] = found[0].model.name  # type: ignore[attr-defined]
        refs.append(found[0].qualified)
        owners.append(index)
    problems += _piece_checks(doc, table, placed, owners)
    zones, zone_problems = _zones(doc, model, table, placed)
    problems += zone_problems
    tokens = [Token(i + 1, Position.of(t.x, t.y), t.floor) for i, t in enumerate(model.artifacts)]
    problems += _token_checks(doc, table, placed, tokens, token_base)
    problems += _container_checks(doc, model, table, placed, token_base)
    problems += _side_checks(zw, pack, doc, model, zones)
    deck, triggers, deck_problems = _deck(zw, pack, doc, model)
    deck_problems += _trigger_effect_checks(zw, pack, doc, model, triggers, refs)
    problems += deck_problems
    problems += _victory_checks(doc, model, zones)
    artifacts = sorted((e for p in zw.visible(pack) for e in zw.data(p).entries["artifacts"].values()),
                       key=lambda e: e.qualified)
    dice = zw.dice(pack)
    if dice is None:
        problems.append(codes.NO_DICE.at(doc.loc(("scenario", "game")),
                                         why="no pack this scenario sees declares [dice] (the base and gear dice's faces)"))
    compiled = CompiledScenario(pack.id, doc, model, table, base, token_base, placed, zones, tokens, deck, triggers,
                                artifacts, dice, names=names, piece_refs=refs, rules=zw.rules(pack) or z.RulesDef())
    if not any(p.severity is Severity.ERROR for p in problems):
        problems += _reach_checks(compiled)
    return compiled, problems


def _piece_checks(doc: Document, table: Table, placed: list[PlacedPiece], owners: list[int]) -> list[Diagnostic]:
    problems = []
    for piece, index in zip(placed, owners, strict=True):
        if not table.holds(piece.geometry):
            edge, over = _overhang(table, piece.geometry)
            problems.append(codes.PIECE_OFF_TABLE.at(doc.loc(("pieces", index)), id=piece.piece.name, edge=edge,
                                                     over=format_inches(over)))
    for i, j in overlapping_pairs(placed):
        problems.append(codes.PIECES_OVERLAP.at(doc.loc(("pieces", owners[j])), id=placed[j].piece.name,
                                                other=placed[i].piece.name,
                                                first=doc.loc(("pieces", owners[i])).display()))
    return problems


def _overhang(table: Table, geometry: Polygon) -> tuple[str, float]:
    minx, miny, maxx, maxy = geometry.bounds
    overs = [("left", -minx), ("top", -miny), ("right", maxx - float(table.width)), ("bottom", maxy - float(table.depth))]
    return max(overs, key=lambda item: item[1])


def _zones(doc: Document, model: z.ScenarioDoc, table: Table,
           placed: list[PlacedPiece]) -> tuple[dict[str, Polygon], list[Diagnostic]]:
    zones: dict[str, Polygon] = {}
    exact: dict[str, tuple[Fraction, Fraction, Fraction, Fraction]] = {}
    problems = []
    deploying = {side.zone for side in model.sides}
    for index, spec in enumerate(model.zones):
        loc = doc.loc(("zones", index))
        if spec.id in zones:
            problems.append(codes.DUPLICATE.at(doc.loc(("zones", index, "id")), what="zone", id=spec.id,
                                               first=doc.loc(("zones", _index_of(model.zones, spec.id), "id")).display()))
            continue
        x0, y0 = inches(spec.x), inches(spec.y)
        x1, y1 = x0 + inches(spec.width), y0 + inches(spec.depth)
        exact[spec.id] = (x0, y0, x1, y1)
        zones[spec.id] = shapely.box(float(x0), float(y0), float(x1), float(y1))
        for edge, outside in (("left", x0 < 0), ("top", y0 < 0), ("right", x1 > table.width), ("bottom", y1 > table.depth)):
            if outside:
                problems.append(codes.ZONE_OFF_TABLE.at(loc, id=spec.id, edge=edge))
                break
        for piece in placed if spec.id in deploying else ():
            if piece.kind is TerrainKind.BLOCKING and zones[spec.id].intersects(piece.solid_inner):
                problems.append(codes.ZONE_BLOCKED.at(loc, id=spec.id, piece=piece.piece.name))
    band = Band.parse(model.scenario.zones_apart)
    deploy = []
    for side in model.sides:
        if side.zone in exact and side.zone not in deploy:
            deploy.append(side.zone)
    for i, first in enumerate(deploy):
        for second in deploy[i + 1:]:
            gap = _gap_squared(exact[first], exact[second])
            if gap < band.inches ** 2:
                problems.append(codes.ZONES_CLOSE.at(doc.loc(("zones", _index_of(model.zones, second))), id=second,
                                                     other=first, gap=format_inches(float(gap) ** 0.5), band=band.label))
    return zones, problems


def _index_of(zones: list[z.ZoneDef], zone_id: str) -> int:
    return next(i for i, spec in enumerate(zones) if spec.id == zone_id)


def _gap_squared(a: tuple[Fraction, ...], b: tuple[Fraction, ...]) -> Fraction:
    """Exactly: the squared distance between two axis-aligned rectangles (x0, y0, x1, y1)."""
    dx = max(Fraction(0), b[0] - a[2], a[0] - b[2])
    dy = max(Fraction(0), b[1] - a[3], a[1] - b[3])
    return dx * dx + dy * dy


def _where(position: Position) -> str:
    return f"({format_inches(position.x)}, {format_inches(position.y)})"


def _container_checks(doc: Document, model: z.ScenarioDoc, table: Table, placed: list[PlacedPiece],
                      token_base: Base) -> list[Diagnostic]:
    problems = []
    for index, spec in enumerate(model.containers):
        at, base = Position.of(spec.x, spec.y), Base(inches(spec.size)) if spec.size is not None else token_base
        loc, where = doc.loc(("containers", index)), _where(at)
        if not table.holds_base(at, base):
            problems.append(codes.CONTAINER_PLACE.at(loc, number=index + 1, where=where,
                                                     why="is not wholly on the table"))
            continue
        disc = base.at(at)
        blocking = [p for p in placed if p.kind is TerrainKind.BLOCKING and disc.intersects(p.solid_inner)]
        if blocking:
            problems.append(codes.CONTAINER_PLACE.at(loc, number=index + 1, where=where,
                                                     why=f"lies in Blocking piece `{blocking[0].piece.name}`"))
    return problems


def _token_checks(doc: Document, table: Table, placed: list[PlacedPiece], tokens: list[Token],
                  token_base: Base) -> list[Diagnostic]:
    problems = []
    for token in tokens:
        loc, where = doc.loc(("artifacts", token.number - 1)), _where(token.position)
        if not table.holds_base(token.position, token_base):
            problems.append(codes.TOKEN_OFF_TABLE.at(loc, number=token.number, where=where))
            continue
        if token.floor:
            inside = [p for p in placed if p.geometry.covers(token.position.point)]
            tall = [p for p in inside if p.piece.floors >= token.floor]
            if not tall:
                floors = inside[0].piece.floors if inside else 0
                why = (f"`{inside[0].piece.name}` has {floors} floor{'' if floors == 1 else 's'} above the ground"
                       if inside else "it lies in no Building")
                problems.append(codes.TOKEN_FLOOR.at(loc, number=token.number, floor=token.floor, why=why))
            continue
        disc = token_base.at(token.position)
        for piece in placed:
            if piece.kind is TerrainKind.BLOCKING and disc.intersects(piece.solid_inner):
                problems.append(codes.TOKEN_BLOCKED.at(loc, number=token.number, where=where, piece=piece.piece.name))
                break
    return problems


def _side_checks(zw: ZoneWars, pack: Pack, doc: Document, model: z.ScenarioDoc,
                 zones: dict[str, Polygon]) -> list[Diagnostic]:
    problems = []
    used: dict[str, str] = {}
    fielded: dict[str, str] = {}
    for index, side in enumerate(model.sides):
        path = ("sides", index)
        faction = zw.lookup(pack, "factions", side.faction)
        if faction is None:
            problems.append(codes.DANGLING.at(doc.loc(path + ("faction",)), what="faction", id=side.faction,
                                              hint=hint(side.faction, zw.known(pack, "factions"))))
        if side.zone not in zones:
            problems.append(codes.DANGLING.at(doc.loc(path + ("zone",)), what="zone", id=side.zone,
                                              hint=hint(side.zone, sorted(zones))))
        elif side.zone in used:
            problems.append(codes.SHARED_ZONE.at(doc.loc(path + ("zone",)), id=side.faction, other=used[side.zone],
                                                 zone=side.zone))
        used.setdefault(side.zone, side.faction)
        for number, ref in enumerate(side.characters):
            loc = doc.loc(path + ("characters", number))
            character = zw.lookup(pack, "characters", ref)
            if character is None:
                problems.append(codes.DANGLING.at(loc, what="character", id=ref,
                                                  hint=hint(ref, zw.known(pack, "characters"))))
                continue
            if character.qualified in fielded:
                problems.append(codes.DUPLICATE.at(loc, what="character", id=ref, first=fielded[character.qualified]))
                continue
            fielded[character.qualified] = loc.display()
            own = zw.lookup(pack, "factions", character.model.faction)  # type: ignore[attr-defined]
            if faction is not None and own is not None and own.qualified != faction.qualified:
                problems.append(codes.WRONG_FACTION.at(loc, id=ref, faction=own.id, side=side.faction))
    return problems


def _deck(zw: ZoneWars, pack: Pack, doc: Document,
          model: z.ScenarioDoc) -> tuple[list[str], list[str], list[Diagnostic]]:
    problems: list[Diagnostic] = []
    spec = model.deck or z.DeckDef(exclude=[], triggers=[])
    excluded = set()
    for index, ref in enumerate(spec.exclude):
        entry = zw.lookup(pack, "zone_cards", ref)
        if entry is None:
            problems.append(codes.DANGLING.at(doc.loc(("deck", "exclude", index)), what="Zone card", id=ref,
                                              hint=hint(ref, zw.known(pack, "zone_cards"))))
        else:
            excluded.add(entry.qualified)
    triggers = []
    for index, ref in enumerate(spec.triggers):
        entry = zw.lookup(pack, "triggers", ref)
        if entry is None:
            problems.append(codes.DANGLING.at(doc.loc(("deck", "triggers", index)), what="trigger card", id=ref,
                                              hint=hint(ref, zw.known(pack, "triggers"))))
        else:
            triggers.append(entry.qualified)
    cards = [e for p in zw.visible(pack) for e in zw.data(p).entries["zone_cards"].values()
             if e.qualified not in excluded]
    deck = sorted(e.qualified for e in cards for _ in range(e.model.copies))  # type: ignore[attr-defined]
    info = model.scenario
    tokens = info.players if info.zone_tokens is None else info.zone_tokens
    if triggers and len(deck) < info.players:
        problems.append(codes.ROUND_DECK_SHORT.at(doc.loc(("deck",)), players=info.players, cards=len(deck)))
    elif not triggers and len(deck) < info.rounds * tokens:
        draws = info.rounds * tokens
        problems.append(codes.DECK_SHORT.at(doc.loc(("scenario", "rounds")), cards=len(deck),
                                            s="" if len(deck) == 1 else "s", rounds=info.rounds, draws=draws))
    return deck, triggers, problems


def _trigger_effect_checks(zw: ZoneWars, pack: Pack, doc: Document, model: z.ScenarioDoc, triggers: list[str],
                           refs: list[str]) -> list[Diagnostic]:
    """Each trigger effect names a trigger card of the deck, once, and a piece the scenario places."""
    problems: list[Diagnostic] = []
    spec = model.deck or z.DeckDef()
    seen: dict[str, int] = {}
    placed = set(refs) | {r.rpartition("/")[2] for r in refs}
    for index, effect in enumerate(spec.effects):
        entry = zw.lookup(pack, "triggers", effect.trigger)
        if entry is None or entry.qualified not in triggers:
            problems.append(codes.DANGLING.at(doc.loc(("deck", "effects", index, "trigger")),
                                              what="deck trigger", id=effect.trigger,
                                              hint=hint(effect.trigger, [t.rpartition("/")[2] for t in triggers])))
        elif entry.qualified in seen:
            first = doc.loc(("deck", "effects", seen[entry.qualified], "trigger")).display()
            problems.append(codes.DUPLICATE.at(doc.loc(("deck", "effects", index, "trigger")),
                                               what="trigger effect", id=effect.trigger, first=first))
        else:
            seen[entry.qualified] = index
        if effect.near is not None and effect.near not in placed:
            problems.append(codes.DANGLING.at(doc.loc(("deck", "effects", index, "near")),
                                              what="placed piece", id=effect.near,
                                              hint=hint(effect.near, sorted({r.rpartition("/")[2] for r in refs}))))
    return problems


def _victory_checks(doc: Document, model: z.ScenarioDoc, zones: dict[str, Polygon]) -> list[Diagnostic]:
    problems = []
    for index, victory in enumerate(model.victory):
        loc = doc.loc(("victory", index))
        if victory.kind == "hold-area":
            if victory.zone is None:
                problems.append(codes.NO_AREA.at(loc))
            elif victory.zone not in zones:
                problems.append(codes.DANGLING.at(doc.loc(("victory", index, "zone")), what="zone", id=victory.zone,
                                                  hint=hint(victory.zone, sorted(zones))))
        elif not model.artifacts:
            problems.append(codes.NO_ARTIFACTS.at(loc, kind=victory.kind))
    return problems


def _reach_checks(scenario: CompiledScenario) -> list[Diagnostic]:
    """Every token reachable from every deployment zone; the walks are kept for the fairness report."""
    reach = Reach(scenario.table, scenario.pieces, scenario.base)
    problems = []
    contact = float(scenario.base.radius + scenario.token_base.radius)
    deploy = list(dict.fromkeys(side.zone for side in scenario.model.sides))
    for zone in deploy:
        area = scenario.zones[zone]
        start: BaseGeometry = area.buffer(-float(scenario.base.radius), join_style="mitre")
        if start.is_empty:
            start = area.centroid
        for token in scenario.tokens:
            goal, climb = _goal(scenario, token, contact)
            length = reach.distance(start, goal)
            scenario.reach[zone, token.number] = None if length is None else length + climb
            if length is None:
                loc = scenario.doc.loc(("artifacts", token.number - 1))
                why = " by walking round Blocking terrain" if scenario.pieces else ""
                problems.append(codes.TOKEN_UNREACHABLE.at(loc, number=token.number, where=_where(token.position),
                                                           zone=zone, why=why))
    return problems


def _goal(scenario: CompiledScenario, token: Token, contact: float) -> tuple[Polygon, float]:
    """Where a base centre must get to touch the token, and the climb on top (the rules' floor height a floor)."""
    if not token.floor:
        return token.position.point.buffer(contact + EPSILON), 0.0
    building = next(p for p in scenario.pieces if p.geometry.covers(token.position.point) and p.piece.floors >= token.floor)
    return building.geometry.buffer(float(scenario.base.radius) + EPSILON), token.floor * scenario.rules.floor_height


def pack_dice(paths: Sequence[Path], search: Sequence[Path] = ()) -> tuple[str, z.DiceDef]:
    """The dice a pack declares (the shipped Zone Wars pack when no path is given), and the pack's id.

    A UsageError when the path is not a pack, or neither it nor the packs it requires declare dice.
    """
    ws = Workspace(list(search))
    if not paths:
        pack = ws.pack_by_id(BUILTIN_PACK)
        if pack is None:
            raise UsageError("the Zone Wars reference pack is not installed: name a pack that declares [dice]")
    else:
        if len(paths) > 1:
            raise UsageError("name one pack for the dice's faces")
        roots = find_packs(Path(paths[0])) if Path(paths[0]).is_dir() else []
        if len(roots) != 1:
            raise UsageError(f"{paths[0]}: not a pack folder (a folder with pack.toml)")
        ws.add_named(roots[0])
        pack = ws.pack_at(roots[0])
    zw = ZoneWars(ws)
    dice = zw.dice(pack)
    if dice is None:
        raise UsageError(f"pack `{pack.id}` and the packs it requires declare no [dice] (in a zonewars/ file)")
    owner = next(p.id for p in zw.visible(pack) if zw.data(p).dice is not None)
    return owner, dice


def compiled_scenario(scenario: CompiledScenario) -> z.CompiledScenario:
    """The canonical, self-contained record of a compiled scenario (``zwar build``)."""
    pieces = [z.CompiledPiece(piece=ref, kind=p.kind.value, floors=p.piece.floors,
                              corners=[[round(float(x), 6), round(float(y), 6)] for x, y in p.corners])
              for ref, p in zip(scenario.piece_refs, scenario.pieces, strict=True)]
    reach = [z.CompiledReach(zone=zone, token=token, inches=None if length is None else round(length, 3),
                             moves=scenario.moves(zone, token))
             for (zone, token), length in sorted(scenario.reach.items())]
    return z.CompiledScenario(format=1, kind="scenario", tool=f"zwar-author {__version__}",
                              source_sha256=scenario.doc.digest, pack=scenario.pack, scenario=scenario.model,
                              pieces=pieces, reach=reach, deck=scenario.deck, triggers=scenario.triggers)
