"""A playtest's report: JSON for machines, a summary for the terminal, an HTML page with pictures.

Every number says how many games it rests on; the win rate comes with its 95%
interval. Heatmaps are drawn over the mission's own map (the renderer's), one
per floor: where heroes were taken down, where infected came from, and the
squares heroes stepped on.
"""

from __future__ import annotations

import html
import re
import shlex
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from ..engine.mission import Mission
from ..engine.state import Setup
from ..publish import write_whole
from ..render.board import draw_floor
from ..render.canvas import Page, Rect, Style
from ..render.svg import svg
from ..render.theme import SCREEN
from . import charts
from .kit import time_limit
from .policies import label
from .record import HEATMAPS, tokens
from .runner import Plan
from .skill import versus_text
from .stats import Totals, mean, quantile, wilson
from .versus import is_versus, not_played

FORMAT = "zwar-playtest/1"
HEAT_TITLES = {"taken_down": "Where heroes were taken down", "spawned": "Where infected came from",
               "occupied": "Squares heroes stepped on"}
HEAT_COLOURS = {"taken_down": "#c0392b", "spawned": "#6b1d1d", "occupied": "#1f5fbf"}


def about(mission: Mission) -> dict:
    """Which mission a report is of: its pack, id, title and the digest of its sources."""
    c = mission.compiled
    return {"pack": c.pack, "id": c.mission.id, "title": c.mission.title, "sha256": c.source.sha256}


def summary(mission: Mission, plan: Plan, totals: Totals, source: str, search: Sequence[Path] = ()) -> dict:
    """The report of one policy's games, as plain data (numbers rounded: same games, same bytes).
    ``source`` and ``search`` are the mission and pack paths as given, for the replay command."""
    c = mission.compiled
    low, high = wilson(totals.wins, totals.runs)
    loss = totals.representative_loss()
    per_game = {kind: {k.split(":", 1)[1]: _r(v / totals.runs) for k, v in sorted(totals.tally.items())
                       if k.startswith(kind + ":")} for kind in ("rounds", "power", "killed", "cards")}
    return {
        "format": FORMAT,
        "mission": about(mission),
        "source": source,
        "policy": plan.policy, "director": plan.director or None, "runs": totals.runs, "seed": plan.seed,
        "setup": {"perks": {h: list(p) for h, p in plan.setup.perks}, "max_turns": plan.setup.max_turns,
                  "directors_cut": plan.setup.directors_cut},
        "win_rate": {"value": _r(totals.win_rate), "low": _r(low), "high": _r(high), "confidence": 0.95,
                     "wins": totals.wins, "games": totals.runs},
        "turns": {"won": _spread(totals.turns_won), "lost": _spread(totals.turns_lost)},
        "losses": {"by_cause": dict(sorted(totals.causes.items())), "by_hero": dict(sorted(totals.dead.items()))},
        "objectives": {str(o.number): _taken(totals.objectives.get(o.number, Counter()), totals.runs,
                                             label=o.label, at=mission.show(mission.square(o.at)))
                       for o in sorted(c.objectives, key=lambda o: o.number)},
        "tokens": [_taken(totals.tokens.get(key, Counter()), totals.runs, key=key, name=_token_name(mission, key),
                          at=mission.show(sq)) for key, sq in tokens(mission)],
        "heroes": {hero: {"games": totals.runs, **{end: ends.get(end, 0) for end in HERO_ENDS
                                                   if end in HERO_ENDS[:4] or ends.get(end)}}
                   for hero, ends in sorted(totals.heroes.items())},
        "turn_limit": {**rate(totals.causes.get("turn limit", 0), totals.runs), "turn": time_limit(c)},
        "lost_games": {"games": totals.runs - totals.wins,
                       "objectives_done": {str(k): v for k, v in sorted(totals.lost_objectives.items())},
                       "turns_left": _spread(totals.lost_turns_left)},
        "first_taken_down": {**_spread(Counter({t: n for t, n in totals.first_down.items() if t})),
                             "never": totals.first_down.get(0, 0)},
        "per_game": per_game,
        "heatmaps": {name: _grids(mission, totals.heat[name]) for name in HEATMAPS},
        **sides(mission, totals),
        "representative_loss": None if loss is None else {
            "game": loss[0], "seed": loss[1], "turns": loss[2], "cause": loss[3],
            "replay": replay_command(source, plan, loss[0], search)},
    }


