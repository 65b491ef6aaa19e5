"""Hostile humans: the gunfight between the group and people, through the same Reaction Tests.

Seed lines (004): hostile humans exit and attack the group (2421); a third
activation die for a third side (757); In Sight when an enemy comes into
sight (836; as it moves, 882: ``insight``), Received Fire for the figure
missed and friends within 8" who see it (842), fire continuing until one side cannot return fire (1103),
outgunned (1053-1054), the Ranged Combat table against people (1127-1165)
and its damage (1176-1178) with Recover From Knock Down (866); the Star's
Larger Than Life (398-399) and Cheating Death (405-409); those retrieving
wounded (1336-1341). Rolling them up: Who They Are, then each figure on its
class's list and weapons table (2531-2537, 566-695).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ...tables.roll import pick
from ...tabletop import Position, Sight
from ..core import Board, Choice, Context, facing_towards
from . import barricades, buildings, grenades, groups, insight
from . import outgunned as by_ranking
from .dice import TableDice, roll_amount
from .reactions import D6, Do, Test, do, group_test
from .state import HOSTILES, STANDING, HostileForce, Human, Klass, Status
from .weapons import Weapon, weapon

if TYPE_CHECKING:
    from .game import AtzGame

#: A Who They Are table's words for a class: the class, its list, its weapons table (none: the military's
#: assault rifle, line 579).
CLASSES = {"Civilians": (Klass.CIVILIAN, "civilian-list", "civilian-weapons"),
           "Gangers": (Klass.GANGER, "ganger-list", "ganger-weapons"),
           "Military": (Klass.MILITARY, "military-list", None),
           "Survivors": (Klass.SURVIVOR, "survivor-list", "survivor-weapons")}


# --- rolling them up -----------------------------------------------------------------------------

def tables_for(force: HostileForce) -> list[str]:
    """The tables a force is rolled up on: its Who They Are table, then every list and weapons table."""
    return [force.who] + [t for _, lst, arms in CLASSES.values() for t in (lst, arms) if t is not None]


def unknown(force: HostileForce, tables, area: str) -> list[str]:
    """What a force could roll that the engine does not know: a class word or a weapon, each named."""
    out: list[str] = []
    for row in tables[force.who].rows:
        word = _text_at(row, area)
        if word not in CLASSES:
            out.append(f"the class `{word}` of table atz/{force.who}")
    for _, _, arms in CLASSES.values():
        if arms is None:
            continue
        out += [f"the weapon `{_text(r)}` of table atz/{arms}" for r in tables[arms].rows if weapon(_text(r)) is None]
    return out


def _text(row) -> str:
    said = row.result(None)
    return said.text if said is not None else ""


def _text_at(row, column: str) -> str:
    said = row.result(column)
    return said.text if said is not None else ""


def roll_up(game: AtzGame, ctx: Context, force: HostileForce, at: Position) -> list[Human]:
    """The force's figures: how many on its dice, who on its Who They Are table, each figure's Rep on its
    class's list and its weapon on its class's weapons table (``of_class``). In a row 2" apart about ``at``."""
    dice = TableDice(ctx)
    count = roll_amount(force.count, ctx, "hostile humans: how many")
    word, total = class_of(game, force, dice)
    game.log_line(f"{count} hostile humans, {word} (table {force.who}: {total})")
    return of_class(game, ctx, word, unit_of(ctx, word), count, at)


def class_of(game: AtzGame, force: HostileForce, dice: TableDice) -> tuple[str, int]:
    """Who the force is, rolled on its Who They Are table by area and its context: the class word and the
    total read."""
    values: dict[str, str | int] = {"area": game.setup.area, **dict(force.context)}
    who = pick(game.setup.table(force.who), values, dice)
    assert who.row is not None
    return _text_at(who.row, game.setup.area), who.total


def unit_of(ctx: Context, word: str) -> dict[str, str | int]:
    """The military list's unit, National Guard on 1-5 and US Army on 6 (line 577); no roll for the others."""
    if CLASSES[word][0] is not Klass.MILITARY:
        return {}
    face = ctx.roll("hostile humans: National Guard (1-5) or US Army (6)", D6)
    return {"unit": "army" if face == 6 else "national-guard"}


