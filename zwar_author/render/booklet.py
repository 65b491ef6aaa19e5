"""A campaign booklet: a cover, the chapter list, every chapter's mission page, a tracker sheet (and for
Exodus the hero boards and a save ticket).

One document to print before a campaign starts: the cover says what the
campaign is and how XP works, the chapter list what is bought between
chapters, then the mission pages in the order played, and a tracker sheet
filled in with the campaign's heroes and their starting weapons.
"""

from __future__ import annotations

from ..compile.campaign import Campaign
from ..geometry.board import Board
from .canvas import PAPER, Line, Page, Rect, Style, Text
from .heroboards import hero_board_pages
from .pages import GAMES, mission_pages
from .text import block, fit, squeezed, wrap
from .theme import Theme
from .tracker import INK, MARGIN, SHADED, TrackerSpec, tracker_pages


def booklet_pages(campaign: Campaign, boards: dict[str, Board], theme: Theme, paper: str = "a4") -> list[Page]:
    """``boards`` holds each chapter mission's board, by mission id."""
    pages = [_cover(campaign, paper), *_chapters(campaign, paper)]
    for chapter in campaign.chapters:
        for page in mission_pages(chapter.mission, boards[chapter.mission.mission.id], theme, paper):
            page.name = f"chapter-{chapter.number}-{page.name}"
            pages.append(page)
    rules = campaign.chapters[0].mission.rules if campaign.chapters else None
    if rules is not None:
        short = {h.id.rpartition("/")[2]: h.id for h in rules.heroes}
        heroes = tuple(short[h.id] for h in campaign.heroes if h.id in short)
        pages += tracker_pages(rules, TrackerSpec(campaign.info.title, heroes, game=campaign.info.game), paper,
                               "tracker")
    if campaign.info.game == "exodus":
        if rules is not None:
            pages += hero_board_pages(rules, heroes, paper)
        pages.append(save_ticket(campaign, paper))
    return pages


def save_ticket(campaign: Campaign, paper: str) -> Page:
    """The Exodus save ticket, its five sections as the rulebook numbers them (002_* lines 94-102): the
    official saves, the pause slot, the heroes (infected, stage, perk cards), equipment cards with the
    rounds left in them, and search cards."""
    width, height = PAPER[paper]
    page = Page("save-ticket", width, height)
    inner = width - 2 * MARGIN
    saves = campaign.info.saves if campaign.info.saves is not None else 3
    items, y = block(MARGIN, MARGIN, ["SAVE TICKET"], 14, bold=True)
    page.items += items
    items, y = block(MARGIN, y, wrap(f"{campaign.info.title}: write the number of the mission just finished in "
                                     "the next save slot (at most " + str(saves) + " official saves, which the "
                                     "group may return to) or in the pause slot (resumed only).", inner, 8),
                     8, fill="#444444")
    page.items += items
    y = _ticket_slots(page, y + 3, [f"1 · Save {n + 1}" for n in range(saves)] + ["2 · Pause"], inner)
    heroes = [h.name for h in campaign.heroes] or ["", ""]
    y = _ticket_rows(page, y, "3 · Heroes", ("Hero", "Infected?", "Stage", "Perk cards"), (0.25, 0.12, 0.1),
                     heroes, inner, 4)
    y = _ticket_rows(page, y, "4 · Equipment cards", ("Card", "Carried by", "Rounds left"), (0.5, 0.3), [],
                     inner, 8)
    _ticket_rows(page, y, "5 · Search cards", ("Card", "Carried by"), (0.6,), [], inner, 8)
    return page


def _ticket_slots(page: Page, y: float, labels: list[str], inner: float) -> float:
    """A box a slot, its label above, for the mission's number."""
    slot = inner / len(labels)
    for n, label in enumerate(labels):
        x = MARGIN + n * slot
        page.add(Text(x + 1, y + 4, label, 8, bold=True), Rect(x + 1, y + 6, slot - 4, 12, INK))
    return y + 24


def _ticket_rows(page: Page, y: float, heading: str, columns: tuple[str, ...], shares: tuple[float, ...],
                 filled: list[str], inner: float, rows: int) -> float:
    """A heading, a row of column names, then ``rows`` ruled rows (the first column filled from ``filled``)."""
    page.add(Text(MARGIN, y + 4, heading.upper(), 9, bold=True))
    y += 6
    widths = [inner * share for share in shares]
    widths.append(inner - sum(widths))
    x = MARGIN
    for name, w in zip(columns, widths, strict=True):
        page.add(Rect(x, y, w, 6, SHADED), Text(x + 1.5, y + 4.3, name, 7.5, bold=True))
        x += w
    y += 6
    for row in range(max(rows, len(filled))):
        x = MARGIN
        for w in widths:
            page.add(Rect(x, y, w, 8, INK))
            x += w
        if row < len(filled):
            page.add(Text(MARGIN + 1.5, y + 5.5, filled[row].upper(), 8, bold=True))
        y += 8
    return y + 5


