"""Checking sources against their schemas only: syntax, keys, types and ranges, nothing compiled.

This is the fast check of ``zwar validate --schema-only`` (a pre-commit hook runs
it on the files a commit changes): each file is read and validated against the
model of its kind, judged by its folder in a pack (pack.toml, tiles/, rules/,
missions/, tables/, encounters/, campaign.toml, and for Zone Wars pieces/,
zonewars/, scenarios/) or, outside a pack, by its top-level tables. References, layout,
rooms and playability need the whole pack and are left to ``zwar validate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from .. import codes
from ..errors import Location, Report, UsageError
from ..model.atz import EncounterDoc
from ..model.campaign import CampaignDoc
from ..model.mission import MissionDoc
from ..model.pack import PackDoc, TileDoc
from ..model.rules import RulesDoc
from ..model.tables import TableDoc
from ..model.validate import validate
from ..model.zonewars import PiecesDoc, ScenarioDoc, ZoneWarsDoc
from ..sources.document import SOURCE_SUFFIXES, absolute, read_document
from .workspace import CAMPAIGN_STEM, LAYOUT, PACK_FILE, find_packs, kind_of, pack_root_of, source_files

MODELS: dict[str, type[BaseModel]] = {"pack": PackDoc, "tiles": TileDoc, "tile": TileDoc, "missions": MissionDoc,
                                      "mission": MissionDoc, "rules": RulesDoc, "tables": TableDoc, "table": TableDoc,
                                      "encounters": EncounterDoc, "campaign": CampaignDoc, "pieces": PiecesDoc,
                                      "zonewars": ZoneWarsDoc, "scenarios": ScenarioDoc, "scenario": ScenarioDoc}


@dataclass
class SchemaOutcome:
    report: Report
    files: int = 0


def check_schemas(paths: list[Path]) -> SchemaOutcome:
    """Every source named (files, or the sources of the packs in folders) checked against its schema."""
    outcome = SchemaOutcome(Report())
    for path in _files([Path(p) for p in paths], outcome.report):
        outcome.files += 1
        doc, problems = read_document(path)
        outcome.report.extend(problems)
        if doc is None:
            continue
        kind = _kind(path) or kind_of(doc.data)
        if kind is None:
            outcome.report.add(codes.UNKNOWN_KIND.at(Location(path)))
            continue
        outcome.report.extend(validate(doc, MODELS[kind])[1])
    return outcome


def _files(paths: list[Path], report: Report) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
        if path.is_dir():
            roots = find_packs(path)
            if not roots:
                report.add(codes.NO_PACK.at(Location(absolute(path))))
            found += [absolute(f) for root in roots for f in source_files(root) if _kind(f) is not None]
        elif path.suffix.lower() not in SOURCE_SUFFIXES:
            report.add(codes.BAD_EXTENSION.at(Location(absolute(path))))
        else:
            found.append(absolute(path))
    return list(dict.fromkeys(found))


def _kind(path: Path) -> str | None:
    """The kind of a file inside a pack, by where it is; None outside a pack or its layout."""
    root = pack_root_of(path)
    if root is None:
        return None
    parts = absolute(path).relative_to(root).parts
    if parts == (PACK_FILE,):
        return "pack"
    if len(parts) == 1 and Path(parts[0]).stem == CAMPAIGN_STEM:
        return "campaign"
    return parts[0] if len(parts) > 1 and parts[0] in LAYOUT else None