def of_class(game: AtzGame, ctx: Context, word: str, unit: dict[str, str | int], count: int,
             at: Position) -> list[Human]:
    """``count`` figures of the class ``word``: each one's Rep on its class's list (of ``unit``) and its
    weapon on its class's weapons table; the military protected with assault rifles (line 579). In a row 2"
    apart about ``at``, numbered on from the hostiles already in the game."""
    dice = TableDice(ctx)
    klass, listed, arms = CLASSES[word]
    out: list[Human] = []
    for k in range(count):
        picked = pick(game.setup.table(listed), unit, dice)
        assert picked.row is not None
        title = _text(picked.row)
        found = re.search(r"Rep (\d+)", title)
        rep = int(found.group(1)) if found else 4
        if arms is None:
            arm: Weapon | None = weapon("Assault Rifle")
        else:
            named = pick(game.setup.table(arms), {"rep": rep}, dice)
            assert named.row is not None
            arm = weapon(_text(named.row))
        n = len(game.hostiles) + len(out) + 1
        x = at.x + 2 * k - (count - 1)
        h = Human(f"x{n}", f"{title.split(',')[0]} x{n}", HOSTILES, Position(x, at.y), facing=Fraction(180),
                  rep=rep, klass=klass, weapon=arm, protected=klass is Klass.MILITARY,
                  grenades=klass is Klass.MILITARY)
        game.log_line(f"{h.name}: {klass.value}, Rep {rep}, {arm.name if arm else 'unarmed'}", h.id)
        out.append(h)
    return out


# --- the hostiles' turn ---------------------------------------------------------------------------

def activate(game: AtzGame, ctx: Context, die: int) -> None:
    """Each group of hostiles activates when its Leader's Rep is the die or higher, the highest Rep first
    (lines 707, 747): each carrying on fires at the nearest enemy it sees in range, else moves towards the
    nearest member of the group and fires (they exit and attack the group, line 2421); those stunned or
    ducked back recover, those hunkered down rally with a friend near.

    Closing in, a hostile walks until he first sees a foe within his weapon's range (turning to face him),
    not to his weapon's range of the nearest member: at night sight is 12" (line 1096) and a wall hides
    as much by day, so one who stopped at a rifle's range never saw the group, never fired and never came
    on (the engine's earlier reading, which ran games to the turn limit)."""
    parts = groups.of(game, game.hostiles)
    if not parts:
        game.log_line("No hostile is left able to activate")
        return
    for group in parts:
        head = groups.leader(group)
        if head.rep < die:
            named = f" group of {', '.join(h.name for h in group)}" if len(parts) > 1 else "s"
            game.log_line(f"The hostile{named} may not activate: {head.name}'s Rep is under {die}")
            continue
        _group_turn(game, ctx, group)


def free_turn(game: AtzGame, ctx: Context, group: list[Human]) -> None:
    """A free turn of activation for ``group``, out of the turn's order and with no die (the Raid's ambush,
    line 2414): each acts as on its own activation."""
    game.log_line(f"A free turn of activation for {', '.join(h.name for h in group)}")
    _group_turn(game, ctx, group)


def _group_turn(game: AtzGame, ctx: Context, group: list[Human]) -> None:
    """Each figure acts, recovers or rallies; In Sight for the enemies its movers came into the view of once all
    have moved (line 882, ``insight``)."""
    turn = insight.activation(group)
    for h in group:
        if game._ended():
            break
        if not h.on_table:
            continue
        if h.status is Status.CARRY_ON:
            _act(game, ctx, h, turn)
            if not turn.together:
                game.settle(ctx, turn)
        elif h.status in (Status.STUNNED, Status.DUCKED_BACK):
            h.status = Status.CARRY_ON
            h.prone = False
            game.log_line(f"{h.name} recovers and carries on", h.id)
        elif h.status is Status.HUNKERED_DOWN:
            game._rally(ctx, h)
    game.settle(ctx, turn)


