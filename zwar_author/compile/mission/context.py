"""What every section of a mission's compile reads and adds to: the sources, the board as it is built, the problems.

The sections (floors, doors, markers, heroes, spawn, events, conditions, the
proof, the output) are functions of this one object, run in the order the
board needs them; each adds its problems here and reads what the earlier ones built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import codes
from ...codes import Code
from ...errors import Diagnostic, Location, Related, Severity
from ...geometry.board import Board, Edge, Grid
from ...geometry.notation import edge_name, square_name
from ...geometry.rooms import Room, edge_kind
from ...model import content as c
from ...model.mission import MissionDoc
from ...model.rules import InfectedClass
from ...sources.document import Document
from .. import tables
from ..layout import FloorSource
from ..refs import EdgeId, Resolver, Sq
from ..rules import KINDS
from ..workspace import Pack, Workspace

#: How an edge is drawn, for "V:1,1 is drawn open here".
_DRAWN = {Edge.OPEN: "open", Edge.WALL: "as a wall", Edge.DOOR: "as a doorway", Edge.OBSTACLE: "as a water obstacle"}


@dataclass
class MissionContext:
    ws: Workspace
    pack: Pack
    doc: Document
    m: MissionDoc
    kept: dict[str, list[int]]
    allow_unplayable: bool = False
    problems: list[Diagnostic] = field(default_factory=list)
    grids: dict[str, Grid] = field(default_factory=dict)
    sources: dict[str, FloorSource] = field(default_factory=dict)
    rooms: dict[str, list[Room]] = field(default_factory=dict)
    doors: dict[EdgeId, c.CompiledDoor] = field(default_factory=dict)
    door_specs: dict[EdgeId, int] = field(default_factory=dict)  # mission door edge -> its index
    resolver: Resolver = field(init=False)  # made once the floors are built
    tables_ok: bool = True
    links: list[tuple[Sq, Sq]] = field(default_factory=list)
    board: Board | None = None
    uncertain: set[str] = field(default_factory=set)  # floors whose art has bad characters

    def path(self, key: str, index: int | None = None, *rest: Any) -> tuple:
        """Where entry ``index`` of list ``key`` is written: its index in the source, before any were dropped."""
        if index is None:
            return (key, *rest)
        original = self.kept[key][index] if key in self.kept else index
        return (key, original, *rest)

    def at(self, key: str, index: int | None = None, *rest: Any) -> Location:
        return self.doc.loc(self.path(key, index, *rest))

    def report(self, code: Code, loc: Location, *, related: tuple[Related, ...] = (), **fields: Any) -> None:
        self.problems.append(code.at(loc, related=related, **fields))

    def errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems + self.resolver.problems)

    @property
    def prefix_floors(self) -> bool:
        return len(self.m.floors) > 1

    def show(self, sq: Sq) -> str:
        return square_name(sq.floor if self.prefix_floors else None, sq.x, sq.y)

    def drawn(self, sq: Sq) -> tuple[Related, ...]:
        """Where square ``sq`` is drawn (its art character, or the tile placed there), and as what."""
        return (Related(self.sources[sq.floor].square(sq.x, sq.y),
                        f"square {self.show(sq)} is drawn as {self.resolver.terrain_name(sq)} here"),)

    def drawn_edge(self, edge: EdgeId) -> tuple[Related, ...]:
        """Where edge ``edge`` is drawn, and as what."""
        where = edge_name(edge.floor if self.prefix_floors else None, edge.axis, edge.x, edge.y)
        kind = Edge(int(edge_kind(self.grids[edge.floor], edge.axis, edge.x, edge.y)))
        return (Related(self.sources[edge.floor].edge(edge.axis, edge.x, edge.y),
                        f"{where} is drawn {_DRAWN[kind]} here"),)

    def repeated(self, entries: Sequence[Any], attr: str, what: str, path: Callable[[int], tuple]) -> set[int]:
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

    def same_game(self, kind: str, text: str, loc: Location) -> None:
        """Warn when rules data of another game is used (allowed, for crossovers, but unusual)."""
        entry = self.ws.lookup(self.pack, kind, text)
        game = self.m.mission.game
        if entry is not None and game not in entry.model.games:
            self.report(codes.WRONG_GAME, loc, what=KINDS[kind], id=text, games=", ".join(entry.model.games), game=game)

    def qualified(self, kind: str, text: str) -> str:
        """``text`` as pack/id when the pack sees such an entry, else as written."""
        entry = self.ws.lookup(self.pack, kind, text)
        return entry.qualified if entry else text

    def class_lookup(self) -> tuple[tables.ClassLookup, list[str]]:
        """Infected classes by every name a table may call them (id, name, plurals), and their ids to suggest."""
        names: dict[str, str] = {}
        for pack in reversed(self.ws.visible(self.pack)):
            for entry in pack.rules.entries["infected"].values():
                model = entry.model
                assert isinstance(model, InfectedClass)
                for name in (model.id, model.name, model.plural or model.id + "s", model.name + "s"):
                    names[" ".join(name.lower().split())] = entry.qualified
        shown = sorted({e.model.id for p in self.ws.visible(self.pack) for e in p.rules.entries["infected"].values()})
        return names, shown


def known(values: Iterable[object]) -> str:
    """The hint after a dangling reference: the ids that do exist."""
    shown = [str(v) for v in values]
    return f" (known: {', '.join(shown)})" if shown else " (none are defined)"