def sides(mission: Mission, totals: Totals) -> dict:
    """Versus games: each role's win rate, games no one won, and what of the game the bots did not play."""
    if not is_versus(mission):
        return {}
    roles = {}
    for role in mission.compiled.roles:
        wins = totals.winners.get(role.id, 0)
        low, high = wilson(wins, totals.runs)
        roles[role.id] = {"name": role.name, "wins": wins, "value": _r(wins / totals.runs if totals.runs else 0.0),
                          "low": _r(low), "high": _r(high)}
    return {"sides": roles, "no_winner": totals.winners.get("", 0), "not_played": not_played(mission)}


def replay_command(source: str, plan: Plan, game: int, search: Sequence[Path] = ()) -> str:
    """The `zwar replay` command that plays game ``game`` of ``plan`` again: same seed, policy,
    perks, turn limit and packs, quoted for a shell."""
    words = ["zwar", "replay", source, "--game", str(game), "--seed", str(plan.seed), "--policy", plan.policy]
    if plan.director:
        words += ["--director", plan.director]
    if plan.setup.directors_cut:
        words.append("--directors-cut")
    words += [w for hero, perks in plan.setup.perks for perk in perks for w in ("--perk", f"{hero}={perk}")]
    if plan.setup.max_turns != Setup().max_turns:
        words += ["--max-turns", str(plan.setup.max_turns)]
    words += [w for folder in search for w in ("--pack-path", str(folder))]
    return shlex.join(words)


HERO_ENDS = ("escaped", "on the board", "died (bitten)", "died (infection)", "died (hurt by an agent)")


def rate(count: int, games: int) -> dict:
    """A share with its sample size and 95% Wilson interval."""
    low, high = wilson(count, games)
    return {"count": count, "games": games, "value": _r(count / games if games else 0.0), "low": _r(low),
            "high": _r(high)}


def _taken(turns: Counter, games: int, **about) -> dict:
    """How often something was done (an objective, a token taken), in which turns: zeros included."""
    done = sum(turns.values())
    return {**about, **rate(done, games), "mean_turn": _r(mean(turns)),
            "by_turn": {str(k): v for k, v in sorted(turns.items())}}


def _token_name(mission: Mission, key: str) -> str:
    """What a token is, as the map's key says it: item P (pistol), object F (Food), red keycard, ..."""
    kind, number = key.split(":")
    t = getattr(mission.compiled, kind)[int(number)]
    if kind == "items":
        card = mission.equipment.get(t.card)
        return f"item {t.letter} ({card.name if card is not None else t.card})"
    if kind == "objects":
        return f"object {t.letter} ({t.name})"
    if kind == "keycards":
        return f"{t.colour} keycard"
    if kind == "exits":
        return f"exit ({t.group})" if t.group else "exit"
    return "crate"


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _spread(counts) -> dict:
    return {"games": sum(counts.values()), "mean": _r(mean(counts)), "min": min(counts, default=None),
            "median": quantile(counts, 0.5), "max": max(counts, default=None),
            "counts": {str(k): v for k, v in sorted(counts.items())}}


def _grids(mission: Mission, counts) -> dict[str, list[list[int]]]:
    grids = {}
    for number, floor in enumerate(mission.board.floors):
        w, h = floor.grid.width, floor.grid.height
        off = mission.offsets[number]
        grids[floor.id] = [[counts.get(off + y * w + x, 0) for x in range(w)] for y in range(h)]
    return grids


# --- the terminal ----------------------------------------------------------------------------


PARTIAL = " (partial: the playtest was interrupted)"


