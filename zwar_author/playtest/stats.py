"""What a playtest learns from each game, and the totals of many games.

A finished game becomes a small ``record`` (outcome, turns, who died of what,
when objectives were done, rounds and perks spent, kills, and the squares where
heroes were taken down, infected appeared and heroes stepped). ``Totals`` adds
records up as they come, in any order, in memory that does not grow with the
number of games: only counters are kept, never the games.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from ..engine.state import Game
from ..engine.vocab import EventKind

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
HEATMAPS = ("taken_down", "spawned", "occupied")


def record(g: Game, index: int, seed: int) -> dict:
    """The facts of one finished game, as plain data (small enough to send between processes)."""
    heat: dict[str, Counter] = {name: Counter() for name in HEATMAPS}
    heroes = {h.id for h in g.heroes}
    objectives: dict[int, int] = {}
    dead, cause = None, None
    for e in g.log:
        if e.kind == EventKind.TAKEN_DOWN:
            _add(heat["taken_down"], e.sq)
        elif e.kind in (EventKind.ENTER, EventKind.ROAMER, EventKind.PLACED) and e.who.startswith("z"):
            _add(heat["spawned"], e.sq)
        elif e.kind == EventKind.MOVE and e.who in heroes:
            _add(heat["occupied"], e.sq)
        elif e.kind == EventKind.OBJECTIVE and e.objective is not None:
            objectives.setdefault(e.objective, e.turn)
        elif e.kind == EventKind.DEATH:
            dead, cause = e.who, ("infection" if e.result == "infection" else "bitten")
    if g.cause == "NPC died":  # Exodus: an NPC's failed bite test fails the mission
        cause = "NPC bitten"
    elif g.cause != "hero died":  # director games go on after a death: the game ended some other way
        cause = "turn limit" if g.cause == "turn limit" else "overrun"
    return {
        "index": index, "seed": seed, "won": g.outcome == "victory", "turns": g.turn,
        "cause": None if g.outcome == "victory" else cause, "dead": dead if g.outcome != "victory" else None,
        "objectives": objectives, "tally": dict(g.tally),
        "heat": {name: dict(counts) for name, counts in heat.items()},
    }


def _add(counter: Counter, sq: int | None) -> None:
    if sq is not None:
        counter[sq] += 1


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

    def add(self, r: dict) -> None:
        self.runs += 1
        if r["won"]:
            self.wins += 1
            self.turns_won[r["turns"]] += 1
        else:
            self.turns_lost[r["turns"]] += 1
            self.causes[r["cause"]] += 1
            if r["dead"]:
                self.dead[r["dead"]] += 1
            self.losses = sorted(self.losses + [(r["index"], r["seed"], r["turns"], r["cause"])])[:KEPT_LOSSES]
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
