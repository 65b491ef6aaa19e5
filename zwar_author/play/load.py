"""Opening a mission to play: the one compiled-mission reader (``compile.reader``), then the engine's view of it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..compile.reader import read_mission
from ..engine.mission import Mission
from ..errors import Report


def load_mission(path: Path, search: Sequence[Path] = ()) -> tuple[Mission | None, Report]:
    """The mission at ``path`` (compiled JSON or a source) ready to play, or None and the problems
    that stop it compiling."""
    opened = read_mission(path, search)
    if opened.model is None or opened.board is None:
        return None, opened.report
    return Mission(opened.model, opened.board), opened.report