def text(report: dict) -> str:
    """The summary a designer reads in the terminal."""
    w, t = report["win_rate"], report["turns"]
    runs = report["runs"]
    lines = [
        (f"{report['mission']['title']} ({report['mission']['pack']}/{report['mission']['id']}), "
         f"policy {report['policy']}{_against(report)}, {runs} games{PARTIAL if report.get('partial') else ''}, "
         f"seed {report['seed']}"),
        f"  win rate {percent(w['value'])} ({w['wins']}/{runs}), 95% interval {percent(w['low'])} to {percent(w['high'])}",
        f"  turns: {_turns('won', t['won'])}; {_turns('lost', t['lost'])}",
    ]
    asked = report.get("precision")
    if asked is not None:
        reach = f"the interval is {100 * asked['reached']:.1f} points either side"
        lines.insert(2, f"  stopped after {runs} games: {reach}, as asked ({100 * asked['asked']:g})"
                     if asked["reached"] <= asked["asked"] else
                     f"  played the most games asked for ({asked['most']}): {reach}, wider than the "
                     f"{100 * asked['asked']:g} asked")
    if "sides" in report:  # versus: who won, side by side, instead of "the heroes"
        lines[1:3] = [f"  {s['name']} ({role}) wins {percent(s['value'])} ({s['wins']}/{runs}), 95% interval "
                      f"{percent(s['low'])} to {percent(s['high'])}" for role, s in report["sides"].items()]
        lines.append(f"  turns: {_turns('won', t['won'])}")
        if report["no_winner"]:
            lines.insert(1 + len(report["sides"]), f"  no winner in {report['no_winner']} of {runs} games")
        lines += [f"  not played: {item}" for item in report["not_played"]]
    causes = report["losses"]["by_cause"]
    if causes:
        lines.append("  lost by: " + ", ".join(f"{k} {v}" for k, v in causes.items())
                     + ("; heroes who died: " + ", ".join(f"{k} {v}" for k, v in report["losses"]["by_hero"].items())
                        if report["losses"]["by_hero"] else ""))
    for number, obj in report["objectives"].items():
        lines.append(f"  objective {number}: done in {share(obj)}{_when(obj)}")
    for token in report["tokens"]:
        verb = "reached" if token["key"].startswith("exits:") else "taken"
        lines.append(f"  {token['name']} at {token['at']}: {verb} in {share(token)}{_when(token)}")
    for hero, ends in report["heroes"].items():
        lines.append(f"  {hero}: " + ", ".join(f"{end} {ends[end]}" for end in HERO_ENDS if ends.get(end))
                     + f" (of {ends['games']})")
    limit = report["turn_limit"].get("turn")
    what = f"time limit (turn {limit})" if limit else f"turn limit ({report['setup']['max_turns']})"
    lines.append(f"  {what} reached in {share(report['turn_limit'])}")
    lost = report["lost_games"]
    if lost["games"]:
        done = ", ".join(f"{k} in {v}" for k, v in lost["objectives_done"].items())
        left = lost["turns_left"]
        lines.append(f"  lost games ({lost['games']}): objectives done {done}; turns left {left['mean']:.1f} on "
                     f"average ({left['min']} to {left['max']})")
    down = report["first_taken_down"]
    if down["games"]:
        lines.append(f"  first hero taken down in turn {down['mean']:.1f} on average ({down['min']} to "
                     f"{down['max']}, {down['games']} games); never in {down['never']} of {runs}")
    else:
        lines.append(f"  no hero taken down in any of {runs} games")
    per = report["per_game"]
    for kind, words in (("rounds", "rounds spent a game"), ("power", "power perk uses a game"),
                        ("killed", "infected killed a game"), ("cards", "director cards played a game")):
        if per.get(kind):
            lines.append(f"  {words}: " + ", ".join(f"{k} {v:.1f}" for k, v in per[kind].items()))
    loss = report["representative_loss"]
    if loss:
        lines.append(f"  a lost game to watch: game {loss['game']} ({loss['cause']}, turn {loss['turns']}): "
                     f"{loss['replay']}")
    return "\n".join(lines)


def share(rate: dict) -> str:
    """``12 of 200 games (6.0%, 95% interval 3.5% to 10.2%)``: every rate with its sample and interval."""
    return (f"{rate['count']} of {rate['games']} games ({percent(rate['value'])}, 95% interval {percent(rate['low'])} "
            f"to {percent(rate['high'])})")


def _when(done: dict) -> str:
    return f", on average in turn {done['mean_turn']:.1f}" if done["mean_turn"] is not None else ""


def _against(report: dict) -> str:
    director = report.get("director")
    return f" against the {director} director" if director else ""


def _tag(report: dict) -> str:
    """The report's policy, and its director in a director game: unique on the page."""
    return "-".join(filter(None, (report["policy"], report.get("director"))))


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _turns(word: str, spread: dict) -> str:
    if not spread["games"]:
        return f"none {word}"
    return f"{word} in {spread['mean']:.1f} on average ({spread['min']} to {spread['max']})"


# --- the page --------------------------------------------------------------------------------


