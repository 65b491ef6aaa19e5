"""A Tiled map checked as raw data before the Tiled parser opens it.

``pytiled_parser`` trusts its file: it follows every tileset and template path,
inflates every layer's data, and stops at the first attribute an older Tiled
did not write (``tilecount``). So the map (.tmx or .tmj) is read here first,
and every size it gives is checked before any work that grows with it:

- the files it names (tilesets, templates) must be inside the map's folder, or
  a folder the user allows; each is size-checked, and no XML may declare a
  DTD or entities;
- the map and each layer must be 1 to ``MAX_SIDE`` squares a side with
  positive tile sizes, layers ``MAX_TILES`` cells together; compressed layer
  data is inflated here with its output capped at the layer's own size, so
  a small file cannot inflate to gigabytes;
- a map has at most ``MAX_OBJECTS`` objects, each id unique and not negative, every coordinate a
  finite number;
- what older Tiled versions leave out (``tilecount``, ``columns``) is filled in.

What passes is written, with every path made absolute, to a private folder
for the parser. A map that uses nothing of the zwar Tiled project is said so
once, with how to make one, rather than once an object.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import os
import re
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import codes, limits
from ..errors import Diagnostic, Location
from ..sources.document import MAX_BYTES, scan
from .tiled_project import EDGE_CLASSES, MARKER_CLASSES

MAX_SIDE = 500  # squares: far beyond any board, and small enough that a hostile map cannot exhaust memory
MAX_TILES = 2_000_000  # layer cells of one map together (8 MB inflated): eight layers of MAX_SIDE x MAX_SIDE
MAX_OBJECTS = 10_000  # objects of one map: the largest reference mission draws a few hundred
_DTD = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_ZWAR = frozenset(EDGE_CLASSES + MARKER_CLASSES)


class Refused(Exception):
    """A map that cannot be read safely: the diagnostic says where and why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass
class Prepared:
    """The map made safe for the parser: its text, and that of each tileset it names, staged beside it."""

    suffix: str
    text: str
    files: dict[str, str] = field(default_factory=dict)  # the name the map now gives a tileset -> its text
    zwar: bool = False  # whether the map uses any class of the zwar Tiled project

    def write(self, folder: Path) -> Path:
        """Write the map and its files into ``folder``; the map's path there."""
        for name, text in self.files.items():
            (folder / name).write_text(text, encoding="utf-8")
        target = folder / f"map{self.suffix}"
        target.write_text(self.text, encoding="utf-8")
        return target


def confined(path: Path, folders: Sequence[Path]) -> bool:
    """Whether ``path``, links followed, is inside one of ``folders``."""
    real = Path(os.path.realpath(path))
    return any(real == f or f in real.parents for f in (Path(os.path.realpath(f)) for f in folders))


def refused_file(path: Path) -> str:
    """Why a file is refused before any parser opens it: not a regular file, or too large."""
    try:
        if not path.is_file():
            return "no such file" if not path.exists() else "not a regular file"
        size = path.stat().st_size
    except OSError as exc:
        return exc.strerror or str(exc)
    return f"{size} bytes; a map or tileset may be at most {MAX_BYTES} bytes" if size > MAX_BYTES else ""


