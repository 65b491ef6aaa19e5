"""``zwar render``: compile what the user points at, then draw the sheets asked for.

Each format has its own place under OUT/<pack>/sheets/: <format>/missions/<id>/
holds a mission's map and mission page (and its cards when the mission is
rendered on its own), and <format>/cards/ the deck of every card the pack's
missions use, for a whole pack. A PDF holds all pages of a sheet; SVG and PNG
write one file a page. Each of those folders is published whole (one rename):
sheets not asked for this time, and other formats, stay as they were, and a
killed render leaves the old folder or the new one. Nothing is written when a
mission does not compile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from ..compile.output import sheets_folder
from ..compile.project import Outcome, check
from ..model import content as c
from ..publish import publish
from . import cairo, svg
from .canvas import Page
from .cards import CardOptions, card_pages
from .maps import MapOptions, map_pages
from .options import RenderOptions
from .pages import mission_pages
from .theme import THEMES


@dataclass
class RenderOutcome:
    outcome: Outcome
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was not drawn, and why


def render(paths: list[Path], out: Path, options: RenderOptions, search: list[Path] = ()) -> RenderOutcome:
    outcome = check(paths, search)
    result = RenderOutcome(outcome)
    if not outcome.report.ok:
        return result
    out = Path(out)
    whole = {pack.id for pack in outcome.packs}
    theme = THEMES[options.theme]
    for pack_id, missions in sorted(outcome.missions.items()):
        root = sheets_folder(out, pack_id)
        for mission in sorted(missions, key=lambda m: m.mission.id):
            board = outcome.boards[pack_id, mission.mission.id]
            sheets: dict[str, list[Page]] = {}
            if "map" in options.sheets:
                sheets["map"] = map_pages(mission, board, MapOptions(options.square, options.paper, theme,
                                                                        options.orientation))
            if "mission" in options.sheets:
                sheets["mission"] = mission_pages(mission, board, theme, options.paper)
            if "cards" in options.sheets and pack_id not in whole:
                sheets["cards"] = card_pages(mission.rules, _cards(options))
            for fmt in options.formats:
                result.written += _publish(root / fmt / "missions" / mission.mission.id, sheets, fmt, options,
                                           mission.mission.title)
        if "cards" in options.sheets and pack_id in whole:
            pack = next(p for p in outcome.packs if p.id == pack_id)
            if not missions:
                result.notes.append(f"no cards drawn for {pack_id}: the pack has no missions, and the deck is "
                                    "the cards its missions use")
                continue
            pages = card_pages(deck_of(missions), _cards(options))
            for fmt in options.formats:
                result.written += _publish(root / fmt / "cards", {"cards": pages}, fmt, options, pack.info.title)
    return result


def deck_of(missions: list[c.CompiledMission]) -> c.Rules:
    """The rules entries any of ``missions`` uses, once each, in id order: the pack's deck."""
    rules = [m.rules for m in missions]
    return c.Rules(heroes=_union([r.heroes for r in rules]), infected=_union([r.infected for r in rules]),
                   equipment=_union([r.equipment for r in rules]), search=_union([r.search for r in rules]),
                   perks=_union([r.perks for r in rules]), director_cards=_union([r.director_cards for r in rules]),
                   campaign_xp=next((r.campaign_xp for r in rules if r.campaign_xp is not None), None))


E = TypeVar("E", bound=c.Model)


def _union(lists: list[list[E]]) -> list[E]:
    merged: dict[str, E] = {}
    for entries in lists:
        for entry in entries:
            merged.setdefault(entry.id, entry)  # type: ignore[attr-defined]  # every rules entry has an id
    return [merged[key] for key in sorted(merged)]


def _publish(folder: Path, sheets: dict[str, list[Page]], fmt: str, options: RenderOptions, title: str) -> list[Path]:
    """Write ``sheets`` in one format into ``folder``, published whole; files of other sheets stay."""
    with publish(folder, keep=lambda rel: _sheet_of(rel) not in sheets) as staging:
        names = [n for sheet, pages in sheets.items() for n in _write(staging, sheet, pages, fmt, options,
                                                                     f"{title}: {sheet}")]
    return [folder / n for n in names]


def _sheet_of(name: str) -> str:
    """The sheet a file belongs to: map.pdf, map-ground-2.png -> map; cards-1-back.svg -> cards."""
    return re.split(r"[-.]", name, maxsplit=1)[0]


def _cards(options: RenderOptions) -> CardOptions:
    return CardOptions(options.card[0], options.card[1], 3.0, options.paper, options.backs, options.theme == "ink")


def _write(folder: Path, name: str, pages: list[Page], fmt: str, options: RenderOptions, title: str) -> list[str]:
    """Write one sheet into ``folder``: one PDF, or an SVG or PNG a page; the file names."""
    if fmt == "pdf":
        (folder / f"{name}.pdf").write_bytes(cairo.pdf(pages, title))
        return [f"{name}.pdf"]
    names = []
    for page in pages:
        file = f"{page.name}.{fmt}"
        if fmt == "svg":
            (folder / file).write_text(svg.svg(page), encoding="utf-8")
        else:
            (folder / file).write_bytes(cairo.png(page, options.dpi))
        names.append(file)
    return names
