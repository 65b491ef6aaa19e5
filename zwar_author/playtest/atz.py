"""`zwar playtest ENCOUNTER --group FILE`: an All Things Zombie encounter played many times by bots.

Each policy plays the group (a Group roster as a TOML file, docs/atz.md) against
the encounter's zombies ``runs`` times, game i on a seed made of the run's seed
and i, so a report is the same whenever it is made. The report: the share of
encounters the group comes home from (a member leaves by the far table edge)
with its 95% interval, how each member's encounters ended (came home, out of
the fight, obviously dead, recovered during the encounter, bitten), the
zombies at the start, drawn by noise and killed, hostile humans rolled up and
put down, shots fired, turns. The bots: ``cautious`` stays and fires while a
person of the other side is in range or a zombie within a zombie's move, carries a friend out of the fight
home when it can reach him (else goes to recover him), fast moves on past zombies farther off (a shot at
them only draws more), throws a flash-bang where two foes and no
friend stand in its circle, searches the building it stands in or goes into the nearest, else
walks on; ``aggressive`` moves away from zombies met in a building, fast moves
towards the far edge and fires on the way, breaking off any melee. Both
choose to pass 2d6 on a Star's Free Will and to cheat death, and divide a
member's melee dice among several foes evenly (line 1287: the first split
the engine offers, the odd dice against the highest Rep). On a Raid both go to
free the captive once he is found and, until then, into the nearest building
not entered; the report counts how often he was found, freed and rescued. Both
force a locked door or closed window they stand at only when every way into its
building is shut: walks go round a closed window to an open door (``walks``).
Bartering after Meet & Greet (line 2563) both barter away the food, fuel and
luxury items found, which an encounter uses none of, for medical supplies;
the report counts what was bartered for and away a game.
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import codes
from ..compile.project import check
from ..compile.workspace import pack_root_of
from ..errors import Report, UsageError
from ..model.atz import GroupDoc
from ..model.validate import validate
from ..skirmish.atz import barter, driving, raid, walks
from ..skirmish.atz.buildings import Site
from ..skirmish.atz.encounter import setup
from ..skirmish.atz.game import TURN_LIMIT, ZOMBIE_MOVE, AtzGame, Setup
from ..skirmish.atz.grenades import BLAST
from ..skirmish.atz.search import FOOD, FUEL, LUXURY, MEDICAL
from ..skirmish.atz.state import Aftermath, Human, Status
from ..skirmish.atz.weapons import weapon
from ..skirmish.core import Board, Choice, Request, simulate
from ..sources.document import read_document
from .gate import Gate
from .report import PARTIAL, percent, write
from .runner import chunks, local_pool, windowed
from .stats import wilson

#: Not played by any encounter: said in every report.
NOT_PLAYED = ["searching large buildings area by area (lines 2715-2719)",
              "floors of buildings (line 1406: going up or down costs half the move)",
              ("of vehicles: fuel found put into a vehicle out of gas (line 2809), keys found passed to another "
              "figure, cross country (1525), windows (1468), hostiles driving, "
              "car alarms (1696)"),
              ("of Barter (lines 3057-3105): the resources the group brought from earlier encounters, and "
               "the weapons, armor and keys its figures carry, bartered away")]


def _even_split(request: Request) -> Any:
    """Dividing melee dice among several foes (line 1287, ``melee.divide``): the even split, which the engine
    offers first; None for any other decision."""
    first = request.options[0]
    key = first.key if isinstance(first, Choice) else first
    return first if isinstance(key, tuple) and key[:1] == ("split",) else None


#: What the bots barter away: the resources an encounter uses none of (food a month, line 3011; fuel between
#: areas, 2809; luxury items, 2819).
SPARE = (FOOD, FUEL, LUXURY)


def _barter(game: AtzGame, request: Request) -> Any:
    """Bartering after Meet & Greet (``barter``), both bots alike: barter away nothing they need, the food,
    fuel and luxury items found (an encounter uses none of them), for medical supplies (a nurse on a Recovery
    test, line 2823) as far as they are worth; None for any other decision."""
    deal = game.deal
    if deal is None or not any(isinstance(o, Choice) and o.key == "done" for o in request.options):
        return None
    offers = [o for o in _tagged(request, "offer") if o.key[1] in SPARE]
    if offers:
        return offers[0]
    if sum(map(barter.worth, deal.offered)) > sum(map(barter.worth, deal.wanted)):
        wants = [o for o in _tagged(request, "want") if o.key[1] == MEDICAL]
        if wants:
            return wants[0]
    return next(o for o in request.options if isinstance(o, Choice) and o.key == "done")


def cautious(game: AtzGame, request: Request) -> Any:
    keys = [o.key if isinstance(o, Choice) else o for o in request.options]
    if (split := _even_split(request)) is not None:
        return split
    if (traded := _barter(game, request)) is not None:
        return traded
    for wanted in (2, "cheat", "fight"):  # a Star's Free Will: pass 2d6; a Star killed cheats death
        if wanted in keys:
            return request.options[keys.index(wanted)]
    driven = _drive(game, request, keys, fast=False)
    if driven is not None:
        return driven
    who = game.figure(request.who) if request.who else None
    carry = [o for o in request.options if isinstance(o, Choice) and isinstance(o.key, tuple) and o.key[0] == "carry"]
    if carry:
        return carry[0]
    if isinstance(who, Human):
        throws = [o for o in request.options if isinstance(o, Choice) and isinstance(o.key, tuple)
                  and o.key[0] == "throw" and _worth_a_flash_bang(game, who, game.figure(o.key[1]))]
        if throws:
            return throws[0]
    recover = [o for o in request.options if isinstance(o, Choice) and isinstance(o.key, tuple)
               and o.key[0] == "recover" and game.figure(o.key[1]).side == "humans"]  # friends only
    if isinstance(who, Human) and "hold" in keys and _threatened(game, who):
        return request.options[keys.index("hold")]
    freeing = _tagged(request, "free")  # the Raid's captive, found and held
    if freeing:
        return freeing[0]
    if recover:
        return recover[0]
    if isinstance(who, Human) and "fast" in keys and game.target(who, turn=True) is not None:
        return request.options[keys.index("fast")]  # on, past zombies not near yet, with no shot to draw more
    for action in ("search", "force", "enter"):  # search the building it stands in, else go into the nearest
        found = _forcing(game, request) if action == "force" else _tagged(request, action)
        if found and not (action == "enter" and _rescuing(game)):
            return found[0]
    return request.options[keys.index("advance")] if "advance" in keys else request.options[0]


def _threatened(game: AtzGame, h: Human) -> bool:
    """Worth staying to fire: a person of the other side in range and sight, who fires back, or a zombie
    in sight within a zombie's move (line 1856) of him. Firing at zombies farther off only draws more (line 1026)."""
    people = [f for f in game.foes(h) if isinstance(f, Human)]
    return game.target(h, turn=True, among=people) is not None or game.target(h, within=ZOMBIE_MOVE, turn=True,
                                                                                among=game.on_table(game.zombies)) is not None


