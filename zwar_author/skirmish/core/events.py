"""What happened: every event of a game is a record, and the records read as a log."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    round: int
    kind: str  # the ruleset's event kind: draw, move, attack, damage, broken, taken-out, artifact...
    who: str  # a figure's id, a side's id, or "game"
    text: str  # the sentence a player reads
    at: tuple[float, float] | None = None  # where it happened, in inches
    dice: tuple[str, ...] = ()  # the faces rolled, as their names
    result: str | None = None

    def record(self) -> dict:
        """The event as plain data (JSON logs)."""
        out: dict = {"round": self.round, "kind": self.kind, "who": self.who, "text": self.text}
        if self.at is not None:
            out["at"] = [round(self.at[0], 3), round(self.at[1], 3)]
        if self.dice:
            out["dice"] = list(self.dice)
        if self.result is not None:
            out["result"] = self.result
        return out
