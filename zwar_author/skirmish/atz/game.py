"""An All Things Zombie encounter played: a group of humans against the zombies, turn by turn.

Seed lines (004): the turn sequence and activation dice 740-758, actions
764-771, movement 786-815, ranged combat 1115-1200, melee 1275-1287 and
against zombies 1999-2006, zombies appearing 1742-1800, All Together Now
1812-1830, zombie actions 1832-1852, zombie movement 1856, affected reactions
1893-1909, recovery 1345-1362, Harry, Are You Okay? 2021-2023; buildings
(``buildings``, ``inside``, ``search``) and seeking cover (``cover``). What
the engine does not play is in docs/atz.md ("What the engine plays").
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

import numpy as np

from ...tables.roll import pick
from ...tables.table import Table
from ...tabletop import Position, Reach, Sight, inches
from ...tabletop import Table as Tabletop
from ..core import Board, Choice, Context, Figure, Game, facing_towards, in_front
from . import (
    aftermath,
    barricades,
    barter,
    buildings,
    bystanders,
    cover,
    driving,
    grenades,
    groups,
    hostiles,
    inside,
    insight,
    locks,
    meeting,
    melee,
    mercy,
    raid,
    rooftops,
    search,
    walks,
)
from .buildings import Site
from .dice import TableDice, roll_amount
from .reactions import D6, Do, Test, do, group_test
from .state import DOWN, HOSTILES, OFF, STANDING, HostileForce, Human, Klass, Noise, Status, Tally, Zombie
from .vehicles import Vehicle

NORMAL_MOVE = 8  # line 788
#: Why an encounter the setup's ``max_turns`` stopped ended (the report counts those games).
TURN_LIMIT = "the turn limit"
ZOMBIE_MOVE = 6  # line 1856
SHOTS_REACH = 24  # zombies move toward shots up to 24" away (line 1838)
FEAST_REACH = 12  # line 1852
CHARGE_STOP = 4  # line 1818
SIGHT_LIMIT = {"night": 12, "pre-dawn": 18, "evening": 18}  # lines 1096-1097
ZOMBIES_AT_START = {"urban": "1 + 1d6", "suburb": "1d6", "rural": "1/2d6"}  # lines 1748-1750
#: The tables the engine reads, by id in the pack.
TABLES = ("ranged-combat", "ranged-damage", "melee", "outgunned-ranking", "zombies-from-noise", "zombie-placement",
          "recovery-during",
          "reactions-civilian", "reactions-ganger", "reactions-military", "reactions-survivor")
#: The zombie-placement rows' edges, in the order placement turns clockwise when off the table (line 1800).
EDGES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class Setup:
    """What one encounter is played with: the table, its pieces' board, the group, the zombies' start."""

    board: Board
    area: str
    time: str
    tables: Mapping[str, Table]  # by id
    group: tuple[Human, ...]
    zombies: tuple[Zombie, ...] = ()  # placed by the encounter; none: drawn by area (lines 1748-1750)
    max_turns: int = 30
    name: str = "encounter"
    draw: bool = True  # draw the zombies by area at the start (lines 1746-1750) when none are placed
    hostiles: tuple[Human, ...] = ()  # hostile humans placed (side "hostiles")
    forces: tuple[HostileForce, ...] = ()  # hostile humans rolled up at the start
    meet: bool = False  # the group meets the hostile humans (Meet & Greet, line 2539) before the first turn
    buildings: tuple[Site, ...] = ()  # the buildings on the table (skirmish.atz.buildings)
    entering: str | None = None  # the table rolled when a building is entered (`whats-inside`, line 2480)
    found: HostileForce | None = None  # who the humans found inside are (a Who They Are table, line 2531)
    clear_board: bool = False  # every building searched and no foe on the table ends it won (line 2463)
    vehicles: tuple[Vehicle, ...] = ()  # the vehicles on the table, which the group may drive (``driving``)
    day: int = 1  # the day of the outbreak: whether a vehicle found works (``vehicles.working``, lines 1438-1448)
    raid: raid.Raid | None = None  # the Raid's captive, buildings and tables (``raid``, lines 2380-2421)

    def table(self, tid: str) -> Table:
        return self.tables[tid]

    def standing(self, count: int) -> Setup:
        """This setup with only its first ``count`` buildings on the table (the Raid's 2 + 1d6, line 2380), the
        others' pieces taken off its board; made once a count and kept, as its boards are costly to make."""
        if count >= len(self.buildings):
            return self
        if count not in self._standing:
            gone = [s.piece for s in self.buildings[count:]]
            board = Board(self.board.table, [p for p in self.board.pieces if p not in gone])
            self._standing[count] = replace(self, board=board, buildings=self.buildings[:count])
        return self._standing[count]

    @cached_property
    def _standing(self) -> dict[int, Setup]:
        return {}

    @cached_property
    def walls(self) -> dict:
        """The walks planned with the doors and windows shut walled up, by base and the set shut
        (``walks.reach``): made once for each, as boards are costly to make."""
        return {}

    @cached_property
    def rounds(self) -> dict:
        """The last few walks planned round figures' bases too (``walks.around``)."""
        return {}

    @cached_property
    def zombie_board(self) -> Board:
        """The board as zombies walk it: windows are walls to them (line 1873), made once per setup."""
        return buildings.doors_only(self.board)


class AtzGame(Game):
    shared = ("setup",)

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup
        self.figures: list[Figure] = [copy.copy(h) for h in setup.group + setup.hostiles]
        self.figures += [v.copy() for v in setup.vehicles]
        driving.board_up(self)
        self.started = False
        self.noise: list[Noise] = []
        self.heroes: set[str] = set()
        self.tally = Tally()
        self.locked: set[tuple[str, str]] = set()  # (human, zombie) pairs in melee
        self.engaged: set[tuple[str, str]] = set()  # pairs of people locked in melee, ids sorted (melee.py)
        self.fought: set[str] = set()  # people who fought a round of melee in the activation going on (melee.py)
        self.ending: str | None = None  # why the encounter ended, until the tests after it are taken
        self.feast_seen: set[str] = set()  # humans who passed See The Feast 2d6 and never take it again (4289)
        self.never_rally: set[str] = set()  # humans a Sanity test left unable to rally, ever (line 4290)
        self.visits = {s.id: buildings.Visit() for s in setup.buildings}  # what the group did at each building
        self.cleared = False  # the board cleared, which ends the encounter won (Take Back, line 2463)
        self.fired_first: str | None = None  # the side that fired the first shot at people (Mercy, line 2603)
        self.supplies_used = 0  # units of medical supplies found and used on Recovery tests (line 2823)
        self.raid = raid.State() if setup.raid is not None else None  # the Raid so far (``raid``)
        self.watch: insight.Watch | None = None  # the move being watched for In Sight (line 882), while it walks
        self.deal: barter.Deal | None = None  # the barter being chosen after Meet & Greet (line 2563), for the bots

    # --- reading the game ------------------------------------------------------------------

    @property
    def humans(self) -> list[Human]:
        """The group."""
        return [f for f in self.figures if isinstance(f, Human) and f.side == "humans"]

    @property
    def hostiles(self) -> list[Human]:
        return [f for f in self.figures if isinstance(f, Human) and f.side == HOSTILES]

    @property
    def people(self) -> list[Human]:
        """Every human on either side."""
        return [f for f in self.figures if isinstance(f, Human)]

    def side(self, name: str) -> list[Human]:
        return self.humans if name == "humans" else self.hostiles

    @property
    def zombies(self) -> list[Zombie]:
        return [f for f in self.figures if isinstance(f, Zombie) and f.status is not Status.OBVIOUSLY_DEAD]

    def on_table(self, figures: Sequence[Figure]) -> list:
        return [f for f in figures if f.on_table and getattr(f, "status", None) not in OFF]

    def leader(self, side: str = "humans") -> Human | None:
        """A side's Leader: the Star, else the highest Rep carrying on (lines 715, 726)."""
        able = [h for h in self.on_table(self.side(side)) if h.status is Status.CARRY_ON and not h.animal]
        return groups.leader(able) if able else None

    def sees(self, a: Figure, b: Figure, turn: bool = False) -> Sight:
        """Line of sight from ``a`` to ``b``: in front (line 1092) unless ``a`` may turn first, within the time
        of day's limit (1096), over the pieces, friendly figures standing blocking (line 1094)."""
        if not turn and not in_front(a, b.position):
            return Sight.BLOCKED
        limit = SIGHT_LIMIT.get(self.setup.time)
        if limit is not None and not Board.within(a, b, limit):
            return Sight.BLOCKED
        friends = [f for f in self.on_table(self.figures) if f.side == a.side and f is not a and _standing(f)
                   and getattr(f, "status", None) not in DOWN and not getattr(f, "prone", False)
                   and getattr(f, "vehicle", None) is None]  # those in a vehicle block no sight
        return self.setup.board.fire(a, b, friends).sight  # figures down or prone block no sight

    def log_line(self, text: str, who: str = "game", kind: str = "rule") -> None:
        self.emit(kind, who, text)

    # --- the turn ----------------------------------------------------------------------------

    def step(self, ctx: Context) -> None:
        if not self.started:
            self._begin(ctx)
            return
        if self.ending is not None:
            self._after(ctx)
            return
        self.round += 1
        self.log_line(f"Turn {self.round}")
        dice = self._activation(ctx)
        for side, die in sorted(dice.items(), key=lambda s: -s[1]):  # the higher score activates first (line 746)
            self.fought = set()
            if side == "humans":
                self._humans(ctx, die)
            elif side == "zombies":
                self._zombies(ctx, die)
            else:
                hostiles.activate(self, ctx, die)
            raid.alarm(self, ctx)  # the Raid: once the shooting starts, the buildings not entered (line 2421)
            if self._ended():
                return
        self._noise(ctx)
        if self.round >= self.setup.max_turns:
            self._end(TURN_LIMIT)
        else:
            self._ended()

    def _activation(self, ctx: Context) -> dict[str, int]:
        """The activation dice by side, doubles re-rolled (lines 742-746); with hostile humans a third die, the
        sides whose dice match not activating and all three alike rolled again (line 757)."""
        sides = ("humans", "zombies") + ((HOSTILES,) if self.on_table(self.hostiles) else ())
        while True:
            dice = {s: ctx.roll(f"activation: the {s}' die", D6) for s in sides}
            faces = list(dice.values())
            if len(set(faces)) == 1:
                self.log_line(f"Activation: {'doubles' if len(faces) == 2 else 'all alike'} ({faces[0]}), "
                              "rolled again")
                continue
            if len(sides) == 2:
                self.log_line(f"Activation: humans {dice['humans']}, zombies {dice['zombies']}")
                return dice
            tied = [s for s in sides if faces.count(dice[s]) > 1]
            shown = ", ".join(f"{s} {d}" for s, d in dice.items())
            self.log_line(f"Activation: {shown}" + (f"; doubles: {' and '.join(tied)} may not activate" if tied
                                                     else ""))
            return {s: d for s, d in dice.items() if s not in tied}

    def _begin(self, ctx: Context) -> None:
        """Each human moves one full move onto the table (line 1744); then the zombies (lines 1746-1754); then
        the group meets the hostile humans (``meeting``)."""
        self.started = True
        raid.begin(self, ctx)  # the Raid's buildings standing and its settlement's class (lines 2352, 2380)
        table = self.setup.board.table
        self.tally.hostiles = len(self.setup.hostiles)
        for i, force in enumerate(self.setup.forces):  # hostile humans, facing the group from the far side
            at = force.at or Position(table.width / 2, Fraction(NORMAL_MOVE + 2 * i))
            rolled = hostiles.roll_up(self, ctx, force, at)
            self.figures += rolled
            self.tally.hostiles += len(rolled)
        if self.setup.zombies:
            for z in self.setup.zombies:
                self.figures.append(copy.copy(z))
            self.tally.zombies_at_start = len(self.setup.zombies)
        elif self.setup.draw:
            for h in [h for h in self.humans if not h.animal]:  # for each human (line 1746)
                count = roll_amount(ZOMBIES_AT_START[self.setup.area], ctx, f"zombies for {h.name}")
                line = {"urban": 1748, "suburb": 1749, "rural": 1750}[self.setup.area]
                self.log_line(f"{count} zombies for {h.name} ({self.setup.area}, line {line})")
                for _ in range(count):
                    self._place(ctx, h.position)
                    self.tally.zombies_at_start += 1
        self.log_line(f"{len(self.zombies)} zombies on the {float(table.width):g}\" x {float(table.depth):g}\" table")
        if self.setup.meet and self.hostiles:  # who they are is known: friendly or hostile? (line 2539)
            meeting.meet(self, ctx)

    # --- humans --------------------------------------------------------------------------------

    def _humans(self, ctx: Context, die: int) -> None:
        """Each group activates when its Leader's Rep is the die or higher, the highest Rep first (line 747);
        all its figures with him (line 717)."""
        parts = groups.of(self, self.humans)
        if not parts:
            self.log_line(f"The group may not activate: its Leader's Rep is under {die}")
            return
        zed = True
        for group in parts:
            head = groups.leader(group)
            if head.rep < die:
                self.log_line(f"The group{_of(group, parts)} may not activate: {head.name}'s Rep is under {die}")
                continue
            if zed:
                self._zed_or_no_zed(ctx)
                zed = False
            self._group_turn(ctx, group, head)

    def _group_turn(self, ctx: Context, group: list[Human], head: Human) -> None:
        """One group's activation: each figure acts, recovers or rallies; In Sight for the enemies its movers
        came into the view of once all have moved (line 882, ``insight``)."""
        turn = insight.activation(group)
        for h in group:
            if not h.on_table:
                continue
            if h.status is Status.CARRY_ON and not self._ended():
                self._act(ctx, h, head if head.status is Status.CARRY_ON else h, turn)
                if not turn.together:
                    self.settle(ctx, turn)
                if h.on_table and h.status is Status.CARRY_ON and not self._ended():
                    inside.entered(self, ctx, h)  # What's Inside? when it stands in a building first (2480)
            elif h.status in (Status.STUNNED, Status.DUCKED_BACK):
                h.status = Status.CARRY_ON  # a full turn regaining feet (line 984); duck back recovers (line 780)
                self.log_line(f"{h.name} recovers and carries on", h.id)
            elif h.status is Status.HUNKERED_DOWN:
                self._rally(ctx, h)
                if h.status is Status.HUNKERED_DOWN:  # not rallied: a driver attempts to leave (line 1664)
                    driving.leave(self, ctx, h)
        self.settle(ctx, turn)
        raid.entered(self, ctx, group)  # the Raid: the captive contacted, the buildings entered (2381-2403)

    def settle(self, ctx: Context, turn: insight.Activation) -> None:
        """In Sight for the enemies the group's movers came into the view of (line 882), one roll for them, then
        the fire the group held for it, by those still carrying on."""
        seen, turn.seen = turn.seen, {}
        if self._ended():
            turn.held = []
            return
        drivers = [h for h in self.on_table(self.humans) if h.id in seen and h.status is Status.CARRY_ON
                   and driving.drives(self, h)]
        driving.in_sight(self, ctx, drivers)  # the vehicle's In Sight (line 1564), in place of the people's
        hostiles.react_in_sight(self, ctx, {w: [m for m in self.people if m.id in movers] for w, movers in seen.items()
                                            if w not in {h.id for h in drivers}})
        held, turn.held = turn.held, []
        for h, act in held:
            if h.status is Status.CARRY_ON and h.on_table and not self._ended():
                act()

    def _act(self, ctx: Context, h: Human, leader: Human, turn: insight.Activation) -> None:
        """One activation: move (normal or fast) and fire once, stay and fire, or recover a friend (764-771);
        in a vehicle, drive it or ride in it (``driving``)."""
        if h.vehicle is not None:
            driving.act(self, ctx, h)
            return
        h.moved_fast = False
        if melee.locked_turn(self, ctx, h, player=True):  # in melee with people (line 1328)
            return
        foes = [zid for hid, zid in self.locked if hid == h.id]
        if foes:  # locked in melee: break off by moving away, or fight on (lines 1328, 2017)
            how = ctx.choose("player", f"{h.name} is in melee: break off or fight on",
                             [Choice("fight", "fight on"), Choice("break", "break off the melee and move on")], h.id)
            if how.key == "fight":
                self._fight(ctx, h)
                return
            self.locked = {p for p in self.locked if p[0] != h.id}
            self.log_line(f"{h.name} breaks off the melee", h.id)
        if mercy.obey(self, h, turn):  # spared by a hostile: out of the building first (line 2607)
            return
        down = [f for f in self.on_table(self.humans) if f.status is Status.OUT_OF_THE_FIGHT and f is not h]
        options = [Choice("advance", "move towards the far table edge and fire")]
        options += [Choice("fast", "fast move towards the far table edge")] if h.carrying is None else []
        options += [Choice("hold", "stay in place and fire")]
        if h.carrying is None and not h.animal:  # an animal neither recovers nor carries a friend
            options += [Choice(("recover", f.id), f"go to {f.name} and take the Recovery test") for f in down]
            options += [Choice(("recover", o.id), f"go to {o.name}, a hostile out of the fight, and take the "
                               "Recovery test") for o in aftermath.hostiles_down(self)]
            options += [Choice(("carry", f.id), f"pick up {f.name} and carry him towards the far edge") for f in down
                        if Board.gap(h, f) <= NORMAL_MOVE - 1]
        options += [Choice(("charge", z.id), f"charge {z.name} (Wanting To Charge)") for z in self.on_table(self.zombies)
                    if Board.gap(h, z) <= NORMAL_MOVE and self.sees(h, z) is not Sight.BLOCKED]
        options += [Choice(("throw", f.id), f"throw a flash-bang at {f.name}") for f in grenades.targets(self, h)]
        if h.carrying is None:  # people: a charge (line 846), or Auto-kill or Capture (line 1186)
            options += [Choice(("charge", o.id), f"charge {o.name} (Wanting To Charge)") for o in melee.targets(self, h)]
            options += [Choice((how, o.id), f"{how} {o.name}") for o in melee.helpless(self, h)
                        for how in ("dispatch", "capture") if not (h.animal and how == "capture")]
        options += (buildings.options(self, h) + barricades.options(self, h) + locks.options(self, h)
                    + driving.options(self, h) + raid.options(self, h))
        choice = ctx.choose("player", f"{h.name}: what to do", options, h.id).key
        if isinstance(choice, tuple) and choice[0] == "force":
            locks.force(self, h, choice[1])  # a turn of activation at it (the zombies' rule, line 1861)
            return
        if isinstance(choice, tuple) and choice[0] in ("board", "shoot"):
            driving.on_foot(self, ctx, h, choice)
            return
        if isinstance(choice, tuple) and choice[0] == "free":
            raid.go_free(self, h, choice[1], turn)  # to the Raid's captive, held (line 2382)
            return
        if isinstance(choice, tuple) and choice[0] == "barricade":
            barricades.barricade(self, ctx, h, choice[1])  # a turn of activation (line 1414)
            return
        if isinstance(choice, tuple) and choice[0] in ("enter", "search"):
            site = next(s for s in self.setup.buildings if s.id == choice[1])
            if choice[0] == "search":
                search.search(self, ctx, h, site)  # a turn of activation searching (line 2490)
                return
            if h.out_of_ammo:  # reloading on a normal move (line 1070)
                h.out_of_ammo = False
                self.log_line(f"{h.name} reloads", h.id)
            with insight.watched(self, h, turn):
                buildings.go_in(self, h, site, NORMAL_MOVE)
            return
        if isinstance(choice, tuple) and choice[0] == "charge":
            target = self.figure(choice[1])
            if isinstance(target, Human):
                melee.charge(self, ctx, h, leader, target)
                return
            assert isinstance(target, Zombie)
            self._charge(ctx, h, leader, target)
            return
        if isinstance(choice, tuple) and choice[0] in ("dispatch", "capture"):
            victim = self.figure(choice[1])
            assert isinstance(victim, Human)
            melee.dispatch(self, ctx, h, victim, capture=choice[0] == "capture")
            return
        if isinstance(choice, tuple) and choice[0] == "throw":
            grenades.throw(self, ctx, h, self.figure(choice[1]))
            return
        if isinstance(choice, tuple):
            friend = self.figure(choice[1])
            assert isinstance(friend, Human)
            start = h.position
            touching = Board.within(h, friend, 1)  # the Recovery test: "on the activation following contact" (1351)
            with insight.watched(self, h, turn):
                self._move_towards(h, friend.position, NORMAL_MOVE, stop=1)
                if Board.within(h, friend, 1) and choice[0] == "carry":
                    self._pick_up(h, friend)
                    left = int(NORMAL_MOVE - start.distance(h.position))
                    if left > 0:
                        self._advance(h, left)
                elif touching:
                    self._recover(ctx, h, friend)
            return
        reloading = h.out_of_ammo  # a turn of activation reloading, not past the normal move (line 1070)
        if reloading:
            h.out_of_ammo = False
            self.log_line(f"{h.name} reloads", h.id)
        if choice in ("advance", "fast"):
            allowance = NORMAL_MOVE
            if choice == "fast" and not reloading:
                allowance = self._fast_move(ctx, h, leader)
            if h.prone:
                h.prone = False
                allowance //= 2  # regaining feet takes half the move (line 798)
            if allowance <= 0:  # said, not a silent 0" move
                self.log_line(f"{h.name} remains in place: in cover, the Fast Move test keeps him there (line 4279)", h.id)
            else:
                with insight.watched(self, h, turn):
                    self._advance(h, allowance)
            self._zed_or_no_zed(ctx)
            if h.status is not Status.CARRY_ON:
                return
        if h.status is Status.CARRY_ON and h.on_table and not reloading:
            turn.fire(h, lambda: self._active_fire(ctx, h, stayed=choice == "hold"))

    def _charge(self, ctx: Context, h: Human, leader: Human, z: Zombie) -> None:
        """Charge into melee in lieu of active fire (line 771), on the Wanting To Charge test (lines 846, 1279)."""
        passed = group_test(ctx, self._reaction_tables(), [h], Test.WANTING_TO_CHARGE, leader, self._say(h),
                            self.heroes)[h.id]
        result = do(h, Test.WANTING_TO_CHARGE, passed)
        cover = self.in_cover(h)
        if result in (Do.CHARGE_UNLESS_IN_COVER, Do.IN_COVER_SNAP_OR_HALT) and cover:
            if h.weapon is not None and h.weapon.ranged and not h.out_of_ammo:
                self._fire(ctx, h, z, snap=True)
            return
        if result in (Do.CHARGE, Do.CHARGE_UNLESS_IN_COVER):
            self._move_towards(h, z.position, NORMAL_MOVE, stop=float(h.base.diameter) + 0.001)
            if Board.gap(h, z) <= 0.01:
                self.locked.add((h.id, z.id))
                self.log_line(f"{h.name} charges into melee with {z.name}", h.id)
                self._fight(ctx, h)

    def _fast_move(self, ctx: Context, h: Human, leader: Human) -> int:
        """The Fast Move test (line 792): 2X, 1.5X or normal distance."""
        passed = group_test(ctx, self._reaction_tables(), [h], Test.FAST_MOVE, leader, self._say(h),
                            self.heroes)[h.id]
        result = do(h, Test.FAST_MOVE, passed)
        h.moved_fast = passed > 0  # the target of a shot that "passed a Fast Move test with 2d6 or 1d6" (1157)
        if self.in_cover(h) and result in (Do.MOVE_1_5X_OR_NORMAL, Do.MOVE_NORMAL_OR_STAY):  # those in cover
            return 0 if result is Do.MOVE_NORMAL_OR_STAY else NORMAL_MOVE
        return {Do.MOVE_2X: 16, Do.MOVE_1_5X: 12, Do.MOVE_1_5X_OR_NORMAL: 12}.get(result, NORMAL_MOVE)

    def _advance(self, h: Human, allowance: int) -> None:
        """Towards the far (top) table edge; off it when the move reaches it."""
        if float(h.position.y) - float(h.base.radius) <= allowance:
            h.status = Status.GONE
            h.on_table = False
            self.log_line(f"{h.name} leaves the table by the far edge", h.id, "exit")
            if h.carrying is not None:
                friend = self.figure(h.carrying)
                assert isinstance(friend, Human)
                friend.status, friend.carried_off = Status.GONE, True
                self.log_line(f"{h.name} carries {friend.name} off the table", h.id, "exit")
            return
        self._move_towards(h, Position(h.position.x, Fraction(0)), allowance)

    def go_down(self, t: Human, status: Status) -> None:
        """``t`` takes ``status``: one carrying a friend drops him; off the table when whisked to safety."""
        t.status = status
        if status is not Status.CARRY_ON:
            self._drop(t)
        if status is Status.WHISKED:
            t.on_table = False
        if t.side == HOSTILES and status in (Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD):
            self.tally.hostiles_down += 1

    def _pick_up(self, h: Human, friend: Human) -> None:
        """Retrieving Wounded (line 1338): picked up, carried on with what is left of the normal move; the
        wounded figure is off the table while carried and goes where his carrier goes."""
        h.carrying, friend.carried_by = friend.id, h.id
        friend.on_table = False
        self.log_line(f"{h.name} picks up {friend.name}", h.id)

    def _drop(self, h: Human) -> None:
        """One carrying a friend who goes down, ducks back or retires drops him where he stands."""
        if h.carrying is None:
            return
        friend = self.figure(h.carrying)
        assert isinstance(friend, Human)
        h.carrying, friend.carried_by = None, None
        friend.on_table, friend.position = True, h.position
        self.log_line(f"{h.name} drops {friend.name}", h.id)

    def _move_towards(self, f: Figure, to: Position, allowance: float, stop: float = 0,
                      until: Callable[[], bool] | None = None) -> None:
        """Walk towards ``to`` as far as ``allowance``, no nearer than ``stop`` (centre to centre), round the
        buildings in the way: leg by leg along the shortest walk round them (``tabletop.Reach.path``) through
        the doors and windows open to it (``walks.reach``), each leg to the spot of the inch lattice nearest
        its end that a straight walk reaches clear of terrain and figures, doors and windows costing what they
        do (``buildings.crossing``; a zombie moves 4" inside a building, line 1876). A person's walk that gets
        nowhere is planned again round the figures' bases (``walks.around``); one that still does not move
        says why in the log. ``until``: the walk ends at the first spot where it holds of ``f`` there (a
        hostile closing in until it has a shot, ``hostiles``)."""
        start = f.position
        if isinstance(f, Zombie) and buildings.site_of(self, f) is not None:
            allowance = min(allowance, buildings.INSIDE_MOVE)
        left, walked = float(allowance), 0.0
        paid: set[str] = set()  # the doors and windows gone into: each costs its inches once a move
        way = walks.reach(self, f)
        around: Reach | None = None  # once the walk round the terrain gets nowhere: round the bases too
        for _ in range(24):  # a leg a corner of the walk; round one corner of a building is five of them
            if around is None:
                goal, last = self._leg_goal(f, to, way)
                spot, used, window = self._leg(f, goal, left, stop if last else 0, start, paid)
            if around is None and spot is None and not isinstance(f, Zombie) and left > 0.01 \
                    and f.position.distance(to) > stop + 0.01:  # zombies crowd: not planned round bases (1856)
                around = walks.around(self, f, to)
            if around is not None:
                spot, used, window, last = self._leg_round(f, to, around, left, stop, start, paid)
            if spot is None:
                break
            spot, seen = self._watched(f, spot)
            if until is not None and (along := walks.first(self, f, spot, until)) is not None:
                spot, seen = self._cut(f, spot, along), True
            if spot == f.position:
                break
            walked += f.position.distance(spot)
            paid |= buildings.crossed(self, f, spot)
            f.facing = facing_towards(f.position, spot)
            f.position = spot
            left -= used
            if last or window or seen or left <= 0.01:
                break
        if f.position != start:
            self.emit("move", f.id, f"{f.name} moves {walked:.1f}\" to {float(f.position.x):g}, "
                                    f"{float(f.position.y):g}", f.at)
        elif isinstance(f, Human) and allowance > 0 and f.position.distance(to) > stop + 0.01:
            self.log_line(f"{f.name} does not move: {walks.why_not(self, f, to)}", f.id)

    def _watched(self, f: Figure, spot: Position) -> tuple[Position, bool]:
        """A leg to ``spot`` of a move watched for In Sight (``insight``): cut where ``f`` stops in the view of an
        enemy (line 882), on the nearest spot back along the leg where its base stands; True when it stops."""
        watch = self.watch
        if watch is None or watch.mover is not f:
            return spot, False
        start = f.position
        along = insight.reach(self, watch, start, spot)
        if along is None:
            return spot, False
        return self._cut(f, spot, along), True

    def _cut(self, f: Figure, spot: Position, along: float) -> Position:
        """The leg of ``f`` to ``spot`` cut ``along`` inches from where it stands: the nearest spot back along
        the leg where its base stands (where it stands, at worst)."""
        start = f.position
        if along >= start.distance(spot) - 0.001:
            return spot
        others = [o for o in self.on_table(self.figures) if o is not f and _standing(o)]
        while along > 0.001:
            cut = insight.point(start, spot, along)
            if self.setup.board.stands(cut, f.base, others):
                return cut
            along -= insight.FINE
        return start

    def _leg_goal(self, f: Figure, to: Position, way: Reach | None = None) -> tuple[Position, bool]:
        """Where the next leg of a walk to ``to`` ends: ``to`` itself when a straight walk there is clear of
        terrain (or no walk round it is found), else the farthest corner of the shortest walk round it that
        a straight walk reaches. ``way``: the walks planned on (``walks.reach``, unsaid); with no open way
        there, the walk is planned through the shut doors and windows too, to stand at one."""
        reach = way or walks.reach(self, f)
        if reach.clear(np.array([f.at]), np.array([[float(to.x), float(to.y)]]))[0]:
            return to, True
        goal = walks.on_the_table(self, f, to)
        path = reach.path(f.position.point, goal)
        if path is None and not isinstance(f, Zombie):
            reach = self.setup.board.reach(f.base)  # no open way: to a shut door or window, to force it
            path = reach.path(f.position.point, goal)
        if path is None or len(path) < 3:
            return to, True
        corners = np.array(path[1:-1])
        seen = np.flatnonzero(reach.clear(np.repeat(np.array([f.at]), len(corners), axis=0), corners))
        x, y = corners[seen[-1] if len(seen) else 0]  # the farthest corner in a straight walk's reach
        return Position(inches(float(x)), inches(float(y))), False

    def _leg(self, f: Figure, to: Position, allowance: float, stop: float,
             start: Position, paid: set[str] | None = None) -> tuple[Position | None, float, bool]:
        """One straight leg: the spot, the inches it costs (a door or window in ``paid`` nothing more), and
        whether it left a building by a window."""
        gap = f.position.distance(to) - stop
        if gap <= 0.001:
            return None, 0.0, False
        others = [o for o in self.on_table(self.figures) if o is not f and _standing(o)]
        board = self.setup.board
        length = min(float(allowance), gap)
        dx, dy = float(to.x - f.position.x), float(to.y - f.position.y)
        norm = math.hypot(dx, dy)
        direct = [float(f.position.x) + dx / norm * length, float(f.position.y) + dy / norm * length]
        points = np.vstack([np.array([direct]), board.lattice(f, allowance)])
        target = np.array([float(to.x), float(to.y)])
        far = np.hypot(points[:, 0] - target[0], points[:, 1] - target[1])
        moved = np.hypot(points[:, 0] - float(f.position.x), points[:, 1] - float(f.position.y))
        cost, window = buildings.crossing(self, f, points, start, paid or frozenset())
        keep = (far >= stop - 0.001) & (moved + cost <= float(allowance) + 0.001) & board.straight(f, points, others)
        for i in np.lexsort((moved, np.round(far, 3))):  # nearest the goal, then the shortest walk there
            if not keep[i]:
                continue
            spot = Position(inches(round(float(points[i, 0]), 3)), inches(round(float(points[i, 1]), 3)))
            if i == 0 and not board.stands(spot, f.base, others):  # a corner a hair off the lattice of 1/1000"
                spot = Position(inches(float(points[0, 0])), inches(float(points[0, 1])))
            if board.stands(spot, f.base, others):
                if spot.distance(to) >= f.position.distance(to) - 0.001:
                    return None, 0.0, False
                return spot, float(moved[i] + cost[i]), bool(window[i])
        return None, 0.0, False

    def _leg_round(self, f: Figure, to: Position, around: Reach, allowance: float, stop: float,
                   start: Position, paid: set[str]) -> tuple[Position | None, float, bool, bool]:
        """One straight leg of a walk planned round the figures' bases (``walks.around``): to the spot (of the
        half-inch lattice, as a jam leaves little room; a corner of the plan; or straight towards ``to``)
        that a straight walk reaches clear of terrain and figures, from which the walk on round them to
        ``to`` is shortest, and shorter than from here. The spot, the inches it costs, whether it left a
        building by a window, and whether it is there."""
        board = self.setup.board
        others = walks.blockers(self, f)
        goal = walks.on_the_table(self, f, to).buffer(max(stop, 0.001))
        gap = f.position.distance(to)
        dx, dy = float(to.x - f.position.x), float(to.y - f.position.y)
        length = min(float(allowance), max(gap - stop, 0.0))
        direct = [float(f.position.x) + dx / gap * length, float(f.position.y) + dy / gap * length]
        path = around.path(f.position.point, goal) or []
        corners = [np.array(path[1:]).reshape(-1, 2)]  # the plan's own corners, and towards its first
        if len(path) > 1:
            ax, ay = path[1][0] - float(f.position.x), path[1][1] - float(f.position.y)
            far_to = math.hypot(ax, ay)
            if far_to > float(allowance) > 0:
                corners.append(np.array([[float(f.position.x) + ax / far_to * float(allowance),
                                          float(f.position.y) + ay / far_to * float(allowance)]]))
        points = np.vstack([np.array([direct]), *corners, board.lattice(f, allowance, Fraction(1, 2))])
        moved = np.hypot(points[:, 0] - float(f.position.x), points[:, 1] - float(f.position.y))
        cost, window = buildings.crossing(self, f, points, start, paid)
        far = np.hypot(points[:, 0] - float(to.x), points[:, 1] - float(to.y))
        keep = (far >= stop - 0.001) & (moved + cost <= float(allowance) + 0.001) & board.straight(f, points, others)
        if not keep.any():
            return None, 0.0, False, False
        on = np.full(len(points), np.inf)
        on[keep] = around.walks(points[keep], goal)
        here = float(around.walks(np.array([f.at]), goal)[0])
        for i in np.lexsort((moved, np.round(on, 3))):  # the shortest walk on, then the shortest step there
            if not np.isfinite(on[i]) or on[i] >= here - 0.01:
                break
            spot = Position(inches(round(float(points[i, 0]), 3)), inches(round(float(points[i, 1]), 3)))
            if board.stands(spot, f.base, others):
                return spot, float(moved[i] + cost[i]), bool(window[i]), bool(on[i] <= 0.01)
        return None, 0.0, False, False

    def _active_fire(self, ctx: Context, h: Human, stayed: bool) -> None:
        """Once when active (line 766), at the nearest zombie in sight and range, all dice at it; a figure
        that stays in place may first turn to face it (line 770)."""
        target = self.target(h, turn=stayed)
        if target is not None:
            self._fire(ctx, h, target, snap=False)

    def foes(self, h: Human) -> list[Figure]:
        """Whom ``h`` may fire at: the zombies, and the people of the other side standing or hunkered down."""
        people = [o for o in self.on_table(self.people) if o.side != h.side and o.status in STANDING]
        return [*self.on_table(self.zombies), *people]

    def target(self, h: Human, within: float | None = None, turn: bool = False,
               among: Sequence[Figure] | None = None) -> Figure | None:
        """The nearest foe (or of ``among``) ``h`` sees within its weapon's range (and ``within``), or None;
        ``turn``: as if it turned to face any way first. One carrying a friend fires one-handed weapons only."""
        if h.weapon is None or not h.weapon.ranged or h.out_of_ammo or (h.carrying and not h.weapon.one_handed):
            return None
        reach = h.weapon.range if within is None else min(within, h.weapon.range)
        seen = [z for z in (self.foes(h) if among is None else among) if Board.within(h, z, reach)
                and self.sees(h, z, turn) is not Sight.BLOCKED]
        if not seen:
            return None
        return min(seen, key=lambda z: h.position.distance(z.position))

    def _fire(self, ctx: Context, h: Human, z: Figure, snap: bool) -> None:
        """Ranged combat (lines 1127-1165): a d6 a Target point added to Rep, read on the pack's Ranged Combat
        table; damage on Ranged Combat Damage by the Impact, or Rep on a zombie (Easy To Hit, 1969). At a
        person, ``hostiles.shoot``."""
        if isinstance(z, Human):
            hostiles.shoot(self, ctx, h, z, snap)
            return
        assert h.weapon is not None and isinstance(z, Zombie)
        snap = snap or h.carrying is not None  # those retrieving wounded always snap fire (line 1339)
        if z.position != h.position:
            h.facing = facing_towards(h.position, z.position)
        rolled = h.weapon.dice or h.weapon.targets
        dice = TableDice(ctx)
        faces = [ctx.roll(f"{h.name} fires the {h.weapon.name}: d6 {i + 1} of {rolled}", D6, h.id)
                 for i in range(rolled)]
        counted = sorted(faces, reverse=True)[:h.weapon.targets]  # the shotgun's best three (line 1025)
        self._shots(h, rolled)  # every d6 rolled counts for zombies (line 1026)
        self.log_line(f"{h.name} {'snap ' if snap else ''}fires the {h.weapon.name} at {z.name}: "
                      f"{', '.join(map(str, faces))}", h.id)
        concealed = self.sees(h, z) is Sight.COVER  # zombies never count cover, but do count concealment (1939)
        for face in counted:
            if z.status is Status.OBVIOUSLY_DEAD:
                break
            total = face + h.rep
            row = next(r for r in self.setup.table("ranged-combat").rows if r.key.holds(total))
            missed = (total <= 7 or (total == 8 and (concealed or z.status is Status.KNOCKED_DOWN or h.moved_fast
                                                     or snap))
                      or (total == 9 and (h.moved_fast or snap)))
            if missed and h.rep == 3 and face == 6 and total > 7:  # Pitiful Shot (line 1198)
                again = ctx.roll(f"{h.name}'s pitiful shot", D6, h.id)
                missed = again > 3
                self.log_line(f"{h.name} rolls {again} for a pitiful shot", h.id)
            self.log_line(f"  {face} + Rep {h.rep} = {total} (row {row.key.text}): {'miss' if missed else 'hit'}",
                          h.id)
            if not missed:
                rating = h.weapon.impact if h.charged else max(1, min(h.rep, 6))
                picked = pick(self.setup.table("ranged-damage"), {"impact": rating}, dice)
                self._zombie_hit(z, picked.total, rating)
        if faces.count(1) >= 2:  # tight ammo (line 1070)
            h.out_of_ammo = True
            self.log_line(f"{h.name} is out of ammo", h.id)

    def _zombie_hit(self, z: Zombie, face: int, rating: int) -> None:
        """A hit: 1 or the rating or less kills (out of the fight is obviously dead, line 1951); higher knocks
        it down (line 1955)."""
        if face <= rating:
            z.status = Status.OBVIOUSLY_DEAD
            z.on_table = False
            self.tally.zombies_killed += 1
            self.log_line(f"  damage {face} against {rating}: {z.name} is obviously dead", z.id, "damage")
        else:
            z.status = Status.KNOCKED_DOWN
            self.log_line(f"  damage {face} against {rating}: {z.name} is knocked down", z.id, "damage")

    def _shots(self, h: Human, n: int) -> None:
        for spot in self.noise:
            if spot.at == h.position:
                spot.shots += n
                break
        else:
            self.noise.append(Noise(h.position, n))
        self.tally.shots += n

    def _rally(self, ctx: Context, h: Human) -> None:
        """A hunkered down figure rallies when a friend carries on within 4" (line 919), never within 6" of a
        zombie (line 1909)."""
        friends = [f for f in self.on_table(self.side(h.side)) if f is not h and f.status is Status.CARRY_ON
                   and Board.within(f, h, 4)]
        if not friends or h.id in self.never_rally or any(Board.within(h, z, 6) for z in self.on_table(self.zombies)):
            return
        passed = group_test(ctx, self._reaction_tables(), [h], Test.RALLY, self.leader(h.side), self._say(h),
                            self.heroes)[h.id]
        result = do(h, Test.RALLY, passed)
        cover = self.in_cover(h)
        if result is Do.CARRY_ON or (cover and result in (Do.CARRY_ON_IN_COVER, Do.IN_COVER_OR_HUNKER)):
            h.status = Status.CARRY_ON
        elif result is Do.RETIRE or result is Do.CARRY_ON_IN_COVER:
            self._retire(ctx, h, min(self.on_table(self.zombies), key=lambda z: h.position.distance(z.position)).position
                         if self.on_table(self.zombies) else friends[0].position)

    def in_cover(self, h: Human) -> bool:
        """In cover from the zombies: inside a vehicle (line 1661) or a building (line 1404), or one sees it
        only over cover."""
        return h.vehicle is not None or buildings.site_of(self, h) is not None or \
            any(self.sees(z, h, turn=True) is Sight.COVER for z in self.on_table(self.zombies))

    def _recover(self, ctx: Context, h: Human, friend: Human) -> None:
        """The Recovery test during the encounter (line 1351): 2d6 against the out of the fight figure's Rep,
        pass 2d6 back at normal Rep, and pass 1d6 too with a nurse (a unit of medical supplies, line 2823); a
        hostile who comes round is in the group's care (``aftermath.tend``, line 2581)."""
        values: dict[str, str | int] = {"rep": max(1, min(friend.rep, 6)), "doctor": "none"}
        picked = pick(self.setup.table("recovery-during"), values, TableDice(ctx))
        self.log_line(f"{h.name} tries to recover {friend.name}: passes {picked.total}d6", h.id)
        nurse = aftermath.nurse(self, friend)
        if not (picked.total == 2 or (picked.total == 1 and nurse)):
            return
        if friend.side != h.side:
            aftermath.tend(self, h, friend)
        else:
            friend.status = Status.CARRY_ON
            friend.recovered = True
            self.tally.recovered.append(friend.id)
            self.log_line(f"{friend.name} regains consciousness and returns at normal Rep", friend.id)

    # --- zombies ---------------------------------------------------------------------------------

    def _zombies(self, ctx: Context, die: int) -> None:
        """All zombies are Rep 4 and activate together when the die is 4 or less (lines 754, 1814)."""
        if die > 4:
            self.log_line(f"The zombies may not activate on a {die}")
            return
        seen_before = {(h.id, z.id) for h in self.on_table(self.people) for z in self.on_table(self.zombies)
                       if self.sees(h, z) is not Sight.BLOCKED}
        chargers: dict[str, list[Zombie]] = {}
        besiegers: list[Zombie] = []  # at a barricaded door or window: they fight it (line 1862)
        out = rooftops.come_out(self)  # those placed on a building exit it, their activation (line 1796)
        for z in [z for z in self.on_table(self.zombies) if z not in out]:
            if z.dazed:
                z.dazed -= 1  # halted by a flash-bang, it loses this activation (line 1209)
                self.log_line(f"{z.name} loses its activation to the flash-bang", z.id)
                continue
            if z.status is Status.KNOCKED_DOWN:
                z.status = Status.CARRY_ON  # regains its feet, facing the nearest human (line 1858)
                self.log_line(f"{z.name} regains its feet", z.id)
                continue
            if any(pair[1] == z.id for pair in self.locked):
                continue
            if barricades.besieging(self, z) is not None:
                besiegers.append(z)
                continue
            if locks.forcing(self, z):  # a turn of activation at a locked door (line 1861)
                continue
            target = self._zombie_move(ctx, z)
            if target is not None:
                chargers.setdefault(target.id, []).append(z)
            elif barricades.besieging(self, z) is not None:
                besiegers.append(z)  # arrived at a barricade: it fights it at once (line 1864)
        barricades.fight(self, ctx, besiegers)
        self._zed_or_no_zed(ctx)
        self._in_sight(ctx, seen_before)
        for hid, zs in chargers.items():
            self._charged(ctx, self.figure(hid), zs)  # type: ignore[arg-type]
        self._melee(ctx)

    def _zombie_move(self, ctx: Context, z: Zombie) -> Human | None:
        """Zombie actions in order (lines 1836-1842), feasting first (line 1852): move up to 6"; a zombie
        that reaches a human charges it, stopping 4" away (line 1818). Returns the human charged."""
        humans = self.on_table(self.people)
        if z.feasting:
            z.feasting -= 1
            return None
        downed = [h for h in humans if h.status in DOWN and Board.within(z, h, FEAST_REACH)
                  and self.sees(z, h) is not Sight.BLOCKED]
        if downed:
            h = min(downed, key=lambda h: z.position.distance(h.position))
            self._move_towards(z, h.position, ZOMBIE_MOVE, stop=1)
            if Board.within(z, h, 0.01) or z.position.distance(h.position) <= 1.01:
                z.feasting = ctx.roll(f"{z.name} feasts: turns", D6, z.id)
                self.log_line(f"{z.name} feasts on {h.name} for {z.feasting} turns", z.id)
                h.status = Status.OBVIOUSLY_DEAD
                self._see_the_feast(ctx, z)
            return None
        living = [h for h in humans if h.status not in DOWN and h.status is not Status.DUCKED_BACK
                  and self.sees(z, h) is not Sight.BLOCKED]
        if living:
            h = min(living, key=lambda h: z.position.distance(h.position))
            z.last_seen = h.position
            if Board.gap(z, h) <= ZOMBIE_MOVE:
                self._move_towards(z, h.position, ZOMBIE_MOVE, stop=CHARGE_STOP + float(z.base.diameter))
                return h
            self._move_towards(z, h.position, ZOMBIE_MOVE)
            return None
        loud = [n for n in self.noise if n.at.distance(z.position) <= SHOTS_REACH]
        if loud:
            spot = max(loud, key=lambda n: n.shots)
            self._move_towards(z, spot.at, ZOMBIE_MOVE)
        elif z.last_seen is not None:
            self._move_towards(z, z.last_seen, ZOMBIE_MOVE)
        else:
            a = math.radians(float(z.facing))
            ahead = Position(inches(round(float(z.position.x) + math.sin(a) * ZOMBIE_MOVE, 3)),
                             inches(round(float(z.position.y) - math.cos(a) * ZOMBIE_MOVE, 3)))
            self._move_towards(z, ahead, ZOMBIE_MOVE)  # a dead end or the edge stops it (turning: not modelled)
        return None

    def _in_sight(self, ctx: Context, seen_before: set[tuple[str, str]]) -> None:
        """Humans take In Sight on zombies that moved into sight (line 836): a zombie placed in sight is
        in sight before the zombies move, so it makes no test (line 1895); each side's group rolls once (826)."""
        for side in ("humans", HOSTILES):
            self._in_sight_side(ctx, seen_before, side)

    def _in_sight_side(self, ctx: Context, seen_before: set[tuple[str, str]], side: str) -> None:
        testers = []
        for h in self.on_table(self.side(side)):
            if h.status is not Status.CARRY_ON:
                continue
            new = [z for z in self.on_table(self.zombies) if (h.id, z.id) not in seen_before
                   and self.sees(h, z) is not Sight.BLOCKED]
            if new:
                testers.append(h)
        drivers = [h for h in testers if driving.drives(self, h)]  # the vehicle's In Sight (line 1564)
        driving.in_sight(self, ctx, drivers)
        testers = [h for h in testers if h not in drivers]
        passed = group_test(ctx, self._reaction_tables(), testers, Test.IN_SIGHT, self.leader(side),
                            self._say(None), self.heroes)
        for h in testers:
            result = do(h, Test.IN_SIGHT, passed[h.id])
            if result is Do.RETIRE:
                z = min(self.on_table(self.zombies), key=lambda z: h.position.distance(z.position))
                self._retire(ctx, h, z.position)
                continue
            within = 6 if result is Do.FIRE_WITHIN_6 else None
            if result in (Do.FIRE, Do.FIRE_WITHIN_6, Do.SNAP_FIRE) and \
                    (z := self.target(h, within, among=self.on_table(self.zombies))) is not None:
                self._fire(ctx, h, z, snap=result is Do.SNAP_FIRE)

    def _zed_or_no_zed(self, ctx: Context) -> None:
        """Zed Or No Zed (line 1915): a human who has not met zombies, the first time one comes within 3" (6" for
        a first responder: police and military), learns what it is: pass 2d6 carry on (doubles: a friend or
        relative, read as pass 1d6), 1d6 the zombie charges (Being Charged), 0d6 it charges into melee adding
        2d6 (line 4288). Taken once: the zombie is discovered."""
        for h in self.on_table(self.humans):
            if h.zombies_seen or h.status is not Status.CARRY_ON:
                continue
            reach = 6 if h.klass is Klass.MILITARY else 3
            near = [z for z in self.on_table(self.zombies) if Board.within(h, z, reach)]
            if not near:
                continue
            z = min(near, key=lambda z: h.position.distance(z.position))
            h.zombies_seen = True
            doubles: list[bool] = []
            passed = group_test(ctx, self._reaction_tables(), [h], Test.ZED_OR_NO_ZED, self.leader(), self._say(h),
                                self.heroes, doubles)[h.id]
            if passed == 2 and doubles and doubles[0]:
                passed = 1
                self.log_line(f"doubles: the zombie is a friend or relative of {h.name}: read as pass 1d6", h.id)
            result = do(h, Test.ZED_OR_NO_ZED, passed)
            if result is Do.ZOMBIE_CHARGES:
                self._charged(ctx, h, [z])
            elif result is Do.ZOMBIE_CHARGES_IN:
                z.adding = 2
                self._move_towards(z, h.position, 12, stop=float(z.base.diameter) + 0.001)
                self.locked.add((h.id, z.id))
                self.log_line(f"{z.name} charges into melee with {h.name}, adding 2d6", z.id)
                self._fight(ctx, h)

    def _see_the_feast(self, ctx: Context, z: Zombie) -> None:
        """See The Feast for the humans within 6" and sight of a feasting zombie (line 1921), then Sanity for
        those who fail it (line 1927): the rows of lines 4289-4290; each side's group rolls once."""
        for side in ("humans", HOSTILES):
            self._see_the_feast_side(ctx, z, side)

    def _see_the_feast_side(self, ctx: Context, z: Zombie, side: str) -> None:
        testers = [h for h in self.on_table(self.side(side)) if h.status is Status.CARRY_ON and h.id not in self.feast_seen
                   and Board.within(h, z, 6) and self.sees(h, z) is not Sight.BLOCKED]
        passed = group_test(ctx, self._reaction_tables(), testers, Test.SEE_THE_FEAST, self.leader(side),
                            self._say(None), self.heroes)
        shaken = []
        for h in testers:
            result = do(h, Test.SEE_THE_FEAST, passed[h.id])
            if result is Do.CARRY_ON:
                self.feast_seen.add(h.id)  # never takes it again
                continue
            if result is Do.RETIRE_AND_SANITY:
                self._retire(ctx, h, z.position)
            else:
                self.duck_back(ctx, h, z.position, passed=passed[h.id])
            shaken.append(h)
        sane = group_test(ctx, self._reaction_tables(), shaken, Test.SANITY, self.leader(side), self._say(None),
                          self.heroes)
        for h in shaken:
            result = do(h, Test.SANITY, sane[h.id])
            if result is Do.STUNNED:
                h.status = Status.STUNNED
            else:
                self.hunker_down(h, z.position)
            if result is Do.NEVER_RALLY:
                self.never_rally.add(h.id)

    def _charged(self, ctx: Context, h: Human, zombies: list[Zombie]) -> None:
        """Being Charged (line 850), not taken when charged to the rear (line 1903); survivors of any fire are
        moved into contact (line 1818)."""
        if driving.zombies_charge(self, ctx, h, zombies):  # at a moving vehicle: run down (line 1601)
            return
        if h.status is not Status.CARRY_ON:
            front = False
        else:
            front = any(in_front(h, z.position) for z in zombies)
        vacated = h.position
        friends = bystanders.onlookers(self, h, zombies)
        h.charged = front
        passed = group_test(ctx, self._reaction_tables(), ([h] if front else []) + friends, Test.BEING_CHARGED,
                            self.leader(h.side), self._say(h), self.heroes)
        for f in friends:
            bystanders.react(self, ctx, f, zombies, passed[f.id])
        zombies = [z for z in zombies if z.on_table and z.status is Status.CARRY_ON]
        if front and zombies:
            result = do(h, Test.BEING_CHARGED, passed[h.id])
            if result is Do.RETIRE:
                self._retire(ctx, h, zombies[0].position)
                for z in zombies:  # the charger continues its move to the spot that was vacated (line 913)
                    if z.on_table and z.status is Status.CARRY_ON:
                        self._move_towards(z, vacated, CHARGE_STOP + 1)
                h.charged = False
                return
            elif result in (Do.FIRE_AND_MELEE, Do.SNAP_AND_MELEE) and bystanders.can_fire(self, h, zombies[0]):
                self._fire(ctx, h, zombies[0], snap=result is Do.SNAP_AND_MELEE)
        h.charged = False
        if any(z.on_table and z.status is Status.CARRY_ON for z in zombies) and h.on_table:
            self.keep_or_drop(ctx, h)
        for z in zombies:
            if z.on_table and z.status is Status.CARRY_ON and h.on_table:
                self._move_towards(z, h.position, CHARGE_STOP + 2, stop=float(z.base.diameter) + 0.001)
                self.locked.add((h.id, z.id))
                self.log_line(f"{z.name} charges into melee with {h.name}", z.id)

    def keep_or_drop(self, ctx: Context, h: Human) -> None:
        """Charged while carrying a wounded friend: the player keeps him, meleeing at -2d6, or drops him where
        he stands (line 1340)."""
        if h.carrying is None or h.side != "humans":
            return
        friend = self.figure(h.carrying)
        how = ctx.choose("player", f"{h.name} is charged carrying {friend.name}: keep him or drop him",
                         [Choice("keep", f"keep {friend.name} and melee at -2d6"),
                          Choice("drop", f"drop {friend.name} where {h.name} stands")], h.id)
        if how.key == "drop":
            self._drop(h)

    def _melee(self, ctx: Context) -> None:
        """Every zombie in melee fights (line 1820)."""
        for h in list(self.on_table(self.people)):
            self._fight(ctx, h)

    def _fight(self, ctx: Context, h: Human) -> None:
        """A round of melee for ``h``: its Rep dice divided among the zombies on it as against people (line 1287,
        ``melee.divide``), each pair on the pack's Melee table, the zombie rolling 1d6 (line 2003)."""
        foes = [z for hid, zid in sorted(self.locked) if hid == h.id and isinstance(z := self.figure(zid), Zombie)
                and z.status is not Status.OBVIOUSLY_DEAD]
        if not foes or h.status in (Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD, *OFF):
            return
        share = melee.divide(self, ctx, h, melee.pool(self, h, foes), foes)
        for i, (z, dice) in enumerate(zip(foes, share, strict=True)):
            if melee.stopped(self, h, foes[i:]):
                break
            margin = self._bout(ctx, h, z, dice)
            if margin >= 1:
                z.status = Status.OBVIOUSLY_DEAD  # its out of the fight is obviously dead (line 2006)
                z.on_table = False
                self.tally.zombies_killed += 1
                self.locked.discard((h.id, z.id))
                self.log_line(f"{h.name} kills {z.name} in melee", h.id, "damage")
            elif margin < 0:
                status = Status.OUT_OF_THE_FIGHT if margin == -1 else Status.OBVIOUSLY_DEAD
                h.bitten = True
                if status is Status.OBVIOUSLY_DEAD and h.star and z.rep >= h.rep:  # Cheating Death (line 405)
                    status = hostiles.star_saved(self, ctx, h, 0)
                self.go_down(h, status)
                self.log_line(f"{h.name} is {h.status.value} in melee with {z.name}", h.id, "damage")
                if h.status is not Status.WHISKED:
                    self._man_down(ctx, h)
        if h.status in (Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD):
            self.locked = {p for p in self.locked if p[0] != h.id}

    def _bout(self, ctx: Context, h: Human, z: Zombie, dice: int) -> int:
        """One melee of ``h`` with ``dice`` (its share, modifiers applied) against ``z``: the margin of
        successes; the zombie rolls 1d6, less when prone or attacked to the rear (line 2005)."""
        if dice < 1:  # the human rolls none: the zombie's die alone (line 2005: it may still score)
            face = ctx.roll(f"{z.name} in melee: d6", D6, z.id)
            self.log_line(f"{z.name} rolls {face} in melee against {h.name}, who rolls no dice", z.id)
            return -1 if face <= 3 else 0
        values: dict[str, str | int] = {"rep": dice, "their_rep": 4, "enemy": "zombie", "you_retrieving": "no",
                  "they_retrieving": "no", "you_prone": "no", "impact": "equal",
                  "they_prone": "yes" if z.status is Status.KNOCKED_DOWN or not in_front(z, h.position) else "no"}
        if z.adding:  # its 1d6 and 2d6 more: the table's own dice for a Rep 3 enemy, who rolls 3d6 (line 1281)
            values.update({"enemy": "human", "their_rep": 1 + z.adding})
            z.adding = 0
        picked = pick(self.setup.table("melee"), values, TableDice(ctx))
        for line in picked.lines:
            self.log_line(f"{h.name} against {z.name}: {line}", h.id)
        return picked.total

    def _man_down(self, ctx: Context, down: Human) -> None:
        """Man Down for friends within 4" and sight of a figure of equal or greater Rep going down (line 858);
        Leader Lost when it is the Leader (line 862). A driver down takes Lose Control (line 1685)."""
        driving.driver_down(self, ctx, down)
        was_leader = down.star or down.leader or self.leader(down.side) is None
        test = Test.LEADER_LOST if was_leader else Test.MAN_DOWN
        testers = [f for f in self.on_table(self.side(down.side)) if f is not down and f.status is Status.CARRY_ON
                   and Board.within(f, down, 4) and f.rep <= down.rep]
        passed = group_test(ctx, self._reaction_tables(), testers, test, self.leader(down.side), self._say(None),
                            self.heroes)
        for f in testers:
            result = do(f, test, passed[f.id])
            if result is Do.RETIRE:
                self._retire(ctx, f, down.position)
            elif result is Do.DUCK_BACK_IF_ALONE and not any(
                    o is not f and o.status is Status.CARRY_ON and Board.within(o, f, 4) for o in testers):
                self.duck_back(ctx, f, self.cause(f, down.position), passed=passed[f.id])

    def _retire(self, ctx: Context, h: Human, cause: Position) -> None:
        """Retire (line 814): to the nearest cover within 12" away from the cause, even if already in cover,
        else drop prone in place; then hunker down. A driver moves his vehicle away from the cause instead
        (line 1663, ``driving.away``)."""
        self._drop(h)
        if driving.away(self, ctx, h, cause):  # driven off the far edge (home), or hurt in a crash
            return
        if not cover.seek(self, h, cause, cover.RETIRE, away=True):
            h.prone = True
        h.status = Status.HUNKERED_DOWN
        self.log_line(f"{h.name} retires and hunkers down", h.id)

    def duck_back(self, ctx: Context, f: Human, cause: Position, why: str = "", passed: int = 0) -> None:
        """Duck back (line 808): to the nearest cover within 6", any way, even forward, else drop prone in
        place. Ducking back on a pass 2d6 or 1d6 (``passed``), a figure first retrieves a wounded friend
        within 4" and ducks back with him, even past its normal move; on a pass 0d6 it retrieves no one,
        and one carrying a friend drops him (line 1337). A driver moves his vehicle away from the cause
        instead (line 1663, ``driving.away``)."""
        if passed:
            self._retrieve(f)
        else:
            self._drop(f)
        f.status = Status.DUCKED_BACK
        if driving.away(self, ctx, f, cause):  # driven off the far edge (home), or hurt in a crash
            return
        if not cover.seek(self, f, cause, cover.DUCK_BACK):
            f.prone = True
        self.log_line(f"{f.name} ducks back" + (f" ({why})" if why else ""), f.id)

    def _retrieve(self, f: Human) -> None:
        """Before ducking back on a pass (line 1337): to the nearest friend out of the fight within 4", picked
        up. Not one already carrying a friend, in a vehicle, or an animal (which carries no one)."""
        if f.carrying is not None or f.vehicle is not None or f.animal:
            return
        wounded = [o for o in self.on_table(self.side(f.side)) if o is not f
                   and o.status is Status.OUT_OF_THE_FIGHT and Board.within(f, o, 4)]
        if not wounded:
            return
        friend = min(wounded, key=lambda o: (f.position.distance(o.position), o.id))
        self._move_towards(f, friend.position, 4 + float(f.base.radius + friend.base.radius), stop=1)
        if Board.within(f, friend, 1):
            self._pick_up(f, friend)

    def hunker_down(self, f: Human, cause: Position) -> None:
        """Hunker down (line 812): stay in cover or go to the nearest cover within 12", else drop prone."""
        f.status = Status.HUNKERED_DOWN
        if not cover.seek(self, f, cause, cover.HUNKER_DOWN):
            f.prone = True

    def cause(self, f: Human, fallback: Position) -> Position:
        """What a test's result takes cover from when the test names no one: the nearest foe ``f`` sees."""
        seen = [o for o in self.foes(f) if self.sees(o, f, turn=True) is not Sight.BLOCKED]
        return min(seen, key=lambda o: f.position.distance(o.position)).position if seen else fallback

    # --- zombies drawn by noise --------------------------------------------------------------------

    def _noise(self, ctx: Context) -> None:
        """After both sides: 1d6 a shot, zombies on the area's scores (lines 1767-1771), each placed 12" away
        (line 1785)."""
        dice = TableDice(ctx)
        table = self.setup.table("zombies-from-noise")
        for spot in self.noise:
            left, drawn = spot.shots, 0
            while left > 0:
                shots = min(left, 12)
                drawn += max(0, pick(table, {"area": self.setup.area, "shots": shots}, dice).total)
                left -= shots
            if drawn:
                self.log_line(f"{spot.shots} shots from {float(spot.at.x):g}, {float(spot.at.y):g} draw {drawn} "
                              "zombies")
            for _ in range(drawn):
                self._place(ctx, spot.at)
                self.tally.zombies_drawn += 1
        self.noise = []

    def _place(self, ctx: Context, spot: Position) -> None:
        """12" from the spot towards the edge the placement roll names, turned clockwise while off the table
        (lines 1785-1800); facing the nearest human (line 1783)."""
        picked = pick(self.setup.table("zombie-placement"), {}, TableDice(ctx))
        assert picked.row is not None
        edge = next(e for e in EDGES if e in picked.row.results[None].text)
        table: Tabletop = self.setup.board.table
        for turn in range(4):
            name = EDGES[(EDGES.index(edge) + turn) % 4]
            dx, dy = {"top": (0, -12), "right": (12, 0), "bottom": (0, 12), "left": (-12, 0)}[name]
            at = Position(spot.x + dx, spot.y + dy)
            if 0 < at.x < table.width and 0 < at.y < table.depth:
                break
        site = rooftops.building_at(self, at)  # on a building: on top of it, to exit when active (line 1796)
        z = self.add_zombie(at if site is not None else buildings.off_the_walls(self, at), name)
        if site is not None:
            rooftops.place_on(self, z, site)

    def add_zombie(self, at: Position, why: str) -> Zombie:
        """A new zombie at ``at``, facing the nearest human (line 1783)."""
        n = len([f for f in self.figures if isinstance(f, Zombie)]) + 1
        z = Zombie(f"z{n}", f"zombie z{n}", "zombies", at)
        living = self.on_table(self.people)
        if living:
            nearest = min(living, key=lambda h: at.distance(h.position))
            if nearest.position != at:
                z.facing = facing_towards(at, nearest.position)
        self.figures.append(z)
        self.emit("zombie", z.id, f"{z.name} placed at {float(at.x):g}, {float(at.y):g} ({why})", z.at)
        return z

    # --- the end ----------------------------------------------------------------------------------

    def _ended(self) -> bool:
        if self.over or self.ending is not None:
            return True
        roster = [h for h in self.on_table(self.humans) if h.on_roster]  # recruits and animals are left behind
        able = [h for h in roster if h.status not in (Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD)]
        if not able:
            self._end("no member of the group is left on the table" + (" able to act" if roster else ""))
        elif not any(h.status in (Status.CARRY_ON, Status.DUCKED_BACK, Status.STUNNED)
                     for h in self.on_table(self.humans)) and all(h.status is Status.HUNKERED_DOWN
                                                                 and not driving.leaving(self, h) for h in able):
            # none can rally them: a friend carrying on within 4" is needed (line 919), and none is left to come;
            # a hunkered-down driver who may still drive off the table plays on (line 1664)
            self._end("the members left on the table are hunkered down with no friend left to rally them")
        elif self.setup.clear_board and buildings.board_cleared(self):
            self.cleared = True
            self._end("the board is cleared: every building searched, no zombie or hostile human on the table")
        return self.over or self.ending is not None

    def _end(self, reason: str) -> None:
        home = [h for h in self.humans if h.status is Status.GONE and h.on_roster]
        self.ending = reason
        self.log_line(f"The encounter ends ({reason}): {len(home)} of {len(self.humans)} came home", "game", "end")

    def _after(self, ctx: Context) -> None:
        """After the game: Harry, Are You Okay? (line 2023) for each human put out of the fight in melee with a
        zombie: 1d6 + Rep, 9 or more is okay, 8 or less infected; then, in a safe place, the Recovery test
        (line 1366, ``aftermath``), which leaves who came home as it was."""
        for h in self.humans:
            if h.bitten and h.status is not Status.OBVIOUSLY_DEAD:
                face = ctx.roll(f"{h.name}: Harry, Are You Okay?", D6, h.id)
                h.infected = face + h.rep <= 8
                self.log_line(f"{h.name} rolls {face} + Rep {h.rep} = {face + h.rep} for infection: "
                              + ("infected, and will turn" if h.infected else "okay"), h.id, "end")
        home = [h for h in self.humans if h.status is Status.GONE and h.on_roster]
        self.over = True
        self.winner = "humans" if home or self.cleared else "zombies"
        self.reason = self.ending or ""
        aftermath.recover(self, ctx)
        aftermath.join(self, ctx)

    # --- helpers --------------------------------------------------------------------------------------

    def hostile_melee(self, ctx: Context, h: Human) -> bool:
        """A hostile's activation spent in melee with people or charging (``melee``), for ``hostiles``."""
        return melee.hostile_turn(self, ctx, h)

    def stand_over(self, ctx: Context, h: Human) -> bool:
        """A hostile's activation spent standing over a member out of the fight (``mercy``), for ``hostiles``."""
        member = mercy.downed(self, h)
        if member is not None:
            mercy.stand_over(self, ctx, h, member)
        return member is not None

    def charger_fired_on(self, ctx: Context, h: Human, shooter: Human, passed: int) -> None:
        """Received Fire read for a charger (``melee``), for ``hostiles``."""
        melee.fired_on(self, ctx, h, shooter, passed)

    def _reaction_tables(self) -> dict[Klass, Table]:
        return {k: self.setup.table(f"reactions-{k.value}") for k in Klass}

    def _say(self, h: Human | None) -> Callable[[str], None]:
        return lambda text: self.log_line(text, h.id if h is not None else "game", "test")


def _of(group: list[Human], parts: list[list[Human]]) -> str:
    """How a group is named in the log: by its members when the side has several."""
    return f" of {', '.join(h.name for h in group)}" if len(parts) > 1 else ""


def _standing(f: Figure) -> bool:
    return getattr(f, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)
