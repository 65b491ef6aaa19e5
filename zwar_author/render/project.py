"""``zwar render``: compile what the user points at, then draw the sheets asked for.

Each format has its own place under OUT/<pack>/sheets/: <format>/missions/<id>/
holds a mission's map and mission page (and its cards when the mission is
rendered on its own), and <format>/cards/ the deck of every card the pack's
missions use, for a whole pack. A PDF holds all pages of a sheet; SVG and PNG
write one file a page. The pack's folder is published whole with its new sheets
(``publish``): sheets not asked for this time, other missions and other formats
stay as they were (carried into the new version), and a killed render leaves the
old sheets or the new ones. Nothing is written when a mission does not compile.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from .. import codes
from ..compile.fairness import fairness
from ..compile.output import SHEETS, drop_old_sheets
from ..compile.project import Outcome, check
from ..errors import Location, UsageError
from ..model import content as c
from ..publish import publish
from . import cairo, svg
from .atz import encounter_pages
from .booklet import booklet_pages
from .canvas import Group, Page, Squeeze, Text
from .cards import CardOptions, card_pages, card_sheets, deck
from .fonts import FALLBACK_PACKAGE, covers, fallback_installed, undrawable
from .maps import MapOptions, map_pages
from .options import RenderOptions
from .pages import mission_pages
from .tables import pack_tables, record_pages, table_pages
from .tabletop import heatmap_pages, scenario_pages, status_counter_pages, terrain_pages
from .tabletop import table_pages as tabletop_pages
from .theme import THEMES
from .tracker import TrackerSpec, counter_pages, mission_counters, tracker_pages
from .zonewars import zonewars_cards


@dataclass
class RenderOutcome:
    outcome: Outcome
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was not drawn, and why


def render(paths: list[Path], out: Path, options: RenderOptions, search: Sequence[Path] = ()) -> RenderOutcome:
    outcome = check(paths, search)
    result = RenderOutcome(outcome)
    if not outcome.report.ok:
        return result
    known = {t for pack in outcome.packs for t in pack.tables}
    unknown = sorted(set(options.tables) - known)
    if unknown:  # before anything is drawn
        raise UsageError(f"--table {unknown[0]}: no random table of that id in "
                         + (", ".join(p.id for p in outcome.packs) or "the paths given"))
    out = Path(out)
    whole = {pack.id for pack in outcome.packs}  # checked whole: their deck is drawn, not each mission's cards
    theme = THEMES[options.theme]
    for pack_id in sorted(set(outcome.missions) | set(outcome.encounters) | set(outcome.scenarios)):
        missions = outcome.missions.get(pack_id, [])
        units: dict[str, tuple[str, dict[str, list[Page]]]] = {}  # missions/<id>, cards, ... -> (title, sheets)
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
            if "tracker" in options.sheets:
                sheets["tracker"] = tracker_pages(mission.rules, _tracker_spec(mission), options.paper)
            if "counters" in options.sheets:
                box = _box(outcome, pack_id, mission.mission.game)
                sheets["counters"] = counter_pages(mission_counters(mission, len(mission.board.rooms), box),
                                                   options.paper)
            if not sheets:  # only pack-wide sheets asked for: the mission's folder is left as it is
                continue
            _check_fonts(outcome, [p for pages in sheets.values() for p in pages], mission)
            units[f"missions/{mission.mission.id}"] = (mission.mission.title, sheets)
        campaign = outcome.campaigns.get(pack_id)
        if "campaign" in options.sheets and campaign is not None and campaign.chapters:
            boards = {m.mission.id: outcome.boards[pack_id, m.mission.id] for m in missions}
            units["campaign"] = (f"{campaign.info.title} (booklet)",
                                 {"campaign": booklet_pages(campaign, boards, theme, options.paper)})
        pack = next((p for p in outcome.packs if p.id == pack_id), None)
        if pack is not None:
            units.update(_table_units(pack, options))
        for encounter in outcome.encounters.get(pack_id, []) if "scenario" in options.sheets else []:
            units[f"scenarios/{encounter.model.encounter.id}"] = (
                encounter.model.encounter.title, {"scenario": encounter_pages(encounter, options.paper)})
        for scenario in sorted(outcome.scenarios.get(pack_id, []), key=lambda s: s.id):
            if scenario_sheets := _scenario_sheets(scenario, options):
                units[f"scenarios/{scenario.id}"] = (scenario.model.scenario.title, scenario_sheets)
        cards = deck(deck_of(missions)) if missions else []
        if "cards" in options.sheets and pack is not None and outcome.zonewars is not None:
            cards += zonewars_cards(outcome.zonewars.data(pack))  # by the card kinds the pack declares
        if "cards" in options.sheets and pack is not None and cards:
            pages = card_sheets(cards, _cards(options))
            _check_fonts(outcome, pages, None)
            units["cards"] = (pack.info.title if pack.info else pack_id, {"cards": pages})
        elif "cards" in options.sheets and pack is not None and not units:
            result.notes.append(f"no cards drawn for {pack_id}: the pack has no missions, and the deck is "
                                "the cards its missions use")
        _check_fit(outcome, units, missions)
        if units:
            result.written += _publish(out / pack_id, units, options)
            drop_old_sheets(out, pack_id)
    return result


def _check_fonts(outcome: Outcome, pages: list[Page], mission: c.CompiledMission | None) -> None:
    """A warning for the characters no print font can draw, at their first use in a source."""
    missing = undrawable((t.text, t.bold) for page in pages for t in _texts(page.items))
    if not missing:
        return
    shown = ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in missing[:8])
    shown += f" and {len(missing) - 8} more" if len(missing) > 8 else ""
    if not fallback_installed() and any(covers("fallback", ch) for ch in missing):
        advice = f"install the fallback font for them (Debian: apt install {FALLBACK_PACKAGE})"
    else:
        advice = "no print font has them: they would print as empty boxes"
    what = f"the sheets of mission `{mission.mission.id}`" if mission else "the card deck"
    outcome.report.add(codes.UNPRINTABLE.at(_first_use(outcome, missing, mission), what=what,
                                            chars=shown, advice=advice))


def _check_fit(outcome: Outcome, units: dict[str, tuple[str, dict[str, list[Page]]]],
               missions: list[c.CompiledMission]) -> None:
    """A warning (ZW981) for each text from the sources that was set smaller than asked, or cut, to fit its
    place on a sheet, once, where it is written."""
    by_unit = {f"missions/{m.mission.id}": m for m in missions}
    seen: set[tuple[str, str]] = set()
    for unit, (_, sheets) in units.items():
        for sheet, pages in sheets.items():
            for squeeze in (t.squeeze for page in pages for t in _texts(page.items) if t.squeeze is not None):
                if (squeeze.what, squeeze.text) in seen:
                    continue
                seen.add((squeeze.what, squeeze.text))
                text = " ".join(squeeze.text.split())
                shown = text if len(text) <= 40 else text[:39].rstrip() + "…"
                outcome.report.add(codes.SQUEEZED.at(_written_at(outcome, text, by_unit.get(unit)),
                                                     what=squeeze.what, text=shown, how=_how(squeeze, sheet)))


def _how(squeeze: Squeeze, sheet: str) -> str:
    """What fitting did, for ZW981: "set at 6.5 pt instead of 7 pt to fit on the cards sheet"."""
    unit = "%" if squeeze.unit == "%" else f" {squeeze.unit}"
    smaller = f"set at {squeeze.size:g}{unit} instead of {squeeze.wanted:g}{unit}"
    if not squeeze.cut:
        return f"{smaller} to fit on the {sheet} sheet"
    return f"cut to fit on the {sheet} sheet" + (f" ({smaller})" if squeeze.size < squeeze.wanted else "")


def _written_at(outcome: Outcome, text: str, mission: c.CompiledMission | None) -> Location:
    """Where ``text`` is written: its string (the quote, so the report marks the whole string), else its
    first words bare, in the mission's source first."""
    docs = outcome.workspace.docs.values() if outcome.workspace else []
    own = [d for d in docs if mission is not None and d.digest == mission.source.sha256]
    start = text[:30]
    for needle in (f'"{start}', start):
        for doc in own + sorted((d for d in docs if d not in own), key=lambda d: str(d.path)):
            found = doc.positions.text.find(needle)
            if found >= 0:
                return doc._at(found)
    return Location(own[0].path) if own else Location(Path("."))


