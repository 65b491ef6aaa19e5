"""The Raid: a member of the group held in an opposing settlement, its buildings, who is in them, and his rescue.

Seed lines (004): the settlement's class rolled once before the Raid on
Raid: Who They Are (2352-2365, the pack's `raid-who`), the figures rolled up
on its list (``hostiles.of_class``); 2 + 1d6 buildings on the table (2380);
on entering each one 1d6, a 1 finding the member there, else he is in the
last building (2381); the member is unarmed and may not activate until a
member of the group contacts him (2382); 2d6 on the Raid Occupants Table on
entering any building (2383-2399, `raid-occupants`, by time of day), and 1d6
on the Awareness Table when hostile humans are there, until the shooting
starts (2401-2419, `awareness`); once it starts, the Raid Occupants Table for
each building not entered, as if one figure entered it, all those found
exiting to attack the group (2421). No zombies are found in buildings (2375):
the Raid Occupants Table finds only people.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from ...tables.roll import pick
from ...tables.table import Table
from ...tabletop import Sight
from ..core import Board, Choice, Context, facing_towards
from . import hostiles, insight
from .buildings import Site, inside_spots, place_inside
from .dice import TableDice, roll_amount
from .reactions import D6, Do, Test, do, group_test
from .state import HOSTILES, Human, Status

if TYPE_CHECKING:
    from .game import AtzGame

OCCUPANTS, AWARENESS = "raid-occupants", "awareness"
FOUND_ON = 1  # the face of the 1d6 that finds the captive in the building entered (line 2381)
CONTACT = 1  # inches between bases that count as contact: as the Recovery test's (line 1351)
ALARM_ENTERING = 1  # "counting as if one figure has entered the building" (line 2421)


class Occupancy(str, Enum):
    """The Raid Occupants Table's results (lines 2392-2399): how many are inside, by those entering."""

    EMPTY = "empty"
    ONE = "one"
    ONE_LESS = "one less"
    SAME = "same"
    ONE_MORE = "one more"
    TWICE = "twice"


class Awareness(str, Enum):
    """The Awareness Table's results (lines 2414-2419)."""

    AMBUSHED = "ambushed"
    EXTRA_DIE = "in sight with an additional d6"
    IN_SIGHT = "in sight"
    ACTIVATION = "activation rolled normally"
    UNAWARE = "caught unaware"


#: The words of each table's results, read in this order (the first that a row's text holds).
OCCUPANCY_WORDS = ((Occupancy.EMPTY, "building is empty"), (Occupancy.ONE_LESS, "one less human"),
                   (Occupancy.ONE_MORE, "one more human"), (Occupancy.TWICE, "twice as many"),
                   (Occupancy.SAME, "same number"), (Occupancy.ONE, "one human inside"))
AWARENESS_WORDS = ((Awareness.AMBUSHED, "ambushed"), (Awareness.EXTRA_DIE, "with an additional d6"),
                   (Awareness.IN_SIGHT, "in sight test normally"),
                   (Awareness.ACTIVATION, "activation is rolled normally"), (Awareness.UNAWARE, "caught unaware"))


@dataclass(frozen=True)
class Raid:
    """What a Raid is played with: the member held (his id), how many of the buildings stand (dice, the
    seed's 2 + 1d6; None: all of them), and the tables of who is inside and how aware they are."""

    captive: str
    buildings: str | None = None
    occupants: str = OCCUPANTS
    awareness: str = AWARENESS


@dataclass
class State:
    """What one Raid came to so far: the settlement's class (and the military's unit), the building the
    captive was found in, whether a member has contacted him, and whether the shooting has started."""

    settlement: str = ""
    unit: dict[str, str | int] = field(default_factory=dict)
    found_in: str | None = None
    freed: bool = False
    shooting: bool = False


def occupancy(text: str) -> Occupancy | None:
    low = text.lower()
    return next((o for o, words in OCCUPANCY_WORDS if words in low), None)


def awareness(text: str) -> Awareness | None:
    low = text.lower()
    return next((a for a, words in AWARENESS_WORDS if words in low), None)


