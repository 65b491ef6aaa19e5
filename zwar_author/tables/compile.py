"""Table sources to compiled tables, and the checks of a pack's tables: every problem, located.

``compile_table`` parses one validated table file (dice, context, modifiers,
row keys, results). ``check_tables`` then checks the tables of a pack
together: references between tables, chains that loop, the context a chain
passes on, and the coverage proof of each table.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from fractions import Fraction

from .. import __version__, codes
from ..errors import Diagnostic, Location, Severity
from ..model.table_kind import Kind
from ..model.tables import Amount, CompiledResult, CompiledRow, CompiledTable, NumberRange, TableDoc
from ..sources.document import Document
from .dice import MAX_DICE, MAX_SPAN, DiceError, Expr, parse
from .opposed import MAX_POOL
from .proof import MAX_COMPONENT, column_values, coverage, describe, reaches, too_large
from .table import Key, Modifier, Outcome, Row, Table, Value

_KEY = re.compile(
    r"^\s*(-?\d+)\s*(?:(\+|or more)|(or less)|(?:-|to|or)\s*(-?\d+))?\s*(?:\((\d+)(?:\s*-\s*(\d+))?\))?\s*$")
_FACES = re.compile(r"^\s*(\d+)\s*(?:(\+)|-\s*(\d+))?\s*$")


@dataclass
class Source:
    """A compiled table with the document it came from, for locating later problems."""

    table: Table
    doc: Document
    model: TableDoc


def parse_key(text: str) -> Key | None:
    """ "3 or less", "11+", "1 to 5", "6 or 7", "10 (1-2)" as a Key; None if it is not a roll."""
    m = _KEY.match(text)
    if not m:
        return None
    first = int(m[1])
    low: int | None = first
    high: int | None = first
    if m[2]:
        high = None
    elif m[3]:
        low = None
    elif m[4]:
        high = int(m[4])
        if high < first or (" or " in text and high != first + 1):  # "6 or 7": two totals, no more
            return None
    sub = None
    if m[5]:
        a, b = int(m[5]), int(m[6] or m[5])
        if a > b or a < 1:
            return None
        sub = (a, b)
    return Key(low, high, sub, " ".join(text.split()))


def parse_faces(text: str, sides: int) -> frozenset[int] | None:
    m = _FACES.match(text)
    if not m:
        return None
    low = int(m[1])
    high = sides if m[2] else int(m[3] or m[1])
    if not 1 <= low <= high <= sides:
        return None
    return frozenset(range(low, high + 1))


def compile_table(doc: Document, model: TableDoc, pack: str) -> tuple[Table | None, list[Diagnostic]]:
    info = model.table
    name = info.id
    problems: list[Diagnostic] = []

    def expr(text: str | int, path: tuple) -> Expr | None:
        try:
            found = parse(text)
        except DiceError as exc:
            problems.append(codes.TABLE_DICE.at(doc.loc(path), table=name, message=str(exc)))
            return None
        for unknown in sorted(found.names - numeric):
            problems.append(codes.TABLE_DICE.at(doc.loc(path), table=name, message=(
                f"`{unknown}` in `{text}` is not a number of the table's context: "
                f"declare it as `{unknown} = {{ low = 1, high = 6 }}` in [context]")))
            return None
        return found

    contexts: dict[str, tuple[Value, ...]] = {}
    numeric: set[str] = set()
    for key, values in model.context.items():
        if isinstance(values, NumberRange):
            if values.low > values.high:
                problems.append(codes.TABLE_CONTEXT.at(doc.loc(("context", key)), table=name, message=(
                    f"context `{key}` runs from {values.low} down to {values.high}: write low <= high")))
                continue
            contexts[key] = tuple(range(values.low, values.high + 1))
            numeric.add(key)
        else:
            contexts[key] = tuple(values)

    dice = expr(info.dice, ("table", "dice")) or parse("1d6")
    pool = expr(info.pool, ("table", "pool")) if info.pool is not None else None
    against = expr(info.against, ("table", "against")) if info.against is not None else None
    versus = expr(info.versus, ("table", "versus")) if info.versus is not None else None
    versus_against = expr(info.versus_against, ("table", "versus_against")) if info.versus_against is not None else None
    problems += _opposed_fields(doc, info)
    fails = _pass_fields(doc, info, problems)
    sub = expr(info.subroll, ("table", "subroll"))
    subdie = 6
    if sub is not None:
        if len(sub.terms) != 1 or sub.terms[0].count != 1 or not sub.terms[0].sides or sub.terms[0].divide != 1:
            problems.append(codes.TABLE_DICE.at(doc.loc(("table", "subroll")), table=name,
                                                message=f"a sub-roll is one die (1d6), not `{info.subroll}`"))
        else:
            subdie = sub.terms[0].sides
    if Kind(info.kind) is Kind.PASS and against is None:
        problems.append(codes.MISSING_KEY.at(doc.loc(("table",)), key="against", where="[table] of a pass table"))
    if Kind(info.kind) is Kind.SUCCESSES and info.success is None:
        problems.append(codes.MISSING_KEY.at(doc.loc(("table",)), key="success", where="[table] of a successes table"))
    if info.columns is not None and info.columns not in contexts:
        problems.append(codes.TABLE_CONTEXT.at(doc.loc(("table", "columns")), table=name, message=(
            f"`columns = \"{info.columns}\"` is not a key of [context]{_hint(info.columns, list(contexts))}")))

    success: dict[str | None, frozenset[int]] = {}
    raw = info.success if isinstance(info.success, dict) else {None: info.success} if info.success else {}
    for scol, text in raw.items():
        faces = parse_faces(text, 6)
        path = ("table", "success") + ((scol,) if scol is not None else ())
        if faces is None:
            problems.append(codes.TABLE_DICE.at(doc.loc(path), table=name, message=(
                f"`{text}` is not faces of a d6: write \"1-3\", \"4+\" or \"6\"")))
        else:
            success[scol] = faces

    modifiers: list[Modifier] = []
    for i, mod in enumerate(model.modifiers):
        value = expr(mod.value, ("modifiers", i, "value"))
        when: dict[str, frozenset] = {}
        for ckey, allowed in mod.when.items():
            items = allowed if isinstance(allowed, list) else [allowed]
            if ckey not in contexts:
                problems.append(codes.TABLE_CONTEXT.at(doc.key_loc(("modifiers", i, "when", ckey)), table=name,
                                                       message=f"modifier `{mod.name}` reads `{ckey}`, which is not a "
                                                       f"key of [context]{_hint(ckey, list(contexts))}"))
                continue
            for item in items:
                if item not in contexts[ckey]:
                    problems.append(codes.TABLE_CONTEXT.at(doc.loc(("modifiers", i, "when", ckey)), table=name,
                                    message=f"modifier `{mod.name}`: `{item}` is not a value of `{ckey}` "
                                    f"({', '.join(map(str, contexts[ckey]))})"))
            when[ckey] = frozenset(items)
        if value is not None:
            modifiers.append(Modifier(mod.name, value, when, mod.group, len(modifiers), mod.assumed, mod.side))

    rows = []
    columns = contexts.get(info.columns, ()) if info.columns else ()
    for i, row in enumerate(model.rows):
        rkey = parse_key(row.roll)
        if rkey is None:
            problems.append(codes.TABLE_ROW.at(doc.loc(("rows", i, "roll")), table=name, row=row.roll))
            continue
        results: dict[str | None, Outcome] = {}
        if (row.result is None) == (row.by is None):
            problems.append(codes.TABLE_CONTEXT.at(doc.loc(("rows", i)), table=name, message=(
                f"row `{row.roll}` needs either `result` or `by` (one result per column)")))
            continue
        if row.by is not None:
            if info.columns is None:
                problems.append(codes.TABLE_CONTEXT.at(doc.key_loc(("rows", i, "by")), table=name, message=(
                    f"row `{row.roll}` gives results `by` column, but the table has no `columns` key")))
                continue
            for wanted in columns:
                if str(wanted) not in row.by:
                    problems.append(codes.TABLE_COLUMN.at(doc.key_loc(("rows", i, "by")), table=name,
                                                          what=f"row `{row.roll}`", key=info.columns,
                                                          value=wanted, why=""))
            for given, result in row.by.items():
                if given not in map(str, columns):
                    problems.append(codes.TABLE_CONTEXT.at(doc.key_loc(("rows", i, "by", given)), table=name,
                                    message=f"row `{row.roll}`: `{given}` is not a value of `{info.columns}`"))
                    continue
                results[given] = _outcome(result, expr, ("rows", i, "by", given))
        else:
            assert row.result is not None
            results[None] = _outcome(row.result, expr, ("rows", i, "result"))
        rows.append(Row(rkey, results, i, row.assumed))

    if any(p.severity is Severity.ERROR for p in problems):
        return None, problems
    table = Table(id=info.id, qualified=f"{pack}/{info.id}", name=info.name, kind=Kind(info.kind), dice=dice, pool=pool,
                  against=against, success=success, subdie=subdie, columns=info.columns, contexts=contexts,
                  modifiers=tuple(modifiers), rows=tuple(rows), source=info.source, text=info.text,
                  path=str(doc.path), versus=versus, versus_against=versus_against, reroll=info.reroll,
                  read=info.read, tiebreak=info.tiebreak == "highest-failed", best=info.best, fails=fails)
    return table, problems


def _pass_fields(doc: Document, info, problems: list[Diagnostic]) -> frozenset[int]:
    """A pass table's `best` and `fails` (the faces that never pass); they fit no other kind."""
    given = info.model_fields_set
    if Kind(info.kind) is not Kind.PASS:
        for key in ("best", "fails"):
            if key in given:
                problems.append(codes.TABLE_DICE.at(doc.key_loc(("table", key)), table=info.id, message=(
                    f"`{key}` is a key of pass tables; this table is `kind = \"{info.kind}\"`")))
        return frozenset()
    if info.fails is None:
        return frozenset()
    faces = parse_faces(info.fails, 6)
    if faces is None:
        problems.append(codes.TABLE_DICE.at(doc.loc(("table", "fails")), table=info.id, message=(
            f"`{info.fails}` is not faces of a d6: write \"6\" or \"5-6\"")))
    return faces or frozenset()


