"""Game profiles: what each game has, and what of it the reference engine plays.

This is the only place that knows that Exodus has a rib and Z War One has
none. The compiler checks every mission against its game's profile, the
engine refuses what its profile says it does not play, and docs/format.md
lists the profiles. The numbers of a game's rules (AP per action, the turn's phases,
the infection track, its heroes) are a pack's rules data: ``of_mission`` gives a
mission's profile with them. Adding a game is one module and one entry in ``PROFILES``.
"""

from __future__ import annotations

from .playable import CannotPlay, require_playable, unplayable
from .profile import GameProfile, HeroRule, Quote
from .registry import PROFILES, of_mission, owners, profile
from .usage import uses
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

__all__ = [
    "PROFILES", "Action", "BoardKind", "CannotPlay", "Element", "EventKind", "Feature", "GameProfile", "HeroRule",
    "HeroRuleKind", "Mode", "Quote", "Rule", "SpawnResult", "Token", "Tracker", "Victory", "of_mission", "owners", "profile",
    "require_playable", "unplayable", "uses",
]
