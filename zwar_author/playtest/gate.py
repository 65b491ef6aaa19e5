"""Holding a mission to a difficulty band: `win_rate in 0.4..0.6`, on the command line or in the mission."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import UsageError

METRICS = {
    "win_rate": "the share of games won (0 to 1)",
    "turns": "the mean number of turns a game lasts",
}
_GATE = re.compile(r"^\s*([a-z_]+)\s+in\s+([0-9.]+)\s*\.\.\s*([0-9.]+)\s*$")


@dataclass(frozen=True)
class Gate:
    metric: str
    low: float
    high: float

    def value(self, report: dict) -> float:
        if self.metric == "win_rate":
            return report["win_rate"]["value"]
        games = report["turns"]["won"]["games"] + report["turns"]["lost"]["games"]
        total = sum(int(t) * n for part in ("won", "lost") for t, n in report["turns"][part]["counts"].items())
        return round(total / games, 4) if games else 0.0

    def holds(self, report: dict) -> bool:
        return self.low <= self.value(report) <= self.high

    def __str__(self) -> str:
        return f"{self.metric} in {self.low:g}..{self.high:g}"


def parse(text: str) -> Gate:
    m = _GATE.match(text)
    if not m:
        raise UsageError(f"--gate {text!r}: write METRIC in LOW..HIGH, like \"win_rate in 0.4..0.6\"")
    metric, low, high = m[1], _number(m[2], text), _number(m[3], text)
    if metric not in METRICS:
        raise UsageError(f"--gate {text!r}: unknown metric `{metric}`: one of {', '.join(METRICS)}")
    if low > high:
        raise UsageError(f"--gate {text!r}: the band's low end is above its high end")
    return Gate(metric, low, high)


def _number(word: str, text: str) -> float:
    try:
        return float(word)
    except ValueError:
        raise UsageError(f"--gate {text!r}: `{word}` is not a number") from None
