from pathlib import Path

import click

from ..errors import display_path
from .options import OutputFolder
from .output import usage_errors, writing


@click.command("init")
@click.argument("folder", type=OutputFolder())
@click.option("--id", "pack_id", help="Pack id (default: the folder's name in lower case).")
@click.option("--title", help="Pack title (default: the folder's name).")
@usage_errors
def command(folder: Path, pack_id: str | None, title: str | None) -> None:
    """Start a new pack in FOLDER: pack.toml, one tile and one mission that validate as they are.

    The pack requires the reference `core` pack for its heroes, infected and
    cards. JSON Schemas for editors are written to FOLDER/.zwar/schemas.
    """
    # Here, so `--help` and shell completion stay instant
    from ..scaffold import init_pack

    with writing(folder):
        written = init_pack(folder, pack_id, title)
    for path in written:
        click.echo(f"wrote {display_path(path)}")
    click.echo(f"next: zwar validate {display_path(folder)}")
