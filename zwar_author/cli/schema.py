from pathlib import Path

import click

from ..errors import display_path
from .options import OutputFolder
from .output import usage_errors, writing


@click.command("schema")
@click.option("-o", "--out", type=OutputFolder(), default=Path("schemas"),
              show_default=True, help="Folder to write the schemas into.")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if the schemas in OUT are missing or stale.")
@usage_errors
def command(out: Path, check: bool) -> None:
    """(Re)write the JSON Schemas of packs, tiles, missions, rules data and compiled content.

    Point a TOML editor at them with a first line such as
    `#:schema ../../schemas/mission.schema.json`.
    """
    from ..schema import stale_schemas, write_schemas  # here, so `--help` stays instant

    if check:
        stale = stale_schemas(out)
        for name in stale:
            click.echo(f"{display_path(out / name)}: out of date: run `zwar schema -o {display_path(out)}`")
        if stale:
            raise SystemExit(1)
        click.echo(f"schemas in {display_path(out)} are up to date")
        return
    with writing(out):
        written = write_schemas(out)
    for path in written:
        click.echo(f"wrote {display_path(path)}")