def _act(game: AtzGame, ctx: Context, h: Human, turn: insight.Activation) -> None:
    if any(hid == h.id for hid, _ in game.locked):
        game._fight(ctx, h)
        return
    if game.hostile_melee(ctx, h):  # in melee with people, or armed only for melee and charging (melee.py)
        return
    if h.vehicle is not None:  # in a vehicle: hostiles do not drive, they fire from it (driving.py)
        if (seen := game.target(h, turn=True)) is not None:
            game._fire(ctx, h, seen, snap=False)
        return
    crowds = [f for f in grenades.targets(game, h) if sum(Board.within(f, o, grenades.BLAST) for o in game.foes(h)) >= 2]
    if crowds:  # two or more foes in the blast circle: a flash-bang (the military's, line 579)
        grenades.throw(game, ctx, h, min(crowds, key=lambda f: h.position.distance(f.position)))
        return
    if game.target(h, turn=True) is not None:
        turn.fire(h, lambda: _fire_at_nearest(game, ctx, h, turn=True))
        return
    if game.stand_over(ctx, h):  # At the Mercy of the Enemy (line 2597)
        return
    if barricades.storm(game, ctx, h):  # at a barricade between him and the group (line 1418)
        return
    group = [m for m in game.on_table(game.humans) if m.status not in (Status.OBVIOUSLY_DEAD,)]
    if not group:
        return
    goal = min(group, key=lambda m: h.position.distance(m.position))
    with insight.watched(game, h, turn):  # closing in until he has a shot (line 2421: "exit and attack")
        game._move_towards(h, goal.position, 8, stop=1.0, until=lambda: game.target(h, turn=True) is not None)
    if h.status is Status.CARRY_ON:
        turn.fire(h, lambda: _fire_at_nearest(game, ctx, h, turn=False))


def _fire_at_nearest(game: AtzGame, ctx: Context, h: Human, turn: bool) -> None:
    """Fire at the nearest foe ``h`` sees in range (``turn``: turning to face it first), if any is left."""
    target = game.target(h, turn=turn)
    if target is not None:
        game._fire(ctx, h, target, snap=False)


# --- In Sight between people ------------------------------------------------------------------------

def in_sight_of(game: AtzGame, ctx: Context, mover: Human, before: set[str]) -> None:
    """In Sight at once (line 1328: a melee broken off) for the enemies carrying on who see ``mover`` now and
    did not before (``before``: ``insight.watching``)."""
    watchers = [o for o in game.on_table(game.people) if o.side != mover.side and o.status is Status.CARRY_ON
                and o.id not in before and game.sees(o, mover) is not Sight.BLOCKED]
    react_in_sight(game, ctx, {o.id: [mover] for o in watchers})


def react_in_sight(game: AtzGame, ctx: Context, seen: Mapping[str, Sequence[Human]]) -> None:
    """In Sight (line 836) for each enemy carrying on that saw ``seen``'s movers come into its view, one roll
    for their group (line 826): fire at the nearest of them it can fire at, snap fire, not fire, or retire; out
    of ammo or range, a pass 2d6 ducks back and a pass 1d6 halts (lines 4280-4281)."""
    watchers = [o for wid, movers in seen.items() if isinstance(o := game.figure(wid), Human)
                and o.status is Status.CARRY_ON and o.on_table and any(m.status in STANDING for m in movers)]
    if not watchers:
        return
    passed = group_test(ctx, game._reaction_tables(), watchers, Test.IN_SIGHT, game.leader(watchers[0].side),
                        game._say(None), game.heroes)
    for o in watchers:
        movers = [m for m in seen[o.id] if m.status in STANDING]
        if not movers or o.status is not Status.CARRY_ON:
            continue
        result = do(o, Test.IN_SIGHT, passed[o.id])
        mover = min([m for m in movers if can_fire_at(game, o, m)] or movers,
                    key=lambda m: (o.position.distance(m.position), m.id))
        able = can_fire_at(game, o, mover)
        if result is Do.RETIRE:
            game._retire(ctx, o, mover.position)
        elif result in (Do.FIRE, Do.FIRE_WITHIN_6, Do.SNAP_FIRE) and able:
            game._fire(ctx, o, mover, snap=result is Do.SNAP_FIRE)
        elif result in (Do.FIRE, Do.FIRE_WITHIN_6) and o.weapon is not None and o.weapon.ranged:
            game.duck_back(ctx, o, mover.position, "out of ammo or range", passed[o.id])


def can_fire_at(game: AtzGame, h: Human, target: Human) -> bool:
    """Whether ``h`` can fire at ``target``: a ranged weapon with ammo (one-handed when carrying a friend,
    line 1339), in range, in sight once turned."""
    w = h.weapon
    return (w is not None and w.ranged and not h.out_of_ammo and (h.carrying is None or w.one_handed)
            and Board.within(h, target, w.range) and game.sees(h, target, turn=True) is not Sight.BLOCKED)


