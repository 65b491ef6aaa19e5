"""Real groups' games: a small logbook a group keeps, and which rung of the skill ladder it plays like.

A logbook is a TOML (or JSON) file of ``[[games]]``, or a CSV file with a header row, one game a
row: won or lost, the turn it ended, heroes lost, objectives done (docs/tuning.md, "Real groups").
``fit`` plays the mission with each rung of the ladder (random, aggressive, cautious, planner) on
common seeds and asks which rung's games look most like the group's: each game's outcome, its last
turn (in bins of three), the heroes lost and the objectives done, each a smoothed share of the rung's
games given the outcome, multiplied over the group's games (a likelihood). How well the best rung
fits is a parametric bootstrap: how often the rung's own games, as many as the group logged, look
less like the rung than the group's do.
"""

from __future__ import annotations

import csv
import io
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit
from pydantic import Field

from .. import codes
from ..compile.reader import mission_document
from ..engine.state import DEFAULT_SETUP, Setup
from ..errors import Diagnostic, Location, Report, UsageError
from ..model.common import Count, Model, Positive
from ..model.validate import validate
from ..publish import write_whole
from ..sources.document import read_document, read_text
from .policies import budget_of, canonical, parts
from .project import directors_for, prepare
from .runner import Plan, run, workers
from .stats import wilson
from .versus import is_versus

RUNGS = ("random", "aggressive", "cautious", "planner")  # the skill ladder, bottom up
FAST_RUNGS = RUNGS[:3]  # the planner is some fifty times slower a game: played when asked for
BOOTSTRAP = 400  # resampled groups for the fit's p-value
TURN_BIN = 3
FEATURES = ("turn_bin", "heroes_lost", "objectives")  # read given the outcome
COLUMNS = ("won", "turn", "heroes_lost", "objectives", "chapter", "date", "note")
_WORDS = {"won": True, "win": True, "w": True, "yes": True, "true": True, "1": True,
          "lost": False, "loss": False, "l": False, "no": False, "false": False, "0": False}


class LoggedGame(Model):
    won: bool = Field(description="Whether the group won the game.")
    turn: Positive = Field(description="The turn the game ended in.")
    heroes_lost: Count = Field(0, description="Heroes who died in the game.")
    objectives: list[Positive] = Field([], description="The numbers of the objectives the group completed.")
    chapter: Positive | None = Field(None, description="The campaign chapter the game was (its mission's chapter "
                                                       "number): a campaign's games in one logbook, read a chapter "
                                                       "at a time. Left out: a game of whichever mission is read.")
    date: str = Field("", description="When it was played (any text).")
    note: str = Field("", description="Anything the group wants to remember.")


class Logbook(Model):
    mission: str = Field("", description="The mission's id the games are of (a reminder; not checked).")
    games: list[LoggedGame] = Field([], description="One entry a game played.")


def read_logbook(path: Path) -> tuple[Logbook | None, list[Diagnostic]]:
    """The logbook at ``path`` (.toml, .json or .csv), or None and every problem, located."""
    if path.suffix.lower() == ".csv":
        return _read_csv(path)
    doc, problems = read_document(path)
    if doc is None:
        return None, problems
    return validate(doc, Logbook)


def _read_csv(path: Path) -> tuple[Logbook | None, list[Diagnostic]]:
    text, problems = read_text(path)
    if text is None:
        return None, problems
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return None, [codes.MISSING_KEY.at(Location(path), key="won", where="the header row")]
    header = [h.strip().lower() for h in rows[0]]
    problems = [codes.UNKNOWN_KEY.at(Location(path, 1, _col(rows[0], i)), key=h, where="the header row",
                                     hint=f": columns are {', '.join(COLUMNS)}")
                for i, h in enumerate(header) if h not in COLUMNS]
    problems += [codes.MISSING_KEY.at(Location(path), key=k, where="the header row") for k in ("won", "turn")
                 if k not in header]
    games = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        game, bad = _game(path, line, header, row)
        problems += bad
        if game is not None:
            games.append(game)
    if problems:
        return None, problems
    return Logbook(games=games), []


