"""The game-neutral engine core for the inch-measured games (docs/engine.md, "The inch-measured games").

A ruleset subclasses ``Game`` (its ``step`` plays one step, asking a
``Context`` for every input) and is then played by ``api`` like any other:

    state = start(game)
    while not state.over:
        answer = sample(state) if state.request.chance else policy(state.view, state.request)
        state = apply(state, answer)
"""

from __future__ import annotations

from .api import State, apply, chance_outcomes, legal_actions, simulate, start
from .board import Board
from .chance import Choice, Context, IllegalAction, Live, NeedInput, Policy, Replay, Request, RequestKind, match
from .events import Event
from .figures import Figure, compass, facing_towards, in_front
from .game import Game

__all__ = [
    "Board", "Choice", "Context", "Event", "Figure", "Game", "IllegalAction", "Live", "NeedInput", "Policy",
    "Replay", "Request", "RequestKind", "State", "apply", "chance_outcomes", "compass", "facing_towards",
    "in_front", "legal_actions", "match", "simulate", "start",
]
