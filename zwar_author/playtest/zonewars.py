"""Zone Wars playtests: many games of a scenario between bots, and what they came to, side by side.

Game ``i`` of a run with seed ``S`` is always the same game: its dice and
each side's bot draw from seeds derived from ``(S, i)`` alone
(``runner.game_seed``), so the report does not depend on how many games run
or in what order. Fairness from games plays every game twice on the same
seeds, the second time with the factions swapped between the deployment
zones, and tests the pairs (McNemar's exact test, as ``zwar playtest OLD
NEW`` does).
"""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..publish import write_files
from ..skirmish.core import simulate
from ..skirmish.zonewars import Scenario, ZoneWarsGame, new_game
from ..skirmish.zonewars.state import Kind, Status
from .paired import mcnemar
from .runner import chunks, game_seed, local_pool
from .stats import wilson
from .zonewars_bots import POLICIES, bot
from .zonewars_search import ZoneWarsSearch, budget_of, is_search, play_recorded


@dataclass
class Tally:
    """What the games of one pairing of bots came to."""

    bots: dict[str, str]  # side -> policy
    games: int = 0
    wins: Counter = field(default_factory=Counter)  # side (or "" for a draw) -> games
    victory_points: Counter = field(default_factory=Counter)  # side -> total
    found: Counter = field(default_factory=Counter)  # side -> artifact tokens picked up
    carried_off: Counter = field(default_factory=Counter)  # side -> artifacts carried off the table
    taken_out: Counter = field(default_factory=Counter)  # side -> its models Taken Out
    rounds: Counter = field(default_factory=Counter)  # rounds played -> games
    winners: list[str] = field(default_factory=list)  # game index -> the winning side ("" for a draw)
    heat: dict[str, Counter] = field(default_factory=lambda: {"taken_out": Counter(), "found": Counter()})

    def add(self, record: dict) -> None:
        """One game's record (``game_record``), in the order of the games' indices."""
        self.games += 1
        self.wins[record["winner"]] += 1
        self.winners.append(record["winner"])
        self.rounds[record["rounds"]] += 1
        for key, counter in (("victory_points", self.victory_points), ("carried_off", self.carried_off),
                             ("taken_out", self.taken_out), ("found", self.found)):
            counter.update(record[key])
        for name, cells in record["heat"].items():
            self.heat[name].update(tuple(c) for c in cells)

    def summary(self, scenario: Scenario) -> dict:
        n = max(1, self.games)
        sides = {}
        for s in scenario.sides:
            low, high = wilson(self.wins[s.id], self.games)
            sides[s.id] = {"bot": self.bots[s.id], "wins": self.wins[s.id], "win_rate": self.wins[s.id] / n,
                           "interval": [round(low, 4), round(high, 4)],
                           "victory_points": round(self.victory_points[s.id] / n, 3),
                           "artifacts_found": round(self.found[s.id] / n, 3),
                           "artifacts_carried_off": round(self.carried_off[s.id] / n, 3),
                           "taken_out": round(self.taken_out[s.id] / n, 3)}
        rounds = sum(r * c for r, c in self.rounds.items()) / n
        heat = {name: [[x, y, count] for (x, y), count in sorted(cells.items())] for name, cells in self.heat.items()}
        return {"games": self.games, "draws": self.wins[""], "sides": sides, "rounds": round(rounds, 3),
                "heatmaps": heat}


def game_record(g: ZoneWarsGame, index: int) -> dict:
    """What one game came to, as plain data (so worker processes can send it back)."""
    sides = [s.id for s in g.scenario.sides]
    ours = {m.id for m in g.models() if m.side in sides}  # a monster Taken Out is no side's model (nor in the count)
    found: Counter = Counter()
    heat: dict[str, list] = {"taken_out": [], "found": []}
    for event in g.log:
        cell = [int(event.at[0]), int(event.at[1])] if event.at is not None else None
        if event.kind == Kind.ARTIFACT and " picks up token " in event.text:
            found[g.model(event.who).side] += 1
            if cell is not None:
                heat["found"].append(cell)
        elif event.kind == Kind.TAKEN_OUT and cell is not None and event.who in ours:
            heat["taken_out"].append(cell)
    return {"index": index, "winner": g.winner or "", "rounds": g.round,
            "victory_points": {s: g.victory_points(s) for s in sides},
            "carried_off": {s: len(g.carried_off[s]) for s in sides},
            "taken_out": dict(Counter(m.side for m in g.models() if m.status is Status.TAKEN_OUT and m.side in sides)),
            "found": dict(found), "heat": heat}


