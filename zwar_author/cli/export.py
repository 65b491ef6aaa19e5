from pathlib import Path

import click

from ..errors import display_path
from ..interop.tiled_write import export_tiled
from ..interop.uvtt import Baked, export_uvtt
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
@click.option("--grid", is_flag=True, help="Draw the lines between squares into the image (a tabletop draws its own).")
@click.option("--markers", is_flag=True,
              help="Draw starts, exits, spawn points, objectives and items into the image (they cannot be moved there).")
@PACK_PATH
@usage_errors
def uvtt(paths: tuple[Path, ...], out: Path, ppg: int, grid: bool, markers: bool, search: tuple[str, ...]) -> None:
    """Universal VTT files (.dd2vtt), one a floor, for Foundry VTT, Fantasy Grounds and other tabletops.

    Walls become line-of-sight segments, doors portals (a door that starts open
    is named, to be opened after the import), and the floor is embedded as a
    PNG without the grid and the markers. PATHS are missions or packs; nothing
    is written when a mission has an error.
    """
    with writing(out):
        result = export_uvtt(list(paths), out, ppg, [Path(s) for s in search], Baked(grid=grid, markers=markers))
    for path, doors in result.open_doors.items():
        click.echo(f"{display_path(path)}: {plural(len(doors), 'door')} {'starts' if len(doors) == 1 else 'start'} "
                   f"open ({', '.join(doors)}): the file has no open doors, so open "
                   f"{'it' if len(doors) == 1 else 'them'} on the tabletop after the import")
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
