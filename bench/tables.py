"""Random-table benchmark: the coverage proof of a 2d6 table with many modifiers.

Run by hand: ``.venv/bin/python bench/tables.py``. Each modifier reads its own
yes/no context key, so N modifiers make 2^N contexts. The proof keeps each
distinct effect of the modifiers once (a distribution, not a list of dice
outcomes), so its cost grows with the number of distinct totals, not with 2^N.

The baseline, measured in the same process, is what a dice tool without the
proof would do: every context, every face of every die, each total looked up.
It is run on 12 modifiers only (4,096 contexts, up to 5 dice each); at 20 it
would take many minutes.
"""

from __future__ import annotations

import itertools
import time

from zwar_author.model.table_kind import Kind
from zwar_author.tables.dice import parse
from zwar_author.tables.proof import coverage
from zwar_author.tables.table import Key, Modifier, Outcome, Row, Table


def table(modifiers: int) -> Table:
    """2d6 with ``modifiers`` modifiers of +1, -1, +2, +1d6 in turn; rows cover every total."""
    values = ["1", "-1", "2", "1d6"]
    contexts = {f"k{i}": ("yes", "no") for i in range(modifiers)}
    mods = tuple(Modifier(f"m{i}", parse(values[i % 4]), {f"k{i}": frozenset(["yes"])}, None, i)
                 for i in range(modifiers))
    rows = (Row(Key(None, 6, None, "6 or less"), {None: Outcome(text="low")}, 0),
            Row(Key(7, None, None, "7+"), {None: Outcome(text="high")}, 1))
    return Table("bench", "bench/bench", "Bench", Kind.SUM, parse("2d6"), None, None, {}, 6, None, contexts,
                 mods, rows)


def baseline(t: Table) -> set[int]:
    """Every context, every die face: the totals reached (each looked up in the rows)."""
    keys = sorted(t.contexts)
    totals: set[int] = set()
    for values in itertools.product(*[t.contexts[k] for k in keys]):
        ctx = dict(zip(keys, values))
        parts = [t.dice] + [m.value for m in t.applied(ctx)]
        sides = [term.sides for e in parts for term in e.terms if term.sides for _ in range(term.count)]
        fixed = sum(term.sign * term.count for e in parts for term in e.terms if not term.sides)
        for faces in itertools.product(*[range(1, s + 1) for s in sides]):
            total = fixed + sum(faces)
            t.rows_at(total)
            totals.add(total)
    return totals


def best(fn, runs: int = 3) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    t12 = table(12)
    base_time, base_totals = best(lambda: baseline(t12), runs=1)
    proof12, found12 = best(lambda: coverage(t12))
    assert found12.reached == base_totals, "the proof and the baseline disagree"
    print(f"12 modifiers (4,096 contexts): baseline {base_time:.3f} s, proof {proof12 * 1000:.1f} ms: "
          f"{base_time / proof12:.0f}x")
    for n in (20, 40):
        elapsed, found = best(lambda n=n: coverage(table(n)))
        print(f"{n} modifiers ({2 ** n:,} contexts): proof {elapsed * 1000:.1f} ms, goal well under 1 s; "
              f"totals {min(found.reached)}..{max(found.reached)}")


if __name__ == "__main__":
    main()
