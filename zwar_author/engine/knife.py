"""Agent Z's ballistic knife, thrown.

"The ballistic knife may be used in the same manner as a standard melee weapon
or, alternatively, it can be thrown (up to 6 squares). When throwing the
ballistic knife, only aimed shots can be used (so add 2 to the card table).
When the weapon is thrown, discard the equipment card and place the weapon
token on the square of the target (regardless of whether the target is
killed). The knife may then be picked back up and reused by any hero."

Any active melee card with a range is thrown this way; it is an aimed attack
(the aimed fire AP) and silent unless its card says otherwise.
"""

from __future__ import annotations

from .actions import Action
from .agents import KILL, KNOCKDOWN, apply, rivals, sees_agent
from .chance import Context
from .combat import hit, read
from .state import Card, Game, Hero, Infected
from .vocab import EventKind, Verb
from .weapons import gun_targets, in_range

TOKEN = "K"  # the letter the knife's token shows on the board


def thrown(g: Game, h: Hero) -> list[Card]:
    """The active melee cards ``h`` could throw (a melee card with a range)."""
    m = g.mission
    return [c for c in h.active_cards() if m.equipment[c.eq].kind == "melee" and m.equipment[c.eq].range]


def knife_actions(g: Game, h: Hero) -> list[Action]:
    """Throws at infected and rival agents in sight and range (as an aimed attack, standing or prone)."""
    if h.grapplers or h.stride or h.ap < g.mission.ap_costs.get(Verb.THROW_KNIFE, 2):
        return []
    acts: list[Action] = []
    for card in thrown(g, h):
        for z in gun_targets(g, h, h.sq, card):
            if z.sq is not None:
                acts.append(Action(h.id, Verb.THROW_KNIFE, square=z.sq, target=z.id, card=card.name))
        for o in rivals(g, h):
            if sees_agent(g, h.sq, o) and in_range(g, card, h.sq, o.sq):
                acts.append(Action(h.id, Verb.THROW_KNIFE, square=o.sq, target=-1, other=o.id, card=card.name))
    return acts


def throw_knife(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    card = h.card(a.card)
    assert card is not None
    eq = g.mission.equipment[card.eq]
    bonus = g.ruleset.weapons.aimed_modifier(eq)
    victim: Hero | Infected = g.hero(a.other) if a.other else g.infected[a.target]
    name = victim.name if isinstance(victim, Hero) else g.label(victim)
    label = f"{h.name} throws the {eq.name} at {name} ({g.show(a.square)})"
    roll = ctx.roll(label, h.id)
    result = read(g.mission, eq.quick, roll + bonus)
    g.emit(EventKind.THROW, h.id, f"{label}: rolls {roll} + {bonus} = {roll + bonus} → {result}", a.square, (roll,),
           result)
    h.cards.remove(card)
    if card.name in h.active:
        h.active.remove(card.name)
    h.aim = None
    if isinstance(victim, Hero):
        g.heard(h, [card])
        apply(g, ctx, h, victim, [result])
    else:
        g.heard(h, [card], victim.id)
        hit(g, victim, 1 if result == KILL else 0, result == KNOCKDOWN)
    g.items.setdefault(a.square, []).append((TOKEN, card.eq))
    g.emit(EventKind.THROW, h.id, f"The {eq.name} lies at {g.show(a.square)}", a.square)
