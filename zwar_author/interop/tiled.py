"""``zwar import tiled``: a Tiled map (.tmj or .tmx) turned into a mission or tile source.

The map follows the zwar Tiled project (``tiled_project``; docs/interop.md):
terrain from tile layers whose tiles carry the class ``terrain``; walls,
obstacles and doors as objects on the grid lines; every marker as an object
of its class on a square; one floor per top-level group layer. What a map
cannot draw (spawn tables, events, victory) comes from the file its ``base``
property names.

The source is written as TOML with the map's object ids in comments, then
compiled as any mission is, before it is moved into place. Every problem is
reported against the map: the object, layer or property it comes from, by
line and by Tiled id, so "object 12 (door)" is found in Tiled at once.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytiled_parser as tp
from pytiled_parser.tiled_object import TiledObject

from .. import codes
from ..compile.project import check
from ..errors import Diagnostic, Location, Report, UsageError
from ..geometry.board import Edge, Grid, Terrain
from ..geometry.notation import edge_name, square_name
from ..publish import write_whole
from ..sources.art import format_art
from ..sources.document import Document, absolute, read_document, scan
from ..sources.locate import Positions, json_positions, toml_positions
from .tiled_project import CLASSES, DRAWN, EDGE_CLASSES, MARKER_CLASSES, TERRAINS
from .tiled_raw import Refused, confined, not_zwar, prepare, refused_file
from .toml_out import schema_line, toml_text

_PARSE_ERRORS = (ValueError, KeyError, TypeError, AttributeError, IndexError, OSError, SyntaxError, RecursionError,
                 RuntimeError, ArithmeticError, tp.UnknownFormat)
MAP_SUFFIXES = (".tmj", ".json", ".tmx")
MARKER_KEYS = {"start": "starts", "exit": "exits", "spawn": "spawn_points", "objective": "objectives",
               "item": "items", "object": "objects", "crate": "crates", "keycard": "keycards", "infected": "infected",
               "npc": "npcs"}
SNAP = 0.25  # how far (in squares) a point may sit from the grid corner or edge it means
_FLAGS = 0x0FFFFFFF  # a gid without Tiled's flip bits


@dataclass(frozen=True)
class Origin:
    """Where an entry of the generated source came from on the map."""

    what: str  # "object 12 (door)", "floor ground", "the map"
    location: Location


@dataclass
class ImportOutcome:
    report: Report
    kind: str = "mission"
    text: str | None = None  # the source written
    written: Path | None = None


def import_tiled(map_path: Path, out: Path | None = None, search: Sequence[Path] = (),
                 allowed: Sequence[Path] = ()) -> ImportOutcome:
    """Read ``map_path`` and, when nothing is wrong with it, write the source to ``out``
    (default: beside the map, as .toml). The map reads its base file, tilesets and templates from
    its own folder, or from one of ``allowed``. The outcome's report holds every problem."""
    map_path = absolute(Path(map_path))
    if not map_path.is_file():
        raise UsageError(f"{map_path}: no such file")
    if map_path.suffix.lower() not in MAP_SUFFIXES:
        raise UsageError(f"{map_path.name}: a Tiled map is a .tmj, .json or .tmx file")
    target = absolute(Path(out)) if out is not None else map_path.with_suffix(".toml")
    if target.suffix.lower() != ".toml":
        raise UsageError(f"{target.name}: the source is written as TOML: name it <something>.toml")
    report = Report()
    reader = _Reader(map_path, report, [absolute(Path(a)) for a in allowed])
    built = reader.run()
    outcome = ImportOutcome(report, reader.kind)
    if built is None or not report.ok:
        return outcome
    data, origins, base = built
    header = [*_schema_line(target, base),
              f"# Made by `zwar import tiled` from {map_path.name}: edit the map and import it again.",
              "# The comments name the Tiled object each entry comes from."]
    text = toml_text(data, header, {k: v.what for k, v in origins.items()})
    outcome.text = text
    problems = _compile(text, target, reader.kind, list(search))
    mapped = _Mapper(text, origins, base, reader.where).run(problems)
    report.extend(mapped.diagnostics)
    if report.ok:
        write_whole(target, text)
        outcome.written = target
    return outcome


