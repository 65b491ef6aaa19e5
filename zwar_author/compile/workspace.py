"""Packs on disk: finding them, loading their files once, and resolving ids across them.

A pack is a folder with ``pack.toml`` and the folders ``tiles/``, ``rules/``
and ``missions/``. A pack sees its own content and that of the packs it
``requires`` (and theirs), found among the packs given, their sibling folders,
extra search folders, and the reference content shipped with the tool.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import codes
from ..errors import Diagnostic, Location, Related
from ..geometry.board import Grid
from ..model import content as c
from ..model.pack import PackDoc, PackInfo, TileDoc
from ..model.rules import RulesDoc
from ..model.validate import validate, validate_past_unknown_keys
from ..sources.document import SOURCE_SUFFIXES, Document, absolute, read_document
from ..tables.table import Table
from .layout import TileSide, art_grid
from .rules import KINDS, Entry, RefChecker, RulesEntry, RuleSet, compile_entry, hint

if TYPE_CHECKING:
    from ..tables.compile import Source

PACK_FILE = "pack.toml"
CAMPAIGN_STEM = "campaign"  # campaign.toml (or .json) beside pack.toml
LAYOUT = ("tiles", "rules", "missions", "tables", "encounters", "pieces", "zonewars", "scenarios")
SKIP_DIRS = {"build", "node_modules", "__pycache__"}
MAX_DEPTH = 3


def builtin_content() -> Path | None:
    """The reference content shipped with the tool (installed copy, else the source checkout)."""
    here = Path(__file__).resolve().parents[1]
    for candidate in (here / "_content", here.parent / "content"):
        if (candidate / "core" / PACK_FILE).is_file():
            return candidate
    return None


def source_files(folder: Path) -> list[Path]:
    """Source files under ``folder``, sorted, hidden folders skipped."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        found += [Path(root) / f for f in files if f.lower().endswith(SOURCE_SUFFIXES) and not f.startswith(".")]
    return sorted(found)


def find_packs(folder: Path, depth: int = MAX_DEPTH) -> list[Path]:
    """Pack folders at or below ``folder``, not looking inside packs, nor into linked folders (which
    may lead anywhere on the machine)."""
    if (folder / PACK_FILE).is_file():
        return [folder]
    if depth == 0:
        return []
    try:
        children = sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink()
                          and not p.name.startswith(".") and p.name not in SKIP_DIRS)
    except OSError:
        return []
    return [pack for child in children for pack in find_packs(child, depth - 1)]


def pack_root_of(path: Path) -> Path | None:
    """The pack a file belongs to: the nearest folder above it holding pack.toml."""
    for parent in absolute(path).parents:
        if (parent / PACK_FILE).is_file():
            return parent
    return None


def kind_of(data: dict) -> str | None:
    """What a standalone source is, judged by its top-level tables."""
    for key, kind in (("mission", "mission"), ("tile", "tile"), ("pack", "pack"), ("table", "table"),
                      ("scenario", "scenario")):
        if key in data:
            return kind
    if any(key in data for key in (*KINDS, "campaign_xp")):
        return "rules"
    return None


@dataclass
class Box:
    """Components a mission may use (None: not declared), and the packs that declare them."""

    doors: int | None = None
    counters: int | None = None
    cards: int | None = None
    tokens: dict[str, int] = field(default_factory=dict)  # the packs' own kinds of counter
    packs: list[str] = field(default_factory=list)


def _box_for(pack: Pack, game: str) -> bool:
    games = pack.manifest.components.games if pack.manifest else []
    return not games or game in games


def manifest_assumed(doc: Document, manifest: PackDoc) -> list[tuple[str, object]]:
    """The (key, value) pairs pack.toml marks as assumed, as written (None: no such key)."""
    pairs: list[tuple[str, object]] = []
    for key in manifest.assumed:
        node: object = doc.data
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        pairs.append((key, node))
    return pairs


@dataclass
class TileEntry:
    path: Path
    info: TileDoc | None = None
    sides: dict[str, Grid] | None = None  # None when the file is broken
    uncertain: bool = False  # drawn with bad characters: the sides are sized right, some squares unknown


