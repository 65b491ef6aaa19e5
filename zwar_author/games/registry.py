"""The registry of game profiles: one entry per game, in the order docs list them."""

from __future__ import annotations

from ..model.content import CompiledMission
from . import agentz, exodus, zwar1
from .profile import GameProfile
from .vocab import Action, Element

#: Every game, by its `game` value. Adding a game is one more entry here.
PROFILES: dict[str, GameProfile] = {p.game: p for p in (
    zwar1.PROFILE,
    exodus.PROFILE,
    agentz.PROFILE,
)}


def profile(game: str) -> GameProfile:
    """The profile of ``game``; KeyError for a game no profile describes."""
    return PROFILES[game]


def owners(element: Element) -> list[GameProfile]:
    """The games that have ``element`` (an action: in their action table), in registry order."""
    return [p for p in PROFILES.values() if (element in p.actions if isinstance(element, Action) else p.has(element))]


def of_mission(mission: CompiledMission) -> GameProfile:
    """The profile of ``mission``'s game with the numbers of its rules data (`[[games]]`)."""
    return PROFILES[mission.mission.game].with_numbers(mission.rules.games)
