"""Rules data of one pack: entries by kind, their checks, and their compiled form."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import codes
from ..errors import Diagnostic, Related
from ..games import PROFILES, Action, owners
from ..model import content as c
from ..model.rules import (
    EFFECT_WINDOWS,
    DirectorCard,
    Equipment,
    GameRules,
    Hero,
    InfectedClass,
    Perk,
    RulesDoc,
    SearchCard,
)
from ..sources.document import Document
from . import tables

#: Rules kinds: RulesDoc field, and how messages name one entry.
KINDS = {
    "games": "game's rules",
    "heroes": "hero",
    "infected": "infected class",
    "equipment": "equipment card",
    "search": "search card",
    "perks": "perk",
    "director_cards": "director card",
}

#: One entry of any kind: what every kind has (id, name, games, assumed) reads without narrowing.
RulesEntry = GameRules | Hero | InfectedClass | Equipment | SearchCard | Perk | DirectorCard


@dataclass(frozen=True)
class Entry:
    """One rules entry where it was written."""

    pack: str
    kind: str  # a KINDS key
    model: RulesEntry
    doc: Document
    path: tuple

    @property
    def id(self) -> str:
        return self.model.id

    @property
    def qualified(self) -> str:
        return f"{self.pack}/{self.model.id}"


@dataclass
class RuleSet:
    """A pack's own rules entries, by kind and id."""

    entries: dict[str, dict[str, Entry]] = field(default_factory=lambda: {k: {} for k in KINDS})
    campaign_xp: int | None = None

    def add_file(self, pack: str, doc: Document, rules: RulesDoc) -> list[Diagnostic]:
        problems = []
        for kind, kind_name in KINDS.items():
            for index, model in enumerate(getattr(rules, kind)):
                entry = Entry(pack, kind, model, doc, (kind, index))
                first = self.entries[kind].get(model.id)
                if first is not None:
                    earlier = first.doc.loc(first.path + ("id",))
                    problems.append(codes.DUPLICATE.at(
                        doc.loc(entry.path + ("id",)), what=kind_name, id=model.id, first=earlier.display(),
                        related=(Related(earlier, f"{kind_name} `{model.id}` is first defined here"),)))
                    continue
                self.entries[kind][model.id] = entry
        if rules.campaign_xp is not None:
            self.campaign_xp = rules.campaign_xp
        return problems


#: Resolves (kind, reference text) to an entry visible from a pack, or None.
Lookup = Callable[[str, str], "Entry | None"]
#: Lists the ids of a kind visible from a pack, for "did you mean" hints.
Known = Callable[[str], list[str]]


@dataclass
class RefChecker:
    """Checks references to rules entries and reports dangling ones at their location."""

    lookup: Lookup
    known: Known
    problems: list[Diagnostic] = field(default_factory=list)

    def ref(self, kind: str, text: str, doc: Document, path: tuple) -> str | None:
        entry = self.lookup(kind, text)
        if entry is not None:
            return entry.qualified
        self.problems.append(codes.DANGLING.at(doc.loc(path), what=KINDS[kind], id=text, hint=hint(text, self.known(kind))))
        return None


def hint(text: str, known: list[str]) -> str:
    close = difflib.get_close_matches(text, known, n=1, cutoff=0.6)
    if close:
        return f"; did you mean `{close[0]}`?"
    if known and len(known) <= 12:
        return "; known: " + ", ".join(sorted(known))
    return ""


def compile_entry(entry: Entry, refs: RefChecker) -> tuple[RulesEntry | None, list[Diagnostic]]:
    """The compiled form of one entry (ids qualified, tables as rows), and its problems."""
    problems = _assumed(entry)
    doc, path, model = entry.doc, entry.path, entry.model
    data = model.model_dump(by_alias=True)
    data["id"] = entry.qualified
    ok = True

    def table(key: str, grammar: tables.Grammar) -> None:
        nonlocal ok
        if data.get(key) is None:
            return
        compiled, found = tables.check_table(doc, path + (key,), 8, f"{KINDS[entry.kind]} {model.id} `{key}`", grammar)
        problems.extend(found)
        ok = ok and compiled is not None
        data[key] = compiled

    def ref(kind: str, key: str) -> None:
        nonlocal ok
        value = data.get(key)
        if isinstance(value, list):
            data[key] = [refs.ref(kind, v, doc, path + (key, i)) for i, v in enumerate(value)]
            ok = ok and None not in data[key]
        elif value is not None:
            data[key] = refs.ref(kind, value, doc, path + (key,))
            ok = ok and data[key] is not None

    before = len(refs.problems)
    compiled_type: type[RulesEntry]
    if isinstance(model, GameRules):
        problems.extend(_action_table(entry, model))
        table("infection_check", tables.INFECTION)
        ref("heroes", "heroes")
        compiled_type = c.CompiledGameRules
    elif isinstance(model, Hero):
        ref("equipment", "equipment")
        table("unarmed", tables.WEAPON)
        compiled_type = c.CompiledHero
    elif isinstance(model, InfectedClass):
        data["plural"] = model.plural or model.id + "s"
        table("grab", tables.GRAB)
        table("bite", tables.BITE)
        compiled_type = c.CompiledInfected
    elif isinstance(model, Equipment):
        table("quick", tables.WEAPON)
        table("aimed", tables.WEAPON)
        ref("heroes", "special")
        ref("search", "craft")
        compiled_type = c.CompiledEquipment
    elif isinstance(model, SearchCard):
        problems.extend(_search_card(entry))
        ref("equipment", "card")
        ref("equipment", "reloads")
        compiled_type = c.CompiledSearchCard
    elif isinstance(model, Perk):
        price = model.price
        if not price.red >= price.amber >= price.green:
            problems.append(codes.PERK_PRICES.at(
                doc.loc(path + ("price",)), id=model.id, red=price.red, amber=price.amber, green=price.green))
        compiled_type = c.CompiledPerk
    else:
        problems.extend(_director_card(entry))
        compiled_type = c.CompiledDirectorCard
    problems.extend(refs.problems[before:])
    del refs.problems[before:]
    if not ok or any(p.severity.value == "error" for p in problems):
        return None, problems
    return compiled_type.model_validate(data), problems


