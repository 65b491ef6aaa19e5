"""All Things Zombie's vehicles: the Vehicle List, a vehicle on the table, and the rules of its speed.

Seed lines (004): the Vehicle List 1482-1492 (speed, turns, seats, Bash
Value), working or not by the day of the outbreak 1438-1448, keys 1452, keys
found 1454, hotwiring 1454, "The Car Won't Start!" 1456-1464,
movement 1525-1527, starting and stopping 1531-1533, reversing 1537, turning
1541-1545, the Bash Table 1619-1637, the Bash Damage Table 1645-1653, the
Disabled Vehicle Table 1668-1681. These are the rules that read no figure
and no table of the pack; ``driving`` plays them in the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction

from ...tabletop import Base
from ..core import Context, Figure
from .reactions import D6

#: The side a vehicle stands for on the table (it is an obstacle to walks, no one's figure).
VEHICLES = "vehicles"
#: What bounds a person riding a vehicle: it may get in or out through a door at 2" of its move (line 1468).
DOOR_COST = 2
#: Drivers and passengers count as fast moving when the vehicle moved over 8" (line 1661).
FAST = 8
#: The shots a running vehicle's noise counts as at each end of its move, and a failed start (lines 1691-1694).
NOISE = 6
#: A reacting driver veers "up to 45 degrees if desired" (In Sight and Received Fire, lines 4263-4264).
VEER = 45
#: Received Fire at pass 1d6 or 0d6: the vehicle "will veer away from danger 3"" (line 4264).
VEER_AWAY = 3


class Edge(str, Enum):
    """The table edge a vehicle leaves by: the far edge (the top) is the way home; a hunkered-down driver
    "will attempt to leave the table" (line 1664) by the nearest, which may be another."""

    FAR = "far"
    RIGHT = "right"
    NEAR = "near"
    LEFT = "left"

    @property
    def bearing(self) -> float:
        """The heading, clockwise from the far edge's, that drives straight at it."""
        return {Edge.FAR: 0.0, Edge.RIGHT: 90.0, Edge.NEAR: 180.0, Edge.LEFT: 270.0}[self]

    def gap(self, x: float, y: float, width: float, depth: float) -> float:
        """Inches from the spot (x, y) to this edge of a ``width`` by ``depth`` table."""
        return {Edge.FAR: y, Edge.RIGHT: width - x, Edge.NEAR: depth - y, Edge.LEFT: x}[self]


class Type(str, Enum):
    """The Vehicle List's types (line 1483), as an encounter names them."""

    ATV = "atv"
    BIG_RIG = "big-rig"
    BUS = "bus"
    MOTORCYCLE = "motorcycle"
    PICKUP = "pickup-truck"
    RV = "rv"
    SEDAN = "sedan"
    SPORTS_CAR = "sports-car"
    SUV = "suv"


@dataclass(frozen=True)
class Kind:
    """A row of the Vehicle List (lines 1484-1492): normal speed in inches, the 90-degree turns it may make
    when active, the seats it safely carries (cab and back: the Pickup's 3/8 is 11), its Bash Value."""

    name: str
    speed: int
    turns: int
    seats: int
    bash: int

    @property
    def reverses(self) -> bool:
        """Motorcycles and ATVs cannot move in reverse (line 1537)."""
        return self.name not in ("ATV", "Motorcycle")

    @property
    def bootlegs(self) -> bool:
        """The Bootlegger Turn is for a motorcycle, pickup truck, sedan, sports car or SUV (line 1549)."""
        return self.name in ("Motorcycle", "Pickup Truck", "Sedan", "Sports car", "SUV")


KINDS = {
    Type.ATV: Kind("ATV", 18, 3, 2, 1),
    Type.BIG_RIG: Kind("Big Rig", 12, 1, 46, 12),
    Type.BUS: Kind("Bus", 12, 1, 40, 9),
    Type.MOTORCYCLE: Kind("Motorcycle", 24, 3, 2, 0),
    Type.PICKUP: Kind("Pickup Truck", 18, 1, 11, 5),
    Type.RV: Kind("RV", 12, 1, 20, 8),
    Type.SEDAN: Kind("Sedan", 18, 1, 6, 5),
    Type.SPORTS_CAR: Kind("Sports car", 24, 2, 2, 3),
    Type.SUV: Kind("SUV", 18, 1, 9, 6),
}


