"""What happened: every event of a game is a record, and the records read as a log.

A record says who did what, where, with which dice, in which turn and phase,
so a game can be printed for players, replayed, or counted by the playtests
(where heroes were taken down, where infected came from).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .mission import Mission


class Event(NamedTuple):
    turn: int
    phase: str  # a Phase
    kind: str  # an EventKind: move, attack, killed, grab, bite, spawn, door, ...
    who: str  # hero id, infected id (z3), or "game"
    text: str  # the sentence a player reads
    sq: int | None = None  # the square it happened at (the mission's square number)
    edge: str | None = None  # or the edge (a door's compiled id, floor:H:x,y)
    dice: tuple[int, ...] = ()
    result: str | None = None  # kill, miss, taken down, bitten, an objective's number, ...
    objective: int | None = None  # the objective's number, as a number (objective events)

    def line(self) -> str:
        return self.text

    def where(self, mission: Mission) -> str | None:
        """Where it happened, as the log shows it: a square as players read it, or the edge."""
        return mission.show(self.sq) if self.sq is not None else self.edge

    def record(self, mission: Mission) -> dict:
        """The event as plain data (JSON logs): its square or edge written as text."""
        out: dict = {"turn": self.turn, "phase": self.phase, "kind": self.kind, "who": self.who, "text": self.text}
        where = self.where(mission)
        if where is not None:
            out["at"] = where
        if self.dice:
            out["dice"] = list(self.dice)
        if self.result is not None:
            out["result"] = self.result
        if self.objective is not None:
            out["objective"] = self.objective
        return out
