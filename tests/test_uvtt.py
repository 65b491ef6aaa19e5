"""Universal VTT export: the file's structure, every wall and door carried over, same bytes twice, read back."""

from __future__ import annotations

import base64
import io
import json

import pytest
from conftest import CONTENT, write
from PIL import Image

from zwar_author.compile.project import check
from zwar_author.interop.uvtt import (
    Baked,
    board_edges,
    dumps,
    export_uvtt,
    floor_document,
    read_uvtt,
)

LOCKED = """\
[mission]
id = "vault"
title = "Vault"
game = "exodus"  # a locked door and its keycard

[[floors]]
art = \"\"\"
+-+-+-+-+-+
|. . .|: :|
+ + + + + +
|. . .|: :|
+-+-+-+-+-+
\"\"\"

[[doors]]
at = "V:3,1"
kind = "locked"
key = "red"

[[doors]]
at = "V:3,0"
open = true

[[keycards]]
colour = "red"
at = "1,0"

[[starts]]
at = "0,1"

[[objectives]]
number = 1
at = "4,0"

[[victory]]
objectives = "all"
"""


def compiled(path):
    outcome = check([path])
    assert outcome.report.ok, [d.human() for d in outcome.report.sorted()]
    (pack_id, missions), = outcome.missions.items()
    return missions[0], outcome.boards[pack_id, missions[0].mission.id]


@pytest.fixture
def vault(workdir):
    write(workdir, {"vault.toml": LOCKED})
    return compiled(workdir / "vault.toml")


def test_the_document_has_every_universal_vtt_part(vault):
    mission, board = vault
    document = floor_document(mission, board.floors[0], 20)
    assert sorted(document) == ["environment", "format", "image", "lights", "line_of_sight", "objects_line_of_sight",
                                "portals", "resolution"]
    assert document["format"] == 0.3
    assert document["resolution"] == {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 5, "y": 2},
                                      "pixels_per_grid": 20}
    image = Image.open(io.BytesIO(base64.b64decode(document["image"])))
    assert (image.format, image.size) == ("PNG", (100, 40))


def test_walls_are_maximal_runs_and_doors_are_portals(vault):
    mission, board = vault
    document = floor_document(mission, board.floors[0], 16)
    segments = [((a["x"], a["y"]), (b["x"], b["y"])) for a, b in document["line_of_sight"]]
    # the borders; the room's west side is two doors, so no wall
    assert segments == [((0, 0), (5, 0)), ((0, 2), (5, 2)), ((0, 0), (0, 2)), ((5, 0), (5, 2))]
    # Both are doors, the one that starts open too: Foundry's importer makes a portal a door only when it
    # is `closed` (ddimport.js: `door: door.closed ? 1 : 0`), and a wall that never opens otherwise.
    assert document["portals"] == [
        {"position": {"x": 3, "y": 0.5}, "bounds": [{"x": 3, "y": 0}, {"x": 3, "y": 1}],
         "rotation": pytest.approx(1.5707963267948966), "closed": True, "freestanding": False},
        {"position": {"x": 3, "y": 1.5}, "bounds": [{"x": 3, "y": 1}, {"x": 3, "y": 2}],
         "rotation": pytest.approx(1.5707963267948966), "closed": True, "freestanding": False},
    ]


def _pixel(document: dict, x: float, y: float) -> tuple:
    image = Image.open(io.BytesIO(base64.b64decode(document["image"]))).convert("RGB")
    ppg = document["resolution"]["pixels_per_grid"]
    return image.getpixel((int(x * ppg), int(y * ppg)))


def test_the_image_has_neither_the_grid_nor_the_markers_unless_asked(vault):
    mission, board = vault
    plain = floor_document(mission, board.floors[0], 40)
    baked = floor_document(mission, board.floors[0], 40, Baked(grid=True, markers=True))
    corridor = _pixel(plain, 1.5, 0.5)  # the middle of an empty corridor square
    # on the line between corridor squares 0,0 and 1,0; the start at 0,1 and the objective at 4,0 (a room)
    assert _pixel(plain, 1.0, 0.5) == corridor
    assert _pixel(plain, 0.5, 1.5) == corridor
    assert _pixel(plain, 4.5, 0.5) == _pixel(plain, 4.5, 1.5)  # the room's marked square as its plain one
    assert _pixel(baked, 1.0, 0.5) != corridor
    assert _pixel(baked, 0.5, 1.5) != corridor
    assert _pixel(baked, 4.5, 0.5) != _pixel(baked, 4.5, 1.5)


