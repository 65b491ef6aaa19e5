"""Playtesting a whole campaign: bot groups play it chapter by chapter, as ``zwar campaign play`` would.

Each campaign is played to its end: the bots buy the perks the campaign plans
(its ``buy`` lists and each chapter mission's ``[mission.perks]``) as soon as
their banked XP pays for them, a lost chapter is played again, and a group
that loses the same chapter ``tries`` times gives up there. Campaign ``i`` of a
run with seed ``S`` is always the same campaign (every game's dice and bots
come from seeds derived from ``(S, i, chapter, try)``), so the figures do not
depend on ``jobs``. Campaigns come back as small records and are added into
counters as they arrive, with a bounded number of chunks under way: memory
stays flat however many campaigns are played.
"""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..compile.reader import board_of, mission_document, model_of
from ..engine.api import new_game, simulate
from ..engine.mission import Mission
from ..errors import Report, UsageError
from ..play.campaign import Book, CannotPlayCampaign, Economy, Progress, open_campaign
from ..play.lobby import INTERPRETED, LEFT_OUT, bot_lobby
from .bots import POLICIES, policy
from .director import against
from .report import PARTIAL, write
from .runner import Interrupted, chunks, game_seed, local_pool, windowed
from .stats import wilson

Tick = Callable[[int], None]


@dataclass(frozen=True)
class CampaignPlan:
    documents: tuple[dict, ...]  # each chapter's compiled mission, as `zwar build` writes it
    numbers: tuple[int, ...]  # the chapters' numbers
    economy: Economy
    policy: str
    runs: int
    seed: int
    tries: int  # a group gives up after losing the same chapter this many times
    max_turns: int = 40
    directors_cut: tuple[bool, ...] = ()  # per chapter: played as the Director's Cut, against the director bot


class _Kept(threading.local):
    """The missions one thread plays (each thread its own: see ``runner._Kept``)."""

    def __init__(self) -> None:
        self.missions: dict[tuple[str, ...], tuple[Mission, ...]] = {}


_kept = _Kept()


def _key(documents: tuple[dict, ...]) -> tuple[str, ...]:
    return tuple(f"{d['pack']}/{d['mission']['id']}:{d['source']['sha256']}" for d in documents)


def missions_for(plan: CampaignPlan) -> tuple[Mission, ...]:
    """The plan's missions: the caller's own, else rebuilt from their documents once per process."""
    key = _key(plan.documents)
    kept = _kept.missions
    if key not in kept:
        kept.clear()
        kept[key] = tuple(Mission(model_of(d), board_of(d)) for d in plan.documents)
    return kept[key]


def play_campaign(plan: CampaignPlan, index: int) -> dict:
    """Campaign ``index`` of the run, played to its end: its record."""
    missions, economy = missions_for(plan), plan.economy
    progress = Progress.start(economy)
    xp: list[dict[str, int]] = []  # XP earned by the end of each chapter won
    lobby: Counter = Counter()  # Exodus: what the bots did between missions
    while not progress.finished(len(missions)):
        i, number = progress.chapter, plan.numbers[progress.chapter]
        if not progress.shopped:
            if economy.exodus:
                lobby.update(exodus_lobby(progress, economy, missions[i]))
            progress.buy_plan(economy, number)
            progress.shopped = True
        if progress.attempt > plan.tries:
            break
        purpose = f"campaign:{i}:{progress.attempt}"
        directors_cut = bool(plan.directors_cut) and plan.directors_cut[i]
        game = new_game(missions[i], progress.setup(economy, missions[i], plan.max_turns, directors_cut))
        chooser = policy(plan.policy, game_seed(plan.seed, index, purpose + ":bots"))
        simulate(game, against(chooser, "bot") if directors_cut else chooser,
                 random.Random(game_seed(plan.seed, index, purpose)))
        result = progress.finish(economy, game, number)
        if result["outcome"] == "victory":
            xp.append({} if economy.exodus else dict(progress.earned))
        lobby["discarded"] += len(result.get("discarded", ()))
        lobby["returns"] += "returned_to" in result
    finished = progress.finished(len(missions))
    games = Counter(r["chapter"] for r in progress.results)
    extra = sum(x - economy.mission_xp for r in progress.results for x in r["xp"].values())
    return {"index": index, "finished": finished, "ended": None if finished else plan.numbers[progress.chapter],
            "games": dict(games), "xp": xp, "bought": progress.bought, "extra_xp": extra, "lobby": dict(lobby)}


