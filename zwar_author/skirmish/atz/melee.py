"""Charges and melee between people, and Auto-kill or Capture.

Seed lines (004): a charge is taken on the Wanting To Charge test (846, 905)
in lieu of active fire (771) at an enemy the charger sees within a normal
move; the target takes Being Charged when the charger is 4" from contact
(913): fire and melee (a target missed by that fire takes Received Fire as a
charger, line 915, with the chargers' results of lines 4281-4335), melee
without firing, or retire (the charger then moves to the spot vacated). The
melee (1277-1292) is the pack's opposed `melee` table, each side its Rep in
d6, +1d6 for the higher Impact weapon, -2d6 prone or attacked to the rear,
-2d6 retrieving wounded (1295): two successes up the enemy is obviously
dead, one up out of the fight, none either way locked in melee (1304-1309);
a figure locked in melee fights on or breaks off when active, the other side
taking In Sight at once (1328). A figure locked in melee with several enemies
divides its dice among them (1287): the player decides for the group's
figures, the engine splits them evenly for the hostiles (``divide``, also
against zombies); the melee stops once it is knocked out of the fight or
obviously dead. An active figure in contact with a stunned or
out of the fight enemy may dispatch him, still rolling its weapon's dice or
meleeing him as 0d6, or capture him (1186-1190).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...tables.roll import pick
from ...tabletop import Position, Sight, inches
from ..core import Board, Choice, Context, Figure, in_front
from . import bystanders, hostiles, insight
from .dice import TableDice
from .reactions import D6, Do, Test, do, group_test
from .state import STANDING, Human, Klass, Status

if TYPE_CHECKING:
    from .game import AtzGame

CHARGE = 8  # a charge is a normal move (line 788)
CONTACT = 4  # Being Charged is taken 4" from contact (line 913)
BREAK_OFF = 2  # inches moved away breaking off a melee: "at least 1\"" (line 1328)
#: Received Fire for a charger missed by the target's fire, by class (lines 4281, 4299, 4317, 4335): pass 2d6,
#: 1d6, 0d6. Carry on completes the charge; snap fire and duck back end it.
CHARGERS = {Klass.SURVIVOR: (Do.CARRY_ON, Do.SNAP_FIRE, Do.RETIRE),
            Klass.MILITARY: (Do.CARRY_ON, Do.CARRY_ON, Do.DUCK_BACK),
            Klass.CIVILIAN: (Do.CARRY_ON, Do.DUCK_BACK, Do.RETIRE),
            Klass.GANGER: (Do.CARRY_ON, Do.SNAP_FIRE, Do.RETIRE)}


def targets(game: AtzGame, h: Human) -> list[Human]:
    """The enemy people ``h`` may charge: standing, seen, within a normal move."""
    return [o for o in game.on_table(game.people) if o.side != h.side and o.status in STANDING
            and Board.gap(h, o) <= CHARGE and game.sees(h, o) is not Sight.BLOCKED]


def helpless(game: AtzGame, h: Human) -> list[Human]:
    """The enemy people ``h`` may reach and dispatch or capture: stunned or out of the fight within a normal
    move (line 1188)."""
    return [o for o in game.on_table(game.people) if o.side != h.side and o.carried_by is None
            and o.status in (Status.STUNNED, Status.OUT_OF_THE_FIGHT) and Board.gap(h, o) <= CHARGE - 1]


def engaged(game: AtzGame, h: Human) -> list[Human]:
    """The people ``h`` is locked in melee with."""
    out = [game.figure(b if a == h.id else a) for a, b in sorted(game.engaged) if h.id in (a, b)]
    return [o for o in out if isinstance(o, Human)]


def charge(game: AtzGame, ctx: Context, h: Human, leader: Human | None, t: Human) -> None:
    """A charge at ``t`` (lines 846, 905-915): the Wanting To Charge test, Being Charged 4" from contact, then
    into contact and the melee."""
    passed = group_test(ctx, game._reaction_tables(), [h], Test.WANTING_TO_CHARGE, leader, game._say(h),
                        game.heroes)[h.id]
    result = do(h, Test.WANTING_TO_CHARGE, passed)
    cover = game.sees(t, h, turn=True) is Sight.COVER
    if result is Do.HALT_NO_FIRE or (result is Do.IN_COVER_SNAP_OR_HALT and not cover):
        game.log_line(f"{h.name} halts and may not fire", h.id)
        return
    if result in (Do.CHARGE_UNLESS_IN_COVER, Do.IN_COVER_SNAP_OR_HALT) and cover:
        if hostiles.can_fire_at(game, h, t):
            game._fire(ctx, h, t, snap=True)
        return
    h.charging = True
    try:
        _close(game, ctx, h, t)
    finally:
        h.charging = False


def _close(game: AtzGame, ctx: Context, h: Human, t: Human) -> None:
    """The charger's move: to 4" from contact, Being Charged for the target, then into contact."""
    diameter = float(h.base.radius + t.base.radius)
    start = h.position
    game._move_towards(h, t.position, CHARGE, stop=CONTACT + diameter)
    friends = bystanders.onlookers(game, t, [h])
    testers = ([t] if t.status is Status.CARRY_ON else []) + friends
    passed = group_test(ctx, game._reaction_tables(), testers, Test.BEING_CHARGED, game.leader(t.side),
                        game._say(t), game.heroes)
    for f in friends:
        bystanders.react(game, ctx, f, [h], passed[f.id])
        if h.status is not Status.CARRY_ON or not h.charging:
            return  # hit, or the charge ended on Received Fire
    if t.id in passed:
        rear = not in_front(t, h.position)
        result = do(t, Test.BEING_CHARGED, passed[t.id])
        if result is Do.RETIRE:
            vacated = t.position
            game._retire(ctx, t, h.position)
            left = CHARGE - start.distance(h.position)
            game._move_towards(h, vacated, left)  # the charger continues to the spot vacated (line 913)
            return
        if result in (Do.FIRE_AND_MELEE, Do.SNAP_AND_MELEE) and not rear and hostiles.can_fire_at(game, t, h):
            game._fire(ctx, t, h, snap=result is Do.SNAP_AND_MELEE)
            if h.status is not Status.CARRY_ON or not h.charging:
                return  # hit, or the charge ended on Received Fire
    left = CHARGE - start.distance(h.position)
    game._move_towards(h, t.position, max(left, 0.0) + 0.01, stop=diameter + 0.001)
    if Board.gap(h, t) > 0.01:
        game.log_line(f"{h.name} cannot reach {t.name}", h.id)
        return
    game.log_line(f"{h.name} charges into melee with {t.name}", h.id)
    game.keep_or_drop(ctx, t)
    fight(game, ctx, h, t)


