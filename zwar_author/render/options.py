"""What `zwar render` can be asked for: sheets, formats, lengths. Light, so the command line
can offer the choices without loading the renderer."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import UsageError

SHEETS = ("map", "mission", "cards", "tables", "records", "scenario", "tracker", "counters", "campaign")
FORMATS = ("pdf", "svg", "png")
ORIENTATIONS = ("auto", "portrait", "landscape")
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$")


def length(text: str) -> float:
    """A length such as "25mm", "2.5cm" or "1in", in millimetres."""
    m = _LENGTH.match(text)
    if not m:
        raise UsageError(f"`{text}` is not a length: write it with its unit, like 25mm, 2.5cm or 1in")
    value = float(m[1]) * {"mm": 1, "cm": 10, "in": 25.4}[m[2]]
    if value <= 0:
        raise UsageError(f"`{text}` is not a usable length")
    return value


@dataclass(frozen=True)
class RenderOptions:
    sheets: tuple[str, ...] = SHEETS
    formats: tuple[str, ...] = ("pdf",)
    square: float = 25.4
    paper: str = "a4"
    theme: str = "screen"
    dpi: int = 150
    backs: bool = False
    card: tuple[float, float] = (63.0, 88.0)
    orientation: str = "auto"  # of the map sheet: auto takes whichever needs fewer pages
    tables: tuple[str, ...] = ()  # the random tables of the quick-reference sheet, by id; () for all


