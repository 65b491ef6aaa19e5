"""Tiled in: the zwar Tiled project, a hand-written map imported, located errors naming Tiled ids, round trips."""

from __future__ import annotations

import json
import os
import shutil
import tomllib

import pytest
from conftest import CONTENT, FIXTURES, REPO

from zwar_author import codes
from zwar_author.compile.project import check
from zwar_author.geometry.board import Terrain
from zwar_author.interop.tiled import import_tiled
from zwar_author.interop.tiled_project import DRAWN, TERRAINS, project_json, propertytypes_json
from zwar_author.interop.tiled_write import mission_map, terrain_tileset
from zwar_author.interop.toml_out import toml_text

TILED = FIXTURES / "tiled"


@pytest.fixture
def vault(workdir):
    """The hand-written fixture map, its tileset and base file, copied to edit."""
    for name in ("vault.tmx", "vault-base.toml", "terrain.tsj"):
        shutil.copy(TILED / name, workdir / name)
    return workdir / "vault.tmx"


def edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def compiled(path):
    outcome = check([path])
    assert outcome.report.ok, [d.human() for d in outcome.report.sorted()]
    (pack_id, missions), = outcome.missions.items()
    return missions[0], outcome.boards[pack_id, missions[0].mission.id]


def test_the_shipped_project_files_are_current():
    assert (REPO / "docs" / "tiled" / "propertytypes.json").read_text() == propertytypes_json()
    assert (REPO / "docs" / "tiled" / "zwar.tiled-project").read_text() == project_json()
    assert json.loads((REPO / "docs" / "tiled" / "terrain.tsj").read_text()) == terrain_tileset()
    assert set(TERRAINS) == {t.name.lower() for t in Terrain}


def test_the_fixture_map_imports_as_a_mission_that_compiles(zwar, vault):
    result = zwar("import", "tiled", "vault.tmx", "-o", "vault.toml")
    assert result.exit_code == 0, result.output
    # The vault is an Exodus mission (a locked door and its keycard), which the engine plays.
    assert result.output.splitlines() == ["wrote vault.toml: 0 errors, 0 warnings"]
    text = (vault.parent / "vault.toml").read_text()
    assert "# object 2 (door)\n[[doors]]\nat = \"V:3,1\"\nkind = \"locked\"\nkey = \"red\"\n" in text
    mission, _board = compiled(vault.parent / "vault.toml")
    assert mission.mission.title == "The Vault"
    assert mission.mission.briefing.startswith("Take the ledger")  # from the base file
    assert mission.board.floors[0].art == [
        "+-+-+-+-+-+-+", "|: : :|. . .|", "+ + + + + + +", "|: : :D. . .|", "+-+-+-+ + + +",
        "|. . . . . .|", "+ + + + + + +", "|. . . . . .|", "+-+-+-+-+-+-+"]
    assert [(d.at, d.kind, d.key) for d in mission.board.doors] == [("ground:V:3,1", "locked", "red")]
    assert [s.at for s in mission.starts] == ["ground:5,3", "ground:5,2"]
    assert [(o.number, o.at, o.label) for o in mission.objectives] == [(1, "ground:0,0", "The ledger")]
    assert [(z.class_, z.at, z.facing) for z in mission.infected] == [("core/zombie", "ground:2,3", "E")]
    assert [(r.name, r.label) for r in mission.board.rooms if r.name] == [("vault", "Vault")]


def test_the_same_map_as_json_gives_the_same_source(vault):
    first = import_tiled(vault, vault.parent / "a.toml")
    mission, board = compiled(vault.parent / "a.toml")
    (vault.parent / "vault.tmj").write_text(json.dumps(mission_map(mission, board, "vault-base.toml", "terrain.tsj")))
    second = import_tiled(vault.parent / "vault.tmj", vault.parent / "b.toml")
    assert second.report.ok, [d.human() for d in second.report.sorted()]
    again, again_board = compiled(vault.parent / "b.toml")
    assert board.floors[0].grid.equals(again_board.floors[0].grid)
    strip = {"source", "tool", "pack"}
    assert again.model_dump(exclude=strip) == mission.model_dump(exclude=strip)
    assert first.written is not None and second.written is not None


