"""Writing compiled content whole or not at all: staged in a temporary folder, then moved in."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..analysis.caches import FORMAT as CACHE_FORMAT
from ..analysis.caches import write_cache
from ..model import content as c
from ..sources.art import format_art
from . import canonical

if TYPE_CHECKING:
    from .project import Outcome
    from .workspace import Pack


def write(outcome: Outcome, out: Path, caches: bool = True) -> list[Path]:
    """Write compiled content. A pack checked whole becomes out/<pack>/ (index.json and
    missions/), replaced in one move; a mission checked on its own becomes
    out/<pack>/missions/<id>.json. Each mission's caches sit beside it as <id>.cache.npz."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    whole = {pack.id for pack in outcome.packs}
    for pack in outcome.packs:
        with staged(out / pack.id) as folder:
            entries = [_mission(outcome, m, folder / "missions", caches)
                       for m in sorted(outcome.missions.get(pack.id, []), key=lambda m: m.mission.id)]
            (folder / "index.json").write_bytes(canonical.dumps(_index(outcome, pack, entries)))
        written += sorted(p for p in (out / pack.id).rglob("*") if p.is_file())
    for pack_id, missions in outcome.missions.items():
        if pack_id in whole:
            continue
        target = out / pack_id / "missions"
        target.mkdir(parents=True, exist_ok=True)
        for mission in missions:
            staging = Path(tempfile.mkdtemp(prefix=".staging.", dir=target))
            try:
                _mission(outcome, mission, staging, caches)
                for name in sorted(os.listdir(staging), key=lambda n: n.endswith(".json")):  # the cache first
                    os.replace(staging / name, target / name)
                    written.append(target / name)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
    return written


@contextmanager
def staged(target: Path) -> Iterator[Path]:
    """A fresh folder beside ``target`` to write into; on success it replaces ``target`` whole."""
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    os.chmod(staging, 0o755)  # mkdtemp makes private folders; build output is for sharing
    try:
        yield staging
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=target.parent))
            os.replace(target, old / "content")
        os.replace(staging, target)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


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
                       rules=pack_rules(outcome, pack))


def pack_rules(outcome: Outcome, pack: Pack) -> c.Rules:
    """The pack's own rules data, compiled."""
    assert outcome.workspace is not None  # set by check()
    own: dict[str, dict[str, Any]] = outcome.workspace.compiled_rules(pack)  # each kind its own compiled model
    return c.Rules(**{kind: [v for _, v in sorted(own[kind].items())] for kind in own},
                   campaign_xp=pack.rules.campaign_xp)
