"""Walks: which way a person goes round what stands in the way, and why one that goes nowhere does not move.

A walk is planned on the shortest way round the buildings (``tabletop.Reach``) and then walked leg by leg
(``AtzGame._move_towards``). Planned through every door and window, a walk heads for one no one may pass
(a door locked or a window closed, not yet forced, or barricaded: ``locks``, ``barricades``, lines 1410,
1859-1871) and its figure stands at it turn after turn. So a person's walk is planned through the openings
open now: the building's pieces with those shut walled up, made once for each set of shut openings. Only
when no open way leads there at all is it planned through the shut ones, to stand at one and force it
(``locks.force``); the log then says which one stops it.

Figures are bases a walk may not pass through (``_leg``), but planning round every base on every walk would
cost a graph a move: a walk that gets nowhere round the terrain alone is planned again round the bases of the
figures standing (the freed captive in a corner, a friend or a foe out of the fight in a doorway). A person's
walk that still ends where it began is said in the log with its reason, never left silent.

Zombies walk the zombies' board (``Setup.zombie_board``: no windows, line 1873) and are not planned round
bases: they always move their maximum allowable distance (line 1856) and crowd.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from shapely.geometry import Point

from ...tabletop import PlacedPiece, Position, Reach
from ..core import Figure
from . import insight
from .buildings import Site, site_of
from .state import OFF, Status, Zombie

if TYPE_CHECKING:
    from .game import AtzGame

#: How many plans round figures' bases a setup keeps (the last few): a jam stands for a few turns.
AROUND_KEPT = 8
#: Inches added to a base planned round (``around``): the plan draws a base as a polygon of 4 sides a quarter
#: circle (``tabletop.reach``), up to 2% inside the circle, and a straight leg of the plan must clear the circle
#: itself (``Board.straight``). A base touching the walker stands in the margin: the walk steps out of it first.
MARGIN = 0.025


def shut(game: AtzGame) -> frozenset[str]:
    """The doors and windows no one passes now: locked or closed and not forced (``locks``), or barricaded
    and not busted out (``barricades``)."""
    out: set[str] = set()
    for site in game.setup.buildings:
        visit = game.visits[site.id]
        out |= {name for name, _, _ in site.named
                if (name in site.locked and name not in visit.forced) or visit.barred(name)}
    return frozenset(out)


def walled(sites: tuple[Site, ...], pieces, names: frozenset[str]) -> list[PlacedPiece]:
    """``pieces`` with the openings ``names`` of the buildings ``sites`` walled up."""
    closing: dict[int, set[int]] = {}
    for site in sites:
        cut = [i for i, _ in enumerate(site.piece.piece.openings) if not site.piece.gap(i).is_empty]
        gone = {i for (name, _, _), i in zip(site.named, cut, strict=True) if name in names}
        if gone:
            closing[id(site.piece)] = gone
    out = []
    for p in pieces:
        shut_here = closing.get(id(p))
        if shut_here:
            kept = tuple(o for i, o in enumerate(p.piece.openings) if i not in shut_here)
            p = PlacedPiece(replace(p.piece, openings=kept), p.pose)
        out.append(p)
    return out


def reach(game: AtzGame, f: Figure, names: frozenset[str] | None = None) -> Reach:
    """The walks ``f`` plans on: a zombie's board (no windows, line 1873), else the table with the doors and
    windows shut now (``shut``, or ``names``) walled up, made once for each set and kept by the setup."""
    setup = game.setup
    if isinstance(f, Zombie):
        return setup.zombie_board.reach(f.base)
    names = shut(game) if names is None else names
    if not names:
        return setup.board.reach(f.base)
    key = (f.base, names)
    kept = setup.walls
    if key not in kept:
        kept[key] = Reach(setup.board.table, walled(setup.buildings, setup.board.pieces, names), f.base)
    return kept[key]


def blockers(game: AtzGame, f: Figure) -> list[Figure]:
    """The figures whose bases ``f`` may not walk through: all on the table but the dead (``_leg``'s own)."""
    return [o for o in game.on_table(game.figures) if o is not f
            and getattr(o, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]


def around(game: AtzGame, f: Figure, to: Position) -> Reach:
    """The walks of ``reach`` planned round the bases of the figures standing in the way too (``blockers``;
    not the one walked up to, whose base ``to`` is in), kept by the setup for the last few layouts."""
    setup = game.setup
    names = shut(game)
    discs = tuple(sorted((float(o.position.x), float(o.position.y), float(o.base.radius) + MARGIN)
                         for o in blockers(game, f)
                         if o.position.distance(to) >= float(o.base.radius + f.base.radius)))
    key = (f.base, names, discs)
    kept = setup.rounds
    found = kept.pop(key, None)
    if found is None:
        pieces = walled(setup.buildings, setup.board.pieces, names) if names else list(setup.board.pieces)
        found = Reach(setup.board.table, pieces, f.base, discs)
    kept[key] = found
    while len(kept) > AROUND_KEPT:
        del kept[next(iter(kept))]
    return found


def worth_forcing(game: AtzGame, name: str) -> bool:
    """Whether forcing the shut door or window ``name`` opens a way that is not open already: every door and
    window of its building is shut now (``shut``), so no walk leads in or out but through one forced
    (``locks.force``). A closed window beside an open door is not worth the turn: the walk takes the door."""
    site = next((s for s in game.setup.buildings if any(n == name for n, _, _ in s.named)), None)
    names = shut(game)
    return site is not None and all(n in names for n, _, _ in site.named)


def on_the_table(game: AtzGame, f: Figure, to: Position) -> Point:
    """``to`` brought onto the table as far as ``f``'s base centre may stand (a walk to the far edge ends
    its radius short of it)."""
    table, r = game.setup.board.table, float(f.base.radius)
    return Point(min(max(float(to.x), r), float(table.width) - r), min(max(float(to.y), r), float(table.depth) - r))


def why_not(game: AtzGame, f: Figure, to: Position) -> str:
    """Why a person's walk towards ``to`` went nowhere, for the log: the shut doors and windows of the
    building it stands in or walks to when no open way leads there, else the figures beside it in the way."""
    names = shut(game)
    open_way = reach(game, f, names).path(f.position.point, on_the_table(game, f, to))
    if open_way is None and names:
        here = site_of(game, f)
        there = next((s for s in game.setup.buildings if s.holds(to)), None)
        sites = [s for s in (here, there) if s is not None]
        closed = sorted(n for s in sites for n, _, _ in s.named if n in names)
        if closed:
            return f"every way there is shut ({', '.join(closed)}: forced or busted out first)"
    near = [o for o in blockers(game, f) if o.position.distance(f.position) <= float(f.base.radius + o.base.radius) + 1]
    if near:
        return f"{', '.join(o.name for o in near)} in the way"
    return "no spot nearer within his move where his base stands"


def first(game: AtzGame, f: Figure, spot: Position, holds: Callable[[], bool]) -> float | None:
    """How far along the straight leg from where ``f`` stands to ``spot`` ``holds`` first holds of ``f`` (stood
    there for the asking), to the sixteenth of an inch; None when it holds nowhere on the leg. Looked at
    every half inch, then halved down, as the In Sight watch does (``insight``)."""
    start = f.position
    length = start.distance(spot)

    def at(along: float) -> bool:
        f.position = insight.point(start, spot, along)
        try:
            return holds()
        finally:
            f.position = start

    low = 0.0
    for i in range(1, math.ceil(length / insight.STEP) + 1):
        high = min(length, i * insight.STEP)
        if not at(high):
            low = high
            continue
        while high - low > insight.FINE:
            middle = (low + high) / 2
            if at(middle):
                high = middle
            else:
                low = middle
        return high
    return None