def _opposed_fields(doc: Document, info) -> list[Diagnostic]:
    """An opposed table names both sides' dice and what succeeds; the opposed keys fit no other kind."""
    name, out = info.id, []
    given = info.model_fields_set
    if Kind(info.kind) is Kind.OPPOSED:
        for key in ("pool", "versus"):
            if getattr(info, key) is None:
                out.append(codes.MISSING_KEY.at(doc.loc(("table",)), key=key, where="[table] of an opposed table"))
        if (info.success is None) == (info.against is None):
            out.append(codes.TABLE_OPPOSED.at(doc.loc(("table",)), table=name, message=(
                "an opposed table gives what succeeds once: `success = \"1-3\"` (faces, both sides) or "
                "`against = \"rep\"` (a die at or under your target; `versus_against` for theirs)")))
        if info.versus_against is not None and info.against is None:
            out.append(codes.TABLE_OPPOSED.at(doc.key_loc(("table", "versus_against")), table=name, message=(
                "`versus_against` is the other side's target: give yours as `against` too")))
        if info.read == "ratio" and info.reroll:
            out.append(codes.TABLE_OPPOSED.at(doc.key_loc(("table", "read")), table=name, message=(
                "`read = \"ratio\"` compares one roll's counts: add `reroll = false` (re-rolled successes "
                "always end with one side at none, where any count is twice as many)")))
        return out
    for key in ("versus", "versus_against", "reroll", "read", "tiebreak"):
        if key in given:
            out.append(codes.TABLE_OPPOSED.at(doc.key_loc(("table", key)), table=name, message=(
                f"`{key}` is a key of opposed tables; this table is `kind = \"{info.kind}\"`")))
    return out


