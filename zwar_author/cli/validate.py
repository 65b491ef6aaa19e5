from pathlib import Path

import click

from ..compile.project import check
from .output import ALLOW_UNPLAYABLE, FORMAT, PACK_PATH, emit, plural, usage_errors


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@FORMAT
@PACK_PATH
@ALLOW_UNPLAYABLE
@usage_errors
def command(paths: tuple[Path, ...], fmt: str, search: tuple[str, ...], allow_unplayable: bool) -> None:
    """Check packs, tiles and missions and report every problem.

    PATHS are mission or tile files, pack folders, or folders of packs (such
    as content/). Exits 0 when there are no errors (warnings allowed), 1 when
    there are.
    """
    outcome = check(list(paths), [Path(s) for s in search], allow_unplayable)
    scenarios = f", {plural(outcome.scenario_files, 'scenario')}" if outcome.scenario_files else ""
    emit(outcome.report, fmt,
         f"checked {plural(outcome.files, 'file')}, {plural(outcome.mission_files, 'mission')}{scenarios}")
