"""Facing (GRID.md relation 5): the forward half-plane, grab zones and alert areas.

Units face N, E, S or W, never diagonally. The forward half-plane is every
square not strictly behind the unit, its own row (or column) included, its own
square excluded.
"""

from __future__ import annotations

from .relations import FloorRelations

FACINGS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def forward(facing: str, origin: tuple[int, int], square: tuple[int, int]) -> bool:
    """Whether ``square`` is in the forward half-plane of a unit at ``origin`` facing ``facing``."""
    if square == origin:
        return False
    fx, fy = FACINGS[facing]
    return (square[0] - origin[0]) * fx + (square[1] - origin[1]) * fy >= 0


def grab_zone(relations: FloorRelations, origin: tuple[int, int], facing: str) -> list[tuple[int, int]]:
    """The (up to 5) squares in the forward half-plane that a step joins to ``origin``."""
    return [sq for sq in relations.neighbours("step", origin) if forward(facing, origin, sq)]


def alert_area(hero: tuple[int, int], token: tuple[int, int]) -> str:
    """The facing of a hero's alert: the token sits on an orthogonally adjacent square.

    The alert area is then ``forward(facing, hero, square)``; LOS (or step, for
    melee) still applies within it.
    """
    direction = (token[0] - hero[0], token[1] - hero[1])
    for name, vector in FACINGS.items():
        if vector == direction:
            return name
    raise ValueError(f"an alert token goes on an orthogonally adjacent square, not at offset {direction}")
