"""Dice tables: rows keyed by faces, checked for coverage, with results parsed by kind.

A table is written as the rulebook prints it, ``{ "1-3" = "nothing",
"4-6" = "1 zombie", "7-8" = "2 zombies" }``. Every face of the die must be
covered exactly once, and every result must name something that exists.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from .. import codes, limits
from ..errors import Diagnostic
from ..model.content import DiceRow, DiceTable, Result
from ..sources.document import Document
from ..tables.charts import chart
from ..tables.proof import coverage

_ROLL = re.compile(r"^(\d+)(?:-(\d+))?$")

#: Every name a table may call an infected class by ("zombie", "zombies"), and its qualified id.
ClassLookup = Mapping[str, str]


class TooLarge(ValueError):
    """A number inside a result's text is beyond the format's limit."""

    def __init__(self, what: str, value: int, limit: int) -> None:
        super().__init__(f"{what} is {value}: at most {limit}")
        self.what, self.value, self.limit = what, value, limit


def _bounded(what: str, text: str | int, limit: int) -> int:
    value = int(text)
    if value > limit:
        raise TooLarge(what, value, limit)
    return value


@dataclass(frozen=True)
class Grammar:
    """How to read the results of one kind of table; ``respell`` gives the text a mistyped result was
    most likely meant to be (a word or a class name respelt), or None."""

    expected: str
    parse: Callable[[object], Result | None]
    respell: Callable[[str], str | None] = lambda text: None

    def hint(self, value: object) -> str:
        """"; did you mean `2 zombies`?" for a result that is one typo from a good one, as for keys."""
        text = " ".join(value.split()) if isinstance(value, str) else None
        meant = self.respell(text) if text is not None else None
        try:
            good = meant is not None and self.parse(meant) is not None
        except TooLarge:
            good = False
        return f"; did you mean `{meant}`?" if good else ""


def check_table(
    doc: Document, path: tuple, die: int, name: str, grammar: Grammar
) -> tuple[DiceTable | None, list[Diagnostic]]:
    """The compiled table at ``path`` of ``doc``, or None with every problem found."""
    rows = get(doc.data, path)
    key_loc = lambda key: doc.key_loc(path + (key,))
    problems: list[Diagnostic] = []
    owner: dict[int, str] = {}
    compiled: list[DiceRow] = []
    for key, value in rows.items():
        match = _ROLL.match(key)
        low, high = (int(match[1]), int(match[2] or match[1])) if match else (0, -1)
        if not match or low > high:
            problems.append(codes.DICE_ROW.at(key_loc(key), table=name, row=key))
            continue
        if low < 1 or high > die:
            problems.append(codes.DICE_RANGE.at(key_loc(key), table=name, row=key, die=die))
            continue
        clash = next((face for face in range(low, high + 1) if face in owner), None)
        if clash is not None:  # one problem a row; the row still covers its other faces
            problems.append(codes.DICE_OVERLAP.at(key_loc(key), table=name, face=clash, row=key, other=owner[clash]))
        for face in range(low, high + 1):
            owner.setdefault(face, key)
        try:
            result = grammar.parse(value)
        except TooLarge as exc:
            problems.append(codes.NUMBER_TOO_LARGE.at(doc.loc(path + (key,)), what=exc.what, value=exc.value,
                                                      limit=exc.limit))
            continue
        if result is None:
            problems.append(codes.DICE_RESULT.at(doc.loc(path + (key,)), table=name, text=value,
                                                 expected=grammar.expected, hint=grammar.hint(value)))
        else:
            compiled.append(DiceRow(low=low, high=high, result=result))
    # The faces no row owns are the gaps of the coverage proof of the chart made of the owned faces.
    proof = coverage(chart(die, [(face, face, None) for face in owner]))
    missing = [face for gap in proof.gaps for face in gap.totals]
    if missing and not any(p.code == codes.DICE_ROW.code for p in problems):
        problems.append(codes.DICE_GAP.at(
            doc.loc(path), table=name, faces=_faces(missing), die=die, verb="is" if len(missing) == 1 else "are"))
    if problems:
        return None, problems
    return DiceTable(die=die, rows=sorted(compiled, key=lambda r: r.low)), []


def get(data, path: tuple):
    for part in path:
        data = data[part]
    return data


def _faces(faces: list[int]) -> str:
    """'face 3', 'faces 3-5 and 8': runs of consecutive faces joined as ranges."""
    runs: list[list[int]] = []
    for face in faces:
        if runs and face == runs[-1][-1] + 1:
            runs[-1].append(face)
        else:
            runs.append([face])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return ("face " if len(faces) == 1 else "faces ") + text


# --- result grammars ------------------------------------------------------------------


def _words(value: object) -> str | None:
    return " ".join(value.lower().split()) if isinstance(value, str) else None


def fixed(*kinds: str) -> Grammar:
    """Results from a fixed list of words ("taken down" becomes kind ``taken_down``)."""
    names = {k: k.replace(" ", "_") for k in kinds}

    def parse(value: object) -> Result | None:
        text = _words(value)
        return Result.model_validate({"kind": names[text]}) if text in names else None

    quoted = [f'"{k}"' for k in kinds]
    return Grammar(", ".join(quoted[:-1]) + " or " + quoted[-1], parse, lambda text: _closest(text, kinds))


WEAPON = fixed("miss", "knockdown", "kill")
GRAB = fixed("taken down", "knockdown", "safe")
BITE = fixed("bitten", "safe")
INFECTION = fixed("next stage", "stable")

_NOTHING = {"nothing", "no spawn"}
_ROAMERS = {"roamer", "roamers"}
_INFECTED = re.compile(r"^(\d+) ([a-z][a-z .'-]*?)$")
_ON = re.compile(r"^(\d+) ([a-z][a-z .'-]*?) on ([a-z])$")
_AT_DISTANCE = re.compile(r"^(\d+) ([a-z][a-z .'-]*?) \((\d+)(\*?)\)$")
_SPAWN_POINT = re.compile(r"^(?:spawn point )?([a-z])$")
#: The turn spawn's results that are words, each as the rulebook spells it.
_WORDS = ("nothing", "roamers", "sinkhole")


def _closest(text: str, choices: Collection[str]) -> str | None:
    """The choice ``text`` is most likely a typo of, if one is close (as for unknown keys)."""
    close = difflib.get_close_matches(text.lower(), list(choices), n=1, cutoff=0.6)
    return close[0] if close else None


def _respelt(pattern: re.Pattern[str], text: str, classes: ClassLookup) -> str | None:
    """``text`` with its class name (group 2 of ``pattern``) respelt as the closest the pack knows,
    the rest as written."""
    lower = text.lower()
    m = pattern.match(lower)
    close = _closest(m[2], classes.keys()) if m and m[2] not in classes else None
    if not m or not close:
        return None
    kept = text if len(lower) == len(text) else lower  # a letter whose lower case is longer: all in lower case
    return kept[:m.start(2)] + close + kept[m.end(2):]


def _infected(count: str, name: str, classes: ClassLookup) -> Result | None:
    qualified = classes.get(name)
    if qualified is None or int(count) < 1:
        return None
    return Result(kind="infected", count=_bounded("the number of infected", count, limits.MAX_COUNT),
                  infected=qualified)


def _no_infected(text: str | None) -> Result | None:
    """The results of a turn spawn that place no infected by number: nothing, roamers, a sinkhole."""
    if text in _NOTHING:
        return Result(kind="nothing")
    if text in _ROAMERS:
        return Result(kind="roamers")
    if text == "sinkhole":
        return Result(kind="sinkhole")
    return None


def where(letters: set[str]) -> Grammar:
    """Turn spawn roll 1: a spawn point on this map, roamers, a sinkhole, or nothing."""

    def parse(value: object) -> Result | None:
        text = _words(value)
        if special := _no_infected(text):
            return special
        m = _SPAWN_POINT.match(text or "")
        if m and m[1].upper() in letters:
            return Result(kind="spawn_point", spawn_point=m[1].upper())
        return None

    return Grammar(_letters_expected(letters) + ', "roamers", "sinkhole" or "nothing"', parse,
                   lambda text: _closest(text, _WORDS))


def what(classes: ClassLookup, names: list[str]) -> Grammar:
    """Roll 2 of a turn spawn, roll 1 of a room spawn: nothing, or a number of one class."""

    def parse(value: object) -> Result | None:
        text = _words(value)
        if text in _NOTHING:
            return Result(kind="nothing")
        m = _INFECTED.match(text or "")
        return _infected(m[1], m[2], classes) if m else None

    return Grammar(f'"nothing" or a number and an infected class ({_examples(names)})', parse,
                   lambda text: _respelt(_INFECTED, text, classes) or _closest(text, _NOTHING))


def turn_table(letters: set[str], classes: ClassLookup, names: list[str]) -> Grammar:
    """One-roll turn spawn: "1 zombie on A", "roamers", "sinkhole" or "nothing"."""

    def parse(value: object) -> Result | None:
        text = _words(value)
        if special := _no_infected(text):
            return special
        m = _ON.match(text or "")
        if not m or m[3].upper() not in letters:
            return None
        result = _infected(m[1], m[2], classes)
        return result.model_copy(update={"spawn_point": m[3].upper()}) if result else None

    return Grammar(
        f'"N class on L" with L one of {_letters_expected(letters)} and class {_examples(names)}, '
        '"roamers", "sinkhole" or "nothing"', parse,
        lambda text: _respelt(_ON, text, classes) or _closest(text, _WORDS))


def room_table(classes: ClassLookup, names: list[str]) -> Grammar:
    """One-roll room spawn (Exodus): "nothing" or "2 zombies (3)"; "(1*)" means next to the hero."""

    def parse(value: object) -> Result | None:
        text = _words(value)
        if text in _NOTHING:
            return Result(kind="nothing")
        m = _AT_DISTANCE.match(text or "")
        if not m or int(m[3]) < 1:
            return None
        result = _infected(m[1], m[2], classes)
        if result is None:
            return None
        distance = _bounded("the distance", m[3], limits.MAX_DISTANCE)
        return result.model_copy(update={"distance": distance, "adjacent": bool(m[4])})

    return Grammar(f'"nothing" or "N class (D)" with class {_examples(names)}, D squares, "(1*)" next to the hero', parse,
                   lambda text: _respelt(_AT_DISTANCE, text, classes) or _closest(text, _NOTHING))


def distance() -> Grammar:
    def parse(value: object) -> Result | None:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
            return Result(kind="distance", distance=_bounded("the distance", value, limits.MAX_DISTANCE))
        return None

    return Grammar("a number of squares, 1 or more", parse)


def _letters_expected(letters: set[str]) -> str:
    if not letters:
        return "a spawn point letter (this map has no spawn points)"
    return "a spawn point letter (" + ", ".join(sorted(letters)) + ")"


def _examples(names: list[str]) -> str:
    return ", ".join(f'"{n}"' for n in sorted(names)) if names else "(no infected classes are defined)"
