"""What the preview page shows, rebuilt from the sources: one ``Snapshot`` per build.

A build checks the served folder as ``zwar validate`` does, then keeps for each
compiled mission what the page needs: its diagnostics, the playability chain
and the spawn odds at once; its map and mission page as SVG when first asked
(drawing is the slow part, and only the mission on screen needs it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from threading import Lock

from ..compile.project import Outcome, check
from ..errors import Diagnostic, UsageError
from ..geometry.board import Board
from ..model.content import CompiledMission
from ..playtest.odds import odds_text
from ..render import svg
from ..render.board import draw_floor
from ..render.canvas import Page
from ..render.pages import mission_pages
from ..render.theme import SCREEN
from .chain import chain

SQUARE_MM = 10.0  # the on-screen map's square; the browser scales the SVG to fit


@dataclass
class Snapshot:
    """One build of the served folder."""

    version: int
    root: Path
    outcome: Outcome | None
    took: float  # seconds
    failure: str = ""  # a usage problem (the folder vanished): shown instead of content
    #: missions that compiled in an earlier build but not in this one, kept to show while it has errors
    stale: dict[str, tuple[CompiledMission, Board]] = field(default_factory=dict)
    _svg: dict[tuple, str] = field(default_factory=dict)
    _summary: dict[str, dict] = field(default_factory=dict)
    _lock: Lock = field(default_factory=Lock)

    def compiled(self) -> dict[str, tuple[CompiledMission, Board]]:
        """Every mission this build compiled, by "pack/id"."""
        if self.outcome is None:
            return {}
        return {f"{pack_id}/{m.mission.id}": (m, self.outcome.boards[pack_id, m.mission.id])
                for pack_id, found in self.outcome.missions.items() for m in found}

    def mission(self, key: str) -> tuple[CompiledMission, Board] | None:
        return self.compiled().get(key) or self.stale.get(key)

    def summary(self) -> dict:
        """The JSON the page renders from, worked out once per build."""
        with self._lock:
            if "summary" not in self._summary:
                self._summary["summary"] = self._summarize()
            return self._summary["summary"]

    def _summarize(self) -> dict:
        if self.outcome is None:
            return {"version": self.version, "root": str(self.root), "failure": self.failure, "errors": 0,
                    "warnings": 0, "diagnostics": [], "missions": [], "took_ms": round(self.took * 1000)}
        report = self.outcome.report
        diagnostics = report.sorted()
        missions = []
        shown = self.compiled() | self.stale
        for key in sorted(shown):
            mission, board = shown[key]
            missions.append({
                "key": key,
                "title": mission.mission.title,
                "game": mission.mission.game,
                "mode": mission.mission.mode,
                "stale": key in self.stale,
                "floors": [f.id for f in board.floors],
                "chain": chain(mission, board),
                "odds": odds_text(mission),
            })
        return {"version": self.version, "root": str(self.root), "failure": "", "errors": len(report.errors),
                "warnings": len(report.warnings), "took_ms": round(self.took * 1000),
                "diagnostics": [self._diagnostic(d) for d in diagnostics], "missions": missions}

    def _diagnostic(self, d: Diagnostic) -> dict:
        entry = d.as_json(self.root)
        entry["file"] = str(d.location.path)
        return entry

    def map_svg(self, key: str, floor_id: str) -> str | None:
        """The floor as one SVG (no paper, no page splits), drawn once per build."""
        found = self.mission(key)
        if found is None:
            return None
        mission, board = found
        floor = next((f for f in board.floors if f.id == floor_id), None)
        if floor is None:
            return None
        with self._lock:
            cached = self._svg.get(("map", key, floor_id))
            if cached is None:
                page = Page(f"map-{floor_id}", floor.grid.width * SQUARE_MM, floor.grid.height * SQUARE_MM)
                page.add(draw_floor(floor, mission, SCREEN, SQUARE_MM))
                cached = self._svg[("map", key, floor_id)] = svg.svg(page)
        return cached

    def page_svgs(self, key: str) -> list[str] | None:
        """The mission page (on A4, as printed), one SVG a page."""
        found = self.mission(key)
        if found is None:
            return None
        with self._lock:
            if ("pages", key) not in self._svg:
                mission, board = found
                self._svg[("pages", key)] = "\x00".join(svg.svg(p) for p in mission_pages(mission, board, SCREEN))
            return self._svg[("pages", key)].split("\x00")


def build(root: Path, version: int, search: list[Path], previous: Snapshot | None = None) -> Snapshot:
    """Check the served folder; a snapshot of what was found (never raises for content problems).

    While the build has errors, a mission that compiled before but does not now
    is kept from ``previous`` (marked stale), so its map stays on screen while
    it is being fixed; a clean build drops them (a mission file deleted).
    """
    start = time.perf_counter()
    try:
        outcome: Outcome | None = check([root], search)
        failure = ""
    except UsageError as exc:
        outcome, failure = None, str(exc)
    snapshot = Snapshot(version, root, outcome, time.perf_counter() - start, failure)
    if previous is not None and (outcome is None or not outcome.report.ok):
        now = snapshot.compiled()
        snapshot.stale = {k: v for k, v in (previous.compiled() | previous.stale).items() if k not in now}
    return snapshot
