"""Z War One's d8 charts (spawn tables, weapon, grab and bite tests) as tables of the one model.

A compiled chart is a die and rows of faces, each carrying the game's own
result. ``chart`` makes it a ``Table`` so that the coverage proof, the odds
and the printed faces all come from the table model. A bonus (aimed fire)
is a modifier; totals past the die read its last row, which is the last row
made open ("7+"), and the first made open below.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.table_kind import Kind
from .dice import parse
from .table import Key, Modifier, Outcome, Row, Table


def chart(die: int, rows: Iterable[tuple[int, int, object]], name: str = "chart", bonus: int = 0,
          open_ends: bool = False) -> Table:
    """The chart as a table of 1d``die``; with a bonus (or ``open_ends``), its end rows open so every
    total has a row."""
    rows = sorted(rows, key=lambda r: r[0])
    made = []
    opened = bool(bonus) or open_ends
    for i, (low, high, result) in enumerate(rows):
        lo = None if opened and i == 0 else low
        hi = None if opened and i == len(rows) - 1 else high
        made.append(Row(Key(lo, hi, None, f"{low}-{high}" if low != high else str(low)),
                        {None: Outcome(text=f"{low}-{high}", data=result)}, i))
    mods = (Modifier("bonus", parse(bonus), {}, None, 0),) if bonus else ()
    return Table(id=name, qualified=name, name=name, kind=Kind.SUM, dice=parse(f"1d{die}"), pool=None, against=None,
                 success={}, subdie=6, columns=None, contexts={}, modifiers=mods, rows=tuple(made))


def of(table, bonus: int = 0, open_ends: bool = False) -> Table:
    """A compiled ``DiceTable`` (die, rows of low, high, result) as a table."""
    return chart(table.die, [(r.low, r.high, r.result) for r in table.rows], bonus=bonus, open_ends=open_ends)


def read(table, roll: int):
    """What a roll (a bonus included) reads on a compiled chart: the game's result of the row the table
    model takes, totals past either end reading the end row. The engine's spawn and weapon rolls read
    their charts here (each roll once per mission: ``engine.mission.Charts``), so play, odds and print go
    through one model."""
    for r in of(table, open_ends=True).rows:
        if r.key.holds(roll):
            return r.results[None].data
    raise ValueError(f"no row of the table covers {roll}")
