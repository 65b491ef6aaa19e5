"""Outgunned: the Outgunned Ranking of weapons, read from the pack's `outgunned-ranking` table.

Seed lines (004): a figure shot with a weapon of a higher Outgunned Ranking
than its own, or that cannot shoot back for range or ammo, is outgunned and
scores no better than duck back on Received Fire (1053); Stars, chargers, those
armed only for melee and those retrieving wounded never are (1054, 1341). The
printed rankings (1056-1064) are unreadable in the source text, so the pack's
table marks each ranking assumed but the Assault Rifle's OR 3 (line 1066).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...tables.table import Table
from ..core import Board
from .state import Human
from .weapons import WEAPONS, Weapon

TABLE = "outgunned-ranking"


def rankings(table: Table) -> dict[str, int]:
    """Each weapon's ranking by its name in lower case: a row a ranking, naming its weapons."""
    out: dict[str, int] = {}
    for row in table.rows:
        said = row.result(None)
        for name in (said.text if said is not None else "").split(","):
            if name.strip():
                out[name.strip().lower()] = row.key.lo
    return out


def unranked(tables: Mapping[str, Table]) -> list[str]:
    """The firearms the engine plays that the pack's ranking table does not rank, each named: a game with
    them cannot read Received Fire."""
    if TABLE not in tables:
        return []  # named with the other missing tables
    ranked = rankings(tables[TABLE])
    return [f"the Outgunned Ranking of the {w.name} (table atz/{TABLE})" for w in WEAPONS.values()
            if w.ranged and w.name.lower() not in ranked]


def rank(table: Table, w: Weapon | None) -> int:
    """A weapon's ranking; 0 for none or a melee weapon (which is never outgunned, line 1054)."""
    if w is None or not w.ranged:
        return 0
    return rankings(table)[w.name.lower()]


def why(table: Table, f: Human, shooter: Human, charging: bool = False) -> str | None:
    """Why ``f`` is outgunned by ``shooter`` (line 1053), or None: a higher ranking, out of ammo, or the shooter
    out of its range. Never a Star, a charger, one armed only for melee or one retrieving wounded (1054)."""
    w = f.weapon
    if w is None or not w.ranged or f.star or charging or f.carrying is not None:
        return None
    if f.out_of_ammo:
        return "out of ammo"
    if not Board.within(f, shooter, w.range):
        return "out of range"
    theirs, ours = rank(table, shooter.weapon), rank(table, w)
    if theirs > ours:
        assert shooter.weapon is not None
        return f"the {shooter.weapon.name} (OR {theirs}) outguns the {w.name} (OR {ours})"
    return None
