"""Compile one mission: board, rooms, markers, spawn, events and conditions, every check.

The steps run in the order the board needs them (floors, doors, rooms, then
everything placed on them) and keep going after a problem, so one run reports
them all. The result is a ``CompiledMission``, or None when any error was found.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .. import __version__, codes, limits
from ..analysis.playability import Playability
from ..codes import Code
from ..errors import Diagnostic, Location, Related, Severity
from ..games import PROFILES, CannotPlay, unplayable
from ..geometry.board import Board, Edge, Floor, Grid, Terrain
from ..geometry.notation import edge_name, floor_edge, floor_square, square_name
from ..geometry.relations import FloorRelations
from ..geometry.rooms import Room, edge_kind, label_rooms
from ..model import content as c
from ..model.mission import MissionDoc, SpawnPhase
from ..model.rules import GameRules, Hero, InfectedClass, Perk
from ..model.validate import validate_partial
from ..sources.art import format_art
from ..sources.document import Document
from . import tables
from .deck import deck_short
from .games import GameCheck
from .layout import FloorSource, build_floor, floor_label
from .perks import bill
from .refs import EdgeId, Resolver, Sq
from .rooms import check_rooms
from .rules import KINDS, RefChecker, hint
from .workspace import Pack, Workspace

#: Diagnostics that may be caused by entries dropped after a schema error; hidden then.
_CASCADING = {codes.DANGLING.code, codes.UNKNOWN_FLOOR.code, codes.FLOOR_SOURCE.code}
CONDITION_KEYS = ("objectives", "objectives_count", "escape", "carrying", "escort", "survive", "kill",
                  "outscore_dead", "any_hero_dies", "npc_dies", "after_turn")
TRIGGER_KEYS = ("turn", "door_opened", "task_done", "objective", "picked_up", "room_activated", "timer")


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
    compiler = _Compiler(ws, pack, doc, model, kept or {}, allow_unplayable=allow_unplayable)
    result = compiler.run()
    found = compiler.problems
    if compiler.uncertain:
        found = [p for p in found if not _on_terrain(p)]
    if kept is not None:
        found = [p for p in found if p.code not in _CASCADING and p.severity is Severity.ERROR]
    problems = _fold_dropped_keycards(doc, kept, problems, found)
    board = compiler.board if kept is None else None
    if any(p.severity is Severity.ERROR for p in problems):
        return MissionResult(None, problems, board, model.mission.game)
    return MissionResult(result, problems, board, model.mission.game)


#: What depends on the terrain and edges drawn: not said when some art has bad characters,
#: since those squares and edges are unknown. Sizes, references, ids and tables still are.
_TERRAIN_CODES = {c.code for c in (codes.ROOM_NO_DOOR, codes.ROOM_LEAK, codes.DOOR_EDGE, codes.DOOR_REDUNDANT,
                                   codes.STAIR_NOT_STAIRS, codes.NOT_A_ROOM, codes.ON_VOID, codes.ON_WATER,
                                   codes.WRONG_TERRAIN, codes.UNREACHABLE, codes.CUT_OFF, codes.IMPOSSIBLE,
                                   codes.EMPTY_FLOOR)}


def _on_terrain(problem: Diagnostic) -> bool:
    """True for diagnostics that depend on the drawn terrain and edges (rooms and doors named)."""
    return problem.code in _TERRAIN_CODES or (
        problem.code == codes.DANGLING.code and problem.message.startswith(("room `", "door at `")))


def _fold_dropped_keycards(doc: Document, kept: dict[str, list[int]] | None, problems: list[Diagnostic],
                           found: list[Diagnostic]) -> list[Diagnostic]:
    """Schema problems, then the compiler's; a locked door missing a keycard that was dropped for a
    schema error (a misspelt colour) is not a second error: the door is pointed at from that one."""
    entries = doc.data.get("keycards")
    if kept is None or "keycards" not in kept or not isinstance(entries, list):
        return problems + found
    dropped = {doc.loc(("keycards", j, "colour")) for j in range(len(entries)) if j not in kept["keycards"]}
    doors = [Related(p.location, "this locked door needs " + p.message.split(" needs ", 1)[1].split(",")[0])
             for p in found if p.code == codes.NO_KEYCARD.code]
    if not dropped or not doors:
        return problems + found
    problems = [p.with_context(related=doors) if p.location in dropped else p for p in problems]
    return problems + [p for p in found if p.code != codes.NO_KEYCARD.code]


@dataclass
class _Compiler:
    ws: Workspace
    pack: Pack
    doc: Document
    m: MissionDoc
    kept: dict[str, list[int]]
    problems: list[Diagnostic] = field(default_factory=list)
    grids: dict[str, Grid] = field(default_factory=dict)
    sources: dict[str, FloorSource] = field(default_factory=dict)
    rooms: dict[str, list[Room]] = field(default_factory=dict)
    doors: dict[EdgeId, c.CompiledDoor] = field(default_factory=dict)
    door_specs: dict[EdgeId, int] = field(default_factory=dict)  # mission door edge -> its index
    squares: dict[str, dict] = field(default_factory=dict)  # marker kind -> index -> Sq
    resolver: Resolver = field(init=False)  # made by run()
    tables_ok: bool = True
    allow_unplayable: bool = False
    links: list[tuple[Sq, Sq]] = field(default_factory=list)
    board: Board | None = None
    uncertain: set[str] = field(default_factory=set)  # floors whose art has bad characters

    # --- helpers -------------------------------------------------------------------

    def path(self, key: str, index: int | None = None, *rest) -> tuple:
        if index is None:
            return (key, *rest)
        original = self.kept[key][index] if key in self.kept else index
        return (key, original, *rest)

    def at(self, key: str, index: int | None = None, *rest) -> Location:
        return self.doc.loc(self.path(key, index, *rest))

    def report(self, code: Code, loc: Location, *, related: tuple[Related, ...] = (), **fields) -> None:
        self.problems.append(code.at(loc, related=related, **fields))

    def drawn(self, sq: Sq) -> tuple[Related, ...]:
        """Where square ``sq`` is drawn (its art character, or the tile placed there), and as what."""
        return (Related(self.sources[sq.floor].square(sq.x, sq.y),
                        f"square {self.show(sq)} is drawn as {self.resolver.terrain_name(sq)} here"),)

    def drawn_edge(self, edge: EdgeId) -> tuple[Related, ...]:
        """Where edge ``edge`` is drawn, and as what."""
        where = edge_name(edge.floor if self.prefix_floors else None, edge.axis, edge.x, edge.y)
        kind = Edge(int(edge_kind(self.grids[edge.floor], edge.axis, edge.x, edge.y)))
        return (Related(self.sources[edge.floor].edge(edge.axis, edge.x, edge.y), f"{where} is drawn {_DRAWN[kind]} here"),)

    def repeated(self, entries, attr: str, what: str, path) -> set[int]:
        """Indices of entries whose ``attr`` an earlier entry already has, each reported;
        ``path(i)`` is where entry ``i`` is written."""
        first: dict = {}
        again = set()
        for i, entry in enumerate(entries):
            value = getattr(entry, attr)
            if value in first:
                earlier = self.doc.loc(path(first[value]))
                self.problems.append(codes.DUPLICATE.at(
                    self.doc.loc(path(i) + (attr,)), what=what, id=value, first=earlier.display(),
                    related=(Related(earlier, f"{what} `{value}` is first defined here"),)))
                again.add(i)
            first.setdefault(value, i)
        return again

    @property
    def prefix_floors(self) -> bool:
        return len(self.m.floors) > 1

    def show(self, sq: Sq) -> str:
        return square_name(sq.floor if self.prefix_floors else None, sq.x, sq.y)

    # --- the steps -----------------------------------------------------------------

    def run(self) -> c.CompiledMission | None:
        if not self.build_floors():
            return None
        self.check_tile_copies()
        declared = list(dict.fromkeys(f.id for f in self.m.floors))
        self.resolver = Resolver({f: _floor(f, g) for f, g in self.grids.items()}, declared=declared,
                                 labels={f.id: floor_label(f) for f in self.m.floors})
        self.place_doors()
        self.find_rooms()
        self.name_rooms()
        self.check_rooms()
        stairs = self.stairs()
        # A floor built from a tile whose own file is broken has no grid, or an uncertain one, and
        # no error here (the tile's file has it): the mission cannot be compiled, but is checked on.
        complete = all(f in self.grids for f in declared) and not self.uncertain
        if complete and not self.errors():
            floors = tuple(self.resolver.floors[f] for f in declared)
            self.board = Board(floors, tuple(((a.floor, a.x, a.y), (b.floor, b.x, b.y)) for a, b in self.links))
        markers = self.markers()
        self.door_rules()
        refs = RefChecker(lambda k, t: self.ws.lookup(self.pack, k, t), lambda k: self.ws.known(self.pack, k))
        heroes = self.heroes(refs)
        perks = self.perk_builds(heroes)
        self.rules_refs(refs, markers)
        spawn = self.spawn()
        events = self.events()
        timers = self.timers()
        self.unused_spawn_points(spawn, events)
        self.conditions()
        self.roles()
        self.game_profile(heroes)
        self.warnings()
        self.problems += self.resolver.problems + refs.problems
        if self.errors() or not complete:
            return None
        mission = self.assemble(stairs, markers, spawn, events, heroes, perks, timers)
        self.box_limits(mission)
        if (short := deck_short(mission, self.doc.loc(("mission", "director_cards")))) is not None:
            self.problems.append(short)
        self.prove(mission)
        if self.errors():
            return None
        self.engine_warning(mission)
        return mission

    def game_profile(self, heroes: list[str]) -> None:
        """What the mission uses that its game does not have, and the heroes its game asks for."""
        if self.m.mission.game not in PROFILES:
            return  # a game added to the format before its profile (tests/test_games.py fails until it has one)
        check = GameCheck(self.m, self.at, self.doc.loc)
        show = lambda floor, x, y: self.show(Sq(floor, x, y))
        self.problems += check.run(self.grids, self.sources, show, self.rule_heroes(), heroes)

    def engine_warning(self, mission: c.CompiledMission) -> None:
        """A valid mission the engine cannot play yet: the drivers will refuse it, so say so now."""
        missing = unplayable(mission) if mission.mission.game in PROFILES else []
        if missing:
            refusal = CannotPlay(mission, missing)
            self.report(codes.ENGINE_CANNOT_PLAY, self.doc.loc(("mission",)), game=refusal.game,
                        missing="; ".join(refusal.items))

    def errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems + self.resolver.problems)

    def prove(self, mission: c.CompiledMission) -> None:
        """The playability proof: what heroes cannot reach, spawn points that never threaten, lost causes.

        Findings with one cause (a door whose keycard is behind it) are one error: at the finding
        about the cause itself when there is one (the keycard), pointing at the door and the
        keycard, with the rest it keeps out of reach folded into a note.
        """
        severity = Severity.WARNING if (self.allow_unplayable or self.m.mission.allow_unplayable) else None
        codes_by_kind = {"unreachable": codes.UNREACHABLE, "cut-off": codes.CUT_OFF, "impossible": codes.IMPOSSIBLE}
        show = lambda sq: self.show(Sq(*sq))
        assert self.board is not None  # made whenever the floors compiled, and they did
        proof = Playability(self.board, mission, show)
        groups: dict[str | None, list] = {}
        for finding in proof.findings():
            key = finding.cause if finding.kind != "cut-off" else None
            groups.setdefault(key, []).append(finding)
        for cause, findings in groups.items():
            located = sorted(((self.finding_loc(mission, f), f) for f in findings), key=lambda lf: lf[0])
            if cause is None:
                for loc, finding in located:
                    self.problems.append(codes_by_kind[finding.kind].at(
                        loc, severity, what=finding.what, square=finding.square, why=finding.why))
                continue
            loc, primary = min(located, key=lambda lf: (not lf[1].itself, lf[1].kind == "impossible", lf[0]))
            diagnostic = codes_by_kind[primary.kind].at(
                loc, severity, what=primary.what, square=primary.square, why=primary.why)
            folded = [lf for lf in located if lf[1] is not primary]
            notes = []
            if folded:
                also = [f"{f.what} at {f.square} (line {floc.line})" for floc, f in folded if f.kind == "unreachable"]
                lost = [f"{f.what} (line {floc.line})" for floc, f in folded if f.kind == "impossible"]
                if also:
                    notes.append("for the same reason, also out of reach: " + _some(also))
                if lost:
                    notes.append(f"so {_and(lost)} can never be met")
            related = [r for r in self.cause_related(mission, proof, cause) if r.location != loc] \
                if cause in proof.gates else []
            label = f"{primary.what} is here" if primary.kind == "unreachable" else ""
            self.problems.append(diagnostic.with_context(label=label, related=related, notes=notes))

    def finding_loc(self, mission: c.CompiledMission, finding) -> Location:
        if finding.key == "rooms":
            floor, x, y = floor_square(mission.board.rooms[finding.index].squares[0])
            return self.sources[floor].square(x, y)
        return self.at(finding.key, finding.index)

    def cause_related(self, mission: c.CompiledMission, proof: Playability, cause: str) -> list[Related]:
        """The door at the root of a finding, and what opens it: "this door needs it", "the keycard is here"."""
        gate = proof.gates[cause]
        out = []
        index = next((i for edge, i in self.door_specs.items() if str(edge) == cause), None)
        if index is not None:
            need = f"the {gate.colour} keycard" if gate.kind == "locked" else \
                f"a task in room {proof.room_name(gate.room)}"
            out.append(Related(self.at("doors", index), f"this door needs {need}"))
        if gate.kind == "locked":
            for i, card in enumerate(mission.keycards):
                if card.colour == gate.colour:
                    out.append(Related(self.at("keycards", i), f"the {gate.colour} keycard is here"))
        return out

    def build_floors(self) -> bool:
        """Build every floor; False when the floors together are too large to check any further."""
        again = self.repeated(self.m.floors, "id", "floor", lambda i: self.path("floors", i))
        squares = 0
        for i, spec in enumerate(self.m.floors):
            if i in again:
                continue
            grid, source, found = build_floor(
                spec, self.doc, self.path("floors", i), lambda t, s, loc: self.ws.tile(self.pack, t, s, loc))
            self.problems += found
            if grid is not None:
                squares += grid.width * grid.height
                if squares > limits.MAX_SQUARES:
                    self.report(codes.TOO_MANY_SQUARES, self.at("floors", i), count=squares, limit=limits.MAX_SQUARES)
                    return False
                self.grids[spec.id], self.sources[spec.id] = grid, source
                if found or source.uncertain:
                    self.uncertain.add(spec.id)
        return True

    def check_tile_copies(self) -> None:
        uses: dict[str, list[tuple[str, tuple]]] = {}
        for i, spec in enumerate(self.m.floors):
            for j, placed in enumerate(spec.tiles or []):
                owner_pack, qualified = self.tile_owner(placed.tile)
                if owner_pack is not None:
                    uses.setdefault(qualified, []).append((placed.side, self.path("floors", i, "tiles", j)))
        for qualified, placements in sorted(uses.items()):
            pack_id, _, tile = qualified.partition("/")
            owner = self.ws.pack_by_id(pack_id) if pack_id != self.pack.id else self.pack
            owned = owner.copies(tile) if owner else 1
            if len(placements) <= owned:
                continue
            sides = [s for s, _ in placements]
            if owned == 1 and len(placements) == 2 and set(sides) == {"A", "B"}:
                usage = f"both sides of tile {qualified} are used"
            else:
                usage = f"tile {qualified} is placed {len(placements)} times ({', '.join(sides)})"
            self.report(codes.TILE_COPIES, self.doc.loc(placements[owned][1]), usage=usage, pack=pack_id,
                        owned=f"{owned} cop{'y' if owned == 1 else 'ies'}")

    def tile_owner(self, text: str) -> tuple[Pack | None, str]:
        owner, _, name = text.rpartition("/")
        for candidate in self.ws.visible(self.pack):
            if (not owner or candidate.id == owner) and name in candidate.tiles:
                return candidate, f"{candidate.id}/{name}"
        return None, text

    def place_doors(self) -> None:
        for i, spec in enumerate(self.m.doors):
            loc = self.at("doors", i, "at")
            edge = self.resolver.edge(spec.at, loc)
            self.door_fields(i, spec)
            if edge is None:
                continue
            grid = self.grids[edge.floor]
            what = self.door_edge_problem(grid, edge)
            if what:
                self.report(codes.DOOR_EDGE, loc, edge=spec.at, what=what, related=self.drawn_edge(edge))
                continue
            if edge in self.door_specs:
                first = self.at("doors", self.door_specs[edge])
                self.problems.append(codes.DUPLICATE.at(loc, what="door", id=spec.at, first=first.display(),
                                                        related=(Related(first, "the first door there"),)))
                continue
            if edge_kind(grid, edge.axis, edge.x, edge.y) == Edge.DOOR and spec.kind == "door" and not spec.open:
                self.report(codes.DOOR_REDUNDANT, loc, edge=spec.at, related=self.drawn_edge(edge))
            (grid.h if edge.axis == "H" else grid.v)[edge.y, edge.x] = Edge.DOOR
            self.doors[edge] = c.CompiledDoor(
                at=str(edge), kind=spec.kind, source="mission", key=spec.key, room=None, open=spec.open, rooms=[])
            self.door_specs[edge] = i

    def door_fields(self, i: int, spec) -> None:
        where = f'doors[{i}] (kind = "{spec.kind}")'
        if spec.kind == "locked" and spec.key is None:
            self.report(codes.MISSING_KEY, self.at("doors", i), key="key", where=where)
        if spec.kind == "blast" and spec.room is None:
            self.report(codes.MISSING_KEY, self.at("doors", i), key="room", where=where)
        if spec.key is not None and spec.kind != "locked":
            self.report(codes.BAD_VALUE, self.at("doors", i, "key"), message='`key` is only for locked doors (kind = "locked")')
        if spec.room is not None and spec.kind != "blast":
            self.report(codes.BAD_VALUE, self.at("doors", i, "room"), message='`room` is only for blast doors (kind = "blast")')

    def door_edge_problem(self, grid: Grid, edge: EdgeId) -> str | None:
        for sq in edge.sides():
            if not (0 <= sq.x < grid.width and 0 <= sq.y < grid.height):
                return "the outer border of the floor"
            if grid.terrain[sq.y, sq.x] == Terrain.VOID:
                return f"the edge of void square {self.show(sq)}"
        kind = edge_kind(grid, edge.axis, edge.x, edge.y)
        if kind == Edge.OPEN:
            return "an open edge"
        if kind == Edge.OBSTACLE:
            return "a water obstacle"
        return None

    def find_rooms(self) -> None:
        floors = {}
        for floor_id, grid in self.grids.items():
            labels, rooms = label_rooms(grid)
            self.rooms[floor_id] = rooms
            floors[floor_id] = Floor(floor_id, grid, labels)
        self.resolver.floors = floors

    def name_rooms(self) -> None:
        again = self.repeated(self.m.rooms, "id", "room name", lambda i: self.path("rooms", i))
        for i, spec in enumerate(self.m.rooms):
            loc = self.at("rooms", i, "at")
            sq = self.resolver.square(spec.at, loc) if i not in again else None
            if sq is None:
                self.resolver.unresolved.add(spec.id)
                continue
            if self.resolver.floors[sq.floor].rooms[sq.y, sq.x] == 0:
                self.report(codes.NOT_A_ROOM, loc, ref=spec.at, terrain=self.resolver.terrain_name(sq), what="a room name")
                self.resolver.unresolved.add(spec.id)
                continue
            self.resolver.names[spec.id] = sq

    def check_rooms(self) -> None:
        """Leaks and missing doors, each room called by its [[rooms]] id when it has one."""
        resolver = self.resolver
        if resolver is None:  # made in run() before the rooms are checked
            return
        for floor_id, grid in self.grids.items():
            labels = resolver.floors[floor_id].rooms
            printed = {spec.id: spec.name for spec in self.m.rooms}
            names = {int(labels[sq.y, sq.x]): f'{name} ("{printed[name]}")' if printed.get(name) else name
                     for name, sq in resolver.names.items() if sq.floor == floor_id}
            prefix = f"{floor_id}:" if self.prefix_floors else ""
            self.problems += check_rooms(prefix, grid, self.rooms[floor_id], self.sources[floor_id], names)

    def stairs(self) -> list[c.CompiledStair]:
        out = []
        for i, link in enumerate(self.m.stairs):
            ends = []
            for j, text in enumerate(link.link):
                loc = self.at("stairs", i, "link", j)
                sq = self.resolver.square(text, loc)
                if sq is None:
                    continue
                if self.resolver.terrain(sq) != Terrain.STAIRS:
                    self.report(codes.STAIR_NOT_STAIRS, loc, ref=text, terrain=self.resolver.terrain_name(sq),
                                related=self.drawn(sq))
                    continue
                ends.append(sq)
            if len(ends) == 2 and ends[0].floor == ends[1].floor:
                self.report(codes.STAIR_SAME_FLOOR, self.at("stairs", i, "link"), a=link.link[0], b=link.link[1],
                            floor=self.resolver.labels.get(ends[0].floor, ends[0].floor))
            elif len(ends) == 2:
                out.append(c.CompiledStair(link=[str(e) for e in ends], colour=link.colour))
                self.links.append((ends[0], ends[1]))
        return out

    # --- markers -------------------------------------------------------------------

    def markers(self) -> dict[str, list]:
        """Resolve every marked square; returns the compiled markers by kind."""
        units: dict[Sq, tuple[str, Location]] = {}
        out: dict[str, list] = {}
        for key, name, need, unit in _MARKERS:
            entries = getattr(self.m, key)
            out[key] = []
            for i, entry in enumerate(entries):
                what = name(entry)
                loc = self.at(key, i, "at")
                sq = self.resolver.square(entry.at, loc)
                if sq is None or not self.terrain_ok(sq, entry.at, loc, what, need):
                    continue
                if getattr(entry, "scope", None) == "room" and self.resolver.floors[sq.floor].rooms[sq.y, sq.x] == 0:
                    self.report(codes.WRONG_TERRAIN, loc, what=what, ref=entry.at,
                                terrain=self.resolver.terrain_name(sq),
                                need="an objective done anywhere in its room must be in a room",
                                related=self.drawn(sq))
                    continue
                if unit:
                    if sq in units:
                        self.shared(loc, what, entry.at, *units[sq])
                    units.setdefault(sq, (what, loc))
                out[key].append(entry.model_copy(update={"at": str(sq)}))
        if self.m.rib is not None:
            loc = self.at("rib", None, "at")
            sq = self.resolver.square(self.m.rib.at, loc)
            if sq is not None and self.terrain_ok(sq, self.m.rib.at, loc, "the rib", "water"):
                if sq in units:
                    self.shared(loc, "the rib", self.m.rib.at, *units[sq])
                if not FloorRelations(self.grids[sq.floor]).neighbours("landing", (sq.x, sq.y)):
                    self.report(codes.RIB_ASHORE, loc, ref=self.m.rib.at, related=self.drawn(sq))
                out["rib"] = [self.m.rib.model_copy(update={"at": str(sq)})]
        out["tokens"] = []
        for i, token in enumerate(self.m.tokens):
            room = self.resolver.room(token.room, self.at("tokens", i, "room"), "a token")
            if room is not None:
                out["tokens"].append(token.model_copy(update={"room": str(room)}))
        self.check_ids()
        return out

    def shared(self, loc: Location, what: str, ref: str, other: str, other_loc: Location) -> None:
        self.problems.append(codes.SHARED_SQUARE.at(loc, what=what, other=other, ref=ref,
                                                    related=(Related(other_loc, f"the {other} is here"),)))

    def terrain_ok(self, sq: Sq, text: str, loc: Location, what: str, need: str) -> bool:
        terrain = self.resolver.terrain(sq)
        if terrain == Terrain.VOID:
            self.report(codes.ON_VOID, loc, what=what, ref=text, related=self.drawn(sq))
            return False
        if need == "water":
            if terrain != Terrain.WATER:
                self.report(codes.WRONG_TERRAIN, loc, what=what, ref=text, terrain=self.resolver.terrain_name(sq),
                            need="the rib floats on open water ('~')", related=self.drawn(sq))
                return False
            return True
        if terrain == Terrain.WATER:
            self.report(codes.ON_WATER, loc, what=what, ref=text, related=self.drawn(sq))
            return False
        return True

    def check_ids(self) -> None:
        for key, attr, what in (("spawn_points", "letter", "spawn point"), ("objectives", "number", "objective"),
                                ("npcs", "id", "NPC"), ("roles", "id", "role")):
            self.repeated(getattr(self.m, key), attr, what, lambda i, key=key: self.path(key, i))

    def door_rules(self) -> None:
        """Blast door rooms, and keycards against locked doors."""
        for edge, i in self.door_specs.items():
            spec = self.m.doors[i]
            if spec.kind == "blast" and spec.room is not None:
                room = self.resolver.room(spec.room, self.at("doors", i, "room"), "a blast door's `room`")
                if room is not None:
                    self.doors[edge] = self.doors[edge].model_copy(update={"room": str(room)})
        keys = {k.colour for k in self.m.keycards}
        locks = {spec.key for spec in self.m.doors if spec.kind == "locked" and spec.key is not None}
        unused = [(i, card) for i, card in enumerate(self.m.keycards) if card.colour not in locks]
        missing = [(i, spec) for i, spec in enumerate(self.m.doors)
                   if spec.kind == "locked" and spec.key is not None and spec.key not in keys]
        # One lock colour without a keycard and keycards opening nothing: one mistake (a colour
        # written wrong on one side), reported once, at the door, pointing at the keycards.
        fold = len({spec.key for _, spec in missing}) == 1 and bool(unused)
        for i, spec in missing:
            problem = codes.NO_KEYCARD.at(self.at("doors", i), edge=spec.at, colour=spec.key)
            if fold:
                problem = problem.with_context(
                    label=f"this door needs a {spec.key} keycard",
                    related=[Related(self.at("keycards", j, "colour"), f"this keycard is {card.colour}")
                             for j, card in unused],
                    notes=[(f"no locked door is {' or '.join(sorted({card.colour for _, card in unused}))}: "
                            f"if that keycard is the one for this door, make both {spec.key}")])
            self.problems.append(problem)
        for i, card in ([] if fold else unused):
            self.report(codes.UNUSED_KEYCARD, self.at("keycards", i), colour=card.colour, ref=card.at)

    # --- rules references ----------------------------------------------------------

    def heroes(self, refs: RefChecker) -> list[str]:
        if not self.m.mission.heroes:
            return self.game_heroes()
        out = []
        for i, text in enumerate(self.m.mission.heroes):
            path = ("mission", "heroes", i)
            qualified = refs.ref("heroes", text, self.doc, path)
            if qualified is None:
                continue
            self.same_game("heroes", text, self.doc.loc(path))
            out.append(qualified)
        return out

    def game_heroes(self) -> list[str]:
        """Every hero of the mission's game the pack sees, as pack/id: a mission's heroes when it names none."""
        game = self.m.mission.game
        return sorted(e.qualified for p in self.ws.visible(self.pack)
                      for e in p.rules.entries["heroes"].values() if game in e.model.games)

    def rule_heroes(self) -> list[str]:
        """The heroes of the game's hero rule (`heroes` of its [[games]] entry, the nearest pack's), as pack/id."""
        game = self.m.mission.game
        entry = next((e for p in self.ws.visible(self.pack) for e in p.rules.entries["games"].values()
                      if game in e.model.games), None)
        if entry is None or not isinstance(entry.model, GameRules):
            return []
        home = next(p for p in self.ws.visible(self.pack) if p.id == entry.pack)
        found = (self.ws.lookup(home, "heroes", ref) for ref in entry.model.heroes)
        return [e.qualified for e in found if e is not None]

    def perk_builds(self, heroes: list[str]) -> dict[str, list[str]]:
        """``[mission.perks]`` qualified, each hero's bill checked against the XP perk allowance."""
        out: dict[str, list[str]] = {}
        allowance = self.m.mission.xp_perk_allowance
        for hero_text, perk_texts in self.m.mission.perks.items():
            path = ("mission", "perks", hero_text)
            hero = self.ws.lookup(self.pack, "heroes", hero_text)
            if hero is None or not isinstance(hero.model, Hero):
                self.report(codes.DANGLING, self.doc.key_loc(path), what="hero", id=hero_text,
                            hint=hint(hero_text, self.ws.known(self.pack, "heroes")))
                continue
            if hero.qualified not in heroes:
                self.report(codes.PERK_HERO, self.doc.key_loc(path), hero=hero_text,
                            heroes=", ".join(h.rpartition("/")[2] for h in heroes))
                continue
            bought: dict[str, int] = {}
            lines = []
            for j, text in enumerate(perk_texts):
                perk = self.ws.lookup(self.pack, "perks", text)
                if perk is None or not isinstance(perk.model, Perk):
                    self.report(codes.DANGLING, self.doc.loc(path + (j,)), what="perk",
                                id=text, hint=hint(text, self.ws.known(self.pack, "perks")))
                    continue
                if perk.qualified in bought:
                    self.report(codes.PERK_TWICE, self.doc.loc(path + (j,)), perk=text, hero=hero_text,
                                first=self.doc.loc(path + (bought[perk.qualified],)).display())
                    continue
                self.same_game("perks", text, self.doc.loc(path + (j,)))
                bought[perk.qualified] = j
                lines.append((text, perk.model))
            out[hero.qualified] = list(bought)
            message = bill(hero_text, hero.model, lines).over(allowance) if allowance is not None else None
            if message is not None:
                self.problems.append(Diagnostic(self.doc.key_loc(path), codes.PERK_ALLOWANCE.code,
                                                codes.PERK_ALLOWANCE.severity, message))
        return out

    def box_limits(self, mission: c.CompiledMission) -> None:
        """Warn when setting the mission up takes more doors, counters or miniatures than the boxes hold."""
        box = self.ws.box(self.pack, self.m.mission.game)
        packs = " + ".join(box.packs)
        counters = sum(len(x) for x in (mission.objectives, mission.items, mission.objects, mission.keycards,
                                         mission.crates, mission.tokens))
        doors = None if box.doors is None else box.doors + self.m.mission.extra_doors
        for need, have, what in ((len(mission.board.doors), doors, "doors"),
                                 (counters, box.counters, "counters")):
            if have is not None and need > have:
                self.report(codes.BOX_SHORT, self.at("mission"), need=need, what=what, short=need - have,
                            packs=packs, have=have)
        placed: dict[str, list[int]] = {}
        for i, spec in enumerate(mission.infected):
            placed.setdefault(spec.class_, []).append(i)
        names = {e.id: e.plural for e in mission.rules.infected}
        for cls, indices in sorted(placed.items()):
            have = mission.miniatures.get(cls)
            if have is not None and len(indices) > have:
                owners = [p.id for p in self.ws.visible(self.pack)
                          if p.manifest and cls.rpartition("/")[2] in p.manifest.miniatures]
                self.report(codes.BOX_SHORT, self.at("infected", indices[have]), need=len(indices),
                            what=f"{names.get(cls, cls)} on the board at the start", short=len(indices) - have,
                            packs=owners[0] if owners else packs, have=have)

    def same_game(self, kind: str, text: str, loc: Location) -> None:
        """Warn when rules data of another game is used (allowed, for crossovers, but unusual)."""
        entry = self.ws.lookup(self.pack, kind, text)
        game = self.m.mission.game
        if entry is not None and game not in entry.model.games:
            self.report(codes.WRONG_GAME, loc, what=KINDS[kind], id=text, games=", ".join(entry.model.games), game=game)

    def rules_refs(self, refs: RefChecker, markers: dict[str, list]) -> None:
        for i, item in enumerate(self.m.items):
            refs.ref("equipment", item.card, self.doc, self.path("items", i, "card"))
            self.same_game("equipment", item.card, self.at("items", i, "card"))
        for i, placed in enumerate(self.m.infected):
            refs.ref("infected", placed.class_, self.doc, self.path("infected", i, "class"))
            self.same_game("infected", placed.class_, self.at("infected", i, "class"))
        markers["items"] = [m.model_copy(update={"card": self._qualified("equipment", m.card)}) for m in markers["items"]]
        markers["infected"] = [m.model_copy(update={"class_": self._qualified("infected", m.class_)})
                               for m in markers["infected"]]

    def _qualified(self, kind: str, text: str) -> str:
        entry = self.ws.lookup(self.pack, kind, text)
        return entry.qualified if entry else text

    def class_lookup(self) -> tuple[tables.ClassLookup, list[str]]:
        names: dict[str, str] = {}
        for pack in reversed(self.ws.visible(self.pack)):
            for entry in pack.rules.entries["infected"].values():
                model = entry.model
                assert isinstance(model, InfectedClass)
                for name in (model.id, model.name, model.plural or model.id + "s", model.name + "s"):
                    names[" ".join(name.lower().split())] = entry.qualified
        shown = sorted({e.model.id for p in self.ws.visible(self.pack) for e in p.rules.entries["infected"].values()})
        return names.get, shown

    # --- spawn ---------------------------------------------------------------------

    def spawn(self) -> c.CompiledSpawn | None:
        spawn = self.m.spawn
        if spawn is None:
            self.report(codes.NO_SPAWN, self.doc.loc(("mission",)))
            return None
        if spawn.phases and (spawn.turn or spawn.room):
            self.report(codes.SPAWN_SHAPE, self.at("spawn"), where="[spawn]",
                        need="either `turn` and `room` or a list of `phases`, not both")
            return None
        phases: list[tuple[SpawnPhase, tuple]]
        if spawn.phases:
            phases = [(p, ("spawn", "phases", i)) for i, p in enumerate(spawn.phases)]
        else:
            phases = [(SpawnPhase(id="main", turn=spawn.turn, room=spawn.room), ("spawn",))]
        letters = {p.letter for p in self.m.spawn_points}
        classes, names = self.class_lookup()
        again = self.repeated([p for p, _ in phases], "id", "spawn phase", lambda i: phases[i][1])
        compiled = []
        for i, (phase, path) in enumerate(phases):
            if i in again:
                continue
            compiled.append(c.CompiledPhase(
                id=phase.id, name=phase.name,
                turn=self.turn_spawn(phase, path, letters, classes, names),
                room=self.room_spawn(phase, path, classes, names)))
        return c.CompiledSpawn(phases=compiled, text=spawn.text)

    def turn_spawn(self, phase, path, letters, classes, names) -> c.CompiledTurnSpawn | None:
        turn = phase.turn
        if turn is None:
            return None
        parts = self.spawn_tables(turn, path + ("turn",), "turn spawn" if phase.id == "main" else
                                  f"phase {phase.id} turn spawn",
                                  (("where", tables.where(letters)), ("what", tables.what(classes, names))),
                                  tables.turn_table(letters, classes, names))
        if parts is None:
            return None
        return c.CompiledTurnSpawn(rolls=turn.rolls, where=parts.get("where"), what=parts.get("what"),
                                   table=parts.get("table"), text=turn.text)

    def room_spawn(self, phase, path, classes, names) -> c.CompiledRoomSpawn | None:
        room = phase.room
        if room is None:
            return None
        parts = self.spawn_tables(room, path + ("room",), "room spawn" if phase.id == "main" else
                                  f"phase {phase.id} room spawn",
                                  (("what", tables.what(classes, names)), ("distance", tables.distance())),
                                  tables.room_table(classes, names))
        if parts is None:
            return None
        return c.CompiledRoomSpawn(what=parts.get("what"), distance=parts.get("distance"),
                                   table=parts.get("table"), text=room.text)

    def spawn_tables(self, spec, path: tuple, label: str, rolls, one_roll) -> dict | None:
        """A spawn's tables: two rolls (both given) or one roll (``table``), never both or a half."""
        two = [getattr(spec, key) is not None for key, _ in rolls]
        one = spec.table is not None
        if not ((one and not any(two)) or (not one and all(two))):
            (first, _), (second, _) = rolls
            self.report(codes.SPAWN_SHAPE, self.doc.loc(path), where=label,
                        need=f"`{first}` and `{second}` (two rolls) or `table` (one roll)")
            return None
        titles = {rolls[0][0]: "roll 1", rolls[1][0]: "roll 2", "table": "table"}
        return {key: self.table(path + (key,), spec.die, f"{label} {titles[key]}", grammar)
                for key, grammar in (*rolls, ("table", one_roll)) if getattr(spec, key) is not None}

    def table(self, path: tuple, die: int, name: str, grammar: tables.Grammar) -> c.DiceTable | None:
        table, found = tables.check_table(self.doc, path, die, name, grammar)
        self.problems += found
        self.tables_ok = self.tables_ok and table is not None
        if table is not None:
            rows = tables.get(self.doc.data, path)
            for key, text in rows.items():
                result = grammar.parse(text)
                if result is not None and result.infected:
                    self.same_game("infected", result.infected, self.doc.loc(path + (key,)))
        return table

    def unused_spawn_points(self, spawn: c.CompiledSpawn | None, events: list[c.CompiledEvent]) -> None:
        """Spawn points that no table and no event names (when the mission spawns at all)."""
        if spawn is None or not self.tables_ok:
            return  # without spawning, or with a broken table, "unused" would only be noise
        used = {r.spawn_point for e in events for r in e.spawn}
        for phase in spawn.phases if spawn else []:
            for table in (phase.turn.where, phase.turn.table) if phase.turn else ():
                used |= {row.result.spawn_point for row in (table.rows if table else [])}
        for i, point in enumerate(self.m.spawn_points):
            if point.letter not in used:
                self.report(codes.UNUSED_SPAWN_POINT, self.at("spawn_points", i), letter=point.letter)

    # --- events and conditions -----------------------------------------------------

    def events(self) -> list[c.CompiledEvent]:
        phases = self.phase_ids()
        out = []
        classes, names = self.class_lookup()
        grammar = tables.turn_table({p.letter for p in self.m.spawn_points}, classes, names)
        for i, event in enumerate(self.m.events):
            when = self.trigger(i, event.when)
            if event.spawn_phase is not None and event.spawn_phase not in phases:
                self.report(codes.DANGLING, self.at("events", i, "spawn_phase"), what="spawn phase",
                            id=event.spawn_phase, hint=_known(phases))
            doors = [self.door_ref(t, self.at("events", i, "open_doors", j)) for j, t in enumerate(event.open_doors)]
            spawned = []
            for j, text in enumerate(event.spawn):
                try:
                    result = grammar.parse(text)
                except tables.TooLarge as exc:
                    self.report(codes.NUMBER_TOO_LARGE, self.at("events", i, "spawn", j), what=exc.what,
                                value=exc.value, limit=exc.limit)
                    continue
                if result is None or result.kind != "infected":
                    self.report(codes.DICE_RESULT, self.at("events", i, "spawn", j), table=f"events[{i}] spawn",
                                text=text, expected='"N class on L", such as "2 zombies on A"')
                else:
                    assert result.infected is not None  # an infected result names its class
                    self.same_game("infected", result.infected, self.at("events", i, "spawn", j))
                    spawned.append(result)
            enter = self.actor(event.enter, self.path("events", i, "enter")) if event.enter else None
            if not any(getattr(event, k) for k in ("spawn_phase", "open_doors", "open_exits", "enter", "spawn")):
                self.report(codes.UNSTRUCTURED, self.at("events", i), what=f"event {i + 1}",
                            keys="spawn_phase, open_doors, open_exits, enter or spawn")
            if when is not None:
                out.append(c.CompiledEvent(when=when, text=event.text, spawn_phase=event.spawn_phase,
                                           open_doors=[str(d) for d in doors if d], open_exits=event.open_exits,
                                           enter=enter, spawn=spawned))
        return out

    def timers(self) -> list[c.CompiledTimer]:
        """3-turn timers: each started by one trigger, each ended by at least one event."""
        again = self.repeated(self.m.timers, "id", "timer", lambda i: self.path("timers", i))
        ended = {e.when.timer for e in self.m.events}
        out = []
        for i, timer in enumerate(self.m.timers):
            start = self.trigger(i, timer.start, ("timers", "start"))
            if i in again:
                continue
            if start is not None and start.timer == timer.id:
                self.report(codes.TIMER_SELF, self.at("timers", i, "start", "timer"), id=timer.id)
                continue
            if timer.id not in ended:
                self.report(codes.TIMER_IDLE, self.at("timers", i), id=timer.id)
            if start is not None:
                out.append(c.CompiledTimer(id=timer.id, name=timer.name, start=start, text=timer.text))
        return out

    def phase_ids(self) -> list[str]:
        spawn = self.m.spawn
        if spawn is None:
            return []
        return [p.id for p in spawn.phases] if spawn.phases else ["main"]

    def trigger(self, i: int, when, where: tuple[str, str] = ("events", "when")):
        """The trigger of ``events[i].when`` (or of another list's entry, ``where``), resolved."""
        given = [k for k in TRIGGER_KEYS if getattr(when, k) is not None]
        loc = self.at(where[0], i, where[1])
        if len(given) != 1:
            self.report(codes.TRIGGER_COUNT, loc, key=where[1], found=len(given), allowed=", ".join(TRIGGER_KEYS))
            return None
        key = given[0]
        value = getattr(when, key)
        vloc = self.at(where[0], i, where[1], key)
        if key == "timer" and value not in {t.id for t in self.m.timers}:
            self.report(codes.DANGLING, vloc, what="timer", id=value, hint=_known(list(dict.fromkeys(t.id for t in self.m.timers))))
            return None
        if key == "door_opened":
            edge = self.door_ref(value, vloc)
            return when.model_copy(update={key: str(edge)}) if edge else None
        if key in ("task_done", "room_activated"):
            room = self.resolver.room(value, vloc, f"`{key}`")
            return when.model_copy(update={key: str(room)}) if room else None
        if key == "objective" and value not in {o.number for o in self.m.objectives}:
            self.report(codes.DANGLING, vloc, what="objective", id=value, hint="")
            return None
        if key == "picked_up" and value not in {o.letter for o in self.m.objects}:
            self.report(codes.DANGLING, vloc, what="object", id=value, hint=_known([o.letter for o in self.m.objects]))
            return None
        return when

    def door_ref(self, text: str, loc: Location) -> EdgeId | None:
        edge = self.resolver.edge(text, loc)
        if edge is None:
            return None
        grid = self.grids[edge.floor]
        if edge_kind(grid, edge.axis, edge.x, edge.y) != Edge.DOOR:
            self.report(codes.DANGLING, loc, what="door at", id=text, hint=" (that edge has no door)")
            return None
        return edge

    def actor(self, text: str, path: tuple) -> str | None:
        """A role id or a hero, for `enter` and `kill`."""
        if text in {r.id for r in self.m.roles}:
            return text
        entry = self.ws.lookup(self.pack, "heroes", text)
        if entry is not None:
            return entry.qualified
        known = [r.id for r in self.m.roles] + self.ws.known(self.pack, "heroes")
        self.report(codes.DANGLING, self.doc.loc(path), what="role or hero", id=text, hint=_known(known))
        return None

    def conditions(self) -> None:
        numbers = {o.number for o in self.m.objectives}
        letters = {o.letter for o in self.m.objects}
        npcs = {n.id for n in self.m.npcs}
        sides = {"heroes", "director"} | {r.id for r in self.m.roles}
        for key in ("victory", "defeat"):
            for i, cond in enumerate(getattr(self.m, key)):
                if cond.side not in sides:
                    self.report(codes.DANGLING, self.at(key, i, "side"), what="side", id=cond.side, hint=_known(sorted(sides)))
                if isinstance(cond.objectives, list):
                    for j, number in enumerate(cond.objectives):
                        if number not in numbers:
                            self.report(codes.DANGLING, self.at(key, i, "objectives", j), what="objective", id=number,
                                        hint=_known(sorted(numbers)))
                if cond.objectives_count is not None and cond.objectives_count > len(numbers):
                    self.report(codes.BAD_VALUE, self.at(key, i, "objectives_count"),
                                message=f"`objectives_count` is {cond.objectives_count} but the mission has "
                                        f"{len(numbers)} objective{'s' if len(numbers) != 1 else ''}")
                for j, letter in enumerate(cond.carrying):
                    if letter not in letters:
                        self.report(codes.DANGLING, self.at(key, i, "carrying", j), what="object", id=letter,
                                    hint=_known(sorted(letters)))
                if cond.kill is not None:
                    self.actor(cond.kill, self.path(key, i, "kill"))
                if cond.outscore_dead is not None:
                    self.outscore(key, i, cond, numbers)
                for j, npc in enumerate(cond.escort):
                    if npc not in npcs:
                        self.report(codes.DANGLING, self.at(key, i, "escort", j), what="NPC", id=npc,
                                    hint=_known(sorted(npcs)))
                if cond.npc_dies is not None and cond.npc_dies not in npcs:
                    self.report(codes.DANGLING, self.at(key, i, "npc_dies"), what="NPC", id=cond.npc_dies,
                                hint=_known(sorted(npcs)))
                if not any(getattr(cond, k) not in (None, False, []) for k in CONDITION_KEYS):
                    self.report(codes.UNSTRUCTURED, self.at(key, i), what=f"{key} condition {i + 1}",
                                keys=", ".join(CONDITION_KEYS[:-1]) + " or " + CONDITION_KEYS[-1])

    def outscore(self, key: str, i: int, cond, numbers: set[int]) -> None:
        """`outscore_dead` names a rival, not the condition's own side, in a mission with objectives to count."""
        rival = self.actor(cond.outscore_dead, self.path(key, i, "outscore_dead"))
        if rival is not None and rival == cond.side:
            self.report(codes.OUTSCORE_SELF, self.at(key, i, "outscore_dead"), key=key, number=i + 1, side=rival)
        elif not numbers:
            self.report(codes.BAD_VALUE, self.at(key, i, "outscore_dead"),
                        message="`outscore_dead` compares objectives completed, but the mission has no objectives")

    def roles(self) -> None:
        roles = {r.id for r in self.m.roles}
        for i, start in enumerate(self.m.starts):
            if start.role is not None and start.role not in roles:
                self.report(codes.DANGLING, self.at("starts", i, "role"), what="role", id=start.role, hint=_known(sorted(roles)))
        cards = self.m.mission.director_cards
        if cards is not None and cards.dealt_to not in {"director", "each"} | roles:
            self.report(codes.DANGLING, self.doc.loc(("mission", "director_cards", "dealt_to")), what="role",
                        id=cards.dealt_to, hint=' (or "director", "each")')

    def warnings(self) -> None:
        here = self.doc.loc(("mission",))
        if not self.m.starts:
            self.report(codes.NO_STARTS, here)
        if not self.m.victory:
            self.report(codes.NO_VICTORY, here)
        numbers = sorted({o.number for o in self.m.objectives})
        if numbers and numbers != list(range(1, len(numbers) + 1)):
            self.report(codes.OBJECTIVE_NUMBERS, self.at("objectives"), numbers=", ".join(map(str, numbers)),
                        count=len(numbers))

    # --- output --------------------------------------------------------------------

    def assemble(self, stairs, markers, spawn, events, heroes, perks, timers) -> c.CompiledMission:
        floors, rooms = [], []
        for spec in self.m.floors:
            grid = self.grids[spec.id]
            floors.append(c.CompiledFloor(id=spec.id, name=spec.name, width=grid.width, height=grid.height,
                                          art=format_art(grid)))
            names = {self.resolver.floors[sq.floor].rooms[sq.y, sq.x]: (n, spec_name)
                     for n, sq, spec_name in self.named_rooms() if sq.floor == spec.id}
            for room in self.rooms[spec.id]:
                name, label = names.get(room.number, (None, None))
                rooms.append(c.CompiledRoom(
                    id=f"{spec.id}:R{room.number}", name=name, label=label,
                    squares=[square_name(spec.id, x, y) for x, y in room.squares],
                    doors=[edge_name(spec.id, a, x, y) for a, x, y in room.doors]))
        mission = self.m.mission.model_copy(update={"heroes": heroes, "perks": perks})
        return c.CompiledMission(
            format=c.FORMAT, kind="mission", tool=c.Tool(name="zwar-author", version=__version__),
            source=c.Source(sha256=self.doc.digest), pack=self.pack.id, mission=mission, roles=self.m.roles,
            board=c.Board(floors=floors, rooms=rooms, doors=self.all_doors(), stairs=stairs),
            starts=markers["starts"], exits=markers["exits"], spawn_points=markers["spawn_points"],
            objectives=markers["objectives"], items=markers["items"], objects=markers["objects"],
            crates=markers["crates"], keycards=markers["keycards"], infected=markers["infected"],
            npcs=markers["npcs"], rib=(markers.get("rib") or [None])[0], tokens=markers["tokens"], spawn=spawn,
            events=events, timers=timers, victory=self.m.victory, defeat=self.m.defeat,
            miniatures=self.ws.miniatures(self.pack, self.m.mission.game),
            rules=self.ws.rules_for(self.pack, self.m.mission.game, heroes,
                                    _referenced(markers, spawn, events) | {p for ps in perks.values() for p in ps}),
        )

    def named_rooms(self) -> list[tuple[str, Sq, str | None]]:
        return [(spec.id, self.resolver.names[spec.id], spec.name) for spec in self.m.rooms if spec.id in self.resolver.names]

    def all_doors(self) -> list[c.CompiledDoor]:
        doors = []
        for floor_id, grid in self.grids.items():
            labels = self.resolver.floors[floor_id].rooms
            for axis, edges in (("H", grid.h), ("V", grid.v)):
                for y, x in zip(*np.nonzero(edges == Edge.DOOR)):
                    edge = EdgeId(floor_id, axis, int(x), int(y))
                    door = self.doors.get(edge) or c.CompiledDoor(
                        at=str(edge), kind="door", source="art", key=None, room=None, open=False, rooms=[])
                    around = sorted({f"{floor_id}:R{labels[s.y, s.x]}" for s in edge.sides()
                                     if 0 <= s.x < grid.width and 0 <= s.y < grid.height and labels[s.y, s.x]})
                    doors.append(door.model_copy(update={"rooms": around}))
        order = {f: i for i, f in enumerate(self.grids)}
        return sorted(doors, key=lambda d: _edge_key(d.at, order))


