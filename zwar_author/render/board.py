"""One floor of a mission, drawn at a given square size: terrain, edges, and every marker.

Drawn as the rulebook's maps read: rooms lighter than corridors, walls as bold
lines, doors as leaves across their doorway (locked ones in their key colour,
blast doors hatched), open water with dotted edges, water obstacles as black
lines, stairs with their steps, link colour and the floor they lead to.
"""

from __future__ import annotations

import numpy as np

from ..geometry.board import Edge, Floor, Terrain
from ..geometry.notation import floor_edge, floor_square
from ..model.content import CompiledMission
from .canvas import PT, Circle, Group, Item, Line, Polygon, Rect, Style, Text
from .text import width
from .theme import KEY_COLOURS, Theme

CAP = 0.73  # DejaVu Sans cap height, in ems


def draw_floor(floor: Floor, mission: CompiledMission, theme: Theme, s: float, markers: bool = True,
               grid_lines: bool = True) -> Group:
    """The floor at ``s`` millimetres a square, with (0, 0) at its top-left corner; without the
    mission's markers when a game in progress draws its own, without the lines between squares
    when a virtual tabletop draws its own grid."""
    group = Group()
    grid = floor.grid
    group.items += _terrain(grid, theme, s)
    group.items += _edges(grid, theme, s, grid_lines)
    group.items += _stairs(floor, mission, theme, s)
    group.items += _doors(floor, mission, theme, s)
    group.items += _room_names(floor, mission, s)
    if markers:
        group.items += _markers(floor.id, mission, theme, s)
    return group


def _terrain(grid, theme: Theme, s: float) -> list:
    items: list[Item] = []
    for y in range(grid.height):
        for x in range(grid.width):
            terrain = Terrain(int(grid.terrain[y, x]))
            fill = theme.terrain[terrain]
            if fill:
                items.append(Rect(x * s, y * s, s, s, Style(fill=fill)))
            if terrain == Terrain.TRANSITION:  # a shore: short hatching along the square
                for k in (0.25, 0.5, 0.75):
                    items.append(Line(x * s + k * s - 0.12 * s, (y + 0.85) * s, x * s + k * s + 0.12 * s, (y + 0.15) * s,
                                      Style(stroke=theme.wall, width=s * 0.012)))
    return items


def _edges(grid, theme: Theme, s: float, grid_lines: bool = True) -> list:
    """Grid lines between squares, dotted on open water (unless left out); walls and obstacles on top."""
    board = grid.terrain != Terrain.VOID
    water = grid.terrain == Terrain.WATER
    thin, dotted = Style(stroke=theme.grid, width=max(0.1, s * 0.005)), \
        Style(stroke=theme.water_lines, width=max(0.15, s * 0.01), dash=(s * 0.04, s * 0.04), cap="round")
    wall = Style(stroke=theme.wall, width=max(0.5, s * 0.045), cap="square")
    obstacle = Style(stroke="#000000", width=max(0.4, s * 0.035), cap="round")
    lines, walls = [], []
    for axis, edges in (("H", grid.h), ("V", grid.v)):
        for y in range(edges.shape[0]):
            for x in range(edges.shape[1]):
                a, b = ((x, y - 1), (x, y)) if axis == "H" else ((x - 1, y), (x, y))
                on = [_inside(board, p) for p in (a, b)]
                if not any(on):
                    continue
                x1, y1 = x * s, y * s
                x2, y2 = (x1 + s, y1) if axis == "H" else (x1, y1 + s)
                kind = edges[y, x]
                if kind == Edge.WALL:
                    walls.append(Line(x1, y1, x2, y2, wall))
                elif kind == Edge.OBSTACLE:
                    walls.append(Line(x1, y1, x2, y2, obstacle))
                elif kind == Edge.OPEN and all(on) and grid_lines:
                    both_water = _inside(water, a) and _inside(water, b)
                    lines.append(Line(x1, y1, x2, y2, dotted if both_water else thin))
    return lines + walls


