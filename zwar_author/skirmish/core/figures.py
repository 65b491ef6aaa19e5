"""Figures on the table: a round base at a position, a facing, a floor, and the 180-degree front arc.

A facing is in degrees clockwise from the table's top edge as printed (0 looks
up the page, towards y = 0; 90 looks right), the tabletop's coordinates. The
front arc is the half plane ahead of the figure: a point exactly abeam counts
as in front. Facings along the table's axes keep the test exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from ...tabletop import EPSILON, Base, Position

#: The eight compass facings a player names, in degrees.
COMPASS = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}
_EXACT = {0: (0, -1), 90: (1, 0), 180: (0, 1), 270: (-1, 0)}


@dataclass
class Figure:
    """A model on the table. ``side`` is the side (faction) it plays for; ``status`` is the ruleset's."""

    id: str
    name: str
    side: str
    position: Position
    base: Base = field(default_factory=Base)
    facing: Fraction = Fraction(0)
    floor: int = 0
    on_table: bool = True

    @property
    def at(self) -> tuple[float, float]:
        return float(self.position.x), float(self.position.y)


def compass(facing: Fraction | int) -> str:
    """The nearest compass name of a facing (``N``, ``NE``...), for the log."""
    turn = float(facing) % 360
    return min(COMPASS, key=lambda name: min(abs(COMPASS[name] - turn), 360 - abs(COMPASS[name] - turn)))


def facing_towards(a: Position, b: Position) -> Fraction:
    """The facing from ``a`` looking at ``b`` (exact along the axes; to a millionth of a degree otherwise)."""
    dx, dy = b.x - a.x, b.y - a.y
    if dx == 0 and dy == 0:
        raise ValueError("a figure cannot face its own position")
    if dx == 0:
        return Fraction(0 if dy < 0 else 180)
    if dy == 0:
        return Fraction(90 if dx > 0 else 270)
    degrees = math.degrees(math.atan2(float(dx), -float(dy))) % 360
    return Fraction(round(degrees * 10**6), 10**6)


def in_front(figure: Figure, point: Position) -> bool:
    """Whether ``point`` lies in the figure's 180-degree front arc (abeam counts as in front)."""
    dx, dy = point.x - figure.position.x, point.y - figure.position.y
    turn = figure.facing % 360
    exact = _EXACT.get(int(turn)) if turn.denominator == 1 else None
    if exact is not None:
        return exact[0] * dx + exact[1] * dy >= 0
    angle = math.radians(float(turn))
    return math.sin(angle) * float(dx) - math.cos(angle) * float(dy) >= -EPSILON
