"""The mission page, as a rulebook prints it: title, briefing, map, key, conditions and tables.

Below the map, blocks (the key, victory and defeat, events, spawn tables, XP and
director cards) flow into two columns; if they do not fit, the type shrinks a
little, and past that the page continues on a second one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..geometry.board import Board
from ..model.content import CompiledMission, Result
from ..tables import charts
from .board import draw_floor
from .canvas import PAPER, PT, Group, Item, Line, Page, Rect, Style, Text
from .key import key_items
from .text import LEADING, block, fit, squeezed, wrap
from .theme import Theme

MARGIN = 14.0
GAP = 8.0
GAMES = {"zwar1": "Z War One", "exodus": "Exodus", "agentz": "Agent Z"}


@dataclass
class Block:
    """A heading and what goes under it, laid out for a column width at a type scale."""

    heading: str
    layout: Callable[..., tuple[float, list[Item]]]  # (width, scale) -> (height, items at the origin)


#: Tried in order until everything fits on one page: (map height as a share of the page, type scale).
FITTINGS = ((0.42, 1.0), (0.38, 1.0), (0.34, 1.0), (0.34, 0.92), (0.30, 0.85), (0.30, 0.78), (0.27, 0.74))


def mission_pages(mission: CompiledMission, board: Board, theme: Theme, paper: str = "a4") -> list[Page]:
    width, height = PAPER[paper]
    for share, scale in FITTINGS:
        pages = _layout(mission, board, theme, width, height, share, scale)
        if len(pages) == 1:
            return pages
    return pages


def _layout(mission, board, theme, width, height, share, scale) -> list[Page]:
    page = Page("mission-1", width, height)
    info = mission.mission
    y = MARGIN
    title_size, title = fit(info.title, width - 2 * MARGIN, 14, 20 * scale, 12, bold=True)
    squeeze = squeezed("the mission title", info.title, 20, title_size, title)
    if scale < 1:  # the page's type was set smaller to fit it on one page
        squeeze = squeezed("the type of the mission page of", info.title, 100, round(100 * scale), [info.title], "%")
    items, y = block(MARGIN, y, title, title_size, bold=True, squeeze=squeeze)
    page.items += items
    items, y = block(MARGIN, y, [_subtitle(mission)], 8.5 * scale, fill="#444444")
    page.items += items
    if info.briefing.strip():
        items, y = block(MARGIN, y + 2, wrap(info.briefing, width - 2 * MARGIN, 9 * scale), 9 * scale)
        page.items += items
    y += 3
    map_h = min(height * share, height - y - 60)
    page.items += _map(mission, board, theme, MARGIN, y, width - 2 * MARGIN, map_h)
    y += map_h + 5
    column_w = (width - 2 * MARGIN - GAP) / 2
    pages = [page]
    columns = [MARGIN, MARGIN + column_w + GAP]
    column, top = 0, y
    for part in _blocks(mission, board, theme):
        h, items = _block(part, column_w, scale)
        if top + h > height - MARGIN and top > y:  # next column, or a new page
            column += 1
            top = y
            if column == len(columns):
                page = Page(f"mission-{len(pages) + 1}", width, height)
                pages.append(page)
                column, y = 0, MARGIN
                top = y
        page.add(Group(items, columns[column], top))
        top += h + 4
    return pages


def _subtitle(mission: CompiledMission) -> str:
    info = mission.mission
    parts = []
    if info.chapter is not None:
        parts.append(("Director Game " if info.mode == "director" else "Chapter ") + str(info.chapter))
    parts += [GAMES[info.game], info.mode]
    return " · ".join(parts)


def _map(mission, board: Board, theme: Theme, x, y, w, h) -> list:
    """Every floor side by side, scaled to fit the box, each under its name."""
    floors = board.floors
    widths = [f.grid.width for f in floors]
    label = 5.0
    s = min((w - GAP * (len(floors) - 1)) / sum(widths), (h - label) / max(f.grid.height for f in floors))
    items: list[Item] = []
    left = x
    names = {f.id: f.name or f.id for f in mission.board.floors}
    for floor in floors:
        if len(floors) > 1:
            items.append(Text(left, y + 3.5, names[floor.id], 8, bold=True))
        drawing = draw_floor(floor, mission, theme, s)
        items.append(Group([drawing], left, y + (label if len(floors) > 1 else 0)))
        left += floor.grid.width * s + GAP
    return items


def _block(part: Block, w: float, scale: float) -> tuple[float, list]:
    head = 9.5 * scale
    items: list[Item] = [Text(0, head * PT, part.heading.upper(), head, bold=True),
             Line(0, head * PT + 1.2, w, head * PT + 1.2, Style(stroke="#000000", width=0.3))]
    body_h, body = part.layout(w, scale)
    items.append(Group(body, 0, head * PT + 2.5))
    return head * PT + 2.5 + body_h, items


def _blocks(mission: CompiledMission, board: Board, theme: Theme) -> list[Block]:
    blocks = [Block("Key", lambda w, s: key_items(mission, board, theme, w, s))]
    for title, conditions in (("Victory", mission.victory), ("Defeat", mission.defeat)):
        if conditions:
            blocks.append(Block(title, lambda w, s, c=conditions: _paragraphs([_condition(x) for x in c], w, s)))
    if mission.events:
        blocks.append(Block("Events", lambda w, s: _paragraphs([_event(e) for e in _ordered(mission.events)], w, s)))
    if mission.roles:
        blocks.append(Block("Roles", lambda w, s: _paragraphs(
            [f"{r.name}: {r.text}" if r.text else r.name for r in mission.roles], w, s)))
    notes = mission.spawn.text.strip() if mission.spawn else ""
    if notes:
        blocks.append(Block("Spawning", lambda w, s: _paragraphs([notes], w, s)))
    if mission.spawn:
        classes = {c.id: c for c in mission.rules.infected}
        for phase in mission.spawn.phases:
            name = "" if len(mission.spawn.phases) == 1 else f" · {phase.name or 'phase ' + phase.id}"
            if phase.turn:
                blocks.append(Block("Turn spawn" + name, lambda w, s, t=phase.turn: _tables(
                    [(t.where, "Roll 1", "Outcome"), (t.what, "Roll 2", "Outcome"), (t.table, "D8", "Outcome")],
                    classes, w, s, t.text + (f" Rolled {t.rolls} times a turn." if t.rolls > 1 else ""))))
            if phase.room:
                blocks.append(Block("Room spawn" + name, lambda w, s, r=phase.room: _tables(
                    [(r.what, "Roll 1", "Outcome"), (r.distance, "Roll 2", "Distance"), (r.table, "D8", "Outcome")],
                    classes, w, s, r.text)))
    facts = _facts(mission)
    if facts:
        blocks.append(Block("For this game", lambda w, s: _paragraphs(facts, w, s, bold=True)))
    if mission.mission.notes:
        blocks.append(Block("Notes", lambda w, s: _paragraphs(mission.mission.notes, w, s)))
    return blocks


def _paragraphs(texts: list[str], w: float, scale: float, bold: bool = False) -> tuple[float, list]:
    items, y = [], 0.0
    for text in texts:
        lines = wrap(text, w, 8 * scale, bold)
        made, y = block(0, y, lines, 8 * scale, bold)
        items += made
        y += 1.2
    return y, items


def _condition(cond) -> str:
    if cond.text:
        return cond.text
    parts = []
    if cond.objectives == "all":
        parts.append("complete every objective")
    elif cond.objectives:
        parts.append("complete objectives " + ", ".join(map(str, cond.objectives)))
    if cond.objectives_count:
        parts.append(f"complete {cond.objectives_count} objectives")
    if cond.escape:
        parts.append(f"{cond.escape} heroes leave by an exit")
    if cond.carrying:
        parts.append("carrying " + ", ".join(cond.carrying))
    if cond.survive:
        parts.append(f"survive to the end of turn {cond.survive}")
    if cond.kill:
        parts.append(f"kill {cond.kill}")
    if cond.any_hero_dies:
        parts.append("a hero dies")
    if cond.npc_dies:
        parts.append(f"{cond.npc_dies} dies")
    if cond.after_turn:
        parts.append(f"turn {cond.after_turn} ends")
    side = "" if cond.side == "heroes" else f"{cond.side.capitalize()}: "
    return side + "; ".join(parts).capitalize() + "."


def _ordered(events) -> list:
    return sorted(events, key=lambda e: (e.when.turn is None, e.when.turn or 0))


def _event(event) -> str:
    when = event.when
    if when.turn:
        head = f"Turn {when.turn}"
    elif when.door_opened:
        head = f"When the door at {when.door_opened.split(':', 1)[1]} opens"
    elif when.task_done:
        head = f"When a task is done in {when.task_done.split(':', 1)[1]}"
    elif when.objective:
        head = f"When objective {when.objective} is done"
    elif when.picked_up:
        head = f"When {when.picked_up} is picked up"
    elif when.timer:
        head = f"When the 3-turn timer `{when.timer}` runs out"
    else:
        head = f"When {when.room_activated.split(':', 1)[1]} is activated"
    text = event.text or _effects(event)
    return text if text.lower().startswith(head.lower()) else f"{head}: {text}"


def _effects(event) -> str:
    parts = []
    if event.spawn_phase:
        parts.append(f"spawn phase {event.spawn_phase}")
    if event.open_exits:
        parts.append("the exits open")
    if event.open_doors:
        parts.append("doors open: " + ", ".join(d.split(":", 1)[1] for d in event.open_doors))
    if event.enter:
        parts.append(f"{event.enter} enters")
    parts += [_result(r, {}) for r in event.spawn]
    return "; ".join(parts) + "."


def _facts(mission: CompiledMission) -> list[str]:
    info, facts = mission.mission, []
    if info.xp_perk_allowance is not None:
        facts.append(f"{info.xp_perk_allowance} XP perk allowance")
    if info.director_cards is not None:
        cards = info.director_cards
        who = {"director": "", "each": " each"}.get(cards.dealt_to, f" ({cards.dealt_to})")
        facts.append(f"{cards.count} director cards{who}")
    if info.extra_doors:
        facts.append(f"{info.extra_doors} doors beyond the box's (door counters on the counter sheet)")
    return facts


def _tables(tables, classes, w: float, scale: float, note: str) -> tuple[float, list]:
    """Dice tables side by side, each with its header row (the die, and what the roll gives)."""
    present = [(t, a, b) for t, a, b in tables if t is not None]
    size = 7.5 * scale
    row_h = size * PT * LEADING + 0.6
    gap = 3.0
    col_w = (w - gap * (len(present) - 1)) / len(present)
    items, bottom = [], 0.0
    for k, (table, first, second) in enumerate(present):
        x = k * (col_w + gap)
        face_w = 9.0
        header = [Rect(x, 0, col_w, row_h, Style(fill="#222222")),
                  Text(x + 1, row_h - 1.3, first if first != "D8" else f"D{table.die}", size, bold=True, fill="#ffffff"),
                  Text(x + face_w + 1, row_h - 1.3, second.upper(), size, bold=True, fill="#ffffff")]
        items += header
        y = row_h
        for i, row in enumerate(charts.of(table).rows):
            faces = row.key.text
            text = _result(row.results[None].data, classes)
            lines = wrap(text, col_w - face_w - 2, size)
            h = row_h * max(1, len(lines))
            items.append(Rect(x, y, col_w, h, Style(fill="#f0f0f0" if i % 2 else "#ffffff", stroke="#bbbbbb", width=0.1)))
            items.append(Text(x + 1, y + row_h - 1.3, faces, size, bold=True))
            for j, line in enumerate(lines):
                items.append(Text(x + face_w + 1, y + row_h * (j + 1) - 1.3, line, size))
            y += h
        bottom = max(bottom, y)
    if note.strip():
        made, bottom = block(0, bottom + 1, wrap(note, w, 7 * scale), 7 * scale, fill="#333333")
        items += made
    return bottom, items


def _result(result: Result, classes: dict) -> str:
    if result.kind == "spawn_point":
        return f"Spawn point {result.spawn_point}"
    if result.kind == "distance":
        return f"{result.distance} square{'s' if result.distance != 1 else ''}"
    if result.kind != "infected":
        return result.kind.replace("_", " ").capitalize()
    infected = classes.get(result.infected)
    name = (infected.name if result.count == 1 else infected.plural.capitalize()) if infected else result.infected
    text = f"{result.count} {name}"
    if result.spawn_point:
        text += f" on {result.spawn_point}"
    if result.distance:
        text += f" ({result.distance}{'*' if result.adjacent else ''})"
    return text
