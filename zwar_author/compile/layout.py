"""Floors from inline art or placed tiles: placement, edge merging, sealing.

Where two tiles meet, their border edges merge (SOURCES.md): open and X give
X, equal kinds stay, anything else is a conflict naming both tiles. After
placement, every edge on the outer border or next to a void square is a wall.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .. import codes, limits
from ..errors import Diagnostic, Location, Related
from ..geometry.board import EDGE_NAME, Edge, Grid, seal
from ..geometry.notation import edge_name
from ..model.mission import FloorSpec
from ..sources.art import art_text, parse_art
from ..sources.document import Document


@dataclass(frozen=True)
class TileSide:
    """One side of a tile, parsed, as a mission sees it."""

    pack: str
    id: str
    side: str
    grid: Grid
    uncertain: bool = False  # the tile's file has bad characters: some squares and edges are unknown

    @property
    def qualified(self) -> str:
        return f"{self.pack}/{self.id}"


#: Finds a tile side by the reference a mission wrote, given where it was written:
#: the side, a diagnostic saying why not, or None when the tile's own file is broken.
TileLookup = Callable[[str, str, Location], "TileSide | Diagnostic | None"]


@dataclass
class FloorSource:
    """Where a floor's squares and edges were drawn, for pointing diagnostics at them."""

    doc: Document
    path: tuple
    origins: tuple = ()  # art: per art line, (raw line, dedent)
    placements: list[tuple[int, int, int, int, int]] = field(default_factory=list)  # x, y, w, h, index
    uncertain: bool = False  # built from a tile drawn with bad characters

    def square(self, x: int, y: int) -> Location:
        return self._art_char(2 * y + 1, 2 * x + 1) if self.origins else self._placement(x, y)

    def edge(self, axis: str, x: int, y: int) -> Location:
        if self.origins:
            return self._art_char(2 * y, 2 * x + 1) if axis == "H" else self._art_char(2 * y + 1, 2 * x)
        return self._placement(x, min(y, max(y - 1, 0)) if axis == "H" else y)

    def _art_char(self, line: int, col: int) -> Location:
        raw, cut = self.origins[min(line, len(self.origins) - 1)]
        return self.doc.text_loc(self.path + ("art",), raw, col + cut)

    def _placement(self, x: int, y: int) -> Location:
        for px, py, w, h, index in self.placements:
            if px <= x < px + w and py <= y < py + h:
                return self.doc.loc(self.path + ("tiles", index))
        return self.doc.loc(self.path)


def art_grid(doc: Document, path: tuple, value, partial: bool = False) -> tuple[Grid | None, tuple, list[Diagnostic]]:
    """Parse art at ``path`` of ``doc``: the grid, the line origins, and located problems
    (with ``partial``, the grid of a drawing of sound shape despite bad characters)."""
    text = art_text(value)
    grid, problems = parse_art(text.lines, partial)
    located = []
    for p in problems:
        raw, cut = text.origins[p.line] if text.origins else (0, 0)
        located.append(p.code.at(doc.text_loc(path, raw, p.col + cut), **p.fields))
    return grid, text.origins, located


def floor_label(spec: FloorSpec) -> str:
    """A floor as messages call it: its id, and the printed name the author gave it, if any."""
    return f'{spec.id} ("{spec.name}")' if spec.name else spec.id


def build_floor(
    spec: FloorSpec, doc: Document, path: tuple, tiles: TileLookup
) -> tuple[Grid | None, FloorSource, list[Diagnostic]]:
    """The sealed grid of one floor, where it came from, and its problems. Art with bad
    characters but a sound shape still gives its grid, beside the problems: the caller
    must not trust what depends on its terrain and edges."""
    source = FloorSource(doc, path)
    if (spec.art is None) == (spec.tiles is None):
        return None, source, [codes.FLOOR_SOURCE.at(doc.loc(path), floor=floor_label(spec))]
    if spec.art is not None:
        grid, source.origins, problems = art_grid(doc, path + ("art",), spec.art, partial=True)
    else:
        grid, problems = _place_tiles(spec, doc, path, tiles, source)
    if grid is None:
        return None, source, problems
    grid = seal(grid)
    if not problems and not source.uncertain and not grid.has_board():
        problems.append(codes.EMPTY_FLOOR.at(doc.loc(path), floor=floor_label(spec)))
        return None, source, problems
    return grid, source, problems


