"""The package's imports, read with ``ast``: no circle anywhere, and each room imports only what lies below it.

Every import counts, at the top of a module or inside a function (a
function-level import is how a circle hides). Imports under
``if TYPE_CHECKING:`` never run and name types only: they are left out.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import networkx as nx

import zwar_author

ROOT = Path(zwar_author.__file__).parent
PACKAGE = ROOT.name

#: The engine bottom-up: a module may import only modules of the layers before its own.
ENGINE_LAYERS = [
    {"vocab", "caches"},
    {"events", "chance", "mission"},
    {"state"},
    {"variants", "actions", "text", "cards"},
    {"sight"},
    {"weapons", "ammo", "crafting", "free", "npc", "rib"},
    {"combat", "spawn", "timers"},
    {"world", "sinkhole"},
    {"c4"},
    {"legal", "infected"},
    {"act", "control", "options"},
    {"shield"},
    {"agents"},
    {"knife"},
    {"versus", "turn"},
    {"api"},
]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in sorted(ROOT.rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path) -> set[str]:
    """Every module ``name`` imports, inside the package (full names) and outside (top-level names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(name)
    return found


IMPORTS = {name: _imports(name, path) for name, path in MODULES.items()}


def _inside(name: str) -> str:
    """The room (first package below ``zwar_author``) a module belongs to."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def _outside(imported: str) -> str:
    return imported.split(".")[0]


def test_no_import_circle():
    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    graph.add_edges_from((a, b) for a, deps in IMPORTS.items() for b in deps if b in MODULES)
    circles = sorted(sorted(c) for c in nx.simple_cycles(graph))
    assert circles == [], "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_geometry_imports_only_numpy_and_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"numpy", "__future__"}
    wrong = {name: sorted(d for d in deps if d.startswith(PACKAGE + ".") and _inside(d) != "geometry"
                          or not d.startswith(PACKAGE) and _outside(d) not in allowed)
             for name, deps in IMPORTS.items() if _inside(name) == "geometry"}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_engine_stays_below_the_drivers():
    above = {"compile", "analysis", "render", "play", "playtest", "cli", "skirmish"}
    wrong = {name: sorted(d for d in deps if d.startswith(PACKAGE + ".") and _inside(d) in above)
             for name, deps in IMPORTS.items() if _inside(name) == "engine"}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_skirmish_imports_only_the_table_and_the_data():
    """The inch-measured games' engine sits beside the grid engine, over the table model and the data (and the
    error tree every layer raises into)."""
    allowed = {"skirmish", "tabletop", "tables", "model", "games", "geometry", "errors"}
    wrong = {name: sorted(d for d in deps if d.startswith(PACKAGE + ".") and _inside(d) not in allowed)
             for name, deps in IMPORTS.items() if _inside(name) == "skirmish"}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_skirmish_core_knows_no_game():
    """``skirmish.core`` is game-neutral: no ruleset of its own package, no game's data model."""
    core = f"{PACKAGE}.skirmish.core"
    wrong = {name: sorted(d for d in deps if d.startswith(PACKAGE + ".") and not d.startswith(core)
                          and _inside(d) != "tabletop")
             for name, deps in IMPORTS.items() if name.startswith(core)}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_render_never_imports_the_engine():
    wrong = {name: sorted(d for d in deps if _inside(d) == "engine" and d.startswith(PACKAGE + "."))
             for name, deps in IMPORTS.items() if _inside(name) == "render"}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_only_the_cli_imports_click():
    users = sorted(name for name, deps in IMPORTS.items() if "click" in {_outside(d) for d in deps}
                   and _inside(name) != "cli")
    assert users == []


def test_engine_modules_import_only_layers_below():
    engine = f"{PACKAGE}.engine"
    layer = {f"{engine}.{m}": i for i, names in enumerate(ENGINE_LAYERS) for m in names}
    modules = {name for name in MODULES if name.startswith(engine + ".")}
    assert modules == set(layer), "every engine module has its layer in ENGINE_LAYERS"
    wrong = {name: sorted(d for d in IMPORTS[name] if d in layer and layer[d] >= layer[name])
             for name in modules}
    assert {k: v for k, v in wrong.items() if v} == {}
