"""Exodus ammunition: rounds tracked per weapon, refilled by Reload from ammunition search cards.

"Reloading a weapon costs 2 action points and can be combined with moving 1
square for no additional AP cost. The weapon you are reloading must be your
active weapon, simply select the correct ammunition card from your search
deck, add the relevant number of rounds to the ammunition dial & discard the
card. Note that if the card you use has more units of ammunition than are
needed for a fully loaded weapon, the additional rounds are wasted."
(Exodus rulebook, Reloading.) Offered only in games whose action table has it.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .state import Card, Game, Hero, short
from .vocab import EventKind, Verb

#: where a generator says why it left an option out: (verb, reason)
No = Callable[[Verb, str], None]


def capacity(g: Game, card: Card) -> int | None:
    """The rounds a fully loaded ``card`` holds (None: it takes no ammunition)."""
    eq = g.mission.equipment[card.eq]
    return eq.ammo if eq.kind == "ballistic" else None


def fits(g: Game, ammo: str, card: Card) -> bool:
    """Whether ammunition search card ``ammo`` (pack/id) loads weapon ``card``."""
    entry = g.mission.search_cards[ammo]
    return entry.kind == "ammo" and short(card.eq) in {short(r) for r in entry.reloads}


def reloads(g: Game, h: Hero, no: No | None = None) -> list[tuple[Card, str]]:
    """Each (active weapon, ammunition card) ``h`` could reload now: a weapon that is not full and a
    card that loads it, each card once."""
    found = []
    guns = [c for c in h.active_cards() if capacity(g, c) is not None]
    if not guns and no is not None:
        no(Verb.RELOAD, "only the active weapon is reloaded, and it must be a ballistic weapon")
    for card in guns:
        cap = capacity(g, card)
        if card.ammo is not None and cap is not None and card.ammo >= cap:
            if no is not None:
                no(Verb.RELOAD, f"the {g.mission.equipment[card.eq].name} is fully loaded ({cap} rounds)")
            continue
        cards = sorted({a for a in h.loot if fits(g, a, card)})
        if not cards and no is not None:
            no(Verb.RELOAD, f"{h.name} holds no ammunition card for the {g.mission.equipment[card.eq].name}")
        found += [(card, a) for a in cards]
    return found


def actions(g: Game, h: Hero, steps: list[int], ap: int, no: No | None = None) -> list[Action]:
    """Reload (2 AP) and Move & Reload (one of ``steps``, then reload: 2 AP) for ``h`` with ``ap`` left."""
    table = g.mission.ap_costs
    pairs = reloads(g, h, no)
    several = len(h.active) > 1
    acts = []
    for card, ammo in pairs:
        mode = card.name if several else ""
        if Verb.RELOAD in table and ap >= table[Verb.RELOAD]:
            acts.append(Action(h.id, Verb.RELOAD, mode=mode, card=short(ammo)))
        if Verb.MOVE_RELOAD in table and ap >= table[Verb.MOVE_RELOAD]:
            acts += [Action(h.id, Verb.MOVE_RELOAD, to=n, mode=mode, card=short(ammo)) for n in steps]
    if no is not None:
        for verb in (Verb.RELOAD, Verb.MOVE_RELOAD):
            if verb in table and ap < table[verb]:
                no(verb, f"{verb} costs {table[verb]} AP and {h.name} has {ap} left")
    return acts


def reload(g: Game, h: Hero, a: Action) -> None:
    """Discard the ammunition card and fill the weapon's dial; rounds over a full load are wasted."""
    card = h.card(a.mode) if a.mode else next(c for c in h.active_cards() if capacity(g, c) is not None)
    assert card is not None
    ammo = next(c for c in h.loot if short(c) == a.card)
    h.loot.remove(ammo)
    cap = capacity(g, card) or 0
    rounds = g.mission.search_cards[ammo].rounds or 0
    before = card.ammo or 0
    card.ammo = min(cap, before + rounds)
    wasted = before + rounds - card.ammo
    name, entry = g.mission.equipment[card.eq].name, g.mission.search_cards[ammo].name
    g.emit(EventKind.RELOAD, h.id, f"{h.name} reloads the {name} with {entry}: {card.ammo} of {cap} rounds"
           + (f" ({wasted} wasted)" if wasted else ""), h.sq)