def unread(tables: Mapping[str, Table]) -> list[str]:
    """Each row of the Raid's tables the engine cannot read, by name (never a silent wrong answer)."""
    out = []
    for tid, read in ((OCCUPANTS, occupancy), (AWARENESS, awareness)):
        if tid not in tables:
            out.append(f"the table atz/{tid}")
            continue
        for row in tables[tid].rows:
            said = row.result(None)
            if said is None or read(said.text) is None:
                out.append(f"the row {row.key.text} of table atz/{tid}")
    return out


def inside(result: Occupancy, entering: int) -> int:
    """How many hostile humans a result puts inside, for ``entering`` figures of the group (2392-2399)."""
    return {Occupancy.EMPTY: 0, Occupancy.ONE: 1, Occupancy.ONE_LESS: max(1, entering - 1),
            Occupancy.SAME: entering, Occupancy.ONE_MORE: entering + 1, Occupancy.TWICE: 2 * entering}[result]


def hold(h: Human) -> None:
    """The member held: unarmed (line 2382), off the table until he is found."""
    h.weapon, h.grenades = None, False
    h.status, h.on_table = Status.HELD, False


def captive(game: AtzGame) -> Human | None:
    raid = game.setup.raid
    found = game.figure(raid.captive) if raid is not None else None
    return found if isinstance(found, Human) else None


# --- the start: the buildings standing and the settlement's class ------------------------------------------

def begin(game: AtzGame, ctx: Context) -> None:
    """Before the first turn: how many buildings stand (2 + 1d6, line 2380: the first so many the encounter
    places), then the settlement's class on its Who They Are table (line 2352), rolled once for every
    building."""
    raid, state = game.setup.raid, game.raid
    if raid is None or state is None:
        return
    if raid.buildings is not None:
        count = roll_amount(raid.buildings, ctx, "the Raid: how many buildings")
        game.setup = game.setup.standing(count)
        game.visits = {s.id: game.visits[s.id] for s in game.setup.buildings}
        game.log_line(f"{raid.buildings}: {count} buildings on the table (line 2380): "
                      + ", ".join(s.id for s in game.setup.buildings))
    who = game.setup.found
    if who is not None:
        state.settlement, total = hostiles.class_of(game, who, TableDice(ctx))
        state.unit = hostiles.unit_of(ctx, state.settlement)
        game.log_line(f"The settlement is {state.settlement} (table {who.who}: {total}, line 2352)")


# --- entering a building ------------------------------------------------------------------------------

def entered(game: AtzGame, ctx: Context, group: list[Human]) -> None:
    """After a group's activation: a captive a member stands in contact with is freed (line 2382); each
    building a member of the group now stands in and none had entered is entered, by all of them inside."""
    if game.setup.raid is None:
        return
    free_by_contact(game)
    for site in game.setup.buildings:
        if game.visits[site.id].entered:
            continue
        there = [h for h in game.on_table(group) if h.status is Status.CARRY_ON and site.holds(h.position)]
        if there and not game._ended():
            enter(game, ctx, site, there)


def enter(game: AtzGame, ctx: Context, site: Site, there: list[Human]) -> None:
    """The group enters ``site`` with ``there``: 1d6 for the captive (line 2381), then, unless the shooting
    has rolled it already, 2d6 on Raid Occupants (2383) and, with hostiles inside before the shooting starts,
    1d6 on Awareness (2403)."""
    visit = game.visits[site.id]
    visit.entered = True
    game.tally.buildings_entered += 1
    look_for(game, ctx, site, there[0])
    if visit.rolled:
        game.log_line(f"{site.id}: its Raid Occupants were rolled when the shooting started (line 2421)")
        return
    found = occupants(game, ctx, site, len(there), there[0])
    if found and not shooting(game):
        aware(game, ctx, found, there)


