"""In Sight between people as figures move into an enemy's view (seed 004, lines 836, 877-882).

"The In Sight is taken as soon as the figure comes into view. If more than one figure is in a group that is
moving into sight then the test is taken after all the figures that wish to move have done so and have moved
no more than 2"" (line 882). Read here: a figure's walk is watched by the enemies carrying on who did not see
it when its move began (line 836: an enemy that "starts out of that figure's sight"); the first spot of the
walk where one of them sees it is where it comes into view. A group of one figure stops there: the test is
taken at once. A figure of a group of several walks on no more than 2" past that spot and stops; the test is
taken once every figure of the group has acted, one roll for the watchers (line 826), and the group's fire
waits for it. Either way the figure's move ends where it stopped: the test is taken after the figures "have
done so", not in the middle of a move that goes on.

Zombies are not watched: they "always move their maximum allowable distance" (line 1856), all of them before
the humans take In Sight on them (lines 1816, 1895-1897, ``AtzGame._in_sight``).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...tabletop import Position, Sight, inches
from ..core import in_front
from .state import STANDING, Human, Status

if TYPE_CHECKING:
    from .game import AtzGame

#: How far a figure of a group of several walks on once in an enemy's view (line 882).
TOGETHER = 2.0
#: The inches between the spots of a leg looked at for the first one in view; then halved down to ``FINE``.
STEP = 0.5
FINE = 1 / 16


@dataclass
class Activation:
    """One group's activation (line 882): whom each of its movers came into the view of, and the fire held
    until those watchers have taken In Sight."""

    together: bool  # a group of more than one figure: each walks on up to 2" in view, tested after all
    seen: dict[str, list[str]] = field(default_factory=dict)  # watcher id -> the movers it saw come into view
    held: list[tuple[Human, Callable[[], None]]] = field(default_factory=list)

    def fire(self, h: Human, act: Callable[[], None]) -> None:
        """``h``'s fire: at once, or after the In Sight test while a figure that came into view waits for it
        (the test comes first, line 882)."""
        if self.seen:
            self.held.append((h, act))
        else:
            act()


@dataclass
class Watch:
    """One figure's move watched by the enemies who did not see it when the move began."""

    mover: Human
    watchers: list[Human]
    extra: float  # inches it may walk on once in view: 0 alone, 2 in a group of several
    left: float | None = None  # inches still to walk once in view; None: not yet in view
    seen_by: set[str] = field(default_factory=set)


def activation(group: list[Human]) -> Activation:
    """A group's activation: together when more than one of its figures carries on (one down, ducked back or
    hunkered down does not move with it)."""
    return Activation(together=sum(h.on_table and h.status is Status.CARRY_ON for h in group) > 1)


def watching(game: AtzGame, mover: Human) -> set[str]:
    """The enemies of ``mover`` (people of the other side) who see it now."""
    return {o.id for o in game.on_table(game.people) if o.side != mover.side and game.sees(o, mover) is not Sight.BLOCKED}


@contextmanager
def watched(game: AtzGame, mover: Human, turn: Activation) -> Iterator[None]:
    """``mover``'s move inside the block, watched (``AtzGame._move_towards`` stops it where the watch says);
    afterwards whom it came into the view of is added to ``turn``."""
    before = watching(game, mover)
    watchers = [o for o in game.on_table(game.people) if o.side != mover.side and o.status is Status.CARRY_ON
                and o.id not in before]
    watch = Watch(mover, watchers, TOGETHER if turn.together else 0.0)
    game.watch = watch if watchers else None
    try:
        yield
    finally:
        game.watch = None
    if mover.status not in STANDING or not mover.on_table:
        return
    now = {o.id for o in watchers if game.sees(o, mover) is not Sight.BLOCKED}
    for o in watchers:
        if o.id in watch.seen_by | now:
            turn.seen.setdefault(o.id, []).append(mover.id)


def reach(game: AtzGame, watch: Watch, a: Position, b: Position) -> float | None:
    """How far along the straight leg from ``a`` to ``b`` the watched figure may walk: None to its end."""
    length = a.distance(b)
    start = 0.0
    if watch.left is None:
        found = _first_in_view(game, watch, a, b, length)
        if found is None:
            return None
        start, who = found
        watch.seen_by |= who
        watch.left = watch.extra
    if start + watch.left >= length - 0.001:
        watch.left -= length - start
        return None if watch.left > 0.001 else length
    allowed, watch.left = start + watch.left, 0.0
    return allowed


def point(a: Position, b: Position, along: float) -> Position:
    """The spot ``along`` inches from ``a`` towards ``b``, to the thousandth of an inch."""
    length = a.distance(b) or 1.0
    x = float(a.x) + (float(b.x) - float(a.x)) * along / length
    y = float(a.y) + (float(b.y) - float(a.y)) * along / length
    return Position(inches(round(x, 3)), inches(round(y, 3)))


def _first_in_view(game: AtzGame, watch: Watch, a: Position, b: Position,
                   length: float) -> tuple[float, set[str]] | None:
    """Where along the leg a watcher first sees the mover, to the sixteenth of an inch, and who does."""
    ghost = copy.copy(watch.mover)
    ahead = [o for o in watch.watchers if in_front(o, a) or in_front(o, b)]  # the front arc is a half plane

    def seen(along: float) -> set[str]:
        ghost.position = point(a, b, along)
        return {o.id for o in ahead if game.sees(o, ghost) is not Sight.BLOCKED}

    if not ahead:
        return None

    low = 0.0
    for i in range(1, math.ceil(length / STEP) + 1):
        high = min(length, i * STEP)
        who = seen(high)
        if not who:
            low = high
            continue
        while high - low > FINE:
            middle = (low + high) / 2
            nearer = seen(middle)
            if nearer:
                high, who = middle, nearer
            else:
                low = middle
        return high, who
    return None
