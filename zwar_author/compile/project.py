"""Checking and building what a user points at: mission and tile files, packs, folders of packs.

``check`` compiles everything named and returns every diagnostic of the
files involved; ``build`` does the same and, only when there is no error,
writes the compiled content whole (into a temporary folder, then moved).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .. import codes
from ..errors import Location, Related, Report, Severity, UsageError, display_path
from ..geometry.board import Board
from ..model import content as c
from ..model.pack import PackDoc, TileDoc
from ..model.rules import RulesDoc
from ..model.validate import validate, validate_past_unknown_keys
from ..sources.document import SOURCE_SUFFIXES, absolute
from .mission import compile_mission
from .workspace import (
    PACK_FILE,
    Pack,
    Workspace,
    find_packs,
    kind_of,
    pack_root_of,
    source_files,
    tile_sides,
)

if TYPE_CHECKING:
    from .atz import Encounter
    from .campaign import Campaign
    from .zonewars import CompiledScenario, ZoneWars


@dataclass
class Outcome:
    """What a check found: the report, and the compiled missions of each pack checked."""

    report: Report
    missions: dict[str, list[c.CompiledMission]] = field(default_factory=dict)
    packs: list[Pack] = field(default_factory=list)  # packs checked whole, in order
    workspace: Workspace | None = None
    files: int = 0  # source files whose problems were looked at
    mission_files: int = 0  # missions compiled or attempted
    scenario_files: int = 0  # tabletop scenarios compiled or attempted
    campaign_files: int = 0  # campaign files checked
    allow_unplayable: bool = False
    boards: dict[tuple[str, str], Board] = field(default_factory=dict)  # (pack, mission) -> board
    scenarios: dict[str, list[CompiledScenario]] = field(default_factory=dict)  # tabletop scenarios per pack
    zonewars: ZoneWars | None = None
    campaigns: dict[str, Campaign] = field(default_factory=dict)  # pack id -> its campaign, when it checked
    encounters: dict[str, list[Encounter]] = field(default_factory=dict)  # All Things Zombie, by pack
    written: list[Path] = field(default_factory=list)  # files `build` wrote

    @property
    def compiled(self) -> int:
        return sum(len(m) for m in self.missions.values())


def check(paths: list[Path], search: Sequence[Path] = (), allow_unplayable: bool = False) -> Outcome:
    """Compile everything ``paths`` name; a UsageError if a path does not exist."""
    ws = Workspace(list(search))
    report = Report()
    outcome = Outcome(report, workspace=ws, allow_unplayable=allow_unplayable)
    involved: set[Path] = set()
    packs, files = _targets(ws, [Path(p) for p in paths], report)
    _check_pack_ids(ws, packs, report)
    for root in packs:
        pack = ws.pack_at(root)
        outcome.packs.append(pack)
        involved |= {absolute(p) for p in source_files(root)}
        _check_pack(ws, pack, outcome, involved)
    for path, owner in files:
        _check_file(ws, path, owner, outcome, involved)
    for path in sorted(involved):
        report.extend(ws.problems.get(path, []))
    outcome.files = len(involved)
    return outcome


def build(paths: list[Path], out: Path, search: Sequence[Path] = (), allow_unplayable: bool = False,
          caches: bool = True) -> Outcome:
    """``check``, then write compiled content under ``out`` if there are no errors."""
    # The writer and its cache builder load only when something is written
    from .output import write

    outcome = check(paths, search, allow_unplayable)
    if outcome.report.ok:
        outcome.written = write(outcome, Path(out), caches)
    return outcome


def _targets(ws: Workspace, paths: list[Path], report: Report) -> tuple[list[Path], list[tuple[Path, Path | None]]]:
    packs: list[Path] = []
    files: list[tuple[Path, Path | None]] = []
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
        if path.is_dir():
            roots = find_packs(path)
            if not roots:
                report.add(codes.NO_PACK.at(Location(absolute(path))))
            for root in roots:
                ws.add_named(root)
                if absolute(root) not in packs:
                    packs.append(absolute(root))
        elif path.suffix.lower() not in SOURCE_SUFFIXES:
            report.add(codes.BAD_EXTENSION.at(Location(absolute(path))))
        else:
            owner = pack_root_of(path)
            if owner is not None:
                ws.add_named(owner)
            files.append((absolute(path), owner))
    return packs, files


def _check_pack_ids(ws: Workspace, roots: list[Path], report: Report) -> None:
    seen: dict[str, Path] = {}
    for root in roots:
        pack = ws.pack_at(root)
        if pack.id in seen:
            report.add(codes.PACK_ID.at(Location(absolute(pack.manifest_path)), id=pack.id,
                                        other=display_path(seen[pack.id] / PACK_FILE)))
        seen.setdefault(pack.id, root)


def _check_pack(ws: Workspace, pack: Pack, outcome: Outcome, involved: set[Path]) -> None:
    _involve_rules(ws, pack, involved)
    ws.check_tables(pack)
    for path in pack.encounters:
        _encounter(ws, pack, path, outcome)
    compiled = outcome.missions.setdefault(pack.id, [])
    first: dict[str, Location] = {}
    for path in pack.missions:
        mission = _mission(ws, pack, path, outcome)
        doc = ws.docs.get(path)
        if doc is not None:  # a broken tile stops the mission: its file's problems are the reason
            involved |= _tiles_used(ws, pack, doc)
        if mission is None or doc is None:
            continue
        mid = mission.mission.id
        if mid in first:
            ws.report(path, [codes.DUPLICATE.at(doc.loc(("mission", "id")), what="mission", id=mid,
                                                first=first[mid].display(),
                                                related=(Related(first[mid], f"mission `{mid}` is first defined here"),))])
            continue
        first[mid] = doc.loc(("mission", "id"))
        compiled.append(mission)
    _check_tabletop(pack, outcome, involved)
    _campaign(ws, pack, outcome, involved)


def _campaign(ws: Workspace, pack: Pack, outcome: Outcome, involved: set[Path]) -> None:
    """The pack's campaign file, checked against the missions compiled for the pack."""
    if pack.campaign is None:
        return
    involved.add(pack.campaign)
    outcome.campaign_files += 1
    from .campaign import compile_campaign  # loads only for a pack that has a campaign: validate stays quick

    campaign, problems = compile_campaign(ws, pack, pack.campaign, outcome.missions.get(pack.id, []))
    ws.report(pack.campaign, problems)
    if campaign is not None:
        outcome.campaigns[pack.id] = campaign


