from pathlib import Path

import click

from ..engine.state import Setup
from ..errors import SetupError, UnsupportedGame, UsageError, display_path
from ..games import CannotPlay, require_playable
from ..play.load import load_mission
from ..playtest.director import DIRECTORS
from ..playtest.policies import POLICIES, known
from ..playtest.replay import page, replay, text
from ..playtest.report import write
from .complete import complete_missions
from .options import OutputFile
from .output import PACK_PATH, refuse, usage_errors, writing
from .play import perks_option


@click.command("replay")
@click.argument("mission", type=click.Path(path_type=Path), shell_complete=complete_missions)
@click.option("--game", "index", type=click.IntRange(0), required=True, help="The game's number in the playtest.")
@click.option("--seed", type=int, default=1, show_default=True, help="The playtest's seed.")
@click.option("--policy", default="cautious", show_default=True, callback=lambda ctx, param, value: _policy(value),
              help=f"The policy that played the game: {', '.join(POLICIES)} (the planner as planner@BUDGET, the search "
                   "player as search@BUDGET, built on a bot as search@BUDGET/aggressive).")
@click.option("--director", type=click.Choice(DIRECTORS), default="bot", show_default=True,
              help="Director games: the director the game was played against.")
@click.option("--directors-cut", is_flag=True, help="A campaign mission played as the Director's Cut.")
@perks_option
@click.option("--max-turns", type=click.IntRange(1, 999), default=40, show_default=True)
@click.option("--html", type=OutputFile(),
              help="Also write an HTML page with the board after every turn.")
@PACK_PATH
@usage_errors
def command(mission, index, seed, policy, director, directors_cut, perks, max_turns, html, search) -> None:
    """Watch one playtest game again, turn by turn (the same seeds, the same game).

    `zwar playtest` names a lost game worth watching with this command.
    """
    loaded, report = load_mission(mission, [Path(s) for s in search])
    if loaded is None:
        for diagnostic in report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    try:
        require_playable(loaded.compiled)
        setup = Setup(perks=perks, max_turns=max_turns, directors_cut=directors_cut)
        against = director if loaded.compiled.mission.mode == "director" or directors_cut else ""
        game, turns = replay(loaded, policy, seed, index, setup, against)
    except CannotPlay as exc:
        refuse(exc)
    except (SetupError, UnsupportedGame) as exc:
        raise UsageError(str(exc)) from None
    click.echo(text(game, turns))
    if html is not None:
        title = f"{loaded.compiled.mission.title}: game {index} of seed {seed} ({policy})"
        with writing(html):
            written = write(html.parent, html.stem, {html.suffix or ".html": page(game, turns, title)})
        click.echo(f"wrote {display_path(written[0])}")


def _policy(value: str) -> str:
    if not known(value):
        raise click.BadParameter(f"`{value}` is not a policy: one of {', '.join(POLICIES)}, or planner@BUDGET or "
                                 "search@BUDGET (search@BUDGET/BOT: built on the cautious or aggressive bot)")
    return value
