"""Which weapons a hero holds ready, how they fire, and what each can hit from a square.

Melee reaches one step (never through a wall or diagonally over a doorway or
corner); a gun reaches what the hero sees within the card's range, and, like
an execution, anything on an adjacent square in the hero's clear sight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .mission import ALL, UNREACHABLE
from .sight import reach
from .state import Card, Game, Hero, Infected
from .vocab import HeroStatus, Perk


def fire_modes(g: Game, h: Hero, cards: list[Card]) -> list[tuple[str, list[Card], bool, str]]:
    """The ways ``h`` can quick fire its active ballistic ``cards``: (key, cards, full auto, words). One loaded gun
    (not one that only aims) fires as it is, or full auto with 3 rounds or more where its card says so; two fire
    one at a time or both together."""
    gear = g.mission.gear
    guns = [c for c in cards if gear[c.eq].kind == "ballistic" and not gear[c.eq].aimed_only
            and (c.ammo is None or c.ammo > 0)]
    if len(guns) == 1:
        gun = guns[0]
        modes = [("", [gun], False, "")]
        if "full-auto" in gear[gun.eq].fire and (gun.ammo is None or gun.ammo >= 3):
            modes.append(("auto", [gun], True, "full auto"))
        return modes
    if len(guns) == 2:
        return [(c.name, [c], False, f"with {c.name}") for c in guns] + [("both", guns, False, "with both")]
    return []


def in_range(g: Game, card: Any, frm: int, sq: int) -> bool:
    limit = g.mission.gear[card.eq].range
    return limit is None or g.mission.route_from(frm, ALL).get(sq, UNREACHABLE) <= limit


def melee_card(g: Game, h: Hero) -> Card | None:
    gear = g.mission.gear
    for c in h.active_cards():  # a loop, not ``next`` over a generator (an object and a call per search)
        if gear[c.eq].kind == "melee":
            return c
    return None


def ballistic_cards(g: Game, h: Hero) -> list[Card]:
    m = g.mission
    return [c for c in h.active_cards() if m.gear[c.eq].kind == "ballistic" and (c.ammo is None or c.ammo > 0)]


#: where a filter records why it left a target out: (infected id, the reason as a player reads it)
Refuse = Callable[[int, str], None]


def grappled_nearby(g: Game, h: Hero, sq: int, gun: bool = False, leaving: int = -1,
                    refuse: Refuse | None = None) -> list[Infected]:
    """Infected locked in a grapple with another hero on a square next to ``sq``: within melee
    reach for a blade or a fist, on an adjacent square in the hero's sight for a gun (a gun may
    shoot diagonally across a doorway or past a wall end, a blade may not)."""
    if not any(o.grapplers for o in g.heroes):
        return []
    held = [o for o in g.heroes if o.grapplers and o is not h and o.status == HeroStatus.BOARD]
    if not held:
        return []
    if gun:
        near = [n for n in g.mission.adjacent(sq) if g.hero_sees(sq, n, ignore=leaving)]
    else:
        near = reach(g, sq)
    found = []
    for o in held:
        if o.sq in near:
            found += [g.infected[i] for i in o.grapplers]
        elif refuse is not None:
            for i in o.grapplers:
                refuse(i, f"z{i} is in a grapple with {o.name}: shoot it from a square next to {o.name}, in sight"
                       if gun else f"z{i} is in a grapple with {o.name}, out of melee reach: melee never crosses a "
                       "wall, a closed door, or a doorway or corner diagonally")
    return found


def gun_targets(g: Game, h: Hero, sq: int, card: Card, leaving: int = -1, memo: dict[Any, Any] | None = None,
                refuse: Refuse | None = None) -> list[Infected]:
    """Infected a gun at ``sq`` can hit: in range and in the hero's sight (``leaving``: a square
    the hero is stepping off, which no longer blocks), and those in a grapple next to ``sq``;
    ``refuse`` hears why each other infected is left out."""
    if memo is not None and refuse is None:
        key = (sq, card.name, leaving)
        found: list[Infected] | None = memo.get(key)
        if found is None:
            found = memo[key] = gun_targets(g, h, sq, card, leaving)
        return found
    m = g.mission
    shield = g.shield_square(sq if leaving < 0 else leaving) if g.shields else -1  # Agent Z: fired through
    floor_of, floor = m.floor_of, m.floor_of[sq]
    limit = m.gear[card.eq].range
    dist = m.route_from(sq, ALL) if limit is not None else None
    at, doors = g.at, g.doors
    # ``m.sees`` and ``m.entered_offsets`` called on the mission, not as bound methods kept in locals: compiled,
    # those are calls through Python's convention; and no test of the square's bit in ``m.sight_row(sq)`` first
    # (``sees`` reads the same bit from its byte rows, without the shifts of a board-wide integer)
    found = []
    for z in g.infected.values():
        target = z.sq
        if target is None:
            continue  # on a hero card: see grappled_nearby
        if floor_of[target] != floor and not m.linked(sq, target):
            if refuse is not None:
                refuse(z.id, "heroes may not shoot across floors" + (
                    " except between linked stairway squares" if m.linked_sight else ""))
            continue
        if not m.sees(sq, target, doors):
            if refuse is not None:
                refuse(z.id, f"no line of sight from {m.show(sq)} to {m.show(target)}: a wall or closed door is "
                             "in the way")
            continue
        if dist is not None and limit is not None and dist.get(target, UNREACHABLE) > limit:
            if refuse is not None:
                refuse(z.id, f"z{z.id} is out of range: the {m.equipment[card.eq].name} reaches {limit} squares")
            continue
        for off in m.entered_offsets(sq, target):
            unit = at.get(sq + off)
            if unit is not None and not unit.prone and sq + off != leaving and sq + off != shield:
                if refuse is not None:
                    refuse(z.id, f"no line of sight from {m.show(sq)} to {m.show(target)}: a figure is in the way")
                break
        else:
            found.append(z)
    return found + grappled_nearby(g, h, sq, gun=True, leaving=leaving, refuse=refuse)


def blade_targets(g: Game, h: Hero, sq: int, refuse: Refuse | None = None) -> list[Infected]:
    """Infected a blade or a fist at ``sq`` reaches: one step, and those in a grapple next to ``sq``."""
    near = reach(g, sq)
    found = [u for n in near if isinstance(u := g.at.get(n), Infected)]
    if refuse is not None:
        for z in g.board_infected():
            if z not in found:
                refuse(z.id, f"z{z.id} is not on an adjacent square within reach: melee never crosses a wall, a "
                             "closed door, or a doorway or corner diagonally")
    return found + grappled_nearby(g, h, sq, refuse=refuse)


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
