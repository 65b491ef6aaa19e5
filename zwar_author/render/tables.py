"""Quick-reference sheets of random tables, and the All Things Zombie record sheets.

A quick-reference sheet sets tables in two columns, each as the rulebook
prints it: a title bar with the dice, the modifiers, then the rows with an
odds column a player can read at the table. The odds are of the roll before
modifiers (a sum table whose dice read a number from the context, such as
1d6 + Rep, says so instead); a passing-dice test gets one column per Rep.

The record sheets are blank forms to fill in by hand: the group roster, the
group's and the area's resources, and the group's information and history.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from ..model.table_kind import Kind
from ..tables.dice import Dist
from ..tables.odds import row_odds
from ..tables.table import Row, Table
from .canvas import PAPER, PT, Group, Line, Page, Rect, Style, Text
from .text import LEADING, block, fit, squeezed, width, wrap

MARGIN = 12.0
GAP = 6.0
SIZE = 7.0
ROLL_W = 13.0
ODDS_W = 13.0
REPS = range(1, 7)


def percent(p: Fraction) -> str:
    """A chance as a player reads it at the table: 17%, <1%, 0."""
    if not p:
        return "–"
    value = float(p) * 100
    return "<1%" if value < 1 else f"{value:.0f}%"


def unmodified(table: Table) -> list[Fraction] | None:
    """Each row's chance on the roll before modifiers, or None when the dice read the context."""
    if table.kind is not Kind.SUM or table.dice.names:
        return None
    dist: Dist = table.dice.dist()
    out = []
    for row in table.rows:
        p = sum((q for t, q in dist.items() if row.key.holds(t)), Fraction(0))
        if row.key.sub:
            p *= Fraction(row.key.sub[1] - row.key.sub[0] + 1, table.subdie)
        out.append(p)
    return out


def by_rep(table: Table) -> dict[int, list[Fraction]] | None:
    """A passing-dice test against ``rep``: each row's chance at Rep 1 to 6, no modifier applied;
    an opposed table of ``rep`` against ``their_rep``: each row's chance when both Reps are equal."""
    plain = replace(table, modifiers=())
    if table.kind is Kind.OPPOSED and plain.base_keys == {"rep", "their_rep"}:
        return {rep: [p for _, p in row_odds(plain, {"rep": rep, "their_rep": rep})] for rep in REPS}
    if table.kind is not Kind.PASS or table.against is None or table.against.names != {"rep"}:
        return None
    return {rep: [p for _, p in row_odds(plain, {"rep": rep})] for rep in REPS}


def _dice(table: Table) -> str:
    if table.kind is Kind.SUM:
        return table.dice.text()
    pool = table.pool.text() if table.pool is not None else "2"
    if table.kind is Kind.PASS:
        return f"{pool}d6 vs {table.against.text() if table.against else 'Rep'}"
    if table.kind is Kind.OPPOSED:
        versus = table.versus.text() if table.versus is not None else "0"
        return f"{pool} v {versus} d6, successes"
    return f"{pool} d6, count successes"


def table_block(table: Table, w: float) -> tuple[float, list]:
    """One table drawn at the top left of a ``w`` wide column: its height and items."""
    items: list = []
    bar = SIZE * 1.5 * PT * LEADING + 1.2
    items += [Rect(0, 0, w, bar, Style(fill="#222222")),
              Text(1.5, bar - 1.6, table.name.upper(), SIZE * 1.2, bold=True, fill="#ffffff"),
              Text(w - 1.5, bar - 1.6, _dice(table), SIZE, "end", True, "#ffffff")]
    y = bar + 0.6
    for mod in table.modifiers:
        text, y = block(1.5, y, wrap(_modifier(mod), w - 3, SIZE * 0.95), SIZE * 0.95, fill="#333333")
        items += text
    if table.text:
        text, y = block(1.5, y, wrap(table.text, w - 3, SIZE * 0.9), SIZE * 0.9, fill="#555555")
        items += text
    y += 0.8
    odds = unmodified(table)
    reps = by_rep(table)
    odds_w = 6.5 * len(REPS) if reps else ODDS_W if odds else 0.0
    roll_w = max([ROLL_W] + [width(r.key.text + " *", SIZE, True) + 3 for r in table.rows])
    result_w = w - roll_w - odds_w - 2
    header = ["#", "result"] + ([f"{r}" for r in REPS] if reps else ["odds"] if odds else [])
    items += _header(header, w, y, roll_w, odds_w, bool(reps), "EQUAL REP" if table.kind is Kind.OPPOSED else "REP")
    y += SIZE * PT * LEADING + 1
    for i, row in enumerate(table.rows):
        h, made = _row(row, i, roll_w, result_w, odds_w, w, odds, reps)
        items += [Group(made, 0, y)]
        y += h
    if not table.rows:
        text, y = block(1.5, y, wrap("The number of successes is the result.", w - 3, SIZE), SIZE)
        items += text
    if table.source:
        text, y = block(1.5, y + 0.5, wrap(table.source, w - 3, SIZE * 0.8), SIZE * 0.8, fill="#777777")
        items += text
    if reps is not None and table.kind is Kind.OPPOSED:
        note = "odds with both sides at the same Rep, no modifier; `zwar odds` gives every case"
        text, y = block(1.5, y, wrap(note, w - 3, SIZE * 0.8), SIZE * 0.8, fill="#777777")
        items += text
    if odds is not None and table.modifiers:
        text, y = block(1.5, y, ["odds before modifiers; `zwar odds` gives every case"], SIZE * 0.8, fill="#777777")
        items += text
    return y, items


