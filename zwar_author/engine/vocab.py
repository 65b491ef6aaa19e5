"""The engine's words, each spelled once: verbs, phases, event kinds, requests, hero status, perks, effects.

They are ``StrEnum`` members, so each is also the plain string it stands for:
saved games, JSON logs and reports read exactly as before, and a rule that
branches on one branches on a name a type checker knows. Text meant for
people (an event's sentence, a request's question) is never branched on.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from ..model.rules import CardEffect, CardWindow, Effect  # noqa: F401 - named by the cards themselves, in the rules data


class Verb(StrEnum):
    """What a hero (or the players, for ``END_TURN``) can do: the verbs of ``Action``."""

    MOVE = "move"
    SPRINT = "sprint"
    TURBO = "turbo"
    STEP = "step"  # one square of a sprint
    STOP = "stop"  # stop sprinting
    DIVE = "dive"
    CRAWL = "crawl"
    STAND = "stand"
    EXIT = "exit"
    OPEN = "open"
    CLOSE = "close"
    KNOCK = "knock"
    QUICK = "quick"
    MELEE = "melee"
    MOVE_QUICK = "move-quick"
    QUICK_MOVE = "quick-move"
    MOVE_MELEE = "move-melee"
    MELEE_MOVE = "melee-move"
    MOVE_THROW = "move-throw"
    THROW_MOVE = "throw-move"
    AIMED = "aimed"
    THROW = "throw"
    EXECUTE = "execute"
    HITMAN = "hitman"
    ALERT = "alert"
    SWEEP = "sweep"
    SEARCH = "search"
    TASK = "task"
    WEAPON = "weapon"
    GIVE = "give"
    TAKE = "take"
    MEDPACK = "medpack"
    STINK = "stink"
    REDLINE = "redline"
    DEAD_EYE = "dead-eye"
    BERSERKER = "berserker"
    SUPPORT = "support"
    # Exodus (engine/ammo.py, engine/crafting.py)
    RELOAD = "reload"
    MOVE_RELOAD = "move-reload"
    CRAFT = "craft"
    DROP_PRONE = "drop-prone"
    PLACE_ITEM = "place-item"
    # Exodus: the rib (engine/rib.py)
    RIB_MOVE = "rib-move"
    RIB_TURN = "rib-turn"
    RIB_REVERSE = "rib-reverse"
    RIB_REVERSE_TURN = "rib-reverse-turn"
    RIB_THROTTLE = "rib-full-throttle"
    RIB_DRIVER = "rib-driver"
    SHIELD = "meat-shield"  # Agent Z: grab a zombie as a meat shield
    KICK_OFF = "kick-off"  # Agent Z: push the meat shield away
    THROW_KNIFE = "throw-knife"  # Agent Z: throw the ballistic knife (aimed)
    PLACE = "place"  # Agent Z: place a C4 token
    DETONATE = "detonate"  # Agent Z: set off one's own C4
    END = "end"
    END_TURN = "end-turn"


#: verbs every game has, which its action table does not list: a sprint's steps, stopping it, ending a move
IMPLICIT = frozenset({Verb.STEP, Verb.STOP, Verb.END, Verb.END_TURN})


class Phase(StrEnum):
    """Where a game stands: ``START`` before a turn's announce, ``BITES`` the start of the infected
    move (grapplers bite), ``INFECTED`` the infected moving one by one, ``OVER`` once it has ended."""

    START = "start"
    HEROES = "heroes"
    BITES = "bites"
    INFECTED = "infected"
    SPAWN = "spawn"
    INFECTION = "infection"
    END = "end"
    OVER = "over"


#: the heading each phase of a turn is announced with
PHASE_NAMES: Final = {Phase.HEROES: "Hero move", Phase.BITES: "Infected move", Phase.SPAWN: "Infected spawn",
               Phase.INFECTION: "Infection test", Phase.END: "End phase"}


class EventKind(StrEnum):
    """What an event records, in a word (``Event.kind``)."""

    TURN = "turn"
    PHASE = "phase"
    VICTORY = "victory"
    DEFEAT = "defeat"
    # heroes
    MOVE = "move"
    SPRINT = "sprint"
    STAND = "stand"
    EXIT = "exit"
    DOOR = "door"
    KNOCK = "knock"
    ALERT = "alert"
    PICK_UP = "pick up"
    CRATE = "crate"
    RELOAD = "reload"
    CRAFT = "craft"
    PLACE_ITEM = "place item"
    RIB = "rib"
    SEARCH = "search"
    TASK = "task"
    OBJECTIVE = "objective"
    WEAPON = "weapon"
    EXCHANGE = "exchange"
    MED_PACK = "med pack"
    STINK_TANK = "stink tank"
    PERK = "perk"
    END = "end"
    END_TURN = "end turn"
    THROW = "throw"
    SWEEP = "sweep"
    XP = "xp"
    # fighting
    ATTACK = "attack"
    KILLED = "killed"
    KNOCKDOWN = "knockdown"  # an infected knocked down
    GRAB = "grab"
    BITE = "bite"
    TAKEN_DOWN = "taken down"
    KNOCKED_DOWN = "knocked down"  # a hero knocked down
    GRAPPLE = "grapple"
    INFECTION = "infection"
    INFECTED = "infected"  # a hero's infection stage moves on
    DEATH = "death"
    RISE = "rise"
    ROLL_OFF = "roll-off"
    INITIATIVE = "initiative"
    HURT = "hurt"  # an agent hurt by a kill roll
    REACTION = "reaction"
    SHIELD = "meat shield"
    C4 = "c4"
    # the infected
    TARGET = "target"
    STEP = "step"
    BLOCKED = "blocked"
    ENTER = "enter"
    SPAWN_ROLL = "spawn roll"
    SPAWN = "spawn"
    ROAMER = "roamer"
    ROOM_SPAWN = "room spawn"
    PLACED = "placed"
    DROP_OFF = "drop-off"
    MINIATURES = "miniatures"
    SINKHOLE = "sinkhole"
    # the board
    ACTIVE = "active"
    EVENT = "event"
    SPAWN_PHASE = "spawn phase"
    EXITS = "exits"
    TIMER = "timer"
    # the director's cards
    CARDS = "cards"  # cards dealt
    CARD = "card"  # a card played, and what it does
    CONTROL = "control"  # a unit under direct control moves or grabs


class RequestKind(StrEnum):
    ROLL = "roll"  # a die
    DRAW = "draw"  # a card of the search deck
    CHOOSE = "choose"  # a decision


class Side(StrEnum):
    """Who answers a request."""

    CHANCE = "chance"
    HEROES = "heroes"
    DIRECTOR = "director"
    AGENT = "agent"  # versus games: the player of the agent the request names (``Request.who``)


class Topic(StrEnum):
    """What a decision is about, for drivers and policies (they never read the question's text)."""

    NONE = ""
    HERO = "hero"  # the hero move: one of the legal actions
    STEP = "step"  # which of equally short squares an infected steps to
    ORDER = "order"  # which of equally close infected moves next
    TARGET = "target"  # which of equally near heroes (director games)
    PLACE = "place"  # where a unit goes
    DROP_OFF = "drop-off"  # which unit leaves to free a miniature
    FIRE = "fire"  # alert: fire or hold fire
    STRIKE = "strike"  # melee alert: attack or hold
    BLESSED = "blessed"  # re-roll a failed attack with Blessed
    BLESSED_TEST = "blessed-test"  # re-roll a failed grab, bite or infection test with Blessed
    DOUBLE_TAP = "double-tap"
    KNEECAP = "kneecap"
    SCAVENGER = "scavenger"
    INITIATIVE = "initiative"  # versus: go first or make the rival go first
    REACTION = "reaction"  # versus: react to an attack, or not
    CARD = "card"  # the director: play a card in this window, or none (first)
    CONTROL = "control"  # the director: which unit Direct Control takes over
    LOOT = "loot"  # the heroes: play a loot card to stop the director's cards, or none (first)
    REMOVE = "remove"  # the director: drop off a unit at the start of the spawn phase, or none (first)
    MOVE = "move"  # the director: where a unit under direct control moves (its own square first)
    GRAB = "grab"  # the director: which hero a unit under direct control grabs, or none (first)


class HeroStatus(StrEnum):
    WAITING = "waiting"  # versus games: an agent whose role enters the board later, by event
    BOARD = "board"
    ESCAPED = "escaped"
    DEAD = "dead"


class Perk(StrEnum):
    """The perks whose rules the engine plays (by the core pack's perk ids)."""

    BANDIT = "bandit"
    BERSERKER = "berserker"
    BLACK_BELT = "black-belt"
    BLESSED = "blessed"
    DEAD_EYE = "dead-eye"
    DODGY = "dodgy"
    DOUBLE_TAP = "double-tap"
    FENCE = "fence"
    GREASED = "greased"
    HIT_AND_RUN = "hit-and-run"
    HIT_MAN = "hit-man"
    KERB_STOMP = "kerb-stomp"
    KIP_UP = "kip-up"
    KNEECAP = "kneecap"
    MORAL_SUPPORT = "moral-support"
    QUICK_DRAW = "quick-draw"
    REDLINE = "redline"
    RUN_AND_GUN = "run-and-gun"
    SCAVENGER = "scavenger"
    SHOGUN = "shogun"
    SKINNY = "skinny"
    SMILE = "smile"
    SNAP = "snap"
    TURBO = "turbo"


#: power perks: a free activation lasting the turn, a few uses a mission
POWER_PERKS = (Perk.REDLINE, Perk.DEAD_EYE, Perk.BERSERKER)
