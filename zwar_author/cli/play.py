from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import click

from ..engine.text import board_text
from ..engine.vocab import Side, Topic
from ..errors import SetupError, UnsupportedGame, UsageError, display_path
from ..games import CannotPlay, require_playable
from ..play.atz_session import play_encounter
from ..play.legend import legend
from ..play.load import load_mission
from ..play.saves import BadSave
from ..play.session import CommandError, Session, setup_for
from ..play.zonewars import CannotPlayScenario, is_zonewars
from ..play.zonewars_campaign import is_campaign_save
from ..play.zonewars_session import is_save, play_file
from ..playtest.atz import is_encounter
from ..playtest.director import DIRECTORS, alone
from ..playtest.versus import VersusPolicy, is_versus, parse_bots, versus_policy
from ..skirmish.atz.encounter import CannotPlay as CannotPlayEncounter
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

The board is printed as text (x across, y down) with a key to its letters,
and again whenever it changes, then the legal actions, numbered: type a
number or the action (`move 4,5`, `aimed z3`, `sam: open H:3,4`, `end
turn`). An action that is not legal gets one line saying which rule forbids
it; acting with another hero while the hero moving has AP left asks first,
since it ends their move. With --dice table every roll is asked for, so a group
playing with real miniatures types in its own dice and the engine moves the
infected and places the spawns.

When a person directs a director game at the same terminal, the director's
cards stay hidden: before each question that lists them the heroes look away
and the director presses enter, and the screen is cleared once the director
has answered. --show-hand lists them at once.

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
@click.option("--show-hand", is_flag=True,
              help="List the director's cards without asking the heroes to look away first.")
@click.option("--group", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="All Things Zombie: the group (a Group roster file) to play an encounter with.")
@click.option("--zombies-only", is_flag=True,
              help="All Things Zombie: play the group against the zombies, leaving out what the engine does not play.")
@click.option("--leave-out", is_flag=True,
              help="All Things Zombie: play what the engine plays of the encounter, listing the rest as left out.")
@PACK_PATH
@usage_errors
def command(mission, dice, seed, heroes, perks, bots, max_turns, save, resume, directors_cut, director, show_hand,
            group, zombies_only, leave_out, search) -> None:
    if group is not None or (mission is not None and is_encounter(mission)):
        _encounter(mission, group, seed, max_turns, (zombies_only, leave_out), search)
        return
    if (mission is not None and is_zonewars(mission)) or (resume is not None and is_save(resume)):
        try:
            play_file(mission, resume, seed, bots, [Path(s) for s in search], input, click.echo, save, dice)
        except (CannotPlayScenario, BadSave) as exc:
            refuse(exc)
        return
    if resume is not None and is_campaign_save(resume):
        raise UsageError(f"{display_path(resume)} is a Zone Wars campaign's save: resume it with "
                         f"`zwar campaign play --resume {display_path(resume)}`")
    session = _session(mission, dice, seed, (heroes, perks, max_turns, directors_cut), resume,
                       [Path(s) for s in search])
    if director:  # on a resumed game too: the bot takes over the director's seat from here
        session.director = director
    if session.director:
        session.bot = alone(session.director)
    players = _bots(session, bots, seed)
    if not run_game(session, save, Saver(session.save, "zwar play --resume"), players, show_hand):
        return
    game = session.game
    click.echo(f"Game over after turn {game.turn}: {game.outcome}. {game.reason}")


def _encounter(path, group, seed, max_turns, left, search) -> None:
    if path is None or group is None:
        raise UsageError("an All Things Zombie encounter is played with a group: zwar play ENCOUNTER --group FILE")
    try:
        problems = play_encounter(path, group, input, click.echo, seed, max_turns, left[0],
                                  [Path(s) for s in search], leave_out=left[1])
    except EOFError:
        click.echo("")
        return
    except CannotPlayEncounter as exc:
        refuse(exc)
    if problems is not None:
        for diagnostic in problems.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)


@dataclass(frozen=True)
class Saver:
    """How the prompt saves: the whole game, or the campaign the game is a chapter of."""

    save: Callable[[Path], None]
    resume: str  # the command that resumes a save, for the goodbye line


