"""What happened: every event of a game is a record, and the records read as a log.

A record says who did what, where, with which dice, in which turn and phase,
so a game can be printed for players, replayed, or counted by the playtests
(where heroes were taken down, where infected came from).
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    turn: int
    phase: str
    kind: str  # a short word: move, attack, killed, grab, bite, spawn, door, ...
    who: str  # hero id, infected id (z3), or "game"
    text: str  # the sentence a player reads
    at: str | None = None  # the square (or edge) it happened at
    dice: tuple[int, ...] = ()
    result: str | None = None  # kill, miss, taken down, bitten, ...

    def line(self) -> str:
        return self.text

    def record(self) -> dict:
        """The event as plain data (JSON logs, playtest statistics)."""
        out = {"turn": self.turn, "phase": self.phase, "kind": self.kind, "who": self.who, "text": self.text}
        if self.at is not None:
            out["at"] = self.at
        if self.dice:
            out["dice"] = list(self.dice)
        if self.result is not None:
            out["result"] = self.result
        return out