# --- shooting people -------------------------------------------------------------------------------

def shoot(game: AtzGame, ctx: Context, h: Human, t: Human, snap: bool) -> None:
    """Ranged combat at a person (lines 1127-1165): each d6 + Rep on the pack's Ranged Combat table, 8 missing
    a target in cover, concealed, prone or that moved fast, or when the shooter moved fast or snap fires, 9
    missing one in cover or when the shooter moved fast or snap fires; all the dice at the one target. A hit
    rolls damage (line 1171); a target missed takes Received Fire (line 1147); one hit, Man Down for its
    friends (line 858, which replaces the Received Fire)."""
    assert h.weapon is not None
    game.fired_first = game.fired_first or h.side
    snap = snap or h.carrying is not None  # those retrieving wounded always snap fire (line 1339)
    if t.position != h.position:
        h.facing = facing_towards(h.position, t.position)
    rolled = h.weapon.dice or h.weapon.targets
    faces = [ctx.roll(f"{h.name} fires the {h.weapon.name}: d6 {i + 1} of {rolled}", D6, h.id)
             for i in range(rolled)]
    counted = sorted(faces, reverse=True)[:h.weapon.targets]
    game._shots(h, rolled)
    game.log_line(f"{h.name} {'snap ' if snap else ''}fires the {h.weapon.name} at {t.name}: "
                  f"{', '.join(map(str, faces))}", h.id)
    cover, concealed = buildings.sheltered(game, h, t, game.sees(h, t, turn=True) is Sight.COVER)
    cover = cover or t.vehicle is not None  # inside a vehicle (line 1661)
    hit = False
    for face in counted:
        if t.status not in STANDING and t.status is not Status.STUNNED:
            break
        total = face + h.rep
        row = next(r for r in game.setup.table("ranged-combat").rows if r.key.holds(total))
        missed = (total <= 7 or (total == 8 and (cover or concealed or t.prone or t.moved_fast or h.moved_fast
                                                 or snap))
                  or (total == 9 and (cover or h.moved_fast or snap)))
        if missed and h.rep == 3 and face == 6 and total > 7:  # Pitiful Shot (line 1198)
            again = ctx.roll(f"{h.name}'s pitiful shot", D6, h.id)
            missed = again > 3
            game.log_line(f"{h.name} rolls {again} for a pitiful shot", h.id)
        why = " (in cover)" if missed and cover and total in (8, 9) else \
            " (concealed)" if missed and concealed and total == 8 else ""
        game.log_line(f"  {face} + Rep {h.rep} = {total} (row {row.key.text}): {'miss' if missed else 'hit'}{why}",
                      h.id)
        if not missed:
            hit = True
            damage(game, ctx, h, t, TableDice(ctx))
    if faces.count(1) >= 2:
        h.out_of_ammo = True
        game.log_line(f"{h.name} is out of ammo", h.id)
    if hit and t.status in (Status.STUNNED, Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD):
        game._man_down(ctx, t)
    elif not hit and t.status is Status.CARRY_ON:
        received_fire(game, ctx, h, t)


def damage(game: AtzGame, ctx: Context, h: Human, t: Human, dice) -> None:
    """A hit on a person (lines 1176-1178): 1 obviously dead, the Impact or less out of the fight, higher
    knocked down and Recover From Knock Down taken at once (866); a Star shot dead by a lower Rep is out of
    the fight instead (Larger Than Life, 398), by an equal or higher Rep may cheat death (405-409)."""
    assert h.weapon is not None
    rating = h.weapon.impact
    face = pick(game.setup.table("ranged-damage"), {"impact": rating}, dice).total
    if face == 1:
        status = Status.OBVIOUSLY_DEAD
    elif face <= rating:
        status = Status.OUT_OF_THE_FIGHT
    else:
        game.log_line(f"  damage {face} against Impact {rating}: {t.name} is knocked down", t.id, "damage")
        passed = group_test(ctx, game._reaction_tables(), [t], Test.RECOVER, None, game._say(t), game.heroes)[t.id]
        result = do(t, Test.RECOVER, passed)
        status = {Do.STUNNED: Status.STUNNED, Do.OBVIOUSLY_DEAD: Status.OBVIOUSLY_DEAD}.get(
            result, Status.STUNNED if t.protected else Status.OUT_OF_THE_FIGHT)
    if status is Status.OBVIOUSLY_DEAD and t.star:
        status = star_saved(game, ctx, t, h.rep)
    if face <= rating:
        game.log_line(f"  damage {face} against Impact {rating}: {t.name} is {status.value}", t.id, "damage")
    else:
        game.log_line(f"{t.name} is {status.value}", t.id, "damage")
    game.go_down(t, status)


