"""A compiled mission as the engine sees it: squares numbered, neighbours listed, sight and distances on demand.

Everything here is static: it depends on the board, never on a game. What
depends on the state of a game (which doors are open, which rooms are active)
is passed in as bit masks, and answers are kept in bounded caches shared by
every game of the mission, so a thousand playtests compute a distance field
once. Relations come from ``geometry`` (GRID.md); nothing here decides
adjacency or sight on its own.
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

import numpy as np

from ..games import Feature, of_mission
from ..geometry.board import STANDABLE, Board, Grid, Terrain
from ..geometry.los import LosMaps, los_bits, los_table, segment
from ..geometry.notation import edge_name, parse_edge, parse_square, square_name
from ..geometry.relations import DIRECTIONS, Doors, FloorRelations
from ..model.content import CompiledMission
from ..tables.charts import read
from .caches import MIB, Bounded, nested_size
from .vocab import IMPLICIT, Verb

if TYPE_CHECKING:
    from .actions import Action

UNREACHABLE: Final = 1 << 30  # Final: a constant in the compiled modules, not a lookup
ALL: Final = -1  # an "active rooms" mask meaning every square counts

#: The bytes each of a mission's caches may hold (engine/caches.py). Measured on the core campaign
#: (`zwar playtest content/core/campaign.toml --policy cautious`): 20 campaigns ask ~1000 different
#: route and ~900 different infected distance fields of a mission, ~15 KiB each, but at most ~500 of them
#: are in use at once (an LRU of 512 misses 2754 times in 338575 calls, of 256 10308 times), so 8 MiB
#: each costs ~8% more CPU time than the old 4096-entry caches; the smaller caches are sized to what 20
#: campaigns fill. Peak memory of 20/40/80/160 campaigns: 111/119/120/122 MB (was 125/145/166/191).
CACHE_BUDGETS: Final = {"route": 8 * MIB, "field": 8 * MIB, "smell": 1 * MIB, "tables": 2 * MIB,
                 "steps": 2 * MIB, "small": MIB // 4}


T = TypeVar("T")


class Slot(Generic[T]):
    """The key of what a layer above keeps for every game of a mission (``Mission.own``): the slot names the kept
    object's type and how it is made from the mission, so what is kept is typed where it is read, made once per
    mission and dropped with it (a module holding it would outlive the mission's games)."""

    def __init__(self, name: str, make: Callable[[Mission], T]) -> None:
        self.name = name
        self.make = make


class Charts:
    """What each roll reads on the mission's dice tables, each read once through the one table model
    (``tables.charts.read`` walks a chart's rows in plain Python, at every attack and spawn roll). Kept by the
    table's id with the table itself, so an id is never another table's."""

    def __init__(self) -> None:
        self._rows: dict[int, tuple[object, dict[int, Any]]] = {}
        self._kinds: dict[int, tuple[object, dict[int, str]]] = {}

    def row(self, table: Any, roll: int) -> Any:
        """What ``roll`` reads on a compiled chart (``tables.charts.read``)."""
        kept = self._rows.get(id(table))
        if kept is None or kept[0] is not table:
            kept = self._rows[id(table)] = (table, {})
        found = kept[1].get(roll)
        if found is None:
            found = kept[1][roll] = read(table, roll)
        return found

    def kind(self, table: Any, total: int) -> str:
        """The kind of result ``total`` reads on a combat chart (past its faces, its end row)."""
        kept = self._kinds.get(id(table))
        if kept is None or kept[0] is not table:
            kept = self._kinds[id(table)] = (table, {})
        found = kept[1].get(total)
        if found is None:
            found = kept[1][total] = read(table, total).kind
        return found


@dataclass(frozen=True)
class Door:
    index: int
    edge: str  # floor:H:x,y
    floor: int
    kind: str  # door, locked or blast
    key: str | None
    room: int  # blast doors: the room whose task opens them (0 otherwise)
    start_open: bool
    sides: tuple[int, ...]  # the squares the edge separates (board squares only)
    rooms: frozenset[int]  # rooms on either side


@dataclass(frozen=True)
class Room:
    number: int  # 1-based over the whole board
    id: str  # floor:R<n>
    name: str | None
    label: str | None
    squares: tuple[int, ...]
    doors: tuple[int, ...]
    shown: str  # the id as players read it: without the floor on a one-floor map

    def title(self) -> str:
        return self.label or self.name or self.shown


@dataclass
class _FloorLos:
    width: int
    open_rows: list[int]  # LOS with every door open, one int of bits per square
    closed_rows: list[int]  # LOS with every door closed
    open_bytes: list[bytes]  # the same bits as bytes (bit i: byte i // 8, bit i % 8), read by ``sees``:
    closed_bytes: list[bytes]  # a byte is read without making the shifted big integer a row's test would
    needs: dict[tuple[int, int], list[list[list[int]]]]  # door-dependent pairs: clauses of alternatives


@dataclass(frozen=True)
class Unit:
    """What the engine and the bots read of an infected class at every move: the compiled model's fields,
    copied into a compiled class once per mission (a pydantic model's attribute, read from compiled code,
    is a Python attribute look-up: some 7,000 a Supply Run game for these alone)."""

    move: int
    charge: int
    smell: int
    hears: bool
    kill_points: int


@dataclass(frozen=True)
class Gear:
    """What the engine and the bots read of an equipment card at every action, copied from the compiled
    model like ``Unit`` (some 6,000 reads a game)."""

    kind: str  # ballistic, melee, explosive, medical or utility
    fire: tuple[str, ...]
    range: int | None
    aimed_only: bool
    placed: bool
    effect: str | None  # an Effect (a string enum) or None


@dataclass(eq=False)
class Mission:
    compiled: CompiledMission
    board: Board
    #: each cache's budget in bytes, by name (a test's smaller ones; else ``CACHE_BUDGETS``)
    budgets: dict[str, int] | None = None
    floor_ids: list[str] = field(init=False)
    offsets: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self._rules()
        self._squares()
        self._doors()
        self._rooms()
        self._markers()
        self._neighbours()
        self._los = [self._floor_los(f) for f in range(len(self.board.floors))]
        # answers kept for every game of the mission, each cache within its budget of bytes
        # (engine/caches.py; CACHE_BUDGETS says why these sizes)
        budget = self.budgets if self.budgets is not None else CACHE_BUDGETS
        self._route_cache: Bounded[tuple[int, int], dict[int, int]] = Bounded(budget["route"])
        self._field_cache: Bounded[tuple[tuple[int, ...], int, int], Field] = Bounded(budget["field"], Field.weight)
        #: the weapon changes of a hero with given cards and active weapons (``legal``)
        self.weapon_changes: Bounded[tuple[Any, ...], list[Action]] = Bounded(budget["small"])
        self._enterable_cache: Bounded[int, list[bool]] = Bounded(budget["small"])
        self._crossing_cache: Bounded[int, list[int]] = Bounded(budget["small"])
        self._grab_cache: Bounded[tuple[int, int, int], tuple[int, ...]] = Bounded(budget["small"])
        self._openable_cache: Bounded[tuple[int, int], int] = Bounded(budget["small"])
        self._step_rows = ByDoors(self.size, budget["steps"])
        self._reach_rows = ByDoors(self.size, budget["steps"])
        self._entered: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._adjacent: dict[int, list[int]] = {}
        self._smell_cache: Bounded[tuple[int, int, int], dict[int, int]] = Bounded(budget["smell"])
        self._smell_tables: Bounded[tuple[int, int], list[list[int]]] = Bounded(budget["tables"], nested_size)
        self._step_tables: Bounded[tuple[int, int, bool], dict[int, list[int]]] = Bounded(budget["tables"], nested_size)
        #: what each roll reads on the mission's charts
        self.charts = Charts()
        #: what other layers keep for every game of the mission, each in its own slot (the hero's lists' memo,
        #: the bots' memo): kept here rather than in a weak-keyed dict beside it (``own``)
        self._owned: dict[Slot[Any], Any] = {}

    def own(self, slot: Slot[T]) -> T:
        """What ``slot`` keeps for every game of the mission, made at the first question."""
        found: T | None = self._owned.get(slot)
        if found is None:
            found = self._owned[slot] = slot.make(self)
        return found

    # --- rules data ------------------------------------------------------------------

    def _rules(self) -> None:
        rules = self.compiled.rules
        self.hero_cards = {h.id: h for h in rules.heroes}
        self.classes = {c.id: c for c in rules.infected}
        #: each class's and card's hot fields as compiled classes (``Unit``, ``Gear``)
        self.units = {c.id: Unit(c.move, c.charge, c.smell, c.hears, c.kill_points) for c in rules.infected}
        self.gear = {e.id: Gear(e.kind, tuple(e.fire), e.range, e.aimed_only, e.placed, e.effect)
                     for e in rules.equipment}
        self.class_names = {c.id: c.name.lower() for c in rules.infected}
        self.equipment = {e.id: e for e in rules.equipment}
        self.search_cards = {s.id: s for s in rules.search}
        self.perks = {p.id: p for p in rules.perks}
        #: what the game has (its profile) with the numbers of its rules (the pack's rules data)
        self.profile = of_mission(self.compiled)
        #: the game's turn, action table and infection track (the pack's rules data), if it has one
        self.game_rules = self.profile.numbers
        #: the AP of each action the game has (the profile's actions, priced by the rules data), keyed by the
        #: ``Verb`` members themselves: the rules look a verb up at every action, and a member (a str subclass)
        #: finds a plain string key only through the generic look-up and a string compare (some 300
        #: instructions compiled), its own member by identity
        members: dict[str, str] = {v.value: v for v in Verb}
        self.ap_costs: dict[str, int] = {members.get(key, key): ap for key, ap in self.profile.costs().items()}
        self.game_name = self.profile.name
        #: the engine's actions this game does not have: never offered
        self.absent = frozenset(v for v in Verb if v not in self.ap_costs and v not in IMPLICIT)

    def lookup(self, table: dict[str, Any], ref: str) -> Any:
        """An entry by pack/id or by its short id (the first pack's, in id order)."""
        if ref in table:
            return table[ref]
        for qualified, entry in table.items():
            if qualified.rpartition("/")[2] == ref:
                return entry
        return None

    # --- squares ---------------------------------------------------------------------

    def _squares(self) -> None:
        self.floor_ids = [f.id for f in self.board.floors]
        self.offsets, self.widths = [], []
        total = 0
        for f in self.board.floors:
            self.offsets.append(total)
            self.widths.append(f.grid.width)
            total += f.grid.width * f.grid.height
        self.size = total
        self.floor_of, self.xy, self.terrain, self.room_of = [], [], [], []
        for number, f in enumerate(self.board.floors):
            for y in range(f.grid.height):
                for x in range(f.grid.width):
                    self.floor_of.append(number)
                    self.xy.append((x, y))
                    self.terrain.append(int(f.grid.terrain[y, x]))
                    self.room_of.append(0)
        self.standable = [t in STANDABLE for t in self.terrain]
        # squares and edges as compiled references and as players read them, made when first asked for
        self._named: dict[str, int] = {}
        self._shown: list[str | None] = [None] * total
        self._shown_edges: dict[str, str] = {}
        self.multi = len(self.board.floors) > 1
        #: Exodus's colour-coded stairways: "Line of sight extends between floors but only on the coloured
        #: stairway squares" (its profile says whether the game has them; Z War One sees no other floor)
        self.linked_sight = Feature.COLOURED_STAIRS in self.profile.features
        self.links: dict[int, list[int]] = {}
        for a, b in self.board.stairs:
            ia, ib = self.index(*a), self.index(*b)
            self.links.setdefault(ia, []).append(ib)
            self.links.setdefault(ib, []).append(ia)

    def _markers(self) -> None:
        c = self.compiled
        self.exits = {self.square(e.at): e.closed for e in c.exits}
        self.spawn_squares = {p.letter: self.square(p.at) for p in c.spawn_points}
        self.spawn_at = {sq: letter for letter, sq in self.spawn_squares.items()}
        self.objective_numbers = frozenset(o.number for o in c.objectives)
        self.endings: tuple[Any, ...] | None = None  # the defeat and victory conditions as play reads them (world.endings)

    def index(self, floor: str, x: int, y: int) -> int:
        number = self.floor_ids.index(floor)
        return self.offsets[number] + y * self.widths[number] + x

    def square(self, text: str) -> int:
        """The square a compiled reference (``floor:x,y``) names."""
        sq = self._named.get(text)
        if sq is None:
            floor, x, y = parse_square(text)
            sq = self._named[text] = self.index(floor or self.floor_ids[0], x, y)
        return sq

    def show(self, sq: int) -> str:
        """A square as players read it (``x,y``, or ``floor:x,y`` on a map of several floors); kept once made,
        since the log names a square in most of its events."""
        name = self._shown[sq]
        if name is None:
            x, y = self.xy[sq]
            name = self._shown[sq] = square_name(self.floor_ids[self.floor_of[sq]] if self.multi else None, x, y)
        return name

    def show_edge(self, edge: str) -> str:
        """A compiled edge (floor:H:x,y) as players read it: without the floor on a one-floor map."""
        name = self._shown_edges.get(edge)
        if name is None:
            floor, axis, x, y = parse_edge(edge)
            name = self._shown_edges[edge] = edge_name(floor if self.multi else None, axis, x, y)
        return name

    def parse(self, text: str) -> int | None:
        """A square typed by a person (``x,y`` or ``floor:x,y``, spaces allowed), or None if it is not
        one on the board."""
        try:
            floor, x, y = parse_square("".join(text.split()))
        except ValueError:
            return None
        if floor is None:
            if self.multi:
                return None
            floor = self.floor_ids[0]
        if floor not in self.floor_ids:
            return None
        number = self.floor_ids.index(floor)
        grid = self.board.floors[number].grid
        if not (x < grid.width and y < grid.height) or grid.terrain[y, x] == Terrain.VOID:
            return None
        return self.offsets[number] + y * grid.width + x

    def grid(self, sq: int) -> Grid:
        return self.board.floors[self.floor_of[sq]].grid

    # --- doors and rooms -------------------------------------------------------------

    def _doors(self) -> None:
        compiled = {d.at: d for d in self.compiled.board.doors}
        self.doors: list[Door] = []
        self.door_offsets: list[int] = []
        self.door_at: dict[tuple[int, str, int, int], int] = {}
        for number, f in enumerate(self.board.floors):
            self.door_offsets.append(len(self.doors))
            found, _, _ = f.grid.doors()
            for axis, x, y in found:
                edge = edge_name(f.id, axis, x, y)
                spec = compiled.get(edge)
                a, b = ((x, y - 1), (x, y)) if axis == "H" else ((x - 1, y), (x, y))
                sides = tuple(self.offsets[number] + sy * f.grid.width + sx for sx, sy in (a, b)
                              if 0 <= sx < f.grid.width and 0 <= sy < f.grid.height
                              and f.grid.terrain[sy, sx] != Terrain.VOID)
                index = len(self.doors)
                self.door_at[(number, axis, x, y)] = index
                self.doors.append(Door(
                    index, edge, number, spec.kind if spec else "door", spec.key if spec else None,
                    0, bool(spec and spec.open), sides, frozenset()))
        self.door_count = len(self.doors)
        self.doors_at: dict[int, list[int]] = {}
        for door in self.doors:
            if len(door.sides) == 2:
                for sq in door.sides:
                    self.doors_at.setdefault(sq, []).append(door.index)

    def _rooms(self) -> None:
        self.rooms: list[Room | None] = [None]
        by_id: dict[str, int] = {}
        for spec in self.compiled.board.rooms:
            number = len(self.rooms)
            by_id[spec.id] = number
            squares = tuple(self.square(s) for s in spec.squares)
            for sq in squares:
                self.room_of[sq] = number
            doors = tuple(self.door_at[self._edge_key(e)] for e in spec.doors)
            shown = spec.id if self.multi else spec.id.split(":", 1)[1]
            self.rooms.append(Room(number, spec.id, spec.name, spec.label, squares, doors, shown))
        self.room_by_id = by_id
        for i, door in enumerate(self.doors):
            rooms = frozenset(self.room_of[s] for s in door.sides) - {0}
            door_spec = next((d for d in self.compiled.board.doors if d.at == door.edge), None)
            blast_room = by_id.get(door_spec.room, 0) if door_spec and door_spec.room else 0
            self.doors[i] = Door(door.index, door.edge, door.floor, door.kind, door.key, blast_room,
                                 door.start_open, door.sides, rooms)

    def room(self, number: int) -> Room:
        """Room ``number`` (1-based; 0 is outside every room)."""
        found = self.rooms[number]
        assert found is not None, "square outside every room"
        return found

    def _edge_key(self, text: str) -> tuple[int, str, int, int]:
        floor, axis, x, y = parse_edge(text)
        return self.floor_ids.index(floor or self.floor_ids[0]), axis, x, y

    def door_by_edge(self, text: str) -> int:
        return self.door_at[self._edge_key(text)]

    def room_ref(self, text: str) -> int:
        """A compiled room reference (floor:R<n>) as a room number."""
        return self.room_by_id[text]

    def floor_doors(self, mask: int, floor: int) -> int:
        """The bits of ``mask`` (over every door) that belong to ``floor``, shifted to start at 0."""
        start = self.door_offsets[floor]
        end = self.door_offsets[floor + 1] if floor + 1 < len(self.door_offsets) else self.door_count
        return (mask >> start) & ((1 << (end - start)) - 1)

    # --- neighbours ------------------------------------------------------------------

    def _neighbours(self) -> None:
        """Static lists: step with every door open (each neighbour with the door crossed, or -1),
        and route (doors count as open; walls and the separation rule only)."""
        self.step_all: list[list[tuple[int, int]]] = [[] for _ in range(self.size)]
        self.route: list[list[int]] = [[] for _ in range(self.size)]
        for number, f in enumerate(self.board.floors):
            rel = FloorRelations(f.grid)
            off, wid = self.offsets[number], f.grid.width
            for (dx, dy), step, route in zip(DIRECTIONS, rel.masks("step"), rel.masks("route")):
                for y, x in zip(*(a.tolist() for a in np.nonzero(step))):
                    door = self._door_between(number, x, y, dx, dy)
                    self.step_all[off + y * wid + x].append((off + (y + dy) * wid + x + dx, door))
                for y, x in zip(*(a.tolist() for a in np.nonzero(route))):
                    self.route[off + y * wid + x].append(off + (y + dy) * wid + x + dx)
        for a, others in self.links.items():
            for b in others:
                self.step_all[a].append((b, -1))
                self.route[a].append(b)
        # ``step_all`` again as two lists a square, the neighbours as offsets from it: the searches that read
        # every step (``Field``) then touch only Python's shared small integers, not a tuple and a square's
        # integer object for each step (cache misses that were most of a field's search)
        self.step_offsets: list[list[int]] = [[n - sq for n, _ in steps] for sq, steps in enumerate(self.step_all)]
        self.step_doors: list[list[int]] = [[door for _, door in steps] for steps in self.step_all]

    def _door_between(self, floor: int, x: int, y: int, dx: int, dy: int) -> int:
        if dx and dy:
            return -1
        axis, ex, ey = ("V", x + max(dx, 0), y) if dx else ("H", x, y + max(dy, 0))
        return self.door_at.get((floor, axis, ex, ey), -1)

    def steps(self, sq: int, doors: int, skinny: bool = False) -> list[int]:
        """Squares one step from ``sq`` with the doors of mask ``doors`` open (do not change the list)."""
        rows = self._step_rows.table(doors)
        out = rows[sq]
        if out is None:
            out = rows[sq] = [n for n, d in self.step_all[sq] if d < 0 or doors >> d & 1]
        return out + self._skinny(sq, doors) if skinny else out

    def reach(self, sq: int, doors: int) -> list[int]:
        """Squares a melee attack or a grab from ``sq`` reaches: a step on the same floor, or (Exodus)
        to a linked stairway square."""
        rows = self._reach_rows.table(doors)
        out = rows[sq]
        if out is None:
            floor = self.floor_of[sq]
            out = rows[sq] = [n for n in self.steps(sq, doors) if self.floor_of[n] == floor or self.linked(sq, n)]
        return out

    def linked(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` are linked stairway squares that see each other (Exodus)."""
        return self.linked_sight and b in self.links.get(a, ())

    def adjacent(self, sq: int) -> list[int]:
        """The squares around ``sq`` on its floor (8 directions), whatever lies between: what a
        ballistic attack "on an adjacent square" may reach when the line of sight is clear (Exodus: and
        the linked stairway squares)."""
        found = self._adjacent.get(sq)
        if found is None:
            grid = self.grid(sq)
            x, y = self.xy[sq]
            found = self._adjacent[sq] = [
                sq + dy * grid.width + dx for dx, dy in DIRECTIONS
                if 0 <= x + dx < grid.width and 0 <= y + dy < grid.height
                and grid.terrain[y + dy, x + dx] != Terrain.VOID]
            if self.linked_sight:  # Exodus: linked stairway squares are adjacent, in sight of each other
                found += self.links.get(sq, [])
        return found

    def _skinny(self, sq: int, doors: int) -> list[int]:
        floor = self.floor_of[sq]
        local = self.floor_doors(doors, floor)
        key = (floor, local, True)
        table = self._step_tables.get(key)
        if table is None:
            f = self.board.floors[floor]
            state = self._door_state(floor, local)
            rel = FloorRelations(f.grid, state)
            off, wid = self.offsets[floor], f.grid.width
            table = {}
            for (dx, dy), plain, thin in zip(DIRECTIONS, rel.masks("step"), rel.masks("step", skinny=True)):
                for y, x in zip(*(a.tolist() for a in np.nonzero(thin & ~plain))):
                    table.setdefault(off + y * wid + x, []).append(off + (y + dy) * wid + x + dx)
            self._step_tables.put(key, table)
        return table.get(sq, [])

    def smell_steps(self, sq: int, doors: int) -> list[int]:
        floor = self.floor_of[sq]
        return self._smell_table(floor, doors)[sq - self.offsets[floor]] + self.links.get(sq, [])

    def _smell_table(self, floor: int, doors: int) -> list[list[int]]:
        """The smell steps of every square of ``floor`` with the doors of ``doors`` open (stair links apart)."""
        key = (floor, self.floor_doors(doors, floor))
        table = self._smell_tables.get(key)
        if table is None:
            f = self.board.floors[floor]
            rel = FloorRelations(f.grid, self._door_state(floor, key[1]))
            off, wid = self.offsets[floor], f.grid.width
            table = [[] for _ in range(f.grid.width * f.grid.height)]
            for (dx, dy), mask in zip(DIRECTIONS, rel.masks("smell")):
                for y, x in zip(*(a.tolist() for a in np.nonzero(mask))):
                    table[y * wid + x].append(off + (y + dy) * wid + x + dx)
            self._smell_tables.put(key, table)
        return table

    def _door_state(self, floor: int, local: int) -> Doors:
        f = self.board.floors[floor]
        start = self.door_offsets[floor]
        edges = [_edge_tuple(self.doors[start + i].edge) for i in range(local.bit_length()) if local >> i & 1]
        return Doors.of(f.grid, edges)

    # --- line of sight ---------------------------------------------------------------

    def _floor_los(self, number: int) -> _FloorLos:
        grid = self.board.floors[number].grid
        table = los_table(grid)
        closed = los_bits(LosMaps.of(grid, Doors.closed(grid)))
        needs: dict[tuple[int, int], dict[int, dict[int, list[int]]]] = {}
        for a, b, clause, alternative, door in table.requirements.tolist():
            needs.setdefault((a, b), {}).setdefault(clause, {}).setdefault(alternative, []).append(door)
        flat = {pair: [list(alts.values()) for alts in clauses.values()] for pair, clauses in needs.items()}
        open_bytes, closed_bytes = _row_bytes(table.bits), _row_bytes(closed)
        return _FloorLos(grid.width, _row_ints(open_bytes), _row_ints(closed_bytes), open_bytes, closed_bytes, flat)

    def sight_row(self, sq: int) -> tuple[int, int]:
        """The squares of ``sq``'s floor that could be in its LOS with every door open, as bits from the
        floor's first square, and that square's number: a quick test that rules most squares out."""
        floor = self.floor_of[sq]
        off = self.offsets[floor]
        return self._los[floor].open_rows[sq - off], off

    def sees(self, a: int, b: int, doors: int) -> bool:
        """LOS between two squares with the doors of mask ``doors`` open, no unit blocking.
        Z War One: there is no LOS between floors; Exodus: only between linked stairway squares."""
        floor = self.floor_of[a]
        if floor != self.floor_of[b]:
            return self.linked(a, b)
        los = self._los[floor]
        off = self.offsets[floor]
        la, lb = a - off, b - off
        byte, bit = lb >> 3, lb & 7
        if not los.open_bytes[la][byte] >> bit & 1:
            return False
        if los.closed_bytes[la][byte] >> bit & 1:
            return True
        clauses = los.needs.get((la, lb) if la < lb else (lb, la))
        if clauses is None:
            return True
        start = self.door_offsets[floor]
        return all(any(all(doors >> (start + d) & 1 for d in alt) for alt in alts) for alts in clauses)

    def entered(self, a: int, b: int) -> list[int]:
        """The squares whose interior the line from ``a`` to ``b`` enters (endpoints excluded)."""
        return [a + off for off in self.entered_offsets(a, b)]

    def entered_offsets(self, a: int, b: int) -> tuple[int, ...]:
        """``entered`` as offsets from ``a`` (kept per offset and floor width)."""
        if self.floor_of[a] != self.floor_of[b]:
            return ()  # linked stairway squares: nothing lies between them
        (ax, ay), (bx, by) = self.xy[a], self.xy[b]
        wid = self.widths[self.floor_of[a]]
        key = (bx - ax, by - ay, wid)
        found = self._entered.get(key)
        if found is None:
            found = self._entered[key] = tuple(y * wid + x for x, y in segment(bx - ax, by - ay).entered)
        return found

    # --- distances -------------------------------------------------------------------

    def grab_squares(self, sq: int, doors: int, active: int) -> tuple[int, ...]:
        """The squares an infected can grab a hero on ``sq`` from (one step away, standable, active)."""
        key = (sq, doors, active)
        found = self._grab_cache.get(key)
        if found is None:
            found = self._grab_cache.put(key, tuple(sorted(
                n for n in self.steps(sq, doors) if self.standable[n] and self.is_active(n, active))))
        return found

    def is_active(self, sq: int, active: int) -> bool:
        room = self.room_of[sq]
        return room == 0 or active == ALL or bool(active >> room & 1)

    def route_from(self, source: int, active: int) -> dict[int, int]:
        """Route distance from ``source`` to every square it reaches through active squares
        (``ALL``: every standable square), in order of distance (the search's order: a roamer's square is
        looked for ring by ring). The source itself counts whatever it is."""
        key = (source, active)
        found = self._route_cache.get(key)
        if found is not None:
            return found
        seen = [False] * self.size  # the squares in the route, read as a list rather than the dict it becomes
        seen[source] = True
        dist = {source: 0}
        frontier = [source]
        depth = 0
        route: list[list[int]] = self.route
        room_of: list[int] = self.room_of
        standable: list[bool] = self.standable
        while frontier:
            depth += 1
            nxt = []
            for sq in frontier:
                for n in route[sq]:
                    if not seen[n] and standable[n]:
                        room = room_of[n]
                        if room == 0 or active == ALL or active >> room & 1:
                            seen[n] = True
                            dist[n] = depth
                            nxt.append(n)
            frontier = nxt
        return self._route_cache.put(key, dist)

    def smell_from(self, source: int, doors: int, limit: int) -> dict[int, int]:
        """Smell distance from ``source`` to every square within ``limit``."""
        key = (source, doors, limit)
        found = self._smell_cache.get(key)
        if found is not None:
            return found
        dist = {source: 0}
        frontier = [source]
        tables: dict[int, list[list[int]]] = {}  # ``smell_steps``, each floor's table looked up once a search
        for depth in range(1, limit + 1):
            nxt = []
            for sq in frontier:
                floor = self.floor_of[sq]
                table = tables.get(floor)
                if table is None:
                    table = tables[floor] = self._smell_table(floor, doors)
                for steps in (table[sq - self.offsets[floor]], self.links.get(sq, ())):
                    for n in steps:
                        if n not in dist:
                            dist[n] = depth
                            nxt.append(n)
            frontier = nxt
        return self._smell_cache.put(key, dist)

    def field(self, goals: tuple[int, ...], active: int, doors: int) -> Field:
        """Movement points an infected needs to reach one of ``goals``, from every square that can
        (``Field``): steps through active squares, a closed door to an active room costing one more
        (the infected opens it); locked and blast doors stay shut to infected.

        The infected move asks for a field whenever a hero moves, so this is one of the engine's
        hottest paths: the squares it may enter and the cost of each door are kept per active mask
        and door state, and each field is searched only as deep as the questions asked of it."""
        key = (goals, active, doors)
        found = self._field_cache.get(key)
        if found is not None:
            return found
        enterable: list[bool] | None = self._enterable_cache.get(active)
        if enterable is None:
            enterable = self._enterable_cache.put(
                active, [self.standable[n] and self.is_active(n, active) for n in range(self.size)])
        crossing: list[int] | None = self._crossing_cache.get(doors)
        if crossing is None:  # points to cross each door: 1 open, 2 a shut ordinary door, 0 never
            crossing = self._crossing_cache.put(doors, [
                1 if doors >> d.index & 1 else 2 if d.kind == "door" else 0 for d in self.doors])
        return self._field_cache.put(key, Field(goals, enterable, crossing, self.step_offsets, self.step_doors))

    def distances_to(self, goals: Any, cost: Any) -> dict[int, int]:
        """Least total ``cost(square, door)`` of the steps from every square to one of ``goals``
        (Dijkstra over the step relation with every door open; None: no step there)."""
        dist = {g: 0 for g in goals}
        queue = [(0, g) for g in goals]
        while queue:
            d, sq = heapq.heappop(queue)
            if d > dist[sq]:
                continue
            for n, door in self.step_all[sq]:
                step = cost(n, door)
                if step is not None and d + step < dist.get(n, UNREACHABLE):
                    dist[n] = d + step
                    heapq.heappush(queue, (d + step, n))
        return dist

    def openable(self, doors: int, active: int) -> int:
        """``doors`` plus every shut ordinary door an infected may open: both its sides active."""
        key = (doors, active)
        found = self._openable_cache.get(key)
        if found is None:
            found = doors
            for door in self.doors:
                if door.kind == "door" and all(active >> r & 1 for r in door.rooms):
                    found |= 1 << door.index
            self._openable_cache.put(key, found)
        return found

    def door_cost(self, door: int, doors: int) -> int:
        """Movement points to cross an edge for an infected: 1, 2 for a shut ordinary door, or
        UNREACHABLE for a shut locked or blast door."""
        if door < 0 or doors >> door & 1:
            return 1
        return 2 if self.doors[door].kind == "door" else UNREACHABLE


def _row_bytes(packed: Any) -> list[bytes]:
    """A floor's LOS rows (packed bits, one row a square) as bytes. Module functions rather than lambdas
    in ``_floor_los``: compiled, a lambda calling another ties their environments in a reference cycle,
    and the playtest runner builds missions with the cycle collector held off."""
    return [r.tobytes() for r in packed]


def _row_ints(rows: list[bytes]) -> list[int]:
    """The same rows as integers of bits (bit i: square i)."""
    return [int.from_bytes(r, "little") for r in rows]


#: the bytes a table of ``ByDoors`` may come to hold a square: a row's list (a few squares) and its slot
ROW_BYTES: Final = sys.getsizeof([0] * 8) + 8


class ByDoors:
    """Rows a square (the steps, the reach) for each door mask, each made when first asked for.

    The rules ask for a square's steps or reach thousands of times a game, with the few door masks of
    the game so far: looked up by the mask alone, and the last mask's table at once, no key is made and
    hashed for each square asked about. Tables are kept in a ``Bounded`` cache weighed as if full."""

    def __init__(self, size: int, budget: int) -> None:
        self.size = size
        self.tables: Bounded[int, list[list[int] | None]] = Bounded(budget, _table_weight)
        # the last mask asked about and its table: first -1 (every door open, which the bots ask about too),
        # its table made here though not kept in ``tables`` (made again there if asked for after another)
        self.doors = -1
        self.last: list[list[int] | None] = [None] * size

    def table(self, doors: int) -> list[list[int] | None]:
        """The rows for ``doors``: a row is None until it is made (then kept in the table)."""
        if doors == self.doors:
            return self.last
        found: list[list[int] | None] | None = self.tables.get(doors)
        if found is None:
            found = self.tables.put(doors, [None] * self.size)
        self.doors, self.last = doors, found
        return found


def _table_weight(table: list[Any]) -> int:
    return sys.getsizeof(table) + len(table) * ROW_BYTES


class Field:
    """The movement points from each square to the nearest of a set of goals, searched only as deep as asked.

    An infected reads its field near where it stands: its own square's points, and which squares
    around it are one step closer (``infected._hops``). Dijkstra with a bucket per distance (every step
    costs 1 or 2 points) settles squares in order of their points, so the search stops as soon as the
    square asked about is settled and goes on from there when a later question needs more. Once
    buckets 0 to ``done - 1`` are expanded, every square ``done`` points or fewer away is settled (its
    last step came from a square 1 or 2 points closer, already expanded), and no other square has a
    value that low: ``known`` answers exactly for those squares and says UNREACHABLE for the rest, which
    are farther than any square asked about so far. Kept in the mission's cache like every answer (one
    game at a time: not for threads sharing a mission)."""

    def __init__(self, goals: tuple[int, ...], enterable: list[bool], crossing: list[int],
                 step_offsets: list[list[int]], step_doors: list[list[int]]) -> None:
        self.enterable = enterable
        self.crossing = crossing  # points to cross each door: 1 open, 2 a shut ordinary door, 0 never
        self.step_offsets = step_offsets  # the mission's steps: each neighbour as an offset, and its door
        self.step_doors = step_doors
        self.best = [UNREACHABLE] * len(step_offsets)  # the points found so far, final once settled
        start: list[int] = []
        for g in goals:
            if self.best[g] == UNREACHABLE:
                self.best[g] = 0
                start.append(g)
        self.buckets: list[list[int]] = [start]  # squares by the points they were found at
        self.done = 0  # buckets expanded

    def to(self, sq: int) -> int:
        """The points from ``sq`` to the nearest goal, or UNREACHABLE when no goal can be reached; searches
        on as far as that needs."""
        best = self.best
        while best[sq] > self.done and self.done < len(self.buckets):
            self._expand()
        return self.known(sq)

    def known(self, sq: int) -> int:
        """The points from ``sq`` if the search has settled it, else UNREACHABLE: exact for every square
        no farther than the farthest one ``to`` was asked about."""
        points = self.best[sq]
        return points if points <= self.done else UNREACHABLE

    def _expand(self) -> None:
        """Expand the next bucket: every square settled at its points offers its neighbours a way."""
        depth = self.done
        best, buckets, step_offsets, step_doors = self.best, self.buckets, self.step_offsets, self.step_doors
        enterable, crossing = self.enterable, self.crossing
        for sq in buckets[depth]:
            if best[sq] != depth:
                continue  # found again later at fewer points
            offsets, doors = step_offsets[sq], step_doors[sq]
            for k in range(len(offsets)):
                n = sq + offsets[k]
                if not enterable[n]:
                    continue
                door = doors[k]
                if door < 0:
                    far = depth + 1
                else:
                    points = crossing[door]
                    if not points:
                        continue
                    far = depth + points
                if far < best[n]:
                    best[n] = far
                    while len(buckets) <= far:
                        buckets.append([])
                    buckets[far].append(n)
        buckets[depth] = []  # expanded: not needed again
        self.done = depth + 1

    def weight(self) -> int:
        """The bytes the field may come to hold (the cache's measure): its points and its buckets."""
        return 2 * sys.getsizeof(self.best)


def _edge_tuple(edge: str) -> tuple[str, int, int]:
    _, axis, x, y = parse_edge(edge)
    return axis, x, y
