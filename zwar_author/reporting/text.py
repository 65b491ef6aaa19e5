"""Diagnostics for people: the one-line form, and the full form with source lines and carets.

The full form (rustc, ruff) starts with the one-line form, then shows each
line pointed at, the primary span underlined with ``^`` and labelled (with
the code when there is no label), related places underlined with ``-`` and
labelled, and the notes::

    p/missions/m.toml:20:1: error ZW410: locked door at H:2,1 needs a red keycard, but none is placed
       |
    20 | [[doors]]
       | ^^^^^^^^^ ZW410
       |
       = note: ...

Colour is ANSI escapes, only when asked for; source text is shown with
control characters replaced, so a hostile file cannot drive the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..codes import CODES
from ..errors import Diagnostic, Location, Severity, display_path
from .source import Sources, Span

WIDTH = 120  # source lines longer than this are shown as a window around the span
CONTEXT = 30  # columns shown before the first span of a long line

_ANSI = {"error": "1;31", "warning": "1;33", "gutter": "1;34", "secondary": "1;34", "bold": "1"}


@dataclass(frozen=True)
class Painter:
    colour: bool = False

    def __call__(self, text: str, style: str) -> str:
        return f"\x1b[{_ANSI[style]}m{text}\x1b[0m" if self.colour and text else text


@dataclass(frozen=True)
class _Label:
    span: Span
    text: str
    primary: bool


def short(diagnostic: Diagnostic, relative_to: Path | None = None) -> str:
    """``file:line:col: severity CODE: message``: one line, for grep and editors."""
    return diagnostic.human(relative_to)


def header(diagnostic: Diagnostic, paint: Painter, relative_to: Path | None = None) -> str:
    if not paint.colour:
        return short(diagnostic, relative_to)
    severity = diagnostic.severity.value
    return (f"{paint(diagnostic.location.display(relative_to) + ':', 'bold')} {paint(severity, severity)} "
            f"{paint(diagnostic.code, 'bold')}: {diagnostic.message}")


def full(diagnostic: Diagnostic, sources: Sources, colour: bool = False, relative_to: Path | None = None) -> str:
    """The one-line form, then the source lines with spans, labels and notes."""
    paint = Painter(colour)
    primary = _Label(sources.span(diagnostic.location), diagnostic.label or diagnostic.code, True)
    by_file: dict[Path, list[_Label]] = {diagnostic.location.path: [primary]}
    for related in diagnostic.related:
        by_file.setdefault(related.location.path, []).append(_Label(sources.span(related.location), related.label, False))
    shown = {path: [label for label in labels if _line(sources, path, label.span.line) is not None]
             for path, labels in by_file.items()}
    last = max((label.span.line for labels in shown.values() for label in labels), default=1)
    gutter = " " * len(str(last))
    bar = paint(f"{gutter} |", "gutter")
    out = [header(diagnostic, paint, relative_to)]
    for path, labels in shown.items():
        if not labels:
            continue
        if path != diagnostic.location.path:
            first = min(labels, key=lambda label: (label.span.line, label.span.start)).span
            out.append(paint(f"{gutter} ::: ", "gutter") + display_path(path, relative_to) + f":{first.line}:{first.start}")
        out.append(bar)
        out += _snippet(sources, path, labels, gutter, paint, diagnostic.severity)
    if len(out) > 1 or diagnostic.notes:
        out.append(bar)
    out += [f"{gutter} = {paint('note', 'bold')}: {note}" for note in diagnostic.notes]
    return "\n".join(out)


def _line(sources: Sources, path: Path, line: int) -> str | None:
    return sources.line(Location(path, line, 1))


def _snippet(sources: Sources, path: Path, labels: list[_Label], gutter: str, paint: Painter,
             severity: Severity) -> list[str]:
    out: list[str] = []
    lines = sorted({label.span.line for label in labels})
    previous = None
    for number in lines:
        if previous is not None and number - previous == 2:
            out += _source_row(sources, path, number - 1, gutter, paint, [])
        elif previous is not None and number - previous > 2:
            out.append(paint("...", "gutter"))
        on_line = sorted((label for label in labels if label.span.line == number), key=lambda label: label.span.start)
        out += _source_row(sources, path, number, gutter, paint, on_line, severity)
        previous = number
    return out


def _source_row(sources: Sources, path: Path, number: int, gutter: str, paint: Painter, labels: list[_Label],
                severity: Severity = Severity.ERROR) -> list[str]:
    first = min((label.span.start for label in labels), default=1)
    shift, shown = _window(_line(sources, path, number) or "", first)
    shown = _printable(shown)
    out = [paint(f"{number:>{len(gutter)}} |", "gutter") + (f" {shown}" if shown else "")]
    for label in labels:
        start = max(label.span.start - shift, 1)
        length = max(min(label.span.end, label.span.start + WIDTH) - label.span.start, 1)
        length = min(length, max(len(shown) + 1 - start + 1, 1))
        mark = ("^" if label.primary else "-") * length
        style = severity.value if label.primary else "secondary"
        out.append(paint(f"{gutter} |", "gutter") + " " + " " * (start - 1)
                   + paint(mark + (f" {label.text}" if label.text else ""), style))
    return out


def _window(text: str, first: int) -> tuple[int, str]:
    """(columns cut on the left, the part of ``text`` shown) for a line whose first span starts at ``first``."""
    if len(text) <= WIDTH:
        return 0, text
    start = max(first - 1 - CONTEXT, 0)
    part = text[start:start + WIDTH]
    if start:
        part = "…" + part[1:]
    if start + WIDTH < len(text):
        part = part[:-1] + "…"
    return start, part


def _printable(text: str) -> str:
    return "".join(" " if char == "\t" else (char if char.isprintable() else "\ufffd") for char in text)


def name_of(code: str) -> str:
    """The name of a diagnostic code (``room-leak`` for ``ZW302``), for ``zwar explain``."""
    return CODES[code].name if code in CODES else code
