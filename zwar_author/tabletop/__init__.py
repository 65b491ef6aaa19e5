"""Inch-measured tables for tabletop games (Zone Wars, All Things Zombie): pieces, bands, sight and reach.

Nothing here knows a game's rules: a game's compiler reads its own sources and
builds these values. Footprints, distances and sight go through shapely, the
standard 2D geometry library; inputs are exact fractions and every float
comparison allows ``measure.EPSILON``.
"""

from __future__ import annotations

from .measure import EPSILON, Band, format_inches, inches, steps, within
from .reach import Reach
from .sight import Sight, SightLines
from .table import (
    Base,
    Footprint,
    Opening,
    OpeningKind,
    Piece,
    PlacedPiece,
    Pose,
    Position,
    Table,
    TerrainKind,
    base_gap,
    bases_overlap,
    bases_within,
    overlap,
    overlapping_pairs,
)

__all__ = [
    "EPSILON", "Band", "Base", "Footprint", "Opening", "OpeningKind", "Piece", "PlacedPiece", "Pose", "Position", "Reach",
    "Sight", "SightLines", "Table", "TerrainKind", "base_gap", "bases_overlap", "bases_within",
    "format_inches", "inches", "overlap", "overlapping_pairs", "steps", "within",
]
