"""Universal VTT (.dd2vtt): one file a floor, for Foundry VTT, Fantasy Grounds and other tabletops.

A Universal VTT file is JSON in grid units: the map's size, a list of
line-of-sight polylines (walls), a list of portals (doors), lights, and the
map image as base64 PNG. The board maps onto it directly: each maximal straight
run of wall edges becomes one segment; every door (plain, locked or blast)
becomes a portal across its edge. Water obstacles stop boats, not sight, so
they are not walls.

A portal's ``closed`` is what makes it a door: Dungeondraft writes
``closed: false`` for a window, and Foundry's Universal Battlemap Importer
makes such a portal a wall that never opens. So every door is written
``closed: true``; the format has no open state, so a door that starts open is
named in the export's ``open_doors``, for the command to say which to open on
the tabletop. The image is the floor as ``zwar render`` draws it at
``pixels_per_grid`` pixels a square, without the grid and the markers (a
tabletop draws its own grid, and markers baked in cannot be moved), unless
asked for.

Files are written whole (each staged, then moved into place), and the same
mission gives the same bytes.
"""

from __future__ import annotations

import base64
import itertools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..compile.project import Outcome, check
from ..errors import UsageError
from ..geometry.board import Edge, Floor, Terrain
from ..geometry.notation import edge_name, floor_edge
from ..model.content import CompiledMission
from ..publish import write_files
from ..render import cairo
from ..render.board import draw_floor
from ..render.canvas import Page
from ..render.theme import SCREEN

FORMAT = 0.3  # the Universal VTT version written, as Dungeondraft writes it
SQUARE_MM = 25.4  # the drawing's square: one inch, so the PNG's dpi is its pixels a square
SUFFIX = ".dd2vtt"

EdgeKey = tuple[str, int, int]  # ("H" or "V", x, y), as in the board's edge arrays


@dataclass(frozen=True)
class Baked:
    """What the map image draws besides the terrain, walls, stairs and doors."""

    grid: bool = False  # the lines between squares
    markers: bool = False  # starts, exits, spawn points, objectives, items...


@dataclass
class UvttOutcome:
    outcome: Outcome
    written: list[Path] = field(default_factory=list)
    #: the doors that start open, by file written: each arrives closed, to be opened on the tabletop
    open_doors: dict[Path, list[str]] = field(default_factory=dict)


def export_uvtt(paths: list[Path], out: Path, pixels_per_grid: int = 100, search: Sequence[Path] = (),
                baked: Baked = Baked()) -> UvttOutcome:
    """Compile what ``paths`` name; when nothing is wrong, write OUT/<pack>/uvtt/<mission>.<floor>.dd2vtt."""
    if not 16 <= pixels_per_grid <= 512:
        raise UsageError(f"--pixels-per-grid {pixels_per_grid}: choose between 16 and 512")
    outcome = check(list(paths), list(search))
    result = UvttOutcome(outcome)
    if not outcome.report.ok:
        return result
    for pack_id, missions in sorted(outcome.missions.items()):
        target = Path(out) / pack_id / "uvtt"
        for mission in sorted(missions, key=lambda m: m.mission.id):
            board = outcome.boards[pack_id, mission.mission.id]
            files = {f"{mission.mission.id}.{floor.id}{SUFFIX}": dumps(floor_document(mission, floor, pixels_per_grid,
                                                                                       baked))
                     for floor in board.floors}
            result.written += write_files(target, files)
            for floor in board.floors:
                if opened := open_doors(mission, floor):
                    result.open_doors[target / f"{mission.mission.id}.{floor.id}{SUFFIX}"] = opened
    return result


def open_doors(mission: CompiledMission, floor: Floor) -> list[str]:
    """The doors of ``floor`` that start open, by their edge on the floor (`V:3,0`), in the board's order."""
    edges = [floor_edge(d.at) for d in mission.board.doors if d.open]
    return [edge_name(None, axis, x, y) for f, axis, x, y in edges if f == floor.id]


def floor_document(mission: CompiledMission, floor: Floor, pixels_per_grid: int = 100, baked: Baked = Baked()) -> dict:
    """One floor as a Universal VTT document."""
    grid = floor.grid
    portals = []
    for axis, x, y in grid.doors()[0]:
        (ax, ay), (bx, by) = _ends(axis, x, y)
        portals.append({
            "position": _point((ax + bx) / 2, (ay + by) / 2),
            "bounds": [_point(ax, ay), _point(bx, by)],
            "rotation": 0.0 if axis == "H" else math.pi / 2,
            "closed": True,  # a door, not a window (see the module's docstring)
            "freestanding": False,
        })
    return {
        "format": FORMAT,
        "resolution": {"map_origin": _point(0, 0), "map_size": _point(grid.width, grid.height),
                       "pixels_per_grid": pixels_per_grid},
        "line_of_sight": [[_point(*a), _point(*b)] for a, b in wall_segments(floor)],
        "objects_line_of_sight": [],
        "portals": portals,
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(floor_png(mission, floor, pixels_per_grid, baked)).decode("ascii"),
    }