class _Raw:
    """What the format-specific readers share: where things are, what may be read, the counts so far."""

    def __init__(self, path: Path, where, allowed: Sequence[Path]) -> None:
        self.path = path
        self.where = where  # tiled._Where: locations by object and layer id
        self.folders = [path.parent, *allowed]
        self.json = path.suffix.lower() != ".tmx"
        self.files: dict[str, str] = {}
        self.tiles = 0
        self.ids: set[int] = set()
        self.objects = 0
        self.classes: set[str] = set()

    def fail(self, code: codes.Code, location: Location | None = None, **fields) -> Refused:
        return Refused(code.at(location or Location(self.path), **fields))

    def layout(self, problem: str, location: Location | None = None) -> Refused:
        return self.fail(codes.TILED_LAYOUT, location, problem=problem)

    def unreadable(self, reason: str, location: Location | None = None) -> Refused:
        return self.fail(codes.TILED_UNREADABLE, location, reason=reason)

    def size(self, owner: str, value) -> int:
        """A width, height or tile size: a whole number of at least 1."""
        kinds = (int,) if self.json else (int, str)  # a JSON map writes numbers as numbers, XML as text
        text = str(value).strip() if isinstance(value, kinds) and not isinstance(value, bool) else ""
        if not re.fullmatch(r"-?[0-9]{1,12}", text):
            raise self.layout(f"{owner} is `{value}`: it must be a whole number of at least 1")
        if int(text) < 1:
            raise self.layout(f"{owner} is {int(text)}: it must be at least 1")
        return int(text)

    def external(self, source: str, relative_to: Path, what: str) -> Path:
        """The file a map (or tileset) names: inside the allowed folders, a regular file, small enough."""
        full = relative_to / source
        if not confined(full, self.folders):
            raise self.fail(codes.TILED_OUTSIDE_FOLDER, what=what, source=source)
        if problem := refused_file(full):
            raise self.unreadable(f"{source}: {problem}")
        return full

    def read_external(self, full: Path, source: str) -> str:
        text = full.read_text(encoding="utf-8-sig", errors="replace")
        if _DTD.search(text):
            raise self.unreadable(f"{source}: it declares a DTD or entities, which Tiled never writes")
        return text

    def stage(self, stem: str, suffix: str, text: str) -> str:
        name = f"{len(self.files)}-{re.sub(r'[^A-Za-z0-9_-]', '_', stem)[:40]}{suffix}"
        self.files[name] = text
        return name

    def side(self, layer: str, width: int, height: int, location: Location) -> None:
        if width > MAX_SIDE or height > MAX_SIDE:
            raise self.layout(f"{layer} is {width} x {height} squares; a floor has at most {MAX_SIDE} squares a side",
                              location)

    def cells(self, layer: str, width: int, height: int, location: Location) -> int:
        """A tile layer's cells, counted against the map's total before its data is read."""
        self.side(layer, width, height, location)
        self.tiles += width * height
        if self.tiles > MAX_TILES:
            raise self.layout(f"the map's layers hold more than {MAX_TILES} cells together: draw a mission on fewer "
                              "tile layers", location)
        return width * height

    def encoded(self, layer: str, data: str, encoding: str, compression: str, cells: int, location: Location) -> None:
        """Layer data in base64, inflated here with its output capped at the layer's size."""
        if encoding not in ("base64", "csv", ""):
            raise self.unreadable(f"{layer}: data encoding `{encoding}` is not one Tiled writes", location)
        if encoding != "base64":
            return
        try:
            raw = base64.b64decode(data.strip(), validate=False)
        except (binascii.Error, ValueError):
            raise self.unreadable(f"{layer}: its data is not base64", location) from None
        need = cells * 4
        if compression in ("zlib", "gzip"):
            inflater = zlib.decompressobj(zlib.MAX_WBITS | 32)  # zlib or gzip, by the header
            try:
                raw = inflater.decompress(raw, need + 1)
            except zlib.error:
                raise self.unreadable(f"{layer}: its data is not valid {compression} data", location) from None
            if not inflater.eof and len(raw) <= need:
                raise self.unreadable(f"{layer}: its {compression} data is cut short", location)
        elif compression:
            raise self.unreadable(f"{layer}: data compression `{compression}` is not read: save the map with zlib, "
                                  "gzip or CSV layer data (Map > Map Properties > Tile Layer Format)", location)
        if len(raw) > need:
            raise self.unreadable(f"{layer}: its data holds more than its {cells} tiles ({need} bytes)", location)
        if len(raw) < need:
            raise self.unreadable(f"{layer}: its data holds {len(raw)} bytes, and its {cells} tiles take {need}",
                                  location)

    def ident(self, ident, cls: str) -> int:
        """An object's id: unique and not negative (0 when an older Tiled wrote none); its class counted."""
        if cls:
            self.classes.add(cls)
        try:
            number = int(ident) if ident is not None else 0
        except (TypeError, ValueError):
            raise self.layout(f"an object's id is `{ident}`: ids are whole numbers") from None
        at = self.where.object(number)
        if number < 0:
            raise self.layout(f"object {number}: an object id is never negative: let Tiled number the objects", at)
        if self.objects >= MAX_OBJECTS:
            raise self.layout(f"the map has more than {MAX_OBJECTS} objects: a board needs far fewer", at)
        if number and number in self.ids:
            raise self.layout(f"object {number}: two objects have this id: let Tiled number the objects "
                              "(copy the objects and paste them back)", at)
        self.ids.add(number)
        self.objects += 1  # objects without an id (older maps) count too
        return number

    def finite(self, number: int, cls: str, shape: tuple[Mapping[str, object], Sequence[float]]) -> None:
        """An object's coordinates (or those its template gives it) are finite numbers."""
        numbers, points = shape
        at = self.where.object(number)
        values = []
        for name, value in numbers.items():
            try:
                values.append((name, float(value)))  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise self.fail(codes.TILED_GEOMETRY, at, id=number, cls=cls or "no class",
                                problem=f"has {name} `{value}`, which is not a number") from None
        values += [("a point", p) for p in points]
        for name, value in values:
            if not math.isfinite(value):
                raise self.fail(codes.TILED_GEOMETRY, at, id=number, cls=cls or "no class",
                                problem=f"has {name} `{value:g}`: coordinates are finite numbers")


