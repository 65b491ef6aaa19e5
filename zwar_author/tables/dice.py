"""Dice expressions and their exact distributions.

An expression is terms joined by ``+`` and ``-``: a number (``1``), dice
(``2d6``, ``d6``), half a die rounded up (``1/2d6``: 1, 1, 2, 2, 3, 3), or a
context value (``rep``). A distribution is a dict from value to its exact
probability (a Fraction); sums of independent parts are convolutions.

Why our own convolution and not icepool: icepool computes the same exact
distributions and far more, but from 2.2 on it needs Python 3.12, and this
project runs on 3.11. What the tables need is small (sums of a few dice,
halved dice, counts of dice at or under a target) and fits in this module.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

Dist = dict[int, Fraction]

_TERM = re.compile(r"\s*([+-])?\s*(?:(\d+)\s*/\s*(\d+)\s*[dD]\s*(\d+)|(\d*)\s*[dD]\s*(\d+)|(\d+)|([a-z][a-z0-9_]*))\s*")
MAX_DICE = 30
MAX_SIDES = 100
MAX_SPAN = 600  # dice x faces of one term: keeps a hostile "30d100" from costing minutes


@dataclass(frozen=True)
class Term:
    """One signed part of an expression: ``count`` dice of ``sides`` faces divided by ``divide``,
    a constant (``sides`` 0), or a context value (``name``)."""

    sign: int
    count: int = 0
    sides: int = 0
    divide: int = 1
    name: str = ""

    def text(self) -> str:
        if self.name:
            return self.name
        if not self.sides:
            return str(self.count)
        if self.divide > 1:
            return f"1/{self.divide}d{self.sides}"
        return f"{max(1, self.count)}d{self.sides}"


@dataclass(frozen=True)
class Expr:
    terms: tuple[Term, ...]

    @property
    def names(self) -> set[str]:
        return {t.name for t in self.terms if t.name}

    @property
    def dice(self) -> int:
        """Signed number of dice (for pools: "+1d6" is one more die)."""
        return sum(t.sign * t.count for t in self.terms if t.sides)

    @property
    def constant(self) -> bool:
        return all(not t.sides for t in self.terms)

    def text(self) -> str:
        out = ""
        for i, term in enumerate(self.terms):
            sign = "-" if term.sign < 0 else "+"
            out += (("-" if term.sign < 0 else "") if i == 0 else f" {sign} ") + term.text()
        return out

    def dist(self, values: Mapping[str, int] = {}) -> Dist:
        """The exact distribution, with context names read from ``values``."""
        total: Dist = {0: Fraction(1)}
        for term in self.terms:
            total = convolve(total, term_dist(term, values))
        return total

    def value(self, values: Mapping[str, int] = {}) -> int:
        """A constant expression's value (names read from ``values``)."""
        return sum(t.sign * (values[t.name] if t.name else t.count) for t in self.terms if not t.sides)


class DiceError(ValueError):
    """An expression that is not dice; the message says what is expected."""


def parse(text: str | int) -> Expr:
    """``"1 + 1/2d6"`` as an Expr; DiceError if it is not one."""
    if isinstance(text, int):
        return Expr((Term(1 if text >= 0 else -1, abs(text)),))
    terms: list[Term] = []
    pos = 0
    while pos < len(text):
        m = _TERM.match(text, pos)
        if not m or m.end() == pos or (terms and not m[1]):
            raise DiceError(f"`{text}` is not dice: write terms like 2d6, 1/2d6, 3 or rep joined by + and -")
        sign = -1 if m[1] == "-" else 1
        if m[4]:
            count, divide, sides = int(m[2]), int(m[3]), int(m[4])
            if count != 1 or divide < 2:
                raise DiceError(f"`{text}`: a part of a die is written 1/N dN, as 1/2d6")
            terms.append(Term(sign, 1, sides, divide))
        elif m[6]:
            count, sides = int(m[5] or 1), int(m[6])
            if not (1 <= count <= MAX_DICE and 2 <= sides <= MAX_SIDES and count * sides <= MAX_SPAN):
                raise DiceError(f"`{text}`: dice are 1 to {MAX_DICE} dice of 2 to {MAX_SIDES} faces, "
                                f"at most {MAX_SPAN} faces in all")
            terms.append(Term(sign, count, sides))
        elif m[7]:
            terms.append(Term(sign, int(m[7])))
        else:
            terms.append(Term(sign, name=m[8]))
        pos = m.end()
    if not terms:
        raise DiceError("an empty expression is not dice")
    return Expr(tuple(terms))


def die(sides: int, divide: int = 1) -> Dist:
    """One die, halved (``divide`` 2) and rounded up when asked."""
    out: Dist = {}
    for face in range(1, sides + 1):
        value = -(-face // divide)
        out[value] = out.get(value, Fraction(0)) + Fraction(1, sides)
    return out


def term_dist(term: Term, values: Mapping[str, int]) -> Dist:
    if term.name:
        return {term.sign * values[term.name]: Fraction(1)}
    if not term.sides:
        return {term.sign * term.count: Fraction(1)}
    one = die(term.sides, term.divide)
    total: Dist = {0: Fraction(1)}
    for _ in range(term.count):
        total = convolve(total, one)
    return {term.sign * k: p for k, p in total.items()} if term.sign < 0 else total


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    """The distribution of the sum of two independent values."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def binomial(dice: int, p: Fraction) -> Dist:
    """How many of ``dice`` independent dice succeed, each with chance ``p``."""
    return dict(_binomial(max(0, dice), Fraction(p)))


@lru_cache(maxsize=1024)
def _binomial(dice: int, p: Fraction) -> tuple[tuple[int, Fraction], ...]:
    if p in (0, 1):
        return ((dice if p == 1 else 0, Fraction(1)),)
    return tuple((k, comb(dice, k) * p**k * (1 - p) ** (dice - k)) for k in range(dice + 1))
