"""Running one mutated source through `zwar validate`'s library call, and judging the outcome.

A copy of the reference content (every pack in content/, so new kinds of
source are fuzzed as they land) lives in a scratch folder; each input replaces
one of its files, is checked in-process, and the file is put back. An input
fails when checking raises (what the command would report as an internal
error, exit 3), when a diagnostic of the file points outside its text, or
when it runs past the time budget (``guard.Guard`` stops it there).
"""

from __future__ import annotations

import random
import shutil
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from zwar_author.compile import workspace
from zwar_author.compile.project import check
from zwar_author.compile.workspace import tile_sides
from zwar_author.errors import Diagnostic
from zwar_author.model.validate import validate
from zwar_author.sources.document import read_document

from .mutate import mutate, to_json

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / "content"


@dataclass(frozen=True)
class Input:
    number: int
    target: str  # the file replaced, relative to content/: core/missions/hold-out.toml
    text: str
    json: bool


@dataclass
class Verdict:
    input: Input
    seconds: float
    errors: int = 0
    codes: frozenset[str] = frozenset()  # the codes of the file's diagnostics
    crash: str | None = None  # the exception, as the one-line internal error would name it
    misplaced: list[str] = field(default_factory=list)  # diagnostics pointing outside the file
    hang: bool = False  # stopped at the time budget (guard.py), never finished

    @property
    def failed(self) -> bool:
        return self.crash is not None or bool(self.misplaced) or self.hang


class Harness:
    """The reference content copied to ``scratch``; unchanged files are parsed once and reused."""

    def __init__(self, scratch: Path) -> None:
        self.root = scratch / "content"
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.copytree(REFERENCE, self.root)
        self.sources = sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*")
                              if p.suffix in (".toml", ".json") and workspace.pack_root_of(p) is not None)
        self.originals = {name: (self.root / name).read_text(encoding="utf-8") for name in self.sources}
        self._cache: dict[tuple[Path, Path | None], object] = {}
        self._derived: dict[tuple, object] = {}
        self._target: Path | None = None
        workspace.read_document = self._read  # type: ignore[assignment]
        workspace.tile_sides = self._once(tile_sides)  # type: ignore[assignment]
        workspace.validate = self._once(validate)  # type: ignore[assignment]

    def _read(self, path: Path, root: Path | None = None):
        """Parse the mutated file every time; every other file once (they never change)."""
        if path == self._target:
            return read_document(path, root)
        key = (path, root)
        if key not in self._cache:
            self._cache[key] = read_document(path, root)
        return self._cache[key]  # type: ignore[return-value]

    def _once(self, function):
        """``function(doc, ...)`` computed once for an unchanged (cached, never mutated) document."""

        def call(doc, other, **options):
            if doc.path == self._target:
                return function(doc, other, **options)
            key = (function.__name__, id(doc), id(other), tuple(sorted(options.items())))
            if key not in self._derived:
                self._derived[key] = function(doc, other, **options)
            return self._derived[key]

        return call

    def inputs(self, seed: int, count: int, start: int = 0) -> Iterator[Input]:
        """``count`` inputs from number ``start``; input ``i`` depends only on ``seed``, ``i`` and the content."""
        for number in range(start, start + count):
            rng = random.Random(f"{seed}:{number}")
            target = rng.choice(self.sources)
            text = self.originals[target]
            start_json = target.endswith(".json")
            if not start_json and rng.random() < 0.25:
                start_json, text = True, to_json(tomllib.loads(text))
            text, as_json = mutate(text, start_json, rng)
            yield Input(number, target, text, as_json)

    def run(self, item: Input, budget: float) -> Verdict:
        original = self.root / item.target
        path = original.with_suffix(".json" if item.json else ".toml")
        original.unlink()
        path.write_text(item.text, encoding="utf-8", newline="")
        self._target = workspace.absolute(path)
        started = time.perf_counter()
        verdict = Verdict(item, 0.0)
        try:
            report = check([path])
            shown = report.report.sorted()
            verdict.errors = len(report.report.errors)
            verdict.codes = frozenset(d.code for d in shown if d.location.path == self._target)
            verdict.misplaced = [d.human() for d in shown if d.location.path == self._target
                                 and not _inside(d, item.text)]
            for d in shown:
                d.human()
        except Exception as exc:  # noqa: BLE001 - any exception is the crash being looked for
            verdict.crash = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        verdict.seconds = time.perf_counter() - started
        path.unlink()
        original.write_text(self.originals[item.target], encoding="utf-8")
        self._target = None
        return verdict

    def close(self) -> None:
        workspace.read_document = read_document  # type: ignore[assignment]
        workspace.tile_sides = tile_sides  # type: ignore[assignment]
        workspace.validate = validate  # type: ignore[assignment]


def _inside(d: Diagnostic, text: str) -> bool:
    """Line and column within the text: a column may be just past a line's last character, not further."""
    lines = text.removeprefix("\ufeff").split("\n")
    loc = d.location
    return 1 <= loc.line <= len(lines) and 1 <= loc.col <= len(lines[loc.line - 1]) + 1
