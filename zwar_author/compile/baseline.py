"""Findings already known: a baseline from an earlier ``zwar validate --format sarif`` or ``--format json`` run.

A pack that adopts the checks late has problems it will fix in its own time;
its CI should fail on what a pull request adds, not on those. A finding is
known when the baseline holds one in the same file with the same code and the
same message. Lines and columns are left out of the comparison, so that
editing above a known finding does not make it new; each known finding hides
one finding, so a second copy of a known mistake is new.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname

from ..errors import Diagnostic, Report, UsageError, display_path
from ..sources.document import read_text

#: What identifies a finding across runs: its file (as shown), code and message.
Key = tuple[str, str, str]


@dataclass(frozen=True)
class Baseline:
    """The findings of an earlier run, each counted as often as it was reported."""

    path: Path
    known: Counter[Key]

    def new(self, report: Report) -> tuple[Report, int]:
        """The report without the findings the baseline knows, and how many it hid."""
        left = Counter(self.known)
        kept = Report()
        hidden = 0
        for diagnostic in report.sorted(per_file=sys.maxsize):
            key = _key(diagnostic)
            if left[key]:
                left[key] -= 1
                hidden += 1
            else:
                kept.add(diagnostic)
        return kept, hidden


def _key(diagnostic: Diagnostic) -> Key:
    return display_path(diagnostic.location.path), diagnostic.code, diagnostic.message


def read_baseline(path: Path) -> Baseline:
    """The baseline in ``path``: a SARIF log or a JSON report written by ``zwar validate``.

    A file that cannot be read, or is neither, is a usage error: the command line named it.
    """
    text, problems = read_text(path)
    if text is None:
        raise UsageError(f"--baseline {path}: {problems[0].message}")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        document = None
    found = _sarif(document) if isinstance(document, dict) and "runs" in document else _json(document)
    if found is None:
        raise UsageError(f"--baseline {path}: not a SARIF log or a JSON report of `zwar validate` "
                         "(write one with `zwar validate --format sarif` or `--format json`)")
    return Baseline(path, Counter(found))


def _json(document: object) -> list[Key] | None:
    """The findings of ``zwar validate --format json``: its ``diagnostics``, each with path, code and message."""
    entries = document.get("diagnostics") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        return None
    found = []
    for entry in entries:
        path, code, message = (entry.get(k) for k in ("path", "code", "message")) if isinstance(entry, dict) else \
            (None, None, None)
        if not (isinstance(path, str) and isinstance(code, str) and isinstance(message, str)):
            return None
        found.append((display_path(Path(path)), code, message))
    return found


def _sarif(document: dict) -> list[Key] | None:
    """The findings of a SARIF log: each result's file, rule and message (without the notes after it)."""
    runs = document.get("runs")
    if not isinstance(runs, list):
        return None
    found = []
    for run in runs:
        results = run.get("results") if isinstance(run, dict) else None
        if not isinstance(results, list):
            return None
        for result in results:
            key = _sarif_key(result)
            if key is None:
                return None
            found.append(key)
    return found


def _sarif_key(result: object) -> Key | None:
    try:
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]  # type: ignore[index]
        code, text = result["ruleId"], result["message"]["text"]  # type: ignore[index]
    except (KeyError, IndexError, TypeError):
        return None
    if not all(isinstance(v, str) for v in (uri, code, text)):
        return None
    parsed = urlparse(uri)
    path = Path(url2pathname(parsed.path)) if parsed.scheme == "file" else Path(unquote(uri))
    return display_path(path), code, text.split("\nnote: ")[0]
