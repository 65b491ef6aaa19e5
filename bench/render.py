"""Rendering benchmarks: a 24 x 24 map to PDF, and every sheet of the reference pack.

Run by hand: ``.venv/bin/python bench/render.py`` (best of three runs each).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from zwar_author.compile.project import check
from zwar_author.render import cairo
from zwar_author.render.maps import MapOptions, map_pages
from zwar_author.render.options import RenderOptions
from zwar_author.render.project import render

CONTENT = Path(__file__).parents[1] / "content"


def best(function, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    outcome = check([CONTENT])
    mission = next(m for m in outcome.missions["core"] if m.mission.id == "supply-run")  # 24 x 24 squares
    board = outcome.boards["core", "supply-run"]
    seconds = best(lambda: cairo.pdf(map_pages(mission, board, MapOptions()), "bench"))
    print(f"24x24 map sheet to PDF (12 pages at 1 inch):      {seconds:6.2f} s   goal  2 s")
    out = Path(tempfile.mkdtemp())
    seconds = best(lambda: render([CONTENT], out, RenderOptions()))
    print(f"reference pack, every sheet, PDF (with compiling): {seconds:6.2f} s   goal 30 s")
    seconds = best(lambda: render([CONTENT], out, RenderOptions(formats=("png",))), 1)
    print(f"reference pack, every sheet, PNG at 150 dpi:       {seconds:6.2f} s")


if __name__ == "__main__":
    main()
