"""Tile art (SOURCES.md): text drawings of squares and edges, to and from grids.

``2H+1`` lines of ``2W+1`` characters: corners at (even, even), horizontal
edges at (even, odd), vertical edges at (odd, even), squares at (odd, odd).
Parsing reports every bad character, not just the first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import codes, limits
from ..codes import Code
from ..geometry.board import (
    CHAR_H_EDGE,
    CHAR_TERRAIN,
    CHAR_V_EDGE,
    H_EDGE_CHAR,
    TERRAIN_CHAR,
    V_EDGE_CHAR,
    Grid,
)

CORNERS = frozenset("+-| ")


@dataclass(frozen=True)
class ArtText:
    """Art lines with indentation removed, and where each came from in the value.

    ``origins[i]`` is (line index within the raw value, columns removed by dedent).
    """

    lines: tuple[str, ...]
    origins: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ArtProblem:
    """A problem at (line, col) of the dedented art, both 0-based."""

    code: Code
    line: int
    col: int
    fields: dict


def art_text(value: str | list[str]) -> ArtText:
    """Split art into lines and remove the common indentation.

    A string's last line is dropped when it holds only whitespace: it is the
    line of the closing quotes. Lines of only spaces are kept (an edge line may
    be all open edges with space corners) but do not count for indentation.
    """
    raw = value.replace("\r\n", "\n").split("\n") if isinstance(value, str) else list(value)
    if isinstance(value, str) and len(raw) > 1 and not raw[-1].strip(" \t"):
        raw.pop()
    indents = [len(line) - len(line.lstrip(" ")) for line in raw if line.strip(" ")]
    cut = min(indents, default=0)
    lines = tuple(line[cut:] if line.strip(" ") else "" for line in raw)
    origins = tuple((i, cut if raw[i].strip(" ") else 0) for i in range(len(raw)))
    return ArtText(lines, origins)


def parse_art(lines: tuple[str, ...] | list[str], partial: bool = False) -> tuple[Grid | None, list[ArtProblem]]:
    """The grid drawn by ``lines``, or None and every problem found.

    With ``partial``, bad characters in a drawing of sound shape (odd width and
    height) still give the grid, with those characters left void or open, so
    that what does not depend on them can be checked too.
    """
    if not lines or all(not line for line in lines):
        return None, [ArtProblem(codes.ART_EMPTY, 0, 0, {})]
    if too_large := _too_large(lines):
        return None, too_large
    width = max(len(line) for line in lines)
    problems: list[ArtProblem] = []
    if width % 2 == 0:
        longest = next(i for i, line in enumerate(lines) if len(line) == width)
        problems.append(ArtProblem(codes.ART_WIDTH, longest, width - 1, {"width": width}))
    if len(lines) % 2 == 0:
        problems.append(ArtProblem(codes.ART_HEIGHT, len(lines) - 1, 0, {"lines": len(lines)}))
    w, h = max((width - 1) // 2, 1), max((len(lines) - 1) // 2, 1)
    grid = Grid.empty(w, h)
    for row, line in enumerate(lines):
        for col, char in enumerate(line.ljust(2 * w + 1)):
            problem = _place(grid, w, h, row, col, char)
            if problem is not None:
                problems.append(problem)
    shape = {codes.ART_WIDTH, codes.ART_HEIGHT}
    if problems and not (partial and not any(p.code in shape for p in problems)):
        return None, problems
    return grid, problems


def _too_large(lines: tuple[str, ...] | list[str]) -> list[ArtProblem]:
    """Art beyond the limits, refused before a grid is made: the first line too long, or too many lines."""
    problems = []
    longest = next((i for i, line in enumerate(lines) if len(line) > limits.MAX_ART_CHARS), None)
    if longest is not None:
        problems.append(ArtProblem(codes.ART_TOO_WIDE, longest, limits.MAX_ART_CHARS, {
            "width": len(lines[longest]), "limit": limits.MAX_ART_CHARS, "squares": limits.MAX_FLOOR_SIDE}))
    if len(lines) > limits.MAX_ART_LINES:
        problems.append(ArtProblem(codes.ART_TOO_TALL, limits.MAX_ART_LINES, 0, {
            "lines": len(lines), "limit": limits.MAX_ART_LINES, "squares": limits.MAX_FLOOR_SIDE}))
    return problems


def _place(grid: Grid, width: int, height: int, row: int, col: int, char: str) -> ArtProblem | None:
    """Write one character into the ``width`` x ``height`` grid; a problem if it is not allowed there."""
    x, y = col // 2, row // 2
    if x > width or y > height:
        return None  # beyond an odd-sized drawing: already reported as even width/height
    if row % 2 == 0 and col % 2 == 0:
        if char not in CORNERS:
            return ArtProblem(codes.ART_CORNER, row, col, {"char": char})
    elif row % 2 == 0:
        if char not in CHAR_H_EDGE:
            return ArtProblem(codes.ART_H_EDGE, row, col, {"char": char, "x": x, "y": y})
        if x < width:
            grid.set_edge("H", x, y, CHAR_H_EDGE[char])
    elif col % 2 == 0:
        if char not in CHAR_V_EDGE:
            return ArtProblem(codes.ART_V_EDGE, row, col, {"char": char, "x": x, "y": y})
        if y < height:
            grid.set_edge("V", x, y, CHAR_V_EDGE[char])
    else:
        if char not in CHAR_TERRAIN:
            return ArtProblem(codes.ART_TERRAIN, row, col, {"char": char, "x": x, "y": y})
        if x < width and y < height:
            grid.set_terrain(x, y, CHAR_TERRAIN[char])
    return None


def format_art(grid: Grid) -> list[str]:
    """The canonical drawing of ``grid``: '+' at every corner, no trailing spaces."""
    lines = []
    wid = grid.width
    for y in range(grid.height + 1):
        edge = "+" + "+".join(H_EDGE_CHAR[kind] for kind in grid.h_edges[y * wid:(y + 1) * wid]) + "+"
        lines.append(edge)
        if y < grid.height:
            vs = grid.v_edges[y * (wid + 1):(y + 1) * (wid + 1)]
            row = [V_EDGE_CHAR[vs[0]]]
            for x in range(wid):
                row += [TERRAIN_CHAR[grid.cells[y * wid + x]], V_EDGE_CHAR[vs[x + 1]]]
            lines.append("".join(row).rstrip())
    return lines


def grid_from_rows(rows: list[str]) -> Grid:
    """Convenience for tests and tools: parse art that is known to be valid."""
    grid, problems = parse_art(art_text("\n".join(rows)).lines)
    if grid is None:
        raise ValueError(f"invalid art: {problems[0].code.code}")
    return grid

