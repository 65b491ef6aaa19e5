"""What would fix it: the mission played with one change at a time, ranked by what each does to the
win rate.

The changes are the ones a designer reaches for: the turn limit a turn or two shorter or longer,
one face of a spawn table moved from a row to its neighbour, one infected fewer (each one placed at
the start) or one more (on each spawn point), a hero starting with one more med pack or weapon, a
door of a room that matters left out (its doorway open from the start). Every version plays the same games (game ``i`` from the same
seeds as game ``i`` of the mission as it is), so each change is a paired comparison with its own
interval (see ``compare``), and the ranking does not depend on ``--jobs``.

With a band (``--gate``, or the mission's own), the smallest changes that bring the win rate into
it are named: a change of size 1 (one turn, one face, one figure, one card) before one of size 2.
"""

from __future__ import annotations

import copy
import hashlib
import html
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..compile.reader import board_of, mission_document, model_of
from ..engine.api import new_game
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup, short
from ..errors import Report
from . import charts
from .compare import Games, common, paired, points
from .gate import Gate
from .knobs import added_class
from .project import band, check_policies, directors_for, prepare
from .report import PARTIAL, percent, rate, share, summary, win_share, write
from .runner import Interrupted, Plan, run, workers

FORMAT = "zwar-playtest-explore/1"
SHOWN = 5  # changes into the band the summary names (the JSON report has them all)


@dataclass(frozen=True)
class Change:
    """One change to the mission: how a designer would say it, and the mission and setup it makes."""

    key: str  # stable and unique: turn-limit+1, spawn:0:turn:where:2>1 (phase 0, row 2 gives a face to 1), ...
    text: str
    size: int  # 1: one turn, one die face, one figure, one card; 2: two turns
    document: dict = field(compare=False, repr=False)
    setup: Setup = field(compare=False, repr=False)


def changes(mission: Mission, setup: Setup, document: dict) -> list[Change]:
    """Every change ``explore`` tries, in a fixed order; ``document``: the mission as it is (compiled),
    kept as it is by the changes that only change the setup."""
    out: list[Change] = []
    out += _turn_limits(document, setup)
    out += _spawn_rows(document, setup)
    out += _infected(mission, document, setup)
    out += _cards(mission, document, setup)
    out += _doors(mission, document, setup)
    return out


def _variant(document: dict, key: str) -> dict:
    """A copy of the compiled mission, told apart from the original (and from other changes) by the
    workers that rebuild it."""
    new = copy.deepcopy(document)
    new["source"]["sha256"] = hashlib.sha256(f"{document['source']['sha256']}+{key}".encode()).hexdigest()
    return new


def _turn_limits(document: dict, setup: Setup) -> list[Change]:
    """The turn limit a turn or two either way: the mission's own (a time limit, an `after_turn`
    condition against the heroes; or the turn they must survive to) when it has one, else the
    tracker sheet's (``--max-turns``)."""
    limits = [(kind, i, "after_turn") for kind in ("victory", "defeat") for i, c in enumerate(document[kind])
              if c.get("after_turn") and (kind == "defeat" or c.get("side") not in ("heroes", ""))]
    limits += [("victory", i, "survive") for i, c in enumerate(document["victory"])
               if c.get("survive") and c.get("side") in ("heroes", "")]
    out = []
    for k in (-2, -1, 1, 2):
        key = f"turn-limit{k:+d}"
        if limits:
            new = _variant(document, key)
            for kind, i, field_ in limits:
                new[kind][i][field_] = max(1, new[kind][i][field_] + k)
            kind, i, field_ = limits[0]
            was = document[kind][i][field_]
            words = "time limit turn" if field_ == "after_turn" else "survive to the end of turn"
            out.append(Change(key, f"{words} {max(1, was + k)} (was {was})", abs(k), new, setup))
        elif setup.max_turns + k >= 1:
            out.append(Change(key, f"turn limit {setup.max_turns + k} (was {setup.max_turns})", abs(k), document,
                              replace(setup, max_turns=setup.max_turns + k)))
    return out


TABLES = (("turn", "where"), ("turn", "what"), ("turn", "table"), ("room", "what"), ("room", "distance"),
          ("room", "table"))


