from pathlib import Path

import click

from ..compile.fairness import fairness_report
from .output import PACK_PATH, emit, usage_errors


@click.command("fairness")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@PACK_PATH
@usage_errors
def command(paths: tuple[Path, ...], search: tuple[str, ...]) -> None:
    """Compare the deployment zones of Zone Wars scenarios side by side.

    For each zone: the Medium moves to each artifact token (walking round
    Blocking terrain), whether the zone sees each token, and how much of the
    table it sees. `zwar render` draws the sight heatmaps.
    """
    outcome, texts = fairness_report(list(paths), [Path(s) for s in search])
    if not outcome.report.ok:
        emit(outcome.report, "human", "nothing compared")
    click.echo("\n\n".join(texts))