def _tagged(request: Request, action: str) -> list[Choice]:
    """The options of ``request`` whose key is a tuple led by ``action`` (``("enter", "house-1")``)."""
    return [o for o in request.options if isinstance(o, Choice) and isinstance(o.key, tuple) and o.key[0] == action]


def _forcing(game: AtzGame, request: Request) -> list[Choice]:
    """The shut doors and windows offered to force that are worth a turn: every way into their building is
    shut (``walks.worth_forcing``); beside an open door the walk takes the door."""
    return [o for o in _tagged(request, "force") if walks.worth_forcing(game, o.key[1])]


def _rescuing(game: AtzGame) -> bool:
    """On a Raid with the captive found: the bots no longer go into buildings but to him, and home."""
    return game.raid is not None and game.raid.found_in is not None


def _searching(game: AtzGame) -> bool:
    """On a Raid with the captive not found yet: the bots go into buildings to look for him."""
    return game.raid is not None and game.raid.found_in is None and raid.captive(game) is not None


def _drive(game: AtzGame, request: Request, keys: list, fast: bool) -> Any:
    """Both bots drive to the far edge: on foot a member gets into a stopped vehicle he reaches; inside, the
    driver starts it, then accelerates (the aggressive bot takes the Driver Test once it may) and drives on,
    getting out when it is wrecked or stuck, and veers towards the far edge on a reaction's half speed (lines
    4263-4264); a passenger stays in and fires. None: no vehicle decision."""
    who = game.figure(request.who) if request.who else None
    if not isinstance(who, Human):
        return None
    tagged = {o.key[0]: o for o in request.options if isinstance(o, Choice) and isinstance(o.key, tuple)}
    car = driving.of(game, who)
    if car is None:
        board = tagged.get("board")
        stuck = board is not None and any(v.stuck for v in driving.vehicles(game) if v.id == board.key[1])
        return board if board is not None and not stuck and "advance" in keys and not who.animal else None
    if "out" in tagged and (car.wreck is not None or car.stuck or not (car.running or "start" in tagged)):
        return tagged["out"]
    if "veer" in tagged:  # a reaction's half speed: the veer that gains most towards the far edge, never stopping
        veers = [o for o in request.options if isinstance(o, Choice) and len(o.key) == 2]
        return max(veers, key=lambda o: driving.towards_far_edge(game, car, o.key[1], car.speed / 2) - 1e-6 * abs(o.key[1]))
    order = ("start", "speed", "accelerate", "drive", "hold") if fast else ("start", "accelerate", "drive", "hold")
    for wanted in order:
        if wanted in tagged:
            return tagged[wanted]
        if wanted in keys:
            return request.options[keys.index(wanted)]
    return None


