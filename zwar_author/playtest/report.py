"""A playtest's report: JSON for machines, a summary for the terminal, an HTML page with pictures.

Every number says how many games it rests on; the win rate comes with its 95%
interval. Heatmaps are drawn over the mission's own map (the renderer's), one
per floor: where heroes were taken down, where infected came from, and the
squares heroes stepped on.
"""

from __future__ import annotations

import html
import shlex
from collections.abc import Sequence
from pathlib import Path

from ..engine.mission import Mission
from ..engine.state import Setup
from ..render.board import draw_floor
from ..render.canvas import Group, Item, Page, Rect, Style, Text
from ..render.svg import svg
from ..render.theme import SCREEN
from .runner import Plan
from .stats import HEATMAPS, Totals, mean, quantile, wilson

FORMAT = "zwar-playtest/1"
HEAT_TITLES = {"taken_down": "Where heroes were taken down", "spawned": "Where infected came from",
               "occupied": "Squares heroes stepped on"}
HEAT_COLOURS = {"taken_down": "#c0392b", "spawned": "#6b1d1d", "occupied": "#1f5fbf"}


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
        "mission": {"pack": c.pack, "id": c.mission.id, "title": c.mission.title, "sha256": c.source.sha256},
        "source": source,
        "policy": plan.policy, "director": plan.director or None, "runs": totals.runs, "seed": plan.seed,
        "setup": {"perks": {h: list(p) for h, p in plan.setup.perks}, "max_turns": plan.setup.max_turns,
                  "directors_cut": plan.setup.directors_cut},
        "win_rate": {"value": _r(totals.win_rate), "low": _r(low), "high": _r(high), "confidence": 0.95,
                     "wins": totals.wins},
        "turns": {"won": _spread(totals.turns_won), "lost": _spread(totals.turns_lost)},
        "losses": {"by_cause": dict(sorted(totals.causes.items())), "by_hero": dict(sorted(totals.dead.items()))},
        "objectives": {str(n): {"done": sum(t.values()), "rate": _r(sum(t.values()) / totals.runs),
                                "mean_turn": _r(mean(t)), "by_turn": {str(k): v for k, v in sorted(t.items())}}
                       for n, t in sorted(totals.objectives.items())},
        "per_game": per_game,
        "heatmaps": {name: _grids(mission, totals.heat[name]) for name in HEATMAPS},
        "representative_loss": None if loss is None else {
            "game": loss[0], "seed": loss[1], "turns": loss[2], "cause": loss[3],
            "replay": replay_command(source, plan, loss[0], search)},
    }


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


def text(report: dict) -> str:
    """The summary a designer reads in the terminal."""
    w, t = report["win_rate"], report["turns"]
    runs = report["runs"]
    lines = [
        (f"{report['mission']['title']} ({report['mission']['pack']}/{report['mission']['id']}), "
         f"policy {report['policy']}{_against(report)}, {runs} games, seed {report['seed']}"),
        f"  win rate {_pc(w['value'])} ({w['wins']}/{runs}), 95% interval {_pc(w['low'])} to {_pc(w['high'])}",
        f"  turns: {_turns('won', t['won'])}; {_turns('lost', t['lost'])}",
    ]
    causes = report["losses"]["by_cause"]
    if causes:
        lines.append("  lost by: " + ", ".join(f"{k} {v}" for k, v in causes.items())
                     + ("; heroes who died: " + ", ".join(f"{k} {v}" for k, v in report["losses"]["by_hero"].items())
                        if report["losses"]["by_hero"] else ""))
    for number, obj in report["objectives"].items():
        lines.append(f"  objective {number}: done in {obj['done']} of {runs} games ({_pc(obj['rate'])}), "
                     f"on average in turn {obj['mean_turn']:.1f}")
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


def _against(report: dict) -> str:
    director = report.get("director")
    return f" against the {director} director" if director else ""


def _tag(report: dict) -> str:
    """The report's policy, and its director in a director game: unique on the page."""
    return "-".join(filter(None, (report["policy"], report.get("director"))))


