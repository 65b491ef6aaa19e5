"""Attacks: base and gear dice, pushing, special attacks, armour and cover, damage, Broken and Taken Out.

Seed lines (003): the attack summary 242-250; melee 254-258; range and sight
262-268; dice 272-276; pushing 284-286; special attacks 294-306; overwatch
fire 310-312; armour 322-324; cover 328-332; damage 336-338; Broken 346-354;
Bloodied 358; Taken Out 362.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...tabletop import Band, Position, Sight, bases_overlap
from ..core import Choice, Context
from .actions import CONTACT, where
from .floors import building_at, fall, fits
from .scenario import specials
from .state import Item, Kind, Model, Status

if TYPE_CHECKING:
    from .game import ZoneWarsGame

SHORT = {"success": "S", "blank": "-", "model-damage": "M", "gear-damage": "G"}


def faces(rolled: list[str]) -> str:
    return " ".join(SHORT.get(f, f) for f in rolled) or "none"


def attack(g: ZoneWarsGame, ctx: Context, a: Model, t: Model, item: Item | None, melee: bool, *,
           bonus: int = 0, push: bool = True, label: str = "attacks") -> None:
    """``a`` attacks ``t`` with ``item`` (None: an improvised attack), in melee or at range."""
    rules = g.scenario.rules
    card = g.card(item.card) if item is not None else None
    special = specials(card)
    weapon = card.name if card is not None else "bare hands and scrap" if melee else "a thrown rock"
    attribute = a.melee if melee else a.ranged
    base = max(1, attribute + bonus)
    gear = item.bonus if item is not None else 0
    cover = g.fire(a, t) if not melee else None
    g.emit(Kind.ATTACK, a.id, f"{a.name} {label} {t.name} with {weapon} "
           f"({'melee' if melee else 'ranged'}, {base} base + {gear} gear dice)", a.at)
    if melee and t.overwatch:
        lose_overwatch(g, t)
    if card is not None and card.single_use and item in a.items:  # used once, then out of the game (seed 420)
        a.items.remove(item)
        g.emit(Kind.ARTIFACT, a.id, f"The {card.name} is used up")
    extra = _mutation(g, ctx, a, melee, after=False)
    rolled_base = [ctx.roll(f"{a.name}'s base die", g.scenario.base_die, a.id) for _ in range(base + extra)]
    rolled_gear = [ctx.roll(f"{a.name}'s gear die", g.scenario.gear_die, a.id) for _ in range(gear)]
    hits = rolled_base.count("success") + rolled_gear.count("success")
    g.emit(Kind.ROLL, a.id, f"{a.name} rolls {faces(rolled_base)} | {faces(rolled_gear)}: {_hits(hits)}",
           dice=tuple(rolled_base + rolled_gear))
    late = _mutation(g, ctx, a, melee, after=True)  # Flesh Eater: declared after the dice are rolled (seed 398)
    if late:
        more = [ctx.roll(f"{a.name}'s base die", g.scenario.base_die, a.id) for _ in range(late)]
        rolled_base += more
        hits += more.count("success")
        g.emit(Kind.ROLL, a.id, f"{a.name} rolls {faces(more)} more: {_hits(hits)}", dice=tuple(more))
    if push and ctx.choose(a.side, f"{a.name}: push the roll?", (Choice("push", "push"), Choice("keep", "keep")),
                           a.id, "push").key == "push":
        rolled_base = [f if f in ("success", "model-damage") else
                       ctx.roll(f"{a.name}'s pushed base die", g.scenario.base_die, a.id) for f in rolled_base]
        rolled_gear = [f if f in ("success", "gear-damage") else
                       ctx.roll(f"{a.name}'s pushed gear die", g.scenario.gear_die, a.id) for f in rolled_gear]
        hits = rolled_base.count("success") + rolled_gear.count("success")
        g.emit(Kind.ROLL, a.id, f"{a.name} pushes: {faces(rolled_base)} | {faces(rolled_gear)}: {_hits(hits)}",
               dice=tuple(rolled_base + rolled_gear))
        hazards, breaks = rolled_base.count("model-damage"), rolled_gear.count("gear-damage")
        if hazards and rules.push_m_points:
            g.m_points[a.side] += hazards * rules.push_m_points
            g.emit(Kind.ROLL, a.side, f"{g.side_name(a.side)} gains {hazards * rules.push_m_points} m-point"
                   f"{'s' if hazards * rules.push_m_points > 1 else ''} ({g.m_points[a.side]})")
        if breaks and item is not None and rules.push_gear_damage:
            damage_item(g, a, item, breaks * rules.push_gear_damage)
        if hazards and rules.push_model_damage:
            harm(g, ctx, a, hazards * rules.push_model_damage, None, "the push")
    if hits and "igniter" in special:
        flames = [ctx.roll(f"{a.name}'s igniter die", g.scenario.gear_die, a.id) for _ in range(hits)]
        hits += flames.count("success")
        g.emit(Kind.ROLL, a.id, f"The fire burns: {faces(flames)}: {_hits(hits)}", dice=tuple(flames))
        if flames.count("gear-damage") and item is not None:
            damage_item(g, a, item, flames.count("gear-damage"))
    if not hits:
        g.emit(Kind.ATTACK, a.id, f"{a.name} misses {t.name}", result="miss")
        return
    if "area" in special:
        caught = [t] + [o for o in g.models() if o is not t and o.on_table and o.in_play
                        and g.board.within(t, o, Band.CLOSE.inches)]  # every other model, the attacker too
        for victim in caught:
            wound(g, ctx, a, victim, hits, 0, melee, silent="silent" in special)
        return
    cover_dice = 0
    if cover is not None and cover.sight is Sight.COVER:
        cover_dice = rules.contact_cover_dice if cover.contact else rules.cover_dice
    wound(g, ctx, a, t, hits, cover_dice, melee, silent="silent" in special)
    if "knockback" in special and t.on_table:
        knockback(g, ctx, a, t)


def _hits(n: int) -> str:
    return f"{n} hit{'' if n == 1 else 's'}"


def _mutation(g: ZoneWarsGame, ctx: Context, a: Model, melee: bool, after: bool) -> int:
    """Base dice a mutation that enhances the attack adds, for the m-points the player spends on it."""
    pool = g.m_points[a.side]
    if a.mutated:  # one mutation an activation (seed 410)
        return 0
    for mid in a.mutations:
        mutation = g.scenario.mutations[mid]
        effect = mutation.effect
        if effect is None or not effect.dice or effect.after_roll != after or pool < 1 or \
                effect.attack not in ("any", "melee" if melee else "ranged"):
            continue
        most = min(pool, g.scenario.rules.most_m_points, mutation.m_points)
        spent = ctx.choose(a.side, f"{a.name}: m-points for {mutation.name}?",
                           [Choice(n, f"{n} m-points") for n in range(most + 1)], a.id, "m-points").key
        if spent:
            g.m_points[a.side] -= spent
            a.mutated = True
            g.emit(Kind.ROLL, a.id, f"{a.name} uses {mutation.name} with {spent} m-point{'s' if spent > 1 else ''}: "
                   f"{spent * effect.dice} more base dice")
        return int(spent) * effect.dice
    return 0


def wound(g: ZoneWarsGame, ctx: Context, a: Model | None, t: Model, hits: int, cover_dice: int, melee: bool,
          armour: bool = True, source: str = "the attack", silent: bool = False) -> None:
    """``t`` rolls its armour (and cover) against ``hits``; what gets through is damage. Hit by an attack (``a``)
    with a weapon that is not Silent, it may first use a reflex mutation that adds armour dice (seed 99)."""
    worn: list[Item] = [i for i in (t.items if armour else []) if _is_armour(g, i) for _ in range(i.bonus)]
    reflex, name = _reflex(g, ctx, t) if a is not None and not silent else (0, "")
    dice: list[Item | str | None] = [*worn, *["reflex"] * reflex, *[None] * cover_dice]
    saved = 0
    if dice:
        rolled = [ctx.roll(f"{t.name}'s {'armour' if isinstance(i, Item) else name if i else 'cover'} die",
                          g.scenario.gear_die, t.id) for i in dice]
        saved = rolled.count("success")
        more = f"{reflex} {name} + " if reflex else ""
        g.emit(Kind.ROLL, t.id, f"{t.name} rolls {len(worn)} armour + {more}{cover_dice} cover dice: "
               f"{faces(rolled)}: {saved} saved", dice=tuple(rolled))
        for item, face in zip(dice, rolled, strict=True):
            if isinstance(item, Item) and face == "gear-damage":
                damage_item(g, t, item, 1)
    damage = max(0, hits - saved)
    if not damage:
        g.emit(Kind.DAMAGE, t.id, f"{t.name} takes no damage", t.at, result="no damage")
        return
    harm(g, ctx, t, damage, a, source, melee)


def _reflex(g: ZoneWarsGame, ctx: Context, t: Model) -> tuple[int, str]:
    """Armour dice a reflex mutation adds for the m-points its player spends, and the mutation's name. A Broken
    model may use it too (seed 346); a reflex needs no action (202); one mutation an activation (410): none if the
    model has used one in this activation, whoever's it is."""
    pool = g.m_points.get(t.side, 0)
    if pool < 1 or t.id in g.reflexed or (t.mutated and g.order and g.order[-1] == t.id):
        return 0, ""
    for mid in t.mutations:
        mutation = g.scenario.mutations[mid]
        effect = mutation.effect
        if mutation.type != "reflex" or effect is None or not effect.armour:
            continue
        most = min(pool, g.scenario.rules.most_m_points, mutation.m_points)
        spent = int(ctx.choose(t.side, f"{t.name}: m-points for {mutation.name}?",
                               [Choice(n, f"{n} m-points") for n in range(most + 1)], t.id, "m-points").key)
        if spent:
            g.m_points[t.side] -= spent
            g.reflexed.add(t.id)
            if g.order and g.order[-1] == t.id:
                t.mutated = True
            g.emit(Kind.ROLL, t.id, f"{t.name} uses {mutation.name} with {spent} m-point{'s' if spent > 1 else ''}: "
                   f"{spent * effect.armour} more armour dice")
        return spent * effect.armour, mutation.name
    return 0, ""


