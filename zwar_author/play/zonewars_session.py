"""``zwar play`` for a Zone Wars scenario: the players (or bots) at one terminal, the engine rolls.

The table is drawn as text (one character an inch across, two inches a
line down): Blocking terrain ``#``, Low terrain ``+``, artifact tokens by
number, models by the first letter of their id (upper case: the first side).
At the prompt: a number or an option's text, ``table``, ``models``,
``distance A B``, ``sight A B``, ``log``, ``options`` (every option
numbered: a move's destinations are folded into one line otherwise),
``save FILE``, ``quit``.
Every answer is kept; a save is the scenario, the seed, the bots and the
answers, and resuming plays them again. Each roll draws from a generator
seeded by the game's seed and the number of answers so far, so a resumed
game rolls what the uninterrupted one would have.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, cast

import shapely

from .. import codes
from ..errors import UsageError
from ..model.common import Model
from ..model.validate import validate
from ..playtest.zonewars import known_policy, side_policy
from ..playtest.zonewars_bots import POLICIES
from ..playtest.zonewars_search import ZoneWarsSearch
from ..publish import write_whole
from ..skirmish.core import IllegalAction, State, apply, start
from ..skirmish.zonewars import Scenario, ZoneWarsGame, new_game
from ..skirmish.zonewars.actions import where
from ..sources.document import read_document
from ..tabletop import TerrainKind, format_inches
from .saves import BadSave
from .zonewars import load_scenario

Reader = Callable[[str], str]
Writer = Callable[[str], None]


@dataclass
class Table:
    """One game at the terminal: the scenario, the frozen state, every answer given, the bots."""

    path: Path
    scenario: Scenario
    seed: int
    bots: dict[str, str]
    dice: str = "roll"  # "table": the players roll and type each face
    state: State = field(init=False)
    answers: list[str] = field(default_factory=list)
    first: ZoneWarsGame | None = None  # the game to start from (a campaign battle's, its band enlisted)

    def __post_init__(self) -> None:
        self.state = start(self.first if self.first is not None else new_game(self.scenario))
        self._bots = {side: side_policy(name, random.Random(f"{self.seed}:{side}")) for side, name in self.bots.items()}
        for policy in self._bots.values():
            if isinstance(policy, ZoneWarsSearch):  # it plays on from the pending step, as the table holds it
                policy.where = lambda: (cast(ZoneWarsGame, self.state.snapshot), list(self.state.inputs))

    @property
    def game(self) -> ZoneWarsGame:
        return self.state.view  # type: ignore[return-value]

    def answer(self, option) -> list[str]:
        self.state = apply(self.state, option)
        self.answers.append(str(option))
        return [e.text for e in self.state.events]

    def automatic(self) -> list[str] | None:
        """Play the pending request if chance or a bot answers it; None when a person must."""
        request = self.state.request
        if request is None:
            return None
        if request.chance and (self.dice == "roll" or request.topic != "die"):
            rng = random.Random(f"{self.seed}:{len(self.answers)}")
            return self.answer(rng.choices(request.options, request.weights)[0])
        if request.side in self._bots:
            policy = self._bots[request.side]
            if isinstance(policy, ZoneWarsSearch):  # its dice by the answers so far: a resumed game plays on alike
                policy.rng = random.Random(f"{self.seed}:{request.side}:{len(self.answers)}")
            return self.answer(policy(self.game, request))
        return None

    def save(self, target: Path) -> None:
        data = {"scenario": str(self.path), "seed": self.seed, "bots": self.bots, "dice": self.dice,
                "answers": self.answers}
        write_whole(target, json.dumps(data, indent=2, sort_keys=True) + "\n")


def open_table(path: Path, seed: int, bots: tuple[str, ...], search: list[Path], dice: str = "roll") -> Table:
    scenario, report = load_scenario(path, search)
    if scenario is None:
        raise UsageError("\n".join(d.human() for d in report.sorted()) or f"{path}: not a Zone Wars scenario")
    return Table(Path(path), scenario, seed, side_bots(bots, [s.id for s in scenario.sides]), dice)


def side_bots(bots: Sequence[str], sides: Sequence[str]) -> dict[str, str]:
    """``--bot SIDE=POLICY`` values as {side: policy}; UsageError for one naming no side or no bot."""
    chosen = {}
    for text in bots:
        side, eq, name = text.partition("=")
        if not eq or side not in sides or not known_policy(name):
            raise UsageError(f"--bot {text}: write SIDE=POLICY with a side of {', '.join(sides)} and a bot of "
                             f"{', '.join(POLICIES)}, search or search@N")
        chosen[side] = name
    return chosen


def is_save(path: Path) -> bool:
    """Whether ``path`` is a Zone Wars game saved by ``zwar play``."""
    doc, _ = read_document(Path(path))  # through the sources' limits: a save nested 3,000 deep is no crash
    if doc is None:
        return False  # the grid games' reader says what is wrong with it
    data = doc.data
    return isinstance(data, dict) and "answers" in data and str(data.get("scenario", "")).endswith(".toml") \
        and "bots" in data


def play_file(scenario: Path | None, resume: Path | None, seed: int, bots: tuple[str, ...], search: list[Path],
              read: Reader, write: Writer, save: Path | None, dice: str = "roll") -> bool:
    """``zwar play`` for Zone Wars: a new game of ``scenario`` or the saved game ``resume``, at the prompt
    (``dice`` "table": every die is asked for, its face typed)."""
    if resume is not None:
        table = resume_table(resume, search)
    else:
        assert scenario is not None
        table = open_table(scenario, seed, bots, search, dice)
    return play_at_terminal(table, read, write, save)


class SavedZoneWarsGame(Model):
    """What ``Table.save`` writes."""

    scenario: str
    seed: int
    bots: dict[str, str]
    dice: Literal["roll", "table"] = "roll"
    answers: list[str]


def resume_table(save: Path, search: list[Path]) -> Table:
    """The game saved at ``save``, every answer played again; BadSave with its problems located."""
    doc, problems = read_document(Path(save), is_json=True)
    if doc is None:
        raise BadSave(problems)
    saved, problems = validate(doc, SavedZoneWarsGame)
    if saved is None:
        raise BadSave(problems)
    table = open_table(Path(saved.scenario), saved.seed, tuple(f"{k}={v}" for k, v in saved.bots.items()), search,
                       saved.dice)
    for index, text in enumerate(saved.answers):
        request = table.state.request
        found = next((o for o in request.options if str(o) == text), None) if request is not None else None
        if found is None:
            asked = "nothing more" if request is None else repr(request.why)
            raise BadSave([codes.BAD_VALUE.at(doc.loc(("answers", index)), message=(
                f"`{text}` does not replay (the game asks {asked}): was the scenario changed?"))])
        table.answer(found)
    return table


def picture(g: ZoneWarsGame) -> str:
    """The table as text: one character an inch across, two inches a line down."""
    board = g.board
    width, depth = int(board.table.width), int(board.table.depth)
    rows = []
    first = g.scenario.sides[0].id
    for row in range(0, depth, 2):
        line = []
        for col in range(width):
            cell = shapely.box(col, row, col + 1, row + 2)
            mark = "."
            for piece in board.pieces:
                if piece.solid.intersects(cell):
                    mark = "#" if piece.kind is TerrainKind.BLOCKING else "+"
                    break
            line.append(mark)
        rows.append(line)
    for c in g.scenario.containers:
        if c.number not in g.searched:
            rows[min(len(rows) - 1, int(c.position.y) // 2)][min(width - 1, int(c.position.x))] = "%"
    for number, (p, _card) in g.tokens.items():
        rows[min(len(rows) - 1, int(p.y) // 2)][min(width - 1, int(p.x))] = str(number % 10)
    for m in g.models():
        if m.on_table:
            letter = m.id[0].upper() if m.side == first else m.id[0].lower()
            rows[min(len(rows) - 1, int(m.position.y) // 2)][min(width - 1, int(m.position.x))] = letter
    return "\n".join("".join(r) for r in rows)


def models_text(g: ZoneWarsGame) -> list[str]:
    out = []
    for m in g.models():
        items = ", ".join(g.card_name(i.card) + ("*" if i.found else "") for i in m.items) or "nothing"
        state = m.status.value + (", Bloodied" if m.bloodied else "") + (", on overwatch" if m.overwatch else "")
        out.append(f"{m.id} ({g.side_name(m.side)}) at {where(m.position)}, {state}, damage {m.damage}/{m.health}, "
                   f"carries {items}")
    return out + ["m-points: " + ", ".join(f"{g.side_name(s)} {n}" for s, n in g.m_points.items())]


def _measure(g: ZoneWarsGame, words: list[str]) -> str:
    try:
        a, b = g.model(words[1]), g.model(words[2])
    except (IndexError, KeyError):
        return "name two models: distance A B, sight A B"
    board = g.board
    if words[0] == "distance":
        return f"{a.name} to {b.name}: {format_inches(board.gap(a, b))} base to base"
    fire = g.fire(a, b)
    return f"{a.name} sees {b.name}: {fire.sight.name.lower()}" + (" (in contact with the cover)" if fire.contact else "")


def play_at_terminal(table: Table, read: Reader, write: Writer, save: Path | None,
                     saver: Callable[[Path], None] | None = None) -> bool:
    """Play ``table`` at the prompt until the game is over (True) or the players stop (False); ``saver``
    writes a save (the game's own, or the campaign the game is a battle of)."""
    store = saver or table.save
    write(picture(table.game))
    while table.state.request is not None:
        events = table.automatic()
        if events is not None:
            for line in events:
                write("  " + line)
            continue
        request = table.state.request
        write(request.why + ":")
        for line in option_lines(request.options):
            write(line)
        try:
            line = read("> ").strip()
        except EOFError:
            if save:
                store(save)
            write(f"saved to {save}" if save else "stopped (use --save FILE to keep a game)")
            return False
        words = line.split()
        if not words:
            continue
        if words[0] in ("table", "board"):
            write(picture(table.game))
        elif words[0] == "models":
            for text in models_text(table.game):
                write(text)
        elif words[0] in ("distance", "sight"):
            write(_measure(table.game, words))
        elif words[0] == "log":
            for event in table.game.log:
                write(event.text)
        elif words[0] == "save":
            target = Path(words[1]) if len(words) > 1 else save
            if target is None:
                write("zwar play: say where: save FILE")
            else:
                store(target)
                write(f"saved to {target}")
        elif words[0] in ("quit", "exit"):
            if save:
                store(save)
            return False
        elif words[0] == "options":
            for number, option in enumerate(request.options, 1):
                write(f"  {number:>3}. {option}")
        else:
            option = _option(request.options, line)
            if option is None:
                write(f"zwar play: `{line}` is not one of the options (a number, or the text)")
                continue
            try:
                for text in table.answer(option):
                    write("  " + text)
            except IllegalAction as exc:
                write(f"zwar play: {exc}")
                continue
            if save:
                store(save)
    write(f"Game over: {table.game.reason}")
    return True


#: options listed as one line with their count (type one: `move 12,8`), the many destinations of a move
GROUPED = (": move ", ": sprint ", ": overwatch ")


def option_lines(options) -> list[str]:
    """The options numbered, a move's many destinations folded into one line each (``options`` lists them all)."""
    lines: list[str] = []
    folded: dict[str, list[str]] = {}
    for number, option in enumerate(options, 1):
        text = str(option)
        kind = next((g for g in GROUPED if g in text and not text.endswith(" here")), None)
        if kind is None:
            lines.append(f"  {number:>3}. {text}")
        else:
            folded.setdefault(text.split(kind)[0] + kind.rstrip(), []).append(text)
    for head, texts in folded.items():
        lines.append(f"       {head} X,Y: {len(texts)} destinations, from `{texts[0]}` to `{texts[-1]}`")
    return lines


def _option(options, line: str):
    if line.isdigit() and 1 <= int(line) <= len(options):
        return options[int(line) - 1]
    for option in options:
        text = str(option)
        if text == line or text.partition(": ")[2] == line:
            return option
    return None
