"""Z War One: the core game, played as a co-operative campaign or as director games."""

from __future__ import annotations

from .profile import GameProfile, HeroRule, Quote
from .vocab import Action as A
from .vocab import EventKind, Feature, HeroRuleKind, Mode, Rule, SpawnResult, Token, Tracker, Victory

BOOK = "the Z War One rulebook"

#: The action table of the rulebook ("Move (One Square) 1 ... Search / Task 4"), its free actions, the
#: perks' and cards' actions and leaving the board; the AP of each are the rules data's.
ACTIONS = frozenset({
    A.MOVE, A.SPRINT, A.TURBO, A.CRAWL, A.DIVE, A.STAND_UP, A.EXIT, A.OPEN_DOOR, A.CLOSE_DOOR, A.KNOCK,
    A.QUICK_FIRE, A.MELEE, A.THROW, A.MOVE_QUICK, A.QUICK_MOVE, A.MOVE_MELEE, A.MELEE_MOVE, A.MOVE_THROW,
    A.THROW_MOVE, A.AIMED_FIRE, A.EXECUTION, A.HIT_MAN, A.ALERT, A.SWEEP, A.SEARCH, A.TASK, A.SWITCH_WEAPON,
    A.GIVE, A.TAKE, A.MED_PACK, A.STINK_TANK, A.REDLINE, A.DEAD_EYE, A.BERSERKER, A.MORAL_SUPPORT,
    A.PLACE_C4, A.DETONATE,  # C4 (a Z War One card, "used in the same manner" in Agent Z): placed, then set off
})

MODES = frozenset({Mode.CAMPAIGN, Mode.DIRECTOR})
FEATURES = frozenset({Feature.STAIRS, Feature.BLAST_DOOR})
TOKENS = frozenset({Token.OBJECTIVE, Token.ITEM, Token.OBJECT, Token.INFECTED, Token.ROOM_TOKEN})
VICTORIES = frozenset({Victory.OBJECTIVES, Victory.OBJECTIVES_COUNT, Victory.ESCAPE, Victory.CARRYING,
                       Victory.SURVIVE, Victory.ANY_HERO_DIES, Victory.AFTER_TURN})
SPAWN_RESULTS = frozenset({SpawnResult.ROAMERS})
EVENTS = frozenset({EventKind.SPAWN_PHASE, EventKind.OPEN_DOORS, EventKind.OPEN_EXITS, EventKind.SPAWN})
TRACKERS = frozenset({Tracker.TIMERS, Tracker.XP})  # the tracker pad: XP, perks, turns, timers, ammunition

PROFILE = GameProfile(
    game="zwar1",
    name="Z War One",
    modes=MODES,
    rules=(Rule.ZWAR1_TURN,),
    features=FEATURES,
    tokens=TOKENS,
    victories=VICTORIES,
    spawn_results=SPAWN_RESULTS,
    events=EVENTS,
    heroes=HeroRule(HeroRuleKind.ALL, Quote(
        BOOK, "All 4 heroes must be used, so where possible, divide them evenly between players.")),
    actions=ACTIONS,
    # The reference engine plays Z War One campaign and director games, with their 3-turn timers.
    engine=frozenset().union(MODES, (Rule.ZWAR1_TURN,), FEATURES, TOKENS, VICTORIES, SPAWN_RESULTS, EVENTS,
                             TRACKERS),
    trackers=TRACKERS,
    quotes=(
        Quote(BOOK, "3 Turn timers are used to track in-game events. If a hero carries out an action which "
                    "takes 3 turns to complete, the player tracking turns writes the name of the action and "
                    "marks off the timer."),
        Quote(BOOK, "The Z War One comic book campaign is a co-operative game for 1-4 players."),
        Quote(BOOK, "Director games are quick play \u201cversus\u201d games which are not a part of the Z War One "
                    "comic book campaign. [...] As with the campaign, all 4 hero characters must be used."),
        Quote(BOOK, "A roamer is a single class 2 \u201czombie\u201d infected, which is placed on the closest "
                    "possible square that a hero has no line of sight on to."),
    ),
    notes=(
        ("Blast doors (opened by a task in a named room) are printed on Agent Z mission pages, a game "
         "\u201cplayed using Z War One mechanics & assets\u201d, so Z War One missions may use them too."),
    ),
)
