"""What a playtest learns from each game, and the totals of many games.

A finished game becomes a small ``record`` (outcome, turns, who died of what,
when objectives were done and tokens taken, how each hero's game ended, when a
hero was first taken down, rounds and perks spent, kills, and the squares where
heroes were taken down, infected appeared and heroes stepped). ``Totals`` adds
records up as they come, in any order, in memory that does not grow with the
number of games: only counters are kept, never the games.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Container
from dataclasses import dataclass, field
from typing import Final

from ..engine.state import Game
from ..engine.vocab import EventKind, HeroStatus

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
HEATMAPS = ("taken_down", "spawned", "occupied")
#: the mission's tokens a report follows, by the name of their list in the compiled mission
TOKENS = ("items", "objects", "keycards", "crates", "exits")


def tokens(mission) -> list[tuple[str, int]]:
    """(key, square) of every token a hero can take or reach: ``items:0``, ``exits:1``, ... in the
    order the mission lists them."""
    c = mission.compiled
    return [(f"{kind}:{i}", mission.square(t.at)) for kind in TOKENS for i, t in enumerate(getattr(c, kind))]


def hero_end(g: Game, hero) -> str:
    """How one hero's game ended: escaped, died (and of what), or still on the board."""
    if hero.status == HeroStatus.ESCAPED:
        return "escaped"
    if hero.status == HeroStatus.DEAD:
        cause = next((e.result for e in reversed(g.log) if e.kind == EventKind.DEATH and e.who == hero.id), None)
        if cause is not None and cause.startswith("hurt by"):
            return "died (hurt by an agent)"  # versus games: the rival agent's attacks
        return "died (infection)" if cause == "infection" else "died (bitten)"
    return "on the board"


#: the kinds of event ``record`` reads, as module constants: it reads some 1,400 events a game, and a member
#: read through the enum class costs several times a global's look-up in a plain module
_TAKES: Final = frozenset({EventKind.PICK_UP, EventKind.CRATE})
_ARRIVALS: Final = frozenset({EventKind.ENTER, EventKind.ROAMER, EventKind.PLACED})
_EXIT: Final = EventKind.EXIT
_TAKEN_DOWN: Final = EventKind.TAKEN_DOWN
_MOVE: Final = EventKind.MOVE
_OBJECTIVE: Final = EventKind.OBJECTIVE
_DEATH: Final = EventKind.DEATH


def record(g: Game, index: int, seed: int) -> dict:
    """The facts of one finished game, as plain data (small enough to send between processes)."""
    heat: dict[str, Counter] = {name: Counter() for name in HEATMAPS}
    heroes = {h.id for h in g.heroes}
    objectives: dict[int, int] = {}
    taken: dict[int, int] = {}  # square -> the turn a hero first took something there
    left: dict[int, int] = {}  # square -> the turn a hero first left the board there
    first_down = None
    dead, cause = None, None
    for e in g.log:
        kind = e.kind
        if kind in _TAKES and e.sq is not None:
            taken.setdefault(e.sq, e.turn)
        elif kind == _EXIT and e.sq is not None:
            left.setdefault(e.sq, e.turn)
        if kind == _TAKEN_DOWN:
            if first_down is None:
                first_down = e.turn
            _add(heat["taken_down"], e.sq)
        elif kind in _ARRIVALS and e.who.startswith("z"):
            _add(heat["spawned"], e.sq)
        elif kind == _MOVE and e.who in heroes:
            _add(heat["occupied"], e.sq)
        elif kind == _OBJECTIVE and e.objective is not None:
            objectives.setdefault(e.objective, e.turn)
        elif kind == _DEATH:
            dead, cause = e.who, ("infection" if e.result == "infection" else "bitten")
    if g.cause == "NPC died":  # Exodus: an NPC's failed bite test fails the mission
        cause = "NPC bitten"
    elif g.cause != "hero died":  # director games go on after a death: the game ended some other way
        cause = "turn limit" if g.cause == "turn limit" else "overrun"
    return {
        "index": index, "seed": seed, "won": g.outcome == "victory", "turns": g.turn, "winner": g.winner,
        "cause": None if g.outcome == "victory" else cause, "dead": dead if g.outcome != "victory" else None,
        "objectives": objectives, "tally": dict(g.tally),
        "tokens": _taken(g, taken, left),
        "heroes": {h.id: hero_end(g, h) for h in g.heroes}, "first_down": first_down,
        "turns_left": max(0, g.setup.max_turns - g.turn),
        "heat": {name: dict(counts) for name, counts in heat.items()},
    }


def _taken(g: Game, taken: dict[int, int], left: dict[int, int]) -> dict[str, int]:
    """The turn each token was taken (an exit: a hero left by it), for those that were."""
    gone: dict[str, Container[int]] = {"items": g.items, "objects": g.objects, "keycards": g.keycards,
                                       "crates": g.crates}
    out = {}
    for key, sq in tokens(g.mission):
        kind = key.split(":", 1)[0]
        if kind == "exits":
            if sq in left:
                out[key] = left[sq]
        elif sq in taken and sq not in gone[kind]:
            out[key] = taken[sq]
    return out


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
