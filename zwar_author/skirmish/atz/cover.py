"""Seeking cover: where a figure that ducks back, hunkers down or retires goes (the involuntary moves).

Seed lines (004) 808-814 and 970-980: Duck Back moves to the nearest cover
within 6", in any direction, even forward; Hunker Down stays in cover or moves
to the nearest cover within 12"; Retire moves to the nearest cover within 12"
away from the cause of the test, even if already in cover. With no cover
within reach the figure drops prone in place. Cover is what stops a bullet
(line 1153): a spot the cause of the test sees only over cover or not at all
(the tabletop's sight lines, its Blocking pieces and the doors and windows of
hollow buildings), and every spot inside a building (line 1404). The
nearest is the shortest straight walk there, clear of terrain and figures,
on the inch lattice about the figure; walking through a door or window costs
what entering a building does (``buildings.crossing``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...tabletop import Position, Sight, inches
from ..core import facing_towards
from . import buildings
from .state import OFF, Human, Status

if TYPE_CHECKING:
    from .game import AtzGame

DUCK_BACK = 6  # line 808
HUNKER_DOWN = 12  # line 812
RETIRE = 12  # line 814


def hidden(game: AtzGame, cause: Position, points: np.ndarray) -> np.ndarray:
    """For each point, whether a figure standing there is in cover from ``cause``: sight to it (three lines,
    as between bases) is not clear, or it is inside a building."""
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    if not len(points):
        return np.zeros(0, dtype=bool)
    c = np.array([float(cause.x), float(cause.y)])
    d = points - c
    length = np.hypot(d[:, 0], d[:, 1])
    safe = np.where(length > 1e-9, length, 1.0)
    normal = np.stack([-d[:, 1] / safe, d[:, 0] / safe], axis=1) * 0.5  # 1" bases
    starts = np.concatenate([np.repeat(c[None, :], len(points), axis=0), c + normal, c - normal])
    ends = np.concatenate([points, points + normal, points - normal])
    found = game.setup.board.sight_lines.lines(starts, ends, contact=0.5).reshape(3, -1)
    return (found != Sight.CLEAR).any(axis=0) | buildings.inside_any(game, points)


def seek(game: AtzGame, f: Human, cause: Position, reach: int, away: bool = False) -> bool:
    """Move ``f`` to the nearest spot in cover from ``cause`` within ``reach`` (and farther from it, when
    ``away``); True when it found one. Its spot counts when it is in cover there already (not ``away``)."""
    if f.vehicle is not None:  # inside a vehicle it counts cover (line 1661) and stays
        return True
    here = np.array([[float(f.position.x), float(f.position.y)]])
    if not away and hidden(game, cause, here)[0]:
        return True
    board = game.setup.board
    others = [o for o in game.on_table(game.figures) if o is not f
              and getattr(o, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]
    points = board.lattice(f, reach)
    moved = np.hypot(points[:, 0] - here[0, 0], points[:, 1] - here[0, 1])
    cost, _ = buildings.crossing(game, f, points)
    keep = (moved + cost <= reach + 1e-6) & board.straight(f, points, others)
    if away:
        keep &= np.hypot(points[:, 0] - float(cause.x), points[:, 1] - float(cause.y)) > \
            f.position.distance(cause) + 1e-6
    index = np.flatnonzero(keep)
    if not len(index):
        return False
    index = index[hidden(game, cause, points[index])]
    for i in index[np.lexsort((points[index, 0], points[index, 1], np.round(moved[index], 3)))]:
        spot = Position(inches(round(float(points[i, 0]), 3)), inches(round(float(points[i, 1]), 3)))
        if board.stands(spot, f.base, others):
            f.facing = facing_towards(f.position, spot)
            f.position, f.prone = spot, False  # on its feet in cover
            game.emit("move", f.id, f"{f.name} moves {float(moved[i]):.1f}\" to cover at {float(spot.x):g}, "
                                    f"{float(spot.y):g}", f.at)
            return True
    return False
