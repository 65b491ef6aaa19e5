"""Exodus: the sister campaign of two heroes, with water, the rib, crates, keycards and NPCs."""

from __future__ import annotations

from .profile import ActionCost, GameProfile, HeroRule, Quote
from .vocab import Action as A
from .vocab import Feature, HeroRuleKind, Mode, Rule, Token, Victory
from .zwar1 import EVENTS, FEATURES, SPAWN_RESULTS, TOKENS, TRACKERS, VICTORIES

BOOK = "the Exodus rulebook"

#: The Exodus action table (with Reload, Move & Reload, Craft and the free actions) and the rib's.
ACTIONS = (
    ActionCost(A.MOVE, 1), ActionCost(A.SPRINT, 2), ActionCost(A.CRAWL, 2), ActionCost(A.DIVE, 1),
    ActionCost(A.STAND_UP, 2), ActionCost(A.OPEN_CLOSE_DOOR, 1), ActionCost(A.KNOCK, 1),
    ActionCost(A.QUICK_FIRE_MELEE, 1), ActionCost(A.MOVE_QUICK_FIRE_MELEE, 1), ActionCost(A.RELOAD, 2),
    ActionCost(A.MOVE_RELOAD, 2), ActionCost(A.AIMED_FIRE, 2), ActionCost(A.EXECUTION, 2),
    ActionCost(A.ALERT, 2), ActionCost(A.SWEEP, 2), ActionCost(A.SEARCH, 4), ActionCost(A.CRAFT, 4),
    ActionCost(A.TASK, 4), ActionCost(A.DROP_PRONE, 0), ActionCost(A.PLACE_ITEM, 0),
    ActionCost(A.SWITCH_WEAPON, 0), ActionCost(A.EXCHANGE, 0),
    ActionCost(A.RIB_MOVE, 1), ActionCost(A.RIB_TURN, 1), ActionCost(A.RIB_REVERSE, 2),
    ActionCost(A.RIB_REVERSE_TURN, 2), ActionCost(A.RIB_FULL_THROTTLE, 2),
)

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
    heroes=HeroRule(HeroRuleKind.ALL, 2, ("Kira", "Mike"), Quote(
        BOOK, "Both heroes must always be used, so solo players must play with 2 heroes.")),
    actions=ACTIONS,
    # The reference engine plays Exodus's turn, charts, reloading and crafting, keycards, crates,
    # coloured stairways and water on land; not yet the rib, NPCs or escort victories.
    engine=frozenset().union(
        (Mode.CAMPAIGN, Mode.DIRECTOR, Rule.EXODUS_TURN, Rule.SEPARATE_CHARTS, Rule.RELOADING, Rule.CRAFTING),
        FEATURES, (Feature.LOCKED_DOOR, Feature.COLOURED_STAIRS, Feature.WATER, Feature.TRANSITION,
                   Feature.WATER_OBSTACLE), TOKENS, (Token.CRATE, Token.KEYCARD, Token.NPC, Token.RIB), VICTORIES,
        (Victory.ESCORT, Victory.NPC_DIES), SPAWN_RESULTS, EVENTS),
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
