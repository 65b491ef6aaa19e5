"""An All Things Zombie scenario page, in the book's layout: the story, a plan of the table to
scale, then Area, Forces, Deployment, Special Instructions and Goal."""

from __future__ import annotations

from ..compile.atz import Encounter
from ..tabletop import format_inches
from .canvas import PAPER, Circle, Group, Line, Page, Polygon, Rect, Style, Text
from .text import block, fit, squeezed, width, wrap

MARGIN = 14.0
SIDE = {"player": "#1e7b2c", "humans": "#1f5fbf", "zombies": "#8b1a1a", "animals": "#8a5a2b"}


def encounter_pages(encounter: Encounter, paper: str = "a4") -> list[Page]:
    width, height = PAPER[paper]
    info = encounter.model.encounter
    pages = [Page("scenario-1", width, height)]
    inner = width - 2 * MARGIN
    size, lines = fit(info.title, inner, 14, 22, 12, bold=True)
    items, y = block(MARGIN, MARGIN - 4, lines, size, bold=True,
                     squeeze=squeezed("the scenario title", info.title, 22, size, lines))
    pages[0].add(*items)
    sub = f"All Things Zombie {info.kind}" + (f" · {info.source}" if info.source else "")
    items, y = block(MARGIN, y, wrap(sub, inner, 8), 8, fill="#444444")
    pages[0].add(*items)
    if info.text:
        items, y = block(MARGIN, y + 1.5, wrap(info.text, inner, 9), 9)
        pages[0].add(*items)
    y += 4
    plan = min(inner, height * 0.42)
    pages[0].add(Group(_plan(encounter, plan), MARGIN + (inner - plan) / 2, y))
    y += plan + 6
    areas = ", ".join(info.areas)
    times = ", ".join(info.times)
    sections = [
        ("AREA", [(f"{areas.capitalize()}; {times}. Played on a {format_inches(encounter.table.width)} x "
                  f"{format_inches(encounter.table.depth)} table.")]
                 + [f"{pid}: {encounter.described[pid]}." for _, pid, _ in encounter.pieces if pid in encounter.described]),
        ("FORCES", [_force(f) for f in encounter.model.forces]),
        ("DEPLOYMENT", list(info.deployment)),
        ("SPECIAL INSTRUCTIONS", list(info.special) + [f"{t.when} {t.then}" for t in encounter.model.triggers]),
        ("GOAL", list(info.goal)),
    ]
    page = pages[0]
    for title, points in sections:
        if not points:
            continue
        body = [line for point in points for line in _bullet(point, inner)]
        need = 6 + 9 * 0.42 * 1.2 * min(len(body), 3)
        if y + need > height - MARGIN:
            page = Page(f"scenario-{len(pages) + 1}", width, height)
            pages.append(page)
            y = MARGIN
        items, y = block(MARGIN, y, [title], 10, bold=True, fill="#8b1a1a")
        page.add(*items)
        for line in body:
            if y + 4 > height - MARGIN:
                page = Page(f"scenario-{len(pages) + 1}", width, height)
                pages.append(page)
                y = MARGIN
            items, y = block(MARGIN, y, [line], 9)
            page.add(*items)
        y += 2.5
    return pages


def _bullet(text: str, w: float) -> list[str]:
    lines = wrap(text, w - 4, 9)
    return ["• " + lines[0]] + ["   " + line for line in lines[1:]] if lines else []


def _force(force) -> str:
    head = force.side.capitalize()
    parts = []
    if force.figures:
        parts.append("; ".join(
            f"{f.name}" + (f" (Rep {f.rep})" if f.rep else "") + (f", reacts as {f.reacts_as}" if f.reacts_as else "")
            + (f", {', '.join(f.weapons)}" if f.weapons else "") + (f". {f.text}" if f.text else "")
            for f in force.figures))
    if force.count:
        parts.append(f"{force.count}")
    if force.table:
        parts.append(f"rolled on {force.table}")
    if force.text:
        parts.append(force.text)
    return f"{head}: " + "; ".join(parts)


def _plan(encounter: Encounter, size: float) -> list:
    """The table seen from above, scaled to ``size`` millimetres, with a grid every 6 inches."""
    table = encounter.table
    scale = size / float(max(table.width, table.depth))
    w, d = float(table.width) * scale, float(table.depth) * scale
    items: list = [Rect(0, 0, w, d, Style(stroke="#000000", width=0.4, fill="#eef2e6"))]
    for k in range(6, int(max(table.width, table.depth)), 6):
        if k < table.width:
            items.append(Line(k * scale, 0, k * scale, d, Style(stroke="#c8cfbd", width=0.15)))
        if k < table.depth:
            items.append(Line(0, k * scale, w, k * scale, Style(stroke="#c8cfbd", width=0.15)))
    for what, pid, piece in encounter.pieces:
        points = tuple((float(x) * scale, float(y) * scale) for x, y in piece.corners)
        fill = "#b9a27a" if what == "building" else "#7f8c99"
        items.append(Polygon(points, Style(stroke="#222222", width=0.3, fill=fill)))
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        room = max(p[0] for p in points) - min(p[0] for p in points)
        label = max(3.0, min(6.0, 6.0 * (room - 0.6) / max(width(pid, 6, True), 0.1)))
        items.append(Text(cx, cy + 1, pid, label, "middle", True, "#000000"))
    for i, force in enumerate(encounter.model.forces):
        if force.at is None:
            continue
        x, y = float(force.at[0]) * scale, float(force.at[1]) * scale
        colour = SIDE[force.side]
        items += [Circle(x, y, 1.8, Style(stroke="#ffffff", width=0.3, fill=colour)),
                  Text(x, y + 1, str(i + 1), 6, "middle", True, "#ffffff")]
    items.append(Text(w, d + 4, f"{format_inches(table.width)} x {format_inches(table.depth)}; grid 6\"; "
                      "numbers are forces", 6.5, "end", fill="#555555"))
    return items
