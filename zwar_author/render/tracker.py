"""The tracker sheet and counter sheets: what the box's tracker pad and counter sheets hold.

A tracker sheet holds what the game's profile says its tracker keeps (``Tracker``). Z War One's, as its
tracker pad does: the heroes with their XP and perks, a 40-turn turn tracker, 3-turn timers, power perk
uses and ammunition (one box a round). Exodus's, for its tracker board: the heroes with their infection
stage and perk cards, the turn tracker with the order the heroes move in, timers, power perks and
ammunition (the board's dials as boxes). A mission's sheet comes filled in: its heroes, their perks, the
names of its timers, the power perks they hold and the rounds of the weapons they start with. Counter
sheets print the tokens a mission puts on the board, square counters with bleed and crop marks on every
cut line.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games import Tracker, profile
from ..model.content import CompiledMission, Rules
from .canvas import PAPER, PT, Item, Line, Page, Polygon, Rect, Style, Text
from .text import fit, squeezed

MARGIN = 12.0
HEADING = 9.0  # points
INK = Style(stroke="#000000", width=0.25)
FAINT = Style(stroke="#777777", width=0.2)
SHADED = Style(stroke="#000000", width=0.25, fill="#e6e6e6")


@dataclass(frozen=True)
class TrackerSpec:
    """What a tracker sheet is filled in with (everything may be empty: a blank sheet)."""

    title: str
    heroes: tuple[str, ...] = ()  # hero ids (pack/id) of ``rules``
    perks: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (hero id, perk ids) held at the start
    timers: tuple[str, ...] = ()  # timer names written on the sheet
    game: str = "zwar1"  # whose tracker: its profile says what the sheet keeps


def tracker_pages(rules: Rules, spec: TrackerSpec, paper: str = "a4", name: str = "tracker") -> list[Page]:
    width, height = PAPER[paper]
    page = Page(f"{name}-1", width, height)
    inner = width - 2 * MARGIN
    keeps = profile(spec.game).trackers
    heroes = [h for ref in spec.heroes for h in rules.heroes if h.id == ref][:4]
    perks = {p.id: p for p in rules.perks}
    held = dict(spec.perks)
    size, title = fit(spec.title, inner, 10, 16, 14, bold=True)
    page.add(Text(MARGIN, MARGIN + size * PT, title[0], size, bold=True,
                  squeeze=squeezed("the title", spec.title, 16, size, title[:1])))
    page.add(Text(MARGIN, MARGIN + size * PT + 5, _contents(keeps), 7.5, fill="#444444"))
    y = MARGIN + size * PT + 10
    stages = _stages(rules, spec.game) if Tracker.INFECTION in keeps else []
    y = _heroes(page, heroes, held, perks, y, inner, Tracker.XP in keeps, stages)
    y = _turns(page, y, inner, [h.initial for h in heroes] if Tracker.TURN_ORDER in keeps else None)
    power = [f"{perks[p].name} ({h.initial})" for h in heroes for p in held.get(h.id, ()) if p in perks
             and perks[p].power]
    y = _slots(page, "3-turn timers", list(spec.timers), y, inner)
    y = _slots(page, "Power perks (3 uses a mission)", power, y, inner)
    _ammo(page, rules, heroes, y, inner, height - MARGIN)
    return [page]


def _contents(keeps: frozenset[Tracker]) -> str:
    parts = ["XP, perks" if Tracker.XP in keeps else "infection stages, perk cards" if Tracker.INFECTION in keeps
             else "perks", "turns and turn order" if Tracker.TURN_ORDER in keeps else "turns",
             "3-turn timers", "power perks", "ammunition"]
    return "Tracker sheet: " + ", ".join(parts)


def _stages(rules: Rules, game: str) -> list[int]:
    """The AP a hero has at each infection stage, from the game's rules data (empty if it has none)."""
    entry = next((g for g in rules.games if g.id.rpartition("/")[2] == game), None)
    return list(entry.infection_ap) if entry is not None else []


