"""Outputs that cannot be written: one line naming the path and the system's reason, exit 2, old outputs whole.

A full disk and a read-only folder are simulated, not made (tests may not
mount file systems): every writer stages its files beside the output and
renames them into place, so a full disk is simulated by failing the rename
(``os.replace``, and the folder swap ``publish._exchange`` a build ends with) with ENOSPC, the last step and the one that would leave a
half output if any did, and a read-only folder by failing the first, making
the temporary file or folder (``tempfile.mkstemp``, ``mkdtemp``), with EROFS.
(As root, chmod does not make a folder read-only: root writes anyway.)
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest
from conftest import CONTENT, REPO, write
from test_playtest import EASY

from zwar_author import publish

TOWER = CONTENT / "core" / "missions" / "the-tower.toml"
MAP = REPO / "docs" / "tiled" / "example.tmj"

#: command -> (its arguments, the output it names: a file or a folder under the scratch folder)
COMMANDS = {
    "export uvtt": (["export", "uvtt", str(TOWER), "-o", "out"], "out"),
    "export tiled": (["export", "tiled", str(TOWER), "-o", "out"], "out"),
    "import tiled": (["import", "tiled", str(MAP), "-o", "out/map.toml"], "out/map.toml"),
    "replay --html": (["replay", str(TOWER), "--game", "1", "--html", "out/game.html"], "out/game.html"),
    "build": (["build", "p", "-o", "out", "--no-caches", "--pack-path", str(CONTENT)], "out"),
    "playtest": (["playtest", "easy.toml", "--runs", "2", "--jobs", "1", "-o", "out", "--no-progress"], "out"),
    "render": (["render", str(TOWER), "--sheet", "map", "-o", "out"], "out"),
    "schema": (["schema", "-o", "out"], "out"),
}


def _files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (links followed, as a reader sees them), by relative path."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _full(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _read_only(*args, dir=None, **kwargs):
    raise OSError(errno.EROFS, os.strerror(errno.EROFS), dir)


@pytest.mark.parametrize("failure", ["full disk", "read-only folder"])
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_an_output_that_cannot_be_written_is_one_line_and_the_old_one_stays(zwar, workdir, monkeypatch, name,
                                                                              failure):
    from zwar_author.scaffold import init_pack

    init_pack(workdir / "p")
    write(workdir, {"easy.toml": EASY})
    (workdir / "out").mkdir()  # the file outputs' folder (the folder outputs make their own)
    args, output = COMMANDS[name]
    first = zwar(*args)
    assert first.exit_code == 0, first.output
    before = _files(workdir / "out")
    assert before
    if failure == "full disk":
        monkeypatch.setattr(os, "replace", _full)
        monkeypatch.setattr(publish, "_exchange", _full)
        reason = "No space left on device"
    else:
        monkeypatch.setattr(tempfile, "mkstemp", _read_only)
        monkeypatch.setattr(tempfile, "mkdtemp", _read_only)
        reason = "Read-only file system"
    again = zwar(*args)
    monkeypatch.undo()
    assert (again.exit_code, again.output.splitlines()[-1]) == (2, f"Error: cannot write {output}: {reason}")
    assert "Traceback" not in again.output
    assert _files(workdir / "out") == before  # the old output, whole, and no temporary file left beside it


@pytest.mark.parametrize("failure", ["full disk", "read-only folder"])
def test_init_that_cannot_write_leaves_no_folder(zwar, workdir, monkeypatch, failure):
    monkeypatch.setattr(*((os, "replace", _full) if failure == "full disk" else (tempfile, "mkdtemp", _read_only)))
    result = zwar("init", "mypack")
    monkeypatch.undo()
    reason = "No space left on device" if failure == "full disk" else "Read-only file system"
    assert (result.exit_code, result.output.splitlines()[-1]) == (2, f"Error: cannot write mypack: {reason}")
    assert sorted(p.name for p in workdir.iterdir()) == []
