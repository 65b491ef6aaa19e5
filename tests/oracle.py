"""A slow, obviously correct reading of GRID.md, to check the fast geometry against.

Written from the text of GRID.md alone, one square pair at a time, with exact
rational arithmetic and absolute coordinates. It shares no code with
``zwar_author.geometry`` beyond the terrain and edge codes, and applies the
rule that edges on the border or beside void count as walls itself.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from math import floor

from zwar_author.geometry.board import Edge, Grid, Terrain

STAND = {Terrain.CORRIDOR, Terrain.ROOM, Terrain.STAIRS, Terrain.TRANSITION}


class Oracle:
    def __init__(self, grid: Grid, open_doors: set[tuple[str, int, int]]):
        self.g = grid
        self.open = open_doors

    def terrain(self, x: int, y: int) -> Terrain:
        if 0 <= x < self.g.width and 0 <= y < self.g.height:
            return Terrain(int(self.g.terrain[y, x]))
        return Terrain.VOID

    def board(self, x, y) -> bool:
        return self.terrain(x, y) != Terrain.VOID

    def edge(self, a, b) -> tuple[Edge, tuple[str, int, int]]:
        """The edge between orthogonal neighbours a and b, and its name."""
        (ax, ay), (bx, by) = a, b
        if ay == by:
            name = ("V", max(ax, bx), ay)
            kind = self.g.v[ay, max(ax, bx)] if 0 <= ay < self.g.height and 0 <= max(ax, bx) <= self.g.width else Edge.WALL
        else:
            name = ("H", ax, max(ay, by))
            kind = self.g.h[max(ay, by), ax] if 0 <= ax < self.g.width and 0 <= max(ay, by) <= self.g.height else Edge.WALL
        if not (self.board(*a) and self.board(*b)):
            kind = Edge.WALL  # "every edge between a board square and a void square counts as wall"
        return Edge(int(kind)), name

    def blocks(self, a, b, doors_count_open: bool = False) -> bool:
        """A blocking edge: a wall, or a door that is closed."""
        kind, name = self.edge(a, b)
        if kind == Edge.WALL:
            return True
        return kind == Edge.DOOR and not doors_count_open and name not in self.open

    def separated(self, a, c, blocks) -> bool:
        """separated(P, a, c): both routes around the lattice point between diagonal a and c are cut."""
        b1, b2 = (c[0], a[1]), (a[0], c[1])
        return (blocks(a, b1) or blocks(b1, c)) and (blocks(a, b2) or blocks(b2, c))

    def strict_clear(self, a, c) -> bool:
        b1, b2 = (c[0], a[1]), (a[0], c[1])
        around = [(a, b1), (b1, c), (c, b2), (b2, a)]
        if any(self.edge(p, q)[0] in (Edge.WALL, Edge.DOOR) for p, q in around):
            return False
        return self.board(*b1) and self.board(*b2)

    # --- relations ------------------------------------------------------------------

    def step(self, a, c, skinny: bool = False) -> bool:
        if self.terrain(*a) not in STAND or self.terrain(*c) not in STAND:
            return False
        dx, dy = c[0] - a[0], c[1] - a[1]
        if abs(dx) + abs(dy) == 1:
            kind, name = self.edge(a, c)
            return kind == Edge.OPEN or (kind == Edge.DOOR and name in self.open)
        if abs(dx) == abs(dy) == 1:
            if self.strict_clear(a, c):
                return True
            if skinny:
                b1, b2 = (c[0], a[1]), (a[0], c[1])
                around = [(a, b1), (b1, c), (c, b2), (b2, a)]
                doors = [self.edge(p, q) for p, q in around]
                doorway = any(kind == Edge.DOOR for kind, _ in doors)  # "across an open doorway"
                all_open = all(name in self.open for kind, name in doors if kind == Edge.DOOR)
                return (doorway and all_open and self.board(*b1) and self.board(*b2)
                        and not self.separated(a, c, lambda p, q: self.blocks(p, q, doors_count_open=True)))
        return False

    def route(self, a, c) -> bool:
        if self.terrain(*a) not in STAND or self.terrain(*c) not in STAND:
            return False
        dx, dy = c[0] - a[0], c[1] - a[1]
        if abs(dx) + abs(dy) == 1:
            return self.edge(a, c)[0] != Edge.WALL
        if abs(dx) == abs(dy) == 1:
            return not self.separated(a, c, lambda p, q: self.blocks(p, q, doors_count_open=True))
        return False

    def smell(self, a, c) -> bool:
        if not (self.board(*a) and self.board(*c)):
            return False
        dx, dy = c[0] - a[0], c[1] - a[1]
        if abs(dx) + abs(dy) == 1:
            return not self.blocks(a, c)
        if abs(dx) == abs(dy) == 1:
            return not self.separated(a, c, self.blocks)
        return False

    def los(self, a, b, units: set[tuple[int, int]] = frozenset()) -> bool:
        """Walk the segment between the centres, crossing by crossing."""
        if not (self.board(*a) and self.board(*b)):
            return False
        if a == b:
            return True
        half = Fraction(1, 2)
        x0, y0, x1, y1 = a[0] + half, a[1] + half, b[0] + half, b[1] + half

        def point(t):
            return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t

        ts = set()
        for k in range(min(a[0], b[0]) + 1, max(a[0], b[0]) + 1):
            ts.add((k - x0) / (x1 - x0))
        for k in range(min(a[1], b[1]) + 1, max(a[1], b[1]) + 1):
            ts.add((k - y0) / (y1 - y0))
        ts = sorted(ts)
        for t in ts:
            x, y = point(t)
            if x.denominator == 1 and y.denominator == 1:
                before = point(t - Fraction(1, 10**6))
                after = point(t + Fraction(1, 10**6))
                q_in = (floor(before[0]), floor(before[1]))
                q_out = (floor(after[0]), floor(after[1]))
                if self.separated(q_in, q_out, self.blocks):
                    return False
            elif x.denominator == 1:
                row = floor(y)
                if self.blocks((int(x) - 1, row), (int(x), row)):
                    return False
            elif y.denominator == 1:
                col = floor(x)
                if self.blocks((col, int(y) - 1), (col, int(y))):
                    return False
        # squares whose interior the segment meets: the pieces between crossings
        cuts = [Fraction(0)] + ts + [Fraction(1)]
        inside = set()
        for t0, t1 in pairwise(cuts):
            x, y = point((t0 + t1) / 2)
            inside.add((floor(x), floor(y)))
        inside -= {a, b}
        if inside & set(units):
            return False
        water = Terrain.WATER
        touches_water = self.terrain(*a) == water or self.terrain(*b) == water
        return not (touches_water and any(self.terrain(*sq) != water for sq in inside))
