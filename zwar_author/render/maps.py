"""Map sheets: each floor at true scale, split over as many pages as it takes.

A floor too large for a page is cut into parts; neighbouring parts share one
row or column of squares (the overlap strip, tinted in the margin) and carry
crosshairs at the same board points, to lay them edge to edge. Parts and
small floors are packed onto pages top to bottom, so a narrow floor does not
take a page to itself. Every part has grid coordinates around it, every page a
scale bar (10 cm on A4, 4 inches on Letter) that shows at once if the printer
scaled it, and the sheet carries the mission's key (on the first page with room
for it, else on a page of its own). Rooms print the names the mission gives them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..geometry.board import Board, Floor
from ..model.content import CompiledMission
from .board import draw_floor
from .canvas import PAPER, Circle, Group, Line, Page, Rect, Style, Text
from .key import key_items
from .theme import SCREEN, Theme

SIDE = 14.0  # left and right margins, mm: the row numbers
HEADER = 12.5  # title and what the page holds
BAND = 3.5  # above and below a part: its column numbers
GAP = 2.5  # between rows of parts on a page
HGAP = 12.0  # between parts side by side: the row numbers of both
FOOT = 14.0  # the scale bar
OVERLAP_TINT = "#e8e8e8"
SCALE_BAR = 101.6  # the longest bar (4 inches), mm


@dataclass(frozen=True)
class MapOptions:
    square: float = 25.4  # millimetres a square
    paper: str = "a4"
    theme: Theme = SCREEN
    orientation: str = "auto"  # auto: whichever takes fewer pages (portrait on a tie)


@dataclass(frozen=True)
class Part:
    """A window of one floor, drawn on one page: its squares, and where it sits in the floor's grid of parts."""

    floor: Floor
    x0: int
    y0: int
    cols: int
    rows: int
    column: int
    row: int
    columns: int
    rows_of_parts: int

    def height(self, s: float) -> float:
        return 2 * BAND + self.rows * s


def map_pages(mission: CompiledMission, board: Board, options: MapOptions) -> list[Page]:
    pw, ph = PAPER[options.paper]
    chosen = {"portrait": [(pw, ph)], "landscape": [(ph, pw)], "auto": [(pw, ph), (ph, pw)]}[options.orientation]
    layouts = [_layout(mission, board, options, width, height) for width, height in chosen]
    return min(layouts, key=len)  # fewest pages; portrait first, so it wins a tie


