"""Validate a source document against its model and say what is wrong in words.

pydantic's errors are precise but written for programmers and, for unions,
repeated once per alternative. Here each becomes one diagnostic located at the
offending key or value: unknown keys suggest the closest known key, missing
keys name their table, and the alternatives of a union are merged.
"""

from __future__ import annotations

import copy
import difflib
import re
import types
import typing
from enum import Enum
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .. import codes
from ..errors import Diagnostic
from ..sources.document import Document
from .common import PATTERN_HELP, PATTERN_WORDS

M = TypeVar("M", bound=BaseModel)

_EXPECTED = {
    "string_type": "a string",
    "int_type": "an integer",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "none_required": "nothing",
}


def validate(doc: Document, model: type[M]) -> tuple[M | None, list[Diagnostic]]:
    """The model built from ``doc.data``, or None and one diagnostic per problem."""
    try:
        return model.model_validate(doc.data), []
    except ValidationError as exc:
        return None, translate(exc.errors(), doc, model)


def validate_past_unknown_keys(doc: Document, model: type[M]) -> tuple[M | None, list[Diagnostic]]:
    """Like ``validate``, but when unknown keys are the only problems, also the model built without them.

    An unknown key means nothing, so every other check of the file can go on and
    be as sure as on a clean one: a user sees the key and the file's other mistakes
    in one run. The caller must treat the problems as errors (they are)."""
    try:
        return model.model_validate(doc.data), []
    except ValidationError as exc:
        errors = exc.errors()
    problems = translate(errors, doc, model)
    if any(e["type"] != "extra_forbidden" for e in errors):
        return None, problems
    data = copy.deepcopy(doc.data)
    for error in errors:
        if not _drop_at(data, error["loc"]):
            return None, problems
    try:
        return model.model_validate(data), problems
    except ValidationError:
        return None, problems


def _drop_at(data: Any, loc: tuple) -> bool:
    """Delete the key at ``loc`` in ``data``; False when the path does not lead there."""
    for part in loc[:-1]:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return False
    if not isinstance(data, dict) or loc[-1] not in data:
        return False
    del data[loc[-1]]
    return True


def translate(errors: list[ErrorDetails], doc: Document, model: type[BaseModel]) -> list[Diagnostic]:
    grouped: dict[tuple, list[ErrorDetails]] = {}
    for error in errors:
        grouped.setdefault(_data_path(doc.data, error), []).append(error)
    problems: list[Diagnostic] = []
    missing: dict[tuple, int] = {}  # (table path, key) -> index in problems
    guesses: list[tuple[int, tuple, str]] = []  # unknown key's index, its table, the key it may be
    for path, group in grouped.items():
        kinds = {e["type"] for e in group}
        if "extra_forbidden" in kinds:
            problem, close = _unknown_key(doc, model, path)
            if close:
                guesses.append((len(problems), path[:-1], close))
            problems.append(problem)
        elif kinds == {"missing"}:
            for key in dict.fromkeys(e["loc"][len(path)] for e in group):
                missing[path, key] = len(problems)
                problems.append(codes.MISSING_KEY.at(doc.loc(path), key=key, where=_where(path)))
        else:
            value = _value(doc.data, path)
            message = _bad_value(path, group, value) + (_meant(model, path, value) or _misspelt(group, value))
            problems.append(codes.BAD_VALUE.at(doc.loc(path), message=message))
    # A misspelt required key is one mistake, not an unknown key and a missing one.
    folded = set()
    for index, table, close in guesses:
        if (table, close) in missing and missing[table, close] not in folded:
            folded.add(missing[table, close])
            problems[index] = problems[index].with_context(
                label=f"`{close}`?",
                notes=[f"`{close}` is required in {_where(table)} and missing: rename this key to `{close}`"])
    return [p for i, p in enumerate(problems) if i not in folded]


def _data_path(data: Any, error: ErrorDetails) -> tuple:
    """The longest prefix of the error's location that exists in the data.

    For unknown keys that is the key itself; for union errors the alternative's
    tag is cut off; for missing keys it is the table that lacks the key.
    """
    path: list = []
    for part in error["loc"]:
        if isinstance(data, dict) and isinstance(part, str) and part in data:  # noqa: SIM114 (the types differ)
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            break
        path.append(part)
    return tuple(path)


