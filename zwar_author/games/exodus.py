"""Exodus: the sister campaign of two heroes, with water, the rib, crates, keycards and NPCs."""

from __future__ import annotations

from .profile import GameProfile, HeroRule, Quote
from .vocab import Action as A
from .vocab import Feature, HeroRuleKind, Mode, Rule, Token, Tracker, Victory
from .zwar1 import EVENTS, FEATURES, SPAWN_RESULTS, TOKENS, VICTORIES

BOOK = "the Exodus rulebook"

#: The Exodus action table (with Reload, Move & Reload, Craft and the free actions) and the rib's; the AP of
#: each are the rules data's. Quick fire or melee come before or after the move they combine with; where the
#: text is silent Z War One's throw, exit and Med Pack are kept (docs/engine.md, the Exodus points).
#: "The tracker board is used to track various pieces of information throughout the game, from ammunition &
#: power perk usage to turn order & infection stage" (no XP: perk cards come at level-ups).
TRACKERS = frozenset({Tracker.TIMERS, Tracker.INFECTION, Tracker.TURN_ORDER})

ACTIONS = frozenset({
    A.MOVE, A.SPRINT, A.CRAWL, A.DIVE, A.STAND_UP, A.OPEN_DOOR, A.CLOSE_DOOR, A.KNOCK, A.QUICK_FIRE, A.MELEE,
    A.MOVE_QUICK, A.QUICK_MOVE, A.MOVE_MELEE, A.MELEE_MOVE, A.THROW, A.MOVE_THROW, A.THROW_MOVE, A.RELOAD,
    A.MOVE_RELOAD, A.AIMED_FIRE, A.EXECUTION, A.ALERT, A.SWEEP, A.SEARCH, A.CRAFT, A.TASK, A.EXIT, A.DROP_PRONE,
    A.PLACE_ITEM, A.SWITCH_WEAPON, A.GIVE, A.TAKE, A.MED_PACK,
    A.RIB_MOVE, A.RIB_TURN, A.RIB_REVERSE, A.RIB_REVERSE_TURN, A.RIB_FULL_THROTTLE, A.RIB_DRIVER,
})

PROFILE = GameProfile(
    game="exodus",
    name="Exodus",
    modes=frozenset({Mode.CAMPAIGN, Mode.DIRECTOR}),
    rules=(Rule.EXODUS_TURN, Rule.SEPARATE_CHARTS, Rule.RELOADING, Rule.CRAFTING),
    features=FEATURES | {Feature.COLOURED_STAIRS, Feature.WATER, Feature.TRANSITION, Feature.WATER_OBSTACLE,
                         Feature.LOCKED_DOOR},
    tokens=TOKENS | {Token.CRATE, Token.KEYCARD, Token.NPC, Token.RIB},
    victories=VICTORIES | {Victory.ESCORT, Victory.NPC_DIES},
    spawn_results=SPAWN_RESULTS,
    events=EVENTS,
    heroes=HeroRule(HeroRuleKind.ALL, Quote(
        BOOK, "Both heroes must always be used, so solo players must play with 2 heroes.")),
    actions=ACTIONS,
    # The reference engine plays all of Exodus, 3-turn timers included.
    engine=frozenset().union(
        (Mode.CAMPAIGN, Mode.DIRECTOR, Rule.EXODUS_TURN, Rule.SEPARATE_CHARTS, Rule.RELOADING, Rule.CRAFTING),
        FEATURES, (Feature.LOCKED_DOOR, Feature.COLOURED_STAIRS, Feature.WATER, Feature.TRANSITION,
                   Feature.WATER_OBSTACLE), TOKENS, (Token.CRATE, Token.KEYCARD, Token.NPC, Token.RIB), VICTORIES,
        (Victory.ESCORT, Victory.NPC_DIES), SPAWN_RESULTS, EVENTS, TRACKERS),
    trackers=TRACKERS,
    quotes=(
        Quote(BOOK, "Director Mode is a game variation which allows an extra player to take on the roll of "
                    "\"the director\". [...] A director can even be added to the campaign."),
        Quote(BOOK, "Squares with symbols of the same colour are considered to be adjacent."),
        Quote(BOOK, "Heroes may not move through open water squares without use of the rib."),
        Quote(BOOK, "Transition squares are a means for heroes to step onto & off of the rib in order to "
                    "navigate open water squares."),
        Quote(BOOK, "Water obstacles are marked in the water sections of the board with a black line similar "
                    "to walls on land sections."),
        Quote(BOOK, "Locked doors can only be opened by a hero carrying the appropriate colour coded key."),
        Quote(BOOK, "To break a crate, simply pass through the square containing the crate token using any "
                    "move or sprint action."),
        Quote(BOOK, "If an NPC fails a bite test they are automatically killed and the mission is failed."),
    ),
    notes=(
        ("The Exodus rulebook text stops inside \u201cCharging infected\u201d. Where it is silent, Z War One's "
         "rules apply, so Exodus missions may also use what Z War One missions use (roamers, blast doors)."),
    ),
)