def look_for(game: AtzGame, ctx: Context, site: Site, by: Human) -> None:
    """1d6 on entering: on a 1 the captive is there; not found before the last building, he is in it (2381)."""
    held = captive(game)
    state = game.raid
    if held is None or state is None or state.found_in is not None:
        return
    last = all(game.visits[s.id].entered for s in game.setup.buildings)
    if last:
        game.log_line(f"{site.id} is the last building: {held.name} is held there (line 2381)", by.id)
    else:
        face = ctx.roll(f"the Raid: is {held.name} held in {site.id}? d6", D6, by.id)
        game.log_line(f"{by.name} looks for {held.name} in {site.id}: {face}"
                      + (": he is there (line 2381)" if face == FOUND_ON else ": not here"), by.id)
        if face != FOUND_ON:
            return
    state.found_in = site.id
    spots = inside_spots(game, site, by)
    held.position = spots[0] if spots else site.middle
    held.on_table = True
    if held.position != by.position:
        held.facing = facing_towards(held.position, by.position)


def occupants(game: AtzGame, ctx: Context, site: Site, entering: int, by: Human) -> list[Human]:
    """2d6 on the Raid Occupants Table by time of day (2383-2399) for ``entering`` figures: the hostile
    humans inside, of the settlement's class, standing inside facing ``by``."""
    raid, state = game.setup.raid, game.raid
    assert raid is not None and state is not None
    game.visits[site.id].rolled = True
    picked = pick(game.setup.table(raid.occupants), {"time": game.setup.time}, TableDice(ctx))
    said = picked.row.result(None) if picked.row is not None else None
    result = occupancy(said.text) if said is not None else None
    assert result is not None  # every row is read: ``unread`` refuses the Raid otherwise
    count = inside(result, entering)
    for line in picked.lines:
        game.log_line(f"{site.id}: {line}", by.id)
    game.log_line(f"{site.id}: {said.text if said else ''} ({entering} entering): {count} hostile humans inside",
                  by.id)
    if count and not state.settlement:
        game.log_line(f"{count} hostile humans in {site.id} are left out (the encounter's hostile humans are not "
                      "played)")
    if count == 0 or not state.settlement:
        return []
    game.visits[site.id].occupied = True
    held = captive(game)
    spots = [p for p in inside_spots(game, site, by)
             if held is None or not held.on_table or p.squared_distance(held.position) >= 1]
    rolled = hostiles.of_class(game, ctx, state.settlement, state.unit, count, site.middle)
    place_inside(game, rolled, spots, by)
    return rolled


def shooting(game: AtzGame) -> bool:
    """The shooting has started: a shot has been fired (line 2405)."""
    return game.tally.shots > 0


# --- Enemy Awareness --------------------------------------------------------------------------------

def aware(game: AtzGame, ctx: Context, found: list[Human], there: list[Human]) -> None:
    """1d6 on the Awareness Table by time of day (2403-2419): ambushed, the enemy fires on a free turn of
    activation without In Sight; In Sight with a d6 more, or normally, on those who entered; activation as
    normal; or caught unaware, a free turn of activation for the group."""
    raid = game.setup.raid
    assert raid is not None
    picked = pick(game.setup.table(raid.awareness), {"time": game.setup.time}, TableDice(ctx))
    said = picked.row.result(None) if picked.row is not None else None
    result = awareness(said.text) if said is not None else None
    assert result is not None  # every row is read: ``unread`` refuses the Raid otherwise
    for line in picked.lines:
        game.log_line(line)
    game.log_line(f"Awareness: {said.text if said else ''}")
    if result is Awareness.AMBUSHED:
        hostiles.free_turn(game, ctx, [h for h in found if h.on_table and h.status is Status.CARRY_ON])
    elif result in (Awareness.EXTRA_DIE, Awareness.IN_SIGHT):
        in_sight(game, ctx, found, there, extra=result is Awareness.EXTRA_DIE)
    elif result is Awareness.UNAWARE:
        game.log_line("A free turn of activation for the group (line 2419)")
        game._humans(ctx, 1)


