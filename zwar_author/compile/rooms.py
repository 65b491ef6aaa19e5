"""The checks of rooms: a door on the boundary, and walls and doors only around them.

Finding rooms is geometry (``geometry.rooms``); saying what is wrong with them, here.
"""

from __future__ import annotations

from .. import codes
from ..errors import Diagnostic
from ..geometry.board import TERRAIN_NAME, Edge, Grid, Terrain
from ..geometry.notation import edge_name, square_name
from ..geometry.rooms import Room, edge_order
from .layout import FloorSource


def check_rooms(prefix: str, grid: Grid, rooms: list[Room], source: FloorSource,
                names: dict[int, str] | None = None) -> list[Diagnostic]:
    """Leaks and missing doors; ``prefix`` is "" on one-floor maps, else "floor:"; a room named in
    [[rooms]] (``names``, by room number) is called by that name."""
    problems = []
    for room in rooms:
        x, y = room.squares[0]
        name = (names or {}).get(room.number) or f"{prefix}R{room.number}"
        floor = prefix.rstrip(":") or None
        square = square_name(floor, x, y)
        leaks = sorted(
            (b for b in room.boundary if b[3] in (Edge.OPEN, Edge.OBSTACLE) and b[4] is not None),
            key=lambda b: edge_order(b[:3]),
        )
        if leaks:
            axis, ex, ey, _, outside = leaks[0]
            assert outside is not None  # leaks lead to a square on the grid
            ox, oy = outside
            more = f" (and {len(leaks) - 1} more edge{'s' if len(leaks) > 2 else ''})" if len(leaks) > 1 else ""
            problems.append(codes.ROOM_LEAK.at(
                source.edge(axis, ex, ey), room=name, square=square, edge=edge_name(floor, axis, ex, ey),
                terrain=TERRAIN_NAME[Terrain(grid.terrain_at(ox, oy))], other=square_name(floor, ox, oy), more=more))
        if not room.doors:
            size = len(room.squares)
            problems.append(codes.ROOM_NO_DOOR.at(
                source.square(x, y), room=name, square=square, size=size, plural="" if size == 1 else "s"))
    return problems
