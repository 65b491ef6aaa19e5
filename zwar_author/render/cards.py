"""Card sheets for any game's cards, ready to cut; the Z War family's six kinds built from its rules.

A card is data: its kind (colour band, back label, the game named on the
back), title, subtitle and a body of sections (stats boxes, dice tables,
text). Any game builds its cards (``zonewars`` builds Zone Wars cards from the
card kinds a pack declares) and ``card_sheets`` prints them. A card with a
``reverse`` prints that face on its back (a character's Bloodied side).

Cards are poker size (63 x 88 mm) by default with 3 mm of bleed, nine to a page,
with crop marks on every cut line in the margins. A backs page, mirrored left to
right, prints on the other side of the sheet in duplex. Values entered as
``assumed`` (not printed in the rulebooks) carry an asterisk.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.content import DiceTable, Rules
from ..tables import charts
from .canvas import PAPER, PT, Group, Item, Line, Page, Rect, Style, Text
from .text import LEADING, fit, squeezed


@dataclass(frozen=True)
class CardKind:
    """How a kind of card looks: the colour of its band and back, and what its back says."""

    id: str
    colour: str
    back: str  # the large word on the back
    game: str = "Z WAR"  # the small line under it


#: The Z War family's card kinds, as data.
KINDS = {kind.id: kind for kind in (
    CardKind("hero", "#1e5631", "HERO"), CardKind("infected", "#6b1d1d", "INFECTED"),
    CardKind("equipment", "#1f3a5f", "EQUIPMENT"), CardKind("perk", "#4a235a", "PERK"),
    CardKind("search", "#6e4b2a", "SEARCH"), CardKind("director", "#222222", "DIRECTOR"))}
OUTCOME = {"miss": "#9e9e9e", "knockdown": "#e0a800", "kill": "#c0392b", "taken_down": "#c0392b", "safe": "#3c8d40",
           "bitten": "#c0392b"}
RATING = {"red": "#c0392b", "amber": "#e0a800", "green": "#2e8b3a"}
MIN_MARGIN = 4.0


@dataclass(frozen=True)
class CardOptions:
    width: float = 63.0
    height: float = 88.0
    bleed: float = 3.0
    paper: str = "a4"
    backs: bool = False
    ink: bool = False  # light backgrounds and outlined colours, to save ink


@dataclass(frozen=True)
class Card:
    kind: CardKind
    title: str
    subtitle: str
    body: tuple  # ((section kind, content), ...): "text", "table", "stats", "ratings", "prices"
    note: str = ""  # footer
    reverse: Card | None = None  # printed on the back instead of the kind's back


def largest_card(paper: str, bleed: float = CardOptions.bleed) -> tuple[float, float]:
    """The largest card (width, height in mm) whose 3 x 3 sheet, bleed and margins included, fits the paper."""
    pw, ph = PAPER[paper]
    return (pw - 2 * MIN_MARGIN - 2 * bleed) / 3, (ph - 2 * MIN_MARGIN - 2 * bleed) / 3


def card_pages(rules: Rules, options: CardOptions, name: str = "cards") -> list[Page]:
    return card_sheets(deck(rules), options, name)


def card_sheets(cards: list[Card], options: CardOptions, name: str = "cards") -> list[Page]:
    """Any cards, nine to a page, with a mirrored backs page after each when asked."""
    pages = []
    for start in range(0, len(cards), 9):
        chunk = cards[start:start + 9]
        number = start // 9 + 1
        pages.append(_sheet(chunk, options, f"{name}-{number}", back=False))
        if options.backs:
            pages.append(_sheet(chunk, options, f"{name}-{number}-back", back=True))
    return pages


def deck(rules: Rules) -> list[Card]:
    """Every card of the rules, in deck order; search and director cards as many times as the deck holds them."""
    names = {e.id: e.name for e in rules.equipment} | {h.id: h.name for h in rules.heroes}
    cards = [hero_card(h, names) for h in rules.heroes]
    cards += [_infected(i) for i in rules.infected]
    cards += [_equipment(e, names) for e in rules.equipment]
    cards += [_perk(p) for p in rules.perks]
    for card in rules.search:
        cards += [_search(card, names)] * card.copies
    for director in rules.director_cards:
        cards += [Card(KINDS["director"], director.name, "Director card", (("text", director.text),),
                       _note(director))] * director.copies
    return cards


# --- what each card says --------------------------------------------------------------


def _star(entry, key: str) -> str:
    """An asterisk when the value at ``key`` (or a value holding it) was guessed."""
    parts = key.split(".")
    return "*" if any(".".join(parts[:n]) in entry.assumed for n in range(1, len(parts) + 1)) else ""


def _faces(entry, key: str) -> frozenset[int]:
    """The die faces of table ``key`` marked assumed one by one (`quick.1`)."""
    return frozenset(int(k.rsplit(".", 1)[1]) for k in entry.assumed
                     if k.startswith(key + ".") and k.rsplit(".", 1)[1].isdigit())


def _note(entry) -> str:
    return "* not printed in the rulebook: check against your cards" if entry.assumed else ""


def hero_card(hero, names) -> Card:
    """A hero's card: AP, ratings, the unarmed melee table, starting equipment (``names``: card names by id)."""
    ratings = tuple((cls, getattr(hero.ratings, cls), _star(hero, f"ratings.{cls}"))
                    for cls in ("agility", "ballistic", "melee", "survival"))
    kit = ", ".join(names.get(e, e) + _star(hero, f"equipment.{i}") for i, e in enumerate(hero.equipment)) or "none"
    body = (("stats", (("AP", str(hero.ap), _star(hero, "ap")),)), ("ratings", ratings),
            ("table", ("Unarmed melee" + _star(hero, "unarmed"), hero.unarmed, _faces(hero, "unarmed"))),
            ("text", f"Starting equipment{_star(hero, 'equipment')}: {kit}."), ("text", hero.text))
    return Card(KINDS["hero"], hero.name, f"Hero · {hero.initial}", body, _note(hero))