def _schema_line(target: Path, base: Document | None) -> list[str]:
    """The ``#:schema`` line the source keeps: that of the file it replaces, else that of the base file."""
    for source in (target, base.path if base is not None else None):
        if source is not None and source.is_file() and (line := schema_line(source, target)):
            return line
    return []


# --- compiling the generated source ---------------------------------------------------


def _compile(text: str, target: Path, kind: str, search: list[Path]) -> tuple[Path, list[Diagnostic]]:
    """Check the source as it will be: a mission beside its target (so it sees the target's pack),
    a tile on its own. The diagnostics, and the path they name the source by."""
    folder = target.parent if kind == "mission" else Path(tempfile.mkdtemp(prefix=".zwar-import."))
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{target.stem}.import.", suffix=".toml", dir=folder)
    temp = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        return temp, check([temp], search).report.sorted()
    finally:
        temp.unlink(missing_ok=True)
        if kind != "mission":
            folder.rmdir()


@dataclass
class _Mapper:
    """Moves diagnostics about the generated source onto the map (or the base file) they come from."""

    text: str
    origins: dict[tuple, Origin]
    base: Document | None
    where: _Where

    def run(self, found: tuple[Path, list[Diagnostic]]) -> Report:
        temp, diagnostics = found
        positions = toml_positions(self.text)
        starts = sorted((offset, path) for path, offset in positions.values.items() if path)
        report = Report()
        for d in diagnostics:
            if d.location.path != temp:
                report.add(d)
                continue
            offset = _offset(positions, d.location.line, d.location.col)
            path = max(((o, p) for o, p in starts if o <= offset), default=(0, ()))[1]
            report.add(self._moved(d, path))
        return report

    def _moved(self, d: Diagnostic, path: tuple) -> Diagnostic:
        for n in range(len(path), 0, -1):
            origin = self.origins.get(path[:n])
            if origin is not None:
                return Diagnostic(origin.location, d.code, d.severity, f"{origin.what}: {d.message}")
        if self.base is not None and path and path[0] in self.base.data:
            return Diagnostic(self.base.loc(path), d.code, d.severity, d.message)
        return Diagnostic(self.where.map(), d.code, d.severity, d.message)


def _offset(positions: Positions, line: int, col: int) -> int:
    starts = [0] + [i + 1 for i, c in enumerate(positions.text) if c == "\n"]
    return starts[min(line, len(starts)) - 1] + col - 1


# --- where things are in the map file ---------------------------------------------------


