"""`zwar play ENCOUNTER --group FILE`: an All Things Zombie encounter at the terminal for a solo player.

The engine rolls every die (the activation, the Reaction Tests, the zombies'
numbers and moves) from a seeded generator and asks the player only for the
group's decisions, printing the log as it happens. A decision is answered
by its number or its key (`advance`, `hold`, `fast`, `fight`, `break`,
`recover h2`, `charge x1`, `dispatch x1`, `capture x1`, `meet`, `walk`); `quit` ends the session.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import Report
from ..playtest.atz import encounter_setup, load_group
from ..skirmish.atz.game import AtzGame
from ..skirmish.core import Choice, Context, Request


class Quit(Exception):
    """The player ended the session."""


class Terminal(Context):
    """Dice from ``rng``; decisions from the player, the log printed up to each question."""

    def __init__(self, game: AtzGame, rng: random.Random, ask: Callable[[str], str], say: Callable[[str], None]):
        self.game, self.rng, self.ask_line, self.say = game, rng, ask, say
        self.shown = 0

    def flush(self) -> None:
        for event in self.game.log[self.shown:]:
            self.say(event.text)
        self.shown = len(self.game.log)

    def ask(self, request: Request) -> Any:
        if request.chance:
            return self.rng.choices(request.options, request.weights)[0]
        self.flush()
        keys = [_key(o) for o in request.options]
        self.say(request.why + ":")
        for i, option in enumerate(request.options, 1):
            self.say(f"  {i}. {option}  [{keys[i - 1]}]")
        while True:
            line = self.ask_line("> ").strip()
            if line == "quit":
                raise Quit
            if line.isdigit() and 1 <= int(line) <= len(keys):
                return request.options[int(line) - 1]
            if line in keys:
                return request.options[keys.index(line)]
            self.say(f"`{line}` is not one of the choices: type a number from 1 to {len(keys)} or a key, or quit")


def _key(option: Any) -> str:
    key = option.key if isinstance(option, Choice) else option
    return " ".join(map(str, key)) if isinstance(key, tuple) else str(key)


def play_encounter(path: Path, group_file: Path, ask: Callable[[str], str], say: Callable[[str], None], seed: int = 1,
                   max_turns: int = 30, zombies_only: bool = False, search: list[Path] | None = None,
                   leave_out: bool = False) -> Report | None:
    """Play one encounter at the prompt to its end or until the player quits; the pack's problems, if any."""
    group, problems = load_group(group_file)
    if group is None:
        return problems
    made, left_out, problems = encounter_setup(path, group, list(search or []), zombies_only,
                                               max_turns, leave_out)
    if made is None:
        return problems
    for item in left_out:
        say(f"left out: {item}")
    game = AtzGame(made)
    ctx = Terminal(game, random.Random(f"atz-play:{seed}"), ask, say)
    try:
        while not game.over:
            game.step(ctx)
    except Quit:
        ctx.flush()
        say(f"Stopped in turn {game.round}.")
        return None
    ctx.flush()
    home = [h.name for h in game.humans if h.status.value == "gone"]
    say(f"Game over after turn {game.round}: {', '.join(home) or 'nobody'} came home. "
        + "; ".join(f"{h.name}: {h.status.value}" for h in game.humans))
    return None
