"""What the engine plays of an encounter, and the setup a game of it starts from.

The engine plays the group against the zombies on the encounter's table: the
buildings and vehicles stand as terrain, the zombies start as the encounter
places them or as its area draws them (seed 004, lines 1746-1750), and the
group comes home by leaving by the far table edge. Anything else the
encounter names (hostile humans, triggers, vehicles driven, its special
instructions) is refused by name before any game, unless the caller asks to
play the zombies only, when the same names are reported as left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ...errors import ZwarError
from ...model.atz import EncounterDoc, GroupDoc, Member
from ...tables.table import Table
from ...tabletop import PlacedPiece, Position
from ...tabletop import Table as Tabletop
from ..core import Board
from .game import NORMAL_MOVE, TABLES, Setup
from .state import Human, Klass, Zombie
from .weapons import weapon

ATTRIBUTES = ("born-leader", "poser", "slow-to-react", "stone-cold", "athlete", "wuss")


class CannotPlay(ZwarError):
    """An encounter or group with parts the engine does not play, each named."""

    def __init__(self, what: str, missing: list[str]) -> None:
        self.what, self.missing = what, missing
        super().__init__(f"cannot play {what}: the engine does not play " + "; ".join(missing))

    def lines(self) -> list[str]:
        return [f"cannot play {self.what}: the engine does not play these:"] + [f"  - {m}" for m in self.missing]


def unplayed(model: EncounterDoc) -> list[str]:
    """The parts of an encounter the engine does not play, by name."""
    out = [f"force {i + 1} ({f.side}): {f.text or 'hostile humans'}" for i, f in enumerate(model.forces)
           if f.side in ("humans", "animals")]
    out += [f"trigger {i + 1}: {t.when}" for i, t in enumerate(model.triggers)]
    out += [f"special instruction: {s}" for s in model.encounter.special]
    out += [f"goal: {g}" for g in model.encounter.goal if "escape" not in g.lower()]
    return out


def setup(model: EncounterDoc, table: Tabletop, pieces: Sequence[PlacedPiece], tables: Mapping[str, Table],
          group: GroupDoc, zombies_only: bool = False, max_turns: int = 30) -> tuple[Setup, list[str]]:
    """The setup of a game of ``model`` with ``group``, and what is left out (``zombies_only``); CannotPlay
    naming every part the engine does not play otherwise, or a table or weapon it does not know."""
    name = f"encounter {model.encounter.id}"
    left_out = unplayed(model)
    if left_out and not zombies_only:
        hint = "(--zombies-only plays the group against the zombies and leaves these out)"
        raise CannotPlay(name, [*left_out, hint])
    missing = [f"the table atz/{t}" for t in TABLES if t not in tables]
    members = place(group.members, table, missing)
    if missing:
        raise CannotPlay(name, missing)
    area = group.group.area or model.encounter.areas[0]
    time = group.group.time or model.encounter.times[0]
    wrong = [f"area {area} (it is played in {', '.join(model.encounter.areas)})"] \
        if area not in model.encounter.areas else []
    wrong += [f"time {time} (it is played at {', '.join(model.encounter.times)})"] \
        if time not in model.encounter.times else []
    if wrong:
        raise CannotPlay(name, wrong)
    placed: list[Zombie] = []
    for force in model.forces:
        if force.side == "zombies" and force.table is None and force.count is not None and force.count.isdigit():
            at = Position.of(*(force.at or [float(table.width) / 2, float(table.depth) / 2]))
            for k in range(int(force.count)):
                placed.append(Zombie(f"z{len(placed) + 1}", f"zombie z{len(placed) + 1}", "zombies",
                                     Position(at.x + 2 * k, at.y), facing=Fraction(180)))
    board = Board(table, list(pieces))
    return Setup(board, area, time, tables, tuple(members), tuple(placed), max_turns, name), left_out


def place(members: Sequence[Member], table: Tabletop, missing: list[str]) -> list[Human]:
    """The group's figures, one full move onto the table from the bottom edge (line 1744), 2" apart in rows
    across the table; a weapon the engine does not know is added to ``missing``."""
    out = []
    across = max(1, int(table.width // 2) - 1)  # a row of figures 2" apart, further rows 2" behind
    for i, m in enumerate(members):
        row, count = divmod(i, across)[0], min(across, len(members) - i // across * across)
        arms = [w for w in (weapon(n) for n in m.weapons) if w is not None]
        missing += [f"the weapon `{n}` of {m.name}" for n in m.weapons if weapon(n) is None]
        x = table.width / 2 + 2 * (i % across - (count - 1) / 2)
        klass = Klass.MILITARY if m.klass == "police" else Klass(m.klass)  # police react as Military (594)
        attribute = next((a for a in m.attributes if a in ATTRIBUTES), "none")
        ranged = [w for w in arms if w.ranged]  # the first ranged weapon is the one it fires
        out.append(Human(f"h{i + 1}", m.name, "humans", Position(Fraction(x), table.depth - NORMAL_MOVE + 2 * row),
                         rep=m.rep, klass=klass, star=m.star, weapon=ranged[0] if ranged else arms[0] if arms else None,
                         attribute=attribute, protected=m.protected, leader=m.star,
                         zombies_seen=m.zombies_seen))
    return out
