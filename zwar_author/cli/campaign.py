from __future__ import annotations

from pathlib import Path

import click

from ..errors import UsageError
from ..play.campaign import LOBBY_HELP, SAVE_FORMAT, CampaignSession, CannotPlayCampaign, open_campaign
from ..play.saves import BadSave
from ..play.session import CommandError
from ..play.zonewars import CannotPlayScenario, is_zonewars
from ..play.zonewars_campaign import is_campaign_save, play_campaign_at_terminal, resume_campaign, start_campaign
from ..playtest.director import DIRECTORS
from ..playtest.zonewars_campaign import CampaignSourceError, campaign_bots, campaign_text
from .options import InputFile, OutputFile
from .output import PACK_PATH, refuse, usage_errors
from .play import Saver, run_game

PLAY_HELP = """Play a campaign chapter by chapter, with the group's progress saved between sessions.

CAMPAIGN is a pack's campaign.toml (or the pack folder). The chapters are
played in order at the same prompt as `zwar play`. Before each chapter the
heroes spend their XP on perks: `buy HERO PERK`, `plan` (buy the perks the
campaign plans by this chapter, as far as the XP goes), `perks HERO` (what
each perk costs that hero), then `done` to start the chapter. A won chapter
banks every hero's XP (the mission's, and the loot cards'); a lost one is
played again.

An Exodus campaign pays no XP: each hero carries on the equipment (with its
rounds), search cards and infection stage it ends a mission with, melee
weapons discarded. Between missions the pre-game lobby opens: reload HERO
WEAPON AMMO, craft HERO EQUIPMENT, give HERO CARD HERO, perk HERO PERK (at a
level-up chapter), save (log an official save, 3 at most), retire (return to
the last official save), kit; then done. A lost mission returns to the last
official save.

A Zone Wars campaign is played from its first scenario (CAMPAIGN is that
scenario's file), then the first of each [campaign] next, beside it; every
battle at the prompt of `zwar play`, `--bot SIDE=POLICY` for any side.
After a battle the players choose: each model that gained artifacts keeps
one (a number, its id, or `nothing`), and the winners give one experience
token (`MODEL ATTRIBUTE`, or `nobody`); a bot's side chooses as `zwar
campaign bots` does (--max-turns and --director are the grid games' only).

--save FILE keeps the campaign after every answer and purchase (a game in
the middle of a chapter too); `zwar campaign play --resume FILE` picks up
where the group stopped, saving back to FILE."""


@click.group("campaign")
def command() -> None:
    """Play a campaign, chapter by chapter, with the group's progress saved between sessions."""


BOTS_HELP = """Play a Zone Wars campaign between bots, battle after battle, keeping the band.

SCENARIO is the first battle; each next one is the first of its
[campaign] next, in a file named for it beside SCENARIO. Every battle is
checked, and refused by name if the engine does not play it, before the
first game. Between battles each model keeps the gained artifact worth the
most victory points, and the winners' first model that can still take one
gets an experience token."""