def prepare(path: Path, text: str, where, allowed: Sequence[Path] = ()) -> Prepared:
    """The map at ``path`` (its ``text``) checked and made safe to parse; Refused says why not."""
    raw = _Raw(path, where, allowed)
    if path.suffix.lower() == ".tmx":
        prepared = _Xml(raw).run(text)
    else:
        prepared = _Json(raw).run(text)
    prepared.files = raw.files
    prepared.zwar = prepared.zwar or bool(raw.classes & _ZWAR)
    return prepared


def not_zwar(path: Path) -> Diagnostic:
    return codes.TILED_NOT_ZWAR.at(Location(path))


# --- TMX -----------------------------------------------------------------------------------------------


class _Xml:
    def __init__(self, raw: _Raw) -> None:
        self.raw = raw

    def tree(self, text: str, source: str) -> ET.Element:
        if _DTD.search(text):
            raise self.raw.unreadable(f"{source + ': ' if source else ''}it declares a DTD or entities, which Tiled "
                                      "never writes")
        try:
            root = ET.fromstring(text)
        except ET.ParseError as exc:
            raise self.raw.unreadable(f"{source + ': ' if source else ''}ParseError: {exc}") from None
        depth = _xml_depth(root)
        if depth > limits.MAX_DEPTH:
            raise self.raw.unreadable(f"{source + ': ' if source else ''}elements are nested {depth} deep; a map "
                                      f"nests at most {limits.MAX_DEPTH}")
        return root

    def run(self, text: str) -> Prepared:
        raw = self.raw
        root = self.tree(text, "")
        if root.tag != "map":
            raise raw.unreadable(f"this XML file is not a Tiled map (it holds <{root.tag}>, not <map>)")
        cls = root.get("class", "")
        orientation = root.get("orientation", "orthogonal")
        if orientation != "orthogonal" or root.get("infinite", "0") == "1":
            shape = orientation + (", infinite" if root.get("infinite") == "1" else "")
            raise raw.fail(codes.TILED_ORIENTATION, shape=shape)
        width, height = (raw.size(f"the map's {n}", root.get(n)) for n in ("width", "height"))
        for n in ("tilewidth", "tileheight"):
            raw.size(f"the map's {n}", root.get(n))
        raw.side("the map", width, height, Location(raw.path))
        zwar = cls in ("mission", "tile")
        for tileset in root.iter("tileset"):
            zwar |= self.tileset(tileset)
        for layer in root.iter("layer"):
            self.layer(layer, width, height)
        for obj in root.iter("object"):
            self.tiled_object(obj)
        return Prepared(".tmx", ET.tostring(root, encoding="unicode"), zwar=zwar)

    def tileset(self, element: ET.Element) -> bool:
        """Fill in what older versions leave out; an external one staged. Whether it has terrain tiles."""
        self.raw.size("a tileset's firstgid", element.get("firstgid", "1"))
        source = element.get("source")
        if source is None:
            return _tsx_fill(element)
        full = self.raw.external(source, self.raw.path.parent, "tileset")
        text = self.raw.read_external(full, source)
        if full.suffix.lower() in (".tsj", ".json"):
            staged, zwar = _Json(self.raw).tileset_text(text, source)
            element.set("source", str(self.raw.stage(full.stem, ".tsj", staged)))
            return zwar
        root = self.tree(text, source)
        if root.tag != "tileset":
            raise self.raw.unreadable(f"{source}: not a Tiled tileset (it holds <{root.tag}>)")
        zwar = _tsx_fill(root)
        element.set("source", self.raw.stage(full.stem, ".tsx", ET.tostring(root, encoding="unicode")))
        return zwar

    def layer(self, element: ET.Element, map_width: int, map_height: int) -> None:
        raw = self.raw
        name = f"tile layer `{element.get('name', '')}`"
        at = raw.where.layer(_int_or_none(element.get("id")))
        width = raw.size(f"{name}'s width", element.get("width", map_width))
        height = raw.size(f"{name}'s height", element.get("height", map_height))
        cells = raw.cells(name, width, height, at)
        data = element.find("data")
        if data is None:
            return
        if data.find("chunk") is not None:
            raise raw.layout(f"{name} is stored in chunks, as an infinite map is: draw on a map of fixed size", at)
        encoding = data.get("encoding", "")
        if encoding == "csv" and (data.text or "").count(",") >= cells:
            raise raw.unreadable(f"{name}: its data holds more than its {cells} tiles", at)
        if not encoding and len(data.findall("tile")) > cells:
            raise raw.unreadable(f"{name}: its data holds more than its {cells} tiles", at)
        raw.encoded(name, data.text or "", encoding, data.get("compression", ""), cells, at)

    def tiled_object(self, element: ET.Element) -> None:
        cls = element.get("class") or element.get("type") or ""
        number = self.raw.ident(element.get("id"), cls)
        if (template := element.get("template")) is not None:
            full = self.raw.external(template, self.raw.path.parent, "object template")
            root = self.tree(self.raw.read_external(full, template), template)
            for tileset in root.iter("tileset"):
                if (source := tileset.get("source")) is not None:
                    self.raw.external(source, full.parent, "tileset")
            for given in root.iter("object"):
                self.raw.finite(number, cls, _xml_shape(given))
            element.set("template", str(full.resolve()))  # its own tileset is found beside it
        self.raw.finite(number, cls, _xml_shape(element))