@dataclass
class Pack:
    root: Path
    id: str
    info: PackInfo | None = None
    manifest: PackDoc | None = None
    tiles: dict[str, TileEntry] = field(default_factory=dict)
    rules: RuleSet = field(default_factory=RuleSet)
    missions: list[Path] = field(default_factory=list)
    rules_files: list[Path] = field(default_factory=list)
    campaign: Path | None = None
    tables: dict[str, Source] = field(default_factory=dict)  # by table id
    table_files: list[Path] = field(default_factory=list)
    tables_checked: bool = False
    encounters: list[Path] = field(default_factory=list)  # All Things Zombie scenarios and encounters
    standalone: bool = False
    # Tabletop sources (Zone Wars): terrain pieces, game data, scenarios; read by compile.zonewars.
    pieces_files: list[Path] = field(default_factory=list)
    zonewars_files: list[Path] = field(default_factory=list)
    scenarios: list[Path] = field(default_factory=list)

    @property
    def requires(self) -> list[str]:
        return self.info.requires if self.info else []

    @property
    def manifest_path(self) -> Path:
        return self.root / PACK_FILE

    def copies(self, tile: str) -> int:
        return self.manifest.copies.get(tile, 1) if self.manifest else 1


class Workspace:
    """Every pack and file of one run, each loaded once, with diagnostics kept per file."""

    def __init__(self, search: Sequence[Path] = ()) -> None:
        self.problems: dict[Path, list[Diagnostic]] = {}
        self.docs: dict[Path, Document] = {}
        self._packs: dict[Path, Pack] = {}
        # Where required packs are looked for, in order: packs named on the command
        # line, --pack-path folders, folders beside the packs named, the shipped content.
        self._named: list[Path] = []
        self._search = [absolute(Path(p)) for p in search]
        self._beside: list[Path] = []
        self._builtin = [b for b in (builtin_content(),) if b is not None]
        self._index: dict[str, Path] | None = None
        self._compiled: dict[Path, dict[str, dict[str, RulesEntry]]] = {}

    # --- files ---------------------------------------------------------------------

    def read(self, path: Path) -> Document | None:
        """Read a source once; its syntax problems are recorded against it."""
        path = absolute(path)
        if path in self.docs:
            return self.docs[path]
        if path in self.problems:
            return None
        doc, problems = read_document(path, pack_root_of(path))
        self.problems[path] = problems
        if doc is not None:
            self.docs[path] = doc
        return doc

    def report(self, path: Path, problems: list[Diagnostic]) -> None:
        self.problems.setdefault(absolute(path), []).extend(problems)

    # --- packs ---------------------------------------------------------------------

    def pack_at(self, root: Path) -> Pack:
        root = absolute(root)
        if root not in self._packs:
            self._packs[root] = self._load(root)
        return self._packs[root]

    def standalone(self, folder: Path) -> Pack:
        """A pack for a mission file that belongs to none: it sees the reference `core` pack."""
        key = absolute(folder) / "<standalone>"
        if key not in self._packs:
            info = PackInfo(id="local", title="Files outside any pack", requires=["core"])
            self._packs[key] = Pack(absolute(folder), "local", info=info, standalone=True)
        return self._packs[key]

    def pack_by_id(self, pack_id: str) -> Pack | None:
        for pack in self._packs.values():
            if pack.id == pack_id and not pack.standalone:
                return pack
        root = self._pack_index().get(pack_id)
        return self.pack_at(root) if root else None

    def add_named(self, root: Path) -> None:
        """A pack the user named: found first by id, and its folder's other packs after --pack-path."""
        root = absolute(root)
        if root not in self._named:
            self._named.append(root)
            self._beside.append(root.parent)
            self._index = None

    def visible(self, pack: Pack) -> list[Pack]:
        """The pack and every pack it requires, directly or not, nearest first."""
        seen: list[Pack] = []
        todo = [pack]
        while todo:
            current = todo.pop(0)
            if any(current is p for p in seen):
                continue
            seen.append(current)
            for wanted in current.requires:
                found = self.pack_by_id(wanted)
                if found is not None:
                    todo.append(found)
        return seen

    # --- lookups -------------------------------------------------------------------

    def lookup(self, pack: Pack, kind: str, text: str) -> Entry | None:
        """The rules entry ``text`` names from ``pack``: `id` or `pack/id`."""
        owner, _, name = text.rpartition("/")
        for candidate in self.visible(pack):
            if owner and candidate.id != owner:
                continue
            entry = candidate.rules.entries[kind].get(name)
            if entry is not None:
                return entry
        return None

    def known(self, pack: Pack, kind: str) -> list[str]:
        return sorted({i for p in self.visible(pack) for i in p.rules.entries[kind]})

    def tile(self, pack: Pack, text: str, side: str, loc: Location) -> TileSide | Diagnostic | None:
        owner, _, name = text.rpartition("/")
        known: list[str] = []
        for candidate in self.visible(pack):
            if owner and candidate.id != owner:
                continue
            known += candidate.tiles
            entry = candidate.tiles.get(name)
            if entry is None:
                continue
            if entry.sides is None:
                return None
            if side not in entry.sides:
                return codes.NO_SIDE.at(loc, tile=f"{candidate.id}/{name}", side=side)
            return TileSide(candidate.id, name, side, entry.sides[side], entry.uncertain)
        return codes.DANGLING.at(loc, what="tile", id=text, hint=hint(name, known))

    def tile_path(self, pack: Pack, text: str) -> Path | None:
        owner, _, name = text.rpartition("/")
        for candidate in self.visible(pack):
            if (not owner or candidate.id == owner) and name in candidate.tiles:
                return candidate.tiles[name].path
        return None

    def packs(self) -> list[Pack]:
        return list(self._packs.values())

    # --- compiled rules ------------------------------------------------------------

    def compiled_rules(self, pack: Pack) -> dict[str, dict[str, RulesEntry]]:
        """The pack's own rules entries compiled, by kind and qualified id; problems go to their files."""
        key = pack.root if not pack.standalone else pack.root / "<standalone>"
        if key not in self._compiled:
            refs = RefChecker(lambda k, t: self.lookup(pack, k, t), lambda k: self.known(pack, k))
            out: dict[str, dict[str, RulesEntry]] = {kind: {} for kind in KINDS}
            for kind, entries in pack.rules.entries.items():
                for entry in entries.values():
                    compiled, problems = compile_entry(entry, refs)
                    self.report(entry.doc.path, problems)
                    if compiled is not None:
                        out[kind][entry.qualified] = compiled
            self._compiled[key] = out
        return self._compiled[key]

    def rules_for(self, pack: Pack, game: str, heroes: list[str], extra: AbstractSet[str] = frozenset()) -> c.Rules:
        """The rules a mission of ``game`` embeds: its heroes, every other entry of its game, the
        entries in ``extra`` (named by the mission), and the cards its heroes and search deck give."""
        chosen: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS}  # each kind its own compiled model
        for candidate in reversed(self.visible(pack)):
            for kind, entries in self.compiled_rules(candidate).items():
                for qualified, model in entries.items():
                    wanted = qualified in heroes if kind == "heroes" else (game in model.games or qualified in extra)
                    if wanted:
                        chosen[kind][qualified] = model
        cards = [ref for hero in chosen["heroes"].values() for ref in hero.equipment]
        cards += [entry.card for entry in chosen["search"].values() if entry.card]
        compiled = {q: m for p in self.visible(pack) for q, m in self.compiled_rules(p)["equipment"].items()}
        for ref in cards:  # cards the chosen heroes and search cards give, whatever their game
            entry = self.lookup(pack, "equipment", ref)
            if entry is not None and entry.qualified in compiled:
                chosen["equipment"].setdefault(entry.qualified, compiled[entry.qualified])
        xp = next((p.rules.campaign_xp for p in self.visible(pack) if p.rules.campaign_xp is not None), None)
        ordered = {kind: [v for _, v in sorted(chosen[kind].items())] for kind in KINDS}
        # The engine plays the first `[[games]]` entry of the game: the nearest pack's, as the compiler checks.
        nearest = {p.id: i for i, p in enumerate(self.visible(pack))}
        ordered["games"] = [v for _, v in sorted(chosen["games"].items(),
                                                 key=lambda e: (nearest.get(e[0].partition("/")[0], len(nearest)), e[0]))]
        return c.Rules(**ordered, campaign_xp=xp)

    def miniatures(self, pack: Pack, game: str | None = None) -> dict[str, int]:
        """Miniatures per infected class (qualified), the nearest pack's count winning; for a mission of
        ``game``, only the packs whose box is played with that game count."""
        out: dict[str, int] = {}
        for candidate in reversed(self.visible(pack)):
            if game is not None and not _box_for(candidate, game):
                continue
            for name, count in (candidate.manifest.miniatures.items() if candidate.manifest else ()):
                entry = self.lookup(candidate, "infected", name)
                if entry is not None:
                    out[entry.qualified] = count
        return dict(sorted(out.items()))

    def box(self, pack: Pack, game: str) -> Box:
        """The components a mission of ``game`` in ``pack`` can use: those of every visible pack whose
        box is played with that game, added up (an expansion declares what it adds)."""
        box = Box()
        for candidate in self.visible(pack):
            if candidate.manifest is None or not _box_for(candidate, game):
                continue
            parts = candidate.manifest.components
            if any(n is not None for n in (parts.doors, parts.counters, parts.cards)):
                box.packs.append(candidate.id)
            for kind, count in parts.tokens.items():
                box.tokens[kind] = box.tokens.get(kind, 0) + count
            for name in ("doors", "counters", "cards"):
                count = getattr(parts, name)
                if count is not None:
                    setattr(box, name, (getattr(box, name) or 0) + count)
        return box

    # --- loading -------------------------------------------------------------------

    def _pack_index(self) -> dict[str, Path]:
        if self._index is None:
            self._index = {}
            # Beside a named pack means its siblings only: its parent may be a home or temp folder.
            beside = [r for f in self._beside for r in find_packs(f, depth=1)]
            roots = self._named + [r for f in self._search for r in find_packs(f)] + beside
            roots += [r for f in self._builtin for r in find_packs(f)]
            for root in roots:
                doc = self.read(root / PACK_FILE)
                pack_id = doc.data.get("pack", {}).get("id") if doc else None
                if isinstance(pack_id, str):
                    self._index.setdefault(pack_id, absolute(root))
        return self._index

    def _load(self, root: Path) -> Pack:
        pack = Pack(root, root.name)
        doc = self.read(root / PACK_FILE)
        if doc is not None:
            manifest, problems = validate(doc, PackDoc)
            self.report(doc.path, problems)
            if manifest is not None:
                pack.manifest, pack.info, pack.id = manifest, manifest.pack, manifest.pack.id
        for path in source_files(root):
            top = path.relative_to(root).parts[0]
            if path.name == PACK_FILE and path.parent == root:
                continue
            if path.parent == root and path.stem == CAMPAIGN_STEM and pack.campaign is None:
                pack.campaign = absolute(path)
                continue
            if top == "tiles":
                self._load_tile(pack, path)
            elif top == "rules":
                self._load_rules(pack, path)
            elif top == "missions":
                pack.missions.append(absolute(path))
            elif top == "tables":
                self.load_table(pack, path)
            elif top == "encounters":
                pack.encounters.append(absolute(path))
            elif top == "pieces":
                pack.pieces_files.append(absolute(path))
            elif top == "zonewars":
                pack.zonewars_files.append(absolute(path))
            elif top == "scenarios":
                pack.scenarios.append(absolute(path))
            else:
                self.report(path, [codes.STRAY_FILE.at(Location(absolute(path)))])
        return pack

    def check_manifest(self, pack: Pack) -> None:
        """References in pack.toml: required packs, tiles with copies, classes with miniatures."""
        doc = self.docs.get(absolute(pack.manifest_path))
        if pack.manifest is None or doc is None:
            return
        problems = []
        for index, wanted in enumerate(pack.requires):
            if self.pack_by_id(wanted) is None:
                problems.append(codes.DANGLING.at(doc.loc(("pack", "requires", index)), what="pack", id=wanted,
                                                  hint=" (looked beside this pack and in the reference content)"))
        for tile in pack.manifest.copies:
            if tile not in pack.tiles:
                problems.append(codes.DANGLING.at(
                    doc.key_loc(("copies", tile)), what="tile", id=tile, hint=hint(tile, list(pack.tiles))))
        for name in pack.manifest.miniatures:
            if self.lookup(pack, "infected", name) is None:
                problems.append(codes.DANGLING.at(doc.key_loc(("miniatures", name)), what="infected class", id=name,
                                                  hint=hint(name, self.known(pack, "infected"))))
        for index, (key, value) in enumerate(manifest_assumed(doc, pack.manifest)):
            if value is None:
                problems.append(codes.ASSUMED_KEY.at(doc.loc(("assumed", index)), key=key, what="pack", id=pack.id))
        self.report(doc.path, problems)

    def _load_tile(self, pack: Pack, path: Path) -> None:
        doc = self.read(path)
        if doc is None:
            return
        model, problems = validate_past_unknown_keys(doc, TileDoc)
        self.report(path, problems)
        if model is None:
            return
        entry = TileEntry(absolute(path), model)
        first = pack.tiles.get(model.tile.id)
        if first is not None:
            earlier = self.docs[first.path].loc(("tile", "id"))
            self.report(path, [codes.DUPLICATE.at(
                doc.loc(("tile", "id")), what="tile", id=model.tile.id, first=earlier.display(),
                related=(Related(earlier, f"tile `{model.tile.id}` is first defined here"),))])
            return
        pack.tiles[model.tile.id] = entry
        entry.sides, problems = tile_sides(doc, model, partial=True)
        entry.uncertain = bool(problems)
        self.report(path, problems)

    def load_table(self, pack: Pack, path: Path) -> None:
        """One table file: validated and compiled; its id must be new in the pack."""
        # The random tables' models and compiler load only for a pack that has tables: validate stays quick
        from ..model.tables import TableDoc
        from ..tables.compile import Source, compile_table

        pack.table_files.append(absolute(path))
        doc = self.read(path)
        if doc is None:
            return
        model, problems = validate_past_unknown_keys(doc, TableDoc)
        self.report(path, problems)
        if model is None:
            return
        table, problems = compile_table(doc, model, pack.id)
        self.report(path, problems)
        first = pack.tables.get(model.table.id)
        if first is not None:
            self.report(path, [codes.DUPLICATE.at(doc.loc(("table", "id")), what="table", id=model.table.id,
                                                  first=first.doc.loc(("table", "id")).display())])
        elif table is not None:
            pack.tables[model.table.id] = Source(table, doc, model)

    def table_sources(self, pack: Pack) -> dict[str, Source]:
        """The tables ``pack`` sees (its own and those of the packs it requires), by qualified id."""
        return {s.table.qualified: s for p in reversed(self.visible(pack)) for s in p.tables.values()}

    def table_names(self, pack: Pack) -> dict[str, Table]:
        """The random tables ``pack`` can name: by `pack/id`, and by `id` (the nearest pack's)."""
        out: dict[str, Table] = {}
        for candidate in reversed(self.visible(pack)):
            for table_id, source in candidate.tables.items():
                out[source.table.qualified] = out[table_id] = source.table
        return out

    def check_tables(self, pack: Pack) -> None:
        """References, chains and the coverage proof of the pack's own tables, reported to their files."""
        if pack.tables_checked:
            return
        pack.tables_checked = True
        found = self.table_sources(pack)
        if not found:
            return
        from ..tables.compile import check_tables  # see load_table

        def lookup(source: Source, ref: str) -> str | None:
            owner, _, name = ref.rpartition("/")
            home = next((p for p in self.visible(pack) if p.id == source.table.qualified.split("/")[0]), pack)
            for candidate in self.visible(home):
                if (not owner or candidate.id == owner) and name in candidate.tables:
                    return candidate.tables[name].table.qualified
            return None

        own = {absolute(Path(s.table.path)) for s in pack.tables.values()}
        for problem in check_tables(found, lookup):
            if absolute(problem.location.path) in own:
                self.report(problem.location.path, [problem])

    def _load_rules(self, pack: Pack, path: Path) -> None:
        pack.rules_files.append(absolute(path))
        doc = self.read(path)
        if doc is None:
            return
        model, problems = validate_past_unknown_keys(doc, RulesDoc)
        self.report(path, problems)
        if model is not None:
            self.report(path, pack.rules.add_file(pack.id, doc, model))


def tile_sides(doc: Document, model: TileDoc, partial: bool = False) -> tuple[dict[str, Grid] | None, list[Diagnostic]]:
    """The parsed sides of a tile, checked to be the same size. With ``partial``, sides drawn with
    bad characters (but of sound shape) are given too, beside their problems."""
    sides: dict[str, Grid] = {}
    problems: list[Diagnostic] = []
    for name in ("A", "B"):
        side = getattr(model.sides, name)
        if side is None:
            continue
        grid, _, found = art_grid(doc, ("sides", name, "art"), side.art, partial)
        problems += found
        if grid is not None:
            sides[name] = grid
        else:
            partial = False  # a side of unknown size: the tile cannot be placed
    if "A" in sides and "B" in sides:
        a, b = sides["A"], sides["B"]
        if (a.width, a.height) != (b.width, b.height):
            problems.append(codes.TILE_SIDES_SIZE.at(
                doc.loc(("sides", "B", "art")), side="B", width=b.width, height=b.height,
                first="A", first_width=a.width, first_height=a.height))
    return (None, problems) if problems and not partial else (sides, problems)