def _outcome(value, expr, path: tuple) -> Outcome:
    if isinstance(value, int):
        return Outcome(number=value)
    if isinstance(value, str):
        return Outcome(text=" ".join(value.split()))
    assert isinstance(value, Amount)
    amount = expr(value.amount, path + ("amount",)) if value.amount is not None else None
    return Outcome(text=" ".join(value.text.split()), amount=amount, unit=value.unit, zero=tuple(value.zero),
                   table=value.table)


def _hint(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean `{close[0]}`?)" if close else ""


# --- a pack's tables together --------------------------------------------------------


def check_tables(found: dict[str, Source], lookup=None) -> list[Diagnostic]:
    """References, chains and the coverage proof of every table in ``found`` (by qualified id).

    ``lookup(source, ref)`` resolves a reference to a qualified id (default: the same pack);
    references are rewritten in place to qualified ids.
    """
    problems: list[Diagnostic] = []
    for source in found.values():
        problems += _structure(source)
        problems += _refs(source, found, lookup)
    problems += _loops(found)
    for source in found.values():
        problems += _proof(source)
        problems += _chain_contexts(source, found)
    return problems


def _row_loc(source: Source, row: Row) -> Location:
    return source.doc.loc(("rows", row.index, "roll"))


def _structure(source: Source) -> list[Diagnostic]:
    """Rows claiming one total twice, sub-rolls that leave faces, splits that say the same thing."""
    table, out = source.table, []
    name = table.id
    rows = sorted(table.rows, key=lambda r: (r.key.lo, r.key.sub or (0, 0), r.index))
    for j, b in enumerate(rows):  # each row's first clash with an earlier one: one problem a row
        for a in rows[:j]:
            if (what := _clash(a, b)) is not None:
                out.append(codes.TABLE_OVERLAP.at(_row_loc(source, b), table=name, what=what, row=b.key.text,
                                                  other=a.key.text))
                break
    groups: dict[tuple, list[Row]] = {}
    for row in table.rows:
        if row.key.sub:
            groups.setdefault((row.key.lo, row.key.hi), []).append(row)
    for (lo, _), group in sorted(groups.items()):
        faces: set[int] = set()
        beyond: list[int] = []
        for row in group:
            if row.key.sub:
                faces |= set(range(row.key.sub[0], min(row.key.sub[1], table.subdie) + 1))
                beyond += [row.key.sub[1]] if row.key.sub[1] > table.subdie else []
        missing = [f for f in range(1, table.subdie + 1) if f not in faces]
        if missing or beyond:
            out.append(codes.TABLE_SUBROLL.at(_row_loc(source, group[0]), table=name, total=group[0].key.span(),
                                              faces=_list(missing or beyond, "face"), die=table.subdie))
    if not source.model.table.keep_splits:
        out += _splits(source, rows)
    return out