def _xml_shape(element: ET.Element) -> tuple[dict[str, object], list[float]]:
    """An object's position, size and rotation as written, and the numbers of its points."""
    numbers: dict[str, object] = {n: element.get(n) for n in ("x", "y", "width", "height", "rotation")
                                  if element.get(n) is not None}
    points: list[float] = []
    for shape in ("polyline", "polygon"):
        for line in element.iter(shape):
            for pair in (line.get("points") or "").split():
                for value in pair.split(","):
                    try:
                        points.append(float(value))
                    except ValueError:
                        numbers["a point"] = value
    return numbers, points


def _tsx_fill(tileset: ET.Element) -> bool:
    """Fill ``tilecount`` and ``columns`` as Tiled does when an older file lacks them; whether a tile has terrain."""
    tiles = tileset.findall("tile")
    if tileset.get("tilecount") is None or tileset.get("columns") is None:
        image = tileset.find("image")
        count, columns = _grid_of(tileset.attrib, image.attrib if image is not None else {}, len(tiles))
        tileset.set("tilecount", tileset.get("tilecount") or str(count))
        tileset.set("columns", tileset.get("columns") or str(columns))
    for tile in tiles:
        names = {p.get("name") for p in tile.iter("property")}
        if (tile.get("class") or tile.get("type")) == "terrain" or "terrain" in names:
            return True
    return False


