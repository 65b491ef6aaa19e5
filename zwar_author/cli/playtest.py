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
from ..playtest.compare import Comparison, compare
from ..playtest.explore import Exploration
from ..playtest.explore import explore as explore_mission
from ..playtest.gate import METRICS
from ..playtest.project import Result, playtest
from ..playtest.report import percent
from .complete import complete_missions
from .options import OutputFolder, policy_list, scheduler_address
from .output import PACK_PATH, refuse, usage_errors
from .play import perks_option

HELP = f"""Play a mission many times with bot heroes and report how hard it is.

Each policy ({", ".join(POLICIES)}) plays --runs games; game i always uses
seeds derived from --seed and i, so the same seed gives the same report however
many --jobs share the work. Writes OUT/<mission>-playtest.json and .html (win
rate with its 95% interval, turns, how games were lost and how close they came,
every objective and token with the share of games it was done or taken, how
each hero's games ended, ammunition, kills, heatmaps over the map; the policies
side by side) and prints a summary. A director game (or --directors-cut) is
played against the bot director and against a passive one that plays no card,
each policy's games reported for both.

--gate "METRIC in LOW..HIGH" (metrics: {", ".join(f"{k}, {v}" for k, v in METRICS.items())}),
or the band in the mission's [mission.playtest], makes the exit status 1 when
the first policy falls outside it (against the bot director in a director
game); a lost game to watch is named with the `zwar replay` command that shows
it.

--explore plays the mission again with one change at a time (turn limit,
spawn table rows, infected at the start, a med pack or weapon more, doors the
mission places) on the same seeds, ranks the changes by what they do to the
win rate, and with a band names the smallest changes that bring it inside.

`zwar playtest OLD NEW` (or NEW --baseline OLD) plays both versions on the same
seeds and reports the change in win rate, with a paired test and the first game
whose outcome differs. Both play against the bot director in a director game."""


@click.command("playtest", help=HELP)
@click.argument("missions", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="MISSION [NEW]",
                shell_complete=complete_missions)
@click.option("--baseline", type=click.Path(path_type=Path), help="An older version of MISSION to compare it with.")
@click.option("--explore", is_flag=True, help="Try one change at a time and rank them by their effect on the win rate.")
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
def command(missions, baseline, explore, runs, seed, jobs, policies, out, gate, keep_logs, scheduler, perks, max_turns,
            directors_cut, progress, search) -> None:
    names = [p.strip() for p in policies.split(",") if p.strip()]
    setup = Setup(perks=perks, max_turns=max_turns, directors_cut=directors_cut)
    pair = _versions(missions, baseline, explore, keep_logs)
    options = {"runs": runs, "seed": seed, "jobs": jobs, "policies": names, "out": out, "scheduler": scheduler,
               "setup": setup, "search": [Path(s) for s in search]}
    bar = tqdm(unit="game", disable=not (sys.stderr.isatty() if progress is None else progress), file=sys.stderr)
    try:
        if pair is not None:
            outcome: Comparison | Exploration | Result = compare(*pair, gate=gate, progress=bar, **options)
        elif explore:
            outcome = explore_mission(missions[0], gate=gate, progress=bar, **options)
        else:
            outcome = playtest(missions[0], gate=gate, keep_logs=keep_logs, progress=bar, **options)
    except CannotPlay as exc:
        refuse(exc)
    except (SetupError, UnsupportedGame, RuntimeError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        bar.close()
    if not outcome.problems.ok:
        for diagnostic in outcome.problems.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    click.echo(outcome.summary())
    click.echo("report: " + ", ".join(display_path(p) for p in outcome.files))
    if isinstance(outcome, Exploration):
        report = outcome.report
        if report is not None and report["gate"] is not None and not report["gate"]["passed"]:
            raise SystemExit(1)
    else:
        _gate(outcome)


def _versions(missions, baseline, explore: bool, keep_logs: bool) -> tuple[Path, Path] | None:
    """The (old, new) versions to compare, or None for one mission; usage errors for what does not go."""
    if len(missions) > 2:
        raise UsageError(f"give one mission, or two versions of one (OLD NEW), not {len(missions)}")
    if len(missions) == 2 and baseline is not None:
        raise UsageError("give the old version either as the first of two missions or as --baseline, not both")
    pair = (missions[0], missions[1]) if len(missions) == 2 else (baseline, missions[0]) if baseline else None
    if pair is not None and explore:
        raise UsageError("--explore tries changes to one mission: leave out the second version")
    if (pair is not None or explore) and keep_logs:
        raise UsageError("--keep-logs keeps the games of one playtest: leave it out of --explore and comparisons")
    return pair


def _gate(result: Result | Comparison) -> None:
    if result.gate is not None and result.gated is not None:
        gated = result.gated
        value = result.gate.value(gated)
        verdict = "passed" if result.passed else "FAILED"
        w = gated["win_rate"]
        sample = (f" ({w['wins']}/{w['games']}, 95% interval {percent(w['low'])} to {percent(w['high'])})"
                  if result.gate.metric == "win_rate" else "")
        click.echo(f"gate {result.gate} ({gated['policy']}): {value:g}{sample}, {verdict}")
        if not result.passed:
            loss = gated["representative_loss"]
            if loss:
                click.echo(f"a representative lost game: game {loss['game']} of seed {gated['seed']} "
                           f"(game seed {loss['seed']}); watch it with: {loss['replay']}")
            raise SystemExit(1)
