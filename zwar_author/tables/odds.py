"""Exact odds of a table: each row's chance in a context, and the distribution of final outcomes.

A row's chance sums the chances of the totals it covers (times the share of
the sub-roll's faces for a sub-roll row). A final outcome follows the chain:
a result that leads to another table is replaced by that table's outcomes,
and an amount ("1 + 1/2d6 zombies") by the number it comes to.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import product

from ..model.table_kind import Kind
from .table import Context, Outcome, Row, Table, Value

MAX_CONTEXTS = 4096
#: An opposed table's situations are only grouped by the dice they roll (no odds each), so many more are read.
MAX_SITUATIONS = 1 << 16


class TooManyContexts(ValueError):
    """More context combinations than are worth listing; give some values."""


def row_odds(table: Table, values: Context) -> list[tuple[Row, Fraction]]:
    """(row, chance) for every row, in table order."""
    dist = table.dist(values)
    out = []
    for row in table.rows:
        p = sum((q for t, q in dist.items() if row.key.holds(t)), Fraction(0))
        if row.key.sub:
            p *= Fraction(row.key.sub[1] - row.key.sub[0] + 1, table.subdie)
        out.append((row, p))
    return out


def unmatched(table: Table, values: Context) -> Fraction:
    """The chance of a total with no row (0 for a table that passes its proof)."""
    return sum((p for t, p in table.dist(values).items() if not table.rows_at(t)), Fraction(0))


def final_odds(table: Table, values: Context, tables: Mapping[str, Table] = {}) -> dict[str, Fraction]:
    """The chance of each final outcome, chains followed; a table without rows gives its totals."""
    out: dict[str, Fraction] = {}
    if not table.rows:
        for total, p in table.dist(values).items():
            out[str(total)] = out.get(str(total), Fraction(0)) + p
        return out
    column = values.get(table.columns) if table.columns else None
    for row, p in row_odds(table, values):
        result = row.result(column)
        if not p or result is None:
            continue
        for label, q in outcome_odds(result, values, tables).items():
            out[label] = out.get(label, Fraction(0)) + p * q
    missing = unmatched(table, values)
    if missing:
        out["(no row)"] = missing
    return out


def outcome_odds(result: Outcome, values: Context, tables: Mapping[str, Table]) -> dict[str, Fraction]:
    if result.table is not None and result.table in tables:
        return final_odds(tables[result.table], values, tables)
    if result.amount is not None:
        unit = f" {result.unit}" if result.unit else ""
        return {f"{n}{unit}": p for n, p in result.counts(values).items()}
    return {result.label(): Fraction(1)}


def chain_keys(table: Table, tables: Mapping[str, Table], seen: frozenset[str] = frozenset()) -> set[str]:
    """Every context key the table and the tables it leads to read."""
    keys = table.keys()
    for row in table.rows:
        for result in row.results.values():
            if result.table is not None and result.table in tables and result.table not in seen:
                keys |= chain_keys(tables[result.table], tables, seen | {table.qualified})
    return keys & set(table.contexts)


def contexts(table: Table, tables: Mapping[str, Table] = {}, given: Context | None = None,
             limit: int = MAX_CONTEXTS) -> list[dict[str, Value]]:
    """Every combination of the context values the chain reads (``given`` held), in declared order;
    TooManyContexts past ``limit``."""
    given = given or {}
    keys = [k for k in table.contexts if k in chain_keys(table, tables) and k not in given]
    count = 1
    for k in keys:
        count *= len(table.contexts[k])
    if count > limit:
        raise TooManyContexts(f"{table.id} has {count} context combinations; give some with --context KEY=VALUE")
    return [{**given, **dict(zip(keys, values))} for values in product(*[table.contexts[k] for k in keys])]


def show(p: Fraction) -> str:
    """A probability as a person reads it: 3/8 (37.5%)."""
    if p == 1:
        return "1 (100%)"
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.1f}%)" if p else "0"


def context_text(values: Context) -> str:
    return ", ".join(f"{k} = {v}" for k, v in values.items()) or "any context"


def table_odds(table: Table, tables: Mapping[str, Table] = {}, given: Context | None = None) -> list[dict]:
    """The table's exact odds in every context its chain reads, contexts giving the same odds together:
    each entry has ``contexts``, ``rows`` ((row, chance) in table order) and ``final`` (outcome -> chance)."""
    if table.kind is Kind.OPPOSED:
        return _by_dice(table, tables, given)
    groups: dict[tuple, dict] = {}
    for values in contexts(table, tables, given):
        rows = row_odds(table, values)
        final = final_odds(table, values, tables)
        key = (tuple((r.index, p) for r, p in rows), tuple(sorted(final.items())))
        entry = groups.setdefault(key, {"contexts": [], "rows": rows, "final": final, "values": values})
        entry["contexts"].append(values)
    return list(groups.values())


def _by_dice(table: Table, tables: Mapping[str, Table], given: Context | None) -> list[dict]:
    """An opposed table's odds grouped by the roll its situations come to (your dice and theirs, the
    targets, the column): the odds depend on nothing else. Each entry also has ``dice``."""
    groups: dict[tuple, dict] = {}
    for values in contexts(table, tables, given, limit=MAX_SITUATIONS):
        ours, theirs, target, their = table.effect(values)
        column = values.get(table.columns) if table.columns else None
        key = ((max(0, ours), max(0, theirs), target, their), column)
        if key in groups:
            groups[key]["contexts"].append(values)
            continue
        groups[key] = {"contexts": [values], "rows": row_odds(table, values), "values": values,
                       "final": final_odds(table, values, tables), "dice": key[0]}
    return sorted(groups.values(), key=lambda e: (e["dice"][:2], str(e["dice"][2:])))


def odds_text(table: Table, tables: Mapping[str, Table] = {}, given: Context | None = None) -> str:
    """A table's odds as a designer reads them: each row's chance, then the final outcomes."""
    head = f"{table.id}: {table.name} ({_dice(table)})" + (f", {table.source}" if table.source else "")
    lines = [head]
    if table.kind is Kind.PASS:
        return "\n".join(lines + _passing(table, tables, given))
    entries = table_odds(table, tables, given)
    if table.kind is Kind.OPPOSED and len(entries) > 1:
        return "\n".join(lines + _dice_grid(table, entries))
    for entry in entries:
        shown = entry["contexts"]
        names = "; ".join(context_text(v) for v in shown[:4]) + (f"; and {len(shown) - 4} more" if len(shown) > 4
                                                                 else "")
        lines.append(f"  {names}:")
        column = entry["values"].get(table.columns) if table.columns else None
        width = max((len(r.key.text) for r in table.rows), default=0)
        for row, p in entry["rows"]:
            result = row.result(column)
            lines.append(f"    {row.key.text:<{width}}  {show(p):>16}  {result.label() if result else ''}")
        if not table.rows or any(r.table or r.amount for row, _ in entry["rows"] for r in row.results.values()):
            lines.append("    final outcomes: " + ", ".join(f"{k} {show(v)}" for k, v in entry["final"].items()))
        elif "(no row)" in entry["final"]:
            lines.append(f"    no row: {show(entry['final']['(no row)'])}")
    return "\n".join(lines)


def _dice(table: Table) -> str:
    if table.kind is Kind.SUM:
        return table.dice.text()
    pool = table.pool.text() if table.pool is not None else "2"
    pool += " " if not pool.isdigit() else ""
    if table.kind is Kind.OPPOSED:
        return opposed_dice(table)
    if table.kind is Kind.PASS:
        best = f", never better than pass {table.best}" if table.best is not None else ""
        fails = f", {'/'.join(map(str, sorted(table.fails)))} always fails" if table.fails else ""
        return f"{pool}d6 passing against {table.against.text() if table.against else '?'}{best}{fails}"
    return f"{pool}d6 counting successes"


def _passing(table: Table, tables: Mapping[str, Table], given: Context | None) -> list[str]:
    """A passing-dice test: its rows once, then the chance of each row in every context (each Rep)."""
    lines = ["  dice passed:"]
    for row in table.rows:
        results = " / ".join(f"{k}: {r.label()}" if k else r.label() for k, r in row.results.items())
        lines.append(f"    {row.key.text}: {results}")
    seen: list[dict] = []
    read = {k for m in table.modifiers for k in m.keys}
    drop = table.columns if table.columns not in read else None  # a column no modifier reads changes no chance
    for values in contexts(table, tables, given):
        values = {k: v for k, v in values.items() if k != drop}
        if values in seen:
            continue
        seen.append(values)
        chances = ", ".join(f"{row.key.text} {show(p)}" for row, p in row_odds(table, values))
        lines.append(f"  {context_text(values)}: pass {chances}")
    return lines


def opposed_dice(table: Table) -> str:
    """ "rep d6 against their_rep d6, 1-3 succeed, re-rolled": how an opposed table is rolled."""
    def side(expr) -> str:
        text = expr.text() if expr is not None else "0"
        return f"{text}d6" if text.isdigit() else f"{text} d6"

    if table.against is not None:
        theirs = table.versus_against or table.against
        wins = f"success at or under {table.against.text()} / {theirs.text()}"
    else:
        faces = sorted(table.success.get(None, frozenset()))
        wins = f"{faces[0]}-{faces[-1]} succeed" if len(faces) > 1 else f"{faces[0] if faces else '-'} succeeds"
    how = "re-rolled" if table.reroll else "one roll"
    return f"{side(table.pool)} against {side(table.versus)}, {wins}, {how}"


def _dice_grid(table: Table, entries: list[dict]) -> list[str]:
    """An opposed table over many situations: its rows and modifiers once, then one line per roll the
    situations come to, each row's chance in percent (exact fractions: ``--format json``, or hold every
    context with ``--context``)."""
    width = max(len(row.key.text) for row in table.rows)
    lines = ["  rows:"] + [f"    {row.key.text:<{width}}  {_results(row)}" for row in table.rows]
    lines += ["  modifiers:"] + [f"    {m.shown()}" for m in table.modifiers] if table.modifiers else []
    situations = sum(len(e["contexts"]) for e in entries)
    lines.append(f"  by the dice each side rolls ({situations} situations; --context KEY=VALUE holds one, "
                 "--format json gives exact fractions):")
    cell = max(8, width + 2)
    lines.append(f"    {'you':>4} {'they':>4}" + "".join(f"{row.key.text:>{cell}}" for row in table.rows))
    shown = set()
    for entry in entries:
        ours, theirs, target, their = entry["dice"]
        at = f"  (at or under {target} / {their})" if target is not None else ""
        cells = "".join(f"{_percent(p):>{cell}}" for _, p in entry["rows"])
        line = f"    {ours:>4} {theirs:>4}{cells}{at}"
        if line not in shown:  # the same roll in another column: its results differ, not its chances
            shown.add(line)
            lines.append(line)
    return lines


def _results(row: Row) -> str:
    """A row's result, once when every column gives the same."""
    labels = {k: r.label() for k, r in row.results.items()}
    if len(set(labels.values())) == 1:
        return next(iter(labels.values()))
    return " / ".join(f"{k}: {label}" if k else label for k, label in labels.items())


def _percent(p: Fraction) -> str:
    return "0" if not p else "100%" if p == 1 else f"{float(p) * 100:.1f}%"