class _Where:
    """Line and column of the map's objects and layers, by their Tiled ids."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.objects: dict[int, Location] = {}
        self.layers: dict[int, Location] = {}
        self.properties: Location = Location(path)
        if path.suffix.lower() == ".tmx":
            self._xml(text)
        else:
            self._json(text)

    def map(self) -> Location:
        return self.properties

    def object(self, ident: int) -> Location:
        return self.objects.get(ident, Location(self.path))

    def layer(self, ident: int | None) -> Location:
        return self.layers.get(ident, Location(self.path)) if ident is not None else Location(self.path)

    def _xml(self, text: str) -> None:
        lines = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

        def at(offset: int) -> Location:
            line = bisect.bisect_right(lines, offset) - 1
            return Location(self.path, line + 1, offset - lines[line] + 1)

        for m in re.finditer(r'<object\b[^>]*?\bid="(\d+)"', text):
            self.objects.setdefault(int(m[1]), at(m.start()))
        for m in re.finditer(r'<(?:layer|objectgroup|group|imagelayer)\b[^>]*?\bid="(\d+)"', text):
            self.layers.setdefault(int(m[1]), at(m.start()))
        if found := re.search(r"<map\b[^>]*>\s*<properties>", text):
            self.properties = at(found.end() - len("<properties>"))

    def _json(self, text: str) -> None:
        try:
            data = json.loads(text)
            positions = json_positions(text)
        except ValueError:
            return

        def at(path: tuple) -> Location:
            line, col = positions.line_col(positions.value(path))
            return Location(self.path, line, col)

        def walk(layers, path: tuple) -> None:
            for i, layer in enumerate(layers if isinstance(layers, list) else []):
                if not isinstance(layer, dict):
                    continue
                if isinstance(layer.get("id"), int):
                    self.layers.setdefault(layer["id"], at(path + (i,)))
                objects = layer.get("objects")
                for j, obj in enumerate(objects if isinstance(objects, list) else []):
                    if isinstance(obj, dict) and isinstance(obj.get("id"), int):
                        self.objects.setdefault(obj["id"], at(path + (i, "objects", j)))
                walk(layer.get("layers"), path + (i, "layers"))

        if isinstance(data, dict):
            walk(data.get("layers"), ("layers",))
            if "properties" in data:
                self.properties = at(("properties",))


# --- reading the map ---------------------------------------------------------------------


@dataclass
class _Floor:
    id: str
    name: str
    layer: tp.Layer | None
    width: int
    height: int
    grid: Grid
    doors: list[dict] = field(default_factory=list)


class _Reader:
    def __init__(self, path: Path, report: Report, allowed: Sequence[Path] = ()) -> None:
        self.path = path
        self.report = report
        self.allowed = list(allowed)
        self.kind = "mission"
        self.where = _Where(path, "")
        self.map: tp.TiledMap | None = None
        self.origins: dict[tuple, Origin] = {}
        self.floors: list[_Floor] = []
        self.base: Document | None = None
        self.markers: list[dict] = []  # every marker object, in map order

    def problem(self, code: codes.Code, location: Location, **fields) -> None:
        self.report.add(code.at(location, **fields))

    def run(self) -> tuple[dict, dict[tuple, Origin], Document | None] | None:
        text = self._text()
        if text is None:
            return None
        if self.path.suffix.lower() != ".tmx" and (problems := scan(self.path, text, is_json=True)):
            self.report.extend(problems)  # nesting too deep for the JSON reader, numbers too long
            return None
        self.where = _Where(self.path, text)
        try:
            prepared = prepare(self.path, text, self.where, self.allowed)
        except Refused as exc:
            self.report.add(exc.diagnostic)
            return None
        if not prepared.zwar:
            self.report.add(not_zwar(self.path))
            return None
        with tempfile.TemporaryDirectory(prefix="zwar-tiled.") as folder:
            try:
                self.map = tp.parse_map(prepared.write(Path(folder)))
            except _PARSE_ERRORS as exc:  # what a parser may raise on a broken file: all mean "cannot read"
                self.problem(codes.TILED_UNREADABLE, Location(self.path), reason=_reason(exc))
                return None
        tmap = self.map
        props = self.properties(tmap.class_ or "mission", tmap.properties or {}, "the map", self.where.map(),
                                uses=("map",))
        if tmap.class_ == "tile":
            self.kind = "tile"
        elif tmap.class_ not in (None, "", "mission"):
            self.problem(codes.TILED_LAYOUT, self.where.map(),
                         problem=f"the map's class is `{tmap.class_}`: make it `mission` or `tile`")
            return None
        for ident, name, layer, children in self._floor_layers():
            self._floor(ident, name, layer, children)
        if not self.report.ok:
            return None
        data = self._tile(props) if self.kind == "tile" else self._mission(props)
        return None if data is None else (data, self.origins, self.base)

    def _text(self) -> str | None:
        problems = refused_file(self.path)
        if problems:
            self.problem(codes.TILED_UNREADABLE, Location(self.path), reason=problems)
            return None
        return self.path.read_text(encoding="utf-8-sig", errors="replace")

    # --- properties ----------------------------------------------------------------------

    def properties(self, cls_name: str, given: dict, owner: str, location: Location, uses: tuple[str, ...]) -> dict:
        """The properties of a map, layer, tile or object of class ``cls_name``, defaults filled in;
        an error for each one the class does not have."""
        cls = CLASSES.get(cls_name)
        known = cls.defaults() if cls is not None and cls.use in uses else {}
        values = dict(known)
        for name, value in sorted(given.items(), key=lambda item: str(item[0])):
            if name not in known:
                names = ", ".join(f"`{n}`" for n in known) or "no properties"
                self.problem(codes.TILED_PROPERTY, location, owner=owner, name=name,
                             problem=f"is not part of the zwar Tiled project: {owner} has {names}")
            elif isinstance(value, Path):
                values[name] = value.as_posix()
            elif isinstance(value, tp.Color) or not isinstance(value, (str, int, float, bool)):
                self.problem(codes.TILED_PROPERTY, location, owner=owner, name=name,
                             problem="must be text, a number or true/false")
            else:
                values[name] = value
        return values

    # --- floors ----------------------------------------------------------------------------

    def _floor_layers(self) -> Iterator[tuple[str, str, tp.Layer | None, list[tp.Layer]]]:
        assert self.map is not None
        layers = self.map.layers
        groups = [layer for layer in layers if isinstance(layer, tp.LayerGroup)]
        if not groups:
            yield "ground" if self.kind == "mission" else "A", "", None, layers
            return
        for layer in layers:
            if not isinstance(layer, tp.LayerGroup):
                self.problem(codes.TILED_LAYOUT, self.where.layer(layer.id),
                             problem=f"layer `{layer.name}` is outside every floor group: move it into one")
        for group in groups:
            props = self.properties(group.class_ or "floor", group.properties or {}, f"floor group `{group.name}`",
                                    self.where.layer(group.id), uses=("layer",))
            yield group.name, str(props.get("name", "")), group, _flatten(group.layers or [])

    def _floor(self, ident: str, name: str, group: tp.Layer | None, layers: list[tp.Layer]) -> None:
        assert self.map is not None
        width, height = int(self.map.map_size.width), int(self.map.map_size.height)
        floor = _Floor(ident, name, group, width, height, Grid.empty(width, height))
        for layer in layers:
            if isinstance(layer, tp.TileLayer):
                self._terrain(floor, layer)
        for layer in layers:
            if isinstance(layer, tp.ObjectLayer):
                for obj in layer.tiled_objects:
                    self._object(floor, obj)
        self.floors.append(floor)

    def _terrain(self, floor: _Floor, layer: tp.TileLayer) -> None:
        assert self.map is not None
        tilesets = sorted(self.map.tilesets.items())
        where = f"tile layer `{layer.name}`"
        terrains: dict[int, str | None] = {}  # by gid: each tile's properties are read (and reported) once
        for y, row in enumerate(layer.data or []):
            for x, raw in enumerate(row):
                gid = raw & _FLAGS
                if gid == 0 or x >= floor.width or y >= floor.height:
                    continue
                first, tileset = max(((f, t) for f, t in tilesets if f <= gid), default=(0, None), key=lambda p: p[0])
                if gid not in terrains:
                    tile = (tileset.tiles or {}).get(gid - first) if tileset is not None else None
                    terrains[gid] = self._tile_terrain(tile, where, layer)
                terrain = terrains[gid]
                if terrain is None:
                    self.problem(codes.TILED_TERRAIN, self.where.layer(layer.id), where=where, x=x, y=y,
                                 tile=gid - first, tileset=tileset.name if tileset else "?")
                    return  # one report a layer: the same tile is usually everywhere
                floor.grid.terrain[y, x] = Terrain[terrain.upper()]

    def _tile_terrain(self, tile, where: str, layer: tp.TileLayer) -> str | None:
        if tile is None or (tile.class_ != "terrain" and "terrain" not in (tile.properties or {})):
            return None
        props = self.properties("terrain", tile.properties or {}, f"{where}, tile {tile.id}",
                                self.where.layer(layer.id), uses=("tile",))
        value = props.get("terrain")
        if value not in TERRAINS:
            self.problem(codes.TILED_PROPERTY, self.where.layer(layer.id), owner=f"tile {tile.id}", name="terrain",
                         problem=f"is `{value}`: use one of {', '.join(TERRAINS)}")
            return "void"
        return str(value)

    # --- objects ----------------------------------------------------------------------------

    def _object(self, floor: _Floor, obj: TiledObject) -> None:
        cls = obj.class_ or ""
        at = self.where.object(obj.id)
        if not cls:
            self.problem(codes.TILED_NO_CLASS, at, id=obj.id)
            return
        if cls not in EDGE_CLASSES + MARKER_CLASSES:
            known = ", ".join(EDGE_CLASSES + MARKER_CLASSES)
            self.problem(codes.TILED_CLASS, at, id=obj.id, cls=cls, known=known)
            return
        props = self.properties(cls, obj.properties or {}, f"object {obj.id} ({cls})", at, uses=("object",))
        if obj.rotation:
            self.problem(codes.TILED_GEOMETRY, at, id=obj.id, cls=cls, problem="is rotated: draw it unrotated")
            return
        if cls in EDGE_CLASSES:
            self._edges(floor, obj, cls, props, at)
        elif self.kind == "tile":
            self.problem(codes.TILED_LAYOUT, at,
                         problem=f"object {obj.id} ({cls}): a tile holds terrain, walls, obstacles and plain doors only")
        else:
            self._marker(floor, obj, cls, props, at)

    def _edges(self, floor: _Floor, obj: TiledObject, cls: str, props: dict, at: Location) -> None:
        edges = self._edge_list(floor, obj, cls, at)
        if edges is None:
            return
        for axis, x, y in edges:
            inside = (0 <= x < floor.width and 0 <= y <= floor.height) if axis == "H" else \
                (0 <= x <= floor.width and 0 <= y < floor.height)
            if not inside:
                self.problem(codes.TILED_OUTSIDE, at, id=obj.id, cls=cls, floor=floor.id, width=floor.width,
                             height=floor.height)
                return
        kind = {"wall": Edge.WALL, "obstacle": Edge.OBSTACLE, "door": Edge.DOOR}[cls]
        for axis, x, y in edges:
            edge_array = floor.grid.h if axis == "H" else floor.grid.v
            if kind == Edge.DOOR or edge_array[y, x] != Edge.DOOR:  # a door drawn over a wall wins
                edge_array[y, x] = kind
        if cls == "door":
            axis, x, y = edges[0]
            if self.kind == "tile" and (props["kind"] != "door" or props["open"] or props["key"] or props["room"]):
                self.problem(codes.TILED_LAYOUT, at,
                             problem=f"object {obj.id} (door): a tile's doors are plain closed doors; "
                                     "set kind, key, room and open in the mission's map")
                return
            door = {"at": edge_name(None, axis, x, y), "kind": props["kind"], "key": props["key"], "room": props["room"],
                    "open": props["open"]}
            if door["kind"] != "door" or door["open"] or door["key"] or door["room"]:
                floor.doors.append({"door": door, "origin": Origin(f"object {obj.id} (door)", at)})

    def _edge_list(self, floor: _Floor, obj: TiledObject, cls: str,
                   at: Location) -> list[tuple[str, int, int]] | None:
        assert self.map is not None
        tw, th = self.map.tile_size.width, self.map.tile_size.height
        fail = lambda problem: self.problem(codes.TILED_GEOMETRY, at, id=obj.id, cls=cls, problem=problem)
        if isinstance(obj, tp.tiled_object.Point) and cls == "door":
            gx, gy = obj.coordinates.x / tw, obj.coordinates.y / th
            h_edge = ("H", math.floor(gx), round(gy))
            v_edge = ("V", round(gx), math.floor(gy))
            dh = math.hypot(gx - (h_edge[1] + 0.5), gy - h_edge[2])
            dv = math.hypot(gx - v_edge[1], gy - (v_edge[2] + 0.5))
            if min(dh, dv) > SNAP:
                fail("is not on an edge: put a door's point in the middle of the edge between two squares")
                return None
            return [h_edge if dh <= dv else v_edge]
        if not isinstance(obj, (tp.tiled_object.Polyline, tp.tiled_object.Polygon)):
            fail("is not a line: draw walls, obstacles and doors as polylines along the grid")
            return None
        points = [(obj.coordinates.x + p.x, obj.coordinates.y + p.y) for p in obj.points]
        if isinstance(obj, tp.tiled_object.Polygon):
            points.append(points[0])
        corners = []
        for px, py in points:
            gx, gy = px / tw, py / th
            if abs(gx - round(gx)) > SNAP or abs(gy - round(gy)) > SNAP:
                fail(f"has a point at {_n(px)},{_n(py)} px that is not on a grid corner")
                return None
            corners.append((round(gx), round(gy)))
        if not all(0 <= cx <= floor.width and 0 <= cy <= floor.height for cx, cy in corners):
            self.problem(codes.TILED_OUTSIDE, at, id=obj.id, cls=cls, floor=floor.id, width=floor.width,
                         height=floor.height)
            return None
        edges: list[tuple[str, int, int]] = []
        for (ax, ay), (bx, by) in itertools.pairwise(corners):
            if ay == by:
                edges += [("H", x, ay) for x in range(min(ax, bx), max(ax, bx))]
            elif ax == bx:
                edges += [("V", ax, y) for y in range(min(ay, by), max(ay, by))]
            else:
                fail(f"runs diagonally from corner {ax},{ay} to {bx},{by}: lines follow the grid")
                return None
        if cls == "door" and len(set(edges)) != 1:
            fail(f"covers {len(set(edges))} edges: a door is one square long")
            return None
        if not edges:
            fail("has no length")
            return None
        return edges

    def _marker(self, floor: _Floor, obj: TiledObject, cls: str, props: dict, at: Location) -> None:
        assert self.map is not None
        tw, th = self.map.tile_size.width, self.map.tile_size.height
        x, y = obj.coordinates.x, obj.coordinates.y
        w, h = obj.size.width, obj.size.height
        if isinstance(obj, tp.tiled_object.Tile):
            x, y = x + w / 2, y - h / 2  # a tile object's origin is its bottom-left corner
        elif isinstance(obj, (tp.tiled_object.Rectangle, tp.tiled_object.Ellipse)):
            x, y = x + w / 2, y + h / 2
        sx, sy = math.floor(x / tw), math.floor(y / th)
        if not (0 <= sx < floor.width and 0 <= sy < floor.height):
            self.problem(codes.TILED_OUTSIDE, at, id=obj.id, cls=cls, floor=floor.id, width=floor.width,
                         height=floor.height)
            return
        entry = {"kind": cls, "floor": floor.id, "at": (sx, sy), "props": props,
                 "origin": Origin(f"object {obj.id} ({cls})", at)}
        self.markers.append(entry)

    # --- the source ------------------------------------------------------------------------

    def _trimmed(self, floor: _Floor) -> Grid:
        """The floor cut to its squares: trailing void columns and rows are not part of it."""
        grid = floor.grid
        ys, xs = (grid.terrain != Terrain.VOID).nonzero()
        width, height = int(xs.max()) + 1, int(ys.max()) + 1
        return Grid.of_arrays(grid.terrain[:height, :width], grid.h[:height + 1, :width], grid.v[:height, :width + 1])

    def _floors_data(self) -> list[dict] | None:
        out = []
        for floor in self.floors:
            if not (floor.grid.terrain != Terrain.VOID).any():
                location = self.where.layer(floor.layer.id) if floor.layer is not None else Location(self.path)
                self.problem(codes.TILED_LAYOUT, location,
                             problem=f"floor `{floor.id}` has no terrain: paint it on a tile layer with the terrain tileset")
                continue
            art = "\n".join(format_art(self._trimmed(floor))) + "\n"
            entry: dict = {"id": floor.id} if self.kind == "mission" else {}
            if floor.name:
                entry["name"] = floor.name
            entry["art"] = art
            out.append(entry)
        return out if self.report.ok else None

    def _tile(self, props: dict) -> dict | None:
        floors = self._floors_data()
        if floors is None:
            return None
        names = [f.id for f in self.floors]
        if len(floors) > 2 or (len(floors) == 2 and names != ["A", "B"]):
            self.problem(codes.TILED_LAYOUT, self.where.map(),
                         problem="a tile map has one floor, or two group layers named A and B for its sides")
            return None
        tile = {"id": props["id"], "name": props["name"]}
        if props["text"]:
            tile["text"] = props["text"]
        self.origins[("tile",)] = Origin("the map", self.where.map())
        sides = {}
        for name, floor, entry in zip(("A", "B"), self.floors, floors):
            sides[name] = {"art": entry["art"]}
            self.origins[("sides", name)] = self._floor_origin(floor)
        return {"tile": tile, "sides": sides}

    def _floor_origin(self, floor: _Floor) -> Origin:
        location = self.where.layer(floor.layer.id) if floor.layer is not None else Location(self.path)
        return Origin(f"floor `{floor.id}`", location)

    def _mission(self, props: dict) -> dict | None:
        floors = self._floors_data()
        if floors is None:
            return None
        many = len(self.floors) > 1
        data: dict = {"mission": self._mission_table(props)}
        self.origins[("mission",)] = Origin("the map", self.where.map())
        data["floors"] = floors
        for i, floor in enumerate(self.floors):
            self.origins[("floors", i)] = self._floor_origin(floor)
        self._placed(data, many)
        if self.base is not None:
            for key, value in self.base.data.items():
                if key == "mission":
                    continue
                if key in DRAWN:
                    self.problem(codes.TILED_BASE, self.base.key_loc((key,)), key=key, map=self.path.name)
                else:
                    data[key] = value
        return data if self.report.ok else None

    def _mission_table(self, props: dict) -> dict:
        """The [mission] table: what the map's properties set, then the rest of the base file's."""
        base: dict = {}
        name = str(props["base"])  # a file property; an int property of the same name is a path too
        if props["base"] and not confined(self.path.parent / name, [self.path.parent, *self.allowed]):
            self.problem(codes.TILED_OUTSIDE_FOLDER, self.where.map(), what="base file", source=name)
        elif props["base"]:
            path = absolute(self.path.parent / name)
            refused = refused_file(path)
            doc, problems = (None, [codes.UNREADABLE.at(Location(path), reason=refused)]) if refused \
                else read_document(path)
            self.report.extend(problems)
            if doc is not None:
                self.base = doc
                own = doc.data.get("mission")
                base = own if isinstance(own, dict) else {}
        given = (self.map.properties or {}) if self.map is not None else {}
        table: dict = {}
        for name in ("id", "title", "chapter", "game", "mode", "briefing"):
            if name in given or (name not in base and props[name] not in ("", 0)):
                table[name] = props[name]
        return table | {k: v for k, v in base.items() if k not in table}

    def _placed(self, data: dict, many: bool) -> None:
        def square(floor: str, at: tuple[int, int]) -> str:
            return square_name(floor if many else None, at[0], at[1])

        def add(key: str, entry: dict, origin: Origin) -> None:
            entries = data.setdefault(key, [])
            self.origins[(key, len(entries))] = origin
            entries.append({k: v for k, v in entry.items() if v not in ("", None, False)})

        for floor in self.floors:
            for door in floor.doors:
                entry = dict(door["door"])
                entry["at"] = f"{floor.id}:{entry['at']}" if many else entry["at"]
                add("doors", entry, door["origin"])
        links: set[frozenset[str]] = set()
        for marker in self.markers:
            kind, props, origin = marker["kind"], marker["props"], marker["origin"]
            here = square(marker["floor"], marker["at"])
            if kind == "room":
                if props["id"]:
                    add("rooms", {"id": props["id"], "at": here, "name": props["name"]}, origin)
                elif props["name"]:
                    self.problem(codes.TILED_PROPERTY, origin.location, owner=origin.what, name="id",
                                 problem="is needed to give the room a name")
                if props["token"]:
                    add("tokens", {"kind": props["token"], "room": props["id"] or here}, origin)
            elif kind == "stairs":
                pair = frozenset({here, props["link"]})
                if pair not in links:
                    links.add(pair)
                    add("stairs", {"link": [here, props["link"]], "colour": props["colour"]}, origin)
            elif kind == "rib":
                if "rib" in data:
                    self.problem(codes.TILED_LAYOUT, origin.location,
                                 problem=f"{origin.what}: a mission has one rib, and {self.origins[('rib',)].what} is it")
                    continue
                data["rib"] = {"at": here, "facing": props["facing"]}
                self.origins[("rib",)] = origin
            else:
                add(MARKER_KEYS[kind], _marker_entry(kind, props, here), origin)


def _marker_entry(kind: str, props: dict, here: str) -> dict:
    """The source entry of a marker: its properties and its square (defaults left out)."""
    if kind == "objective":
        entry = {"number": props["number"] or None, "at": here, "label": props["label"]}
        return entry | {k: props[k] for k, default in (("action", "task"), ("scope", "square")) if props[k] != default}
    if kind in ("start", "exit", "crate"):
        return {"at": here, **props}
    return {**props, "at": here}


def _flatten(layers: list[tp.Layer]) -> list[tp.Layer]:
    """Layers inside a floor's group, nested groups opened up, in order."""
    out: list[tp.Layer] = []
    for layer in layers:
        out += _flatten(layer.layers or []) if isinstance(layer, tp.LayerGroup) else [layer]
    return out


def _reason(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _n(value: float) -> str:
    return f"{value:g}"