def _clash(a: Row, b: Row) -> str | None:
    """What two rows both claim ("total 5", "face 3 of the sub-roll of total 10"), or None."""
    lo, hi = max(a.key.lo, b.key.lo), min(a.key.hi, b.key.hi)
    if lo > hi:
        return None
    if a.key.sub and b.key.sub and (a.key.lo, a.key.hi) == (b.key.lo, b.key.hi):
        first, last = max(a.key.sub[0], b.key.sub[0]), min(a.key.sub[1], b.key.sub[1])
        return f"face {first} of the sub-roll of total {lo}" if first <= last else None
    return f"total {lo}"


def _splits(source: Source, rows: list[Row]) -> list[Diagnostic]:
    out = []
    run: list[Row] = []
    ended: list[Row | None] = [*rows, None]  # None ends the last run
    for row in ended:
        if run and row is not None and _same(run[-1], row) and _next(run[-1], row):
            run.append(row)
            continue
        if len(run) > 1:
            names = ", ".join(f"`{r.key.text}`" for r in run[:-1]) + f" and `{run[-1].key.text}`"
            out.append(codes.TABLE_SPLIT.at(_row_loc(source, run[1]), table=source.table.id, rows=names))
        run = [row] if row is not None else []
    return out


def _same(a: Row, b: Row) -> bool:
    return a.results == b.results and not a.assumed and not b.assumed


