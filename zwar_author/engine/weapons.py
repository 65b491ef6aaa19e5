"""Which weapons a hero holds ready, how they fire, and what each can hit from a square.

Melee reaches one step (never through a wall or diagonally over a doorway or
corner); a gun reaches what the hero sees within the card's range, and, like
an execution, anything on an adjacent square in the hero's clear sight.
"""

from __future__ import annotations

from .mission import ALL, UNREACHABLE
from .sight import reach
from .state import Game, Hero, Infected
from .vocab import HeroStatus, Perk


def fire_modes(g: Game, h: Hero, cards) -> list[tuple[str, list, bool, str]]:
    """The ways ``h`` can quick fire its active ballistic ``cards``: (key, cards, full auto, words)."""
    m = g.mission
    guns = [c for c in cards if m.equipment[c.eq].kind == "ballistic" and not m.equipment[c.eq].aimed_only
            and (c.ammo is None or c.ammo > 0)]
    if len(guns) == 1:
        gun = guns[0]
        modes = [("", [gun], False, "")]
        if "full-auto" in m.equipment[gun.eq].fire and (gun.ammo is None or gun.ammo >= 3):
            modes.append(("auto", [gun], True, "full auto"))
        return modes
    if len(guns) == 2:
        return [(c.name, [c], False, f"with {c.name}") for c in guns] + [("both", guns, False, "with both")]
    return []


def in_range(g: Game, card, frm: int, sq: int) -> bool:
    limit = g.mission.equipment[card.eq].range
    return limit is None or g.mission.route_from(frm, ALL).get(sq, UNREACHABLE) <= limit


def melee_card(g: Game, h: Hero):
    return next((c for c in h.active_cards() if g.mission.equipment[c.eq].kind == "melee"), None)


def ballistic_cards(g: Game, h: Hero) -> list:
    m = g.mission
    return [c for c in h.active_cards() if m.equipment[c.eq].kind == "ballistic" and (c.ammo is None or c.ammo > 0)]


def grappled_nearby(g: Game, h: Hero, sq: int, gun: bool = False, leaving: int = -1) -> list[Infected]:
    """Infected locked in a grapple with another hero on a square next to ``sq``: within melee
    reach for a blade or a fist, on an adjacent square in the hero's sight for a gun (a gun may
    shoot diagonally across a doorway or past a wall end, a blade may not)."""
    held = [o for o in g.heroes if o.grapplers and o is not h and o.status == HeroStatus.BOARD]
    if not held:
        return []
    if gun:
        near = [n for n in g.mission.adjacent(sq) if g.hero_sees(sq, n, ignore=leaving)]
    else:
        near = reach(g, sq)
    return [g.infected[i] for o in held if o.sq in near for i in o.grapplers]


def gun_targets(g: Game, h: Hero, sq: int, card, leaving: int = -1, memo: dict | None = None) -> list[Infected]:
    """Infected a gun at ``sq`` can hit: in range and in the hero's sight (``leaving``: a square
    the hero is stepping off, which no longer blocks), and those in a grapple next to ``sq``."""
    if memo is not None:
        key = (sq, card.name, leaving)
        if key not in memo:
            memo[key] = gun_targets(g, h, sq, card, leaving)
        return memo[key]
    m = g.mission
    floor_of, floor = m.floor_of, m.floor_of[sq]
    limit = m.equipment[card.eq].range
    dist = m.route_from(sq, ALL) if limit is not None else None
    sees, offsets, at, doors = m.sees, m.entered_offsets, g.at, g.doors
    found = []
    for z in g.infected.values():
        target = z.sq
        if target is None or floor_of[target] != floor or not sees(sq, target, doors):
            continue
        if dist is not None and dist.get(target, UNREACHABLE) > limit:
            continue
        for off in offsets(sq, target):
            unit = at.get(sq + off)
            if unit is not None and not unit.prone and sq + off != leaving:
                break
        else:
            found.append(z)
    return found + grappled_nearby(g, h, sq, gun=True, leaving=leaving)


def blade_targets(g: Game, h: Hero, sq: int) -> list[Infected]:
    found = [u for n in reach(g, sq) if isinstance(u := g.at.get(n), Infected)]
    return found + grappled_nearby(g, h, sq)


def blade_executions(g: Game, h: Hero) -> set[int]:
    """Infected ``h`` may execute with a blade or (Kerb Stomp) a boot: prone, or in a grapple with
    another hero, within melee reach (never through a wall or diagonally over a doorway or corner)."""
    if not (melee_card(g, h) or Perk.KERB_STOMP in h.perks):
        return set()
    return {z.id for z in blade_targets(g, h, h.sq) if z.prone or z.holder is not None}


def gun_executions(g: Game, h: Hero) -> set[int]:
    """Infected ``h`` may execute with an active gun: prone on an adjacent square, or in a grapple
    with a hero on one, in the hero's clear line of sight (diagonally across a doorway or past a
    wall end included: only melee is barred there)."""
    if not ballistic_cards(g, h):
        return set()
    m, at = g.mission, g.at
    found = {u.id for n in m.adjacent(h.sq) if isinstance(u := at.get(n), Infected) and u.prone
             and g.hero_sees(h.sq, n)}
    return found | {z.id for z in grappled_nearby(g, h, h.sq, gun=True)}
