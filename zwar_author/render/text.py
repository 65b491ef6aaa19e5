"""Measuring, wrapping and fitting text, from the shipped DejaVu Sans widths.

Layout never depends on the fonts of the machine: the same text wraps the same
way in SVG, PDF and PNG, everywhere. Text from content is plain text; the SVG
writer escapes it.
"""

from __future__ import annotations

from .canvas import PT, Squeeze, Text
from .fontmetrics import WIDTHS
from .fonts import wide

LEADING = 1.2  # line height as a multiple of the font size


def width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of ``text`` at ``size`` points."""
    table = WIDTHS["bold" if bold else "regular"]
    default = 650 if bold else 600
    return sum(table.get(c, 1000 if wide(c) else default) for c in text) / 1000 * size * PT


def wrap(text: str, limit: float, size: float, bold: bool = False) -> list[str]:
    """Lines of at most ``limit`` millimetres; paragraphs kept, over-long words broken."""
    lines: list[str] = []
    for paragraph in text.strip().split("\n"):
        line = ""
        for word in paragraph.split():
            while width(word, size, bold) > limit:  # a word longer than the line: break it
                cut = max(1, _fits(word, limit, size, bold))
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}" if line else word
            if width(candidate, size, bold) <= limit:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _fits(word: str, limit: float, size: float, bold: bool) -> int:
    for n in range(len(word), 0, -1):
        if width(word[:n], size, bold) <= limit:
            return n
    return 0


def fit(text: str, box_w: float, box_h: float, size: float, least: float = 5.0,
        bold: bool = False) -> tuple[float, list[str]]:
    """The largest size from ``size`` down to ``least`` at which ``text`` wraps into the box, and
    its lines. If even the least size overflows, the lines that fit, the last ending in an ellipsis."""
    while True:
        lines = wrap(text, box_w, size, bold)
        if len(lines) * size * PT * LEADING <= box_h or size <= least:
            break
        size = max(least, size - 0.5)
    room = max(1, int(box_h / (size * PT * LEADING)))
    if len(lines) > room:
        lines = lines[:room]
        last = lines[-1]
        while last and width(last + "…", size, bold) > box_w:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return size, lines


def squeezed(what: str, text: str, wanted: float, size: float, drawn: list[str], unit: str = "pt") -> Squeeze | None:
    """What ``fit`` did to ``text`` asked for at ``wanted`` points, ``drawn`` in ``size`` points: None when
    nothing (every character drawn, at the size asked for)."""
    cut = "".join(text.split()) != "".join("".join(drawn).split())
    return Squeeze(what, text, wanted, size, cut, unit) if cut or size < wanted else None


def block(x: float, y: float, lines: list[str], size: float, bold: bool = False, anchor: str = "start",
          fill: str = "#000000", squeeze: Squeeze | None = None) -> tuple[list[Text], float]:
    """Text items for ``lines``, the first baseline one line below ``y`` (carrying ``squeeze``); and the y
    below the block."""
    step = size * PT * LEADING
    items = [Text(x, y + step * (i + 1) - step * 0.25, line, size, anchor, bold, fill, squeeze if i == 0 else None)
             for i, line in enumerate(lines)]
    return items, y + step * len(lines)