def _grid_of(tileset: dict, image: dict, tiles: int) -> tuple[int, int]:
    """Tiles and columns of an image tileset from its image's size, as Tiled counts them."""
    try:
        tw, th = int(tileset.get("tilewidth", 0)), int(tileset.get("tileheight", 0))
        margin, spacing = int(tileset.get("margin", 0)), int(tileset.get("spacing", 0))
        iw, ih = int(image.get("width", image.get("imagewidth", 0))), int(image.get("height", image.get("imageheight", 0)))
    except (TypeError, ValueError):
        return tiles, 0
    if tw <= 0 or th <= 0 or iw <= 0 or ih <= 0:
        return tiles, 0
    columns = max(0, (iw - 2 * margin + spacing) // (tw + spacing))
    rows = max(0, (ih - 2 * margin + spacing) // (th + spacing))
    return columns * rows, columns


def _xml_depth(root: ET.Element) -> int:
    deepest, todo = 0, [(root, 1)]
    while todo:
        element, depth = todo.pop()
        deepest = max(deepest, depth)
        if deepest > limits.MAX_DEPTH:
            return deepest
        todo += [(child, depth + 1) for child in element]
    return deepest


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# --- TMJ -----------------------------------------------------------------------------------------------


class _Json:
    def __init__(self, raw: _Raw) -> None:
        self.raw = raw

    def load(self, text: str, source: str):
        if problems := scan(self.raw.path, text, is_json=True):
            if source:
                raise self.raw.unreadable(f"{source}: {problems[0].message}")
            raise Refused(problems[0])
        try:
            return json.loads(text)
        except ValueError as exc:
            raise self.raw.unreadable(f"{source + ': ' if source else ''}{type(exc).__name__}: {exc}") from None

    def run(self, text: str) -> Prepared:
        raw = self.raw
        data = self.load(text, "")
        if not isinstance(data, dict) or data.get("type", "map") != "map" or not isinstance(data.get("layers"), list):
            kind = f"a Tiled {data['type']}" if isinstance(data, dict) and isinstance(data.get("type"), str) \
                and data.get("type") != "map" else "not a Tiled map"
            raise raw.unreadable(f"this JSON file is {kind}: a map has \"type\": \"map\", its size and its layers "
                                 "(save it from Tiled as a .tmj map)")
        orientation = data.get("orientation", "orthogonal")
        if orientation != "orthogonal" or data.get("infinite") is True:
            raise raw.fail(codes.TILED_ORIENTATION,
                           shape=f"{orientation}" + (", infinite" if data.get("infinite") is True else ""))
        width, height = (raw.size(f"the map's {n}", data.get(n)) for n in ("width", "height"))
        for n in ("tilewidth", "tileheight"):
            raw.size(f"the map's {n}", data.get(n))
        raw.side("the map", width, height, Location(raw.path))
        _texts(raw, data, ("class", "orientation"), "the map", raw.where.map())
        zwar = data.get("class") in ("mission", "tile")
        tilesets = data.setdefault("tilesets", [])
        if not isinstance(tilesets, list):
            raise raw.unreadable("`tilesets` is not a list")
        for tileset in tilesets:
            zwar |= self.tileset(tileset)
        for layer in _layers(data["layers"]):
            self.layer(layer, width, height)
        return Prepared(raw.path.suffix.lower(), json.dumps(data), zwar=zwar)

    def tileset(self, tileset) -> bool:
        if not isinstance(tileset, dict):
            raise self.raw.unreadable("a tileset is not a JSON object")
        self.raw.size("a tileset's firstgid", tileset.get("firstgid", 1))
        source = tileset.get("source")
        if not isinstance(source, str):
            return _tsj_fill(tileset)
        full = self.raw.external(source, self.raw.path.parent, "tileset")
        text = self.raw.read_external(full, source)
        if full.suffix.lower() == ".tsx":
            xml = _Xml(self.raw)
            root = xml.tree(text, source)
            if root.tag != "tileset":
                raise self.raw.unreadable(f"{source}: not a Tiled tileset (it holds <{root.tag}>)")
            zwar = _tsx_fill(root)
            tileset["source"] = self.raw.stage(full.stem, ".tsx", ET.tostring(root, encoding="unicode"))
            return zwar
        staged, zwar = self.tileset_text(text, source)
        tileset["source"] = self.raw.stage(full.stem, full.suffix.lower(), staged)
        return zwar

    def tileset_text(self, text: str, source: str) -> tuple[str, bool]:
        data = self.load(text, source)
        if not isinstance(data, dict):
            raise self.raw.unreadable(f"{source}: not a Tiled tileset")
        zwar = _tsj_fill(data)
        return json.dumps(data), zwar

    def layer(self, layer: dict, map_width: int, map_height: int) -> None:
        raw = self.raw
        kind = layer.get("type")
        at = raw.where.layer(layer.get("id") if isinstance(layer.get("id"), int) else None)
        if kind not in LAYER_TYPES:
            raise raw.unreadable(f"a layer's type is `{kind}`: Tiled writes {', '.join(LAYER_TYPES)}", at)
        _texts(raw, layer, ("name", "class"), f"{kind} `{layer.get('name')}`", at)
        if kind == "tilelayer":
            name = f"tile layer `{layer.get('name', '')}`"
            if "chunks" in layer:
                raise raw.layout(f"{name} is stored in chunks, as an infinite map is: draw on a map of fixed size", at)
            width = raw.size(f"{name}'s width", layer.get("width", map_width))
            height = raw.size(f"{name}'s height", layer.get("height", map_height))
            cells = raw.cells(name, width, height, at)
            data = layer.get("data", [])
            if isinstance(data, list):
                if len(data) > cells:
                    raise raw.unreadable(f"{name}: its data holds {len(data)} tiles, more than its {cells}", at)
                if not all(isinstance(g, int) and not isinstance(g, bool) and 0 <= g < 2**32 for g in data):
                    raise raw.unreadable(f"{name}: its data holds something that is not a tile number", at)
            elif isinstance(data, str):
                raw.encoded(name, data, str(layer.get("encoding", "base64")), str(layer.get("compression", "")),
                            cells, at)
            else:
                raise raw.unreadable(f"{name}: its data is neither a list of tiles nor base64 text", at)
        elif kind == "objectgroup":
            objects = layer.get("objects", [])
            for obj in objects if isinstance(objects, list) else []:
                if isinstance(obj, dict):
                    self.tiled_object(obj)

    def tiled_object(self, obj: dict) -> None:
        ident = obj.get("id", 0)
        if not isinstance(ident, int) or isinstance(ident, bool):
            raise self.raw.layout(f"an object's id is `{ident}`: ids are whole numbers")
        at = self.raw.where.object(ident)
        _texts(self.raw, obj, ("name", "type", "class"), f"object {ident}", at)
        cls = obj.get("class") or obj.get("type") or ""
        number = self.raw.ident(ident, cls)
        if isinstance(template := obj.get("template"), str):
            full = self.raw.external(template, self.raw.path.parent, "object template")
            data = self.load(self.raw.read_external(full, template), template)
            tileset = data.get("tileset") if isinstance(data, dict) else None
            if isinstance(tileset, dict) and isinstance(tileset.get("source"), str):
                self.raw.external(tileset["source"], full.parent, "tileset")
            given = data.get("object") if isinstance(data, dict) else None
            if isinstance(given, dict):
                _texts(self.raw, given, ("name", "type", "class"), f"object {ident}'s template", at)
                self.raw.finite(number, cls, self.shape(given, number, cls))
            obj["template"] = str(full.resolve())
        self.raw.finite(number, cls, self.shape(obj, number, cls))

    def shape(self, obj: dict, number: int, cls: str) -> tuple[dict[str, object], list[float]]:
        """An object's position, size, rotation and points: numbers, not text, true or null."""
        numbers = {n: obj[n] for n in ("x", "y", "width", "height", "rotation") if n in obj}
        points: list[float] = []
        for shape in ("polyline", "polygon"):
            line = obj.get(shape, [])
            for p in line if isinstance(line, list) else [line]:
                values: list = [p.get("x"), p.get("y")] if isinstance(p, dict) else [p]
                points += [float(v) for v in values if _number(v)]
                if not all(_number(v) for v in values):
                    numbers["a point"] = p
        for name, value in numbers.items():
            if not _number(value):
                raise self.raw.fail(codes.TILED_GEOMETRY, self.raw.where.object(number), id=number,
                                    cls=cls or "no class",
                                    problem=f"has {name} `{json.dumps(value)[:40]}`, which is not a number")
        return numbers, points


LAYER_TYPES = ("tilelayer", "objectgroup", "group", "imagelayer")


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _texts(raw: _Raw, table: dict, keys: tuple[str, ...], owner: str, at: Location) -> None:
    """The names and classes of a layer or object are text, and so are its properties' names and types."""
    for key in keys:
        if key in table and not isinstance(table[key], str):
            raise raw.layout(f"{owner}: `{key}` is `{json.dumps(table[key])[:40]}`, not text", at)
    properties = table.get("properties", [])
    if not isinstance(properties, list) or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("type", ""), str)
            for p in properties):
        raise raw.layout(f"{owner}: its properties are not a list of named properties", at)


def _layers(layers) -> Iterator[dict]:
    """Every layer, groups opened up (nesting is bounded by the scan before)."""
    todo = list(reversed(layers)) if isinstance(layers, list) else []
    while todo:
        layer = todo.pop()
        if not isinstance(layer, dict):
            continue
        yield layer
        if isinstance(layer.get("layers"), list):
            todo += reversed(layer["layers"])


def _tsj_fill(tileset: dict) -> bool:
    tiles: list = tileset["tiles"] if isinstance(tileset.get("tiles"), list) else []
    if "tilecount" not in tileset or "columns" not in tileset:
        count, columns = _grid_of(tileset, tileset, len(tiles))
        tileset.setdefault("tilecount", count)
        tileset.setdefault("columns", columns)
    for tile in tiles:
        if not isinstance(tile, dict):
            continue
        names = {p.get("name") for p in tile.get("properties") or [] if isinstance(p, dict)}
        if (tile.get("class") or tile.get("type")) == "terrain" or "terrain" in names:
            return True
    return False
