"""Values in rules data that were guessed, not printed in the sources (``zwar assumed``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import Location, UsageError
from ..sources.document import absolute
from .rules import KINDS, assumed_values
from .workspace import Workspace, find_packs, pack_root_of


@dataclass(frozen=True)
class Assumption:
    location: Location
    entry: str  # pack/id
    kind: str  # how messages name the entry's kind
    key: str
    value: object


def assumptions(paths: list[Path], search: Sequence[Path] = ()) -> list[Assumption]:
    """Every assumed value in the packs that ``paths`` are, hold or belong to."""
    ws = Workspace(list(search))
    roots: list[Path] = []
    for path in map(Path, paths):
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
        found = find_packs(path) if path.is_dir() else [pack_root_of(path)]
        roots += [absolute(r) for r in found if r is not None and absolute(r) not in roots]
    out = []
    for root in roots:
        pack = ws.pack_at(root)
        for kind, entries in pack.rules.entries.items():
            for entry in entries.values():
                for key, value in assumed_values(entry):
                    location = entry.doc.key_loc(entry.path + tuple(key.split(".")))
                    out.append(Assumption(location, entry.qualified, KINDS[kind], key, value))
        out += table_errata(pack)
    return sorted(out, key=lambda a: (str(a.location.path), a.location.line, a.location.col))


def table_errata(pack) -> list[Assumption]:
    """Rows and modifiers of the pack's random tables read otherwise than printed (errata)."""
    out = []
    for source in pack.tables.values():
        model, doc, qualified = source.model, source.doc, source.table.qualified
        for i, row in enumerate(model.rows):
            if row.assumed:
                out.append(Assumption(doc.key_loc(("rows", i, "assumed")), qualified, "table", f"row {row.roll}",
                                      row.assumed))
        for i, mod in enumerate(model.modifiers):
            if mod.assumed:
                out.append(Assumption(doc.key_loc(("modifiers", i, "assumed")), qualified, "table",
                                      f"modifier {mod.name}", mod.assumed))
    return out
