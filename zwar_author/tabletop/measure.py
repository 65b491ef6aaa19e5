"""Inches, the distance bands and the one tolerance every tabletop check uses.

Inputs are exact: a length read as ``2.5`` becomes the fraction 5/2, never a
float that is a hair off, so measures between round bases (the common case:
"is this token within Long of that model?") are decided with exact arithmetic.
Measures that involve a footprint go through shapely in floating point; those
are compared with ``EPSILON``, stated here and nowhere else.
"""

from __future__ import annotations

import math
from enum import Enum
from fractions import Fraction

#: Every floating-point comparison on the table allows this much, in inches.
#: A millionth of an inch is far below anything a tape measure shows, and far
#: above the rounding error of shapely's float64 arithmetic on a table of a few
#: feet, so two pieces that touch never count as overlapping, a piece flush with
#: the edge is on the table and a distance of exactly one band is within it.
EPSILON = 1e-6

Number = int | float | str | Fraction


def inches(value: Number) -> Fraction:
    """An exact length in inches: a float is read by its shortest decimal text, so 2.5 is 5/2 and 0.1 is 1/10.

    >>> inches(2.5), inches("1/3"), inches(36)
    (Fraction(5, 2), Fraction(1, 3), Fraction(36, 1))
    """
    if isinstance(value, bool):
        raise TypeError("a length is a number, not true or false")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"a length must be a finite number, not {value}")
        return Fraction(repr(value))
    return Fraction(value)


def format_inches(value: Number) -> str:
    """A length as a reader writes it: ``2.5"``, ``10"``, ``3.33"`` (two decimals at most)."""
    number = float(value)
    text = f"{number:.2f}".rstrip("0").rstrip(".")
    return ("0" if text in ("-0", "") else text) + '"'


class Band(Enum):
    """The three named distances of the tabletop rules, shortest first."""

    CLOSE = Fraction(5, 2)
    MEDIUM = Fraction(5)
    LONG = Fraction(10)

    @property
    def inches(self) -> Fraction:
        return self.value

    @property
    def label(self) -> str:
        """``Close (2.5")``: the band's name with its length."""
        return f"{self.name.capitalize()} ({format_inches(self.value)})"

    @classmethod
    def parse(cls, text: str) -> Band:
        """A band from its name in any case (``"medium"``); ValueError names the choices."""
        try:
            return cls[text.upper()]
        except KeyError:
            raise ValueError(f"unknown band {text!r}: use close, medium or long") from None

    @classmethod
    def shortest_within(cls, distance: Number) -> Band | None:
        """The shortest band that reaches ``distance`` (exactly one band away counts), or None past Long."""
        for band in cls:
            if within(distance, band.inches):
                return band
        return None


def within(distance: Number, limit: Number) -> bool:
    """``distance <= limit``: exact for fractions and ints, with ``EPSILON`` allowed when either is a float."""
    if isinstance(distance, float) or isinstance(limit, float):
        return float(distance) <= float(limit) + EPSILON
    return inches(distance) <= inches(limit)


def steps(distance: Number, step: Band = Band.MEDIUM) -> int:
    """How many moves of ``step`` cover ``distance``: 0 for none, 1 for up to and including one step.

    >>> steps(5), steps(5.0000001), steps(5.1), steps(0)
    (1, 1, 2, 0)
    """
    if isinstance(distance, float):
        count = math.ceil((distance - EPSILON) / float(step.inches))
    else:
        count = math.ceil(inches(distance) / step.inches)
    return max(0, count)
