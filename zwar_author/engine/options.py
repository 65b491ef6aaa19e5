"""The hero move's options as a policy sees them: built only as far as it looks (``LegalActions``).

A plain Python class over ``legal``'s generator: the engine's compiled modules (``zwar_author/native.py``)
leave it uncompiled, so it stays a ``Sequence`` that ``isinstance`` and subclasses see as one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import overload

from .actions import Action
from .legal import END_TURN, end_offered, hero_options, hero_parts
from .state import Game
from .vocab import Verb


class LegalActions(Sequence[Action]):
    """The hero move's legal actions, built only as far as a policy looks.

    - ``options[-1]`` is ``end turn`` whenever the heroes may end the move: a policy that ends it at
      once never pays for the list.
    - ``of(hero, without=...)`` builds one hero's actions (leaving out the verbs a policy never uses,
      and the work of finding them), equal to the whole list's share of those verbs.
    - ``len(options)``, ``options[i]`` and ``draw(rng)`` count the options and take one by its index
      from each hero's actions as they are built, without joining them into one list (the order is
      the whole list's, so a seeded draw picks the same action either way).

    ``many``: known to hold two options or more."""

    def __init__(self, g: Game) -> None:
        self._g = g
        self._all: list[Action] | None = None
        self._parts: list[list[Action]] | None = None
        self._ends = False
        self.many = end_offered(g)  # end turn, and the "end" of each hero still to move

    def _built(self) -> list[list[Action]]:
        if self._parts is None:
            self._parts, self._ends = hero_parts(self._g)
        return self._parts

    def _list(self) -> list[Action]:
        if self._all is None:
            self._all = [a for acts in self._built() for a in acts] + ([END_TURN] if self._ends else [])
        return self._all

    def __len__(self) -> int:
        return sum(len(acts) for acts in self._built()) + self._ends

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def draw(self, rng: random.Random) -> Action:
        """An option drawn uniformly with ``rng``: the same as ``rng.choice(options)``, without joining the list."""
        return self[rng.randrange(len(self))]

    def of(self, hero: str, without: frozenset[Verb] = frozenset()) -> list[Action]:
        """The legal actions of one hero, exactly as the whole list holds them (same filters, same
        order) less the verbs in ``without``, built without the other heroes' actions when the list
        is not built yet."""
        if self._parts is not None:
            return [a for acts in self._parts for a in acts if a.hero == hero and a.verb not in without]
        return hero_options(self._g, hero, without)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if index == -1 and self._all is None and self.many:
            return END_TURN
        if isinstance(index, int) and self._all is None and index >= 0:
            for acts in self._built():
                if index < len(acts):
                    return acts[index]
                index -= len(acts)
            if index == 0 and self._ends:
                return END_TURN
            raise IndexError("legal action index out of range")
        return self._list()[index]

    def pending(self) -> bool:
        """Whether the list is still to be built (on the game it was made for)."""
        return self._parts is None

    def rebind(self, g: Game) -> None:
        """Build the list, when asked, on ``g``: a copy of the game as it was when the options were made."""
        self._g = g

    def find(self, answer: object) -> Action | None:
        """The option equal to ``answer``, or None; ``end turn`` is found without building the list."""
        if answer == END_TURN and self._parts is None and self.many:
            return END_TURN
        return next((a for a in self._list() if a == answer), None)
