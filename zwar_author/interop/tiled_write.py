"""A compiled mission drawn as a Tiled map (JSON, .tmj) in the zwar Tiled project's convention.

The inverse of ``zwar import tiled`` for everything a map draws: terrain as
tiles of the zwar terrain tileset, walls, obstacles and doors as lines on the
grid, markers as points in the middle of their squares, one group layer a
floor. What a map cannot draw (spawn tables, events, victory) is left to the
map's ``base`` file. Used by the round-trip tests and to start a Tiled map
from an existing mission.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..compile.project import Outcome, check
from ..errors import UsageError
from ..geometry.board import Board, Edge, Floor, Terrain
from ..geometry.notation import edge_name, floor_square
from ..model.content import CompiledMission
from ..publish import write_files
from ..render import cairo
from ..render.canvas import Page, Rect, Style, Text
from ..render.theme import SCREEN
from ..sources.document import absolute
from .tiled_project import CLASSES, DRAWN, TERRAINS
from .toml_out import schema_line, toml_text
from .uvtt import edge_runs

TILE = 32  # pixels a square in the map


@dataclass
class TiledExport:
    outcome: Outcome
    written: list[Path] = field(default_factory=list)


def export_tiled(paths: Sequence[Path], out: Path, search: Sequence[Path] = ()) -> TiledExport:
    """Each mission file named as a Tiled map in OUT/<pack>/tiled/: <mission>.tmj, the rest of the
    mission in <mission>.base.toml, and the terrain tileset beside them. Nothing when there is an error."""
    for path in paths:
        if Path(path).is_dir():
            raise UsageError(f"{path}: name mission files, not folders: each becomes one Tiled map")
    outcome = check(list(paths), list(search))
    result = TiledExport(outcome)
    if not outcome.report.ok or outcome.workspace is None:
        return result
    wanted = {absolute(Path(p)) for p in paths}
    sources = {doc.data["mission"].get("id"): doc for path, doc in outcome.workspace.docs.items()
               if path in wanted and isinstance(doc.data.get("mission"), dict)}
    for pack_id, missions in sorted(outcome.missions.items()):
        files: dict[str, bytes] = {"terrain.tsj": _json(terrain_tileset()), "terrain.png": terrain_png()}
        folder = Path(out) / pack_id / "tiled"
        for mission in missions:
            mid = mission.mission.id
            base = {k: v for k, v in sources[mid].data.items() if k not in DRAWN}
            header = [*schema_line(sources[mid].path, folder / f"{mid}.base.toml"),
                      f"The rest of mission {mid}: what its Tiled map ({mid}.tmj) cannot draw."]
            files[f"{mid}.base.toml"] = toml_text(base, header).encode("utf-8")
            files[f"{mid}.tmj"] = _json(mission_map(mission, outcome.boards[pack_id, mid], f"{mid}.base.toml",
                                                    "terrain.tsj"))
        result.written += write_files(folder, files)
    return result


def terrain_png() -> bytes:
    """The terrain tileset's image: each terrain's colour as the map sheets draw it, with its name."""
    inch = 25.4  # a tile an inch wide, drawn at TILE dots an inch: TILE pixels
    page = Page("terrain", len(TERRAINS) * inch, inch)
    for i, name in enumerate(TERRAINS):
        fill = SCREEN.terrain[Terrain[name.upper()]] or "#ffffff"
        page.add(Rect(i * inch, 0, inch, inch, Style(stroke="#b0b0b0", width=0.8, fill=fill)),
                 Text((i + 0.5) * inch, inch * 0.6, name[:5], 18.0, "middle"))
    return cairo.png(page, TILE)


def _json(document: dict) -> bytes:
    return (json.dumps(document, indent=1) + "\n").encode("utf-8")


def terrain_tileset(image: str = "terrain.png") -> dict:
    """The zwar terrain tileset: one tile of each terrain, in TERRAINS order, each of class `terrain`."""
    tiles = [{"id": i, "type": "terrain", "properties": [_property("terrain", "terrain", name)]}
             for i, name in enumerate(TERRAINS)]
    return {"type": "tileset", "version": "1.10", "tiledversion": "1.10.2", "name": "zwar-terrain",
            "tilewidth": TILE, "tileheight": TILE, "tilecount": len(TERRAINS), "columns": len(TERRAINS),
            "margin": 0, "spacing": 0, "image": image, "imagewidth": TILE * len(TERRAINS), "imageheight": TILE,
            "tiles": tiles}


def mission_map(mission: CompiledMission, board: Board, base: str = "", tileset: str | None = None) -> dict:
    """The mission as a Tiled map; ``base`` names the file holding the rest of the mission, and
    ``tileset`` an external terrain tileset (embedded when None)."""
    writer = _Writer(mission, board)
    width = max(f.grid.width for f in board.floors)
    height = max(f.grid.height for f in board.floors)
    info = mission.mission
    props = [_property("mission", "id", info.id), _property("mission", "title", info.title),
             _property("mission", "game", info.game), _property("mission", "mode", info.mode)]
    if info.chapter:
        props.append(_property("mission", "chapter", info.chapter))
    if info.briefing:
        props.append(_property("mission", "briefing", info.briefing))
    if base:
        props.append({"name": "base", "type": "file", "value": base})
    layers = [writer.floor(f, width, height) for f in board.floors]
    return {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
            "renderorder": "right-down", "width": width, "height": height, "tilewidth": TILE, "tileheight": TILE,
            "infinite": False, "nextlayerid": writer.next_layer, "nextobjectid": writer.next_object,
            "class": "mission", "properties": props,
            "tilesets": [{"firstgid": 1, "source": tileset} if tileset else {"firstgid": 1, **terrain_tileset()}],
            "layers": layers}


class _Writer:
    def __init__(self, mission: CompiledMission, board: Board) -> None:
        self.mission = mission
        self.board = board
        self.next_layer = 1
        self.next_object = 1
        self.many = len(board.floors) > 1

    def layer_id(self) -> int:
        self.next_layer += 1
        return self.next_layer - 1

    def floor(self, floor: Floor, width: int, height: int) -> dict:
        grid = floor.grid
        data = [0] * (width * height)
        for y in range(grid.height):
            for x in range(grid.width):
                terrain = Terrain(int(grid.terrain[y, x]))
                if terrain != Terrain.VOID:
                    data[y * width + x] = TERRAINS.index(terrain.name.lower()) + 1
        group_id = self.layer_id()
        tiles = {"type": "tilelayer", "id": self.layer_id(), "name": "terrain", "width": width, "height": height,
                 "x": 0, "y": 0, "opacity": 1, "visible": True, "data": data}
        objects = {"type": "objectgroup", "id": self.layer_id(), "name": "board", "x": 0, "y": 0, "opacity": 1,
                   "visible": True, "draworder": "topdown", "objects": self.objects(floor)}
        name = next((f.name for f in self.mission.board.floors if f.id == floor.id), None)
        group = {"type": "group", "id": group_id, "name": floor.id, "x": 0, "y": 0, "opacity": 1, "visible": True,
                 "layers": [tiles, objects]}
        if name:
            group["class"] = "floor"
            group["properties"] = [_property("floor", "name", name)]
        return group

    def objects(self, floor: Floor) -> list[dict]:
        out = []
        for kind, cls in ((Edge.WALL, "wall"), (Edge.OBSTACLE, "obstacle")):
            out += [self.line(cls, a, b, {}) for a, b in edge_runs(floor, kind)]
        doors = {d.at: d for d in self.mission.board.doors}
        for axis, x, y in floor.grid.doors()[0]:
            door = doors[edge_name(floor.id, axis, x, y)]
            b = (x + 1, y) if axis == "H" else (x, y + 1)
            room = self.roomfloor_square(door.room) if door.room else ""
            out.append(self.line("door", (x, y), b, {"kind": door.kind, "key": door.key or "", "room": room,
                                                     "open": door.open}))
        for cls, at, props in self.markers():
            f, x, y = floor_square(at)
            if f == floor.id:
                out.append(self.point(cls, x, y, props))
        return out

    def markers(self) -> list[tuple[str, str, dict]]:
        m = self.mission
        placed: list[tuple[str, str, dict]] = []
        placed += [("start", s.at, {"group": s.group or "", "role": s.role or ""}) for s in m.starts]
        placed += [("exit", e.at, {"group": e.group or "", "closed": e.closed}) for e in m.exits]
        placed += [("spawn", p.at, {"letter": p.letter}) for p in m.spawn_points]
        placed += [("objective", o.at, {"number": o.number, "action": o.action, "scope": o.scope, "label": o.label})
                   for o in m.objectives]
        placed += [("item", i.at, {"letter": i.letter, "card": i.card}) for i in m.items]
        placed += [("object", o.at, {"letter": o.letter, "name": o.name}) for o in m.objects]
        placed += [("crate", c.at, {}) for c in m.crates]
        placed += [("keycard", k.at, {"colour": k.colour}) for k in m.keycards]
        placed += [("infected", z.at, {"class": z.class_, "facing": z.facing, "prone": z.prone}) for z in m.infected]
        placed += [("npc", n.at, {"id": n.id, "name": n.name, "facing": n.facing or ""}) for n in m.npcs]
        if m.rib is not None:
            placed.append(("rib", m.rib.at, {"facing": m.rib.facing}))
        tokens = {t.room: t.kind for t in m.tokens}
        for room in m.board.rooms:
            if room.name or room.id in tokens:
                placed.append(("room", room.squares[0], {"id": room.name or "", "name": room.label or "",
                                                         "token": tokens.get(room.id, "")}))
        placed += [("stairs", s.link[0], {"link": self.local(s.link[1]), "colour": s.colour or ""})
                   for s in m.board.stairs]
        return placed

    def local(self, square: str) -> str:
        return square if self.many else square.split(":", 1)[1]

    def roomfloor_square(self, room_id: str) -> str:
        room = next(r for r in self.mission.board.rooms if r.id == room_id)
        return self.local(room.squares[0])

    def obj(self, cls: str, props: dict) -> dict:
        self.next_object += 1
        defaults = CLASSES[cls].defaults()
        written = [_property(cls, k, v) for k, v in props.items() if v != defaults[k]]  # as Tiled: defaults left out
        return {"id": self.next_object - 1, "name": "", "type": cls, "rotation": 0, "visible": True,
                **({"properties": written} if written else {})}

    def line(self, cls: str, a: tuple[int, int], b: tuple[int, int], props: dict) -> dict:
        return {**self.obj(cls, props), "x": a[0] * TILE, "y": a[1] * TILE, "width": 0, "height": 0,
                "polyline": [{"x": 0, "y": 0}, {"x": (b[0] - a[0]) * TILE, "y": (b[1] - a[1]) * TILE}]}

    def point(self, cls: str, x: int, y: int, props: dict) -> dict:
        return {**self.obj(cls, props), "x": (x + 0.5) * TILE, "y": (y + 0.5) * TILE, "width": 0, "height": 0,
                "point": True}


def _property(cls: str, name: str, value) -> dict:
    member = next(m for m in CLASSES[cls].members if m.name == name)
    prop = {"name": name, "type": member.type, "value": value}
    if member.enum:
        prop["propertytype"] = member.enum
    return prop
