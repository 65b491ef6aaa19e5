"""Whether the director deck can deal what a mission deals: a hand is never silently short."""

from __future__ import annotations

from .. import codes
from ..errors import Diagnostic, Location
from ..model import content as c


def deck_short(mission: c.CompiledMission, at: Location) -> Diagnostic | None:
    """A warning when the mission's `director_cards` deal more cards than the director deck of its game
    holds (the engine then deals the whole deck, and its log says so). Rules data with no director card
    at all models no deck to check (the engine's log still says what each hand was dealt)."""
    spec, info = mission.mission.director_cards, mission.mission
    if spec is None or not mission.rules.director_cards:
        return None
    have = sum(card.copies for card in mission.rules.director_cards if info.game in card.games)
    if spec.dealt_to != "each":
        need, how = spec.count, f"{spec.count} to the {spec.dealt_to}"
    else:
        players = len(mission.roles) or len(info.heroes)
        if not players:
            return None
        need, how = spec.count * players, f"{spec.count} to each of {players} players"
    if need <= have:
        return None
    return codes.DIRECTOR_DECK_SHORT.at(at, need=need, how=how, game=info.game, have=have)