def _col(row: list[str], index: int) -> int:
    return 1 + sum(len(cell) + 1 for cell in row[:index])


def _game(path: Path, line: int, header: list[str], row: list[str]) -> tuple[LoggedGame | None, list[Diagnostic]]:
    values: dict = {}
    problems = []
    for i, name in enumerate(header):
        cell = row[i].strip() if i < len(row) else ""
        at = Location(path, line, _col(row, i) if i < len(row) else 1)
        if name not in COLUMNS or (not cell and name not in ("won", "turn")):
            continue
        if name == "won":
            if cell.lower() not in _WORDS:
                problems.append(codes.BAD_VALUE.at(at, message=f"`{cell}`: write won or lost"))
            else:
                values["won"] = _WORDS[cell.lower()]
        elif name in ("turn", "heroes_lost", "chapter"):
            least = 0 if name == "heroes_lost" else 1
            if not cell.isascii() or not cell.isdigit() or int(cell) < least or len(cell) > 4:
                problems.append(codes.BAD_VALUE.at(at, message=f"`{cell}`: {name} is a whole number from {least}"))
            else:
                values[name] = int(cell)
        elif name == "objectives":
            words = cell.replace(";", " ").replace(",", " ").split()
            if not all(w.isascii() and w.isdigit() and 0 < int(w) < 1000 for w in words):
                problems.append(codes.BAD_VALUE.at(at, message=f"`{cell}`: objectives are numbers, as `1 2`"))
            else:
                values["objectives"] = [int(w) for w in words]
        else:
            values[name] = cell
    if problems or "won" not in values or "turn" not in values:
        return None, problems
    return LoggedGame(**values), []


def add_game(path: Path, game: LoggedGame) -> None:
    """Append one game to the TOML logbook at ``path`` (made if missing), the file written whole."""
    if path.suffix.lower() != ".toml":
        raise ValueError(f"{path}: games are added to a .toml logbook")
    text = path.read_text(encoding="utf-8") if path.exists() else "# Games played, for zwar playtest --results\n"
    doc = tomlkit.parse(text)
    entry = tomlkit.table()
    for key, value in game.model_dump().items():
        if value not in ("", [], None) or key in ("won", "turn"):
            entry[key] = value
    if "games" not in doc:
        doc["games"] = tomlkit.aot()
    entry.add(tomlkit.nl())
    doc["games"].append(entry)
    write_whole(path, tomlkit.dumps(doc))


# --- which rung -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Features:
    """What a logbook and a bot game both say of a game."""

    won: bool
    turn_bin: int
    heroes_lost: int
    objectives: int


