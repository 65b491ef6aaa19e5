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


def check_save(doc: Document) -> SavedGame:
    """The save ``doc`` holds; BadSave with every problem found, located."""
    saved, problems = validate(doc, SavedGame)
    if saved is None:
        raise BadSave(problems)
    try:
        random.Random().setstate(rng_state(saved.rng))
    except (TypeError, ValueError) as exc:
        raise BadSave([codes.BAD_VALUE.at(doc.loc(("rng",)), message=f"`rng` is not the state of the game's dice "
                                                                        f"({exc}): it must be as the game saved it")])
    return saved


def rng_state(value: Any) -> Any:
    """A saved state of the dice (JSON lists) as ``random.Random.setstate`` takes it (tuples)."""
    if isinstance(value, list):
        return tuple(rng_state(v) for v in value)
    return value
