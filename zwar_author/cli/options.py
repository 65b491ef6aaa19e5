"""Option types and checks shared by the commands: every bad value is a usage error (exit 2), never a crash.

Each type checks what can be checked before any work starts: a length with
its unit and within a printable range, an output folder that can be made, a
file that is a regular file, a list of policies that names known ones. What
needs the mission (a door off the board) is checked by the library.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

import click

from ..errors import UsageError
from ..geometry.notation import parse_edge, parse_squares

#: A map square on paper, and a card's sides, in millimetres: what a printer and a table can use.
SQUARE_MM = (5.0, 100.0)
CARD_MM = (35.0, 100.0)
#: Resolutions of PNG sheets: at 600 dots per inch an A4 page is already 35 million pixels (140 MB).
DPI = (30, 600)
#: Questions in one `zwar query --batch` file, and its size.
MAX_BATCH_LINES = 100_000
MAX_BATCH_BYTES = 8 * 1024 * 1024


class Length(click.ParamType):
    """A length with its unit (25mm, 2.5cm, 1in) within ``bounds`` millimetres; the value is millimetres."""

    name = "length"

    def __init__(self, bounds: tuple[float, float]) -> None:
        self.bounds = bounds

    def convert(self, value: Any, param, ctx) -> float:
        if isinstance(value, float):
            return value
        from ..render.options import length  # here, so that `--help` stays free of the render package

        try:
            mm = length(str(value))
        except UsageError as exc:
            self.fail(str(exc), param, ctx)
        low, high = self.bounds
        if not low <= mm <= high:
            self.fail(f"`{value}` is {mm:g} mm: give a length from {low:g} mm to {high:g} mm", param, ctx)
        return mm


class CardSize(click.ParamType):
    """WIDTHxHEIGHT in millimetres, each side within ``CARD_MM``."""

    name = "WIDTHxHEIGHT"
    _FORM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$")

    def convert(self, value: Any, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        m = self._FORM.match(str(value))
        if not m:
            self.fail(f"`{value}`: write WIDTHxHEIGHT in millimetres, like 63x88", param, ctx)
        size = (float(m[1]), float(m[2]))
        low, high = CARD_MM
        if not all(low <= side <= high for side in size):
            self.fail(f"`{value}`: each side of a card is from {low:g} to {high:g} mm", param, ctx)
        return size


class OutputFolder(click.ParamType):
    """A folder to write into: an existing folder, or one that can be made inside an existing folder."""

    name = "folder"

    def convert(self, value: Any, param, ctx) -> Path:
        path = Path(value)
        if not str(value).strip():
            self.fail("give a folder", param, ctx)
        existing = path
        while not os.path.lexists(existing) and existing != existing.parent:
            existing = existing.parent
        if not existing.is_dir():
            what = "is not a folder" if existing == path else f"cannot be made: `{existing}` is not a folder"
            self.fail(f"`{value}` {what}", param, ctx)
        if not os.access(existing, os.W_OK | os.X_OK):
            self.fail(f"`{value}`: no permission to write in `{existing}`", param, ctx)
        return path


class OutputFile(click.ParamType):
    """A file to write: a regular file to replace, or a new file in an existing folder."""

    name = "file"

    def convert(self, value: Any, param, ctx) -> Path:
        problem = unwritable(Path(value))
        if problem:
            self.fail(problem, param, ctx)
        return Path(value)


def unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file (replaced whole), or None."""
    if os.path.lexists(path) and not _regular(path):
        return f"`{path}` is not a regular file: give a file to write"
    if not path.parent.is_dir():
        return f"`{path}` cannot be written: `{path.parent}` is not a folder"
    return None


class InputFile(click.ParamType):
    """An existing regular file (a FIFO or a device would block or never end)."""

    name = "file"

    def convert(self, value: Any, param, ctx) -> Path:
        path = Path(value)
        if not os.path.exists(path):
            self.fail(f"`{value}` does not exist", param, ctx)
        if not _regular(path):
            self.fail(f"`{value}` is not a regular file", param, ctx)
        return path


class BatchFile(click.ParamType):
    """A file of questions (or - for standard input): UTF-8 text of at most ``MAX_BATCH_LINES`` lines."""

    name = "FILE"

    def convert(self, value: Any, param, ctx) -> list[str]:
        if isinstance(value, list):
            return value
        if value == "-":
            raw = sys.stdin.buffer.read(MAX_BATCH_BYTES + 1)
        else:
            path = InputFile().convert(value, param, ctx)
            with open(path, "rb") as handle:
                raw = handle.read(MAX_BATCH_BYTES + 1)
        if len(raw) > MAX_BATCH_BYTES:
            self.fail(f"`{value}` is larger than {MAX_BATCH_BYTES} bytes", param, ctx)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            self.fail(f"`{value}` is not UTF-8 text (byte {exc.start})", param, ctx)
        if "\x00" in text:
            self.fail(f"`{value}` is not text: it holds NUL bytes", param, ctx)
        lines = text.splitlines()
        if len(lines) > MAX_BATCH_LINES:
            self.fail(f"`{value}` has {len(lines)} lines: a batch holds at most {MAX_BATCH_LINES} questions",
                      param, ctx)
        return lines


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def policy_list(choices: tuple[str, ...]):
    """A callback for a comma-separated list of policies, at least one: each one of ``choices`` or a name of
    their grammar (``search@64/aggressive``: ``model.common.POLICY_PATTERN``, which a band is held to), a
    misspelt one put right as in a band (``serch``: did you mean "search"?)."""

    def check(ctx, param, value: str) -> str:
        from ..model.common import PATTERN_WORDS, POLICY_PATTERN  # here: `--help` needs neither
        from ..model.validate import misspelt

        names = [name.strip() for name in value.split(",")]
        if not any(names):
            raise click.BadParameter(f"name at least one of {', '.join(choices)}")
        unknown = [name for name in names if name not in choices and not re.fullmatch(POLICY_PATTERN, name)]
        if unknown:
            meant = misspelt(unknown[0], PATTERN_WORDS[POLICY_PATTERN]) if unknown[0] else ""
            raise click.BadParameter(f"`{unknown[0] or value}` is not a policy: one of {', '.join(choices)}, comma "
                                     "separated (the planner and the search player at a budget as search@64, the "
                                     f"search player built on a bot as search@64/aggressive){meant}")
        if len(set(names)) < len(names):
            raise click.BadParameter(f"`{value}` names a policy twice")
        return ",".join(names)

    return check


_ADDRESS = re.compile(r"^(?:(tcp|tls|ws|wss|inproc|ucx)://)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$")


def scheduler_address(ctx, param, value: str | None) -> str | None:
    """`local`, or a Dask scheduler address HOST:PORT (tcp:// in front allowed)."""
    if value is None or value == "local":
        return value
    m = _ADDRESS.match(value.strip())
    if not m or not 1 <= int(m[3]) <= 65535:
        raise click.BadParameter(f"`{value}` is not a scheduler address: write HOST:PORT (like tcp://10.0.0.5:8786) "
                                 "or local")
    return value.strip()


def edges(ctx, param, values: tuple[str, ...]) -> tuple[str, ...]:
    for text in values:
        try:
            parse_edge(text)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return values


def squares(ctx, param, value: str | None) -> str | None:
    if value is not None:
        try:
            parse_squares(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return value
