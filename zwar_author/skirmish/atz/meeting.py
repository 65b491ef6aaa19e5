"""Meet & Greet: whether the humans the group meets are friendly or hostile, and Walk the Walk's first shot.

Seed lines (004): after who they are is known (line 2539), the hostile leader (the
highest Rep and best weapon, line 2542) and the group's leader meet on the
Meet & Greet table (2543-2549, the pack's `meet-and-greet`): 2 or more
successes up they join the group under its control (2562), 1 up they join for
the rest of the game (2563), 1 down they will not join and the group leaves
peacefully (2563), 2 or more down it is time to Walk the Walk (2562); one up
or one down, the group may first barter for resources (2563, ``barter``). A Star
may choose not to meet but to Walk the Walk at once (2575): each leader rolls
1d6 and adds his Rep (the pack's `walk-the-walk`), the higher fires first, and
then Activation is rolled normally (2577). The meeting is held at the start of
the encounter, when the engine rolls the hostile humans up, and again with
the humans found in each building the group enters (``inside``: "have met
in a building", line 2560).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Choice, Context
from . import barter, outgunned
from .dice import leaders_roll
from .state import DOWN, OFF, Human, Klass, Status

if TYPE_CHECKING:
    from .game import AtzGame

TABLES = ("meet-and-greet", "walk-the-walk")
#: The classes Meet & Greet counts as "ganger or survivor" (the table's -2d6, line 2555).
ROUGH = (Klass.GANGER, Klass.SURVIVOR)
#: The most figures one side has more than the other that the pack's table reads (its dice stay 12 a side, the
#: most its exact odds are computed for).
OUTNUMBER = 6


def hostile_leader(game: AtzGame, them: list[Human] | None = None) -> Human | None:
    """The figure with the highest Rep and best weapon (line 2542): the best by its Outgunned Ranking, then
    Impact; the first rolled up among equals. ``them``: the group met (every hostile unless said)."""
    table = game.setup.table(outgunned.TABLE)
    able = [h for h in game.on_table(game.hostiles if them is None else them) if h.status is Status.CARRY_ON]
    return max(able, key=lambda h: (h.rep, outgunned.rank(table, h.weapon), h.weapon.impact if h.weapon else 0,
                                    -able.index(h)), default=None)


def meet(game: AtzGame, ctx: Context, them: list[Human] | None = None) -> str:
    """The meeting with ``them`` (every hostile unless said): Meet & Greet, or Walk the Walk when a Star leads
    the group and chooses it (line 2575). How it ended ("" when no leader was there to meet)."""
    them = game.hostiles if them is None else them
    ours, theirs = game.leader(), hostile_leader(game, them)
    if ours is None or theirs is None:
        return ""
    for h in them:
        h.leader = h is theirs  # he leads them from now on (line 2542)
    if ours.star:
        how = ctx.choose("player", f"{ours.name} is a Star: Meet & Greet {theirs.name}'s group, or Walk the Walk",
                         [Choice("meet", "Meet & Greet: try to talk them into joining"),
                          Choice("walk", "Walk the Walk: start the gunfight")], ours.id)
        if how.key == "walk":
            game.log_line(f"{ours.name} chooses to Walk the Walk (line 2575)", ours.id)
            game.tally.met.append("walked the walk")
            walk_the_walk(game, ctx, ours, theirs)
            return game.tally.met[-1]
    greet(game, ctx, ours, theirs, them)
    return game.tally.met[-1]


def greet(game: AtzGame, ctx: Context, ours: Human, theirs: Human, them: list[Human]) -> None:
    """Both leaders on `meet-and-greet`, their Rep in d6, 1d6 more for each figure one side has more than the
    other, -2d6 for a ganger or survivor against those who are not (lines 2543-2549); re-rolled while the
    table's row says both roll again (equal highest failed dice)."""
    group = [h for h in game.on_table(game.humans) if h.status not in OFF and h.status not in DOWN]  # who can fight
    them = game.on_table(them)
    more = max(-OUTNUMBER, min(OUTNUMBER, len(group) - len(them)))
    if more != len(group) - len(them):
        game.log_line(f"One side has {abs(len(group) - len(them))} figures more: read as {OUTNUMBER}, the most "
                      "the pack's table reads")
    values: dict[str, str | int] = {
        "rep": ours.rep, "their_rep": theirs.rep, "outnumber": more,
        "you": "ganger-or-survivor" if ours.klass in ROUGH else "other",
        "they": "ganger-or-survivor" if theirs.klass in ROUGH else "other"}
    game.log_line(f"Meet & Greet: {ours.name} (Rep {ours.rep}, {_figures(len(group))}) and {theirs.name} "
                  f"(Rep {theirs.rep}, {_figures(len(them))})")
    total = leaders_roll(game.setup.table("meet-and-greet"), values, ctx, game.log_line)
    if total >= 2:
        join(game, "for good", them)
    elif total == 1:
        barter.barter(game, ctx, ours, theirs, them)  # "May barter for resources" (line 2563)
        join(game, "for the game", them)
    elif total == -1:
        barter.barter(game, ctx, ours, theirs, them)
        part(game, them)
    else:
        game.tally.met.append("walked the walk")
        game.log_line("Time to Walk the Walk (line 2562)")
        walk_the_walk(game, ctx, ours, theirs)


def join(game: AtzGame, how: str, them: list[Human]) -> None:
    """They join the group under its control (line 2562), or for the rest of the game only (2563): on the
    group's side, played by its player; the report counts them apart from the roster."""
    for h in game.on_table(them):
        h.side, h.joined = "humans", how
        h.leader = False
    game.tally.met.append("joined" if how == "for good" else "joined for the game")
    game.log_line("They join the group under its control (line 2562)" if how == "for good"
                  else "They join the group for the rest of the game (line 2563)")


def part(game: AtzGame, them: list[Human]) -> None:
    """They will not join, and the group may leave peacefully (line 2563): they take no further part, off the
    table; the building they hold may not be searched (``inside``)."""
    for h in game.on_table(them):
        h.status, h.on_table = Status.GONE, False
    game.tally.met.append("parted peacefully")
    game.log_line("They will not join, and the group may leave peacefully: they take no further part "
                  "(line 2563)")


def walk_the_walk(game: AtzGame, ctx: Context, ours: Human, theirs: Human) -> None:
    """Each leader 1d6 + Rep on `walk-the-walk`, equal totals rolled again (the pack's reading); the higher
    fires first at the nearest foe he sees in range, turning to it, and any reactions are resolved
    (line 2577). Activation is then rolled normally, with the first turn."""
    total = leaders_roll(game.setup.table("walk-the-walk"), {"rep": ours.rep, "their_rep": theirs.rep}, ctx,
                         game.log_line, tie="Equal totals: both leaders roll again")
    first = ours if total > 0 else theirs
    target = game.target(first, turn=True)
    if target is None:
        game.log_line(f"{first.name} fires first, but sees no foe within range (line 2577)", first.id)
        return
    game.log_line(f"{first.name} fires first (line 2577)", first.id)
    game._fire(ctx, first, target, snap=False)


def _figures(n: int) -> str:
    return f"{n} figure" + ("s" if n != 1 else "")
