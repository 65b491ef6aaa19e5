"""Dice, card draws and choices: the inputs a game needs, asked for and never hidden.

The rules ask their context for every input: ``roll`` for a die, ``draw`` for
a card from the search deck, ``choose`` for a decision the rulebook leaves to
a player (or the director). Two contexts answer them:

- ``Replay`` answers from a list of inputs given so far and raises
  ``NeedInput`` with the request when the list runs out. ``api.apply`` runs a
  step of the game again from its start with one more input each time, which
  is what keeps the public game state frozen.
- ``Live`` answers at once: dice and draws from one injected ``random.Random``
  (or a list of forced dice), decisions from a policy. The fast simulator and
  the playtests use it; it runs exactly the same rules code.

A decision with a single option is never asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final, NamedTuple, cast

from mypy_extensions import mypyc_attr

from ..errors import IllegalAction
from .vocab import RequestKind, Side, Topic


class Choice(NamedTuple):
    """One option of a decision that is not a hero action: a square, an infected, fire or hold."""

    key: Any
    text: str

    def __str__(self) -> str:
        return self.text


class Request:
    """An input the game waits for.

    ``kind`` is roll (a die), draw (a card of the search deck) or choose (a
    decision); ``side`` is who answers: chance, heroes (the players) or director;
    ``topic`` what a decision is about. ``why`` is the question as a person
    reads it: shown, never branched on. Its fields are never changed (``Final``: a
    compiled request refuses to set them).
    """

    def __init__(self, kind: RequestKind, side: Side, why: str, options: Sequence[Any],
                 weights: tuple[int, ...] | None = None, who: str | None = None, topic: Topic = Topic.NONE) -> None:
        self.kind: Final = kind
        self.side: Final = side
        self.why: Final = why
        self.options: Final = options  # a tuple, or the hero move's legal actions built when first looked at
        self.weights: Final = weights
        self.who: Final = who  # the hero who rolls or decides, for a table-side prompt
        self.topic: Final = topic

    @property
    def chance(self) -> bool:
        return self.kind in (RequestKind.ROLL, RequestKind.DRAW)

    def outcomes(self) -> list[tuple[Any, Fraction]]:
        """Chance outcomes with their exact probabilities, in option order."""
        if not self.chance:
            raise ValueError("a decision has no probabilities: it is chosen, not rolled")
        weights = self.weights or (1,) * len(self.options)
        total = sum(weights)
        return [(o, Fraction(w, total)) for o, w in zip(self.options, weights) if w]


class NeedInput(Exception):
    """Raised by ``Replay`` when the game needs an input it has not been given."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.why)
        self.request = request


@mypyc_attr(allow_interpreted_subclasses=True)  # api._Resume, play.scenario._Script, the planner's Common(Live)
class Context:
    """What the rules call for inputs. Subclasses decide where answers come from.

    ``lazy``: the context answers at once, so the hero move's options may be built only as far
    as its policy looks (``options.LegalActions``)."""

    lazy: ClassVar[bool] = False

    def ask(self, request: Request) -> Any:
        raise NotImplementedError

    def roll(self, why: str, who: str | None = None, die: int = 8) -> int:
        face: int = self.ask(Request(RequestKind.ROLL, Side.CHANCE, why, tuple(range(1, die + 1)), None, who))
        return face

    def draw(self, why: str, cards: dict[str, int]) -> str:
        names = tuple(sorted(c for c, n in cards.items() if n > 0))
        card: str = self.ask(Request(RequestKind.DRAW, Side.CHANCE, why, names, tuple(cards[c] for c in names)))
        return card

    def choose(self, side: Side, why: str, options: Iterable[Any], who: str | None = None,
               topic: Topic = Topic.NONE) -> Any:
        # known to hold two options or more (the hero move's LegalActions): nothing to count. A list or tuple
        # has no such attribute; not asked (compiled, a getattr that misses raises and clears an AttributeError)
        if type(options) is not list and type(options) is not tuple and getattr(options, "many", False):
            return self.ask(Request(RequestKind.CHOOSE, side, why, cast(Sequence[Any], options), None, who, topic))
        options = tuple(options)
        if not options:
            raise ValueError(f"nothing to choose from: {why}")
        if len(options) == 1:
            return options[0]
        return self.ask(Request(RequestKind.CHOOSE, side, why, options, None, who, topic))


class Replay(Context):
    """Answers from ``inputs`` in order; the first question past them raises NeedInput (whose
    request, the hero move's included, is built on the game as it stands then, which is never
    changed again: so its options may be built only when looked at)."""

    lazy: ClassVar[bool] = True

    def __init__(self, inputs: tuple[Any, ...] = ()) -> None:
        self.inputs = inputs
        self.used = 0

    def ask(self, request: Request) -> Any:
        if self.used == len(self.inputs):
            raise NeedInput(request)
        answer = self.inputs[self.used]
        self.used += 1
        return match(request, answer)


def match(request: Request, answer: Any) -> Any:
    """The option of ``request`` that ``answer`` is, or IllegalAction. Options that can look one
    answer up without being listed in full (the hero move's ``find``) are asked to."""
    options = request.options
    # a tuple or list has no ``find``: not asked (compiled, a getattr that misses raises and clears an error)
    find = None if type(options) is tuple or type(options) is list else getattr(options, "find", None)
    if find is not None:
        found = find(answer)
        if found is not None:
            return found
    else:
        for option in request.options:
            if option == answer or (isinstance(option, Choice) and option.key == answer):
                return option
    if request.kind == RequestKind.ROLL:
        raise IllegalAction(f"{answer!r} is not a face of a d{len(request.options)}")
    raise IllegalAction(f"{answer} is not one of the options for: {request.why}")


Policy = Callable[[Any, Request], Any]


@mypyc_attr(allow_interpreted_subclasses=True)  # the planner's Common, bench/engine.py's Counting
class Live(Context):
    """Answers at once: chance from ``rng`` (forced ``dice`` first), decisions from ``policy``."""

    lazy: ClassVar[bool] = True

    def __init__(self, rng: random.Random, policy: Policy, game: Any = None, dice: Iterable[int] = ()) -> None:
        self.rng = rng
        self.policy = policy
        self.game = game
        self.dice = list(dice)[::-1]

    def roll(self, why: str, who: str | None = None, die: int = 8) -> int:
        if self.dice:
            return self.dice.pop()
        return self.rng.randint(1, die)

    def ask(self, request: Request) -> Any:
        if request.kind == RequestKind.DRAW:
            return self.rng.choices(request.options, request.weights)[0]
        return self.policy(self.game, request)
