"""Map sheets: each floor at true scale, split over as many pages as it takes.

Neighbouring pages share one row or column of squares (the overlap strip,
tinted in the margin) and carry crosshairs at the same board points, to lay
them edge to edge. Every page has grid coordinates in its margins and a scale
bar (10 cm on A4, 4 inches on Letter) that shows at once if the printer scaled it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..geometry.board import Board, Floor
from ..model.content import CompiledMission
from .board import draw_floor
from .canvas import PAPER, Circle, Group, Item, Line, Page, Rect, Style, Text
from .theme import SCREEN, Theme

SIDE, TOP, BOTTOM = 14.0, 16.0, 26.0  # margins, mm
OVERLAP_TINT = "#e8e8e8"


@dataclass(frozen=True)
class MapOptions:
    square: float = 25.4  # millimetres a square
    paper: str = "a4"
    theme: Theme = SCREEN


def map_pages(mission: CompiledMission, board: Board, options: MapOptions) -> list[Page]:
    pages = []
    for floor in board.floors:
        pages += _floor_pages(mission, floor, options)
    return pages


def _floor_pages(mission: CompiledMission, floor: Floor, options: MapOptions) -> list[Page]:
    s = options.square
    grid = floor.grid
    width, height = _orientation(grid.width, grid.height, s, options.paper)
    cols, rows = int((width - 2 * SIDE) // s), int((height - TOP - BOTTOM) // s)
    if cols < 2 or rows < 2:
        raise UsageError(f"squares of {s:g} mm do not fit on {options.paper.upper()} paper: choose a smaller --square")
    xs, ys = _starts(grid.width, cols), _starts(grid.height, rows)
    drawing = draw_floor(floor, mission, options.theme, s)
    name = next((f.name for f in mission.board.floors if f.id == floor.id), None) or floor.id
    pages: list[Page] = []
    for j, y0 in enumerate(ys):
        for i, x0 in enumerate(xs):
            number = len(pages) + 1
            page = Page(f"map-{floor.id}-{number}", width, height)
            window = (x0, y0, min(cols, grid.width - x0), min(rows, grid.height - y0))
            page.add(Group([drawing], SIDE - x0 * s, TOP - y0 * s, clip=(x0 * s, y0 * s, window[2] * s, window[3] * s)))
            overlaps = (i > 0, i < len(xs) - 1, j > 0, j < len(ys) - 1)  # left, right, top, bottom
            page.items += _overlap(window, overlaps, s)
            page.items += _coordinates(window, s)
            page.items += _header(mission, name, number, len(xs) * len(ys), j + 1, i + 1, s, width)
            page.items += _scale_bar(options.paper, height)
            pages.append(page)
    return pages


def _orientation(w: int, h: int, s: float, paper: str) -> tuple[float, float]:
    """Portrait or landscape, whichever needs fewer pages (portrait on a tie)."""
    pw, ph = PAPER[paper]

    def count(width, height):
        cols, rows = int((width - 2 * SIDE) // s), int((height - TOP - BOTTOM) // s)
        if cols < 2 or rows < 2:
            return 10**9
        return len(_starts(w, cols)) * len(_starts(h, rows))

    return (ph, pw) if count(ph, pw) < count(pw, ph) else (pw, ph)


def _starts(size: int, fits: int) -> list[int]:
    """First square of each page along one side; neighbours share one square."""
    starts = [0]
    while starts[-1] + fits < size:
        starts.append(starts[-1] + fits - 1)
    return starts


def _overlap(window, overlaps, s: float) -> list:
    """Tint the shared strip in the margins, and put crosshairs on its board corners."""
    _x0, _y0, cols, rows = window
    left, right, top, bottom = overlaps
    items: list[Item] = []
    map_w, map_h = cols * s, rows * s
    strips: list[tuple[float, float, float, float, str, float]] = []
    if left:
        strips.append((SIDE, TOP - 6, s, 6, "v", SIDE + s))
    if right:
        strips.append((SIDE + map_w - s, TOP - 6, s, 6, "v", SIDE + map_w - s))
    if top:
        strips.append((SIDE - 6, TOP, 6, s, "h", TOP + s))
    if bottom:
        strips.append((SIDE - 6, TOP + map_h - s, 6, s, "h", TOP + map_h - s))
    mark = Style(stroke="#000000", width=0.2)
    for x, y, w, h, axis, line in strips:
        items.append(Rect(x, y, w, h, Style(fill=OVERLAP_TINT)))
        if axis == "v":
            items.append(Rect(x, TOP + map_h, w, 6, Style(fill=OVERLAP_TINT)))
            items.append(Line(line, TOP, line, TOP + map_h, Style(stroke="#7f7f7f", width=0.2, dash=(1.5, 1.5))))
            points = [(line, TOP), (line, TOP + map_h)]
        else:
            items.append(Rect(SIDE + map_w, y, 6, h, Style(fill=OVERLAP_TINT)))
            items.append(Line(SIDE, line, SIDE + map_w, line, Style(stroke="#7f7f7f", width=0.2, dash=(1.5, 1.5))))
            points = [(SIDE, line), (SIDE + map_w, line)]
        for px, py in points:
            items += [Circle(px, py, 2.5, mark), Line(px - 4, py, px + 4, py, mark), Line(px, py - 4, px, py + 4, mark)]
    return items


def _coordinates(window, s: float) -> list:
    x0, y0, cols, rows = window
    size = 6.5
    items: list[Item] = [Rect(SIDE, TOP, cols * s, rows * s, Style(stroke="#000000", width=0.25))]
    for k in range(cols):
        cx = SIDE + (k + 0.5) * s
        items += [Text(cx, TOP - 1.5, str(x0 + k), size, "middle"), Text(cx, TOP + rows * s + 4, str(x0 + k), size, "middle")]
    for k in range(rows):
        cy = TOP + (k + 0.5) * s + 0.8
        items += [Text(SIDE - 1.5, cy, str(y0 + k), size, "end"), Text(SIDE + cols * s + 1.5, cy, str(y0 + k), size)]
    return items


def _header(mission: CompiledMission, floor_name: str, number: int, total: int, row: int, col: int, s: float,
            width: float) -> list:
    title = f"{mission.mission.title} · {floor_name} · page {number} of {total}"
    where = f"page row {row}, column {col} · squares {s:g} mm"
    return [Text(SIDE, 6.5, title, 9, bold=True), Text(width - SIDE, 6.5, where, 7, "end", fill="#444444")]


def _scale_bar(paper: str, height: float) -> list:
    """A 10 cm bar in 1 cm steps (4 inches in half inches on Letter), with the reason it is there."""
    length, steps, label = (101.6, 8, "4 inches") if paper == "letter" else (100.0, 10, "10 cm")
    x, y = SIDE, height - 11
    items: list[Item] = []
    for k in range(steps):
        fill = "#000000" if k % 2 == 0 else "#ffffff"
        items.append(Rect(x + k * length / steps, y, length / steps, 2.5, Style(stroke="#000000", width=0.15, fill=fill)))
    items.append(Text(x + length + 2, y + 2.3, label, 7, bold=True))
    items.append(Text(x, y + 6.5, f"This bar measures {label} when printed at 100% (actual size); if not, the printer "
                                  "scaled the page.", 6, fill="#444444"))
    return items