def of_logged(game: LoggedGame) -> Features:
    return Features(game.won, (game.turn - 1) // TURN_BIN, game.heroes_lost, len(set(game.objectives)))


def of_record(record: dict) -> Features:
    lost = sum(1 for end in record["heroes"].values() if end.startswith("died"))
    return Features(record["won"], (record["turns"] - 1) // TURN_BIN, lost, len(record["objectives"]))


@dataclass
class Rung:
    """One rung's games, read as shares: the outcome, and each other feature given the outcome."""

    policy: str
    games: list[Features]
    wins: int = 0
    parts: dict[tuple[bool, str], Counter] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = sum(g.won for g in self.games)
        for g in self.games:
            for name in FEATURES:
                self.parts.setdefault((g.won, name), Counter())[getattr(g, name)] += 1

    def log_likelihood(self, games: Sequence[Features], support: dict[str, int]) -> float:
        """How likely the rung makes these games: each feature a share with half a game added to each of
        the ``support`` values it can take (so a value the rung never showed is unlikely, never
        impossible, and a rung that never won is not let off the features of a won game)."""
        n = len(self.games)
        total = 0.0
        for g in games:
            wins = self.wins if g.won else n - self.wins
            total += math.log((wins + 0.5) / (n + 1))
            for name in FEATURES:
                counts = self.parts.get((g.won, name), Counter())
                total += math.log((counts[getattr(g, name)] + 0.5) / (sum(counts.values()) + 0.5 * support[name]))
        return total

    def fit(self, games: Sequence[Features], support: dict[str, int], seed: int) -> float:
        """The bootstrap p-value: the share of groups of the rung's own games, as many as ``games``,
        that the rung finds no more likely than it finds ``games``."""
        rng = random.Random(seed)
        observed = self.log_likelihood(games, support)
        below = sum(1 for _ in range(BOOTSTRAP)
                    if self.log_likelihood(rng.choices(self.games, k=len(games)), support) <= observed)
        return (below + 1) / (BOOTSTRAP + 1)


def ladder_fit(logbook: Logbook, rungs: dict[str, list[dict]], band: tuple[str, float, float] | None,
               seed: int) -> dict:
    """Which rung the logged games fit best, how well, the rungs as plausible, and the band read for it."""
    games = [of_logged(g) for g in logbook.games]
    read = {name: Rung(name, [of_record(r) for r in records]) for name, records in rungs.items()}
    every = games + [g for rung in read.values() for g in rung.games]
    support = {name: len({getattr(g, name) for g in every}) for name in FEATURES}
    scores = {name: rung.log_likelihood(games, support) for name, rung in read.items()}
    best = max(scores, key=lambda name: (scores[name], -RUNGS.index(name) if name in RUNGS else 0))
    wins = sum(g.won for g in games)
    low, high = wilson(wins, len(games))
    out: dict = {
        "games": len(games), "wins": wins, "win_rate": {"value": round(wins / len(games), 4), "low": round(low, 4),
                                                        "high": round(high, 4)},
        "best": best, "fit_p": round(read[best].fit(games, support, seed), 4),
        # within 1.92 of the best: a likelihood ratio no larger than a 95% interval allows for one parameter
        "plausible": [name for name in rungs if scores[name] >= scores[best] - 1.92],
        "rungs": {name: {"log_likelihood": round(scores[name], 3), "games": len(r.games), "wins": r.wins,
                         "win_rate": round(r.wins / len(r.games), 4) if r.games else 0.0}
                  for name, r in read.items()},
        "band": None,
    }
    if band is not None:
        policy, lo, hi = band
        policy = next((name for name in rungs if canonical(name) == canonical(policy)), policy)  # search@16
        rate = out["rungs"].get(policy, {}).get("win_rate")
        out["band"] = {"policy": policy, "low": lo, "high": hi, "for_this_group": policy == best,
                       "rung_win_rate": rate}
    return out


def describe(fit: dict, mission: str) -> str:
    rate = fit["win_rate"]
    lines = [(f"Your group's games of {mission}: {fit['wins']} won of {fit['games']} ({100 * rate['value']:.1f}%, "
              f"95% interval {100 * rate['low']:.1f}% to {100 * rate['high']:.1f}%)")]
    lines.append("  each rung on the same games: " + "; ".join(
        f"{name} {100 * r['win_rate']:.1f}% of {r['games']} (log-likelihood {r['log_likelihood']:.1f})"
        for name, r in fit["rungs"].items()))
    quality = "fits well" if fit["fit_p"] >= 0.1 else "fits poorly: the group plays unlike any rung"
    plausible = ", ".join(fit["plausible"])
    lines.append(f"  plays most like {players(fit['best'])} (as plausible: {plausible}); the fit's p = "
                 f"{fit['fit_p']:.2f}, {quality}")
    if fit.get("left_out"):
        lines.insert(1, f"  read the games of {_chapter(fit['chapter'])}: {fit['left_out']} logged of other "
                        "chapters left out")
    band = fit["band"]
    if band is not None:
        span = f"{band['low']:g}..{band['high']:g}"
        if band["for_this_group"]:
            lines.append(f"  the mission's band {span} is for {players(band['policy'])}: the rung your group plays "
                         "like, so the band is the one to read for your group")
        else:
            lines.append(f"  the mission's band {span} is for {players(band['policy'])}, not your group's rung: read "
                         f"your group's chances from the {100 * fit['rungs'][fit['best']]['win_rate']:.1f}% of "
                         f"{players(fit['best'])} instead")
    return "\n".join(lines)


def players(policy: str) -> str:
    """Who plays a rung, in words: ``the cautious bots``, ``the search player at budget 16``."""
    budget = budget_of(policy)
    if budget is None:
        return f"the {policy} bots"
    kind, _, base = parts(policy)
    return f"the {kind} player at budget {budget}" + (f", built on the {base} bot" if base else "")


def problems_of(path: Path) -> tuple[Logbook | None, Report]:
    logbook, problems = read_logbook(path)
    report = Report()
    for d in problems:
        report.add(d)
    if logbook is not None and not logbook.games:
        report.add(codes.MISSING_KEY.at(Location(path), key="games", where="the logbook (no game logged yet)"))
        logbook = None
    return logbook, report


@dataclass
class GroupFit:
    problems: Report
    fit: dict | None = None
    text: str = ""


def group_fit(path: Path, results: Path, *, runs: int | None, seed: int, jobs: int, setup: Setup = DEFAULT_SETUP,
              search: Sequence[Path] = (), scheduler: str | None = None, rungs: Sequence[str] = FAST_RUNGS,
              progress=None) -> GroupFit:
    """Play the mission at ``path`` with each rung on the same games and say which one the games logged
    in ``results`` look like, and what the mission's band says for that rung."""
    logbook, report = problems_of(results)
    mission, problems, setup = prepare(path, setup, search)
    report.extend(problems.diagnostics)
    if mission is not None and is_versus(mission):
        raise UsageError(f"{path}: --results reads a co-operative mission's games, won or lost by the group; "
                         "a versus mission's sides are not read from a logbook yet")
    if logbook is None or mission is None or not report.ok:
        return GroupFit(report)
    chapter = mission.compiled.mission.chapter
    logbook, left_out = of_chapter(logbook, chapter)
    if not logbook.games:
        report.add(codes.BAD_VALUE.at(Location(results), message=(
            f"no game of {_chapter(chapter)} in the logbook ({left_out} logged of other chapters): "
            "give each game's chapter as its mission's [mission] chapter number")))
        return GroupFit(report)
    own = mission.compiled.mission.playtest
    runs = runs or (own.runs if own else 200)
    document = mission_document(mission.compiled)
    director = directors_for(mission, setup)[0]
    if progress is not None:
        progress.total = runs * len(rungs)
    played: dict[str, list[dict]] = {}
    with workers(jobs, scheduler) as pool:
        for name in rungs:
            records: list[dict] = []
            plan = Plan(document, name, runs, seed, setup, director=director)
            run(plan, jobs, getattr(progress, "update", None), mission=mission, each=records.append, pool=pool)
            played[name] = sorted(records, key=lambda r: r["index"])
    band = (own.policy, own.win_rate[0], own.win_rate[1]) if own else None
    fit = ladder_fit(logbook, played, band, seed)
    fit["chapter"], fit["left_out"] = chapter, left_out
    return GroupFit(report, fit, describe(fit, mission.compiled.mission.title))


def of_chapter(logbook: Logbook, chapter: int | None) -> tuple[Logbook, int]:
    """The games of a campaign's logbook that are of ``chapter`` (the mission's number; None: a mission
    of no campaign), and how many were left out: a game naming no chapter counts for any mission."""
    kept = [g for g in logbook.games if g.chapter is None or g.chapter == chapter]
    return Logbook(mission=logbook.mission, games=kept), len(logbook.games) - len(kept)


def _chapter(chapter: int | None) -> str:
    return f"chapter {chapter}" if chapter is not None else "this mission (it has no chapter number)"
