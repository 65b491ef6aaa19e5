"""The zwar Tiled project: the classes, properties and defaults a Tiled map uses to draw a mission.

One table here is the convention: ``zwar import tiled`` reads maps by it, the
map writer writes by it, and ``propertytypes()`` turns it into the
``propertytypes.json`` that Tiled loads (Project > Custom Types Editor >
Import), so the editor offers exactly these classes with these defaults.
Tiled leaves a member out of the file while it holds its default, so the
reader fills the defaults in from the same table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import get_args

from ..model.common import Colour, Facing, Game

TERRAINS = ("corridor", "room", "stairs", "water", "transition", "void")

ENUMS: dict[str, tuple[str, ...]] = {
    "zwar-terrain": TERRAINS,
    "zwar-game": get_args(Game),
    "zwar-mode": ("campaign", "director", "versus"),
    "zwar-door-kind": ("door", "locked", "blast"),
    "zwar-facing": get_args(Facing),
    "zwar-facing-or-none": ("", *get_args(Facing)),
    "zwar-colour": get_args(Colour),
    "zwar-colour-or-none": ("", *get_args(Colour)),
    "zwar-action": ("task", "reach"),
    "zwar-scope": ("square", "room"),
    "zwar-token": ("", "active", "search"),
}


@dataclass(frozen=True)
class Member:
    name: str
    default: str | int | bool
    enum: str | None = None  # one of ENUMS
    file: bool = False  # a path, relative to the map

    @property
    def type(self) -> str:
        if self.file:
            return "file"
        return {bool: "bool", int: "int", str: "string"}[type(self.default)]


@dataclass(frozen=True)
class TiledClass:
    name: str
    use: str  # what Tiled may give the class to: map, layer, tile or object
    members: tuple[Member, ...] = ()
    colour: str = "#ff808080"  # how Tiled draws objects of the class

    def defaults(self) -> dict:
        return {m.name: m.default for m in self.members}


def _m(name: str, default: str | int | bool = "", enum: str | None = None, file: bool = False) -> Member:
    return Member(name, default, enum, file)


CLASSES: dict[str, TiledClass] = {c.name: c for c in (
    TiledClass("mission", "map", (_m("id"), _m("title"), _m("game", "zwar1", "zwar-game"),
                                  _m("mode", "campaign", "zwar-mode"), _m("chapter", 0), _m("briefing"),
                                  _m("base", "", file=True))),
    TiledClass("tile", "map", (_m("id"), _m("name"), _m("text"))),
    TiledClass("floor", "layer", (_m("name"),)),
    TiledClass("terrain", "tile", (_m("terrain", "corridor", "zwar-terrain"),)),
    TiledClass("wall", "object", (), "#ff000000"),
    TiledClass("obstacle", "object", (), "#ff404040"),
    TiledClass("door", "object", (_m("kind", "door", "zwar-door-kind"), _m("key", "", "zwar-colour-or-none"),
                                  _m("room"), _m("open", False)), "#ff8b4513"),
    TiledClass("start", "object", (_m("group"), _m("role")), "#ff2ca02c"),
    TiledClass("exit", "object", (_m("group"), _m("closed", False)), "#ff1f9e3a"),
    TiledClass("spawn", "object", (_m("letter"),), "#ffd62728"),
    TiledClass("objective", "object", (_m("number", 0), _m("action", "task", "zwar-action"),
                                       _m("scope", "square", "zwar-scope"), _m("label")), "#ffe6c619"),
    TiledClass("item", "object", (_m("letter"), _m("card")), "#ff1f5fbf"),
    TiledClass("object", "object", (_m("letter"), _m("name")), "#ffff7f0e"),
    TiledClass("crate", "object", (), "#ffc8a26b"),
    TiledClass("keycard", "object", (_m("colour", "red", "zwar-colour"),), "#ff8e44ad"),
    TiledClass("infected", "object", (_m("class", "zombie"), _m("facing", "N", "zwar-facing"), _m("prone", False)),
               "#ff7a1f1f"),
    TiledClass("npc", "object", (_m("id"), _m("name"), _m("facing", "", "zwar-facing-or-none")), "#ff17becf"),
    TiledClass("rib", "object", (_m("facing", "N", "zwar-facing"),), "#ff4d4d4d"),
    TiledClass("room", "object", (_m("id"), _m("name"), _m("token", "", "zwar-token")), "#ff9467bd"),
    TiledClass("stairs", "object", (_m("link"), _m("colour", "", "zwar-colour-or-none")), "#ff4a5570"),
)}

EDGE_CLASSES = ("wall", "obstacle", "door")
#: what a map draws; a mission's other tables live in the map's `base` file
DRAWN = ("floors", "stairs", "doors", "rooms", "tokens", "starts", "exits", "spawn_points", "objectives", "items",
         "objects", "crates", "keycards", "infected", "npcs", "rib")
MARKER_CLASSES = tuple(n for n, c in CLASSES.items() if c.use == "object" and n not in EDGE_CLASSES)


def propertytypes() -> list[dict]:
    """The project's custom types in Tiled's propertytypes.json form: enums first, then classes."""
    types: list[dict] = []
    for name, values in ENUMS.items():
        types.append({"id": len(types) + 1, "name": name, "type": "enum", "storageType": "string",
                      "values": list(values), "valuesAsFlags": False})
    for cls in CLASSES.values():
        members = []
        for m in cls.members:
            member: dict = {"name": m.name, "type": m.type, "value": m.default}
            if m.enum:
                member["propertyType"] = m.enum
            members.append(member)
        types.append({"id": len(types) + 1, "name": cls.name, "type": "class", "useAs": [cls.use],
                      "color": cls.colour, "drawFill": True, "members": members})
    return types


def propertytypes_json() -> str:
    return json.dumps(propertytypes(), indent=4) + "\n"


def project_json() -> str:
    """A Tiled project file (zwar.tiled-project) holding the same custom types: open it in Tiled."""
    project = {"automappingRulesFile": "", "commands": [], "compatibilityVersion": 1100, "extensionsPath": "extensions",
               "folders": ["."], "properties": [], "propertyTypes": propertytypes()}
    return json.dumps(project, indent=4) + "\n"
