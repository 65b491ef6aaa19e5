"""Bartering for resources after Meet & Greet (seed 004, line 2563; How To Barter, lines 3057-3105).

When Meet & Greet ends one up for either side the group "May barter for
resources" (2563): with those who join it for the rest of the game, or with
those who will not join, before each goes its way. How To Barter (3063-3078):
the other side has what you want but assault rifles, flash-bang grenades,
machine pistols, submachine guns and the "Cure"; you trade for at most twice
the number of their figures; one for one, luxury items counting as two; both
leaders then roll their Rep in d6 on the pack's `barter` table (3083-3102):
one or more up, or one down (up to half the most, 3101), the exchange is
made; two down, no deal.

The engine's reading, as an encounter holds no more than this:

- What the group barters away is its stock of resources found in this
  encounter and not used or traded yet (``stock``: food, fuel, luxury items,
  medical supplies, the "Cure"); the group file carries no stock from earlier
  encounters, and the weapons, armor and keys its figures carry are not
  offered (the bots need them; the book's "You may barter away assault
  rifles..." is left to that stock, which holds no weapons: a weapon found is
  taken up or left, ``search``).
- No item counts as one "that cannot be found in this area" (the +2d6 and
  -2d6 of line 3087, 3091 and the one-down row's limit): an encounter reads
  its area as the Availability of Resources table prints it (3019-3027),
  every resource found in every area, without the campaign's Basic Resource
  roll and over-fishing (3029-3055), which it does not keep.
- "Luxury items that will count as two" (3070) is read both ways: one
  offered is worth two items, one wanted costs two, and against the most.
- What is got: medical supplies go to the stock (a nurse on a Recovery test,
  line 2823); a weapon arms the first figure of the group without a ranged
  weapon, body armor protects the first without (as found, ``search``); food,
  fuel and luxury items go to the stock, counted in the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core import Choice, Context
from .dice import leaders_roll
from .search import CURE, FOOD, FUEL, LUXURY, MEDICAL, take
from .state import Human, Klass, Status

if TYPE_CHECKING:
    from .game import AtzGame

TABLE = "barter"
#: What the other side never has (line 3065) and what offering earns +1d6 (line 3087).
RESTRICTED = ("Assault Rifle", "Flash Bang Grenade", "Machine Pistol", "Submachine Gun", CURE)
#: The resources of the stock, which the group may barter away (``stock``).
RESOURCES = (FOOD, FUEL, LUXURY, MEDICAL, CURE)
#: What the group may barter for (line 3065): the resources and weapons of the Resource and Weapons Tables
#: (lines 2686, 2693-2705) but those the other side never has.
WANTS = (MEDICAL, FOOD, FUEL, LUXURY, "Body Armor", "Pistol", "BA Pistol", "Shotgun", "Bolt Action Rifle",
         "Semi-Automatic Rifle", "Squad Automatic Weapon")
#: The classes the table's -1d6 counts as "a ganger or survivor" (line 3093).
ROUGH = (Klass.GANGER, Klass.SURVIVOR)


@dataclass
class Deal:
    """What the group's leader has chosen so far: the items wanted and those offered, in order."""

    most: int  # twice the other side's figures (line 3068)
    wanted: list[str] = field(default_factory=list)
    offered: list[str] = field(default_factory=list)


def worth(item: str) -> int:
    """Items it counts as: luxury items two, everything else one (line 3070)."""
    return 2 if item == LUXURY else 1


def stock(game: AtzGame) -> list[str]:
    """The group's resources now: found searching and got bartering, less those traded away and the medical
    supplies used; in the order found."""
    t = game.tally
    left = [i for i in t.found + t.bartered if i in RESOURCES]
    for item in t.traded + [MEDICAL] * game.supplies_used:
        if item in left:
            left.remove(item)
    return left


