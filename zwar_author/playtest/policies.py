"""Policies by name: the heuristic bots, random play, and the planner at a budget.

``planner@N`` is the planner with a budget of N rollouts per plan
(``planner`` alone: the default budget); the name is all a replay needs
to play the same game again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.chance import Request
from ..engine.state import Game
from . import bots
from .planner import DEFAULT_BUDGET, MAX_BUDGET, Planner

#: the policies a playtest may name (a planner also as ``planner@N``)
POLICIES = (*bots.POLICIES, "planner")


def budget_of(name: str) -> int | None:
    """The planner's budget a policy name gives, or None when it names no planner (or a bad budget)."""
    base, at, number = name.partition("@")
    if base != "planner":
        return None
    if not at:
        return DEFAULT_BUDGET
    return int(number) if number.isdigit() and 0 <= int(number) <= MAX_BUDGET else None


def known(name: str) -> bool:
    return name in bots.POLICIES or budget_of(name) is not None


def with_budget(name: str, budget: int | None) -> str:
    """``name`` with ``budget`` written in when it is the planner (``--budget``)."""
    return f"planner@{budget}" if budget is not None and name.partition("@")[0] == "planner" else name


def policy(name: str, seed: int, director: str = "") -> Callable[[Game, Request], object]:
    """A policy by name; ``seed`` seeds its own RNG (the random bot's choices, the planner's rollouts);
    ``director``: the director the game is played against, whom the planner's rollouts play too."""
    budget = budget_of(name)
    if budget is not None:
        return Planner(budget, random.Random(seed), director)
    if name.startswith("planner"):
        raise ValueError(f"`{name}`: a planner's budget is a whole number from 0 to {MAX_BUDGET} (planner@8)")
    return bots.policy(name, seed)
