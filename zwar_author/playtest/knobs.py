"""The changes `zwar tune` combines: each edits the compiled mission (to play it) and the mission's
source (to write it), so a combination found by playing is the file the designer gets back.

A knob is one change a designer would make by hand: the time limit one to three turns either way, one die
face of a spawn table moved to the row beside it, an infected at the start left out or one more on a
spawn point, an item on the map left out, an event's turn moved, a door the mission places started
open. Knobs of the same *group* exclude each other (one time limit, one move per spawn table); knobs
of different groups combine. Every knob is written back as the designer would write it, with a
comment naming the value it replaced: nothing else in the file changes.

Only changes a source can say are knobs: `--explore`'s extra card in a hero's hand is a set-up, not
a source value, and a door drawn in a tile's art has no line in the mission to edit; both are left
out here (docs/tuning.md).
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

import tomlkit
from tomlkit.items import AoT

from ..engine.state import short

#: Edits a copy of the compiled mission in place.
Play = Callable[[dict], None]
#: Edits the parsed source (a tomlkit document) in place.
Write = Callable[[tomlkit.TOMLDocument], None]
REMOVED = "__tuned_out__"  # an entry of a list left out, dropped once every knob has been applied


class Kind(str, Enum):
    """What a knob changes: the names `--fixed` takes."""

    TURN_LIMIT = "turn-limit"
    SPAWN = "spawn"
    INFECTED = "infected"
    ITEMS = "items"
    EVENTS = "events"
    DOORS = "doors"


@dataclass(frozen=True)
class Knob:
    key: str  # stable and unique: turn-limit+1, spawn:0:turn:where:2>1, infected-3, infected+A, ...
    text: str  # as a designer would say it
    kind: Kind
    group: str  # knobs of one group exclude each other
    size: int  # 1: one turn, one face, one figure, one item; 2 or 3: two or three turns
    play: Play = field(compare=False, repr=False)
    write: Write = field(compare=False, repr=False)


def knobs(document: dict, source: tomlkit.TOMLDocument, fixed: Sequence[Kind] = ()) -> list[Knob]:
    """Every knob of the mission (``document``: compiled; ``source``: its parsed source), in a fixed
    order, leaving out the kinds ``fixed``."""
    found = [*_turn_limits(document), *_spawn_rows(document, source), *_infected(document, source),
             *_items(document), *_events(document), *_doors(document, source)]
    return [k for k in found if k.kind not in fixed]


def compatible(chosen: Sequence[Knob]) -> bool:
    groups = [k.group for k in chosen]
    return len(groups) == len(set(groups))


def played(document: dict, chosen: Sequence[Knob]) -> dict:
    """A copy of the compiled mission with the knobs applied, told apart from every other version by
    the workers that rebuild it."""
    new = copy.deepcopy(document)
    for knob in chosen:
        knob.play(new)
    for kind in ("infected", "items"):
        new[kind] = [e for e in new[kind] if e is not REMOVED]
    keys = "+".join(sorted(k.key for k in chosen))
    new["source"]["sha256"] = hashlib.sha256(f"{document['source']['sha256']}+{keys}".encode()).hexdigest()
    return new


def written(source: tomlkit.TOMLDocument, chosen: Sequence[Knob]) -> str:
    """The source text with the knobs applied (a copy: ``source`` is left as it is)."""
    new = copy.deepcopy(source)
    for knob in sorted(chosen, key=lambda k: k.key):
        knob.write(new)
    for kind in ("infected", "items"):
        _sweep(new, kind)
    return tomlkit.dumps(new)


def _tuned(value: object, was: object) -> object:
    """A TOML value carrying the comment that says what it replaced."""
    item = tomlkit.item(value)
    item.comment(f"tuned by zwar tune (was {was})")
    return item


# --- the time limit ----------------------------------------------------------------------------


def _limits(document: dict) -> list[tuple[str, int, str]]:
    """The conditions that set the time limit: a defeat (or a rival side's victory) after a turn, or
    the turn the heroes must survive to."""
    found = [(kind, i, "after_turn") for kind in ("victory", "defeat") for i, c in enumerate(document[kind])
             if c.get("after_turn") and (kind == "defeat" or c.get("side") not in ("heroes", ""))]
    return found + [("victory", i, "survive") for i, c in enumerate(document["victory"])
                    if c.get("survive") and c.get("side") in ("heroes", "")]


def _turn_limits(document: dict) -> list[Knob]:
    limits = _limits(document)
    if not limits:
        return []  # the tracker sheet's 40 turns are the players', not the mission's
    kind0, i0, field0 = limits[0]
    was = document[kind0][i0][field0]
    words = "time limit turn" if field0 == "after_turn" else "survive to the end of turn"
    out = []
    for k in (-3, -2, -1, 1, 2, 3):
        if was + k < 1:
            continue

        def play(new: dict, k: int = k) -> None:
            for kind, i, name in limits:
                new[kind][i][name] = max(1, new[kind][i][name] + k)

        def write(new: tomlkit.TOMLDocument, k: int = k) -> None:
            for kind, i, name in limits:
                table = new[kind][i]
                old = table[name]
                table[name] = _tuned(max(1, int(old) + k), old)

        out.append(Knob(f"turn-limit{k:+d}", f"{words} {was + k} (was {was})", Kind.TURN_LIMIT, "turn-limit",
                        abs(k), play, write))
    return out


# --- spawn tables ------------------------------------------------------------------------------

TABLES = (("turn", "where"), ("turn", "what"), ("turn", "table"), ("room", "what"), ("room", "distance"),
          ("room", "table"))


def _faces(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _source_table(source: tomlkit.TOMLDocument, phase: int, part: str, name: str):
    """The inline table of faces in the source that compiled phase ``phase``'s table came from."""
    spawn = source["spawn"]
    holder = spawn["phases"][phase] if "phases" in spawn else spawn
    return holder[part][name]


def _spawn_rows(document: dict, source: tomlkit.TOMLDocument) -> list[Knob]:
    out = []
    phases = (document.get("spawn") or {}).get("phases", [])
    for p, phase in enumerate(phases):
        for part, name in TABLES:
            table = (phase.get(part) or {}).get(name)
            if not table:
                continue
            rows = table["rows"]
            where = f"{part} spawn {name!r}" + (f", phase {phase['id']}" if len(phases) > 1 else "")
            for r in range(len(rows) - 1):
                for gains, gives in ((r, r + 1), (r + 1, r)):
                    if rows[gives]["high"] == rows[gives]["low"]:
                        continue  # a row of one face keeps it
                    out.append(_spawn_knob(p, part, name, where, rows, r, gains, gives, source))
    return out


def _spawn_knob(p: int, part: str, name: str, where: str, rows: list[dict], r: int, gains: int, gives: int,
                source: tomlkit.TOMLDocument) -> Knob:
    shift = 1 if gains == r else -1
    a, b = rows[r], rows[r + 1]
    faces = [(a["low"], a["high"] + shift), (b["low"] + shift, b["high"])]
    before = [(a["low"], a["high"]), (b["low"], b["high"])]

    def play(new: dict) -> None:
        na, nb = new["spawn"]["phases"][p][part][name]["rows"][r:r + 2]
        na["high"] += shift
        nb["low"] += shift

    def write(new: tomlkit.TOMLDocument) -> None:
        holder = new["spawn"]["phases"][p] if "phases" in new["spawn"] else new["spawn"]
        renamed = {_faces(*was): _faces(*now) for was, now in zip(before, faces, strict=True)}
        rows = ", ".join(f"{json.dumps(renamed.get(_normal(key), key))} = {tomlkit.item(value).as_string()}"
                         for key, value in holder[part][name].items())
        table = tomlkit.parse(f"t = {{ {rows} }}")["t"]
        table.comment(f"tuned by zwar tune (was {', '.join(_faces(*f) for f in before)})")
        holder[part][name] = table

    _source_table(source, p, part, name)  # a KeyError here is a source the compiled mission did not come from
    text = (f"{where}: {_result(a['result'])} on {_faces(*faces[0])} (was {_faces(*before[0])}), "
            f"{_result(b['result'])} on {_faces(*faces[1])} (was {_faces(*before[1])})")
    return Knob(f"spawn:{p}:{part}:{name}:{gives}>{gains}", text, Kind.SPAWN, f"spawn:{p}:{part}:{name}", 1,
                play, write)


def _normal(key: str) -> str:
    """A source's face key as the knobs write it: ``"1-2"``, ``"8"`` (a range of one face as one)."""
    low, _, high = key.strip().partition("-")
    return _faces(int(low), int(high or low))


def _result(result) -> str:
    if not isinstance(result, dict):
        return str(result)
    kind = result["kind"]
    if kind == "spawn_point":
        return f"spawn point {result['spawn_point']}"
    if kind == "infected":
        count = result["count"]
        what = f"{count} {short(result['infected'] or 'infected')}{'' if count == 1 else 's'}"
        return what + (f" on {result['spawn_point']}" if result.get("spawn_point") else "")
    if kind == "distance":
        return f"{result['distance']} squares away" if result["distance"] != 1 else "1 square away"
    return kind


# --- figures and items -------------------------------------------------------------------------


def _left_out(kind: str, i: int, what: str) -> Write:
    def write(new: tomlkit.TOMLDocument) -> None:
        entries: AoT = new[kind]
        entries[i][REMOVED] = what
    return write


def _sweep(new: tomlkit.TOMLDocument, kind: str) -> None:
    """Drop the entries knobs left out, each leaving a comment where it was that says what it was."""
    if kind not in new:
        return
    entries: AoT = new[kind]
    gone = [i for i, table in enumerate(entries) if REMOVED in table]
    for i in gone:
        note = f"# tuned by zwar tune: {entries[i][REMOVED]} left out"
        kept_before = [j for j in range(i) if j not in gone]
        if kept_before:
            before = entries[kept_before[-1]]
            before.add(tomlkit.comment(note[2:]))
            if entries[i].as_string().endswith("\n\n"):
                before.add(tomlkit.nl())  # the blank line that closed the entry left out
        else:
            after = next((j for j in range(i + 1, len(entries)) if j not in gone), None)
            if after is None:
                new.add(tomlkit.comment(note[2:]))
            else:
                trivia = entries[after].trivia
                trivia.comment_ws, trivia.comment = "  ", "; ".join(filter(None, (trivia.comment, note)))
    for i in reversed(gone):
        del entries[i]
    if not len(entries):
        del new[kind]


def _infected(document: dict, source: tomlkit.TOMLDocument) -> list[Knob]:
    out = []
    for i, z in enumerate(document["infected"]):
        what = f"the {short(z['class'])} at {_square(z['at'])}"

        def remove(new: dict, i: int = i) -> None:
            new["infected"][i] = REMOVED

        out.append(Knob(f"infected-{i}", f"no {short(z['class'])} at {_square(z['at'])} at the start", Kind.INFECTED,
                        f"infected-{i}", 1, remove, _left_out("infected", i, what)))
    placed = list(source.get("infected", []))
    cls = added_class(document)
    source_cls = str(placed[0]["class"]) if placed else (short(cls) if cls else None)
    if cls is None or source_cls is None:
        return out  # no class to copy: a mission that neither places nor spawns one gets none added
    taken = _figures(document)
    for j, point in enumerate(document["spawn_points"]):
        letter = point["letter"]
        if point["at"] in taken:
            continue  # a figure stands there already: one more on its square would not compile (ZW409)
        at = str(source["spawn_points"][j]["at"])

        def add(new: dict, point: dict = point) -> None:
            new["infected"].append({"class": cls, "at": point["at"], "facing": "N", "prone": False})

        def write(new: tomlkit.TOMLDocument, at: str = at, letter: str = letter) -> None:
            table = tomlkit.table()
            table.trivia.comment_ws = "  "
            table.trivia.comment = f"# tuned by zwar tune: one more at the start, on spawn point {letter}"
            table["class"], table["at"], table["facing"] = source_cls, at, "N"
            table.add(tomlkit.nl())
            if "infected" in new:
                new["infected"].append(table)
            else:
                new["infected"] = AoT([table])

        out.append(Knob(f"infected+{letter}", f"one more {short(cls)} at the start, on spawn point {letter}",
                        Kind.INFECTED, f"infected+{letter}", 1, add, write))
    return out


def _figures(document: dict) -> set[str]:
    """The squares a figure stands on at the start (a hero's start, an infected, an NPC): one figure a
    square, so no infected is added on them."""
    return {str(e["at"]) for kind in ("starts", "infected", "npcs") for e in document.get(kind) or []}


def added_class(document: dict) -> str | None:
    """The class of one more infected at the start (``zwar tune``'s knob and ``--explore``'s change alike): the
    first the mission places, else the first its spawn tables bring on (a mission whose infected a designer, or a
    tune, took out can have them put back); None for a mission with neither, which gets none added."""
    if document["infected"]:
        return str(document["infected"][0]["class"])
    for phase in (document.get("spawn") or {}).get("phases", []):
        for part, name in TABLES:
            for row in ((phase.get(part) or {}).get(name) or {}).get("rows", []):
                result = row["result"]
                if isinstance(result, dict) and result.get("kind") == "infected" and result.get("infected"):
                    return str(result["infected"])
    return None


def _square(at: str) -> str:
    return at.rpartition(":")[2] if at.count(":") else at


def _items(document: dict) -> list[Knob]:
    out = []
    for i, item in enumerate(document["items"]):
        what = f"item {item['letter']} ({short(item['card'])}) at {_square(item['at'])}"

        def play(new: dict, i: int = i) -> None:
            new["items"][i] = REMOVED

        out.append(Knob(f"item-{i}", f"no {what}", Kind.ITEMS, f"item-{i}", 1, play, _left_out("items", i, what)))
    return out


# --- events and doors --------------------------------------------------------------------------


def _events(document: dict) -> list[Knob]:
    out = []
    for i, event in enumerate(document["events"]):
        turn = event["when"].get("turn")
        if not turn:
            continue
        for k in (-1, 1):
            if turn + k < 1:
                continue

            def play(new: dict, i: int = i, k: int = k) -> None:
                new["events"][i]["when"]["turn"] += k

            def write(new: tomlkit.TOMLDocument, i: int = i, k: int = k, turn: int = turn) -> None:
                when = new["events"][i]["when"]
                when["turn"] = turn + k
                when.comment(f"tuned by zwar tune (was turn {turn})")

            said = event["text"].split(".")[0] if event["text"] else f"event {i + 1}"
            out.append(Knob(f"event-{i}{k:+d}", f"{said}: at the start of turn {turn + k} (was {turn})", Kind.EVENTS,
                            f"event-{i}", 1, play, write))
    return out


def _doors(document: dict, source: tomlkit.TOMLDocument) -> list[Knob]:
    """Each closed door the mission itself places (a `[[doors]]` entry) started open. Doors of the
    tiles' art have no line of the mission to edit."""
    floors = [str(f.get("id", "ground")) for f in source.get("floors", [])]
    own = {_edge(str(d["at"]), floors): j for j, d in enumerate(source.get("doors", []))}
    out = []
    for i, door in enumerate(document["board"]["doors"]):
        j = own.get(door["at"])
        if door["source"] != "mission" or door["open"] or door["kind"] != "door" or j is None:
            continue

        def play(new: dict, i: int = i) -> None:
            new["board"]["doors"][i]["open"] = True

        def write(new: tomlkit.TOMLDocument, j: int = j) -> None:
            new["doors"][j]["open"] = _tuned(True, "closed")

        out.append(Knob(f"door-{i}", f"the door at {_square(door['at'])} open from the start", Kind.DOORS,
                        f"door-{i}", 1, play, write))
    return out


def _edge(at: str, floors: list[str]) -> str:
    """A source's edge as the compiled board writes it: ``floor:H:x,y``."""
    return at if at.count(":") == 2 else f"{floors[0] if floors else 'ground'}:{at}"