class Working(str, Enum):
    """What a vehicle found on the table turns out to be when first tried (lines 1438-1448)."""

    WORKS = "works"
    NO_GAS = "out of gas"
    WORN = "inoperable and cannot be repaired"


class Wreck(str, Enum):
    """What fire or a crash left of a vehicle: inoperable but repairable, or rolled over, irreparable."""

    STOPPED = "inoperable"  # Disabled Vehicle Table, pass 1d6 (line 1680)
    ROLLED = "rolled over"  # pass 2d6 (line 1679), Bash Damage pass 1d6 (1652), Lose Control pass 0d6
    EXPLODED = "exploded"  # Bash Damage pass 2d6 (line 1650)


@dataclass
class Vehicle(Figure):
    """A vehicle on the table: a round base as wide as the vehicle about its centre, facing its front. The
    crew are the ids of those inside, the driver first."""

    kind: Kind = KINDS[Type.SEDAN]
    crew: list[str] = field(default_factory=list)
    keys: bool | None = None  # None: not yet looked for (1 on a d6, line 1452)
    working: Working | None = None  # None: not yet tried (rolled by the day of the outbreak, lines 1438-1448)
    wont_start: bool = False  # "The Car Won't Start!" applies (found this encounter, line 1460)
    running: bool = False
    speed: float = 0  # its current speed in inches; 0 stopped
    moved: float = 0  # inches it moved in its last activation (fast moving over 8", line 1661)
    wreck: Wreck | None = None
    hotwired_by: set[str] = field(default_factory=set)  # each character tries once (line 1454)
    tried: int = -1  # the turn someone last tried to start it: one character a turn (line 1458)
    stuck: bool = False  # its last drive moved it not at all: what is in its way holds it (the bots get out)
    restart: bool = False  # slid to a stop on Lose Control: restarts with "The Car Won't Start!" (line 4262)

    @property
    def driver(self) -> str | None:
        return self.crew[0] if self.crew else None

    @property
    def seats_left(self) -> int:
        return self.kind.seats - len(self.crew)

    def copy(self) -> Vehicle:
        """A copy for one game: its crew and its tries its own."""
        return replace(self, crew=list(self.crew), hotwired_by=set(self.hotwired_by))


def vehicle(vid: str, name: str, kind: Type, at, facing: Fraction, width: float) -> Vehicle:
    """A vehicle of the Vehicle List's ``kind`` at its centre ``at``, facing ``facing``."""
    return Vehicle(vid, name, VEHICLES, at, base=Base(Fraction(width).limit_denominator(1000)), facing=facing,
                   kind=KINDS[kind])


# --- speed ---------------------------------------------------------------------------------------------

def accelerate(v: Vehicle) -> float:
    """The speed it may move at this activation without the Driver Test: a stopped vehicle accelerates to
    half its normal speed (line 1531), a moving one moves up to its normal speed (line 1525)."""
    return v.kind.speed / 2 if v.speed == 0 else float(v.kind.speed)


def brake(v: Vehicle) -> float:
    """A vehicle reduces its speed by its normal speed when active (line 1533), never below a stop."""
    return max(0.0, v.speed - v.kind.speed)


def turned(speed: float, turns: int) -> float:
    """Each turn (up to 90 degrees) reduces the speed by 1/4 of its current speed (line 1541)."""
    for _ in range(turns):
        speed -= speed / 4
    return speed


def sharp(angle: float) -> bool:
    """A turn read as a 90-degree turn: more than halfway to it (line 1545 names only 90 degrees)."""
    return abs(angle) > 45


def too_fast(v: Vehicle, speed: float) -> bool:
    """A 90-degree turn at more than half its maximum speed takes the Lose Control test (line 1545)."""
    return speed > v.kind.speed / 2


