"""Rolling a table: every die asked of a chance interface, every step of the chain written down.

The chance interface is the engine's: an object with ``roll(why, who, die)``
returning a face. ``engine.chance.Live`` answers from a seeded RNG, or from
a list of forced dice first, so a test decides every die; ``Replay`` answers
from a list and stops at the first die it was not given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from ..model.table_kind import Kind
from .dice import Expr
from .table import Context, Outcome, Row, Table


class Chance(Protocol):
    def roll(self, why: str, who: str | None = None, die: int = 8) -> int: ...


@dataclass
class Rolled:
    """One roll of a table and what it led to: the lines of the chain, and the final outcome."""

    lines: list[str] = field(default_factory=list)
    outcome: str = ""


@dataclass
class Picked:
    """What one roll of a table reads: the total (dice passed, successes, a margin), its row, and how."""

    total: int
    row: Row | None
    lines: list[str]


def pick(table: Table, values: Context, chance: Chance, depth: int = 0) -> Picked:
    """Roll ``table`` once in ``values`` and take its row (a sub-roll included), following no chain: what
    an engine reads to play the row's result itself."""
    pad = "  " * depth
    total, text = _total(table, values, chance)
    first, *more = text.split("\n")  # an opposed roll: one line a round
    lines = [f"{pad}{table.id}: {first}"] + [f"{pad}  {line}" for line in more]
    rows = [r for r in table.rows_at(total)]
    if rows and rows[0].key.sub:
        face = chance.roll(f"{table.id}: sub-roll of {total}", die=table.subdie)
        rows = [r for r in rows if r.key.sub and r.key.sub[0] <= face <= r.key.sub[1]]
        lines.append(f"{pad}  sub-roll d{table.subdie}: {face}")
    return Picked(total, rows[0] if rows else None, lines)


def roll(table: Table, values: Context, chance: Chance, tables: Mapping[str, Table] = {},
         depth: int = 0) -> Rolled:
    """Roll ``table`` in ``values``; results leading to other tables are rolled in turn."""
    out = Rolled()
    pad = "  " * depth
    if not table.rows:
        total, text = _total(table, values, chance)
        first, *more = text.split("\n")
        out.lines += [f"{pad}{table.id}: {first}"] + [f"{pad}  {line}" for line in more]
        out.outcome = str(total)
        return out
    picked = pick(table, values, chance, depth)
    out.lines += picked.lines
    total = picked.total
    column = values.get(table.columns) if table.columns else None
    result = picked.row.result(column) if picked.row else None
    if result is None:
        out.lines.append(f"{pad}  no row for {total}")
        out.outcome = "(no row)"
        return out
    assert picked.row is not None
    out.lines.append(f"{pad}  row {picked.row.key.text}: {result.label()}")
    out.outcome = _result(result, values, chance, tables, depth, out)
    return out


def _result(result: Outcome, values: Context, chance: Chance, tables: Mapping[str, Table], depth: int,
            out: Rolled) -> str:
    pad = "  " * depth
    if result.table is not None and result.table in tables:
        follow = roll(tables[result.table], values, chance, tables, depth + 1)
        out.lines += follow.lines
        return follow.outcome
    if result.amount is not None:
        n, text = _expr(result.amount, values, chance, f"amount {result.amount.text()}")
        counted = 0 if n in result.zero else n
        zero = f" (a {n} counts as none)" if n in result.zero else ""
        unit = f" {result.unit}" if result.unit else ""
        out.lines.append(f"{pad}  {result.amount.text()}: {text}{zero}: {counted}{unit}")
        return f"{counted}{unit}"
    return result.label()


def amount(expr: Expr, values: Context, chance: Chance, why: str) -> tuple[int, str]:
    """Roll an expression ("1 + 1/2d6"): its value and how it was made."""
    return _expr(expr, values, chance, why)


