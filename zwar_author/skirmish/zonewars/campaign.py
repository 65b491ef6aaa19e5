"""Between the battles of a campaign: what is restored, reset and kept (seed lines 478-510).

Damage, Bloodied and Taken Out are gone before the next battle (484); each
player's m-points go back to the rules' start (488, ``new_game``); victory
points never carry over (492); starting gear lost is restored, starting gear
stolen is lost (496): the next battle deals each model its card's gear again.
Each model that gained artifacts may keep one of them, worth no victory
points in the next battle (500), and keeps those of earlier battles (502).
The winners give one experience token to one model of theirs: one attribute
up by one, never twice the same for one model (506-510).
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import ZoneWarsGame
from .state import Item

ATTRIBUTES = ("ranged", "melee", "survival", "health")


class CampaignError(ValueError):
    """A choice between battles that the campaign rules do not allow."""


@dataclass(frozen=True)
class Veteran:
    """What one model brings to the next battle of a campaign."""

    kept: tuple[str, ...] = ()  # artifact cards kept from earlier battles (worth no victory points)
    experience: tuple[str, ...] = ()  # attributes each raised by one


def gained(game: ZoneWarsGame, model: str, kept: tuple[str, ...] = ()) -> list[str]:
    """The artifact cards ``model`` ends the battle with that it did not bring (found, taken or stolen);
    ``kept``: the cards it brought from earlier battles (``enlist``), which it did not gain in this one."""
    m = game.model(model)
    carried = [i for i in m.items if i.card in game.scenario.artifacts]
    taken = [i.card for i in carried if not i.found and i.card not in _brought(game, model)]
    for card in kept:
        if card in taken:
            taken.remove(card)
    return [i.card for i in carried if i.found] + taken


def _brought(game: ZoneWarsGame, model: str) -> set[str]:
    character = game.scenario.characters[game.model(model).character]
    return {g.rpartition("/")[2] for g in character.gear}


def carry_over(game: ZoneWarsGame, before: dict[str, Veteran], keep: dict[str, str],
               experience: tuple[str, str] | None = None) -> dict[str, Veteran]:
    """Every model's Veteran record after ``game``: ``keep`` names the one artifact each model keeps (of those it
    gained), ``experience`` the winners' (model, attribute). CampaignError for a choice the rules forbid."""
    if not game.over:
        raise CampaignError("the battle is not over")
    after = {}
    for m in game.models():
        record = before.get(m.id, Veteran())
        card = keep.get(m.id)
        if card is not None and card not in gained(game, m.id, record.kept):
            raise CampaignError(f"{m.id} did not gain the `{card}` in this battle: it may keep only one it gained")
        after[m.id] = Veteran(record.kept + ((card,) if card is not None else ()), record.experience)
    unknown = sorted(set(keep) - set(after))
    if unknown:
        raise CampaignError(f"no model `{unknown[0]}` fought in this battle")
    if experience is not None:
        mid, attribute = experience
        if mid not in after:
            raise CampaignError(f"no model `{mid}` fought in this battle")
        if not game.winner or game.model(mid).side != game.winner:
            raise CampaignError(f"only the winning side gives experience, and {mid} is not on it")
        if attribute not in ATTRIBUTES:
            raise CampaignError(f"`{attribute}` is not an attribute: {', '.join(ATTRIBUTES)}")
        if attribute in after[mid].experience:
            raise CampaignError(f"{mid} already has an experience token for {attribute}: never two for one attribute")
        after[mid] = Veteran(after[mid].kept, after[mid].experience + (attribute,))
    return after


def enlist(game: ZoneWarsGame, veterans: dict[str, Veteran]) -> ZoneWarsGame:
    """A new battle's game (from ``new_game``) with each model's kept artifacts and experience."""
    for m in game.models():
        record = veterans.get(m.id)
        if record is None:
            continue
        for card in record.kept:
            found = game.card(card)
            m.items.append(Item(card, False, found.bonus if found is not None else 0))
        for attribute in record.experience:
            setattr(m, attribute, getattr(m, attribute) + 1)
    return game
