"""Values in rules data that were guessed, not printed in the sources (``zwar assumed``).

A pack's missions rest on the rules of the packs it requires as much as on its
own, so a pack's list holds what it inherits too, pack by pack.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Location, UsageError
from ..sources.document import absolute
from .rules import KINDS, assumed_values
from .workspace import Pack, Workspace, find_packs, manifest_assumed, pack_root_of
from .zonewars import DATA_KINDS, ZoneWars
from .zonewars import assumed_values as tabletop_assumed

_PACK_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@dataclass(frozen=True)
class Assumption:
    location: Location
    entry: str  # pack/id
    kind: str  # how messages name the entry's kind
    key: str
    value: object
    pack: str = ""  # the pack whose rules hold it


@dataclass
class PackAssumptions:
    """The assumed values a pack's missions rest on: its own, and those of each pack it requires."""

    pack: str
    own: list[Assumption] = field(default_factory=list)
    inherited: dict[str, list[Assumption]] = field(default_factory=dict)  # required pack id -> values


def assumed_by_pack(paths: list[Path], search: Sequence[Path] = ()) -> list[PackAssumptions]:
    """For each pack that ``paths`` are, hold, belong to or name by id: its assumed values."""
    ws = Workspace(list(search))
    packs: list[Pack] = []
    for path in map(Path, paths):
        if path.exists():
            found = find_packs(path) if path.is_dir() else [pack_root_of(path)]
            for root in found:
                if root is not None:
                    ws.add_named(root)
            candidates = [ws.pack_at(absolute(r)) for r in found if r is not None]
        elif _PACK_ID.match(str(path)) and (named := ws.pack_by_id(str(path))) is not None:
            candidates = [named]
        else:
            raise UsageError(f"{path}: no such file, folder or pack (a pack is found by id in --pack-path folders "
                             "and among the packs shipped with zwar)")
        packs += [p for p in candidates if all(p is not q for q in packs)]
    return [PackAssumptions(p.id, _values(ws, p), {r.id: _values(ws, r) for r in ws.visible(p)[1:]}) for p in packs]


def assumptions(paths: list[Path], search: Sequence[Path] = ()) -> list[Assumption]:
    """Every assumed value the packs that ``paths`` name rest on, each once, in file order."""
    unique = {(a.location.path, a.location.line, a.location.col, a.key): a
              for found in assumed_by_pack(paths, search)
              for a in [*found.own, *(x for values in found.inherited.values() for x in values)]}
    return sorted(unique.values(), key=_order)


def _values(ws: Workspace, pack: Pack) -> list[Assumption]:
    out = []
    doc = ws.docs.get(absolute(pack.manifest_path))
    if doc is not None and pack.manifest is not None:
        for key, value in manifest_assumed(doc, pack.manifest):
            if value is not None:
                out.append(Assumption(doc.key_loc(tuple(key.split("."))), pack.id, "pack", key, value, pack.id))
    out += _tabletop_values(ws, pack)
    for kind, entries in pack.rules.entries.items():
        for entry in entries.values():
            for key, value, path in assumed_values(entry):
                out.append(Assumption(entry.doc.key_loc(path), entry.qualified, KINDS[kind], key, value, pack.id))
    out += table_errata(pack)
    return sorted(out, key=_order)


def _tabletop_values(ws: Workspace, pack: Pack) -> list[Assumption]:
    """Assumed values of a pack's Zone Wars pieces, data, dice and scenarios."""
    out = []
    zw = ZoneWars(ws)
    data = zw.data(pack)
    tabletop = [(entry, "piece") for entry, _ in data.pieces.values()]
    tabletop += [(entry, DATA_KINDS[kind]) for kind, entries in data.entries.items() for entry in entries.values()]
    tabletop += [(entry, "scenario") for entry in zw.scenario_entries(pack)]
    for item, what in tabletop:
        for key, value in tabletop_assumed(item):
            out.append(Assumption(item.doc.key_loc(item.path + tuple(key.split("."))), item.qualified, what,
                                  key, value, pack.id))
    for table, declared in (("dice", data.dice), ("rules", data.rules)):
        if declared is None:
            continue
        doc, model = declared
        for key in model.assumed:
            value = doc.data.get(table, {}).get(key)
            if value is not None:
                out.append(Assumption(doc.key_loc((table, key)), f"{pack.id}/{table}", table, key, value, pack.id))
    return out


def table_errata(pack: Pack) -> list[Assumption]:
    """Rows and modifiers of the pack's random tables read otherwise than printed (errata)."""
    out = []
    for source in pack.tables.values():
        model, doc, qualified = source.model, source.doc, source.table.qualified
        for i, row in enumerate(model.rows):
            if row.assumed:
                out.append(Assumption(doc.key_loc(("rows", i, "assumed")), qualified, "table", f"row {row.roll}",
                                      row.assumed, pack.id))
        for i, mod in enumerate(model.modifiers):
            if mod.assumed:
                out.append(Assumption(doc.key_loc(("modifiers", i, "assumed")), qualified, "table",
                                      f"modifier {mod.name}", mod.assumed, pack.id))
    return out


def _order(a: Assumption) -> tuple:
    return str(a.location.path), a.location.line, a.location.col, a.key