def _referenced(markers: dict[str, list], spawn: c.CompiledSpawn | None, events: list[c.CompiledEvent]) -> set[str]:
    """Rules entries the mission names (as pack/id): embedded even when they belong to another game."""
    found = {item.card for item in markers["items"]} | {z.class_ for z in markers["infected"]}
    tables = [t for p in (spawn.phases if spawn else []) for s in (p.turn, p.room) if s
              for t in (getattr(s, "what", None), getattr(s, "table", None)) if t]
    found |= {row.result.infected for t in tables for row in t.rows if row.result.infected}
    found |= {r.infected for e in events for r in e.spawn if r.infected}
    return found


def _edge_key(text: str, floors: dict[str, int]) -> tuple[int, str, int, int]:
    """Sort edges by floor, axis, row, column (not as strings, where 10 sorts before 2)."""
    floor, axis, x, y = floor_edge(text)
    return floors[floor], axis, y, x


def _floor(floor_id: str, grid: Grid) -> Floor:
    return Floor(floor_id, grid, np.zeros(grid.terrain.shape, np.int32))


def _some(items: list[str], most: int = 8) -> str:
    """``items`` joined, the first ``most`` of them and how many more."""
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _known(values) -> str:
    values = [str(v) for v in values]
    return f" (known: {', '.join(values)})" if values else " (none are defined)"


#: How an edge is drawn, for "V:1,1 is drawn open here".
_DRAWN = {Edge.OPEN: "open", Edge.WALL: "as a wall", Edge.DOOR: "as a doorway", Edge.OBSTACLE: "as a water obstacle"}

#: Marked squares: (mission key, how to name one, terrain needed, holds a figure).
_MARKERS = (
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
