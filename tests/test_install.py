"""The install recipes work as written on a clean machine: the README's user install and docs/ci.md's wheel,
workflow and pre-commit hooks, each taken from the page and run in a fresh virtual environment (packages from
the registry, through pip's cache), with nothing compiled."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import REPO

from zwar_author.compile.workspace import CAMPAIGN_STEM, LAYOUT, PACK_FILE

CI = (REPO / "docs" / "ci.md").read_text(encoding="utf-8")
HOOKS = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
#: What building the package reads: the wheel's files and what builds them.
SOURCES = ("pyproject.toml", "hatch_build.py", "README.md", ".pre-commit-hooks.yaml", "zwar_author/", "content/")


def hook_patterns() -> dict[str, str]:
    """Each hook's ``files`` pattern, by its id."""
    found = re.findall(r"^- id: (\S+)\n(?:  .*\n)*?  files: '([^']*)'", HOOKS, re.MULTILINE)
    return dict(found)


def test_the_hooks_look_at_every_source_kind_a_pack_holds():
    patterns = hook_patterns()
    assert sorted(patterns) == ["zwar-schema", "zwar-validate"]
    sources = [p.relative_to(REPO).as_posix() for p in (REPO / "content").rglob("*")
               if p.suffix in (".toml", ".json") and p.is_file()]
    kinds = {f"{folder}/x.toml" for folder in LAYOUT} | {PACK_FILE, f"{CAMPAIGN_STEM}.toml", f"{CAMPAIGN_STEM}.json"}
    for pattern in patterns.values():
        assert [path for path in sources + sorted(kinds) if not re.search(pattern, path)] == []
        assert [path for path in ("README.md", "notes/x.toml", "build/core/index.json") if re.search(pattern, path)] \
            == []


def test_the_package_needs_nothing_but_its_backend_to_build_and_lists_each_dependency_once():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["build-system"]["requires"] == ["hatchling>=1.21"]
    names = [re.split(r"[<>=!~ \[;]", d)[0].lower().replace("_", "-") for d in project["project"]["dependencies"]]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def _code(text: str, start: str) -> str:
    """The first line of an indented code block of ``text`` that starts with ``start``."""
    found = re.findall(rf"^ {{4,}}({re.escape(start)}.*)$", text, re.MULTILINE)
    assert found, f"no command starting {start!r}"
    return found[0].strip()


def _run(command: str, cwd: Path, env: dict, ok: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, check=False,
                            timeout=900)
    if ok:
        assert result.returncode == 0, f"$ {command}\n{result.stdout}\n{result.stderr}"
    return result


def _source_copy(folder: Path, env: dict) -> Path:
    """A git repository holding the package's sources as they are now, tagged v0.1.0: what a pack's
    .pre-commit-config.yaml names."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=REPO, capture_output=True,
                            text=True, check=True).stdout.splitlines()
    for name in listed:
        if name.startswith(SOURCES) and (REPO / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, folder / name)
    _run("git init -q && git add -A && git commit -q -m source && git tag v0.1.0", folder, env)
    return folder


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_fresh_machine_installs_the_wheel_and_runs_the_ci_recipes_and_the_hooks(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    venv = tmp_path / "venv"
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", PRE_COMMIT_HOME=str(tmp_path / "pre-commit"),
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.org", ZWAR_COMPILE="")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    _run("python -m pip install --quiet --upgrade pip", tmp_path, env)  # as a CI machine's Python has it
    pack = tmp_path / "pack"
    pack.mkdir()
    _run("git init -q", pack, env)

    # docs/ci.md: the wheel, made once from a copy of the repository, then the workflow's steps as written.
    _run(_code(CI, "pip wheel").replace("path/to/zwar-author", str(REPO)), pack, env)
    assert [p.name for p in (pack / "ci").iterdir()] == ["zwar_author-0.1.0-py3-none-any.whl"]
    steps = re.findall(r"^ +run: (.+)$", CI, re.MULTILINE)
    assert steps[0] == "pip install ci/zwar_author-0.1.0-py3-none-any.whl", steps
    _run(steps[0], pack, env)
    compiled = _run("python -c 'import zwar_author.engine.api, zwar_author.native as n; print(n.compiled())'",
                    pack, env)
    assert compiled.stdout == "False\n"  # the user's wheel compiles nothing
    _run("mv ci ../ci && zwar init . && mv ../ci ci", pack, env)  # a pack: init wants an empty folder
    for step in steps[1:]:
        _run(step, pack, env)
    assert '"version": "2.1.0"' in (pack / "zwar.sarif").read_text()

    # The README's user install: a folder holding the repository works the same.
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    _run(_code(readme, "python3 -m pip install ./zwar-author").replace("python3", "python").replace(
        "./zwar-author", str(REPO)) + " --force-reinstall --no-deps", pack, env)

    # docs/ci.md: the pre-commit hooks, from the repository at its tag, block a broken file of every kind checked.
    source = _source_copy(tmp_path / "zwar-author", env)
    address = re.search(r'`(pip install "zwar-author @ git\+ADDRESS@v0\.1\.0")`', CI)
    assert address is not None
    _run(address.group(1).replace("ADDRESS", f"file://{source}") + " --force-reinstall --no-deps", pack, env)
    config = re.search(r"```yaml\n(repos:\n.*?)```", CI, re.DOTALL)
    assert config is not None
    (pack / ".pre-commit-config.yaml").write_text(config.group(1).replace("ADDRESS", str(source)))
    _run(_code(CI, "pip install pre-commit"), pack, env)
    _run(_code(CI, "pre-commit install"), pack, env)
    _run("git add -A && git commit -q -m 'a new pack'", pack, env)
    (pack / "tables").mkdir()
    (pack / "tables" / "loot.toml").write_text('[table]\nid = "loot"\ntitle = "Loot"\ndie = "d6"\nrowz = []\n')
    blocked = _run("git add -A && git commit -m 'a broken table' 2>&1", pack, env, ok=False)
    assert blocked.returncode == 1, blocked.stdout
    assert "tables/loot.toml:5:1: error ZW005: unknown key `rowz`" in blocked.stdout, blocked.stdout
    assert "zwar schema check" in blocked.stdout and "Failed" in blocked.stdout
    (pack / "tables" / "loot.toml").unlink()
    (pack / "campaign.toml").write_text('[campaign]\nid = "c"\ntitle = "C"\nchapterz = []\n')
    blocked = _run("git add -A && git commit -m 'a broken campaign' 2>&1", pack, env, ok=False)
    assert blocked.returncode == 1, blocked.stdout
    assert "campaign.toml:4:1: error ZW005: unknown key `chapterz` in [campaign]" in blocked.stdout, blocked.stdout
    (pack / "campaign.toml").unlink()
    mission = next((pack / "missions").glob("*.toml"))
    mission.write_text(mission.read_text().replace('title = "', 'title = "The ', 1))
    passed = _run("git add -A && git commit -m 'a new title' 2>&1", pack, env)
    assert re.search(r"^zwar schema check\.+Passed$", passed.stdout, re.MULTILINE), passed.stdout
    assert re.search(r"^zwar validate\.+Passed$", passed.stdout, re.MULTILINE), passed.stdout
