"""Policies by name: the heuristic bots, random play, and the planner and the search player at a budget.

``planner@N`` is the planner with a budget of N rollouts per plan, ``search@N``
the search player with N rollouts a decision (``planner`` or ``search`` alone:
the default budget), and ``search@N/aggressive`` the search player built on
the aggressive bot (its first choice and its rollouts' player; ``search`` alone
builds on the cautious bot, and in a versus seat against a bot on that bot);
the name is all a replay needs to play the same game again.
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

#: the policies a playtest may name (a planner also as ``planner@N``, the search player as ``search@N`` and
#: ``search@N/BOT``)
POLICIES = (*bots.POLICIES, "planner", "search")
#: the policies that take a budget, with their default and largest budgets
BUDGETED = {"planner": (DEFAULT_BUDGET, MAX_BUDGET), "search": (search.DEFAULT_BUDGET, search.MAX_BUDGET)}
#: the heuristic bots a search player may build on (``search@N/BOT``), the default first
BASES = ("cautious", "aggressive")


def parts(name: str) -> tuple[str, str, str]:
    """A policy's name in its parts: ``search@64/aggressive`` is ("search", "64", "aggressive"), ``search``
    ("search", "", ""), as written (``known`` says whether they make a name)."""
    head, _, base = name.partition("/")
    kind, _, budget = head.partition("@")
    return kind, budget, base


def budget_of(name: str) -> int | None:
    """The budget a policy name gives (the planner's or the search player's), or None when it names neither
    (or a bad budget)."""
    kind, budget, _ = parts(name)
    if kind not in BUDGETED or not known(name):
        return None
    return int(budget) if budget else BUDGETED[kind][0]


def base_of(name: str) -> str | None:
    """The heuristic bot a search player's name says it builds on (``search@64/aggressive``), or None where
    the name leaves it to the default."""
    return parts(name)[2] or None if known(name) else None


def known(name: str) -> bool:
    """Whether ``name`` names a policy: by the pattern a mission's playtest band is held to."""
    return re.fullmatch(POLICY_PATTERN, name) is not None


def canonical(name: str) -> str:
    """The name with its budget written in and the default bot left out (``search`` and
    ``search@16/cautious`` are ``search@16``): what a report calls the rung, and how two names of the same
    policy are known to be one."""
    budget = budget_of(name)
    if budget is None:
        return name
    kind, _, base = parts(name)
    return f"{kind}@{budget}" + (f"/{base}" if base and base != BASES[0] else "")


def with_budget(name: str, budget: int | None) -> str:
    """``name`` with ``budget`` written in when it is the planner or the search player (``--budget``)."""
    kind, _, base = parts(name)
    if budget is None or kind not in BUDGETED:
        return name
    return f"{kind}@{budget}" + (f"/{base}" if base else "")


def label(name: str) -> str:
    """A rung in words for a chart: ``search, budget 16``, ``search, budget 16, on the aggressive bot``."""
    budget = budget_of(name)
    if budget is None:
        return name
    kind, _, base = parts(name)
    return f"{kind}, budget {budget}" + (f", on the {base} bot" if base else "")


def policy(name: str, seed: int, director: str = "") -> Callable[[Game, Request], object]:
    """A policy by name; ``seed`` seeds its own RNG (the random bot's choices, the planner's and the search
    player's rollouts); ``director``: the director the game is played against, whom the rollouts play too."""
    budget = budget_of(name)
    kind, _, base = parts(name)
    if budget is not None:
        if kind == "search":
            return search.built_on(base or BASES[0], budget, random.Random(seed), director)
        return Planner(budget, random.Random(seed), director)
    if kind in BUDGETED:
        most = BUDGETED[kind][1]
        bot = f", the bot it builds on one of {', '.join(BASES)} ({kind}@8/aggressive)" if kind == "search" else ""
        raise ValueError(f"`{name}`: a {kind}'s budget is a whole number from 0 to {most} ({kind}@8){bot}")
    return bots.policy(name, seed)
