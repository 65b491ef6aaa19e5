"""Answering one question about a board (``zwar query``): the relations of GRID.md, and a few more.

A board comes from a source mission (compiled far enough for its board) or
from a compiled mission's JSON. Squares are "x,y" or "floor:x,y"; a mistake in
a square is a ``QueryError``, which the command prints as one line.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from ..errors import UsageError
from ..geometry.board import Board, Terrain
from ..geometry.los import LosMaps, los
from ..geometry.notation import parse_edge, parse_square, parse_squares, shown, square_name
from ..geometry.relations import Doors, FloorRelations

RELATIONS = {
    "step": "one square of movement with the doors as given (true/false)",
    "route": "the route distance in squares, doors counting as open (null when unreachable)",
    "smell": "one square of smell with the doors as given (true/false)",
    "los": "line of sight with the doors as given, --units blocking (true/false)",
    "path": "one shortest path of steps, as a list of squares, avoiding --units (null when none)",
    "reach": "the squares within B steps of A (B is a number), avoiding --units",
    "room": "the room A is in, as floor:R<n> (null outside rooms); B is left out",
}
Square = tuple[str, int, int]


class QueryError(UsageError):
    """A question that cannot be asked: a malformed or off-board square, an unknown relation."""


@dataclass
class QueryBoard:
    board: Board
    game: str = "zwar1"

    # --- parsing --------------------------------------------------------------------

    def square(self, text: str, where: str = "A") -> Square:
        """The square ``text`` names; ``where`` (A, B) says which of the question's squares it is."""
        try:
            floor, x, y = parse_square(text)
        except ValueError as exc:
            raise QueryError(f"{where}: {exc}") from None
        return self._place(floor, x, y, text, where)

    def _place(self, floor: str | None, x: int, y: int, text: str, where: str) -> Square:
        ids = [f.id for f in self.board.floors]
        if floor is None:
            if len(ids) > 1:
                raise QueryError(f"{where}: {shown(text)} does not say which floor: this board has floors "
                                 f"{', '.join(ids)}")
            floor = ids[0]
        if floor not in ids:
            raise QueryError(f"{where}: {shown(text)} names floor `{floor}`, which this board does not have "
                             f"({', '.join(ids)})")
        grid = self.board.floor(floor).grid
        if not (x < grid.width and y < grid.height) or grid.terrain[y, x] == Terrain.VOID:
            raise QueryError(f"{where}: {shown(text)} is off the board (floor {floor} is {grid.width}x{grid.height})")
        return floor, x, y

    def doors(self, open_edges: list[str], all_open: bool) -> dict[str, Doors]:
        """Door states per floor: every door open, or those named (`H:1,1`, `first:V:4,2`)."""
        states = {}
        named: dict[str, list] = {f.id: [] for f in self.board.floors}
        for text in open_edges:
            try:
                edge = parse_edge(text)
            except ValueError as exc:
                raise QueryError(f"--open: {exc}") from None
            floor = edge.floor or (self.board.floors[0].id if len(self.board.floors) == 1 else None)
            if floor not in named:
                raise QueryError(f"--open: {shown(text)} does not name one of this board's floors")
            grid = self.board.floor(floor).grid
            if edge.x >= grid.width + (edge.axis == "V") or edge.y >= grid.height + (edge.axis == "H"):
                raise QueryError(f"--open: {shown(text)} is off the board (floor {floor} is "
                                 f"{grid.width}x{grid.height})")
            named[floor].append((edge.axis, edge.x, edge.y))
        for f in self.board.floors:
            states[f.id] = Doors.open(f.grid) if all_open else Doors.of(f.grid, named[f.id])
        return states

    def units(self, text: str | None) -> set[Square]:
        if not text:
            return set()
        try:
            names = parse_squares(text)
        except ValueError as exc:
            raise QueryError(f"--units: {exc}") from None
        return {self._place(*name, str(name), "--units") for name in names}

    def show(self, square: Square) -> str:
        return square_name(square[0] if len(self.board.floors) > 1 else None, square[1], square[2])

    # --- answers --------------------------------------------------------------------

    def answer(self, relation: str, a: str, b: str | None, doors: dict[str, Doors], units: set[Square]):
        if relation not in RELATIONS:
            raise QueryError(f"unknown relation `{relation}`: one of {', '.join(RELATIONS)}")
        start = self.square(a)
        if relation == "room":
            floor = self.board.floor(start[0])
            number = floor.room_at(start[1], start[2])
            return f"{start[0]}:R{number}" if number else None
        if b is None:
            raise QueryError(f"`{relation}` needs two squares")
        if relation == "reach":
            if not (b.strip().isdigit() and len(b.strip()) <= 9):
                raise QueryError(f"B: {shown(b)} is not a number of steps")
            return [self.show(s) for s in sorted(self._walk(start, doors, units, int(b)))]
        end = self.square(b, "B")
        if relation in ("step", "smell"):
            return end in self._neighbours(relation, start, doors)
        if relation == "los":
            return self._los(start, end, doors[start[0]], units)
        if relation == "route":
            return self._distance("route", start, end, None, set())
        path = self._path(start, end, doors, units)
        return None if path is None else [self.show(s) for s in path]

    def _relations(self, floor: str, doors: Doors | None) -> FloorRelations:
        return FloorRelations(self.board.floor(floor).grid, doors)

    def _neighbours(self, relation: str, square: Square, doors: dict[str, Doors] | None) -> set[Square]:
        floor, x, y = square
        rel = self._relations(floor, None if doors is None else doors[floor])
        near = {(floor, nx, ny) for nx, ny in rel.neighbours(relation, (x, y))}
        for link in self.board.stairs:
            if square in link:
                near.add(link[1] if link[0] == square else link[0])
        return near

    def _los(self, a: Square, b: Square, doors: Doors, units: set[Square]) -> bool:
        if a[0] != b[0]:
            linked = (a, b) in self.board.stairs or (b, a) in self.board.stairs
            return self.game == "exodus" and linked  # Exodus: linked stairway squares see each other
        grid = self.board.floor(a[0]).grid
        blockers = np.zeros(grid.terrain.shape, bool)
        for floor, x, y in units - {a, b}:
            if floor == a[0]:
                blockers[y, x] = True
        return los(LosMaps.of(grid, doors), a[1:], b[1:], blockers)

    def _walk(self, start: Square, doors, units: set[Square], limit: int) -> dict[Square, Square | None]:
        """Breadth-first steps from ``start`` (not through ``units``), up to ``limit`` squares away."""
        came: dict[Square, Square | None] = {start: None}
        frontier, depth = deque([start]), {start: 0}
        while frontier:
            square = frontier.popleft()
            if depth[square] == limit:
                continue
            for nxt in sorted(self._neighbours("step", square, doors)):
                if nxt not in came and nxt not in units:
                    came[nxt], depth[nxt] = square, depth[square] + 1
                    frontier.append(nxt)
        return came

    def _path(self, a: Square, b: Square, doors, units: set[Square]) -> list[Square] | None:
        came = self._walk(a, doors, units - {b}, 10**9)
        if b not in came:
            return None
        path = [b]
        while (previous := came[path[-1]]) is not None:
            path.append(previous)
        return path[::-1]

    def _distance(self, relation: str, a: Square, b: Square, doors, units) -> int | None:
        seen, frontier = {a: 0}, deque([a])
        while frontier:
            square = frontier.popleft()
            if square == b:
                return seen[square]
            for nxt in self._neighbours(relation, square, doors):
                if nxt not in seen:
                    seen[nxt] = seen[square] + 1
                    frontier.append(nxt)
        return None


