"""Dice, draws and decisions: every input a game needs is a request, asked of a context, never hidden.

The design is the grid engine's (docs/engine.md, "Chance is a node"): the
rules ask their ``Context`` to ``roll`` a die, ``draw`` from a pile or
``choose`` among options. ``Replay`` answers from the inputs given so far and
raises ``NeedInput`` past them (which is how ``api.apply`` keeps states
frozen); ``Live`` answers at once, chance from one injected
``random.Random`` (forced faces first), decisions from a policy.

A die here is a sequence of faces (``("success", "blank", ...)`` or
``(1, 2, 3, 4, 5, 6)``): the request's options are its distinct faces and its
weights how many sides show each, so ``outcomes`` are exact fractions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any, NamedTuple


class RequestKind(str, Enum):
    """What a request asks for: a die's face, a card from a pile, or a decision."""

    ROLL = "roll"
    DRAW = "draw"
    CHOOSE = "choose"


#: Who answers a chance request.
CHANCE = "chance"


class Choice(NamedTuple):
    """One option of a decision that is not an action: a key the rules branch on, and its text."""

    key: Any
    text: str

    def __str__(self) -> str:
        return self.text


class Request:
    """An input the game waits for: ``side`` answers it (a side's id, or ``chance``); ``why`` is for people."""

    __slots__ = ("kind", "options", "side", "topic", "weights", "who", "why")

    def __init__(self, kind: RequestKind, side: str, why: str, options: Sequence[Any],
                 weights: tuple[int, ...] | None = None, who: str | None = None, topic: str = "") -> None:
        self.kind = kind
        self.side = side
        self.why = why
        self.options = tuple(options)
        self.weights = weights
        self.who = who
        self.topic = topic

    @property
    def chance(self) -> bool:
        return self.kind in (RequestKind.ROLL, RequestKind.DRAW)

    def outcomes(self) -> list[tuple[Any, Fraction]]:
        """Each chance outcome with its exact probability, in option order."""
        if not self.chance:
            raise ValueError("a decision has no probabilities: it is chosen, not rolled")
        weights = self.weights or (1,) * len(self.options)
        total = sum(weights)
        return [(o, Fraction(w, total)) for o, w in zip(self.options, weights, strict=True) if w]

    def __repr__(self) -> str:
        return f"Request({self.kind.value}, {self.side}, {self.why!r}, {len(self.options)} options)"


def faces_of(die: Sequence[Any]) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """A die's distinct faces (first-appearance order) and how many sides show each."""
    counts: dict[Any, int] = {}
    for face in die:
        counts[face] = counts.get(face, 0) + 1
    return tuple(counts), tuple(counts.values())


class NeedInput(Exception):
    """Raised by ``Replay`` when the game needs an input it has not been given."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.why)
        self.request = request


class IllegalAction(ValueError):
    """An answer that is not among the options of the request it answers."""


class Context:
    """What the rules call for inputs; subclasses decide where the answers come from."""

    def ask(self, request: Request) -> Any:
        raise NotImplementedError

    def roll(self, why: str, die: Sequence[Any], who: str | None = None) -> Any:
        faces, weights = faces_of(die)
        return self.ask(Request(RequestKind.ROLL, CHANCE, why, faces, weights, who, "die"))

    def draw(self, why: str, pile: dict[str, int], topic: str = "card") -> str:
        names = tuple(sorted(c for c, n in pile.items() if n > 0))
        if not names:
            raise ValueError(f"nothing to draw: {why}")
        return self.ask(Request(RequestKind.DRAW, CHANCE, why, names, tuple(pile[c] for c in names), None, topic))

    def choose(self, side: str, why: str, options: Iterable[Any], who: str | None = None, topic: str = "") -> Any:
        """A decision; one with a single option is never asked."""
        options = tuple(options)
        if not options:
            raise ValueError(f"nothing to choose from: {why}")
        if len(options) == 1:
            return options[0]
        return self.ask(Request(RequestKind.CHOOSE, side, why, options, None, who, topic))


def match(request: Request, answer: Any) -> Any:
    """The option of ``request`` that ``answer`` is (equal, or a Choice with that key), or IllegalAction."""
    for option in request.options:
        if option == answer or (isinstance(option, Choice) and option.key == answer):
            return option
    raise IllegalAction(f"{answer} is not one of the options for: {request.why}")


class Replay(Context):
    """Answers from ``inputs`` in order; the first question past them raises NeedInput."""

    def __init__(self, inputs: tuple = ()) -> None:
        self.inputs = inputs
        self.used = 0

    def ask(self, request: Request) -> Any:
        if self.used == len(self.inputs):
            raise NeedInput(request)
        answer = self.inputs[self.used]
        self.used += 1
        return match(request, answer)


Policy = Callable[[Any, Request], Any]


class Live(Context):
    """Answers at once: chance from ``rng`` (forced ``faces`` first), decisions from ``policy``."""

    def __init__(self, rng: random.Random, policy: Policy, game: Any = None, faces: Iterable[Any] = ()) -> None:
        self.rng = rng
        self.policy = policy
        self.game = game
        self.forced = list(faces)[::-1]

    def ask(self, request: Request) -> Any:
        if request.chance:
            if request.kind is RequestKind.ROLL and self.forced:
                return match(request, self.forced.pop())
            return self.rng.choices(request.options, request.weights)[0]
        return self.policy(self.game, request)
