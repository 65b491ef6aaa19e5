"""The `zwar` command line: one thin module per command, all logic in the library.

Exit statuses: 0 no errors (warnings allowed), 1 content errors, 2 usage
errors. An unexpected failure prints one line and exits with 3 instead of a
traceback.

A command's module is imported only when that command runs (or its help is
asked for): `zwar validate` never pays for the engine, the renderer or the
playtest report. To add a command, write ``cli/NAME.py`` with a click command
called ``command`` and add one row to ``COMMANDS``: its summary is what
``zwar --help`` shows, the first sentence of the command's help (a test checks
that they agree).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys

import click
from click.shell_completion import CompletionItem

from .. import __version__

# name -> (module under zwar_author.cli, one-line summary), in the order `zwar --help` lists them
COMMANDS: dict[str, tuple[str, str]] = {
    "init": ("init", "Start a new pack in FOLDER: pack.toml, one tile and one mission that validate as they are."),
    "validate": ("validate", "Check packs, tiles and missions and report every problem."),
    "serve": ("serve", "A live preview of a pack in your browser, rebuilt on every save."),
    "build": ("build", "Compile packs and missions into canonical JSON."),
    "query": ("query", "Answer one question about a mission's board, as one line of JSON."),
    "render": ("render", ("Draw print-ready sheets: maps at true scale, mission pages, card sheets, quick-reference "
                          "sheets of random tables, and All Things Zombie scenario pages and record sheets.")),
    "import": ("import_", "Turn other tools' files into zwar sources."),
    "export": ("export", "Write missions in other tools' formats."),
    "play": ("play", "Play a mission in the terminal, or let the engine run the infected at the table."),
    "campaign": ("campaign", "Play a campaign, chapter by chapter, with the group's progress saved between sessions."),
    "rules-test": ("rules_test", "Run rules scenarios: each scenario file, or every .toml under each folder."),
    "playtest": ("playtest", "Play a mission many times with bot heroes and report how hard it is."),
    "tune": ("tune", ("Find the few changes, together, that bring a mission into its difficulty band, and write them "
                      "into its source.")),
    "results": ("results", "Keep a logbook of a real group's games, for zwar playtest --results."),
    "solve": ("solve", "The exact best chance of winning a small mission, and the optimal first moves."),
    "replay": ("replay", "Watch one playtest game again, turn by turn (the same seeds, the same game)."),
    "odds": ("odds", ("Exact odds from the dice tables (not simulation) of missions, packs or random tables, "
                      "or of Zone Wars base and gear dice.")),
    "fairness": ("fairness", "Compare the deployment zones of Zone Wars scenarios side by side."),
    "roll": ("roll", ("Roll a random table once and show the chain (every die, every modifier, every row taken), or "
                      "N times and print how often each final outcome came up.")),
    "schema": ("schema", "(Re)write the JSON Schemas of packs, tiles, missions, rules data and compiled content."),
    "explain": ("explain", "Explain a diagnostic code, given by number or name, or list every code."),
    "assumed": ("assumed", "List every rules value marked as assumed (not printed in the sources)."),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is looked up by name."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module = importlib.import_module(f"{__name__}.{COMMANDS[cmd_name][0]}")
        command: click.Command = module.command
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table above, without importing a single command."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, _shorten(summary, limit)) for name, (_, summary) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """Complete command names (with their summaries) without importing them, then options."""
        names = [CompletionItem(name, help=summary) for name, (_, summary) in COMMANDS.items()
                 if name.startswith(incomplete)]
        return names + click.Command.shell_complete(self, ctx, incomplete)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(limit - 3, 1)].rsplit(" ", 1)[0] + "..."


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="zwar")
def cli() -> None:
    """Author, check and build missions for Z War One, Exodus and Agent Z.

    A pack is a folder with pack.toml, tiles/, rules/ and missions/. Start one
    with `zwar init DIR`, check it with `zwar validate DIR`, compile it with
    `zwar build DIR -o build/`.
    """


def main() -> None:
    # zwar uses no pydantic plugins; looking for them scans every installed distribution (~50 ms)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # zwar does no linear algebra; numpy's OpenBLAS starts a thread per core when numpy is imported
    # (30-60 ms of every command that uses numpy), so unless the user says otherwise, one thread
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # A command keeps nearly everything it allocates (modules, pydantic's schemas, the rules read):
    # at Python's default of a collection every 700 new objects, the collector walks that again and
    # again for nothing, about a tenth of `zwar validate`. Cycles are still collected, later.
    gc.set_threshold(GC_THRESHOLD)
    try:
        # not click's standalone mode, which makes Ctrl+C "Aborted!" and exit status 1, as content errors exit
        code = cli.main(prog_name="zwar", standalone_mode=False)
    except SystemExit:
        raise
    except click.Abort as exc:
        interrupted = isinstance(exc.__cause__, KeyboardInterrupt)
        click.echo("zwar: interrupted" if interrupted else "Aborted!", err=True)
        sys.exit(130 if interrupted else 1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("zwar: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001  # a bug: one line, never a traceback
        click.echo(internal_error(exc), err=True)
        sys.exit(3)
    sys.exit(code if type(code) is int else 0)  # a command's ctx.exit(N), as click's standalone mode exits


#: new objects between two collections of the youngest generation (Python's default: 700)
GC_THRESHOLD = 100_000

def internal_error(exc: BaseException) -> str:
    """The one line printed for a bug: the exception's text folded onto one line and cut short."""
    text = " ".join(str(exc).split())
    if len(text) > 300:
        text = text[:297] + "..."
    return f"zwar: internal error: {type(exc).__name__}: {text} (this is a bug in zwar-author)"
