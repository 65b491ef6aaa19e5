"""Caches bounded in bytes: what a mission keeps of its answers (distance fields, routes, steps).

A playtest plays thousands of games of a mission, and most of its time goes
to the same few questions (how far is every square from this hero with these
rooms active?), so their answers are kept. Kept without a bound they grow
with the number of games; bounded by a count of entries they still take
whatever a count of their entries weighs (a distance field over a large board
is tens of KiB). So each cache holds at most a budget of bytes and, past it,
forgets the oldest answers first. Forgetting never changes an answer: every
value is a pure function of its key, computed again on a miss.

Oldest first, not least recently used: compiled code reads a dict subclass's
``get`` as the dict's own (mypyc's primitive), so an overridden ``get`` that
moved an answer to the end ran only in plain Python, and the two forgot in
different orders; a ``get`` of another name, called as a Python method from
compiled code, would cost about 8% of a bot game (some 13,000 reads a game).
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")

KIB = 1024
MIB = 1024 * KIB


def nested_size(value: Any) -> int:
    """The bytes of a container and of the containers directly inside it (a list of lists)."""
    return sys.getsizeof(value) + sum(sys.getsizeof(v) for v in (value.values() if isinstance(value, dict) else value))


class Bounded(OrderedDict[K, V]):
    """A dict of answers holding at most ``budget`` bytes; the oldest go first (``get`` is the dict's own).

    An entry weighs ``size(value)`` plus its key's ``sys.getsizeof``. The default ``size`` is the
    container's own size: the squares and small numbers a distance field holds are objects the
    mission shares (its neighbour lists, Python's small integers), so the container is what an
    entry adds. A value heavier than the whole budget is returned but not kept.
    """

    def __init__(self, budget: int, size: Callable[[V], int] = sys.getsizeof) -> None:
        super().__init__()
        self.budget = budget
        self.used = 0  # bytes of the entries kept
        self.forgotten = 0  # entries dropped to stay within the budget
        self._size = size
        self._bytes: dict[K, int] = {}

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``, forgetting the oldest answers to stay within the budget;
        returns ``value``."""
        weight = self._size(value) + sys.getsizeof(key)
        if key in self._bytes:
            self.used -= self._bytes.pop(key)
            del self[key]
        if weight > self.budget:
            return value
        while self.used + weight > self.budget:
            old, _ = self.popitem(last=False)
            self.used -= self._bytes.pop(old)
            self.forgotten += 1
        self[key] = value
        self._bytes[key] = weight
        self.used += weight
        return value

    def clear(self) -> None:
        super().clear()
        self._bytes.clear()
        self.used = 0
