from pathlib import Path

import click

from .complete import complete_missions
from .output import ALLOW_UNPLAYABLE, COLOR, FORMAT, PACK_PATH, emit, plural, usage_errors


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path), shell_complete=complete_missions)
@FORMAT
@COLOR
@PACK_PATH
@ALLOW_UNPLAYABLE
@click.option("--schema-only", is_flag=True,
              help="Only check each file against its schema (syntax, keys, types, ranges): fast, for pre-commit; "
                   "no references, layout or playability.")
@usage_errors
def command(paths: tuple[Path, ...], fmt: str, colour: str, search: tuple[str, ...], allow_unplayable: bool,
            schema_only: bool) -> None:
    """Check packs, tiles and missions and report every problem.

    PATHS are mission or tile files, pack folders, or folders of packs (such
    as content/). Exits 0 when there are no errors (warnings allowed), 1 when
    there are.
    """
    if schema_only:
        from ..compile.schema_only import check_schemas

        checked = check_schemas(list(paths))
        emit(checked.report, fmt, f"checked {plural(checked.files, 'file')} against their schemas", colour=colour)
        return
    # Here, so `--help` and shell completion stay instant
    from ..compile.project import check

    outcome = check(list(paths), [Path(s) for s in search], allow_unplayable)
    counts = [plural(outcome.mission_files, "mission")]
    if outcome.scenario_files:
        counts.append(plural(outcome.scenario_files, "scenario"))
    if outcome.campaign_files:  # a campaign checked alone compiles its pack's missions but does not count them
        counts = [*counts[not outcome.mission_files:], plural(outcome.campaign_files, "campaign")]
    emit(outcome.report, fmt, f"checked {plural(outcome.files, 'file')}, {', '.join(counts)}", colour=colour)
