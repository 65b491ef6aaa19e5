"""The key: each symbol a mission uses, drawn as on its map, with what it means.

The mission page and the map sheet print the same key, so a symbol never means
one thing on one sheet and another on the next.
"""

from __future__ import annotations

from ..geometry.board import Board, Terrain
from ..model.content import CompiledMission
from .board import symbol
from .canvas import PT, Rect, Style, Text
from .text import LEADING, wrap
from .theme import KEY_COLOURS, Theme


def key_items(mission: CompiledMission, board: Board, theme: Theme, w: float, scale: float,
              column: float = 35.0, mark: float = 6.5) -> tuple[float, list]:
    """Only the symbols this mission uses, each drawn as on the map, in as many columns of at
    least ``column`` mm as fit in ``w``, symbols ``mark`` mm across; the height used and the items."""
    s = mark
    size = 7.5 * scale
    entries = key_entries(mission, board)
    items: list = []
    y, row_h = 0.0, 0.0
    per_row = max(1, int(w // column))
    col_w = w / per_row
    for i, (kind, args, label) in enumerate(entries):
        x = (i % per_row) * col_w
        if kind == "terrain":
            items.append(Rect(x, y, s, s, Style(fill=theme.terrain[args["terrain"]] or "#ffffff", stroke="#777777", width=0.15)))
        elif kind == "door":
            fill = theme.door if args["fill"] == "" else args["fill"]  # "": a plain door; None: open (no fill)
            items.append(Rect(x, y + s * 0.4, s, s * 0.2, Style(stroke="#000000", width=0.15, fill=fill)))
        else:
            items += symbol(kind, x + s / 2, y + s / 2, s, theme, **args)
        lines = wrap(label, col_w - s - 3, size)
        line_h = size * PT * LEADING
        first = y + max(s, len(lines) * line_h) / 2 - len(lines) * line_h / 2
        for j, line in enumerate(lines):
            items.append(Text(x + s + 2, first + (j + 0.8) * line_h, line, size))
        row_h = max(row_h, s, len(lines) * line_h) if i % per_row else max(s, len(lines) * line_h)
        if i % per_row == per_row - 1 or i == len(entries) - 1:
            y += row_h + 1.5
    return y, items


def key_entries(mission: CompiledMission, board: Board) -> list[tuple[str, dict, str]]:
    cards = {c.id: c.name for c in mission.rules.equipment}
    classes = {c.id: c.name for c in mission.rules.infected}
    entries: list[tuple[str, dict, str]] = []
    if mission.starts:
        entries.append(("start", {}, "Start point"))
    if mission.exits:
        entries.append(("exit", {"closed": any(e.closed for e in mission.exits)}, "Exit point"))
    if mission.spawn_points:
        letters = [p.letter for p in mission.spawn_points]
        entries.append(("spawn", {"label": letters[0]}, "Spawn point" + ("s " + ", ".join(letters) if len(letters) > 1 else "")))
    for o in mission.objectives:
        entries.append(("objective", {"label": str(o.number)}, f"Objective {o.number}" + (f": {o.label}" if o.label else "")))
    for i in _unique(mission.items, lambda i: (i.letter, i.card)):
        entries.append(("item", {"label": i.letter}, f"{cards.get(i.card, i.card)} (item)"))
    for o in _unique(mission.objects, lambda o: (o.letter, o.name)):
        entries.append(("object", {"label": o.letter}, f"{o.name} (object)"))
    if mission.crates:
        entries.append(("crate", {}, "Crate: move through it to draw a search card"))
    for colour in sorted({k.colour for k in mission.keycards}):
        entries.append(("keycard", {"colour": colour}, f"{colour.capitalize()} keycard"))
    if any(d.kind == "door" and not d.open for d in mission.board.doors):
        entries.append(("door", {"fill": ""}, "Door"))
    if any(d.open for d in mission.board.doors):
        entries.append(("door", {"fill": None}, "Door that starts open"))
    for door in _unique([d for d in mission.board.doors if d.kind != "door"], lambda d: (d.kind, d.key, d.room)):
        if door.kind == "locked":
            entries.append(("door", {"fill": KEY_COLOURS[door.key]}, f"{door.key.capitalize()} locked door"))
        else:
            room = next((r for r in mission.board.rooms if r.id == door.room), None)
            where = (room.label or room.name or room.id.split(":")[1]) if room else "its room"
            entries.append(("door", {"fill": "#555555"}, f"Blast door: opened by a task in {where}"))
    for z in _unique(mission.infected, lambda z: z.class_):
        entries.append(("infected", {"label": z.class_.split("/")[-1][:1].upper(), "facing": "E"},
                        f"{classes.get(z.class_, z.class_)} at the start (pointer: facing)"))
    for n in mission.npcs:
        entries.append(("npc", {"label": n.name[:1].upper()}, f"{n.name} (NPC)"))
    if mission.rib is not None:
        entries.append(("rib", {"facing": "E"}, "The rib"))
    terrains = {int(t) for f in board.floors for t in set(f.grid.terrain.ravel().tolist())}
    for terrain, label in ((Terrain.STAIRS, "Stairs"), (Terrain.WATER, "Open water"),
                           (Terrain.TRANSITION, "Transition square")):
        if terrain in terrains:
            entries.append(("terrain", {"terrain": terrain}, label))
    return entries


def _unique(things, key) -> list:
    seen, out = set(), []
    for thing in things:
        if key(thing) not in seen:
            seen.add(key(thing))
            out.append(thing)
    return out
