import os
import sys
from pathlib import Path

import click
from tqdm import tqdm

from ..engine.state import Setup
from ..errors import display_path
from ..playtest.knobs import Kind
from ..playtest.policies import POLICIES
from ..playtest.tune import tune
from .complete import complete_missions
from .options import scheduler_address
from .output import PACK_PATH, playing, problems_or_exit, usage_errors

HELP = f"""Find the few changes, together, that bring a mission into its difficulty band, and write them into its source.

Plays the mission as it is and with each change (the time limit, spawn table
rows, infected at the start, items on the map, events' turns, doors the
mission places) on the same games, tries the combinations predicted to land in
the band on fresh games, keeps a change only when a paired test shows it
matters, and checks the tuned source on games no step saw before writing it.
The band is --band LOW..HIGH, else the mission's [mission.playtest]; it is
held for --policy (default: the band's). The file is rewritten with only the
changed values edited, each with a comment naming the old value (--diff
prints the change instead, -o writes it elsewhere). Exit status 0 when tuned
(or already in the band), 1 when no combination was shown to fit, the
strongest changes together fall short of the band (out of reach), or the
games could not decide within --budget (it says what would).

Kinds of change for --fixed: {", ".join(k.value for k in Kind)}."""


def _band(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    low, sep, high = value.partition("..")
    try:
        if not sep or not 0 <= float(low) <= float(high) <= 1:
            raise ValueError
    except ValueError:
        raise click.BadParameter(f"`{value}`: write LOW..HIGH, shares of games from 0 to 1, like 0.3..0.5") from None
    return f"win_rate in {low}..{high}"


@click.command("tune", help=HELP)
@click.argument("mission", type=click.Path(exists=True, dir_okay=False, path_type=Path),
                shell_complete=complete_missions)
@click.option("--band", "gate", callback=_band, help="The band to tune into: LOW..HIGH (shares of games won).")
@click.option("--policy", type=click.Choice(POLICIES), help="The bots the band is for (default: the band's own).")
@click.option("--gap", help='A skill gap to keep: "planner - cautious >= 0.15".')
@click.option("--fixed", multiple=True, type=click.Choice([k.value for k in Kind]),
              help="A kind of change the search may not make (repeatable).")
@click.option("--budget", type=click.IntRange(100, 10**7), default=20000, show_default=True,
              help="Games the search may play in all.")
@click.option("--runs", type=click.IntRange(10, 10**6), help="Games a version once screened (default: the band's runs).")
@click.option("--seed", type=int, default=1, show_default=True, help="The search's seed.")
@click.option("--jobs", type=click.IntRange(1, 512), default=os.cpu_count() or 1, show_default="all cores",
              help="Worker processes.")
@click.option("--scheduler", callback=scheduler_address, help="Run on Dask: a scheduler address, or `local`.")
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the tuned source here instead of over MISSION.")
@click.option("--diff", is_flag=True, help="Print the change as a unified diff and write nothing.")
@click.option("--max-turns", type=click.IntRange(1, 999), default=40, show_default=True, help="The turn limit.")
@click.option("--progress/--no-progress", default=None, help="A progress bar (default: when writing to a terminal).")
@PACK_PATH
@usage_errors
def command(mission, gate, policy, gap, fixed, budget, runs, seed, jobs, scheduler, out, diff, max_turns, progress,
            search) -> None:
    bar = tqdm(unit="game", total=budget, disable=not (sys.stderr.isatty() if progress is None else progress),
               file=sys.stderr)
    with playing(bar):
        outcome = tune(mission, gate=gate, policy=policy, budget=budget, runs=runs, seed=seed, jobs=jobs, gap=gap,
                       fixed=fixed, out=out, diff=diff, scheduler=scheduler, setup=Setup(max_turns=max_turns),
                       search=[Path(s) for s in search], progress=bar)
    problems_or_exit(outcome.problems)
    click.echo(outcome.summary())
    if diff and outcome.diff:
        click.echo(outcome.diff, nl=False)
    if outcome.written is not None:
        click.echo(f"wrote {display_path(outcome.written)}")
    if outcome.report is None or outcome.report["result"] not in ("tuned", "in band"):
        raise SystemExit(1)