def exodus_lobby(progress: Progress, economy: Economy, mission: Mission) -> Counter:
    """The bots between two Exodus missions: log an official save of the mission just won while the save
    ticket has a slot (the earliest chapters get them: the bots do not plan ahead), then reload and craft
    (play/lobby.py's ``bot_lobby``). What they did, counted."""
    done: Counter = Counter()
    if progress.chapter and len(progress.saves) < economy.saves and \
            all(s["after"] != progress.chapter for s in progress.saves):
        progress.log_save(economy)
        done["saves"] += 1
    for line in bot_lobby(progress.kit, mission):
        done["reloads" if " reloads " in line else "crafts" if " crafts " in line else "exchanges"] += 1
    return done


def play_chunk(plan: CampaignPlan, indices: list[int]) -> list[dict]:
    return [play_campaign(plan, i) for i in indices]


@dataclass
class CampaignTotals:
    """Counters over every campaign played so far; ``add`` takes records in any order."""

    runs: int = 0
    finished: int = 0
    ended: Counter = field(default_factory=Counter)  # chapter number -> campaigns given up there
    reached: Counter = field(default_factory=Counter)  # chapter number -> campaigns that played it
    won: Counter = field(default_factory=Counter)  # chapter number -> campaigns that won it
    games: Counter = field(default_factory=Counter)  # chapter number -> games played at it
    xp: dict = field(default_factory=dict)  # chapter number -> Counter(hero -> XP earned by its end, summed)
    bought: dict = field(default_factory=dict)  # (hero, perk) -> Counter(chapter number bought at)
    extra_xp: int = 0  # XP banked beyond the mission's: loot cards, Fence
    lobby: Counter = field(default_factory=Counter)  # Exodus: saves, returns, discarded, reloads, crafts, exchanges

    def add(self, r: dict, numbers: tuple[int, ...]) -> None:
        self.runs += 1
        self.lobby.update(r.get("lobby", {}))
        self.finished += r["finished"]
        self.extra_xp += r["extra_xp"]
        if r["ended"] is not None:
            self.ended[r["ended"]] += 1
        for number, count in r["games"].items():
            self.reached[int(number)] += 1
            self.games[int(number)] += count
        for number, earned in zip(numbers, r["xp"]):
            self.won[number] += 1
            self.xp.setdefault(number, Counter()).update(earned)
        for hero, perk, number in r["bought"]:
            self.bought.setdefault((hero, perk), Counter())[number] += 1


def run_campaigns(plan: CampaignPlan, jobs: int = 1, progress: Tick | None = None) -> CampaignTotals:
    """Play the plan's campaigns and add them up; on Ctrl+C, ``Interrupted`` carries the campaigns
    finished by then (the workers are stopped)."""
    totals = CampaignTotals()
    results = _processes(plan, jobs) if jobs > 1 else ([play_campaign(plan, i)] for i in range(plan.runs))
    try:
        for records in results:
            for r in records:
                totals.add(r, plan.numbers)
            if progress:
                progress(len(records))
    except KeyboardInterrupt:
        raise Interrupted(totals) from None
    return totals