def star_saved(game: AtzGame, ctx: Context, star: Human, killer_rep: int) -> Status:
    """A Star killed: out of the fight instead when the killer's Rep is lower (Larger Than Life, line 398, not
    against zombies, 399); else the player may cheat death, whisked to safety with his Rep one lower (405-409)."""
    if killer_rep < star.rep and killer_rep != 0:
        game.log_line(f"{star.name} is a Star and cannot be killed by a lower Rep: out of the fight instead "
                      "(Larger Than Life)", star.id)
        return Status.OUT_OF_THE_FIGHT
    how = ctx.choose("player", f"{star.name} is killed: cheat death?",
                     [Choice("cheat", "cheat death: whisked to safety, his Rep one lower"),
                      Choice("die", "accept death")], star.id)
    if how.key == "die":
        return Status.OBVIOUSLY_DEAD
    star.rep -= 1
    star.cheated_death = True
    game.log_line(f"{star.name} cheats death and is whisked to safety: Rep {star.rep} from now on", star.id)
    return Status.WHISKED


def received_fire(game: AtzGame, ctx: Context, shooter: Human, target: Human) -> None:
    """Received Fire (line 842) for the figure missed and its friends within 8" who see it, one roll for their
    group; those retrieving wounded carry on on 2d6 and 1d6 (1336-1341); outgunned (a weapon of a higher
    Outgunned Ranking, the shooter out of their range, or they out of ammo, line 1053) they duck back instead of
    firing, never a Star or one only armed for melee (1054); return fire is at the shooter, and so the fire goes on until one side cannot (1103)."""
    testers = [target] + [f for f in game.on_table(game.people) if f.side == target.side and f is not target
                          and f.status is Status.CARRY_ON and Board.within(f, target, 8)
                          and game.sees(f, target, turn=True) is not Sight.BLOCKED]
    passed = group_test(ctx, game._reaction_tables(), testers, Test.RECEIVED_FIRE, game.leader(target.side),
                        game._say(None), game.heroes)
    for f in testers:
        if f.status is not Status.CARRY_ON:
            continue
        n = passed[f.id]
        result = do(f, Test.RECEIVED_FIRE, n)
        if f.carrying is not None and n >= 1:
            game.log_line(f"{f.name} is retrieving wounded and carries on", f.id)
            continue
        if f.charging:  # the chargers' results (lines 4281-4335)
            game.charger_fired_on(ctx, f, shooter, n)
            continue
        outgunned = by_ranking.why(game.setup.table(by_ranking.TABLE), f, shooter)
        able = shooter.status in STANDING and can_fire_at(game, f, shooter)
        cover = game.sees(shooter, f, turn=True) is Sight.COVER or f.vehicle is not None  # a vehicle (line 1661)
        if result in (Do.RETURN_FIRE, Do.SNAP_BACK):
            if outgunned:
                game.duck_back(ctx, f, shooter.position, f"outgunned: {outgunned}", n)
            elif able:
                game._fire(ctx, f, shooter, snap=result is Do.SNAP_BACK)
        elif result in (Do.COVER_SNAP, Do.COVER_FIRE):
            if cover and outgunned:  # no better than duck back (line 1053)
                game.duck_back(ctx, f, shooter.position, f"outgunned: {outgunned}", n)
            elif cover and able:
                game._fire(ctx, f, shooter, snap=result is Do.COVER_SNAP)
            elif not cover:
                game.duck_back(ctx, f, shooter.position, "not in cover", n)
        elif result is Do.DUCK_BACK:
            game.duck_back(ctx, f, shooter.position, passed=n)
        elif result is Do.RETIRE:
            game._retire(ctx, f, shooter.position)
