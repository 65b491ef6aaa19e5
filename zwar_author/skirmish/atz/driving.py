"""Vehicles in the game: getting in and out, starting, driving, running down, ramming, shooting at them.

Seed lines (004) 1424-1698, the Vehicle Reaction Tests table 4258-4271 (the
pack's `reactions-vehicle`). A vehicle is driven when its driver is active:
the driver's activation is the vehicle's. Those inside count cover (line
1661) and move with it; a vehicle driven off the far edge takes them home,
off another edge (a hunkered-down driver leaving the table, line 1664) takes
them off the table without coming home. A driver's own Reaction Tests move
the vehicle (lines 1663-1664, ``away`` and ``leave``).
The rules that read no game are in ``vehicles``; this module reads the game
only through ``AtzGame``'s own methods, and ``game`` calls down into it.
"""

from __future__ import annotations

import math
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING

from ...tables.roll import pick
from ...tabletop import Position, Sight, inches
from ..core import Board, Choice, Context, Figure, in_front
from . import hostiles
from .dice import TableDice
from .reactions import D6, Do, Test, do, group_test
from .state import DOWN, HOSTILES, OFF, STANDING, Human, Klass, Noise, Status, Zombie
from .vehicles import (
    DOOR_COST,
    FAST,
    NOISE,
    VEER,
    VEER_AWAY,
    Edge,
    Vehicle,
    Working,
    Wreck,
    accelerate,
    bash_successes,
    brake,
    driver_test_speed,
    hotwire,
    keys_in,
    passed_against,
    sharp,
    too_fast,
    turned,
    wont_start,
    working,
)

if TYPE_CHECKING:
    from .game import AtzGame

TABLE = "reactions-vehicle"
TESTS = {"in-sight": "In Sight", "fire": "Received Fire", "vehicle-charge": "Vehicle Charge",
         "vehicle-charged": "Vehicle Charged", "being-run-down": "Being Run Down", "lose-control": "Lose Control",
         "driver-test": "Driver"}
FREE_WILL = ("fire", "vehicle-charge", "vehicle-charged")  # the tests marked * (line 4260)
RUN_DOWN_STOP = 3  # "Move to within 3\" of the target" (line 4262, Vehicle Charge)
CRASH_IMPACT = 3  # rolled over: the Ranged Combat Damage Table versus an Impact 3 weapon (lines 1652, 1679)
MOVE = 8  # a figure's normal move (line 788)
STEP = 0.25  # inches a vehicle's move is tested in, for terrain and figures in the way


# --- reading the game ------------------------------------------------------------------------------------

def vehicles(game: AtzGame) -> list[Vehicle]:
    return [f for f in game.figures if isinstance(f, Vehicle)]


def of(game: AtzGame, h: Human) -> Vehicle | None:
    """The vehicle ``h`` rides in."""
    return next((v for v in vehicles(game) if v.id == h.vehicle), None) if h.vehicle else None


def drives(game: AtzGame, h: Human) -> Vehicle | None:
    """The vehicle ``h`` drives: he rides in it first and is neither down nor off the table."""
    v = of(game, h)
    return v if v is not None and v.driver == h.id and h.status not in (*DOWN, *OFF) else None


def crew(game: AtzGame, v: Vehicle) -> list[Human]:
    return [h for h in (game.figure(i) for i in v.crew) if isinstance(h, Human)]


def board_up(game: AtzGame) -> None:
    """At the start, those the encounter puts in a vehicle sit in it, the first named its driver."""
    for v in vehicles(game):
        for h in crew(game, v):
            h.vehicle, h.position, h.facing = v.id, v.position, v.facing
        v.moved = 0


def _rep(h: Human) -> int:
    return max(1, min(h.rep, 6))


def test(game: AtzGame, ctx: Context, h: Human, name: str, rep: int | None = None, disabled: bool = False) -> int:
    """A Vehicle Reaction Test (line 4258): the dice ``h`` passes of 2d6 against his Rep; a Transporter rolls
    3d6 on Lose Control (lines 536-537), a disabled driver 1d6 (line 1685); a Star chooses the tests marked *
    (line 4260)."""
    if h.star and name in FREE_WILL:
        passed = ctx.choose("player", f"{h.name} is a Star: choose the dice passed on {name}",
                            [Choice(n, f"pass {n}d6") for n in (2, 1, 0)], h.id).key
        game.log_line(f"{h.name} chooses to pass {passed}d6 ({name}, Free Will)", h.id, "test")
        return int(passed)
    values: dict[str, str | int] = {"rep": max(1, min(rep if rep is not None else h.rep, 6)), "test": name,
                                    "attribute": "transporter" if h.transporter else "none",
                                    "driver": "disabled" if disabled else "able"}
    picked = pick(game.setup.table(TABLE), values, TableDice(ctx))
    game.log_line(f"{h.name} takes the {TESTS[name]} test (Rep {values['rep']}): passes {picked.total}d6", h.id,
                  "test")
    return picked.total


# --- on foot: getting in ------------------------------------------------------------------------------------

def options(game: AtzGame, h: Human) -> list[Choice]:
    """A figure on foot may get into a stopped vehicle it reaches with its move less 2" for the door
    (line 1468), where a seat is free (line 1519) and no enemy rides."""
    if h.vehicle or h.carrying:
        return []
    out = []
    for v in vehicles(game):
        riders = crew(game, v)
        if v.speed or v.seats_left <= 0 or v.wreck in (Wreck.ROLLED, Wreck.EXPLODED) \
                or any(r.side != h.side for r in riders):
            continue
        if Board.gap(h, v) <= MOVE - DOOR_COST:
            out.append(Choice(("board", v.id), f"get into {v.name}" + ("" if riders else " and drive it")))
    return out + [Choice(("shoot", v.id), f"fire at {v.name}") for v in targets(game, h)]


def on_foot(game: AtzGame, ctx: Context, h: Human, choice: tuple) -> None:
    """A decision on foot: get into a vehicle (``board``), or fire at an enemy vehicle (``shoot``)."""
    if choice[0] == "board":
        get_in(game, ctx, h, choice[1])
    else:
        shoot(game, ctx, h, next(v for v in vehicles(game) if v.id == choice[1]))


