import click

from ..codes import CODES, explain
from .complete import complete_codes


@click.command("explain")
@click.argument("code", required=False, shell_complete=complete_codes)
def command(code: str | None) -> None:
    """Print the explanation of a diagnostic code (ZW301), or list every code."""
    if code is None:
        for entry in CODES.values():
            click.echo(f"{entry.code}  {entry.severity.value:<7}  {entry.name}")
        return
    try:
        click.echo(explain(code), nl=False)
    except KeyError:
        raise click.UsageError(f"unknown code {code!r}: `zwar explain` lists them all") from None
