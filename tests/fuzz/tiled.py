"""The Tiled target: mutated Tiled maps (TMX and TMJ) through `zwar import tiled`'s library call.

The seeds are the hand-written fixture map (``tests/fixtures/tiled/vault.tmx``)
with its tileset and base file, the same map as `zwar export tiled` writes it
in JSON, the shipped example map, and the maps in older Tiled formats. Each
input applies one to three mutations that know Tiled's formats (an attribute
or value near a limit or not a number, layer data replaced by a compression
bomb, garbage or data cut short, an object id repeated or negative, a file
path pointed outside the map's folder, a DTD, groups nested deep) or the
generic text mutations of the sources target, and is imported in a scratch
folder. Beside that folder lie a base file and a tileset holding a marker
string; the mutations point paths at them.

An input fails when the import raises (an internal error, exit 3), when a
diagnostic of the map names a line or column not in it, when the source it
writes holds the outside marker (a file outside the map's folder was read),
or when it takes longer than the time budget.
"""

from __future__ import annotations

import base64
import gzip
import json
import random
import re
import shutil
import struct
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

from zwar_author.compile.project import check
from zwar_author.interop.tiled import import_tiled
from zwar_author.interop.tiled_write import mission_map

from .harness import REPO, Input, Verdict, _inside
from .mutate import NUMBERS, text_mutation

FIXTURES = REPO / "tests" / "fixtures" / "tiled"
MARKER = "OUTSIDE-THE-MAP-FOLDER"
#: attribute and JSON values at and past the limits the importer checks
VALUES = ["0", "-1", "1", "500", "501", "100000", "2147483648", "inf", "-inf", "nan", "NaN", "1e999", "-0", "6.5",
          "", "x", "0x10", " 6", "9" * 40]
PATHS = ["../outside/secret.toml", "../outside/tiles.tsj", "../outside/tiles.tsx", "/etc/passwd", "/dev/zero",
         "nowhere.tsj", "sub/../../outside/secret.toml", ".", "..", "terrain.tsj", "vault-base.toml"]


class TiledTarget:
    """The seed maps copied into ``scratch/maps``, outside files in ``scratch/outside``."""

    name = "tiled"

    def __init__(self, scratch: Path) -> None:
        self.folder = scratch / "maps"
        outside = scratch / "outside"
        for place in (self.folder, outside):
            shutil.rmtree(place, ignore_errors=True)
            place.mkdir(parents=True)
        for name in ("vault.tmx", "vault-base.toml", "terrain.tsj"):
            shutil.copy(FIXTURES / name, self.folder / name)
        for name in ("example.tmj", "example-base.toml"):
            shutil.copy(REPO / "docs" / "tiled" / name, self.folder / name)
        for path in (FIXTURES / "old").iterdir():
            shutil.copy(path, self.folder / path.name)
        base = (FIXTURES / "vault-base.toml").read_text()
        (outside / "secret.toml").write_text(base.replace("[mission]\n", f'[mission]\nnotes = ["{MARKER}"]\n'))
        tileset = json.loads((FIXTURES / "terrain.tsj").read_text())
        tileset["name"] = MARKER
        (outside / "tiles.tsj").write_text(json.dumps(tileset))
        (outside / "tiles.tsx").write_text(f'<tileset name="{MARKER}" tilewidth="32" tileheight="32" tilecount="1" '
                                           'columns="1"/>')
        self.seeds = {name: (self.folder / name).read_text(encoding="utf-8")
                      for name in ("vault.tmx", "example.tmj", "sewers-old.tmx", "walls-old.tmx")}
        self.seeds["vault.tmj"] = _as_json(self.folder)
        self.sources = sorted(self.seeds)

    def inputs(self, seed: int, count: int, start: int = 0) -> Iterator[Input]:
        """``count`` inputs from number ``start``; input ``i`` depends only on ``seed``, ``i`` and the seeds."""
        for number in range(start, start + count):
            rng = random.Random(f"tiled:{seed}:{number}")
            target = rng.choice(self.sources)
            text = self.seeds[target]
            for _ in range(rng.choice([1, 1, 2, 3])):
                mutation = rng.choice(TMX if target.endswith(".tmx") else TMJ)
                text = mutation(text, rng)
            yield Input(number, target, text, target.endswith(".tmj"))

    def run(self, item: Input, budget: float) -> Verdict:
        path = self.folder / f"fuzzed-{item.target}"
        out = self.folder / "fuzzed-out.toml"
        path.write_text(item.text, encoding="utf-8", newline="")
        started = time.perf_counter()
        verdict = Verdict(item, 0.0)
        try:
            result = import_tiled(path, out)
            shown = result.report.sorted()
            verdict.errors = len(result.report.errors)
            verdict.codes = frozenset(d.code for d in shown)
            verdict.misplaced = [d.human() for d in shown if d.location.path == path and d.location.line
                                 and not _inside(d, item.text)]
            for d in shown:
                d.human()
            if result.text is not None and MARKER in result.text:
                verdict.crash = "read outside: the written source holds a file's marker from outside the map's folder"
        except Exception as exc:  # noqa: BLE001 - any exception is the crash being looked for
            verdict.crash = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        verdict.seconds = time.perf_counter() - started
        path.unlink()
        out.unlink(missing_ok=True)
        return verdict

    def close(self) -> None:
        """Nothing to undo: the target patches nothing."""


