"""Rules data of a pack: the game's turn, heroes, infected classes, equipment, search deck, perks, director cards.

All dice tables here are rolled with one eight-sided die, as in every game of
the Z War family. Values not printed in the sources are listed in ``assumed``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from .common import (
    Count,
    Document,
    Game,
    Id,
    Letter,
    Model,
    Name,
    PerkClass,
    Positive,
    Rating,
    Ref,
    StringTable,
    Text,
    assumed_field,
)

ALL_GAMES: list[Game] = ["zwar1", "exodus", "agentz"]


class Ratings(Model):
    agility: Rating = Field(description="Rating for agility perks: red, amber or green.")
    ballistic: Rating = Field(description="Rating for ballistic perks: red, amber or green.")
    melee: Rating = Field(description="Rating for melee perks: red, amber or green.")
    survival: Rating = Field(description="Rating for survival perks: red, amber or green.")


class Hero(Model):
    id: Id = Field(description="Hero id (`cole`).")
    name: Name = Field(description="Printed name.")
    initial: Letter = Field(description="Initial used on the tracker sheet.")
    games: list[Game] = Field(description="Games this hero belongs to.")
    ap: Positive = Field(4, description="Action points per turn.")
    ratings: Ratings = Field(description="Perk price ratings per perk class.")
    equipment: list[Ref] = Field([], description="Starting equipment cards, by id.")
    unarmed: StringTable = Field(description='Unarmed melee table: "miss", "knockdown" or "kill" per face.')
    text: Text = Field("", description="Card text.")
    assumed: list[str] = assumed_field()


class InfectedClass(Model):
    id: Id = Field(description="Class id (`zombie`), named by spawn tables.")
    name: Name = Field(description="Printed name.")
    plural: Name | None = Field(None, description='Plural used in tables ("zombies"); default: the id with an "s".')
    games: list[Game] = Field(description="Games this class belongs to.")
    move: Count = Field(description="Squares moved when not charging (Move, or Walk in Exodus).")
    charge: Count = Field(description="Squares moved when charging.")
    smell: Count = Field(description="Smell range in squares.")
    kill_points: Positive = Field(description="Kill results needed to remove it.")
    hears: bool = Field(False, description="Drawn by noise (diggers): charges the hero who fired a weapon that is "
                                           "not silent this turn, or any weapon at it.")
    grab: StringTable = Field(description='Grab test: "taken down", "knockdown" or "safe" per face.')
    bite: StringTable = Field(description='Bite test: "bitten" or "safe" per face.')
    text: Text = Field("", description="Card text.")
    assumed: list[str] = assumed_field()


class Effect(StrEnum):
    """What an equipment card does beyond its tables, named by the card (``effect = "stink-tank"``)
    so a pack can give its own card a rule the engine already plays."""

    STINK_TANK = "stink-tank"  # a free action while active: undetectable until the hero's next turn
    RAC_ARMOUR = "rac-armour"  # +1 to bite tests while carried


class Equipment(Model):
    id: Id = Field(description="Card id (`pistol`).")
    name: Name = Field(description="Printed name.")
    games: list[Game] = Field(description="Games this card belongs to.")
    kind: Literal["ballistic", "melee", "explosive", "medical", "utility"] = Field(
        description="ballistic, melee, explosive (thrown or placed), medical or utility."
    )
    fire: list[Literal["semi-auto", "full-auto", "single-shot"]] = Field(
        [], description="Ballistic fire types: semi-auto keeps the aim bonus on follow-up shots; full-auto fires 3 rounds."
    )
    ammo: Positive | None = Field(None, description="Rounds (or uses) at the start of a mission; leave out when unlimited.")
    range: Positive | None = Field(None, description="Maximum range in squares (route distance), if limited.")
    blast: Positive | None = Field(None, description="Squares hit around the target (9 for a 3x3 blast).")
    dual_wield: bool = Field(False, description="Can be dual wielded with another pistol.")
    silent: bool = Field(False, description="Makes no sound (does not attract diggers).")
    aimed_only: bool = Field(False, description="Cannot be used for quick fire (the crossbow).")
    placed: bool = Field(False, description="Placed as a token and set off later, never thrown (C4).")
    aim_bonus: Count = Field(2, description="Added to the roll of aimed attacks when the card has no separate aimed table.")
    quick: StringTable | None = Field(None, description='Quick fire (or melee) table: "miss", "knockdown" or "kill" per face.')
    aimed: StringTable | None = Field(None, description="Exodus: a separate aimed fire table.")
    special: Ref | None = Field(None, description="Special equipment: the only hero who may use it.")
    effect: Effect | None = Field(
        None, strict=False,
        description="What the card does beyond its tables, by the rule the engine plays: stink-tank (a free "
        "action while active: undetectable until the hero's next turn, one use) or rac-armour (+1 to bite tests "
        "while carried). Any card may name one.")
    craft: list[Ref] = Field([], description="Exodus: search cards, by id, crafted into this card.")
    text: Text = Field("", description="Card text.")
    assumed: list[str] = assumed_field()


class SearchCard(Model):
    id: Id = Field(description="Card id.")
    name: Name = Field(description="Printed name.")
    games: list[Game] = Field(description="Games whose deck holds this card.")
    kind: Literal["equipment", "loot", "ammo", "crafting", "zombie"] = Field(
        description="equipment (gives a card), loot (XP), ammo, crafting material, or zombie (an infected appears)."
    )
    card: Ref | None = Field(None, description="Equipment cards: the card given.")
    xp: Count | None = Field(None, description="Loot cards: the XP it is worth.")
    rounds: Positive | None = Field(None, description="Ammo cards: rounds added when reloading.")
    reloads: list[Ref] = Field([], description="Ammo cards: the equipment cards they reload.")
    copies: Positive = Field(1, description="Copies in the deck.")
    text: Text = Field("", description="Card text.")
    assumed: list[str] = assumed_field()


class PerkPrice(Model):
    red: Count = Field(description="XP price for a hero rated red in this class.")
    amber: Count = Field(description="XP price for a hero rated amber.")
    green: Count = Field(description="XP price for a hero rated green.")


class Perk(Model):
    id: Id = Field(description="Perk id (`dead-eye`).")
    name: Name = Field(description="Printed name.")
    class_: PerkClass = Field(alias="class", description="Perk class: agility, ballistic, melee or survival.")
    price: PerkPrice = Field(description="XP price by the hero's rating in the perk's class.")
    power: bool = Field(False, description="A power perk: limited uses per mission.")
    uses: Positive | None = Field(None, description="Power perks: uses per mission.")
    games: list[Game] = Field(description="Games this perk belongs to.")
    text: Text = Field(description="What the perk does, as printed.")
    assumed: list[str] = assumed_field()


class CardWindow(StrEnum):
    """When in a turn a director card may be played (``window = "spawn"``)."""

    INFECTED_MOVE = "infected-move"  # the start of the infected move, before the bite tests
    SPAWN = "spawn"  # the start of the spawn phase, after the drop-offs, before the spawn rolls
    BALLISTIC_ATTACK = "ballistic-attack"  # a hero's ballistic attack, before its dice are rolled
    ROOM_SPAWN = "room-spawn"  # a room spawn, before its roll


class CardEffect(StrEnum):
    """What a director card does, by the effect primitive the engine plays (``effect = "extra-spawn-roll"``),
    so a pack can add its own card."""

    DIRECT_CONTROL = "direct-control"  # an infected unit under the director's control for the rest of the game
    EXTRA_SPAWN_ROLL = "extra-spawn-roll"  # `amount` more turn spawn rolls this spawn phase
    CHARGE_ALL = "charge-all"  # every infected unit moves at its charge speed this infected move
    MISS = "miss"  # the attack misses; its ammunition is still spent
    ROOM_SPAWN_BONUS = "room-spawn-bonus"  # `amount` added to the room spawn roll


#: the windows each effect can be played in (the first is a card's window when it names none)
EFFECT_WINDOWS: dict[CardEffect, tuple[CardWindow, ...]] = {
    CardEffect.DIRECT_CONTROL: (CardWindow.INFECTED_MOVE, CardWindow.SPAWN),
    CardEffect.EXTRA_SPAWN_ROLL: (CardWindow.SPAWN,),
    CardEffect.CHARGE_ALL: (CardWindow.INFECTED_MOVE,),
    CardEffect.MISS: (CardWindow.BALLISTIC_ATTACK,),
    CardEffect.ROOM_SPAWN_BONUS: (CardWindow.ROOM_SPAWN,),
}


class DirectorCard(Model):
    id: Id = Field(description="Card id.")
    name: Name = Field(description="Printed name.")
    games: list[Game] = Field(description="Games whose director deck holds this card.")
    copies: Positive = Field(1, description="Copies in the deck.")
    text: Text = Field(description="What the card does.")
    effect: CardEffect | None = Field(
        None, strict=False,
        description="What the card does, by the effect the engine plays: direct-control, extra-spawn-roll, "
        "charge-all, miss or room-spawn-bonus. A card with none is dealt but never played.")
    window: CardWindow | None = Field(
        None, strict=False,
        description="When it may be played: infected-move, spawn, ballistic-attack or room-spawn (default: the "
        "effect's first window).")
    amount: Positive = Field(1, description="How much: extra spawn rolls, or the bonus added to a room spawn roll.")
    assumed: list[str] = assumed_field()


class ActionTable(Model):
    """The AP of each action a game has (0: a free action). Which actions a game has is its profile's
    (docs/format.md, "What each game has"): the table gives every one of them a cost and no other."""

    move: Count | None = Field(None, description="Move one square.")
    sprint: Count | None = Field(None, description="Sprint three squares.")
    turbo: Count | None = Field(None, description="Turbo sprint (perk): seven squares.")
    dive: Count | None = Field(None, description="Dive two squares, ending prone.")
    crawl: Count | None = Field(None, description="Crawl one square (prone).")
    stand: Count | None = Field(None, description="Stand up.")
    exit: Count | None = Field(None, description="Leave the board at an exit.")
    open: Count | None = Field(None, description="Open a door.")
    close: Count | None = Field(None, description="Close a door.")
    knock: Count | None = Field(None, description="Knock on a door.")
    quick: Count | None = Field(None, description="Quick fire or melee.")
    melee: Count | None = Field(None, description="Melee attack.")
    throw: Count | None = Field(None, description="Throw an explosive.")
    move_quick: Count | None = Field(None, alias="move-quick", description="Move one square, then quick fire.")
    quick_move: Count | None = Field(None, alias="quick-move", description="Quick fire, then move one square.")
    move_melee: Count | None = Field(None, alias="move-melee", description="Move one square, then melee.")
    melee_move: Count | None = Field(None, alias="melee-move", description="Melee, then move one square.")
    move_throw: Count | None = Field(None, alias="move-throw", description="Move one square, then throw.")
    throw_move: Count | None = Field(None, alias="throw-move", description="Throw, then move one square.")
    aimed: Count | None = Field(None, description="Aimed fire.")
    execute: Count | None = Field(None, description="Execution.")
    hitman: Count | None = Field(None, description="Hit Man kill (perk).")
    alert: Count | None = Field(None, description="Go on alert.")
    sweep: Count | None = Field(None, description="Sweep a grappler off.")
    search: Count | None = Field(None, description="Search a room.")
    task: Count | None = Field(None, description="Carry out a task.")
    weapon: Count | None = Field(None, description="Change the active weapon.")
    give: Count | None = Field(None, description="Give a card to a hero next to you.")
    take: Count | None = Field(None, description="Take a card from a hero next to you.")
    medpack: Count | None = Field(None, description="Use a med pack.")
    stink: Count | None = Field(None, description="Use the Stink Tank.")
    redline: Count | None = Field(None, description="Redline (power perk).")
    dead_eye: Count | None = Field(None, alias="dead-eye", description="Dead Eye (power perk).")
    berserker: Count | None = Field(None, description="Berserker (power perk).")
    support: Count | None = Field(None, description="Moral Support (perk).")
    reload: Count | None = Field(None, description="Reload the active weapon (Exodus).")
    move_reload: Count | None = Field(None, alias="move-reload", description="Move one square and reload (Exodus).")
    craft: Count | None = Field(None, description="Craft equipment (Exodus).")
    drop_prone: Count | None = Field(None, alias="drop-prone", description="Drop prone (Exodus).")
    place_item: Count | None = Field(None, alias="place-item", description="Place an item (Exodus).")
    meat_shield: Count | None = Field(None, alias="meat-shield", description="Grab a zombie as a shield (Agent Z).")
    kick_off: Count | None = Field(None, alias="kick-off", description="Push a held zombie away (Agent Z).")
    rib_move: Count | None = Field(None, alias="rib-move", description="Move the rib one square (Exodus).")
    rib_turn: Count | None = Field(None, alias="rib-turn", description="Turn the rib 90 degrees (Exodus).")
    rib_reverse: Count | None = Field(None, alias="rib-reverse", description="Reverse the rib one square (Exodus).")
    rib_reverse_turn: Count | None = Field(None, alias="rib-reverse-turn",
                                           description="Reverse and turn the rib 90 degrees (Exodus).")
    rib_full_throttle: Count | None = Field(None, alias="rib-full-throttle",
                                            description="Move the rib three squares (Exodus).")
    rib_driver: Count | None = Field(None, alias="rib-driver",
                                     description="Swap who drives the rib, at the start of the hero move (Exodus).")
    throw_knife: Count | None = Field(None, alias="throw-knife", description="Throw a knife, aimed (Agent Z).")
    place: Count | None = Field(None, description="Place a C4 token.")
    detonate: Count | None = Field(None, description="Set off one's own placed C4.")


#: The phases a game's turn may have, in the order they are played.
PhaseId = Literal["heroes", "infected", "spawn", "infection", "end"]


class GameRules(Model):
    """The rules of a game that are not on its cards: its action table, its turn, its infection track."""

    id: Id = Field(description="An id for these rules: the game's id (`zwar1`).")
    name: Name = Field(description="The game's name.")
    games: list[Game] = Field(description="The game again, as every rules entry says which games it belongs to.")
    actions: ActionTable = Field(description="The AP of every action the game has, and of no other.")
    phases: list[PhaseId] = Field(description="The phases of a turn after its announce, in order.")
    infection_check: StringTable | None = Field(
        None, description='The infection test of each turn: "next stage" or "stable" per face; leave out when the '
        "infection moves on without a test.")
    infection_every_end_phase: bool = Field(
        False, description="The infection moves on a stage in every end phase, without a test (Exodus).")
    room_spawn_faces: Literal["hero", "door"] = Field(
        "hero", description="Which way the units of a room spawn are placed facing: the hero who woke the room "
        "(Z War One), or the door just opened (Exodus; a knock or a blast faces them towards the hero).")
    infection_ap: list[Count] = Field(
        description="AP a hero has at infection stages 1, 2, ... (the last is the last stage: one more kills), "
        "for a hero whose card gives 4; a hero with more or less AP has as many more or less, never fewer than 0.")
    heroes: list[Ref] = Field([], description="The heroes of the game's hero rule: those every mission must use "
                              "(Z War One, Exodus), or the agents each player chooses one of (Agent Z); none: any.")
    text: Text = Field("", description="Notes.")
    assumed: list[str] = assumed_field()


class RulesDoc(Document):
    games: list[GameRules] = Field([], description="Each game's turn, action table and infection track.")
    heroes: list[Hero] = Field([], description="Hero cards.")
    infected: list[InfectedClass] = Field([], description="Infected cards.")
    equipment: list[Equipment] = Field([], description="Equipment cards.")
    search: list[SearchCard] = Field([], description="The search deck.")
    perks: list[Perk] = Field([], description="Perks and their prices.")
    director_cards: list[DirectorCard] = Field([], description="The director deck.")
    campaign_xp: Count | None = Field(None, description="XP each hero earns for completing a campaign mission.")
