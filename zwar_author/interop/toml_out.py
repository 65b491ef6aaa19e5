"""Writing source data as TOML that reads like a hand-written source: tables in order, art as a block."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from pathlib import Path

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_SCHEMA = re.compile(r"#:schema\s+(\S+)\s*")


def schema_line(source: Path, target: Path) -> list[str]:
    """The ``#:schema`` line ``source`` starts with (an editor's pointer to the JSON Schema), pointed
    from ``target``'s folder so that it names the same schema there; none when it has none."""
    try:
        with open(source, encoding="utf-8-sig", errors="replace") as stream:
            first = stream.readline(2000)
    except OSError:
        return []
    found = _SCHEMA.fullmatch(first.rstrip("\r\n"))
    if found is None:
        return []
    ref = found[1]
    if "://" in ref or os.path.isabs(ref):
        return [f"#:schema {ref}"]
    pointed = os.path.relpath(os.path.normpath(source.parent / ref), os.path.abspath(target.parent))
    return [f"#:schema {Path(pointed).as_posix()}"]


def toml_text(data: dict, header: Sequence[str] = (), comments: dict[tuple, str] | None = None) -> str:
    """``data`` (tables of tables, arrays of tables and plain values) as TOML; ``comments`` puts
    a comment line above the entry at a path such as ("doors", 0)."""
    comments = comments or {}
    lines = [f"# {line}" if not line.startswith("#") else line for line in header]
    plain = [k for k, v in data.items() if not _nested(v) and not isinstance(v, dict)]  # before any table
    for key in plain + [k for k in data if k not in plain]:
        lines += _entry((key,), data[key], comments)
    return "\n".join(lines).strip("\n") + "\n"


def _entry(path: tuple, value, comments: dict[tuple, str]) -> list[str]:
    if isinstance(value, dict) and (len(path) == 1 or not _inline(value)):
        body = _table(path, value, comments)
        if body and body[0] == "" and path not in comments:  # only sub-tables: no header of its own
            return body
        return ["", *_comment(path, comments), f"[{_dotted(path)}]", *body]
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        lines = []
        for i, entry in enumerate(value):
            lines += ["", *_comment(path + (i,), comments), f"[[{_dotted(path)}]]",
                      *_table(path + (i,), entry, comments)]
        return lines
    return [f"{_key(path[-1])} = {_value(value)}"]


def _table(path: tuple, table: dict, comments: dict[tuple, str]) -> list[str]:
    """A table's plain keys first, then its sub-tables (TOML reads keys after a sub-table as the sub-table's)."""
    plain = [(k, v) for k, v in table.items() if not _nested(v)]
    nested = [(k, v) for k, v in table.items() if _nested(v)]
    lines = [f"{_key(k)} = {_value(v)}" for k, v in plain]
    named = [p for p in path if isinstance(p, str)]
    for k, v in nested:
        lines += _entry((*named, k), v, comments)
    return lines


def _nested(value) -> bool:
    return (isinstance(value, dict) and not _inline(value)) or \
        (isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value))


def _inline(table: dict) -> bool:
    """Small tables of plain values are written inline: `where = { "1-2" = "A" }`."""
    return all(not isinstance(v, (dict, list)) or (isinstance(v, list) and not any(isinstance(i, dict) for i in v))
               for v in table.values())


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        if "\n" in value and "'''" not in value and not any(c in value for c in "\r\t\x00"):
            return "'''\n" + value + "'''"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        items = [_value(v) for v in value]
        if sum(len(i) + 2 for i in items) > 80:  # a long list: one item a line
            return "[\n" + "".join(f"  {i},\n" for i in items) + "]"
        return "[" + ", ".join(items) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _key(key) -> str:
    """Bare when it can be; quoted when it is not a word ("1-4" reads as a range, not a key)."""
    text = str(key)
    return text if _BARE.match(text) and text[0].isalpha() else json.dumps(text, ensure_ascii=False)


def _dotted(path: tuple) -> str:
    return ".".join(_key(p) for p in path if isinstance(p, str))


def _comment(path: tuple, comments: dict[tuple, str]) -> list[str]:
    return [f"# {comments[path]}"] if path in comments else []