def run_game(session: Session, save: Path | None, saver: Saver, players: VersusPolicy | None = None,
             show_hand: bool = False) -> bool:
    """Play ``session`` at the prompt until the game is over (True) or the players stop (False),
    saving to ``save`` after every answer. The director's cards are listed only after the heroes
    have looked away (``show_hand``: at once)."""
    shown = _board(session)
    _show(session.state.events)
    unveiled = None  # the director's question whose cards are on the screen
    while session.request is not None:
        if not session.needs_person():
            _show(session.roll())
            continue
        if players is not None and players.plays(session.game, session.request):
            _show(session.take(players(session.game, session.request)))
            continue
        if board_text(session.game) != shown:  # drawn again whenever it changed since it was last shown
            shown = _board(session)
        hidden = not show_hand and _lists_hand(session.request)
        try:
            if hidden and session.request is not unveiled:
                click.echo(LOOK_AWAY)
                input()
                unveiled = session.request
            _ask(session)
            line = input("> ")
            if _command(session, line, save, saver):
                continue
            value = session.choose(line)
            if not _confirmed(session, value):
                continue
            _show(_answered(session, value, hidden))
        except CommandError as exc:
            click.echo(f"zwar play: {exc}")
            continue
        except EOFError:
            click.echo("")
            _stop(saver, save)
            return False
        if save:
            _saved(saver, save)
    if board_text(session.game) != shown:  # the board as the game ended
        _board(session)
    return True


def _saved(saver: Saver, target: Path) -> bool:
    """Save the game to ``target``; one line saying why not (a full disk, a folder made read-only) when it
    cannot be written, and the game goes on."""
    try:
        saver.save(target)
    except UsageError as exc:
        click.echo(f"zwar play: {exc}; the game goes on unsaved")
        return False
    return True


def _board(session: Session) -> str:
    """Print the board with its key; the board's text, to know when it has changed."""
    text = board_text(session.game)
    click.echo(text)
    click.echo(legend(session.game))
    return text


def _confirmed(session: Session, value) -> bool:
    """Whether to take ``value``: asked first when it ends the move of a hero who could still act."""
    warning = session.leaves_move(value)
    if warning is None:
        return True
    click.echo(f"zwar play: {warning}.")
    if input("Act with them anyway? [y/N] ").strip().lower() in ("y", "yes"):
        return True
    click.echo(f"{session.game.hero(session.game.current).name} goes on.")
    return False


LOOK_AWAY = "Director: your cards are next. Heroes, look away; director, press enter."
HIDDEN = "The director's cards are hidden again."


def _lists_hand(request) -> bool:
    """Whether the pending question lists the cards the director holds."""
    return request.side == Side.DIRECTOR and request.topic == Topic.CARD


def _answered(session: Session, value, hidden: bool):
    """The events of the answer ``value``; a hidden hand's question is cleared off the screen first."""
    events = session.take(value)
    if hidden:
        click.clear()  # a terminal only: the director's cards leave the screen before the heroes look back
        click.echo(HIDDEN)
    return events


def _session(mission, dice, seed, start: tuple, resume, search) -> Session:
    if resume is not None:
        try:
            return Session.resume(resume, search)
        except CannotPlay as exc:
            refuse(exc)
        except BadSave as exc:
            refuse(exc)
    if mission is None:
        raise UsageError("give a MISSION to play, or --resume SAVE")
    loaded, report = load_mission(mission, search)
    if loaded is None:
        for diagnostic in report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    heroes, perks, max_turns, directors_cut = start
    try:
        require_playable(loaded.compiled)
        setup = setup_for(loaded, heroes, perks, max_turns, directors_cut)
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


def _command(session: Session, line: str, save, saver: Saver) -> bool:
    """The prompt's own commands; True when ``line`` was one."""
    word, _, rest = line.strip().partition(" ")
    if word == "board":
        _board(session)
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
        elif _saved(saver, target):
            click.echo(f"saved to {target}")
    elif word in ("quit", "exit"):
        _stop(saver, save)
        raise SystemExit(0)
    elif word == "help":
        click.echo(HELP)
    else:
        return False
    return True


def _stop(saver: Saver, save) -> None:
    if save:
        saver.save(save)
        click.echo(f"saved to {save}; resume with `{saver.resume} {save}`")
    else:
        click.echo("stopped (use --save FILE to keep a game)")
