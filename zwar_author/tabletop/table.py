"""The table, round bases, terrain footprints and where they stand, measured in inches.

Coordinates are in inches from the table's top-left corner as printed: x to
the right, y down the page. A rotation is in degrees, clockwise as seen from
above, about the piece's own origin. Rotations by a multiple of 90 degrees keep
coordinates exact; any other angle goes through floating point (and so through
``EPSILON``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cached_property

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from .measure import EPSILON, Number, inches

Vertex = tuple[Fraction, Fraction]

#: Segments per quarter circle when a round base or a clearance becomes a polygon.
QUAD_SEGMENTS = 8


class TerrainKind(str, Enum):
    """Low terrain gives cover and does not stop a walking model; Blocking stops both sight and models."""

    LOW = "low"
    BLOCKING = "blocking"


@dataclass(frozen=True)
class Table:
    """A rectangular table; 36" x 36" unless said otherwise."""

    width: Fraction = Fraction(36)
    depth: Fraction = Fraction(36)

    def __post_init__(self) -> None:
        if self.width <= 0 or self.depth <= 0:
            raise ValueError(f"a table is wider and deeper than 0 inches, not {self.width} x {self.depth}")

    @cached_property
    def polygon(self) -> Polygon:
        return shapely.box(0.0, 0.0, float(self.width), float(self.depth))

    def holds(self, geometry: BaseGeometry) -> bool:
        """Whether ``geometry`` lies on the table; flush with an edge counts, over it by more than EPSILON does not."""
        return bool(shapely.covered_by(geometry, self.polygon.buffer(EPSILON, join_style="mitre")))

    def holds_base(self, position: Position, base: Base) -> bool:
        """Exactly: the whole round base is on the table (touching the edge counts)."""
        r = base.radius
        return r <= position.x <= self.width - r and r <= position.y <= self.depth - r


@dataclass(frozen=True, order=True)
class Position:
    """A point on the table, in exact inches."""

    x: Fraction
    y: Fraction

    @classmethod
    def of(cls, x: Number, y: Number) -> Position:
        return cls(inches(x), inches(y))

    @property
    def point(self) -> Point:
        return Point(float(self.x), float(self.y))

    def squared_distance(self, other: Position) -> Fraction:
        return (self.x - other.x) ** 2 + (self.y - other.y) ** 2

    def distance(self, other: Position) -> float:
        return math.sqrt(self.squared_distance(other))


@dataclass(frozen=True)
class Base:
    """A round base of a declared diameter in inches (1" unless said otherwise)."""

    diameter: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        if self.diameter <= 0:
            raise ValueError(f"a base is wider than 0 inches, not {self.diameter}")

    @property
    def radius(self) -> Fraction:
        return self.diameter / 2

    def at(self, position: Position) -> Polygon:
        """The base's outline at ``position`` as a polygon (for drawing and for footprint tests)."""
        return position.point.buffer(float(self.radius), quad_segs=QUAD_SEGMENTS)


def base_gap(a: Position, a_base: Base, b: Position, b_base: Base) -> float:
    """The distance between the nearest edges of two bases (negative when they overlap), for display."""
    return a.distance(b) - float(a_base.radius + b_base.radius)


def bases_within(a: Position, a_base: Base, b: Position, b_base: Base, reach: Number) -> bool:
    """Exactly: is the edge-to-edge distance between two bases at most ``reach``? Touching is within 0."""
    limit = inches(reach) + a_base.radius + b_base.radius
    if limit < 0:
        return False
    return a.squared_distance(b) <= limit * limit


def bases_overlap(a: Position, a_base: Base, b: Position, b_base: Base) -> bool:
    """Exactly: do two bases overlap (touching does not)?"""
    total = a_base.radius + b_base.radius
    return a.squared_distance(b) < total * total


@dataclass(frozen=True)
class Pose:
    """Where a piece stands: its origin's position and a clockwise rotation in degrees."""

    x: Fraction = Fraction(0)
    y: Fraction = Fraction(0)
    rotation: Fraction = Fraction(0)

    @classmethod
    def of(cls, x: Number, y: Number, rotation: Number = 0) -> Pose:
        return cls(inches(x), inches(y), inches(rotation))

    def place(self, local: Vertex) -> tuple[Fraction | float, Fraction | float]:
        """A piece-local point in table coordinates; exact when the rotation is a multiple of 90."""
        u, v = local
        turn = self.rotation % 360
        exact = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(int(turn)) if turn.denominator == 1 else None
        if exact is not None:
            cos, sin = exact
            return self.x + u * cos - v * sin, self.y + u * sin + v * cos
        angle = math.radians(float(turn))
        c, s = math.cos(angle), math.sin(angle)
        return float(self.x) + float(u) * c - float(v) * s, float(self.y) + float(u) * s + float(v) * c


@dataclass(frozen=True)
class Footprint:
    """The outline of a piece in its own coordinates: a polygon's vertices in order."""

    vertices: tuple[Vertex, ...]

    def __post_init__(self) -> None:
        if len(self.vertices) < 3:
            raise ValueError("a footprint needs at least three corners")
        polygon = Polygon([(float(u), float(v)) for u, v in self.vertices])
        if not polygon.is_valid or polygon.area <= EPSILON:
            raise ValueError("a footprint must be a simple polygon with an area (its sides may not cross)")

    @classmethod
    def rectangle(cls, width: Number, depth: Number) -> Footprint:
        """A rectangle with its origin at the top-left corner."""
        w, d = inches(width), inches(depth)
        zero = Fraction(0)
        return cls(((zero, zero), (w, zero), (w, d), (zero, d)))

    @classmethod
    def polygon(cls, points: list[tuple[Number, Number]]) -> Footprint:
        return cls(tuple((inches(u), inches(v)) for u, v in points))


class OpeningKind(str, Enum):
    """What an opening is: a door or a window (the rules may price crossing them differently)."""

    DOOR = "door"
    WINDOW = "window"


@dataclass(frozen=True)
class Opening:
    """A door or window: a stretch of a piece's outline, in its own coordinates, that counts as Low."""

    start: Vertex
    end: Vertex
    kind: OpeningKind = OpeningKind.DOOR
    locked: bool = False  # a locked door or a closed window (All Things Zombie, seed 004 lines 1861, 1871)


@dataclass(frozen=True)
class Piece:
    """A terrain piece: its footprint, kind, height, floors above the ground, and openings.

    A Blocking piece with a ``wall`` thickness is hollow: only its walls block,
    models walk in through its openings (doors and windows, cut through the
    walls), and an opening counts as Low terrain for sight. Without ``wall`` a
    piece is solid, and its openings are only drawn.
    """

    name: str
    footprint: Footprint
    kind: TerrainKind
    height: Fraction = Fraction(0)
    floors: int = 0
    openings: tuple[Opening, ...] = ()
    wall: Fraction | None = None


@dataclass(frozen=True)
class PlacedPiece:
    """A piece at a pose on the table; ``geometry`` is its footprint in table coordinates."""

    piece: Piece
    pose: Pose = field(default_factory=Pose)

    @property
    def kind(self) -> TerrainKind:
        return self.piece.kind

    @cached_property
    def corners(self) -> tuple[tuple[Fraction | float, Fraction | float], ...]:
        return tuple(self.pose.place(vertex) for vertex in self.piece.footprint.vertices)

    @cached_property
    def geometry(self) -> Polygon:
        return orient(Polygon([(float(x), float(y)) for x, y in self.corners]), 1.0)

    @cached_property
    def inner(self) -> Polygon:
        """The footprint shrunk by EPSILON: what counts as inside it, so grazing an edge is not entering."""
        return self.geometry.buffer(-EPSILON, join_style="mitre")

    @cached_property
    def gaps(self) -> BaseGeometry:
        """A hollow piece's openings cut through its walls (Low terrain); empty for a solid piece."""
        if self.piece.wall is None or not self.piece.openings:
            return Polygon()
        return self._walls.intersection(self._cuts)

    @cached_property
    def solid(self) -> BaseGeometry:
        """What stops models and sight: the whole footprint, or a hollow piece's walls less its openings.

        The walls less the cuts themselves, not less ``gaps``: the gaps' edges lie on the walls' faces, and
        at a rotation off the right angles floating point leaves a hair of wall standing along a face (across
        the door) where the two are taken apart. A cut reaches EPSILON past both faces, so none is left."""
        if self.piece.wall is None:
            return self.geometry
        return self._walls if self._cuts.is_empty else self._walls.difference(self._cuts)

    @cached_property
    def _cuts(self) -> BaseGeometry:
        """Each opening's line grown by the wall's thickness and EPSILON to both sides, square at its ends."""
        wall = self.piece.wall
        if wall is None or not self.piece.openings:
            return Polygon()
        return shapely.union_all([LineString([start, end]).buffer(float(wall) + EPSILON, cap_style="flat")
                                  for start, end in self.openings_on_table()])

    @cached_property
    def solid_inner(self) -> BaseGeometry:
        """``solid`` shrunk by EPSILON, as ``inner`` is."""
        return self.solid.buffer(-EPSILON, join_style="mitre")

    @cached_property
    def _walls(self) -> BaseGeometry:
        inside = self.geometry.buffer(-float(self.piece.wall or 0), join_style="mitre")
        return self.geometry.difference(inside)

    def openings_on_table(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        return [
            (tuple(map(float, self.pose.place(o.start))), tuple(map(float, self.pose.place(o.end))))  # type: ignore[misc]
            for o in self.piece.openings
        ]

    def gap(self, index: int) -> BaseGeometry:
        """The cut through a hollow piece's walls of its opening ``index`` (empty for a solid piece)."""
        wall = self.piece.wall
        if wall is None:
            return Polygon()
        start, end = self.openings_on_table()[index]
        return self._walls.intersection(LineString([start, end]).buffer(float(wall) + EPSILON, cap_style="flat"))


def overlap(a: PlacedPiece, b: PlacedPiece) -> bool:
    """Whether two placed pieces overlap by more than EPSILON; pieces that only touch do not."""
    return bool(shapely.intersects(a.inner, b.inner))


def overlapping_pairs(pieces: list[PlacedPiece]) -> list[tuple[int, int]]:
    """Indexes ``(i, j)``, ``i < j``, of every pair of pieces that overlap, in order."""
    if len(pieces) < 2:
        return []
    tree = shapely.STRtree([p.inner for p in pieces])
    pairs = tree.query([p.inner for p in pieces], predicate="intersects")
    return sorted({(int(i), int(j)) for i, j in zip(*pairs, strict=True) if i < j})