def _inside(mask: np.ndarray, p: tuple[int, int]) -> bool:
    x, y = p
    return 0 <= y < mask.shape[0] and 0 <= x < mask.shape[1] and bool(mask[y, x])


def _stairs(floor: Floor, mission: CompiledMission, theme: Theme, s: float) -> list:
    grid = floor.grid
    items: list[Item] = []
    step = Style(stroke="#4a5570" if theme.solid else "#000000", width=max(0.15, s * 0.012))
    for y, x in zip(*np.nonzero(grid.terrain == Terrain.STAIRS)):
        for k in range(1, 5):
            items.append(Line(x * s + 0.12 * s, y * s + k * s / 5, (x + 0.88) * s, y * s + k * s / 5, step))
    names = {f.id: (f.name or f.id) for f in mission.board.floors}
    for link in mission.board.stairs:
        for here, there in (link.link, link.link[::-1]):
            f, x, y = floor_square(here)
            if f != floor.id:
                continue
            if link.colour:
                items.append(Circle((x + 0.78) * s, (y + 0.22) * s, s * 0.13,
                                    Style(stroke="#000000", width=s * 0.01, fill=KEY_COLOURS[link.colour])))
            label = "to " + names[floor_square(there)[0]]
            size = _fit_size(label, s * 0.9, s * 0.16)
            items.append(Text((x + 0.5) * s, (y + 0.95) * s, label, size, "middle", True))
    return items


def draw_doors(floor: Floor, mission: CompiledMission, theme: Theme, s: float) -> Group:
    """The floor's doors alone, as they stand in ``mission`` (a replay draws them over a floor drawn once
    without them)."""
    return Group(_doors(floor, mission, theme, s))


def _doors(floor: Floor, mission: CompiledMission, theme: Theme, s: float) -> list:
    items: list[Item] = []
    for door in mission.board.doors:
        f, axis, x, y = floor_edge(door.at)
        if f != floor.id:
            continue
        length, thick = s * 0.72, max(0.8, s * 0.13)
        if axis == "H":
            rect = ((x + 0.14) * s, y * s - thick / 2, length, thick)
        else:
            rect = (x * s - thick / 2, (y + 0.14) * s, thick, length)
        fill = {"door": theme.door, "locked": KEY_COLOURS.get(door.key or "", theme.door), "blast": theme.blast}[door.kind]
        outline = Style(stroke="#000000", width=max(0.15, s * 0.01), fill=None if door.open else fill)
        items.append(Rect(*rect, outline))
        if door.kind == "blast":  # hazard stripes across the leaf
            rx, ry, rw, rh = rect
            for k in range(1, 6):
                if axis == "H":
                    items.append(Line(rx + rw * k / 6 - thick / 2, ry + rh, rx + rw * k / 6 + thick / 2, ry,
                                      Style(stroke="#f2c200", width=thick * 0.3)))
                else:
                    items.append(Line(rx, ry + rh * k / 6 - thick / 2, rx + rw, ry + rh * k / 6 + thick / 2,
                                      Style(stroke="#f2c200", width=thick * 0.3)))
        if door.kind == "locked":
            cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
            items.append(Circle(cx, cy, thick * 0.28, Style(fill="#000000")))
    return items


def _room_names(floor: Floor, mission: CompiledMission, s: float) -> list:
    """The name the mission gives a room, small, along the top of the room's first row."""
    items = []
    for room in mission.board.rooms:
        label = room.label or room.name
        squares = [floor_square(q) for q in room.squares]
        if not label or squares[0][0] != floor.id:
            continue
        _, x0, y0 = squares[0]
        run = 1
        while (floor.id, x0 + run, y0) in squares:
            run += 1
        size = _fit_size(label, run * s - 0.16 * s, 0.13 * s)
        items.append(Text(x0 * s + 0.08 * s, y0 * s + 0.08 * s + CAP * size * PT, label, size, bold=True,
                          fill="#333333"))
    return items


