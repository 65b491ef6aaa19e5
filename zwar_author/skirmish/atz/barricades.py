"""Barricading doors and windows, and the zombies that fight them.

Seed lines (004) 1410-1418: there must be adequate materials at hand (1-2 on
a d6, rolled once: read as once a building, the hardware store not played);
a turn of activation raises a barricaded door's or window's Rep by one, a
window to 3 at most, a door to 4. A barricaded opening lets no one through.
Zombies that reach it fight it in melee (1862, 1872): every zombie at it
rolls 1d6 against the door's or window's Rep dice, on the pack's Melee table
(as a human of that Rep: its opposed success counting); a result of out of
the fight or worse on it busts it out, and it may be passed when they are
next active; what it scores on the zombies is ignored. No limit to the
zombies that try (1862, 1875). Hostile humans too "will fight the window or
door in melee" (1418): one standing at a barricade of the building a member
of the group is in (or, inside, with one outside it), who sees no foe to
fire at, fights it instead of moving, his Rep in d6 against its Rep dice; a
result of out of the fight or worse on it busts it out, and what it scores
on him is ignored, as on the zombies (the engine's reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shapely

from ...tables.roll import pick
from ...tabletop import OpeningKind
from ..core import Choice, Context
from .buildings import Site, site_of
from .dice import TableDice
from .reactions import D6
from .state import DOWN, Human, Zombie

if TYPE_CHECKING:
    from .game import AtzGame

MAX = {OpeningKind.DOOR: 4, OpeningKind.WINDOW: 3}  # lines 1416-1417
NEAR = 1  # inches from an opening to work on it or fight it


def options(game: AtzGame, h: Human) -> list[Choice]:
    """The openings of the building ``h`` stands in that it is near enough to barricade, not at their most."""
    site = site_of(game, h)
    if site is None or game.visits[site.id].materials is False:
        return []
    visit = game.visits[site.id]
    return [Choice(("barricade", name), f"barricade {name} (Rep {visit.barricades.get(name, 0)})")
            for name, gap, kind in site.named if visit.barricades.get(name, 0) < MAX[kind]
            and name not in visit.busted and _near(h, gap)]


def barricade(game: AtzGame, ctx: Context, h: Human, name: str) -> None:
    """A turn of activation barricading ``name``: materials rolled first (once), then its Rep one higher."""
    site = site_of(game, h)
    assert site is not None
    visit = game.visits[site.id]
    if visit.materials is None:
        face = ctx.roll(f"{site.id}: materials at hand to barricade (1-2)", D6, h.id)
        visit.materials = face <= 2
        game.log_line(f"{h.name} looks for materials in {site.id}: {face}, "
                      + ("adequate materials at hand" if visit.materials else "none at hand"), h.id)
        if not visit.materials:
            return
    kind = next(k for n, _, k in site.named if n == name)
    visit.barricades[name] = min(MAX[kind], visit.barricades.get(name, 0) + 1)
    game.log_line(f"{h.name} barricades {name}: Rep {visit.barricades[name]}", h.id)


def besieging(game: AtzGame, z: Zombie | Human) -> tuple[Site, str] | None:
    """The barricaded opening a zombie (or a hostile) stands at, if any (it fights it instead of moving)."""
    for site in game.setup.buildings:
        visit = game.visits[site.id]
        for name, gap, _ in site.named:
            if visit.barred(name) and _near(z, gap):
                return site, name
    return None


def fight(game: AtzGame, ctx: Context, zombies: list[Zombie]) -> None:
    """The zombies at each barricaded opening fight it together: their d6 against its Rep dice."""
    at: dict[tuple[str, str], list[Zombie]] = {}
    for z in zombies:
        found = besieging(game, z)
        if found is not None:
            at.setdefault((found[0].id, found[1]), []).append(z)
    for (sid, name), crowd in sorted(at.items()):
        visit = game.visits[sid]
        rep = visit.barricades[name]
        values: dict[str, str | int] = {"rep": len(crowd), "their_rep": rep, "enemy": "human", "impact": "equal",
                                        "you_prone": "no", "they_prone": "no", "you_retrieving": "no",
                                        "they_retrieving": "no"}
        picked = pick(game.setup.table("melee"), values, TableDice(ctx))
        for line in picked.lines:
            game.log_line(f"{len(crowd)} zombies against {name} (Rep {rep}): {line}")
        if picked.total >= 1:
            visit.busted.add(name)
            game.log_line(f"{name} is busted out", crowd[0].id)
        else:
            game.log_line(f"{name} holds", crowd[0].id)


def storm(game: AtzGame, ctx: Context, h: Human) -> bool:
    """A hostile at a barricade between him and a member of the group fights it in melee (line 1418): his Rep
    in d6 against its Rep dice; whether he did (his activation)."""
    found = besieging(game, h)
    if found is None:
        return False
    site, name = found
    inside = site.holds(h.position)
    if not any(site.holds(m.position) != inside for m in game.on_table(game.humans) if m.status not in DOWN):
        return False
    visit = game.visits[site.id]
    rep = visit.barricades[name]
    values: dict[str, str | int] = {"rep": h.rep, "their_rep": rep, "enemy": "human", "impact": "equal",
                                    "you_prone": "no", "they_prone": "no", "you_retrieving": "no",
                                    "they_retrieving": "no"}
    picked = pick(game.setup.table("melee"), values, TableDice(ctx))
    for line in picked.lines:
        game.log_line(f"{h.name} fights {name} (Rep {rep}) in melee (line 1418): {line}", h.id)
    if picked.total >= 1:
        visit.busted.add(name)
        game.log_line(f"{name} is busted out", h.id)
    else:
        game.log_line(f"{name} holds", h.id)
    return True


def _near(f, gap) -> bool:
    return bool(shapely.distance(f.position.point, gap) <= float(f.base.radius) + NEAR)