def _value(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def _unknown_key(doc: Document, model: type[BaseModel], path: tuple) -> tuple[Diagnostic, str | None]:
    """The unknown key's diagnostic, and the known key it is closest to (if any)."""
    key = str(path[-1])
    allowed = sorted(_keys_at(model, path[:-1]))
    close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
    if close:
        hint = f"; did you mean `{close[0]}`?"
    elif allowed:
        hint = "; known keys: " + ", ".join(allowed)
    else:
        hint = ""
    return (codes.UNKNOWN_KEY.at(doc.key_loc(path), key=key, where=_where(path[:-1]), hint=hint),
            close[0] if close else None)


def _meant(model: type[BaseModel], path: tuple, value: Any) -> str:
    """'; did you mean "exodus"?' for a word one typo from a value the key allows, as for unknown keys."""
    if not isinstance(value, str):
        return ""
    annotation: Any = model
    for part in path:
        annotation = _step(annotation, part)
        if annotation is None:
            return ""
    allowed = [choice for option in _options(annotation) for choice in _choices(option)]
    same = [choice for choice in allowed if choice.lower() == value.lower()]
    # A letter or two is too short to be misspelt: "NE" is a facing the format lacks, not a typo of "N".
    close = same or difflib.get_close_matches(value, [c for c in allowed if len(c) > 2], n=1, cutoff=0.6)
    return f'; did you mean "{close[0]}"?' if close else ""


def _misspelt(group: list[ErrorDetails], value: Any) -> str:
    """'; did you mean "search@64"?' for a pattern's word misspelt ("serch@64"), the rest kept as written."""
    patterns = [e.get("ctx", {}).get("pattern", "") for e in group if e["type"] == "string_pattern_mismatch"]
    words = [w for p in patterns for w in PATTERN_WORDS.get(p, [])]
    return misspelt(value, words) if isinstance(value, str) else ""


def misspelt(value: str, words: list[str]) -> str:
    """'; did you mean "search@64/aggressive"?' for ``value`` with a word of ``words`` misspelt ("serch@64",
    "search/agressive"): each word between an "@" and a "/" that is none of them, put right where one is
    close; "" when none is. The command line's policies and a band's are put right alike."""
    parts = re.split(r"([@/])", value)
    right = [next(iter(difflib.get_close_matches(p.lower(), words, n=1, cutoff=0.6)), p)
             if p.isalpha() and p not in words else p for p in parts]
    return f'; did you mean "{"".join(right)}"?' if right != parts else ""


def _choices(option: Any) -> list[str]:
    """The words a Literal or an Enum of words allows."""
    if typing.get_origin(option) is typing.Literal:
        return [a for a in typing.get_args(option) if isinstance(a, str)]
    if isinstance(option, type) and issubclass(option, Enum):
        return [m.value for m in option if isinstance(m.value, str)]
    return []


def _keys_at(model: type[BaseModel], path: tuple) -> set[str]:
    """The keys a table at ``path`` may hold, found by walking the model's annotations."""
    annotation: Any = model
    for part in path:
        annotation = _step(annotation, part)
        if annotation is None:
            return set()
    cls = _model_in(annotation)
    if cls is None:
        return set()
    return {f.alias or name for name, f in cls.model_fields.items()}


def _step(annotation: Any, part: Any) -> Any:
    for option in _options(annotation):
        cls = _model_in(option)
        if isinstance(part, str) and cls is not None:
            for name, f in cls.model_fields.items():
                if part in (name, f.alias):
                    return f.annotation
        origin = typing.get_origin(option)
        if isinstance(part, int) and origin is list:
            return typing.get_args(option)[0]
        if isinstance(part, str) and origin is dict:
            return typing.get_args(option)[1]
    return None


def _options(annotation: Any) -> list[Any]:
    """The alternatives of a union (or the annotation itself), Annotated unwrapped."""
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [o for a in typing.get_args(annotation) for o in _options(a)]
    return [annotation]


def _model_in(annotation: Any) -> type[BaseModel] | None:
    for option in _options(annotation):
        if isinstance(option, type) and issubclass(option, BaseModel):
            return option
    return None


def _where(path: tuple) -> str:
    """A table's name as a person reads it: ``[mission]``, ``floors[0].tiles[2]``."""
    if not path:
        return "the top level"
    if len(path) == 1:
        return f"[{path[0]}]"
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _name(path: tuple) -> str:
    keys = [p for p in path if isinstance(p, str)]
    if not keys:
        return "the document"
    if isinstance(path[-1], int):
        return f"each item of `{keys[-1]}`"
    if path[-1] == keys[-1] and len(path) >= 2 and _is_roll_key(path):
        return f"row `{keys[-1]}` of `{keys[-2]}`"
    return f"`{keys[-1]}`"


def _is_roll_key(path: tuple) -> bool:
    return path[-1][:1].isdigit()


def _bad_value(path: tuple, group: list[ErrorDetails], value: Any) -> str:
    name = _name(path)
    expected = []
    for error in group:
        text = _expectation(error)
        if text not in expected:
            expected.append(text)
    wanted = expected[0] if len(expected) == 1 else ", ".join(expected[:-1]) + " or " + expected[-1]
    return f"{name} must be {wanted}, not {_describe(value)}"


def _expectation(error: ErrorDetails) -> str:
    kind, ctx = error["type"], error.get("ctx", {})
    if kind in _EXPECTED:
        return _EXPECTED[kind]
    if kind == "literal_error":
        return "one of " + ctx["expected"].replace("'", '"')
    if kind == "string_pattern_mismatch":
        return PATTERN_HELP.get(ctx["pattern"], f"text matching {ctx['pattern']}")
    if kind == "greater_than_equal":
        return f"at least {ctx['ge']}"
    if kind == "less_than_equal":
        return f"at most {ctx['le']}"
    if kind == "string_too_short":
        return "a non-empty string"
    if kind == "string_too_long":
        return f"at most {ctx['max_length']} characters long"
    if kind == "too_short":
        return f"a list of at least {ctx['min_length']} item{'s' if ctx['min_length'] != 1 else ''}"
    if kind == "too_long":
        return f"a list of at most {ctx['max_length']} item{'s' if ctx['max_length'] != 1 else ''}"
    return error["msg"][:1].lower() + error["msg"][1:]


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return '"' + shown.replace("\n", "\\n") + '"'
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def validate_partial(doc: Document, model: type[M]) -> tuple[M | None, list[Diagnostic], dict[str, list[int]] | None]:
    """Like ``validate``, but on failure also a model of what is valid, for further checks.

    Entries of top-level lists that fail are dropped; a bad key of a top-level
    table is dropped (or, if required, given a placeholder). The third value
    maps each pruned list to the original indices of the entries kept, so later
    diagnostics still point at the right entry; it is None when nothing that
    means anything was pruned: an unknown key alone drops nothing, so every
    later check is as sure as on a clean file.
    """
    result, problems = validate(doc, model)
    if result is not None:
        return result, problems, None
    data = {k: (list(v) if isinstance(v, list) else v) for k, v in doc.data.items()}
    kept = {k: list(range(len(v))) for k, v in data.items() if isinstance(v, list)}
    dropped = False
    for _ in range(500):
        try:
            return model.model_validate(data), problems, kept if dropped else None
        except ValidationError as exc:
            pruned = _prune(data, kept, exc.errors()[0])
            if pruned is None:
                return None, problems, None
            dropped = dropped or pruned is Pruned.MEANING
    return None, problems, None


class Pruned(Enum):
    """What a prune removed: only an unknown key (which means nothing), or something that meant something."""

    UNKNOWN_KEY = "unknown key"
    MEANING = "meaning"


def _prune(data: dict, kept: dict[str, list[int]], error: ErrorDetails) -> Pruned | None:
    """Remove what ``error`` complains about; None when nothing sensible can be removed."""
    loc = error["loc"]
    if not loc or not isinstance(loc[0], str) or loc[0] not in data:
        return None
    unknown = error["type"] == "extra_forbidden"
    key, value = loc[0], data[loc[0]]
    if isinstance(value, list) and len(loc) > 1 and isinstance(loc[1], int):
        position = loc[1]
        entry = value[position] if position < len(value) else None
        if unknown and len(loc) == 3 and isinstance(entry, dict) and loc[2] in entry:
            # An unknown key means nothing: the entry is checked on without it (a copy: the
            # document itself is left as written).
            value[position] = {k: v for k, v in entry.items() if k != loc[2]}
            return Pruned.UNKNOWN_KEY
        if position < len(value):
            del value[position]
            del kept[key][position]
        return Pruned.MEANING
    if key == "mission" and isinstance(value, dict) and len(loc) > 1 and isinstance(loc[1], str):
        table = dict(value)
        if error["type"] == "missing":
            table[loc[1]] = "x"
        elif loc[1] in table:
            del table[loc[1]]
        data[key] = table
        return Pruned.UNKNOWN_KEY if unknown and len(loc) == 2 else Pruned.MEANING
    if key == "mission" or key == "floors":
        return None
    del data[key]
    return Pruned.UNKNOWN_KEY if unknown and len(loc) == 1 else Pruned.MEANING