def _markers(floor_id: str, m: CompiledMission, theme: Theme, s: float) -> list:
    """Every marker of the mission on this floor, each drawn by ``symbol``."""
    placed: list[tuple[str, str, dict]] = []
    for token in m.tokens:
        room = next(r for r in m.board.rooms if r.id == token.room)
        placed.append(("token", room.squares[0], {"label": "A" if token.kind == "active" else "S"}))
    placed += [("crate", c.at, {}) for c in m.crates]
    placed += [("keycard", k.at, {"colour": k.colour}) for k in m.keycards]
    placed += [("spawn", p.at, {"label": p.letter}) for p in m.spawn_points]
    placed += [("start", p.at, {"label": p.group or ""}) for p in m.starts]
    placed += [("exit", e.at, {"closed": e.closed}) for e in m.exits]
    placed += [("objective", o.at, {"label": str(o.number)}) for o in m.objectives]
    placed += [("item", i.at, {"label": i.letter}) for i in m.items]
    placed += [("object", o.at, {"label": o.letter}) for o in m.objects]
    placed += [("npc", n.at, {"label": n.name[:1].upper()}) for n in m.npcs]
    placed += [("infected", z.at, {"facing": z.facing, "prone": z.prone, "label": z.class_.split("/")[-1][:1].upper()})
               for z in m.infected]
    if m.rib is not None:
        placed.append(("rib", m.rib.at, {"facing": m.rib.facing}))
    items: list[Item] = []
    for kind, at, args in placed:
        floor, x, y = floor_square(at)
        if floor == floor_id:
            items += symbol(kind, (x + 0.5) * s, (y + 0.5) * s, s, theme, **args)
    return items


def symbol(kind: str, cx: float, cy: float, s: float, theme: Theme, label: str = "", colour: str = "",
           facing: str = "N", prone: bool = False, closed: bool = False) -> list:
    """One marker centred on (cx, cy) for a square of ``s`` mm: the map and its key draw the same."""
    if kind == "token":
        return _badge(cx - 0.25 * s, cy - 0.25 * s, s * 0.18, label, "#555555", theme, square_shape=True)
    if kind == "crate":
        half = s * 0.26
        style = Style(stroke=theme.crate, width=s * 0.025, fill="#c8a26b" if theme.solid else None)
        return [Rect(cx - half, cy - half, 2 * half, 2 * half, style),
                Line(cx - half, cy - half, cx + half, cy + half, Style(stroke=theme.crate, width=s * 0.02)),
                Line(cx - half, cy + half, cx + half, cy - half, Style(stroke=theme.crate, width=s * 0.02))]
    if kind == "keycard":
        return [Rect(cx - s * 0.3, cy - s * 0.18, s * 0.6, s * 0.36,
                     Style(stroke="#000000", width=s * 0.02, fill=KEY_COLOURS[colour])),
                Circle(cx - s * 0.15, cy, s * 0.06, Style(fill="#000000")),
                Line(cx - s * 0.1, cy, cx + s * 0.22, cy, Style(stroke="#000000", width=s * 0.03))]
    if kind == "spawn":
        return _badge(cx, cy, s * 0.36, label, theme.spawn, theme, ring=True)
    if kind == "start":
        items = _start(cx, cy, s, theme)
        if label:
            items.append(Text(cx + s * 0.42, cy + s * 0.42, label, _size(s * 0.2), "end", True))
        return items
    if kind == "exit":
        half = s * 0.38
        return [Rect(cx - half, cy - half, 2 * half, 2 * half,
                     Style(stroke=theme.exit, width=s * 0.05, dash=(s * 0.08, s * 0.05) if closed else None)),
                Text(cx, baseline(cy, _size(s * 0.16)), "EXIT", _size(s * 0.16), "middle", True, theme.exit)]
    if kind == "objective":
        return _badge(cx, cy, s * 0.32, label, theme.objective, theme, text_colour="#000000")
    if kind in ("item", "object", "npc"):
        colour = {"item": theme.item, "object": theme.object, "npc": theme.npc}[kind]
        return _badge(cx, cy, s * (0.32 if kind == "npc" else 0.3), label, colour, theme)
    if kind == "infected":
        return _infected(cx, cy, s, facing, prone, label, theme)
    if kind == "rib":
        return _rib(cx, cy, s, facing, theme)
    raise ValueError(f"no symbol for {kind}")


