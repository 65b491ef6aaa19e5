"""The totals of many games, and the statistics a report reads from them.

``Totals`` adds up the records of finished games (``record.record``) as they
come, in any order, in memory that does not grow with the number of games: only
counters are kept, never the games.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from .record import HEATMAPS

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: honest near 0 and 1 and for small samples."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Totals:
    """Counters over every game played so far; ``add`` takes records in any order."""

    runs: int = 0
    wins: int = 0
    turns_won: Counter = field(default_factory=Counter)
    turns_lost: Counter = field(default_factory=Counter)
    causes: Counter = field(default_factory=Counter)
    dead: Counter = field(default_factory=Counter)
    objectives: dict = field(default_factory=dict)  # number -> Counter(turn done)
    tally: Counter = field(default_factory=Counter)
    heat: dict = field(default_factory=lambda: {name: Counter() for name in HEATMAPS})
    losses: list = field(default_factory=list)  # (index, seed, turns, cause) of the first lost games
    tokens: dict = field(default_factory=dict)  # token key -> Counter(turn taken)
    heroes: dict = field(default_factory=dict)  # hero id -> Counter(how their game ended)
    first_down: Counter = field(default_factory=Counter)  # turn a hero was first taken down (0: never)
    lost_objectives: Counter = field(default_factory=Counter)  # lost games by objectives done
    lost_turns_left: Counter = field(default_factory=Counter)  # lost games by turns left on the clock
    winners: Counter = field(default_factory=Counter)  # versus games: games won by each role ("" for none)

    def add(self, r: dict) -> None:
        self.runs += 1
        self.winners[r.get("winner") or ""] += 1
        if r["won"]:
            self.wins += 1
            self.turns_won[r["turns"]] += 1
        else:
            self.turns_lost[r["turns"]] += 1
            self.causes[r["cause"]] += 1
            if r["dead"]:
                self.dead[r["dead"]] += 1
            self.losses = sorted(self.losses + [(r["index"], r["seed"], r["turns"], r["cause"])])[:KEPT_LOSSES]
            self.lost_objectives[len(r["objectives"])] += 1
            self.lost_turns_left[r["turns_left"]] += 1
        for key, turn in r["tokens"].items():
            self.tokens.setdefault(key, Counter())[turn] += 1
        for hero, end in r["heroes"].items():
            self.heroes.setdefault(hero, Counter())[end] += 1
        self.first_down[r["first_down"] or 0] += 1
        for number, turn in r["objectives"].items():
            self.objectives.setdefault(int(number), Counter())[turn] += 1
        self.tally.update(r["tally"])
        for name, counts in r["heat"].items():
            self.heat[name].update({int(sq): n for sq, n in counts.items()})

    @property
    def win_rate(self) -> float:
        return self.wins / self.runs if self.runs else 0.0

    def representative_loss(self) -> tuple | None:
        """A lost game to look at: of the first lost games, one that died of the commonest cause."""
        if not self.losses:
            return None
        common = self.causes.most_common(1)[0][0]
        return next((loss for loss in self.losses if loss[3] == common), self.losses[0])


KEPT_LOSSES = 20


def mean(counts: Counter) -> float | None:
    total = sum(counts.values())
    return sum(k * n for k, n in counts.items()) / total if total else None


def quantile(counts: Counter, q: float) -> int | None:
    total = sum(counts.values())
    if not total:
        return None
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= q * total:
            return value
    return max(counts)
