"""What the engine plays of an encounter, and the setup a game of it starts from.

The engine plays the group against the zombies on the encounter's table: the
buildings stand as terrain, the vehicles may be driven (``driving``), the zombies start as the encounter
places them or as its area draws them (seed 004, lines 1746-1750), and the
group comes home by leaving by the far table edge. Hostile humans a force
gives by dice and a Who They Are table are rolled up at the start and fight
(``hostiles``). Animals listed with the class they react as play with the group. The Raid
(``raid``) is played whole: its buildings, who is in them, the captive and his rescue.
Anything else the encounter names (hostile humans without a
number and no building to find them in, other animals, triggers other than
entering and searching buildings and the Raid's, its special instructions
but zombies only from shooting, "The Car Won't Start!" and the Raid's, goals other than escaping,
clearing the board and the Raid's rescue) is refused by name
before any game, unless the caller
asks to leave it out (``leave_out``) or to play the zombies only, when the same
names are reported as left out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

from shapely.geometry import Polygon

from ...errors import ZwarError
from ...model.atz import EncounterDoc, Force, GroupDoc, Member
from ...tables.dice import DiceError, parse
from ...tables.table import Table
from ...tabletop import PlacedPiece, Position, inches
from ...tabletop import Table as Tabletop
from ..core import Board, facing_towards
from . import hostiles, meeting, outgunned, raid, vehicles
from .buildings import Site
from .game import NORMAL_MOVE, TABLES, Setup
from .state import HostileForce, Human, Klass, Zombie
from .weapons import weapon

ATTRIBUTES = ("born-leader", "poser", "slow-to-react", "stone-cold", "athlete", "wuss")


class CannotPlay(ZwarError):
    """An encounter or group with parts the engine does not play, each named."""

    def __init__(self, what: str, missing: list[str]) -> None:
        self.what, self.missing = what, missing
        super().__init__(f"cannot play {what}: the engine does not play " + "; ".join(missing))

    def lines(self) -> list[str]:
        return [f"cannot play {self.what}: the engine does not play these:"] + [f"  - {m}" for m in self.missing]


#: The tables of the triggers the engine plays: entering a building (What's Inside?, line 2480) and
#: searching one (the Resource Table, line 2625).
ENTERING, SEARCHING = "whats-inside", "resources"


def playable(force: Force) -> bool:
    """A force of hostile humans the engine rolls up: a number by dice and a Who They Are table."""
    return force.side == "humans" and force.count is not None and force.table is not None and not force.figures


#: The class words a listed figure `reacts_as`.
REACTS = {"Civilians": Klass.CIVILIAN, "Gangers": Klass.GANGER, "Military": Klass.MILITARY,
          "Survivors": Klass.SURVIVOR}


def animals_played(force: Force) -> bool:
    """Animals the engine plays with the group: listed, each with the class it reacts as and only weapons the
    engine knows (ATM Adventure's dogs "melee, move, and take Reactions like survivors", line 2234)."""
    return force.side == "animals" and bool(force.figures) and all(
        f.reacts_as in REACTS and all(weapon(w) is not None for w in f.weapons) for f in force.figures)


def animals(model: EncounterDoc, start: int) -> list[Human]:
    """The animals of the group, numbered on from ``start``: where their force stands, 2" apart, facing the
    first zombies placed; they react as their class, never lead, recover or carry a friend."""
    aim = next((Position.of(*f.at) for f in model.forces if f.side == "zombies" and f.at), None)
    out: list[Human] = []
    for force in model.forces:
        if not animals_played(force) or force.at is None:
            continue
        for k, fig in enumerate(force.figures):
            at = Position.of(force.at[0] + 2 * k, force.at[1])
            arms = [w for w in (weapon(n) for n in fig.weapons) if w is not None]
            out.append(Human(f"h{start + len(out) + 1}", fig.name, "humans", at,
                             facing=facing_towards(at, aim) if aim is not None and aim != at else Fraction(0),
                             rep=fig.rep or 4, klass=REACTS[str(fig.reacts_as)], weapon=arms[0] if arms else None,
                             animal=True))
    return out


def _played(model: EncounterDoc, instruction: str) -> bool:
    """A special instruction the engine plays: the animals' "take Reactions like survivors" (line 2234), when
    the encounter's animals say so with their `reacts_as` and are played."""
    said = re.search(r"\btake reactions like (civilians|gangers|military|survivors)\b", instruction, re.IGNORECASE)
    return said is not None and any(animals_played(f) and f.at is not None for f in model.forces)


def _table(ref: str | None) -> str:
    return str(ref).split("/")[-1]


def entering(model: EncounterDoc) -> bool:
    """The encounter rolls What's Inside? when a building is entered, and has buildings to enter."""
    return bool(model.buildings) and any(_table(t.table) == ENTERING for t in model.triggers)


def raiding(model: EncounterDoc) -> bool:
    """The encounter is a Raid: it has buildings, and rolls Raid Occupants when one is entered (line 2383)."""
    return bool(model.buildings) and any(_table(t.table) == raid.OCCUPANTS for t in model.triggers)


def found_inside(model: EncounterDoc, force: Force) -> bool:
    """A force of hostile humans with no number, found when a building is entered (Discover, Take Back; the
    Raid's settlement)."""
    return force.side == "humans" and force.count is None and force.table is not None and not force.figures \
        and (entering(model) or raiding(model))


def _played_trigger(model: EncounterDoc, table: str | None) -> bool:
    return (entering(model) and _table(table) in (ENTERING, SEARCHING)) or \
        (raiding(model) and _table(table) in (raid.OCCUPANTS, raid.AWARENESS))


#: The words of the Raid's special instructions the engine plays (``raid``): no zombies in the buildings (line
#: 2375: the Raid Occupants Table finds people only), the captive found on a 1 or in the last building (2381),
#: unarmed and not activating until contacted (2382). Its 2 + 1d6 buildings are ``standing``.
RAID_SPECIAL = ("there will not be any zombies found in any building", "your group member is there",
                "may not activate until contacted")


def standing(model: EncounterDoc, text: str) -> str | None:
    """The dice of "There will be 2 + 1d6 buildings on the table" (line 2380), when the encounter places as
    many buildings as they can roll (the first so many stand); None otherwise."""
    said = re.search(r"there will be (.+?) buildings on the table", text, re.IGNORECASE)
    if said is None or not raiding(model):
        return None
    try:
        most = max(parse(said.group(1)).dist())
    except DiceError:
        return None
    return said.group(1) if most <= len(model.buildings) else None


def _raid_special(model: EncounterDoc, text: str) -> bool:
    return raiding(model) and (any(w in text.lower() for w in RAID_SPECIAL) or standing(model, text) is not None)


def _played_special(model: EncounterDoc, text: str) -> bool:
    """A special instruction the engine plays: zombies only from shooting (the Raid, line 2376); the
    encounter over when every building is searched and no foe is on the table (Take Back, line 2463)."""
    noise = any(f.side == "zombies" and _table(f.table) == "zombies-from-noise" for f in model.forces)
    wont_start = "the car won't start" in text.lower() and any(v.wont_start for v in model.vehicles)  # line 1456
    return (noise and "only be generated from shooting" in text) or (entering(model) and clears(text)) or \
        wont_start or _raid_special(model, text)


def clears(text: str) -> bool:
    """Whether a special instruction ends the encounter once the board is cleared (Take Back, line 2463)."""
    return "all the buildings have been searched" in text


def _played_goal(model: EncounterDoc, text: str) -> bool:
    """A goal the engine plays: escaping, clearing the board where the encounter ends so, or the Raid's rescue
    (the captive freed and off the far edge, ``raid.rescued``)."""
    cleared = entering(model) and any(clears(s) for s in model.encounter.special)
    return "escape" in text.lower() or (cleared and text.lower().startswith("clear the board")) or \
        (raiding(model) and text.lower().startswith("rescue"))


def unplayed(model: EncounterDoc, zombies_only: bool = False) -> list[str]:
    """The parts of an encounter the engine does not play, by name; ``zombies_only``: hostile humans too."""
    out = []
    for i, f in enumerate(model.forces):
        if f.side == "animals" and not (animals_played(f) and f.at is not None):
            out.append(f"force {i + 1} (animals): {f.text or 'animals'} (each needs `reacts_as`, weapons the "
                       "engine knows and the force's `at`)")
        elif f.side == "humans" and zombies_only:
            out.append(f"force {i + 1} (humans): {f.text or 'hostile humans'} (--zombies-only)")
        elif f.side == "humans" and not playable(f) and not found_inside(model, f):
            why = "listed figures" if f.figures else "no number of them, and no building to find them in"
            out.append(f"force {i + 1} (humans): {f.text or 'hostile humans'} ({why})")
    out += [f"trigger {i + 1}: {t.when}" for i, t in enumerate(model.triggers) if not _played_trigger(model, t.table)]
    out += [f"special instruction: {s}" for s in model.encounter.special 
            if not (_played_special(model, s) or _played(model, s))]
    out += [f"goal: {g}" for g in model.encounter.goal if not _played_goal(model, g)]
    return out


def setup(model: EncounterDoc, table: Tabletop, pieces: Sequence[PlacedPiece], tables: Mapping[str, Table],
          group: GroupDoc, zombies_only: bool = False, max_turns: int = 30,
          leave_out: bool = False, sites: Sequence[Site] = ()) -> tuple[Setup, list[str]]:
    """The setup of a game of ``model`` with ``group``, and what is left out (``leave_out``, or with the
    hostile humans ``zombies_only``); CannotPlay naming every part the engine does not play otherwise, or a
    table or weapon it does not know."""
    name = f"encounter {model.encounter.id}"
    left_out = unplayed(model, zombies_only)
    forces = [] if zombies_only else [HostileForce(f.count or "0", str(f.table).split("/")[-1],
                                                   tuple(sorted(f.context.items())),
                                                   Position.of(*f.at) if f.at else None)
                                      for f in model.forces if playable(f)]
    missing = [f"the table atz/{t}" for t in TABLES if t not in tables]
    found = None if zombies_only else next((HostileForce("0", _table(f.table), tuple(sorted(f.context.items())))
                                            for f in model.forces if found_inside(model, f)), None)
    missing += [f"the table atz/{t}" for f in forces + ([found] if found else []) for t in hostiles.tables_for(f)
                if t not in tables]
    inside = (ENTERING, SEARCHING, "weapons") if entering(model) else (SEARCHING, "weapons") if raiding(model) else ()
    missing += [f"the table atz/{t}" for t in inside if t not in tables]
    missing += raid.unread(tables) if raiding(model) else []
    held = captive_of(group, missing) if raiding(model) else None
    missing += outgunned.unranked(tables)
    missing += [f"the table atz/{t}" for t in meeting.TABLES if (forces or found) and t not in tables]
    members = place(group.members, table, missing)
    if held is not None:
        raid.hold(members[held])
    members += animals(model, len(members))
    cars, board_pieces, strays = _vehicles(model, pieces, members)
    left_out += strays
    if left_out and not (zombies_only or leave_out):
        hint = "(--leave-out plays the rest and lists these as left out; --zombies-only leaves out hostile humans too)"
        raise CannotPlay(name, [*left_out, hint])
    if missing:
        raise CannotPlay(name, missing)
    area = group.group.area or model.encounter.areas[0]
    time = group.group.time or model.encounter.times[0]
    wrong = [f"area {area} (it is played in {', '.join(model.encounter.areas)})"] \
        if area not in model.encounter.areas else []
    wrong += [f"time {time} (it is played at {', '.join(model.encounter.times)})"] \
        if time not in model.encounter.times else []
    if wrong:
        raise CannotPlay(name, wrong)
    strange = [w for f in forces + ([found] if found else []) for w in hostiles.unknown(f, tables, area)]
    if strange:
        raise CannotPlay(name, strange)
    placed: list[Zombie] = []
    for force in model.forces:
        if force.side == "zombies" and force.table is None and force.count is not None and force.count.isdigit():
            at = Position.of(*(force.at or [float(table.width) / 2, float(table.depth) / 2]))
            for k in range(int(force.count)):
                placed.append(Zombie(f"z{len(placed) + 1}", f"zombie z{len(placed) + 1}", "zombies",
                                     Position(at.x + 2 * k, at.y), facing=Fraction(180)))
    board = Board(table, board_pieces)
    noise_only = any(f.side == "zombies" and str(f.table).split("/")[-1] == "zombies-from-noise" for f in model.forces)  # generated only by shooting (Raid, line 2376)
    count = next((c for s in model.encounter.special if (c := standing(model, s)) is not None), None)
    return Setup(board, area, time, tables, tuple(members), tuple(placed), max_turns, name, draw=not noise_only,
                 forces=tuple(forces), buildings=tuple(sites) if entering(model) or raiding(model) else (),
                 entering=ENTERING if entering(model) else None, found=found,
                 clear_board=entering(model) and any(clears(s) for s in model.encounter.special),
                 meet=bool(forces), vehicles=tuple(cars), day=group.group.day,
                 raid=raid.Raid(members[held].id, count) if held is not None else None), left_out


def captive_of(group: GroupDoc, missing: list[str]) -> int | None:
    """The index of the member a Raid holds (line 2380): the one the group file names (`captive`), else the
    lowest Rep who is not the Star, the last listed among equals (the engine's reading: the Star leads the
    raid). A group of one, or a name no member has, is added to ``missing``."""
    members = group.members
    named = group.group.captive
    if len(members) < 2:
        missing.append("a Raid with a group of one: a member is held and another rescues him (line 2339)")
        return None
    if named is not None:
        found = next((i for i, m in enumerate(members) if m.name == named), None)
        if found is None:
            missing.append(f"the captive `{named}` (no member of the group has that name)")
        return found
    others = [i for i, m in enumerate(members) if not m.star] or list(range(len(members)))
    return min(others, key=lambda i: (members[i].rep, -i))


def _vehicles(model: EncounterDoc, pieces: Sequence[PlacedPiece],
              members: Sequence[Human]) -> tuple[list[vehicles.Vehicle], list[PlacedPiece], list[str]]:
    """The encounter's vehicles, to be driven, and the pieces left as terrain (its buildings): the pieces
    are the buildings then the vehicles, in source order. A vehicle with no `vehicle` type stays terrain.
    A vehicle stands as a round base as wide as it is,
    about its centre, facing its front (its `rotation`); its crew sit in it, the first its driver; a crew
    member not in the group is named (it starts outside)."""
    if not model.vehicles or len(pieces) != len(model.buildings) + len(model.vehicles):
        return [], list(pieces), []
    cars, strays, terrain = [], [], list(pieces[:len(model.buildings)])
    by_name = {h.name: h for h in members}
    for item, piece in zip(model.vehicles, pieces[len(model.buildings):], strict=True):
        if item.vehicle is None:  # no type on the Vehicle List: terrain, never driven
            terrain.append(piece)
            continue
        shape = Polygon([(float(x), float(y)) for x, y in piece.corners])
        (x0, y0), (x1, y1), (x2, y2) = [(float(x), float(y)) for x, y in piece.corners[:3]]
        width = min(math.hypot(x1 - x0, y1 - y0), math.hypot(x2 - x1, y2 - y1))
        at = Position(inches(round(shape.centroid.x, 3)), inches(round(shape.centroid.y, 3)))
        v = vehicles.vehicle(item.id, item.id, vehicles.Type(item.vehicle), at,
                             Fraction(item.rotation).limit_denominator(10**6) % 360, width)
        v.keys, v.wont_start, v.running, v.speed = item.keys, item.wont_start, item.running, float(item.speed)
        for who in item.crew:
            if who in by_name and len(v.crew) < v.kind.seats:
                v.crew.append(by_name[who].id)
            else:
                strays.append(f"vehicle {item.id}: its crew member {who} is not in the group (starts outside it)")
        if v.crew or v.running:  # the group's own, or running: it works (only vehicles found are tried, 1428)
            v.working = vehicles.Working.WORKS
        cars.append(v)
    return cars, terrain, strays


def place(members: Sequence[Member], table: Tabletop, missing: list[str]) -> list[Human]:
    """The group's figures, one full move onto the table from the bottom edge (line 1744), 2" apart in rows
    across the table; a weapon the engine does not know is added to ``missing``."""
    out = []
    across = max(1, int(table.width // 2) - 1)  # a row of figures 2" apart, further rows 2" behind
    for i, m in enumerate(members):
        row, count = divmod(i, across)[0], min(across, len(members) - i // across * across)
        known = [w for w in (weapon(n) for n in m.weapons) if w is not None]
        arms = [w for w in known if w.name != "Flash Bang Grenade"]
        missing += [f"the weapon `{n}` of {m.name}" for n in m.weapons if weapon(n) is None]
        x = table.width / 2 + 2 * (i % across - (count - 1) / 2)
        klass = Klass.MILITARY if m.klass == "police" else Klass(m.klass)  # police react as Military (594)
        attribute = next((a for a in m.attributes if a in ATTRIBUTES), "none")
        ranged = [w for w in arms if w.ranged]  # the first ranged weapon is the one it fires
        out.append(Human(f"h{i + 1}", m.name, "humans", Position(Fraction(x), table.depth - NORMAL_MOVE + 2 * row),
                         rep=m.rep, klass=klass, star=m.star, weapon=ranged[0] if ranged else arms[0] if arms else None,
                         attribute=attribute, protected=m.protected, leader=m.star,
                         zombies_seen=m.zombies_seen, grenades=len(arms) < len(known),
                         transporter="transporter" in m.attributes))
    return out
