from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from .complete import complete_missions
from .output import ALLOW_UNPLAYABLE, COLOR, FORMAT, PACK_PATH, emit, plural, usage_errors

if TYPE_CHECKING:
    from ..compile.baseline import Baseline
    from ..errors import Report


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path), shell_complete=complete_missions)
@FORMAT
@COLOR
@PACK_PATH
@ALLOW_UNPLAYABLE
@click.option("--baseline", type=click.Path(path_type=Path), metavar="FILE",
              help="A SARIF log or JSON report of an earlier run (--format sarif or json): report only the "
                   "problems it does not hold, and how many it hid.")
@click.option("--schema-only", is_flag=True,
              help="Only check each file against its schema (syntax, keys, types, ranges): fast, for pre-commit; "
                   "no references, layout or playability.")
@usage_errors
def command(paths: tuple[Path, ...], fmt: str, colour: str, search: tuple[str, ...], allow_unplayable: bool,
            baseline: Path | None, schema_only: bool) -> None:
    """Check packs, tiles and missions and report every problem.

    PATHS are mission or tile files, pack folders, or folders of packs (such
    as content/). Exits 0 when there are no errors (warnings allowed), 1 when
    there are; with --baseline, when there are no new errors.
    """
    known = _baseline(baseline) if baseline is not None else None  # read first: a bad one stops the run at once
    if schema_only:
        from ..compile.schema_only import check_schemas

        checked = check_schemas(list(paths))
        report, what = checked.report, f"checked {plural(checked.files, 'file')} against their schemas"
    else:
        report, what = _check(paths, search, allow_unplayable)
    if known is None:
        emit(report, fmt, what, colour=colour)
        return
    report, hidden = known.new(report)
    shown = known.path.as_posix()
    emit(report, fmt, what, extra={"baseline": {"path": shown, "hidden": hidden}}, colour=colour,
         note=f"{plural(hidden, 'known problem')} hidden (in the baseline {shown})")


def _baseline(path: Path) -> Baseline:
    from ..compile.baseline import read_baseline

    return read_baseline(path)


def _check(paths: tuple[Path, ...], search: tuple[str, ...], allow_unplayable: bool) -> tuple[Report, str]:
    """Every problem of ``paths``, and what was checked ("checked 3 files, 2 missions")."""
    # Here, so `--help` and shell completion stay instant
    from ..compile.project import check

    outcome = check(list(paths), [Path(s) for s in search], allow_unplayable)
    counts = [plural(outcome.mission_files, "mission")]
    if outcome.scenario_files:
        counts.append(plural(outcome.scenario_files, "scenario"))
    if outcome.campaign_files:  # a campaign checked alone compiles its pack's missions but does not count them
        counts = [*counts[not outcome.mission_files:], plural(outcome.campaign_files, "campaign")]
    return outcome.report, f"checked {plural(outcome.files, 'file')}, {', '.join(counts)}"
