"""Agent Z's meat shield and kick off.

"Any agent reaching the position that they could normally carry out an
assassination on a "zombie" infected type, may grab it and use it as a human
shield for the cost of 1 AP." The shield stays on the square in front of the
agent (who faces the way the zombie faced when grabbed: they stood behind it)
and moves with them; it blocks line of sight through it for everyone but its
holder (``Game.hero_sees``). While holding it, an agent has only the actions
the rulebook lists. A kill roll removes it; a knockdown does nothing; it never
moves or grabs of its own accord until kicked off.
"""

from __future__ import annotations

from ..geometry.facing import FACINGS
from .act import _assassin, enter
from .actions import Action
from .chance import Context
from .legal import FREE
from .state import Game, Hero, Infected, short
from .vocab import EventKind, Verb

#: "An agent using a meat shield may only use the following actions: Move (1 square), Quick Fire/Melee,
#: Move & Quick Fire/Melee, Aimed Fire, Alert, Assassination (kills the meat shield), Kick off."
WITH_SHIELD = frozenset({Verb.MOVE, Verb.QUICK, Verb.MELEE, Verb.MOVE_QUICK, Verb.MOVE_MELEE, Verb.AIMED,
                         Verb.ALERT, Verb.KICK_OFF, Verb.END}) | FREE
KICK = 4  # "pushes the zombie 4 squares in the direction the agent is facing"


def shield(g: Game, h: Hero) -> Infected | None:
    """The meat shield ``h`` holds: only while they stand on the board (knocked down, taken down or
    dead, they let go of it)."""
    held = g.shields.get(h.id)
    if held is None or not h.on_board or h.prone or h.grapplers:
        return None
    z = g.infected.get(held[0])
    return z if z is not None and z.sq is not None else None


def holds(g: Game, z: Infected) -> bool:
    """Whether ``z`` is a meat shield held now."""
    return any(zid == z.id and shield(g, g.hero(hid)) is z for hid, (zid, _) in g.shields.items())


def ahead(g: Game, sq: int, facing: str) -> int | None:
    """The square next to ``sq`` the way ``facing`` points, on the same floor; None off the grid."""
    m = g.mission
    x, y = m.xy[sq]
    fx, fy = FACINGS[facing]
    grid = m.grid(sq)
    if 0 <= x + fx < grid.width and 0 <= y + fy < grid.height:
        return sq + fy * grid.width + fx
    return None


def _carried_to(g: Game, h: Hero, z: Infected, to: int) -> int | None:
    """Where the shield goes when ``h`` steps to ``to``: the square ahead of it, free (or the one
    the agent leaves) and a legal step from it."""
    m = g.mission
    dest = ahead(g, to, g.shields[h.id][1])
    if dest is None or not m.standable[dest] or dest not in m.steps(to, g.doors):
        return None
    return dest if dest not in g.at or dest in (h.sq, z.sq) else None


def shield_actions(g: Game, h: Hero, acts: list[Action]) -> list[Action]:
    """With a shield: only the listed actions, moves only where the shield can go too, and kick off.
    Without one: the grab of a zombie ``h`` could assassinate."""
    z = shield(g, h)
    if z is None:
        if h.prone or h.grapplers or h.stride or h.ap < 1:
            return acts
        zombies = [u for u in g.board_infected() if short(u.cls) == "zombie" and _assassin(g, h, u)]
        return acts + [Action(h.id, Verb.SHIELD, target=u.id) for u in zombies]
    kept = [a for a in acts if a.verb in WITH_SHIELD and (a.to < 0 or _carried_to(g, h, z, a.to) is not None)]
    if h.ap >= 1 and z.sq in g.mission.steps(h.sq, g.doors) and _carried_to(g, h, z, z.sq) is not None:
        kept.insert(0, Action(h.id, Verb.MOVE, to=z.sq))  # forward: the shield goes ahead of the agent
    return kept + ([Action(h.id, Verb.KICK_OFF)] if h.ap >= 1 else [])


def grab_shield(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    z = g.infected[a.target]
    g.shields[h.id] = (z.id, z.facing)
    g.emit(EventKind.SHIELD, h.id, f"{h.name} grabs {g.label(z)} ({g.show(z.sq)}) as a meat shield", z.sq)


def move_with(g: Game, ctx: Context, h: Hero, to: int, verb: str, defer: list | None = None) -> bool:
    """Move ``h`` one square, carrying their meat shield if they hold one (see ``act.enter``)."""
    z = shield(g, h)
    if z is None:
        return enter(g, ctx, h, to, verb, defer)
    dest = _carried_to(g, h, z, to)
    g.lift(z)
    ok = enter(g, ctx, h, to, verb, defer)
    if dest is not None and dest not in g.at:
        g.place(z, dest)
    else:  # cannot be: moves are offered only where the shield goes too
        raise RuntimeError(f"no square for the meat shield of {h.name}")
    g.emit(EventKind.SHIELD, z.tag, f"The meat shield moves with {h.name} to {g.show(dest)}", dest)
    return ok


def kick_off(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    """"The "kick off" action costs 1 AP and pushes the zombie 4 squares in the direction the agent is
    facing. The zombie then moves as normal in the infected turn." It stops short at a wall, a
    closed door or a figure."""
    z = shield(g, h)
    facing = g.shields.pop(h.id)[1]
    assert z is not None and z.sq is not None
    sq = z.sq
    for _ in range(KICK):
        nxt = ahead(g, sq, facing)
        if nxt is None or nxt in g.at or not g.mission.standable[nxt] or nxt not in g.mission.steps(sq, g.doors):
            break
        sq = nxt
    g.place(z, sq)
    g.emit(EventKind.SHIELD, h.id, f"{h.name} kicks {g.label(z)} off to {g.show(sq)}", sq)
