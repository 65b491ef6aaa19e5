from pathlib import Path

import click

from ..errors import display_path
from ..interop.tiled import import_tiled
from .output import PACK_PATH, emit, usage_errors, writing


@click.group("import")
def command() -> None:
    """Turn other tools' files into zwar sources."""


@command.command("tiled")
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path),
              help="The source to write (default: beside the map, MAP with .toml).")
@click.option("--read", "allowed", multiple=True, type=click.Path(file_okay=False, path_type=Path),
              help="A folder outside the map's own that it may read its base file, tilesets and templates from "
                   "(repeatable).")
@PACK_PATH
@usage_errors
def tiled(map_path: Path, out: Path | None, allowed: tuple[Path, ...], search: tuple[str, ...]) -> None:
    """A Tiled map (.tmj or .tmx) as a mission or tile source (docs/interop.md).

    The map follows the zwar Tiled project: terrain tiles, wall and door lines,
    marker objects with their properties. The source is compiled before it is
    written; every problem names the Tiled object it comes from. The map reads
    only from its own folder unless --read allows another.
    """
    with writing(out or map_path.with_suffix(".toml")):
        result = import_tiled(map_path, out, [Path(s) for s in search], list(allowed))
    what = (f"wrote {display_path(result.written)}" if result.written is not None
            else "nothing written")
    emit(result.report, "human", what)
