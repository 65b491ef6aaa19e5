"""No module-level mutable state in the engine, the table model or the compiled playtest modules (issue 27).

Every name the engine's modules and the compiled bots (``native.MODULES``' playtest modules) bind at module
level is read back and must be immutable: a number, a string, an enum member, a class or a function, a tuple or
frozenset of those, a frozen dataclass of them, or a ``Slot`` (the key of what a mission keeps for its games:
``Mission.own``). A cache kept in a module outlives the mission it was filled for (one did, and a mission was
freed in the middle of another mission's games, 804a26b); what the rules keep belongs to the mission or the game.
The few read-only tables a dict holds best are named in ``TABLES``, annotated ``Final``, and checked never to be
changed anywhere in the package.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import inspect
import re
import types
import typing
from pathlib import Path

import zwar_author
from zwar_author import native
from zwar_author.engine.mission import Slot

ROOT = Path(zwar_author.__file__).parent
MODULES = sorted({f"zwar_author.{layer}.{p.stem}" for layer in ("engine", "tables")
                  for p in (ROOT / layer).glob("*.py") if p.stem != "__init__"}
                 | {m for m in native.MODULES if m.startswith("zwar_author.playtest.")})

#: The read-only tables kept in dicts, by module: looked up by key at every turn or action, built once at import,
#: never changed (``test_the_read_only_tables_are_never_changed``).
TABLES = {
    "zwar_author.engine.act": {"VERBS"},
    "zwar_author.engine.agents": {"TIMING"},
    "zwar_author.engine.cards": {"WINDOW_TEXT"},
    "zwar_author.engine.legal": {"VERB_WORDS"},
    "zwar_author.engine.mission": {"CACHE_BUDGETS"},
    "zwar_author.engine.rib": {"LEFT", "RIGHT"},
    "zwar_author.engine.state": {"FACING_VECTORS"},
    "zwar_author.engine.turn": {"STEPS"},
    "zwar_author.engine.variants": {"RULESETS"},
    "zwar_author.engine.vocab": {"PHASE_NAMES"},
    "zwar_author.playtest.bots": {"STYLES"},
    "zwar_author.playtest.record": {"_WHAT"},
}
MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault", "add",
            "discard", "sort", "reverse", "__setitem__", "__delitem__", "difference_update", "intersection_update",
            "symmetric_difference_update"}


def _tree(module: str) -> ast.Module:
    return ast.parse(native.source(module).read_text(encoding="utf-8"))


def _bound(tree: ast.Module) -> dict[str, ast.stmt]:
    """The names a module binds at its top level by assignment (in ``if`` and ``try`` blocks too)."""
    found: dict[str, ast.stmt] = {}

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            found[name.id] = node
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
                if not isinstance(node, ast.AnnAssign) or node.value is not None:
                    found[node.target.id] = node
            elif isinstance(node, ast.If):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
                for handler in node.handlers:
                    visit(handler.body)
    visit(tree.body)
    return found


def _immutable(value: object) -> bool:
    if value is None or isinstance(value, (int, float, complex, str, bytes, range, enum.Enum, Slot, re.Pattern)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(_immutable(v) for v in value)
    if isinstance(value, type) or inspect.isroutine(value) or isinstance(value, typing.TypeVar):
        return True
    if isinstance(value, types.GenericAlias) or typing.get_origin(value) is not None:
        return True  # a type alias (``Row = tuple[int, ...]``)
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return all(_immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def _final(node: ast.stmt) -> bool:
    if not isinstance(node, ast.AnnAssign):
        return False
    annotation = node.annotation
    head = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return isinstance(head, ast.Name) and head.id == "Final"


def test_modules_bind_no_mutable_state():
    wrong = []
    for name in MODULES:
        module = importlib.import_module(name)
        for bound, node in _bound(_tree(name)).items():
            if not hasattr(module, bound):
                continue  # compiled, a Final constant is a C static and no global
            value = getattr(module, bound)
            if bound in TABLES.get(name, ()):
                if not (_final(node) and isinstance(value, dict)
                        and all(_immutable(k) and _immutable(v) for k, v in value.items())):
                    wrong.append(f"{name}.{bound}: a read-only table is a dict of immutable values annotated Final")
            elif not _immutable(value):
                wrong.append(f"{name}.{bound} (line {node.lineno}) is a {type(value).__name__}")
    assert wrong == [], "module-level state (keep it with the mission or the game): " + "; ".join(wrong)


def test_the_read_only_tables_are_never_changed():
    names = {t for tables in TABLES.values() for t in tables}
    wrong = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[ast.expr] = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in targets:
                held = target.value if isinstance(target, ast.Subscript) else target
                if (isinstance(node, ast.AugAssign) or isinstance(target, ast.Subscript)) and _names(held) & names:
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS \
                    and _names(node.func.value) & names:
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Global) and set(node.names) & names:
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert wrong == []


def _names(node: ast.expr) -> set[str]:
    """The table a target or receiver names: ``TABLE`` or ``module.TABLE``."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    return set()


def test_the_scan_finds_what_it_looks_for():
    """The checks fail where they should: a cache, a module-held instance, and a table changed."""
    source = "from typing import Final\n_KEPT: Final[dict] = {}\nclass A: pass\nLAST = A()\nN: Final = 3\n"
    bound = _bound(ast.parse(source))
    assert set(bound) == {"_KEPT", "LAST", "N"}
    assert not _immutable({}) and not _immutable(object()) and not _immutable(([],))
    assert _immutable((1, "a", frozenset({2}))) and _immutable(Slot("x", dict)) and _immutable(re.compile("a"))
    changed = ast.parse("VERBS[1] = 2\nVERBS.update({})\nact.VERBS.clear()\n")
    calls = [n for n in ast.walk(changed) if isinstance(n, ast.Call)]
    assert all(_names(c.func.value) == {"VERBS"} for c in calls if isinstance(c.func, ast.Attribute))