def _badge(cx, cy, r, label, colour, theme: Theme, text_colour="#ffffff", ring=False, square_shape=False) -> list:
    """A round (or square) token with a label: filled on screen, outlined in ink."""
    fill = colour if theme.solid else "#ffffff"
    style = Style(stroke="#000000" if theme.solid else colour, width=r * 0.1, fill=fill)
    shape = Rect(cx - r, cy - r, 2 * r, 2 * r, style) if square_shape else Circle(cx, cy, r, style)
    items: list[Item] = [shape]
    if ring:
        items.append(Circle(cx, cy, r * 1.25, Style(stroke=colour, width=r * 0.12)))
    size = _fit_size(label, r * 1.6, r * 1.1)
    ink = text_colour if theme.solid else colour
    items.append(Text(cx, baseline(cy, size), label, size, "middle", True, ink))
    return items


def _start(cx, cy, s, theme: Theme) -> list:
    """A start point: a chevron pointing up in a circle."""
    r = s * 0.34
    fill = theme.start if theme.solid else "#ffffff"
    mark = "#ffffff" if theme.solid else theme.start
    return [Circle(cx, cy, r, Style(stroke=theme.start if not theme.solid else "#000000", width=r * 0.1, fill=fill)),
            Polygon(((cx - r * 0.5, cy + r * 0.35), (cx, cy - r * 0.45), (cx + r * 0.5, cy + r * 0.35),
                     (cx, cy + r * 0.05)), Style(fill=mark))]


def _infected(cx, cy, s, facing: str, prone: bool, letter: str, theme: Theme) -> list:
    """An infected figure: a disc with a pointer on the side it faces (hollow when prone)."""
    r = s * 0.3
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[facing]
    tip = (cx + dx * r * 1.45, cy + dy * r * 1.45)
    base = [(cx + dx * r * 0.75 - dy * r * 0.6, cy + dy * r * 0.75 + dx * r * 0.6),
            (cx + dx * r * 0.75 + dy * r * 0.6, cy + dy * r * 0.75 - dx * r * 0.6)]
    fill = theme.infected if (theme.solid and not prone) else "#ffffff"
    ink = "#ffffff" if fill != "#ffffff" else theme.infected
    style = Style(stroke="#000000", width=r * 0.1, fill=fill)
    size = _fit_size(letter, r * 1.4, r)
    return [Polygon((tip, *base), Style(stroke="#000000", width=r * 0.08, fill=theme.infected)),
            Circle(cx, cy, r, style),
            Text(cx, baseline(cy, size), letter, size, "middle", True, ink)]


def _rib(cx, cy, s, facing: str, theme: Theme) -> list:
    """The rib: a boat shape pointing the way it faces."""
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[facing]
    px, py = -dy, dx  # across the boat
    length, beam = s * 0.42, s * 0.22

    def at(a, b):
        return cx + dx * a + px * b, cy + dy * a + py * b

    hull = (at(length, 0), at(length * 0.35, beam), at(-length, beam), at(-length, -beam), at(length * 0.35, -beam))
    return [Polygon(hull, Style(stroke="#000000", width=s * 0.02, fill="#4d4d4d" if theme.solid else "#ffffff")),
            Rect(*_square_at(at(-length * 0.75, 0), s * 0.09), Style(fill="#000000"))]


def _square_at(point: tuple[float, float], half: float) -> tuple[float, float, float, float]:
    return point[0] - half, point[1] - half, 2 * half, 2 * half


def _size(height_mm: float) -> float:
    """The font size (points) whose capitals are ``height_mm`` tall."""
    return height_mm / (CAP * PT)


def baseline(cy: float, size: float) -> float:
    """The baseline that centres capitals of ``size`` points on ``cy``."""
    return cy + CAP * size * PT / 2


def _fit_size(label: str, max_width: float, max_cap: float) -> float:
    size = _size(max_cap)
    while size > 1 and width(label, size, True) > max_width:
        size *= 0.9
    return size
