"""Reading one source file (TOML or JSON) into data that remembers where it came from."""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .. import codes
from ..errors import Diagnostic, Location
from .locate import Positions, json_positions, toml_positions

MAX_BYTES = 4 * 1024 * 1024
SOURCE_SUFFIXES = (".toml", ".json")
_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_END = re.compile(r"\s*\(at end of document\)$")


def absolute(path: Path) -> Path:
    """``path`` made absolute without following symlinks: files are named as the user sees them."""
    return Path(os.path.abspath(path))


@dataclass
class Document:
    """A parsed source: its data, and the positions of every key and value in it."""

    path: Path
    data: dict
    positions: Positions

    def loc(self, path: tuple = ()) -> Location:
        """Location of the value at ``path`` (or of its nearest ancestor that exists)."""
        return self._at(self.positions.value(tuple(path)))

    def key_loc(self, path: tuple) -> Location:
        """Location of the key naming ``path``: where an unknown key should be pointed at."""
        return self._at(self.positions.key(tuple(path)))

    def text_loc(self, path: tuple, line: int, col: int) -> Location:
        """Location of character ``col`` of line ``line`` (both 0-based) of a text value.

        The value is either one string (TOML multi-line strings map exactly
        unless they use escapes) or a list of strings, one per line.
        """
        path = tuple(path)
        span = self.positions.strings.get(path + (line,))
        if span is not None:
            return self._at(span.content_start + col)
        span = self.positions.strings.get(path)
        if span is None or len(span.quote) == 1:
            return self.loc(path)
        text, start = self.positions.text, span.content_start
        if text.startswith("\r\n", start):
            start += 2
        elif text.startswith("\n", start):
            start += 1
        for _ in range(line):
            start = text.index("\n", start) + 1
        return self._at(start + col)

    @property
    def digest(self) -> str:
        """SHA-256 of the data in canonical JSON: equal for a TOML and a JSON twin.

        ``$schema`` is left out: it tells an editor where the schema is, not what the mission says.
        """
        data = {k: v for k, v in self.data.items() if k != "$schema"}
        canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(canonical.encode()).hexdigest()

    def _at(self, offset: int) -> Location:
        line, col = self.positions.line_col(offset)
        return Location(self.path, line, col)


def read_document(path: Path) -> tuple[Document | None, list[Diagnostic]]:
    """Read and parse ``path``; on failure, no document and the reasons why."""
    text, problems = read_text(path)
    if text is None:
        return None, problems
    if path.suffix.lower() == ".json":
        return _parse_json(path, text)
    return _parse_toml(path, text)


def read_text(path: Path) -> tuple[str | None, list[Diagnostic]]:
    here = Location(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            return None, [codes.TOO_LARGE.at(here, size=size, limit=MAX_BYTES)]
        raw = path.read_bytes()
    except OSError as exc:
        return None, [codes.UNREADABLE.at(here, reason=exc.strerror or str(exc))]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        reason = f"byte 0x{raw[exc.start]:02x} at offset {exc.start} is not UTF-8"
        return None, [codes.NOT_TEXT.at(here, reason=reason)]
    if "\x00" in text:
        return None, [codes.NOT_TEXT.at(here, reason="it contains NUL bytes")]
    return text, []


def _parse_toml(path: Path, text: str) -> tuple[Document | None, list[Diagnostic]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line, col = 1, 1
        if m := _TOML_AT.search(message):
            line, col = int(m[1]), int(m[2])
            message = message[: m.start()]
        elif m := _TOML_END.search(message):
            line = text.count("\n") + 1
            col = len(text.rsplit("\n", 1)[-1]) + 1
            message = message[: m.start()] + " at the end of the file"
        reason = message[:1].lower() + message[1:]
        return None, [codes.TOML_SYNTAX.at(Location(path, line, col), reason=reason)]
    return Document(path, data, toml_positions(text)), []


class _JsonProblem(ValueError):
    pass


def _no_constants(name: str):
    raise _JsonProblem(f"{name} is not allowed in JSON sources")


def _parse_json(path: Path, text: str) -> tuple[Document | None, list[Diagnostic]]:
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        reason = exc.msg[:1].lower() + exc.msg[1:]
        return None, [codes.JSON_SYNTAX.at(Location(path, exc.lineno, exc.colno), reason=reason)]
    except _JsonProblem as exc:
        return None, [codes.JSON_SYNTAX.at(Location(path), reason=str(exc))]
    positions = json_positions(text)
    problems = []
    for offset, key in positions.duplicates:
        line, col = positions.line_col(offset)
        problems.append(codes.JSON_SYNTAX.at(
            Location(path, line, col), reason=f"key `{key}` appears twice in one object"))
    if not isinstance(data, dict):
        problems.append(codes.BAD_VALUE.at(
            Location(path), message="a source file holds one object at the top level"))
    if problems:
        return None, problems
    return Document(path, data, positions), []
