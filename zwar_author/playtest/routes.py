"""What the bots keep of a mission for every game a process plays of it: route rows, distance fields, fixed facts.

A bot decision asks thousands of times a game how far one square is from another (``route``: how far
an infected is from a hero, a hero from an item). The mission answers with a dict per source square
from its own cache (``Mission.route_from``), bounded in bytes and shared with the infected move; the
bots' questions alone fill it many times over in a game, so it kept forgetting and working the
answers out again. Here each answer is copied once into a row, a list indexed by square (a quarter of
the dict's bytes, and a list index rather than a hash lookup), kept for every game the process plays
of the mission. The rows hold exactly the mission's answers (``INF`` where it has none), so a bot
reads the same distances as before.
"""

from __future__ import annotations

import sys
from typing import Any, Final

from ..engine.caches import MIB, Bounded
from ..engine.mission import ALL, Mission, Slot
from ..engine.state import short
from ..engine.world import Ending, endings

INF: Final = 1 << 30
FIELD_BYTES = 8 * MIB  # the bots' distance fields kept per mission (a field is a function of the board alone): at 2 MiB
# a 200-game playtest of Supply Run searched 406 of them again, at 8 MiB none (288 kept)
DETOUR_BYTES = 2 * MIB  # the detour rows kept per mission: a list of flags a square, a few KiB each
#: the route squares within which the bots ask whether an infected is near a square (``near_row`` reads at least so far)
NEAR: Final = 5
#: the distance fields kept at hand by their goal's identity (``Memo.recent``)
RECENT: Final = 8
ROW_BYTES = 8 * MIB  # route rows kept per mission: all of them are dropped at once past this
#: a route row: distances by square. A tuple, not a list: a tuple of integers drops out of the garbage collector's
#: sight at the first collection it survives, where a list is walked at every full collection. The rows kept are
#: about half of the tracked objects' references after a playtest of Supply Run, and a full collection then takes
#: some 30 ms, a couple of games' time, a few times in every 100 games.
Row = tuple[int, ...]


