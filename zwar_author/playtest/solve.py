"""The ceiling on small missions: the exact best chance of winning, by expectimax over the whole game.

``solve`` plays every line of a game through the engine's public API: at a
roll or a draw it weighs each outcome by its exact odds (``chance_outcomes``),
at the players' decisions (the hero move, and the choices the rules leave to
the players) it takes the best option, at the director's the worst for the
heroes. Values are exact fractions. States are memoised by what decides the
rest of the game: the game when the pending step began (every field the rules
read, its log and the mission left out) and the answers given to that step
so far, so lines of play that come to the same position are solved once.

Only small missions can be solved: the states grow with the heroes, the
infected, the squares and the turns. ``limits`` refuses a mission up front by
what makes it too big, and a mission that passes but still has more than
``max_states`` states is refused when the count is passed. Versus games
(two players against each other) are refused: they have no single best play.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from ..engine.actions import describe
from ..engine.api import State as EngineState
from ..engine.api import apply, chance_outcomes, legal_actions, new_game, start
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup
from ..engine.vocab import Side

MAX_HEROES = 2
MAX_INFECTED = 4  # on the board at the start
MAX_SQUARES = 48
MAX_TURNS = 6
MAX_STATES = 200_000
#: what no rule reads: the game's log and its mission, ruleset and setup (the same in every state of one game),
#: and the figures by square (``at``: made again from the heroes' and the infected's squares by every copy)
UNREAD = frozenset({"log", "mission", "ruleset", "setup", "at"})


class TooBig(ValueError):
    """A mission too big to solve exactly: ``reasons`` say what makes it so."""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = reasons


@dataclass(frozen=True)
class Solution:
    mission: str
    turns: int
    value: Fraction  # the best chance of winning
    states: int  # distinct states solved
    first: tuple[tuple[str, Fraction], ...]  # the first decision's options and their values, best first
    asked: str  # the question the first decision answers

    def text(self) -> str:
        turns = f"{self.turns} turn{'s' if self.turns != 1 else ''}"
        head = (f"{self.mission}: the best chance of winning in {turns} is {self.value} ({float(self.value):.2%}), "
                f"exact, over {self.states} states")
        lines = [head]
        if self.first:
            best = self.first[0][1]
            lines.append(f"the first decision ({self.asked}), best first (* optimal):")
            lines += [f"  {'*' if v == best else ' '} {option}: {v} ({float(v):.2%})" for option, v in self.first]
        return "\n".join(lines)


def limits(mission: Mission, setup: Setup) -> list[str]:
    """What makes the mission too big to solve, each with its limit (empty: small enough to try)."""
    c = mission.compiled
    reasons = []
    if c.mission.mode == "versus":
        reasons.append("it is a versus game: two players play against each other, so no one best play exists")
    heroes = len(setup.heroes or c.rules.heroes) + len(c.npcs)
    if heroes > MAX_HEROES:
        reasons.append(f"{heroes} heroes (at most {MAX_HEROES})")
    if len(c.infected) > MAX_INFECTED:
        reasons.append(f"{len(c.infected)} infected at the start (at most {MAX_INFECTED})")
    squares = sum(1 for s in mission.standable if s)
    if squares > MAX_SQUARES:
        reasons.append(f"{squares} squares (at most {MAX_SQUARES})")
    if setup.max_turns > MAX_TURNS:
        reasons.append(f"a limit of {setup.max_turns} turns (at most {MAX_TURNS}: pass --max-turns)")
    return reasons


def solve(mission: Mission, setup: Setup = DEFAULT_SETUP, max_states: int = MAX_STATES) -> Solution:
    """The exact best chance of winning ``mission`` and the values of the first decision's options."""
    reasons = limits(mission, setup)
    if reasons:
        raise TooBig(reasons)
    solver = Solver(max_states)
    root = start(new_game(mission, setup))
    value = solver.value(root)
    first: tuple[tuple[str, Fraction], ...] = ()
    state, asked = root, ""
    while state.request is not None and state.request.chance and len(chance_outcomes(state)) == 1:
        state = apply(state, chance_outcomes(state)[0][0])  # a roll with one outcome decides nothing
    if state.request is not None and not state.request.chance:
        asked = state.request.why
        view = state.view
        scored = [(describe(view, a), solver.value(apply(state, a))) for a in legal_actions(state)]
        first = tuple(sorted(scored, key=lambda pair: -pair[1]))
    return Solution(c_id(mission), setup.max_turns, value, len(solver.memo), first, asked)


def c_id(mission: Mission) -> str:
    return mission.compiled.mission.id


@dataclass
class Solver:
    max_states: int
    memo: dict[Any, Fraction] = field(default_factory=dict)

    def value(self, state: EngineState) -> Fraction:
        request = state.request
        if request is None:
            return Fraction(1) if state.view.outcome == "victory" else Fraction(0)
        key = (fingerprint(state.snapshot), state.inputs)
        known = self.memo.get(key)
        if known is not None:
            return known
        if len(self.memo) >= self.max_states:
            raise TooBig([f"more than {self.max_states} states (heroes, infected, squares and turns together)"])
        if request.chance:
            value = sum((p * self.value(apply(state, o)) for o, p in chance_outcomes(state)), Fraction(0))
        else:
            values = (self.value(apply(state, a)) for a in legal_actions(state))
            value = min(values) if request.side == Side.DIRECTOR else max(values)
        self.memo[key] = value
        return value


_FIELDS: dict[type, tuple[str, ...]] = {}


def fields_of(cls: type) -> tuple[str, ...]:
    """The fields of the engine's objects that the fingerprint reads: their slots as plain Python, their
    attributes compiled; without those no rule reads (``UNREAD``)."""
    known = _FIELDS.get(cls)
    if known is None:
        compiled = getattr(cls, "__mypyc_attrs__", None)
        names = tuple(compiled) if compiled is not None else \
            tuple(name for c in cls.__mro__ for name in getattr(c, "__slots__", ()))
        known = _FIELDS[cls] = tuple(name for name in names if name not in UNREAD)
    return known


def fingerprint(value: Any) -> Any:
    """A hashable value equal for two games exactly when every field the rules read is equal: the fields
    of each object in order, the contents of lists, sets and dicts (sets and dicts sorted); the mission's
    own data by identity (shared by every copy of the game, so equal identities are equal data)."""
    if value is None or isinstance(value, (bool, int, float, str, bytes, enum.Enum)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(fingerprint(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set", _sorted(fingerprint(v) for v in value))
    if isinstance(value, dict):
        return ("dict", _sorted((fingerprint(k), fingerprint(v)) for k, v in value.items()))
    if isinstance(value, BaseModel):  # the mission's data (a hero card's unarmed table): one object, never changed
        return ("data", id(value))
    slots = fields_of(type(value))
    if not slots:
        raise TypeError(f"cannot fingerprint a {type(value).__name__}")
    return (type(value).__name__, tuple(fingerprint(getattr(value, name, None)) for name in slots))


def _sorted(items) -> tuple:
    """``items`` in a fixed order: their own where they have one, else by their text."""
    listed = list(items)
    try:
        return tuple(sorted(listed))
    except TypeError:
        return tuple(sorted(listed, key=repr))
