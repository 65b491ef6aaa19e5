"""Mutant monsters a Zone card or a trigger puts on the table, and what they do (seed 151, 474).

Line 474 says only: "A few Zone cards will trigger mutant monsters to be deployed on the battlefield. Monsters
follow the rules on the card, but they have some common traits:", and that list is lost. So the engine plays a
monster from its card, and the rest is assumed (docs/zonewars.md, "Monsters"):

- the card places it (the card's ``effect.monster``) in base contact with the model the card affects, then that
  model makes the card's roll and takes its effect on a failure, as for any Zone card: the card's effect is the
  monster's first attack;
- it belongs to no side and is every side's enemy (shot, charged, in the way, hiding what is behind it); it has
  no action token: it acts each time a Zone token is drawn and played, before that token's card, since the
  Zone tokens stand for "dangerous mutated flora and fauna" (line 151);
- no player moves it: it walks up to its ``move`` towards the nearest model of a side (into base contact when a
  straight walk gets there) and attacks a model it touches with the card's rules (its roll, its effect);
- it has the card's Health and no armour; Broken once, it is Taken Out; it makes no free attack or
  counterattack, takes no artifact and has no overwatch; when the game ends it leaves the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ...model import zonewars as z
from ...tabletop import Band, Base, Position, bases_overlap, format_inches, inches
from ..core import Context
from ..core.figures import facing_towards
from .actions import approach, contact, destinations, where
from .floors import building_at, fits
from .state import MONSTER, Kind, Model

if TYPE_CHECKING:
    from .game import ZoneWarsGame


@dataclass(frozen=True)
class Lair:
    """The card a monster came with: its name, the roll and effects of its attack (the card's rules), and how
    far the monster walks when it acts."""

    card: str
    attribute: str | None
    effect: z.ZoneEffect
    move: Fraction


def arrive(g: ZoneWarsGame, name: str, effect: z.ZoneEffect, attribute: str | None, beside: Model) -> None:
    """A card's monster placed in base contact with ``beside``, where its base fits (on ``beside``'s floor)."""
    spec = effect.monster
    assert spec is not None
    base = Base(inches(spec.base))
    at = _beside(g, beside, base)
    if at is None:
        g.emit(Kind.ZONE, "game", f"No room for the {spec.name} beside {beside.name}")
        return
    number = 1 + sum(1 for m in g.models() if m.side == MONSTER)
    monster = Model(f"monster-{number}", f"{spec.name} {number}", MONSTER, at, base,
                    facing_towards(at, beside.position), beside.floor,
                    health=spec.health, bloodied=True)  # Bloodied from the start: Broken once, it is Taken Out
    g.figures.append(monster)
    bite = z.ZoneEffect(damage=effect.damage, armour=effect.armour, stuck=effect.stuck)  # what a model takes
    g.lairs[monster.id] = Lair(name, attribute, bite, Band.parse(spec.move).inches)
    g.emit(Kind.ZONE, monster.id, f"{monster.name} appears at {where(at)}, beside {beside.name}", monster.at)


def _beside(g: ZoneWarsGame, m: Model, base: Base) -> Position | None:
    """The first spot in base contact with ``m`` (ahead, right, behind, left, then the diagonals) where the
    base stands clear of terrain and the other models."""
    gap = m.base.radius + base.radius
    others = [f for f in g.models() if f is not m and f.on_table and f.floor == m.floor]
    piece = building_at(g, m.position) if m.floor else None
    for facing in [m.facing + d for d in (0, 90, 180, 270, 45, 135, 225, 315)]:
        angle = math.radians(float(facing))
        at = Position(m.position.x + Fraction(math.sin(angle) * float(gap)).limit_denominator(10**6),
                      m.position.y - Fraction(math.cos(angle) * float(gap)).limit_denominator(10**6))
        if any(bases_overlap(at, base, o.position, o.base) for o in others):
            continue
        if (piece is not None and fits(piece, at, base.radius)) if m.floor else g.board.stands(at, base):
            return at
    return None


def act_all(g: ZoneWarsGame, ctx: Context) -> None:
    """Every monster on the table acts, in the order they came (a Zone token was drawn)."""
    for monster in [m for m in g.models() if m.side == MONSTER]:
        if monster.on_table and monster.ready:
            act(g, ctx, monster)


def act(g: ZoneWarsGame, ctx: Context, monster: Model) -> None:
    """The monster walks towards the nearest model of a side and attacks one it touches, by its card's rules."""
    prey = [m for m in g.models() if m.side != MONSTER and m.on_table and m.in_play]
    if not prey:
        return
    g.emit(Kind.ACTIVATE, monster.id, f"{monster.name} acts", monster.at)
    lair = g.lairs[monster.id]
    nearest = min(prey, key=lambda m: (m.floor != monster.floor, g.board.gap(monster, m), m.id))
    if not _touches(monster, nearest):
        _walk(g, ctx, monster, nearest, lair.move)
        if not monster.ready:
            return
    touching = sorted((m for m in prey if m.in_play and m.on_table and _touches(monster, m)),
                      key=lambda m: (m is not nearest, m.id))
    if not touching:
        return
    target = touching[0]
    monster.facing = facing_towards(monster.position, target.position)
    g.emit(Kind.ATTACK, monster.id, f"{monster.name} attacks {target.name} ({lair.card})", monster.at)
    g.card_effect(ctx, lair.card, lair.effect, lair.attribute, [target])


def _touches(monster: Model, m: Model) -> bool:
    return m.floor == monster.floor and contact(monster.position, monster.base, m.position, m.base)


def _walk(g: ZoneWarsGame, ctx: Context, monster: Model, prey: Model, allowance: Fraction) -> None:
    """Up to ``allowance``: straight into base contact with ``prey`` if it can, else to the destination nearest
    it (of those a model's move offers), if that is nearer than where it stands."""
    to: tuple[Fraction, Fraction] | None = None
    floor = monster.floor
    if prey.floor == monster.floor == 0:
        to = approach(g, monster, prey.position, prey.base, allowance)
    if to is None:
        options = destinations(g, monster, allowance)
        if not options:
            return
        x, y, floor = min(options, key=lambda p: (p[2] != prey.floor,
                                                  Position(p[0], p[1]).squared_distance(prey.position), p))
        if floor == monster.floor and \
                Position(x, y).squared_distance(prey.position) >= monster.position.squared_distance(prey.position):
            return
        to = (x, y)
    destination = Position(*to)
    walked = monster.position.distance(destination)
    if destination != monster.position:
        monster.facing = facing_towards(monster.position, destination)
    monster.position, monster.floor = destination, floor
    g.emit(Kind.MOVE, monster.id, f"{monster.name} moves to {where(destination)} ({format_inches(walked)})",
           monster.at)
    g.overwatch_fire(ctx, monster)
