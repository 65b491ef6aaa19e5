from pathlib import Path

import click

from ..compile.project import build
from ..errors import display_path
from .options import OutputFolder
from .output import ALLOW_UNPLAYABLE, COLOR, FORMAT, PACK_PATH, emit, plural, usage_errors


@click.command("build")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--out", type=OutputFolder(), default=Path("build"),
              show_default=True, help="Folder to write compiled content into.")
@click.option("--no-caches", is_flag=True, help="Skip the LOS and distance caches (faster, for quick checks).")
@FORMAT
@COLOR
@PACK_PATH
@ALLOW_UNPLAYABLE
@usage_errors
def command(paths: tuple[Path, ...], out: Path, no_caches: bool, fmt: str, colour: str, search: tuple[str, ...],
            allow_unplayable: bool) -> None:
    """Compile packs and missions into canonical JSON.

    Writes OUT/<pack>/index.json, OUT/<pack>/missions/<id>.json and, beside each
    mission, its LOS and distance caches <id>.cache.npz (docs/caches.md). Nothing
    is written when there is any error; a pack's folder is replaced whole.
    """
    outcome = build(list(paths), out, [Path(s) for s in search], allow_unplayable, not no_caches)
    what = f"built {plural(outcome.compiled, 'mission')} into {display_path(out)}" if outcome.report.ok \
        else "nothing built"
    emit(outcome.report, fmt, what, colour=colour)
