"""All Things Zombie's figures: humans with Rep, class, weapon and status; zombies, all Rep 4.

Seed lines (004): Stars 375, classes 431-441, Reputation 456, statuses
961-984, zombies' Rep and Impact 1726-1730.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...tabletop import Position
from ..core import Figure
from .weapons import Weapon


class Status(str, Enum):
    """What the Reaction Tests leave a figure doing (lines 961-984); GONE: left the table."""

    CARRY_ON = "carrying on"
    DUCKED_BACK = "ducked back"
    HUNKERED_DOWN = "hunkered down"
    STUNNED = "stunned"
    KNOCKED_DOWN = "knocked down"  # a zombie laid prone, regaining its feet when next active (line 1955)
    OUT_OF_THE_FIGHT = "out of the fight"
    OBVIOUSLY_DEAD = "obviously dead"
    GONE = "gone"
    LEFT = "left by another edge"  # off the table by an edge not the far one: not come home (a driver, line 1664)
    WHISKED = "whisked to safety"  # a Star cheating death, removed from the game (line 401)
    CAPTURED = "captured"  # tied up by an enemy (Auto-kill or Capture, line 1186), off the table
    HELD = "held captive"  # the Raid's captured member, until contacted by a member of the group (line 2382)


class Aftermath(str, Enum):
    """What the Recovery test after the encounter made of a character (lines 1377-1380, ``aftermath``)."""

    RETURNS = "returned after the encounter"
    RETURNS_LOWER = "returned one Rep lower"
    DIES = "died after the encounter"
    NEVER_RETURNS = "never returned"


#: The side hostile humans play for; the group's side is "humans".
HOSTILES = "hostiles"
#: Statuses of a figure out of play: come home, left by another edge, whisked to safety, captured, or held captive on a Raid (who
#: takes no part, is seen by no one and acts on nothing until a member of the group contacts him, line 2382).
OFF = (Status.GONE, Status.LEFT, Status.WHISKED, Status.CAPTURED, Status.HELD)
#: Statuses a person can be shot at in: standing, or hunkered down.
STANDING = (Status.CARRY_ON, Status.HUNKERED_DOWN)
#: Statuses of a figure that is down: Man Down is taken for them (line 858), zombies feast on them (line 1852).
DOWN = (Status.STUNNED, Status.OUT_OF_THE_FIGHT, Status.OBVIOUSLY_DEAD)


class Klass(str, Enum):
    """The four classes whose Reaction Tests a human takes (line 431); police react as Military (line 594)."""

    CIVILIAN = "civilian"
    GANGER = "ganger"
    MILITARY = "military"
    SURVIVOR = "survivor"


@dataclass
class Human(Figure):
    rep: int = 4
    klass: Klass = Klass.CIVILIAN
    star: bool = False
    weapon: Weapon | None = None
    attribute: str = "none"  # a Reaction Tests table's `attribute` (Stone Cold, Poser...)
    protected: bool = False  # body armor (line 477)
    status: Status = Status.CARRY_ON
    prone: bool = False
    out_of_ammo: bool = False
    moved_fast: bool = False  # passed a Fast Move test this activation (line 1157)
    charged: bool = False  # being charged this turn: no Easy To Hit (line 1969)
    bitten: bool = False  # out of the fight or worse in melee with a zombie: infection is tested (line 2021)
    infected: bool = False  # failed Harry, Are You Okay? after the game (line 2023)
    recovered: bool = False  # returned from out of the fight by the Recovery test (line 1351)
    leader: bool = False
    zombies_seen: bool = True  # false: takes Zed Or No Zed when a zombie first comes near (line 1915)
    carrying: str | None = None  # the id of a wounded friend it carries (Retrieving Wounded, line 1338)
    carried_by: str | None = None  # the id of the friend carrying it
    carried_off: bool = False  # carried off the table out of the fight: tested after the encounter (line 1366)
    aftermath: Aftermath | None = None  # the Recovery test after the encounter (``aftermath``)
    tended_by: str | None = None  # a hostile out of the fight the group recovered: who did (line 2581)
    cheated_death: bool = False  # a Star who cheated death, his Rep one lower (line 401)
    grenades: bool = False  # carries flash-bang grenades (line 1014; the military, line 579)
    flashed: bool = False  # downed by a flash-bang: recovers after the battle (line 1208)
    charging: bool = False  # charging a person: Received Fire reads the chargers' results (lines 4281-4335)
    joined: str | None = None  # a hostile who joined the group at Meet & Greet: "for good" or "for the game"
    animal: bool = False  # an animal of the group (ATM Adventure's dogs: like survivors, line 2234)
    transporter: bool = False  # the Transporter attribute: 3d6 on Lose Control, 1d6 more hotwiring (536, 1454)
    keys: bool = False  # carries keys found that fit no vehicle next to their building (line 1454)
    vehicle: str | None = None  # the id of the vehicle it rides in (vehicles.py), counting cover (line 1661)
    ran_away: bool = False  # driven off the table hunkered down, not rallied (line 814): Recovery as retired
    spared: bool = False  # let live at the Mercy of the Enemy (line 2606): no one stands over him again
    leave: str | None = None  # the building Mercy's order sends him out of on his first activation (line 2607)

    @property
    def on_roster(self) -> bool:
        """A member of the group's roster: neither a recruit of the encounter nor an animal."""
        return self.joined is None and not self.animal


@dataclass
class Zombie(Figure):
    rep: int = 4  # "All zombies have a Reputation of 4" (line 1726)
    status: Status = Status.CARRY_ON
    last_seen: Position | None = None  # where it last saw a human (line 1840)
    feasting: int = 0  # turns the downed human still occupies it (line 1852)
    adding: int = 0  # d6 it adds in its next melee (Zed Or No Zed, pass 0d6: line 4288)
    dazed: int = 0  # turns of activation it loses to a flash-bang (line 1209)
    on_roof: str | None = None  # the building it was placed on top of, to exit when next active (line 1796)


@dataclass(frozen=True)
class HostileForce:
    """Hostile humans rolled up at the start: how many, who they are by a Who They Are table, then each on
    its class's list and weapons table (lines 2531-2537); where they start."""

    count: str  # dice, as the encounter gives them ("2 + 1d6")
    who: str  # the Who They Are table's id
    context: tuple[tuple[str, str | int], ...] = ()  # the table's context beyond the area
    at: Position | None = None


@dataclass
class Noise:
    """Shots fired from one spot this turn (line 1766)."""

    at: Position
    shots: int = 0


@dataclass
class Tally:
    """What one encounter came to, for the playtest report."""

    zombies_drawn: int = 0  # by noise (lines 1760-1771)
    zombies_at_start: int = 0
    zombies_killed: int = 0
    shots: int = 0
    recovered: list[str] = field(default_factory=list)
    hostiles: int = 0  # hostile humans rolled up or placed
    hostiles_down: int = 0  # hostile humans put out of the fight or obviously dead
    buildings_entered: int = 0  # What's Inside? rolled (line 2480)
    zombies_found: int = 0  # met inside buildings (line 2506)
    found: list[str] = field(default_factory=list)  # resources and weapons found searching (line 2625)
    captured: int = 0  # hostile humans captured (line 1186)
    tended: int = 0  # hostile humans out of the fight the group recovered (line 2581)
    joined_after: int = 0  # of those, how many joined the group at the end of the encounter
    met: list[str] = field(default_factory=list)  # how each meeting ended (meeting.py): "joined"...
    bartered: list[str] = field(default_factory=list)  # items got bartering (barter.py, line 3057)
    traded: list[str] = field(default_factory=list)  # resources bartered away for them
