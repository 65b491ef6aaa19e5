import json
from pathlib import Path

import click

from ..compile.assumed import assumptions
from .output import LIST_FORMAT, PACK_PATH, usage_errors


@click.command("assumed")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@LIST_FORMAT
@PACK_PATH
@usage_errors
def command(paths: tuple[Path, ...], fmt: str, search: tuple[str, ...]) -> None:
    """List every rules value marked as assumed (not printed in the sources).

    Someone holding the real cards can check each against them and correct it.
    """
    found = assumptions(list(paths), [Path(s) for s in search])
    if fmt == "json":
        click.echo(json.dumps([{"path": str(a.location.display().rsplit(":", 2)[0]), "line": a.location.line,
                                "col": a.location.col, "entry": a.entry, "kind": a.kind, "key": a.key,
                                "value": a.value} for a in found], indent=2, sort_keys=True))
        return
    for a in found:
        click.echo(f"{a.location.display()}: {a.kind} {a.entry}: {a.key} = {json.dumps(a.value)}")
    click.echo(f"{len(found)} assumed value{'s' if len(found) != 1 else ''}")