def barter(game: AtzGame, ctx: Context, ours: Human, theirs: Human, them: list[Human]) -> None:
    """The group's leader chooses what to barter for and away (``Deal``, which the bots read), then both
    leaders roll on `barter` and the exchange is made as far as the result allows."""
    if not stock(game):
        game.log_line("No barter (line 2563): the group has nothing to barter away")
        return
    deal = Deal(2 * len(game.on_table(them)))
    game.deal = deal
    try:
        while True:
            have = list(stock(game))
            for item in deal.offered:
                have.remove(item)
            options = [Choice("done", "barter for what is chosen" if deal.wanted else "do not barter")]
            if sum(map(worth, deal.wanted)) < deal.most:
                options += [Choice(("want", w), f"barter for {w}") for w in WANTS
                            if sum(map(worth, deal.wanted)) + worth(w) <= deal.most]
            options += [Choice(("offer", i), f"barter away {i}") for i in dict.fromkeys(have)]
            chosen = ctx.choose("player", f"Barter with {theirs.name}'s group (up to {deal.most} items): "
                                f"for {', '.join(deal.wanted) or 'nothing yet'}; away "
                                f"{', '.join(deal.offered) or 'nothing yet'}", options, ours.id).key
            if chosen == "done":
                break
            (deal.wanted if chosen[0] == "want" else deal.offered).append(chosen[1])
    finally:
        game.deal = None
    if not deal.wanted or not deal.offered:
        game.log_line("No barter (line 2563)")
        return
    game.log_line(f"Barter (line 3057): {ours.name} wants {', '.join(deal.wanted)} for {', '.join(deal.offered)}, "
                  f"up to {deal.most} items")
    most = _roll(game, ctx, ours, theirs, deal)
    if most == 0:
        game.log_line("No deal made (line 3100)")
        return
    _exchange(game, ours, deal, most)


def _roll(game: AtzGame, ctx: Context, ours: Human, theirs: Human, deal: Deal) -> int:
    """Both leaders on `barter`, rolled again while the row says both roll again; the most items the result
    lets the group trade for: all (one or more up), half (one down) or none (two down)."""
    values: dict[str, str | int] = {
        "rep": max(1, min(ours.rep, 6)), "their_rep": max(1, min(theirs.rep, 6)),
        "offer_rare": "no", "want_rare": "no",  # every resource is found in every area (lines 3019-3027)
        "offer_luxury": "yes" if LUXURY in deal.offered else "no",
        "offer_restricted": "yes" if any(i in RESTRICTED for i in deal.offered) else "no",
        "want_luxury": "yes" if LUXURY in deal.wanted else "no",
        "you": "ganger-or-survivor" if ours.klass in ROUGH else "other",
        "they": "ganger-or-survivor" if theirs.klass in ROUGH else "other"}
    total = leaders_roll(game.setup.table(TABLE), values, ctx, game.log_line)
    if total >= 1:
        return deal.most
    if total == -1:
        game.log_line(f"They barter up to half the most: {deal.most // 2} items (line 3101)")
        return deal.most // 2
    return 0


def _exchange(game: AtzGame, ours: Human, deal: Deal, most: int) -> None:
    """The items wanted, in order, as far as both the most and what is offered are worth (one for one,
    luxury items two, line 3070); the items offered, in order, until they pay for them."""
    value = sum(map(worth, deal.offered))
    got: list[str] = []
    for item in deal.wanted:
        if sum(map(worth, got)) + worth(item) <= min(most, value):
            got.append(item)
    given: list[str] = []
    for item in deal.offered:
        if sum(map(worth, given)) >= sum(map(worth, got)):
            break
        given.append(item)
    if not got:
        game.log_line("Nothing wanted fits the deal: no exchange")
        return
    game.tally.bartered += got
    game.tally.traded += given
    game.log_line(f"The exchange: {', '.join(got)} for {', '.join(given)}")
    group = [h for h in game.on_table(game.humans) if h.status is Status.CARRY_ON and not h.animal]
    for item in got:
        if item in RESOURCES:
            continue
        needs = [h for h in group if (not h.protected if item == "Body Armor"
                                      else h.weapon is None or not h.weapon.ranged)]
        take(game, needs[0] if needs else ours, item)
