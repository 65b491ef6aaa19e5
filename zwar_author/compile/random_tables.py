"""Finding a pack's random tables for `zwar odds` and `zwar roll`: by file, by `pack/id`, or a pack's all.

A table is only counted or rolled when it checks without an error, with
every table its chain leads to; otherwise their diagnostics come back
instead. A named table is not held back by another table of its pack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Report, UsageError
from ..sources.document import absolute
from ..tables.compile import leads_to
from ..tables.odds import chain_keys
from ..tables.table import Table, Value
from .workspace import Pack, Workspace, pack_root_of


@dataclass
class Found:
    tables: list[Table]  # the tables asked for
    known: dict[str, Table] = field(default_factory=dict)  # every table they can lead to, by qualified id
    report: Report = field(default_factory=Report)


def find_tables(names: list[str], search: list[Path] | None = None) -> Found:
    """The tables ``names`` name: a table file, a pack folder (all its tables), or `pack/id`."""
    ws = Workspace(list(search or []))
    picked: list[tuple[Pack, str | None, Path | None]] = []  # (pack, table id or None for all, the file named)
    for name in names:
        path = Path(name)
        if path.is_dir():
            ws.add_named(path)
            picked.append((ws.pack_at(path), None, None))
        elif path.is_file():
            root = pack_root_of(path)
            if root is not None:
                ws.add_named(root)
            pack = ws.pack_at(root) if root is not None else ws.standalone(path.parent)
            if root is None:
                ws.load_table(pack, path)
            doc = ws.read(path)
            table_id = doc.data.get("table", {}).get("id") if doc else None
            picked.append((pack, table_id if isinstance(table_id, str) else "", absolute(path)))
        else:
            owner, _, table_id = name.rpartition("/")
            named = ws.pack_by_id(owner) if owner else None
            if named is None or table_id not in named.tables:
                raise UsageError(f"{name}: no such table file, pack folder or table (write pack/id, as atz/weapons)")
            picked.append((named, table_id, None))
    found = Found([])
    files: set[Path] = set()
    for pack, table_id, named_file in picked:
        ws.check_tables(pack)
        found.known.update({q: s.table for q, s in ws.table_sources(pack).items()})
        chosen = [s for s in pack.tables.values() if table_id is None or s.table.id == table_id]
        found.tables += [found.known[s.table.qualified] for s in chosen]
        if table_id is None:  # a pack: every table it sees
            files |= {absolute(f) for p in ws.visible(pack) for f in p.table_files}
        else:  # one table: its own file and those of its chain, whatever the pack's other tables hold
            files |= _chain_files(found.tables, found.known) | ({named_file} if named_file else set())
    for path in sorted(files):
        found.report.extend(ws.problems.get(path, []))
    if found.report.ok and not found.tables:
        raise UsageError("no tables found in " + ", ".join(names))
    return found


def _chain_files(tables: list[Table], known: dict[str, Table]) -> set[Path]:
    """The files of the tables ``tables`` lead to, through every link of their chains."""
    out: set[Path] = set()
    todo, seen = list(tables), set()
    while todo:
        table = todo.pop()
        if table.qualified in seen:
            continue
        seen.add(table.qualified)
        out.add(absolute(Path(table.path)))
        todo += [known[q] for q in leads_to(table) if q in known]
    return out


def parse_context(table: Table, given: tuple[str, ...] | list[str], known: dict[str, Table],
                  complete: bool = True) -> dict[str, Value]:
    """``--context KEY=VALUE`` options, checked against the keys and values the table's chain reads;
    ``complete``: every key the chain reads must be given."""
    values: dict[str, Value] = {}
    for item in given:
        key, sep, text = (part.strip() for part in item.partition("="))
        if not sep or key not in table.contexts:
            keys = ", ".join(sorted(table.contexts)) or "none"
            raise UsageError(f"--context {item}: write KEY=VALUE with KEY one of the table's context keys ({keys})")
        allowed = table.contexts[key]
        value: Value = int(text) if isinstance(allowed[0], int) and text.lstrip("-").isdigit() else text
        if value not in allowed:
            raise UsageError(f"--context {item}: {key} is one of {', '.join(map(str, allowed))}")
        values[key] = value
    for key in sorted(chain_keys(table, known) - set(values)) if complete else []:
        raise UsageError(f"{table.id} reads `{key}`: give --context {key}=VALUE "
                         f"({', '.join(map(str, table.contexts[key]))})")
    return values