def _expr(expr: Expr, values: Context, chance: Chance, why: str) -> tuple[int, str]:
    """Roll an expression: its value and how it was made ("3 + 5 + 2 = 10")."""
    parts, total = [], 0
    for term in expr.terms:
        if term.sides:
            for _ in range(term.count):
                face = chance.roll(f"{why}: d{term.sides}", die=term.sides)
                value = -(-face // term.divide)
                parts.append((term.sign, f"{face} halved {value}" if term.divide > 1 else str(face)))
                total += term.sign * value
        else:
            named = values[term.name] if term.name else term.count
            assert isinstance(named, int)
            parts.append((term.sign, f"{named} ({term.name})" if term.name else str(named)))
            total += term.sign * named
    text = "".join((("-" if s < 0 else "") if i == 0 else (" - " if s < 0 else " + ")) + p
                   for i, (s, p) in enumerate(parts))
    return total, text if len(parts) == 1 else f"{text} = {total}"


def _total(table: Table, values: Context, chance: Chance) -> tuple[int, str]:
    """The number the table is read with, and the line saying how it was made."""
    applied = table.applied(values)
    if table.kind is Kind.SUM:
        total, text = _expr(table.dice, values, chance, f"{table.id} {table.dice.text()}")
        line = f"rolled {table.dice.text()}: {text}"
        for mod in applied:
            value, how = _expr(mod.value, values, chance, mod.name)
            total += value
            line += f"; {mod.name} {'+' if value >= 0 else ''}{value}" + (f" ({how})" if not mod.value.constant else "")
        return total, line + (f"; total {total}" if applied else "")
    if table.kind is Kind.OPPOSED:
        return _opposed(table, values, chance)
    nums = {k: v for k, v in values.items() if isinstance(v, int)}
    pool = (table.pool.value(nums) if table.pool is not None else 2) + sum(m.value.dice for m in applied)
    shift = sum(m.value.value(nums) for m in applied)
    faces = [chance.roll(f"{table.id}: d6 {i + 1} of {pool}", die=table.sides) for i in range(max(0, pool))]
    mods = "".join(f"; {m.shown()}" for m in applied)
    if table.kind is Kind.PASS:
        assert table.against is not None
        target = table.against.value(nums) + shift
        wins = table.passing(target)
        passed = sum(1 for f in faces if f in wins)
        said = f"passed {passed}"
        if table.counted(passed) != passed:
            said += f", counted as {table.counted(passed)} (never better)"
        failed = sorted({f for f in faces if f <= target} & table.fails)
        said += f" ({', '.join(map(str, failed))} always fails)" if failed else ""
        return table.counted(passed), f"rolled {pool}d6 against {target}{mods}: {', '.join(map(str, faces))}: {said}"
    column = values.get(table.columns) if table.columns else None
    wins = table.success.get(None) or table.success.get(str(column), frozenset())
    count = sum(1 for f in faces if f in wins) + shift
    return count, f"rolled {pool}d6{mods}: {', '.join(map(str, faces))}: {count} successes"


def _opposed(table: Table, values: Context, chance: Chance) -> tuple[int, str]:
    """Both sides roll; successes are kept and re-rolled until one side (or both) has none."""
    from .opposed import ratio

    applied = table.applied(values)
    ours, theirs, target, their_target = table.effect(values)
    wins = table.wins(target, values.get(table.columns) if table.columns else None)
    their_wins = table.wins(their_target, values.get(table.columns) if table.columns else None)
    mods = "".join(f"; {m.shown()}" for m in applied)
    parts = [f"you roll {max(0, ours)}d6, they roll {max(0, theirs)}d6{mods}"]
    a, b, n = max(0, ours), max(0, theirs), 0
    while True:
        n += 1
        mine = [chance.roll(f"{table.id}: round {n}, your d6 {i + 1} of {a}", die=table.sides) for i in range(a)]
        yours = [chance.roll(f"{table.id}: round {n}, their d6 {i + 1} of {b}", die=table.sides) for i in range(b)]
        x, y = sum(f in wins for f in mine), sum(f in their_wins for f in yours)
        parts.append(f"round {n}: you {_faces(mine)} ({x} kept), they {_faces(yours)} ({y} kept)")
        if not table.reroll or x == 0 or y == 0:
            break
        a, b = x, y
    if table.read == "ratio":
        total = ratio(x, y)
        return total, "\n".join(parts) + f"\n{x} against {y} successes: total {total}"
    total = x - y
    if x == 0 and y == 0 and table.tiebreak:
        high, their_high = max(mine, default=0), max(yours, default=0)
        total = (high > their_high) - (high < their_high)
        who = {1: "you count as passing 1d6", -1: "they count as passing 1d6", 0: "equal, neither passes"}[total]
        parts.append(f"both none: highest failed die {high or 'none'} against {their_high or 'none'}, {who}")
    return total, "\n".join(parts) + f"\ntotal {total}"


def _faces(faces: list[int]) -> str:
    return ", ".join(map(str, faces)) if faces else "no dice"
