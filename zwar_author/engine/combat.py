"""Attacks, grab tests, bite tests and grapples: every roll on a card's table.

A roll is a D8 plus modifiers, read on a dice table; totals above the die's
faces read its last row (aimed 7 + 2 reads the 8 row). The perks that change
a result after the dice (Blessed, Double Tap, Kneecap) are decisions of the
hero's player, asked only when they apply.
"""

from __future__ import annotations

from typing import Any

from ..model.rules import CardEffect, CardWindow, Effect
from .cards import window
from .chance import Choice, Context
from .mission import Mission
from .state import MAX_STAGE, Card, Game, Hero, Infected, holder, short
from .vocab import EventKind, HeroStatus, Perk, Topic

YES, NO = "yes", "no"


def read(m: Mission, table: Any, total: int) -> str:
    """The result of ``total`` on one of ``m``'s dice tables; past its faces, its end row (each total read once
    for every game of the mission, ``Mission.charts``: every attack roll and every bot's chance to kill reads a
    chart)."""
    return m.charts.kind(table, total)


def _dice_text(rolls: list[int], modifier: int) -> str:
    if len(rolls) == 1 and modifier:
        return f"rolls {rolls[0]} {'+' if modifier > 0 else '-'} {abs(modifier)} = {rolls[0] + modifier}"
    text = ", ".join(str(r) for r in rolls)
    return f"rolls {text}" + (f" (+{modifier} each)" if modifier else "")


def use_power(g: Game, ctx: Context, h: Hero, perk: Perk, why: str, topic: Topic) -> bool:
    """Whether ``h`` spends a use of power perk ``perk`` (asked only when it is possible)."""
    if perk not in h.perks or h.power.get(perk, 0) <= 0:
        return False
    answer = ctx.choose(g.ruleset.hero_side, f"{h.name}: {why}?",
                        [Choice(YES, f"use {perk}"), Choice(NO, "no")], h.id, topic)
    if answer.key != YES:
        return False
    h.power[perk] -= 1
    g.count(f"power:{perk}")
    g.emit(EventKind.PERK, h.id, f"{h.name} uses {perk.replace('-', ' ').title()} ({h.power[perk]} left)")
    return True


def perk_choice(g: Game, ctx: Context, h: Hero, perk: Perk, why: str, topic: Topic) -> bool:
    if perk not in h.perks:
        return False
    answer = ctx.choose(g.ruleset.hero_side, f"{h.name}: {why}?", [Choice(YES, f"use {perk}"), Choice(NO, "no")], h.id,
                        topic)
    return bool(answer.key == YES)


def melee_bonus(h: Hero, unarmed: bool) -> int:
    bonus = 1 if Perk.BERSERKER in h.boosts else 0
    if unarmed:
        return bonus + (1 if Perk.BLACK_BELT in h.perks else 0)
    return bonus + (1 if Perk.SHOGUN in h.perks else 0)


def attack(g: Game, ctx: Context, h: Hero, z: Infected, how: str, cards: list[Card], *,
           aimed: bool = False, auto: bool = False) -> str:
    """Roll one attack of ``h`` on ``z`` and apply it; the outcome word (killed, knocked down, ...).

    ``how`` is quick, aimed, melee, unarmed, alert or blast; ``cards`` the weapons
    used (two when dual wielding, none unarmed); ``auto`` fires full auto (3 dice).
    """
    m = g.mission
    specs = []  # (table, modifier) per die
    if how == "unarmed" or (not cards and how != "blast"):
        specs.append((h.unarmed, melee_bonus(h, True)))
        weapon = "bare hands"
    else:
        for card in cards:
            eq = m.equipment[card.eq]
            if eq.kind == "melee":
                specs.append((eq.quick, melee_bonus(h, False)))
            else:
                chart = g.ruleset.weapons.chart(eq, aimed)
                specs += [(chart, _aim_modifier(g, h, z, card, aimed, auto))] * (3 if auto else 1)
            if how != "blast":
                spend(g, card, 3 if auto else 1)
        weapon = " and ".join(f"the {m.equipment[c.eq].name}" for c in cards)
    if how != "blast":
        _track_aim(h, z, cards, aimed, auto)
    g.heard(h, cards, z.id)
    where = g.show(z.sq) if z.sq is not None else f"on {holder(g, z).name}"
    if how == "blast":
        label = f"The blast catches {g.label(z)} ({where})"
    else:
        verb = {"quick": "quick fires at", "aimed": "aims at", "alert": "fires on alert at",
                "alert-melee": "attacks", "melee": "attacks", "unarmed": "attacks"}[how]
        suffix = " on alert" if how == "alert-melee" else ""
        label = f"{h.name} {verb} {g.label(z)} ({where}){suffix} with {weapon}"
    where_sq = z.sq if z.sq is not None else h.sq
    if how != "blast" and any(m.gear[c.eq].kind == "ballistic" for c in cards):
        played = window(g, ctx, CardWindow.BALLISTIC_ATTACK, by=h.id)
        if played is not None and played.effect == CardEffect.MISS:
            g.emit(EventKind.ATTACK, h.id, f"{label}: the attack misses (director card)", where_sq, result="miss")
            return hit(g, z, 0, False)
    results, rolls = _roll(m, ctx, specs, label, h.id)
    word = _word(results)
    g.emit(EventKind.ATTACK, h.id, f"{label}: {_dice_text(rolls, specs[0][1])} → {word}", where_sq, tuple(rolls),
           word)
    if "kill" not in results and use_power(g, ctx, h, Perk.BLESSED, "re-roll the failed attack with Blessed",
                                           Topic.BLESSED):
        results, rolls = _roll(m, ctx, specs, f"{label} (re-roll)", h.id)
        word = _word(results)
        g.emit(EventKind.ATTACK, h.id, f"{label} (re-roll): {_dice_text(rolls, specs[0][1])} → {word}", where_sq,
               tuple(rolls), word)
    kills, knock = _after_roll(g, ctx, h, cards, results.count("kill"), "knockdown" in results, aimed, auto)
    return hit(g, z, kills, knock)


