"""A game at the table: answers typed by people, dice rolled or read off the table, save and resume.

A saved game is the mission (path and hash), the setup, and every answer
given since the start: resuming replays them, so a saved game is also an
exact record of what happened.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..engine.actions import Action, ParseError, describe, parse
from ..engine.api import State, apply, new_game, start
from ..engine.chance import Choice, IllegalAction, Request
from ..engine.events import Event
from ..engine.legal import why_not
from ..engine.mission import Mission
from ..engine.state import Setup
from ..engine.vocab import RequestKind, Side, Topic
from ..errors import UsageError
from .load import load_mission

SAVE_FORMAT = "zwar-save/1"


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
        """Write the game to ``path`` whole (a temporary file renamed over it)."""
        data = {
            "format": SAVE_FORMAT,
            "mission": str(self.path.resolve()),
            "sha256": self.mission.compiled.source.sha256,
            "setup": asdict(self.setup),
            "dice": self.dice,
            "director": self.director,
            "rng": _rng_state(self.rng),
            "inputs": self.history,
        }
        path = Path(path)
        handle, temp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=".zwar-save-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1, sort_keys=True)
            out.write("\n")
        os.replace(temp, path)

    @classmethod
    def new(cls, path: Path, mission: Mission, setup: Setup, seed: int, dice: str) -> Session:
        return cls(mission, Path(path), setup, dice, random.Random(seed))

    @classmethod
    def resume(cls, save: Path, search: Sequence[Path] = ()) -> Session:
        try:
            data = json.loads(Path(save).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"{save}: not a saved game ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise UsageError(f"{save}: not a saved game (no \"format\": \"{SAVE_FORMAT}\")")
        mission, _ = load_mission(Path(data["mission"]), search)
        if mission is None:
            raise UsageError(f"{save}: its mission {data['mission']} no longer compiles")
        if mission.compiled.source.sha256 != data["sha256"]:
            raise UsageError(f"{save}: the mission {data['mission']} has changed since the game was saved")
        setup = Setup(**{k: _tuples(v) for k, v in data["setup"].items()})
        session = cls(mission, Path(data["mission"]), setup, data["dice"], random.Random(),
                      director=data.get("director", ""))
        session.rng.setstate(_tuples(data["rng"]))
        for value in data["inputs"]:
            try:
                session._apply(_decode(value))
            except (CommandError, TypeError, KeyError) as exc:
                raise UsageError(f"{save}: the saved answers do not replay ({exc})") from None
        return session


def _encode(value) -> dict:
    if isinstance(value, Action):
        return {"action": value._asdict()}
    if isinstance(value, Choice):
        return {"choice": value.key}
    if isinstance(value, int):
        return {"roll": value}
    return {"draw": value}


def _decode(data: dict):
    if "action" in data:
        return Action(**data["action"])
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
