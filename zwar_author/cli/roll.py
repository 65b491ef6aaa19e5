import random
from fractions import Fraction
from pathlib import Path

import click

from ..compile.random_tables import find_tables, parse_context
from ..engine.chance import Live
from ..tables.odds import final_odds, show
from ..tables.roll import roll
from .output import PACK_PATH, usage_errors


@click.command("roll")
@click.argument("table")
@click.option("--context", "given", multiple=True, metavar="KEY=VALUE",
              help="A context value the table reads (area=urban, rep=4); repeat for each key.")
@click.option("--seed", type=int, default=None, help="Seed of the dice (default: a fresh seed, printed).")
@click.option("--n", "runs", type=click.IntRange(1, 1_000_000), default=1, show_default=True,
              help="Roll this many times and print the distribution beside the exact odds.")
@PACK_PATH
@usage_errors
def command(table, given, seed, runs, search) -> None:
    """Roll a random table once and show the chain (every die, every modifier, every row
    taken), or N times and print how often each final outcome came up.

    TABLE is a table file, or `pack/id` (atz/whats-inside) found beside the packs
    given with --pack-path and in the reference content.
    """
    found = find_tables([table], [Path(s) for s in search])
    if not found.report.ok:
        for diagnostic in found.report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    chosen = found.tables[0]
    values = parse_context(chosen, given, found.known)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    chance = Live(random.Random(seed), policy=lambda game, request: None)
    if runs == 1:
        rolled = roll(chosen, values, chance, found.known)
        click.echo("\n".join(rolled.lines))
        click.echo(f"result: {rolled.outcome} (seed {seed})")
        return
    counts: dict[str, int] = {}
    for _ in range(runs):
        outcome = roll(chosen, values, chance, found.known).outcome
        counts[outcome] = counts.get(outcome, 0) + 1
    exact = final_odds(chosen, values, found.known)
    click.echo(f"{chosen.id}: {runs} rolls (seed {seed})")
    width = max(len(k) for k in exact | counts)
    for label in list(exact) + sorted(set(counts) - set(exact)):
        seen = counts.get(label, 0)
        click.echo(f"  {label:<{width}}  {seen:>8}  {seen / runs * 100:6.2f}%   exact {show(exact.get(label, Fraction(0)))}")
