from pathlib import Path

import click

from ..errors import display_path
from .complete import complete_missions
from .options import OutputFolder
from .output import ALLOW_UNPLAYABLE, COLOR, FORMAT, PACK_PATH, emit, plural, usage_errors, writing, written_lines


@click.command("build")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path), shell_complete=complete_missions)
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
    mission, its LOS and distance caches <id>.cache.npz (docs/caches.md); a pack's
    Zone Wars scenarios go to OUT/<pack>/scenarios/<id>.json. Nothing is written
    when there is any error; a pack's folder is replaced whole, in one step, and
    the sheets `zwar render` wrote under OUT/<pack>/sheets/ stay.
    """
    # Here, so `--help` and shell completion stay instant
    from ..compile.project import build

    with writing(out):
        outcome = build(list(paths), out, [Path(s) for s in search], allow_unplayable, not no_caches)
    whole = {p.id for p in outcome.packs}
    scenarios = sum(len(found) for pack, found in outcome.scenarios.items() if pack in whole)
    tables = sum(len(p.tables) for p in outcome.packs)
    encounters = sum(len(found) for pack, found in outcome.encounters.items() if pack in whole)
    extra = [plural(n, word) for n, word in ((scenarios, "scenario"), (tables, "random table"),
                                             (encounters, "encounter")) if n]
    also = (", " + ", ".join(extra[:-1]) if len(extra) > 1 else "") + (f" and {extra[-1]}" if extra else "")
    what = f"built {plural(outcome.compiled, 'mission')}{also} into {display_path(out)}" if outcome.report.ok \
        else "nothing built"
    if fmt in ("full", "short"):
        for line in written_lines(outcome.written):
            click.echo(line)
    emit(outcome.report, fmt, what, {"written": [display_path(p) for p in outcome.written]}, colour=colour)
