"""Locked doors and closed windows: forced, or busted out, before anyone passes them.

Seed lines (004) 1859-1861: a zombie reaching a door, open or not, stops; it
goes through an unlocked door when next active, and "Zombies encountering
locked doors will spend one additional turn of activation before moving
through it". 1871: "Zombies encountering closed windows will spend one
additional turn of activation busting it out" (door-sized windows only,
1866; the pack's windows are smaller, so zombies pass none, 1873, and a
closed window stops only the humans). Which doors are locked and which
windows closed the seed leaves to the scenario: a piece's opening says so
(`locked = true`). A door forced or a window busted out stays open.

The seed gives the humans no rule for them: the engine's reading is the
zombies' own, a turn of activation at it (within 1") forcing the door or
breaking the window open (``force b1-door-1``), after which anyone passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shapely

from ...tabletop import OpeningKind
from ..core import Choice
from .buildings import Site
from .state import Human, Zombie

if TYPE_CHECKING:
    from .game import AtzGame

NEAR = 1  # inches from an opening to force it, as to barricade it (``barricades``)


def shut(game: AtzGame, site: Site, name: str) -> bool:
    """Whether ``name`` of ``site`` is a locked door or a closed window not yet forced."""
    return name in site.locked and name not in game.visits[site.id].forced


def _at(game: AtzGame, f: Human | Zombie, doors_only: bool) -> list[tuple[Site, str, OpeningKind]]:
    return [(site, name, kind) for site in game.setup.buildings for name, gap, kind in site.named
            if shut(game, site, name) and not game.visits[site.id].barred(name)
            and not (doors_only and kind is not OpeningKind.DOOR)
            and shapely.distance(f.position.point, gap) <= float(f.base.radius) + NEAR]


def options(game: AtzGame, h: Human) -> list[Choice]:
    """The locked doors and closed windows ``h`` stands at, to force."""
    return [Choice(("force", name), f"force {name} ({'locked' if kind is OpeningKind.DOOR else 'closed'})")
            for _, name, kind in _at(game, h, doors_only=False)]


def force(game: AtzGame, h: Human, name: str) -> None:
    """A turn of activation forcing a locked door or breaking a closed window open (the engine's reading)."""
    site = next(s for s in game.setup.buildings if name in s.locked)
    game.visits[site.id].forced.add(name)
    kind = "forces the locked door" if "-door-" in name else "breaks open the closed window"
    game.log_line(f"{h.name} {kind} {name}", h.id)


def forcing(game: AtzGame, z: Zombie) -> bool:
    """A zombie at a locked door spends this activation forcing it (line 1861); whether it did."""
    found = _at(game, z, doors_only=True)
    if not found:
        return False
    site, name, _ = found[0]
    game.visits[site.id].forced.add(name)
    game.log_line(f"{z.name} spends its activation forcing the locked door {name} (line 1861)", z.id)
    return True