def _layout(mission: CompiledMission, board: Board, options: MapOptions, width: float, height: float) -> list[Page]:
    s = options.square
    area_w, area_h = width - 2 * SIDE, height - HEADER - FOOT
    cols, rows = int(area_w // s), int((area_h - 2 * BAND) // s)
    if cols < 2 or rows < 2:
        raise UsageError(f"squares of {s:g} mm do not fit on {options.paper.upper()} paper: choose a smaller --square")
    shelves = _pack(_parts(board, cols, rows), s, width, height)
    drawings = {floor.id: draw_floor(floor, mission, options.theme, s) for floor in board.floors}
    names = {f.id: f.name or f.id for f in mission.board.floors}
    pages = [_page(f"map-{n}", placed, drawings, s, width, height) for n, placed in enumerate(shelves, 1)]
    _key_page(pages, shelves, mission, board, options, width, height)
    for number, page in enumerate(pages, 1):
        page.items += _header(mission, page, number, len(pages), shelves, names, s, width)
        page.items += _scale_bar(options.paper, height)
    return pages


Placed = tuple[Part, float, float]  # a part and the page position of its top-left square


def _pack(parts: list[Part], s: float, width: float, height: float) -> list[list[Placed]]:
    """Parts in rows, left to right while they fit across, rows top to bottom while they fit down."""
    pages: list[list[Placed]] = [[]]
    x, top, row_h = SIDE, HEADER, 0.0
    for part in parts:
        w, h = part.cols * s, part.height(s)
        if pages[-1] and x + w > width - SIDE:  # a new row
            x, top, row_h = SIDE, top + row_h + GAP, 0.0
        if pages[-1] and top + h > height - FOOT:  # a new page
            pages.append([])
            x, top, row_h = SIDE, HEADER, 0.0
        pages[-1].append((part, x, top + BAND))
        x += w + HGAP
        row_h = max(row_h, h)
    return pages


def _key_page(pages: list[Page], shelves: list[list[Placed]], mission: CompiledMission, board: Board,
              options: MapOptions, width: float, height: float) -> int:
    """Put the key below the parts of the first page with room for it, else small beside the
    last page's scale bar, else on a page of its own; the page it went on."""
    s, area_w = options.square, width - 2 * SIDE
    key_h, key = key_items(mission, board, options.theme, area_w, 1.0, column=45.0)
    for k, placed in enumerate(shelves):
        top = _bottom(placed, s) + GAP
        if height - FOOT - top >= key_h + 5:
            pages[k].add(Text(SIDE, top + 3, "KEY", 7.5, bold=True), Group(key, SIDE, top + 4.5))
            return k
    beside = area_w - SCALE_BAR - 20
    small_h, small = key_items(mission, board, options.theme, beside, 0.75, column=30.0, mark=4.0)
    if small_h <= FOOT - 2:
        pages[-1].add(Group(small, SIDE + SCALE_BAR + 20, height - FOOT + 0.5))
        return len(pages) - 1
    pages.append(Page(f"map-{len(pages) + 1}", width, height))
    pages[-1].add(Text(SIDE, HEADER + 3, "KEY", 7.5, bold=True), Group(key, SIDE, HEADER + 4.5))
    return len(pages) - 1


def _parts(board: Board, cols: int, rows: int) -> list[Part]:
    parts = []
    for floor in board.floors:
        grid = floor.grid
        xs, ys = _starts(grid.width, cols), _starts(grid.height, rows)
        for j, y0 in enumerate(ys):
            for i, x0 in enumerate(xs):
                parts.append(Part(floor, x0, y0, min(cols, grid.width - x0), min(rows, grid.height - y0), i, j,
                                  len(xs), len(ys)))
    return parts


def _bottom(placed: list[Placed], s: float) -> float:
    """Where the lowest part of a page ends, its column numbers included."""
    return max((oy + part.rows * s + BAND for part, _, oy in placed), default=HEADER)


def _page(name: str, placed: list[Placed], drawings: dict, s: float, width: float, height: float) -> Page:
    page = Page(name, width, height)
    for part, ox, oy in placed:
        window = (part.x0, part.y0, part.cols, part.rows)
        page.add(Group([drawings[part.floor.id]], ox - part.x0 * s, oy - part.y0 * s,
                       clip=(part.x0 * s, part.y0 * s, part.cols * s, part.rows * s)))
        overlaps = (part.column > 0, part.column < part.columns - 1, part.row > 0, part.row < part.rows_of_parts - 1)
        page.items += _overlap(window, overlaps, s, ox, oy)
        page.items += _coordinates(window, s, ox, oy)
    return page


def _starts(size: int, fits: int) -> list[int]:
    """First square of each page along one side; neighbours share one square."""
    starts = [0]
    while starts[-1] + fits < size:
        starts.append(starts[-1] + fits - 1)
    return starts


def _overlap(window, overlaps, s: float, left_x: float, top: float) -> list:
    """Tint the shared strip in the margins, and put crosshairs on its board corners."""
    _, _, cols, rows = window
    left, right, up, down = overlaps
    items: list = []
    map_w, map_h = cols * s, rows * s
    strips: list = []
    if left:
        strips.append((left_x, top - BAND, s, BAND, "v", left_x + s))
    if right:
        strips.append((left_x + map_w - s, top - BAND, s, BAND, "v", left_x + map_w - s))
    if up:
        strips.append((left_x - 6, top, 6, s, "h", top + s))
    if down:
        strips.append((left_x - 6, top + map_h - s, 6, s, "h", top + map_h - s))
    mark = Style(stroke="#000000", width=0.2)
    for x, y, w, h, axis, line in strips:
        items.append(Rect(x, y, w, h, Style(fill=OVERLAP_TINT)))
        if axis == "v":
            items.append(Rect(x, top + map_h, w, BAND, Style(fill=OVERLAP_TINT)))
            items.append(Line(line, top, line, top + map_h, Style(stroke="#7f7f7f", width=0.2, dash=(1.5, 1.5))))
            points = [(line, top), (line, top + map_h)]
        else:
            items.append(Rect(left_x + map_w, y, 6, h, Style(fill=OVERLAP_TINT)))
            items.append(Line(left_x, line, left_x + map_w, line, Style(stroke="#7f7f7f", width=0.2, dash=(1.5, 1.5))))
            points = [(left_x, line), (left_x + map_w, line)]
        for px, py in points:
            items += [Circle(px, py, 2.5, mark), Line(px - 4, py, px + 4, py, mark), Line(px, py - 4, px, py + 4, mark)]
    return items


def _coordinates(window, s: float, left_x: float, top: float) -> list:
    x0, y0, cols, rows = window
    size = 6.5
    items: list = [Rect(left_x, top, cols * s, rows * s, Style(stroke="#000000", width=0.25))]
    for k in range(cols):
        cx = left_x + (k + 0.5) * s
        items += [Text(cx, top - 1.0, str(x0 + k), size, "middle"),
                  Text(cx, top + rows * s + 3.0, str(x0 + k), size, "middle")]
    for k in range(rows):
        cy = top + (k + 0.5) * s + 0.8
        items += [Text(left_x - 1.5, cy, str(y0 + k), size, "end"), Text(left_x + cols * s + 1.5, cy, str(y0 + k), size)]
    return items


def _header(mission: CompiledMission, page: Page, number: int, total: int, shelves: list[list[Placed]],
            names: dict, s: float, width: float) -> list:
    title = f"{mission.mission.title} · map · page {number} of {total}"
    placed = shelves[number - 1] if number <= len(shelves) else []
    held = "; ".join(_describe(part, names) for part, _, _ in placed) if placed else "the key"
    order = ""
    if len(placed) > 1:
        order = "top to bottom: " if len({oy for _, _, oy in placed}) == len(placed) else "left to right, top to bottom: "
    return [Text(SIDE, 6.5, title, 9, bold=True), Text(width - SIDE, 6.5, f"squares {s:g} mm", 7, "end", fill="#444444"),
            Text(SIDE, 10.5, order + held, 6.5, fill="#444444")]


def _describe(part: Part, names: dict) -> str:
    name = names.get(part.floor.id, part.floor.id)
    if part.columns * part.rows_of_parts == 1:
        return f"{name}, whole"
    return (f"{name}, part row {part.row + 1} column {part.column + 1} of {part.rows_of_parts} x {part.columns} "
            f"(squares {part.x0}-{part.x0 + part.cols - 1}, {part.y0}-{part.y0 + part.rows - 1})")


def _scale_bar(paper: str, height: float) -> list:
    """A 10 cm bar in 1 cm steps (4 inches in half inches on Letter), with the reason it is there."""
    length, steps, label = (101.6, 8, "4 inches") if paper == "letter" else (100.0, 10, "10 cm")
    x, y = SIDE, height - 11
    items: list = []
    for k in range(steps):
        fill = "#000000" if k % 2 == 0 else "#ffffff"
        items.append(Rect(x + k * length / steps, y, length / steps, 2.5, Style(stroke="#000000", width=0.15, fill=fill)))
    items.append(Text(x + length + 2, y + 2.3, label, 7, bold=True))
    items.append(Text(x, y + 6.5, f"This bar measures {label} when printed at 100% (actual size); if not, the printer "
                                  "scaled the page.", 6, fill="#444444"))
    return items
