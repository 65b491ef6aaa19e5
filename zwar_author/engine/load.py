"""Getting a mission to play: compiled JSON from `zwar build`, or a source compiled on the spot."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from ..analysis.query import QueryBoard
from ..compile.project import check
from ..errors import Report, UsageError
from ..model.content import FORMAT, CompiledMission
from ..sources.document import read_document
from .mission import Mission


def load_mission(path: Path, search: list[Path] = ()) -> tuple[Mission | None, Report]:
    """The mission at ``path`` ready to play, or None and the problems that stop it compiling."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    compiled = _compiled(path)
    if compiled is not None:
        document, model = compiled
        return Mission(model, QueryBoard.from_compiled(document).board), Report()
    outcome = check([path], list(search))
    if not outcome.report.ok:
        return None, outcome.report
    missions = [m for found in outcome.missions.values() for m in found]
    if len(missions) != 1:
        raise UsageError(f"{path} is not a mission")
    model = missions[0]
    return Mission(model, outcome.boards[model.pack, model.mission.id]), outcome.report


def _compiled(path: Path) -> tuple[dict, CompiledMission] | None:
    if path.suffix.lower() != ".json":
        return None
    source, _ = read_document(path)  # a FIFO, a device or deep nesting is refused, not read
    document = source.data if source is not None else None
    if not (isinstance(document, dict) and document.get("format") == FORMAT and document.get("kind") == "mission"):
        return None
    try:
        return document, CompiledMission.model_validate(document, strict=False)
    except ValidationError as exc:
        raise UsageError(f"{path} is not valid compiled content ({exc.error_count()} problems): rebuild it "
                         "with `zwar build`") from None
