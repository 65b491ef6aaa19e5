"""The key printed under the text board of ``zwar play``: what each letter and sign on it stands for.

The board (``engine.text.board_text``) marks every square with one character;
the key names the ones this board shows, read from the same game state, so a
player never has to guess whether ``c`` is a crate or a spawn point.
"""

from __future__ import annotations

from ..engine.state import Game, Hero
from ..geometry.board import Edge, Terrain

TERRAINS = ((Terrain.CORRIDOR, ". corridor"), (Terrain.ROOM, ": room"), (Terrain.STAIRS, "= stairs"),
            (Terrain.WATER, "~ water"), (Terrain.TRANSITION, "t shore"))


def legend(g: Game) -> str:
    """Two lines: the figures and markers on the board, then its doors, walls and terrain."""
    m = g.mission
    figures = [f"{h.name[0]} {h.name}" for h in g.heroes if h.on_board]
    if any(isinstance(unit, Hero) and unit.prone for unit in g.at.values()):
        figures.append("lower case: prone")
    if g.board_infected():
        figures.append("Z infected (z prone)")
    marks = []
    if m.exits:
        marks.append("x exit")
    if any(o.number not in g.objectives for o in m.compiled.objectives):
        marks.append("1-9 objective")
    if m.spawn_at:
        letters = sorted(letter.lower() for letter in m.spawn_at.values())
        marks.append(f"{letters[0]}-{letters[-1]} spawn point" if len(letters) > 1 else f"{letters[0]} spawn point")
    for present, text in ((g.items, "i item"), (g.objects, "o object"), (g.keycards, "k keycard"),
                          (g.crates, "c crate"), (g.charges, "4 C4 charge"), (g.rib is not None, "R rib")):
        if present:
            marks.append(text)
    grids = [f.grid for f in m.board.floors]
    board = ["- | wall"]
    if m.doors:
        board.append("D closed door, / open, _ destroyed")
    if any((grid.h == Edge.OBSTACLE).any() or (grid.v == Edge.OBSTACLE).any() for grid in grids):
        board.append("* obstacle")
    board += [text for terrain, text in TERRAINS if any((grid.terrain == terrain).any() for grid in grids)]
    return "Key: " + "; ".join(figures + marks) + "\n     " + "; ".join(board)
