from pathlib import Path

import click

from ..engine.api import SetupError
from ..engine.state import Setup
from ..engine.text import board_text
from ..engine.variants import UnsupportedGame
from ..errors import UsageError
from ..games import CannotPlay, require_playable
from ..play.load import load_mission
from ..play.session import CommandError, Session
from ..playtest.director import DIRECTORS, alone
from ..playtest.versus import VersusPolicy, is_versus, parse_bots, versus_policy
from .complete import complete_missions
from .options import InputFile, OutputFile, unwritable
from .output import PACK_PATH, refuse, usage_errors


def _perks(ctx, param, values) -> tuple:
    chosen: dict[str, list[str]] = {}
    for text in values:
        hero, eq, perk = text.partition("=")
        if not eq or not hero.strip() or not perk.strip():
            raise click.BadParameter(f"{text!r}: write HERO=PERK, like sam=turbo")
        chosen.setdefault(hero.strip(), []).append(perk.strip())
    return tuple((h, tuple(p)) for h, p in chosen.items())


perks_option = click.option("--perk", "perks", multiple=True, metavar="HERO=PERK", callback=_perks,
                            help="Give a hero a perk (repeatable): sam=turbo.")

HELP = """Play a mission in the terminal, or let the engine run the infected at the table.

The board is printed as text (x across, y down), then the legal actions,
numbered: type a number or the action (`move 4,5`, `aimed z3`, `sam: open
H:3,4`, `end turn`). An action that is not legal gets one line saying which
rule forbids it. With --dice table every roll is asked for, so a group
playing with real miniatures types in its own dice and the engine moves the
infected and places the spawns.

\b
Also at the prompt: board, log, options, save [FILE], quit."""


@click.command("play", help=HELP)
@click.argument("mission", required=False, type=click.Path(path_type=Path), shell_complete=complete_missions)
@click.option("--dice", type=click.Choice(["roll", "table"]), default="roll", show_default=True,
              help="roll: the engine rolls; table: you roll and type each result.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the engine's dice.")
@click.option("--hero", "heroes", multiple=True, metavar="HERO",
              help="A hero to play (repeatable; default the mission's).")
@perks_option
@click.option("--bot", "bots", multiple=True, metavar="SIDE=POLICY",
              help="Versus games: a bot plays this side (a role or an agent): hunter=cautious (repeatable).")
@click.option("--max-turns", type=click.IntRange(1, 999), default=40, show_default=True, help="The turn limit.")
@click.option("--save", "save", type=OutputFile(),
              help="Save the game to this file after every answer.")
@click.option("--resume", type=InputFile(), help="Resume a saved game.")
@click.option("--directors-cut", is_flag=True, help="Play a campaign mission as the Director's Cut.")
@click.option("--director", type=click.Choice(DIRECTORS),
              help="Director games: let a bot be the director (the passive one plays no card) instead of a person.")
@PACK_PATH
@usage_errors
def command(mission, dice, seed, heroes, perks, bots, max_turns, save, resume, directors_cut, director, search) -> None:
    setup = Setup(heroes=tuple(heroes), perks=perks, max_turns=max_turns, directors_cut=directors_cut)
    session = _session(mission, dice, seed, setup, resume, [Path(s) for s in search])
    if director:  # on a resumed game too: the bot takes over the director's seat from here
        session.director = director
    if session.director:
        session.bot = alone(session.director)
    players = _bots(session, bots, seed)
    click.echo(board_text(session.game))
    _show(session.state.events)
    while session.request is not None:
        if not session.needs_person():
            _show(session.roll())
            continue
        if players is not None and players.plays(session.game, session.request):
            _show(session.take(players(session.game, session.request)))
            continue
        _ask(session)
        try:
            line = input("> ")
        except EOFError:
            click.echo("")
            _stop(session, save)
            return
        if _command(session, line, save):
            continue
        try:
            _show(session.answer(line))
        except CommandError as exc:
            click.echo(f"zwar play: {exc}")
            continue
        if save:
            session.save(save)
    game = session.game
    click.echo(f"Game over after turn {game.turn}: {game.outcome}. {game.reason}")


def _session(mission, dice, seed, setup: Setup, resume, search) -> Session:
    if resume is not None:
        try:
            return Session.resume(resume, search)
        except CannotPlay as exc:
            refuse(exc)
    if mission is None:
        raise UsageError("give a MISSION to play, or --resume SAVE")
    loaded, report = load_mission(mission, search)
    if loaded is None:
        for diagnostic in report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    try:
        require_playable(loaded.compiled)
        return Session.new(mission, loaded, setup, seed, dice)
    except CannotPlay as exc:
        refuse(exc)
    except (SetupError, UnsupportedGame) as exc:
        raise UsageError(str(exc)) from None


def _bots(session: Session, texts: tuple[str, ...], seed: int) -> VersusPolicy | None:
    """The bots of ``--bot SIDE=POLICY``: versus games only, each side a role or an agent of the mission."""
    if not texts:
        return None
    if not is_versus(session.mission):
        raise UsageError("--bot plays a side of a versus game; this mission is played by the heroes together")
    try:
        chosen = parse_bots(texts)
    except ValueError as exc:
        raise UsageError(f"--bot {exc}") from None
    sides = sorted(set(session.game.roles.values()) | set(session.game.roles))
    unknown = [s for s in chosen if s not in sides]
    if unknown:
        raise UsageError(f"--bot {unknown[0]}: not a side of this mission (sides: {', '.join(sides)})")
    return versus_policy(chosen, seed)


def _show(events) -> None:
    for event in events:
        click.echo(("== " + event.text + " ==") if event.kind in ("turn", "phase") else "  " + event.text)


def _ask(session: Session) -> None:
    request = session.request
    assert request is not None  # asked only while the game waits for someone
    if request.kind == "roll":
        who = f" ({session.game.hero(request.who).name})" if request.who else ""
        click.echo(f"Roll a d{len(request.options)}{who}: {request.why}")
        return
    click.echo(request.why + (":" if request.kind == "draw" else ""))
    texts = session.options()
    current = session.game.current
    for number, (option, text) in enumerate(zip(request.options, texts), 1):
        hero = getattr(option, "hero", "")
        if current and hero and hero != current:
            continue
        click.echo(f"  {number:>3}. {text}")
    if current:
        others = sorted({o.hero for o in request.options if getattr(o, "hero", "") not in ("", current)})
        if others:
            click.echo(f"  (other heroes: {', '.join(others)}; type `options` to list theirs too)")


def _command(session: Session, line: str, save) -> bool:
    """The prompt's own commands; True when ``line`` was one."""
    word, _, rest = line.strip().partition(" ")
    if word == "board":
        click.echo(board_text(session.game))
    elif word == "log":
        for event in session.game.log:
            click.echo(event.text)
    elif word == "options":
        for number, text in enumerate(session.options(), 1):
            click.echo(f"  {number:>3}. {text}")
    elif word == "save":
        target = Path(rest.strip()) if rest.strip() else save
        if target is None:
            click.echo("zwar play: say where: save FILE")
        elif problem := unwritable(target):
            click.echo(f"zwar play: {problem}")
        else:
            session.save(target)
            click.echo(f"saved to {target}")
    elif word in ("quit", "exit"):
        _stop(session, save)
        raise SystemExit(0)
    elif word == "help":
        click.echo(HELP)
    else:
        return False
    return True


def _stop(session: Session, save) -> None:
    if save:
        session.save(save)
        click.echo(f"saved to {save}; resume with `zwar play --resume {save}`")
    else:
        click.echo("stopped (use --save FILE to keep a game)")