def _infected(infected) -> Card:
    stats = tuple((label, str(getattr(infected, key)), _star(infected, key)) for label, key in
                  (("Move", "move"), ("Charge", "charge"), ("Smell", "smell"), ("Kill pts", "kill_points")))
    body = (("stats", stats), ("table", ("Grab test" + _star(infected, "grab"), infected.grab, _faces(infected, "grab"))),
            ("table", ("Bite test" + _star(infected, "bite"), infected.bite, _faces(infected, "bite"))),
            ("text", infected.text))
    return Card(KINDS["infected"], infected.name, "Infected", body, _note(infected))


def _equipment(card, names) -> Card:
    stats = tuple((label, str(value), _star(card, key)) for label, key, value in
                  (("Ammo", "ammo", card.ammo), ("Range", "range", card.range), ("Blast", "blast", card.blast))
                  if value is not None)
    body: list[tuple[str, object]] = [("stats", stats)] if stats else []
    aimed_only = card.aimed_only and card.kind == "ballistic"  # a crossbow: its one table is read at +2
    if card.quick is not None:
        label = {"melee": "Melee", "explosive": "Throw"}.get(
            card.kind, f"Aimed fire +{card.aim_bonus}" if aimed_only else "Quick fire")
        body.append(("table", (label + _star(card, "quick"), card.quick, _faces(card, "quick"))))
    if card.aimed is not None:
        body.append(("table", ("Aimed fire" + _star(card, "aimed"), card.aimed, _faces(card, "aimed"))))
    elif card.quick is not None and card.kind == "ballistic":  # explosives are only thrown, never aimed
        body.append(("text", "Aimed fire only: no quick fire." if aimed_only
                     else f"Aimed fire: +{card.aim_bonus} to the roll."))
    facts = [f for f in (" and ".join(card.fire), "dual wield" if card.dual_wield else "", "silent" if card.silent else "")
             if f]
    if card.special:
        facts.append(f"only {names.get(card.special, card.special.split('/')[-1])}")
    if card.craft:
        facts.append("craft: " + " + ".join(c.split("/")[-1] for c in card.craft))
    if facts:
        sentence = "; ".join(facts)
        body.append(("text", sentence[:1].upper() + sentence[1:] + "."))
    body.append(("text", card.text))
    return Card(KINDS["equipment"], card.name, f"Equipment · {card.kind}", tuple(body), _note(card))