@pytest.mark.parametrize("name", ["hold-out", "the-tower", "the-crossing", "break-and-enter"])
def test_a_mission_written_as_a_tiled_map_imports_to_the_same_mission(workdir, name):
    source = CONTENT / "core" / "missions" / f"{name}.toml"
    mission, board = compiled(source)
    base = {k: v for k, v in tomllib.loads(source.read_text()).items() if k not in DRAWN}
    (workdir / "base.toml").write_text(toml_text(base))
    (workdir / "map.tmj").write_text(json.dumps(mission_map(mission, board, "base.toml")))
    result = import_tiled(workdir / "map.tmj", workdir / "m.toml")
    assert result.report.ok, [d.human() for d in result.report.sorted()]
    again, again_board = compiled(workdir / "m.toml")
    assert [f.id for f in again_board.floors] == [f.id for f in board.floors]
    assert all(a.grid.equals(b.grid) for a, b in zip(board.floors, again_board.floors))
    strip = {"source", "tool", "pack"}
    assert again.model_dump(exclude=strip) == mission.model_dump(exclude=strip)


def test_a_tile_map_becomes_a_tile_source(zwar, vault):
    edit(vault, 'class="mission"', 'class="tile"')
    edit(vault, '''  <property name="base" type="file" value="vault-base.toml"/>
  <property name="id" value="vault"/>
  <property name="title" value="The Vault"/>''', '''  <property name="id" value="vault-block"/>
  <property name="name" value="Vault block"/>''')
    text = vault.read_text()
    vault.write_text(text[:text.index(' <objectgroup id="3"')] + "</map>\n")
    edit(vault, '<property name="kind" propertytype="zwar-door-kind" value="locked"/>', "")
    edit(vault, '<property name="key" propertytype="zwar-colour-or-none" value="red"/>', "")
    result = zwar("import", "tiled", "vault.tmx", "-o", "block.toml")
    assert result.exit_code == 0, result.output
    data = tomllib.loads((vault.parent / "block.toml").read_text())
    assert data["tile"] == {"id": "vault-block", "name": "Vault block"}
    assert data["sides"]["A"]["art"].splitlines()[3] == " : : :D. . ."  # a tile's borders stay as drawn


MISTAKES = {
    "ZW960": ("</map>", "", [("vault.tmx:1:1: error ZW960: cannot read this Tiled map: ParseError: no element found: "
                             "line 76, column 0")]),
    "ZW961": ('orientation="orthogonal"', 'orientation="isometric"',
              [("vault.tmx:1:1: error ZW961: this map is isometric: draw missions and tiles on an orthogonal map of "
               "fixed size")]),
    "ZW962": ("2,2,2,1,1,1,\n2,2,2", "2,2,2,1,1,1,\n2,9,2",
              [("vault.tmx:9:2: error ZW962: tile layer `terrain`: square 1,1 holds tile 8 of tileset `zwar-terrain`, "
               "which has no terrain: give the tile the class `terrain`")]),
    "ZW963": ('type="exit"', 'type="exti"',
              [("vault.tmx:45:3: error ZW963: object 7: class `exti` is not part of the zwar Tiled project: use one of "
               "wall, obstacle, door, start, exit, spawn, objective, item, object, crate, keycard, infected, npc, rib, "
               "room, stairs")]),
    "ZW964": ('type="exit"', "",
              [("vault.tmx:45:3: warning ZW964: object 7 has no class and is left out: give it one of the zwar "
               "classes, or delete it")]),
    "ZW965": ('<object id="2" type="door" x="96" y="48">', '<object id="2" type="door" x="80" y="48">',
              [("vault.tmx:21:3: error ZW965: object 2 (door) is not on an edge: put a door's point in the middle of "
               "the edge between two squares")]),
    "ZW966": ('<object id="3" type="start" x="176" y="112">', '<object id="3" type="start" x="176" y="400">',
              ["vault.tmx:30:3: error ZW966: object 3 (start) is outside floor `ground`, which is 6 x 4 squares"]),
    "ZW967": ('<property name="letter" value="A"/>', '<property name="leter" value="A"/>',
              [("vault.tmx:48:3: error ZW967: object 8 (spawn): property `leter` is not part of the zwar Tiled "
               "project: object 8 (spawn) has `letter`")]),
    "ZW968": ('<object id="9" type="infected"', '<object id="12" type="rib" x="80" y="80"><point/></object>\n  <object id="9" type="rib"',
              ["vault.tmx:55:3: error ZW968: object 9 (rib): a mission has one rib, and object 12 (rib) is it"]),
    "ZW969": ("[[defeat]]", '[[starts]]\nat = "0,0"\n\n[[defeat]]',
              [("vault-base.toml:19:3: error ZW969: `starts` is drawn on the Tiled map vault.tmx: remove it from "
               "this file")]),
}


