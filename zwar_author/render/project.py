"""``zwar render``: compile what the user points at, then draw the sheets asked for.

Sheets go to OUT/<pack>/sheets/<mission>/ (map, mission page, and the mission's
cards when a mission is rendered on its own) and, for a whole pack, its deck to
OUT/<pack>/sheets/cards.*. A PDF holds all pages of a sheet; SVG and PNG write
one file a page. Nothing is written when a mission does not compile, and each
folder appears whole.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..compile.output import pack_rules, staged
from ..compile.project import Outcome, check
from ..errors import UsageError
from . import cairo, svg
from .atz import encounter_pages
from .canvas import Page
from .cards import CardOptions, card_pages
from .maps import MapOptions, map_pages
from .pages import mission_pages
from .tables import pack_tables, record_pages, table_pages
from .theme import THEMES

SHEETS = ("map", "mission", "cards", "tables", "records", "scenario")
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$")


def length(text: str) -> float:
    """A length such as "25mm", "2.5cm" or "1in", in millimetres."""
    m = _LENGTH.match(text)
    if not m:
        raise UsageError(f"`{text}` is not a length: write it with its unit, like 25mm, 2.5cm or 1in")
    value = float(m[1]) * {"mm": 1, "cm": 10, "in": 25.4}[m[2]]
    if value <= 0:
        raise UsageError(f"`{text}` is not a usable length")
    return value


@dataclass(frozen=True)
class RenderOptions:
    sheets: tuple[str, ...] = SHEETS
    format: str = "pdf"
    square: float = 25.4
    paper: str = "a4"
    theme: str = "screen"
    dpi: int = 150
    backs: bool = False
    card: tuple[float, float] = (63.0, 88.0)
    tables: tuple[str, ...] = ()  # the random tables of the quick-reference sheet, by id; () for all


@dataclass
class RenderOutcome:
    outcome: Outcome
    written: list[Path] = field(default_factory=list)


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
    whole = {pack.id for pack in outcome.packs}
    theme = THEMES[options.theme]
    for pack_id, missions in sorted(outcome.missions.items()):
        target = out / pack_id / "sheets"
        target.mkdir(parents=True, exist_ok=True)
        for mission in missions:
            board = outcome.boards[pack_id, mission.mission.id]
            sheets: dict[str, list[Page]] = {}
            if "map" in options.sheets:
                sheets["map"] = map_pages(mission, board, MapOptions(options.square, options.paper, theme))
            if "mission" in options.sheets:
                sheets["mission"] = mission_pages(mission, board, theme, options.paper)
            if "cards" in options.sheets and pack_id not in whole:
                sheets["cards"] = card_pages(mission.rules, _cards(options))
            with staged(target / mission.mission.id) as folder:
                names = [n for sheet, pages in sheets.items()
                         for n in _write(folder, sheet, pages, options, f"{mission.mission.title}: {sheet}")]
            result.written += [target / mission.mission.id / n for n in names]
        pack = next((p for p in outcome.packs if p.id == pack_id), None)
        pages = card_pages(pack_rules(outcome, pack), _cards(options)) if (
            "cards" in options.sheets and pack is not None and pack_id in whole) else []
        if pages and pack is not None:  # a pack of tables alone has no cards
            staging = Path(tempfile.mkdtemp(prefix=".cards.", dir=target))
            try:
                title = pack.info.title if pack.info else pack.id
                for name in _write(staging, "cards", pages, options, f"{title}: cards"):
                    (staging / name).replace(target / name)
                    result.written.append(target / name)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
    for pack in outcome.packs:
        result.written += _table_sheets(pack, out / pack.id / "sheets", options)
    for pack_id, encounters in sorted(outcome.encounters.items()):
        for encounter in encounters if "scenario" in options.sheets else []:
            target = out / pack_id / "sheets" / encounter.model.encounter.id
            target.parent.mkdir(parents=True, exist_ok=True)
            with staged(target) as folder:
                names = _write(folder, "scenario", encounter_pages(encounter, options.paper), options,
                               encounter.model.encounter.title)
            result.written += [target / n for n in names]
    return result


def _table_sheets(pack, target: Path, options: RenderOptions) -> list[Path]:
    """A pack's quick-reference sheet of its random tables and, for All Things Zombie, the record sheets."""
    sheets: dict[str, list[Page]] = {}
    title = pack.info.title if pack.info else pack.id
    chosen = [s.table for s in pack.tables.values() if not options.tables or s.table.id in options.tables]
    if "tables" in options.sheets and chosen:
        tables = pack_tables({t.qualified: t for t in chosen}, [t.qualified for t in chosen])
        sheets["tables"] = table_pages(tables, options.paper, title)
    if "records" in options.sheets and any("atz" in s.model.table.games for s in pack.tables.values()):
        sheets["records"] = record_pages(options.paper)
    written = []
    if sheets:
        target.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".tables.", dir=target))
        try:
            for sheet, pages in sheets.items():
                for name in _write(staging, sheet, pages, options, f"{title}: {sheet}"):
                    (staging / name).replace(target / name)
                    written.append(target / name)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return written


def _cards(options: RenderOptions) -> CardOptions:
    return CardOptions(options.card[0], options.card[1], 3.0, options.paper, options.backs, options.theme == "ink")


def _write(folder: Path, name: str, pages: list[Page], options: RenderOptions, title: str) -> list[str]:
    """Write one sheet into ``folder``: one PDF, or an SVG or PNG a page; the file names."""
    if options.format == "pdf":
        (folder / f"{name}.pdf").write_bytes(cairo.pdf(pages, title))
        return [f"{name}.pdf"]
    names = []
    for page in pages:
        file = f"{page.name}.{options.format}"
        if options.format == "svg":
            (folder / file).write_text(svg.svg(page), encoding="utf-8")
        else:
            (folder / file).write_bytes(cairo.png(page, options.dpi))
        names.append(file)
    return names