def _is_armour(g: ZoneWarsGame, item: Item) -> bool:
    card = g.card(item.card)
    return card is not None and card.use == "armour" and not item.busted and item.bonus > 0


def damage_item(g: ZoneWarsGame, m: Model, item: Item, steps: int) -> None:
    card = g.card(item.card)
    name = card.name if card is not None else item.card
    item.bonus = max(0, item.bonus - steps)
    text = f"{m.name}'s {name} loses {steps} step{'s' if steps > 1 else ''} ({item.bonus} left)"
    if item.bonus == 0 and not item.busted:
        item.busted = True
        text += ": Busted"
    g.emit(Kind.DAMAGE, m.id, text)


def harm(g: ZoneWarsGame, ctx: Context, t: Model, damage: int, by: Model | None, source: str,
         melee: bool = False) -> None:
    """``damage`` points on ``t``: Broken at its Health, Taken Out when Bloodied or hit that hard while Broken."""
    if damage <= 0 or not t.in_play:
        return
    if t.overwatch:
        lose_overwatch(g, t)
    if t.status is Status.BROKEN:
        if damage >= t.health:
            g.emit(Kind.DAMAGE, t.id, f"{t.name} takes {damage} damage while Broken, a full Health's worth", t.at)
            take_out(g, ctx, t, by, melee)
        else:
            g.emit(Kind.DAMAGE, t.id, f"{t.name} is Broken: {damage} damage has no effect", t.at, result="no effect")
        return
    t.damage += damage
    g.emit(Kind.DAMAGE, t.id, f"{t.name} takes {damage} damage from {source} ({t.damage} of {t.health})", t.at)
    if t.damage < t.health:
        return
    if t.bloodied:
        take_out(g, ctx, t, by, melee)
        return
    t.status, t.recover_rolled = Status.BROKEN, False
    g.emit(Kind.BROKEN, t.id, f"{t.name} is Broken", t.at, result="broken")
    if by is not None and melee:
        steal(g, ctx, by, t)


