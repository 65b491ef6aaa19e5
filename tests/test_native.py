"""The compiled engine (zwar_author/native.py): the same games as plain Python, and never stale code.

Installing the package compiles the engine's hot modules; these tests check that what runs then is
what the sources say. The plain-Python side runs in a child process with ``ZWAR_COMPILED=0``.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONTENT

from zwar_author import native

#: A campaign mission, a director game, an Exodus mission and a versus mission, with the policies each plays:
#: the heuristic bots (compiled with the engine) everywhere, and once the planner, whose bots are plain
#: Python subclasses of the compiled ``Bot``.
MISSIONS = {"supply-run": ("cautious,aggressive,random", 6), "break-and-enter": ("cautious,aggressive,random", 6),
            "the-crossing": ("cautious,aggressive,random", 6), "hunter-and-prey": ("cautious,aggressive,random", 6),
            "the-tower": ("planner", 1)}


def _playtests(out: Path, plain: bool) -> dict[str, bytes]:
    """What seeded playtests of ``MISSIONS`` print and exit with, and every file they write with every
    game's log, by its path under ``out`` (a mission's band fails on some: exit 1 is compared too)."""
    env = dict(os.environ)
    env.pop(native.SWITCH, None)
    if plain:
        env[native.SWITCH] = "0"
    shown = {}
    for name, (policies, runs) in MISSIONS.items():
        done = subprocess.run([sys.executable, "-m", "zwar_author", "playtest", str(CONTENT / "core" / "missions" /
                        f"{name}.toml"), "--runs", str(runs), "--seed", "3", "--jobs", "1", "--policy",
                        policies, "--keep-logs", "-o", str(out / name)],
                              check=False, env=env, capture_output=True)
        assert done.returncode in (0, 1), done.stderr
        shown[f"{name}: exit {done.returncode}"] = done.stdout.replace(bytes(out), b"OUT") + done.stderr
    return shown | {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_compiled_and_plain_python_play_the_same_games(tmp_path):
    """Reports and every game's log, byte for byte (when the package was installed without a compiler,
    both sides are plain Python and this checks only that the switch changes nothing)."""
    plain = _playtests(tmp_path / "plain", plain=True)
    this = _playtests(tmp_path / "this", plain=False)
    assert sum(name.endswith(".jsonl") for name in plain) >= len(MISSIONS), sorted(plain)
    assert sorted(this) == sorted(plain)
    assert [name for name in plain if this[name] != plain[name]] == []


def test_the_bots_are_compiled_with_the_engine():
    """Installed with a compiler, the bots run compiled (``compiled()`` imports every module it checks), and the
    planner's plain Python bots subclass the compiled ``Bot``."""
    code = ("import zwar_author.native as n; from zwar_author.playtest import bots, planner; "
            "print(n.compiled(), bots.__file__.endswith('.py'), issubclass(planner.Medic, bots.Bot))")
    env = dict(os.environ)
    env.pop(native.SWITCH, None)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    installed = bool(native.compiled_files())
    assert out.stdout == f"{installed} {not installed} True\n"


def test_the_switch_runs_plain_python():
    code = "import zwar_author.engine.api, zwar_author.native as n; print(n.compiled())"
    env = dict(os.environ, **{native.SWITCH: "0"})
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    assert out.stdout == "False\n"


def _install(tmp_path: Path, monkeypatch, sources: dict[str, str] | None = None,
             depends: dict[str, str] | None = None) -> dict[str, str]:
    """A manifest in ``tmp_path`` naming an (empty) compiled file for each module, with ``sources`` and
    ``depends`` as the hashes of what was compiled (default: the files as they are)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    files = {m: f"{m}{suffix}" for m in native.MODULES}
    for file in files.values():
        (tmp_path / file).write_bytes(b"")
    hashes = sources or {m: native.digest(native.source(m)) for m in native.MODULES}
    built_against = depends or {m: native.digest(native.source(m)) for m in native.depends()}
    manifest = {"files": files, "sources": hashes, "depends": built_against}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    monkeypatch.setattr(native, "NATIVE", tmp_path)
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "manifest.json")
    monkeypatch.delenv(native.SWITCH, raising=False)
    return files


def test_compiled_files_are_served_while_every_source_is_unchanged(tmp_path, monkeypatch):
    files = _install(tmp_path, monkeypatch)
    assert native.compiled_files() == {m: tmp_path / f for m, f in files.items()}
    finder = native._Finder()
    module = native.MODULES[0]
    assert finder.find_spec(module).origin == str(tmp_path / files[module])
    assert finder.find_spec("zwar_author.engine.api") is None  # not compiled: the usual import
    assert finder.find_spec("zwar_author.cli") is None
    monkeypatch.setenv(native.SWITCH, "0")
    assert native.compiled_files() == {}


def test_one_edited_source_runs_every_module_as_plain_python(tmp_path, monkeypatch):
    hashes = {m: native.digest(native.source(m)) for m in native.MODULES}
    _install(tmp_path, monkeypatch, dict(hashes, **{native.MODULES[-1]: "0" * 64}))
    assert native.compiled_files() == {}
    assert native._Finder().find_spec(native.MODULES[0]) is None


def test_an_edited_module_the_compiled_ones_import_runs_every_module_as_plain_python(tmp_path, monkeypatch):
    """``Action`` is a named tuple the compiled code reads by index: compiled against another
    ``engine/actions.py``, it would read the wrong fields, so an edit there makes the compiled files stale."""
    built_against = {m: native.digest(native.source(m)) for m in native.depends()}
    assert "zwar_author.engine.actions" in built_against and "zwar_author.engine.options" in built_against
    _install(tmp_path, monkeypatch, depends=dict(built_against, **{"zwar_author.engine.actions": "0" * 64}))
    assert native.compiled_files() == {}
    _install(tmp_path, monkeypatch, depends=dict(built_against, **{"zwar_author.nowhere": "0" * 64}))
    assert native.compiled_files() == {}
    beside = native.source("hatch_build")  # a file beside the package, with its true hash: not the package's
    _install(tmp_path, monkeypatch, depends=dict(built_against, hatch_build=native.digest(beside)))
    assert native.compiled_files() == {}


@pytest.mark.parametrize("manifest", [None, "not json", '{"files": {}}', '{"files": {}, "sources": {}}', "[]",
                                      '{"files": {}, "sources": {}, "depends": []}'])
def test_no_manifest_or_a_broken_one_means_plain_python(tmp_path, monkeypatch, manifest):
    _install(tmp_path, monkeypatch)
    path = tmp_path / "manifest.json"
    path.unlink()
    if manifest is not None:
        path.write_text(manifest, encoding="utf-8")
    assert native.compiled_files() == {}


def test_a_compiled_file_missing_means_plain_python(tmp_path, monkeypatch):
    files = _install(tmp_path, monkeypatch)
    (tmp_path / files[native.MODULES[3]]).unlink()
    assert native.compiled_files() == {}
