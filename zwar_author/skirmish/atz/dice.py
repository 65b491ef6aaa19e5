"""The table model's dice over a skirmish context: every roll of a pack's table is a chance request."""

from __future__ import annotations

from ...tables.dice import parse
from ...tables.roll import amount
from ..core import Context


class TableDice:
    """The table model's chance interface (``roll(why, who, die)``) over a skirmish ``Context``."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def roll(self, why: str, who: str | None = None, die: int = 8) -> int:
        return self.ctx.roll(why, tuple(range(1, die + 1)), who)


def roll_amount(expr: str, ctx: Context, why: str) -> int:
    """Dice as an encounter writes them (``2 + 1d6``), rolled."""
    return amount(parse(expr), {}, TableDice(ctx), why)[0]