def _processes(plan: CampaignPlan, jobs: int) -> Iterator[list[dict]]:
    """Chunks played on ``jobs`` processes that end with this one, at most two a worker under way at
    once (no result is kept once it has been handed on)."""
    with local_pool(jobs) as pool:
        yield from windowed(lambda part: pool.submit(play_chunk, plan, part), chunks(plan.runs, jobs), 2 * jobs)


# --- the report -------------------------------------------------------------------------------


def summary(book: Book, plan: CampaignPlan, totals: CampaignTotals) -> dict:
    """One policy's campaigns as plain data (numbers rounded: same campaigns, same bytes)."""
    low, high = wilson(totals.finished, totals.runs)
    chapters = []
    planned = {item: ch.number for ch, items in zip(book.chapters, book.economy.plan) for item in items}
    for ch in book.chapters:
        n = ch.number
        won = totals.won[n]
        xp = {h: _r(Fraction(v, won)) for h, v in sorted(totals.xp.get(n, Counter()).items())} if won else {}
        chapters.append({"number": n, "mission": ch.mission.compiled.mission.id, "title": ch.title,
                         "reached": totals.reached[n], "won": won, "games": totals.games[n],
                         "ended_here": totals.ended[n], "xp_by_end": xp})
    perks = []
    for (hero, perk), at in sorted(totals.bought.items(), key=lambda i: (planned.get(i[0], 0), i[0])):
        due = planned.get((hero, perk))
        perks.append({"hero": hero, "perk": perk, "planned_for": due, "bought": sum(at.values()),
                      "on_time": sum(c for number, c in at.items() if number == due),
                      "late": sum(c for number, c in at.items() if due is not None and number > due)})
    missing = [{"hero": h, "perk": p, "planned_for": due, "bought": 0, "on_time": 0, "late": 0}
               for (h, p), due in planned.items() if (h, p) not in totals.bought]
    for entry in perks + missing:
        entry["not_bought"] = totals.reached[entry["planned_for"]] - entry["bought"] if entry["planned_for"] else 0
    between: dict[str, Any] | None = None
    if book.economy.exodus:
        between = {key: totals.lobby[key] for key in ("saves", "returns", "discarded", "reloads", "crafts",
                                                         "exchanges")}
        between["left_out"], between["interpreted"] = list(LEFT_OUT), list(INTERPRETED)
    return {"campaign": {"id": book.id, "title": book.title}, "policy": plan.policy, "runs": totals.runs,
            "between_missions": between,
            "director": "bot" if any(plan.directors_cut) else None,
            "seed": plan.seed, "tries": plan.tries, "max_turns": plan.max_turns,
            "finished": {"count": totals.finished, "rate": _r(Fraction(totals.finished, max(1, totals.runs))),
                         "interval": [_r(low), _r(high)]},
            "chapters": chapters, "perks": perks + missing, "loot_xp": book.economy.loot_xp,
            "extra_xp": totals.extra_xp}


def _r(value: Fraction | float) -> float:
    return round(float(value), 4)


