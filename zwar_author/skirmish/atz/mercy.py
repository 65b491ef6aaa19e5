"""At the Mercy of the Enemy (seed 004, lines 2597-2609): a hostile standing over a member of the group
out of the fight.

A hostile carrying on with no one to fire at walks to a member of the group
out of the fight within its move and stands over him; the player rolls 2d6
against the Rep of the hostile Leader on the pack's `mercy` table, one die
fewer if the group fired first. Pass 2d6: the hostile "Takes all your weapons
and items but let's you live. The game continues and on your first activation
you must leave the building" (2606-2607). Pass 1d6: as 0d6 if the member is a
ganger or survivor and the Leader is not, otherwise as 2d6. Pass 0d6: he takes
them and kills the member.

The engine's reading of the pass 2d6: his weapons and items are what a figure
carries here, his weapon, flash-bangs, body armor and keys found (the
resources the group found are the group's, not his). He is still out of the
fight, as the table does not raise him, and is stood over no more (he has
been spared once); his first activation is the one after a friend recovers
him (line 1351). "The building" is the one he was spared in: if he is still
inside it then, he walks out of it by the nearest door open to him (a
window if no door is), instead of anything else, and on each activation after
until he is out; outside it, or spared in none, the order asks nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...tables.roll import pick
from ...tabletop import OpeningKind, Position, inches
from ..core import Board
from . import buildings, hostiles, insight
from .buildings import Site
from .dice import TableDice
from .state import HOSTILES, OFF, Human, Klass, Status

if TYPE_CHECKING:
    from ..core import Context
    from .game import AtzGame

#: How far a hostile walks to stand over a member: its move (line 788).
REACH = 8
#: The classes whose pass 1d6 counts as 0d6 against a Leader of another class (line 2608).
HARD = (Klass.GANGER, Klass.SURVIVOR)
#: How far from a doorway the spot he walks out to may be, in inches: a base's width or two past the wall.
OUTSIDE = 3


def downed(game: AtzGame, h: Human) -> Human | None:
    """The nearest member of the group out of the fight (and not carried) that ``h`` can walk up to."""
    near = [m for m in game.on_table(game.humans) if m.status is Status.OUT_OF_THE_FIGHT and m.carried_by is None
            and not m.spared and Board.gap(h, m) <= REACH]
    return min(near, key=lambda m: (h.position.distance(m.position), m.id), default=None)


def stand_over(game: AtzGame, ctx: Context, h: Human, member: Human) -> None:
    """``h`` walks into contact with ``member`` and the Mercy test is rolled (line 2601)."""
    game._move_towards(h, member.position, REACH + 0.01, stop=float(h.base.radius + member.base.radius) + 0.001)
    if Board.gap(h, member) > 0.01:
        game.log_line(f"{h.name} cannot reach {member.name}", h.id)
        return
    leader = game.leader(HOSTILES) or h
    first = game.fired_first == member.side
    picked = pick(game.setup.table("mercy"), {"rep": max(1, min(leader.rep, 6)),
                                              "fired": "first" if first else "not-first"}, TableDice(ctx))
    passed = picked.total
    game.log_line(f"{h.name} stands over {member.name}: Mercy against {leader.name}'s Rep {leader.rep}"
                  f"{', the group fired first' if first else ''}: passes {passed}d6", h.id)
    if passed == 1:
        passed = 0 if member.klass in HARD and leader.klass not in HARD else 2
        game.log_line(f"{member.name} is a {member.klass.value}, {leader.name} a {leader.klass.value}: "
                      f"counts as passing {passed}d6", member.id)
    strip(member)
    if passed == 2:
        game.log_line(f"{h.name} takes {member.name}'s weapons and items and lets him live", member.id)
        member.spared = True
        site = buildings.site_of(game, member)
        member.leave = site.id if site is not None else None
        game.log_line(f"On his first activation {member.name} must leave {site.id} (line 2607)" if site is not None
                      else f"{member.name} is in no building: the order to leave it asks nothing", member.id)
        return
    game.log_line(f"{h.name} takes {member.name}'s weapons and items and kills him", member.id)
    status = hostiles.star_saved(game, ctx, member, h.rep) if member.star else Status.OBVIOUSLY_DEAD
    game.go_down(member, status)
    game.log_line(f"{member.name} is {member.status.value}", member.id, "damage")


def strip(member: Human) -> None:
    """All his weapons and items taken (lines 2606, 2609): his weapon, flash-bangs, body armor and keys."""
    member.weapon, member.grenades, member.protected, member.keys = None, False, False, False
    member.out_of_ammo = False


# --- the order: leave the building (line 2607) ---------------------------------------------------------------

def obey(game: AtzGame, h: Human, turn: insight.Activation) -> bool:
    """Whether ``h``'s activation goes on Mercy's order, "on your first activation you must leave the
    building" (line 2607): still inside the building he was spared in, he walks out of it by the nearest door
    open to him (``way_out``), his move watched for In Sight (line 882); the order stands until he is out."""
    if h.leave is None:
        return False
    site = next(s for s in game.setup.buildings if s.id == h.leave)
    if not site.holds(h.position):
        h.leave = None
        return False
    spot = way_out(game, site, h)
    if spot is None:
        game.log_line(f"{h.name} must leave {site.id} (Mercy, line 2607), but finds no way out open (its doors "
                      "and windows shut, or blocked outside): he stays", h.id)
        return True
    allowance = REACH // 2 if h.prone else REACH  # regaining his feet takes half the move (line 798)
    h.prone = False
    with insight.watched(game, h, turn):
        game._move_towards(h, spot, allowance)
    if site.holds(h.position):
        game.log_line(f"{h.name} walks towards the way out of {site.id}: he must leave it (Mercy, line 2607)", h.id)
    else:
        h.leave = None
        game.log_line(f"{h.name} leaves {site.id}, as the Mercy of the Enemy ordered (line 2607)", h.id)
    return True


def way_out(game: AtzGame, site: Site, h: Human) -> Position | None:
    """The spot he walks out to: just outside the doorway of ``site`` nearest ``h`` that is open (neither
    barricaded nor locked, or forced open since), else its nearest open window; the spot of the inch lattice
    within ``OUTSIDE`` of it, outside every building with his base clear of the walls, where his base may
    stand, the nearest to the opening. None: every way out is shut or blocked."""
    visit = game.visits[site.id]
    open_ = [(gap, kind) for name, gap, kind in site.named
             if not visit.barred(name) and not (name in site.locked and name not in visit.forced)]
    others = [f for f in game.on_table(game.figures) if f is not h
              and getattr(f, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]
    for kind in (OpeningKind.DOOR, OpeningKind.WINDOW):
        gaps = sorted((g for g, k in open_ if k is kind), key=lambda g: g.distance(h.position.point))
        for gap in gaps:
            middle = gap.centroid
            spots = [Position(inches(round(middle.x) + dx), inches(round(middle.y) + dy))
                     for dy in range(-OUTSIDE - 1, OUTSIDE + 2) for dx in range(-OUTSIDE - 1, OUTSIDE + 2)]
            spots = [p for p in spots if p.point.distance(middle) <= OUTSIDE]
            if not spots:
                continue
            stands = game.setup.board.open_spots(spots, h.base, others)
            outside = ~buildings.inside_any(game, np.array([[float(p.x), float(p.y)] for p in spots]))
            free = [p for p, ok, out in zip(spots, stands, outside.tolist(), strict=True)
                    if ok and out and site.outline.distance(p.point) >= float(h.base.radius)]  # clear of the walls
            if free:
                return min(free, key=lambda p: (p.point.distance(middle), p.y, p.x))
    return None
