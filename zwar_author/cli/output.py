"""Printing diagnostics for people (full or short) or machines (json)."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import NoReturn, Protocol

import click

from ..errors import Diagnostic, Report, SetupError, Severity, UnsupportedGame, UsageError, cannot_write, display_path


class Closable(Protocol):
    def close(self) -> None: ...

FORMAT = click.option("--format", "fmt", type=click.Choice(["full", "short", "json", "sarif", "github"]),
                      default="full", show_default=True,
                      help="full: each problem with its source lines, carets and notes; short: one line per "
                           "problem (file:line:col: severity CODE: message); json: one JSON document; sarif: a "
                           "SARIF 2.1.0 log for code scanning; github: GitHub Actions annotations.")
LIST_FORMAT = click.option("--format", "fmt", type=click.Choice(["human", "json"]), default="human",
                           show_default=True, help="human: one line each; json: one JSON document.")
COLOR = click.option("--color", "colour", type=click.Choice(["auto", "always", "never"]), default="auto",
                     show_default=True, help="Colour the full format: auto does on a terminal unless NO_COLOR is set.")
ALLOW_UNPLAYABLE = click.option(
    "--allow-unplayable", is_flag=True,
    help="Report what the heroes cannot reach (ZW701-ZW703) as warnings, not errors.")
PACK_PATH = click.option("--pack-path", "search", multiple=True, type=click.Path(exists=True, file_okay=False),
                         help="Another folder to look in for packs named by `requires` (repeatable).")


def usage_errors(func):
    """Turn the library's UsageError into click's, which prints one line and exits with 2."""

    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except UsageError as exc:
            raise click.UsageError(str(exc)) from None

    return wrapper


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """A failed write of the output ``path`` names (a read-only folder, a full disk) as one usage-error line
    naming it and the system's reason, exit status 2; every writer stages its files, so the old output is
    as it was."""
    try:
        yield
    except OSError as exc:
        raise UsageError(cannot_write(path, exc)) from None


class Refusal(Protocol):
    def lines(self) -> list[str]: ...


def refuse(exc: Refusal) -> NoReturn:
    """A mission the engine cannot play: what it does not play, one line each, and exit status 1."""
    for line in exc.lines():
        click.echo(line)
    raise SystemExit(1)


@contextmanager
def playing(bar: Closable) -> Iterator[None]:
    """A run of games (a playtest, a group's fit, a tuning), its errors translated the one way: a mission
    the engine cannot play is refused (exit 1), a set-up the rules do not allow is a usage error (exit 2),
    and the progress bar is closed whatever happens."""
    from ..games import CannotPlay

    try:
        yield
    except CannotPlay as exc:
        refuse(exc)
    except (SetupError, UnsupportedGame, RuntimeError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        bar.close()


def problems_or_exit(problems: Report) -> None:
    """A run that found content errors prints them and exits with 1."""
    if not problems.ok:
        for diagnostic in problems.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def summary(report: Report, what: str, note: str = "") -> str:
    counts = f"{what}: {plural(len(report.errors), 'error')}, {plural(len(report.warnings), 'warning')}"
    return f"{counts}; {note}" if note else counts


def use_colour(choice: str) -> bool:
    """--color always or never as said; auto colours a terminal unless NO_COLOR is set (to anything
    but the empty string) or the terminal is a dumb one."""
    if choice != "auto":
        return choice == "always"
    return not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb" and sys.stdout.isatty()


def emit(report: Report, fmt: str, what: str, extra: dict | None = None, colour: str = "auto",
         note: str = "") -> None:
    """Print the report in ``fmt`` (full, short, json, sarif or github); exit 1 if it holds errors.

    ``note`` follows the summary line (for sarif, whose output is one JSON document, on stderr; json
    carries what it says in ``extra``)."""
    # The reporters load here, and only for a report that has something for them to print:
    # `--help`, shell completion and checking a sound mission do not load them
    diagnostics = report.sorted()
    if fmt == "sarif":
        from ..reporting import ci
        from ..reporting.source import Sources

        click.echo(json.dumps(ci.sarif(diagnostics, Sources()), indent=2, sort_keys=True, ensure_ascii=False))
        if note:
            click.echo(note, err=True)
    elif fmt == "github":
        from ..reporting import ci
        from ..reporting.source import Sources

        sources = Sources()
        for diagnostic in diagnostics:
            click.echo(ci.github(diagnostic, sources))
        click.echo(summary(report, what, note))
    elif fmt == "json":
        document = {
            "ok": report.ok,
            "errors": len(report.errors),
            "warnings": len(report.warnings),
            "diagnostics": [d.as_json() for d in diagnostics],
            **(extra or {}),
        }
        click.echo(json.dumps(document, indent=2, sort_keys=True))
    elif fmt in ("short", "human"):  # "human": what commands without a --format of their own pass
        if diagnostics:
            from ..reporting import text

            click.echo("\n".join(text.short(diagnostic) for diagnostic in diagnostics))
        click.echo(summary(report, what, note))
    else:
        if diagnostics:
            _full(diagnostics, colour)
        click.echo(summary(report, what, note))
    if not report.ok:
        raise SystemExit(1)


def _full(diagnostics: list[Diagnostic], colour: str) -> None:
    """Each diagnostic with its source lines, then where to read more about the first error's code."""
    from ..reporting import text
    from ..reporting.source import Sources

    painted = use_colour(colour)
    sources = Sources()
    for diagnostic in diagnostics:
        click.echo(text.full(diagnostic, sources, painted) + "\n", color=painted)
    first = next((d for d in diagnostics if d.severity is Severity.ERROR), diagnostics[0])
    click.echo(f"`zwar explain {first.code}` (or `zwar explain {text.name_of(first.code)}`) says more about a code")


def written_lines(paths: list[Path]) -> list[str]:
    """``wrote PATH`` for each file, but the numbered pages of one sheet in one folder
    (map-ground-1.png, map-ground-2.png, ...) on one line, with a wildcard and the count."""
    groups: dict[tuple[Path, str, str], list[Path]] = {}
    for path in paths:
        page = re.fullmatch(r"(.+)-\d+(-back)?", path.stem)
        key = (path.parent, page[1] if page else path.name, path.suffix if page else "")
        groups.setdefault(key, []).append(path)
    lines = []
    for (folder, sheet, suffix), files in groups.items():
        if len(files) == 1:
            lines.append(f"wrote {display_path(files[0])}")
        else:
            lines.append(f"wrote {display_path(folder / f'{sheet}-*{suffix}')} ({plural(len(files), 'page')})")
    return lines
