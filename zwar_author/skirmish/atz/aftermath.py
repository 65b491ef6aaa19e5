"""After the encounter, in a safe and secure place: the Recovery test (seed 004, lines 1366-1380).

"Each character that scored a result of out of the fight or retires and did
not rally must roll 2d6 versus its Rep to see if it returns to the group"
(1366), on the pack's `recovery-after` table ("6" is always a failure, 1374):
out of the fight, pass 2d6 regains consciousness and returns at normal Rep,
pass 1d6 returns at normal Rep "if a nurse or similar is present" and one Rep
lower otherwise, pass 0d6 dies (1377-1380); retired, pass 2d6 returns, 1d6
returns one Rep less, 0d6 never returns. "One unit of medical supplies counts
as having a nurse or similar when rolling the Recovery Tests" and is then
discarded "whether it helped or not" (2823): each unit the group found is
used on one Recovery test of a character out of the fight, during the
encounter (1361: pass 1d6 in contact with a nurse returns at normal Rep) or
after it, in the order they are taken.

A hostile human out of the fight may be recovered too: "If the player
recovers an out of fight hostile human, at the end of the encounter the
hostile human and the player will roll 1d6. Add the score to the Reps of each
character. If the player total is equal or more than the hostile human total
that human will join the player" (2581), on the pack's
`joining-after-recovery` table. Read here: the figure that recovers him is
"the player", and a hostile who passes the Recovery test regains
consciousness in the group's care, staying down and taking no further part.

Who is "in a safe and secure place" the seed does not say; read here as
those carried off the table out of the fight (Retrieving Wounded, 1338) and,
where the group holds the table at the end (the board cleared), those out of
the fight (carried or not) or hunkered down on it, and a driver or rider who
left the table hunkered down by another edge than the far one: he has run
away (814), driven off. Those left on the table when the rest came
home are left behind and take no test. The encounter's result (who came
home) is what it was at its end; what the test does is reported beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...tables.roll import pick
from . import barter
from .dice import TableDice
from .search import MEDICAL
from .state import Aftermath, Human, Status

if TYPE_CHECKING:
    from ..core import Context
    from .game import AtzGame


def tested(game: AtzGame) -> list[Human]:
    """The group's characters in a safe place who were out of the fight or retired and did not rally."""
    return [h for h in game.humans if h.carried_off or h.ran_away
            or (game.cleared and (h.on_table or h.carried_by is not None)
                and h.status in (Status.OUT_OF_THE_FIGHT, Status.HUNKERED_DOWN))]


def hostiles_down(game: AtzGame) -> list[Human]:
    """The hostile humans out of the fight on the table the group may go to and recover (line 2581)."""
    return [o for o in game.on_table(game.hostiles) if o.status is Status.OUT_OF_THE_FIGHT
            and o.carried_by is None and o.tended_by is None]


def tend(game: AtzGame, h: Human, hostile: Human) -> None:
    """``h`` passed the Recovery test on a hostile out of the fight: he comes round in the group's care."""
    hostile.tended_by = h.id
    game.tally.tended += 1
    game.log_line(f"{hostile.name} regains consciousness in {h.name}'s care and takes no further part", hostile.id)


def join(game: AtzGame, ctx: Context) -> None:
    """At the end of the encounter each hostile the group recovered, still out of the fight, rolls 1d6 +
    Rep against his recoverer's 1d6 + Rep: equal or more for the group, he joins it (line 2581)."""
    for hostile in game.hostiles:
        by = game.figure(hostile.tended_by) if hostile.tended_by else None
        if not isinstance(by, Human) or hostile.status is not Status.OUT_OF_THE_FIGHT:
            continue
        values: dict[str, str | int] = {"rep": max(1, min(by.rep, 6)), "their_rep": max(1, min(hostile.rep, 6))}
        picked = pick(game.setup.table("joining-after-recovery"), values, TableDice(ctx))
        for line in picked.lines:
            game.log_line(f"{hostile.name} and {by.name}: {line}", hostile.id, "end")
        if picked.total >= 0:  # "equal or more than the hostile human total"
            game.tally.joined_after += 1
            game.log_line(f"{hostile.name} joins the group", hostile.id, "end")
        else:
            game.log_line(f"{hostile.name} will not join and slips away during the night", hostile.id, "end")


def nurse(game: AtzGame, h: Human) -> bool:
    """Whether a unit of medical supplies the group found (or got bartering) is left for ``h``'s Recovery test:
    if so it is used on it, "whether it helped or not" (line 2823)."""
    if MEDICAL not in barter.stock(game):  # found or got bartering, less those used or traded (line 2823)
        return False
    game.supplies_used += 1
    game.log_line(f"{h.name} is tended with a unit of medical supplies, which is used up", h.id)
    return True


def recover(game: AtzGame, ctx: Context) -> None:
    """The Recovery test after the encounter for each character ``tested`` names, in the group's order."""
    for h in tested(game):
        retired = h.status is Status.HUNKERED_DOWN or h.ran_away
        values: dict[str, str | int] = {"rep": max(1, min(h.rep, 6)), "doctor": "none",
                                        "status": "retired" if retired else "out-of-the-fight"}
        picked = pick(game.setup.table("recovery-after"), values, TableDice(ctx))
        for line in picked.lines:
            game.log_line(f"{h.name} after the encounter: {line}", h.id, "end")
        tended = not retired and nurse(game, h)
        if picked.total == 2 or (picked.total == 1 and tended):
            h.aftermath = Aftermath.RETURNS
        elif picked.total == 1:
            h.aftermath = Aftermath.RETURNS_LOWER
            h.rep = max(1, h.rep - 1)  # the seed has no Rep under 1
        else:
            h.aftermath = Aftermath.NEVER_RETURNS if retired else Aftermath.DIES
        back = h.aftermath in (Aftermath.RETURNS, Aftermath.RETURNS_LOWER)
        game.log_line(f"{h.name} {h.aftermath.value}" + (f" at Rep {h.rep}" if back else ""), h.id, "end")
