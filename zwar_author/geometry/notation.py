"""The one codec for squares and edges as text, both ways (as python-chess has ``parse_square`` and ``square_name``).

A square is ``x,y`` on its floor, ``floor:x,y`` in full; an edge (where a wall
or door stands) is ``H:x,y`` (the top edge of square x,y) or ``V:x,y`` (its
left edge), ``floor:H:x,y`` in full. Compiled content always writes the floor;
people leave it out on a board of one floor. Parsing is strict: anything else
is a ``ValueError`` saying what was expected, in words for people (a text of
thousands of characters is shown by its start and its length).
"""

from __future__ import annotations

import re
from typing import NamedTuple

#: Digits a coordinate may have. Floors are far smaller (128 squares a side at most); the bound keeps a
#: coordinate of thousands of digits a square that is off the board, not a failure to read a number.
MAX_DIGITS = 6
#: Characters of a bad text a message shows before it cuts it short.
SHOWN = 24

_FLOOR = r"(?:([A-Za-z0-9_-]+):)?"
_SQUARE = re.compile(rf"^{_FLOOR}(\d+),(\d+)$")
_EDGE = re.compile(rf"^{_FLOOR}([HV]):(\d+),(\d+)$")
_IN_LIST = re.compile(r"(?:[A-Za-z0-9_-]+:)?\d+,\d+")
_LIST = re.compile(r"^\s*(?:[A-Za-z0-9_-]+:)?\d+,\d+(?:\s*[,\s]\s*(?:[A-Za-z0-9_-]+:)?\d+,\d+)*\s*$")


class SquareName(NamedTuple):
    floor: str | None  # None when the text left it out
    x: int
    y: int

    def __str__(self) -> str:
        return square_name(*self)


class EdgeName(NamedTuple):
    floor: str | None
    axis: str  # H or V
    x: int
    y: int

    def __str__(self) -> str:
        return edge_name(*self)


class NotationError(ValueError):
    """A text that is not a square, an edge or a list of squares: what it should be, and what to do."""

    def __init__(self, text: str, what: str, advice: str) -> None:
        self.text, self.what, self.advice = text, what, advice
        super().__init__(f"{shown(text)} is not {what}: {advice}")


def clipped(text: str) -> str:
    """``text`` for a message: whole when short, else its start and an ellipsis."""
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}\u2026"


def shown(text: str) -> str:
    """``text`` quoted for a message: `3,4`, or `0,1111…` (5002 characters) when long."""
    return f"`{clipped(text)}`" + (f" ({len(text)} characters)" if len(text) > SHOWN else "")


def _coordinates(text: str, what: str, *digits: str) -> tuple[int, ...]:
    if any(len(d) > MAX_DIGITS for d in digits):
        raise NotationError(text, what, f"a coordinate has at most {MAX_DIGITS} digits")
    return tuple(int(d) for d in digits)


def parse_square(text: str) -> SquareName:
    """``3,4`` or ``ground:3,4`` -> (floor or None, x, y)."""
    m = _SQUARE.match(text.strip())
    if m is None:
        raise NotationError(text, "a square", "write x,y or floor:x,y")
    x, y = _coordinates(text, "a square", m[2], m[3])
    return SquareName(m[1], x, y)


def square_name(floor: str | None, x: int, y: int) -> str:
    """(floor, x, y) -> ``floor:x,y``, or ``x,y`` when ``floor`` is None (a board of one floor)."""
    return f"{x},{y}" if floor is None else f"{floor}:{x},{y}"


def parse_edge(text: str) -> EdgeName:
    """``H:3,4`` or ``ground:V:3,4`` -> (floor or None, axis, x, y)."""
    m = _EDGE.match(text.strip())
    if m is None:
        raise NotationError(text, "an edge", "write H:x,y or V:x,y, with floor: in front on several floors")
    x, y = _coordinates(text, "an edge", m[3], m[4])
    return EdgeName(m[1], m[2], x, y)


def edge_name(floor: str | None, axis: str, x: int, y: int) -> str:
    """(floor, axis, x, y) -> ``floor:H:x,y``, or ``H:x,y`` when ``floor`` is None."""
    return f"{axis}:{x},{y}" if floor is None else f"{floor}:{axis}:{x},{y}"


def parse_squares(text: str) -> list[SquareName]:
    """A list of squares, ``3,4,5,5`` or ``a:3,4 b:5,5`` (commas or spaces between squares)."""
    if not _LIST.match(text):
        raise NotationError(text, "a list of squares", "write 3,4,5,5 (or floor:3,4,floor:5,5)")
    return [parse_square(m[0]) for m in _IN_LIST.finditer(text)]


def floor_square(text: str) -> tuple[str, int, int]:
    """A square of compiled content, which always names its floor (``floor:x,y``), as (floor, x, y)."""
    floor, x, y = parse_square(text)
    if floor is None:
        raise NotationError(text, "a square with its floor", "write floor:x,y")
    return floor, x, y


def floor_edge(text: str) -> tuple[str, str, int, int]:
    """An edge of compiled content (``floor:H:x,y``) as (floor, axis, x, y)."""
    floor, axis, x, y = parse_edge(text)
    if floor is None:
        raise NotationError(text, "an edge with its floor", "write floor:H:x,y or floor:V:x,y")
    return floor, axis, x, y
