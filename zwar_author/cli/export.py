from pathlib import Path

import click

from ..errors import display_path
from ..interop.tiled_write import export_tiled
from ..interop.uvtt import export_uvtt
from .output import PACK_PATH, emit, plural, usage_errors, writing


@click.group("export")
def command() -> None:
    """Write missions in other tools' formats."""


@command.command("uvtt")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path), default=Path("build"),
              show_default=True, help="Folder to write into: OUT/<pack>/uvtt/<mission>.<floor>.dd2vtt.")
@click.option("--pixels-per-grid", "ppg", type=int, default=100, show_default=True,
              help="Pixels a square in the embedded map image (16 to 512).")
@PACK_PATH
@usage_errors
def uvtt(paths: tuple[Path, ...], out: Path, ppg: int, search: tuple[str, ...]) -> None:
    """Universal VTT files (.dd2vtt), one a floor, for Foundry VTT, Fantasy Grounds and other tabletops.

    Walls become line-of-sight segments, doors portals (closed unless they start
    open), and the floor as the map sheet draws it is embedded as a PNG. PATHS
    are missions or packs; nothing is written when a mission has an error.
    """
    with writing(out):
        result = export_uvtt(list(paths), out, ppg, [Path(s) for s in search])
    what = (f"wrote {plural(len(result.written), 'file')} under {display_path(out)}" if result.outcome.report.ok
            else "nothing written")
    emit(result.outcome.report, "human", what)


@command.command("tiled")
@click.argument("paths", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path), default=Path("build"),
              show_default=True, help="Folder to write into: OUT/<pack>/tiled/.")
@PACK_PATH
@usage_errors
def tiled(paths: tuple[Path, ...], out: Path, search: tuple[str, ...]) -> None:
    """Missions as Tiled maps in the zwar Tiled project, to go on editing them in Tiled.

    Writes <mission>.tmj (the board and every marker), <mission>.base.toml (what
    a map cannot draw: spawn tables, events, victory) and the terrain tileset.
    `zwar import tiled` turns the map back into the same mission.
    """
    with writing(out):
        result = export_tiled(list(paths), out, [Path(s) for s in search])
    what = (f"wrote {plural(len(result.written), 'file')} under {display_path(out)}" if result.outcome.report.ok
            else "nothing written")
    emit(result.outcome.report, "human", what)