def _word(results: list[str]) -> str:
    return "kill" if "kill" in results else ("knockdown" if "knockdown" in results else "miss")


def spend(g: Game, card: Card, rounds: int) -> None:
    """Cross off rounds (ballistic and explosive cards) and mark the card used this turn."""
    eq = g.mission.equipment[card.eq]
    if eq.ammo is not None and eq.kind != "melee" and card.ammo is not None:
        card.ammo -= rounds
        card.fired = True
        g.count(f"rounds:{short(card.eq)}", rounds)
    card.used = True


def _aim_modifier(g: Game, h: Hero, z: Infected, card: Card, aimed: bool, auto: bool) -> int:
    eq = g.mission.equipment[card.eq]
    if aimed:
        return g.ruleset.weapons.aimed_modifier(eq)
    if not auto and h.aim == (z.id, card.name) and "semi-auto" in eq.fire:
        return g.ruleset.weapons.follow_up_bonus(eq)  # a semi-auto follow-up shot keeps the aim bonus
    return 0


def _track_aim(h: Hero, z: Infected, cards: list[Card], aimed: bool, auto: bool) -> None:
    if len(cards) == 1 and not auto and (aimed or (h.aim is not None and h.aim == (z.id, cards[0].name))):
        h.aim = (z.id, cards[0].name)
    else:
        h.aim = None


def _roll(m: Mission, ctx: Context, specs: list[tuple[Any, int]], why: str, who: str) -> tuple[list[str], list[int]]:
    rolls = [ctx.roll(why, who) for _ in specs]
    return [read(m, table, r + mod) for r, (table, mod) in zip(rolls, specs)], rolls


def _after_roll(g: Game, ctx: Context, h: Hero, cards: list[Card], kills: int, knock: bool, aimed: bool,
                auto: bool) -> tuple[int, bool]:
    """Double Tap (a knockdown becomes a kill for 1 round) and Kneecap (an aimed kill becomes a knockdown)."""
    if not kills and knock and len(cards) == 1 and not auto:
        card = cards[0]
        eq = g.mission.equipment[card.eq]
        fires = set(eq.fire) & {"semi-auto", "single-shot"}
        if fires and card.ammo and perk_choice(g, ctx, h, Perk.DOUBLE_TAP,
                                               "turn the knockdown into a kill with Double Tap",
                                           Topic.DOUBLE_TAP):
            card.ammo -= 1
            g.emit(EventKind.PERK, h.id, f"{h.name} double taps: the knockdown is a kill (1 round)", result="kill")
            return 1, False
    if kills and aimed and perk_choice(g, ctx, h, Perk.KNEECAP, "turn the kill into a knockdown with Kneecap",
                                       Topic.KNEECAP):
        g.emit(EventKind.PERK, h.id, f"{h.name} kneecaps: the kill is a knockdown", result="knockdown")
        return 0, True
    return kills, knock


def hit(g: Game, z: Infected, kills: int, knock: bool) -> str:
    """Apply kill results and a knockdown to ``z``; what it came to."""
    if kills:
        z.damage += kills
        if z.damage >= g.mission.units[z.cls].kill_points:
            where = z.sq
            g.emit(EventKind.KILLED, z.tag, f"{g.label(z).capitalize()} is killed", where)
            g.count(f"killed:{short(z.cls)}")
            g.remove(z)
            return "killed"
        if not knock:
            return "hurt"
    if knock and not z.prone and z.holder is None and not g.ruleset.held(g, z):
        z.prone = True
        g.emit(EventKind.KNOCKDOWN, z.tag, f"{g.label(z).capitalize()} is knocked down", z.sq)
        return "knocked down"
    return "no effect" if (kills or knock) else "missed"


