"""Diagnostics for continuous integration: SARIF 2.1.0 logs and GitHub Actions annotations.

SARIF (the OASIS format code-scanning services read) carries one rule per code
used, with its name and explanation, and one result per diagnostic with its
region (start and end, columns counted in Unicode code points, the end column
exclusive) and its related places. GitHub annotations are workflow commands,
one line each, escaped the way GitHub's own toolkit escapes them.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from .. import __version__
from ..codes import CODES
from ..errors import Diagnostic, Location, Severity, display_path
from .source import Sources

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning"}


def sarif(diagnostics: list[Diagnostic], sources: Sources, relative_to: Path | None = None) -> dict:
    """One SARIF 2.1.0 log of one run of zwar, its rules being the codes used."""
    used = sorted({d.code for d in diagnostics})
    rules = [_rule(code) for code in used]
    index = {code: i for i, code in enumerate(used)}
    results = []
    for d in diagnostics:
        result: dict = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _LEVEL[d.severity],
            "message": {"text": "\n".join([d.message, *(f"note: {note}" for note in d.notes)])},
            "locations": [_location(d.location, sources, relative_to)],
        }
        if d.related:
            result["relatedLocations"] = [
                {"id": i, **_location(r.location, sources, relative_to), "message": {"text": r.label}}
                for i, r in enumerate(d.related)]
        results.append(result)
    driver = {"name": "zwar", "fullName": "zwar-author", "version": __version__, "semanticVersion": __version__,
              "rules": rules}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0",
            "runs": [{"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}]}


def _rule(code: str) -> dict:
    entry = CODES.get(code)
    if entry is None:
        return {"id": code}
    return {
        "id": code,
        "name": entry.name,
        "shortDescription": {"text": entry.name.replace("-", " ")},
        "fullDescription": {"text": entry.explanation},
        "help": {"text": f"{entry.explanation} (zwar explain {entry.name})"},
        "defaultConfiguration": {"level": _LEVEL[entry.severity]},
    }


def _location(location: Location, sources: Sources, relative_to: Path | None) -> dict:
    span = sources.span(location)
    region = {"startLine": location.line, "startColumn": span.start}
    if sources.line(location) is not None:
        region.update(endLine=location.line, endColumn=span.end)
    return {"physicalLocation": {"artifactLocation": {"uri": _uri(location.path, relative_to)}, "region": region}}


def _uri(path: Path, relative_to: Path | None) -> str:
    shown = display_path(path, relative_to)
    if os.path.isabs(shown):
        return Path(shown).as_uri()
    return quote(shown)


def github(diagnostic: Diagnostic, sources: Sources, relative_to: Path | None = None) -> str:
    """One GitHub Actions workflow command: ``::error file=...,line=...,col=...,endLine=...,endColumn=...,
    title=ZWnnn::message``; notes and related places follow the message on lines of their own."""
    location = diagnostic.location
    span = sources.span(location)
    fields = [("file", display_path(location.path, relative_to)), ("line", location.line), ("col", span.start)]
    if sources.line(location) is not None:
        fields += [("endLine", location.line), ("endColumn", span.end - 1)]  # GitHub's end column is inclusive
    fields.append(("title", diagnostic.code))
    lines = [diagnostic.message, *(f"note: {note}" for note in diagnostic.notes)]
    lines += [f"{r.location.display(relative_to)}: {r.label}" for r in diagnostic.related]
    properties = ",".join(f"{name}={_escape_property(str(value))}" for name, value in fields)
    return f"::{_LEVEL[diagnostic.severity]} {properties}::{_escape_data(chr(10).join(lines))}"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