def _spawn_rows(document: dict, setup: Setup) -> list[Change]:
    """One die face moved from a row of a spawn table to the row next to it, both ways."""
    out = []
    for p, phase in enumerate((document.get("spawn") or {}).get("phases", [])):
        for part, name in TABLES:
            table = (phase.get(part) or {}).get(name)
            if not table:
                continue
            rows = table["rows"]
            where = f"{part} spawn {name!r}" + (f", phase {phase['id']}" if len(document["spawn"]["phases"]) > 1 else "")
            for r in range(len(rows) - 1):
                a, b = rows[r], rows[r + 1]
                for gains, gives in ((r, r + 1), (r + 1, r)):
                    if rows[gives]["high"] == rows[gives]["low"]:
                        continue  # a row of one face keeps it
                    key = f"spawn:{p}:{part}:{name}:{gives}>{gains}"
                    new = _variant(document, key)
                    na, nb = new["spawn"]["phases"][p][part][name]["rows"][r:r + 2]
                    shift = 1 if gains == r else -1
                    na["high"] += shift
                    nb["low"] += shift
                    text = (f"{where}: {_result(a['result'])} on {_faces(na)} (was {_faces(a)}), "
                            f"{_result(b['result'])} on {_faces(nb)} (was {_faces(b)})")
                    out.append(Change(key, text, 1, new, setup))
    return out


def _faces(row: dict) -> str:
    return str(row["low"]) if row["low"] == row["high"] else f"{row['low']}-{row['high']}"


def _result(result) -> str:
    """A spawn table's result as its row reads."""
    if not isinstance(result, dict):
        return str(result)  # a distance
    kind = result["kind"]
    if kind == "spawn_point":
        return f"spawn point {result['spawn_point']}"
    if kind == "infected":
        count = result["count"]
        what = f"{count} {short(result['infected'] or 'infected')}{'' if count == 1 else 's'}"
        return what + (f" on {result['spawn_point']}" if result.get("spawn_point") else "")
    if kind == "distance":
        return f"{result['distance']} squares away" if result["distance"] != 1 else "1 square away"
    return kind


def _infected(mission: Mission, document: dict, setup: Setup) -> list[Change]:
    """Each infected placed at the start left out; one more at the start on each spawn point."""
    out = []
    for i, z in enumerate(document["infected"]):
        new = _variant(document, f"infected-{i}")
        del new["infected"][i]
        out.append(Change(f"infected-{i}", f"no {short(z['class'])} at {mission.show(mission.square(z['at']))} at the "
                          "start", 1, new, setup))
    cls = added_class(document)
    if cls is None:
        return out  # neither placed nor spawned: no class to add (as ``zwar tune``'s knobs)
    for point in document["spawn_points"]:
        key = f"infected+{point['letter']}"
        new = _variant(document, key)
        new["infected"].append({"class": cls, "at": point["at"], "facing": "N", "prone": False})
        out.append(Change(key, f"one more {short(cls)} at the start, on spawn point {point['letter']}", 1, new, setup))
    return out


def _cards(mission: Mission, document: dict, setup: Setup) -> list[Change]:
    """Each hero starting with one more med pack, and with one more weapon (the first gun lying on
    the map, else the first gun a hero starts with)."""
    game = new_game(mission, setup)
    kinds = {e.id: e.kind for e in mission.compiled.rules.equipment}
    med = next((e for e, kind in sorted(kinds.items()) if kind == "medical"), None)
    guns = [i["card"] for i in document["items"] if kinds.get(i["card"]) == "ballistic"]
    guns += [c.eq for h in game.heroes for c in h.cards if kinds.get(c.eq) == "ballistic"]
    out = []
    for card, what in ((med, "med-pack"), (guns[0] if guns else None, "weapon")):
        if card is None:
            continue
        name = mission.equipment[card].name
        for h in game.heroes:
            hand = dict(setup.equipment)
            hand[h.id] = (*(c.eq for c in h.cards), card)
            said = f"{h.name} starts with one more med pack" if what == "med-pack" else \
                f"{h.name} starts with one more weapon: {name}"
            out.append(Change(f"{what}+{h.id}", said, 1, document, replace(setup, equipment=tuple(sorted(hand.items())))))
    return out