def fired_on(game: AtzGame, ctx: Context, h: Human, shooter: Human, passed: int) -> None:
    """Received Fire for a charger (lines 4281-4335): carry on keeps the charge going; snap fire (back at the
    shooter, in place of the charge) or duck back or retire ends it. Chargers are never outgunned (line 1054)."""
    result = CHARGERS[h.klass][2 - passed]
    game.log_line(f"{h.name} is charging: {result.value}", h.id)
    if result is Do.CARRY_ON:
        return
    h.charging = False
    if result is Do.SNAP_FIRE:
        if shooter.status in STANDING and hostiles.can_fire_at(game, h, shooter):
            game._fire(ctx, h, shooter, snap=True)
    elif result is Do.DUCK_BACK:
        game.duck_back(ctx, h, shooter.position, "charging", passed)
    elif result is Do.RETIRE:
        foes = [o for o in game.on_table(game.people) if o.side != h.side]
        if foes:
            game._retire(ctx, h, min(foes, key=lambda o: h.position.distance(o.position)).position)


def fight(game: AtzGame, ctx: Context, a: Human, b: Human) -> None:
    """A round of melee between ``a`` and ``b`` in contact, read from ``a``'s side (line 1291) on the pack's
    `melee` table; when either is in melee with several people, the outnumbered one fights them all at once,
    dividing its dice (line 1287, ``_outnumbered``), ``b`` first. Each figure fights once in its side's
    activation: the others of a melee just fought have spent theirs."""
    game.engaged.add(_pair(a, b))
    for centre in (b, a):
        foes = engaged(game, centre)
        if len(foes) > 1:
            _outnumbered(game, ctx, centre, foes)
            return
    game.fought |= {a.id, b.id}
    values: dict[str, str | int] = {
        "rep": a.rep, "their_rep": b.rep, "enemy": "human",
        "impact": _impact(a, b), "you_prone": "yes" if a.prone or not in_front(a, b.position) else "no",
        "they_prone": "yes" if b.prone or not in_front(b, a.position) else "no",
        "you_retrieving": "yes" if a.carrying else "no", "they_retrieving": "yes" if b.carrying else "no"}
    picked = pick(game.setup.table("melee"), values, TableDice(ctx))
    for line in picked.lines:
        game.log_line(f"{a.name} against {b.name}: {line}", a.id)
    _result(game, ctx, a, b, picked.total)


