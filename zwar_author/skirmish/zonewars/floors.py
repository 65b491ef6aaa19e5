"""Buildings of several floors: climbing up and down them, standing on them, falling off (seed 386-392).

A model reaches an upper floor by a Move & Attack or a Sprint (or the move of
Overwatch and of an Operation), inside the Building or up its outside wall,
mixing horizontal and vertical movement but never diagonally through the air
(line 388): the move's length is its horizontal walk plus the rules'
``floor_height`` (assumed a Medium: the rulebook gives none) for each floor
climbed or descended. On a floor a model stands anywhere its
whole base fits inside the Building's footprint. A model pushed off a floor
falls: a point of damage for each Medium of height, which armour does not
stop (line 392).

Sight is judged floor by floor (line 264: "drop down to the level of the
shooter and look at the target model"): a line of sight runs straight from
the height of the floor the viewer stands on to the height of the target's
(``level``; the ground is 0), and a piece hides the stretch of it that passes
over its footprint lower than its top (``tabletop.sight``), so a wall near a
model on a roof hides nothing it looks down over, and one near the target
below still does. On the ground that is sight as seen from above. A model is
in the way of a line passing over its base between its floor and the
scenario's ``model_height`` above it; the Building a model stands on hides
nothing from it nor it from others (its floors are open to the sky).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

import shapely

from ...tabletop import EPSILON, Band, PlacedPiece, Position, TerrainKind, inches
from ..core import Figure, in_front
from .state import Model

if TYPE_CHECKING:
    from .game import ZoneWarsGame


def rise(g: ZoneWarsGame) -> float:
    """How far each floor stands above the one below: the rules' ``floor_height`` (assumed a Medium: the
    rulebook gives no height)."""
    return float(g.scenario.rules.floor_height)


def level(g: ZoneWarsGame, m: Figure) -> float:
    """The height a model stands at: its floor's (the ground: 0)."""
    return getattr(m, "floor", 0) * rise(g)


def sight_ignores(g: ZoneWarsGame, a: Model, b: Model) -> list[PlacedPiece]:
    """The Buildings whose floors ``a`` or ``b`` stand on: they hide neither from the other."""
    return [p for p in (building_at(g, a.position) if a.floor else None,
                        building_at(g, b.position) if b.floor else None) if p is not None]


def buildings(g: ZoneWarsGame) -> list[PlacedPiece]:
    return [p for p in g.board.pieces if p.piece.floors > 0]


def building_at(g: ZoneWarsGame, point: Position) -> PlacedPiece | None:
    return next((p for p in buildings(g) if p.geometry.covers(point.point)), None)


def fits(piece: PlacedPiece, point: Position, radius: Fraction) -> bool:
    """A whole base of ``radius`` stands inside the footprint at ``point`` (touching its edge counts)."""
    return bool(piece.geometry.buffer(EPSILON).contains(point.point.buffer(float(radius) - EPSILON, quad_segs=4)))


def clear_except(g: ZoneWarsGame, m: Model, to: Position, piece: PlacedPiece | None) -> bool:
    """The horizontal part of a climb crosses no Blocking terrain but the Building climbed (or stood on)."""
    others = [p.solid_inner for p in g.board.pieces if p.kind is TerrainKind.BLOCKING and p is not piece
              and p is not building_at(g, m.position)]
    if not others:
        return True
    path = shapely.LineString([m.at, (float(to.x), float(to.y))]).buffer(float(m.base.radius) - EPSILON)
    return not bool(shapely.intersects(path, shapely.union_all(others)))


