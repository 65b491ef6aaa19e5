"""Policies by name: the heuristic bots, random play, and the planner and the search player at a budget.

``planner@N`` is the planner with a budget of N rollouts per plan, ``search@N``
the search player with N rollouts a decision (``planner`` or ``search`` alone:
the default budget); the name is all a replay needs to play the same game again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from ..engine.chance import Request
from ..engine.state import Game
from ..model.common import POLICY_PATTERN
from . import bots, search
from .planner import DEFAULT_BUDGET, MAX_BUDGET, Planner

#: the policies a playtest may name (a planner also as ``planner@N``, the search player as ``search@N``)
POLICIES = (*bots.POLICIES, "planner", "search")
#: the policies that take a budget, with their default and largest budgets
BUDGETED = {"planner": (DEFAULT_BUDGET, MAX_BUDGET), "search": (search.DEFAULT_BUDGET, search.MAX_BUDGET)}


def budget_of(name: str) -> int | None:
    """The budget a policy name gives (the planner's or the search player's), or None when it names neither
    (or a bad budget)."""
    base, at, number = name.partition("@")
    if base not in BUDGETED or not known(name):
        return None
    return int(number) if at else BUDGETED[base][0]


def known(name: str) -> bool:
    """Whether ``name`` names a policy: by the pattern a mission's playtest band is held to."""
    return re.fullmatch(POLICY_PATTERN, name) is not None


def canonical(name: str) -> str:
    """The name with its budget written in (``search`` is ``search@16``): what a report calls the rung, and
    how two names of the same policy are known to be one."""
    budget = budget_of(name)
    return f"{name.partition('@')[0]}@{budget}" if budget is not None else name


def with_budget(name: str, budget: int | None) -> str:
    """``name`` with ``budget`` written in when it is the planner or the search player (``--budget``)."""
    base = name.partition("@")[0]
    return f"{base}@{budget}" if budget is not None and base in BUDGETED else name


def policy(name: str, seed: int, director: str = "") -> Callable[[Game, Request], object]:
    """A policy by name; ``seed`` seeds its own RNG (the random bot's choices, the planner's and the search
    player's rollouts); ``director``: the director the game is played against, whom the rollouts play too."""
    budget = budget_of(name)
    base = name.partition("@")[0]
    if budget is not None:
        if base == "search":
            return search.Search(budget, random.Random(seed), director)
        return Planner(budget, random.Random(seed), director)
    if base in BUDGETED:
        most = BUDGETED[base][1]
        raise ValueError(f"`{name}`: a {base}'s budget is a whole number from 0 to {most} ({base}@8)")
    return bots.policy(name, seed)
