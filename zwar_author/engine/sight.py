"""What sees what, which way units face, and how far: the questions every rule above asks of a game.

Static sight and distances live in ``mission``; here they meet the state of a
game (doors open, figures on squares, which way an infected faces).
"""

from __future__ import annotations

from typing import Final

from ..geometry.facing import FACINGS, forward
from .mission import UNREACHABLE
from .state import Game, Hero, Infected

#: whether a square is in the forward half-plane of a unit facing one way: the geometry's one rule, read by the
#: grab zones, alert fire and what infected see
ahead: Final = forward


def facing_of(dx: int, dy: int, toward: tuple[int, int] | None = None) -> str | None:
    """The facing for a step (dx, dy): a diagonal faces along the axis on which ``toward``
    (what is left to go) is longer, the vertical one when they are equal."""
    if dx and dy:
        if toward is not None and abs(toward[0]) > abs(toward[1]):
            dy = 0
        else:
            dx = 0
    if dx:
        return "E" if dx > 0 else "W"
    if dy:
        return "S" if dy > 0 else "N"
    return None


def face(g: Game, sq: int, goal: int, current: str) -> str:
    """The facing from ``sq`` towards ``goal``: along the longer axis, the vertical one on a tie
    (``current`` when the goal is on another floor or the same square)."""
    m = g.mission
    if m.floor_of[sq] != m.floor_of[goal]:
        return current
    (ax, ay), (bx, by) = m.xy[sq], m.xy[goal]
    return facing_of(bx - ax, by - ay, (bx - ax, by - ay)) or current


def senses(g: Game, z: Infected, pos: int, h: Hero) -> str | None:
    """How ``z`` at ``pos`` detects ``h``: "in sight" (infected LOS), "smelt", or None."""
    m = g.mission
    if g.infected_sees(pos, h.sq):  # never across floors, but for Exodus's linked stairway squares
        return "in sight"
    if pos in m.smell_from(h.sq, g.doors, m.units[z.cls].smell):
        return "smelt"
    return None


def hero_distance(g: Game, h: Hero, sq: int) -> int:
    """Route distance through active areas between a hero and a square."""
    return g.mission.route_from(h.sq, g.active).get(sq, UNREACHABLE)


def same_floor(g: Game, a: int, b: int) -> bool:
    return g.mission.floor_of[a] == g.mission.floor_of[b]


def reach(g: Game, sq: int) -> list[int]:
    """Squares a melee attack from ``sq`` reaches: a step, never across floors."""
    return g.mission.reach(sq, g.doors)


def watched(g: Game, z: Infected, sq: int) -> bool:
    """Whether ``sq`` is in the forward line of sight of standing infected ``z``. The sight (the mission's bit
    rows, compiled) is asked before the facing (``geometry``'s rule, plain Python: a call through the
    interpreter): every hero's step asks this of every infected on the board, and most of them do not see it."""
    m = g.mission
    if z.sq is None or z.prone or m.floor_of[z.sq] != m.floor_of[sq]:
        return False
    return g.infected_sees(z.sq, sq) and ahead(z.facing, m.xy[z.sq], m.xy[sq])


def behind(g: Game, z: Infected) -> int | None:
    """The square directly behind ``z``."""
    m, sq = g.mission, z.sq
    if sq is None:
        return None
    x, y = m.xy[sq]
    fx, fy = FACINGS[z.facing]
    bx, by = x - fx, y - fy
    grid = m.grid(sq)
    if 0 <= bx < grid.width and 0 <= by < grid.height:
        return sq + (by - y) * grid.width + (bx - x)
    return None


def blast_area(g: Game, sq: int) -> list[int]:
    """The squares a blast reaches: of the 9 around and on the target, those in sight of it
    (walls and closed doors stop a blast; figures do not)."""
    m = g.mission
    x, y = m.xy[sq]
    grid = m.grid(sq)
    off = sq - (y * grid.width + x)
    return [n for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if 0 <= x + dx < grid.width and 0 <= y + dy < grid.height and grid.terrain[y + dy, x + dx]
            and m.sees(sq, n := off + (y + dy) * grid.width + x + dx, g.doors)]
