"""Print sheets: exact scale read back by poppler, determinism, escaping, fitting text, golden images."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest
from conftest import CONTENT, FIXTURES, PACK, write
from PIL import Image

from zwar_author.compile.project import check
from zwar_author.render import cairo, svg
from zwar_author.render.canvas import Group, Text
from zwar_author.render.cards import CardOptions, card_pages
from zwar_author.render.key import key_entries as _key_entries
from zwar_author.render.maps import MapOptions, _starts, map_pages
from zwar_author.render.pages import mission_pages
from zwar_author.render.text import width
from zwar_author.render.theme import INK, SCREEN

GOLDEN = Path(__file__).parent / "golden" / "render"
ROOM = '''[mission]
id = "room"
title = "ROOM"

[[floors]]
art = """
+-+-+-+
|. . .|
+ +D+ +
|.|:|.|
+ +-+ +
|. . .|
+-+-+-+
"""
'''


@pytest.fixture(scope="module")
def core():
    outcome = check([CONTENT])
    return outcome, {m.mission.id: m for m in outcome.missions["core"]}


def compiled(workdir, source: str):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": source})
    outcome = check([workdir / "p"], [FIXTURES])
    assert outcome.report.ok, [d.human() for d in outcome.report.errors]
    mission = outcome.missions["p"][0]
    return mission, outcome.boards["p", mission.mission.id]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils is not installed (.ci/run installs it)")
def test_the_printed_scale_is_exact(workdir):
    """A 3 x 3 board at 20 mm a square: the map frame is 60 mm and the scale bar 100 mm on paper."""
    mission, board = compiled(workdir, ROOM)
    pdf = workdir / "map.pdf"
    pdf.write_bytes(cairo.pdf(map_pages(mission, board, MapOptions(square=20.0)), "scale"))
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Page size:\s+595.276 x 841.89 pts \(A4\)", info), info
    subprocess.run(["pdftoppm", "-r", "254", "-png", "-singlefile", str(pdf), str(workdir / "page")], check=True)
    image = np.array(Image.open(workdir / "page.png").convert("L"))
    assert abs(image.shape[0] - 2970) <= 1 and abs(image.shape[1] - 2100) <= 1  # 10 pixels a millimetre
    row = image[160 + 300]  # through the middle row of squares (top margin 16 mm, map 60 mm tall)
    runs = dark_runs(row[130:760] < 100, offset=130)  # inside the margins: frame edges and the room's two walls
    assert len(runs) == 4, runs
    (frame_left, _), (wall_a, wall_b), (wall_c, wall_d), (_, frame_right) = runs
    assert abs((wall_c + wall_d) / 2 - (wall_a + wall_b) / 2 - 200) <= 2, "walls one square apart: 20 mm"
    assert abs(frame_left - 140) <= 2 and abs(frame_right - 740) <= 2, "the map: 14 mm in, 60 mm wide"
    bar_row = image[2970 - 110 + 12]  # through the scale bar, 11 mm above the bottom edge
    bar = np.flatnonzero(bar_row[:1150] < 128)  # its label starts 2 mm after its end
    assert abs((bar.max() - bar.min()) - 1000) <= 3, "the scale bar should be 100 mm long"


def dark_runs(mask: np.ndarray, offset: int = 0) -> list[tuple[int, int]]:
    """(first, last) pixel of each run of True."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(int), [0]])))
    return [(int(a) + offset, int(b) - 1 + offset) for a, b in zip(edges[::2], edges[1::2])]


def test_letter_paper_and_a_four_inch_bar(workdir):
    mission, board = compiled(workdir, ROOM)
    page = map_pages(mission, board, MapOptions(square=20.0, paper="letter"))[0]
    assert (page.width, page.height) == (215.9, 279.4)
    assert any(isinstance(i, Text) and i.text == "4 inches" for i in page.items)


@pytest.mark.slow
def test_same_mission_same_bytes(core):
    outcome, missions = core
    mission = missions["the-crossing"]
    board = outcome.boards["core", "the-crossing"]
    one = cairo.pdf(map_pages(mission, board, MapOptions()), "x")
    two = cairo.pdf(map_pages(mission, board, MapOptions()), "x")
    assert one == two
    pages = mission_pages(mission, board, SCREEN)
    assert svg.svg(pages[0]) == svg.svg(mission_pages(mission, board, SCREEN)[0])
    assert b"CreationDate (20000101000000)" in one or b"/CreationDate (D:2000" in one


def test_text_from_content_is_escaped(workdir):
    source = ROOM.replace('title = "ROOM"', 'title = "<script>alert(1)</script> & co"').replace(
        'id = "room"', 'id = "room"\nbriefing = "Use <b>bold</b> & ]]> carefully"')
    mission, board = compiled(workdir, source)
    text = svg.svg(mission_pages(mission, board, SCREEN)[0])
    root = ElementTree.fromstring(text)  # still well-formed XML
    shown = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<script>alert(1)</script> & co" in shown
    assert "&lt;script&gt;" in text and "<script>" not in text


def texts(items, dx=0.0, dy=0.0):
    for item in items:
        if isinstance(item, Group):
            yield from texts(item.items, dx + item.dx, dy + item.dy)
        elif isinstance(item, Text):
            yield item, dx, dy


