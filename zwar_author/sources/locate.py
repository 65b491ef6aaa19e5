"""Where each key and value of a TOML or JSON document starts in its text.

``tomllib`` and ``json`` give values but no positions. These scanners walk a
document that the standard reader has already accepted and record, for every
key path (a tuple of keys and list indices, as pydantic reports them), the
offset of the value and of its key. They assume valid input and never raise on
it; a document the standard reader rejected is never scanned.
"""

from __future__ import annotations

import bisect
import json
import tomllib
from dataclasses import dataclass, field

Path_ = tuple  # a key path: str keys and int indices


@dataclass(frozen=True)
class StringSpan:
    """Raw extent of a string token: where its content starts and how it was quoted."""

    content_start: int
    quote: str  # '"', "'", '\"\"\"', "'''" (TOML) or '"' (JSON)


@dataclass
class Positions:
    """Offsets of values and keys in one text, and a converter to line/column."""

    text: str
    values: dict[Path_, int] = field(default_factory=dict)
    keys: dict[Path_, int] = field(default_factory=dict)
    strings: dict[Path_, StringSpan] = field(default_factory=dict)
    #: keys repeated within one JSON object, as (offset, key): ``json`` keeps the last silently.
    duplicates: list[tuple[int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._line_starts = [0] + [i + 1 for i, c in enumerate(self.text) if c == "\n"]

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._line_starts, offset) - 1
        return line + 1, offset - self._line_starts[line] + 1

    def value(self, path: Path_) -> int:
        """Offset of the value at ``path``, or of its nearest located ancestor."""
        return _nearest(self.values, path)

    def key(self, path: Path_) -> int:
        """Offset of the key that names ``path`` (the value's offset for list items)."""
        while path:
            if path in self.keys:
                return self.keys[path]
            if path in self.values:
                return self.values[path]
            path = path[:-1]
        return 0


def _nearest(table: dict[Path_, int], path: Path_) -> int:
    while path:
        if path in table:
            return table[path]
        path = path[:-1]
    return table.get((), 0)


# --- TOML --------------------------------------------------------------------------

_BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_SCALAR_END = set(",]}\n#")


class _TomlScanner:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.out = Positions(text)
        self.arrays: dict[Path_, int] = {}  # array-of-tables path -> element count

    def run(self) -> Positions:
        self.out.values[()] = 0
        table: Path_ = ()
        while True:
            self._skip_blank(newlines=True)
            if self.i >= len(self.s):
                return self.out
            start = self.i
            if self.s.startswith("[[", self.i):
                self.i += 2
                keys = self._keys()
                self.i = self.s.index("]]", self.i) + 2
                array = self._resolve(keys, start)
                index = self.arrays.get(array, 0)
                self.arrays[array] = index + 1
                table = array + (index,)
                self.out.values.setdefault(array, start)
                self.out.keys.setdefault(array, keys[-1][1])
                self.out.values[table] = start
            elif self.s[self.i] == "[":
                self.i += 1
                keys = self._keys()
                self.i = self.s.index("]", self.i) + 1
                table = self._resolve(keys, start)
                self.out.values[table] = start
                self.out.keys[table] = keys[-1][1]
            else:
                self._key_value(table)

    def _resolve(self, keys: list[tuple[str, int]], start: int) -> Path_:
        """Full path of a header: its leading keys step into the last element of
        arrays of tables (``[[a.b]]`` after ``[[a]]`` belongs to the last ``a``)."""
        path: Path_ = ()
        for number, (name, offset) in enumerate(keys, 1):
            path = path + (name,)
            self.out.keys.setdefault(path, offset)
            self.out.values.setdefault(path, start)
            if path in self.arrays and number < len(keys):
                path = path + (self.arrays[path] - 1,)
        return path

    def _key_value(self, table: Path_) -> None:
        keys = self._keys()
        path = table
        for name, offset in keys:
            path = path + (name,)
            self.out.keys.setdefault(path, offset)
            self.out.values.setdefault(path, offset)
        self._skip_blank()
        self.i += 1  # '='
        self._skip_blank()
        self._value(path)

    def _keys(self) -> list[tuple[str, int]]:
        keys = []
        while True:
            self._skip_blank()
            offset = self.i
            c = self.s[self.i]
            if c in "\"'":
                end = self._string_end(c)
                name = tomllib.loads("k = " + self.s[self.i:end])["k"]
                self.i = end
            else:
                j = self.i
                while j < len(self.s) and self.s[j] in _BARE:
                    j += 1
                name = self.s[self.i:j]
                self.i = j
            keys.append((name, offset))
            self._skip_blank()
            if self.i < len(self.s) and self.s[self.i] == ".":
                self.i += 1
                continue
            return keys

    def _value(self, path: Path_) -> None:
        self.out.values[path] = self.i
        c = self.s[self.i]
        if c in "\"'":
            quote = self.s[self.i:self.i + 3] if self.s.startswith(c * 3, self.i) else c
            self.out.strings[path] = StringSpan(self.i + len(quote), quote)
            self.i = self._string_end(c)
        elif c == "[":
            self.i += 1
            index = 0
            while True:
                self._skip_blank(newlines=True)
                if self.s[self.i] == "]":
                    self.i += 1
                    return
                self._value(path + (index,))
                index += 1
                self._skip_blank(newlines=True)
                if self.s[self.i] == ",":
                    self.i += 1
        elif c == "{":
            self.i += 1
            while True:
                self._skip_blank()
                if self.s[self.i] == "}":
                    self.i += 1
                    return
                if self.s[self.i] == ",":
                    self.i += 1
                    continue
                self._key_value(path)
        else:
            while self.i < len(self.s) and self.s[self.i] not in _SCALAR_END:
                self.i += 1

    def _string_end(self, quote: str) -> int:
        """Offset just past the string token starting at ``self.i``."""
        s, i = self.s, self.i
        if s.startswith(quote * 3, i):
            j = i + 3
            while True:
                if quote == '"' and s[j] == "\\":
                    j += 2
                    continue
                if s.startswith(quote * 3, j):
                    j += 3
                    while j < len(s) and s[j] == quote:  # up to two quotes may end the content
                        j += 1
                    return j
                j += 1
        j = i + 1
        while s[j] != quote:
            j += 2 if (quote == '"' and s[j] == "\\") else 1
        return j + 1

    def _skip_blank(self, newlines: bool = False) -> None:
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#":
                while self.i < len(s) and s[self.i] != "\n":
                    self.i += 1
            else:
                return


def toml_positions(text: str) -> Positions:
    return _TomlScanner(text).run()


# --- JSON --------------------------------------------------------------------------


class _JsonScanner:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.out = Positions(text)

    def run(self) -> Positions:
        self._blank()
        self._value(())
        return self.out

    def _value(self, path: Path_) -> None:
        self.out.values[path] = self.i
        c = self.s[self.i]
        if c == "{":
            self.i += 1
            seen: set[str] = set()
            while True:
                self._blank()
                if self.s[self.i] == "}":
                    self.i += 1
                    return
                if self.s[self.i] == ",":
                    self.i += 1
                    continue
                key_start = self.i
                end = self._string_end()
                key = json.loads(self.s[key_start:end])
                if key in seen:
                    self.out.duplicates.append((key_start, key))
                seen.add(key)
                self.i = end
                self._blank()
                self.i += 1  # ':'
                self._blank()
                self.out.keys[path + (key,)] = key_start
                self._value(path + (key,))
        elif c == "[":
            self.i += 1
            index = 0
            while True:
                self._blank()
                if self.s[self.i] == "]":
                    self.i += 1
                    return
                if self.s[self.i] == ",":
                    self.i += 1
                    continue
                self._value(path + (index,))
                index += 1
        elif c == '"':
            self.out.strings[path] = StringSpan(self.i + 1, '"')
            self.i = self._string_end()
        else:
            while self.i < len(self.s) and self.s[self.i] not in ",]} \t\r\n":
                self.i += 1

    def _string_end(self) -> int:
        j = self.i + 1
        while self.s[j] != '"':
            j += 2 if self.s[j] == "\\" else 1
        return j + 1

    def _blank(self) -> None:
        while self.i < len(self.s) and self.s[self.i] in " \t\r\n":
            self.i += 1


def json_positions(text: str) -> Positions:
    return _JsonScanner(text).run()
