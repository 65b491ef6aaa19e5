from pathlib import Path

import click

from ..errors import display_path
from ..playtest.results import LoggedGame, add_game
from .output import usage_errors


@click.group("results", help="Keep a logbook of a real group's games, for zwar playtest --results.")
def command() -> None:
    pass


def _objectives(ctx, param, value: str | None) -> list[int]:
    if not value:
        return []
    words = value.replace(",", " ").split()
    if not all(w.isdigit() and 0 < int(w) < 1000 for w in words):
        raise click.BadParameter(f"`{value}`: objective numbers, comma separated, like 1,3")
    return [int(w) for w in words]


@command.command("add", help="Add one game to a logbook (a .toml file, made if missing).")
@click.argument("logbook", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--won/--lost", required=True, help="How the game ended.")
@click.option("--turn", type=click.IntRange(1, 10000), required=True, help="The turn it ended in.")
@click.option("--heroes-lost", type=click.IntRange(0, 10000), default=0, show_default=True, help="Heroes who died.")
@click.option("--objectives", callback=_objectives, help="Objectives completed, by number: 1,3.")
@click.option("--chapter", type=click.IntRange(1, 999), help="The campaign chapter the game was (its mission's number).")
@click.option("--date", default="", help="When it was played (any text).")
@click.option("--note", default="", help="Anything to remember about the game.")
@usage_errors
def add(logbook: Path, won: bool, turn: int, heroes_lost: int, objectives: list[int], chapter: int | None, date: str,
        note: str) -> None:
    if logbook.suffix.lower() != ".toml":
        raise click.BadParameter(f"{display_path(logbook)}: games are added to a .toml logbook",
                                 param_hint="'LOGBOOK'")
    add_game(logbook, LoggedGame(won=won, turn=turn, heroes_lost=heroes_lost, objectives=objectives, chapter=chapter,
                                 date=date, note=note))
    of = f" of chapter {chapter}" if chapter is not None else ""
    click.echo(f"added a game{of} {'won' if won else 'lost'} in turn {turn} to {display_path(logbook)}")
