"""What the reference engine cannot play in a mission, read from its game's profile.

``zwar play``, ``playtest``, ``replay`` and ``rules-test`` refuse such a mission
with this list, and ``zwar validate`` names it in a warning: a mission is never
played with part of it silently left out.
"""

from __future__ import annotations

import weakref

from ..errors import ZwarError
from ..model.content import CompiledMission
from .registry import profile
from .usage import uses
from .vocab import Element, EventKind, Feature, Mode, SpawnResult, Token, Tracker, Victory


class CannotPlay(ZwarError):
    """A mission uses rules or elements the reference engine does not play yet (a content problem)."""

    def __init__(self, mission: CompiledMission, missing: list[Element]) -> None:
        self.mission_id = mission.mission.id
        self.game = profile(mission.mission.game).name
        self.missing = missing
        self.items = [label(mission, e) for e in missing]
        super().__init__(f"cannot play {self.game} mission {self.mission_id}: the engine does not play "
                         + "; ".join(self.items) + " yet")

    def lines(self) -> list[str]:
        """The refusal as a heading and one line per rule or element the engine does not play."""
        head = f"cannot play {self.game} mission {self.mission_id}: the engine does not play these yet:"
        return [head] + [f"  - {item}" for item in self.items]


#: ``unplayable``'s answer for each compiled mission asked about while it lives, by identity: a compiled mission is
#: frozen, and every game a playtest starts asks again (``new_game``), where reading the whole mission each time was
#: about 2% of a bot game. The entry goes when the mission does (so an identity is never read for another mission).
_answers: dict[int, tuple[Element, ...]] = {}


def unplayable(mission: CompiledMission) -> list[Element]:
    """What of ``mission`` the reference engine does not play: its mode, its game's own rules, then the
    elements it uses, in that order; empty when the engine plays all of it."""
    key = id(mission)
    found = _answers.get(key)
    if found is None:
        found = _answers[key] = tuple(_unplayable(mission))
        weakref.finalize(mission, _answers.pop, key, None)
    return list(found)


def _unplayable(mission: CompiledMission) -> list[Element]:
    game = profile(mission.mission.game)
    used = uses(mission)
    mode = Mode.of(mission.mission.mode)
    needed: list[Element] = [mode, *game.rules]
    needed += sorted((e for e in used if e is not mode), key=_order)
    return [e for e in needed if e not in game.engine]


def require_playable(mission: CompiledMission) -> None:
    """Raise CannotPlay when the reference engine cannot play all of ``mission``."""
    missing = unplayable(mission)
    if missing:
        raise CannotPlay(mission, missing)


def label(mission: CompiledMission, element: Element) -> str:
    """How a refusal names ``element``: modes with their game ("Exodus campaign games")."""
    if isinstance(element, Mode):
        return f"{profile(mission.mission.game).name} {element.label}"
    return element.label


#: The order refusals and warnings list elements in: by kind, then as each enum lists them.
KINDS: tuple[type[Element], ...] = (Mode, Feature, Token, Victory, SpawnResult, EventKind, Tracker)


def _order(element: Element) -> tuple[int, int]:
    return KINDS.index(type(element)), list(type(element)).index(element)
