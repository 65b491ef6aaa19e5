"""Tiled maps zwar did not write: older Tiled formats, other tools' maps, and hostile maps.

Each is one clear located error with exit status 1 (never an internal error), found
before anything that grows with the map is done; a map reads nothing outside its folder
unless the user allows it.
"""

from __future__ import annotations

import base64
import gzip
import json
import shutil
import struct
import zlib

import pytest
from conftest import CONTENT, FIXTURES, REPO
from test_tiled import edit

from zwar_author import codes
from zwar_author.compile.project import check
from zwar_author.interop.tiled import import_tiled
from zwar_author.interop.tiled_write import mission_map

OLD = FIXTURES / "tiled" / "old"
CSV = """<data encoding="csv">
2,2,2,1,1,1,
2,2,2,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1
</data>"""
NOT_ZWAR = ("error ZW970: this map uses nothing of the zwar Tiled project: start one with `zwar export tiled "
            "MISSION`, or load the project's classes into Tiled (docs/interop.md)")


@pytest.fixture
def vault(workdir):
    for name in ("vault.tmx", "vault-base.toml", "terrain.tsj"):
        shutil.copy(FIXTURES / "tiled" / name, workdir / name)
    return workdir / "vault.tmx"


def lines(zwar, *args) -> tuple[int, list[str]]:
    result = zwar("import", "tiled", *args)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)  # never an internal error
    return result.exit_code, result.output.splitlines()


def _packed(gids: list[int], compress=zlib.compress) -> str:
    return base64.b64encode(compress(struct.pack(f"<{len(gids)}I", *gids))).decode()


# --- older Tiled formats and other tools' maps -------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    ("sewers-old.tmx", f"sewers-old.tmx:1:1: {NOT_ZWAR}"),
    ("walls-old.tmx", f"walls-old.tmx:1:1: {NOT_ZWAR}"),
    ("hexagonal-old.tmx", ("hexagonal-old.tmx:1:1: error ZW961: this map is hexagonal: draw missions and tiles on "
                           "an orthogonal map of fixed size")),
])
def test_maps_in_older_formats_get_a_reason_not_a_missing_key(zwar, workdir, name, expected):
    # Tiled 1.0 wrote no `tilecount` or `columns`: the parser stopped at KeyError: 'tilecount'
    for path in OLD.iterdir():
        shutil.copy(path, workdir / path.name)
    assert lines(zwar, name) == (1, [expected, "nothing written: 1 error, 0 warnings"])


def test_an_older_zwar_map_without_tilecount_imports(zwar, vault):
    tiles = json.loads((vault.parent / "terrain.tsj").read_text())["tiles"]
    embedded = "".join(f'<tile id="{t["id"]}" type="terrain"><properties><property name="terrain" '
                       f'value="{t["properties"][0]["value"]}"/></properties></tile>' for t in tiles)
    edit(vault, '<tileset firstgid="1" source="terrain.tsj"/>',
         f'<tileset firstgid="1" name="old" tilewidth="32" tileheight="32"><image source="t.png" width="192" '
         f'height="32"/>{embedded}</tileset>')
    edit(vault, CSV, f'<data encoding="base64" compression="zlib">{_packed([2, 2, 2, 1, 1, 1] * 2 + [1] * 12)}</data>')
    assert lines(zwar, "vault.tmx", "-o", "vault.toml") == (0, ["wrote vault.toml: 0 errors, 0 warnings"])


def test_a_foreign_map_is_one_error_not_one_an_object(zwar, vault):
    objects = "".join(f'<object id="{i}" type="enemy" x="{i}" y="8"><point/></object>' for i in range(100, 250))
    text = vault.read_text()
    head = text[:text.index(" <objectgroup")].replace('class="mission" ', "").replace('source="terrain.tsj"',
                                                                                         'source="other.tsj"')
    (vault.parent / "other.tsj").write_text(json.dumps({"type": "tileset", "name": "desert", "tilewidth": 32,
                                                        "tileheight": 32, "tilecount": 6, "columns": 6,
                                                        "image": "d.png", "imagewidth": 192, "imageheight": 32}))
    head = head.replace('  <property name="base" type="file" value="vault-base.toml"/>\n', "")
    head = head[:head.index(" <properties>")] + head[head.index("</properties>") + len("</properties>\n"):]
    vault.write_text(head + f' <objectgroup id="2" name="enemies">{objects}</objectgroup>\n</map>\n')
    assert lines(zwar, "vault.tmx") == (1, [f"vault.tmx:1:1: {NOT_ZWAR}", "nothing written: 1 error, 0 warnings"])