def _first_use(outcome: Outcome, chars: list[str], mission: c.CompiledMission | None) -> Location:
    """Where the first of ``chars`` is written: in the mission's source, else in any source read."""
    docs = outcome.workspace.docs.values() if outcome.workspace else []
    own = [d for d in docs if mission is not None and d.digest == mission.source.sha256]
    for doc in own + sorted((d for d in docs if d not in own), key=lambda d: str(d.path)):
        text = doc.positions.text
        found = [i for i in (text.find(ch) for ch in chars) if i >= 0]
        if found:
            return doc._at(min(found))
    return Location(own[0].path) if own else Location(Path("."))


def _texts(items) -> list[Text]:
    out = []
    for item in items:
        if isinstance(item, Group):
            out += _texts(item.items)
        elif isinstance(item, Text):
            out.append(item)
    return out


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


def _publish(target: Path, units: dict[str, tuple[str, dict[str, list[Page]]]],
             options: RenderOptions) -> list[Path]:
    """Write every unit (a mission's folder, the deck) in every format asked for into a new version
    of the pack's folder (``target``, out/<pack>), published whole. Files of other formats, missions
    and sheets, and the compiled content, are carried over."""

    def replaced(rel: str) -> bool:  # rel: sheets/<format>/missions/<id>/<file> or sheets/<format>/cards/<file>
        top, _, rel = rel.partition("/")
        fmt, _, rest = rel.partition("/")
        unit, _, name = rest.rpartition("/")
        return top == SHEETS and fmt in options.formats and unit in units and _sheet_of(name) in units[unit][1]

    written = []
    with publish(target, keep=lambda rel: not replaced(rel)) as staging:
        for unit, (title, sheets) in units.items():
            for fmt in options.formats:
                folder = staging / SHEETS / fmt / unit
                folder.mkdir(parents=True, exist_ok=True)
                written += [target / SHEETS / fmt / unit / name for sheet, pages in sheets.items()
                            for name in _write(folder, sheet, pages, fmt, options, f"{title}: {sheet}")]
    return written