@pytest.mark.parametrize("code", sorted(MISTAKES))
def test_each_mistake_is_reported_where_it_is_in_the_map(zwar, vault, code):
    old, new, expected = MISTAKES[code]
    edit(vault.parent / "vault-base.toml" if code == "ZW969" else vault, old, new)
    result = zwar("import", "tiled", "vault.tmx", "-o", "vault.toml")
    assert [line for line in result.output.splitlines() if f" {code}: " in line] == expected
    assert result.exit_code == (0 if code == "ZW964" else 1)
    assert (vault.parent / "vault.toml").exists() == (code == "ZW964")


def test_every_tiled_code_has_a_mistake_here():
    assert {c for c in codes.CODES if "ZW960" <= c <= "ZW969"} == set(MISTAKES)


def test_what_the_compiler_finds_is_reported_at_the_tiled_object(zwar, vault):
    edit(vault, '<property name="card" value="med-pack"/>', '<property name="card" value="med-pak"/>')
    edit(vault, '<property name="kind" propertytype="zwar-door-kind" value="locked"/>', "")
    result = zwar("import", "tiled", "vault.tmx", "-o", "vault.toml")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        'vault.tmx:21:3: error ZW007: object 2 (door): `key` is only for locked doors (kind = "locked")',
        ("vault.tmx:21:3: warning ZW304: object 2 (door): V:3,1 is already a doorway: a plain extra door there "
        "changes nothing"),
        "vault.tmx:36:3: warning ZW411: object 5 (keycard): red keycard at 4,3 opens no door: no locked door is red",
        ("vault.tmx:60:3: error ZW408: object 10 (item): equipment card `med-pak` does not exist; did you mean "
        "`med-pack`?"),
        "nothing written: 2 errors, 2 warnings",
    ]
    assert not (vault.parent / "vault.toml").exists()


def test_a_wall_off_the_map_is_reported_at_its_object(zwar, vault):
    edit(vault, '<object id="1" type="wall" x="0" y="64">', '<object id="1" type="wall" x="0" y="32">')
    result = zwar("import", "tiled", "vault.tmx")
    assert result.output.splitlines()[0] == ("vault.tmx:18:3: error ZW966: object 1 (wall) is outside floor `ground`, "
                                            "which is 6 x 4 squares")


def test_a_tileset_that_is_not_a_regular_file_is_refused_before_parsing(zwar, vault):
    os.mkfifo(vault.parent / "pipe.tsj")
    edit(vault, 'source="terrain.tsj"', 'source="pipe.tsj"')
    result = zwar("import", "tiled", "vault.tmx")
    assert result.output.splitlines()[0] == ("vault.tmx:1:1: error ZW960: cannot read this Tiled map: pipe.tsj: "
                                            "not a regular file")
    edit(vault, 'source="pipe.tsj"', 'source="/dev/zero"')  # outside the map's folder: not even looked at
    result = zwar("import", "tiled", "vault.tmx")
    assert result.output.splitlines()[0] == ("vault.tmx:1:1: error ZW971: the tileset `/dev/zero` is outside the "
                                            "map's folder: move it beside the map, or allow its folder with --read")