def _perk(perk) -> Card:
    price = tuple((rating, str(getattr(perk.price, rating)), _star(perk, f"price.{rating}"))
                  for rating in ("red", "amber", "green"))
    sub = f"{perk.class_.capitalize()} perk" + (f" · power, {perk.uses} uses a mission" if perk.power else "")
    return Card(KINDS["perk"], perk.name, sub, (("prices", price), ("text", perk.text)), _note(perk))


def _search(card, names) -> Card:
    detail = {"loot": f"Loot: {card.xp} XP", "equipment": f"Gives: {names.get(card.card, card.card)}",
              "ammo": f"Ammo: {card.rounds} rounds", "crafting": "Crafting material", "zombie": "A zombie appears!"}
    return Card(KINDS["search"], card.name, "Search card", (("text", detail[card.kind] + "."), ("text", card.text)), _note(card))


# --- drawing --------------------------------------------------------------------------


def _sheet(cards: list[Card], options: CardOptions, name: str, back: bool) -> Page:
    pw, ph = PAPER[options.paper]
    w, h, b = options.width, options.height, options.bleed
    gx = max(0.0, min(2 * b, (pw - 2 * MIN_MARGIN - 3 * w - 2 * b) / 2))
    gy = max(0.0, min(2 * b, (ph - 2 * MIN_MARGIN - 3 * h - 2 * b) / 2))
    left, top = (pw - 3 * w - 2 * gx) / 2, (ph - 3 * h - 2 * gy) / 2
    page = Page(name, pw, ph)
    for index, card in enumerate(cards):
        row, col = divmod(index, 3)
        if back:
            col = 2 - col  # mirrored: the back of a card lands behind its front in duplex
        x, y = left + col * (w + gx), top + row * (h + gy)
        # the bleed reaches into the gutter, but only half way where a neighbour's begins
        cx0 = b if col == 0 else min(b, gx / 2)
        cx1 = b if col == 2 else min(b, gx / 2)
        cy0 = b if row == 0 else min(b, gy / 2)
        cy1 = b if row == 2 else min(b, gy / 2)
        if back:
            face = card_face(card.reverse, w, h, b, options.ink) if card.reverse else _back(card, w, h, b, options.ink)
        else:
            face = card_face(card, w, h, b, options.ink)
        page.add(Group(face, x, y, clip=(-cx0, -cy0, w + cx0 + cx1, h + cy0 + cy1)))
    page.items += _crop_marks(left, top, w, h, gx, gy, b, pw, ph)
    return page


def _crop_marks(left, top, w, h, gx, gy, b, pw, ph) -> list:
    mark = Style(stroke="#000000", width=0.15)
    xs = sorted({left + c * (w + gx) + d for c in range(3) for d in (0, w)})
    ys = sorted({top + r * (h + gy) + d for r in range(3) for d in (0, h)})
    outer_top, outer_bottom = top - b - 1, top + 3 * h + 2 * gy + b + 1
    outer_left, outer_right = left - b - 1, left + 3 * w + 2 * gx + b + 1
    items: list[Item] = []
    for x in xs:
        items += [Line(x, max(1.0, outer_top - 6), x, outer_top, mark), Line(x, outer_bottom, x, min(ph - 1, outer_bottom + 6), mark)]
    for y in ys:
        items += [Line(max(1.0, outer_left - 6), y, outer_left, y, mark), Line(outer_right, y, min(pw - 1, outer_right + 6), y, mark)]
    return items