@pytest.mark.parametrize("name", ["hold-out", "the-tower"])
def test_every_wall_edge_and_door_comes_back_when_the_file_is_read(name):
    mission, board = compiled(CONTENT / "core" / "missions" / f"{name}.toml")
    for floor in board.floors:
        back = read_uvtt(dumps(floor_document(mission, floor, 16)))
        walls, doors = board_edges(floor)
        assert (back.width, back.height) == (floor.grid.width, floor.grid.height)
        assert back.walls == walls
        assert back.doors == doors and back.windows == frozenset()
        # every wall edge touching a square of the board is a segment's, and nothing else is
        grid = floor.grid
        touching = {("H", x, y) for y in range(grid.height + 1) for x in range(grid.width)
                    if grid.h[y, x] == 1 and any(0 <= yy < grid.height and grid.terrain[yy, x] for yy in (y - 1, y))}
        touching |= {("V", x, y) for y in range(grid.height) for x in range(grid.width + 1)
                     if grid.v[y, x] == 1 and any(0 <= xx < grid.width and grid.terrain[y, xx] for xx in (x - 1, x))}
        assert walls == touching


def test_the_same_mission_gives_the_same_bytes(workdir):
    write(workdir, {"vault.toml": LOCKED})
    first = export_uvtt([workdir / "vault.toml"], workdir / "a", 16)
    second = export_uvtt([workdir / "vault.toml"], workdir / "b", 16)
    assert [p.relative_to(workdir / "a").as_posix() for p in first.written] == ["local/uvtt/vault.ground.dd2vtt"]
    assert first.written[0].read_bytes() == second.written[0].read_bytes()
    json.loads(first.written[0].read_bytes())


def test_export_writes_one_file_a_floor_and_says_so(zwar, workdir):
    result = zwar("export", "uvtt", CONTENT / "core" / "missions" / "the-tower.toml", "-o", "out",
                  "--pixels-per-grid", "16")
    assert result.exit_code == 0, result.output
    # The tower says the extra doors its doorways need (`extra_doors`): no warning.
    assert result.output.splitlines()[-1] == "wrote 2 files under out: 0 errors, 0 warnings"
    assert "ZW623" not in result.output
    assert sorted(p.name for p in (workdir / "out" / "core" / "uvtt").iterdir()) == [
        "the-tower.first.dd2vtt", "the-tower.ground.dd2vtt"]


def test_export_names_the_doors_that_start_open(zwar, workdir):
    write(workdir, {"vault.toml": LOCKED})
    result = zwar("export", "uvtt", "vault.toml", "-o", "out", "--pixels-per-grid", "16")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == ("out/local/uvtt/vault.ground.dd2vtt: 1 door starts open (V:3,0): the file has no open doors, "
                        "so open it on the tabletop after the import")
    assert lines[-1] == "wrote 1 file under out: 0 errors, 1 warning"  # the vault has no spawn rules


def test_export_writes_nothing_when_the_mission_has_an_error(zwar, workdir):
    write(workdir, {"vault.toml": LOCKED.replace('key = "red"', 'key = "teal"')})
    result = zwar("export", "uvtt", "vault.toml", "-o", "out")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "nothing written: 1 error, 0 warnings"
    assert not (workdir / "out").exists()


def test_a_bad_resolution_is_a_usage_error(zwar, workdir):
    write(workdir, {"vault.toml": LOCKED})
    result = zwar("export", "uvtt", "vault.toml", "--pixels-per-grid", "4")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: --pixels-per-grid 4: choose between 16 and 512"


def test_grid_and_markers_are_drawn_in_only_when_asked(zwar, workdir):
    write(workdir, {"vault.toml": LOCKED})
    images = {}
    for flags in ((), ("--grid",), ("--markers",)):
        out = "out" + "".join(flags)
        assert zwar("export", "uvtt", "vault.toml", "-o", out, "--pixels-per-grid", "40", *flags).exit_code == 0
        images[flags] = json.loads((workdir / out / "local" / "uvtt" / "vault.ground.dd2vtt").read_bytes())
    plain = images[()]
    corridor = _pixel(plain, 1.5, 0.5)
    assert _pixel(images["--grid",], 1.0, 0.5) != corridor and _pixel(images["--grid",], 0.5, 1.5) == corridor
    assert _pixel(images["--markers",], 1.0, 0.5) == corridor and _pixel(images["--markers",], 0.5, 1.5) != corridor
