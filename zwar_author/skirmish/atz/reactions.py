"""The Reaction Tests: the group's 2d6 read by each figure against its Rep, through the pack's tables.

Seed lines (004): how to take a test 824-826, the Leader Die 718-720, Free
Will 413-426, Heroes All 941-955, passing dice 291-302; the results are the
class tables' rows (lines 4275-4344), which ``RESULTS`` reads into what the
engine does, each checked against the row's words by tests/test_atz_engine.py.
"""

from __future__ import annotations

from enum import Enum

from ...tables.table import Table
from ..core import Choice, Context
from .state import Human, Klass

D6 = (1, 2, 3, 4, 5, 6)


class Test(str, Enum):
    """The tests the engine takes, as the tables' `test` column names them."""

    FAST_MOVE = "fast-move"
    IN_SIGHT = "in-sight"
    RECEIVED_FIRE = "received-fire"
    WANTING_TO_CHARGE = "wanting-to-charge"
    BEING_CHARGED = "being-charged"
    RALLY = "rally"
    MAN_DOWN = "man-down"
    LEADER_LOST = "leader-lost"
    RECOVER = "recover-from-knock-down"
    ZED_OR_NO_ZED = "zed-or-no-zed"
    SEE_THE_FEAST = "see-the-feast"
    SANITY = "sanity"


class Do(str, Enum):
    """What a result makes a figure do."""

    FIRE = "fire"
    FIRE_WITHIN_6 = "fire, holding fire against zombies over 6 inches"  # lines 4280, 4298
    SNAP_FIRE = "snap fire"
    NO_FIRE = "may not fire"
    FIRE_AND_MELEE = "fire and melee"
    SNAP_AND_MELEE = "snap fire and melee"
    MELEE = "melee without firing"
    CARRY_ON = "carry on"
    HALT = "halt"
    DUCK_BACK_IF_ALONE = "duck back if no other carries on within 4 inches"
    RETIRE = "retire"
    HUNKER_DOWN = "hunker down"
    CARRY_ON_IN_COVER = "carry on if in cover, otherwise retire"
    IN_COVER_OR_HUNKER = "carry on if in cover, otherwise hunker down"
    STUNNED = "stunned"
    OUT_UNLESS_PROTECTED = "stunned if wearing body armor, otherwise out of the fight"
    OBVIOUSLY_DEAD = "obviously dead"
    MOVE_2X = "move up to twice the normal distance"
    MOVE_1_5X = "move up to 1.5 times the normal distance"
    MOVE_1_5X_OR_NORMAL = "in cover move normally, others up to 1.5 times"
    MOVE_NORMAL = "move up to the normal distance"
    MOVE_NORMAL_OR_STAY = "in cover stay in place, others move normally"
    DUCK_BACK_AND_SANITY = "duck back and take the Sanity test"
    RETIRE_AND_SANITY = "retire and take the Sanity test"
    NEVER_RALLY = "hunker down and never rally"
    CHARGE = "charge into melee"
    ZOMBIE_CHARGES = "the zombie charges: the Being Charged test"
    ZOMBIE_CHARGES_IN = "the zombie charges into melee adding 2d6"
    CHARGE_UNLESS_IN_COVER = "in cover snap fire instead, others charge into melee"
    HALT_NO_FIRE = "halt and may not fire"
    IN_COVER_SNAP_OR_HALT = "in cover snap fire instead, others halt and may not fire"
    RETURN_FIRE = "outgunned duck back, others return fire"  # Received Fire, lines 4281, 4299
    SNAP_BACK = "outgunned duck back, others snap fire"  # lines 4317, 4335
    COVER_SNAP = "in cover snap fire, others duck back"
    COVER_FIRE = "in cover fire, others duck back"
    DUCK_BACK = "duck back"


