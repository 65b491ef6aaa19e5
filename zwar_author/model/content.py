"""Compiled content: what ``zwar build`` writes, and what the engine and renderer read.

Compiled documents are self-contained and fully resolved: every square is
``floor:x,y``, every edge ``floor:H:x,y``, every room ``floor:R1``, every
rules id ``pack/id``, every dice table a list of rows. A mission document
embeds the rules data of its game, so one file is enough to play it. The
compiled campaign is in ``compiled_campaign``, so that checking a mission
does not define the campaign's models.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import Field

from .common import Count, Model, Name, Positive, Text
from .mission import (
    Condition,
    Crate,
    ExitPoint,
    Item,
    Keycard,
    MissionInfo,
    Npc,
    Objective,
    ObjectToken,
    PlacedInfected,
    Rib,
    Role,
    SpawnPoint,
    StartPoint,
    Token,
    Trigger,
)
from .pack import PackInfo
from .rules import DirectorCard, Equipment, GameRules, Hero, InfectedClass, Perk, SearchCard

FORMAT: Final = "zwar-content/1"


class Result(Model):
    kind: Literal[
        "miss", "knockdown", "kill", "taken_down", "safe", "bitten", "next_stage", "stable",
        "nothing", "roamers", "sinkhole", "spawn_point", "infected", "distance",
    ] = Field(description="What the roll gives.")
    count: Positive | None = Field(None, description="infected: how many.")
    infected: str | None = Field(None, description="infected: the class, as pack/id.")
    spawn_point: str | None = Field(None, description="spawn_point, or infected on a one-roll turn spawn: the letter.")
    distance: Positive | None = Field(None, description="distance, or infected on a one-roll room spawn: squares from the hero.")
    adjacent: bool | None = Field(None, description="One-roll room spawn: placed on a square next to the hero (\"1*\").")


class DiceRow(Model):
    low: Positive = Field(description="Lowest face of the row.")
    high: Positive = Field(description="Highest face of the row.")
    result: Result = Field(description="What these faces give.")


class DiceTable(Model):
    die: Positive = Field(description="Faces of the die.")
    rows: list[DiceRow] = Field(description="Rows in face order; together they cover every face once.")


class Tool(Model):
    name: Literal["zwar-author"] = Field(description="The compiler.")
    version: str = Field(description="The compiler's version.")


class Source(Model):
    sha256: str = Field(description="SHA-256 of the source data in canonical JSON (the same for a TOML file and its JSON twin).")


class CompiledFloor(Model):
    id: str = Field(description="Floor id.")
    name: str | None = Field(description="Printed name.")
    width: Positive = Field(description="Width in squares.")
    height: Positive = Field(description="Height in squares.")
    art: list[str] = Field(description="The merged floor as canonical tile art (SOURCES.md), outer border sealed.")


class CompiledRoom(Model):
    id: str = Field(description="floor:R<n>, numbered by top-left square in row-major order.")
    name: str | None = Field(description="The id given to the room in [[rooms]], if any.")
    label: str | None = Field(description="The printed name given in [[rooms]], if any.")
    squares: list[str] = Field(description="The room's squares, row-major.")
    doors: list[str] = Field(description="Edges on the room's boundary that hold doors.")


class CompiledDoor(Model):
    at: str = Field(description="The edge, floor:H:x,y or floor:V:x,y.")
    kind: Literal["door", "locked", "blast"] = Field(description="door, locked or blast.")
    source: Literal["art", "mission"] = Field(description="Drawn in the art, or placed by the mission.")
    key: str | None = Field(description="Locked doors: keycard colour.")
    room: str | None = Field(description="Blast doors: the room (floor:R<n>) whose task opens it.")
    open: bool = Field(description="Starts open.")
    rooms: list[str] = Field(description="Rooms on either side of the door.")


class CompiledStair(Model):
    link: list[str] = Field(description="The two linked stairs squares.")
    colour: str | None = Field(description="Exodus: stair symbol colour.")


class Board(Model):
    floors: list[CompiledFloor] = Field(description="Every floor.")
    rooms: list[CompiledRoom] = Field(description="Every room of every floor.")
    doors: list[CompiledDoor] = Field(description="Every door of the board.")
    stairs: list[CompiledStair] = Field(description="Stair links.")


class CompiledTurnSpawn(Model):
    rolls: Positive = Field(description="Times rolled each turn.")
    where: DiceTable | None = Field(description="Roll 1 (two-roll form).")
    what: DiceTable | None = Field(description="Roll 2 (two-roll form).")
    table: DiceTable | None = Field(description="The single roll (one-roll form).")
    text: Text = Field(description="Printed note.")


class CompiledRoomSpawn(Model):
    what: DiceTable | None = Field(description="Roll 1 (two-roll form).")
    distance: DiceTable | None = Field(description="Roll 2 per infected (two-roll form).")
    table: DiceTable | None = Field(description="The single roll (one-roll form).")
    text: Text = Field(description="Printed note.")


class CompiledPhase(Model):
    id: str = Field(description="Phase id; the first phase is used from turn 1.")
    name: str | None = Field(description="Printed heading.")
    turn: CompiledTurnSpawn | None = Field(description="Turn spawn.")
    room: CompiledRoomSpawn | None = Field(description="Room spawn.")


class CompiledSpawn(Model):
    phases: list[CompiledPhase] = Field(description="Spawn phases in order.")
    text: Text = Field(description="Printed note.")


class CompiledEvent(Model):
    when: Trigger = Field(description="The trigger, with squares, edges and rooms resolved.")
    text: Text = Field(description="Printed text.")
    spawn_phase: str | None = Field(description="Switch to this spawn phase.")
    open_doors: list[str] = Field(description="Doors that open.")
    open_exits: bool = Field(description="Closed exits open.")
    enter: str | None = Field(description="Role or hero (pack/id) that enters at its start points.")
    spawn: list[Result] = Field(description="Infected placed at once.")


class CompiledTimer(Model):
    id: str = Field(description="Timer id.")
    name: Name = Field(description="What the tracker sheet says.")
    start: Trigger = Field(description="What starts it, with squares, edges and rooms resolved.")
    text: Text = Field(description="Printed text.")


QUALIFIED = "The entry's id as pack/id."


class CompiledHero(Hero):
    id: str = Field(description=QUALIFIED)
    unarmed: DiceTable = Field(description="Unarmed melee table.")


class CompiledInfected(InfectedClass):
    id: str = Field(description=QUALIFIED)
    plural: Name = Field(description="Plural used in tables.")
    grab: DiceTable = Field(description="Grab test.")
    bite: DiceTable = Field(description="Bite test.")


class CompiledGameRules(GameRules):
    id: str = Field(description=QUALIFIED)
    infection_check: DiceTable | None = Field(description="The infection test of each turn.")
    heroes: list[str] = Field(description="Heroes every mission must use, as pack/id.")


class CompiledEquipment(Equipment):
    id: str = Field(description=QUALIFIED)
    quick: DiceTable | None = Field(description="Quick fire or melee table.")
    aimed: DiceTable | None = Field(description="Separate aimed fire table (Exodus).")


class CompiledSearchCard(SearchCard):
    id: str = Field(description=QUALIFIED)


class CompiledPerk(Perk):
    id: str = Field(description=QUALIFIED)


class CompiledDirectorCard(DirectorCard):
    id: str = Field(description=QUALIFIED)


class Rules(Model):
    games: list[CompiledGameRules] = Field([], description="The game's turn, action table and infection track.")
    heroes: list[CompiledHero] = Field(description="Heroes.")
    infected: list[CompiledInfected] = Field(description="Infected classes.")
    equipment: list[CompiledEquipment] = Field(description="Equipment cards.")
    search: list[CompiledSearchCard] = Field(description="The search deck.")
    perks: list[CompiledPerk] = Field(description="Perks.")
    director_cards: list[CompiledDirectorCard] = Field(description="The director deck.")
    campaign_xp: Count | None = Field(description="XP per completed campaign mission.")


class CacheRef(Model):
    file: str = Field(description="The cache file, beside the mission's JSON (docs/caches.md).")
    sha256: str = Field(description="SHA-256 of the cache file.")
    format: Literal["zwar-cache/1"] = Field(description="Format and version of the cache.")


class CompiledMission(Model):
    format: Literal["zwar-content/1"] = Field(description="Format and version of compiled content.")
    kind: Literal["mission"] = Field(description="A compiled mission.")
    tool: Tool = Field(description="What compiled it.")
    source: Source = Field(description="What it was compiled from.")
    pack: str = Field(description="The pack the mission belongs to.")
    mission: MissionInfo = Field(description="Title, game, mode and page text; heroes as pack/id.")
    roles: list[Role] = Field(description="Versus roles.")
    board: Board = Field(description="Floors, rooms, doors and stairs.")
    starts: list[StartPoint] = Field(description="Start points.")
    exits: list[ExitPoint] = Field(description="Exit points.")
    spawn_points: list[SpawnPoint] = Field(description="Spawn points.")
    objectives: list[Objective] = Field(description="Objectives.")
    items: list[Item] = Field(description="Items; cards as pack/id.")
    objects: list[ObjectToken] = Field(description="Objects.")
    crates: list[Crate] = Field(description="Crates.")
    keycards: list[Keycard] = Field(description="Keycards.")
    infected: list[PlacedInfected] = Field(description="Infected at the start; classes as pack/id.")
    npcs: list[Npc] = Field(description="NPCs.")
    rib: Rib | None = Field(description="The rib.")
    tokens: list[Token] = Field(description="Active and search tokens; rooms as floor:R<n>.")
    spawn: CompiledSpawn | None = Field(description="Spawn phases and tables.")
    events: list[CompiledEvent] = Field(description="Events.")
    timers: list[CompiledTimer] = Field([], description="3-turn timers; events end them with `when.timer`.")
    victory: list[Condition] = Field(description="Victory conditions.")
    defeat: list[Condition] = Field(description="Defeat conditions.")
    miniatures: dict[str, Positive] = Field(description="Miniatures available per infected class (pack/id).")
    rules: Rules = Field(description="The rules data of the mission's game.")
    caches: CacheRef | None = Field(None, description="LOS and distance caches, when they were built.")


class MissionEntry(Model):
    id: str = Field(description="Mission id.")
    title: str = Field(description="Mission title.")
    game: str = Field(description="Game.")
    mode: str = Field(description="Mode.")
    file: str = Field(description="Compiled file, relative to the index.")
    sha256: str = Field(description="SHA-256 of the compiled file's bytes.")


class TileEntry(Model):
    id: str = Field(description="Tile id, as pack/id.")
    name: str = Field(description="Tile name.")
    width: Positive = Field(description="Width in squares.")
    height: Positive = Field(description="Height in squares.")
    sides: dict[str, list[str]] = Field(description="Canonical art of each side.")
    copies: Positive = Field(description="Physical copies the pack owns.")


class PackIndex(Model):
    format: Literal["zwar-content/1"] = Field(description="Format and version of compiled content.")
    kind: Literal["pack"] = Field(description="A compiled pack index.")
    tool: Tool = Field(description="What compiled it.")
    pack: PackInfo = Field(description="The pack's manifest.")
    missions: list[MissionEntry] = Field(description="The pack's compiled missions.")
    tiles: list[TileEntry] = Field(description="The pack's tiles.")
    miniatures: dict[str, Positive] = Field(description="Miniatures owned per infected class (pack/id).")
    rules: Rules = Field(description="The pack's own rules data.")
    campaign: str | None = Field(None, description="The pack's compiled campaign file (campaign.json), if it has one.")
