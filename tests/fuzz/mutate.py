"""Mutations of one source text, aware of its structure: values, keys, nesting, art and numbers.

Each mutation takes the text and a seeded ``random.Random`` and returns new
text. Half work on the parsed data (a value, a key, a table changed and the
document written back as TOML or JSON); the rest work on the text itself, so
comments, layout and syntax errors are exercised too.
"""

from __future__ import annotations

import json
import math
import random
import tomllib
from collections.abc import Callable
from typing import Any

from zwar_author import limits

#: Numbers at and beyond the limits of the format.
NUMBERS: list[Any] = [0, -1, 1, 2, 3, 8, 9, 199, 200, 201, 9999, limits.MAX_COUNT, limits.MAX_COUNT + 1, 2**31,
                      2**63, -(2**63), 10**39, 10**45, 0.5, -0.0, 1e308, math.inf, -math.inf, math.nan]
TEXTS = ["", " ", "x", "A", "Z", "0,0", "999,999", "H:0,0", "V:99,99", "R1", "ground:1,1", "nowhere:1,1",
         "1 zombie", "10001 zombies", "2 zombies (3)", "2 zombies (99999)", "1-8", "8-1", "0-9", "core/zombie",
         "x" * 300, "é", "\u202e", "\t", "\n", "+-+\n|.|\n+-+", "nothing", "roamers", "all", "any"]
ART_CHARS = "+-| DD*.:=~t#x\t\\\"'é"
SCALARS: list[Any] = NUMBERS + TEXTS + [True, False, [], {}, [1, 2], {"x": 1}]

Path_ = tuple


