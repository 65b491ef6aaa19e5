"""Frozen states over a ruleset's ``Game``: ``start``, ``legal_actions``, ``chance_outcomes``, ``apply``, ``simulate``.

The same public face as the grid engine (docs/engine.md): a ``State`` is
never changed; ``apply`` returns the next. A state holds the game as it was
when the pending step began (``snapshot``, never changed) and the answers the
step has been given so far; ``apply`` copies the snapshot and plays the step
again with one more answer through ``Replay``, to the next question or the
step's end (then on through the next steps). Unlike the grid engine it keeps
no paused greenlet: skirmish steps are short (a draw and one activation), so
replaying them costs little, and ``simulate`` plays in place for speed with
the very same rules code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .chance import IllegalAction, Live, NeedInput, Policy, Replay, Request, match
from .events import Event
from .game import Game


@dataclass(frozen=True, eq=False)
class State:
    snapshot: Game  # the game when the pending step began (never changed)
    inputs: tuple  # the answers given to the pending step so far
    request: Request | None  # what the game waits for; None when it is over
    events: tuple[Event, ...] = ()  # what the last apply made happen
    logged: int = 0  # events in the game's log at the pending question
    _made: dict[str, Game] = field(default_factory=dict, repr=False)

    @property
    def over(self) -> bool:
        return self.request is None

    @property
    def view(self) -> Game:
        """The game as it stands now, mid-step (for display and policies; never changed by them)."""
        if "view" not in self._made:
            game = self.snapshot.copy()
            if self.request is not None:
                try:
                    game.step(Replay(self.inputs))
                except NeedInput:
                    pass
                else:
                    raise AssertionError("a step run again with the same inputs asks the same question")
            self._made["view"] = game
        return self._made["view"]


def _run(game: Game, inputs: tuple, logged: int) -> State:
    """Play ``game`` (changed in place) from the start of a step with ``inputs`` to the next question."""
    while not game.over:
        snapshot = game.copy()
        try:
            game.step(Replay(inputs))
        except NeedInput as need:
            return State(snapshot, inputs, need.request, tuple(game.log[logged:]), len(game.log))
        inputs = ()
    return State(game, (), None, tuple(game.log[logged:]), len(game.log), {"view": game})


def start(game: Game) -> State:
    """The first state of ``game`` (which is copied, never changed)."""
    return _run(game.copy(), (), len(game.log))


def legal_actions(state: State) -> list:
    """What may answer the pending request: actions, choices, faces or cards."""
    return [] if state.request is None else list(state.request.options)


def chance_outcomes(state: State) -> list[tuple[Any, Fraction]]:
    """The outcomes of a pending roll or draw, with their exact probabilities."""
    if state.request is None or not state.request.chance:
        raise ValueError("the game is not waiting for a roll or a card")
    return state.request.outcomes()


def apply(state: State, answer: Any) -> State:
    """The state after ``answer`` (an option of the pending request, or an equal value)."""
    if state.request is None:
        raise IllegalAction("the game is over")
    option = match(state.request, answer)
    return _run(state.snapshot.copy(), state.inputs + (option,), state.logged)


def simulate(game: Game, policy: Policy, rng: random.Random, faces=(), max_steps: int = 100_000) -> Game:
    """Play ``game`` to its end in place: dice from ``rng`` (forced ``faces`` first), decisions from ``policy``."""
    ctx = Live(rng, policy, game, faces)
    for _ in range(max_steps):
        if game.over:
            return game
        game.step(ctx)
    raise RuntimeError(f"the game did not end within {max_steps} steps")