def _place_tiles(
    spec: FloorSpec, doc: Document, path: tuple, tiles: TileLookup, source: FloorSource
) -> tuple[Grid | None, list[Diagnostic]]:
    problems: list[Diagnostic] = []
    placed: list[tuple[TileSide, Grid, int, int, int]] = []
    for index, tile in enumerate(spec.tiles or []):
        loc = doc.loc(path + ("tiles", index))
        found = tiles(tile.tile, tile.side, loc)
        if isinstance(found, Diagnostic):
            problems.append(found)
            continue
        if found is None:
            continue  # the tile's own file is broken: reported there
        grid = found.grid.rotated(tile.rotate)
        x, y = tile.at
        overlap = next((p for p in placed if _overlaps((x, y, grid), (p[2], p[3], p[1]))), None)
        if overlap is not None:
            problems.append(codes.TILES_OVERLAP.at(
                loc, tile=_name(found), x=x, y=y, other=_name(overlap[0]), other_x=overlap[2], other_y=overlap[3],
                related=(Related(doc.loc(path + ("tiles", overlap[4])), f"{_name(overlap[0])} is placed here"),)))
            continue
        if spec.size and (x + grid.width > spec.size[0] or y + grid.height > spec.size[1]):
            problems.append(codes.TILE_OFF_FLOOR.at(
                loc, tile=_name(found), x=x, y=y, width=grid.width, height=grid.height,
                floor_width=spec.size[0], floor_height=spec.size[1]))
            continue
        placed.append((found, grid, x, y, index))
        source.placements.append((x, y, grid.width, grid.height, index))
        source.uncertain = source.uncertain or found.uncertain
    if not spec.tiles:
        problems.append(codes.EMPTY_FLOOR.at(doc.loc(path + ("tiles",)), floor=spec.id))
    if problems or not placed:
        return None, problems
    width = spec.size[0] if spec.size else max(x + g.width for _, g, x, _, _ in placed)
    height = spec.size[1] if spec.size else max(y + g.height for _, g, _, y, _ in placed)
    if max(width, height) > limits.MAX_FLOOR_SIDE:
        where = doc.loc(path + ("size",)) if spec.size else doc.loc(path + ("tiles",))
        return None, [codes.FLOOR_TOO_LARGE.at(where, floor=spec.id, width=width, height=height,
                                               limit=limits.MAX_FLOOR_SIDE)]
    return _merge(Grid.empty(width, height), placed, doc, path)


def _merge(canvas: Grid, placed, doc: Document, path: tuple) -> tuple[Grid | None, list[Diagnostic]]:
    """The tiles' grids drawn onto ``canvas``; an edge two tiles draw differently (neither open) is a conflict."""
    problems: list[Diagnostic] = []
    owner = {"H": [-1] * len(canvas.h_edges), "V": [-1] * len(canvas.v_edges)}
    for number, (side, grid, x, y, index) in enumerate(placed):
        for gy in range(grid.height):
            start = (y + gy) * canvas.width + x
            canvas.cells[start:start + grid.width] = grid.cells[gy * grid.width:(gy + 1) * grid.width]
        for axis in ("H", "V"):
            for edge, mine, theirs, other in _draw_edges(canvas, grid, axis, x, y, owner[axis], number):
                other_side, *_, other_index = placed[other]
                problems.append(codes.EDGE_CONFLICT.at(
                    doc.loc(path + ("tiles", index)), edge=edge_name(None, axis, *edge), kind=EDGE_NAME[Edge(mine)],
                    tile=_name(side), other_kind=EDGE_NAME[Edge(theirs)], other=_name(other_side),
                    related=(Related(doc.loc(path + ("tiles", other_index)), f"{_name(other_side)} is placed here"),)))
    return (None, problems) if problems else (canvas, [])


def _draw_edges(canvas: Grid, grid: Grid, axis: str, x: int, y: int, taken: list[int],
                number: int) -> list[tuple[tuple[int, int], int, int, int]]:
    """Draw the ``axis`` edges of tile ``number``'s ``grid`` at (x, y) where no tile drew one yet or the one drawn
    is open; the edges where an earlier tile drew another kind (neither open): (edge, mine, theirs, their tile)."""
    rows, cols = (grid.height + 1, grid.width) if axis == "H" else (grid.height, grid.width + 1)
    stride = canvas.width + (axis == "V")
    drawn = [((y + ey) * stride + x + ex, (x + ex, y + ey), grid.edge(axis, ex, ey), canvas.edge(axis, x + ex, y + ey))
             for ey in range(rows) for ex in range(cols)]
    clashes = [(edge, mine, theirs, taken[at]) for at, edge, mine, theirs in drawn
               if taken[at] >= 0 and Edge.OPEN != theirs != mine != Edge.OPEN]
    for at, edge, mine, theirs in drawn:
        if taken[at] < 0 or theirs == Edge.OPEN:
            canvas.set_edge(axis, *edge, mine)
        if taken[at] < 0:
            taken[at] = number
    return clashes


def _overlaps(a: tuple[int, int, Grid], b: tuple[int, int, Grid]) -> bool:
    (ax, ay, ag), (bx, by, bg) = a, b
    return ax < bx + bg.width and bx < ax + ag.width and ay < by + bg.height and by < ay + ag.height


def _name(side: TileSide) -> str:
    return f"tile {side.qualified} side {side.side}"
