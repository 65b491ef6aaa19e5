"""Reading one source file (TOML or JSON) into data that remembers where it came from."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from .. import codes, limits
from ..errors import Diagnostic, Location, display_path
from .locate import Positions, json_positions, toml_positions

MAX_BYTES = limits.MAX_FILE_BYTES  # the limit's older name, still imported elsewhere
SOURCE_SUFFIXES = (".toml", ".json")
_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_END = re.compile(r"\s*\(at end of document\)$")


def absolute(path: Path) -> Path:
    """``path`` made absolute without following symlinks: files are named as the user sees them."""
    return Path(os.path.abspath(path))


@dataclass
class Document:
    """A parsed source: its data, and the positions of every key and value in it.

    The positions may be given as the function that finds them: a file is then
    scanned for them only when a place in it is first asked for, which a file
    without problems seldom is (the files of the packs a mission requires, say).
    """

    path: Path
    data: dict
    _positions: Positions | Callable[[], Positions] = field(repr=False, compare=False)

    @property
    def positions(self) -> Positions:
        if not isinstance(self._positions, Positions):
            self._positions = self._positions()
        return self._positions

    def loc(self, path: tuple = ()) -> Location:
        """Location of the value at ``path`` (or of its nearest ancestor that exists)."""
        return self._at(self.positions.value(tuple(path)))

    def key_loc(self, path: tuple) -> Location:
        """Location of the key naming ``path``: where an unknown key should be pointed at."""
        return self._at(self.positions.key(tuple(path)))

    def text_loc(self, path: tuple, line: int, col: int) -> Location:
        """Location of character ``col`` of line ``line`` (both 0-based) of a text value.

        The value is either one string or a list of strings, one per line. The
        place is exact where the source spells the line as it reads (no escapes);
        elsewhere it falls back to the string. A column past the end of the line
        points just after its last character, never into the next line.
        """
        path = tuple(path)
        value = _at_path(self.data, path)
        if isinstance(value, list):
            span = self.positions.strings.get(path + (line,))
            item = value[line] if 0 <= line < len(value) else None
            if span is None or not isinstance(item, str):
                return self.loc(path + (line,))
            return self._in_line(span.content_start, item, col) or self.loc(path + (line,))
        span = self.positions.strings.get(path)
        if span is None or len(span.quote) == 1 or not isinstance(value, str):
            return self.loc(path)
        lines = value.split("\n")
        if not 0 <= line < len(lines):
            return self.loc(path)
        text, start = self.positions.text, span.content_start
        if text.startswith("\r\n", start):
            start += 2
        elif text.startswith("\n", start):
            start += 1
        for _ in range(line):
            start = text.find("\n", start) + 1
            if start == 0:
                return self.loc(path)
        return self._in_line(start, lines[line], col) or self.loc(path)

    def _in_line(self, start: int, line: str, col: int) -> Location | None:
        """Character ``col`` of ``line``, which the text holds verbatim at ``start``; None if it does not."""
        line = line.removesuffix("\r")
        if self.positions.text[start:start + len(line)] != line:
            return None
        return self._at(start + max(0, min(col, len(line))))

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


def _at_path(data: object, path: tuple) -> object:
    for part in path:
        try:
            data = data[part]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def read_document(path: Path, root: Path | None = None, is_json: bool | None = None
                  ) -> tuple[Document | None, list[Diagnostic]]:
    """Read and parse ``path``; on failure, no document and the reasons why.

    With ``root`` (the pack's folder), symbolic links must lead to a file inside it. JSON or TOML
    by the file's suffix, unless ``is_json`` says (a saved game is JSON whatever it is called).
    """
    text, problems = read_text(path, root)
    if text is None:
        return None, problems
    if is_json is None:
        is_json = path.suffix.lower() == ".json"
    problems = scan(path, text, is_json=is_json)
    if problems:
        return None, problems
    if is_json:
        doc, problems = _parse_json(path, text)
    else:
        doc, problems = _parse_toml(path, text)
    if doc is not None and (problems := shape_problems(doc)):
        return None, problems
    return doc, problems


def read_text(path: Path, root: Path | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The text of a regular file of at most ``MAX_FILE_BYTES``, else the reasons why not.

    FIFOs and devices are refused from ``stat`` without being opened for reading,
    and the file is opened non-blocking, so that a file swapped under us cannot block.
    """
    here = Location(path)
    try:
        target = Path(os.path.realpath(path))
        if root is not None:  # the file, or a folder on its way, may be a link
            inside = Path(os.path.realpath(root))
            if target != inside and inside not in target.parents:
                return None, [codes.OUTSIDE_PACK.at(here, target=target.as_posix(), pack=display_path(root))]
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return None, [codes.NOT_A_FILE.at(here, kind=_kind(info.st_mode))]
        if info.st_size > limits.MAX_FILE_BYTES:
            return None, [codes.TOO_LARGE.at(here, size=info.st_size, limit=limits.MAX_FILE_BYTES)]
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None, [codes.NOT_A_FILE.at(here, kind=_kind(os.fstat(handle.fileno()).st_mode))]
            raw = handle.read(limits.MAX_FILE_BYTES + 1)
    except OSError as exc:
        return None, [codes.UNREADABLE.at(here, reason=exc.strerror or str(exc))]
    if len(raw) > limits.MAX_FILE_BYTES:
        return None, [codes.TOO_LARGE.at(here, size=f"more than {limits.MAX_FILE_BYTES}", limit=limits.MAX_FILE_BYTES)]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        reason = f"byte 0x{raw[exc.start]:02x} at offset {exc.start} is not UTF-8"
        return None, [codes.NOT_TEXT.at(here, reason=reason)]
    if "\x00" in text:
        return None, [codes.NOT_TEXT.at(here, reason="it contains NUL bytes")]
    return text, []


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "special file"


# One token of interest to ``scan``: a string or comment (skipped whole), a bracket, a long number.
_TOKENS = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*""""{0,2}'
    r"|'''(?:[^']|'(?!''))*''''{0,2}"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
    r"|(?P<open>[\[{])|(?P<close>[\]}])"
    r"|(?P<number>[0-9][0-9_.eE+-]{" + str(limits.MAX_NUMBER_CHARS) + ",})",
    re.DOTALL,
)
_DIGITS = re.compile("[0-9]{" + str(limits.MAX_NUMBER_CHARS + 1) + ",}")


def scan(path: Path, text: str, is_json: bool = False) -> list[Diagnostic]:
    """Problems the parsers must never meet: nesting too deep for them, numbers too long to convert.

    Strings and comments are skipped whole, so brackets inside them do not
    count; a long run of digits counts anywhere, since squares, edges and table
    results inside strings are numbers too. The top level counts as one level
    (JSON's outer brace is it). Text that the parser rejects anyway may be
    misjudged: it is refused either way.
    """
    if digits := _DIGITS.search(text):
        return [codes.NUMBER_TOO_LONG.at(
            _located(path, text, digits.start()), chars=len(digits[0]), limit=limits.MAX_NUMBER_CHARS)]
    depth = 0 if is_json else 1
    for m in _TOKENS.finditer(text):
        kind = m.lastgroup
        if kind == "close":
            depth = max(depth - 1, 0)
        elif kind == "open":
            depth += 1
            if depth > limits.MAX_DEPTH:
                return [codes.TOO_DEEP.at(_located(path, text, m.start()), limit=limits.MAX_DEPTH)]
        elif kind == "number":
            return [codes.NUMBER_TOO_LONG.at(
                _located(path, text, m.start()), chars=len(m[0]), limit=limits.MAX_NUMBER_CHARS)]
    return []


def _located(path: Path, text: str, offset: int) -> Location:
    line = text.count("\n", 0, offset) + 1
    return Location(path, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def shape_problems(doc: Document) -> list[Diagnostic]:
    """Data nested too deep (dotted keys nest without brackets), lists and tables too large.

    Walks the data without recursion; reports every list and table too large, or
    only the first place nested too deep.
    """
    problems: list[Diagnostic] = []
    todo: list[tuple[tuple, object]] = [((), doc.data)]
    while todo:
        path, value = todo.pop()
        if not isinstance(value, (dict, list)):
            continue
        if len(path) >= limits.MAX_DEPTH:  # the top level is level 1
            return [codes.TOO_DEEP.at(doc.key_loc(path), limit=limits.MAX_DEPTH)]
        if isinstance(value, list):
            if len(value) > limits.MAX_ITEMS:
                problems.append(codes.TOO_MANY_ITEMS.at(doc.loc(path), count=len(value), limit=limits.MAX_ITEMS))
            todo += [(path + (i,), v) for i, v in enumerate(value[: limits.MAX_ITEMS])]
        else:
            if len(value) > limits.MAX_KEYS:
                problems.append(codes.TOO_MANY_KEYS.at(doc.loc(path), count=len(value), limit=limits.MAX_KEYS))
            todo += [(path + (k,), v) for k, v in list(value.items())[: limits.MAX_KEYS]]
    return problems


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
    return Document(path, data, partial(toml_positions, text)), []


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
