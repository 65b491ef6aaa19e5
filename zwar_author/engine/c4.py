"""C4: a charge placed as a token and set off later, never thrown.

The Agent Z rulebook: "Both agents begin each game with a C4 equipment card
which can be used in that same manner as during the regular Z War One game.
In addition to the normal rules for detonation, any successful kill rolls made
against a placed C4 token will cause it to detonate." The Z War One text we
have prints no C4 rule, so placing and setting off follow the explosives the
engine plays (docs/engine.md, interpretations): placing costs 1 AP, on the
hero's square or a free square within reach; the hero who placed it sets it
off from anywhere for 1 AP; the blast is the card's 9-square area, an attack
roll on the card's table against every unit in it, doors on the square
destroyed. Kill rolls against the token are the versus ruleset's (``agents``).
"""

from __future__ import annotations

from .actions import Action
from .chance import Context
from .combat import attack
from .sight import blast_area, reach
from .state import Card, Game, Hero, Infected, short
from .vocab import EventKind, Verb
from .world import activate_room, door_opened


def charge_cards(g: Game, h: Hero) -> list[Card]:
    """The cards ``h`` holds that are placed rather than thrown, with a use left."""
    return [c for c in h.cards if g.mission.gear[c.eq].placed and (c.ammo is None or c.ammo > 0)]


def c4_actions(g: Game, h: Hero) -> list[Action]:
    """Placing a charge (standing, 1 AP) and setting off one's own (1 AP): where the rules allow, not
    while in a grapple. A hero may set off a charge whose blast would catch a hero only where the
    ruleset lets heroes be hurt by it (versus games); otherwise, as with throws, never."""
    m = g.mission
    if h.grapplers or h.stride or h.ap < 1:
        return []
    acts: list[Action] = []
    if not h.prone and g.mission.ap_costs.get(Verb.PLACE) is not None:
        for card in charge_cards(g, h):
            squares = [h.sq] + [n for n in reach(g, h.sq) if n not in g.at and m.standable[n]]
            acts += [Action(h.id, Verb.PLACE, square=sq, card=card.name) for sq in squares if sq not in g.charges]
    for sq, (owner, eq) in sorted(g.charges.items()) if g.charges else ():
        if owner != h.id:
            continue
        area = blast_area(g, sq)
        if g.ruleset.blasts_heroes or not any(isinstance(g.at.get(s), Hero) for s in area):
            acts.append(Action(h.id, Verb.DETONATE, square=sq, card=short(eq)))
    return acts


def place(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    card = h.card(a.card)
    assert card is not None
    if card.ammo is not None:
        card.ammo -= 1
    card.used = True
    if card.ammo is not None and card.ammo <= 0:
        h.cards.remove(card)
        if card.name in h.active:
            h.active.remove(card.name)
    g.charges[a.square] = (h.id, card.eq)
    g.emit(EventKind.C4, h.id, f"{h.name} places the {g.mission.equipment[card.eq].name} at {g.show(a.square)}",
           a.square)


def detonate(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    g.emit(EventKind.C4, h.id, f"{h.name} sets off the C4 at {g.show(a.square)}", a.square)
    blast(g, ctx, a.square)


def blast(g: Game, ctx: Context, sq: int) -> None:
    """The charge on ``sq`` goes off: an attack roll on every unit in its area, doors there destroyed."""
    m = g.mission
    owner_id, eq = g.charges.pop(sq)
    owner = g.hero(owner_id)
    card = Card(m.equipment[eq].id.rpartition("/")[2], eq, None)
    g.emit(EventKind.C4, owner_id, f"The {m.equipment[eq].name} at {g.show(sq)} detonates", sq)
    g.heard(owner, [card])
    for s in blast_area(g, sq):
        unit = g.at.get(s)
        if isinstance(unit, Infected):
            attack(g, ctx, owner, unit, "blast", [card])
        elif isinstance(unit, Hero) and unit.on_board:
            g.ruleset.blast_hero(g, ctx, owner, unit, card)
    for d in m.doors_at.get(sq, ()):
        if g.destroyed >> d & 1:
            continue
        g.destroyed |= 1 << d
        g.doors |= 1 << d
        g.emit(EventKind.DOOR, owner_id, f"The blast destroys the door at {m.show_edge(m.doors[d].edge)}",
               m.doors[d].edge)
        door_opened(g, ctx, d)
        for room in sorted(m.doors[d].rooms):
            activate_room(g, ctx, room, owner)
