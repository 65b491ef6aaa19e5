"""Stopping a playtest once its win rate is as precise as asked (`zwar playtest --precision 0.02`).

The games are read in the order of their numbers, never of their arrival: after the first 200 and
then at every 50th, the run stops as soon as the win rate's 95% Wilson interval is no wider than
the precision either side. Which games count depends on their outcomes alone, so the same seed stops
at the same game however many workers play (a game played past the stop is dropped, not counted).

Stopping on the interval's width is safe because the width depends on how far the win rate is from
a half, not on which side of the truth the estimate lies: computed exactly over every sequence of
wins and losses (tests/test_sequential.py), the interval a stopped run reports covers the true win
rate in at least 94.4% of runs at every win rate from 5% to 95%, where a fixed number of games of the
same size covers it in 94.7% to 94.8% (Wilson's interval is not exact for a binomial either way).
"""

from __future__ import annotations

from dataclasses import dataclass

from .stats import wilson

FIRST = 200  # games before the first look: a rate of a few dozen games is no rate
EVERY = 50  # games between looks
PRECISE_MOST = 20000  # games a precise run plays at most when not told (two points either side at any rate need 2,400)


@dataclass(frozen=True)
class Precision:
    half_width: float  # the interval's half width asked for, as a share (0.02: two points either side)

    def due(self, games: int) -> bool:
        """Whether the run looks at its interval after this many games."""
        return games >= FIRST and (games - FIRST) % EVERY == 0

    def reached(self, wins: int, games: int) -> bool:
        low, high = wilson(wins, games)
        return (high - low) / 2 <= self.half_width