def _outnumbered(game: AtzGame, ctx: Context, centre: Human, foes: list[Human]) -> None:
    """``centre`` against every person in melee with it (line 1287): its dice, modifiers applied, divided among
    them, the highest Rep first, and a bout with each on its share, each foe rolling its own dice; the melee
    stops at once when ``centre`` is knocked out of the fight or obviously dead."""
    foes = sorted(foes, key=lambda f: (-f.rep, f.id))
    game.fought |= {centre.id, *(f.id for f in foes)}
    shares = divide(game, ctx, centre, pool(game, centre, foes), foes)
    for i, (f, dice) in enumerate(zip(foes, shares, strict=True)):
        if stopped(game, centre, foes[i:]):
            break
        _result(game, ctx, centre, f, _bout(game, ctx, centre, f, dice))


def _bout(game: AtzGame, ctx: Context, centre: Human, f: Human, dice: int) -> int:
    """``centre``'s share ``dice`` (its own modifiers already in it) against ``f``'s Rep and modifiers: the
    margin of successes, read from ``centre``'s side; a share of none rolls no dice (``f`` may still score)."""
    values: dict[str, str | int] = {
        "rep": dice, "their_rep": f.rep, "enemy": "human",
        "impact": "lower" if _melee_impact(f) > _melee_impact(centre) else "equal",
        "you_prone": "no", "they_prone": "yes" if f.prone or not in_front(f, centre.position) else "no",
        "you_retrieving": "no", "they_retrieving": "yes" if f.carrying else "no"}
    picked = pick(game.setup.table("melee"), values, TableDice(ctx))
    for line in picked.lines:
        game.log_line(f"{centre.name} against {f.name}: {line}", centre.id)
    return picked.total


def _result(game: AtzGame, ctx: Context, a: Human, b: Human, total: int) -> None:
    """The Melee table's row for ``total`` read from ``a``'s side: 2+ successes up the loser is obviously dead,
    1 up out of the fight, none locked in melee (lines 1304-1309); a Star killed may be saved (Larger Than
    Life, Cheating Death)."""
    if total == 0:
        game.engaged.add(_pair(a, b))
        game.log_line(f"{a.name} and {b.name} are locked in melee", a.id)
        return
    game.engaged.discard(_pair(a, b))
    winner, loser = (a, b) if total > 0 else (b, a)
    status = Status.OBVIOUSLY_DEAD if abs(total) >= 2 else Status.OUT_OF_THE_FIGHT
    if status is Status.OBVIOUSLY_DEAD and loser.star:
        status = hostiles.star_saved(game, ctx, loser, winner.rep)
    game.go_down(loser, status)
    game.log_line(f"{loser.name} is {status.value} in melee with {winner.name}", loser.id, "damage")
    game.engaged = {p for p in game.engaged if loser.id not in p}
    if status is not Status.WHISKED:
        game._man_down(ctx, loser)


# --- dividing the dice: against people and zombies alike (line 1287) ------------------------------------