def _modifier(mod) -> str:
    when = ", ".join(f"{k} = {' or '.join(sorted(map(str, v)))}" for k, v in mod.when.items())
    value = mod.value.text()
    them = ", their dice" if mod.side == "them" else ""
    return f"{value if value.startswith('-') else '+' + value} {mod.name}" + (f" ({when}{them})" if when else "")


def _header(names: list[str], w: float, y: float, roll_w: float, odds_w: float, reps: bool, rep: str = "REP") -> list:
    h = SIZE * PT * LEADING + 1
    items: list = [Rect(0, y, w, h, Style(fill="#dddddd")),
                   Text(1.5, y + h - 1.2, names[0], SIZE, bold=True),
                   Text(roll_w + 1, y + h - 1.2, names[1].upper(), SIZE, bold=True)]
    if reps:
        items.append(Text(w - odds_w - 1, y + h - 1.2, rep, SIZE * 0.8, "end", True))
        for k, name in enumerate(names[2:]):
            items.append(Text(w - odds_w + 6.5 * k + 3.25, y + h - 1.2, name, SIZE, "middle", True))
    elif len(names) > 2:
        items.append(Text(w - 1.5, y + h - 1.2, names[2].upper(), SIZE, "end", True))
    return items


def _row(row: Row, i: int, roll_w: float, result_w: float, odds_w: float, w: float, odds: list[Fraction] | None, reps: dict[int, list[Fraction]] | None) -> tuple[float, list]:
    texts = []
    for key, result in row.results.items():
        texts.append(f"{key}: {result.label()}" if key is not None else result.label())
    lines = [line for text in texts for line in wrap(text, result_w, SIZE)]
    step = SIZE * PT * LEADING
    h = step * max(1, len(lines)) + 0.8
    items: list = [Rect(0, 0, w, h, Style(fill="#f3f3f3" if i % 2 else "#ffffff", stroke="#bbbbbb", width=0.1))]
    key = row.key.text + (" *" if row.assumed else "")
    items.append(Text(1.5, step - 0.6, key, SIZE, bold=True))
    made, _ = block(roll_w + 1, step * 0.25 - 0.6, lines, SIZE)
    items += made
    if reps:
        for k, rep in enumerate(REPS):
            items.append(Text(w - odds_w + 6.5 * k + 3.25, step - 0.6, percent(reps[rep][i]), SIZE * 0.9, "middle"))
    elif odds is not None:
        items.append(Text(w - 1.5, step - 0.6, percent(odds[i]), SIZE, "end", True))
    return h, items


def table_pages(tables: list[Table], paper: str = "a4", title: str = "Tables") -> list[Page]:
    """Quick-reference pages: the tables in two columns, in the order given, a new page when full."""
    width, height = PAPER[paper]
    column_w = (width - 2 * MARGIN - GAP) / 2
    pages: list[Page] = []

    def new_page() -> tuple[Page, float]:
        page = Page(f"tables-{len(pages) + 1}", width, height)
        size, lines = fit(title, width - 2 * MARGIN, 10, 14, 9, bold=True)
        items, y = block(MARGIN, MARGIN - 4, lines, size, bold=True,
                         squeeze=squeezed("the title", title, 14, size, lines))
        page.add(*items)
        pages.append(page)
        return page, y + 2

    page, top = new_page()
    columns = [MARGIN, MARGIN + column_w + GAP]
    column, y = 0, top
    for table in tables:
        h, items = table_block(table, column_w)
        if y + h > height - MARGIN and y > top:
            column += 1
            y = top
            if column == len(columns):
                page, top = new_page()
                column, y = 0, top
        page.add(Group(items, columns[column], y))
        y += h + 4
    if any(r.assumed for t in tables for r in t.rows):
        page.add(Text(MARGIN, height - MARGIN + 5, "* not printed as such in the rulebook: an erratum "
                      "(zwar assumed lists them)", SIZE * 0.8, fill="#555555"))
    return pages


