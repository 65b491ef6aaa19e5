import json
from fractions import Fraction
from pathlib import Path

import click

from ..analysis.dice_pool import COVER_DICE, Die, Pool, odds
from ..analysis.dice_pool import odds_text as dice_text
from ..compile.project import check
from ..compile.random_tables import find_tables, parse_context
from ..compile.workspace import find_packs, kind_of
from ..compile.zonewars import pack_dice
from ..errors import UsageError
from ..playtest.odds import mission_odds, odds_text, rules_odds, rules_text
from ..sources.document import read_document
from ..tables.odds import TooManyContexts, context_text, table_odds
from ..tables.odds import odds_text as table_text
from .complete import complete_missions
from .output import PACK_PATH, usage_errors


@click.command("odds")
@click.argument("paths", nargs=-1, shell_complete=complete_missions)
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
@click.option("--context", "given", multiple=True, metavar="KEY=VALUE",
              help="Random tables: hold a context value (area=urban, rep=4) instead of listing every one.")
@PACK_PATH
@usage_errors
def command(paths, tables, base, gear, modifier, armour, cover, fmt, given, search) -> None:
    """Exact odds from the dice tables (not simulation) of missions, packs or random tables, or of Zone Wars base and gear dice.

    For each spawn phase: per turn, the expected infected at each spawn point and
    of each class, the chance of a roamer; the room spawn's outcomes and where the
    infected it places go. With --tables (always for packs), the chance of each
    result of every dice table in the rules. For a random table (a file in a
    pack's tables/, `pack/id`, or every table of a pack): each row's chance in
    every context, and the final outcomes of chains and amounts.

    Zone Wars: with --base, the odds of a roll of base and gear dice, rolled and
    pushed, against armour and cover; the dice's faces come from the pack named
    (the shipped Zone Wars pack when none is).
    """
    search_paths = [Path(s) for s in search]
    if base is not None:
        _zonewars([Path(p) for p in paths], search_paths, Pool(base, gear, modifier), armour, COVER_DICE[cover], fmt)
        return
    if not paths:
        raise UsageError("name missions, packs or random tables, or give --base for Zone Wars dice")
    names = [p for p in paths if _is_table(Path(p))]
    packs_with_tables = [str(r) for p in paths if Path(p).is_dir() for r in find_packs(Path(p))
                         if (r / "tables").is_dir()]
    mission_paths = [Path(p) for p in paths if p not in names]
    parts, document = [], {}
    if mission_paths:
        outcome = check(mission_paths, search_paths)
        if not outcome.report.ok:
            for diagnostic in outcome.report.sorted():
                click.echo(diagnostic.human())
            raise SystemExit(1)
        missions = [m for found in outcome.missions.values() for m in found]
        if not missions and not packs_with_tables:
            raise UsageError("no missions found in " + ", ".join(str(p) for p in mission_paths))
        packs = any(p.is_dir() for p in mission_paths)
        games = {m.mission.game: m.rules for m in missions} if (tables or packs) else {}
        document = {"missions": {f"{m.pack}/{m.mission.id}": _plain(mission_odds(m)) for m in missions},
                    "tables": {game: {name: _plain(chances) for name, chances in rules_odds(rules)}
                               for game, rules in games.items()}}
        parts = [odds_text(m) for m in missions] + [f"{game}: {rules_text(r)}" for game, r in games.items()]
    if names or packs_with_tables:
        found = find_tables(names + packs_with_tables, search_paths)
        if not found.report.ok:
            for diagnostic in found.report.sorted():
                click.echo(diagnostic.human())
            raise SystemExit(1)
        chosen = sorted({t.qualified: t for t in found.tables}.items())
        held = {q: parse_context(t, given, found.known, complete=False) if given else {} for q, t in chosen}
        try:
            parts += [table_text(t, found.known, held[q]) for q, t in chosen]
            document["random_tables"] = {q: [_entry(t, e) for e in table_odds(t, found.known, held[q])]
                                         for q, t in chosen}
        except TooManyContexts as exc:
            raise UsageError(str(exc)) from None
    if fmt == "json":
        click.echo(json.dumps(document, indent=1, sort_keys=True))
        return
    click.echo("\n\n".join(parts))


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


def _is_table(path: Path) -> bool:
    """A table file, or a name that is no file at all (`atz/weapons`)."""
    if not path.exists():
        return True
    if not path.is_file():
        return False
    doc, _ = read_document(path)
    return doc is not None and kind_of(doc.data) == "table"


def _entry(table, entry: dict) -> dict:
    column = entry["values"].get(table.columns) if table.columns else None
    rows = []
    for row, p in entry["rows"]:
        result = row.result(column)
        rows.append({"roll": row.key.text, "chance": _plain(p), "result": result.label() if result else None})
    out = {"contexts": [context_text(v) for v in entry["contexts"]], "rows": rows, "final": _plain(entry["final"])}
    if "dice" in entry:  # an opposed table: the roll these situations come to
        out |= dict(zip(("you", "they", "your_target", "their_target"), entry["dice"]))
    return out


def _plain(value):
    if isinstance(value, Fraction):
        return {"exact": f"{value.numerator}/{value.denominator}", "value": round(float(value), 6)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
