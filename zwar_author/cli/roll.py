import random
from fractions import Fraction
from pathlib import Path

import click

from ..compile.random_tables import find_tables
from ..engine.chance import Live
from ..errors import UsageError
from ..tables.odds import chain_keys, final_odds, show
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
    values = _context(chosen, given, found.known)
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


def _context(table, given: tuple[str, ...], known) -> dict:
    """The --context values, checked against the keys and values the table's chain reads."""
    values: dict = {}
    needed = chain_keys(table, known)
    for item in given:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in table.contexts:
            keys = ", ".join(sorted(table.contexts)) or "none"
            raise UsageError(f"--context {item}: write KEY=VALUE with KEY one of the table's context keys ({keys})")
        allowed = table.contexts[key]
        parsed = int(value) if isinstance(allowed[0], int) and value.lstrip("-").isdigit() else value
        if parsed not in allowed:
            raise UsageError(f"--context {item}: {key} is one of {', '.join(map(str, allowed))}")
        values[key] = parsed
    for key in sorted(needed - set(values)):
        raise UsageError(f"{table.id} reads `{key}`: give --context {key}=VALUE "
                         f"({', '.join(map(str, table.contexts[key]))})")
    return values
