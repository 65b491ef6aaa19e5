"""Flash-bang grenades: thrown up to 6", a 12" blast circle, people dazzled, zombies halted.

Seed lines (004): the weapon 1014, non-lethal 1204, who is affected 1206,
victims recover after the battle 1208, zombies halt and lose a turn of
activation 1209, throwing up to 6" on the Throwing Grenade table 1213-1220,
the blast circle 1226 and the Flash Bang Results table 1232-1239; the
military carry them (579). Both tables are the pack's (`throwing-grenade`,
`flash-bang`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...tables.roll import pick
from ...tabletop import Position, Sight
from ..core import Board, Context, Figure, in_front
from .dice import TableDice
from .reactions import D6, Do, Test, do, group_test
from .state import STANDING, Human, Status, Zombie

if TYPE_CHECKING:
    from .game import AtzGame

THROW = 6  # inches (line 1213)
BLAST = 6  # the 12" blast circle's radius (line 1226)


def targets(game: AtzGame, h: Human) -> list[Figure]:
    """The foes ``h`` may throw a flash-bang at: seen, within 6"."""
    if not h.grenades or h.carrying is not None:
        return []
    return [f for f in game.foes(h) if Board.within(h, f, THROW) and game.sees(h, f, turn=True) is not Sight.BLOCKED]


def throw(game: AtzGame, ctx: Context, h: Human, target: Figure) -> None:
    """2d6 against the thrower's Rep on `throwing-grenade` (line 1213): pass 2d6 or 1d6 (the thrower sees the
    spot he nominated) it lands on the target; pass 0d6 it is dropped at his feet, and all within the circle
    roll their Rep or less on 1d6 to drop prone and escape it (line 1220)."""
    passed = pick(game.setup.table("throwing-grenade"), {"rep": max(1, min(h.rep, 6))}, TableDice(ctx)).total
    game.log_line(f"{h.name} throws a flash-bang at {target.name}: passes {passed}d6", h.id)
    if passed >= 1:
        burst(game, ctx, target.position, escape=False)
        return
    game.log_line(f"Oops! {h.name} drops the flash-bang", h.id)
    burst(game, ctx, h.position, escape=True)


def burst(game: AtzGame, ctx: Context, at: Position, escape: bool) -> None:
    """The blast circle about ``at`` (line 1226): zombies in it halt and lose a turn of activation (1209);
    people in it looking towards it (1206) roll 2d6 against their Rep on `flash-bang`: pass 2d6 they ignore
    it, 1d6 stunned, 0d6 knocked down with Recover From Knock Down at once. Non-lethal (1204): a result worse
    than out of the fight is read as out of the fight, and they recover after the battle (1208)."""
    near = [f for f in game.on_table(game.figures) if f.position.distance(at) <= BLAST
            and getattr(f, "status", None) is not Status.OBVIOUSLY_DEAD]
    for z in [f for f in near if isinstance(f, Zombie)]:
        z.dazed = 1
        game.log_line(f"{z.name} halts, losing a turn of activation", z.id)
    for f in [f for f in near if isinstance(f, Human) and f.status in STANDING + (Status.DUCKED_BACK,)]:
        if f.position != at and not in_front(f, at):
            continue
        if escape:
            face = ctx.roll(f"{f.name}: Rep or less on 1d6 to drop prone and escape the flash-bang", D6, f.id)
            if face <= f.rep:
                f.prone = True
                game.log_line(f"{f.name} rolls {face} against Rep {f.rep}: drops prone and escapes", f.id)
                continue
            game.log_line(f"{f.name} rolls {face} against Rep {f.rep}: does not escape", f.id)
        passed = pick(game.setup.table("flash-bang"), {"rep": max(1, min(f.rep, 6))}, TableDice(ctx)).total
        game.log_line(f"{f.name} takes the flash-bang against Rep {f.rep}: passes {passed}d6", f.id)
        if passed == 2:
            game.log_line(f"{f.name} covers up and ignores it", f.id)
            continue
        status = Status.STUNNED
        if passed == 0:
            game.log_line(f"{f.name} is knocked down by the flash-bang", f.id, "damage")
            result = do(f, Test.RECOVER, group_test(ctx, game._reaction_tables(), [f], Test.RECOVER, None,
                                                    game._say(f), game.heroes)[f.id])
            status = Status.STUNNED if result is Do.STUNNED or (result is Do.OUT_UNLESS_PROTECTED and f.protected) \
                else Status.OUT_OF_THE_FIGHT
        f.flashed = True
        game.go_down(f, status)
        game.log_line(f"{f.name} is {status.value} by the flash-bang", f.id, "damage")
        game._man_down(ctx, f)
