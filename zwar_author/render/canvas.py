"""A small drawing model: pages of shapes and text in millimetres, for every output format.

Sheets are built as ``Page`` objects; ``svg.py`` writes them as SVG and
``cairo.py`` as PDF or PNG, so what is printed is exactly what is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PT = 25.4 / 72  # one typographic point in millimetres


@dataclass(frozen=True)
class Style:
    stroke: str | None = None
    width: float = 0.2  # mm
    fill: str | None = None
    dash: tuple[float, ...] | None = None  # mm on, mm off, ...
    cap: str = "butt"  # butt, round or square
    opacity: float = 1.0  # of the fill


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    style: Style


@dataclass(frozen=True)
class Squeeze:
    """What fitting did to a text from the sources: set smaller than ``wanted``, or cut (not all of it drawn).
    ``what`` names the text for its reader ("the card title"); the fit report (ZW981) lists each once."""

    what: str
    text: str
    wanted: float
    size: float
    cut: bool
    unit: str = "pt"  # of ``wanted`` and ``size``: points, or % of a page's type


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is the baseline, ``size`` in points. The first line of a text that had to
    be squeezed to fit carries its ``squeeze``."""

    x: float
    y: float
    text: str
    size: float = 9.0
    anchor: str = "start"  # start, middle or end
    bold: bool = False
    fill: str = "#000000"
    squeeze: Squeeze | None = None


@dataclass
class Group:
    """Items drawn moved by (dx, dy), scaled, and clipped to a rectangle (in the group's units)."""

    items: list = field(default_factory=list)
    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None

    def add(self, *items) -> None:
        self.items.extend(items)


#: Anything a page or group holds.
Item = Line | Rect | Circle | Polygon | Text | Group


@dataclass
class Page:
    """A sheet of paper, ``width`` x ``height`` millimetres; ``name`` becomes file names."""

    name: str
    width: float
    height: float
    items: list = field(default_factory=list)

    def add(self, *items) -> None:
        self.items.extend(items)


PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