def _heading(page: Page, text: str, y: float) -> float:
    page.add(Text(MARGIN, y + HEADING * PT, text.upper(), HEADING, bold=True))
    return y + HEADING * PT + 1.5


def _heroes(page, heroes, held, perks, y, inner, xp: bool, stages: list[int]) -> float:
    """A row a hero: the name, then XP or the infection stages (a box a stage, its AP beside), then perks."""
    y = _heading(page, "Heroes", y)
    stage_w = 9.0 * len(stages)
    middle = ("XP", 22.0) if xp else ("Infection stage", max(stage_w, 30.0)) if stages else None
    cols = [("Hero", 40.0), *([middle] if middle else []),
            ("Perks" if xp else "Perk cards", inner - 40.0 - (middle[1] if middle else 0.0))]
    x = MARGIN
    for label, w in cols:
        page.add(Rect(x, y, w, 6, SHADED), Text(x + 1.5, y + 4.3, label, 7.5, bold=True))
        x += w
    y += 6
    perks_x = MARGIN + sum(w for _, w in cols[:-1])
    names = [f"{h.name.upper()} ({h.initial})" for h in heroes] + [""] * (4 - len(heroes))
    for row, label in enumerate(names[:max(len(heroes), 2 if stages else 4)]):
        x = MARGIN
        for _, w in cols:
            page.add(Rect(x, y, w, 9, INK))
            x += w
        page.add(Text(MARGIN + 1.5, y + 6, label, 8, bold=True))
        if stages and not xp:
            for n, ap in enumerate(stages):
                bx = MARGIN + 40.0 + 1.5 + n * 9.0
                page.add(Rect(bx, y + 1, 6, 5, INK), Text(bx + 3, y + 4.6, str(n + 1), 6, "middle"),
                         Text(bx + 3, y + 8.4, f"{ap} AP", 4, "middle", fill="#555555"))
        if row < len(heroes):
            bought = ", ".join(perks[p].name for p in held.get(heroes[row].id, ()) if p in perks)
            if bought:
                size, lines = fit(bought, inner - (perks_x - MARGIN) - 3, 9, 8, 5)
                page.add(Text(perks_x + 1.5, y + 6, lines[0], size, squeeze=squeezed(
                    f"the perks of {heroes[row].name}", bought, 8, size, lines[:1])))
        y += 9
    return y + 5


def _turns(page, y, inner, order: list[str] | None) -> float:
    """40 numbered turns to cross off; with ``order`` (the heroes' initials), a line under each turn for the
    initial of the hero who moves first."""
    y = _heading(page, "Turn tracker" + (" and turn order" if order is not None else ""), y)
    box, tall = inner / 20, 12 if order is not None else 7
    for n in range(40):
        row, col = divmod(n, 20)
        x, top = MARGIN + col * box, y + row * tall
        page.add(Rect(x, top, box, tall, INK), Text(x + box / 2, top + 4.8, str(n + 1), 7, "middle"))
        if order is not None:
            page.add(Line(x + 1.5, top + tall - 1.5, x + box - 1.5, top + tall - 1.5, FAINT))
    if order is not None:
        heroes = f" ({', '.join(order)})" if order else ""
        page.add(Text(MARGIN, y + 2 * tall + 3.5, f"Under each turn, the initial of the hero who moves first{heroes}.",
                      6.5, fill="#444444"))
        return y + 2 * tall + 8
    return y + 2 * tall + 5


