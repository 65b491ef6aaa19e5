"""A game at the table: answers typed by people, dice rolled or read off the table, save and resume.

A saved game is the mission (path and hash), the setup, and every answer
given since the start: resuming replays them, so a saved game is also an
exact record of what happened.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .. import codes
from ..compile.perks import Builds, over_allowance, with_mission_builds
from ..engine.actions import SAVED_FIELDS, Action, as_fields, describe, from_fields, parse
from ..engine.api import State, apply, new_game, start
from ..engine.chance import Choice, Request
from ..engine.events import Event
from ..engine.legal import why_not
from ..engine.mission import Mission
from ..engine.state import Setup
from ..engine.vocab import RequestKind, Side, Topic
from ..errors import IllegalAction, ParseError, UsageError
from ..publish import write_whole
from ..sources.document import read_document
from .load import load_mission
from .saves import SAVE_FORMAT, BadSave, check_save


class CommandError(ValueError):
    """A typed answer the game cannot take; the message is one line saying why."""


@dataclass
class Session:
    mission: Mission
    path: Path
    setup: Setup
    dice: str  # roll (the engine rolls) or table (people roll and type the result)
    rng: random.Random
    state: State = field(init=False)
    history: list = field(default_factory=list)
    director: str = ""  # who answers the director's requests: "" a person, else a bot's name (`--director`)
    #: the director's bot, set by the driver from ``director`` (a policy: game, request -> option)
    bot: Callable | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.state = start(new_game(self.mission, self.setup))

    @property
    def request(self) -> Request | None:
        return self.state.request

    @property
    def game(self):
        return self.state.view

    def options(self) -> list[str]:
        return [describe(self.game, o) for o in self.request.options] if self.request else []

    def needs_person(self) -> bool:
        """Whether the pending request is for a person (a decision not the director bot's, or any roll with
        table dice)."""
        request = self.request
        if request is None:
            return False
        if request.chance:
            return self.dice == "table"
        return not (request.side == Side.DIRECTOR and self.bot is not None)

    def roll(self) -> tuple[Event, ...]:
        """Answer a pending roll or draw from the session's own seeded dice (or a director's decision
        with the director bot)."""
        request = self.request
        assert request is not None, "nothing is pending"
        if not request.chance:
            assert self.bot is not None and request.side == Side.DIRECTOR, "no roll, draw or bot decision is pending"
            return self._apply(self.bot(self.game, request))
        if request.kind == RequestKind.ROLL:
            return self._apply(self.rng.randint(1, len(request.options)))
        return self._apply(self.rng.choices(request.options, request.weights)[0])

    def answer(self, text: str) -> tuple[Event, ...]:
        """Take a typed answer to the pending request; CommandError says why it cannot be taken."""
        request = self.request
        if request is None:
            raise CommandError("the game is over")
        text = text.strip()
        if request.kind == RequestKind.ROLL:
            if not text.isdigit() or not 1 <= int(text) <= len(request.options):
                raise CommandError(f"type the die as rolled: a number from 1 to {len(request.options)}")
            return self._apply(int(text))
        if request.kind == RequestKind.DRAW:
            return self._apply(self._card(request, text))
        try:
            option = parse(self.game, request.options, text, self.game.current)
        except ParseError as exc:
            if request.topic == Topic.HERO and not text.isdigit() and not exc.ambiguous:
                raise CommandError(why_not(self.game, text, self.game.current)) from None
            raise CommandError(str(exc)) from None
        return self._apply(option)

    def take(self, option) -> tuple[Event, ...]:
        """Answer the pending request with one of its options (a bot's answer)."""
        return self._apply(option)

    def _card(self, request: Request, text: str) -> str:
        names = {c: self.mission.search_cards[c].name.lower() for c in request.options}
        if text.isdigit() and 1 <= int(text) <= len(request.options):
            return request.options[int(text) - 1]
        found = [c for c, name in names.items() if text.lower() in (name, c, c.rpartition("/")[2])]
        if len(found) != 1:
            raise CommandError(f"name a card left in the search deck: {', '.join(sorted(set(names.values())))}")
        return found[0]

    def _apply(self, value) -> tuple[Event, ...]:
        try:
            self.state = apply(self.state, value)
        except IllegalAction as exc:
            raise CommandError(str(exc)) from None
        self.history.append(_encode(value))
        return self.state.events

    # --- saving --------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the game to ``path`` whole (a temporary file renamed over it), or not at all."""
        save_json(path, self.record())

    def record(self) -> dict:
        """The saved game as plain data: the mission, the setup, the dice and every answer."""
        return {
            "format": SAVE_FORMAT,
            "mission": str(self.path.resolve()),
            "sha256": self.mission.compiled.source.sha256,
            "setup": asdict(self.setup),
            "dice": self.dice,
            "director": self.director,
            "rng": _rng_state(self.rng),
            "inputs": self.history,
        }

    @classmethod
    def new(cls, path: Path, mission: Mission, setup: Setup, seed: int, dice: str) -> Session:
        return cls(mission, Path(path), setup, dice, random.Random(seed))

    @classmethod
    def resume(cls, save: Path, search: Sequence[Path] = ()) -> Session:
        """The game saved in ``save``, replayed; UsageError for a file that is no saved game, BadSave (every
        problem located) for a saved game with keys missing or wrong, or answers that do not replay."""
        try:
            data = json.loads(Path(save).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"{save}: not a saved game ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise UsageError(f"{save}: not a saved game (no \"format\": \"{SAVE_FORMAT}\")")
        doc, problems = read_document(Path(save))
        if doc is None:
            raise BadSave(problems)
        saved = check_save(doc)
        mission, _ = load_mission(Path(saved.mission), search)
        if mission is None:
            raise UsageError(f"{save}: its mission {saved.mission} no longer compiles")
        if mission.compiled.source.sha256 != saved.sha256:
            raise UsageError(f"{save}: the mission {saved.mission} has changed since the game was saved")
        try:
            return cls.restore(saved.model_dump(), mission, save)
        except _Unreplayable as exc:
            raise BadSave([codes.BAD_VALUE.at(doc.loc(("inputs", exc.index)), message=(
                f"answer {exc.index + 1} of {len(saved.inputs)} does not replay ({exc.why}): "
                "the answers must be as the game saved them"))]) from None

    @classmethod
    def restore(cls, data: dict, mission: Mission, save: Path) -> Session:
        """The game ``data`` (a ``record``) records, replayed on ``mission``; ``save`` names the file in errors."""
        setup = Setup(**{k: _tuples(v) for k, v in data["setup"].items()})
        session = cls(mission, Path(data["mission"]), setup, data["dice"], random.Random(),
                      director=data.get("director", ""))
        session.rng.setstate(_tuples(data["rng"]))
        for index, value in enumerate(data["inputs"]):
            try:
                session._apply(_decode(value))
            except (CommandError, TypeError, KeyError, ValueError, AttributeError) as exc:
                raise _Unreplayable(save, index, str(exc)) from None
        return session


class _Unreplayable(UsageError):
    """A saved answer the game does not take (a UsageError naming the file, as a campaign save reports it)."""

    def __init__(self, save: Path, index: int, why: str) -> None:
        super().__init__(f"{save}: the saved answers do not replay ({why})")
        self.index, self.why = index, why


def setup_for(mission: Mission, heroes: Sequence[str], builds: Builds, max_turns: int,
              directors_cut: bool = False) -> Setup:
    """How a game of ``mission`` starts: the mission's ``[mission.perks]``, each hero's replaced by
    ``builds`` (``--perk``) when they name that hero; a UsageError when the builds exceed the
    mission's allowance."""
    problem = over_allowance(mission.compiled, builds)
    if problem is not None:
        raise UsageError(f"--perk: {problem}")
    return Setup(heroes=tuple(heroes), perks=with_mission_builds(mission.compiled, builds), max_turns=max_turns,
                 directors_cut=directors_cut)


def _encode(value) -> dict:
    if isinstance(value, Action):
        return {"action": as_fields(value)}
    if isinstance(value, Choice):
        return {"choice": value.key}
    if isinstance(value, int):
        return {"roll": value}
    return {"draw": value}


def _decode(data: dict):
    if "action" in data:
        fields = data["action"]
        if not isinstance(fields, dict) or not {"hero", "verb"} <= fields.keys() <= set(SAVED_FIELDS):
            raise CommandError(f"an action has the keys {', '.join(SAVED_FIELDS)} (hero and verb at least)")
        return from_fields(fields)
    if "choice" in data:
        return _tuples(data["choice"])  # a reaction's key, (how, square), is saved as a list
    return data.get("roll", data.get("draw"))


def _rng_state(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _tuples(value):
    """JSON lists back into the tuples a Setup and an RNG state are made of."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def save_json(path: Path, data: dict) -> None:
    """Write a save file whole or not at all; a UsageError says why it could not be written."""
    try:
        write_whole(Path(path), json.dumps(data, indent=1, sort_keys=True) + "\n")
    except OSError as exc:
        raise UsageError(f"cannot save to {path}: {exc.strerror or exc}") from None