S, M, C, G = Klass.SURVIVOR, Klass.MILITARY, Klass.CIVILIAN, Klass.GANGER
#: (pass 2d6, pass 1d6, pass 0d6) by class and test, as the class tables print them (lines 4279-4341).
RESULTS: dict[tuple[Klass, Test], tuple[Do, Do, Do]] = {}
for _k in Klass:
    RESULTS[(_k, Test.BEING_CHARGED)] = (Do.SNAP_AND_MELEE if _k is G else Do.FIRE_AND_MELEE, Do.MELEE, Do.RETIRE)
    RESULTS[(_k, Test.MAN_DOWN)] = (Do.CARRY_ON, Do.DUCK_BACK_IF_ALONE, Do.RETIRE)
    RESULTS[(_k, Test.RECOVER)] = (Do.STUNNED, Do.OUT_UNLESS_PROTECTED, Do.OBVIOUSLY_DEAD)
    RESULTS[(_k, Test.SEE_THE_FEAST)] = (Do.CARRY_ON, Do.DUCK_BACK_AND_SANITY, Do.RETIRE_AND_SANITY)
    RESULTS[(_k, Test.SANITY)] = (Do.STUNNED, Do.HUNKER_DOWN, Do.NEVER_RALLY)
    RESULTS[(_k, Test.ZED_OR_NO_ZED)] = (Do.CARRY_ON, Do.ZOMBIE_CHARGES, Do.ZOMBIE_CHARGES_IN)
    RESULTS[(_k, Test.FAST_MOVE)] = ((Do.MOVE_2X, Do.MOVE_1_5X, Do.MOVE_NORMAL) if _k is M else
                                     (Do.MOVE_2X, Do.MOVE_1_5X_OR_NORMAL, Do.MOVE_NORMAL_OR_STAY))
for _k in (S, C, G):
    RESULTS[(_k, Test.WANTING_TO_CHARGE)] = (Do.CHARGE, Do.CHARGE_UNLESS_IN_COVER, Do.HALT_NO_FIRE)
#: Received Fire (lines 4281, 4299, 4317, 4335); the chargers' results are read in ``melee.CHARGERS``.
#: Retrieving wounded carry on on 2d6 and 1d6.
RESULTS[(S, Test.RECEIVED_FIRE)] = (Do.RETURN_FIRE, Do.COVER_SNAP, Do.RETIRE)
RESULTS[(M, Test.RECEIVED_FIRE)] = (Do.RETURN_FIRE, Do.COVER_FIRE, Do.DUCK_BACK)
RESULTS[(C, Test.RECEIVED_FIRE)] = (Do.SNAP_BACK, Do.COVER_SNAP, Do.RETIRE)
RESULTS[(G, Test.RECEIVED_FIRE)] = (Do.SNAP_BACK, Do.COVER_SNAP, Do.RETIRE)
RESULTS[(M, Test.WANTING_TO_CHARGE)] = (Do.CHARGE, Do.CHARGE, Do.IN_COVER_SNAP_OR_HALT)
RESULTS.update({
    (S, Test.IN_SIGHT): (Do.FIRE_WITHIN_6, Do.SNAP_FIRE, Do.NO_FIRE),
    (M, Test.IN_SIGHT): (Do.FIRE_WITHIN_6, Do.SNAP_FIRE, Do.NO_FIRE),
    (C, Test.IN_SIGHT): (Do.SNAP_FIRE, Do.NO_FIRE, Do.RETIRE),
    (G, Test.IN_SIGHT): (Do.FIRE, Do.SNAP_FIRE, Do.NO_FIRE),
    (S, Test.RALLY): (Do.CARRY_ON, Do.CARRY_ON_IN_COVER, Do.HUNKER_DOWN),
    (G, Test.RALLY): (Do.CARRY_ON, Do.CARRY_ON_IN_COVER, Do.HUNKER_DOWN),
    (M, Test.RALLY): (Do.CARRY_ON, Do.CARRY_ON, Do.IN_COVER_OR_HUNKER),
    (C, Test.RALLY): (Do.CARRY_ON, Do.RETIRE, Do.HUNKER_DOWN),
    (S, Test.LEADER_LOST): (Do.CARRY_ON, Do.HALT, Do.RETIRE),
    (M, Test.LEADER_LOST): (Do.CARRY_ON, Do.CARRY_ON, Do.HALT),
    (C, Test.LEADER_LOST): (Do.HALT, Do.HALT, Do.RETIRE),
    (G, Test.LEADER_LOST): (Do.HALT, Do.HALT, Do.RETIRE),
})

