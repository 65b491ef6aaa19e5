"""The table model's dice over a skirmish context: every roll of a pack's table is a chance request."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...tables.dice import parse
from ...tables.roll import amount, pick
from ...tables.table import Table
from ..core import Context


class TableDice:
    """The table model's chance interface (``roll(why, who, die)``) over a skirmish ``Context``."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def roll(self, why: str, who: str | None = None, die: int = 8) -> int:
        return self.ctx.roll(why, tuple(range(1, die + 1)), who)


def leaders_roll(table: Table, values: Mapping[str, str | int], ctx: Context, say: Callable[[str], None],
                 tie: str = "Both highest failed dice are equal: both leaders roll again") -> int:
    """Both leaders' roll against each other on Meet & Greet, the Barter Table or Walk the Walk (lines
    2558-2566, 3098-3102, 2577), rolled again on the row that totals 0 (a tie, said as ``tie``). What
    the row totals: the player's side up when positive."""
    while True:
        picked = pick(table, dict(values), TableDice(ctx))
        for line in picked.lines:
            say(line)
        if picked.total != 0:
            return picked.total
        say(tie)


def roll_amount(expr: str, ctx: Context, why: str) -> int:
    """Dice as an encounter writes them (``2 + 1d6``), rolled."""
    return amount(parse(expr), {}, TableDice(ctx), why)[0]
