"""What a playtest learns from one game: a small ``record`` of the finished game.

The outcome, turns, who died of what, when objectives were done and tokens
taken, how each hero's game ended, when a hero was first taken down, rounds and
perks spent, kills, and the squares where heroes were taken down, infected
appeared and heroes stepped. ``stats.Totals`` adds the records of many games up.

Compiled with the engine (``native.MODULES``): ``record`` reads every event of
the game's log, some 1,400 a bot game, which took about 2% of a game's time as
plain Python reading the compiled engine's events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container
from typing import Final

from ..engine.mission import Mission
from ..engine.state import Game, Hero
from ..engine.vocab import EventKind, HeroStatus

HEATMAPS: Final = ("taken_down", "spawned", "occupied")
#: the mission's tokens a report follows, by the name of their list in the compiled mission
TOKENS: Final = ("items", "objects", "keycards", "crates", "exits")


def tokens(mission: Mission) -> list[tuple[str, int]]:
    """(key, square) of every token a hero can take or reach: ``items:0``, ``exits:1``, ... in the
    order the mission lists them."""
    c = mission.compiled
    return [(f"{kind}:{i}", mission.square(t.at)) for kind in TOKENS for i, t in enumerate(getattr(c, kind))]


def hero_end(g: Game, hero: Hero) -> str:
    """How one hero's game ended: escaped, died (and of what), or still on the board."""
    if hero.status == HeroStatus.ESCAPED:
        return "escaped"
    if hero.status == HeroStatus.DEAD:
        cause = next((e.result for e in reversed(g.log) if e.kind == EventKind.DEATH and e.who == hero.id), None)
        if cause is not None and cause.startswith("hurt by"):
            return "died (hurt by an agent)"  # versus games: the rival agent's attacks
        return "died (infection)" if cause == "infection" else "died (bitten)"
    return "on the board"


#: the kinds of event ``record`` reads, as module constants (compiled, a member read through its enum class is a
#: Python attribute look-up)
_TAKES: Final = frozenset({EventKind.PICK_UP, EventKind.CRATE})
_ARRIVALS: Final = frozenset({EventKind.ENTER, EventKind.ROAMER, EventKind.PLACED})
_EXIT: Final = EventKind.EXIT
_TAKEN_DOWN: Final = EventKind.TAKEN_DOWN
_MOVE: Final = EventKind.MOVE
_OBJECTIVE: Final = EventKind.OBJECTIVE
_DEATH: Final = EventKind.DEATH


def record(g: Game, index: int, seed: int) -> dict:
    """The facts of one finished game, as plain data (small enough to send between processes)."""
    heat: dict[str, Counter[int]] = {name: Counter() for name in HEATMAPS}
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


def _add(counter: Counter[int], sq: int | None) -> None:
    if sq is not None:
        counter[sq] += 1
