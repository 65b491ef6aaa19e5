"""The one codec for squares and edges as text, both ways (as python-chess has ``parse_square`` and ``square_name``).

A square is ``x,y`` on its floor, ``floor:x,y`` in full; an edge (where a wall
or door stands) is ``H:x,y`` (the top edge of square x,y) or ``V:x,y`` (its
left edge), ``floor:H:x,y`` in full. Compiled content always writes the floor;
people leave it out on a board of one floor. Parsing is strict: anything else
is a ``ValueError`` saying what was expected.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_SQUARE = re.compile(r"^(?:([A-Za-z0-9_-]+):)?(\d+),(\d+)$")
_EDGE = re.compile(r"^(?:([A-Za-z0-9_-]+):)?([HV]):(\d+),(\d+)$")


class SquareName(NamedTuple):
    floor: str | None  # None when the text left it out
    x: int
    y: int


class EdgeName(NamedTuple):
    floor: str | None
    axis: str  # H or V
    x: int
    y: int


def parse_square(text: str) -> SquareName:
    """``3,4`` or ``ground:3,4`` -> (floor or None, x, y)."""
    m = _SQUARE.match(text.strip())
    if m is None:
        raise ValueError(f"`{text}` is not a square: write x,y or floor:x,y")
    return SquareName(m[1], int(m[2]), int(m[3]))


def square_name(floor: str | None, x: int, y: int) -> str:
    """(floor, x, y) -> ``floor:x,y``, or ``x,y`` when ``floor`` is None (a board of one floor)."""
    return f"{x},{y}" if floor is None else f"{floor}:{x},{y}"


def parse_edge(text: str) -> EdgeName:
    """``H:3,4`` or ``ground:V:3,4`` -> (floor or None, axis, x, y)."""
    m = _EDGE.match(text.strip())
    if m is None:
        raise ValueError(f"`{text}` is not an edge: write H:x,y or V:x,y (floor:H:x,y)")
    return EdgeName(m[1], m[2], int(m[3]), int(m[4]))


def edge_name(floor: str | None, axis: str, x: int, y: int) -> str:
    """(floor, axis, x, y) -> ``floor:H:x,y``, or ``H:x,y`` when ``floor`` is None."""
    return f"{axis}:{x},{y}" if floor is None else f"{floor}:{axis}:{x},{y}"