def driver_test_speed(passed: int, speed: float) -> tuple[float, bool]:
    """The Driver Test on road (line 4262): pass 2d6 up to 2X speed and the Lose Control test, pass 1d6 up
    to 1 1/2 X, pass 0d6 up to full speed; the speed and whether Lose Control is taken."""
    return {2: (speed * 2, True), 1: (speed * 1.5, False), 0: (speed, False)}[passed]


# --- starting ------------------------------------------------------------------------------------------

def chances(day: int) -> tuple[int, int]:
    """The faces of a d6 on which a vehicle found on ``day`` of the outbreak is inoperable, and then out of gas
    (lines 1438-1448): none in the first 14 days, 1-2 out of gas after day 14, 1-4 after day 30, 1-5 from the
    one-year anniversary (day 366: day 1 is the outbreak's), and from the two-year anniversary (day 731)
    inoperable on 1-3, from the third (day 1096) on 1-5. The fuel in those with gas (1d6 Bash Value, 1/2d6
    after a year) is not rolled: it is burnt going from area to area (line 2809), which no encounter plays."""
    gas = 5 if day >= 366 else 4 if day > 30 else 2 if day > 14 else 0
    worn = 5 if day >= 1096 else 3 if day >= 731 else 0
    return worn, gas


def working(ctx: Context, v: Vehicle, day: int, who: str) -> Working:
    """Whether ``v`` works, found out once, when first tried: inoperable first, then out of gas."""
    if v.working is None:
        worn, gas = chances(day)
        v.working = Working.WORKS
        if worn and ctx.roll(f"{v.name}: inoperable? (1-{worn} on day {day})", D6, who) <= worn:
            v.working = Working.WORN
        elif gas and ctx.roll(f"{v.name}: out of gas? (1-{gas} on day {day})", D6, who) <= gas:
            v.working = Working.NO_GAS
    return v.working


def keys_in(ctx: Context, v: Vehicle, who: str) -> bool:
    """The keys are in the vehicle on a 1 (line 1452), looked for once."""
    if v.keys is None:
        v.keys = ctx.roll(f"{v.name}: are the keys in it? (1)", D6, who) == 1
    return v.keys


def keys_fit(ctx: Context, v: Vehicle, who: str) -> bool:
    """Keys found in a building operate the vehicle next to it on 1-4 (line 1454)."""
    return ctx.roll(f"{v.name}: do the keys found fit it? (1-4)", D6, who) <= 4


def hotwire(ctx: Context, v: Vehicle, who: str, dice: int) -> tuple[bool, list[int]]:
    """Hotwiring (line 1454): 2d6 (1d6 more for gangers and Transporters), any doubles start it."""
    v.hotwired_by.add(who)
    faces = [ctx.roll(f"{v.name}: hotwiring d6 {i + 1} of {dice}", D6, who) for i in range(dice)]
    return len(set(faces)) < len(faces), faces


def wont_start(ctx: Context, v: Vehicle, who: str) -> tuple[bool, int]:
    """"The Car Won't Start!" (line 1458): 1d6, 1-3 it starts, 4-6 it does not but may be tried next turn."""
    face = ctx.roll(f"{v.name}: The Car Won't Start! (1-3 starts)", D6, who)
    return face <= 3, face


# --- bashing and damage ----------------------------------------------------------------------------------

def bash_successes(ctx: Context, v: Vehicle, t_bone: bool, who: str) -> tuple[int, list[int]]:
    """The Bash Table (lines 1619-1631): 1d6 a point of Bash Value, +3d6 to T-Bone the target, 1-3 a
    success, all rolled once."""
    dice = v.kind.bash + (3 if t_bone else 0)
    faces = [ctx.roll(f"{v.name} bashes: d6 {i + 1} of {dice}", D6, who) for i in range(dice)]
    return sum(f <= 3 for f in faces), faces


def passed_against(ctx: Context, target: int, why: str, who: str) -> tuple[int, list[int]]:
    """2d6 against ``target`` (never less than 1): the dice scoring it or less (line 1647, line 1672)."""
    target = max(1, target)
    faces = [ctx.roll(f"{why}: d6 {i + 1} of 2 against {target}", D6, who) for i in range(2)]
    return sum(f <= target for f in faces), faces
