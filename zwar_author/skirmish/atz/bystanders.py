"""Being Charged for the target's friends (seed 004, line 850): "any figure within 4" of the charged figure
that can see at least one of the charging figures" takes the test too, in the same roll as the target
(one test for the group, line 826), when the chargers are 4" from contact (line 913).

Not charged themselves, they read the test's results thus: fire and melee, or snap fire and melee, fire
(snap fire) at the nearest charger they see; melee, nothing; retire, retire from the chargers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...tabletop import Sight
from ..core import Board, Context, Figure
from . import hostiles
from .reactions import Do, Test, do
from .state import Human, Status, Zombie

if TYPE_CHECKING:
    from .game import AtzGame

#: How near the charged figure a friend takes the test (line 850).
NEAR = 4


def onlookers(game: AtzGame, target: Human, chargers: Sequence[Figure]) -> list[Human]:
    """The friends of ``target`` carrying on within 4" of it who see at least one charger."""
    return [f for f in game.on_table(game.side(target.side)) if f is not target and f.status is Status.CARRY_ON
            and f.vehicle is None and Board.within(f, target, NEAR)
            and any(game.sees(f, c) is not Sight.BLOCKED for c in chargers)]


def react(game: AtzGame, ctx: Context, f: Human, chargers: Sequence[Figure], passed: int) -> None:
    """``f`` carries out its Being Charged result as one not charged."""
    result = do(f, Test.BEING_CHARGED, passed)
    standing = [c for c in chargers if c.on_table and getattr(c, "status", None) is Status.CARRY_ON]
    if result is Do.RETIRE:
        if standing:
            game._retire(ctx, f, standing[0].position)
        return
    seen = [c for c in standing if game.sees(f, c) is not Sight.BLOCKED and can_fire(game, f, c)]
    if result in (Do.FIRE_AND_MELEE, Do.SNAP_AND_MELEE) and seen:
        game._fire(ctx, f, min(seen, key=lambda c: (f.position.distance(c.position), c.id)),
                   snap=result is Do.SNAP_AND_MELEE)


def can_fire(game: AtzGame, f: Human, c: Figure) -> bool:
    """Whether ``f`` can fire at charger ``c``: at a person as ``hostiles.can_fire_at``; at a zombie with a ranged
    weapon with ammo, one-handed when carrying a friend (line 1339), in range."""
    if isinstance(c, Human):
        return hostiles.can_fire_at(game, f, c)
    w = f.weapon
    return (isinstance(c, Zombie) and w is not None and w.ranged and not f.out_of_ammo
            and (f.carrying is None or w.one_handed) and Board.within(f, c, w.range))