class Memo:
    """One mission's rows (by active-room mask, then by source square), the bots' distance fields and kill
    chances."""

    def __init__(self, size: int, budget: int = ROW_BYTES) -> None:
        self.size = size
        self.budget = budget
        self.rows: dict[int, list[Row | None]] = {}
        self.near_rows: dict[int, list[Row | None]] = {}  # ``near_row``'s, by active-room mask then source
        self.kept = 0  # bytes of the rows kept
        self.fields: Bounded[tuple[Any, ...], dict[int, int]] = Bounded(FIELD_BYTES)
        #: the squares from which a detour by a weapon's square pays (``bots._detour_squares``), beside the fields
        self.detours: Bounded[tuple[Any, ...], list[bool]] = Bounded(DETOUR_BYTES)
        #: the share of a dice table's faces that kill, by (id of the table, bonus): (the table, the share)
        self.faces: dict[tuple[int, int], tuple[Any, float]] = {}
        # The lists of ``rows`` and ``near_rows`` the bots read most, at hand (None: look them up): the whole board's
        # (``ALL``), and the last other mask ``near_row`` was asked for (the game's active rooms, which change
        # seldom). Looked up in the dict at each question, the mask was boxed and hashed some 100,000 times in 20 games.
        self.every: list[Row | None] | None = None  # ``rows[ALL]``
        self.near_every: list[Row | None] | None = None  # ``near_rows[ALL]``
        self.near_mask = ALL
        self.near_last: list[Row | None] | None = None  # ``near_rows[near_mask]``
        # The last few distance fields ``bots.distance_field`` returned, for one board (doors open, keycards held), by
        # their goal's identity (``recent``): a decision asks for the same goal tuple again (``Bot.goal`` weighs each
        # job's field, ``_walk`` reads the chosen one's, ``_detour_squares`` each lane's), and a look-up in ``fields``
        # hashes the goal square by square, with the doors and keys, at every question.
        self.recent_doors = 0
        self.recent_keys: frozenset[str] = frozenset()
        self.recent_goals: list[tuple[int, ...]] = []
        self.recent_fields: list[dict[int, int]] = []

    def facts(self, m: Mission) -> Facts:
        """The mission's fixed facts (``facts``)."""
        return facts(m)

    def row(self, m: Mission, source: int, active: int) -> Row:
        """Route distance from ``source`` to every square through the squares ``active`` allows (INF: none)."""
        rows = self.every if active == ALL else None
        if rows is None:
            rows = self._rows(self.rows, active)
            if active == ALL:
                self.every = rows
        found = rows[source]
        if found is not None:
            return found
        row = [INF] * self.size
        for sq, d in m.route_from(source, active).items():
            row[sq] = d
        return self._keep(self.rows, rows, active, source, tuple(row))

    def near_row(self, m: Mission, source: int, active: int) -> Row:
        """``row``'s distances as far as an infected of the mission can reach a hero by its next move, and at
        least ``NEAR`` (``Facts.reach``), INF beyond: a breadth-first search, the same as ``Mission.route_from``'s,
        that stops there. The bots ask it for every infected on the board, from wherever it stands, with whichever
        rooms are active: the whole board's search from each cost a bot game several per cent, most of it never
        read."""
        rows = self._near_rows(active)
        found = rows[source]
        if found is not None:
            return found
        depth = self.facts(m).reach
        row = [INF] * self.size
        row[source] = 0
        frontier = [source]
        route, room_of, standable = m.route, m.room_of, m.standable
        every = active == ALL
        for d in range(1, depth + 1):
            nxt = []
            for sq in frontier:
                for n in route[sq]:
                    if row[n] == INF and standable[n]:
                        room = room_of[n]
                        if room == 0 or every or active >> room & 1:
                            row[n] = d
                            nxt.append(n)
            if not nxt:
                break
            frontier = nxt
        return self._keep(self.near_rows, rows, active, source, tuple(row))

    def recent(self, goal: tuple[int, ...], doors: int, keys: frozenset[str]) -> dict[int, int] | None:
        """The field kept at hand for this very ``goal`` tuple (``is``, not ``==``: no hashing) on this board, or None.
        A tuple held here cannot change nor be freed, so its identity stands for its squares."""
        if doors == self.recent_doors and keys == self.recent_keys:
            goals = self.recent_goals
            for i in range(len(goals)):
                if goals[i] is goal:
                    return self.recent_fields[i]
        return None

    def remember(self, goal: tuple[int, ...], doors: int, keys: frozenset[str], field: dict[int, int]) -> None:
        """Keep ``field`` at hand for ``goal`` on this board (``recent``): a new board drops the others, and past
        ``RECENT`` the oldest goes."""
        if doors != self.recent_doors or keys != self.recent_keys:
            self.recent_doors, self.recent_keys = doors, keys
            self.recent_goals.clear()
            self.recent_fields.clear()
        elif len(self.recent_goals) >= RECENT:
            del self.recent_goals[0]
            del self.recent_fields[0]
        self.recent_goals.append(goal)
        self.recent_fields.append(field)

    def _near_rows(self, active: int) -> list[Row | None]:
        """``near_rows``' list for ``active``, at hand when it is the whole board's or the last mask asked for."""
        rows = self.near_every if active == ALL else self.near_last if active == self.near_mask else None
        if rows is None:
            rows = self._rows(self.near_rows, active)
            if active == ALL:
                self.near_every = rows
            else:
                self.near_mask, self.near_last = active, rows
        return rows

    def _rows(self, table: dict[int, list[Row | None]], active: int) -> list[Row | None]:
        """``table``'s rows for ``active`` (by source square, None where not searched yet), made empty at first."""
        rows = table.get(active)
        if rows is None:
            rows = table[active] = [None] * self.size
        return rows

    def _keep(self, table: dict[int, list[Row | None]], rows: list[Row | None], active: int, source: int,
              row: Row) -> Row:
        """Keep ``row`` in ``table`` (``rows``: its list for ``active``) within the budget of all the rows kept."""
        weight = sys.getsizeof(row)
        if self.kept + weight > self.budget:  # a bound, not an LRU: a game asks for the same few hundred rows
            self.rows.clear()
            self.near_rows.clear()
            self.every = self.near_every = self.near_last = None
            self.kept = 0
            rows = table[active] = [None] * self.size
        rows[source] = row
        self.kept += weight
        return row