def take_out(g: ZoneWarsGame, ctx: Context, t: Model, by: Model | None, melee: bool) -> None:
    if by is not None and melee:
        steal(g, ctx, by, t)
    t.status, t.on_table, t.overwatch = Status.TAKEN_OUT, False, False
    g.emit(Kind.TAKEN_OUT, t.id, f"{t.name} is Taken Out", t.at, result="taken out")
    g.remove_token(t)
    for item in [i for i in t.items if i.found]:
        g.drop(item, t.position, t.floor)
    t.items = []


def steal(g: ZoneWarsGame, ctx: Context, by: Model, t: Model) -> None:
    """An attacker in base contact who Breaks or Takes Out a model may take one of its artifact cards."""
    cards = [i for i in t.items if i.card in g.scenario.artifacts]
    if not cards or not by.in_play or by.floor != t.floor or not g.board.within(by, t, CONTACT):
        return
    options = [Choice(n, f"take the {g.card_name(i.card)}") for n, i in enumerate(cards)] + [Choice(None, "take nothing")]
    chosen = ctx.choose(by.side, f"{by.name}: take an artifact from {t.name}?", options, by.id, "steal").key
    if chosen is not None:
        item = cards[chosen]
        t.items.remove(item)
        by.items.append(item)
        g.emit(Kind.ARTIFACT, by.id, f"{by.name} takes the {g.card_name(item.card)} from {t.name}", by.at)


