"""Two policies (or two versions of a mission) over the same games: the change in win rate, paired.

Game ``i`` of both sides is played from the same seeds, so the games come in
pairs and luck largely cancels out: the change in win rate comes with a paired
interval (Newcombe's score interval for a difference of paired proportions) and
an exact McNemar test on the games only one side won.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from .stats import wilson


@dataclass
class Games:
    """What each game of a run came to, by its index: won, turns, how it was lost."""

    runs: int
    games: list[tuple[bool, int, str | None] | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.games = [None] * self.runs

    def __call__(self, record: dict) -> None:
        self.games[record["index"]] = (record["won"], record["turns"], record["cause"])

    def won(self, index: int) -> bool:
        game = self.games[index]
        assert game is not None, f"game {index} was not played"
        return game[0]

    def finished(self) -> int:
        return sum(game is not None for game in self.games)


def common(base: Games, other: Games) -> list[int]:
    """The games both sides finished: every game, unless the run was interrupted (Ctrl+C)."""
    return [i for i, (a, b) in enumerate(zip(base.games, other.games)) if a is not None and b is not None]


def mcnemar(only_a: int, only_b: int) -> float:
    """The exact two-sided McNemar p-value: how likely a split this uneven (or more) of the games only
    one side won is, if neither side were better (each such game a fair coin)."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2 ** n)))


def paired(base: Games, other: Games) -> dict:
    """The change in win rate from ``base`` to ``other`` over the same games: the difference, its 95%
    interval (Newcombe 1998, method 10: Wilson intervals of each rate joined through the
    correlation of the pairs, phi with its continuity correction) and McNemar's exact p-value.
    Only the games both sides finished count (all of them, unless a run was interrupted)."""
    games = common(base, other)
    n = len(games)
    both = sum(1 for i in games if base.won(i) and other.won(i))
    only_other = sum(1 for i in games if other.won(i) and not base.won(i))
    only_base = sum(1 for i in games if base.won(i) and not other.won(i))
    neither = n - both - only_other - only_base
    p1, p2 = (both + only_other) / n, (both + only_base) / n
    l1, u1 = wilson(both + only_other, n)
    l2, u2 = wilson(both + only_base, n)
    margins = (both + only_other) * (only_base + neither) * (both + only_base) * (only_other + neither)
    cross = both * neither - only_other * only_base
    corrected = cross - n / 2 if cross > n / 2 else min(cross, 0)  # Newcombe's continuity correction of phi
    phi = corrected / math.sqrt(margins) if margins else 0.0
    d = p1 - p2
    low = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = d + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return {"games": n, "wins_before": both + only_base, "wins_after": both + only_other,
            "won_only_after": only_other, "won_only_before": only_base, "difference": round(d, 4),
            "low": round(max(-1.0, low), 4), "high": round(min(1.0, high), 4), "p": round(mcnemar(only_other, only_base), 4)}


def points(change: dict) -> str:
    """``+4.0 points (95% interval -0.5 to +8.6)``: a change in win rate in percentage points."""
    return (f"{100 * change['difference']:+.1f} points (95% interval {100 * change['low']:+.1f} to "
            f"{100 * change['high']:+.1f})")
