"""Exodus NPCs: figures the players move with a limited set of actions, whom the infected treat as heroes.

"NPCs are controlled by any player in the same manner as heroes but they have a
limited set of actions: Move, Sprint, Stand Up, Open/Close Door, Drop Prone,
Place Item. Infected will treat NPCs exactly the same as heroes, moving towards
them & attacking. If an NPC is taken down by infected the infected units are
placed on their NPC card. If an NPC fails a bite test they are automatically
killed and the mission is failed. NPCs may not carry equipment or search cards
but they can carry 1 item in the same manner as a hero." (Exodus rulebook, NPC.)

An NPC is a ``Hero`` whose ``npc`` is true, so every rule about the infected
(targets, grabs, grapples, bites, alerts) applies to it unchanged; what differs
is which actions it is offered, what it picks up, and what a failed bite does.
"""

from __future__ import annotations

from .state import Game, Hero
from .vocab import Verb

#: "Move, Sprint, Stand Up, Open/Close Door, Drop Prone, Place Item", a sprint's steps, and (interpretation)
#: leaving the board at an exit, which an escort condition needs
VERBS = frozenset({Verb.MOVE, Verb.SPRINT, Verb.STEP, Verb.STOP, Verb.STAND, Verb.OPEN, Verb.CLOSE, Verb.DROP_PRONE,
                   Verb.PLACE_ITEM, Verb.EXIT, Verb.END})
#: "controlled by any player in the same manner as heroes": the AP of a hero card (interpretation)
AP = 4


class Npc(Hero):
    """A non-player character on the board (mission ``[[npcs]]``)."""

    __slots__ = ()
    npc = True


def make(npc_id: str, name: str, sq: int) -> Npc:
    return Npc(f"npc/{npc_id}", name, sq, frozenset(), None)


def base_ap(g: Game, h: Hero) -> int:
    """The AP a full turn gives ``h`` before infection: its hero card's, or an NPC's."""
    card = g.mission.hero_cards.get(h.qid)
    return card.ap if card is not None else AP


def refusal(h: Hero) -> str:
    return (f"{h.name} is an NPC: NPCs only move, sprint, stand up, open or close doors, drop prone, place an item "
            "and leave at an exit")