def _slots(page, heading, names, y, inner) -> float:
    """Eight slots, four a row: a name written on a line, then three boxes to cross off."""
    y = _heading(page, heading, y)
    slot = inner / 4
    for k in range(8):
        row, col = divmod(k, 4)
        x, top = MARGIN + col * slot, y + row * 15
        page.add(Line(x + 1, top + 5.5, x + slot - 3, top + 5.5, FAINT))
        if k < len(names):
            size, lines = fit(names[k], slot - 4, 5, 7.5, 5)
            page.add(Text(x + 1.5, top + 4.5, lines[0], size,
                          squeeze=squeezed("the name of a timer", names[k], 7.5, size, lines[:1])))
        for b in range(3):
            page.add(Rect(x + 1 + b * 7, top + 7, 7, 6, INK), Text(x + 4.5 + b * 7, top + 11.3, str(b + 1), 7, "middle"))
    return y + 30 + 4


def _ammo(page, rules, heroes, y, inner, bottom) -> None:
    """A row of numbered boxes for each starting firearm, by its owner's initial, then blank rows."""
    y = _heading(page, "Ammunition", y)
    cards = {e.id: e for e in rules.equipment}
    rows = [(f"{cards[e].name} ({h.initial})", cards[e].ammo or 0) for h in heroes for e in h.equipment
            if e in cards and cards[e].ammo]
    box, label_w = 5.0, 42.0
    per_row = int((inner - label_w) // box)
    while y + 6 <= bottom:
        name, rounds = rows.pop(0) if rows else ("", per_row)
        page.add(Line(MARGIN, y + 4.8, MARGIN + label_w - 2, y + 4.8, FAINT))
        if name:
            size, lines = fit(name, label_w - 3, 4, 7.5, 5)
            page.add(Text(MARGIN + 0.5, y + 4, lines[0], size,
                          squeeze=squeezed("the name of a firearm", name, 7.5, size, lines[:1])))
        for n in range(min(rounds, per_row * 3)):
            line, col = divmod(n, per_row)
            if line and col == 0:
                y += 6
            x = MARGIN + label_w + col * box
            page.add(Rect(x, y, box, 5, INK))
            if name:
                page.add(Text(x + box / 2, y + 3.6, str(n + 1), 5, "middle", fill="#555555"))
        y += 6.5


# --- counters ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counter:
    kind: str  # alert, bitten, search, active, objective, item, object, keycard, crate, door, or a pack's own
    label: str  # what is printed on it
    colour: str


COLOURS = {"alert": "#e0a800", "bitten": "#c0392b", "search": "#6e4b2a", "active": "#2e8b3a",
           "objective": "#1f3a5f", "item": "#1f5fa8", "object": "#d9761a", "crate": "#7a5c2e",
           "door": "#8a6d3b"}
KEYCARD = {"red": "#c0392b", "blue": "#1f5fa8", "green": "#2e8b3a", "yellow": "#e0c000", "orange": "#d9761a",
           "purple": "#6c3483", "white": "#dddddd", "black": "#222222"}


def counter_pages(counters: list[Counter], paper: str = "a4", size: float = 20.0, bleed: float = 2.0,
                  name: str = "counters") -> list[Page]:
    """Square counters of ``size`` mm, each with ``bleed`` mm of colour around it and crop marks in the
    margins on every cut line; as many pages as they need."""
    pw, ph = PAPER[paper]
    gap = 2 * bleed
    cols = int((pw - 2 * MARGIN + gap) // (size + gap))
    rows = int((ph - 2 * MARGIN + gap) // (size + gap))
    left = (pw - cols * size - (cols - 1) * gap) / 2
    top = (ph - rows * size - (rows - 1) * gap) / 2
    pages = []
    per_page = cols * rows
    for start in range(0, len(counters), per_page):
        chunk = counters[start:start + per_page]
        page = Page(f"{name}-{start // per_page + 1}", pw, ph)
        used_rows = (len(chunk) + cols - 1) // cols
        for index, counter in enumerate(chunk):
            row, col = divmod(index, cols)
            page.items += _counter(counter, left + col * (size + gap), top + row * (size + gap), size, bleed)
        xs = [left + c * (size + gap) + d for c in range(min(cols, len(chunk))) for d in (0, size)]
        ys = [top + r * (size + gap) + d for r in range(used_rows) for d in (0, size)]
        page.items += _marks(xs, ys, left - bleed, top - bleed, left + cols * (size + gap) - gap + bleed,
                             top + used_rows * (size + gap) - gap + bleed, pw, ph)
        pages.append(page)
    return pages


def _counter(counter: Counter, x: float, y: float, size: float, bleed: float) -> list[Item]:
    colour = counter.colour
    items: list[Item] = [Rect(x - bleed, y - bleed, size + 2 * bleed, size + 2 * bleed, Style(fill=colour)),
                         Rect(x + 1.2, y + 1.2, size - 2.4, size - 2.4, Style(stroke="#ffffff", width=0.5))]
    if counter.kind == "alert":  # the tip of the triangle points the way the hero covers
        items.append(Polygon(((x + size / 2, y + 3), (x + size - 4, y + size - 6), (x + 4, y + size - 6)),
                             Style(fill="#ffffff")))
        items.append(Text(x + size / 2, y + size - 2.2, "ALERT", 5, "middle", True, "#ffffff"))
        return items
    size_pt, lines = fit(counter.label, size - 4, 6.5, 14, 4, bold=True)  # one line
    ink = "#000000" if colour in ("#dddddd", "#e0c000", "#e0a800") else "#ffffff"
    squeeze = squeezed(f"the label of a {counter.kind} counter", counter.label, 14, size_pt, lines[:1])
    items.append(Text(x + size / 2, y + size / 2 + size_pt * PT * 0.35, lines[0], size_pt, "middle", True, ink,
                      squeeze if squeeze is not None and squeeze.cut else None))
    if counter.kind not in ("objective",) and counter.label.upper() != counter.kind.upper():
        items.append(Text(x + size / 2, y + size - 2.2, counter.kind.upper(), 4.5, "middle", False, ink))
    return items


def _marks(xs, ys, x0, y0, x1, y1, pw, ph) -> list[Item]:
    """Crop marks in the margins: a short line on each cut line, clear of the bleed."""
    mark = Style(stroke="#000000", width=0.15)
    items: list[Item] = []
    for x in sorted(set(xs)):
        items += [Line(x, max(1.0, y0 - 7), x, y0 - 1, mark), Line(x, y1 + 1, x, min(ph - 1, y1 + 7), mark)]
    for y in sorted(set(ys)):
        items += [Line(max(1.0, x0 - 7), y, x0 - 1, y, mark), Line(x1 + 1, y, min(pw - 1, x1 + 7), y, mark)]
    return items


def mission_counters(mission: CompiledMission, rooms: int, extra: dict[str, int]) -> list[Counter]:
    """The counters a mission needs: two alert tokens and a bitten token a hero, a search and an active
    token a room, its objectives, items, objects, keycards and crates, the doors it needs beyond the
    box's (``extra_doors``), and the pack's own kinds."""
    heroes = len(mission.mission.heroes) or 4
    out = [Counter("alert", "", COLOURS["alert"])] * (2 * heroes)
    out += [Counter("bitten", "BITTEN", COLOURS["bitten"])] * heroes
    out += [Counter("search", "SEARCH", COLOURS["search"])] * rooms
    out += [Counter("active", "ACTIVE", COLOURS["active"])] * rooms
    out += [Counter("objective", str(o.number), COLOURS["objective"]) for o in mission.objectives]
    out += [Counter("item", i.letter, COLOURS["item"]) for i in mission.items]
    out += [Counter("object", o.letter, COLOURS["object"]) for o in mission.objects]
    out += [Counter("keycard", k.colour.upper(), KEYCARD[k.colour]) for k in mission.keycards]
    out += [Counter("crate", "CRATE", COLOURS["crate"])] * len(mission.crates)
    out += [Counter("door", "DOOR", COLOURS["door"])] * mission.mission.extra_doors
    for kind, count in sorted(extra.items()):
        out += [Counter(kind, kind.upper(), "#555555")] * count
    return out