def page(mission: Mission, reports: list[dict], skill: dict | None = None) -> str:
    """An HTML page, one file with nothing to fetch: the policies side by side (a table, then charts
    with axes, legends and intervals), the skill trace when there is one, the heatmaps over the map
    with their colour scales, and each policy's summary."""
    c = mission.compiled
    title = html.escape(f"Playtest: {c.mission.title}")
    names = [r["policy"] + _against(r) for r in reports]
    first = reports[0]
    body = [f"<h1>{title}</h1>",
            *([("<p><strong>Partial</strong>: the playtest was interrupted; this page counts the games finished "
               "by then.</p>")] if any(r.get("partial") for r in reports) else []),
            (f"<p>{html.escape(c.pack)}/{html.escape(c.mission.id)}: {first['runs']} games a policy, seed "
            f"{first['seed']}, turn limit {first['setup']['max_turns']}. Every share says how many games it rests "
            "on; the whiskers and the ranges in brackets are 95% intervals.</p>"),
            "<h2>Policies side by side</h2>", _table(reports),
            charts.rates("Win rate", [*_wins_rows(reports),
                                      ("turn limit reached", [r["turn_limit"] for r in reports])], names),
            charts.turns("Turns a game lasted", reports)]
    rows = [(f"objective {n}", [r["objectives"][n] for r in reports]) for n in first["objectives"]]
    rows += [(f"{t['name']} at {t['at']}", [r["tokens"][i] for r in reports]) for i, t in enumerate(first["tokens"])]
    if rows:
        body.append(charts.rates("Objectives done, tokens taken, exits reached", rows, names))
    heroes = [(hero, [r["heroes"][hero] for r in reports]) for hero in first["heroes"]]
    if heroes:
        body.append(charts.stacked("How each hero's games ended", heroes, list(zip(HERO_ENDS, END_COLOURS)), names))
    body.append(_skill(skill))
    body.append(f"<h2>Where things happened</h2>{_floors(mission)}")
    for name in HEATMAPS:
        peak = max((v for r in reports for grid in r["heatmaps"][name].values() for row in grid for v in row), default=0)
        body.append(f"<h3>{HEAT_TITLES[name]}</h3>{charts.scale(HEAT_COLOURS[name], max(peak, 1), HEAT_UNITS[name], name)}")
        for number, floor in enumerate(mission.board.floors):
            grids = [(r["policy"] + _against(r), _tag(r), r["heatmaps"][name][floor.id]) for r in reports]
            maps = "".join(f"<figure><figcaption>{html.escape(label)}, {html.escape(floor.id)}: most "
                           f"{max((v for row in grid for v in row), default=0)} on one square</figcaption>"
                           f"{_heat_svg(mission, number, grid, HEAT_COLOURS[name], peak, f'{tag}-{name}-{floor.id}')}"
                           "</figure>" for label, tag, grid in grids)
            body.append(f"<div class=\"side\">{maps}</div>")
    body.append("<h2>Summaries</h2>")
    body += [f"<pre>{html.escape(text(r))}</pre>" for r in reports]
    style = ("body{font-family:DejaVu Sans,Verdana,sans-serif;max-width:72em;margin:2em auto;padding:0 1em}"
             "svg{max-width:100%;height:auto}svg.chart{display:block;margin:1em 0}.side{display:flex;gap:1em;"
             "flex-wrap:wrap}.side figure{margin:0;flex:1 1 22em;max-width:36em}.side svg{width:100%}"
             "table{border-collapse:collapse}"
             "th,td{border-bottom:1px solid #ddd;padding:.2em .6em;text-align:left;vertical-align:top}"
             "pre{white-space:pre-wrap;font-size:85%}")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            f"<style>{style}</style></head><body>{''.join(body)}</body></html>\n")


HEAT_UNITS = {"taken_down": "times a hero was taken down there", "spawned": "infected placed there",
              "occupied": "steps onto the square"}
END_COLOURS = ("#2e8b3a", "#9aa5b1", "#c0392b", "#7d3c98", "#e69f00")


def _wins_rows(reports: list[dict]) -> list[tuple[str, list[dict]]]:
    """The win rate's rows: the heroes' wins, or in a versus game each side's."""
    if "sides" not in reports[0]:
        return [("won", [win_share(r) for r in reports])]
    return [(f"{side['name']} wins", [{"count": r["sides"][role]["wins"], "games": r["runs"], **{
        k: r["sides"][role][k] for k in ("value", "low", "high")}} for r in reports])
            for role, side in reports[0]["sides"].items()]


def win_share(report: dict) -> dict:
    w = report["win_rate"]
    return {"count": w["wins"], "games": report["runs"], "value": w["value"], "low": w["low"], "high": w["high"]}


