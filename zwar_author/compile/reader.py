"""Reading a mission back, the one way every command opens one: compiled JSON (what ``output`` writes) or a source.

``read_mission`` takes either kind of file. A compiled document is read as it
is (its board rebuilt from the tile art it carries); a source is compiled on
the spot, whole for playing, or only as far as its board when that is all a
command needs (``zwar query`` answers about a board whose mission has other
problems). ``mission_document`` turns a compiled model back into the document
a worker process can rebuild it from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from ..errors import Report, Severity, UsageError
from ..geometry.board import Board, Floor, seal
from ..geometry.notation import parse_square
from ..geometry.rooms import label_rooms
from ..model.content import FORMAT, CompiledMission
from ..sources.art import art_text, parse_art
from ..sources.document import absolute, read_document
from .mission import compile_mission
from .project import check
from .workspace import Workspace, pack_root_of


@dataclass
class Opened:
    """A mission read from a file: its board and game, its compiled model (None when only the
    board was asked for or the mission does not compile), and the diagnostics of its sources."""

    board: Board | None
    game: str
    model: CompiledMission | None
    report: Report


def read_mission(path: Path, search: Sequence[Path] = (), board_only: bool = False) -> Opened:
    """The mission at ``path``: compiled JSON from `zwar build`, or a source compiled now."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    document = compiled_document(path)
    if document is not None:
        model = None if board_only else model_of(document, path)
        return Opened(board_of(document), document["mission"]["game"], model, Report())
    if board_only:
        return _source_board(path, list(search))
    outcome = check([path], list(search))
    if not outcome.report.ok:
        return Opened(None, "", None, outcome.report)
    missions = [m for found in outcome.missions.values() for m in found]
    if len(missions) != 1:
        raise UsageError(f"{path} is not a mission")
    model = missions[0]
    board = outcome.boards[model.pack, model.mission.id]
    return Opened(board, model.mission.game, model, outcome.report)


def compiled_document(path: Path) -> dict | None:
    """The compiled mission document at ``path``, or None if the file is not one."""
    if path.suffix.lower() != ".json":
        return None
    source, _ = read_document(path)  # a FIFO, a device or deep nesting is refused, not read
    document = source.data if source is not None else None
    if isinstance(document, dict) and document.get("format") == FORMAT and document.get("kind") == "mission":
        return document
    return None


def model_of(document: dict, path: Path | str = "the compiled mission") -> CompiledMission:
    """The compiled model of a document (a usage error, saying to rebuild it, when it is not valid)."""
    try:
        return CompiledMission.model_validate(document, strict=False)
    except ValidationError as exc:
        raise UsageError(f"{path} is not valid compiled content ({exc.error_count()} problems): rebuild it "
                         "with `zwar build`") from None


def board_of(document: dict) -> Board:
    """The board a compiled document describes, rebuilt from the tile art it carries."""
    floors = []
    for spec in document["board"]["floors"]:
        art, _ = parse_art(art_text(spec["art"]).lines)
        assert art is not None  # compiled art was checked when it was compiled
        grid = seal(art)
        floors.append(Floor(spec["id"], grid, label_rooms(grid)[0]))
    stairs = tuple((_end(link["link"][0]), _end(link["link"][1])) for link in document["board"]["stairs"])
    return Board(tuple(floors), stairs)


def _end(text: str) -> tuple[str, int, int]:
    """A stair link's end as the board keeps it: compiled squares always name their floor."""
    floor, x, y = parse_square(text)
    return floor or "", x, y


def mission_document(model: CompiledMission) -> dict:
    """The document `zwar build` would write for ``model``: what a worker rebuilds the mission from."""
    return model.model_dump(mode="json", by_alias=True)


def _source_board(path: Path, search: list[Path]) -> Opened:
    """A source mission compiled as far as its board; None, with the board's errors, when it does not compile."""
    report = Report()
    ws = Workspace(search)
    root = pack_root_of(path)
    if root is not None:
        ws.add_named(root)
    pack = ws.pack_at(root) if root is not None else ws.standalone(path.parent)
    doc = ws.read(path)
    if doc is None:
        report.extend(ws.problems.get(absolute(path), []))
        return Opened(None, "", None, report)
    result = compile_mission(ws, pack, doc)
    if result.board is None:
        report.extend(p for p in result.problems if p.severity is Severity.ERROR)
    return Opened(result.board, result.game, None, report)
