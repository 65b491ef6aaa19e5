"""Exodus crafting: equipment made from the search cards printed on its card.

"The craft action costs 4 action points (although as with searching, wounded
heroes may craft with their maximum available AP). Crafting a piece of
equipment requires one of each of the search cards detailed on the bottom of
the equipment card. Simply declare that you are crafting, discard all of the
relevant search cards and add the equipment card to the hero's equipment
deck." (Exodus rulebook, Crafting.) The recipes are the rules data's ``craft``
lists; offered only in games whose action table has Craft.
"""

from __future__ import annotations

from collections import Counter

from .actions import Action
from .state import Game, Hero, short
from .vocab import EventKind, Verb


def recipes(g: Game) -> dict[str, list[str]]:
    """Each craftable equipment card (pack/id) and the search cards (short ids) it needs."""
    return {eq.id: [short(r) for r in eq.craft] for eq in g.mission.equipment.values() if eq.craft}


def can_make(h: Hero, needs: list[str]) -> bool:
    held = Counter(short(c) for c in h.loot)
    return all(held[c] >= n for c, n in Counter(needs).items())


def actions(g: Game, h: Hero) -> list[Action]:
    """A Craft action for each piece of equipment ``h`` holds every search card for."""
    return [Action(h.id, Verb.CRAFT, card=short(eq)) for eq, needs in sorted(recipes(g).items())
            if can_make(h, needs)]


def missing(g: Game, h: Hero) -> str:
    """Why ``h`` can craft nothing, in words."""
    wanted = "; ".join(f"{g.mission.equipment[eq].name} needs " + " and ".join(_names(g, needs))
                       for eq, needs in sorted(recipes(g).items()))
    return f"{h.name} does not hold the search cards to craft anything" + (f" ({wanted})" if wanted else "")


def craft(g: Game, h: Hero, a: Action) -> None:
    """Discard one of each search card of the recipe and add the equipment card to the hero's deck."""
    eq = next(e for e in recipes(g) if short(e) == a.card)
    for need in recipes(g)[eq]:
        h.loot.remove(next(c for c in h.loot if short(c) == need))
    card = g.new_card(eq)
    h.cards.append(card)
    g.emit(EventKind.CRAFT, h.id, f"{h.name} crafts a {g.mission.equipment[eq].name} from "
           + " and ".join(_names(g, recipes(g)[eq])), h.sq)


def _names(g: Game, ids: list[str]) -> list[str]:
    by_short = {short(q): s.name for q, s in g.mission.search_cards.items()}
    return [by_short.get(i, i) for i in ids]
