"""At the Mercy of the Enemy (seed 004, lines 2597-2609): a hostile standing over a member of the group
out of the fight.

A hostile carrying on with no one to fire at walks to a member of the group
out of the fight within its move and stands over him; the player rolls 2d6
against the Rep of the hostile Leader on the pack's `mercy` table, one die
fewer if the group fired first. Pass 2d6: the hostile takes the member's
weapons and flash-bangs and lets him live. Pass 1d6: as 0d6 if the member is
a ganger or survivor and the Leader is not, otherwise as 2d6. Pass 0d6: he
takes them and kills the member.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...tables.roll import pick
from ..core import Board
from . import hostiles
from .dice import TableDice
from .state import HOSTILES, Human, Klass, Status

if TYPE_CHECKING:
    from ..core import Context
    from .game import AtzGame

#: How far a hostile walks to stand over a member: its move (line 788).
REACH = 8
#: The classes whose pass 1d6 counts as 0d6 against a Leader of another class (line 2608).
HARD = (Klass.GANGER, Klass.SURVIVOR)


def downed(game: AtzGame, h: Human) -> Human | None:
    """The nearest member of the group out of the fight (and not carried) that ``h`` can walk up to."""
    near = [m for m in game.on_table(game.humans) if m.status is Status.OUT_OF_THE_FIGHT and m.carried_by is None
            and Board.gap(h, m) <= REACH]
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
    member.weapon, member.grenades = None, False
    if passed == 2:
        game.log_line(f"{h.name} takes {member.name}'s weapons and items and lets him live", member.id)
        return
    game.log_line(f"{h.name} takes {member.name}'s weapons and items and kills him", member.id)
    status = hostiles.star_saved(game, ctx, member, h.rep) if member.star else Status.OBVIOUSLY_DEAD
    game.go_down(member, status)
    game.log_line(f"{member.name} is {member.status.value}", member.id, "damage")