def _worth_a_flash_bang(game: AtzGame, thrower: Human, target) -> bool:
    """Two or more foes in the blast circle about ``target`` and no friend (the thrower aside) in it."""
    foes = sum(Board.within(target, f, BLAST) for f in game.foes(thrower))
    friends = [h for h in game.on_table(game.humans) if h is not thrower and Board.within(target, h, BLAST)]
    return foes >= 2 and not friends


def aggressive(game: AtzGame, request: Request) -> Any:
    keys = [o.key if isinstance(o, Choice) else o for o in request.options]
    if (split := _even_split(request)) is not None:
        return split
    if (traded := _barter(game, request)) is not None:
        return traded
    driven = _drive(game, request, keys, fast=True)
    if driven is not None:
        return driven
    for wanted in (2, "cheat", "walk", "break", "away"):
        if wanted in keys:
            return request.options[keys.index(wanted)]
    forcing = _forcing(game, request)  # every way in or out of the building shut: force one
    looking = _tagged(request, "enter") if _searching(game) else []
    wanted_raid = forcing or _tagged(request, "free") or looking
    if wanted_raid:  # the Raid's captive: to him once found, else into the nearest building to look for him
        return wanted_raid[0]
    if "fast" in keys:
        return request.options[keys.index("fast")]
    return request.options[0]


BOTS: dict[str, Callable[[AtzGame, Request], Any]] = {"cautious": cautious, "aggressive": aggressive}
#: How Meet & Greet ended (skirmish.atz.meeting), counted by the report.
MEETINGS = ("joined", "joined for the game", "parted peacefully", "walked the walk")
OUTCOMES = ("came home", "out of the fight", "obviously dead", "hunkered down", "whisked to safety", "held captive",
            "left by another edge", "on the table")
#: What became of a Raid's captive (skirmish.atz.raid), counted a game.
CAPTIVE = ("found", "freed", "rescued")
#: What the Recovery test after the encounter made of a member (skirmish.atz.aftermath), counted beside.
AFTER = tuple(a.value for a in Aftermath)


