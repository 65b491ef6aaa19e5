"""The documentation stands alone: every link leads to a file in the repository, and the board
rules in docs/geometry.md are what `zwar query` answers."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import REPO

from zwar_author.analysis.query import QueryBoard
from zwar_author.geometry.board import Board, Floor, seal
from zwar_author.geometry.rooms import label_rooms
from zwar_author.sources.art import art_text, parse_art

DOCS = sorted([REPO / "README.md", *(REPO / "docs").glob("*.md"), *(REPO / "bench").glob("*.md"),
               *(REPO / "tests").glob("**/*.md")])
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|^\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


def links(text: str) -> list[str]:
    """Every markdown link target outside code (inline links and reference definitions)."""
    prose = CODE.sub("", text)
    return [m[1] or m[2] for m in LINK.finditer(prose)]


def problem(doc: Path, target: str) -> str | None:
    """Why a link target fails: it leaves the repository (a web address too: the docs stand alone) or
    names a file that is not there."""
    url = urlparse(target)
    if url.scheme in ("http", "https", "mailto"):
        return f"{target}: a web address (the docs stand alone: name the tool in the text instead)"
    if url.scheme or url.netloc:
        return f"{target}: not a file in the repository"
    if not url.path:  # a link to a heading on the same page
        return None
    if url.path.startswith("/"):
        return f"{target}: an absolute path, which a clone does not have"
    path = (doc.parent / unquote(url.path)).resolve()
    if not path.is_relative_to(REPO):
        return f"{target}: leaves the repository"
    if not path.exists():
        return f"{target}: no such file"
    return None


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_link_leads_to_a_file_in_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    problems = [p for target in links(text) if (p := problem(doc, target))]
    assert problems == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_no_doc_sends_the_reader_outside_the_repository(doc):
    """Not even in passing: `../shared/...` paths name files a clone does not have."""
    text = doc.read_text(encoding="utf-8")
    assert re.findall(r"\.\./(?:shared|seeds|design)\b[^\s)`]*", text) == []


def test_the_link_checker_catches_what_it_should():
    doc = REPO / "docs" / "format.md"
    assert links("[a](geometry.md) `[b](x.md)` [c](../README.md#top) ![i](pic.png)\n[d]: ../../x.md") == [
        "geometry.md", "../README.md#top", "../../x.md"]
    assert problem(doc, "geometry.md") is None
    assert problem(doc, "#marked-squares") is None
    assert problem(doc, "nowhere.md") == "nowhere.md: no such file"
    assert problem(doc, "../../shared/design/GRID.md") == "../../shared/design/GRID.md: leaves the repository"
    assert problem(doc, "/etc/passwd") == "/etc/passwd: an absolute path, which a clone does not have"
    assert problem(doc, "file:///etc/passwd") == "file:///etc/passwd: not a file in the repository"
    assert problem(doc, "https://example.org/") == (
        "https://example.org/: a web address (the docs stand alone: name the tool in the text instead)")


# --- the worked examples of docs/geometry.md ---------------------------------------------------

QUESTION = re.compile(r"^(step|route|smell|los) (\S+) (\S+)((?: --open \S+)*)\s+(true|false|null|\d+)\b")


def worked_examples() -> list[tuple[str, list[str], str, str, str, list[str], object]]:
    text = (REPO / "docs" / "geometry.md").read_text(encoding="utf-8")
    section = text[text.index("## Worked examples"):]
    cases = []
    for block in re.findall(r"```\n(.*?)```", section, re.DOTALL):
        lines = block.splitlines()
        width = len(lines[0].split()[0])
        art = [line[:width] for line in lines if line[:width].strip()]
        for line in lines:
            if (m := QUESTION.match(line[width:].strip())):
                value = {"true": True, "false": False, "null": None}.get(m[5], m[5])
                cases.append((art[0], art, m[1], m[2], m[3], m[4].split()[1::2],
                               int(value) if isinstance(value, str) else value))
    return cases


def test_the_worked_examples_are_there():
    assert len(worked_examples()) == 17


@pytest.mark.parametrize("case", worked_examples(), ids=lambda c: f"{c[2]} {c[3]} {c[4]} {' '.join(c[5])}")
def test_each_worked_example_is_what_query_answers(case):
    _, art, relation, a, b, opened, expected = case
    grid, problems = parse_art(art_text(art).lines)
    assert problems == []
    grid = seal(grid)
    board = QueryBoard(Board((Floor("ground", grid, label_rooms(grid)[0]),), ()))
    assert board.answer(relation, a, b, board.doors(opened, False), set()) == expected


@pytest.mark.slow
def test_the_engine_usage_snippet_runs_to_the_end_of_its_game():
    """docs/engine.md's first example, as a reader would paste it, plays its short game out."""
    text = (REPO / "docs" / "engine.md").read_text(encoding="utf-8")
    snippet = re.search(r"```python\n(.*?)```", text, re.DOTALL)
    assert snippet is not None
    # the timeout only stops a game that would never end (the snippet takes about a second)
    done = subprocess.run([sys.executable, "-c", snippet[1]], check=False, cwd=REPO, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert {"Turn 2", "Turn 3", "Infected move"} <= set(lines)
    assert lines[-1] == "defeat the game reached its limit of 3 turns"