def card_face(card: Card, w: float, h: float, b: float, ink: bool) -> list:
    colour = card.kind.colour
    if ink:
        items: list[Item] = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill="#ffffff")),
                 Rect(1.5, 1.5, w - 3, h - 3, Style(stroke=colour, width=0.8)),
                 Line(2.5, 12.5, w - 2.5, 12.5, Style(stroke=colour, width=0.4))]
    else:
        items = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=colour)),
                 Rect(2.5, 12.5, w - 5, h - 15, Style(fill="#ffffff"))]
    heading = colour if ink else "#ffffff"
    size, title = fit(card.title, w - 6, 6.5, 11, 7, bold=True)
    items.append(Text(3, 4 + size * PT, title[0], size, bold=True, fill=heading,
                      squeeze=squeezed(f"the title of the {card.kind.id} card", card.title, 11, size, title[:1])))
    items.append(Text(3, 10.8, card.subtitle, 6.5, fill="#444444" if ink else "#f0f0f0"))
    y, bottom = 14.5, h - 3 - (3.5 if card.note else 0)
    sections = [s for s in card.body if not (s[0] == "text" and not s[1].strip())]
    for i, (kind, content) in enumerate(sections):
        if kind == "text":
            rest = [c for k, c in sections[i + 1:] if k == "text"]
            share = (bottom - y) / (len(rest) + 1)
            size, lines = fit(content, w - 7, share, 7, 4.5)
            squeeze = squeezed(f"the text of the {card.kind.id} card {card.title}", content, 7, size, lines)
            for j, line in enumerate(lines):
                items.append(Text(3.5, y + (j + 0.85) * size * PT * LEADING, line, size,
                                  squeeze=squeeze if j == 0 else None))
            y += len(lines) * size * PT * LEADING + 1.2
        elif kind == "table":
            made, y = _table(content[0], content[1], content[2], w, y, ink)
            items += made
        else:
            made, y = _boxes(kind, content, w, y, ink)
            items += made
    if card.note:
        items.append(Text(3.5, h - 3.3, card.note, 4.2, fill="#666666"))
    return items


def _boxes(kind: str, content, w: float, y: float, light: bool) -> tuple[list, float]:
    """A row of labelled boxes: stats, perk ratings or prices by rating."""
    items: list[Item] = []
    n = len(content)
    box_w = (w - 7 - 1.5 * (n - 1)) / n
    for k, (label, value, star) in enumerate(content):
        x = 3.5 + k * (box_w + 1.5)
        fill = RATING.get(value) if kind == "ratings" else RATING.get(label) if kind == "prices" else None
        if light:  # the rating's colour as a thick outline and coloured text instead of a fill
            items.append(Rect(x, y, box_w, 9, Style(stroke=fill or "#333333", width=0.8 if fill else 0.2)))
            ink = fill or "#000000"
        else:
            items.append(Rect(x, y, box_w, 9, Style(stroke="#333333", width=0.2, fill=fill or "#f2f2f2")))
            ink = "#ffffff" if fill else "#000000"
        caption = label.upper()
        items.append(Text(x + box_w / 2, y + 3.2, caption, 4.8, "middle", fill=ink))
        shown = (value if kind != "ratings" else value.upper()) + star
        size = 8 if kind != "ratings" else 5.5
        items.append(Text(x + box_w / 2, y + 7.6, shown, size, "middle", True, ink))
    return items, y + 11


def _table(title: str, table: DiceTable, guessed: frozenset[int], w: float, y: float,
           light: bool) -> tuple[list, float]:
    """A die table as on the cards: faces on the left (starred where a face was guessed), the
    outcome in its colour."""
    items: list[Item] = [Text(3.5, y + 2.6, f"{title.upper()} · D{table.die}", 6, bold=True)]
    y += 3.6
    for source, row in zip(table.rows, charts.of(table).rows, strict=True):
        faces = row.key.text + ("*" if guessed & set(range(source.low, source.high + 1)) else "")
        kind = row.results[None].data.kind
        colour = OUTCOME.get(kind, "#777777")
        if light:
            items += [Rect(3.5, y, w - 7, 4.2, Style(stroke=colour, width=0.35)),
                      Text(8, y + 3.1, faces, 6.5, "middle", True, "#000000"),
                      Text(14, y + 3.1, kind.replace("_", " ").upper(), 6.5, bold=True, fill=colour)]
        else:
            items += [Rect(3.5, y, 9, 4.2, Style(fill="#333333")),
                      Text(8, y + 3.1, faces, 6.5, "middle", True, "#ffffff"),
                      Rect(12.5, y, w - 16, 4.2, Style(fill=colour)),
                      Text(14, y + 3.1, kind.replace("_", " ").upper(), 6.5, bold=True, fill="#ffffff")]
        y += 4.6
    return items, y + 1.2


def _back(card: Card, w: float, h: float, b: float, light: bool) -> list:
    colour, label = card.kind.colour, card.kind.back
    ground, ink = ("#ffffff", colour) if light else (colour, "#ffffff")
    return [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=ground)),
            Rect(4, 4, w - 8, h - 8, Style(stroke=ink, width=0.6)),
            Text(w / 2, h / 2 + 2, label, 12, "middle", True, ink),
            Text(w / 2, h / 2 + 8, card.kind.game, 7, "middle", fill=ink)]