@dataclass
class EncounterResult:
    report: dict
    files: list[Path] = field(default_factory=list)
    problems: Report = field(default_factory=Report)
    gate: Gate | None = None  # none on a partial report
    interrupted: bool = False  # Ctrl+C stopped the games: the report, if any, is of those finished (partial)
    finished: int = 0  # games finished, every policy's

    @property
    def passed(self) -> bool:
        return self.gate is None or self.gate.holds(self.report["policies"][self.report["first"]])

    def summary(self) -> str:
        r = self.report
        head = f"{r['encounter']} with {r['group']} ({r['area']}, {r['time']}), {r['runs']} games a policy"
        lines = [f"{head}{PARTIAL if r.get('partial') else ''}, seed {r['seed']}"]
        lines += [f"  left out: {item}" for item in r["left_out"] + r["not_played"]]
        for name, p in r["policies"].items():
            w, runs = p["win_rate"], p["win_rate"]["games"]
            lines.append(f"{name}: came home {w['value']:.1%} ({w['wins']}/{w['games']}, 95% interval "
                         f"{w['low']:.1%} to {w['high']:.1%}); {p['turns']['mean']:.1f} turns; zombies at the start "
                         f"{p['zombies']['at start']:.1f}, drawn by noise {p['zombies']['drawn by noise']:.1f}, "
                         f"killed {p['zombies']['killed']:.1f}; shots {p['shots']:.1f}"
                         + (f"; hostile humans {p['hostiles']['rolled up']:.1f}, put down {p['hostiles']['down']:.1f}"
                            if r.get("hostiles") else "")
                         + (f", recovered {p['hostiles']['recovered']:.2f}, joined after recovery "
                            f"{p['hostiles']['joined after recovery']:.2f}" if p["hostiles"]["recovered"] else ""))
            if p["turn_limit"]["games"]:
                lines.append(f"  {_limited(p, runs)}")
            if r.get("hostiles") and not r.get("captive"):  # a Raid's settlement is hostile: no meeting
                lines.append("  Meet & Greet: " + _meetings(p, runs) + _bartered(p))
            if r.get("buildings"):
                shown = ", ".join(f"{k} {v:.2f}" for k, v in p["found"].items()) or "nothing"
                lines.append(f"  buildings entered {p['buildings']['entered']:.1f}, zombies found in them "
                             f"{p['buildings']['zombies found']:.1f}, board cleared {p['buildings']['board cleared']:.0%}"
                             f"; found a game: {shown}")
            if r.get("captive"):
                lines.append(f"  {_captive(r['captive'], p, runs)}")
            for member, ends in p["members"].items():
                shown = ", ".join(f"{k} {v / runs:.0%}" for k, v in ends.items() if v)
                lines.append(f"  {member}: {shown}")
        if self.gate is not None:
            first = r["policies"][r["first"]]
            lines.append(f"gate {self.gate} ({r['first']}): {self.gate.value(first):g}, "
                         f"{'passed' if self.passed else 'FAILED'}")
        return "\n".join(lines)


def _captive(name: str, p: dict, runs: int) -> str:
    """How often the Raid's captive was found, freed and rescued (freed and off by the far edge, line 2382)."""
    c = p["captive"]
    return (f"captive {name}: rescued {c['rescued'] / runs:.0%} ({c['rescued']}/{runs}; freed and off by the "
            f"far edge), freed {c['freed'] / runs:.0%}, found {c['found'] / runs:.0%}")


def _limited(p: dict, runs: int) -> str:
    """How many games the turn limit cut short: a member still on the table then has not come home."""
    return (f"{p['turn_limit']['games']} of {runs} games stopped at the turn limit ({_turns(p)}, --max-turns): "
            "a member still on the table then has not come home")


def _turns(p: dict) -> str:
    n = p["turn_limit"]["turns"]
    return f"{n} turn{'' if n == 1 else 's'}"


def _bartered(p: dict) -> str:
    """What the group bartered for and away a game (``barter``, line 3057), when it bartered at all."""
    got, gave = (p.get("bartered", {}).get(way, {}) for way in ("for", "away"))
    if not got:
        return ""
    return ("; bartered for a game: " + ", ".join(f"{k} {v:.2f}" for k, v in got.items())
            + "; away: " + ", ".join(f"{k} {v:.2f}" for k, v in gave.items()))


def _meetings(p: dict, runs: int) -> str:
    """How the meetings with the hostile humans ended, as shares of the games."""
    return ", ".join(f"{k} {v / runs:.0%}" for k, v in p["meetings"].items())


def is_encounter(path: Path) -> bool:
    """A source file holding an All Things Zombie scenario or encounter (its top table is [encounter])."""
    if not Path(path).is_file():
        return False
    doc, _ = read_document(Path(path))
    return doc is not None and isinstance(doc.data.get("encounter"), dict)


def load_group(path: Path) -> tuple[GroupDoc | None, Report]:
    """The group file read and checked (docs/atz.md): every problem at once, located, unknown keys among them;
    a weapon the engine does not know is one (ZW825)."""
    report = Report()
    doc, problems = read_document(Path(path))
    report.extend(problems)
    if doc is None:
        return None, report
    group, problems = validate(doc, GroupDoc)
    report.extend(problems)
    members = doc.data.get("members")
    for i, member in enumerate(members if isinstance(members, list) else []):  # read raw: with other problems too
        arms = member.get("weapons") if isinstance(member, dict) else None
        for j, name in enumerate(arms if isinstance(arms, list) else []):
            if isinstance(name, str) and weapon(name) is None:
                report.add(codes.ATZ_GROUP_WEAPON.at(doc.loc(("members", i, "weapons", j)),
                                                     who=str(member.get("name", f"member {i + 1}")), name=name))
    return (group if report.ok else None), report


