"""Holding a mission to a difficulty band: `win_rate in 0.4..0.6`, on the command line or in the mission."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import UsageError

METRICS = {
    "win_rate": "the share of games won (0 to 1; a versus mission's per side: win_rate[SIDE])",
    "turns": "the mean number of turns a game lasts",
}
_GATE = re.compile(r"^\s*([a-z_]+)(?:\[([A-Za-z0-9_-]+)\])?\s+in\s+([0-9.]+)\s*\.\.\s*([0-9.]+)\s*$")


@dataclass(frozen=True)
class Gate:
    metric: str
    low: float
    high: float
    side: str | None = None  # versus missions: the role whose win rate is held

    def value(self, report: dict) -> float:
        if self.metric == "win_rate":
            return self.wins(report)["value"]
        games = report["turns"]["won"]["games"] + report["turns"]["lost"]["games"]
        total = sum(int(t) * n for part in ("won", "lost") for t, n in report["turns"][part]["counts"].items())
        return round(total / games, 4) if games else 0.0

    def wins(self, report: dict) -> dict:
        """The games won (by the side, in a versus mission): ``wins``, ``games``, ``value``, ``low``, ``high``."""
        if self.side is None:
            return report["win_rate"]
        return {"games": report["runs"], **report["sides"][self.side]}

    def holds(self, report: dict) -> bool:
        return self.low <= self.value(report) <= self.high

    def __str__(self) -> str:
        side = f"[{self.side}]" if self.side else ""
        return f"{self.metric}{side} in {self.low:g}..{self.high:g}"


def parse(text: str) -> Gate:
    m = _GATE.match(text)
    if not m:
        raise UsageError(f"--gate {text!r}: write METRIC in LOW..HIGH, like \"win_rate in 0.4..0.6\"")
    metric, side, low, high = m[1], m[2], _number(m[3], text), _number(m[4], text)
    if metric not in METRICS:
        raise UsageError(f"--gate {text!r}: unknown metric `{metric}`: one of {', '.join(METRICS)}")
    if side is not None and metric != "win_rate":
        raise UsageError(f"--gate {text!r}: only win_rate is held per side")
    if low > high:
        raise UsageError(f"--gate {text!r}: the band's low end is above its high end")
    return Gate(metric, low, high, side)


def check_sides(gate: Gate, roles: list[str], text: str) -> None:
    """A versus mission (``roles``) is held by one side's win rate; a mission of one side has no sides."""
    if gate.metric == "win_rate" and gate.side is None and roles:
        raise UsageError(f"{text}: a versus mission has a win rate for each side: name one, like "
                         f"\"win_rate[{roles[0]}] in 0.4..0.6\" (sides: {', '.join(roles)})")
    if gate.side is not None and gate.side not in roles:
        known = f"sides: {', '.join(roles)}" if roles else "only versus missions have sides"
        raise UsageError(f"{text}: `{gate.side}` is not a side of this mission ({known})")


def _number(word: str, text: str) -> float:
    try:
        return float(word)
    except ValueError:
        raise UsageError(f"--gate {text!r}: `{word}` is not a number") from None
