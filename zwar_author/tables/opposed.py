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

#: The most dice one side may roll (Rep 6 and six more): 12 against 12 takes 0.5 s (1 s with the tie-break), 30 against 30 ran past 100 s.
MAX_POOL = 12


class PoolTooLarge(ValueError):
    """A side rolls more dice than the exact chain is computed for."""


def _check(dice: int) -> None:
    if dice > MAX_POOL:
        raise PoolTooLarge(f"{dice} dice on one side; at most {MAX_POOL} are computed exactly")


#: A tie-break by the highest failed die: each side's failure faces (a die that failed shows one of them,
#: each equally likely), or None for no tie-break.
Tie = tuple[tuple[int, ...], tuple[int, ...]] | None


def highest_failed(a: int, b: int, fails: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[Fraction, Fraction, Fraction]:
    """When ``a`` and ``b`` dice all failed: the chance A's highest die is higher, equal, lower.

    A side that rolled no die has no failed die, lower than any."""
    fa, fb = fails

    def below(faces: tuple[int, ...], n: int, f: int) -> Fraction:  # P(highest of n failed dice <= f)
        return Fraction(sum(1 for x in faces if x <= f), len(faces)) ** n if n else Fraction(1)

    values = sorted(set(fa) | set(fb) | {0})
    higher = equal = Fraction(0)
    prev = 0
    for f in values:
        pa = below(fa, a, f) - (below(fa, a, prev) if f else 0)  # P(A's highest == f)
        pb_below = below(fb, b, prev) if f else Fraction(0)
        pb_at = below(fb, b, f) - pb_below
        higher += pa * pb_below
        equal += pa * pb_at
        prev = f
    return higher, equal, 1 - higher - equal


def _end(x: int, y: int, a: int, b: int, p: Fraction, q: Fraction, tie: Tie) -> tuple[tuple[int, Fraction], ...]:
    """Where a roll of ``a`` against ``b`` dice giving ``x`` and ``y`` successes leads, as final differences."""
    if x == 0 and y == 0 and tie is not None:
        up, even, down = highest_failed(a, b, tie)
        return tuple((d, v) for d, v in ((-1, down), (0, even), (1, up)) if v)
    if x == 0 or y == 0:
        return ((x - y, Fraction(1)),)
    return _absorb(p, q, x, y, tie)


@lru_cache(maxsize=1024)
def _absorb(p: Fraction, q: Fraction, a: int, b: int, tie: Tie = None) -> tuple[tuple[int, Fraction], ...]:
    """From ``a`` kept successes against ``b`` (both above zero), the chance of each final difference
    (A's minus B's). A final state has one side at zero; the difference is the other side's count, signed.
    """
    ra, rb = binomial(a, p), binomial(b, q)
    stay = ra[a] * rb[b]  # every die succeeds again: the same state
    out: Dist = {}
    for x, px in ra.items():
        for y, py in rb.items():
            if (x, y) == (a, b):
                continue
            for d, pd in _end(x, y, a, b, p, q, tie):
                out[d] = out.get(d, Fraction(0)) + px * py * pd
    scale = 1 / (1 - stay)
    return tuple(sorted((d, v * scale) for d, v in out.items()))


def opposed(dice_a: int, dice_b: int, p: Fraction = Fraction(1, 2), q: Fraction | None = None,
            tie: Tie = None, reroll: bool = True) -> Dist:
    """The exact distribution of the final difference: positive, A keeps that many successes and B
    none; negative, B keeps them; 0, both end with none. ``p`` and ``q``: each side's chance a die
    succeeds (a score of 1-3 on d6 is 1/2). ``tie``: both ending with none is broken by the highest
    failed die of the final roll (1 or -1; equal dice stay 0). Without ``reroll``: the difference of
    one roll's counts."""
    q = p if q is None else q
    dice_a, dice_b = max(0, dice_a), max(0, dice_b)
    _check(dice_a)
    _check(dice_b)
    return dict(_opposed(dice_a, dice_b, p, q, tie, reroll))


@lru_cache(maxsize=4096)
def _opposed(dice_a: int, dice_b: int, p: Fraction, q: Fraction, tie: Tie, reroll: bool) -> tuple[tuple[int, Fraction], ...]:
    out: Dist = {}
    for x, px in binomial(dice_a, p).items():
        for y, py in binomial(dice_b, q).items():
            ends = ((x - y, Fraction(1)),) if not reroll and (x or y) else _end(x, y, dice_a, dice_b, p, q, tie)
            for d, pd in ends:
                out[d] = out.get(d, Fraction(0)) + px * py * pd
    return tuple((d, v) for d, v in sorted(out.items()) if v)


def ratios(dice_a: int, dice_b: int, p: Fraction, q: Fraction) -> Dist:
    """One roll of each side, the counts read by ``ratio``: the chance of 2, 1, 0, -1 and -2."""
    dice_a, dice_b = max(0, dice_a), max(0, dice_b)
    _check(dice_a)
    _check(dice_b)
    return dict(_ratios(dice_a, dice_b, p, q))


@lru_cache(maxsize=4096)
def _ratios(dice_a: int, dice_b: int, p: Fraction, q: Fraction) -> tuple[tuple[int, Fraction], ...]:
    out: Dist = {}
    for x, px in binomial(dice_a, p).items():
        for y, py in binomial(dice_b, q).items():
            out[ratio(x, y)] = out.get(ratio(x, y), Fraction(0)) + px * py
    return tuple(sorted(out.items()))


def ratio(x: int, y: int) -> int:
    """Counts read as the book's "twice as many" (2), "more" (1), "as many" (0), and -1, -2 the other way."""
    if x == y:
        return 0
    if x < y:
        return -ratio(y, x)
    return 2 if x >= 2 * y else 1


def compare(dist: Dist) -> dict[str, Fraction]:
    """The difference read as "more", "equal" (both none) and "fewer"."""
    out = {"more": Fraction(0), "equal": Fraction(0), "fewer": Fraction(0)}
    for d, v in dist.items():
        out["more" if d > 0 else "fewer" if d < 0 else "equal"] += v
    return out
