"""docs/tutorial.md runs as written: its ``diff file=PATH`` blocks are applied to the files in order, and every
``$ zwar ...`` line of its ``console`` blocks is run, its output compared with the lines under it (a line
``...`` stands for any lines)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from conftest import REPO

TUTORIAL = REPO / "docs" / "tutorial.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks(text: str) -> list[tuple[str, str, str]]:
    """(kind, the rest of the fence's line, body) of every fenced block, in order."""
    return [(m.group(1), m.group(2).strip(), m.group(3)) for m in BLOCK.finditer(text)]


def commands(body: str) -> list[tuple[str, str]]:
    """The (command, expected output) pairs of a console block."""
    pairs: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        else:
            assert pairs, f"output before any command: {line!r}"
            pairs[-1][1].append(line)
    return [(command, "".join(f"{line}\n" for line in lines)) for command, lines in pairs]


def matches(expected: str, output: str) -> bool:
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + r"\n"
                      for line in expected.splitlines())
    return re.fullmatch(pattern, output) is not None


def edit(path: Path, body: str) -> None:
    """Apply a diff block's one hunk: its context and ``-`` lines become its context and ``+`` lines."""
    lines = body.splitlines()
    old = "\n".join(line[1:] for line in lines if line[:1] in (" ", "-")) + "\n"
    new = "\n".join(line[1:] for line in lines if line[:1] in (" ", "+")) + "\n"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: the lines to change are not there once:\n{old}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_matching_reads_an_ellipsis_as_any_lines():
    assert matches("a\n...\nd\n", "a\nb\nc\nd\n") and matches("a\n...\nd\n", "a\nd\n")
    assert not matches("a\nd\n", "a\nb\nd\n") and not matches("a\n...\n", "b\n")


@pytest.mark.slow
def test_the_tutorial_runs_as_written(zwar, workdir):
    found = blocks(TUTORIAL.read_text(encoding="utf-8"))
    ran, edited = [], 0
    for kind, fence, body in found:
        if kind == "diff":
            edit(workdir / fence.removeprefix("file="), body)
            edited += 1
        elif kind == "console":
            for command, expected in commands(body):
                words = shlex.split(command)
                assert words[0] == "zwar", command
                result = zwar(*words[1:])
                assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
                assert matches(expected, result.output), f"$ {command}\n--- the page shows\n{expected}--- zwar says\n" \
                                                         f"{result.output}"
                ran.append(words[1])
    assert ran[:2] == ["init", "validate"] and {"render", "playtest"} <= set(ran)
    assert edited >= 10
    assert (workdir / "build" / "my-pack" / "sheets" / "pdf" / "missions" / "first-steps" / "map.pdf").is_file()
