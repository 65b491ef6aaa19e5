"""A Zone Wars model on the table, the cards it carries, and the words of the game's vocabulary."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..core import Figure


class Status(str, Enum):
    READY = "ready"
    BROKEN = "broken"
    TAKEN_OUT = "taken out"
    LEFT = "left the table"


class Kind(str, Enum):
    """Event kinds."""

    ROUND = "round"
    CUP = "cup"
    ACTIVATE = "activate"
    MOVE = "move"
    ATTACK = "attack"
    ROLL = "roll"
    DAMAGE = "damage"
    BROKEN = "broken"
    RECOVER = "recover"
    TAKEN_OUT = "taken out"
    ARTIFACT = "artifact"
    ZONE = "zone"
    OVERWATCH = "overwatch"
    LEFT = "left"
    END = "end"


#: The cup's Zone tokens, beside one entry per side.
ZONE = "zone"
#: The side of the monsters Zone cards bring (skirmish.zonewars.monsters): no player's, every side's enemy.
MONSTER = "monster"


@dataclass
class Item:
    """A card a model carries: starting gear or an artifact. ``found``: picked up this battle (worth VP)."""

    card: str
    found: bool = False
    bonus: int = 0  # the Bonus left after damage
    busted: bool = False

    def text(self, name: str) -> str:
        return name + (" (Busted)" if self.busted else "")


@dataclass
class Model(Figure):
    character: str = ""
    ranged: int = 0
    melee: int = 0
    survival: int = 0
    health: int = 1
    damage: int = 0
    status: Status = Status.READY
    bloodied: bool = False
    recover_rolled: bool = False  # failed its Recover roll: the next Recover needs none
    activated: bool = False  # this round
    overwatch: bool = False
    held_over: bool = False  # its overwatch token stayed out of the cup this round
    stuck: bool = False  # cannot move at its next activation (a Zone card)
    mutated: bool = False  # has used a mutation in this activation (one an activation, seed 410)
    items: list[Item] = field(default_factory=list)
    mutations: tuple[str, ...] = ()

    @property
    def in_play(self) -> bool:
        return self.status in (Status.READY, Status.BROKEN)

    @property
    def ready(self) -> bool:
        return self.status is Status.READY
