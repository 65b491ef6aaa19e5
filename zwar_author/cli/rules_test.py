from pathlib import Path

import click

from ..compile.workspace import Workspace
from ..errors import UsageError, display_path
from ..play.scenario import find, run_file
from .output import PACK_PATH, plural, usage_errors


@click.command("rules-test")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-q", "--quiet", is_flag=True, help="Print only the scenarios that fail.")
@click.option("--log", "show_log", is_flag=True, help="Print each scenario's game log under it.")
@PACK_PATH
@usage_errors
def command(paths, quiet, show_log, search) -> None:
    """Run rules scenarios: each scenario file, or every .toml under each folder.

    A scenario is a small board, the units on it, a script of actions, the dice
    to use and what must happen (docs/scenarios.md). Each prints PASS or FAIL,
    with every expectation that failed; the exit status is 1 if any failed.
    """
    files = []
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
        files += find(path)
    if not files:
        raise UsageError(f"no scenario files under {', '.join(str(p) for p in paths)}")
    ws = Workspace([Path(s) for s in search])
    failed = 0
    for path in files:
        outcome = run_file(path, ws)
        if outcome.passed and quiet:
            continue
        click.echo(f"{'PASS' if outcome.passed else 'FAIL'} {display_path(path)}: {outcome.title}")
        for failure in outcome.failures:
            click.echo(f"    {failure}")
        if show_log:
            for line in outcome.log:
                click.echo(f"      | {line}")
        failed += not outcome.passed
    click.echo(f"{plural(len(files), 'scenario')}: {len(files) - failed} passed, {failed} failed")
    if failed:
        raise SystemExit(1)