def encounter_setup(path: Path, group: GroupDoc, search: list[Path], zombies_only: bool,
                    max_turns: int, leave_out: bool = False) -> tuple[Setup | None, list[str], Report]:
    """The encounter at ``path`` checked with its pack, and the setup of a game of it with ``group``."""
    root = pack_root_of(Path(path))
    if root is None:
        raise UsageError(f"{path}: an encounter is played from its pack (a folder with pack.toml)")
    outcome = check([root], search)
    if not outcome.report.ok:
        return None, [], outcome.report
    doc, _ = read_document(Path(path))
    wanted = (doc.data.get("encounter") or {}).get("id") if doc is not None else None
    found = [e for es in outcome.encounters.values() for e in es if e.model.encounter.id == wanted]
    if not found:
        raise UsageError(f"{path}: no encounter of pack {root.name} is this file")
    atz = [p for p in outcome.packs if p.id == "atz"]
    if not atz:
        raise UsageError("the All Things Zombie tables (pack atz) are not found: add --pack-path")
    tables = {s.table.id: s.table for s in atz[0].tables.values()}
    encounter = found[0]
    sites = [Site(pid, p, encounter.described[pid].split(",")[0]) for what, pid, p in encounter.pieces
             if what == "building"]
    made, left_out = setup(encounter.model, encounter.table, [p for _, _, p in encounter.pieces], tables, group,
                           zombies_only, max_turns, leave_out, sites)
    return made, left_out, outcome.report


def playtest_encounter(path: Path, group_file: Path, runs: int = 200, seed: int = 1,
                       policies: list[str] | None = None, out: Path = Path("build/playtest"),
                       max_turns: int = 30, zombies_only: bool = False, gate: Gate | None = None,
                       search: list[Path] | None = None, leave_out: bool = False, jobs: int = 1) -> EncounterResult:
    group, problems = load_group(group_file)
    if group is None:
        return EncounterResult({}, problems=problems)
    made, left_out, problems = encounter_setup(path, group, list(search or []), zombies_only, max_turns, leave_out)
    if made is None:
        return EncounterResult({}, problems=problems)
    names = policies or ["cautious", "aggressive"]
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise UsageError(f"--policy {', '.join(unknown)}: the All Things Zombie bots are {', '.join(BOTS)}")
    if gate is not None and gate.metric != "win_rate":
        raise UsageError("--gate: an encounter is held by win_rate, the share of encounters the group comes home from")
    played: dict[str, dict] = {}
    for name in names:
        tally, stopped = _play(made, name, runs, seed, jobs)
        if tally is not None:
            played[name] = tally
        if stopped:
            break
    finished = sum(p["win_rate"]["games"] for p in played.values())
    if names[0] not in played:  # Ctrl+C before the first policy finished a game: no report
        return EncounterResult({}, interrupted=True)
    report = {"encounter": made.name, "group": group.group.name, "area": made.area, "time": made.time, "runs": runs,
              "seed": seed, "left_out": left_out, "not_played": NOT_PLAYED, "first": names[0],
              "hostiles": bool(made.forces or made.hostiles or made.found), "buildings": bool(made.buildings),
              "captive": next(h.name for h in made.group if h.id == made.raid.captive) if made.raid else None,
              "policies": played, **({"partial": True} if stopped else {})}
    files = write(Path(out), f"{Path(path).stem}-playtest", {
        ".json": json.dumps(report, indent=1, sort_keys=True) + "\n", ".html": html_page(report)})
    return EncounterResult(report, files, gate=None if stopped else gate, interrupted=stopped, finished=finished)


@dataclass(frozen=True)
class Run:
    """One policy's games: the setup and the bot's name go whole with every chunk a worker plays (as the grid
    games' plans do), so a worker keeps nothing between chunks."""

    made: Setup
    bot: str
    seed: int


def play_chunk(run: Run, indices: list[int]) -> list[dict]:
    """The records of the run's games at ``indices``: game i on its own seed, whoever plays it."""
    out = []
    for i in indices:
        game = AtzGame(run.made)
        simulate(game, BOTS[run.bot], random.Random(f"atz:{run.seed}:{i}"))
        out.append(_record(game, i))
    return out