def pool(game: AtzGame, h: Human, foes: Sequence[Figure]) -> int:
    """``h``'s melee dice before they are divided among ``foes`` (lines 1281-1282, 1295): Rep, +1d6 with a
    weapon of higher Impact than every foe's (a zombie's is 1, line 2004), -2d6 prone or attacked to the rear
    by any of them, -2d6 retrieving wounded; read off the pack's Melee table."""
    rear = h.prone or any(not in_front(h, f.position) for f in foes)
    higher = _melee_impact(h) > max(_melee_impact(f) for f in foes)
    values: dict[str, str | int] = {"rep": h.rep, "their_rep": 4, "enemy": "human",
                                    "you_retrieving": "yes" if h.carrying else "no",
                                    "they_retrieving": "no", "you_prone": "yes" if rear else "no",
                                    "they_prone": "no", "impact": "higher" if higher else "equal"}
    table = game.setup.table("melee")
    dice = max(0, table.effect(values)[0])
    mods = "".join(f", {m.shown()}" for m in table.applied(values) if m.side == "us")
    game.log_line(f"{h.name} melees with {dice}d6 (Rep {h.rep}{mods})", h.id)
    return dice


def divide(game: AtzGame, ctx: Context, h: Human, dice: int, foes: Sequence[Figure]) -> list[int]:
    """How many of ``dice`` ``h`` applies to each of ``foes``, in order (line 1287: "the outnumbered figure must
    decide"): the player decides for the group's figures (`split 3 2`), any share of none included; the even
    split, the odd dice to the first, is offered first and is what the engine plays for the hostiles."""
    n = len(foes)
    even = [dice // n + (i < dice % n) for i in range(n)]
    if n < 2:
        return even
    shares = even
    if h.side == "humans":
        splits = [even] + [s for s in _splits(dice, n) if s != even]
        named = [Choice(("split", *s), ", ".join(f"{d}d6 against {f.name}" for d, f in zip(s, foes, strict=True)))
                 for s in splits]
        shares = list(ctx.choose("player", f"{h.name} divides {dice}d6 among {', '.join(f.name for f in foes)}",
                                 named, h.id).key[1:])
    game.log_line(f"{h.name} divides {dice}d6 between {', '.join(f.name for f in foes)}: "
                  f"{', '.join(map(str, shares))}", h.id)
    return shares


def _splits(dice: int, n: int) -> list[list[int]]:
    """Every way of dividing ``dice`` among ``n`` foes, the most on the first foe first."""
    cuts = itertools.combinations_with_replacement(range(dice + 1), n - 1)
    out = [[b - a for a, b in itertools.pairwise((0, *c, dice))] for c in cuts]
    return sorted(out, reverse=True)


def stopped(game: AtzGame, h: Human, left: Sequence[Figure]) -> bool:
    """Whether the melee of ``h`` against several stops before its bouts with ``left`` (line 1287): ``h`` is knocked
    out of the fight, obviously dead or gone (a Star whisked to safety)."""
    if h.status not in (Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD) and h.on_table:
        return False
    bouts = "the bout with" if len(left) == 1 else "the bouts with"
    game.log_line(f"{h.name} is {h.status.value}: the melee stops before {bouts} {', '.join(f.name for f in left)} "
                  "(line 1287)", h.id)
    return True


def _melee_impact(f: Figure) -> int:
    """A figure's melee Impact: its weapon's; 1 unarmed, and a zombie's (line 2004)."""
    w = f.weapon if isinstance(f, Human) else None
    return w.melee if w is not None else 1


def _pair(a: Human, b: Human) -> tuple[str, str]:
    return (min(a.id, b.id), max(a.id, b.id))


def _impact(a: Human, b: Human) -> str:
    ours, theirs = _melee_impact(a), _melee_impact(b)
    return "higher" if ours > theirs else "lower" if ours < theirs else "equal"


def locked_turn(game: AtzGame, ctx: Context, h: Human, player: bool) -> bool:
    """A figure locked in melee with people, when active (line 1328): fights on (True: its activation is
    spent) or breaks off, moving 1" or more away, each enemy it leaves taking In Sight at once (False: it
    goes on with its activation). The hostiles always fight on. One whose melee was fought already in this
    activation, with a friend in it, has spent its activation."""
    foes = engaged(game, h)
    if not foes:
        return False
    if h.id in game.fought:  # a friend's round of this melee, fought this activation, was its own (``fight``)
        game.log_line(f"{h.name} has fought in the melee this activation", h.id)
        return True
    if player:
        how = ctx.choose("player", f"{h.name} is in melee with {', '.join(f.name for f in foes)}: break off or "
                         "fight on",
                         [Choice("fight", "fight on"), Choice("break", "break off the melee and move on")], h.id)
        if how.key == "break":
            game.engaged = {p for p in game.engaged if h.id not in p}
            game.log_line(f"{h.name} breaks off the melee", h.id)
            before = insight.watching(game, h) - {f.id for f in foes}
            game._move_towards(h, _away(h, foes[0], BREAK_OFF), BREAK_OFF)
            hostiles.in_sight_of(game, ctx, h, before)
            return h.status is not Status.CARRY_ON
    fight(game, ctx, h, foes[0])
    return True


def hostile_turn(game: AtzGame, ctx: Context, h: Human) -> bool:
    """A hostile's activation with people in melee: locked, it fights on (line 1328); armed only for melee,
    it charges the nearest of the group within a move (line 846). True when the activation is spent."""
    if locked_turn(game, ctx, h, player=False):
        return True
    near = targets(game, h) if h.weapon is None or not h.weapon.ranged else []
    if not near:
        return False
    charge(game, ctx, h, game.leader(h.side), min(near, key=lambda o: h.position.distance(o.position)))
    return True


def dispatch(game: AtzGame, ctx: Context, h: Human, t: Human, capture: bool) -> None:
    """Auto-kill or Capture (line 1188): into contact with a stunned or out of the fight enemy, then capture
    him (tied up, off the table), or dispatch him: with a ranged weapon its dice are still rolled (they draw
    zombies and may run it out of ammo) and he is obviously dead; otherwise a melee in which he counts 0d6
    (line 1190)."""
    game._move_towards(h, t.position, CHARGE, stop=float(h.base.radius + t.base.radius) + 0.001)
    if Board.gap(h, t) > 0.01:
        game.log_line(f"{h.name} cannot reach {t.name}", h.id)
        return
    if capture:
        t.status, t.on_table = Status.CAPTURED, False
        game.tally.captured += 1
        game.log_line(f"{h.name} captures {t.name} (line 1186)", h.id)
        return
    w = h.weapon
    if w is not None and w.ranged and not h.out_of_ammo:
        faces = [ctx.roll(f"{h.name} dispatches {t.name} with the {w.name}: d6 {i + 1} of {w.targets}", D6, h.id)
                 for i in range(w.targets)]
        game._shots(h, len(faces))
        game.log_line(f"{h.name} dispatches {t.name} with the {w.name}: {', '.join(map(str, faces))}", h.id)
        if faces.count(1) >= 2:
            h.out_of_ammo = True
            game.log_line(f"{h.name} is out of ammo", h.id)
        game.go_down(t, Status.OBVIOUSLY_DEAD)
        game.log_line(f"{t.name} is obviously dead", t.id, "damage")
        return
    values: dict[str, str | int] = {"rep": h.rep, "their_rep": 1, "enemy": "human", "impact": "equal",
                                    "you_prone": "no", "they_prone": "yes", "you_retrieving": "no",
                                    "they_retrieving": "no"}  # Rep 1 down: 1d6 - 2d6, so he rolls none
    picked = pick(game.setup.table("melee"), values, TableDice(ctx))
    for line in picked.lines:
        game.log_line(f"{h.name} against {t.name}: {line}", h.id)
    if picked.total >= 2 or (picked.total == 1 and t.status is Status.STUNNED):
        status = Status.OBVIOUSLY_DEAD if picked.total >= 2 else Status.OUT_OF_THE_FIGHT
        game.go_down(t, status)
        game.log_line(f"{t.name} is {status.value}", t.id, "damage")


def _away(h: Human, foe: Human, inches_: float) -> Position:
    """The spot ``inches_`` straight away from ``foe``."""
    dx, dy = float(h.position.x - foe.position.x), float(h.position.y - foe.position.y)
    norm = math.hypot(dx, dy) or 1.0
    return Position(inches(round(float(h.position.x) + dx / norm * inches_, 3)),
                    inches(round(float(h.position.y) + dy / norm * inches_, 3)))
