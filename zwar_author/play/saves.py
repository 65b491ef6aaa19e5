"""A saved game read back: every key checked against what `Session.record` writes, each problem located.

A save is a plain JSON file people may open and edit (to fix a typo in an
answer, or by accident). Reading one back checks it whole before the game is
replayed, so a key missing or a value of the wrong kind is one located line
("game.json:3:2: error ZW006: missing required key `sha256` in the top
level"), never a crash half way through the replay. A save is read as every
source is (size, nesting and number limits before parsing) and its setup gets
the checks a new game's does, so a hand-edited save is refused as a hand-edited
mission would be: every problem located, exit 1.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import ConfigDict, Field

from .. import codes
from ..compile.perks import over_allowance
from ..engine.api import SetupError, new_game
from ..engine.mission import Mission
from ..engine.state import MAX_STAGE, Setup
from ..engine.variants import UnsupportedGame
from ..errors import Diagnostic, UsageError, ZwarError
from ..model.common import Model
from ..model.validate import validate
from ..playtest.director import DIRECTORS
from ..sources.document import Document, read_document

SAVE_FORMAT = "zwar-save/1"
MAX_TURNS = 999  # the turn limit a save may hold: what `zwar play --max-turns` takes
#: Python's dice state: 624 words of 32 bits, then the position in them (0 to 624)
RNG_WORDS, RNG_WORD_END = 624, 2**32


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
    max_turns: int = Field(40, ge=1, le=MAX_TURNS, strict=True)
    sides: tuple[tuple[str, str], ...] = ()
    directors_cut: bool = Field(False, strict=True)
    rounds: tuple[tuple[str, tuple[int | None, ...]], ...] = ()
    search: tuple[tuple[str, tuple[str, ...]], ...] = ()
    stages: tuple[tuple[str, Annotated[int, Field(ge=0, le=MAX_STAGE)]], ...] = ()


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
    bank: dict[str, Annotated[int, Field(ge=0)]]
    earned: dict[str, Annotated[int, Field(ge=0)]]
    perks: dict[str, list[str]]
    bought: list[tuple[str, str, int]] = Field(default_factory=list)
    results: list[dict[str, Any]] = Field(default_factory=list)
    kit: dict[str, dict[str, Any]] = Field(default_factory=dict)
    saves: list[dict[str, Any]] = Field(default_factory=list)
    lost: dict[str, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)


class SavedCampaign(Model):
    """What ``CampaignSession.record`` writes: the campaign, how it is played, the progress and the game
    under way (a saved game of its own)."""

    format: Literal["zwar-campaign-save/1"]
    campaign: str
    sha256: str
    dice: Literal["roll", "table"]
    seed: int
    max_turns: int = Field(ge=1, le=MAX_TURNS)
    director: str = ""
    progress: SavedProgress
    game: SavedGame | None = None


S = TypeVar("S", "SavedGame", "SavedCampaign")


def read_save(path: Path, model: type[S], what: str) -> tuple[Document, S]:
    """The save at ``path`` as ``model``: read through the same reader as every source (a save nested 3,000
    deep is a located error, not a RecursionError), JSON whatever its name. UsageError for a file that is
    no save of this kind; BadSave with every problem found, located."""
    doc, problems = read_document(Path(path), is_json=True)
    if doc is None:
        raise BadSave(problems)
    wanted = model.model_fields["format"].annotation.__args__[0]  # type: ignore[union-attr]
    if doc.data.get("format") != wanted:
        raise UsageError(f"{path}: not a {what} (no \"format\": \"{wanted}\")")
    saved, problems = validate(doc, model)
    if saved is None:
        raise BadSave(problems)
    problems = _director(doc, (), saved.director)
    if isinstance(saved, SavedGame):
        problems += _dice(doc, ("rng",), saved.rng)
    elif saved.game is not None:
        problems += _dice(doc, ("game", "rng"), saved.game.rng) + _director(doc, ("game",), saved.game.director)
    if problems:
        raise BadSave(problems)
    return doc, saved


def check_setup(doc: Document, at: tuple, saved: SavedSetup, mission: Mission) -> None:
    """The setup a save holds (at ``at`` in ``doc``), checked as `zwar play` checks a new game's: heroes,
    perks, equipment, positions and start points by setting the game up, the perk allowance and the
    sides. BadSave, located, when it does not fit the mission."""
    setup = Setup(**{k: tuples(v) for k, v in saved.model_dump().items()})
    where = (*at, "setup")
    problems = []
    if (over := over_allowance(mission.compiled, setup.perks)) is not None:
        problems.append(codes.BAD_VALUE.at(doc.loc((*where, "perks")), message=f"{over}: the setup must be as the "
                                           "game saved it"))
    roles = {r.id for r in mission.compiled.roles}
    for index, (role, hero) in enumerate(setup.sides):
        if role not in roles or mission.lookup(mission.hero_cards, hero) is None:
            known = f"its sides are {', '.join(sorted(roles))}" if roles else "the mission has no sides"
            problems.append(codes.BAD_VALUE.at(doc.loc((*where, "sides", index)), message=(
                f"`{role}` played by `{hero}` is not a side of this mission and one of its heroes ({known}): "
                "the setup must be as the game saved it")))
    if not problems:
        try:
            new_game(mission, setup)
        except (SetupError, UnsupportedGame) as exc:
            problems.append(codes.BAD_VALUE.at(doc.loc(where), message=f"the saved setup does not fit the mission "
                                               f"({exc}): it must be as the game saved it"))
    if problems:
        raise BadSave(problems)


def _director(doc: Document, at: tuple, name: str) -> list[Diagnostic]:
    if name in ("", *DIRECTORS):
        return []
    return [codes.BAD_VALUE.at(doc.loc((*at, "director")), message=(
        f"`{name}` is no director (a person is \"\", a bot one of {', '.join(DIRECTORS)}): it must be as the "
        "game saved it"))]


def _dice(doc: Document, path: tuple, rng: list[Any]) -> list[Diagnostic]:
    """Problems unless ``rng`` (at ``path`` in ``doc``) is a state of the game's dice: 624 words under 2^32
    (a larger or negative one was an OverflowError, or silently cut) and a position."""
    words = rng[1] if len(rng) == 3 and isinstance(rng[1], list) else []
    for index, word in enumerate(words[:RNG_WORDS]):
        if type(word) is not int or not 0 <= word < RNG_WORD_END:
            return [codes.BAD_VALUE.at(doc.loc((*path, 1, index)), message=(
                f"`rng` word {index + 1} is {word}, not a whole number from 0 to {RNG_WORD_END - 1}: the state of "
                "the game's dice must be as the game saved it"))]
    try:
        random.Random().setstate(tuples(rng))
    except (TypeError, ValueError, OverflowError) as exc:
        return [codes.BAD_VALUE.at(doc.loc(path), message=f"`rng` is not the state of the game's dice "
                                                          f"({exc}): it must be as the game saved it")]
    return []


def tuples(value: Any) -> Any:
    """JSON lists back into the tuples a Setup and a state of the dice (``random.Random.setstate``) are made of."""
    if isinstance(value, list | tuple):
        return tuple(tuples(v) for v in value)
    return value
