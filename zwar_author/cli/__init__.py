"""The `zwar` command line: one thin module per command, all logic in the library.

Exit statuses: 0 no errors (warnings allowed), 1 content errors, 2 usage
errors. An unexpected failure prints one line and exits with 3 instead of a
traceback.
"""

from __future__ import annotations

import sys

import click

from .. import __version__
from . import (
    assumed,
    build,
    explain,
    export,
    import_,
    init,
    odds,
    play,
    playtest,
    query,
    render,
    replay,
    roll,
    rules_test,
    schema,
    serve,
    validate,
)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="zwar")
def cli() -> None:
    """Author, check and build missions for Z War One, Exodus and Agent Z.

    A pack is a folder with pack.toml, tiles/, rules/ and missions/. Start one
    with `zwar init DIR`, check it with `zwar validate DIR`, compile it with
    `zwar build DIR -o build/`.
    """


for module in (init, validate, build, query, render, play, rules_test, playtest, replay, odds, roll, schema, explain,
               assumed, export, import_, serve):
    cli.add_command(module.command)


def main() -> None:
    try:
        cli.main(prog_name="zwar")
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001  # a bug: one line, never a traceback
        click.echo(internal_error(exc), err=True)
        sys.exit(3)


def internal_error(exc: BaseException) -> str:
    """The one line printed for a bug: the exception's text folded onto one line and cut short."""
    text = " ".join(str(exc).split())
    if len(text) > 300:
        text = text[:297] + "..."
    return f"zwar: internal error: {type(exc).__name__}: {text} (this is a bug in zwar-author)"