def walk(data: Any, path: Path_ = ()) -> list[Path_]:
    """Every path in the data (dict keys and list indices), the root included."""
    found, todo = [], [(path, data)]
    while todo:
        here, value = todo.pop()
        found.append(here)
        if isinstance(value, dict):
            todo += [(here + (k,), v) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [(here + (i,), v) for i, v in enumerate(value)]
    return found


def get(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: Path_, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


# --- mutations of the data -----------------------------------------------------------


def set_value(data: Any, rng: random.Random) -> None:
    """A value replaced: mostly by one of its own type near the limits, sometimes by anything."""
    path = rng.choice(walk(data)[1:])
    old = get(data, path)
    if isinstance(old, (int, float)) and not isinstance(old, bool) and rng.random() < 0.8:
        value: Any = rng.choice(NUMBERS)
    elif isinstance(old, str) and rng.random() < 0.8:
        value = _string_near(old, rng)
    else:
        value = rng.choice(SCALARS)
    put(data, path, value)


def copy_value(data: Any, rng: random.Random) -> None:
    """One string value copied over another: a square, an id or a reference in the wrong place."""
    strings = [p for p in walk(data) if isinstance(get(data, p), str)]
    if len(strings) > 1:
        source, target = rng.sample(strings, 2)
        put(data, target, get(data, source))


def _string_near(old: str, rng: random.Random) -> str:
    choice = rng.randrange(5)
    if choice == 0 and old:
        i = rng.randrange(len(old))
        return old[:i] + rng.choice(ART_CHARS + "0123456789,:") + old[i + 1:]
    if choice == 1:
        return old + rng.choice(TEXTS)
    if choice == 2:
        return old.upper()
    if choice == 3:
        return "".join(str(rng.choice(NUMBERS[:12])) if c.isdigit() else c for c in old)
    return rng.choice(TEXTS)


def drop_key(data: Any, rng: random.Random) -> None:
    tables = [p for p in walk(data) if isinstance(get(data, p), dict) and get(data, p)]
    if tables:
        table = get(data, rng.choice(tables))
        del table[rng.choice(list(table))]


def add_key(data: Any, rng: random.Random) -> None:
    tables = [p for p in walk(data) if isinstance(get(data, p), dict)]
    table = get(data, rng.choice(tables))
    keys = list(table) or ["x"]
    key = rng.choice([rng.choice(keys) + "s", rng.choice(keys)[:-1] or "k", "$schema", "x", "id", "art", "at"])
    table[key] = rng.choice(SCALARS)


def rename_key(data: Any, rng: random.Random) -> None:
    tables = [p for p in walk(data) if isinstance(get(data, p), dict) and get(data, p)]
    if tables:
        table = get(data, rng.choice(tables))
        key = rng.choice(list(table))
        table[_string_near(key, rng) or "k"] = table.pop(key)


def copy_item(data: Any, rng: random.Random) -> None:
    lists = [p for p in walk(data) if isinstance(get(data, p), list) and get(data, p)]
    if lists:
        items = get(data, rng.choice(lists))
        item = json.loads(json.dumps(rng.choice(items)))
        items.insert(rng.randrange(len(items) + 1), item)


def drop_item(data: Any, rng: random.Random) -> None:
    lists = [p for p in walk(data) if isinstance(get(data, p), list) and get(data, p)]
    if lists:
        items = get(data, rng.choice(lists))
        del items[rng.randrange(len(items))]


def nest(data: Any, rng: random.Random) -> None:
    """Wrap a value in arrays or tables, to around the depth limit."""
    path = rng.choice(walk(data)[1:])
    value = get(data, path)
    for _ in range(rng.choice([1, 2, limits.MAX_DEPTH - 3, limits.MAX_DEPTH, limits.MAX_DEPTH + 2])):
        value = [value] if rng.random() < 0.5 else {"k": value}
    put(data, path, value)


def grow(data: Any, rng: random.Random) -> None:
    """A list or table at its size limit, or just past it."""
    path = rng.choice(walk(data)[1:])
    n = rng.choice([limits.MAX_ITEMS, limits.MAX_ITEMS + 1, 50])
    put(data, path, [rng.choice(SCALARS[:20]) for _ in range(n)] if rng.random() < 0.5
        else {f"k{i}": i for i in range(n)})


DATA_MUTATIONS: list[Callable[[Any, random.Random], None]] = [
    set_value, set_value, set_value, set_value, copy_value, copy_value, drop_key, add_key, rename_key, copy_item,
    copy_item, drop_item, drop_item, nest, grow]


# --- writing data back ---------------------------------------------------------------


def to_toml(data: dict) -> str:
    """TOML for ``data``: one ``key = value`` line per top-level key, the rest inline."""
    return "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in data.items())


def _toml_key(key: str) -> str:
    return key if key and all(c.isalnum() or c in "-_" for c in key) and key.isascii() else json.dumps(key)


def _toml_value(value: Any) -> str:
    if value is None:  # JSON's null (a saved game holds some): TOML has none, an empty table stands in
        return "{}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if "\n" in value and '"""' not in value and "\\" not in value and _literal_ok(value):
            return '"""\n' + value + '"""'
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"


def _literal_ok(value: str) -> bool:
    """A multi-line literal keeps art readable (and its locations exact) when it needs no escapes."""
    return all(c == "\n" or (c.isprintable() and c != '"') for c in value)


def to_json(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, allow_nan=True) + "\n"


# --- mutations of the text -----------------------------------------------------------


def text_mutation(text: str, rng: random.Random) -> str:
    if not text:
        return "x"
    i = rng.randrange(len(text))
    choice = rng.randrange(9)
    if choice == 0:  # a character in the art alphabet (or not) anywhere
        return text[:i] + rng.choice(ART_CHARS) + text[i + 1:]
    if choice == 1:  # syntax characters inserted or removed
        if rng.random() < 0.5:
            return text[:i] + rng.choice('[]{}"\'=,.\n#') + text[i:]
        return text[:i] + text[i + 1:]
    lines = text.split("\n")
    n = rng.randrange(len(lines))
    if choice == 2:  # a line duplicated or dropped
        if rng.random() < 0.5:
            lines.insert(n, lines[n])
        else:
            del lines[n]
        return "\n".join(lines)
    if choice == 3:  # trailing spaces, up to beyond the art limit
        lines[n] += " " * rng.choice([1, 2, limits.MAX_ART_CHARS, limits.MAX_ART_CHARS + 1, 5000])
        return "\n".join(lines)
    if choice == 4:  # a digit run replaced by a number at a limit
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if digits:
            k = rng.choice(digits)
            j = k
            while j < len(text) and text[j].isdigit():
                j += 1
            return text[:k] + str(abs(int(rng.choice(NUMBERS[:16])))) + text[j:]
        return text
    if choice == 5:  # an art line widened, or art lines repeated
        art = [k for k, line in enumerate(lines) if line.startswith(("+", "|"))]
        if art:
            k = rng.choice(art)
            if rng.random() < 0.5:
                lines[k] = lines[k] + lines[k][1:] * rng.choice([1, 2, 3])
            else:
                lines[k:k] = lines[k:k + 2] * rng.choice([1, 2, 50])
        return "\n".join(lines)
    if choice == 6:  # cut short
        return text[:i]
    if choice == 7:  # deep brackets
        depth = rng.choice([limits.MAX_DEPTH - 2, limits.MAX_DEPTH + 1, 500])
        return text[:i] + "[" * depth + "]" * depth + text[i:]
    return text[:i] + rng.choice(["\r\n", "\t", "\\", "\\n", "\u00a0", "\ufeff", "\x7f"]) + text[i:]


def mutate(text: str, json_source: bool, rng: random.Random) -> tuple[str, bool]:
    """One to three mutations of ``text``; returns the new text and whether it is JSON."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = _parse(text, json_source) if rng.random() < 0.7 else None
        if data is not None:
            rng.choice(DATA_MUTATIONS)(data, rng)
            json_source = json_source if rng.random() < 0.8 else not json_source
            text = to_json(data) if json_source else to_toml(data)
        else:
            text = text_mutation(text, rng)
    return text, json_source


def _parse(text: str, json_source: bool) -> dict | None:
    try:
        data = json.loads(text) if json_source else tomllib.loads(text)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data else None
