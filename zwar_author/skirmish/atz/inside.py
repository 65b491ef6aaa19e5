"""What is inside a building when the group enters it: What's Inside?, zombies met, humans found.

Seed lines (004): entering a building (2480), 2d6 on the encounter's table
for it (the pack's `whats-inside`, by area and time of day, rows 2485-2488
and the notes 2490-2494); the Meeting Zombies procedure (2506-2516); humans
found rolled up on the encounter's Who They Are table, then each on its
class's list and weapons table (2531-2537, as ``hostiles.roll_up``), and met
with Meet & Greet (2539-2577, ``meeting``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...tables.roll import amount, pick
from ...tabletop import Position, inches
from ..core import Choice, Context, facing_towards
from . import hostiles, meeting
from .buildings import Site, beside, inside_spots, place_inside, site_of
from .dice import TableDice
from .reactions import D6
from .state import HostileForce, Human, Status, Zombie

if TYPE_CHECKING:
    from .game import AtzGame

AWAY, FOLLOW = 4, 3  # a human moving away from zombies met, and the zombies after him (line 2514)


def entered(game: AtzGame, ctx: Context, h: Human) -> None:
    """When ``h`` stands inside a building not entered before: 2d6 on the encounter's table for entering
    (What's Inside?, line 2480), once."""
    site = site_of(game, h)
    if site is None or game.visits[site.id].rolled or game.setup.entering is None or h.side != "humans":
        return
    visit = game.visits[site.id]
    visit.entered = visit.rolled = True
    game.tally.buildings_entered += 1
    table = game.setup.table(game.setup.entering)
    values: dict[str, str | int] = {"area": game.setup.area, "time": game.setup.time}
    dice = TableDice(ctx)
    picked = pick(table, values, dice)
    result = picked.row.result(None) if picked.row is not None else None
    for line in picked.lines:
        game.log_line(f"{h.name} enters {site.id}: {line}", h.id)
    if result is None or result.amount is None:
        game.log_line(f"{site.id}: {result.text if result else 'no row'}", h.id)
        return
    n, how = amount(result.amount, values, dice, f"{site.id}: {result.text}")
    count = 0 if n in result.zero else n
    game.log_line(f"{site.id}: {result.text}: {how}{' (counts as none)' if n in result.zero else ''}: "
                  f"{count} {result.unit}", h.id)
    if count == 0:
        return
    visit.occupied = True
    entrants = [m for m in game.on_table(game.humans) if m.status is Status.CARRY_ON and site.holds(m.position)]
    if result.unit == "zombies":
        meet_zombies(game, ctx, site, entrants or [h], count)
    else:
        found_humans(game, ctx, site, h, count)


def meet_zombies(game: AtzGame, ctx: Context, site: Site, entrants: list[Human], count: int) -> None:
    """Meeting Zombies (lines 2506-2516): the zombies divided equally against the humans, in contact; 1d6 +
    the zombies' number against each human's 1d6 + Rep; a human scoring more fires first at a zombie on him
    or moves away, then the zombies melee."""
    on: dict[str, list[Zombie]] = {h.id: [] for h in entrants}
    for k in range(count):
        h = entrants[k % len(entrants)]
        z = game.add_zombie(beside(game, site, h), f"found in {site.id}")
        z.facing = facing_towards(z.position, h.position) if z.position != h.position else z.facing
        on[h.id].append(z)
        game.locked.add((h.id, z.id))
        game.tally.zombies_found += 1
    face = ctx.roll("Zombie Surprise Total: d6", D6)
    zombies = face + count
    game.log_line(f"Zombie Surprise Total: {face} + {count} zombies = {zombies}")
    for h in entrants:
        mine = on[h.id]
        if not mine:
            continue
        roll = ctx.roll(f"{h.name}'s Human Surprise Total: d6", D6, h.id)
        total = roll + h.rep
        ahead = total > zombies
        game.log_line(f"{h.name}'s Human Surprise Total: {roll} + Rep {h.rep} = {total}: "
                      + ("may fire or move away" if ahead else "surprised, may not fire"), h.id)
        if not ahead:
            continue
        armed = h.weapon is not None and h.weapon.ranged and not h.out_of_ammo
        how = ctx.choose("player", f"{h.name} beats the zombies' surprise: fire or move away",
                         ([Choice("fire", "fire at the zombie on him")] if armed else [])
                         + [Choice("away", "move 4\" away from the zombies, facing them, and fire")], h.id)
        if how.key == "away":
            _move_away(game, ctx, h, mine)
            continue
        h.charged = True  # the zombie is charging him (line 2519): no Easy To Hit
        game._fire(ctx, h, mine[0], snap=False)
        h.charged = False
    for h in entrants:
        game._fight(ctx, h)


def _move_away(game: AtzGame, ctx: Context, h: Human, zombies: list[Zombie]) -> None:
    """Moving away from zombies met (line 2514): up to 4" directly away, ending facing them, firing if
    desired (at the nearest); the zombies move 3" directly after him."""
    x = sum(float(z.position.x) for z in zombies) / len(zombies)
    y = sum(float(z.position.y) for z in zombies) / len(zombies)
    dx, dy = float(h.position.x) - x, float(h.position.y) - y
    norm = math.hypot(dx, dy) or 1.0
    game.locked = {p for p in game.locked if p[0] != h.id}
    goal = Position(inches(round(float(h.position.x) + dx / norm * AWAY, 3)),
                    inches(round(float(h.position.y) + dy / norm * AWAY, 3)))
    game._move_towards(h, goal, AWAY)
    nearest = min(zombies, key=lambda z: h.position.distance(z.position))
    if nearest.position != h.position:
        h.facing = facing_towards(h.position, nearest.position)
    if h.weapon is not None and h.weapon.ranged and not h.out_of_ammo:
        game._fire(ctx, h, nearest, snap=False)
    for z in zombies:
        if z.on_table and z.status is Status.CARRY_ON:
            game._move_towards(z, h.position, FOLLOW, stop=float(z.base.diameter) + 0.001)


def found_humans(game: AtzGame, ctx: Context, site: Site, h: Human, count: int) -> None:
    """Humans found inside (line 2492): who they are on the encounter's Who They Are table, each on its
    class's list and weapons table (2531-2537), standing inside facing ``h``; then the group's leader and
    theirs meet (Meet & Greet, 2539: "have met in a building", 2560). Those who part peacefully leave the
    building, which may not be searched (2563); when the gunfight starts, the first shot is the meeting's."""
    found = game.setup.found
    if found is None:
        game.log_line(f"{count} humans in {site.id} are left out (the encounter's hostile humans are not played)")
        return
    force = HostileForce(str(count), found.who, found.context)
    rolled = hostiles.roll_up(game, ctx, force, site.middle)
    place_inside(game, rolled, inside_spots(game, site, h), h)
    game.log_line(f"{h.name} meets the humans found in {site.id} (Meet & Greet, line 2539)", h.id)
    if meeting.meet(game, ctx, rolled) == "parted peacefully":
        game.visits[site.id].kept = True
        game.log_line(f"{site.id} may not be searched (line 2563)", h.id)
