"""Colours for the screen, and an ink-saving set for printing."""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry.board import Terrain

KEY_COLOURS = {"red": "#d62728", "blue": "#1f5fbf", "green": "#2ca02c", "yellow": "#e6c619", "orange": "#ff7f0e",
               "purple": "#8e44ad", "white": "#ffffff", "black": "#222222"}


@dataclass(frozen=True)
class Theme:
    name: str
    terrain: dict
    grid: str  # thin lines between land squares
    water_lines: str  # dotted lines between open water squares
    wall: str
    door: str
    blast: str
    item: str  # blue tokens
    object: str  # orange tokens
    spawn: str
    infected: str
    start: str
    exit: str
    objective: str
    npc: str
    crate: str
    solid: bool  # markers filled (screen) or outlined (ink)


SCREEN = Theme(
    name="screen",
    terrain={Terrain.CORRIDOR: "#c9c9c9", Terrain.ROOM: "#efe2c4", Terrain.STAIRS: "#b7c3da",
             Terrain.WATER: "#6fb0d8", Terrain.TRANSITION: "#dcc98f", Terrain.VOID: None},
    grid="#8d8d8d", water_lines="#ffffff", wall="#111111", door="#8a5a2b", blast="#555555",
    item="#1f5fbf", object="#ff7f0e", spawn="#c0392b", infected="#6b1d1d", start="#2e8b3a", exit="#2e8b3a",
    objective="#e0b000", npc="#8e44ad", crate="#8a5a2b", solid=True,
)

INK = Theme(
    name="ink",
    terrain={Terrain.CORRIDOR: None, Terrain.ROOM: "#f2f2f2", Terrain.STAIRS: None,
             Terrain.WATER: None, Terrain.TRANSITION: None, Terrain.VOID: None},
    grid="#b0b0b0", water_lines="#5b8fb9", wall="#000000", door="#000000", blast="#000000",
    item="#1f5fbf", object="#d35400", spawn="#c0392b", infected="#000000", start="#1e7b2c", exit="#1e7b2c",
    objective="#000000", npc="#6c3483", crate="#000000", solid=False,
)

THEMES = {"screen": SCREEN, "ink": INK}