def _check_file(ws: Workspace, path: Path, root: Path | None, outcome: Outcome, involved: set[Path]) -> None:
    involved.add(path)
    if root is None:
        _standalone(ws, path, outcome, involved)
        return
    pack = ws.pack_at(root)
    _involve_rules(ws, pack, involved)
    top = path.relative_to(absolute(root)).parts[0]
    if top == "tables":
        ws.check_tables(pack)
    if top == "encounters":
        ws.check_tables(pack)
        _encounter(ws, pack, path, outcome)
    if path == pack.campaign:  # its chapters' missions are compiled, their own problems not shown
        for mission_path in pack.missions:
            mission = _mission(ws, pack, mission_path, outcome)
            if mission is not None:
                outcome.missions.setdefault(pack.id, []).append(mission)
        outcome.mission_files = 0
        _campaign(ws, pack, outcome, involved)
    elif top == "missions":
        mission = _mission(ws, pack, path, outcome)
        if path in ws.docs:
            involved |= _tiles_used(ws, pack, ws.docs[path])
        if mission is not None:
            outcome.missions.setdefault(pack.id, []).append(mission)
    elif top == "scenarios":
        _scenario(pack, path, outcome, involved)


def _standalone(ws: Workspace, path: Path, outcome: Outcome, involved: set[Path]) -> None:
    doc = ws.read(path)
    if doc is None:
        return
    kind = kind_of(doc.data)
    if kind is None:
        ws.report(path, [codes.UNKNOWN_KIND.at(Location(path))])
    elif kind == "mission":
        pack = ws.standalone(path.parent)
        _involve_rules(ws, pack, involved)
        mission = _mission(ws, pack, path, outcome)
        involved |= _tiles_used(ws, pack, doc)
        if mission is not None:
            outcome.missions.setdefault(pack.id, []).append(mission)
    elif kind == "tile":
        model, problems = validate_past_unknown_keys(doc, TileDoc)
        ws.report(path, problems)
        if model is not None:
            ws.report(path, tile_sides(doc, model)[1])
    elif kind == "pack":
        ws.report(path, validate(doc, PackDoc)[1])
    elif kind == "scenario":
        _scenario(ws.standalone(path.parent), path, outcome, involved)
    elif kind == "table":
        pack = ws.standalone(path.parent)
        ws.load_table(pack, path)
        ws.check_tables(pack)
    else:
        pack = ws.standalone(path.parent)
        rules, problems = validate_past_unknown_keys(doc, RulesDoc)
        ws.report(path, problems)
        if rules is not None:
            ws.report(path, pack.rules.add_file(pack.id, doc, rules))
            ws.compiled_rules(pack)


def _encounter(ws: Workspace, pack: Pack, path: Path, outcome: Outcome) -> None:
    """An All Things Zombie scenario or encounter, checked on the inch-measured table."""
    doc = ws.read(path)
    if doc is None:
        return
    from ..model.atz import EncounterDoc  # loads only for a pack that has encounters: validate stays quick

    model, problems = validate_past_unknown_keys(doc, EncounterDoc)
    ws.report(path, problems)
    if model is None:
        return
    # The inch-measured table (shapely, networkx) loads only for a pack that has encounters
    from .atz import compile_encounter

    encounter, problems = compile_encounter(doc, model, ws.table_names(pack), _catalogue(pack, outcome))
    ws.report(path, problems)
    if encounter is not None and not any(p.severity is Severity.ERROR for p in problems):
        outcome.encounters.setdefault(pack.id, []).append(encounter)