def _next(a: Row, b: Row) -> bool:
    if a.key.sub and b.key.sub:
        return (a.key.lo, a.key.hi) == (b.key.lo, b.key.hi) and b.key.sub[0] == a.key.sub[1] + 1
    return not a.key.sub and not b.key.sub and b.key.lo == a.key.hi + 1


def _refs(source: Source, found: dict[str, Source], lookup) -> list[Diagnostic]:
    out = []
    table = source.table
    pack = table.qualified.split("/")[0]
    rows = []
    for row in table.rows:
        results = {}
        for column, result in row.results.items():
            if result.table is not None:
                qualified = lookup(source, result.table) if lookup else (
                    result.table if "/" in result.table else f"{pack}/{result.table}")
                if qualified is None or qualified not in found:
                    known = sorted(t.split("/")[1] for t in found if t.startswith(pack + "/"))
                    path = ("rows", row.index) + (("by", column) if column is not None else ("result",)) + ("table",)
                    out.append(codes.TABLE_REF.at(source.doc.loc(path), table=table.id, ref=result.table,
                                                  hint=_hint(result.table.split("/")[-1], known)))
                else:
                    result = Outcome(result.text, result.number, result.amount, result.unit, result.zero, qualified)
            results[column] = result
        rows.append(Row(row.key, results, row.index, row.assumed))
    source.table = replace(table, rows=tuple(rows))
    return out


def leads_to(table: Table) -> list[str]:
    return sorted({r.table for row in table.rows for r in row.results.values() if r.table})


def _loops(found: dict[str, Source]) -> list[Diagnostic]:
    out = []
    for start, source in sorted(found.items()):
        stack = [(start, [start])]
        while stack:
            current, path = stack.pop()
            for nxt in leads_to(found[current].table) if current in found else []:
                if nxt == start:
                    out.append(codes.TABLE_LOOP.at(source.doc.loc(("table", "id")), table=source.table.id,
                                                   chain=" -> ".join(path + [nxt])))
                    stack.clear()
                    break
                if nxt not in path:
                    stack.append((nxt, path + [nxt]))
    return out


def _chain_contexts(source: Source, found: dict[str, Source]) -> list[Diagnostic]:
    """A chained table reads only keys its caller declares, and has a column for each value it can get."""
    out = []
    table = source.table
    for other_id in leads_to(table):
        other = found.get(other_id)
        if other is None:
            continue
        for key in sorted(other.table.keys()):
            if key not in table.contexts:
                out.append(codes.TABLE_CHAIN_CONTEXT.at(source.doc.loc(("table", "id")), table=table.id,
                                                        other=other_id, key=key))
            elif key == other.table.columns:
                for value in table.contexts[key]:
                    if value not in other.table.contexts.get(key, ()):
                        out.append(codes.TABLE_COLUMN.at(other.doc.loc(("table", "columns")), table=other.table.id,
                                                         what="the table", key=key, value=value,
                                                         why=f", which `{table.id}` leads to it with"))
    return out


def _proof(source: Source) -> list[Diagnostic]:
    table, out = source.table, []
    if (big := too_large(table)) is not None:
        keys = ", ".join(f"`{k}`" for k in big[0])
        return [codes.TABLE_SIZE.at(source.doc.loc(("modifiers",)), table=table.id, keys=keys, count=big[1],
                                    limit=MAX_COMPONENT)]
    if (limit := _dice_limits(source)) is not None:
        return [limit]
    found = coverage(table)
    for gap in found.gaps:
        out.append(codes.TABLE_GAP.at(source.doc.loc(("rows",)) if table.rows else source.doc.loc(("table",)),
                                      table=table.id, totals=_list(list(gap.totals), "total"),
                                      verb="has" if len(gap.totals) == 1 else "have",
                                      how=describe(table, gap.reach, gap.column), chance=show(gap.chance)))
    if not table.rows:
        return out
    reach = _list(sorted(found.reached), "") if found.reached else "nothing"
    for row in table.rows:
        if not any(row.key.holds(t) for t in found.reached):
            out.append(codes.TABLE_UNREACHED.at(_row_loc(source, row), table=table.id, row=row.key.text,
                                                reach=reach.strip()))
    return out


