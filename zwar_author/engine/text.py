"""The board as text, for play at the table: the floor's tile art with figures and tokens on it.

Heroes (and NPCs) are their initials (lower case when prone), infected `Z` (`z`
prone), items `i`, objects `o`, keycards `k`, crates `c`, placed C4 `4`, the rib
`R` (a hero's initial when someone is aboard), exits `x`, objectives their
number, spawn points their letter in lower case; every figure is listed under
the map with its square. Closed doors are `D`, open ones `/`, destroyed `_`.
"""

from __future__ import annotations

from ..geometry.notation import parse_edge
from .state import Game, Hero, Infected, holder
from .vocab import HeroStatus


def board_text(g: Game) -> str:
    return "\n\n".join(_floor(g, number) for number in range(len(g.mission.board.floors))) + "\n" + roster(g)


def _floor(g: Game, number: int) -> str:
    m = g.mission
    floor = m.board.floors[number]
    art = [list(line) for line in m.compiled.board.floors[number].art]
    width = floor.grid.width
    off = m.offsets[number]
    for d in m.doors:
        if d.floor != number:
            continue
        _, axis, x, y = parse_edge(d.edge)
        row, col = (2 * y, 2 * x + 1) if axis == "H" else (2 * y + 1, 2 * x)
        art[row][col] = "_" if g.destroyed >> d.index & 1 else ("/" if g.doors >> d.index & 1 else "D")
    marks = {}
    for sq in m.exits:
        marks[sq] = "x"
    for obj in m.compiled.objectives:
        if obj.number not in g.objectives:
            marks[m.square(obj.at)] = str(obj.number % 10)
    for sq, letter in m.spawn_at.items():
        marks[sq] = letter.lower()
    for sq in g.items:
        marks[sq] = "i"
    for sq in g.objects:
        marks[sq] = "o"
    for sq in g.keycards:
        marks[sq] = "k"
    for sq in g.crates:
        marks[sq] = "c"
    for sq in g.charges:
        marks[sq] = "4"
    if g.rib is not None:
        marks[g.rib.sq] = "R"
    for sq, unit in g.at.items():
        if isinstance(unit, Hero):
            marks[sq] = unit.name[0].lower() if unit.prone else unit.name[0].upper()
        else:
            marks[sq] = "z" if unit.prone else "Z"
    for sq, mark in marks.items():
        if off <= sq < off + width * floor.grid.height:
            x, y = m.xy[sq]
            art[2 * y + 1][2 * x + 1] = mark
    tens = "   " + "".join(f"{x // 10 if x >= 10 else ' '} " for x in range(width))
    ones = "   " + "".join(f"{x % 10} " for x in range(width))
    lines = [tens.rstrip(), ones.rstrip()] if width > 10 else [ones.rstrip()]
    for row, chars in enumerate(art):
        label = f"{row // 2:>2} " if row % 2 else "   "
        lines.append(label + "".join(chars).replace("#", " ").rstrip())
    title = floor.id if not m.multi else f"{floor.id} ({m.compiled.board.floors[number].name or floor.id})"
    return (title + "\n" if m.multi else "") + "\n".join(lines)


def roster(g: Game) -> str:
    """Every hero and infected in play, a line each."""
    out = []
    for h in g.heroes:
        out.append(hero_line(g, h))
    for z in sorted(g.infected.values(), key=lambda z: z.id):
        out.append(infected_line(g, z))
    return "\n".join(out)


def hero_line(g: Game, h: Hero) -> str:
    m = g.mission
    if h.status != HeroStatus.BOARD:
        return f"{h.name}: {h.status}"
    state = ["prone"] if h.prone else []
    if h.grapplers:
        state.append("grappled by " + ", ".join(f"z{i}" for i in h.grapplers))
    if h.stage:
        state.append(f"hurt, stage {h.stage}" if h.hurt else f"infection stage {h.stage}")
    if h.alert:
        state.append(f"on alert facing {h.alert}")
    if h.stink:
        state.append("stink tank")
    if h.id in g.shields and g.shield_square(h.sq) >= 0:
        state.append(f"meat shield z{g.shields[h.id][0]}")
    cards = []
    for c in h.cards:
        name = m.equipment[c.eq].name + (f" {c.ammo}" if c.ammo is not None else "")
        cards.append(f"[{name}]" if c.name in h.active else name)
    if h.object:
        cards.append(f"object {h.object}")
    cards += [f"{k} keycard" for k in h.keycards]
    extra = f" ({', '.join(state)})" if state else ""
    moved = ", done" if h.done else ""
    return f"{h.name[0]} {h.name} at {g.show(h.sq)}, {h.ap} AP{moved}{extra}: {', '.join(cards) or 'nothing'}"


def infected_line(g: Game, z: Infected) -> str:
    if z.sq is None:
        return f"  {z.tag} {g.label(z).split()[0]} in a grapple with {holder(g, z).name}"
    prone = ", prone" if z.prone else ""
    return f"{'z' if z.prone else 'Z'} {z.tag} {g.label(z).split()[0]} at {g.show(z.sq)} facing {z.facing}{prone}"
