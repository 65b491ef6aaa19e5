"""A game profile: what one game has, as typed data that never changes at run time.

The compiler checks missions against it, the engine reads what it can play
from it, and docs/format.md lists it. Where a profile makes a choice the
rulebook does not spell out, its ``notes`` say so in words a user can check.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .vocab import (
    Action,
    BoardKind,
    Element,
    EventKind,
    Feature,
    HeroRuleKind,
    Mode,
    Rule,
    SpawnResult,
    Token,
    Tracker,
    Victory,
)


@dataclass(frozen=True)
class Quote:
    """A line of a rulebook that a profile entry rests on."""

    source: str  # the rulebook, as a user would name it
    text: str


@dataclass(frozen=True)
class HeroRule:
    """The heroes a mission must use, as the rulebook says."""

    kind: HeroRuleKind
    count: int  # heroes (ALL) or players (ONE_PER_PLAYER)
    names: tuple[str, ...]  # the rulebook's heroes, by name
    quote: Quote


@dataclass(frozen=True)
class ActionCost:
    action: Action
    ap: int


@dataclass(frozen=True)
class GameProfile:
    """Everything one game has, and what of it the reference engine plays today."""

    game: str  # the `game` value of sources (model.common.Game)
    name: str  # as printed on the box
    modes: frozenset[Mode]
    rules: tuple[Rule, ...]
    features: frozenset[Feature]
    tokens: frozenset[Token]
    victories: frozenset[Victory]
    spawn_results: frozenset[SpawnResult]
    events: frozenset[EventKind]
    heroes: HeroRule
    actions: tuple[ActionCost, ...]
    #: what the reference engine plays: modes, rules and elements; anything else is refused
    engine: frozenset[Element]
    trackers: frozenset[Tracker] = frozenset()
    board: BoardKind = BoardKind.GRID
    quotes: tuple[Quote, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def has(self, element: Element) -> bool:
        """Whether missions of this game may use ``element``."""
        return element in self.elements() or element in self.rules

    def elements(self) -> frozenset[Element]:
        """Modes, features, tokens, victory kinds, spawn results, events and trackers: what a mission may use."""
        return frozenset().union(self.modes, self.features, self.tokens, self.victories, self.spawn_results,
                                 self.events, self.trackers)

    def ap(self, action: Action) -> int | None:
        """The AP cost of ``action`` in this game, or None when the game has no such action."""
        return next((a.ap for a in self.actions if a.action is action), None)
