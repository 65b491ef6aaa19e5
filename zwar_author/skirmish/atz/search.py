"""Searching a building: the pack's Resource Table for each character searching, and its Weapons Table.

Seed lines (004) 2621-2629: once a building is cleared, or was empty, it may
be searched on a turn of activation (2490); 2d6 for each character searching,
modified by area (2631-2634, the table's own modifiers), read on the Resource
Table (`resources`, its column vacant or occupied, line 2682), a Weapons row
rolled on the Weapons Table (`weapons`); an item the type of building cannot
hold is nothing (2628, the list by building type 2637-2676, ``HOLDS``); a
building is searched once, by as many as are in it (2629). A weapon found
arms a searcher who has no ranged weapon; body armor protects him (477); a
flash-bang grenade is carried (1014). Keys to a vehicle (2686) operate the
vehicle next to the building on 1-4, else the finder keeps them (1454).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...tables.roll import pick
from ..core import Context
from .buildings import Site
from .dice import TableDice
from .state import Human, Status
from .vehicles import Vehicle, keys_fit
from .weapons import weapon

if TYPE_CHECKING:
    from .game import AtzGame

FOOD, KEYS, LUXURY, FUEL, MEDICAL, WEAPONS, CURE = (
    "Food", "Keys to a vehicle", "Luxury items", "Fuel", "Medical supplies", "Weapons", 'The "Cure"')
FLASH_BANG = "Flash Bang Grenade"
PISTOLS = ("Pistol", "BA Pistol")

#: The Resource Table's keys (line 2686), and how near a vehicle is "adjacent to the building" (line 1454, read:
#: its base within an inch of the walls).
KEYS = "Keys to a vehicle"
ADJACENT = 1.0
#: What each type of building holds (lines 2637-2676): the resources, the weapons when it holds only some
#: (None: any but flash-bang grenades, which only the military base and police station hold), and the
#: weapons it gives instead of others. A type the list does not name holds anything (the pack's reading).
HOLDS: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None, dict[str, str]]] = {
    "apartments": ((FOOD, WEAPONS, LUXURY, KEYS), None, {}),  # line 2638
    "church": ((KEYS,), None, {}),  # line 2640
    "clinic": ((KEYS, LUXURY, MEDICAL), None, {}),  # line 2641
    "dock": ((FOOD, WEAPONS, KEYS), None, {}),  # line 2643
    "gas station": ((FOOD, FUEL, LUXURY, KEYS), None, {}),  # line 2644
    "hospital": ((FOOD, KEYS, LUXURY, MEDICAL, CURE), None, {}),  # line 2646
    "house": ((FOOD, WEAPONS, LUXURY, KEYS), None, {}),  # line 2649
    "military base": ((FOOD, KEYS, LUXURY, FUEL, MEDICAL, WEAPONS, CURE), None,  # lines 2652-2657
                      {"Bolt Action Rifle": "Assault Rifle", "Assault Rifle": "Squad Automatic Weapon"}),
    "office": ((WEAPONS, KEYS), PISTOLS, {}),  # line 2658
    "police station": ((FOOD, KEYS, LUXURY, FUEL, MEDICAL, WEAPONS), None,  # lines 2660-2663
                       {"Bolt Action Rifle": "Shotgun"}),
    "restaurant": ((FOOD, WEAPONS, LUXURY, KEYS), None, {}),  # line 2664
    "bar": ((FOOD, WEAPONS, LUXURY, KEYS), None, {}),
    "box store": ((FOOD, KEYS, WEAPONS, FUEL, LUXURY, MEDICAL),  # lines 2666-2670: Retail "Box" Store
                  ("Pistol", "BA Pistol", "Shotgun", "Bolt Action Rifle"), {}),
    "retail store": ((WEAPONS, LUXURY, KEYS), ("Pistol",), {}),  # line 2671
    "school": ((FOOD, KEYS), None, {}),  # line 2673
    "supermarket": ((FOOD, MEDICAL, LUXURY, KEYS), None, {}),  # line 2674
    "warehouse": ((WEAPONS, KEYS), ("Pistol",), {}),  # line 2676
}
#: Building types whose weapons include flash-bang grenades (lines 2651, 2661).
GRENADES = ("military base", "police station")


def holds(site: Site) -> tuple[str, tuple[tuple[str, ...], tuple[str, ...] | None, dict[str, str]] | None]:
    """The type of building ``site`` is, as the list names it, and what it holds (None: not listed)."""
    name = " ".join(site.type.lower().replace('"', " ").split())  # Retail "Box" Store: retail box store
    for key in sorted(HOLDS, key=len, reverse=True):
        if key in name:
            return key, HOLDS[key]
    return name, None


def search(game: AtzGame, ctx: Context, h: Human, site: Site) -> None:
    """``h`` and every friend carrying on inside ``site`` search it, once: 2d6 each on the Resource Table."""
    visit = game.visits[site.id]
    visit.searched = True
    searchers = [h] + [m for m in game.on_table(game.humans) if m is not h and m.status is Status.CARRY_ON
                       and site.holds(m.position)]
    kind, held = holds(site)
    column = "occupied" if visit.occupied else "vacant"
    dice = TableDice(ctx)
    for m in searchers:
        picked = pick(game.setup.table("resources"), {"area": game.setup.area, "building": column}, dice)
        result = picked.row.result(column) if picked.row is not None else None
        for line in picked.lines:
            game.log_line(f"{m.name} searches {site.id}: {line}", m.id)
        if result is None:
            continue
        item = result.text
        if result.table is not None:
            named = pick(game.setup.table("weapons"), {}, dice)
            for line in named.lines:
                game.log_line(f"  {line}", m.id)
            said = named.row.result(None) if named.row is not None else None
            item = said.text if said is not None else ""
            item = held[2].get(item, item) if held else item
        allowed = _allowed(kind, held, result.table is not None, item)
        if item == "No resources found" or not allowed:
            game.log_line(f"{m.name} finds nothing" + ("" if allowed else f" (a {kind} holds no {item})"), m.id)
            continue
        game.tally.found.append(item)
        game.log_line(f"{m.name} finds {item}", m.id)
        take(game, m, item)
        if item == KEYS:
            _keys(game, ctx, m, site)


def _keys(game: AtzGame, ctx: Context, m: Human, site: Site) -> None:
    """Keys found operate the vehicle next to the building on 1-4; otherwise (or with none next to it) the
    finder keeps them, and they may start another vehicle with "The Car Won't Start!" (line 1454)."""
    beside = [v for v in game.figures if isinstance(v, Vehicle) and v.wreck is None
              and site.outline.distance(v.position.point) - float(v.base.radius) <= ADJACENT]
    near = min(beside, key=lambda v: site.outline.distance(v.position.point), default=None)
    if near is not None:
        fit = keys_fit(ctx, near, m.id)
        game.log_line(f"The keys {'fit' if fit else 'do not fit'} {near.name}, next to {site.id}", m.id)
        if fit:
            near.keys = True
            return
    m.keys = True
    game.log_line(f"{m.name} keeps the keys: they may start another vehicle (The Car Won't Start!)", m.id)


def _allowed(kind: str, held, arms: bool, item: str) -> bool:
    if arms and item == FLASH_BANG:
        return kind in GRENADES
    if held is None:
        return True
    resources, weapons, _ = held
    if arms:
        return WEAPONS in resources and (weapons is None or item in weapons)
    return item == "No resources found" or item in resources


def take(game: AtzGame, m: Human, item: str) -> None:
    """A weapon found (or got bartering, ``barter``) arms a searcher with no ranged weapon; body armor
    protects; a flash-bang is carried."""
    if item == "Body Armor":
        m.protected = True
    elif item == FLASH_BANG:
        m.grenades = True
    elif (found := weapon(item)) is not None and found.ranged and (m.weapon is None or not m.weapon.ranged):
        m.weapon = found
        game.log_line(f"{m.name} arms himself with the {found.name}", m.id)
