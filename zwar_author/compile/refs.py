"""Squares, edges and rooms as a mission writes them, resolved against its floors.

``"x,y"`` and ``"floor:x,y"`` name squares, ``"H:x,y"``/``"V:x,y"`` (with an
optional ``"floor:"``) name edges, and a room is named by a square in it or by
an id from ``[[rooms]]``. Every mistake becomes a diagnostic at the reference.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import codes
from ..errors import Diagnostic, Location
from ..geometry.board import TERRAIN_NAME, Floor, Terrain
from ..geometry.notation import NotationError, clipped, edge_name, parse_edge, parse_square, square_name

_ROOM_ID = re.compile(r"^(?:([A-Za-z0-9_-]+):)?R(\d{1,6})$")
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@dataclass(frozen=True, order=True)
class Sq:
    floor: str
    x: int
    y: int

    def __str__(self) -> str:
        return square_name(self.floor, self.x, self.y)


@dataclass(frozen=True, order=True)
class EdgeId:
    floor: str
    axis: str  # "H" or "V"
    x: int
    y: int

    def __str__(self) -> str:
        return edge_name(self.floor, self.axis, self.x, self.y)

    def sides(self) -> tuple[Sq, Sq]:
        """The two squares the edge separates (one or both may be off the floor)."""
        if self.axis == "H":
            return Sq(self.floor, self.x, self.y - 1), Sq(self.floor, self.x, self.y)
        return Sq(self.floor, self.x - 1, self.y), Sq(self.floor, self.x, self.y)


@dataclass(frozen=True)
class RoomId:
    floor: str
    number: int

    def __str__(self) -> str:
        return f"{self.floor}:R{self.number}"


@dataclass
class Resolver:
    """Resolves references against the mission's floors, collecting problems."""

    floors: dict[str, Floor]
    problems: list[Diagnostic] = field(default_factory=list)
    names: dict[str, Sq] = field(default_factory=dict)  # room ids from [[rooms]]
    #: every floor the mission declares, in order; those missing from ``floors`` failed to
    #: build, and references to them are skipped quietly (their problems are reported already).
    declared: list[str] = field(default_factory=list)
    #: floors as messages call them: the id, with the printed name the author gave (if any)
    labels: dict[str, str] = field(default_factory=dict)
    #: [[rooms]] names whose square could not be resolved (reported already): used quietly.
    unresolved: set[str] = field(default_factory=set)

    def square(self, text: str, loc: Location) -> Sq | None:
        try:
            named, x, y = parse_square(text if isinstance(text, str) else "")
        except NotationError as exc:
            self.problems.append(codes.BAD_REFERENCE.at(loc, text=clipped(str(text)),
                                                        expected=f"{exc.what}: {exc.advice}"))
            return None
        floor = self._floor(named, text, square_name(None, x, y), loc)
        if floor is None:
            return None
        grid = self.floors[floor].grid
        if x >= grid.width or y >= grid.height:
            self.problems.append(codes.OFF_FLOOR.at(loc, ref=text, floor=self.labels.get(floor, floor),
                                                    width=grid.width, height=grid.height))
            return None
        return Sq(floor, x, y)

    def edge(self, text: str, loc: Location) -> EdgeId | None:
        try:
            named, axis, x, y = parse_edge(text if isinstance(text, str) else "")
        except NotationError as exc:
            self.problems.append(codes.BAD_REFERENCE.at(loc, text=clipped(str(text)),
                                                        expected=f"{exc.what}: {exc.advice}"))
            return None
        floor = self._floor(named, text, edge_name(None, axis, x, y), loc)
        if floor is None:
            return None
        grid = self.floors[floor].grid
        w, h = (grid.width, grid.height + 1) if axis == "H" else (grid.width + 1, grid.height)
        if x >= w or y >= h:
            self.problems.append(codes.OFF_FLOOR.at(loc, ref=text, floor=self.labels.get(floor, floor),
                                                    width=grid.width, height=grid.height))
            return None
        return EdgeId(floor, axis, x, y)

    def room(self, text: str, loc: Location, what: str) -> RoomId | None:
        """A room named by a square in it, its id (R2, floor:R2) or a [[rooms]] name; ``what`` names the asker."""
        if isinstance(text, str) and (m := _ROOM_ID.match(text)):
            floor = self._floor(m[1], text, f"R{m[2]}", loc)
            if floor is None:
                return None
            if not 1 <= int(m[2]) <= int(self.floors[floor].rooms.max()):
                self.problems.append(codes.DANGLING.at(loc, what="room", id=text, hint=f" (floor {floor} has "
                                                       f"{int(self.floors[floor].rooms.max())} rooms)"))
                return None
            return RoomId(floor, int(m[2]))
        if isinstance(text, str) and text in self.unresolved:
            return None
        sq: Sq | None
        if isinstance(text, str) and text in self.names:
            sq = self.names[text]
        elif isinstance(text, str) and _NAME.match(text) and not _is_square(text):
            known = ", ".join(sorted(self.names)) or "none are named in [[rooms]]"
            self.problems.append(codes.DANGLING.at(loc, what="room", id=text, hint=f" (room names: {known})"))
            return None
        else:
            sq = self.square(text, loc)
            if sq is None:
                return None
        number = self.floors[sq.floor].room_at(sq.x, sq.y)
        if number == 0:
            self.problems.append(codes.NOT_A_ROOM.at(loc, ref=text, terrain=self.terrain_name(sq), what=what))
            return None
        return RoomId(sq.floor, number)

    def terrain(self, sq: Sq) -> Terrain:
        return Terrain(self.floors[sq.floor].grid.terrain_at(sq.x, sq.y))

    def terrain_name(self, sq: Sq) -> str:
        return TERRAIN_NAME[self.terrain(sq)]

    def _floor(self, named: str | None, text: str, example: str, loc: Location) -> str | None:
        declared = self.declared or list(self.floors)
        if named is None:
            if len(declared) == 1:
                return declared[0] if declared[0] in self.floors else None
            self.problems.append(codes.AMBIGUOUS_FLOOR.at(
                loc, ref=text, floors=", ".join(declared), example=f"{declared[0]}:{example}"))
            return None
        if named in declared and named not in self.floors:
            return None
        if named not in self.floors:
            self.problems.append(codes.UNKNOWN_FLOOR.at(loc, ref=text, floor=named, floors=", ".join(self.floors)))
            return None
        return named


def _is_square(text: str) -> bool:
    try:
        parse_square(text)
    except NotationError:
        return False
    return True