def climbs(g: ZoneWarsGame, m: Model, allowance: Fraction, front: bool = False) -> list[tuple[Fraction, Fraction, int]]:
    """Moves that climb or come down, or walk on an upper floor: whole-inch offsets from the model within
    ``allowance`` counting a Medium a floor, each with the floor it ends on, where its base fits (on a floor,
    inside the footprint; on the ground, where a base stands) and no model on that floor is in the way.
    Ground-to-ground moves are the ordinary ones (``actions._lattice``)."""
    out = []
    count = int(allowance)
    here = building_at(g, m.position) if m.floor else None
    others = [o for o in g.models() if o is not m and o.on_table]
    boxes = [p.geometry.bounds for p in buildings(g)]
    x0, y0 = m.at
    for i in range(-count, count + 1):
        for j in range(-count, count + 1):
            if not m.floor and not any(a <= x0 + i <= c and b <= y0 + j <= d for a, b, c, d in boxes):
                continue  # from the ground, only a point over a Building can be on a floor
            horizontal = math.hypot(i, j)
            point = Position(m.position.x + i, m.position.y + j)
            if horizontal > float(allowance) + 1e-9 or (front and (i or j) and not in_front(m, point)):
                continue
            piece = building_at(g, point)
            floors = list(range(1, piece.piece.floors + 1)) if piece is not None and fits(piece, point, m.base.radius) \
                else []
            if m.floor and g.board.stands(point, m.base, [o for o in others if o.floor == 0]):
                floors.append(0)
            for floor in floors:
                if floor == m.floor and not (m.floor and (i or j)):
                    continue
                if horizontal + rise(g) * abs(floor - m.floor) > float(allowance) + 1e-9:
                    continue
                if any(o.floor == floor and o.position.squared_distance(point) < (o.base.radius + m.base.radius) ** 2
                       for o in others):
                    continue
                if clear_except(g, m, point, piece if floor else here):
                    out.append((point.x, point.y, floor))
    return out


def flights(g: ZoneWarsGame, m: Model, reach: Fraction) -> list[tuple[Fraction, Fraction, int]]:
    """Where a flight of ``reach`` ends: whole-inch offsets, on the ground or a floor, the straight line in three
    dimensions no longer than ``reach`` (line 390) and crossing no Blocking terrain but the Buildings it leaves or
    lands on; the model flies over the others."""
    out = []
    count = int(reach)
    here = building_at(g, m.position) if m.floor else None
    others = [o for o in g.models() if o is not m and o.on_table]
    for i in range(-count, count + 1):
        for j in range(-count, count + 1):
            if not (i or j):
                continue
            point = Position(m.position.x + i, m.position.y + j)
            piece = building_at(g, point)
            floors = list(range(1, piece.piece.floors + 1)) if piece is not None and fits(piece, point, m.base.radius) \
                else []
            ground = [o for o in others if o.floor == 0]
            if g.board.stands(point, m.base, ground):
                floors.append(0)
            for floor in floors:
                up = rise(g) * (floor - m.floor)
                if math.sqrt(i * i + j * j + up * up) > float(reach) + 1e-9:
                    continue
                if any(o.floor == floor and o.position.squared_distance(point) < (o.base.radius + m.base.radius) ** 2
                       for o in others):
                    continue
                ignore = [p for p in (piece if floor else None, here) if p is not None]
                if _clear_flight(g, m, point, ignore):
                    out.append((point.x, point.y, floor))
    return out


def _clear_flight(g: ZoneWarsGame, m: Model, to: Position, ignore: list[PlacedPiece]) -> bool:
    others = [p.solid_inner for p in g.board.pieces if p.kind is TerrainKind.BLOCKING
              and all(p is not q for q in ignore)]
    if not others:
        return True
    path = shapely.LineString([m.at, (float(to.x), float(to.y))]).buffer(float(m.base.radius) - EPSILON)
    return not bool(shapely.intersects(path, shapely.union_all(others)))


def fall(g: ZoneWarsGame, m: Model) -> int:
    """The damage of a fall from the model's floor: a point for each starting Medium of height (seed 392); at
    the assumed floor height of a Medium, a point a floor."""
    return math.ceil(m.floor * inches(g.scenario.rules.floor_height) / Band.MEDIUM.inches)


