"""The source lines diagnostics point into, and the span of the token at a location.

Diagnostics carry a line and column only; the span under the caret is found
here, from the text: a quoted string, a table header, an inline table or
array, a word or number, else one character. Files are read again for display
(only regular files no larger than a source may be), so a report needs nothing
but the diagnostics themselves.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import Location
from ..sources import document

_WORD = re.compile(r"[A-Za-z0-9_]+")
TOKEN = 400  # the longest span found: a longer token is underlined this far (and lines are never scanned whole)
_HEADER = re.compile(r"\[\[?[^\[\]\n]*\]\]?")
_CLOSE = {"[": "]", "{": "}"}


@dataclass(frozen=True)
class Span:
    """Columns ``start`` to ``end`` (1-based, end exclusive) of line ``line``."""

    line: int
    start: int
    end: int


class Sources:
    """Source lines by path, each file read at most once; None for what cannot be shown."""

    def __init__(self) -> None:
        self._lines: dict[Path, list[str] | None] = {}

    def lines(self, path: Path) -> list[str] | None:
        if path not in self._lines:
            self._lines[path] = _read_lines(path)
        return self._lines[path]

    def line(self, location: Location) -> str | None:
        lines = self.lines(location.path)
        if lines is None or not 1 <= location.line <= len(lines):
            return None
        return lines[location.line - 1]

    def span(self, location: Location) -> Span:
        """The span of the token at ``location``; one column when the line is unknown."""
        text = self.line(location)
        if text is None:
            return Span(location.line, location.col, location.col + 1)
        start, end = token_span(text, location.col)
        return Span(location.line, start, end)


def _read_lines(path: Path) -> list[str] | None:
    """The lines of a regular file no larger than a source may be; opened without blocking (a FIFO
    put in its place never hangs the report) and checked after opening."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > document.MAX_BYTES:
                return None
            raw = handle.read(document.MAX_BYTES + 1)
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def token_span(text: str, col: int) -> tuple[int, int]:
    """Columns (1-based, end exclusive) of the token starting at column ``col`` of ``text``."""
    i = col - 1
    if i >= len(text) or i < 0:
        return col, col + 1
    header = i < TOKEN and not text[:i].strip()  # a table header starts its line
    rest = text[i:i + TOKEN]  # the work per diagnostic stays bounded on a huge line
    char = rest[0]
    end = 1
    if char in "\"'":
        quote = rest[:3] if rest[:3] in ('"""', "'''") else char
        close = _closing_quote(rest, len(quote), quote)
        end = close + len(quote) if close >= 0 else (len(quote) if len(quote) == 3 else len(rest.rstrip()))
    elif char == "[" and header:
        match = _HEADER.match(rest)
        end = match.end() if match else 1
    elif char in _CLOSE:
        end = _matching(rest, 0)
    elif _WORD.match(char):
        match = _WORD.match(rest)
        end = match.end() if match else 1
    return col, col + max(end, 1)


def _closing_quote(text: str, start: int, quote: str) -> int:
    i = start
    while i < len(text):
        if text[i] == "\\" and quote[0] == '"':
            i += 2
            continue
        if text.startswith(quote, i):
            return i
        i += 1
    return -1


def _matching(text: str, i: int) -> int:
    """Index after the bracket closing the one at ``i`` on this line, else ``i + 1``."""
    depth, quote = 0, ""
    for j in range(i, len(text)):
        char = text[j]
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in _CLOSE:
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return j + 1
    return i + 1
