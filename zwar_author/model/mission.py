"""A mission source: everything on a rulebook mission page, structured for the engine.

The printed page has a map, a key, spawn tables, events and victory
conditions. Each becomes structured data the engine can check, with free
``text`` alongside for the printed page.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from .common import (
    POLICY_PATTERN,
    REF_PATTERN,
    Colour,
    Count,
    Document,
    EdgeRef,
    Facing,
    Game,
    Id,
    IntTable,
    Letter,
    Model,
    Name,
    Positive,
    Ref,
    RoomRef,
    Square,
    StringTable,
    Text,
)


class DirectorCards(Model):
    count: Count = Field(description="How many director cards are dealt.")
    dealt_to: str = Field(
        "director",
        description='Who receives them: "director", "each" (every player of a versus game) or a role id.',
    )


Share = Annotated[float, Field(ge=0, le=1)]


class PlaytestBand(Model):
    policy: Annotated[str, StringConstraints(pattern=POLICY_PATTERN)] = Field(
        "cautious", description=(
            "The rung of the skill ladder whose games the band is for: a heuristic bot (cautious, aggressive, "
            "random), or the search player at its default budget (search) or at a budget of N rollouts a "
            "decision (search@N), built on the aggressive bot rather than the cautious one (search@N/aggressive), "
            "as `zwar playtest --policy` names them. New bands should name the search "
            "player: its games say how hard the mission is for skilled play. Left out: the cautious bot."))
    win_rate: list[Share] = Field(min_length=2, max_length=2,
                                  description="[low, high]: the share of games those bots must win, from 0 to 1.")
    runs: Positive = Field(200, description="Games `zwar playtest` plays to check the band when not told otherwise.")


# Written out rather than made by ``keyed`` so that type checkers see the dict.
HeroPerks = Annotated[dict[str, list[Ref]], Field(
    description="Perks the heroes hold when the mission starts, by hero id: a director game's set builds, or "
                "what a campaign chapter expects the heroes to have bought. Priced by each hero's ratings; "
                "over `xp_perk_allowance` is an error. Playtests give them to the bot heroes.",
    json_schema_extra={"patternProperties": {REF_PATTERN: {
        "type": "array", "items": {"type": "string", "pattern": REF_PATTERN}, "description": "The hero's perks, by id."}},
        "additionalProperties": False})]


class MissionInfo(Model):
    id: Id = Field(description="The mission's id, unique in its pack; the compiled file is named after it.")
    title: Name = Field(description="The title printed on the mission page.")
    chapter: Positive | None = Field(None, description="Chapter number in its campaign, or the number of a director game.")
    game: Game = Field("zwar1", description="The game whose rules apply: zwar1 (Z War One), exodus or agentz.")
    mode: Literal["campaign", "director", "versus"] = Field(
        "campaign", description="campaign (co-operative), director (one player runs the infected) or versus (Agent Z)."
    )
    briefing: Text = Field("", description="The mission text printed above the map.")
    notes: list[Text] = Field([], description="Further paragraphs for the printed page (set-up notes, hints).")
    xp_perk_allowance: Count | None = Field(None, description="XP each hero may spend on perks for this mission only (director and versus games).")
    director_cards: DirectorCards | None = Field(None, description="Director cards dealt at the start.")
    extra_doors: Count = Field(0, description=(
        "Doors the mission needs beyond those its box holds (a door stands on every doorway): the box check "
        "(ZW623) counts them, the counter sheet prints them as door counters and the mission page names them."))
    heroes: list[Ref] = Field([], description="Heroes used, by id; empty means every hero of the game.")
    perks: HeroPerks = Field({})
    allow_unplayable: bool = Field(
        False, description="Report what cannot be reached as warnings instead of errors (a work in progress)."
    )
    playtest: PlaytestBand | None = Field(
        None, description="The difficulty band `zwar playtest` holds the mission to (its exit status is 1 outside it).")


class Role(Model):
    id: Id = Field(description="Role id, used by start points, conditions and director cards (`hunter`).")
    name: Name = Field(description="The role's printed name.")
    text: Text = Field("", description="What this role is given or must do, as printed.")
    hero_equipment: bool = Field(True, description="Whether the agent takes the equipment on their hero card "
                                                   "(Hunter & Prey: the prey does not).")


class PlacedTile(Model):
    tile: Ref = Field(description="The tile's id; `pack/id` for a tile of another pack.")
    side: Literal["A", "B"] = Field("A", description="Which side is face up.")
    at: list[Count] = Field(min_length=2, max_length=2, description="[x, y] of the tile's top-left square on the floor, in squares.")
    rotate: Literal[0, 90, 180, 270] = Field(0, description="Clockwise rotation in degrees.")


class FloorSpec(Model):
    id: Id = Field("ground", description="Floor id, used in `floor:x,y`; optional when the mission has one floor.")
    name: Name | None = Field(None, description='The printed name ("Ground Floor").')
    art: str | list[str] | None = Field(None, description="The floor drawn inline as tile art (one string, or a list of lines).")
    tiles: list[PlacedTile] | None = Field(None, description="The floor built from placed tiles.")
    size: list[Positive] | None = Field(
        None, min_length=2, max_length=2,
        description="[width, height] of a tiled floor; leave out to fit the floor to its tiles.",
    )


class StairLink(Model):
    link: list[Square] = Field(min_length=2, max_length=2, description='Two stairs squares on different floors: ["ground:10,4", "first:10,4"].')
    colour: Colour | None = Field(None, description="Exodus: the colour of the stair symbol on both squares.")


class DoorSpec(Model):
    at: EdgeRef = Field(description='The edge: "H:x,y" or "V:x,y", with "floor:" in front on multi-floor maps.')
    kind: Literal["door", "locked", "blast"] = Field(
        "door", description="door (an extra door), locked (needs a keycard) or blast (opened by a task)."
    )
    key: Colour | None = Field(None, description="Locked doors: the colour of the keycard that opens it.")
    room: RoomRef | None = Field(None, description="Blast doors: the room where a task opens it (a square in it or a room id).")
    open: bool = Field(False, description="The door starts open.")


class RoomName(Model):
    id: Id = Field(description="A name for the room, usable wherever a room is asked for (`security`).")
    at: Square = Field(description="Any square inside the room.")
    name: Name | None = Field(None, description='The printed name ("Security room").')


class StartPoint(Model):
    at: Square = Field(description="The square.")
    group: str | None = Field(None, description='Label of the start area this square belongs to, as printed ("1").')
    role: Id | None = Field(None, description="Versus games: the role that starts here.")


class ExitPoint(Model):
    at: Square = Field(description="The square.")
    group: str | None = Field(None, description="Label of the exit area this square belongs to.")
    closed: bool = Field(False, description="The exit is closed until an event opens it.")


class SpawnPoint(Model):
    letter: Letter = Field(description="The spawn point's letter, named by spawn tables.")
    at: Square = Field(description="The square; it may be on the board's border.")


class Objective(Model):
    number: Positive = Field(description="The objective's number on the map.")
    at: Square = Field(description="The square of the objective token.")
    action: Literal["task", "reach"] = Field("task", description="task: a 4 AP task action; reach: step onto the square.")
    scope: Literal["square", "room"] = Field("square", description="square: on the token; room: anywhere in the token's room.")
    label: Text = Field("", description="What the objective is, for the key.")


class Item(Model):
    letter: Letter = Field(description="Letter on the blue token (the first letter of the item's name).")
    card: Ref = Field(description="The equipment card the hero takes.")
    at: Square = Field(description="The square.")


class ObjectToken(Model):
    letter: Letter = Field(description="Letter on the orange token.")
    name: Name = Field(description="What the object is, for the key.")
    at: Square = Field(description="The square.")


class Crate(Model):
    at: Square = Field(description="The square of the crate token.")


class Keycard(Model):
    colour: Colour = Field(description="Opens the locked doors of this colour.")
    at: Square = Field(description="The square.")


class PlacedInfected(Model):
    class_: Ref = Field(alias="class", description="Infected class id (`zombie`).")
    at: Square = Field(description="The square.")
    facing: Facing = Field(description="N, E, S or W.")
    prone: bool = Field(False, description="Starts knocked down.")


class Npc(Model):
    id: Id = Field(description="NPC id, named by conditions (`npc_dies`).")
    name: Name = Field(description="The NPC's printed name.")
    at: Square = Field(description="The square.")
    facing: Facing | None = Field(None, description="N, E, S or W, if it matters.")


class Rib(Model):
    at: Square = Field(description="An open water square.")
    facing: Facing = Field(description="N, E, S or W.")


class Token(Model):
    kind: Literal["active", "search"] = Field(description="active: the room starts active; search: already searched.")
    room: RoomRef = Field(description="The room (a square in it or a room id).")


class TurnSpawn(Model):
    die: Literal[6, 8, 10, 12] = Field(8, description="Faces of the die rolled.")
    rolls: Positive = Field(1, description="How many times the turn spawn is rolled each turn.")
    where: StringTable | None = Field(None, description='Roll 1: a spawn point letter, "roamers", "sinkhole" or "nothing".')
    what: StringTable | None = Field(None, description='Roll 2: "nothing" or how many of which class ("2 zombies").')
    table: StringTable | None = Field(None, description='One roll for both: "1 zombie on A", "roamers", "sinkhole", "nothing".')
    text: Text = Field("", description="Printed note under the table.")


class RoomSpawn(Model):
    die: Literal[6, 8, 10, 12] = Field(8, description="Faces of the die rolled.")
    what: StringTable | None = Field(None, description='Roll 1: "nothing" or how many of which class ("2 zombies").')
    distance: IntTable | None = Field(None, description="Roll 2, once per infected: squares from the hero.")
    table: StringTable | None = Field(None, description='One roll: "nothing" or "2 zombies (3)"; "(1*)" is the square next to the hero.')
    text: Text = Field("", description="Printed note under the table.")


class SpawnPhase(Model):
    id: Id = Field(description="Phase id, named by events (`spawn_phase`).")
    name: Name | None = Field(None, description='The printed heading ("Phase 2").')
    turn: TurnSpawn | None = Field(None, description="The turn spawn in this phase.")
    room: RoomSpawn | None = Field(None, description="The room spawn in this phase.")


class Spawn(Model):
    turn: TurnSpawn | None = Field(None, description="The turn spawn, when the mission has a single phase.")
    room: RoomSpawn | None = Field(None, description="The room spawn, when the mission has a single phase.")
    phases: list[SpawnPhase] | None = Field(None, description="Spawn phases, switched by events; the first is used from turn 1.")
    text: Text = Field("", description="Printed note about spawning.")


class Trigger(Model):
    turn: Positive | None = Field(None, description="At the start of this turn.")
    door_opened: EdgeRef | None = Field(None, description="When the door on this edge is first opened (or destroyed).")
    task_done: RoomRef | None = Field(None, description="When a task is completed in this room.")
    objective: Positive | None = Field(None, description="When this objective is completed.")
    picked_up: Letter | None = Field(None, description="When the object with this letter is picked up.")
    room_activated: RoomRef | None = Field(None, description="When this room becomes active.")
    timer: Id | None = Field(None, description="When this 3-turn timer runs out (its third end phase).")


class Event(Model):
    when: Trigger = Field(description="What makes the event happen: exactly one trigger.")
    text: Text = Field("", description="The event as printed.")
    spawn_phase: Id | None = Field(None, description="Switch to this spawn phase.")
    open_doors: list[EdgeRef] = Field([], description="Doors that open.")
    open_exits: bool = Field(False, description="Closed exits open.")
    enter: Id | None = Field(None, description="A role or hero that enters the board at its start points.")
    spawn: list[str] = Field([], description='Infected placed at once, as "2 zombies on A".')


class Timer(Model):
    id: Id = Field(description='Timer id, named by events: `when = { timer = "shutters" }`.')
    name: Name = Field(description='What the players write on the tracker sheet\'s 3-turn timer ("Shutters").')
    start: Trigger = Field(description="What starts it: exactly one trigger, as for events (a task done, ...).")
    text: Text = Field("", description="The action as printed.")


class Condition(Model):
    side: str = Field("heroes", description='Who this is for: "heroes", "director" or a role id.')
    text: Text = Field("", description="The condition as printed.")
    objectives: Literal["all"] | list[Positive] | None = Field(None, description='"all", or the numbers of the objectives to complete.')
    objectives_count: Positive | None = Field(None, description="How many objectives (any of them) to complete.")
    escape: Literal["all", "any"] | None = Field(None, description="All (or any) heroes of the side leave the board at an exit.")
    carrying: list[Letter] = Field([], description="Objects, by letter, that must leave the board with them.")
    escort: list[Id] = Field([], description="NPCs, by id, that must leave the board at an exit too.")
    survive: Positive | None = Field(None, description="Survive to the end of this turn.")
    kill: Id | None = Field(None, description="A role or hero that must be killed.")
    outscore_dead: Id | None = Field(None, description="Versus games: a rival role (or hero) that is dead while the "
                                     "side has completed more objectives than that rival had.")
    any_hero_dies: bool = Field(False, description="Met when any hero of the side dies.")
    npc_dies: Id | None = Field(None, description="Met when this NPC dies.")
    after_turn: Positive | None = Field(None, description="Met at the end of this turn (a time limit).")


class MissionDoc(Document):
    mission: MissionInfo = Field(description="Title, game, mode and the other facts printed on the page.")
    roles: list[Role] = Field([], description="Versus games: the roles players take (hunter, prey).")
    floors: list[FloorSpec] = Field(min_length=1, description="The map, one entry per floor.")
    stairs: list[StairLink] = Field([], description="Stair links between floors.")
    doors: list[DoorSpec] = Field([], description="Extra, locked and blast doors.")
    rooms: list[RoomName] = Field([], description="Names for rooms, to refer to them by id.")
    starts: list[StartPoint] = Field([], description="Start points.")
    exits: list[ExitPoint] = Field([], description="Exit points.")
    spawn_points: list[SpawnPoint] = Field([], description="Spawn points, by letter.")
    objectives: list[Objective] = Field([], description="Numbered objectives.")
    items: list[Item] = Field([], description="Items (blue tokens): equipment cards to pick up.")
    objects: list[ObjectToken] = Field([], description="Objects (orange tokens): carried one at a time.")
    crates: list[Crate] = Field([], description="Crates: break one by moving through it to draw a search card.")
    keycards: list[Keycard] = Field([], description="Keycards for locked doors.")
    infected: list[PlacedInfected] = Field([], description="Infected on the board at the start.")
    npcs: list[Npc] = Field([], description="Non-player characters.")
    rib: Rib | None = Field(None, description="Exodus: the rib (boat) and its facing.")
    tokens: list[Token] = Field([], description="Active and search tokens placed at the start.")
    spawn: Spawn | None = Field(None, description="Turn spawn and room spawn tables.")
    events: list[Event] = Field([], description="Events and their triggers.")
    timers: list[Timer] = Field([], description="3-turn timers: actions that take three turns to complete.")
    victory: list[Condition] = Field([], description="Victory conditions; meeting any one entry wins.")
    defeat: list[Condition] = Field([], description="Defeat conditions; meeting any one entry loses.")