@pytest.mark.parametrize(("text", "reason"), [
    ('{"name": "not a map"}', "this JSON file is not a Tiled map"),
    ('{"type": "tileset", "name": "terrain"}', "this JSON file is a Tiled tileset"),
    ("[1, 2, 3]", "this JSON file is not a Tiled map"),
])
def test_a_json_file_that_is_no_map_says_so(zwar, workdir, text, reason):
    (workdir / "thing.json").write_text(text)
    code, found = lines(zwar, "thing.json")
    assert code == 1
    assert found[0] == (f"thing.json:1:1: error ZW960: cannot read this Tiled map: {reason}: a map has \"type\": "
                        "\"map\", its size and its layers (save it from Tiled as a .tmj map)")


def test_the_schema_line_survives_a_round_trip(zwar, workdir):
    source = CONTENT / "core" / "missions" / "the-crossing.toml"
    assert source.read_text().startswith("#:schema ../../../schemas/mission.schema.json\n")
    assert zwar("export", "tiled", source, "-o", "out").exit_code == 0
    base = workdir / "out" / "core" / "tiled" / "the-crossing.base.toml"
    first = base.read_text().splitlines()[0]
    assert (base.parent / first.removeprefix("#:schema ")).resolve() == REPO / "schemas" / "mission.schema.json"
    (workdir / "missions").mkdir()
    target = workdir / "missions" / "the-crossing.toml"
    assert zwar("import", "tiled", base.parent / "the-crossing.tmj", "-o", target).exit_code == 0
    first = target.read_text().splitlines()[0]
    assert (target.parent / first.removeprefix("#:schema ")).resolve() == REPO / "schemas" / "mission.schema.json"
    # imported again over a source with its own line, the source's line stays
    target.write_text("#:schema https://example.org/mission.schema.json\n" + target.read_text().split("\n", 1)[1])
    assert zwar("import", "tiled", base.parent / "the-crossing.tmj", "-o", target).exit_code == 0
    assert target.read_text().splitlines()[0] == "#:schema https://example.org/mission.schema.json"


# --- reading outside the map's folder -------------------------------------------------------------


def test_a_base_file_outside_the_maps_folder_is_not_read_unless_allowed(zwar, workdir, vault):
    (workdir / "shared").mkdir()
    (workdir / "outside").mkdir()
    shutil.move(vault, workdir / "shared" / "vault.tmx")
    shutil.move(workdir / "terrain.tsj", workdir / "shared" / "terrain.tsj")
    secret = (workdir / "vault-base.toml").read_text().replace("[mission]\n", '[mission]\nnotes = ["SECRET-KEY-123"]\n')
    (workdir / "outside" / "secret.toml").write_text(secret)
    edit(workdir / "shared" / "vault.tmx", 'value="vault-base.toml"', 'value="../outside/secret.toml"')
    code, found = lines(zwar, "shared/vault.tmx", "-o", "vault.toml")
    assert (code, found) == (1, [
        ("shared/vault.tmx:3:2: error ZW971: the base file `../outside/secret.toml` is outside the map's folder: move "
         "it beside the map, or allow its folder with --read"), "nothing written: 1 error, 0 warnings"])
    assert not (workdir / "vault.toml").exists()
    code, found = lines(zwar, "shared/vault.tmx", "-o", "vault.toml", "--read", "outside")
    assert code == 0, found
    assert "SECRET-KEY-123" in (workdir / "vault.toml").read_text()  # the user asked for it


def test_a_tileset_or_template_outside_the_maps_folder_is_not_read(zwar, workdir, vault):
    (workdir / "sub").mkdir()
    for name in ("vault.tmx", "vault-base.toml"):
        shutil.move(workdir / name, workdir / "sub" / name)
    tmx = workdir / "sub" / "vault.tmx"
    edit(tmx, 'source="terrain.tsj"', 'source="../terrain.tsj"')
    assert lines(zwar, tmx)[1][0] == ("sub/vault.tmx:1:1: error ZW971: the tileset `../terrain.tsj` is outside the "
                                      "map's folder: move it beside the map, or allow its folder with --read")
    assert lines(zwar, tmx, "--read", workdir)[0] == 0
    edit(tmx, '<object id="3" type="start"', '<object id="3" template="/etc/passwd" type="start"')
    assert lines(zwar, tmx, "--read", workdir)[1][0] == (
        "sub/vault.tmx:1:1: error ZW971: the object template `/etc/passwd` is outside the map's folder: move it "
        "beside the map, or allow its folder with --read")


