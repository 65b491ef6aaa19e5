import json
from fractions import Fraction
from pathlib import Path

import click

from ..compile.project import check
from ..errors import UsageError
from ..playtest.odds import mission_odds, odds_text, rules_odds, rules_text
from .complete import complete_missions
from .output import PACK_PATH, usage_errors


@click.command("odds")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path), shell_complete=complete_missions)
@click.option("--tables", is_flag=True,
              help="Also every dice table of the rules: weapons, unarmed, grab and bite tests.")
@click.option("--format", "fmt", type=click.Choice(["human", "json"]), default="human", show_default=True)
@PACK_PATH
@usage_errors
def command(paths, tables, fmt, search) -> None:
    """Exact odds from the dice tables (not simulation) of missions or packs.

    For each spawn phase: per turn, the expected infected at each spawn point and
    of each class, the chance of a roamer; the room spawn's outcomes and where the
    infected it places go. With --tables (always for packs), the chance of each
    result of every dice table in the rules.
    """
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
