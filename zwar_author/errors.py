"""Diagnostics and the exceptions the library raises; nothing here knows about click.

Content problems are never exceptions: they are ``Diagnostic`` records collected
in a ``Report``, so one run reports every problem. Exceptions are for misuse of
the library (``UsageError``: a path that does not exist, a bad option value),
which the CLI turns into exit status 2.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path

from .limits import MAX_PROBLEMS_PER_FILE


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    HINT = "hint"  # a suggestion: never fails a check, never counted as a warning


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; line and column count from 1, in characters."""

    path: Path
    line: int = 1
    col: int = 1

    def display(self, relative_to: Path | None = None) -> str:
        return f"{display_path(self.path, relative_to)}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Related:
    """Another place a diagnostic points at, and what is there ("this door needs it")."""

    location: Location
    label: str


@dataclass(frozen=True)
class Diagnostic:
    """One problem: where, which code, how bad, what. ``label`` is written under the primary
    span, ``related`` are secondary places with their labels, ``notes`` are sentences that
    follow (cascades folded under this cause, hints). The one-line form ignores all three.
    ``fields`` are the values the message was made from (the door's edge, the keycard's
    colour), for code that needs them: nothing reads a message's text back."""

    location: Location
    code: str
    severity: Severity
    message: str
    label: str = ""
    related: tuple[Related, ...] = ()
    notes: tuple[str, ...] = ()
    fields: Mapping[str, object] = field(default_factory=dict, compare=False, repr=False)

    def with_context(self, label: str | None = None, related: tuple[Related, ...] | list[Related] = (),
                     notes: tuple[str, ...] | list[str] = ()) -> Diagnostic:
        """A copy with a primary label and more related places and notes."""
        return replace(self, label=self.label if label is None else label,
                       related=self.related + tuple(related), notes=self.notes + tuple(notes))

    def sort_key(self) -> tuple:
        loc = self.location
        return (str(loc.path), loc.line, loc.col, self.code, self.message)

    def human(self, relative_to: Path | None = None) -> str:
        return f"{self.location.display(relative_to)}: {self.severity.value} {self.code}: {self.message}"

    def as_json(self, relative_to: Path | None = None) -> dict:
        out: dict = {
            "path": display_path(self.location.path, relative_to),
            "line": self.location.line,
            "col": self.location.col,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
        }
        if self.label:
            out["label"] = self.label
        if self.related:
            out["related"] = [{"path": display_path(r.location.path, relative_to), "line": r.location.line,
                               "col": r.location.col, "label": r.label} for r in self.related]
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def display_path(path: Path, relative_to: Path | None = None) -> str:
    """``path`` relative to ``relative_to`` (default: the working directory) when inside it."""
    base = os.path.abspath(relative_to if relative_to is not None else os.getcwd())
    full = os.path.abspath(path)
    if full == base:
        return "."
    if full.startswith(base.rstrip(os.sep) + os.sep):
        return Path(os.path.relpath(full, base)).as_posix()
    return Path(full).as_posix()


@dataclass
class Report:
    """Every diagnostic of one run, in the order found; ``sorted()`` for output."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    def extend(self, diagnostics) -> None:
        self.diagnostics.extend(diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]

    @property
    def ok(self) -> bool:
        return not self.errors

    def sorted(self, per_file: int = MAX_PROBLEMS_PER_FILE) -> list[Diagnostic]:
        """Every diagnostic once, in file and line order; past ``per_file`` in one file, one line counts the rest."""
        unique = {(d.sort_key(), d.severity): d for d in self.diagnostics}
        ordered = [unique[k] for k in sorted(unique)]
        shown: list[Diagnostic] = []
        for _, group in itertools.groupby(ordered, key=lambda d: str(d.location.path)):
            items = list(group)
            shown += items[:per_file]
            if len(items) > per_file:
                shown.append(more_problems(items[per_file:], per_file))
        return shown


def more_problems(hidden: list[Diagnostic], shown: int) -> Diagnostic:
    """The line that stands for the problems of one file not printed (code ZW024, see codes.py), located
    at the first of them."""
    severity = Severity.ERROR if any(d.severity is Severity.ERROR for d in hidden) else Severity.WARNING
    return Diagnostic(hidden[0].location, "ZW024", severity,
                      f"and {len(hidden)} more problems in this file (the first {shown} are shown)")


class ZwarError(Exception):
    """Base of the library's exceptions."""


class UsageError(ZwarError):
    """The caller asked for something impossible (a missing path, a bad option value)."""


class EngineError(ZwarError, ValueError):
    """The reference engine refused an input or a game (a ``ValueError`` too, as the engine's refusals were
    before they joined this tree). The engine's control flow (``GameOver``, ``NeedInput``) is not an error."""


class IllegalAction(EngineError):
    """An input that is not among the options of the request it answers."""


class ParseError(EngineError):
    """Text that names no legal option, or several (``ambiguous``)."""

    def __init__(self, message: str, ambiguous: bool = False) -> None:
        super().__init__(message)
        self.ambiguous = ambiguous


class SetupError(EngineError):
    """A setup that does not fit the mission: an unknown hero, perk or card, too few start points."""


class UnsupportedGame(EngineError):
    """A mission whose rules data does not give the engine what it plays (what a game has and what
    the engine plays of it is the game profile's: ``games.require_playable`` raises CannotPlay)."""


def cannot_write(path: Path | str, exc: OSError) -> str:
    """The one line for an output that could not be written: the path the user named (not a hidden
    temporary file beside it) and the system's reason ("cannot write build: No space left on device")."""
    return f"cannot write {display_path(Path(path))}: {exc.strerror or exc}"