def test_very_long_text_stays_on_the_page_and_on_the_card(workdir, core):
    long = "A very long briefing that goes on and on. " * 120
    source = ROOM.replace('id = "room"', f'id = "room"\nbriefing = "{long}"')
    mission, board = compiled(workdir, source)
    for page in mission_pages(mission, board, SCREEN):
        for text, dx, dy in texts(page.items):
            left = dx + text.x - {"start": 0, "middle": 0.5, "end": 1}[text.anchor] * width(text.text, text.size, text.bold)
            assert left >= 0 and left + width(text.text, text.size, text.bold) <= page.width + 0.01
            assert 0 <= dy + text.y <= page.height
    _, missions = core
    rules = missions["supply-run"].rules
    wordy = rules.model_copy(update={"infected": [rules.infected[0].model_copy(update={"text": long})]})
    page = card_pages(wordy, CardOptions())[0]
    for group in [i for i in page.items if isinstance(i, Group)]:
        for text, dx, dy in texts(group.items):
            assert text.x + width(text.text, text.size, text.bold) <= 63 + 3, text.text
            assert text.y <= 88, text.text


def test_large_boards_split_with_one_shared_square():
    assert _starts(10, 10) == [0]
    assert _starts(24, 10) == [0, 9, 18]  # pages show 0-9, 9-18, 18-23: neighbours share a square


def test_map_sheet_pages(core):
    outcome, missions = core
    pages = map_pages(missions["the-tower"], outcome.boards["core", "the-tower"], MapOptions())
    assert [p.name for p in pages] == [f"map-{n}" for n in range(1, len(pages) + 1)]
    held = " ".join(i.text for p in pages for i in p.items if isinstance(i, Text) and i.y == 10.5)
    names = {f.name or f.id for f in missions["the-tower"].board.floors}
    assert len(names) == 2 and all(f"{name}, part row" in held for name in names), "every floor's parts are named"
    assert all(any(isinstance(i, Text) and i.text == "10 cm" for i in p.items) for p in pages)


def test_the_key_lists_only_what_the_mission_uses(core):
    outcome, missions = core
    crossing = [label for _, _, label in _key_entries(missions["the-crossing"], outcome.boards["core", "the-crossing"])]
    assert "The rib" in crossing and "Open water" in crossing and "Red keycard" in crossing
    supply = [label for _, _, label in _key_entries(missions["supply-run"], outcome.boards["core", "supply-run"])]
    assert "The rib" not in supply and "Open water" not in supply and not any("keycard" in x for x in supply)


def test_card_backs_are_mirrored_for_duplex(core):
    _, missions = core
    front, back = card_pages(missions["supply-run"].rules, CardOptions(backs=True))[:2]
    front_x = [g.dx for g in front.items if isinstance(g, Group)]
    back_x = [g.dx for g in back.items if isinstance(g, Group)]
    assert back.name.endswith("-back")
    assert back_x[0] == front_x[2] and back_x[2] == front_x[0] and back_x[1] == front_x[1]


@pytest.mark.parametrize("name, sheet, theme", [("supply-run", "map", "screen"), ("the-crossing", "mission", "screen"),
                                                ("supply-run", "cards", "ink")])
def test_golden_images(core, name, sheet, theme):
    """Drawn pages compared with reviewed images, with a tolerance for font rasterisation."""
    outcome, missions = core
    mission, board = missions[name], outcome.boards["core", name]
    chosen = {"screen": SCREEN, "ink": INK}[theme]
    pages = {"map": lambda: map_pages(mission, board, MapOptions(square=8.0, theme=chosen)),
             "mission": lambda: mission_pages(mission, board, chosen),
             "cards": lambda: card_pages(mission.rules, CardOptions(ink=theme == "ink"))}[sheet]()
    produced = Image.open(io.BytesIO(cairo.png(pages[0], 50))).convert("RGB")
    path = GOLDEN / f"{name}-{sheet}-{theme}.png"
    if os.environ.get("ZWAR_REGENERATE"):
        path.parent.mkdir(parents=True, exist_ok=True)
        produced.save(path)
    expected = Image.open(path).convert("RGB")
    assert produced.size == expected.size
    difference = np.abs(np.asarray(produced, int) - np.asarray(expected, int))
    assert difference.mean() < 2.0, f"mean difference {difference.mean():.2f}"
    assert (difference.max(axis=2) > 96).mean() < 0.01, "more than 1% of pixels changed a lot"


def test_the_render_command(zwar, workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": ROOM})
    result = zwar("render", "p", "-o", "out", "--pack-path", FIXTURES, "--format", "svg", "--sheet", "map")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "wrote out/p/sheets/svg/missions/room/map-1.svg"
    assert result.output.splitlines()[-1] == "wrote 1 file under out: 0 errors, 3 warnings"
    assert (workdir / "out" / "p" / "sheets" / "svg" / "missions" / "room" / "map-1.svg").is_file()
    bad = zwar("render", "p", "--square", "twelve")
    assert bad.exit_code == 2 and bad.output.splitlines()[-1] == (
        "Error: Invalid value for '--square': `twelve` is not a length: write it with its unit, like 25mm, 2.5cm "
        "or 1in")