def _record(game: AtzGame, index: int) -> dict:
    ends = {Status.GONE: "came home", Status.OUT_OF_THE_FIGHT: "out of the fight",
            Status.OBVIOUSLY_DEAD: "obviously dead", Status.HUNKERED_DOWN: "hunkered down",
            Status.WHISKED: "whisked to safety", Status.HELD: "held captive", Status.LEFT: "left by another edge"}
    t = game.tally
    state = game.raid
    return {"index": index, "home": game.winner == "humans", "turns": game.round, "limit": game.reason == TURN_LIMIT,
            "members": {h.name: (ends.get(h.status, "on the table"), h.recovered, h.bitten, h.infected, h.flashed,
                                 h.aftermath.value if h.aftermath else None) for h in game.humans if h.on_roster},
            "zombies": (t.zombies_at_start, t.zombies_drawn, t.zombies_killed), "shots": t.shots,
            "hostiles": (t.hostiles, t.hostiles_down, t.tended, t.joined_after), "buildings": (t.buildings_entered, t.zombies_found, game.cleared),
            "found": list(t.found), "met": list(t.met), "bartered": (list(t.bartered), list(t.traded)),
            "captive": (state.found_in is not None, state.freed, raid.rescued(game)) if state is not None else None}


def _play(made: Setup, bot: str, runs: int, seed: int, jobs: int = 1) -> tuple[dict | None, bool]:
    """``runs`` games of ``bot`` added up (None for no game), and whether Ctrl+C stopped them."""
    records, stopped = _records(Run(made, bot, seed), runs, jobs)
    return (_tally(made, records) if records else None), stopped


def _records(run: Run, runs: int, jobs: int) -> tuple[list[dict], bool]:
    """The records of the run's games, the same whatever ``jobs``: with more than one, worker processes (the
    runner's, which die with this one) play chunks of the games. On Ctrl+C, those of the chunks finished by
    then, and True."""
    parts, records = chunks(runs, jobs), []
    try:
        if jobs > 1 and len(parts) > 1:
            with local_pool(min(jobs, len(parts))) as pool:
                for done in windowed(lambda part: pool.submit(play_chunk, run, part), parts, 2 * jobs):
                    records += done
        else:
            for part in parts:
                records += play_chunk(run, part)
    except KeyboardInterrupt:
        return records, True
    return records, False


def _tally(made: Setup, records: list[dict]) -> dict:
    """The games' records added up in the order of their indices: the shares are of the games played."""
    runs = len(records)
    home = limited = 0
    turns: dict[int, int] = {}
    members = {h.name: dict.fromkeys(OUTCOMES + ("recovered", "bitten", "infected", "flash-banged") + AFTER, 0)
               for h in made.group if h.on_roster}
    zombies = {"at start": 0.0, "drawn by noise": 0.0, "killed": 0.0}
    shots = 0
    hostiles = {"rolled up": 0.0, "down": 0.0, "recovered": 0.0, "joined after recovery": 0.0}
    met = dict.fromkeys(MEETINGS, 0)
    inside = {"entered": 0.0, "zombies found": 0.0, "board cleared": 0.0}
    found: dict[str, int] = {}
    bartered: dict[str, dict[str, int]] = {"for": {}, "away": {}}
    held = dict.fromkeys(CAPTIVE, 0)
    for record in sorted(records, key=lambda r: r["index"]):
        for key, value in zip(CAPTIVE, record["captive"] or (), strict=False):
            held[key] += value
        for key, value in zip(inside, record["buildings"], strict=True):
            inside[key] += value
        for item in record["found"]:
            found[item] = found.get(item, 0) + 1
        for way, items in zip(bartered, record["bartered"], strict=True):
            for item in items:
                bartered[way][item] = bartered[way].get(item, 0) + 1
        home += record["home"]
        limited += record["limit"]
        turns[record["turns"]] = turns.get(record["turns"], 0) + 1
        for name, (end, recovered, bitten, infected, flashed, after) in record["members"].items():
            members[name][end] += 1
            if after is not None:
                members[name][after] += 1
            members[name]["recovered"] += recovered
            members[name]["bitten"] += bitten
            members[name]["infected"] += infected
            members[name]["flash-banged"] += flashed
        for key, value in zip(zombies, record["zombies"], strict=True):
            zombies[key] += value
        shots += record["shots"]
        for key, value in zip(hostiles, record["hostiles"], strict=True):
            hostiles[key] += value
        for how in record["met"]:
            met[how] += 1
    low, high = wilson(home, runs)
    return {"win_rate": {"wins": home, "games": runs, "value": round(home / runs, 4), "low": round(low, 4),
                         "high": round(high, 4)},
            "turns": {"mean": round(sum(t * n for t, n in turns.items()) / runs, 3),
                      "counts": {str(t): n for t, n in sorted(turns.items())}},
            "turn_limit": {"turns": made.max_turns, "games": limited},
            "members": members, "zombies": {k: round(v / runs, 3) for k, v in zombies.items()},
            "shots": round(shots / runs, 3), "hostiles": {k: round(v / runs, 3) for k, v in hostiles.items()},
            "buildings": {k: round(v / runs, 3) for k, v in inside.items()},
            "found": {k: round(v / runs, 3) for k, v in sorted(found.items())}, "meetings": met,
            "bartered": {way: {k: round(v / runs, 3) for k, v in sorted(items.items())}
                         for way, items in bartered.items()},
            **({"captive": held} if made.raid is not None else {})}