def _pc(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _turns(word: str, spread: dict) -> str:
    if not spread["games"]:
        return f"none {word}"
    return f"{word} in {spread['mean']:.1f} on average ({spread['min']} to {spread['max']})"


# --- the page --------------------------------------------------------------------------------


def page(mission: Mission, reports: list[dict]) -> str:
    """An HTML page: each policy's numbers, a chart of turns, the heatmaps over the map."""
    title = html.escape(f"Playtest: {mission.compiled.mission.title}")
    body = [f"<h1>{title}</h1>"]
    for report in reports:
        heading = html.escape(report["policy"] + _against(report))
        body.append(f"<h2>Policy {heading}</h2><pre>{html.escape(text(report))}</pre>")
        body.append(f"<h3>Turns a game lasted</h3>{_histogram(report)}")
        for name in HEATMAPS:
            body.append(f"<h3>{HEAT_TITLES[name]}</h3>")
            for number, floor in enumerate(mission.board.floors):
                grid = report["heatmaps"][name][floor.id]
                name_ = f"{_tag(report)}-{name}-{floor.id}"
                body.append(_heat_svg(mission, number, grid, HEAT_COLOURS[name], name_))
    style = "body{font-family:DejaVu Sans,Verdana,sans-serif;max-width:60em;margin:2em auto}svg{max-width:100%}"
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title><style>{style}</style>"
            f"</head><body>{''.join(body)}</body></html>\n")


def _heat_svg(mission: Mission, number: int, grid: list[list[int]], colour: str, name: str) -> str:
    floor = mission.board.floors[number]
    s = 6.0
    peak = max((v for row in grid for v in row), default=0)
    group = draw_floor(floor, mission.compiled, SCREEN, s)
    overlay = [Rect(x * s, y * s, s, s, Style(fill=colour, opacity=round(0.15 + 0.7 * v / peak, 3)))
               for y, row in enumerate(grid) for x, v in enumerate(row) if v and peak]
    heading = Text(0, 4, f"{floor.id}: most {peak} on one square", 8)
    page_ = Page(name, floor.grid.width * s, floor.grid.height * s + 6,
                 [heading, Group([group, *overlay], dy=6)])
    return _inline(svg(page_))


def _histogram(report: dict) -> str:
    won, lost = report["turns"]["won"]["counts"], report["turns"]["lost"]["counts"]
    turns = sorted({int(k) for k in (*won, *lost)})
    if not turns:
        return "<p>no games</p>"
    peak = max(won.get(str(t), 0) + lost.get(str(t), 0) for t in turns)
    bar, height = 4.0, 40.0
    items: list[Item] = []
    for i, t in enumerate(range(1, turns[-1] + 1)):
        w, lo = won.get(str(t), 0), lost.get(str(t), 0)
        x = 8 + i * bar
        if lo:
            items.append(Rect(x, height * (1 - lo / peak), bar * 0.8, height * lo / peak, Style(fill="#c0392b")))
        if w:
            items.append(Rect(x, height * (1 - (lo + w) / peak), bar * 0.8, height * w / peak, Style(fill="#2e8b3a")))
        if t % 5 == 0:
            items.append(Text(x + bar * 0.4, height + 4, str(t), 6, "middle"))
    items.append(Text(8, height + 8, "turn (green: won, red: lost)", 6))
    return _inline(svg(Page(f"{_tag(report)}-turns", 16 + turns[-1] * bar, height + 10, items)))


def _inline(document: str) -> str:
    return document.split("?>", 1)[-1].strip()


def write(folder: Path, stem: str, files: dict[str, str]) -> list[Path]:
    """Write the report's files whole (each to a temporary name, then renamed)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for suffix, content in files.items():
        path = folder / f"{stem}{suffix}"
        temp = path.with_name(path.name + ".tmp")
        temp.write_text(content, encoding="utf-8")
        temp.replace(path)
        written.append(path)
    return written
