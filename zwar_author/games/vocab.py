"""The words a game profile is written in: what a mission can ask of a game, one enum per kind.

Each member's value is the word used in sources and compiled content where
there is one (a mode, a condition key), and its ``label`` is how messages and
docs name it ("open water", "the rib"). The compiler, the engine and the docs
all name elements through these enums, never through bare strings.
"""

from __future__ import annotations

from enum import Enum
from typing import Self


class Element(str, Enum):
    """Base of every vocabulary: a value, and a label for people."""

    label: str

    def __new__(cls, value: str, label: str) -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member

    def __str__(self) -> str:
        return self.label

    @classmethod
    def of(cls, value: str) -> Self:
        """The member whose value is ``value``; ValueError for any other. (``cls(value)`` does the
        same, but type checkers read the two-argument ``__new__`` as the constructor.)"""
        return cls(value)  # type: ignore[call-arg]


class BoardKind(Element):
    """What the game is played on."""

    GRID = "grid", "a grid of squares"
    TABLETOP = "tabletop", "an inch-measured table"


class Mode(Element):
    """How a mission is played (``[mission] mode``)."""

    CAMPAIGN = "campaign", "campaign games"
    DIRECTOR = "director", "director games"
    VERSUS = "versus", "versus games"


class Feature(Element):
    """Board features: terrain drawn in the art, and doors and stairs placed by the mission."""

    STAIRS = "stairs", "stairs between floors"
    COLOURED_STAIRS = "coloured-stairs", "colour-coded stairways"
    WATER = "water", "open water"
    TRANSITION = "transition", "transition squares"
    WATER_OBSTACLE = "water-obstacle", "water obstacles"
    LOCKED_DOOR = "locked-door", "locked doors"
    BLAST_DOOR = "blast-door", "blast doors"


class Token(Element):
    """Things placed on the board by the mission."""

    OBJECTIVE = "objectives", "objectives"
    ITEM = "items", "items"
    OBJECT = "objects", "objects"
    CRATE = "crates", "crates"
    KEYCARD = "keycards", "keycards"
    NPC = "npcs", "NPCs"
    RIB = "rib", "rib"
    INFECTED = "infected", "infected placed at the start"
    ROOM_TOKEN = "tokens", "active and search tokens"


class Victory(Element):
    """Kinds of victory and defeat condition, by the condition key that asks for them."""

    OBJECTIVES = "objectives", "objective conditions"
    OBJECTIVES_COUNT = "objectives_count", "objective count conditions"
    ESCAPE = "escape", "escape conditions"
    CARRYING = "carrying", "carrying conditions"
    ESCORT = "escort", "escort conditions"
    SURVIVE = "survive", "survival conditions"
    KILL = "kill", "kill conditions"
    OUTSCORE_DEAD = "outscore_dead", "conditions outscoring a dead rival"
    ANY_HERO_DIES = "any_hero_dies", "hero death conditions"
    NPC_DIES = "npc_dies", "NPC death conditions"
    AFTER_TURN = "after_turn", "time limits"


class SpawnResult(Element):
    """Spawn table results beyond "N class on a spawn point"."""

    ROAMERS = "roamers", "roamers"
    SINKHOLE = "sinkhole", "sinkholes"


class EventKind(Element):
    """What an event can do, by the event key that asks for it."""

    SPAWN_PHASE = "spawn_phase", "spawn phase changes"
    OPEN_DOORS = "open_doors", "doors opened by events"
    OPEN_EXITS = "open_exits", "exits opened by events"
    ENTER = "enter", "roles entering the board by event"
    SPAWN = "spawn", "infected spawned by events"


class Tracker(Element):
    """What the tracker sheet keeps for a mission beyond turns, ammunition and perks."""

    TIMERS = "timers", "3-turn timers"
    XP = "xp", "experience points (XP)"
    INFECTION = "infection", "each hero's infection stage"
    TURN_ORDER = "turn-order", "the order the heroes move in each turn"