def _doors(mission: Mission, document: dict, setup: Setup) -> list[Change]:
    """Each door that can matter left out: the mission's own and every door of a room the heroes start
    in or have business in (an objective, item, object, keycard, crate or exit in it).

    The rulebook puts a door on every doorway; a door left out is a doorway that stays open, so the
    change starts that door open (the bots never close a door), keeping the room as it is."""
    business = [e["at"] for kind in ("objectives", "items", "objects", "keycards", "crates", "exits", "starts")
                for e in document[kind]]
    rooms = {mission.room_of[mission.square(at)] for at in business} - {0}
    out = []
    for i, door in enumerate(document["board"]["doors"]):
        engine_door = mission.doors[mission.door_by_edge(door["at"])]
        if door["open"] or (door["source"] != "mission" and not engine_door.rooms & rooms):
            continue
        key = f"door-{i}"
        new = _variant(document, key)
        new["board"]["doors"][i] = {**door, "open": True}
        kind = "" if door["kind"] == "door" else f"{door['kind']} "
        said = f"the {kind}door at {mission.show_edge(door['at'])} left out (open from the start)"
        out.append(Change(key, said, 1, new, setup))
    return out


# --- playing them ------------------------------------------------------------------------------


@dataclass
class Exploration:
    problems: Report
    report: dict | None = None
    files: list[Path] = field(default_factory=list)
    gate: Gate | None = None
    interrupted: bool = False  # Ctrl+C: the versions played by then; the one under way on the games it finished

    def summary(self) -> str:
        return text(self.report) if self.report is not None else ""

    @property
    def finished(self) -> int:
        """The games the report counts."""
        if self.report is None:
            return 0
        return self.report["as_it_is"]["win_rate"]["games"] + sum(r["win_rate"]["games"] for r in self.report["changes"])


def explore(path: Path, *, runs: int | None, seed: int, jobs: int, policies: list[str], out: Path,
            gate: str | None = None, scheduler: str | None = None, setup: Setup = DEFAULT_SETUP,
            search: Sequence[Path] = (), progress=None) -> Exploration:
    """Play the mission as it is and with each change, ``runs`` games each on the same seeds, with
    the band's policy (else the first); rank the changes and write ``OUT/<mission>-explore.json``."""
    check_policies(policies)
    mission, problems, setup = prepare(path, setup, search)
    if mission is None:
        return Exploration(problems)
    checked, policy, _, runs = band(mission, gate, policies, runs)
    document = mission_document(mission.compiled)
    tried = changes(mission, setup, document)
    if progress is not None:
        progress.total = runs * (1 + len(tried))
    step = progress.update if progress is not None else None

    under_way: dict = {}  # the version being played: its mission, plan and games so far

    def play(document: dict, variant: Mission, prepared: Setup, pool) -> tuple[Games, dict]:
        plan = Plan(document, policy, runs, seed, prepared, director=directors_for(variant, prepared)[0])
        games = Games(runs)
        under_way.update(mission=variant, plan=plan, games=games)
        totals = run(plan, jobs, step, mission=variant, each=games, pool=pool)
        return games, summary(variant, plan, totals, str(path), search)

    rows: list[dict] = []
    base: dict | None = None
    try:
        with workers(jobs, scheduler) as pool:  # one set of workers for every version
            base_games, base = play(document, mission, setup, pool)
            for change in tried:
                built = change.document is document  # only the setup changes: the mission as it is
                variant = mission if built else Mission(model_of(change.document), board_of(change.document))
                games, played = play(change.document, variant, change.setup, pool)
                rows.append(_row(change, base_games, games, checked, played))
    except KeyboardInterrupt as stop:  # Ctrl+C: the versions played so far, and the games finished of the one under way
        totals = stop.totals if isinstance(stop, Interrupted) and stop.totals.runs else None
        if base is None:
            if totals is None:
                return Exploration(problems, interrupted=True)
            base = summary(under_way["mission"], under_way["plan"], totals, str(path), search)
        elif totals is not None:
            rows.append({**_row(tried[len(rows)], base_games, under_way["games"], None, None), "partial": True})
    partial = len(rows) < len(tried) or base["runs"] < runs
    rows.sort(key=lambda r: (-r["effect"]["difference"], r["key"]))
    report: dict = {"format": FORMAT, "mission": base["mission"], "source": str(path), "policy": policy,
                    "director": base["director"],
                    "runs": runs, "seed": seed, "setup": base["setup"], "as_it_is": {"win_rate": win_share(base)},
                    "changes": rows, "gate": None}
    if partial:
        report.update(partial=True, tried=len(rows), changes_total=len(tried))
    elif checked is not None:
        inside = checked.holds(base)
        report["gate"] = {"band": str(checked), "value": checked.value(base), "passed": inside,
                          "smallest": [] if inside else smallest(rows, checked)}
    result = Exploration(problems, report, gate=checked, interrupted=partial)
    written = json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    result.files = write(out, f"{mission.compiled.mission.id}-explore", {".json": written, ".html": page(report)})
    return result


