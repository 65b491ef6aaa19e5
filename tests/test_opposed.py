from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from zwar_author.tables.opposed import MAX_POOL, PoolTooLarge, compare, opposed


def _round(a: int, b: int):
    """Every face outcome of one round of a and b kept dice: (successes of A, of B), each equally likely."""
    for faces in product(range(1, 7), repeat=a + b):
        yield sum(f <= 3 for f in faces[:a]), sum(f <= 3 for f in faces[a:])


@pytest.mark.parametrize("a,b", [(a, b) for a in range(3) for b in range(4) if a + b <= 4])
def test_chain_solves_the_re_roll_by_brute_force(a: int, b: int) -> None:
    """The chance of each final difference satisfies one round enumerated die by die: from the first
    roll of a and b dice, the outcome is that of the state the round leads to (exactly, no cut-off)."""
    n = 6 ** (a + b)
    expect: dict[int, Fraction] = {}
    for x, y in _round(a, b):
        after = {x - y: Fraction(1)} if x == 0 or y == 0 else _kept(x, y)
        for d, v in after.items():
            expect[d] = expect.get(d, Fraction(0)) + v / n
    assert opposed(a, b) == {d: v for d, v in sorted(expect.items()) if v}
    assert sum(opposed(a, b).values()) == 1


@cache
def _kept(x: int, y: int) -> dict[int, Fraction]:
    """From kept successes: one more round by brute force, the self-loop solved as a geometric series."""
    n = 6 ** (x + y)
    stay = Fraction(0)
    out: dict[int, Fraction] = {}
    for s, t in _round(x, y):
        if (s, t) == (x, y):
            stay += Fraction(1, n)
            continue
        after = {s - t: Fraction(1)} if s == 0 or t == 0 else _kept(s, t)
        for d, v in after.items():
            out[d] = out.get(d, Fraction(0)) + v / n
    return {d: v / (1 - stay) for d, v in out.items()}


def test_one_die_each() -> None:
    # first roll: 1/4 each of (1,1), (1,0), (0,1), (0,0); from (1,1) it is even again
    assert opposed(1, 1) == {-1: Fraction(1, 3), 0: Fraction(1, 3), 1: Fraction(1, 3)}
    assert compare(opposed(1, 0)) == {"more": Fraction(1, 2), "equal": Fraction(1, 2), "fewer": Fraction(0)}


def test_more_dice_win_more_often() -> None:
    c = compare(opposed(5, 4))
    assert c["more"] > c["fewer"] and sum(c.values()) == 1


def test_pool_cap() -> None:
    assert MAX_POOL == 12
    with pytest.raises(PoolTooLarge, match="^13 dice on one side; at most 12 are computed exactly$"):
        opposed(13, 1)


# --- the printed tie-break and a single roll, by brute force -----------------------------------

FAILS = ((4, 5, 6), (4, 5, 6))


def _final(a: int, b: int, tie: bool, reroll: bool) -> dict[int, Fraction]:
    """Every face of a roll of a and b dice; the end it leads to, re-rolls followed (self-loop solved)."""
    n = 6 ** (a + b)
    stay = Fraction(0)
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=a + b):
        x, y = sum(f <= 3 for f in faces[:a]), sum(f <= 3 for f in faces[a:])
        if reroll and x and y and (x, y) == (a, b):
            stay += Fraction(1, n)
            continue
        if x == 0 and y == 0 and tie:
            high, their = max(faces[:a], default=0), max(faces[a:], default=0)
            after = {(high > their) - (high < their): Fraction(1)}
        elif not reroll or x == 0 or y == 0:
            after = {x - y: Fraction(1)}
        else:
            after = _final(x, y, tie, reroll)
        for d, v in after.items():
            out[d] = out.get(d, Fraction(0)) + v / n
    return {d: v / (1 - stay) for d, v in out.items()}


@pytest.mark.slow
@pytest.mark.parametrize("a,b", [(a, b) for a in range(3) for b in range(4) if a + b <= 4])
def test_highest_failed_die_tie_break_by_brute_force(a: int, b: int) -> None:
    """"The side with the highest failed die score, of the final roll, will count as if passed 1d6"
    (All Things Zombie, Meet & Greet Table): a both-none end becomes 1 or -1, equal dice stay 0."""
    expect = {d: v for d, v in sorted(_final(a, b, True, True).items()) if v}
    assert opposed(a, b, tie=FAILS) == expect
    assert sum(expect.values()) == 1


def test_one_roll_without_re_rolls_by_brute_force() -> None:
    for a, b in [(1, 1), (2, 1), (3, 1), (2, 2)]:
        assert opposed(a, b, reroll=False) == {d: v for d, v in sorted(_final(a, b, False, False).items()) if v}


def test_one_die_each_with_the_tie_break() -> None:
    # 1/3 of ends are both none; of those, the failed dice (4-6 each) are equal 1/3 of the time
    assert opposed(1, 1, tie=FAILS) == {-1: Fraction(4, 9), 0: Fraction(1, 9), 1: Fraction(4, 9)}