class Rule(Element):
    """The rules that make a game itself, which every mission of it is played by."""

    ZWAR1_TURN = "zwar1-turn", "the Z War One turn (hero move, infected move, spawn, end phase)"
    EXODUS_TURN = "exodus-turn", "the Exodus turn (four phases, infection advancing in every end phase)"
    SEPARATE_CHARTS = "separate-charts", "separate quick and aimed fire charts"
    RELOADING = "reloading", "ammunition per weapon and reloading"
    CRAFTING = "crafting", "crafting from ingredient cards"
    INITIATIVE = "initiative", "initiative rolled each turn"
    AGENTS = "agents", "agents hurt by kill rolls and standing up as newborns"
    REACTIONS = "reactions", "reactions (dive, move, crawl) before an attack"
    ALERT_AGAINST_AGENTS = "alert-against-agents", "alert attacks against agents"
    MEAT_SHIELD = "meat-shield", "the meat shield and kick off"
    C4 = "c4", "C4 placed as a token and detonated by kill rolls"
    DIRECTOR_CARDS_EACH = "director-cards-each", "director cards dealt to each agent"


class Action(Element):
    """Hero actions. Each value is the key the rules data's action table gives the action's AP under
    (`[games.actions]`), so the profile says which actions a game has and the rules data what they cost."""

    MOVE = "move", "Move (1 square)"
    SPRINT = "sprint", "Sprint (3 squares)"
    TURBO = "turbo", "Turbo (7 squares, perk)"
    CRAWL = "crawl", "Crawl (1 square)"
    DIVE = "dive", "Dive (2 squares)"
    STAND_UP = "stand", "Stand Up"
    EXIT = "exit", "Exit the board"
    OPEN_DOOR = "open", "Open Door"
    CLOSE_DOOR = "close", "Close Door"
    KNOCK = "knock", "Knock Activation"
    QUICK_FIRE = "quick", "Quick Fire"
    MELEE = "melee", "Melee"
    THROW = "throw", "Throw"
    MOVE_QUICK = "move-quick", "Move & Quick Fire"
    QUICK_MOVE = "quick-move", "Quick Fire & Move"
    MOVE_MELEE = "move-melee", "Move & Melee"
    MELEE_MOVE = "melee-move", "Melee & Move"
    MOVE_THROW = "move-throw", "Move & Throw"
    THROW_MOVE = "throw-move", "Throw & Move"
    RELOAD = "reload", "Reload"
    MOVE_RELOAD = "move-reload", "Move & Reload"
    AIMED_FIRE = "aimed", "Aimed Fire"
    EXECUTION = "execute", "Execution"
    HIT_MAN = "hitman", "Hit Man (perk)"
    ALERT = "alert", "Alert!"
    SWEEP = "sweep", "Sweep"
    SEARCH = "search", "Search"
    TASK = "task", "Task"
    CRAFT = "craft", "Craft Equipment"
    MEAT_SHIELD = "meat-shield", "Meat Shield"
    KICK_OFF = "kick-off", "Kick Off"
    THROW_KNIFE = "throw-knife", "Throw the Ballistic Knife (aimed)"
    PLACE_C4 = "place", "Place C4"
    DETONATE = "detonate", "Set off C4"
    DROP_PRONE = "drop-prone", "Drop Prone"
    PLACE_ITEM = "place-item", "Place Item"
    SWITCH_WEAPON = "weapon", "Switch Active Weapon"
    GIVE = "give", "Give (exchange inventory)"
    TAKE = "take", "Take (exchange inventory)"
    MED_PACK = "medpack", "Use a Med Pack"
    STINK_TANK = "stink", "Use the Stink Tank"
    REDLINE = "redline", "Redline (perk)"
    DEAD_EYE = "dead-eye", "Dead Eye (perk)"
    BERSERKER = "berserker", "Berserker (perk)"
    MORAL_SUPPORT = "support", "Moral Support (perk)"
    RIB_MOVE = "rib-move", "Rib: Move (1 square)"
    RIB_TURN = "rib-turn", "Rib: Turn (90 degrees)"
    RIB_REVERSE = "rib-reverse", "Rib: Reverse Move (1 square)"
    RIB_REVERSE_TURN = "rib-reverse-turn", "Rib: Reverse Turn (90 degrees)"
    RIB_FULL_THROTTLE = "rib-full-throttle", "Rib: Full Throttle (3 squares)"
    RIB_DRIVER = "rib-driver", "Rib: take the wheel (at the start of the hero move)"


class HeroRuleKind(Element):
    """Which heroes a mission must use."""

    ALL = "all", "every hero of the game"
    ONE_PER_PLAYER = "one-per-player", "one agent for each player"
