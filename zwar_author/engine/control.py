"""The director's hand on the board: units under direct control, and drop-offs at the start of the spawn phase.

Direct Control (Z War One, "Direct Control Card"): "Units under direct control
no longer follow the automatic behaviour of their unit type and can be moved
freely around any active parts of the board by the director (they may not open
doors to activate new areas of board). Directly controlled infected may always
move at their "charge" speed." Dead heroes of a director game rise "under the
direct control of the director" as newborns.

A controlled unit moves in its turn of the infected move. The director picks
where it ends: its own square, any free active square within its charge speed
by legal steps through open doors (it opens none and passes through no
figure), or, first of the options, its automatic move. Heroes on alert fire at
it square by square as at any infected. Where it ends next to a hero it may
grab that hero (a grab test, as any infected's grab).

Drop-offs: "At the beginning of the spawn phase (before any cards are played or
spawn rolls are made) the director can choose to remove infected units from
play." The director removes units one at a time until it says it is done.
"""

from __future__ import annotations

from collections import deque

from .cards import DIRECTOR, window
from .chance import Choice, Context
from .infected import activate, alert_fire, can_grab, grab
from .mission import UNREACHABLE
from .sight import face, hero_distance
from .state import Game, Infected, pos
from .vocab import CardWindow, EventKind, Side, Topic

AUTO = "auto"
STAY = "stay"
DONE = "done"
NO_GRAB = "none"


def holder_of(g: Game, z: Infected) -> str:
    return g.hands.controlled.get(z.id, DIRECTOR) if g.hands is not None else DIRECTOR


def side_of(holder: str) -> Side:
    """Who answers for a controlled unit: the director, or (Agent Z) the agent's player holding it."""
    return Side.DIRECTOR if holder == DIRECTOR else Side.AGENT


def move(g: Game, ctx: Context, z: Infected) -> None:
    """The turn of a unit under direct control (see the module's docstring)."""
    holder = holder_of(g, z)
    sq = pos(z)
    paths = reachable(g, sq, g.mission.classes[z.cls].charge)
    options = [Choice(AUTO, "move as its rules say"), Choice(STAY, f"stay at {g.show(sq)}")]
    options += [Choice(n, f"move to {g.show(n)}") for n in sorted(paths) if n != sq]
    pick = ctx.choose(side_of(holder), f"Direct control: where does {g.label(z)} move", options, holder, Topic.MOVE)
    if pick.key == AUTO:
        activate(g, ctx, z)
        return
    if pick.key != STAY:
        for step in paths[pick.key]:
            last = pos(z)
            g.place(z, step)
            z.facing = face(g, last, step, z.facing)
            g.emit(EventKind.CONTROL, z.tag, f"{g.label(z).capitalize()} (direct control) moves to {g.show(step)}",
                   step)
            alert_fire(g, ctx, z, 1)
            if z.id not in g.infected or z.sq is None or z.prone:
                return
    _grab(g, ctx, z, holder)


def _grab(g: Game, ctx: Context, z: Infected, holder: str) -> None:
    heroes = [h for h in g.detectable() if can_grab(g, z, h) and h.id != holder]  # never its own agent
    if not heroes:
        near = min(g.detectable(), key=lambda h: hero_distance(g, h, pos(z)), default=None)
        if near is not None and hero_distance(g, near, pos(z)) < UNREACHABLE:
            z.facing = face(g, pos(z), near.sq, z.facing)
        return
    options = [Choice(NO_GRAB, "grab no hero")] + [Choice(h.id, f"grab {h.name}") for h in heroes]
    pick = ctx.choose(side_of(holder), f"Direct control: {g.label(z)} grabs", options, holder, Topic.GRAB)
    if pick.key != NO_GRAB:
        grab(g, ctx, z, g.hero(pick.key))


def reachable(g: Game, start: int, limit: int) -> dict[int, list[int]]:
    """Free active squares within ``limit`` legal steps of ``start`` through open doors, passing through no
    figure: each with the squares of a shortest way there (the first found, in square order)."""
    m = g.mission
    paths: dict[int, list[int]] = {start: []}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if len(paths[sq]) >= limit:
            continue
        for n in sorted(m.steps(sq, g.doors)):
            if n in paths or n in g.at or not m.standable[n] or not g.is_active(n):
                continue
            paths[n] = paths[sq] + [n]
            queue.append(n)
    return paths


# --- the start of the spawn phase ------------------------------------------------------------


def spawn_start(g: Game, ctx: Context) -> None:
    """Director games and the Director's Cut: drop-offs, then the spawn window of the director's cards (Agent Z:
    the agents' cards, with no drop-offs: there is no director)."""
    if g.ruleset.decider == Side.DIRECTOR:
        drop_offs(g, ctx)
    window(g, ctx, CardWindow.SPAWN)


def drop_offs(g: Game, ctx: Context) -> None:
    """The director removes units from play, one at a time, until done (the first option)."""
    while True:
        units = sorted(g.board_infected(), key=lambda z: z.id)
        if not units:
            return
        options = [Choice(DONE, "remove no more units")] + [Choice(z.id, f"remove {z.tag} at {g.show(z.sq)}")
                                                              for z in units]
        pick = ctx.choose(Side.DIRECTOR, "Drop-offs: remove a unit from play?", options, DIRECTOR, Topic.REMOVE)
        if pick.key == DONE:
            return
        z = g.infected[pick.key]
        g.emit(EventKind.DROP_OFF, z.tag, f"The director removes {g.label(z)} from {g.show(z.sq)}", z.sq)
        g.remove(z)
        if g.hands is not None:
            g.hands.controlled.pop(z.id, None)
