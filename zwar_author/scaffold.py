"""``zwar init``: a new pack with one tile and one mission that validates as it is."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from .errors import UsageError
from .schema import render, schemas

SCHEMA_DIR = ".zwar/schemas"

PACK = """\
#:schema {schemas}/pack.schema.json
[pack]
id = "{id}"
title = "{title}"
version = "0.1.0"
description = "Missions for Z War One."
requires = ["core"]
games = ["zwar1"]

[copies]
{id}-block = 1
"""

TILE = """\
#:schema ../{schemas}/tile.schema.json
# Tile art: '.' corridor, ':' room, '=' stairs, '~' water, 't' transition, '#' void;
# '-' and '|' walls, 'D' doors, '*' water obstacles. `zwar explain ZW106` and friends say more.
[tile]
id = "{id}-block"
name = "Block"

[sides.A]
name = "Office block"
art = \"\"\"
+-+-+-+-+-+-+
|. . . . . .|
+ + +-+D+-+ +
|. .|: : :|.|
+ + + + + + +
|. .|: : :|.|
+ + +-+-+-+ +
|. . . . . .|
+ + + + + + +
|. . . . . .|
+ + + + + + +
|. . . . . .|
+-+-+-+-+-+-+
\"\"\"
"""

MISSION = """\
#:schema ../{schemas}/mission.schema.json
[mission]
id = "first-steps"
title = "First Steps"
chapter = 1
game = "zwar1"
mode = "campaign"
briefing = \"\"\"
Search the office for the radio codes, then get everyone out by the east road.
\"\"\"
# The band `zwar playtest` holds the mission to, for the search player's games (the strong player: how hard
# the mission is for skilled play). Take the "# " away once a playtest says where the mission stands.
# playtest = {{ policy = "search", win_rate = [0.3, 0.7], runs = 100 }}

[[floors]]
tiles = [{{ tile = "{id}-block", side = "A", at = [0, 0] }}]

[[starts]]
at = "0,5"
[[starts]]
at = "1,5"
[[starts]]
at = "0,4"
[[starts]]
at = "1,4"

[[exits]]
at = "5,5"

[[spawn_points]]
letter = "A"
at = "5,0"

[[objectives]]
number = 1
at = "3,2"
scope = "room"
label = "Radio codes"

[spawn.turn]
where = {{ "1-6" = "A", "7-8" = "roamers" }}
what = {{ "1-4" = "1 zombie", "5-7" = "2 zombies", "8" = "3 zombies" }}

[spawn.room]
what = {{ "1-3" = "nothing", "4-6" = "1 zombie", "7-8" = "2 zombies" }}
distance = {{ "1-2" = 1, "3-4" = 2, "5-6" = 3, "7-8" = 4 }}

[[victory]]
objectives = "all"
escape = "all"
text = "Complete the objective, then every hero leaves by the exit."

[[defeat]]
any_hero_dies = true
text = "A hero dies."
"""


#: What a folder may already hold for `zwar init` to start a pack in it: version control.
VERSION_CONTROL = frozenset({".git", ".hg", ".svn", ".bzr", ".jj", ".gitignore", ".gitattributes", ".hgignore"})


def init_pack(folder: Path, pack_id: str | None = None, title: str | None = None) -> list[Path]:
    """Create a new pack in ``folder``, which must be new, empty, or hold only version-control
    files (a fresh `git init`); the files written."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(p.name not in VERSION_CONTROL for p in folder.iterdir())):
        raise UsageError(f"{folder} already exists and holds more than version-control files: choose a new or "
                         "empty folder")
    pack_id = pack_id or _slug(folder.resolve().name)
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", pack_id):
        raise UsageError(f"{pack_id!r} is not a pack id: use lower-case letters, digits, '-' and '_'")
    fields = {"id": pack_id, "title": title or folder.resolve().name, "schemas": SCHEMA_DIR}
    files = {
        "pack.toml": PACK.format(**fields),
        f"tiles/{pack_id}-block.toml": TILE.format(**fields),
        "missions/first-steps.toml": MISSION.format(**fields),
    }
    files.update({f"{SCHEMA_DIR}/{name}": render(schema) for name, schema in schemas().items()})
    place = folder.resolve()
    place.parent.mkdir(parents=True, exist_ok=True)
    # Staged beside the folder (or inside it, when it exists), then moved in: nothing half-written.
    staging = Path(tempfile.mkdtemp(prefix=".zwar-init.", dir=place if place.is_dir() else place.parent))
    try:
        os.chmod(staging, 0o755)
        for name, text in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if not place.exists():
            os.replace(staging, place)
        else:  # beside what version control keeps there: each top-level entry moved in
            for entry in sorted(staging.iterdir()):
                os.replace(entry, place / entry.name)
            staging.rmdir()
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [folder / name for name in files if not name.startswith(".")]


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug if slug and slug[0].isalnum() else "my-pack"