def in_sight(game: AtzGame, ctx: Context, found: list[Human], there: list[Human], extra: bool) -> None:
    """In Sight for those found who see one who entered (line 836), one roll for them (826), with an
    additional d6 when the table says so (2415): fire or snap fire at the nearest they can, not fire, or
    retire; out of ammo or range a pass 2d6 ducks back (as ``hostiles.in_sight_of``)."""
    watchers = [o for o in game.on_table(found) if o.status is Status.CARRY_ON
                and any(game.sees(o, h) is not Sight.BLOCKED for h in there)]
    if not watchers:
        return
    passed = group_test(ctx, game._reaction_tables(), watchers, Test.IN_SIGHT, game.leader(HOSTILES),
                        game._say(None), game.heroes, extra=int(extra))
    for o in watchers:
        if o.status is not Status.CARRY_ON:
            continue
        result = do(o, Test.IN_SIGHT, passed[o.id])
        able = [h for h in there if h.status in (Status.CARRY_ON, Status.HUNKERED_DOWN)
                and hostiles.can_fire_at(game, o, h)]
        target = min(able, key=lambda h: (o.position.distance(h.position), h.id)) if able else None
        if result is Do.RETIRE:
            game._retire(ctx, o, there[0].position)
        elif result in (Do.FIRE, Do.FIRE_WITHIN_6, Do.SNAP_FIRE) and target is not None:
            game._fire(ctx, o, target, snap=result is Do.SNAP_FIRE)
        elif result in (Do.FIRE, Do.FIRE_WITHIN_6) and o.weapon is not None and o.weapon.ranged:
            game.duck_back(ctx, o, there[0].position, "out of ammo or range", passed[o.id])


# --- the shooting starts --------------------------------------------------------------------------------

def alarm(game: AtzGame, ctx: Context) -> None:
    """Once the shooting starts, Raid Occupants for each building not rolled yet, as if one figure entered it;
    all the hostile humans in them exit and attack the group (line 2421: they stand inside and come out on
    their activation, as ``hostiles`` plays them)."""
    state = game.raid
    if state is None or state.shooting or not shooting(game):
        return
    state.shooting = True
    game.log_line("The shooting has started: Raid Occupants for each building not entered, as if one figure "
                  "entered it; those inside exit and attack (line 2421)")
    group = game.on_table(game.humans)
    for site in game.setup.buildings:
        if game.visits[site.id].rolled or not group:
            continue
        nearest = min(group, key=lambda h: (site.outline.distance(h.position.point), h.id))
        occupants(game, ctx, site, ALARM_ENTERING, nearest)


# --- the captive: contact and rescue ----------------------------------------------------------------------

def options(game: AtzGame, h: Human) -> list[Choice]:
    """Going to the captive, once he is found and while he is held."""
    held = captive(game)
    if held is None or not held.on_table or held.status is not Status.HELD or h is held:
        return []
    return [Choice(("free", held.id), f"go to {held.name}, held captive, and free him")]


def go_free(game: AtzGame, h: Human, cid: str, turn: insight.Activation) -> None:
    """A normal move towards the captive, into contact if it reaches (line 2382), watched for In Sight by the
    enemies it comes into the view of (``insight``, line 882)."""
    held = game.figure(cid)
    with insight.watched(game, h, turn):
        game._move_towards(h, held.position, 8, stop=float(h.base.radius + held.base.radius))
    free_by_contact(game)


def free_by_contact(game: AtzGame) -> None:
    """The captive, once a member of the group carrying on stands in contact with him, is free to activate
    from the group's next activation on (line 2382), still unarmed."""
    held, state = captive(game), game.raid
    if held is None or state is None or not held.on_table or held.status is not Status.HELD:
        return
    by = next((m for m in game.on_table(game.humans) if m.status is Status.CARRY_ON
               and Board.within(m, held, CONTACT)), None)
    if by is None:
        return
    held.status, state.freed = Status.CARRY_ON, True
    game.log_line(f"{by.name} contacts {held.name}: he is free and may activate from now on, unarmed "
                  "(line 2382)", held.id)


def rescued(game: AtzGame) -> bool:
    """The captive was freed and left the table by the far edge, walking or carried (the goal's reading)."""
    held = captive(game)
    return held is not None and game.raid is not None and game.raid.freed and held.status is Status.GONE
