import json
from fractions import Fraction
from pathlib import Path

import click

from ..analysis.dice_pool import COVER_DICE, Die, Pool, odds
from ..analysis.dice_pool import odds_text as dice_text
from ..compile.project import check
from ..compile.zonewars import pack_dice
from ..errors import UsageError
from ..playtest.odds import mission_odds, odds_text, rules_odds, rules_text
from .output import PACK_PATH, usage_errors


@click.command("odds")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--tables", is_flag=True,
              help="Also every dice table of the rules: weapons, unarmed, grab and bite tests.")
@click.option("--base", type=click.IntRange(0, 30), default=None,
              help="Zone Wars: base dice (the attribute); gives the odds of a roll of base and gear dice.")
@click.option("--gear", type=click.IntRange(0, 30), default=0, show_default=True, help="Zone Wars: gear dice.")
@click.option("--modifier", type=click.IntRange(-30, 30), default=0, show_default=True,
              help="Zone Wars: dice added to or taken from the base dice (at least one is always rolled).")
@click.option("--armour", type=click.IntRange(0, 30), default=0, show_default=True,
              help="Zone Wars: the target's armour dice.")
@click.option("--cover", type=click.Choice(list(COVER_DICE)), default="none", show_default=True,
              help="Zone Wars: the target's cover: behind terrain (2 dice) or in contact with it (4).")
@click.option("--format", "fmt", type=click.Choice(["human", "json"]), default="human", show_default=True)
@PACK_PATH
@usage_errors
def command(paths, tables, base, gear, modifier, armour, cover, fmt, search) -> None:
    """Exact odds from the dice tables (not simulation) of missions or packs.

    For each spawn phase: per turn, the expected infected at each spawn point and
    of each class, the chance of a roamer; the room spawn's outcomes and where the
    infected it places go. With --tables (always for packs), the chance of each
    result of every dice table in the rules.

    Zone Wars: with --base, the odds of a roll of base and gear dice, rolled and
    pushed, against armour and cover; the dice's faces come from the pack named
    (the shipped Zone Wars pack when none is).
    """
    if base is not None:
        _zonewars(list(paths), [Path(s) for s in search], Pool(base, gear, modifier), armour, COVER_DICE[cover], fmt)
        return
    if not paths:
        raise UsageError("name missions or packs, or give --base for Zone Wars dice")
    outcome = check(list(paths), [Path(s) for s in search])
    if not outcome.report.ok:
        for diagnostic in outcome.report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    missions = [m for found in outcome.missions.values() for m in found]
    if not missions:
        raise UsageError("no missions found in " + ", ".join(str(p) for p in paths))
    packs = any(p.is_dir() for p in paths)
    games = {m.mission.game: m.rules for m in missions} if (tables or packs) else {}
    if fmt == "json":
        document = {"missions": {f"{m.pack}/{m.mission.id}": _plain(mission_odds(m)) for m in missions},
                    "tables": {game: {name: _plain(chances) for name, chances in rules_odds(rules)}
                               for game, rules in games.items()}}
        click.echo(json.dumps(document, indent=1, sort_keys=True))
        return
    parts = [odds_text(m) for m in missions] + [f"{game}: {rules_text(r)}" for game, r in games.items()]
    click.echo("\n\n".join(parts))


def _plain(value):
    if isinstance(value, Fraction):
        return {"exact": f"{value.numerator}/{value.denominator}", "value": round(float(value), 6)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _zonewars(paths: list[Path], search: list[Path], pool: Pool, armour: int, cover: int, fmt: str) -> None:
    owner, dice = pack_dice(paths, search)
    base, gear = Die.of(dice.base), Die.of(dice.gear)
    if fmt == "json":
        document = {"dice": owner, "base": pool.base_rolled, "gear": pool.gear, "armour": armour, "cover": cover,
                    **{name: _plain(vars(odds(pool, base, gear, pushed, armour, cover)))
                       for name, pushed in (("rolled", False), ("pushed", True))}}
        click.echo(json.dumps(document, indent=1, sort_keys=True))
        return
    click.echo(f"dice of pack {owner}: " + dice_text(pool, base, gear, armour, cover))
