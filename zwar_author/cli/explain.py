import click

from ..codes import CODES, explain, suggest
from .complete import complete_codes


@click.command("explain")
@click.argument("code", required=False, shell_complete=complete_codes)
def command(code: str | None) -> None:
    """Explain a diagnostic code, given by number or name, or list every code.

    CODE is a number such as ZW302 or a name such as room-leak.
    """
    if code is None:
        for entry in CODES.values():
            click.echo(f"{entry.code}  {entry.severity.value:<7}  {entry.name}")
        return
    try:
        click.echo(explain(code), nl=False)
    except KeyError:
        close = suggest(code)
        hint = f" (did you mean `{close}`?)" if close else ""
        raise click.UsageError(f"unknown code {code!r}{hint}: `zwar explain` lists them all") from None