def wall_segments(floor: Floor) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The walls that bound the board's squares, each maximal straight run as one segment:
    horizontal runs row by row, then vertical runs column by column."""
    return edge_runs(floor, Edge.WALL)


def edge_runs(floor: Floor, kind: Edge) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Maximal straight runs of edges of ``kind`` that touch a square of the board."""
    grid = floor.grid
    board = grid.terrain != Terrain.VOID
    segments: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for y in range(grid.height + 1):
        touching = [(y > 0 and board[y - 1, x]) or (y < grid.height and board[y, x]) for x in range(grid.width)]
        for start, end in _runs([grid.h[y, x] == kind and touching[x] for x in range(grid.width)]):
            segments.append(((start, y), (end, y)))
    for x in range(grid.width + 1):
        touching = [(x > 0 and board[y, x - 1]) or (x < grid.width and board[y, x]) for y in range(grid.height)]
        for start, end in _runs([grid.v[y, x] == kind and touching[y] for y in range(grid.height)]):
            segments.append(((x, start), (x, end)))
    return segments


def floor_png(mission: CompiledMission, floor: Floor, pixels_per_grid: int, baked: Baked = Baked()) -> bytes:
    """The floor drawn as on the map sheet, ``pixels_per_grid`` pixels a square, the grid and the
    markers only when ``baked`` asks for them."""
    page = Page(f"uvtt-{floor.id}", floor.grid.width * SQUARE_MM, floor.grid.height * SQUARE_MM)
    page.add(draw_floor(floor, mission, SCREEN, SQUARE_MM, markers=baked.markers, grid_lines=baked.grid))
    return cairo.png(page, pixels_per_grid)


def dumps(document: dict) -> bytes:
    """Compact JSON with a fixed key order, so the same floor gives the same bytes."""
    return (json.dumps(document, sort_keys=True, separators=(",", ":")) + "\n").encode("ascii")


@dataclass(frozen=True)
class UvttFloor:
    """What a Universal VTT file says about the board: its size, wall edges and doors (portals that
    block sight: the ones a tabletop makes doors)."""

    width: int
    height: int
    walls: frozenset[EdgeKey]
    doors: frozenset[EdgeKey]
    windows: frozenset[EdgeKey]  # portals that do not block sight


def read_uvtt(data: bytes) -> UvttFloor:
    """Read a Universal VTT file back into unit edges (grid-aligned walls and doors only)."""
    document = json.loads(data)
    size = document["resolution"]["map_size"]
    walls: set[EdgeKey] = set()
    for line in document["line_of_sight"]:
        for a, b in itertools.pairwise(line):
            walls |= _unit_edges((a["x"], a["y"]), (b["x"], b["y"]))
    doors: set[EdgeKey] = set()
    windows: set[EdgeKey] = set()
    for portal in document["portals"]:
        a, b = portal["bounds"]
        (doors if portal["closed"] else windows).update(_unit_edges((a["x"], a["y"]), (b["x"], b["y"])))
    return UvttFloor(int(size["x"]), int(size["y"]), frozenset(walls), frozenset(doors), frozenset(windows))


def board_edges(floor: Floor) -> tuple[frozenset[EdgeKey], frozenset[EdgeKey]]:
    """The floor's wall edges that touch a board square, and its door edges, as ``read_uvtt`` gives them."""
    walls = {edge for a, b in wall_segments(floor) for edge in _unit_edges(a, b)}
    doors = set(floor.grid.doors()[0])
    return frozenset(walls), frozenset(doors)


def _runs(flags: list) -> list[tuple[int, int]]:
    """(start, end) of each run of true flags, end exclusive."""
    runs, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            runs.append((start, i))
            start = None
    return runs


def _unit_edges(a: tuple[float, float], b: tuple[float, float]) -> set[EdgeKey]:
    (ax, ay), (bx, by) = a, b
    if ay == by:
        return {("H", x, int(ay)) for x in range(int(min(ax, bx)), int(max(ax, bx)))}
    if ax == bx:
        return {("V", int(ax), y) for y in range(int(min(ay, by)), int(max(ay, by)))}
    raise ValueError(f"segment {a} to {b} is not along the grid")


def _ends(axis: str, x: int, y: int) -> tuple[tuple[int, int], tuple[int, int]]:
    return ((x, y), (x + 1, y)) if axis == "H" else ((x, y), (x, y + 1))


def _point(x: float, y: float) -> dict:
    return {"x": x, "y": y}
