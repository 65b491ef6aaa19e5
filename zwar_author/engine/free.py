"""Exodus's free actions that Z War One lacks: Drop Prone and Place Item (0 AP each).

Both are in the Exodus action table's free actions; the text says no more of
them, so a hero drops prone where they stand (standing up again costs the
table's Stand Up) and places the item they carry on their own square, where
the next figure to step onto it picks it up, as with any item on the board.
"""

from __future__ import annotations

from .actions import Action, Held, HeldKind
from .state import Game, Hero
from .vocab import EventKind, Verb


def actions(g: Game, h: Hero) -> list[Action]:
    """Drop Prone for a standing hero, Place Item for a hero carrying one onto a square without one."""
    table = g.mission.ap_costs
    acts = []
    if Verb.DROP_PRONE in table and not h.prone and not h.grapplers and not h.stride:
        acts.append(Action(h.id, Verb.DROP_PRONE))
    if Verb.PLACE_ITEM in table and h.object and h.sq not in g.objects:
        acts.append(Action(h.id, Verb.PLACE_ITEM, held=Held(HeldKind.OBJECT, h.object)))
    return acts


def drop_prone(g: Game, h: Hero, a: Action) -> None:
    h.prone = True
    g.emit(EventKind.STAND, h.id, f"{h.name} drops prone", h.sq)


def place_item(g: Game, h: Hero, a: Action) -> None:
    letter = h.object
    assert letter is not None
    g.objects[h.sq] = letter
    h.object = None
    name = next(o.name for o in g.mission.compiled.objects if o.letter == letter)
    g.emit(EventKind.PLACE_ITEM, h.id, f"{h.name} places the {name} ({letter}) at {g.show(h.sq)}", h.sq)
