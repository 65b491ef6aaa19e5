"""All Things Zombie scenarios and encounters (encounters/*.toml), in the book's own layout.

Area, Forces, Deployment, Special Instructions and Goal, as the rulebook sets
them out; the table size, buildings and vehicles placed in inches (read into
the inch-measured table model, ``zwar_author.tabletop``); forces given as a
list of figures or rolled from a random table of the pack.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import Count, Document, Id, Model, Name, Ref, Text
from .tables import Expression, TableRef, Word

Area = Literal["rural", "suburb", "urban"]
TimeOfDay = Literal["daytime", "pre-dawn", "evening", "night"]
Length = int | float
Point = Annotated[list[Length], Field(min_length=2, max_length=2)]


class TableSize(Model):
    width: Length = Field(48, description="Width of the table in inches (4' is 48).")
    depth: Length = Field(48, description="Depth of the table in inches.")


class Placed(Model):
    id: Id = Field(description="Id, unique among the encounter's buildings and vehicles.")
    piece: Ref | None = Field(None, description="A piece of the pieces/ catalogue (`house`, `atz/car`): its name, "
                                                "size, floors, doors and windows. Or, for a one-off, `type` and `size`.")
    type: Name | None = Field(None, description="A one-off's kind: \"house\", \"gas station\", \"mini-van\".")
    at: Point = Field(description="Its top-left corner before rotation, [x, y] in inches from the table's top left.")
    size: Point | None = Field(None, description="A one-off's [width, depth] in inches.")
    rotation: Length = Field(0, description="Clockwise degrees about `at`.")
    floors: Count | None = Field(None, description="A one-off building's floors (1 for a single story, the default).")
    doors: Count | None = Field(None, description="A one-off building's doors (1 unless said).")
    windows: Count | None = Field(None, description="A one-off building's windows (none unless said).")
    text: Text = Field("", description="Notes.")


VehicleType = Literal["atv", "big-rig", "bus", "motorcycle", "pickup-truck", "rv", "sedan", "sports-car", "suv"]


class PlacedVehicle(Placed):
    """A vehicle the group may drive (seed 004, lines 1424-1698): its type on the Vehicle List (line 1482)
    gives its speed, turns, seats and Bash Value."""

    vehicle: VehicleType | None = Field(None, description="Its type on the Vehicle List (line 1482), to be driven: "
                                                          "atv, big-rig, bus, motorcycle, pickup-truck, rv, sedan, "
                                                          "sports-car or suv. None: it stands as terrain (a wreck).")
    crew: list[Name] = Field([], description="The figures in it at the start, the driver first (the group's "
                                             "members by name).")
    keys: bool | None = Field(None, description="The keys are in it; none said: 1 on a d6 when first tried "
                                                "(line 1452), else it is hotwired (line 1454).")
    wont_start: bool = Field(False, description="\"The Car Won't Start!\" (line 1456): 1-3 on a d6 starts it, "
                                                "4-6 it may be tried next turn.")
    running: bool = Field(False, description="Its engine is running at the start.")
    speed: Annotated[float, Field(ge=0, le=48)] = Field(0, description="Its speed at the start in inches "
                                                                         "(0: stopped, line 1531).")


class Figure(Model):
    name: Name = Field(description="Who the figure is.")
    rep: Annotated[int, Field(ge=1, le=7)] | None = Field(None, description="Reputation.")
    reacts_as: Name | None = Field(None, description="The class whose reactions it takes (\"Civilians\").")
    weapons: list[Name] = Field([], description="Weapons and what they count as.")
    text: Text = Field("", description="Notes.")


class Force(Model):
    side: Literal["player", "humans", "zombies", "animals"] = Field(description="Whose figures these are.")
    text: Text = Field("", description="The force as the book describes it.")
    figures: list[Figure] = Field([], description="The force by list.")
    count: Expression | None = Field(None, description="How many, as dice or a number (\"2d6\", \"5\").")
    table: TableRef | None = Field(None, description="A random table that says who they are (`raid-who`).")
    context: dict[str, Word | int] = Field({}, description="Context values for the table beyond area and time.")
    at: Point | None = Field(None, description="Where they start, [x, y] in inches.")


class Trigger(Model):
    when: Text = Field(description="What sets it off, in the book's words.")
    then: Text = Field(description="What happens.")
    table: TableRef | None = Field(None, description="A random table it rolls on.")


class EncounterInfo(Model):
    id: Id = Field(description="Id, unique in the pack.")
    title: Name = Field(description="The printed title.")
    kind: Literal["scenario", "encounter"] = Field(description="A one-off scenario or a campaign encounter type.")
    source: Text = Field("", description="Where it is printed.")
    text: Text = Field("", description="The story or the summary at its head.")
    areas: list[Area] = Field(min_length=1, description="Area types it can take place in.")
    times: list[TimeOfDay] = Field(["daytime", "pre-dawn", "evening", "night"],
                                   description="Times of day it can be played at.")
    table: TableSize = Field(default_factory=TableSize, description="The table's size in inches.")
    deployment: list[Text] = Field([], description="DEPLOYMENT, point by point.")
    special: list[Text] = Field([], description="SPECIAL INSTRUCTIONS, point by point.")
    goal: list[Text] = Field([], description="GOAL, point by point.")


class EncounterDoc(Document):
    encounter: EncounterInfo = Field(description="Who the scenario or encounter is, and its layout.")
    buildings: list[Placed] = Field([], description="Buildings placed on the table.")
    vehicles: list[PlacedVehicle] = Field([], description="Vehicles placed on the table, which the group may "
                                                            "drive.")
    forces: list[Force] = Field([], description="FORCES: each side by list or rolled from a table.")
    triggers: list[Trigger] = Field([], description="What happens when.")


# --- compiled encounters (zwar build: <pack>/encounters/<id>.json) ----------------------------

class CompiledPlaced(Model):
    id: str = Field(description="The building's or vehicle's id in the encounter.")
    what: Literal["building", "vehicle"] = Field(description="A building or a vehicle.")
    piece: str | None = Field(description="The catalogue piece, qualified (`pack/id`); null for a one-off.")
    described: str = Field(description="Its type, size, floors, doors and windows in words.")
    floors: int = Field(description="Floors above the ground.")
    corners: list[list[float]] = Field(description="The footprint's corners on the table, in inches (6 decimals).")


class CompiledEncounter(Model):
    format: Literal["zwar-content/1"] = Field(description="Format and version of compiled content.")
    kind: Literal["encounter"] = Field(description="A compiled All Things Zombie scenario or encounter.")
    tool: str = Field(description="The compiler and its version (`zwar-author 0.1.0`).")
    source_sha256: str = Field(description="SHA-256 of the source's data in canonical JSON.")
    pack: str = Field(description="The pack it belongs to.")
    encounter: EncounterDoc = Field(description="The encounter as written.")
    pieces: list[CompiledPlaced] = Field(description="Buildings then vehicles, in source order, placed.")
    tables: list[str] = Field(description="The random tables its forces and triggers roll on, qualified, sorted.")


# --- a group of Stars and Grunts (zwar playtest ENCOUNTER --group FILE) -------------------------

class Member(Model):
    name: Name = Field(description="Who the figure is, as the Group roster record sheet lists it.")
    klass: Literal["civilian", "ganger", "military", "police", "survivor"] = Field(
        alias="class", description="The class whose Reaction Tests it takes (police react as military).")
    rep: Annotated[int, Field(ge=1, le=12)] = Field(description="Reputation.")
    star: bool = Field(False, description="A Star (the player's own figure): Free Will on its tests.")
    attributes: list[Literal["none", "born-leader", "poser", "slow-to-react", "stone-cold", "athlete", "wuss",
                             "transporter"]] = \
        Field([], max_length=2, description="Attributes that change its Reaction Tests (a Star has two).")
    weapons: list[Name] = Field([], max_length=4, description="Weapons, by the List Of Weapons' names "
                                                            "(\"BA Pistol\"); the first is the one it uses.")
    protected: bool = Field(False, description="Wears body armor.")
    zombies_seen: bool = Field(True, description="Has met zombies: false, it takes Zed Or No Zed the first time "
                                                 "one comes within 3\" (6\" for police and military).")
    notes: Text = Field("", description="Notes.")


class GroupInfo(Model):
    name: Name = Field("group", description="The group's name.")
    area: Area | None = Field(None, description="The area it plays in, when the encounter allows several.")
    time: TimeOfDay | None = Field(None, description="The time of day, when the encounter allows several.")
    day: Annotated[int, Field(ge=1, le=36500)] = Field(1, description=(
        "The day of the outbreak the encounter is played on (day 1: the outbreak's). After day 14 a vehicle "
        "found on the table may be out of gas, from the second year on inoperable (seed 004, lines 1438-1448)."))
    captive: Name | None = Field(None, description="The member a Raid holds captive (seed 004, line 2380), by "
                                                   "name; unsaid, the lowest Rep but the Star, the last listed "
                                                   "among equals.")


class GroupDoc(Document):
    group: GroupInfo = Field(default_factory=GroupInfo, description="The group, as its record sheet heads it.")
    members: list[Member] = Field(min_length=1, max_length=24, description="Each figure of the Group roster.")
