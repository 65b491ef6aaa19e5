from pathlib import Path

import click

from ..engine.api import SetupError
from ..engine.state import Setup
from ..engine.variants import UnsupportedGame
from ..errors import UsageError
from ..games import CannotPlay, require_playable
from ..play.load import load_mission
from ..playtest.solve import MAX_STATES, TooBig, solve
from .complete import complete_missions
from .output import PACK_PATH, refuse, usage_errors
from .play import perks_option


@click.command("solve")
@click.argument("mission", type=click.Path(path_type=Path), shell_complete=complete_missions)
@perks_option
@click.option("--max-turns", type=click.IntRange(1, 999), default=40, show_default=True, help="The turn limit.")
@click.option("--max-states", type=click.IntRange(1, 10**8), default=MAX_STATES, show_default=True,
              help="Give up past this many distinct states.")
@PACK_PATH
@usage_errors
def command(mission, perks, max_turns, max_states, search) -> None:
    """The exact best chance of winning a small mission, and the optimal first moves.

    Every line of play is weighed: each die and card at its exact odds, the
    best option at each of the players' decisions, the worst for the heroes at
    the director's. States that come to the same position are solved once. A
    mission too big to solve (more than 2 heroes, 4 infected, 48 squares or 6
    turns, or more states than --max-states) is refused with what makes it so
    (exit status 1).
    """
    loaded, report = load_mission(mission, [Path(s) for s in search])
    if loaded is None:
        for diagnostic in report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    try:
        require_playable(loaded.compiled)
        solution = solve(loaded, Setup(perks=perks, max_turns=max_turns), max_states)
    except CannotPlay as exc:
        refuse(exc)
    except TooBig as exc:
        click.echo(f"{loaded.compiled.mission.id} is too big to solve exactly: {exc}")
        raise SystemExit(1) from None
    except (SetupError, UnsupportedGame) as exc:
        raise UsageError(str(exc)) from None
    click.echo(solution.text())
