"""A compiled random table: parsed keys, results and modifiers, ready to prove, count and roll.

Everything here is plain data. ``applied`` says which modifiers hold in a
context, ``effect`` what they do to the roll, and ``outcome_dist`` turns an
effect into the distribution of what the dice read on the table (a total,
dice passed, or successes), exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..model.table_kind import Kind
from .dice import Dist, Expr, Term, binomial, convolve, term_dist

Value = str | int
Context = Mapping[str, Value]
INF = 10**9


@dataclass(frozen=True)
class Key:
    """The totals a row covers: ``low``..``high`` (``None`` open), and a sub-roll's faces if any."""

    low: int | None
    high: int | None
    sub: tuple[int, int] | None = None
    text: str = ""

    @property
    def lo(self) -> int:
        return -INF if self.low is None else self.low

    @property
    def hi(self) -> int:
        return INF if self.high is None else self.high

    def holds(self, total: int) -> bool:
        return self.lo <= total <= self.hi

    def span(self) -> str:
        """The totals in words: "7", "4-7", "3 or less", "11+"."""
        if self.low is None:
            return f"{self.high} or less"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Outcome:
    """One result: text, a number, an amount of dice ("1 + 1/2d6 zombies"), or a roll on another table."""

    text: str = ""
    number: int | None = None
    amount: Expr | None = None
    unit: str | None = None
    zero: tuple[int, ...] = ()
    table: str | None = None  # qualified id once resolved
    data: Any = field(default=None, compare=False)  # what a game's own chart row gives (a spawn result)

    def label(self) -> str:
        if self.number is not None:
            return str(self.number)
        if self.amount is not None:
            return (self.text + ": " if self.text else "") + f"{self.amount.text()} {self.unit or ''}".strip()
        if self.table is not None:
            return (self.text.rstrip(".:") + ": " if self.text else "") + f"roll on {self.table.split('/')[-1]}"
        return self.text

    def counts(self, values: Context) -> Dist:
        """An amount's distribution, with the rolls that count as none made zero."""
        assert self.amount is not None
        out: Dist = {}
        for n, p in self.amount.dist(numbers(values)).items():
            n = 0 if n in self.zero else n
            out[n] = out.get(n, Fraction(0)) + p
        return dict(sorted(out.items()))


@dataclass(frozen=True)
class Row:
    key: Key
    results: dict[str | None, Outcome]  # by column value; None: every column
    index: int
    assumed: str | None = None

    def result(self, column: Value | None) -> Outcome | None:
        if None in self.results:
            return self.results[None]
        return self.results.get(str(column)) if column is not None else None


@dataclass(frozen=True)
class Modifier:
    name: str
    value: Expr
    when: dict[str, frozenset]
    group: str | None
    index: int
    assumed: str | None = None
    side: str = "us"

    def holds(self, values: Context) -> bool:
        return all(values.get(k) in allowed for k, allowed in self.when.items())

    @property
    def keys(self) -> set[str]:
        return set(self.when) | self.value.names

    def shown(self) -> str:
        text = self.value.text()
        them = " to them" if self.side == "them" else ""
        return f"{self.name} ({text if text.startswith('-') else '+' + text}{them})"


@dataclass(frozen=True)
class Table:
    id: str
    qualified: str
    name: str
    kind: Kind
    dice: Expr
    pool: Expr | None
    against: Expr | None
    success: dict[str | None, frozenset[int]]
    subdie: int
    columns: str | None
    contexts: dict[str, tuple[Value, ...]]
    modifiers: tuple[Modifier, ...]
    rows: tuple[Row, ...]
    source: str = ""
    text: str = ""
    sides: int = 6
    path: str = ""
    versus: Expr | None = None  # opposed: the other side's dice
    versus_against: Expr | None = None  # opposed: the other side's target
    reroll: bool = True
    read: str = "difference"
    tiebreak: bool = False  # opposed: both ending with none broken by the highest failed die
    best: int | None = None  # pass: the most dice that count as passed
    fails: frozenset[int] = frozenset()  # pass: faces that never pass

    @property
    def base_keys(self) -> set[str]:
        names = set(self.dice.names) if self.kind is Kind.SUM else set()
        for expr in (self.pool, self.against, self.versus, self.versus_against):
            names |= expr.names if expr is not None else set()
        return names

    def keys(self) -> set[str]:
        """Every context key the table reads."""
        out = self.base_keys | {k for m in self.modifiers for k in m.keys}
        return out | ({self.columns} if self.columns else set())

    def applied(self, values: Context) -> list[Modifier]:
        """The modifiers that hold in ``values``; in a group only the first that holds."""
        return applied(self.modifiers, values)

    def effect(self, values: Context):
        """The roll ``values`` make, modifiers applied: (constant, dice) for a sum, (dice, target) for
        a pool, (your dice, theirs, your target, theirs) for an opposed roll."""
        return combine_all(self, [base_effect(self, values)] + [mod_effect(self, m, values) for m in self.applied(values)])

    def dist(self, values: Context) -> Dist:
        """What the dice read on the table in ``values``: a total, dice passed, or successes."""
        return self.outcome_dist(self.effect(values), values.get(self.columns) if self.columns else None)

    def outcome_dist(self, effect, column: Value | None) -> Dist:
        if self.kind is Kind.OPPOSED:
            return opposed_dist(self, effect, column)
        if self.kind is Kind.SUM:
            shift, dice = effect
            return {k + shift: p for k, p in dice_dist(dice)}
        pool, shift = effect
        if self.kind is Kind.PASS:
            passed = binomial(pool, Fraction(len(self.passing(shift)), self.sides))
            if self.best is None:
                return passed
            out: Dist = {}
            for n, p in passed.items():
                out[min(n, self.best)] = out.get(min(n, self.best), Fraction(0)) + p
            return out
        faces = self.success.get(None) or self.success.get(str(column), frozenset())
        counts = binomial(pool, Fraction(len(faces), self.sides))
        return {k + shift: p for k, p in counts.items()}

    def passing(self, target: int) -> frozenset[int]:
        """A pass table's faces that pass against ``target``: those at or under it, but never a face of
        ``fails``."""
        return frozenset(range(1, max(0, min(self.sides, target)) + 1)) - self.fails

    def counted(self, passed: int) -> int:
        """The dice passed as the table reads them: never more than ``best``."""
        return passed if self.best is None else min(passed, self.best)

    def wins(self, target: int | None, column: Value | None = None) -> frozenset[int]:
        """The faces that succeed: those at or under ``target``, else the table's success faces."""
        if target is not None and (self.against is not None):
            return frozenset(range(1, max(0, min(self.sides, target)) + 1))
        return self.success.get(None) or self.success.get(str(column), frozenset())

    def rows_at(self, total: int) -> list[Row]:
        return [r for r in self.rows if r.key.holds(total)]


