"""Proving a mission can be completed, or showing why not, as a search over unlock states.

Squares heroes can walk between through ordinary doors (and up and down stair
links) form *regions*. Between regions stand *gates*: locked doors, open once a
keycard of their colour is reached, and blast doors, open once a square of
their task room is reached. The rib is a node of its own: regions with a
transition square beside its starting square lead onto it, and it leads to
every region with a transition square beside the water it can sail. The search starts with every gate shut, finds the regions the
start points reach, opens every gate whose condition they meet, and repeats
until nothing more opens. Everything is monotone (a key once found stays found),
so the states searched form a chain and the last one is the answer.

What stays out of reach is explained by the cheapest way in, counting shut
gates: the first shut gate on it, and why that gate stays shut, recursively.

The proof itself is a few breadth-first searches over plain adjacency tables;
networkx is imported only to explain a failure (its shortest paths), which
keeps `zwar validate` of a sound mission from paying for the import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ..geometry.board import Board, Edge, Terrain
from ..geometry.notation import edge_name, floor_square
from ..geometry.relations import Doors, FloorRelations
from ..model.content import CompiledMission

Square = tuple[str, int, int]
RIB = "rib"
#: node -> next node -> {"gates": [...]}: the region graph, directed, one entry per linked pair
Regions = dict[Any, dict[Any, dict[str, list]]]


@dataclass(frozen=True)
class Gate:
    id: str  # the door's edge, "floor:V:12,3"
    kind: str  # "locked" or "blast"
    colour: str | None = None
    room: str | None = None  # blast: floor:R<n>


@dataclass(frozen=True)
class Finding:
    """Something that cannot be reached (or done), and why, in words."""

    key: str  # the mission list it is in ("objectives", "rooms", "spawn_points", "victory", ...)
    index: int
    kind: str  # "unreachable", "cut-off" or "impossible"
    what: str
    square: str
    why: str
    #: the root of the chain of reasons: a door's edge id, or for what is cut off without a door
    #: "key:index" of the first thing out of reach; findings with one cause are one problem
    cause: str | None = None
    #: True for the finding about the cause itself: the keycard behind the door it opens, the
    #: task room behind its blast door
    itself: bool = False


@dataclass
class Playability:
    board: Board
    mission: CompiledMission
    show: Callable[[Square], str]
    comp: dict[Square, int] = field(default_factory=dict)
    regions: Regions = field(default_factory=dict)
    gates: dict[str, Gate] = field(default_factory=dict)
    opened: set[str] = field(default_factory=set)
    reached: set = field(default_factory=set)
    shores: set = field(default_factory=set)  # regions the rib can land heroes in
    #: the search's steps: doors open and regions reached at each (the chain ``zwar serve`` shows)
    rounds: list[tuple[frozenset, frozenset]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._regions()
        self._search()

    # --- the region graph ------------------------------------------------------------

    def _regions(self) -> None:
        kinds = {d.at: d for d in self.mission.board.doors}
        squares: list[Square] = []
        steps: list[tuple[Square, Square]] = []
        gate_edges: list[tuple[Square, Square, str]] = []
        for floor in self.board.floors:
            grid = floor.grid
            doors = grid.edges(Edge.DOOR)
            ordinary = [d for d in doors if kinds[edge_name(floor.id, *d)].kind == "door"]
            relations = FloorRelations(grid, Doors.of(grid, ordinary))
            standable = relations.standable_bits
            squares += ((floor.id, x, y) for x, y in relations.frame.places(standable))
            steps += (((floor.id, x, y), (floor.id, x + dx, y + dy)) for (x, y), (dx, dy) in relations.pairs("step"))
            for axis, x, y in doors:
                door = kinds[edge_name(floor.id, axis, x, y)]
                if door.kind == "door":
                    continue
                self.gates[door.at] = Gate(door.at, door.kind, door.key, door.room)
                a, b = ((x, y - 1), (x, y)) if axis == "H" else ((x - 1, y), (x, y))
                if all(0 <= p < s for p, s in zip(a + b, (grid.width, grid.height) * 2)) and \
                        relations.frame.has(standable, *a) and relations.frame.has(standable, *b):
                    gate_edges.append(((floor.id, *a), (floor.id, *b), door.at))
        for number, members in enumerate(sorted(_components(squares, [*steps, *self.board.stairs]), key=min)):
            for square in members:
                self.comp[square] = number
            self.regions[number] = {}
        for start, end, gate in gate_edges:
            self._link(self.comp[start], self.comp[end], gate)
            self._link(self.comp[end], self.comp[start], gate)
        self._rib()

    def _link(self, a, b, gate: str | None) -> None:
        _link(self.regions, a, b, gate)

    def _rib(self) -> None:
        rib = self.mission.rib
        if rib is None:
            return
        start = floor_square(rib.at)
        floor = next(f for f in self.board.floors if f.id == start[0])
        relations = FloorRelations(floor.grid)
        moves = [((x, y), (x + dx, y + dy)) for (x, y), (dx, dy) in relations.pairs("rib")]
        sailing = next(c for c in _components([start[1:]], moves) if start[1:] in c)
        self.regions[RIB] = {}
        for (x, y), (dx, dy) in relations.pairs("landing"):
            shore, sea = (x, y), (x + dx, y + dy)
            if floor.grid.terrain_at(x, y) != Terrain.TRANSITION or sea not in sailing:
                continue
            region = self.comp[(floor.id, *shore)]
            self.shores.add(region)
            self._link(RIB, region, None)  # sailing on, then stepping off
            if sea == start[1:]:
                self._link(region, RIB, None)  # boarding where the rib lies

    # --- the search over unlock states -------------------------------------------------

    def _search(self) -> None:
        starts = {self.comp[floor_square(s.at)] for s in self.mission.starts}
        while True:
            self.reached = self._reach(starts, lambda gate: gate is None or gate in self.opened)
            self.rounds.append((frozenset(self.opened), frozenset(self.reached)))
            fresh = {g for g in self.gates if g not in self.opened and self._condition(self.gates[g])}
            if not fresh:
                return
            self.opened |= fresh

    def _reach(self, sources: set, open_: Callable[[str | None], bool], graph: Regions | None = None,
               avoid: frozenset = frozenset()) -> set:
        """Regions reached from ``sources`` through gates ``open_`` accepts, never entering ``avoid``."""
        graph = self.regions if graph is None else graph
        seen, todo = set(sources), list(sources)
        while todo:
            node = todo.pop()
            for nxt, data in graph[node].items():
                if nxt not in seen and nxt not in avoid and any(open_(g) for g in data["gates"]):
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def _condition(self, gate: Gate) -> bool:
        if gate.kind == "locked":
            return any(self.comp[floor_square(k.at)] in self.reached for k in self.mission.keycards if k.colour == gate.colour)
        assert gate.room is not None  # a blast door names its room
        return self._room_regions(gate.room) & self.reached != set()

    def _room_regions(self, room_id: str | None) -> set:
        room = next(r for r in self.mission.board.rooms if r.id == room_id)
        return {self.comp[floor_square(s)] for s in room.squares}

    # --- findings ------------------------------------------------------------------

    def findings(self) -> list[Finding]:
        if not self.mission.starts:
            return []  # nothing to prove from; ZW601 already says so
        out = []
        for key, name in (("objectives", lambda o: f"objective {o.number}"), ("items", lambda o: f"item {o.letter}"),
                          ("objects", lambda o: f"object {o.letter}"), ("crates", lambda o: "a crate"),
                          ("keycards", lambda o: f"the {o.colour} keycard"), ("exits", lambda o: "exit point"),
                          ("npcs", lambda o: f"NPC {o.id}")):
            for index, entry in enumerate(getattr(self.mission, key)):
                regions = self._targets(entry)
                if not regions & self.reached:
                    cause = self.root(regions) or f"{key}:{index}"
                    itself = key == "keycards" and self._locked_behind_itself(cause, regions, colour=entry.colour)
                    why = f"is behind the {self._describe(cause)}, the door it opens" if itself else self.why(regions)
                    out.append(Finding(key, index, "unreachable", name(entry), self.show(floor_square(entry.at)), why,
                                       cause, itself))
        for index, room in enumerate(self.mission.board.rooms):
            regions = self._room_regions(room.id)
            if not regions & self.reached:
                cause = self.root(regions) or f"rooms:{index}"
                itself = self._locked_behind_itself(cause, regions, room=room.id)
                why = (f"is behind the {self._describe(cause)}, which opens only after a task in this room" if itself
                       else self.why(regions))
                out.append(Finding("rooms", index, "unreachable", f"room {self.room_name(room.id)}",
                                   self.show(floor_square(room.squares[0])), why, cause, itself))
        out += self._spawn_points()
        out += self._victories()
        return out

    def _targets(self, entry) -> set:
        """The regions where ``entry`` can be reached: its square's, or its room's for a task anywhere in a room."""
        if getattr(entry, "scope", "square") == "room":
            return self._room_regions(next(r.id for r in self.mission.board.rooms if entry.at in r.squares))
        return {self.comp[floor_square(entry.at)]}

    def _spawn_points(self) -> list[Finding]:
        """Infected walk where heroes can (less the rib): each spawn point must reach the heroes' regions."""
        out = []
        for index, point in enumerate(self.mission.spawn_points):
            home = self.comp[floor_square(point.at)]
            walking = lambda gate: gate is None or gate in self.opened
            if self._reach({home}, walking, avoid=frozenset({RIB})) & (self.reached - {RIB}):
                continue
            why = "is walled off from every square the heroes can reach"
            path = self._cheapest({home}, self.reached - {RIB}, rib=False)
            if path:
                gate = path[0]
                why = (f"reaches the heroes only through the {self._describe(gate)}, which they can never open: "
                       f"{self._shut(gate, frozenset({gate}), alone=True)}")
            out.append(Finding("spawn_points", index, "cut-off", f"spawn point {point.letter}",
                               self.show(floor_square(point.at)), why))
        return out

    def _victories(self) -> list[Finding]:
        out = []
        for index, cond in enumerate(self.mission.victory):
            if cond.side == "director":
                continue
            causes: list[str | None] = []
            reason = self._impossible(cond, causes)
            if reason:
                out.append(Finding("victory", index, "impossible", f"victory condition {index + 1}", "", reason,
                                   causes[0] if causes else None))
        return out

    def _impossible(self, cond, causes: list[str | None]) -> str | None:
        """Why ``cond`` can never be met, or None; the root door, if any, is appended to ``causes``."""
        def unreachable(entries, name) -> str | None:
            for entry in entries:
                regions = self._targets(entry)
                if not regions & self.reached:
                    key = next(k for k in ("objectives", "objects", "npcs") if entry in getattr(self.mission, k))
                    causes.append(self.root(regions) or f"{key}:{getattr(self.mission, key).index(entry)}")
                    return f"{name(entry)} at {self.show(floor_square(entry.at))} {self.why(regions)}"
            return None

        objectives = self.mission.objectives
        if isinstance(cond.objectives, list):
            objectives = [o for o in objectives if o.number in cond.objectives]
        if cond.objectives is not None and (reason := unreachable(objectives, lambda o: f"objective {o.number}")):
            return reason
        if cond.objectives_count:
            can = [o for o in self.mission.objectives if self._targets(o) & self.reached]
            if len(can) < cond.objectives_count:
                return f"it needs {cond.objectives_count} objectives but only {len(can)} can be reached"
        carried = [o for o in self.mission.objects if o.letter in cond.carrying]
        if reason := unreachable(carried, lambda o: f"object {o.letter}"):
            return reason
        escorted = [n for n in self.mission.npcs if n.id in cond.escort]
        if reason := unreachable(escorted, lambda n: f"NPC {n.id}"):
            return reason
        if cond.escape and self.mission.exits and not any(self._targets(e) & self.reached for e in self.mission.exits):
            exit_ = self.mission.exits[0]
            causes.append(self.root(self._targets(exit_)) or "exits:0")
            return f"no exit can be reached: the exit point at {self.show(floor_square(exit_.at))} {self.why(self._targets(exit_))}"
        return None

    # --- explanations --------------------------------------------------------------

    def root(self, targets: set, seen: frozenset = frozenset()) -> str | None:
        """The door at the root of why ``targets`` are out of reach: following the chain that ``why``
        tells, the first shut door whose keycard or task room is missing, behind itself, or cut off."""
        path = self._cheapest(self._starts(), targets)
        if not path:
            return None
        gate_id = next((g for g in path if g not in seen), path[0])
        if gate_id in seen:
            return gate_id
        gate = self.gates[gate_id]
        if gate.kind == "locked":
            cards = [k for k in self.mission.keycards if k.colour == gate.colour]
            if not cards:
                return gate_id
            regions = {self.comp[floor_square(cards[0].at)]}
        else:
            regions = self._room_regions(gate.room)
        inner = self._cheapest(self._starts(), regions)
        if not inner or gate_id in inner:
            return gate_id
        return self.root(regions, seen | {gate_id}) or gate_id

    def _locked_behind_itself(self, gate_id: str, regions: set, colour: str | None = None,
                              room: str | None = None) -> bool:
        """True when ``gate_id`` is a door, opened by ``regions`` (a keycard's of ``colour``, or task
        ``room``'s), and they are behind it."""
        gate = self.gates.get(gate_id)
        if gate is None:
            return False
        if (gate.kind == "locked" and gate.colour != colour) or (gate.kind == "blast" and gate.room != room):
            return False
        return gate_id in (self._cheapest(self._starts(), regions) or [])

    def room_name(self, room_id: str | None) -> str:
        """A room as its author knows it: the id given in [[rooms]] (and its printed name), else R<n>."""
        room = next(r for r in self.mission.board.rooms if r.id == room_id)
        if room.name and room.label:
            return f'{room.name} ("{room.label}")'
        return room.name or room.id.split(":")[1]

    def why(self, targets: set, seen: frozenset = frozenset()) -> str:
        """Why ``targets`` (regions) are out of reach, as a phrase after "<thing> at <square>".

        Names every shut door on the cheapest way in, then why each stays shut;
        ``seen`` holds the doors already explained further up the chain.
        """
        path = self._cheapest(self._starts(), targets)
        if path is None:
            return self._dead_end(targets)
        fresh = [g for g in path if g not in seen]
        if not fresh:
            return f"is behind the {self._describe(path[0])} too"
        doors = " and the ".join(self._describe(g) for g in fresh)
        reasons = [self._shut(g, seen | set(path), alone=len(fresh) == 1) for g in fresh]
        return f"is only reachable through the {doors}; " + "; ".join(reasons)

    def _shut(self, gate_id: str, seen: frozenset, alone: bool) -> str:
        """Why a door never opens: its keycard, or its task room, is out of reach (or missing)."""
        gate = self.gates[gate_id]
        itself = "that same door" if alone else f"the {self._describe(gate_id)} itself"
        if gate.kind == "locked":
            cards = [k for k in self.mission.keycards if k.colour == gate.colour]
            if not cards:
                return f"no {gate.colour} keycard is placed"
            card = cards[0]
            thing, regions = f"the {gate.colour} keycard at {self.show(floor_square(card.at))}", {self.comp[floor_square(card.at)]}
        else:
            assert gate.room is not None  # a blast door names its room
            room = next(r for r in self.mission.board.rooms if r.id == gate.room)
            thing = (f"the {self._describe(gate_id)} opens after a task in room {self.room_name(gate.room)} at "
                     f"{self.show(floor_square(room.squares[0]))}, which")
            regions = self._room_regions(gate.room)
        path = self._cheapest(self._starts(), regions) or []
        if gate_id in path:
            return f"{thing} is behind {itself}"
        return f"{thing} {self.why(regions, seen)}"

    def _dead_end(self, targets: set) -> str:
        """Why there is no way at all: water the rib cannot serve, or walls."""
        rib = self.mission.rib
        if rib is not None:
            boarding_anywhere = _copy(self.regions)
            for shore in self.shores:
                boarding_anywhere[shore][RIB] = {"gates": [None]}
            if self._reach(self._starts(), lambda gate: True, boarding_anywhere) & targets:
                return (f"is across open water, and the rib at {self.show(floor_square(rib.at))} cannot be boarded: "
                        "no transition square beside it can be reached")
        elif self._on_shore(targets):
            return "is across open water, and the mission has no rib"
        return "is walled off: nothing leads there from the start points, even with every door open"

    def _describe(self, gate_id: str) -> str:
        gate = self.gates[gate_id]
        edge = gate_id if len(self.board.floors) > 1 else gate_id.split(":", 1)[1]
        return f"{gate.colour} door at {edge}" if gate.kind == "locked" else f"blast door at {edge}"

    def _starts(self) -> set:
        return {self.comp[floor_square(s.at)] for s in self.mission.starts}

    def _cheapest(self, sources: set, targets: set, rib: bool = True) -> list[str] | None:
        """Shut gates on the way from ``sources`` to ``targets`` costing the fewest shut gates
        (None when there is no way even with every gate open; [] when nothing is shut)."""
        def cost(u, v, data):
            if not rib and (u == RIB or v == RIB):
                return None
            return 0 if any(g is None or g in self.opened for g in data["gates"]) else 1

        import networkx as nx  # only a failure is explained, so a sound mission never loads networkx

        graph = nx.DiGraph(_copy(self.regions))
        graph.add_edges_from(("source", s, {"gates": [None]}) for s in sources)
        graph.add_edges_from((t, "target", {"gates": [None]}) for t in targets)
        try:
            path = nx.dijkstra_path(graph, "source", "target", weight=cost)
        except nx.NetworkXNoPath:
            return None
        shut = []
        for u, v in pairwise(path):
            gates = graph[u][v]["gates"]
            if not any(g is None or g in self.opened for g in gates):
                shut.append(gates[0])
        return shut

    def _on_shore(self, targets: set) -> bool:
        return any(self.board.floor(sq[0]).grid.terrain_at(sq[1], sq[2]) == Terrain.TRANSITION
                   for sq, region in self.comp.items() if region in targets)


def _components(nodes: Iterable, edges: Iterable[tuple]) -> list[set]:
    """The connected components of an undirected graph (union-find; edges may name new nodes)."""
    parent: dict = {node: node for node in nodes}

    def root(node):
        parent.setdefault(node, node)
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[rb] = ra
    groups: dict = {}
    for node in parent:
        groups.setdefault(root(node), set()).add(node)
    return list(groups.values())


def _link(regions: Regions, a, b, gate: str | None) -> None:
    regions.setdefault(a, {}).setdefault(b, {"gates": []})["gates"].append(gate)
    regions.setdefault(b, {})


def _copy(regions: Regions) -> Regions:
    return {a: {b: {"gates": list(data["gates"])} for b, data in out.items()} for a, out in regions.items()}