def test_a_map_that_is_not_a_tiled_file_is_a_usage_error(zwar, workdir):
    (workdir / "map.png").write_bytes(b"x")
    result = zwar("import", "tiled", "map.png")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: map.png: a Tiled map is a .tmj, .json or .tmx file"


def test_the_shipped_example_map_imports(workdir):
    for name in ("example.tmj", "example-base.toml", "terrain.tsj"):
        shutil.copy(REPO / "docs" / "tiled" / name, workdir / name)
    result = import_tiled(workdir / "example.tmj", workdir / "example.toml")
    found = [d.human() for d in result.report.sorted()]
    assert found == []  # an Exodus mission the engine plays: no warning
    assert result.written == workdir / "example.toml"


def test_a_huge_map_is_refused_before_anything_is_allocated(zwar, vault):
    edit(vault, 'width="6" height="4" tilewidth', 'width="6" height="400000000" tilewidth')
    result = zwar("import", "tiled", "vault.tmx")
    assert result.output.splitlines()[0] == ("vault.tmx:1:1: error ZW968: the map is 6 x 400000000 squares; a floor has "
                                            "at most 500 squares a side")


def test_a_base_file_that_is_missing_is_reported_at_the_base_file(zwar, vault):
    (vault.parent / "vault-base.toml").unlink()
    result = zwar("import", "tiled", "vault.tmx")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == "vault-base.toml:1:1: error ZW001: cannot read this file: no such file"


def test_export_tiled_writes_a_map_that_imports_to_the_same_mission(zwar, workdir):
    source = CONTENT / "core" / "missions" / "the-crossing.toml"
    result = zwar("export", "tiled", source, "-o", "out")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["wrote 4 files under out: 0 errors, 0 warnings"]
    folder = workdir / "out" / "core" / "tiled"
    assert sorted(p.name for p in folder.iterdir()) == ["terrain.png", "terrain.tsj", "the-crossing.base.toml",
                                                        "the-crossing.tmj"]
    back = zwar("import", "tiled", folder / "the-crossing.tmj", "-o", "again.toml")
    assert back.exit_code == 0, back.output
    mission, board = compiled(source)
    again, again_board = compiled(workdir / "again.toml")
    assert all(a.grid.equals(b.grid) for a, b in zip(board.floors, again_board.floors))
    strip = {"source", "tool", "pack"}
    assert again.model_dump(exclude=strip) == mission.model_dump(exclude=strip)


def test_export_tiled_takes_mission_files_only(zwar, workdir):
    result = zwar("export", "tiled", CONTENT / "core", "-o", "out")
    assert result.exit_code == 2


def test_objects_of_a_json_map_are_located_at_their_own_lines(vault):
    import_tiled(vault, vault.parent / "a.toml")
    mission, board = compiled(vault.parent / "a.toml")
    text = json.dumps(mission_map(mission, board, "vault-base.toml", "terrain.tsj"), indent=1)
    text = text.replace('"type": "exit"', '"type": "exti"')
    (vault.parent / "vault.tmj").write_text(text)
    opening = text.rfind("{", 0, text.index('"type": "exti"'))
    line = text.count("\n", 0, opening) + 1
    col = opening - text.rfind("\n", 0, opening)
    result = import_tiled(vault.parent / "vault.tmj", vault.parent / "b.toml")
    found = [d.human(vault.parent) for d in result.report.sorted()]
    assert len(found) == 1 and found[0].startswith(f"vault.tmj:{line}:{col}: error ZW963: object ")