#: Tests marked (Ldr): the Leader Die may add its pass (line 719; the tables' "(Ldr)", lines 4279-4284).
LEADER_DIE = {Test.FAST_MOVE, Test.RECEIVED_FIRE, Test.WANTING_TO_CHARGE, Test.BEING_CHARGED, Test.RALLY}
#: Tests a Star chooses the result of without rolling (Free Will, lines 415-426).
FREE_WILL = {Test.RECEIVED_FIRE, Test.WANTING_TO_CHARGE, Test.BEING_CHARGED, Test.RALLY, Test.LEADER_LOST}
#: Tests where snake eyes send the figure into hero mode (Heroes All, lines 943-951).
HEROES = {Test.RECEIVED_FIRE, Test.WANTING_TO_CHARGE, Test.BEING_CHARGED, Test.MAN_DOWN, Test.LEADER_LOST}


def do(figure: Human, test: Test, passed: int) -> Do:
    return RESULTS[(figure.klass, test)][2 - passed]


def group_test(ctx: Context, tables: dict[Klass, Table], figures: list[Human], test: Test, leader: Human | None,
               log, heroes: set[str], doubles: list[bool] | None = None, extra: int = 0) -> dict[str, int]:
    """Each figure's dice passed: one 2d6 for the group read by each figure against its own Rep and
    attribute (line 826), a die more or less as the table's modifiers say, never better than pass 2d6
    (line 302); the Leader Die's pass added for (Ldr) tests (line 720); a Star's Free Will (line 426).

    ``extra`` is dice added to the test for the whole group, as the Raid's Awareness Table gives the
    enemy "the In Sight test with an additional d6" (line 2415): the group rolls them with its 2d6 and each
    figure reads them beside its own, still never passing more than 2d6 (line 302). It is a die more for
    everyone, which is why it is the group's roll and not a second form of the test."""
    figures = [f for f in figures]
    if not figures:
        return {}
    ld = 0
    rolling = [f for f in figures if not (f.star and test in FREE_WILL) and not (f.id in heroes and test in HEROES)]
    if not rolling:  # Stars choosing and heroes passing: no die is rolled
        rolled: list[int] = []
    if rolling and test in LEADER_DIE and leader is not None:  # his pass is added to the others' results (722)
        face = ctx.roll(f"Leader Die: 1d6 against {leader.name}'s Rep {leader.rep}", D6, leader.id)
        ld = int(face <= min(leader.rep, 6))
        log(f"Leader Die for {leader.name}: {face} against Rep {leader.rep}: {'passed' if ld else 'failed'}")
    group = 2 + extra  # the group's dice: its 2d6 and any additional d6 (line 2415)
    added = "" if not extra else " with an additional d6" if extra == 1 else f" with {extra} additional d6"
    if rolling:
        rolled = [ctx.roll(f"{test.value} test{added}: the group's d6 {i + 1} of {group}", D6)
                  for i in range(group)]
        if doubles is not None:  # the caller reads the group's 2d6 as doubles or not (Zed Or No Zed, line 4288)
            doubles.append(rolled[0] == rolled[1])
    out: dict[str, int] = {}
    for f in figures:
        if f.star and test in FREE_WILL:
            out[f.id] = ctx.choose("player", f"{f.name} is a Star: choose the dice passed on {test.value}",
                                   [Choice(n, f"pass {n}d6") for n in (2, 1, 0)], f.id).key
            log(f"{f.name} chooses to pass {out[f.id]}d6 ({test.value}, Free Will)")
            continue
        if f.id in heroes and test in HEROES:
            out[f.id] = 2
            log(f"{f.name} is in hero mode: passes 2d6 ({test.value})")
            continue
        table = tables[f.klass]
        values = {"rep": max(1, min(f.rep, 6)), "test": test.value, "attribute": f.attribute}
        pool, target = table.effect(values)
        dice = max(0, pool) + extra
        faces = rolled[:dice] + [ctx.roll(f"{test.value} test: {f.name}'s d6 {i + group + 1}", D6, f.id)
                                 for i in range(max(0, dice - group))]
        wins = table.passing(target)
        passed = table.counted(sum(face in wins for face in faces) + ld)
        if test in HEROES and rolled[:2] == [1, 1] and pool >= 2:
            heroes.add(f.id)
            log(f"{f.name} rolls snake eyes and goes into hero mode (line 943)")
        out[f.id] = passed
        log(f"{f.name} ({f.klass.value}, Rep {f.rep}) takes the {test.value} test{added}: "
            f"{', '.join(map(str, faces)) or 'no dice'} against {target}"
            + (" with the Leader Die" if ld else "") + f": passes {passed}d6: {do(f, test, passed).value}")
    return out