class Facts:
    """What a mission says once for every game (``facts``): what the heroes' victory wants, each
    equipment card's kind, the locked doors. The bots ask these at every decision; read from the compiled mission each time
    they cost more than the rest of the job list (a walk over the victory conditions, a model's attribute a
    card), and they never change while the mission is played. The victory is the engine's own reading of
    it (``world.endings``), so the bots aim at what ``check`` will test."""

    def __init__(self, m: Mission) -> None:
        #: the heroes' victory condition (the first for the heroes' side or for no side), or None
        self.victory: Ending | None = next((v for v in endings(m)[1] if v.side in ("heroes", "")), None)
        end = self.victory
        wanted: frozenset[int] = frozenset()
        if end is not None:  # a count of objectives makes every objective a job
            wanted = (end.objectives or frozenset()) | (m.objective_numbers if end.count else frozenset())
        self.wanted = wanted  # the objectives the victory needs done
        self.carrying: frozenset[str] = end.carrying if end is not None else frozenset()
        self.escape = end is not None and bool(end.escape)
        self.kind: dict[str, str] = {eq: card.kind for eq, card in m.equipment.items()}  # by equipment id
        self.escort: frozenset[str] = frozenset(short(n) for n in end.escort) if end is not None else frozenset()
        self.locked = [d for d in m.doors if d.kind == "locked"]  # the doors a keycard opens
        #: the exit squares, sorted: all of them (once the exits are open), and those not shut until then
        self.exits: tuple[int, ...] = tuple(sorted(m.exits))
        self.open_exits: tuple[int, ...] = tuple(sorted(sq for sq, closed in m.exits.items() if not closed))
        #: ``(sq,)`` for every square: a job on one square is this tuple at every decision, not a new one, so the
        #: distance fields kept at hand by their goal's identity (``Memo.recent``) find it again
        self.single: list[tuple[int, ...]] = [(sq,) for sq in range(m.size)]
        #: how far ``Memo.near_row`` searches: the farthest (route squares) an infected of the mission can come
        #: at a hero by its next move, and at least ``NEAR``
        self.reach: int = max([NEAR] + [max(c.move, c.charge) + 1 for c in m.classes.values()])
        #: (number, squares) of each objective in the mission's order: its room's squares for a room-wide one, else
        #: its own square (the bots' jobs)
        self.objective_jobs: list[tuple[int, tuple[int, ...]]] = []
        for obj in m.compiled.objectives:
            at = m.square(obj.at)
            room = m.room_of[at]
            self.objective_jobs.append((obj.number, tuple(m.room(room).squares if obj.scope == "room" and room else (at,))))


def _new_memo(m: Mission) -> Memo:
    return Memo(m.size)


#: the slot of the bots' memo among what the mission keeps for other layers (``Mission.own``)
MEMO: Final = Slot("routes.memo", _new_memo)


def memo(m: Mission) -> Memo:
    """The memo of ``m``, made at the first question about it and kept with the mission."""
    return m.own(MEMO)


def near_row(m: Mission, source: int, active: int) -> Row:
    """``memo(m).near_row``: route distances from ``source`` as far as an infected reaches by its next move."""
    return memo(m).near_row(m, source, active)


#: the slot of the mission's fixed facts for the bots, beside their memo (``Mission.own``): asked some ten times a
#: decision, each question one look-up in the mission's slots rather than the memo's and then the facts' own
FACTS: Final = Slot("routes.facts", Facts)


def facts(m: Mission) -> Facts:
    """What the mission says once for every game, worked out at the first question."""
    return m.own(FACTS)


def route(m: Mission, a: int, b: int) -> int:
    """Route distance from ``a`` to ``b`` through every standable square (INF: no way)."""
    return memo(m).row(m, a, ALL)[b] if b >= 0 else INF