def _as_json(folder: Path) -> str:
    """The fixture map as `zwar export tiled` writes it (a JSON map naming the same tileset and base file)."""
    target = folder / "seed.toml"
    import_tiled(folder / "vault.tmx", target)
    outcome = check([target])
    (pack_id, missions), = outcome.missions.items()
    board = outcome.boards[pack_id, missions[0].mission.id]
    target.unlink()
    return json.dumps(mission_map(missions[0], board, "vault-base.toml", "terrain.tsj"), indent=1) + "\n"


# --- mutations ------------------------------------------------------------------------------------------


def _data(rng: random.Random) -> tuple[str, str]:
    """Layer data: a compression bomb, garbage, data cut short, or a fair layer; its compression."""
    compression = rng.choice(["zlib", "gzip", "zstd", ""])
    cells = rng.choice([0, 1, 24, 25, 250_000, 2_000_001, 4_000_000])
    packed = struct.pack("<I", rng.choice([0, 1, 2, 7, 2**31, 2**32 - 1])) * cells
    raw = {"zlib": zlib.compress, "gzip": gzip.compress}.get(compression, lambda b: b)(packed)
    choice = rng.randrange(4)
    if choice == 0:
        raw = raw[: rng.randrange(len(raw) + 1)]
    elif choice == 1:
        raw = bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 8, 100])))
    text = base64.b64encode(raw).decode()
    if rng.random() < 0.1:
        text = text[:-1] + "!"
    return text, compression


def _attribute(text: str, rng: random.Random) -> str:
    found = list(re.finditer(r'(\b[a-z]+)="([^"]*)"', text))
    if not found:
        return text
    m = rng.choice(found)
    value = rng.choice(PATHS) if m[1] in ("source", "template", "value") and rng.random() < 0.5 else rng.choice(VALUES)
    return text[:m.start(2)] + value + text[m.end(2):]


def _tmx_data(text: str, rng: random.Random) -> str:
    data, compression = _data(rng)
    replaced = f'<data encoding="base64"{f" compression={chr(34)}{compression}{chr(34)}" if compression else ""}>' \
               f"{data}</data>"
    return re.sub(r"<data\b[^>]*>.*?</data>", replaced, text, count=1, flags=re.DOTALL)


def _tmx_ids(text: str, rng: random.Random) -> str:
    ids = re.findall(r'<object id="(-?\d+)"', text)
    if not ids:
        return text
    return text.replace(f'<object id="{rng.choice(ids)}"', f'<object id="{rng.choice(ids + ["-1", "0", "-7"])}"', 1)


def _tmx_structure(text: str, rng: random.Random) -> str:
    choice = rng.randrange(4)
    at = text.find("<layer") if "<layer" in text else text.find("</map>")
    if choice == 0:  # groups nested around the nesting limit
        depth = rng.choice([30, 33, 200])
        return text[:at] + '<group name="g">' * depth + "</group>" * depth + text[at:]
    if choice == 1:  # a DTD with entities
        return text.replace("?>", '?><!DOCTYPE map [<!ENTITY a "aaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>', 1)
    if choice == 2:  # a template on an object
        return text.replace("<object ", f'<object template="{rng.choice(PATHS)}" ', 1)
    return text[:at] + "".join(f'<layer id="{90 + k}" name="big" width="{rng.choice(VALUES)}" height="500"/>'
                               for k in range(rng.choice([1, 9]))) + text[at:]


def _outside(text: str, rng: random.Random) -> str:
    """A file the map names (its base file, a tileset) pointed elsewhere, outside its folder most often."""
    return re.sub(r"(vault-base\.toml|example-base\.toml|terrain\.tsj|walls-old\.tsx)", rng.choice(PATHS), text,
                  count=1)


def _json_value(text: str, rng: random.Random) -> str:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return text_mutation(text, rng)
    spots: list[tuple[dict, str]] = []
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            spots += [(value, k) for k in value]
            todo += list(value.values())
        elif isinstance(value, list):
            todo += value
    if not spots:
        return text
    table, key = rng.choice(spots)
    if key in ("source", "template", "base") or (key == "value" and rng.random() < 0.3):
        table[key] = rng.choice(PATHS)
    elif key == "data" and rng.random() < 0.7:
        table["data"], compression = _data(rng)
        table["encoding"] = "base64"
        if compression:
            table["compression"] = compression
    elif key == "id":
        table[key] = rng.choice([-1, 0, 1, 2, 3, 2**63])
    else:
        table[key] = rng.choice(NUMBERS + [v for v in VALUES if v] + [None, [], {}])
    return json.dumps(data, allow_nan=True)


def _json_structure(text: str, rng: random.Random) -> str:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return text_mutation(text, rng)
    if not isinstance(data, dict):
        return text
    choice = rng.randrange(3)
    if choice == 0:
        data.pop(rng.choice(sorted(data)), None)
    elif choice == 1:
        group: dict = {"type": "group", "name": "g", "layers": []}
        outer = group
        for _ in range(rng.choice([10, 20, 200])):
            inner = {"type": "group", "name": "g", "layers": []}
            outer["layers"].append(inner)
            outer = inner
        layers = data.get("layers")
        data["layers"] = (layers if isinstance(layers, list) else []) + [group]
    else:
        data["type"] = rng.choice(["tileset", "template", "map", 7])
    return json.dumps(data)


TMX: list[Callable[[str, random.Random], str]] = [_attribute, _attribute, _tmx_data, _tmx_ids, _tmx_structure,
                                                  _outside, text_mutation]
TMJ: list[Callable[[str, random.Random], str]] = [_json_value, _json_value, _json_structure, _outside, text_mutation]
