"""Printing diagnostics for people (one line each) or machines (--format json)."""

from __future__ import annotations

import json
from functools import wraps

import click

from ..errors import Report, UsageError

FORMAT = click.option("--format", "fmt", type=click.Choice(["human", "json"]), default="human", show_default=True,
                      help="human: one line per problem; json: one JSON document.")
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


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def summary(report: Report, what: str) -> str:
    return f"{what}: {plural(len(report.errors), 'error')}, {plural(len(report.warnings), 'warning')}"


def emit(report: Report, fmt: str, what: str, extra: dict | None = None) -> None:
    """Print the report; exit 1 if it holds errors."""
    diagnostics = report.sorted()
    if fmt == "json":
        document = {
            "ok": report.ok,
            "errors": len(report.errors),
            "warnings": len(report.warnings),
            "diagnostics": [d.as_json() for d in diagnostics],
            **(extra or {}),
        }
        click.echo(json.dumps(document, indent=2, sort_keys=True))
    else:
        for diagnostic in diagnostics:
            click.echo(diagnostic.human())
        click.echo(summary(report, what))
    if not report.ok:
        raise SystemExit(1)