# --- All Things Zombie record sheets ---------------------------------------------------

RESOURCES = ["Body armor", "Food", "Fuel", "Luxury items", "Medical supplies", "Vehicles", "Weapons"]
#: Availability of each resource by area, as the campaign rules print it.
AVAILABLE = {"Body armor": (12, 5, 1), "Food": (60, 35, 10), "Fuel": (30, 15, 5), "Luxury items": (50, 25, 10),
             "Medical supplies": (20, 8, 3), "Vehicles": (50, 20, 5), "Weapons": (50, 20, 15)}


def _title(page: Page, text: str, sub: str) -> float:
    items, y = block(MARGIN, MARGIN - 4, [text], 16, bold=True)
    page.add(*items)
    items, y = block(MARGIN, y, [sub], 8.5, fill="#444444")
    page.add(*items)
    return y + 3


def _grid(page: Page, x: float, y: float, widths: list[float], heads: list[str], rows: int,
          row_h: float = 7.0, labels: list[str] | None = None) -> float:
    """A ruled form: a header row and ``rows`` empty rows (or labelled ones); the y below it."""
    w = sum(widths)
    page.add(Rect(x, y, w, row_h, Style(fill="#222222")))
    cx = x
    for head, cw in zip(heads, widths):
        page.add(Text(cx + 1.5, y + row_h - 2.2, head.upper(), 7, bold=True, fill="#ffffff"))
        cx += cw
    y += row_h
    for i in range(rows):
        page.add(Rect(x, y, w, row_h, Style(stroke="#888888", width=0.15, fill="#f5f5f5" if i % 2 else None)))
        cx = x
        for cw in widths[:-1]:
            cx += cw
            page.add(Line(cx, y, cx, y + row_h, Style(stroke="#bbbbbb", width=0.15)))
        if labels and i < len(labels):
            page.add(Text(x + 1.5, y + row_h - 2.2, labels[i], 8, bold=True))
        y += row_h
    return y


def record_pages(paper: str = "a4") -> list[Page]:
    """The group roster, the resources sheet, and the group's information and history."""
    width, height = PAPER[paper]
    inner = width - 2 * MARGIN
    roster = Page("records-1-roster", width, height)
    y = _title(roster, "Group Roster", "All Things Zombie: one line a figure; strike through the lost.")
    share = [0.2, 0.1, 0.06, 0.2, 0.2, 0.24]
    _grid(roster, MARGIN, y, [inner * s for s in share], ["Name", "Class", "Rep", "Attributes", "Weapons", "Notes"],
          int((height - y - MARGIN) / 9) - 1, 9)
    resources = Page("records-2-resources", width, height)
    y = _title(resources, "Resources", "Current group resources, and what the current area still holds.")
    y = _grid(resources, MARGIN, y, [inner * 0.3, inner * 0.7], ["Current group resources", "Units (tally)"],
              len(RESOURCES), 9, RESOURCES) + 8
    y = _grid(resources, MARGIN, y, [inner * 0.3] + [inner * 0.1] * 3 + [inner * 0.4],
              ["Current area resources", "Urban", "Suburbs", "Rural", "Left in this area"], len(RESOURCES), 9,
              RESOURCES)
    row_h = 9
    top = y - row_h * len(RESOURCES)
    for i, name in enumerate(RESOURCES):
        for k, value in enumerate(AVAILABLE[name]):
            resources.add(Text(MARGIN + inner * (0.35 + 0.1 * k), top + row_h * (i + 1) - 2.8, str(value), 8,
                               "middle"))
    resources.add(Text(MARGIN, y + 6, "Entering a new area: roll 2d6 of two colours, one plus and one minus, and "
                       "add the result to every resource of the area.", 7.5, fill="#444444"))
    info = Page("records-3-group", width, height)
    y = _title(info, "Group Information And History", "Who the group is, where it is, and what happened.")
    y = _grid(info, MARGIN, y, [inner * 0.3, inner * 0.7], ["Group", ""], 6, 9,
              ["Group name", "Star", "Area now", "Month", "Base", "Vehicles"]) + 8
    _grid(info, MARGIN, y, [inner * s for s in (0.1, 0.14, 0.2, 0.16, 0.4)],
          ["Month", "Area", "Encounter", "Result", "Gains and losses"], int((height - y - MARGIN) / 8) - 1, 8)
    return [roster, resources, info]


def pack_tables(tables: Mapping[str, Table], own: list[str]) -> list[Table]:
    """The pack's own tables in name order, for a sheet."""
    return sorted((tables[q] for q in own), key=lambda t: t.name.lower())
