import os
import sys
from pathlib import Path

import click
from tqdm import tqdm

from ..engine.state import Setup
from ..errors import UsageError, display_path
from ..play.campaign import CannotPlayCampaign, is_campaign
from ..play.zonewars import CannotPlayScenario, is_zonewars
from ..playtest.atz import EncounterResult, is_encounter, playtest_encounter
from ..playtest.campaign import CampaignResult, playtest_campaign
from ..playtest.compare import Comparison, compare
from ..playtest.explore import Exploration
from ..playtest.explore import explore as explore_mission
from ..playtest.gate import METRICS
from ..playtest.gate import parse as parse_gate
from ..playtest.planner import DEFAULT_BUDGET, MAX_BUDGET
from ..playtest.policies import POLICIES, budget_of, parts, with_budget
from ..playtest.project import Result, playtest
from ..playtest.report import percent
from ..playtest.results import FAST_RUNGS, RUNGS, group_fit
from ..playtest.search import DEFAULT_BUDGET as SEARCH_BUDGET
from ..playtest.sequential import PRECISE_MOST
from ..playtest.skill import BUDGETS
from ..playtest.zonewars import playtest_file
from ..skirmish.atz.encounter import CannotPlay as CannotPlayEncounter
from .complete import complete_missions
from .options import OutputFolder, policy_list, scheduler_address
from .output import PACK_PATH, playing, problems_or_exit, refuse, usage_errors, writing
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
whose outcome differs. Both play against the bot director in a director game.

