"""A game profile: what one game has, as typed data that never changes at run time, and the numbers of
its rules (AP per action, the turn's phases, the infection track, its heroes) read from a pack's rules data.

The compiler checks missions against it, the engine reads what it can play
from it, and docs/format.md lists it. Where a profile makes a choice the
rulebook does not spell out, its ``notes`` say so in words a user can check.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..model.rules import GameRules
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
    """How a mission uses the game's heroes, as the rulebook says. Which heroes those are is the rules
    data's (``heroes`` of the game's ``[[games]]`` entry)."""

    kind: HeroRuleKind
    quote: Quote
    players: int = 0  # ONE_PER_PLAYER: how many players, one hero (agent) each


@dataclass(frozen=True)
class GameProfile:
    """Everything one game has, what of it the reference engine plays, and (once bound to a pack's rules
    data with ``with_numbers``) the numbers of its rules."""

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
    #: the actions of the game's action table; their AP are the rules data's
    actions: frozenset[Action]
    #: what the reference engine plays: modes, rules and elements; anything else is refused
    engine: frozenset[Element]
    trackers: frozenset[Tracker] = frozenset()
    board: BoardKind = BoardKind.GRID
    quotes: tuple[Quote, ...] = ()
    notes: tuple[str, ...] = field(default=())
    #: the game's entry of a pack's rules data (`[[games]]`), or None: the profile alone, without numbers
    numbers: GameRules | None = None

    def has(self, element: Element) -> bool:
        """Whether missions of this game may use ``element``."""
        return element in self.elements() or element in self.rules

    def elements(self) -> frozenset[Element]:
        """Modes, features, tokens, victory kinds, spawn results, events and trackers: what a mission may use."""
        return frozenset().union(self.modes, self.features, self.tokens, self.victories, self.spawn_results,
                                 self.events, self.trackers)

    # --- the numbers, from the rules data -----------------------------------------------

    def with_numbers(self, entries: Iterable[GameRules]) -> GameProfile:
        """This profile with the numbers of the first of ``entries`` (a pack's `[[games]]`) for its game."""
        return dataclasses.replace(self, numbers=next((r for r in entries if self.game in r.games), None))

    def ap(self, action: Action) -> int | None:
        """The AP of ``action``: None when the game has no such action, or the rules data gives no cost."""
        if action not in self.actions or self.numbers is None:
            return None
        return getattr(self.numbers.actions, action.value.replace("-", "_"))

    def costs(self) -> dict[str, int]:
        """Every action the game has and the rules data prices: its table key and its AP."""
        costs = {a.value: self.ap(a) for a in self.actions}
        return {key: ap for key, ap in costs.items() if ap is not None}

    @property
    def phases(self) -> list[str]:
        """The phases of a turn after its announce (empty without numbers)."""
        return list(self.numbers.phases) if self.numbers else []

    @property
    def hero_ids(self) -> list[str]:
        """The heroes of the hero rule, as the rules data names them (pack/id once compiled)."""
        return list(self.numbers.heroes) if self.numbers else []