def auto_kill(g: Game, h: Hero, z: Infected, text: str, cards: list[Card], rounds: int = 1) -> None:
    """An execution, assassination or Hit Man kill: no dice; each gun used still spends its rounds
    (3 for full auto, one from each of two pistols)."""
    for card in cards:
        spend(g, card, rounds)
    g.heard(h, cards, z.id)
    h.aim = None
    where = z.sq if z.sq is not None else h.sq
    g.emit(EventKind.ATTACK, h.id, text, where, result="kill")
    g.emit(EventKind.KILLED, z.tag, f"{g.label(z).capitalize()} is killed", where)
    g.count(f"killed:{short(z.cls)}")
    g.remove(z)


# --- the infected's attacks --------------------------------------------------------------


def grab_test(g: Game, ctx: Context, h: Hero, z: Infected) -> str:
    """The hero's grab test against ``z``: taken_down, knockdown or safe."""
    why = f"{h.name}'s grab test against {g.label(z)}"
    return tested(g, ctx, h, why, g.mission.classes[z.cls].grab, 1 if Perk.DODGY in h.perks else 0, "safe",
                  (EventKind.GRAB, z.tag), lambda result: result.replace("_", " "))


def bite_test(g: Game, ctx: Context, h: Hero, z: Infected) -> None:
    why = f"{h.name}'s bite test against {g.label(z)}"
    result = tested(g, ctx, h, why, g.mission.classes[z.cls].bite, 1 if armoured(g, h) else 0, "safe",
                    (EventKind.BITE, z.tag), str)
    if result == "bitten":
        if h.npc:
            g.ruleset.npc_killed(g, h)
        else:
            if h.hurt:  # Agent Z: the hurt token flips to its bitten side and moves on a stage
                h.hurt = False
                g.emit(EventKind.HURT, h.id, f"{h.name}'s hurt token flips to its bitten side", h.sq)
            infect(g, ctx, h, EventKind.BITE)


def tested(g: Game, ctx: Context, h: Hero, why: str, table: Any, bonus: int, passed: str, event: tuple[str, str],
           words: Any) -> str:
    """Roll a test on ``table``; a failed one (not ``passed``) may be re-rolled with Blessed. Each
    roll is logged, the re-roll marked as such."""
    roll = ctx.roll(why, h.id)
    result = read(g.mission, table, roll + bonus)
    g.emit(event[0], event[1], f"{why}: {_dice_text([roll], bonus)} → {words(result)}", h.sq, (roll,), words(result))
    if result != passed and use_power(g, ctx, h, Perk.BLESSED, f"re-roll the failed {event[0]} test with Blessed",
                                                  Topic.BLESSED_TEST):
        again = f"{why} (re-roll)"
        roll = ctx.roll(again, h.id)
        result = read(g.mission, table, roll + bonus)
        g.emit(event[0], event[1], f"{again}: {_dice_text([roll], bonus)} → {words(result)}", h.sq, (roll,),
               words(result))
    return result


def armoured(g: Game, h: Hero) -> bool:
    """R.A.C. Armour: +1 to bite tests while it is in the card deck of the hero it belongs to."""
    for card in h.cards:
        eq = g.mission.equipment[card.eq]
        if eq.effect == Effect.RAC_ARMOUR and (eq.special is None or short(eq.special) == h.id):
            return True
    return False


def infect(g: Game, ctx: Context, h: Hero, how: EventKind) -> None:
    """Move the bitten counter on a stage (``how``: a bite or a failed infection test); past
    stage 5 the hero dies."""
    if h.stage >= MAX_STAGE:
        hero_dies(g, h, "infection" if how == EventKind.INFECTION else "bitten at stage 5")
        return
    h.stage += 1
    g.emit(EventKind.INFECTED, h.id, f"{h.name} is at infection stage {h.stage}", h.sq, result=f"stage {h.stage}")


def hold(g: Game, h: Hero, z: Infected) -> None:
    """``z`` goes onto the hero card: the hero is prone and locked in a grapple."""
    g.lift(z)
    z.holder = h.id
    z.prone = False
    h.grapplers.append(z.id)
    h.prone = True
    h.alert = None
    h.stride = 0
    g.emit(EventKind.GRAPPLE, z.tag, f"{g.label(z).capitalize()} is locked in a grapple with {h.name}", h.sq)


def hero_dies(g: Game, h: Hero, cause: str) -> None:
    g.emit(EventKind.DEATH, h.id, f"{h.name} dies ({cause})", h.sq, result=cause)
    h.status, h.done, h.alert, h.stride = HeroStatus.DEAD, True, None, 0
    g.ruleset.hero_died(g, h, cause)