Given a pack's campaign.toml instead of a mission, each policy plays --runs
whole campaigns (default 100): the bots buy the perks the campaign plans as
soon as their XP pays for them, a lost chapter is played again, and a group
that loses the same chapter --tries times gives up there. Prints and writes
OUT/<campaign>-campaign-playtest.json: the chance of finishing, the chapter
where campaigns end, the XP earned by the end of each chapter and when the
planned perks were bought."""


def budget_list(ctx, param, value: str | None) -> tuple[int | str, ...] | None:
    """``--skill-trace``: budgets, comma separated, each a whole number from 0 to the maximum."""
    if value is None:
        return None
    words = [w.strip() for w in value.split(",")]
    if not all((w.isdigit() and int(w) <= MAX_BUDGET) or (w.startswith("search@") and budget_of(w) is not None)
               for w in words):
        raise click.BadParameter(f"`{value}`: planner budgets, comma separated whole numbers from 0 to {MAX_BUDGET}, "
                                 f"and search players as search@BUDGET (as {','.join(map(str, BUDGETS))},search@16)")
    return tuple(int(w) if w.isdigit() else w for w in words)


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
              help="Policies to play, comma separated (search@64 at a budget, search@64/aggressive built on the "
                   "aggressive bot); the gate is checked against the first.")
@click.option("-o", "--out", type=OutputFolder(), default=Path("build") / "playtest",
              show_default=True, help="Folder for the report.")
@click.option("--gate", help='A band the first policy must fall in: "win_rate in 0.4..0.6".')
@click.option("--keep-logs", is_flag=True, help="Also write every game's log (one JSON event a line).")
@click.option("--scheduler", callback=scheduler_address, help="Run on Dask: a scheduler address, or `local` for a local cluster.")
@perks_option
@click.option("--max-turns", type=click.IntRange(1, 999), default=40, show_default=True, help="The turn limit.")
@click.option("--budget", type=click.IntRange(0, MAX_BUDGET), default=None,
              help=f"The planner's rollouts per plan, each a few turns ahead (default {DEFAULT_BUDGET}), and the search "
                   f"player's rollouts a decision (default {SEARCH_BUDGET}); more is slower.")
@click.option("--skill-trace", "skill", default=None, callback=budget_list,
              help=f"Also play the same games with random play, each bot and the planner at these budgets "
                   f"(comma separated, as {','.join(map(str, BUDGETS))}; search@N adds the search player at "
                   f"budget N): does skill win more often?")
@click.option("--precision", type=click.FloatRange(0.001, 0.5), default=None,
              help="Stop each policy's games once its win rate's 95% interval is this narrow either side (0.02: two "
                   "points); --runs is then the most it plays (default 20000).")
@click.option("--directors-cut", is_flag=True,
              help="Play a campaign mission as the Director's Cut (a director with 6 cards; any death fails it).")
@click.option("--tries", type=click.IntRange(1, 100), default=3, show_default=True,
              help="Campaigns: a group gives up after losing the same chapter this many times.")
@click.option("--results", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A real group's logbook of games (TOML or CSV): which rung of the skill ladder they play like.")
@click.option("--progress/--no-progress", default=None, help="A progress bar (default: when writing to a terminal).")
@click.option("--group", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="All Things Zombie: the group (a Group roster file) to play an encounter with.")
@click.option("--zombies-only", is_flag=True,
              help="All Things Zombie: play the group against the zombies, leaving out what the engine does not play.")
@click.option("--leave-out", is_flag=True,
              help="All Things Zombie: play what the engine plays of the encounter, listing the rest as left out.")
@PACK_PATH
@usage_errors
def command(missions, baseline, explore, runs, seed, jobs, policies, out, gate, keep_logs, scheduler, perks, max_turns,
            budget, skill, precision, directors_cut, tries, results, progress, group, zombies_only, leave_out,
            search) -> None:
    names = [p.strip() for p in policies.split(",") if p.strip()]
    if group is not None or is_encounter(missions[0]):
        _encounter(missions, group, runs, seed, names, out, max_turns, (zombies_only, leave_out), gate, search, jobs)
        return
    if results is not None:
        if len(missions) > 1 or baseline is not None or explore or is_campaign(missions[0]):
            raise UsageError("--results reads one mission's logged games: leave out a second version, --baseline, "
                             "--explore and campaigns")
        rungs = [r for r in RUNGS if r in FAST_RUNGS or r in names]
        _results(missions[0], results, rungs, runs, seed, jobs, scheduler, Setup(perks=perks, max_turns=max_turns),
                 progress, search)
        return
    if budget is not None and not {"planner", "search"} & {parts(n)[0] for n in names}:
        raise click.BadParameter("it is the planner's and the search player's: add planner or search to --policy "
                                 "(as --policy cautious,search)", param_hint="'--budget'")
    if is_zonewars(missions[0]):
        _zonewars(missions[0], runs, seed, [with_budget(n, budget) for n in names], out, gate, search, jobs)
        return
    if is_campaign(missions[0]):
        if len(missions) > 1 or baseline is not None or explore:
            raise UsageError("a campaign is playtested on its own: leave out a second version, --baseline and --explore")
        _campaign(missions[0], runs, seed, jobs, names, out, max_turns, tries, progress, search,
                  {"--gate": gate, "--keep-logs": keep_logs, "--scheduler": scheduler, "--perk": perks,
                   "--directors-cut": directors_cut, "--budget": budget, "--skill-trace": skill,
                   "--precision": precision})
        return
    setup = Setup(perks=perks, max_turns=max_turns, directors_cut=directors_cut)
    pair = _versions(missions, baseline, explore, keep_logs)
    if (pair is not None or explore) and (budget is not None or skill is not None or precision is not None):
        raise UsageError("--budget, --skill-trace and --precision go with one mission's playtest: leave them out of "
                         "--explore and comparisons")
    if precision is not None and runs is None:
        runs = PRECISE_MOST
    options = {"runs": runs, "seed": seed, "jobs": jobs, "policies": names, "out": out, "scheduler": scheduler,
               "setup": setup, "search": [Path(s) for s in search]}
    bar = Bar("game", sys.stderr.isatty() if progress is None else progress)
    with playing(bar), writing(out):
        if pair is not None:
            outcome: Comparison | Exploration | Result = compare(*pair, gate=gate, progress=bar, **options)
        elif explore:
            outcome = explore_mission(missions[0], gate=gate, progress=bar, **options)
        else:
            outcome = playtest(missions[0], gate=gate, keep_logs=keep_logs, progress=bar, budget=budget,
                               skill=skill, precision=precision, **options)
    problems_or_exit(outcome.problems)
    if outcome.interrupted:
        _interrupted(outcome)
    click.echo(outcome.summary())
    click.echo("report: " + ", ".join(display_path(p) for p in outcome.files))
    if isinstance(outcome, Exploration):
        report = outcome.report
        if report is not None and report["gate"] is not None and not report["gate"]["passed"]:
            raise SystemExit(1)
    else:
        _gate(outcome)


class Bar:
    """A progress bar on stderr, drawn from the moment the playtest sets its ``total``: never one that
    counts up from `0game [00:00, ?game/s]` before it knows how many games there are."""

    def __init__(self, unit: str, shown: bool) -> None:
        self.unit, self.shown, self._bar = unit, shown, None

    @property
    def total(self) -> int | None:
        return self._bar.total if self._bar is not None else None

    @total.setter
    def total(self, total: int) -> None:
        if self._bar is None:
            self._bar = tqdm(total=total, unit=self.unit, disable=not self.shown, file=sys.stderr)
        else:
            self._bar.total = total
            self._bar.refresh()

    def update(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _interrupted(outcome: Result | Comparison | Exploration | CampaignResult | EncounterResult,
                 unit: str = "games") -> None:
    """Ctrl+C: the report of the games finished, marked partial, and exit status 130."""
    if outcome.files:
        click.echo(outcome.summary())
        click.echo("report (partial): " + ", ".join(display_path(p) for p in outcome.files))
    click.echo(f"zwar playtest: interrupted after {outcome.finished} finished {unit}"
               + ("; the report is marked partial" if outcome.files else ": no report written"), err=True)
    raise SystemExit(130)


def _encounter(missions, group, runs, seed, names, out, max_turns, left, gate, search, jobs) -> None:
    if len(missions) > 1 or group is None:
        raise UsageError("an All Things Zombie encounter is played with a group: zwar playtest ENCOUNTER --group FILE")
    try:
        result = playtest_encounter(missions[0], group, runs=runs or 200, seed=seed, policies=names, out=out,
                                    max_turns=max_turns, zombies_only=left[0], leave_out=left[1],
                                    gate=parse_gate(gate) if gate else None, search=[Path(s) for s in search],
                                    jobs=jobs or 1)
    except CannotPlayEncounter as exc:
        refuse(exc)
    if not result.problems.ok:
        for diagnostic in result.problems.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    if result.interrupted:
        _interrupted(result)
    click.echo(result.summary())
    click.echo("report: " + ", ".join(display_path(p) for p in result.files))
    if not result.passed:
        raise SystemExit(1)


def _results(mission, results, rungs, runs, seed, jobs, scheduler, setup, progress, search) -> None:
    bar = Bar("game", sys.stderr.isatty() if progress is None else progress)
    with playing(bar):
        outcome = group_fit(mission, results, runs=runs, seed=seed, jobs=jobs, setup=setup, scheduler=scheduler,
                            search=[Path(s) for s in search], rungs=rungs, progress=bar)
    problems_or_exit(outcome.problems)
    click.echo(outcome.text)


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
        w = result.gate.wins(gated) if result.gate.metric == "win_rate" else gated["win_rate"]
        sample = (f" ({w['wins']}/{w['games']}, 95% interval {percent(w['low'])} to {percent(w['high'])})"
                  if result.gate.metric == "win_rate" else "")
        click.echo(f"gate {result.gate} ({gated['policy']}): {value:g}{sample}, {verdict}")
        if not result.passed:
            loss = gated["representative_loss"]
            if loss:
                click.echo(f"a representative lost game: game {loss['game']} of seed {gated['seed']} "
                           f"(game seed {loss['seed']}); watch it with: {loss['replay']}")
            raise SystemExit(1)


def _zonewars(path, runs, seed, names, out, gate, search, jobs) -> None:
    """A Zone Wars scenario: the inch-measured engine's playtest (playtest.zonewars)."""
    try:
        result = playtest_file(path, runs, seed, names, out, [Path(s) for s in search], gate, jobs)
    except CannotPlayScenario as exc:
        refuse(exc)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if result.report is None:
        for diagnostic in result.problems.sorted():  # type: ignore[attr-defined]
            click.echo(diagnostic.human())
        raise SystemExit(1)
    click.echo(result.summary())
    click.echo("report: " + ", ".join(display_path(p) for p in result.files))
    if result.gate_line:
        click.echo(result.gate_line)
    if not result.passed:
        raise SystemExit(1)


def _campaign(path, runs, seed, jobs, names, out, max_turns, tries, progress, search, unused) -> None:
    for option, value in unused.items():
        if value:
            raise UsageError(f"{option} is for a mission's playtest, not a campaign's")
    bar = Bar("campaign", sys.stderr.isatty() if progress is None else progress)
    try:
        with writing(out):
            result = playtest_campaign(path, runs=runs or 100, seed=seed, jobs=jobs, policies=names, out=out,
                                       tries=tries, max_turns=max_turns, search=[Path(s) for s in search],
                                       progress=bar)
    except CannotPlayCampaign as exc:
        refuse(exc)
    finally:
        bar.close()
    problems_or_exit(result.problems)
    if result.interrupted:
        _interrupted(result, "campaigns")
    click.echo(result.summary())
    click.echo("report: " + ", ".join(display_path(p) for p in result.files))
