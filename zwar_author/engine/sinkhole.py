"""Sinkholes: a turn spawn result of Agent Z ("ROLL 1 [...] 8 Sinkhole") that no rulebook explains.

The Agent Z rules print the result in the first roll of Download or Destroy's
turn spawn, where a spawn point letter or "Roamers" stands in the other rows,
and say nothing more; neither do the Z War One or Exodus rules. The engine
reads it as interpretation Z11 of docs/engine.md (assumed): the first roll
says *where* infected come from, so a sinkhole is a place they come from that
is not marked on the map: the ground gives way near the agents. The second
roll is made as for a spawn point (nothing, 1 zombie, 2 zombies), and each
infected it gives climbs out on the square a Z War One roamer would take: the
free active square closest to an agent that no agent sees (agents equally
close roll off, the players choose among the squares). It faces that agent
and, as a roamer, does not move in the turn it comes up. A one-roll turn spawn
table's "sinkhole" gives one zombie, as "roamers" gives one roamer.
"""

from __future__ import annotations

from .chance import Choice, Context
from .sight import face
from .spawn import closest_unseen, drop_off, notice, result_text, roamer_class
from .state import Game
from .vocab import EventKind, Topic


def two_rolls(g: Game, ctx: Context, roll: int, what) -> None:
    """Roll 1 came up "sinkhole": roll 2 says what climbs out (``what`` is the table's second roll)."""
    second = ctx.roll("Turn spawn, roll 2: what comes up through the sinkhole")
    result = g.mission.charts.row(what, second)
    g.emit(EventKind.SPAWN_ROLL, "game", f"Turn spawn: rolls {roll} → sinkhole; rolls {second} → "
           f"{result_text(g, result)}", dice=(roll, second))
    if result.kind == "infected":
        open_up(g, ctx, result.count, result.infected)
    else:
        g.emit(EventKind.SINKHOLE, "game", "A sinkhole opens; nothing comes up through it")


def one_roll(g: Game, ctx: Context) -> None:
    """A one-roll table's "sinkhole": one zombie climbs out."""
    open_up(g, ctx, 1, roamer_class(g))


def open_up(g: Game, ctx: Context, count: int, cls: str) -> None:
    """``count`` infected of class ``cls`` climb out, one at a time, each where a roamer would be placed."""
    for _ in range(count):
        if not _climb_out(g, ctx, cls):
            return


def _climb_out(g: Game, ctx: Context, cls: str) -> bool:
    m = g.mission
    agents = g.board_heroes()
    if not agents:
        return False
    maps = {h.id: m.route_from(h.sq, g.active) for h in agents}
    unseen = lambda sq: (sq not in g.at and m.standable[sq]
                         and not any(g.hero_sees(h.sq, sq) for h in agents))
    squares, winner = closest_unseen(g, ctx, agents, maps, unseen, "where the sinkhole opens")
    if not squares or winner is None:
        g.emit(EventKind.SINKHOLE, "game", "A sinkhole: no active square is out of the agents' sight; nothing "
               "comes up")
        return False
    if g.pool.get(cls, 0) <= 0 and not drop_off(g, ctx, cls):
        g.emit(EventKind.MINIATURES, "game", "A sinkhole: no miniature is left to place")
        return False
    squares = [sq for sq in squares if sq not in g.at]  # a drop-off may not free a chosen square
    pick = ctx.choose(g.ruleset.decider, f"Sinkhole: which square by {winner.name}",
                      [Choice(sq, g.show(sq)) for sq in squares], topic=Topic.PLACE)
    z = g.new_infected(cls, pick.key, face(g, pick.key, winner.sq, "N"))
    g.emit(EventKind.SINKHOLE, z.tag, f"A sinkhole opens by {winner.name}: {g.label(z)} climbs out at "
           f"{g.show(pick.key)}", pick.key)
    notice(g, z)
    return True
