"""A saved game read back: every key checked against what `Session.record` writes, each problem located.

A save is a plain JSON file people may open and edit (to fix a typo in an
answer, or by accident). Reading one back checks it whole before the game is
replayed, so a key missing or a value of the wrong kind is one located line
("game.json:3:2: error ZW006: missing required key `sha256` in the top
level"), never a crash half way through the replay.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import ConfigDict, Field

from .. import codes
from ..errors import Diagnostic, ZwarError
from ..model.common import Model
from ..model.validate import validate
from ..sources.document import Document

SAVE_FORMAT = "zwar-save/1"


class BadSave(ZwarError):
    """A saved game that cannot be read back: its problems, located in the file."""

    def __init__(self, problems: list[Diagnostic]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems

    def lines(self) -> list[str]:
        return [p.human() for p in self.problems]


class SavedSetup(Model):
    """How the game started (``engine.state.Setup``), as JSON lists."""

    model_config = ConfigDict(**(Model.model_config | {"strict": False}))  # JSON lists for the setup's tuples

    heroes: tuple[str, ...] = ()
    positions: tuple[tuple[str, str], ...] = ()
    perks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    equipment: tuple[tuple[str, tuple[str, ...]], ...] = ()
    max_turns: int = Field(40, ge=1, strict=True)
    sides: tuple[tuple[str, str], ...] = ()
    directors_cut: bool = Field(False, strict=True)


class SavedGame(Model):
    """What ``Session.record`` writes."""

    format: Literal["zwar-save/1"]
    mission: str
    sha256: str
    setup: SavedSetup
    dice: Literal["roll", "table"]
    director: str = ""
    rng: list[Any]
    inputs: list[dict[str, Any]]


class SavedProgress(Model):
    """What ``Progress.record`` writes: where the group stands in the campaign."""

    model_config = ConfigDict(**(Model.model_config | {"strict": False}))  # JSON lists for the purchases' tuples

    chapter: int = Field(ge=0, strict=True)
    attempt: int = Field(ge=1, strict=True)
    shopped: bool = Field(strict=True)
    bank: dict[str, int]
    earned: dict[str, int]
    perks: dict[str, list[str]]
    bought: list[tuple[str, str, int]] = Field(default_factory=list)
    results: list[dict[str, Any]] = Field(default_factory=list)


class SavedCampaign(Model):
    """What ``CampaignSession.record`` writes: the campaign, how it is played, the progress and the game
    under way (a saved game of its own)."""

    format: Literal["zwar-campaign-save/1"]
    campaign: str
    sha256: str
    dice: Literal["roll", "table"]
    seed: int
    max_turns: int = Field(ge=1)
    director: str = ""
    progress: SavedProgress
    game: SavedGame | None = None


def check_campaign_save(doc: Document) -> SavedCampaign:
    """The campaign save ``doc`` holds; BadSave with every problem found, located."""
    saved, problems = validate(doc, SavedCampaign)
    if saved is None:
        raise BadSave(problems)
    if saved.game is not None:
        _check_dice(doc, ("game", "rng"), saved.game.rng)
    return saved


def check_save(doc: Document) -> SavedGame:
    """The save ``doc`` holds; BadSave with every problem found, located."""
    saved, problems = validate(doc, SavedGame)
    if saved is None:
        raise BadSave(problems)
    _check_dice(doc, ("rng",), saved.rng)
    return saved


def _check_dice(doc: Document, path: tuple[str, ...], rng: list[Any]) -> None:
    """BadSave unless ``rng`` (at ``path`` in ``doc``) is a state of the game's dice."""
    try:
        random.Random().setstate(rng_state(rng))
    except (TypeError, ValueError) as exc:
        raise BadSave([codes.BAD_VALUE.at(doc.loc(path), message=f"`rng` is not the state of the game's dice "
                                                                 f"({exc}): it must be as the game saved it")]) from None


def rng_state(value: Any) -> Any:
    """A saved state of the dice (JSON lists) as ``random.Random.setstate`` takes it (tuples)."""
    if isinstance(value, list):
        return tuple(rng_state(v) for v in value)
    return value