def _action_table(entry: Entry, model: GameRules) -> list[Diagnostic]:
    """The action table against the profile of each of its games: every action it has, and no other."""
    problems = []
    priced = {Action.of(key) for key in model.actions.model_dump(by_alias=True, exclude_none=True)}
    for game in (PROFILES[g] for g in model.games if g in PROFILES):
        for action in sorted(priced - game.actions, key=list(Action).index):
            games = [p.name for p in owners(action)]
            problems.append(codes.ACTION_NOT_IN_GAME.at(
                entry.doc.loc(entry.path + ("actions", action.value)), game=game.name, action=action.label,
                owners=(" and ".join(games) + " only") if games else "no game has it", key=action.value))
        unpriced = sorted(game.actions - priced, key=list(Action).index)
        if unpriced:
            problems.append(codes.ACTION_UNPRICED.at(
                entry.doc.loc(entry.path + ("actions",)), game=game.name,
                actions=", ".join(f"`{a.value}`" for a in unpriced)))
    return problems


def _search_card(entry: Entry) -> list[Diagnostic]:
    model, doc, path = entry.model, entry.doc, entry.path
    if not isinstance(model, SearchCard):
        return []
    needs = {"equipment": "card", "loot": "xp", "ammo": "rounds"}.get(model.kind)
    if model.kind == "ammo" and not model.reloads:
        return [codes.MISSING_KEY.at(doc.loc(path), key="reloads", where=f"search card `{model.id}` (kind ammo)")]
    if needs and getattr(model, needs) is None:
        return [codes.MISSING_KEY.at(doc.loc(path), key=needs, where=f"search card `{model.id}` (kind {model.kind})")]
    return []


def _director_card(entry: Entry) -> list[Diagnostic]:
    """A card's effect must be playable in its window; a card with no effect is never played."""
    model, doc, path = entry.model, entry.doc, entry.path
    if not isinstance(model, DirectorCard):
        return []
    if model.effect is None:
        return [codes.CARD_NO_EFFECT.at(doc.loc(path), id=model.id)]
    allowed = EFFECT_WINDOWS[model.effect]
    if model.window is not None and model.window not in allowed:
        return [codes.CARD_WINDOW.at(doc.loc(path + ("window",)), id=model.id, effect=model.effect.value,
                                     window=f"in the {model.window.value} window",
                                     allowed=" or ".join(f"in the {w.value} window" for w in allowed))]
    return []


def _assumed(entry: Entry) -> list[Diagnostic]:
    """An error for each `assumed` key the entry does not have."""
    return [codes.ASSUMED_KEY.at(entry.doc.loc(entry.path + ("assumed", index)), key=key, what=KINDS[entry.kind],
                                 id=entry.id)
            for index, (key, value, _) in enumerate(_assumed_pairs(entry)) if value is None]


def assumed_values(entry: Entry) -> list[tuple[str, object, tuple]]:
    """(key, value, path in the source) of each value an entry marks as assumed, as written."""
    return [(key, value, path) for key, value, path in _assumed_pairs(entry) if value is not None]


def _assumed_pairs(entry: Entry) -> list[tuple[str, object, tuple]]:
    """Each `assumed` key with its value (None when the entry has no such key) and its path.

    A key may end in a die face of a table (`quick.4`): the face's row is the value,
    so a table whose other rows are printed marks only its guessed faces."""
    raw = entry.doc.data
    for part in entry.path:
        raw = raw[part]
    pairs: list[tuple[str, object, tuple]] = []
    for key in entry.model.assumed:
        node: object = raw
        path = entry.path
        for part in key.split("."):
            if isinstance(node, dict) and part not in node and part.isdigit():
                part = next((row for row in node if _covers(row, int(part))), part)
            if isinstance(node, list):  # an item of a list (`equipment.1`: the hero card's second card)
                index = int(part) if part.isdigit() else len(node)
                node = node[index] if index < len(node) else None
                path += (index,)
                continue
            node = node.get(part) if isinstance(node, dict) else None
            path += (part,)
        pairs.append((key, node, path))
    return pairs


def _covers(row: str, face: int) -> bool:
    """Whether a table row written "3" or "2-5" holds ``face``."""
    low, _, high = row.partition("-")
    return low.isdigit() and (high or low).isdigit() and int(low) <= face <= int(high or low)