def _dice_limits(source: Source) -> Diagnostic | None:
    """The smallest modifier combination rolling more dice than the odds are computed exactly for, checked
    before any distribution is built (a pass table's `pool = "5000"` took half a minute, a larger one never
    ended); for an opposed table also one making every die of both sides succeed (re-rolls that never end)."""
    table = source.table
    for column in column_values(table):
        fixed = {table.columns: column} if table.columns and column is not None else {}
        for reach in reaches(table, fixed):
            effect: tuple = reach.effect  # type: ignore[assignment]
            how = describe(table, reach, column)
            if table.kind is Kind.SUM:
                faces = sum(count * sides for _sign, sides, _divide, count in effect[1])
                if faces > MAX_SPAN:
                    return codes.TABLE_DICE.at(source.doc.loc(("table", "dice")), table=table.id, message=(
                        f"the dice come to {faces} faces in all {how}; exact odds are computed for at most "
                        f"{MAX_SPAN}"))
                continue
            if table.kind is not Kind.OPPOSED:
                if effect[0] > MAX_DICE:
                    return codes.TABLE_POOL.at(source.doc.loc(("table", "pool")), table=table.id, side="you",
                                               dice=effect[0], how=how, limit=MAX_DICE)
                continue
            wins = table.wins(effect[2], column), table.wins(effect[3], column)
            if table.reroll and all(len(w) == table.sides for w in wins) and min(effect[:2]) > 0:
                return codes.TABLE_OPPOSED.at(source.doc.loc(("table",)), table=table.id, message=(
                    f"every die of both sides succeeds {how}: the re-rolls never end"))
            for side, dice, key in (("you", effect[0], "pool"), ("they", effect[1], "versus")):
                if dice > MAX_POOL:
                    return codes.TABLE_POOL.at(source.doc.loc(("table", key)), table=table.id, side=side, dice=dice,
                                               how=how, limit=MAX_POOL)
    return None


def _list(items: list[int], word: str) -> str:
    """ "total 7", "totals 0, -1 and 13-14": runs joined as ranges."""
    runs: list[list[int]] = []
    for item in sorted(items):
        if runs and item == runs[-1][-1] + 1:
            runs[-1].append(item)
        else:
            runs.append([item])
    parts = [f"{r[0]} to {r[-1]}" if len(r) > 2 else " and ".join(map(str, r)) if len(r) == 2 else str(r[0])
             for r in runs]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    if not word:
        return text
    return (word if len(items) == 1 else word + "s") + " " + text


def show(p: Fraction) -> str:
    """A probability as a person reads it: 1/6 (16.7%)."""
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.1f}%)"


# --- compiled output ---------------------------------------------------------------------


def compiled(source: Source) -> CompiledTable:
    """A checked table as compiled content (``zwar build``): as written, with its totals read, its
    references resolved and the totals its proof reached."""
    table = source.table
    rows = []
    for row in table.rows:
        results = {("*" if column is None else str(column)): _compiled_result(r) for column, r in row.results.items()}
        line = source.model.rows[row.index].line
        rows.append(CompiledRow(roll=row.key.text, low=row.key.low, high=row.key.high,
                                sub=list(row.key.sub) if row.key.sub else None, results=results, line=line,
                                assumed=row.assumed))
    return CompiledTable(format="zwar-content/1", kind="table", tool=f"zwar-author {__version__}",
                         source_sha256=source.doc.digest, id=table.qualified, table=source.model,
                         reads=sorted(table.keys()), leads_to=leads_to(table), rows=rows,
                         reached=sorted(coverage(table).reached))


def _compiled_result(result: Outcome) -> CompiledResult:
    return CompiledResult(text=result.text, number=result.number,
                          amount=result.amount.text() if result.amount is not None else None, unit=result.unit,
                          zero=list(result.zero), table=result.table)