def get_in(game: AtzGame, ctx: Context, h: Human, vid: str) -> None:
    """Walk to the vehicle and get in through a door, 2" of the move (line 1468): the first in drives."""
    v = next(v for v in vehicles(game) if v.id == vid)
    game._move_towards(h, v.position, MOVE - DOOR_COST, stop=float(v.base.radius + h.base.radius) + 0.01)
    if Board.gap(h, v) > 0.05:
        game.log_line(f"{h.name} cannot reach {v.name}", h.id)
        return
    v.crew.append(h.id)
    h.vehicle, h.position, h.facing = v.id, v.position, v.facing
    game.log_line(f"{h.name} gets into {v.name}" + (" and takes the wheel" if v.driver == h.id else ""), h.id)


def get_out(game: AtzGame, h: Human, v: Vehicle) -> bool:
    """Out through a door at 2" of the move (line 1468), to a free spot beside the vehicle; then on foot."""
    r = float(v.base.radius + h.base.radius) + 0.05
    others = [o for o in game.on_table(game.figures) if o is not h and o is not v and o.id not in v.crew
              and getattr(o, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]
    for degrees in (0, 270, 90, 315, 45, 180, 225, 135):  # towards the far edge first, then either side
        a = math.radians(degrees)
        spot = Position(inches(round(float(v.position.x) + math.sin(a) * r, 3)),
                        inches(round(float(v.position.y) - math.cos(a) * r, 3)))
        if game.setup.board.stands(spot, h.base, others):
            v.crew.remove(h.id)
            h.vehicle, h.position = None, spot
            game.log_line(f"{h.name} gets out of {v.name}", h.id)
            return True
    game.log_line(f"{h.name} finds no room to get out of {v.name}", h.id)
    return False


# --- inside: the driver's and the passengers' activation ------------------------------------------------------

def act(game: AtzGame, ctx: Context, h: Human) -> None:
    """The activation of a figure in a vehicle. The driver starts it, drives it (on towards the far edge,
    faster on the Driver Test, braking, running someone down or ramming a vehicle) or gets out; a passenger
    fires from it or gets out of a stopped vehicle."""
    v = of(game, h)
    assert v is not None
    if v.wreck is not None and v.driver == h.id or v.wreck in (Wreck.ROLLED, Wreck.EXPLODED):
        options = [Choice(("out", v.id), f"get out of {v.name}"), Choice("hold", "stay in it and fire")]
    elif v.driver == h.id:
        options = _driver_options(game, h, v)
    else:
        options = [Choice("hold", f"stay in {v.name} and fire")]
        options += [Choice(("out", v.id), f"get out of {v.name} and move on")] if v.speed == 0 else []
    choice = ctx.choose("player", f"{h.name} ({'driving' if v.driver == h.id else 'riding in'} {v.name}): "
                                  "what to do", options, h.id).key
    if choice == "hold":
        game._active_fire(ctx, h, stayed=True)
        return
    key, *args = choice if isinstance(choice, tuple) else (choice,)
    if key == "out":
        if get_out(game, h, v):
            game._advance(h, MOVE - DOOR_COST)
        return
    if key == "start":
        if not start(game, ctx, h, v):
            return
        key = "drive"  # once started it may immediately be driven away (line 1464)
    if key == "brake":
        speed = brake(v)
        game.log_line(f"{h.name} brakes {v.name}: from {v.speed:g}\" to {speed:g}\"", h.id)
        drive(game, ctx, h, v, speed, turn=False)
    elif key == "drive":
        drive(game, ctx, h, v, v.speed or accelerate(v))
    elif key == "accelerate":
        drive(game, ctx, h, v, accelerate(v))
    elif key == "speed":
        passed = test(game, ctx, h, "driver-test")
        speed, lose = driver_test_speed(passed, float(v.kind.speed))
        if lose and _half_again(ctx, h, v, speed):
            speed, lose = driver_test_speed(1, float(v.kind.speed))
        game.log_line(f"{h.name} drives {v.name} up to {speed:g}\" (Driver Test, on road)", h.id)
        if lose and lose_control(game, ctx, v, bash=False) is not Control.ON:
            return
        drive(game, ctx, h, v, speed)
    elif key == "reverse":
        reverse(game, ctx, h, v)
    elif key == "bootleg":
        bootleg(game, ctx, h, v)
    elif key == "run-down":
        run_down(game, ctx, h, v, [game.figure(str(a)) for a in args])
    elif key == "ram":
        other = next(o for o in vehicles(game) if o.id == args[0])
        ram(game, ctx, h, v, other)


def _half_again(ctx: Context, h: Human, v: Vehicle, speed: float) -> bool:
    """Passing 2d6 on the Driver Test, the driver may move at 1 1/2 X instead and not take Lose Control
    (line 4271); offered second, so a bot that takes the first option goes at 2X."""
    options = [Choice("double", f"up to {speed:g}\" and the Lose Control test"),
               Choice("half-again", f"up to {speed * 0.75:g}\" without it")]
    return ctx.choose("player", f"{h.name} passed 2d6 on the Driver Test: how fast", options, h.id).key == "half-again"


def _driver_options(game: AtzGame, h: Human, v: Vehicle) -> list[Choice]:
    if not v.running:
        out = [Choice(("start", v.id), f"start {v.name} and drive towards the far table edge")] \
            if startable(game, h, v) else []
        return out + [Choice(("out", v.id), f"get out of {v.name} and move on"), Choice("hold", "stay and fire")]
    out = [Choice("drive", f"drive {v.name} on towards the far table edge ({v.speed or accelerate(v):g}\")")]
    if v.speed > 0:  # a stopped vehicle may not use the Driver Test on the run it begins moving (line 1531)
        out += [Choice("accelerate", f"accelerate {v.name} to {accelerate(v):g}\"")] if v.speed < accelerate(v) else []
        out.append(Choice("speed", f"drive {v.name} faster than its normal speed (the Driver Test)"))
        out.append(Choice("brake", f"brake {v.name} ({brake(v):g}\")"))
        if v.kind.bootlegs:
            out.append(Choice("bootleg", f"the Bootlegger Turn: {v.name} moves {v.speed / 2:g}\" and turns round "
                                         "(Lose Control)"))
    elif v.kind.reverses:
        out.append(Choice("reverse", f"reverse {v.name} ({v.kind.speed / 4:g}\")"))
    reach = accelerate(v)
    targets = [t for t in _pedestrians(game, h) if Board.gap(v, t) <= reach and in_front(v, t.position)
               and game.sees(h, t) is not Sight.BLOCKED]
    out += [Choice(("run-down", t.id), f"run down {t.name} (the Vehicle Charge test)") for t in targets]
    if len(targets) > 1:  # several at once (line 1599): all of them, not each smaller set
        out.append(Choice(("run-down", *(t.id for t in targets)),
                          f"run down {', '.join(t.name for t in targets)} at once (the Vehicle Charge test)"))
    out += [Choice(("ram", o.id), f"ram {o.name} (the Vehicle Charge test)") for o in vehicles(game)
            if o is not v and o.wreck is None and Board.gap(v, o) <= reach and in_front(v, o.position)
            and any(r.side != h.side for r in crew(game, o))]
    if v.speed == 0:
        out.append(Choice(("out", v.id), f"get out of {v.name} and move on"))
    return out


def _pedestrians(game: AtzGame, h: Human) -> list[Figure]:
    """The foes not in a vehicle: zombies, and enemy people standing."""
    return [f for f in game.foes(h) if not (isinstance(f, Human) and f.vehicle)]


def startable(game: AtzGame, h: Human, v: Vehicle) -> bool:
    """``h`` may try to start ``v`` this turn: no one tried this turn (line 1458), it is not known to be out of
    gas or worn out (lines 1438-1448), and there are keys in it or his own, or he has not tried hotwiring it (1454)."""
    return v.tried != game.round and v.working in (None, Working.WORKS) \
        and (v.keys is not False or h.keys or h.id not in v.hotwired_by)


def start(game: AtzGame, ctx: Context, h: Human, v: Vehicle) -> bool:
    """Starting the vehicle (lines 1452-1464): whether it works at all (found out on the first try, by the day
    of the outbreak, lines 1438-1448); the keys, else keys he found elsewhere with "The Car Won't Start!"
    (1454), else hotwiring; then "The Car Won't Start!" when the vehicle was found this encounter, a Lose
    Control result says so or zombies within 12" move towards it (read: are within 12" of it). A failed try
    draws zombies as 6 shots (line 1694)."""
    v.tried = game.round
    if (state := working(ctx, v, game.setup.day, h.id)) is not Working.WORKS:
        game.log_line(f"{h.name} tries to start {v.name}: it is {state.value}", h.id)
        _noise(game, v, "a failed start")
        return False
    if not keys_in(ctx, v, h.id) and h.keys:
        started, face = wont_start(ctx, v, h.id)
        game.log_line(f"{h.name} tries the keys he found in {v.name}: The Car Won't Start!: {face}: "
                      + ("they fit, it starts" if started else "it does not start"), h.id)
        if not started:
            _noise(game, v, "a failed start")
            return False
        h.keys, v.keys = False, True
    elif not v.keys:
        dice = 3 if h.klass is Klass.GANGER or h.transporter else 2
        started, faces = hotwire(ctx, v, h.id, dice)
        game.log_line(f"{h.name} hotwires {v.name}: {', '.join(map(str, faces))}: "
                      + ("doubles, it starts" if started else "no doubles"), h.id)
        if not started:
            _noise(game, v, "a failed start")
            return False
    elif v.wont_start or v.restart or any(Board.within(z, v, 12) for z in game.on_table(game.zombies)):
        started, face = wont_start(ctx, v, h.id)
        game.log_line(f"The Car Won't Start!: {face}: " + ("it starts" if started else "it does not start"), h.id)
        if not started:
            _noise(game, v, "a failed start")
            return False
    v.running, v.restart, v.wont_start = True, False, False
    game.log_line(f"{h.name} starts {v.name}", h.id)
    return True


def _noise(game: AtzGame, v: Vehicle, why: str) -> None:
    """A running vehicle, or a failed start, counts as 6 shots at the spot (lines 1691-1694)."""
    spot = next((n for n in game.noise if n.at == v.position), None)
    if spot is None:
        game.noise.append(Noise(v.position, NOISE))
    else:
        spot.shots += NOISE
    game.log_line(f"{v.name}: {why} makes noise as of {NOISE} shots at {float(v.position.x):g}, "
                  f"{float(v.position.y):g}")


def drive(game: AtzGame, ctx: Context, h: Human, v: Vehicle, speed: float, turn: bool = True,
          edge: Edge = Edge.FAR, away: Position | None = None) -> None:
    """Towards the far (top) edge, or the ``edge`` it leaves by: the heading (the edge's, 45 or 90 degrees
    either side of it, or straight on) that takes it nearest that edge past what is in its way, or, ``away``
    from a spot, the heading that ends its move farthest from it; within its turns a turn, each 90 degrees or
    less taking 1/4 of the current speed (line 1541); a sharp turn above half its maximum speed takes Lose
    Control (line 1545); then straight ahead; noise at both ends (line 1691)."""
    if turn and speed > 0:
        swing, turns, speed = _heading(game, v, speed, edge) if away is None else _away(game, v, speed, away)
        if turns:
            quick = sharp(swing) and too_fast(v, speed / (0.75 ** turns))
            v.facing = Fraction(round((float(v.facing) + swing) % 360, 6)).limit_denominator(10**6)
            game.log_line(f"{v.name} turns {abs(swing):g} degrees ({turns} turn{'s' * (turns > 1)}): "
                          f"{speed:g}\"", h.id)
            if quick:
                game.log_line(f"{v.name} turns 90 degrees at over half its speed (line 1545)", h.id)
                if lose_control(game, ctx, v, bash=False) is not Control.ON:
                    return
    _noise(game, v, "its engine")
    v.speed = speed
    move(game, ctx, v, speed, edge=edge)
    if v.on_table:
        _noise(game, v, "its engine")


def reverse(game: AtzGame, ctx: Context, h: Human, v: Vehicle) -> None:
    """Reversing (line 1537): a stopped vehicle backs up to 1/4 of its maximum speed (read: of its speed on the
    Vehicle List, as the 90-degree turn reads half of it, line 1545), still facing its front, and stops (it
    moves forward again from a stop). Motorcycles and ATVs cannot (the options leave it out)."""
    distance = v.kind.speed / 4
    game.log_line(f"{h.name} reverses {v.name} up to {distance:g}\"", h.id)
    _noise(game, v, "its engine")
    facing = v.facing
    v.facing = (facing + 180) % 360
    try:
        move(game, ctx, v, distance)
    finally:
        v.facing, v.speed = facing, 0
        for r in crew(game, v):
            r.facing = facing
    if v.on_table:
        _noise(game, v, "its engine")


def bootleg(game: AtzGame, ctx: Context, h: Human, v: Vehicle) -> None:
    """The Bootlegger Turn (lines 1547-1558): the vehicle moves half its current speed and the driver takes
    Lose Control. Pass 2d6: it moves over one vehicle width (to its right, else its left, else where it is:
    the engine's reading of "in the direction of the turn") and turns round 180 degrees at a stop. Pass 1d6
    carries on (the row with no Bash), 0d6 rolls it over, irreparable (line 4262)."""
    game.log_line(f"{h.name} tries the Bootlegger Turn in {v.name}", h.id)
    _noise(game, v, "its engine")
    move(game, ctx, v, v.speed / 2)
    if not v.on_table:
        return
    passed = test(game, ctx, h, "lose-control")
    if passed == 0:
        game.log_line(f"{h.name} loses control: {v.name} rolls over", v.id)
        crash(game, ctx, v, Wreck.ROLLED)
        return
    if passed == 2:
        v.position, v.speed = _beside_itself(game, v), 0
        v.facing = (v.facing + 180) % 360
        for r in crew(game, v):
            r.position, r.facing = v.position, v.facing
        game.log_line(f"{v.name} comes round to a stop facing {float(v.facing):g} degrees at "
                      f"{float(v.position.x):g}, {float(v.position.y):g}", v.id)
    else:
        game.log_line(f"{h.name} keeps control and carries on", v.id)
    _noise(game, v, "its engine")


def _beside_itself(game: AtzGame, v: Vehicle) -> Position:
    """One vehicle width to the vehicle's right, else its left, where it may stand; else where it is."""
    others = [o for o in game.on_table(game.figures) if o.id not in (v.id, *v.crew)
              and getattr(o, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]
    a, width = math.radians(float(v.facing)), float(v.base.diameter)
    for side in (1, -1):
        spot = Position(inches(round(float(v.position.x) + side * math.cos(a) * width, 3)),
                        inches(round(float(v.position.y) + side * math.sin(a) * width, 3)))
        if game.setup.board.stands(spot, v.base, others):
            return spot
    return v.position


def _heading(game: AtzGame, v: Vehicle, speed: float, edge: Edge = Edge.FAR) -> tuple[float, int, float]:
    """The turn (degrees clockwise), the turns it takes and the speed left that bring the vehicle nearest
    ``edge``: straight on, or the edge's heading or 45 or 90 degrees either side of it."""
    best: tuple[float, int, float, float] | None = None
    b = edge.bearing
    for bearing in (b, b - 45.0, b + 45.0, b - 90.0, b + 90.0, float(v.facing)):
        swing = ((bearing - float(v.facing) + 180) % 360) - 180
        turns = math.ceil(abs(swing) / 90 - 1e-9)
        if turns > v.kind.turns:
            continue
        left = turned(speed, turns)
        went = _clear(game, v, bearing, left, edge)
        gain = went * math.cos(math.radians(bearing - b))
        if best is None or gain > best[0] + 1e-6:
            best = (gain, turns, left, swing)
    if best is None:
        return 0.0, 0, speed
    return best[3], best[1], best[2]


def _away(game: AtzGame, v: Vehicle, speed: float, cause: Position) -> tuple[float, int, float]:
    """The turn, the turns it takes and the speed left that end the vehicle's move farthest from ``cause``
    (a driver moving away from the cause of the threat, line 1663): straight on first, then 45, 90, 135
    degrees either way and round, within its turns."""
    best: tuple[float, int, float, float] | None = None
    for swing in (0.0, -45.0, 45.0, -90.0, 90.0, -135.0, 135.0, 180.0):
        turns = math.ceil(abs(swing) / 90 - 1e-9)
        if turns > v.kind.turns:
            continue
        left = turned(speed, turns)
        bearing = float(v.facing) + swing
        went = _clear(game, v, bearing, left)
        far = _spot(v, bearing, went).distance(cause)
        if best is None or far > best[0] + 1e-6:
            best = (far, turns, left, swing)
    assert best is not None  # straight on is always within its turns
    return best[3], best[1], best[2]


def _spot(v: Vehicle, bearing: float, d: float) -> Position:
    """Where the vehicle's centre would be ``d`` inches on along ``bearing``."""
    a = math.radians(bearing)
    return Position(inches(round(float(v.position.x) + math.sin(a) * d, 3)),
                    inches(round(float(v.position.y) - math.cos(a) * d, 3)))


def towards_far_edge(game: AtzGame, v: Vehicle, swing: float, distance: float) -> float:
    """The inches towards the far edge the vehicle gains turned by ``swing`` and moving ``distance`` past
    what is in its way (the bots' measure of a veer)."""
    bearing = float(v.facing) + swing
    return _clear(game, v, bearing, distance) * math.cos(math.radians(bearing))


def _clear(game: AtzGame, v: Vehicle, bearing: float, distance: float, edge: Edge = Edge.FAR) -> float:
    """How far the vehicle would go on ``bearing`` before what is in its way (the whole way off ``edge``)."""
    facing = v.facing
    v.facing = Fraction(round(bearing % 360, 6)).limit_denominator(10**6)
    try:
        return _path(game, v, distance, edge=edge)[0]
    finally:
        v.facing = facing


def _path(game: AtzGame, v: Vehicle, distance: float, through: Vehicle | None = None,
          edge: Edge = Edge.FAR) -> tuple[float, bool]:
    """The inches straight ahead the vehicle may go, up to ``distance``, and whether that takes it off
    ``edge`` (the far edge, unless it leaves the table by another); the other edges stop it."""
    past = [v.id, *v.crew] + ([through.id, *through.crew] if through is not None else [])
    others = [o for o in game.on_table(game.figures) if o.id not in past
              and getattr(o, "status", None) not in (Status.OBVIOUSLY_DEAD, *OFF)]
    table = game.setup.board.table
    went, d = 0.0, STEP
    while d <= distance + 1e-9:
        spot = ahead(v, d)
        if edge.gap(float(spot.x), float(spot.y), float(table.width), float(table.depth)) - float(v.base.radius) <= 0:
            return distance, True
        if not game.setup.board.stands(spot, v.base, others):
            return went, False
        went = d
        d += STEP
    if went < distance - 1e-9 and game.setup.board.stands(ahead(v, distance), v.base, others):
        went = distance
    return went, False


def ahead(v: Vehicle, d: float) -> Position:
    a = math.radians(float(v.facing))
    return Position(inches(round(float(v.position.x) + math.sin(a) * d, 3)),
                    inches(round(float(v.position.y) - math.cos(a) * d, 3)))


def move(game: AtzGame, ctx: Context, v: Vehicle, distance: float, through: Vehicle | None = None,
         edge: Edge = Edge.FAR) -> float:
    """Straight ahead up to ``distance``: off the far edge (or the ``edge`` it leaves by) it takes its crew
    off the table (``_off``); it stops short of terrain, the table's other edges and figures in the way (but
    a vehicle it plows ``through``, with those inside); those inside leave any melee. The inches moved."""
    riders = crew(game, v)
    went, off = _path(game, v, distance, through, edge)
    if off:
        v.on_table, v.moved = False, distance
        _off(game, v, riders, edge)
        return distance
    if went < distance - 1e-9:
        v.speed = 0 if went == 0 else v.speed
        game.log_line(f"{v.name} is stopped by what is in its way", v.id)
    v.position = ahead(v, went) if went else v.position
    v.moved, v.stuck = went, went == 0 and distance > 0
    for r in riders:
        r.position, r.facing = v.position, v.facing
        r.moved_fast = went > FAST  # counted as fast moving when it moved over 8" (line 1661)
    if went:
        game.locked = {p for p in game.locked if p[0] not in v.crew}  # driven out of the zombies' melee
        game.emit("move", v.id, f"{v.name} drives {went:g}\" to {float(v.position.x):g}, "
                                f"{float(v.position.y):g}", v.at)
    return went


def _off(game: AtzGame, v: Vehicle, riders: list[Human], edge: Edge) -> None:
    """Off the table with all inside. By the far edge they come home, those out of the fight carried off
    (tested after the encounter, as a friend carried off on foot, line 1338). By another edge they have left
    the table and not come home: those hunkered down have run away (line 814: the Recovery test as retired,
    line 1366), those out of the fight are carried off. The dead stay dead, off the table with it."""
    home = edge is Edge.FAR
    game.log_line(f"{v.name} leaves the table by the {edge.value} edge", v.id, "exit")
    for r in riders:
        r.on_table = False
        if r.status is Status.OBVIOUSLY_DEAD or r.status in OFF:
            continue
        r.carried_off = r.carried_off or r.status is Status.OUT_OF_THE_FIGHT
        r.ran_away = not home and r.status is Status.HUNKERED_DOWN
        r.status = Status.GONE if home else Status.LEFT
        game.log_line(f"{r.name} leaves the table by the {edge.value} edge in {v.name}"
                      + ("" if home else ": not come home") + (", having run away (line 814)" if r.ran_away else ""),
                      r.id, "exit")


# --- a driver's own reactions: moving away, leaving the table (lines 1661-1664) --------------------------

def away(game: AtzGame, ctx: Context, h: Human, cause: Position) -> bool:
    """A driver scoring a duck back or retire "will move away from the cause of the threat" (line 1663): at
    once, as any involuntary move (line 784), the vehicle drives on at its current speed (a stopped one
    accelerating to half its normal speed, line 1531) on the heading that ends it farthest from the cause,
    with the turns it may make (lines 1541-1545). One not running, or wrecked, does not move: he stays in it,
    in cover (line 1661). Hostiles do not drive: theirs stays. Whether it is over for him: driven off the far
    edge, or down in a crash on the way (Lose Control on a sharp turn)."""
    v = drives(game, h)
    if v is None or h.side == HOSTILES:
        return False
    if v.wreck is not None or not v.running:
        game.log_line(f"{h.name} stays in {v.name}, which is not running (line 1663)", h.id)
        return False
    game.log_line(f"{h.name} drives {v.name} away from the threat (line 1663)", h.id)
    drive(game, ctx, h, v, v.speed or accelerate(v), away=cause)
    return not h.on_table or h.status in DOWN


def nearest_edge(game: AtzGame, v: Vehicle) -> Edge:
    """The table edge nearest the vehicle's centre; of edges as near, the far edge first, then clockwise."""
    table = game.setup.board.table
    return min(Edge, key=lambda e: e.gap(float(v.position.x), float(v.position.y), float(table.width),
                                         float(table.depth)))


def leaving(game: AtzGame, h: Human) -> bool:
    """Whether ``h`` is a hunkered-down driver of the group who may still leave the table (line 1664): his
    vehicle is not wrecked and runs, or may yet be started (``startable`` but for this turn's try)."""
    v = drives(game, h)
    return v is not None and h.side != HOSTILES and h.status is Status.HUNKERED_DOWN and v.wreck is None \
        and (v.running or (v.working in (None, Working.WORKS)
                           and (v.keys is not False or h.keys or h.id not in v.hotwired_by)))


def leave(game: AtzGame, ctx: Context, h: Human) -> None:
    """"Hunker down drivers will attempt to leave the table" (line 1664): on each activation he is not
    rallied (his hunker down's "remain in place", line 812, is his seat in cover, line 1661), he starts the
    vehicle if it is not running (as any start, lines 1450-1464) and drives it at its speed for the nearest
    table edge (``nearest_edge``), off it with all inside (``_off``)."""
    if not leaving(game, h):
        return
    v = drives(game, h)
    assert v is not None
    if not v.running and not (startable(game, h, v) and start(game, ctx, h, v)):
        return
    edge = nearest_edge(game, v)
    game.log_line(f"{h.name} is hunkered down: he drives {v.name} for the {edge.value} table edge (line 1664)", h.id)
    drive(game, ctx, h, v, v.speed or accelerate(v), edge=edge)


# --- Lose Control, crashes --------------------------------------------------------------------------------

class Control(str, Enum):
    """What the Lose Control test leaves (line 4262)."""

    ON = "carries on"
    STOPPED = "slides to a stop"  # a Bash avoided at pass 1d6: restarted with "The Car Won't Start!"
    COLLIDES = "fails to avoid the collision"  # a Bash at pass 0d6: the Bash Table
    ROLLED = "rolls over"


def lose_control(game: AtzGame, ctx: Context, v: Vehicle, bash: bool, rep: int | None = None,
                 disabled: bool = False) -> Control:
    """The Lose Control test (line 4262). Running down or no Bash: pass 2d6 or 1d6 carries on, 0d6 it rolls
    over, irreparable. A Bash: 2d6 swerves by and carries on, 1d6 swerves by but slides to a stop (restarted
    with "The Car Won't Start!"), 0d6 fails to avoid the collision."""
    driver = game.figure(v.driver) if v.driver else None
    if not isinstance(driver, Human):
        return Control.ON
    passed = test(game, ctx, driver, "lose-control", rep, disabled)
    if bash and passed == 1:
        v.speed, v.running, v.restart = 0, False, True
        game.log_line(f"{v.name} swerves by but slides to a stop", v.id)
        return Control.STOPPED
    if bash and passed == 0:
        game.log_line(f"{driver.name} fails to avoid the collision", v.id)
        return Control.COLLIDES
    if passed == 0:
        game.log_line(f"{driver.name} loses control: {v.name} rolls over", v.id)
        crash(game, ctx, v, Wreck.ROLLED)
        return Control.ROLLED
    game.log_line(f"{driver.name} {'swerves by and ' if bash else 'keeps control and '}carries on", v.id)
    return Control.ON


def crash(game: AtzGame, ctx: Context, v: Vehicle, how: Wreck) -> None:
    """Rolled over: all inside roll on the Ranged Combat Damage Table versus Impact 3 (lines 1652, 1679);
    exploded: all inside obviously dead (line 1650)."""
    v.wreck, v.speed, v.running = how, 0, False
    for r in crew(game, v):
        if r.status in (Status.OBVIOUSLY_DEAD, *OFF):
            continue
        if how is Wreck.EXPLODED:
            game.go_down(r, Status.OBVIOUSLY_DEAD)
            game.log_line(f"{r.name} is obviously dead in the explosion", r.id, "damage")
        else:
            hurt(game, ctx, r, CRASH_IMPACT)


def hurt(game: AtzGame, ctx: Context, t: Human, impact: int) -> None:
    """A person hit by a crash or a vehicle: the Ranged Combat Damage Table at ``impact`` (1 obviously dead,
    the Impact or less out of the fight, higher knocked down: stunned, or out of the fight unprotected)."""
    rating = max(1, min(impact, 6))
    face = pick(game.setup.table("ranged-damage"), {"impact": rating}, TableDice(ctx)).total
    status = Status.OBVIOUSLY_DEAD if face == 1 else Status.OUT_OF_THE_FIGHT if face <= rating else \
        _knocked_down(game, ctx, t)
    if status is Status.OBVIOUSLY_DEAD and t.star:
        status = hostiles.star_saved(game, ctx, t, 0)
    game.log_line(f"  damage {face} against Impact {rating}: {t.name} is {status.value}", t.id, "damage")
    game.go_down(t, status)
    if status is not Status.CARRY_ON and t.status is not Status.WHISKED:
        game._man_down(ctx, t)


def _knocked_down(game: AtzGame, ctx: Context, t: Human) -> Status:
    """Knocked down: Recover From Knock Down at once (line 866): stunned, out of the fight unless in body
    armor, or obviously dead."""
    passed = group_test(ctx, game._reaction_tables(), [t], Test.RECOVER, None, game._say(t), game.heroes)[t.id]
    result = do(t, Test.RECOVER, passed)
    return {Do.STUNNED: Status.STUNNED, Do.OBVIOUSLY_DEAD: Status.OBVIOUSLY_DEAD}.get(
        result, Status.STUNNED if t.protected else Status.OUT_OF_THE_FIGHT)


def driver_down(game: AtzGame, ctx: Context, t: Human) -> None:
    """A driver disabled for any reason: at once the Lose Control test with only 1d6 (line 1685)."""
    v = of(game, t)
    if v is None or v.driver != t.id or v.wreck is not None or v.speed == 0:
        return
    game.log_line(f"{t.name} is disabled at the wheel of {v.name}", t.id)
    lose_control(game, ctx, v, bash=False, disabled=True)


# --- running down, ramming, bashing -------------------------------------------------------------------------

def run_down(game: AtzGame, ctx: Context, h: Human, v: Vehicle, targets: list[Figure]) -> None:
    """Running down pedestrians (lines 1592-1599), one or several at once (the example under line 1599: three
    zombies in sight and in range): the Vehicle Charge test; on a pass the vehicle moves to within 3" of the
    nearest and each target takes Being Run Down (at +1 Rep on pass 1d6), zombies always passing 0d6 (line
    1597); each it hits is struck at the Bash Value's Impact, then the driver takes Lose Control for each,
    the first that does not carry on ending the move (the engine's order). Pass 0d6: the targets fire at the
    driver and dodge out of the path, prone, and the vehicle moves on its remaining distance."""
    reach = accelerate(v)
    passed = test(game, ctx, h, "vehicle-charge")
    close = max(0.0, min(Board.gap(v, t) for t in targets) - RUN_DOWN_STOP)
    if passed == 0:
        for t in targets:
            _dodge(game, ctx, t, h)
        if _driving_on(game, h, v):
            v.speed = reach
            move(game, ctx, v, reach)
        return
    _noise(game, v, "its engine")
    v.speed = reach
    went = move(game, ctx, v, close)
    if not v.on_table or went < close - 0.01:
        return
    left = max(0.0, reach - went)
    hit = [t for t in targets if _struck(game, ctx, h, v, t, passed)]
    if not _driving_on(game, h, v):
        return
    if all(lose_control(game, ctx, v, bash=False) is Control.ON and v.on_table for _ in hit):
        move(game, ctx, v, left)
    if v.on_table:
        _noise(game, v, "its engine")


def _struck(game: AtzGame, ctx: Context, h: Human, v: Vehicle, t: Figure, passed: int) -> bool:
    """One target of a run down: its Being Run Down test (a zombie passes 0d6, line 1597; a person passing
    1d6 counts as 0d6 against a higher Rep driver or prone, else 2d6), then dodging on 2d6 or struck at the
    vehicle's Bash Value. Whether it was struck."""
    if isinstance(t, Zombie):
        faced = 0
        game.log_line(f"{t.name} cannot take the Being Run Down test: passes 0d6 (line 1597)", t.id)
    else:
        assert isinstance(t, Human)
        faced = test(game, ctx, t, "being-run-down", rep=_rep(t) + (1 if passed == 1 else 0))
        if faced == 1:
            faced = 0 if h.rep > t.rep or t.prone else 2
            game.log_line(f"{t.name}: treated as passing {faced}d6", t.id)
    if faced == 2:
        _dodge(game, ctx, t, h)
        return False
    game.log_line(f"{v.name} smashes into {t.name}", v.id, "damage")
    if isinstance(t, Zombie):
        face = pick(game.setup.table("ranged-damage"), {"impact": max(1, min(v.kind.bash, 6))},
                    TableDice(ctx)).total
        game._zombie_hit(t, face, max(1, min(v.kind.bash, 6)))
    else:
        hurt(game, ctx, t, v.kind.bash)
    return True


def _driving_on(game: AtzGame, h: Human, v: Vehicle) -> bool:
    """Whether the driver goes on with the vehicle's move after the target fired at him: not when he ducked
    back or retired from it, having driven away already (line 1663)."""
    return drives(game, h) is v and v.on_table and h.status not in (Status.DUCKED_BACK, Status.HUNKERED_DOWN)


def _dodge(game: AtzGame, ctx: Context, t: Figure, driver: Human) -> None:
    """The target fires at the driver, then dodges out of the path going prone (line 4262)."""
    if isinstance(t, Human) and t.status in STANDING:
        if t.weapon is not None and t.weapon.ranged and not t.out_of_ammo and hostiles.can_fire_at(game, t, driver):
            game._fire(ctx, t, driver, snap=False)
        if t.status in STANDING:
            t.prone = True
            game.log_line(f"{t.name} dodges out of the path, going prone", t.id)
            game._move_towards(t, Position(t.position.x + 2, t.position.y), 2)


def zombies_charge(game: AtzGame, ctx: Context, h: Human, zombies: list[Zombie]) -> bool:
    """Zombies charging those in a moving vehicle come into contact with it and count as passing 0d6 on
    Being Run Down (lines 1601-1604): each is struck at the Bash Value's Impact, the driver taking Lose
    Control for each (line 1599). Whether the vehicle took the charge (it was moving)."""
    v = of(game, h)
    if v is None or v.speed == 0:
        return False
    for z in zombies:
        if not v.on_table or v.wreck is not None:
            break
        game.log_line(f"{z.name} charges {v.name}: passes 0d6 on Being Run Down (line 1604)", z.id)
        rating = max(1, min(v.kind.bash, 6))
        face = pick(game.setup.table("ranged-damage"), {"impact": rating}, TableDice(ctx)).total
        game._zombie_hit(z, face, rating)
        lose_control(game, ctx, v, bash=False)
    return True


def ram(game: AtzGame, ctx: Context, h: Human, v: Vehicle, o: Vehicle) -> None:
    """Ramming (lines 1606-1613): the Vehicle Charge test; the target's driver, charged from the front,
    takes Vehicle Charged (pass 2d6 he may Bash, 1d6 Lose Control, 0d6 Lose Control at -1 Rep); from the
    rear it is bashed into. Then the Bash Table (``bash``)."""
    reach = accelerate(v)
    passed = test(game, ctx, h, "vehicle-charge")
    if passed == 0:
        game.log_line(f"{h.name} does not go through with it", h.id)
        drive(game, ctx, h, v, reach)
        return
    went = move(game, ctx, v, max(0.0, Board.gap(v, o) - 0.3))
    left = max(0.0, reach - went)
    v.speed = reach
    target = game.figure(o.driver) if o.driver else None
    t_bone = abs(((float(v.facing) - float(o.facing)) % 180) - 90) < 45  # striking it on the side (line 1627)
    if isinstance(target, Human) and target.status in STANDING and in_front(o, v.position):
        faced = test(game, ctx, target, "vehicle-charged")
        # 2d6 he bashes; 1d6 Lose Control, 0d6 Lose Control at -1 to Rep (line 4262)
        if faced < 2 and lose_control(game, ctx, o, bash=True, rep=_rep(target) - (1 if faced == 0 else 0)) \
                is not Control.COLLIDES:
            move(game, ctx, v, left)  # the target swerves by: the rammer carries on
            return
    bash(game, ctx, v, o, left, t_bone)


def bash(game: AtzGame, ctx: Context, v: Vehicle, o: Vehicle, left: float, t_bone: bool) -> None:
    """The Bash Table (lines 1619-1637): each side 1d6 a point of Bash Value (+3d6 to T-Bone), 1-3 a
    success; 3 more the winner plows through, the loser on Bash Damage; 2 more the winner strikes solidly,
    goes on half its remaining move and takes Lose Control, the loser on Bash Damage; 1 more it glances off,
    goes on and takes Lose Control, the loser Lose Control; none, they just miss."""
    ours, faces = bash_successes(ctx, v, t_bone, v.driver or v.id)
    theirs, other = bash_successes(ctx, o, False, o.driver or o.id)
    game.log_line(f"Bash: {v.name} {', '.join(map(str, faces)) or 'no dice'}: {ours} successes; {o.name} "
                  f"{', '.join(map(str, other)) or 'no dice'}: {theirs} successes" + (" (T-Bone)" if t_bone else ""))
    if ours == theirs:
        game.log_line("The vehicles just miss each other")
        move(game, ctx, v, left)
        return
    win, lose = (v, o) if ours > theirs else (o, v)
    more = abs(ours - theirs)
    if more >= 3:
        game.log_line(f"{win.name} plows through {lose.name}")
        bash_damage(game, ctx, win, lose)
    elif more == 2:
        game.log_line(f"{win.name} strikes {lose.name} solidly")
        bash_damage(game, ctx, win, lose)
        lose_control(game, ctx, win, bash=False)
        left /= 2
    else:
        game.log_line(f"{win.name} glances off {lose.name}")
        lose_control(game, ctx, win, bash=False)
        lose_control(game, ctx, lose, bash=False)
    if win is v and v.on_table and v.wreck is None:
        move(game, ctx, v, left, through=o if more >= 3 else None)


def bash_damage(game: AtzGame, ctx: Context, win: Vehicle, lose: Vehicle) -> None:
    """The Bash Damage Table (lines 1645-1653): 2d6 against the difference in Bash Values, never less than
    1: pass 2d6 the loser explodes, all inside obviously dead; 1d6 it rolls over, irreparable, all inside on
    Ranged Combat Damage at Impact 3; 0d6 no appreciable damage, the loser takes Lose Control."""
    passed, faces = passed_against(ctx, win.kind.bash - lose.kind.bash, "Bash Damage", win.id)
    game.log_line(f"Bash Damage: {', '.join(map(str, faces))} against {max(1, win.kind.bash - lose.kind.bash)}: "
                  f"passes {passed}d6")
    if passed == 2:
        game.log_line(f"{lose.name} explodes", lose.id, "damage")
        crash(game, ctx, lose, Wreck.EXPLODED)
    elif passed == 1:
        game.log_line(f"{lose.name} rolls over", lose.id, "damage")
        crash(game, ctx, lose, Wreck.ROLLED)
    else:
        game.log_line(f"{lose.name} takes no appreciable damage", lose.id)
        lose_control(game, ctx, lose, bash=False)


# --- sight and fire ------------------------------------------------------------------------------------

def in_sight(game: AtzGame, ctx: Context, drivers: list[Human]) -> None:
    """In Sight for drivers (line 1564), in place of the people's: pass 2d6 or 1d6 the vehicle moves up to
    half its current speed veering up to 45 degrees if desired, or does that and stops (line 4263,
    ``veer``; a stopped one has no half speed to move); 0d6 does nothing."""
    for h in drivers:
        v = drives(game, h)
        if v is None:
            continue
        passed = test(game, ctx, h, "in-sight")
        if passed >= 1 and v.speed > 0 and v.running:
            veer(game, ctx, h, v, v.speed / 2, "In Sight")


def veer(game: AtzGame, ctx: Context, h: Human, v: Vehicle, distance: float, why: str) -> None:
    """"Move up to half current speed veering up to 45 degrees if desired. Or do above and stop." (In Sight
    and Received Fire at pass 2d6, lines 4263-4264): the driver turns straight on, or 45 degrees left or right,
    and moves the half speed (the full of it), then keeps his speed or stops. The veer is the reaction's own:
    it takes no 1/4 of the speed and is none of the turns of the vehicle's move (line 1541, the engine's
    reading). Hostiles do not drive: theirs goes straight on."""
    if h.side == HOSTILES:
        move(game, ctx, v, distance)
        return
    options = [Choice(("veer", a), f"move {distance:g}\" " + _veered(a)) for a in (0, -VEER, VEER)]
    options += [Choice(("veer", a, "stop"), f"move {distance:g}\" {_veered(a)} and stop") for a in (0, -VEER, VEER)]
    key = ctx.choose("player", f"{h.name} passed the {why} test: how {v.name} moves", options, h.id).key
    swing, stop = key[1], len(key) > 2
    if swing:
        v.facing = Fraction(round((float(v.facing) + swing) % 360, 6)).limit_denominator(10**6)
        game.log_line(f"{v.name} veers {VEER} degrees {'right' if swing > 0 else 'left'} ({why}, line 4263)", h.id)
    move(game, ctx, v, distance)
    if stop and v.on_table:
        v.speed = 0
        game.log_line(f"{v.name} stops ({why}, line 4263)", h.id)


def _veered(swing: int) -> str:
    return "straight on" if not swing else f"veering {abs(swing)} degrees {'right' if swing > 0 else 'left'}"


def veer_away(game: AtzGame, ctx: Context, v: Vehicle, danger: Position) -> None:
    """"Vehicle moves forward half current speed then will veer away from danger 3"" (Received Fire at pass
    1d6 and 0d6, line 4264), read: turned 45 degrees (the veer of the row above) to the side that ends it
    farther from the danger (the right when both are as far), it moves 3"."""
    best: tuple[float, int] | None = None
    for swing in (VEER, -VEER):
        bearing = float(v.facing) + swing
        far = _spot(v, bearing, _clear(game, v, bearing, VEER_AWAY)).distance(danger)
        if best is None or far > best[0] + 1e-6:
            best = (far, swing)
    assert best is not None
    v.facing = Fraction(round((float(v.facing) + best[1]) % 360, 6)).limit_denominator(10**6)
    game.log_line(f"{v.name} veers {VEER} degrees {'right' if best[1] > 0 else 'left'} away from danger, "
                  f"{VEER_AWAY}\" (line 4264)", v.id)
    move(game, ctx, v, VEER_AWAY)


def shoot(game: AtzGame, ctx: Context, h: Human, v: Vehicle) -> None:
    """Shooting at a vehicle (lines 1666-1681): 1d6 + the weapon's Target, 8 or more hits; then 2d6 against
    the weapon's Impact on the Disabled Vehicle Table: pass 2d6 it rolls over, irreparable, all inside on
    Ranged Combat Damage at Impact 3; 1d6 it rolls to a stop, inoperable but repairable; 0d6 no effect, the
    driver takes Received Fire (line 4264: 2d6 half speed veering up to 45 degrees, or that and stop,
    ``veer``; 1d6 half speed forward, then veer away from danger 3", ``veer_away``; 0d6 that and Lose
    Control)."""
    assert h.weapon is not None
    face = ctx.roll(f"{h.name} fires the {h.weapon.name} at {v.name}", D6, h.id)
    game._shots(h, h.weapon.dice or h.weapon.targets)
    total = face + h.weapon.targets
    game.log_line(f"{h.name} fires the {h.weapon.name} at {v.name}: {face} + Target {h.weapon.targets} = {total}: "
                  + ("hit" if total >= 8 else "miss"), h.id)
    driver = game.figure(v.driver) if v.driver else None
    if total >= 8:
        passed, faces = passed_against(ctx, h.weapon.impact, "Disabled Vehicle", h.id)
        game.log_line(f"Disabled Vehicle: {', '.join(map(str, faces))} against Impact {h.weapon.impact}: "
                      f"passes {passed}d6", h.id)
        if passed == 2:
            game.log_line(f"{v.name} rolls over", v.id, "damage")
            crash(game, ctx, v, Wreck.ROLLED)
            return
        if passed == 1:
            v.wreck, v.running = Wreck.STOPPED, False
            if v.speed:
                move(game, ctx, v, v.speed / 2)  # rolls to a stop reducing speed normally for type (line 1680)
            v.speed = 0
            game.log_line(f"{v.name} rolls to a stop, inoperable", v.id, "damage")
            return
    if not isinstance(driver, Human) or driver.status not in STANDING:
        return
    passed = test(game, ctx, driver, "fire")
    if v.speed > 0 and v.running:
        if passed == 2:
            veer(game, ctx, driver, v, v.speed / 2, "Received Fire")
            return
        move(game, ctx, v, v.speed / 2)
        if v.on_table:
            veer_away(game, ctx, v, h.position)
        if passed == 0 and v.on_table and v.wreck is None:
            lose_control(game, ctx, v, bash=False)


def targets(game: AtzGame, h: Human) -> list[Vehicle]:
    """Enemy vehicles ``h`` may fire at: an enemy rides in it and it is in sight and range."""
    if h.weapon is None or not h.weapon.ranged or h.out_of_ammo or h.carrying:
        return []
    return [v for v in vehicles(game) if v.on_table and v.wreck is None
            and any(r.side != h.side and r.status not in (*DOWN, *OFF) for r in crew(game, v))
            and Board.within(h, v, h.weapon.range) and game.sees(h, v, turn=True) is not Sight.BLOCKED]


