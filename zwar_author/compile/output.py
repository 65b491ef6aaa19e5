"""Writing compiled content whole or not at all: written out of sight, then published in one rename."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..analysis.caches import FORMAT as CACHE_FORMAT
from ..analysis.caches import write_cache
from ..model import content as c
from ..publish import publish, sweep
from ..sources.art import format_art
from . import canonical
from .zonewars import compiled_scenario

if TYPE_CHECKING:
    from .project import Outcome
    from .workspace import Pack


SHEETS = "sheets"  # in every pack folder: the pack's sheets, which `zwar render` fills


def write(outcome: Outcome, out: Path, caches: bool = True) -> list[Path]:
    """Write compiled content; the files written. A pack checked whole becomes out/<pack>/
    (index.json and missions/); a mission checked on its own replaces its files in
    out/<pack>/missions/, the rest of the folder kept. Each mission's caches sit beside it as
    <id>.cache.npz. Either way out/<pack> is published whole (``publish``): a killed build
    leaves the old folder or the new one. What other commands wrote there (the sheets of
    `zwar render`, the exports) is kept."""
    written: list[Path] = []
    whole = {pack.id for pack in outcome.packs}
    for pack in outcome.packs:
        with publish(out / pack.id, keep=_not_built) as folder:
            entries = [_mission(outcome, m, folder / "missions", caches)
                       for m in sorted(outcome.missions.get(pack.id, []), key=lambda m: m.mission.id)]
            campaign = outcome.campaigns.get(pack.id)
            if campaign is not None:
                (folder / "campaign.json").write_bytes(canonical.dumps(campaign.compiled(pack.id)))
            (folder / "index.json").write_bytes(canonical.dumps(_index(outcome, pack, entries)))
            for scenario in sorted(outcome.scenarios.get(pack.id, []), key=lambda s: s.id):
                (folder / "scenarios").mkdir(exist_ok=True)
                (folder / "scenarios" / f"{scenario.id}.json").write_bytes(canonical.dumps(compiled_scenario(scenario)))
            _atz(outcome, pack, folder)
        drop_old_sheets(out, pack.id)
        built = out / pack.id
        written += [built / name for name in ("campaign.json", "index.json") if (built / name).exists()]
        written += sorted((built / "missions").iterdir() if entries else [])
        for sub in ("scenarios", "tables", "encounters"):
            written += sorted((built / sub).iterdir() if (built / sub).is_dir() else [])
    for pack_id, missions in sorted(outcome.missions.items()):
        if pack_id in whole:
            continue
        replaced = {f"missions/{m.mission.id}{end}" for m in missions for end in (".json", ".cache.npz")}
        with publish(out / pack_id, keep=_except(replaced)) as folder:
            for mission in sorted(missions, key=lambda m: m.mission.id):
                _mission(outcome, mission, folder / "missions", caches)
                written += [out / pack_id / "missions" / name for end in (".cache.npz", ".json")
                            if (folder / "missions" / (name := f"{mission.mission.id}{end}")).exists()]
        drop_old_sheets(out, pack_id)
    return written


def _not_built(rel: str) -> bool:
    """Whether a file of a pack folder is not one `zwar build` writes (the JSON files at the top,
    missions/, scenarios/, tables/, encounters/): what to carry into a new version, the sheets and
    exports among them. (A carried file is a hard link to the old version's: build must never write one.)"""
    top_json = "/" not in rel and rel.endswith(".json")
    return not top_json and not rel.startswith(("missions/", "scenarios/", "tables/", "encounters/"))


def _except(names: set[str]) -> Callable[[str], bool]:
    return lambda rel: rel not in names


def drop_old_sheets(out: Path, pack_id: str) -> None:
    """Remove what an older zwar kept a pack's sheets in (out/.<pack>.sheets, a link to hidden versions
    of it): once a pack folder is published, the sheets it pointed at are carried in as plain files."""
    old = out / f".{pack_id}.{SHEETS}"
    if old.is_symlink():
        old.unlink()
        sweep(old)


def _atz(outcome: Outcome, pack: Pack, folder: Path) -> None:
    """The pack's random tables (tables/<id>.json) and All Things Zombie encounters (encounters/<id>.json)."""
    from ..tables.compile import compiled  # the table model loads only for a pack that has tables

    for table_id, source in sorted(pack.tables.items()):
        (folder / "tables").mkdir(exist_ok=True)
        (folder / "tables" / f"{table_id}.json").write_bytes(canonical.dumps(compiled(source)))
    encounters = outcome.encounters.get(pack.id, [])
    if encounters:
        from .atz import compiled_encounter

        (folder / "encounters").mkdir(exist_ok=True)
        for encounter in sorted(encounters, key=lambda e: e.model.encounter.id):
            data = canonical.dumps(compiled_encounter(encounter, pack.id))
            (folder / "encounters" / f"{encounter.model.encounter.id}.json").write_bytes(data)


def _mission(outcome: Outcome, mission: c.CompiledMission, folder: Path, caches: bool) -> c.MissionEntry:
    """Write one mission (its caches first, so the JSON can name them by hash); its index entry."""
    folder.mkdir(parents=True, exist_ok=True)
    mid = mission.mission.id
    board = outcome.boards.get((mission.pack, mid))
    if caches and board is not None:
        name = f"{mid}.cache.npz"
        digest = write_cache(folder / name, board)
        mission = mission.model_copy(update={"caches": c.CacheRef(file=name, sha256=digest, format=CACHE_FORMAT)})
    data = canonical.dumps(mission)
    (folder / f"{mid}.json").write_bytes(data)
    return c.MissionEntry(id=mid, title=mission.mission.title, game=mission.mission.game, mode=mission.mission.mode,
                          file=f"missions/{mid}.json", sha256=hashlib.sha256(data).hexdigest())


def _index(outcome: Outcome, pack: Pack, entries: list[c.MissionEntry]) -> c.PackIndex:
    ws = outcome.workspace
    assert ws is not None and pack.info is not None  # a pack checked whole has a workspace and a manifest
    tiles = []
    for tile_id, entry in sorted(pack.tiles.items()):
        if entry.sides is None or entry.info is None:
            continue
        first = entry.sides["A"]
        tiles.append(c.TileEntry(id=f"{pack.id}/{tile_id}", name=entry.info.tile.name, width=first.width,
                                 height=first.height, sides={s: format_art(g) for s, g in entry.sides.items()},
                                 copies=pack.copies(tile_id)))
    return c.PackIndex(format=c.FORMAT, kind="pack", tool=c.Tool(name="zwar-author", version=__version__),
                       pack=pack.info, missions=entries, tiles=tiles, miniatures=ws.miniatures(pack),
                       rules=pack_rules(outcome, pack),
                       campaign="campaign.json" if pack.id in outcome.campaigns else None)


def pack_rules(outcome: Outcome, pack: Pack) -> c.Rules:
    """The pack's own rules data, compiled."""
    assert outcome.workspace is not None  # set by check()
    own: dict[str, dict[str, Any]] = outcome.workspace.compiled_rules(pack)  # each kind its own compiled model
    return c.Rules(**{kind: [v for _, v in sorted(own[kind].items())] for kind in own},
                   campaign_xp=pack.rules.campaign_xp)
