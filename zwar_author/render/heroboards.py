"""Exodus hero boards: "Each hero has their own board, which details their skills, attributes & starting
equipment set; this is also used to show active equipment & any search cards the hero may be carrying"
(002_* line 86). A board is the hero's card beside two card-sized places, one for the active weapon
and one for the search cards carried; two boards to a page."""

from __future__ import annotations

from ..model.content import Rules
from .canvas import PAPER, Group, Page, Rect, Style, Text
from .cards import card_face, hero_card
from .text import block, wrap

MARGIN = 12.0
GAP = 6.0
CARD = (63.0, 88.0)  # the card size the face is drawn at, then scaled to its place
PLACE = Style(stroke="#555555", width=0.3, dash=(2.0, 1.5))


def hero_board_pages(rules: Rules, heroes: tuple[str, ...], paper: str = "a4") -> list[Page]:
    """A board for each of ``heroes`` (pack/id), two to a page, in the order given."""
    width, height = PAPER[paper]
    names = {e.id: e.name for e in rules.equipment} | {h.id: h.name for h in rules.heroes}
    found = [h for ref in heroes for h in rules.heroes if h.id == ref]
    pages: list[Page] = []
    for n, hero in enumerate(found):
        if n % 2 == 0:
            pages.append(Page(f"hero-boards-{n // 2 + 1}", width, height))
        _board(pages[-1], hero, names, MARGIN + (n % 2) * height / 2, width)
    return pages


def _board(page: Page, hero, names: dict[str, str], top: float, width: float) -> None:
    inner = width - 2 * MARGIN
    items, y = block(MARGIN, top, [f"HERO BOARD · {hero.name.upper()} ({hero.initial})"], 12, bold=True)
    page.items += items
    w = (inner - 2 * GAP) / 3
    h = w * CARD[1] / CARD[0]
    scale = w / CARD[0]
    page.add(Group(card_face(hero_card(hero, names), *CARD, 0.0, False), MARGIN, y + 2, scale))
    for k, (label, note) in enumerate((("Active equipment", "the active weapon's card, face up"),
                                       ("Search cards", "the search cards carried, face down"))):
        x = MARGIN + (k + 1) * (w + GAP)
        page.add(Rect(x, y + 2, w, h, PLACE), Text(x + w / 2, y + 2 + h / 2, label.upper(), 9, "middle", bold=True,
                                                   fill="#555555"))
        caption, _ = block(x + w / 2, y + 2 + h / 2 + 2, wrap(note, w - 4, 7), 7, anchor="middle", fill="#777777")
        page.items += caption
