"""Opposed success counting, exactly: both sides roll, then re-roll their successes until one has none.

All Things Zombie's Meet & Greet, Barter, Melee and Keeping It Together have
both sides roll d6 (their Rep, give or take dice), keep the successes (a die
passing a target: 1, 2 or 3), and re-roll the kept dice, round after round,
until only one side has successes left or neither has. The table is read by
how many successes the last side standing keeps.

The procedure is a Markov chain on (successes of A, successes of B): every
round each kept die stays a success with its side's chance, so counts never
grow, and a state leads back to itself only when every die succeeds again.
The absorption probabilities are therefore computed state by state, smallest
first, with the self-loop solved in closed form: no simulation, no cut-off,
exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .dice import Dist, binomial

#: The most dice one side may roll (Rep 6 and six more): 12 against 12 takes half a second, 30 against 30 ran past 100 seconds.
MAX_POOL = 12


class PoolTooLarge(ValueError):
    """A side rolls more dice than the exact chain is computed for."""


def _check(dice: int) -> None:
    if dice > MAX_POOL:
        raise PoolTooLarge(f"{dice} dice on one side; at most {MAX_POOL} are computed exactly")


@lru_cache(maxsize=256)
def _absorb(p: Fraction, q: Fraction, a: int, b: int) -> tuple[tuple[int, Fraction], ...]:
    """From ``a`` kept successes against ``b``, the chance of each final difference (A's minus B's).

    A final state has one side at zero; the difference is the other side's count, signed.
    """
    if a == 0 or b == 0:
        return ((a - b, Fraction(1)),)
    ra, rb = binomial(a, p), binomial(b, q)
    stay = ra[a] * rb[b]  # every die succeeds again: the same state
    out: Dist = {}
    for x, px in ra.items():
        for y, py in rb.items():
            if (x, y) == (a, b):
                continue
            for d, pd in _absorb(p, q, x, y):
                out[d] = out.get(d, Fraction(0)) + px * py * pd
    scale = 1 / (1 - stay)
    return tuple(sorted((d, v * scale) for d, v in out.items()))


def opposed(dice_a: int, dice_b: int, p: Fraction = Fraction(1, 2), q: Fraction | None = None) -> Dist:
    """The exact distribution of the final difference: positive, A keeps that many successes and B
    none; negative, B keeps them; 0, both end with none. ``p`` and ``q``: each side's chance a die
    succeeds (a score of 1-3 on d6 is 1/2)."""
    q = p if q is None else q
    dice_a, dice_b = max(0, dice_a), max(0, dice_b)
    _check(dice_a)
    _check(dice_b)
    out: Dist = {}
    for x, px in binomial(dice_a, p).items():
        for y, py in binomial(dice_b, q).items():
            for d, pd in _absorb(p, q, x, y):
                out[d] = out.get(d, Fraction(0)) + px * py * pd
    return {d: v for d, v in sorted(out.items()) if v}


def compare(dist: Dist) -> dict[str, Fraction]:
    """The difference read as "more", "equal" (both none) and "fewer"."""
    out = {"more": Fraction(0), "equal": Fraction(0), "fewer": Fraction(0)}
    for d, v in dist.items():
        out["more" if d > 0 else "fewer" if d < 0 else "equal"] += v
    return out
