"""The engine's hot modules, compiled to C by mypyc when asked at install (ZWAR_COMPILE=1), loaded only while fresh.

Installing the package with ``ZWAR_COMPILE=1`` (``ZWAR_COMPILE=1 pip install -e .``; a plain install is pure
Python, docs/engine.md) compiles the modules in ``MODULES`` into
``zwar_author/_native/`` (``hatch_build.py``), with a manifest of the SHA-256 of each source and of each
plain module of the package they import (``depends``: compiled code is built against those too).
``install()`` puts a finder in front of the import system that loads those compiled modules instead of
the ``.py`` files, but only while every one of those files still has the hash it was compiled from:
after an edit, the whole engine runs as plain Python again (never a mix, never stale code) until the next
install compiles it
anew. ``ZWAR_COMPILED=0`` in the environment runs plain Python on purpose.

The compiled modules play exactly the same games (the tests play both ways), about 1.7 to 1.8 times
as fast (bench/README.md). The heroes, infected, cards, the game, the mission view, the contexts that
answer the rules' questions and the rulesets are compiled classes with fixed fields; the setup and the
hero move's options (``engine/options.py``) stay plain Python classes (docs/engine.md, "The compiled
engine"). The heuristic bots (``playtest/bots.py`` and
``playtest/kit.py``) are compiled with the engine; their ``Bot`` stays open to plain Python subclasses
(the planner's, the versus agents'). So is a finished game's record (``playtest/record.py``), which reads
every event of the game's log.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

#: The modules compiled, in the package: those the engine spends its time in (bench/engine.py), and the
#: heuristic bots, whose reading of the board is half a bot game's time (bench/bots.py). The engine's words
#: (``vocab``) are compiled with them so that compiled code reads an enum member (``Verb.MOVE``) as a C static:
#: through its class on Python 3.11 each read calls the enum metaclass's ``__getattr__`` hook (about 90 ns).
MODULES = tuple(f"zwar_author.engine.{name}" for name in (
    "act", "ammo", "c4", "cards", "chance", "combat", "crafting", "free", "infected", "legal", "mission", "npc", "rib",
    "sight", "spawn", "state", "timers", "turn", "variants", "vocab", "weapons", "world",
)) + tuple(f"zwar_author.playtest.{name}" for name in ("bots", "kit", "record", "routes"))
#: The packages the finder looks in (any other module is imported as usual at once).
PREFIXES = ("zwar_author.engine.", "zwar_author.playtest.")
#: The name of the shared library mypyc builds beside the modules (its runtime and their code).
GROUP = "zwar_author_native"
PACKAGE = Path(__file__).parent
NATIVE = PACKAGE / "_native"
MANIFEST = NATIVE / "manifest.json"
SWITCH = "ZWAR_COMPILED"


def source(module: str) -> Path:
    """The ``.py`` file of a module of the package (of a package: its ``__init__.py``)."""
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def depends() -> list[str]:
    """The package's plain modules that ``MODULES`` import, directly or through each other, sorted: compiled code
    is built against them (a named tuple's fields read by index, a ``Final`` constant copied in), so an edit to
    one of them makes the compiled code stale as surely as an edit to a compiled module does."""
    import ast  # here, not above: see digest

    seen, todo = set(MODULES), list(MODULES)
    while todo:
        module = todo.pop()
        package = module if source(module).name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(source(module).read_bytes())):
            if isinstance(node, ast.ImportFrom):
                base = package.rsplit(".", node.level - 1)[0] if node.level else ""
                stem = ".".join(p for p in (base, node.module or "") if p)
                names = [stem] + [f"{stem}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                if name.startswith(f"{PACKAGE.name}.") and name not in seen and source(name).is_file():
                    seen.add(name)
                    todo.append(name)
    return sorted(seen - set(MODULES))


def digest(path: Path) -> str:
    import hashlib  # here, not above: importing the package must stay cheap (the command line starts cold)

    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_files() -> dict[str, Path]:
    """The compiled file of each module, or nothing: when switched off, not compiled, compiled for another
    interpreter, or when any source differs from the one compiled (then every module runs as plain Python)."""
    if os.environ.get(SWITCH) == "0" or not MANIFEST.is_file():
        return {}
    import json  # here, not above: see digest

    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        files = {name: NATIVE / file for name, file in manifest["files"].items()}
        hashes = dict(manifest["sources"])
        hashes.update(manifest["depends"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if not set(MODULES) <= set(hashes) or not all(f.name.endswith(suffix) and f.is_file() for f in files.values()):
        return {}
    if not all(m.startswith(f"{PACKAGE.name}.") and source(m).is_file() and digest(source(m)) == h
               for m, h in hashes.items()):
        return {}
    return files


class _Finder:
    """Finds the compiled modules (a meta path finder); reads the manifest at the first one asked for, so
    importing the package costs nothing until the engine is."""

    def __init__(self) -> None:
        self.files: dict[str, Path] | None = None

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> (
            importlib.machinery.ModuleSpec | None):
        if not fullname.startswith((*PREFIXES, GROUP)):
            return None
        if self.files is None:
            self.files = compiled_files()
        file = self.files.get(fullname)
        return importlib.util.spec_from_file_location(fullname, file) if file is not None else None


def install() -> None:
    """Load the compiled modules from now on, when they are there and fresh (called when the package is imported)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


def compiled() -> bool:
    """Whether the engine runs compiled: each module of ``MODULES`` (imported here if it was not yet) loaded from
    its compiled file."""
    files = [str(getattr(importlib.import_module(m), "__file__", "")) for m in MODULES]
    return all(f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for f in files)
