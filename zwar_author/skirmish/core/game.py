"""The mutable game a ruleset plays: its figures, its log, and one ``step`` at a time.

A ruleset subclasses ``Game`` and writes ``step``: plain procedural rules
over the game, asking the context for every die, draw and decision. Between
steps the game is whole, which is where ``api`` keeps its frozen states.
What every game of the ruleset shares and never changes (the scenario, the
board) is named in ``shared`` and is never copied.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from .chance import Context
from .events import Event
from .figures import Figure


class Game:
    #: attributes that hold what the game's copies share, unchanged (the scenario, its board)
    shared: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self.round = 0
        self.figures: list[Figure] = []
        self.log: list[Event] = []
        self.over = False
        self.winner: str | None = None  # a side's id; "" for a draw
        self.reason = ""

    def step(self, ctx: Context) -> None:
        """Play one step (a draw from the cup and what it activates, a round's end...)."""
        raise NotImplementedError

    def figure(self, fid: str) -> Figure:
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def emit(self, kind: str, who: str, text: str, at: tuple[float, float] | None = None,
             dice: tuple[str, ...] = (), result: str | None = None) -> Event:
        event = Event(self.round, kind, who, text, at, dice, result)
        self.log.append(event)
        return event

    def copy(self) -> Game:
        """A deep copy sharing only what ``shared`` names."""
        memo: dict[int, Any] = {id(getattr(self, name)): getattr(self, name) for name in self.shared}
        return copy.deepcopy(self, memo)