def _table(reports: list[dict]) -> str:
    """The headline numbers, a column a policy."""
    def cell(rate: dict) -> str:
        return f"{percent(rate['value'])} ({rate['count']}/{rate['games']}; {percent(rate['low'])} to {percent(rate['high'])})"

    rows = [("win rate", [cell(win_share(r)) for r in reports]),
            ("turns, games won", [_turns("won", r["turns"]["won"]) for r in reports]),
            ("turns, games lost", [_turns("lost", r["turns"]["lost"]) for r in reports]),
            ("turn limit reached", [cell(r["turn_limit"]) for r in reports]),
            ("lost games: turns left", [_turns("left", r["lost_games"]["turns_left"]) for r in reports]),
            ("lost games: objectives done", [", ".join(f"{k}: {v}" for k, v in r["lost_games"]["objectives_done"]
                                                       .items()) or "-" for r in reports]),
            ("first hero taken down", [_turns("in turn", r["first_taken_down"]) + f"; never in "
                                       f"{r['first_taken_down']['never']}" for r in reports])]
    head = "".join(f"<th>{html.escape(r['policy'] + _against(r))} ({r['runs']} games)</th>" for r in reports)
    lines = "".join(f"<tr><th>{html.escape(name)}</th>{''.join(f'<td>{html.escape(v)}</td>' for v in values)}</tr>"
                    for name, values in rows)
    return f"<table><tr><th></th>{head}</tr>{lines}</table>"


def _skill(skill: dict | None) -> str:
    """The skill trace: how the win rate grows with the players' skill (random, the heuristic bots,
    the planner at growing budgets), on the same games. ``skill``: the trace as plain data
    (``skill.SkillTrace.to_dict``: ``rungs`` of ``policy``, ``budget``, ``runs``, ``wins``, ``rate``,
    ``low``, ``high``, and ``skill_matters``); a page made without one says so."""
    if not skill or not skill.get("rungs"):
        return ("<h2>Skill trace</h2><p id=\"skill\">Not measured in this run: the skill trace (random, the "
                "heuristic bots and the planner at growing budgets) shows whether skill matters on the "
                "mission.</p>")
    rows = [(_rung(r), [{"count": r["wins"], "games": r["runs"], "value": r["rate"], "low": r["low"],
                         "high": r["high"]}]) for r in skill["rungs"]]
    verdict = ("Skill matters here: the best rung wins clearly more often than random play." if skill["skill_matters"]
               else "Skill does not show here: the best rung's interval overlaps random play's.")
    pairs = "".join(f"<li>{html.escape(versus_text(pair))}</li>" for pair in skill.get("versus_bot", []))
    return (f"<h2>Skill trace</h2><p>The same games played by growing skill. {verdict}</p>"
            + charts.rates("Win rate by skill", rows, ["win rate"])
            + (f"<p>Each planner against the better heuristic bot, game by game:</p><ul id=\"versus-bot\">{pairs}</ul>"
               if pairs else ""))


def _rung(rung: dict) -> str:
    return label(rung["policy"])


def _floors(mission: Mission) -> str:
    """Every floor drawn once, out of sight, for the heatmaps to show under their counts (``<use>``):
    a page of six heatmaps carries one map, not six."""
    groups = []
    for number, floor in enumerate(mission.board.floors):
        drawn = svg(Page(f"heat-floor-{number}", floor.grid.width * HEAT_SQUARE, floor.grid.height * HEAT_SQUARE,
                         [draw_floor(floor, mission.compiled, SCREEN, HEAT_SQUARE)]))
        inner = drawn[drawn.index(">", drawn.index("<svg")) + 1:drawn.rindex("</svg>")]
        groups.append(f'<g id="heat-floor-{number}">{inner}</g>')
    return (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{"".join(groups)}'
            "</defs></svg>")


HEAT_SQUARE = 6.0


def _heat_svg(mission: Mission, number: int, grid: list[list[int]], colour: str, peak: int, name: str) -> str:
    """A heatmap over the floor (drawn once in ``_floors``), on the page's common scale (``peak``: the
    most on one square for any policy), as wide as its column of the page (its caption is in the page)."""
    floor = mission.board.floors[number]
    s = HEAT_SQUARE
    overlay = [Rect(x * s, y * s, s, s, Style(fill=colour, opacity=round(0.15 + 0.7 * v / peak, 3)))
               for y, row in enumerate(grid) for x, v in enumerate(row) if v and peak]
    drawn = _inline(svg(Page(name, floor.grid.width * s, floor.grid.height * s, overlay)))
    head = drawn[:drawn.index(">", drawn.index("<svg")) + 1]
    sized = re.sub(r' (width|height)="[0-9.]+mm"', "", head).replace("<svg", '<svg width="100%"', 1)
    return f'{sized}<use href="#heat-floor-{number}"/>{drawn[len(head):]}'


def _inline(document: str) -> str:
    return document.split("?>", 1)[-1].strip()


def write(folder: Path, stem: str, files: dict[str, str]) -> list[Path]:
    """Write the report's files whole (each to a temporary name, then renamed; nothing left over on a failure)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for suffix, content in files.items():
        path = folder / f"{stem}{suffix}"
        write_whole(path, content)
        written.append(path)
    return written