def play_games(scenario: Scenario, bots: dict[str, str], runs: int, seed: int, jobs: int = 1) -> Tally:
    """``runs`` games between ``bots`` (side -> policy); game i from seeds of (seed, i) alone, so the games
    are the same whatever ``jobs``: with more than one, worker processes play chunks of the run's games,
    added up in the order of their indices."""
    run = Run(scenario, dict(bots), seed)
    parts = chunks(runs, jobs)
    if jobs > 1 and len(parts) > 1:
        with local_pool(min(jobs, len(parts))) as pool:  # the runner's: they die with this process
            records = [r for part in pool.map(play_chunk, [run] * len(parts), parts) for r in part]
    else:
        records = [r for part in parts for r in play_chunk(run, part)]
    tally = Tally(dict(bots))
    for record in sorted(records, key=lambda r: r["index"]):
        tally.add(record)
    return tally


@dataclass(frozen=True)
class Run:
    """One pairing's games: the scenario as the caller opened it, the bots and the seed. It goes whole with
    every chunk a worker plays (as the grid games' plans do), so a worker keeps nothing between chunks."""

    scenario: Scenario
    bots: dict[str, str]
    seed: int


def play_chunk(run: Run, indices: list[int]) -> list[dict]:
    """The records of the run's games at ``indices``."""
    return [game_record(play_one(run.scenario, run.bots, run.seed, index), index) for index in indices]


def side_policy(name: str, rng: random.Random):
    """A side's policy by name: a bot of POLICIES, or the search player (``search``, ``search@N``)."""
    if is_search(name):
        budget = budget_of(name)
        if budget is None:
            raise ValueError(f"`{name}`: the search player's budget is a whole number of rollouts (search@16)")
        return ZoneWarsSearch(budget, rng)
    return bot(name, rng)


def known_policy(name: str) -> bool:
    return name in POLICIES or budget_of(name) is not None


def play_one(scenario: Scenario, bots: dict[str, str], seed: int, index: int) -> ZoneWarsGame:
    policies = {side: side_policy(name, random.Random(game_seed(seed, index, f"bot:{side}")))
                for side, name in bots.items()}

    def policy(g, request):
        return policies[request.side](g, request)

    game = new_game(scenario)
    searches = [p for p in policies.values() if isinstance(p, ZoneWarsSearch)]
    if not searches:
        simulate(game, policy, random.Random(game_seed(seed, index)))
        return game
    play_recorded(game, policy, random.Random(game_seed(seed, index)), searches)
    return game


def swapped(scenario: Scenario) -> Scenario:
    """The scenario with the first two sides' deployment zones (and spots) exchanged."""
    sides = list(scenario.sides)
    a, b = sides[0], sides[1]
    sides[0], sides[1] = replace(a, zone=b.zone, spots=_respot(b.spots, a.spots)), \
        replace(b, zone=a.zone, spots=_respot(a.spots, b.spots))
    return replace(scenario, sides=tuple(sides))


def _respot(where, who):
    """``who``'s characters standing at ``where``'s spots (as many as both have, in order)."""
    return tuple(replace(w, character=c.character) for w, c in zip(where, who, strict=False))


def fairness(scenario: Scenario, bots: dict[str, str], runs: int, seed: int, jobs: int = 1) -> dict:
    """The first side's win rate as written and with the zones swapped, on the same seeds, with McNemar's test."""
    first = scenario.sides[0].id
    written = play_games(scenario, bots, runs, seed, jobs)
    other = play_games(swapped(scenario), bots, runs, seed, jobs)
    only_written = sum(1 for a, b in zip(written.winners, other.winners, strict=True) if a == first and b != first)
    only_swapped = sum(1 for a, b in zip(written.winners, other.winners, strict=True) if b == first and a != first)
    return {"side": first, "as_written": written.wins[first] / max(1, runs),
            "swapped": other.wins[first] / max(1, runs), "only_as_written": only_written,
            "only_swapped": only_swapped, "p_value": round(mcnemar(only_written, only_swapped), 4)}


