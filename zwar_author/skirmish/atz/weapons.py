"""The weapons a figure carries: range, Targets and Impact, as the List Of Weapons prints them.

Seed lines (004): the List Of Weapons 1006-1032 and its table 1034-1045, melee
weapons 1253-1257. The names are those the pack's weapon tables give (the
recruit lists' Survivor, Civilian and Ganger Weapons), so a figure armed from
a table carries a weapon the engine knows; any other name is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weapon:
    name: str
    range: int = 0  # inches; 0 for a melee weapon
    targets: int = 0  # d6 rolled when fired (line 1000)
    impact: int = 1
    dice: int = 0  # d6 rolled when more than the Targets (the shotgun's 6, line 1024)
    melee: int = 1  # Impact in melee; 1 without a melee weapon (assumed: line 2010 gives no modifier)
    one_handed: bool = False  # fired while retrieving wounded: the pistols of line 1194; line 1339


    @property
    def ranged(self) -> bool:
        return self.targets > 0


def _ranged(name: str, range_: int, targets: int, impact: int, dice: int = 0, one_handed: bool = False) -> Weapon:
    return Weapon(name, range_, targets, impact, dice, one_handed=one_handed)


#: Every weapon the engine plays, by its name in lower case (line 1008 onwards).
WEAPONS = {w.name.lower(): w for w in (
    _ranged("Assault Rifle", 48, 3, 3),  # line 1008
    _ranged("BA Pistol", 12, 2, 2, one_handed=True),  # line 1010
    _ranged("Bolt Action Rifle", 48, 1, 3),  # line 1012
    _ranged("Machine Pistol", 12, 3, 1, one_handed=True),  # line 1016
    _ranged("Pistol", 12, 2, 1, one_handed=True),  # line 1018
    _ranged("Semi-Automatic Rifle", 48, 2, 3),  # line 1020
    _ranged("Shotgun", 12, 3, 2, dice=6),  # lines 1022-1026: 6d6, the best three count
    _ranged("Squad Automatic Weapon", 48, 4, 3),  # line 1030
    _ranged("Submachine Gun", 24, 3, 1),  # line 1032
    Weapon("Flash Bang Grenade", range=6),  # line 1014: thrown (skirmish.atz.grenades), never fired
    Weapon("Unarmed"),
    Weapon("One handed weapon", melee=2),  # line 1255
    Weapon("Two handed weapon", melee=3),  # line 1256
    Weapon("Improvised one handed weapon", melee=1),  # line 1257: one Impact less
    Weapon("Improvised two hand weapon", melee=2),
)}


def weapon(name: str) -> Weapon | None:
    """The weapon of that name (any case), or None when the engine does not know it."""
    return WEAPONS.get(" ".join(name.lower().split()))
