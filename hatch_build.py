"""Compiles the engine's hot modules with mypyc when asked to at install (see zwar_author/native.py).

A plain install builds a pure-Python wheel in seconds: nothing to compile, no compiler needed (docs/engine.md,
"The compiled engine"). With ``ZWAR_COMPILE=1`` set the hook asks for mypy and setuptools as build
dependencies and compiles; compiling is a speed-up, never a requirement: with no C compiler the package
installs as plain Python and says so. The compiled files go to ``zwar_author/_native/`` with a manifest of
the sources' hashes; the package loads them only while the sources are unchanged.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).parent
#: The shared library exports only the modules' entry points (their shims reach the rest through a capsule, not
#: the symbol table), so every call between two of the engine's functions, or into mypyc's runtime helpers built
#: beside them, is a direct call the compiler may inline rather than a jump through the procedure linkage table:
#: about 3% fewer instructions a bot game (bench/README.md, "Speed, eighth pass").
HIDDEN = ["-fvisibility=hidden", "-fno-semantic-interposition"]
SWITCH = "ZWAR_COMPILE"  # =1: compile the engine at install
#: What compiling needs in the build environment (mypy brings mypyc), asked for only when compiling.
COMPILER = ["mypy>=2.4,<2.5", "setuptools>=65"]


def asked() -> bool:
    return os.environ.get(SWITCH) == "1"


def _native_module():
    """zwar_author/native.py, read on its own (the package's other imports are not installed yet)."""
    spec = importlib.util.spec_from_file_location("_zwar_native", ROOT / "zwar_author" / "native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_engine() -> None:
    """Build every module of ``native.MODULES`` into ``zwar_author/_native/`` and write its manifest last."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    native = _native_module()
    shutil.rmtree(native.NATIVE, ignore_errors=True)
    paths = [str(native.source(m).relative_to(ROOT)) for m in native.MODULES]
    # The build environment has none of the package's dependencies: their types are unknown (Any) here.
    options = ["--config-file=", "--ignore-missing-imports", "--follow-imports=silent", "--check-untyped-defs",
               "--python-version=3.11"]
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as temp:
        os.chdir(ROOT)
        try:
            extensions = mypycify(paths + options, opt_level="3", group_name=native.GROUP, target_dir=temp)
            if sys.platform != "win32":
                for extension in extensions:
                    extension.extra_compile_args += HIDDEN
            dist = Distribution({"name": "zwar-author-native", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib, command.build_temp = str(native.NATIVE), str(Path(temp) / "objects")
            dist.run_command("build_ext")
        finally:
            os.chdir(cwd)
    built = [f.relative_to(native.NATIVE) for f in native.NATIVE.rglob("*")
             if f.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))]
    files = {str(f).split(".")[0].replace(os.sep, "."): str(f) for f in built}
    manifest = {"files": files, "sources": {m: native.digest(native.source(m)) for m in native.MODULES},
                "depends": {m: native.digest(native.source(m)) for m in native.depends()}}
    native.MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")


class CustomBuildHook(BuildHookInterface):
    def dependencies(self) -> list[str]:
        return COMPILER if asked() else []

    def initialize(self, version: str, build_data: dict) -> None:
        if not asked():
            return
        try:
            compile_engine()
        except (Exception, SystemExit) as error:  # noqa: BLE001  (mypyc exits on a type error; plain Python is whole)
            shutil.rmtree(ROOT / "zwar_author" / "_native", ignore_errors=True)
            print(f"zwar-author: the engine was not compiled ({error}); it runs as plain Python", file=sys.stderr)
            return
        if version == "standard":  # a wheel carries the compiled files; an editable install reads them in place
            build_data["artifacts"].append("zwar_author/_native")
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