def _sheet_of(name: str) -> str:
    """The sheet a file belongs to: map.pdf, map-ground-2.png -> map; cards-1-back.svg -> cards."""
    return re.split(r"[-.]", name, maxsplit=1)[0]


def _scenario_sheets(scenario, options: RenderOptions) -> dict[str, list[Page]]:
    """A Zone Wars scenario: its table at true scale and terrain (map), its card and sight heatmaps (mission)."""
    sheets: dict[str, list[Page]] = {}
    if "map" in options.sheets:
        sheets["table"] = tabletop_pages(scenario, options.paper)
        sheets["terrain"] = terrain_pages(scenario, options.paper)
    if "mission" in options.sheets or "scenario" in options.sheets:
        sheets["scenario"] = scenario_pages(scenario, options.paper)
        sheets["sight"] = heatmap_pages(fairness(scenario), options.paper)
        sheets["counters"] = status_counter_pages(scenario, options.paper)
    return sheets


def _tracker_spec(mission) -> TrackerSpec:
    """A mission's tracker sheet: its heroes, the perks they start with, its timers."""
    heroes = mission.mission.heroes or [h.id for h in mission.rules.heroes]
    perks = tuple((h, tuple(ps)) for h, ps in mission.mission.perks.items())
    return TrackerSpec(mission.mission.title, tuple(heroes), perks, tuple(t.name for t in mission.timers),
                       mission.mission.game)


def _box(outcome: Outcome, pack_id: str, game: str) -> dict[str, int]:
    """The pack's own kinds of counter, from its box and those of the packs it requires."""
    ws = outcome.workspace
    pack = ws.pack_by_id(pack_id) if ws is not None else None
    return ws.box(pack, game).tokens if ws is not None and pack is not None else {}


def _table_units(pack, options: RenderOptions) -> dict[str, tuple[str, dict[str, list[Page]]]]:
    """A pack's quick-reference sheet of its random tables and, for All Things Zombie, the record sheets."""
    sheets: dict[str, list[Page]] = {}
    title = pack.info.title if pack.info else pack.id
    chosen = [s.table for s in pack.tables.values() if not options.tables or s.table.id in options.tables]
    if "tables" in options.sheets and chosen:
        tables = pack_tables({t.qualified: t for t in chosen}, [t.qualified for t in chosen])
        sheets["tables"] = table_pages(tables, options.paper, title)
    if "records" in options.sheets and any("atz" in s.model.table.games for s in pack.tables.values()):
        sheets["records"] = record_pages(options.paper)
    return {"tables": (title, sheets)} if sheets else {}


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
