"""Groups and their Leaders at activation (seed 004, lines 707-717, 747).

"Groups are those figures within 4" of one another and in clear Line of
Sight of another group member" (707): a side's figures standing on the table
fall into groups, each a chain of figures within 4" of, and in sight of, one
another (a figure that ducks back out of 4" is a group of its own, 711). Each
group activates with its Leader (717) when his Rep is the activation die or
higher, "from the highest to the lowest Rep" (747). The groups are formed
when the side activates; a figure walking up to another group joins it at
the next activation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx

from ...tabletop import Sight
from ..core import Board
from .state import Human, Status

if TYPE_CHECKING:
    from .game import AtzGame

#: How near a friend a figure must be to be of his group (line 707).
NEAR = 4


def of(game: AtzGame, members: list[Human]) -> list[list[Human]]:
    """The groups of ``members`` standing on the table, the highest Leader's Rep first (then in the order of
    ``members``), each group in that order."""
    standing = [h for h in game.on_table(members) if h.status not in (Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD)]
    graph = nx.Graph()
    graph.add_nodes_from(range(len(standing)))
    graph.add_edges_from((i, j) for i, a in enumerate(standing) for j, b in enumerate(standing[i + 1:], i + 1)
                         if Board.within(a, b, NEAR) and game.sees(a, b, turn=True) is not Sight.BLOCKED)
    groups = [[standing[i] for i in sorted(part)] for part in nx.connected_components(graph)]
    return sorted(groups, key=lambda g: (-leader(g).rep, standing.index(g[0])))


def leader(group: list[Human]) -> Human:
    """A group's Leader: its Star, else the Leader named, else the highest Rep carrying on (lines 715, 726);
    none carrying on, the highest Rep."""
    able = [h for h in group if h.status is Status.CARRY_ON and not h.animal] or group
    return max(able, key=lambda h: (h.star, h.leader, h.rep, -group.index(h)))
