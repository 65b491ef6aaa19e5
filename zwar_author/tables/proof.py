"""The coverage proof: every total every reachable modifier combination can make has one row.

The proof enumerates distributions, not dice outcomes nor every context.
Context keys that some modifier reads together form a component; each
component's contexts are enumerated (they are few), and what its modifiers
do is kept once per distinct effect (a distribution to add to the total, or
a change of dice and target). Components are then combined one after the
other, again keeping each distinct effect once with the smallest combination
of modifiers that reaches it. Twenty independent +1 modifiers make 2^20
contexts but only 21 distinct effects, so a table with twenty modifiers
checks in milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from .table import (
    Context,
    Modifier,
    Table,
    Value,
    applied,
    base_effect,
    combine,
    identity,
    mod_effect,
)

#: The most contexts one component may have: the proof enumerates them.
MAX_COMPONENT = 20000


def too_large(table: Table) -> tuple[list[str], int] | None:
    """The first component whose contexts are too many to enumerate, and how many, or None."""
    keys = table.base_keys | {k for m in table.modifiers for k in m.keys}
    for comp in components(table, keys):
        count = 1
        for k in comp:
            count *= len(table.contexts.get(k, ()))
        if count > MAX_COMPONENT:
            return comp, count
    return None


@dataclass(frozen=True)
class Reach:
    """One distinct effect of the modifiers, with the smallest combination reaching it."""

    effect: object
    applied: tuple[int, ...]  # modifier indices, in table order
    context: tuple[tuple[str, Value], ...]  # the context that reaches it (keys that matter)
    count: int  # how many contexts (of the keys that matter) reach it

    def rank(self) -> tuple:
        return (len(self.applied), self.applied, self.context)


def components(table: Table, keys: set[str]) -> list[list[str]]:
    """Context keys grouped so that no modifier (and no non-stacking group) spans two groups."""
    parent = {k: k for k in keys}

    def find(k: str) -> str:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def join(names) -> None:
        names = sorted(n for n in names if n in parent)
        for other in names[1:]:
            parent[find(other)] = find(names[0])

    join(table.base_keys)
    groups: dict[str, set[str]] = {}
    for mod in table.modifiers:
        join(mod.keys)
        if mod.group:
            groups.setdefault(mod.group, set()).update(mod.keys)
    for names in groups.values():
        join(names)
    out: dict[str, list[str]] = {}
    for k in sorted(keys):
        out.setdefault(find(k), []).append(k)
    return sorted(out.values())


def reaches(table: Table, fixed: Context | None = None) -> list[Reach]:
    """Every distinct effect of base roll and modifiers over the table's contexts, ``fixed`` held.

    Every key a modifier or the dice read is declared (the compiler checks it), so each
    modifier lies in one component; one that reads no key applies in every context.
    """
    if fixed is None:
        fixed = {}
    fixed = fixed or {}
    keys = table.base_keys | {k for m in table.modifiers for k in m.keys}
    current = _component(table, [], fixed, [m for m in table.modifiers if not m.keys], not table.base_keys)
    for comp in components(table, keys):
        mods = [m for m in table.modifiers if m.keys & set(comp)]
        mine = _component(table, comp, fixed, mods, bool(table.base_keys & set(comp)))
        current = _keep([_join(table, a, b) for a in current for b in mine])
    return sorted(current, key=Reach.rank)


def _component(table: Table, comp: list[str], fixed: Context, mods: list[Modifier], base: bool) -> list[Reach]:
    domains = [[fixed[k]] if k in fixed else list(table.contexts[k]) for k in comp]
    out = []
    for values in product(*domains):
        ctx = dict(zip(comp, values))
        holding = applied(mods, ctx)
        effect = base_effect(table, ctx) if base else identity(table)
        for mod in holding:
            effect = combine(table, effect, mod_effect(table, mod, ctx))
        out.append(Reach(effect, tuple(m.index for m in holding), tuple(ctx.items()), 1))
    return _keep(out)


def _join(table: Table, a: Reach, b: Reach) -> Reach:
    return Reach(combine(table, a.effect, b.effect), tuple(sorted(a.applied + b.applied)),
                 a.context + b.context, a.count * b.count)


def _keep(found: list[Reach]) -> list[Reach]:
    """Each distinct effect once: the smallest combination reaching it, and how many do."""
    best: dict[object, Reach] = {}
    for r in found:
        old = best.get(r.effect)
        if old is None:
            best[r.effect] = r
        else:
            keep = r if r.rank() < old.rank() else old
            best[r.effect] = Reach(keep.effect, keep.applied, keep.context, old.count + r.count)
    return list(best.values())


def column_values(table: Table) -> list[Value | None]:
    return list(table.contexts.get(table.columns, ())) if table.columns else [None]


@dataclass(frozen=True)
class Gap:
    totals: tuple[int, ...]
    reach: Reach
    column: Value | None
    chance: Fraction


@dataclass
class Coverage:
    gaps: list[Gap]
    reached: set[int]  # every total some combination makes


def coverage(table: Table) -> Coverage:
    """The totals with no row (none for a table without rows: its result is the total itself),
    combination by combination (smallest first, each reported while it
    reaches a total no smaller one did), and every total reached."""
    gaps: list[Gap] = []
    reported: set[int] = set()
    reached: set[int] = set()
    for column in column_values(table):
        fixed = {table.columns: column} if table.columns and column is not None else {}
        for reach in reaches(table, fixed):
            dist = table.outcome_dist(reach.effect, column)
            reached |= {t for t, p in dist.items() if p}
            missing = tuple(t for t in dist if dist[t] and not table.rows_at(t)) if table.rows else ()
            if set(missing) - reported:
                reported |= set(missing)
                gaps.append(Gap(missing, reach, column, sum((dist[t] for t in missing), Fraction(0))))
    return Coverage(gaps, reached)


def describe(table: Table, reach: Reach, column: Value | None) -> str:
    """ "with daytime (+1) (time = daytime)" or "with no modifier"."""
    mods = [table.modifiers[i].shown() for i in reach.applied]
    ctx = [(k, v) for k, v in reach.context if any(k in table.modifiers[i].keys for i in reach.applied)
           or k in table.base_keys]
    if column is not None:
        ctx = [(table.columns or "", column)] + [(k, v) for k, v in ctx if k != table.columns]
    where = f" ({', '.join(f'{k} = {v}' for k, v in ctx)})" if ctx else ""
    return ("with " + " and ".join(mods) if mods else "with no modifier") + where