def _row(change: Change, base: Games, games: Games, checked: Gate | None, played: dict | None) -> dict:
    """A change's line of the ranking: its win rate and its effect, over the games both versions
    finished (every game, unless the exploration was interrupted)."""
    both = common(base, games)
    row: dict = {"key": change.key, "change": change.text, "size": change.size,
                 "win_rate": rate(sum(games.won(i) for i in both), len(both)), "effect": paired(base, games)}
    if checked is not None and played is not None:
        row["in_band"] = checked.holds(played)
    return row


def smallest(rows: list[dict], checked: Gate) -> list[str]:
    """The keys of the smallest changes that bring the mission into the band, nearest its middle first."""
    fits = [r for r in rows if r.get("in_band")]
    if not fits:
        return []
    least = min(r["size"] for r in fits)
    middle = (checked.low + checked.high) / 2
    return [r["key"] for r in sorted((r for r in fits if r["size"] == least),
                                     key=lambda r: (abs(r["win_rate"]["value"] - middle), r["key"]))]


def page(report: dict) -> str:
    """The ranking as an HTML page (one file, nothing to fetch): the chart, then the text."""
    title = html.escape(f"What would fix it: {report['mission']['title']}")
    style = ("body{font-family:DejaVu Sans,Verdana,sans-serif;max-width:80em;margin:2em auto;padding:0 1em}"
             "svg{max-width:100%;height:auto}pre{white-space:pre-wrap;font-size:85%}")
    chart = charts.effects("Each change against the mission as it is, on the same games", report["changes"])
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            f"<style>{style}</style></head><body><h1>{title}</h1>{chart}<pre>{html.escape(text(report))}</pre>"
            "</body></html>\n")


def text(report: dict) -> str:
    """The ranking a designer reads: the changes that raise the win rate most first."""
    m = report["mission"]
    against = f" against the {report['director']} director" if report.get("director") else ""
    lines = [(f"What would fix it: {m['title']} ({m['pack']}/{m['id']}), policy {report['policy']}{against}, "
              f"{report['runs']} game{'' if report['runs'] == 1 else 's'} a version on the same seeds (seed {report['seed']})"
              f"{PARTIAL if report.get('partial') else ''}"),
             f"  as it is: win rate {share(report['as_it_is']['win_rate'])}",
             *([f"  interrupted: {report['tried']} of {report['changes_total']} changes tried; no band is checked"]
               if report.get("partial") else []),
             (f"  {len(report['changes'])} changes, the ones that raise the win rate most first "
             "(change in points, paired 95% interval, McNemar p):")]
    for row in report["changes"]:
        effect = row["effect"]
        rate = row["win_rate"]
        lines.append(f"  {points(effect)}, p {effect['p']:.2g}, win rate {percent(rate['value'])} ({rate['count']}/"
                     f"{rate['games']}{', partial' if row.get('partial') else ''}): {row['change']}")
    gate = report["gate"]
    if gate is not None:
        verdict = "in the band" if gate["passed"] else "outside it"
        lines.append(f"  band {gate['band']}: as it is {gate['value']:g}, {verdict}")
        names = {r["key"]: r for r in report["changes"]}
        fixes = gate["smallest"]
        if fixes:
            lines.append("  the smallest changes that bring it into the band, nearest its middle first:")
            lines += [f"    {names[k]['change']} (win rate {share(names[k]['win_rate'])})" for k in fixes[:SHOWN]]
            if len(fixes) > SHOWN:
                lines.append(f"    and {len(fixes) - SHOWN} more of the same size (in the JSON report)")
        elif not gate["passed"]:
            lines.append("  no single change brings it into the band")
    return "\n".join(lines)