def playtest_scenario(scenario: Scenario, runs: int = 100, seed: int = 1,
                      policies: tuple[str, ...] = ("cautious", "aggressive"), fair: bool = True, jobs: int = 1) -> dict:
    """Every pairing of ``policies`` over the scenario's sides (each side each policy), and fairness from games."""
    for name in policies:
        if not known_policy(name):
            raise ValueError(f"unknown Zone Wars bot `{name}` (bots: {', '.join(POLICIES)}, search or search@N)")
    sides = [s.id for s in scenario.sides]
    pairings = [dict(zip(sides, (p,) * len(sides), strict=True)) for p in policies]
    if len(sides) == 2 and len(policies) > 1:
        pairings += [{sides[0]: a, sides[1]: b} for a in policies for b in policies if a != b]
    report = {"scenario": scenario.id, "title": scenario.title, "runs": runs, "seed": seed,
              "pairings": [play_games(scenario, bots, runs, seed, jobs).summary(scenario) for bots in pairings]}
    if fair and len(sides) >= 2:
        report["fairness"] = fairness(scenario, pairings[0], runs, seed, jobs)
    return report


def text_report(report: dict) -> str:
    lines = [f"{report['title']} ({report['scenario']}): {report['runs']} games a pairing, seed {report['seed']}"]
    for pairing in report["pairings"]:
        bots = ", ".join(f"{s} {v['bot']}" for s, v in pairing["sides"].items())
        lines.append(f"  {bots}: {pairing['draws']} draws, {pairing['rounds']:.2f} rounds on average")
        for side, v in pairing["sides"].items():
            low, high = v["interval"]
            lines.append(f"    {side:<16} wins {v['win_rate']:6.1%} [{low:.1%}, {high:.1%}]  "
                         f"VP {v['victory_points']:.2f}  found {v['artifacts_found']:.2f}  "
                         f"carried off {v['artifacts_carried_off']:.2f}  taken out {v['taken_out']:.2f}")
    if report.get("geometry"):
        lines.append(f"  fairness from the geometry (zwar fairness): {report['geometry']}")
    fair = report.get("fairness")
    if fair:
        lines.append(f"  fairness from games ({fair['side']} in its own zone, then in the other's, same seeds): "
                     f"{fair['as_written']:.1%} vs {fair['swapped']:.1%}; games won only one way "
                     f"{fair['only_as_written']} and {fair['only_swapped']}, McNemar p = {fair['p_value']:.3f}")
    return "\n".join(lines)


def write_report(report: dict, out: Path, table: tuple[float, float] = (36, 36)) -> list[Path]:
    """The report as JSON and as an HTML page, each written whole or not at all."""
    name = f"{report['scenario']}-playtest"
    return write_files(out, {f"{name}.json": json.dumps(report, indent=2, sort_keys=True) + "\n",
                             f"{name}.html": html_report(report, table)})


STYLE = ("<style>body{font-family:sans-serif;margin:2em}td,th{padding:2px 8px;text-align:right}"
         "th:first-child,td:first-child{text-align:left}svg{border:1px solid #999;margin:4px}</style></head><body>")


def html_report(report: dict, table: tuple[float, float] = (36, 36)) -> str:
    """A page with the text report's numbers in tables and a heatmap over the table per pairing."""
    e = html.escape
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{e(report['title'])} playtest</title>",
             STYLE,
             f"<h1>{e(report['title'])}</h1><p>{report['runs']} games a pairing, seed {report['seed']}.</p>"]
    for pairing in report["pairings"]:
        bots = ", ".join(f"{s} {v['bot']}" for s, v in pairing["sides"].items())
        parts.append(f"<h2>{e(bots)}</h2><p>{pairing['draws']} draws; {pairing['rounds']:.2f} rounds on average.</p>")
        parts.append("<table><tr><th>side</th><th>win rate</th><th>95% interval</th><th>VP</th><th>found</th>"
                     "<th>carried off</th><th>taken out</th></tr>")
        for side, v in pairing["sides"].items():
            low, high = v["interval"]
            parts.append(f"<tr><td>{e(side)}</td><td>{v['win_rate']:.1%}</td><td>{low:.1%} to {high:.1%}</td>"
                         f"<td>{v['victory_points']:.2f}</td><td>{v['artifacts_found']:.2f}</td>"
                         f"<td>{v['artifacts_carried_off']:.2f}</td><td>{v['taken_out']:.2f}</td></tr>")
        parts.append("</table>")
        for name, title in (("found", "where artifact tokens were picked up"), ("taken_out", "where models were Taken Out")):
            parts.append(f"<figure style='display:inline-block'>{_heatmap(pairing['heatmaps'][name], table)}"
                         f"<figcaption>{title}</figcaption></figure>")
    if report.get("geometry"):
        parts.append(f"<h2>Fairness from the geometry</h2><p>{e(report['geometry'])}</p>")
    fair = report.get("fairness")
    if fair:
        parts.append(f"<h2>Fairness from games</h2><p>{e(fair['side'])} wins {fair['as_written']:.1%} in its own zone "
                     f"and {fair['swapped']:.1%} in the other's, on the same seeds; games won only one way: "
                     f"{fair['only_as_written']} and {fair['only_swapped']} (McNemar p = {fair['p_value']:.3f}).</p>")
    return "".join(parts) + "</body></html>\n"


