"""Zombies placed on top of a building: they exit it when they next activate.

Seed line (004) 1796: "Zombies can be placed in any type of terrain. If this
is a building simply place the zombie on top of the building. This
signifies that he will be exiting the building as soon as he activates." A
zombie placed on a building is held on top of it, off the walk of the table
(no one sees, fires at or meets it there; it is not in the building, which
may still be cleared and searched); when the zombies next activate, its
activation is coming out: it stands at the nearest spot of the inch lattice
outside every building within 6" of where it was placed, facing the nearest
human (the pack's reading of "exiting"), and may be seen from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import facing_towards
from .buildings import Site, off_the_walls
from .state import Status, Zombie

if TYPE_CHECKING:
    from ...tabletop import Position
    from .game import AtzGame


def building_at(game: AtzGame, at: Position) -> Site | None:
    """The building whose footprint (walls included) ``at`` falls on, if any."""
    return next((s for s in game.setup.buildings if s.outline.intersects(at.point)), None)


def place_on(game: AtzGame, z: Zombie, site: Site) -> None:
    """``z`` is held on top of ``site`` until it next activates."""
    z.on_roof, z.on_table = site.id, False
    game.log_line(f"{z.name} is on top of {site.id}: it exits the building when next active (line 1796)", z.id)


def waiting(game: AtzGame) -> list[Zombie]:
    """The zombies on top of a building, still to come out."""
    return [f for f in game.figures if isinstance(f, Zombie) and f.on_roof is not None
            and f.status is Status.CARRY_ON]


def come_out(game: AtzGame) -> list[Zombie]:
    """Each zombie on top of a building exits it, its activation spent doing so; the zombies that did."""
    out = waiting(game)
    for z in out:
        site, z.on_roof = z.on_roof, None
        z.position, z.on_table = off_the_walls(game, z.position), True
        living = game.on_table(game.people)
        if living:
            nearest = min(living, key=lambda h: z.position.distance(h.position))
            if nearest.position != z.position:
                z.facing = facing_towards(z.position, nearest.position)
        game.emit("move", z.id, f"{z.name} exits {site} to {float(z.position.x):g}, {float(z.position.y):g}",
                  z.at)
    return out
