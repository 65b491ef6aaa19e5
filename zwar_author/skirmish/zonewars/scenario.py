"""What every game of one Zone Wars scenario shares and never changes: the board, the cards, the sides.

A driver (``play.zonewars``) builds a ``Scenario`` from compiled sources;
the ruleset never reads files. ``cannot_play`` names, before any game, every
element of a scenario the engine does not play.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...model import zonewars as z
from ...tabletop import Base, PlacedPiece, Position
from ..core import Board

#: The special rules of weapons the engine plays (a weapon's ``special`` is a comma-separated list of them).
SPECIALS = ("aimed fire", "igniter", "area", "area effect", "knockback", "silent")


@dataclass(frozen=True)
class Token:
    number: int  # from 1, as printed
    position: Position
    floor: int = 0


@dataclass(frozen=True)
class Spot:
    """Where a model starts (set by the scenario, or by a deployment)."""

    character: str
    position: Position
    facing: Fraction = Fraction(0)


@dataclass(frozen=True)
class SideSpec:
    id: str  # the faction's id
    name: str
    zone: str | None
    spots: tuple[Spot, ...]


@dataclass(frozen=True)
class Door:
    """A door that starts closed (a piece's opening with ``closed = true``), numbered from 1 across the table in
    the order the pieces are placed; a Simple Operation opens it (seed 226)."""

    number: int
    piece: int  # index of the placed piece in the board's pieces
    opening: int  # index of the opening in the piece's openings
    start: Position  # its ends on the table
    end: Position


@dataclass(frozen=True)
class Container:
    """A container on the ground, numbered from 1 as written; a Simple Operation searches it once (seed 226),
    drawing ``finds`` artifact cards (the scenario says how many: the rulebook does not)."""

    number: int
    position: Position
    base: Base
    finds: int = 1


@dataclass(frozen=True)
class TriggerPlay:
    """A trigger card as the scenario makes it play (seed 470): its effect, and the placed pieces it is near."""

    card: str
    name: str
    effect: z.TriggerEffect
    near: tuple[PlacedPiece, ...] = ()


@dataclass(eq=False)
class Scenario:
    id: str
    title: str
    board: Board
    rounds: int
    zone_tokens: int
    sides: tuple[SideSpec, ...]
    characters: dict[str, z.Character]
    cards: dict[str, z.Gear]  # starting gear and artifacts, by id
    artifacts: tuple[str, ...]  # the artifact deck: one card of each artifact
    mutations: dict[str, z.Mutation]
    zone_cards: dict[str, z.ZoneCard]
    deck: tuple[str, ...]  # the Zone deck, one id per copy
    triggers: tuple[str, ...]
    tokens: tuple[Token, ...]
    victory: tuple[z.Victory, ...]
    rules: z.RulesDef
    base_die: tuple[str, ...]
    gear_die: tuple[str, ...]
    token_base: Base = field(default_factory=Base)
    campaign: z.CampaignDef | None = None  # what carries over to the next battle, and which battles follow
    trigger_effects: dict[str, TriggerPlay] = field(default_factory=dict)  # by trigger card id
    doors: tuple[Door, ...] = ()  # the doors that start closed (``board`` has them open)
    containers: tuple[Container, ...] = ()
    _boards: dict[frozenset[int], Board] = field(default_factory=dict, repr=False)

    def board_for(self, opened: frozenset[int]) -> Board:
        """The board with every door but those ``opened`` shut (its wall unbroken), made once for each set."""
        shut = frozenset(d.number for d in self.doors) - opened
        if not shut:
            return self.board
        if shut not in self._boards:
            pieces = list(self.board.pieces)
            for door in self.doors:
                if door.number in shut:
                    placed = pieces[door.piece]
                    kept = tuple(o for i, o in enumerate(placed.piece.openings)
                                 if i != door.opening and not any(d.number in shut and d.piece == door.piece
                                                                  and d.opening == i for d in self.doors))
                    pieces[door.piece] = replace(placed, piece=replace(placed.piece, openings=kept))
            self._boards[shut] = Board(self.board.table, pieces, self.board.areas)
        return self._boards[shut]

    def side(self, sid: str) -> SideSpec:
        return next(s for s in self.sides if s.id == sid)


def specials(card: z.Gear | None) -> set[str]:
    if card is None or not card.special.strip():
        return set()
    words = {w.strip().lower() for w in card.special.split(",") if w.strip()}
    return {"area" if w == "area effect" else w for w in words}


def cannot_play(scenario: Scenario) -> list[str]:
    """Every element of ``scenario`` the engine does not play, by name; empty when it plays all of it."""
    missing = []
    for t in scenario.triggers:
        play = scenario.trigger_effects.get(t)
        if play is None:
            missing.append(f"trigger card `{t}`: the scenario gives it no effect (`[[deck.effects]]` with "
                           f"trigger = \"{t}\")")
        if t in scenario.deck:
            missing.append(f"trigger card `{t}`: a Zone card of the deck has the same id")
    for cid in sorted(set(scenario.deck)):
        card = scenario.zone_cards[cid]
        if card.effect is None:
            missing.append(f"Zone card `{cid}`: its effect is not given as data (`effect`)")
    used = {c for s in scenario.sides for spot in s.spots for c in _carried(scenario, spot.character)}
    for cid in sorted(used | set(scenario.artifacts)):
        unknown = specials(scenario.cards.get(cid)) - set(SPECIALS)
        missing += [f"special rule `{w}` of `{cid}`" for w in sorted(unknown)]
    for s in scenario.sides:
        for spot in s.spots:
            for mid in scenario.characters[spot.character].mutations:
                mutation = scenario.mutations[mid.rpartition("/")[2]]
                if not played(mutation):
                    missing.append(f"mutation `{mutation.id}` of `{spot.character}`: its effect is not played")
    pieces = {placed.piece.name: placed.piece for placed in scenario.board.pieces}  # each piece once, however placed
    for name, piece in pieces.items():  # a lock is All Things Zombie's (seed 004 line 1861): no rule here opens one
        missing += [f"piece `{name}`: its {opening.kind.value} {number} is locked (`locked`: All Things Zombie's, "
                    "no Zone Wars rule opens a lock)"
                    for number, opening in enumerate(piece.openings, 1) if opening.locked]
    return missing


def played(mutation: z.Mutation) -> bool:
    """Whether the engine plays a mutation's effect for its type: an action flies or heals, a reflex adds armour
    dice, an enhancement adds attack dice (seed 202, 346, 398-410)."""
    e = mutation.effect
    if e is None:
        return False
    acts, reflex = e.fly or e.heal > 0, e.armour > 0
    if mutation.type == "action":
        return acts and not reflex and not e.dice
    if mutation.type == "reflex":
        return reflex and not acts and not e.dice
    return not acts and not reflex


def _carried(scenario: Scenario, character: str) -> list[str]:
    return [g.rpartition("/")[2] for g in scenario.characters[character].gear]