def lose_overwatch(g: ZoneWarsGame, t: Model) -> None:
    t.overwatch = False
    g.emit(Kind.OVERWATCH, t.id, f"{t.name} loses overwatch")


def knockback(g: ZoneWarsGame, ctx: Context, a: Model, t: Model) -> None:
    """The target is pushed Close directly away from the attacker; into terrain or a model: 1 more damage."""
    push_away(g, ctx, t, a.position, Band.CLOSE.inches, a, bump=1, word="knocked")


def push_away(g: ZoneWarsGame, ctx: Context, t: Model, origin: Position, distance: Fraction, by: Model | None,
              bump: int, word: str = "pushed") -> None:
    """``t`` is moved ``distance`` straight away from ``origin`` (a model standing on it: away from its back);
    off a floor it falls (seed 392); into terrain or a model it stays, and takes ``bump`` damage."""
    dx, dy = float(t.position.x - origin.x), float(t.position.y - origin.y)
    length = math.hypot(dx, dy)
    if length < 1e-9:
        angle = math.radians(float(t.facing))
        dx, dy, length = -math.sin(angle), math.cos(angle), 1.0
    step = float(distance)
    to = Position(Fraction(float(t.position.x) + dx / length * step).limit_denominator(10**6),
                  Fraction(float(t.position.y) + dy / length * step).limit_denominator(10**6))
    others = [o for o in g.models() if o is not t and o.on_table and o.floor == t.floor]
    board = g.board
    if t.floor:
        piece = building_at(g, t.position)
        if piece is not None and fits(piece, to, t.base.radius):
            if not any(bases_overlap(to, t.base, o.position, o.base) for o in others):
                t.position = to
                g.emit(Kind.MOVE, t.id, f"{t.name} is {word} back to {where(to)}", t.at)
                return
        elif board.stands(to, t.base, [o for o in g.models() if o is not t and o.on_table and o.floor == 0]):
            height = fall(g, t)
            t.position, t.floor = to, 0
            g.emit(Kind.MOVE, t.id, f"{t.name} is {word} off the floor and falls to {where(to)}", t.at)
            harm(g, ctx, t, height, None, "the fall")  # armour does not protect against falling damage (seed 392)
            return
        _blocked(g, ctx, t, by, bump, word)
        return
    clear = bool(board.straight(t, np.array([[float(to.x), float(to.y)]]), others)[0]) and \
        board.stands(to, t.base) and not any(bases_overlap(to, t.base, o.position, o.base) for o in others)
    if clear:
        t.position = to
        g.emit(Kind.MOVE, t.id, f"{t.name} is {word} back to {where(to)}", t.at)
    else:
        _blocked(g, ctx, t, by, bump, word)


def _blocked(g: ZoneWarsGame, ctx: Context, t: Model, by: Model | None, bump: int, word: str) -> None:
    if bump:
        g.emit(Kind.MOVE, t.id, f"{t.name} is {word} back into the way", t.at)
        harm(g, ctx, t, bump, by, "the knockback")
    else:
        g.emit(Kind.MOVE, t.id, f"{t.name} is {word} back into the way and stays where it stands", t.at)
