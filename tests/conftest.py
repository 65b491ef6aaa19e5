"""Shared helpers: a scratch folder as the working directory, packs written from text, the CLI."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

from zwar_author.cli import cli
from zwar_author.compile.project import check
from zwar_author.engine.api import apply, start

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
CONTENT = REPO / "content"

# Property tests run under one of three profiles, chosen by HYPOTHESIS_PROFILE (CI sets "ci"):
#   dev   the default for the edit loop: fresh examples each run, a fifth of the counts;
#   ci    derandomized (the same examples on every machine and run), the full counts, no database;
#   long  a long search: twenty times the counts, fresh examples.
# Each test names its full count through ``examples(n)``, which scales it for the profile.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
if PROFILE not in ("dev", "ci", "long"):
    raise pytest.UsageError(f"HYPOTHESIS_PROFILE must be dev, ci or long, not {PROFILE!r}")
_SCALE = {"dev": 0.2, "ci": 1.0, "long": 20.0}[PROFILE]
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile("ci", max_examples=100, derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("long", max_examples=2000, deadline=None)
settings.load_profile(PROFILE)


class Corpus:
    """A folder of rules scenarios (tests/rules*/): each scenario one test case, all run in one workspace
    so the corpus's packs are read once."""

    def __init__(self, name: str) -> None:
        from zwar_author.compile.workspace import Workspace
        from zwar_author.play.scenario import find

        self.root = REPO / "tests" / name
        self.scenarios = find(self.root)
        self._workspace = Workspace()

    def cases(self) -> pytest.MarkDecorator:
        """Parametrize a test over the scenarios, each named by its path in the corpus."""
        return pytest.mark.parametrize("path", self.scenarios,
                                       ids=[str(p.relative_to(self.root)) for p in self.scenarios])

    def check(self, path: Path) -> None:
        """The scenario passes, or the test fails with what differed."""
        from zwar_author.play.scenario import run_file

        outcome = run_file(path, self._workspace)
        assert outcome.passed, f"{path}: {outcome.title}\n" + "\n".join(outcome.failures)


def examples(n: int) -> int:
    """The example count for a property test whose full (CI) count is ``n``."""
    return max(1, round(n * _SCALE))


PACK = """\
[pack]
id = "p"
title = "Test pack"
requires = ["base"]
"""


def deal(game):
    """The requests ``start`` answers before turn 1: the deal's draws, each taken as the first card;
    the state after them and the draws."""
    state, draws = start(game), []
    while state.request is not None and state.request.kind == "draw":
        draws.append(state.request)
        state = apply(state, state.request.options[0])
    return state, draws


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")


def mission(body: str, head: str = '[mission]\nid = "m"\ntitle = "M"\n') -> str:
    return head + textwrap.dedent(body)


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def diagnose(workdir: Path):
    """Write files into pack ``p`` (requiring the ``base`` fixture pack) and return the
    diagnostics of checking ``target`` as a user sees them."""

    def run(files: dict[str, str | bytes], target: str = "p", with_pack: bool = True) -> list[str]:
        if with_pack:
            files = {"p/pack.toml": PACK, **files}
        write(workdir, files)
        outcome = check([workdir / target], [FIXTURES])
        return [d.human() for d in outcome.report.sorted(per_file=sys.maxsize)]  # every problem, uncapped

    return run


@pytest.fixture
def zwar(workdir: Path):
    """Run the CLI in the scratch folder; returns click's Result."""
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(cli, [str(a) for a in args], prog_name="zwar")

    return run