def _catalogue(pack: Pack, outcome: Outcome):
    """The pieces/ catalogue an encounter of ``pack`` places its buildings and vehicles from: the
    terrain pieces of the pack and the packs it requires, read by the tabletop model's reader."""
    from .atz import Catalogue, CatalogueEntry

    ws = outcome.workspace
    assert ws is not None
    if not any(p.pieces_files for p in ws.visible(pack)):
        return Catalogue()
    zw = _zonewars(outcome)

    def find(ref: str) -> CatalogueEntry | None:
        hit = zw.piece(pack, ref)
        if hit is None:
            return None
        entry, piece = hit
        openings = [o.kind for o in entry.model.openings]  # type: ignore[attr-defined]
        return CatalogueEntry(entry.qualified, entry.model.name, piece,  # type: ignore[attr-defined]
                              openings.count("door"), openings.count("window"))

    return Catalogue(find, zw.known(pack, "pieces"))


def _mission(ws: Workspace, pack: Pack, path: Path, outcome: Outcome) -> c.CompiledMission | None:
    outcome.mission_files += 1
    doc = ws.read(path)
    if doc is None:
        return None
    result = compile_mission(ws, pack, doc, outcome.allow_unplayable)
    ws.report(path, result.problems)
    if result.mission is not None:
        assert result.board is not None  # a mission compiles only with its board
        outcome.boards[result.mission.pack, result.mission.mission.id] = result.board
    return result.mission


def _check_tabletop(pack: Pack, outcome: Outcome, involved: set[Path]) -> None:
    """The pack's terrain pieces, Zone Wars data and scenarios; scenario ids unique in the pack."""
    if not (pack.pieces_files or pack.zonewars_files or pack.scenarios):
        return
    zw = _zonewars(outcome)
    zw.data(pack)
    zw.check_references(pack)
    involved |= set(pack.pieces_files) | set(pack.zonewars_files)
    first: dict[str, Location] = {}
    for path in pack.scenarios:
        scenario = _scenario(pack, path, outcome, involved, keep=False)
        if scenario is None:
            continue
        loc = scenario.doc.loc(("scenario", "id"))
        if scenario.id in first:
            outcome.workspace.report(path, [codes.DUPLICATE.at(loc, what="scenario", id=scenario.id,  # type: ignore[union-attr]
                                                               first=first[scenario.id].display())])
            continue
        first[scenario.id] = loc
        outcome.scenarios.setdefault(pack.id, []).append(scenario)


def _zonewars(outcome: Outcome) -> ZoneWars:
    """The Zone Wars reader, made when the first tabletop source is met: the inch-measured table
    (shapely, networkx) loads only for packs that have one, so checking a grid mission stays quick."""
    if outcome.zonewars is None:
        from .zonewars import ZoneWars

        assert outcome.workspace is not None
        outcome.zonewars = ZoneWars(outcome.workspace)
    return outcome.zonewars


def _scenario(pack: Pack, path: Path, outcome: Outcome, involved: set[Path], keep: bool = True) -> CompiledScenario | None:
    """Compile one scenario file; its problems go to the workspace, the files it reads become involved."""
    ws = outcome.workspace
    if ws is None:
        return None
    zw = _zonewars(outcome)
    involved.add(absolute(path))
    outcome.scenario_files += 1
    for seen in zw.visible(pack):
        zw.data(seen)
        involved |= set(seen.pieces_files) | set(seen.zonewars_files)
        if not seen.standalone:
            involved.add(absolute(seen.manifest_path))
    doc = ws.read(path)
    if doc is None:
        return None
    from .zonewars import compile_scenario  # see _zonewars

    scenario, problems = compile_scenario(zw, pack, doc)
    ws.report(path, problems)
    if scenario is not None and keep:
        outcome.scenarios.setdefault(pack.id, []).append(scenario)
    return scenario


def _involve_rules(ws: Workspace, pack: Pack, involved: set[Path]) -> None:
    """Manifests and rules files of a pack and of every pack it sees: their problems matter here."""
    for candidate in ws.visible(pack):
        if candidate is pack:
            ws.check_manifest(candidate)
        ws.compiled_rules(candidate)
        if not candidate.standalone:
            involved.add(absolute(candidate.manifest_path))
        involved |= set(candidate.rules_files)


def _tiles_used(ws: Workspace, pack: Pack, doc) -> set[Path]:
    found = set()
    floors = doc.data.get("floors")
    for floor in floors if isinstance(floors, list) else []:
        tiles = floor.get("tiles") if isinstance(floor, dict) else None
        for placed in tiles if isinstance(tiles, list) else []:
            ref = placed.get("tile") if isinstance(placed, dict) else None
            path = ws.tile_path(pack, ref) if isinstance(ref, str) else None
            if path is not None:
                found.add(path)
    return found