# --- hostile maps ---------------------------------------------------------------------------------

LAYER = "vault.tmx:9:2"
HOSTILE = {
    "zlib garbage": (CSV, '<data encoding="base64" compression="zlib">bm90IHpsaWI=</data>',
                     (f"{LAYER}: error ZW960: cannot read this Tiled map: tile layer `terrain`: its data is not valid "
                     "zlib data")),
    "a zlib bomb": (CSV, f'<data encoding="base64" compression="zlib">{_packed([1] * 2_000_000)}</data>',
                    (f"{LAYER}: error ZW960: cannot read this Tiled map: tile layer `terrain`: its data holds more "
                    "than its 24 tiles (96 bytes)")),
    "a gzip bomb": (CSV, f'<data encoding="base64" compression="gzip">{_packed([1] * 2_000_000, gzip.compress)}</data>',
                    (f"{LAYER}: error ZW960: cannot read this Tiled map: tile layer `terrain`: its data holds more "
                    "than its 24 tiles (96 bytes)")),
    "data cut short": (CSV, f'<data encoding="base64" compression="zlib">{_packed([1] * 24)[:12]}</data>',
                       (f"{LAYER}: error ZW960: cannot read this Tiled map: tile layer `terrain`: its zlib data is cut "
                       "short")),
    "zstd": (CSV, f'<data encoding="base64" compression="zstd">{_packed([1] * 24)}</data>',
             (f"{LAYER}: error ZW960: cannot read this Tiled map: tile layer `terrain`: data compression `zstd` is not "
             "read: save the map with zlib, gzip or CSV layer data (Map > Map Properties > Tile Layer Format)")),
    "too many layers": ('<layer id="1" name="terrain" width="6" height="4">',
                        '<layer id="1" name="terrain" width="6" height="4">'
                        + '</layer><layer id="90" name="big" width="500" height="500">' * 9,
                        ("vault.tmx:9:60: error ZW968: the map's layers hold more than 2000000 cells together: draw a "
                        "mission on fewer tile layers")),
    "zero width": ('width="6" height="4" tilewidth', 'width="0" height="4" tilewidth',
                   "vault.tmx:1:1: error ZW968: the map's width is 0: it must be at least 1"),
    "zero tile size": ('tilewidth="32"', 'tilewidth="0"',
                       "vault.tmx:1:1: error ZW968: the map's tilewidth is 0: it must be at least 1"),
    "negative size": ('width="6" height="4" tilewidth', 'width="6" height="-4" tilewidth',
                      "vault.tmx:1:1: error ZW968: the map's height is -4: it must be at least 1"),
    "a size not a number": ('width="6" height="4" tilewidth', 'width="6.5" height="4" tilewidth',
                            ("vault.tmx:1:1: error ZW968: the map's width is `6.5`: it must be a whole number of at "
                            "least 1")),
    "x is inf": ('<object id="3" type="start" x="176"', '<object id="3" type="start" x="inf"',
                 "vault.tmx:30:3: error ZW965: object 3 (start) has x `inf`: coordinates are finite numbers"),
    "y is NaN": ('<object id="3" type="start" x="176" y="112"', '<object id="3" type="start" x="176" y="NaN"',
                 "vault.tmx:30:3: error ZW965: object 3 (start) has y `nan`: coordinates are finite numbers"),
    "a point at inf": ('points="0,0 96,0 96,-64"', 'points="0,0 96,0 1e999,-64"',
                       "vault.tmx:18:3: error ZW965: object 1 (wall) has a point `inf`: coordinates are finite numbers"),
    "a line far off the map": ('points="0,0 96,0 96,-64"', 'points="0,0 3200000000,0"',
                               ("vault.tmx:18:3: error ZW966: object 1 (wall) is outside floor `ground`, which is 6 x 4 "
                                "squares")),
    "too many objects": ('<objectgroup id="3" name="markers">', '<objectgroup id="3" name="markers">' + "".join(
        f'\n<object id="{100 + i}" type="crate" x="16" y="16"><point/></object>' for i in range(10_000)),
                         # the 10,001st: two objects in the first layer, then the 9,999th of these
                         "vault.tmx:10028:1: error ZW968: the map has more than 10000 objects: a board needs far fewer"),
    "a duplicate id": ('<object id="3" type="start"', '<object id="2" type="start"',
                       ("vault.tmx:21:3: error ZW968: object 2: two objects have this id: let Tiled number the "
                        "objects (copy the objects and paste them back)")),
    "a negative id": ('<object id="3" type="start"', '<object id="-3" type="start"',
                      ("vault.tmx:1:1: error ZW968: object -3: an object id is never negative: let Tiled number the "
                       "objects")),
    "deep nesting": ('<objectgroup id="2"', '<group id="50" name="g">' * 40 + "</group>" * 40 + '<objectgroup id="2"',
                     ("vault.tmx:1:1: error ZW960: cannot read this Tiled map: elements are nested 33 deep; a map nests "
                     "at most 32")),
    "entities": ('<?xml version="1.0" encoding="UTF-8"?>',
                 '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">]>',
                 ("vault.tmx:1:1: error ZW960: cannot read this Tiled map: it declares a DTD or entities, which Tiled "
                  "never writes")),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_map_is_one_located_error(zwar, vault, case):
    old, new, expected = HOSTILE[case]
    edit(vault, old, new)
    code, found = lines(zwar, "vault.tmx", "-o", "vault.toml")
    assert (code, found[0]) == (1, expected)
    assert not (vault.parent / "vault.toml").exists()


def _tmj(vault) -> str:
    """The fixture map as the JSON map `zwar export tiled` writes."""
    assert import_tiled(vault, vault.parent / "a.toml").report.ok
    outcome = check([vault.parent / "a.toml"])
    (pack_id, missions), = outcome.missions.items()
    board = outcome.boards[pack_id, missions[0].mission.id]
    return json.dumps(mission_map(missions[0], board, "vault-base.toml", "terrain.tsj"), indent=1)


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('"layers": [', '"layers": ' + "[" * 40, "error ZW013"),  # nested too deep, located
    ('"x": 176.0', '"x": Infinity', "error ZW965: object 8 (start) has x `inf`: coordinates are finite numbers"),
    ('"x": 176.0', '"x": NaN', "error ZW965: object 8 (start) has x `nan`: coordinates are finite numbers"),
    ('"width": 6', '"width": 0', "error ZW968: the map's width is 0: it must be at least 1"),
    ('"tilewidth": 32', '"tilewidth": -32', "error ZW968: the map's tilewidth is -32: it must be at least 1"),
    # found by the Tiled fuzz target (seed 2, inputs 1370 and 2658): numbers written as text
    ('"tilewidth": 32', '"tilewidth": "32"',
     "error ZW968: the map's tilewidth is `32`: it must be a whole number of at least 1"),
    ('"firstgid": 1', '"firstgid": "1"',
     "error ZW968: a tileset's firstgid is `1`: it must be a whole number of at least 1"),
    # found by the Tiled fuzz target (seed 1, input 1867): the parser rounds an int property's value
    ('"type": "int",\n         "value": 1', '"type": "int",\n         "value": Infinity',
     "error ZW960: cannot read this Tiled map: OverflowError: cannot convert float infinity to integer"),
])
def test_a_hostile_json_map_is_one_located_error(vault, old, new, expected):
    text = _tmj(vault)
    assert old in text, old
    (vault.parent / "vault.tmj").write_text(text.replace(old, new, 1))
    result = import_tiled(vault.parent / "vault.tmj", vault.parent / "b.toml")
    found = [d.human(vault.parent) for d in result.report.sorted()]
    assert len(found) == 1 and expected in found[0], found
    assert result.written is None


def test_the_new_tiled_codes_have_cases_here():
    assert {c for c in codes.CODES if "ZW970" <= c <= "ZW979"} == {"ZW970", "ZW971"}


def test_a_template_giving_an_object_an_infinite_size_is_refused_at_the_object(zwar, vault):
    (vault.parent / "big.tx").write_text('<?xml version="1.0" encoding="UTF-8"?>\n<template><object type="wall" '
                                         'width="inf"><polyline points="0,0 1e999,0"/></object></template>\n')
    edit(vault, '<object id="3" type="start"', '<object id="3" template="big.tx" type="start"')
    assert lines(zwar, "vault.tmx") == (1, [
        "vault.tmx:30:3: error ZW965: object 3 (start) has width `inf`: coordinates are finite numbers",
        "nothing written: 1 error, 0 warnings"])