def opposed_dist(table: Table, effect, column: Value | None) -> Dist:
    """An opposed roll's totals: your successes minus theirs at the end (or their ratio), exactly."""
    from .opposed import opposed, ratios  # the chain is only needed for opposed tables

    ours, theirs, target, their_target = effect
    wins = table.wins(target, column), table.wins(their_target, column)
    p, q = (Fraction(len(w), table.sides) for w in wins)
    if table.read == "ratio":
        return ratios(ours, theirs, p, q)
    fails = tuple(tuple(f for f in range(1, table.sides + 1) if f not in w) for w in wins)
    tie = (fails[0], fails[1]) if table.tiebreak else None
    return opposed(ours, theirs, p, q, tie, table.reroll)


def applied(mods: tuple[Modifier, ...] | list[Modifier], values: Context) -> list[Modifier]:
    """Those of ``mods`` that hold in ``values``; of a non-stacking group, only the first that holds."""
    out, groups = [], set()
    for mod in mods:
        if mod.holds(values) and (mod.group is None or mod.group not in groups):
            out.append(mod)
            if mod.group:
                groups.add(mod.group)
    return out


# --- effects: what the base roll and each modifier do, as values that add up ----------


def numbers(values: Context) -> dict[str, int]:
    return {k: v for k, v in values.items() if isinstance(v, int)}


def symbol(expr: Expr, values: Context):
    """A sum's effect as (constant, dice): the dice as sorted (sign, sides, divide, count) groups.

    Two effects with equal symbols have equal distributions, and adding effects only adds
    constants and dice counts, so the proof combines symbols and computes each distinct
    distribution once, at the end.
    """
    nums = numbers(values)
    dice: dict[tuple[int, int, int], int] = {}
    for t in expr.terms:
        if t.sides:
            dice[(t.sign, t.sides, t.divide)] = dice.get((t.sign, t.sides, t.divide), 0) + t.count
    return (expr.value(nums), tuple(sorted((*k, n) for k, n in dice.items())))


@lru_cache(maxsize=4096)
def dice_dist(dice: tuple[tuple[int, int, int, int], ...]) -> tuple[tuple[int, Fraction], ...]:
    total: Dist = {0: Fraction(1)}
    for sign, sides, divide, count in dice:
        total = convolve(total, term_dist(Term(sign, count, sides, divide), {}))
    return tuple(total.items())


def base_effect(table: Table, values: Context):
    """The unmodified roll: (constant, dice) for a sum; (dice, target) or (dice, 0) for a pool."""
    nums = numbers(values)
    if table.kind is Kind.SUM:
        return symbol(table.dice, values)
    if table.kind is Kind.OPPOSED:
        ours = table.pool.value(nums) if table.pool is not None else 0
        theirs = table.versus.value(nums) if table.versus is not None else 0
        target = table.against.value(nums) if table.against is not None else None
        their = table.versus_against.value(nums) if table.versus_against is not None else target
        return (ours, theirs, target, their)
    pool = table.pool.value(nums) if table.pool is not None else 2
    target = table.against.value(nums) if (table.kind is Kind.PASS and table.against is not None) else 0
    return (pool, target)


def mod_effect(table: Table, mod: Modifier, values: Context):
    if table.kind is Kind.SUM:
        return symbol(mod.value, values)
    if table.kind is Kind.OPPOSED:  # dice, or a number of dice ("outnumber": one die a figure)
        n = mod.value.dice + mod.value.value(numbers(values))
        return (0, n, None, None) if mod.side == "them" else (n, 0, None, None)
    return (mod.value.dice, mod.value.value(numbers(values)))


def identity(table: Table):
    if table.kind is Kind.OPPOSED:
        return (0, 0, None, None)
    return (0, ()) if table.kind is Kind.SUM else (0, 0)


def combine(table: Table, a, b):
    if table.kind is Kind.SUM:
        dice: dict[tuple[int, int, int], int] = {}
        for sign, sides, divide, count in a[1] + b[1]:
            dice[(sign, sides, divide)] = dice.get((sign, sides, divide), 0) + count
        return (a[0] + b[0], tuple(sorted((*k, n) for k, n in dice.items())))
    if table.kind is Kind.OPPOSED:  # dice add up; a target comes from the base roll only
        return (a[0] + b[0], a[1] + b[1], a[2] if a[2] is not None else b[2], a[3] if a[3] is not None else b[3])
    return (a[0] + b[0], a[1] + b[1])


def combine_all(table: Table, effects: list):
    out = identity(table)
    for effect in effects:
        out = combine(table, out, effect)
    return out