def html_page(report: dict) -> str:
    """The report as one HTML page with nothing to fetch: a column a policy, then each member's ends."""
    e = html.escape
    pols = report["policies"]

    def row(name: str, cells: list[str]) -> str:
        return f"<tr><th>{e(name)}</th>{''.join(f'<td>{e(c)}</td>' for c in cells)}</tr>"

    def came_home(p: dict) -> str:
        w = p["win_rate"]
        return f"{percent(w['value'])} ({w['wins']}/{w['games']}; {percent(w['low'])} to {percent(w['high'])})"

    rows = [row("came home", [came_home(p) for p in pols.values()]),
            row("turns", [f"{p['turns']['mean']:.1f}" for p in pols.values()]),
            row("stopped at the turn limit", [f"{p['turn_limit']['games']} of {p['win_rate']['games']} "
                                              f"({_turns(p)})" for p in pols.values()])]
    rows += [row(f"zombies {k}", [f"{p['zombies'][k]:.1f}" for p in pols.values()]) for k in next(iter(
        pols.values()))["zombies"]]
    rows += [row("shots", [f"{p['shots']:.1f}" for p in pols.values()])]
    if report.get("hostiles"):
        rows += [row(f"hostile humans {k}", [f"{p['hostiles'][k]:.1f}" for p in pols.values()])
                 for k in ("rolled up", "down", "recovered", "joined after recovery")]
        rows += [row("Meet & Greet", [_meetings(p, p["win_rate"]["games"]) + _bartered(p) for p in pols.values()])] \
            if not report.get("captive") else []
    if report.get("buildings"):
        rows += [row(f"buildings {k}", [f"{p['buildings'][k]:.1f}" for p in pols.values()])
                 for k in ("entered", "zombies found", "board cleared")]
        rows += [row("found a game", [", ".join(f"{k} {v:.2f}" for k, v in p["found"].items()) or "nothing"
                                      for p in pols.values()])]
    if report.get("captive"):
        rows += [row(f"captive {report['captive']} {k}", [f"{p['captive'][k]} of {p['win_rate']['games']}"
                                                          for p in pols.values()]) for k in CAPTIVE]
    for member in next(iter(pols.values()))["members"]:
        rows.append(row(member, [", ".join(f"{k} {percent(v / p['win_rate']['games'])}" for k, v in p["members"][member].items()
                                           if v) for p in pols.values()]))
    head = "".join(f"<th>{e(name)} ({p['win_rate']['games']} games)</th>" for name, p in pols.items())
    title = f"{report['encounter']} with {report['group']}"
    left = "".join(f"<li>{e(item)}</li>" for item in report["left_out"] + report["not_played"])
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{e(title)} playtest</title></head><body>"
            f"<h1>{e(title)}</h1><p>{e(report['area'])}, {e(report['time'])}; seed {report['seed']}"
            f"{e(PARTIAL) if report.get('partial') else ''}.</p>"
            f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table><h2>Left out</h2><ul>{left}</ul></body></html>\n")