def _heatmap(cells: list, table: tuple[float, float], scale: int = 6) -> str:
    width, depth = int(table[0]), int(table[1])
    top = max((c for _x, _y, c in cells), default=1)
    rects = "".join(f"<rect x='{x * scale}' y='{y * scale}' width='{scale}' height='{scale}' "
                    f"fill='#b22222' fill-opacity='{count / top:.3f}'/>" for x, y, count in cells)
    return f"<svg width='{width * scale}' height='{depth * scale}' xmlns='http://www.w3.org/2000/svg'>{rects}</svg>"


@dataclass
class ZoneWarsResult:
    """A Zone Wars playtest as the command reports it: the problems, the report, its files, the gate."""

    problems: object
    report: dict | None = None
    files: list[Path] = field(default_factory=list)
    gate: str | None = None
    passed: bool = True
    gate_line: str = ""

    def summary(self) -> str:
        return text_report(self.report) if self.report is not None else ""


GATE = re.compile(r"^\s*win_rate\[([a-z0-9_-]+)\]\s+in\s+([0-9.]+)\s*\.\.\s*([0-9.]+)\s*$")


def geometry_verdict(path: Path, search: list[Path]) -> str:
    """``zwar fairness``'s last word on the deployment zones (moves, tokens seen, table seen): even or uneven."""
    from ..compile.fairness import fairness_report

    _outcome, texts = fairness_report([path], search)
    lines = [line.strip() for text in texts for line in text.splitlines()]
    return next((line for line in lines if line.startswith(("even:", "uneven:"))), "")


def playtest_file(path: Path, runs: int | None, seed: int, policies: list[str], out: Path,
                  search: list[Path], gate: str | None = None, jobs: int = 1) -> ZoneWarsResult:
    """``zwar playtest SCENARIO`` for a Zone Wars scenario: every pairing of the bots, fairness from games,
    a JSON report under ``out``; ``gate`` (``win_rate[SIDE] in LOW..HIGH``) checked on the first pairing.

    Raises CannotPlayScenario (what the engine does not play) and ValueError (a bad gate or bot)."""
    from ..play.zonewars import load_scenario

    scenario, problems = load_scenario(path, search)
    if scenario is None:
        return ZoneWarsResult(problems)
    match = GATE.match(gate) if gate is not None else None
    if gate is not None and match is None:
        raise ValueError(f"--gate `{gate}`: write win_rate[SIDE] in LOW..HIGH, as win_rate[ark-mutants] in 0.4..0.6")
    if match is not None and match.group(1) not in {s.id for s in scenario.sides}:
        raise ValueError(f"--gate: `{match.group(1)}` is not a side of this scenario "
                         f"(sides: {', '.join(s.id for s in scenario.sides)})")
    report = playtest_scenario(scenario, runs or 100, seed, tuple(policies), jobs=jobs)
    report["geometry"] = geometry_verdict(path, search)
    table = scenario.board.table
    result = ZoneWarsResult(problems, report, write_report(report, out, (float(table.width), float(table.depth))), gate)
    if match is not None:
        side, low, high = match.group(1), float(match.group(2)), float(match.group(3))
        rate = report["pairings"][0]["sides"][side]["win_rate"]
        result.passed = low <= rate <= high
        result.gate_line = f"gate {gate}: {rate:g}, {'passed' if result.passed else 'FAILED'}"
    return result
