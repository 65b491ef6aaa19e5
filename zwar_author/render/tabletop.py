"""Tabletop sheets: the table at true scale over pages, cut-out paper terrain, the scenario card, sight heatmaps.

Everything is drawn in millimetres from the compiled scenario; one inch is
25.4 mm on every true-scale sheet. The table sheets split the table over pages
like the map sheets do (one inch of overlap, alignment marks, a scale bar).
"""

from __future__ import annotations

import math

from ..compile.fairness import Fairness, ZoneFairness
from ..compile.zonewars import CompiledScenario
from ..errors import UsageError
from ..tabletop import PlacedPiece, TerrainKind, format_inches
from .canvas import PAPER, Circle, Group, Line, Page, Polygon, Rect, Style, Text
from .maps import SIDE, _coordinates, _overlap, _scale_bar, _starts
from .text import wrap

INCH = 25.4
BLOCKING_FILL, LOW_FILL, OPENING, FLOOR_FILL = "#6d6d6d", "#c8d8a8", "#e0b000", "#d9d2c3"
ZONE_COLOURS = ("#1f5fbf", "#c0392b", "#2ca02c", "#8e44ad", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
TOKEN = "#e0b000"
CONTAINER = "#b07a45"
TOP, BOTTOM = 16.0, 26.0  # margins of the true-scale table pages, mm (SIDE is the map sheets')


def draw_table(scenario: CompiledScenario, scale: float = INCH, labels: bool = True) -> list:
    """The table with its pieces, zones and tokens, ``scale`` millimetres an inch, origin at the top-left corner."""
    w, d = float(scenario.table.width) * scale, float(scenario.table.depth) * scale
    items: list = [Rect(0, 0, w, d, Style(stroke="#000000", width=0.3, fill="#f4efe4"))]
    deploying = [side.zone for side in scenario.model.sides]
    for index, (zone_id, area) in enumerate(sorted(scenario.zones.items(), key=lambda kv: kv[0])):
        minx, miny, maxx, maxy = area.bounds
        colour = ZONE_COLOURS[deploying.index(zone_id) % len(ZONE_COLOURS)] if zone_id in deploying else "#555555"
        items.append(Rect(minx * scale, miny * scale, (maxx - minx) * scale, (maxy - miny) * scale,
                          Style(stroke=colour, width=0.5, dash=(3, 1.5), fill=colour, opacity=0.12)))
        if labels:
            items.append(Text(minx * scale + 1.5, miny * scale + 4, zone_id, 7, bold=True, fill=colour))
    for piece in scenario.pieces:
        items += _piece(piece, scale)
    r = float(scenario.token_base.radius) * scale
    for token in scenario.tokens:
        x, y = float(token.position.x) * scale, float(token.position.y) * scale
        items.append(Circle(x, y, r, Style(stroke="#000000", width=0.3, fill=TOKEN)))
        if labels:
            items.append(Text(x, y + min(r, 3) * 0.6, str(token.number), max(5.0, min(9.0, r * 1.6)), "middle", True))
    for number, box in enumerate(scenario.model.containers, 1):  # a square as wide as the container, "C1"...
        half = (box.size / 2 if box.size is not None else float(scenario.token_base.radius)) * scale
        x, y = box.x * scale, box.y * scale
        items.append(Rect(x - half, y - half, 2 * half, 2 * half, Style(stroke="#000000", width=0.3, fill=CONTAINER)))
        if labels:
            items.append(Text(x, y + min(half, 3) * 0.6, f"C{number}", max(4.0, min(8.0, half * 1.2)), "middle", True))
    return items


def _piece(piece: PlacedPiece, scale: float) -> list:
    return _outline(piece, lambda x, y: (x * scale, y * scale))


PIECE_EDGE = Style(stroke="#222222", width=0.3)


def _outline(piece: PlacedPiece, to_page, edge: Style = PIECE_EDGE) -> list:
    """A piece's footprint outlined in ``edge``; a hollow one's floor inside its walls; its doors and windows."""
    fill = BLOCKING_FILL if piece.kind is TerrainKind.BLOCKING else LOW_FILL

    def shape(geometry, style: Style) -> list:
        return [Polygon(tuple(to_page(x, y) for x, y in part.exterior.coords[:-1]), style)
                for part in getattr(geometry, "geoms", [geometry]) if not part.is_empty]

    items = shape(piece.geometry, Style(stroke=edge.stroke, width=edge.width, dash=edge.dash, fill=fill))
    if piece.piece.wall is not None:
        items += shape(piece.geometry.buffer(-float(piece.piece.wall), join_style="mitre"), Style(fill=FLOOR_FILL))
        items += shape(piece.gaps, Style(fill=OPENING))
    for (x1, y1), (x2, y2) in piece.openings_on_table():
        (a, b), (c, d) = to_page(x1, y1), to_page(x2, y2)
        items.append(Line(a, b, c, d, Style(stroke=OPENING, width=1.2)))
    return items


# --- the table at true scale -----------------------------------------------------------

def table_pages(scenario: CompiledScenario, paper: str = "a4") -> list[Page]:
    """The table at 1" = 25.4 mm, over as many pages as it takes, with overlaps, marks and a scale bar."""
    s = INCH
    cols_in, rows_in = math.ceil(float(scenario.table.width)), math.ceil(float(scenario.table.depth))
    pw, ph = PAPER[paper]

    def fit(width: float, height: float) -> tuple[int, int, list[int], list[int]]:
        cols, rows = int((width - 2 * SIDE) // s), int((height - TOP - BOTTOM) // s)
        if cols < 2 or rows < 2:
            raise UsageError(f"the table does not fit on {paper.upper()} paper")
        return cols, rows, _starts(cols_in, cols), _starts(rows_in, rows)

    portrait, landscape = fit(pw, ph), fit(ph, pw)
    (width, height), (cols, rows, xs, ys) = min(
        (((pw, ph), portrait), ((ph, pw), landscape)), key=lambda o: len(o[1][2]) * len(o[1][3]))
    drawing = Group(draw_table(scenario, s))
    pages: list[Page] = []
    for j, y0 in enumerate(ys):
        for i, x0 in enumerate(xs):
            number = len(pages) + 1
            page = Page(f"table-{number}", width, height)
            window = (x0, y0, min(cols, cols_in - x0), min(rows, rows_in - y0))
            page.add(Group([drawing], SIDE - x0 * s, TOP - y0 * s, clip=(x0 * s, y0 * s, window[2] * s, window[3] * s)))
            page.items += _overlap(window, (i > 0, i < len(xs) - 1, j > 0, j < len(ys) - 1), s, SIDE, TOP)
            page.items += _coordinates(window, s, SIDE, TOP)
            title = f"{scenario.model.scenario.title} · table · page {number} of {len(xs) * len(ys)}"
            where = f"page row {j + 1}, column {i + 1} · inches from the top-left corner"
            page.items += [Text(SIDE, 6.5, title, 9, bold=True), Text(width - SIDE, 6.5, where, 7, "end", fill="#444444")]
            page.items += _scale_bar(paper, height)
            pages.append(page)
    return pages


# --- cut-out paper terrain -----------------------------------------------------------------

def terrain_pages(scenario: CompiledScenario, paper: str = "a4") -> list[Page]:
    """Every piece the scenario places, at true size, with cut lines, packed in rows onto pages."""
    width, height = PAPER[paper]
    gap, margin = 6.0, 12.0
    pages: list[Page] = []
    x, y, row = margin, margin + 8, 0.0
    page = Page("terrain-1", width, height)
    for index, piece in enumerate(scenario.pieces, start=1):
        minx, miny, maxx, maxy = piece.geometry.bounds
        w, h = (maxx - minx) * INCH, (maxy - miny) * INCH
        if w > width - 2 * margin or h > height - 2 * margin - 8:
            raise UsageError(f"piece `{scenario.name_of(piece)}` is larger than a {paper.upper()} page")
        if x + w > width - margin:
            x, y, row = margin, y + row + gap + 5, 0.0
        if y + h > height - margin - 5:
            pages.append(page)
            page = Page(f"terrain-{len(pages) + 1}", width, height)
            x, y, row = margin, margin + 8, 0.0
        page.items += _outline(piece, lambda px, py, x=x, y=y, minx=minx, miny=miny: (
            (px - minx) * INCH + x, (py - miny) * INCH + y), Style(stroke="#000000", width=0.25, dash=(2, 1)))
        kind = "Blocking" if piece.kind is TerrainKind.BLOCKING else "Low"
        floors = f", {piece.piece.floors} floor{'s' if piece.piece.floors != 1 else ''}" if piece.piece.floors else ""
        page.add(Text(x, y + h + 4, f"{index}. {scenario.name_of(piece)} ({kind}{floors})", 6.5))
        x, row = x + max(w, 30.0) + gap, max(row, h)
    pages.append(page)
    for number, sheet in enumerate(pages, start=1):
        sheet.items.insert(0, Text(margin, margin, f"{scenario.model.scenario.title} · terrain to cut out · "
                                   f"page {number} of {len(pages)} · cut on the dashed lines; "
                                   "yellow marks doors and windows", 8, bold=True))
    return pages


# --- the scenario card ---------------------------------------------------------------------

def scenario_pages(scenario: CompiledScenario, paper: str = "a4") -> list[Page]:
    """One page: title, the table in small, sides, zones, victory, deck, set-up and campaign."""
    width, height = PAPER[paper]
    margin = 14.0
    info = scenario.model.scenario
    page = Page("scenario", width, height)
    page.add(Text(margin, margin + 4, info.title, 16, bold=True))
    tokens = info.players if info.zone_tokens is None else info.zone_tokens
    facts = (f"{info.players} players · {info.rounds} rounds · {tokens} Zone tokens a round · "
             f"{format_inches(scenario.table.width)} x {format_inches(scenario.table.depth)} table")
    page.add(Text(margin, margin + 11, facts, 8, fill="#444444"))
    side = width - 2 * margin
    scale = min(side * 0.6, 110.0) / float(max(scenario.table.width, scenario.table.depth))
    page.add(Group(draw_table(scenario, scale), margin, margin + 16))
    y = margin + 16 + float(scenario.table.depth) * scale + 8
    blocks = [("Set-up", [info.setup]) if info.setup else None, ("Story and special rules", [info.text]) if info.text else None]
    blocks.append(("Sides", [f"{s.faction}: deploys in {s.zone}; {', '.join(s.characters)}" for s in scenario.model.sides]))
    blocks.append(("Victory", [f"{v.kind}{' of ' + v.zone if v.zone else ''}: {v.text}".rstrip(": ")
                               for v in scenario.model.victory]))
    deck = f"{len(scenario.deck)} Zone cards"
    if scenario.triggers:
        deck += f"; each round: one of {', '.join(scenario.triggers)} plus one random Zone card per player"
    blocks.append(("Deck", [deck]))
    campaign = scenario.model.campaign
    if campaign is not None:
        parts = [("damage restored" if campaign.restore_damage else "damage kept"),
                 f"{campaign.keep_artifacts} artifact kept a model",
                 ("experience tokens" if campaign.experience else "no experience"),
                 ("m-points back to 1" if campaign.reset_m_points else "m-points kept")]
        if campaign.next:
            parts.append("next: " + ", ".join(campaign.next))
        blocks.append(("Campaign", ["; ".join(parts)]))
    for block in blocks:
        if block is None:
            continue
        title, paragraphs = block
        page.add(Text(margin, y, title, 9, bold=True))
        y += 4.5
        for paragraph in paragraphs:
            for line in wrap(" ".join(paragraph.split()), side, 8):
                page.add(Text(margin, y, line, 8))
                y += 3.8
        y += 2.5
    return [page]


# --- sight heatmaps ---------------------------------------------------------------------------

def heatmap_pages(report: Fairness, paper: str = "a4") -> list[Page]:
    """One page per deployment zone: how much of the zone sees each cell, over the table."""
    return [_heatmap(report, zone, paper) for zone in report.zones]


def _heatmap(report: Fairness, zone: ZoneFairness, paper: str) -> Page:
    scenario = report.scenario
    width, height = PAPER[paper]
    margin = 14.0
    scale = (width - 2 * margin) / float(max(scenario.table.width, scenario.table.depth))
    page = Page(f"sight-{zone.zone}", width, height)
    page.add(Text(margin, margin, f"{scenario.model.scenario.title} · sight from {zone.zone} ({zone.faction})", 11,
                  bold=True))
    page.add(Text(margin, margin + 5, f"Darker cells are seen from more of the zone; the zone sees "
                                      f"{zone.map.seen * 100:.1f}% of the table. Cells are {zone.map.cell:g}\".", 7,
                  fill="#444444"))
    items = draw_table(scenario, scale)
    heat = zone.map.heat
    cell = zone.map.cell * scale
    cells = [Rect(c * cell, r * cell, cell, cell, Style(fill="#b2182b", opacity=round(0.75 * float(heat[r, c]), 3)))
             for r in range(heat.shape[0]) for c in range(heat.shape[1]) if heat[r, c] > 0]
    points = [Circle(float(x) * scale, float(y) * scale, 0.6, Style(fill="#000000")) for x, y in zone.map.viewpoints]
    page.add(Group(items[:1] + cells + items[1:] + points, margin, margin + 9))
    return page


# --- the counter sheet ----------------------------------------------------------------------

def status_counter_pages(scenario: CompiledScenario, paper: str = "a4") -> list[Page]:
    """Round counters at the artifact tokens' true size, to cut out: for each side an action token a model
    (its overwatch side beside it, crosshair up) and five damage tokens a model; artifact
    tokens (one a token and two spare), Zone tokens, m-points and experience tokens. The rulebook's list of
    its tokens is lost (docs/zonewars.md): this set is what its rules use."""
    width, height = PAPER[paper]
    margin, gap = 12.0, 4.0
    r = float(scenario.token_base.radius) * INCH
    rows: list[tuple[str, list[tuple[str, str, bool]]]] = []  # heading, (label, colour, crosshair)
    zones = scenario.model.scenario.zone_tokens
    for index, side in enumerate(scenario.model.sides):
        colour = ZONE_COLOURS[index % len(ZONE_COLOURS)]
        name = side.faction.rpartition("/")[2]
        models = len(side.characters)
        rows.append((f"{name}: action tokens, overwatch side", [("ACTION", colour, False), ("", colour, True)] * models))
        rows.append((f"{name}: damage tokens", [("1", colour, False)] * (5 * models)))
        rows.append((f"{name}: m-points and experience", [("M", colour, False)] * 6 + [("XP", colour, False)] * 4))
    rows.append(("Artifact tokens", [(str(n), TOKEN, False) for n in range(1, len(scenario.tokens) + 3)]))
    rows.append(("Zone tokens", [("ZONE", "#6b1d1d", False)] * (zones if zones is not None else scenario.model.scenario.players)))
    across = max(1, int((width - 2 * margin + gap) // (2 * r + gap)))
    pages: list[Page] = []
    page = Page("counters-1", width, height)
    y = margin + 10
    for heading, counters in rows:
        lines = math.ceil(len(counters) / across)
        if y + 6 + lines * (2 * r + gap) > height - margin:
            pages.append(page)
            page, y = Page(f"counters-{len(pages) + 1}", width, height), margin + 10
        page.add(Text(margin, y + 3, heading, 7, bold=True))
        y += 6
        for number, (label, colour, crosshair) in enumerate(counters):
            cx = margin + r + (number % across) * (2 * r + gap)
            cy = y + r + (number // across) * (2 * r + gap)
            page.add(Circle(cx, cy, r, Style(stroke="#000000", width=0.25, dash=(2, 1), fill=colour, opacity=0.25)))
            if crosshair:
                page.items += [Circle(cx, cy, r * 0.55, Style(stroke="#000000", width=0.4)),
                               Line(cx - r * 0.8, cy, cx + r * 0.8, cy, Style(stroke="#000000", width=0.4)),
                               Line(cx, cy - r * 0.8, cx, cy + r * 0.8, Style(stroke="#000000", width=0.4))]
            elif label:
                page.add(Text(cx, cy + 1.5, label, 6 if len(label) > 2 else 8, "middle", True))
        y += lines * (2 * r + gap) + 2
    pages.append(page)
    for number, sheet in enumerate(pages, start=1):
        sheet.items.insert(0, Text(margin, margin, f"{scenario.model.scenario.title} · counters to cut out · page "
                                   f"{number} of {len(pages)} · at true size ({format_inches(2 * r / INCH)} across)",
                                   8, bold=True))
    return pages
