import os
import sys
from pathlib import Path

import click
from tqdm import tqdm

from ..engine.api import SetupError
from ..engine.state import Setup
from ..engine.variants import UnsupportedGame
from ..errors import UsageError, display_path
from ..games import CannotPlay
from ..playtest.bots import POLICIES
from ..playtest.gate import METRICS
from ..playtest.project import playtest
from .complete import complete_missions
from .options import OutputFolder, policy_list, scheduler_address
from .output import PACK_PATH, refuse, usage_errors
from .play import perks_option

HELP = f"""Play a mission many times with bot heroes and report how hard it is.

Each policy ({", ".join(POLICIES)}) plays --runs games; game i always uses
seeds derived from --seed and i, so the same seed gives the same report however
many --jobs share the work. Writes OUT/<mission>-playtest.json and .html (win
rate with its 95% interval, turns, how games were lost, objectives, ammunition,
kills, heatmaps over the map) and prints a summary. A director game (or
--directors-cut) is played against the bot director and against a passive
one that plays no card, each policy's games reported for both.

--gate "METRIC in LOW..HIGH" (metrics: {", ".join(f"{k}, {v}" for k, v in METRICS.items())}),
or the band in the mission's [mission.playtest], makes the exit status 1 when
the first policy falls outside it (against the bot director in a director
game); a lost game to watch is named with the
`zwar replay` command that shows it."""


@click.command("playtest", help=HELP)
@click.argument("mission", type=click.Path(path_type=Path), shell_complete=complete_missions)
@click.option("--runs", type=click.IntRange(1, 10**7), help="Games per policy (default: the mission's band, else 200).")
@click.option("--seed", type=int, default=1, show_default=True, help="The run's seed.")
@click.option("--jobs", type=click.IntRange(1, 512), default=os.cpu_count() or 1, show_default="all cores",
              help="Worker processes (or Dask workers with --scheduler local).")
@click.option("--policy", "policies", default="cautious,aggressive", show_default=True, callback=policy_list(POLICIES),
              help="Bot policies to play, comma separated; the gate is checked against the first.")
@click.option("-o", "--out", type=OutputFolder(), default=Path("build") / "playtest",
              show_default=True, help="Folder for the report.")
@click.option("--gate", help='A band the first policy must fall in: "win_rate in 0.4..0.6".')
@click.option("--keep-logs", is_flag=True, help="Also write every game's log (one JSON event a line).")
@click.option("--scheduler", callback=scheduler_address, help="Run on Dask: a scheduler address, or `local` for a local cluster.")
@perks_option
@click.option("--max-turns", type=click.IntRange(1, 999), default=40, show_default=True, help="The turn limit.")
@click.option("--directors-cut", is_flag=True,
              help="Play a campaign mission as the Director's Cut (a director with 6 cards; any death fails it).")
@click.option("--progress/--no-progress", default=None, help="A progress bar (default: when writing to a terminal).")
@PACK_PATH
@usage_errors
def command(mission, runs, seed, jobs, policies, out, gate, keep_logs, scheduler, perks, max_turns, directors_cut,
            progress, search) -> None:
    names = [p.strip() for p in policies.split(",") if p.strip()]
    setup = Setup(perks=perks, max_turns=max_turns, directors_cut=directors_cut)
    bar = tqdm(unit="game", disable=not (sys.stderr.isatty() if progress is None else progress), file=sys.stderr)
    try:
        result = playtest(mission, runs=runs, seed=seed, jobs=jobs, policies=names, out=out, gate=gate,
                          keep_logs=keep_logs, scheduler=scheduler, setup=setup,
                          search=[Path(s) for s in search], progress=bar)
    except CannotPlay as exc:
        refuse(exc)
    except (SetupError, UnsupportedGame, RuntimeError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        bar.close()
    if not result.problems.ok:
        for diagnostic in result.problems.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    click.echo(result.summary())
    click.echo("report: " + ", ".join(display_path(p) for p in result.files))
    if result.gate is not None and result.gated is not None:
        gated = result.gated
        value = result.gate.value(gated)
        verdict = "passed" if result.passed else "FAILED"
        click.echo(f"gate {result.gate} ({gated['policy']}): {value:g}, {verdict}")
        if not result.passed:
            loss = gated["representative_loss"]
            if loss:
                click.echo(f"a representative lost game: game {loss['game']} of seed {gated['seed']} "
                           f"(game seed {loss['seed']}); watch it with: {loss['replay']}")
            raise SystemExit(1)