def text(report: dict) -> str:
    """The summary a designer reads in the terminal."""
    runs, f = report["runs"], report["finished"]
    director = ", the Director's Cut against the director bot" if report["director"] else ""
    lines = [(f"{report['campaign']['title']} (campaign {report['campaign']['id']}), policy {report['policy']}"
              f"{director}, {runs} campaigns{PARTIAL if report.get('partial') else ''}, seed {report['seed']}, "
              f"up to {report['tries']} tries a chapter"),
             (f"  finished: {f['count']} of {runs} ({_pct(f['rate'])}, 95% interval "
             f"{_pct(f['interval'][0])}-{_pct(f['interval'][1])})")]
    ended = [f"chapter {c['number']} {c['ended_here']} ({_pct(c['ended_here'] / runs)})"
             for c in report["chapters"] if c["ended_here"]]
    lines.append("  campaigns ended at: " + (", ".join(ended) if ended else "none (every campaign finished)"))
    for c in report["chapters"]:
        line = (f"  chapter {c['number']} {c['mission']}: played by {c['reached']}, won by {c['won']} "
                f"in {c['games']} games")
        if c["xp_by_end"]:
            line += "; XP by its end: " + ", ".join(f"{h} {xp_text(x)}" for h, x in c["xp_by_end"].items())
        lines.append(line)
    if report["loot_xp"] and not report["extra_xp"] and not report.get("between_missions") and \
            any(c["won"] for c in report["chapters"]):
        lines.append("  no loot card was cashed in: the XP curve is the mission XP alone")
    for p in report["perks"]:
        lines.append(f"  perk {p['hero']} {p['perk']} (planned for chapter {p['planned_for']}): bought on time "
                     f"{p['on_time']}, late {p['late']}, not bought {p['not_bought']}")
    between = report.get("between_missions")
    if between:
        lines.append(f"  between missions: {between['saves']} official saves logged, {between['returns']} returns "
                     f"to a save after a failed mission, {between['discarded']} melee weapons discarded, "
                     f"{between['reloads']} reloads, {between['crafts']} crafts and {between['exchanges']} cards "
                     "exchanged in the lobby")
        lines += [f"  left out: {item}" for item in between["left_out"]]
        lines += [f"  the rulebook does not say, so: {item}" for item in between["interpreted"]]
    return "\n".join(lines)


def _pct(share: float) -> str:
    return f"{100 * share:.1f}%"


# --- `zwar playtest CAMPAIGN` as one library call ----------------------------------------------


@dataclass
class CampaignResult:
    problems: Report
    reports: list[dict] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    interrupted: bool = False  # Ctrl+C: the reports count the campaigns finished by then, marked partial

    def summary(self) -> str:
        return "\n".join(text(r) for r in self.reports)

    @property
    def finished(self) -> int:
        """The campaigns the report counts."""
        return sum(r["runs"] for r in self.reports)


def playtest_campaign(path: Path, *, runs: int, seed: int, jobs: int, policies: list[str], out: Path,
                      tries: int = 3, max_turns: int = 40, search=(), progress=None) -> CampaignResult:
    """Play ``runs`` campaigns of the campaign at ``path`` for each policy and write the report
    under ``out``; CannotPlayCampaign when a chapter cannot be played."""
    for name in policies:
        if name not in POLICIES:
            raise UsageError(f"unknown policy `{name}`: one of {', '.join(POLICIES)}")
    book, problems = open_campaign(path, search)
    if book is None:
        return CampaignResult(problems)
    refused = book.refusals()
    if refused:
        raise CannotPlayCampaign(book.id, refused)
    if progress is not None:
        progress.total = runs * len(policies)
    documents = tuple(mission_document(ch.mission.compiled) for ch in book.chapters)
    numbers = tuple(ch.number for ch in book.chapters)
    result = CampaignResult(problems)
    for name in policies:
        plan = CampaignPlan(documents, numbers, book.economy, name, runs, seed, tries, max_turns,
                            tuple(ch.directors_cut for ch in book.chapters))
        _kept.missions.clear()
        _kept.missions[_key(documents)] = tuple(ch.mission for ch in book.chapters)
        try:
            totals = run_campaigns(plan, jobs, progress.update if progress is not None else None)
        except Interrupted as stop:
            result.interrupted = True
            if stop.totals.runs:
                result.reports.append({**summary(book, plan, stop.totals), "partial": True})
            break
        result.reports.append(summary(book, plan, totals))
    if not result.reports:
        return result
    document: dict = {"format": "zwar-campaign-playtest/1", "reports": result.reports}
    if result.interrupted:
        document["partial"] = True
    result.files = write(out, f"{book.id}-campaign-playtest",
                         {".json": json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"})
    return result


def xp_text(mean: float) -> str:
    """A mean XP as the tracker sheet reads it: whole, or to a tenth (20, 20.7)."""
    return f"{mean:.1f}".removesuffix(".0")
