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

from collections.abc import Container
from typing import Any, Final

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


#: What ``record`` does with each kind of event it reads, by the kind's plain text: one look-up an event rather
#: than a compare with each kind (compiled, a compare with an enum member is a generic rich compare), in a dict
#: of exact ``str`` keys, which Python looks up on its fast path for text.
_TAKE: Final = 1  # Final: a constant in the compiled module, not a look-up of a global
_LEAVE: Final = 2
_DOWN: Final = 3
_ARRIVE: Final = 4
_STEP: Final = 5
_DONE: Final = 6
_DIE: Final = 7
_WHAT: Final[dict[str, int]] = {
    EventKind.PICK_UP.value: _TAKE, EventKind.CRATE.value: _TAKE, EventKind.EXIT.value: _LEAVE,
    EventKind.TAKEN_DOWN.value: _DOWN, EventKind.ENTER.value: _ARRIVE, EventKind.ROAMER.value: _ARRIVE,
    EventKind.PLACED.value: _ARRIVE, EventKind.MOVE.value: _STEP, EventKind.OBJECTIVE.value: _DONE,
    EventKind.DEATH.value: _DIE,
}


def record(g: Game, index: int, seed: int) -> dict[str, Any]:
    """The facts of one finished game, as plain data (small enough to send between processes)."""
    heat: dict[str, dict[int, int]] = {name: {} for name in HEATMAPS}
    taken_down, spawned, occupied = heat["taken_down"], heat["spawned"], heat["occupied"]
    heroes = {h.id for h in g.heroes}
    objectives: dict[int, int] = {}
    taken: dict[int, int] = {}  # square -> the turn a hero first took something there
    left: dict[int, int] = {}  # square -> the turn a hero first left the board there
    first_down = None
    dead, cause = None, None
    # each event's fields unpacked at once: compiled, that reads the tuple's items, not an attribute each
    for turn, _phase, kind, who, _text, sq, _edge, _dice, result, objective in g.log:
        what = _WHAT.get(kind, 0)
        if what == _TAKE:
            if sq is not None:
                taken.setdefault(sq, turn)
        elif what == _LEAVE:
            if sq is not None:
                left.setdefault(sq, turn)
        elif what == _DOWN:
            if first_down is None:
                first_down = turn
            _add(taken_down, sq)
        elif what == _ARRIVE:
            if who.startswith("z"):
                _add(spawned, sq)
        elif what == _STEP:
            if who in heroes:
                _add(occupied, sq)
        elif what == _DONE:
            if objective is not None:
                objectives.setdefault(objective, turn)
        elif what == _DIE:
            dead, cause = who, ("infection" if result == "infection" else "bitten")
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
        "heat": heat,
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


def _add(counts: dict[int, int], sq: int | None) -> None:
    """One more at ``sq`` (a plain dict: a ``Counter``'s missing key calls its interpreted ``__missing__``)."""
    if sq is not None:
        counts[sq] = counts.get(sq, 0) + 1