def _cover(campaign: Campaign, paper: str) -> Page:
    width, height = PAPER[paper]
    page = Page("cover", width, height)
    info = campaign.info
    inner = width - 2 * MARGIN
    size, title = fit(info.title, inner, 60, 30, 16, bold=True)
    items, y = block(width / 2, height * 0.28, title, size, bold=True, anchor="middle",
                     squeeze=squeezed("the campaign title", info.title, 30, size, title))
    page.items += items
    chapters = len(campaign.chapters)
    subtitle = f"A {GAMES[info.game]} campaign in {chapters} chapter{'s' if chapters != 1 else ''}"
    items, y = block(width / 2, y + 2, [subtitle], 11, anchor="middle", fill="#444444")
    page.items += items
    page.add(Line(MARGIN + 30, y + 6, width - MARGIN - 30, y + 6, Style(stroke="#000000", width=0.4)))
    y += 10
    if info.text.strip():
        items, y = block(MARGIN + 15, y, wrap(info.text, inner - 30, 10), 10)
        page.items += items
    rules = _exodus_rules(info.saves if info.saves is not None else 3) if info.game == "exodus" else _xp_rules(campaign)
    items, _ = block(MARGIN + 15, y + 6, wrap(rules, inner - 30, 9), 9, fill="#333333")
    page.items += items
    return page


def _xp_rules(campaign: Campaign) -> str:
    info = campaign.info
    loot = " Loot cards are cashed in for the XP printed on them." if info.loot_xp else ""
    rules = (f"Each hero earns {campaign.mission_xp} XP for every chapter's mission completed.{loot} XP is spent "
             "on perks between chapters, and what is not spent is kept. If a hero dies the mission is failed: no "
             "XP is awarded, search cards go back to the deck, and the chapter is played again.")
    return rules + (f" Each hero starts with {info.start_xp} XP." if info.start_xp else "")


def _exodus_rules(saves: int) -> str:
    """Exodus's rules between missions, as its rulebook gives them (save tickets, the pre-game lobby)."""
    return ("Both heroes are always used. Before a chapter marked Level up, each hero may choose a new perk card. "
            "Heroes keep their equipment and search cards from mission to mission, and their infection stage; "
            "melee weapons are discarded at the end of every mission (wear and tear). In the pre-game lobby "
            "before each mission the heroes may level up, reload and craft as in play, and freely exchange "
            f"search and equipment cards. Record progress on a save ticket: up to {saves} official saves, which "
            "the group may return to after a failed mission, and a pause slot to resume a later session.")


LEVEL_UP = "Level up: before this chapter each hero may choose a new perk card."


DIRECTORS_CUT = ("The Director's Cut: one player is the director, with 6 director cards, and runs the infected; "
                 "if any hero dies the mission is failed.")


def _chapters(campaign: Campaign, paper: str) -> list[Page]:
    width, height = PAPER[paper]
    page = Page("chapters", width, height)
    pages = [page]
    inner = width - 2 * MARGIN
    items, y = block(MARGIN, MARGIN, ["CHAPTERS"], 14, bold=True)
    page.items += items
    perk_names = {p.id.rpartition("/")[2]: p.name for ch in campaign.chapters for p in ch.mission.rules.perks}
    for chapter in campaign.chapters:
        lines = wrap(chapter.text, inner - 12, 9) if chapter.text.strip() else []
        bought = "; ".join(f"{hero.capitalize()}: " + ", ".join(perk_names.get(p, p.rpartition("/")[2]) for p in ps)
                           for hero, ps in chapter.buy.items())
        extra = wrap(f"Before this chapter, buy {bought}.", inner - 12, 8.5) if bought else []
        if chapter.level_up:
            extra += wrap(LEVEL_UP, inner - 12, 8.5)
        if chapter.directors_cut:
            extra += wrap(DIRECTORS_CUT, inner - 12, 8.5)
        needed = 8 + 4.5 * (len(lines) + len(extra)) + 4
        if y + needed > height - MARGIN:
            page = Page(f"chapters-{len(pages) + 1}", width, height)
            pages.append(page)
            y = MARGIN
        page.add(Text(MARGIN, y + 7, f"{chapter.number}.", 12, bold=True),
                 Text(MARGIN + 12, y + 7, chapter.title, 12, bold=True))
        y += 9
        items, y = block(MARGIN + 12, y, lines, 9)
        page.items += items
        items, y = block(MARGIN + 12, y, extra, 8.5, fill="#444444")
        page.items += items
        y += 4
    return pages