@command.command("bots", help=BOTS_HELP)
@click.argument("scenario", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@click.option("--bot", "bots", multiple=True, metavar="SIDE=POLICY",
              help="The bot of a side: cautious, aggressive or random (cautious when left out; repeatable).")
@click.option("--seed", type=int, default=1, show_default=True, help="The campaign's seed.")
@PACK_PATH
@usage_errors
def bots(scenario, bots, seed, search) -> None:
    try:
        records = campaign_bots(scenario, bots, seed, [Path(s) for s in search])
    except CannotPlayScenario as exc:
        refuse(exc)
    except CampaignSourceError as exc:
        click.echo(str(exc))
        raise SystemExit(1) from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    click.echo(campaign_text(records))


@command.command("play", help=PLAY_HELP)
@click.argument("campaign", required=False, type=click.Path(path_type=Path))
@click.option("--dice", type=click.Choice(["roll", "table"]), default="roll", show_default=True,
              help="roll: the engine rolls; table: you roll and type each result.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the engine's dice.")
@click.option("--max-turns", type=click.IntRange(1, 999), default=40, show_default=True, help="The turn limit.")
@click.option("--director", type=click.Choice(DIRECTORS),
              help="Director's Cut chapters: let a bot be the director instead of a person.")
@click.option("--bot", "bots", multiple=True, metavar="SIDE=POLICY",
              help="Zone Wars campaigns: a bot plays this side: genlab-tribe=cautious (repeatable).")
@click.option("--save", "save", type=OutputFile(), help="Save the campaign to this file after every answer.")
@click.option("--resume", type=InputFile(), help=f"Resume a saved campaign (a {SAVE_FORMAT} file).")
@PACK_PATH
@usage_errors
def play(campaign, dice, seed, max_turns, director, bots, save, resume, search) -> None:
    paths = [Path(s) for s in search]
    if (campaign is not None and is_zonewars(campaign)) or (resume is not None and is_campaign_save(resume)):
        _zonewars(campaign, resume, seed, bots, paths, save, dice)
        return
    if bots:
        raise UsageError("--bot plays a side of a Zone Wars campaign; a grid game's campaign has no sides")
    try:
        session = _session(campaign, dice, seed, max_turns, resume, paths)
    except (CannotPlayCampaign, BadSave) as exc:
        refuse(exc)
    save = save or resume
    if director:  # on a resumed campaign too: the bot takes the director's seat from here
        session.director = director
        if session.game is not None:
            session.seat(session.game)
    saver = Saver(session.save, "zwar campaign play --resume")
    book = session.book
    click.echo(f"Campaign: {book.title} ({len(book.chapters)} chapters)")
    while (chapter := session.chapter) is not None:
        p = session.progress
        click.echo(f"Chapter {chapter.number} of {len(book.chapters)}: {chapter.title} "
                   f"({chapter.mission.compiled.mission.id}), try {p.attempt}")
        if session.game is None:
            if book.economy.exodus:
                here = p.chapter
                if not p.shopped and session.lobby_open and not _lobby(session, save, saver):
                    return
                if session.progress.chapter != here:  # retired to an earlier save: that chapter's lobby
                    continue
            else:
                click.echo(f"XP: {_xp(session)}")
                if not p.shopped and not _shop(session, save, saver):
                    return
            session.start_game()
        assert session.game is not None
        if not run_game(session.game, save, saver):
            return
        game = session.game.game
        result = session.end_game()
        click.echo(f"Game over after turn {game.turn}: {game.outcome}. {game.reason}")
        if result["outcome"] == "victory" and book.economy.exodus:
            worn = ", ".join(f"{h} {card}" for h, card in result["discarded"]) or "none"
            click.echo(f"Chapter {chapter.number} won: melee weapons discarded (wear and tear): {worn}")
        elif result["outcome"] == "victory":
            earned = ", ".join(f"{h} {x}" for h, x in result["xp"].items())
            click.echo(f"Chapter {chapter.number} won: XP {earned}")
        elif "returned_to" in result:
            back = session.progress.saves[-1]["after"] if session.progress.saves else 0
            where = f"the official save after chapter {back}" if back else "the campaign's start (no official save)"
            click.echo(f"Chapter {chapter.number} lost: back to {where}, chapter {result['returned_to']} next")
        else:
            click.echo(f"Chapter {chapter.number} lost: it is played again (try {session.progress.attempt})")
        if save:
            session.save(save)
    games = len(session.progress.results)
    if book.economy.exodus:
        click.echo(f"Campaign finished: {len(book.chapters)} chapters in {games} games, "
                   f"{len(session.progress.saves)} of {book.economy.saves} official saves logged")
        return
    click.echo(f"Campaign finished: {len(book.chapters)} chapters in {games} games. XP earned: "
               + ", ".join(f"{h} {x}" for h, x in session.progress.earned.items()))


def _zonewars(scenario, resume, seed, bots, search, save, dice) -> None:
    try:
        if resume is not None:
            session = resume_campaign(resume, search)
        else:
            session = start_campaign(scenario, seed, bots, search, dice)
    except (CannotPlayScenario, BadSave) as exc:
        refuse(exc)
    except CampaignSourceError as exc:
        click.echo(str(exc))
        raise SystemExit(1) from None
    play_campaign_at_terminal(session, input, click.echo, save or resume)


def _session(campaign, dice, seed, max_turns, resume, search) -> CampaignSession:
    if resume is not None:
        return CampaignSession.resume(resume, search)
    if campaign is None:
        raise UsageError("give a CAMPAIGN to play, or --resume SAVE")
    book, report = open_campaign(campaign, search)
    if book is None:
        for diagnostic in report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    return CampaignSession.new(book, dice, seed, max_turns)


def _xp(session: CampaignSession) -> str:
    p = session.progress
    return ", ".join(f"{h} {p.bank[h]}" + (f" ({', '.join(p.perks[h])})" if p.perks[h] else "")
                     for h in session.book.economy.heroes)


def _shop(session: CampaignSession, save, saver: Saver) -> bool:
    """Purchases before the chapter, at the prompt; False when the players stop."""
    planned = session.plan_now()
    if planned:
        click.echo("The campaign plans: " + ", ".join(f"{h} {perk} ({cost} XP)" for h, perk, cost in planned))
    click.echo("Buy perks: buy HERO PERK, plan, perks HERO; done to start the chapter")
    number = session.chapter.number if session.chapter else 0
    while True:
        try:
            line = input("> ").strip()
        except EOFError:
            click.echo("")
            return _stopped(save, saver)
        word, _, rest = line.partition(" ")
        args = rest.split()
        try:
            if word == "done":
                return True
            if word in ("quit", "exit"):
                _stopped(save, saver)
                raise SystemExit(0)
            if word == "buy" and len(args) == 2:
                session.progress.buy(session.book.economy, args[0], args[1], number)
                click.echo(f"{args[0]} buys {args[1]}. XP: {_xp(session)}")
            elif word == "plan":
                bought = session.progress.buy_plan(session.book.economy, number)
                click.echo(("bought " + ", ".join(f"{h} {p}" for h, p in bought)) if bought else "nothing to buy")
                click.echo(f"XP: {_xp(session)}")
            elif word == "perks" and len(args) == 1:
                _prices(session, args[0])
            else:
                click.echo("zwar campaign: type buy HERO PERK, plan, perks HERO, done or quit")
                continue
        except CommandError as exc:
            click.echo(f"zwar campaign: {exc}")
            continue
        if save:
            saver.save(save)


def _lobby(session: CampaignSession, save, saver: Saver) -> bool:
    """Exodus's pre-game lobby at the prompt; False when the players stop."""
    for line in session.kit_lines():
        click.echo(line)
    click.echo(LOBBY_HELP)
    while True:
        try:
            line = input("> ").strip()
        except EOFError:
            click.echo("")
            return _stopped(save, saver)
        if line == "done":
            return True
        if line in ("quit", "exit"):
            _stopped(save, saver)
            raise SystemExit(0)
        here = session.progress.chapter
        try:
            for said in session.lobby(line):
                click.echo(said)
        except CommandError as exc:
            click.echo(f"zwar campaign: {exc}")
            continue
        if save:
            saver.save(save)
        if session.progress.chapter != here:
            return True


def _prices(session: CampaignSession, hero: str) -> None:
    prices = session.book.economy.prices.get(hero)
    if prices is None:
        raise CommandError(f"`{hero}` does not play this campaign (its heroes: "
                           f"{', '.join(session.book.economy.heroes)})")
    click.echo(", ".join(f"{perk} {cost}" for perk, cost in sorted(prices.items(), key=lambda i: (i[1], i[0]))))


def _stopped(save, saver: Saver) -> bool:
    if save:
        saver.save(save)
        click.echo(f"saved to {save}; resume with `{saver.resume} {save}`")
    else:
        click.echo("stopped (use --save FILE to keep a campaign)")
    return False
