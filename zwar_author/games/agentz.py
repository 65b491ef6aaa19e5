"""Agent Z: two players, one agent each, played with Z War One's mechanics and assets."""

from __future__ import annotations

from .profile import GameProfile, HeroRule, Quote
from .vocab import Action as A
from .vocab import EventKind, HeroRuleKind, Mode, Rule, SpawnResult, Tracker, Victory
from .zwar1 import ACTIONS as ZWAR1_ACTIONS
from .zwar1 import EVENTS, FEATURES, SPAWN_RESULTS, TOKENS, VICTORIES

BOOK = "the Agent Z rules"

PROFILE = GameProfile(
    game="agentz",
    name="Agent Z",
    modes=frozenset({Mode.VERSUS}),
    rules=(Rule.ZWAR1_TURN, Rule.INITIATIVE, Rule.AGENTS, Rule.REACTIONS, Rule.ALERT_AGAINST_AGENTS,
           Rule.MEAT_SHIELD, Rule.C4, Rule.DIRECTOR_CARDS_EACH),
    features=FEATURES,
    tokens=TOKENS,
    victories=VICTORIES | {Victory.KILL, Victory.OUTSCORE_DEAD},
    spawn_results=SPAWN_RESULTS | {SpawnResult.SINKHOLE},
    events=EVENTS | {EventKind.ENTER},
    heroes=HeroRule(HeroRuleKind.ONE_PER_PLAYER, Quote(
        BOOK, "Agent Z is a 2 player quick play \"versus\" game, played using Z War One mechanics & assets. "
              "Each player chooses an agent, either \"Jack\" or \"Han\"."), players=2),
    actions=ZWAR1_ACTIONS | {A.MEAT_SHIELD, A.KICK_OFF, A.THROW_KNIFE},
    # The reference engine plays versus games over the Z War One turn, with initiative, agents hurt and
    # rising as newborns, reactions and alert fire between agents (engine/versus.py, engine/agents.py).
    engine=frozenset().union(
        (Mode.VERSUS, Rule.ZWAR1_TURN, Rule.INITIATIVE, Rule.AGENTS, Rule.REACTIONS, Rule.ALERT_AGAINST_AGENTS,
         Rule.MEAT_SHIELD, Rule.C4, Rule.DIRECTOR_CARDS_EACH),
        FEATURES, TOKENS, VICTORIES, {Victory.KILL, Victory.OUTSCORE_DEAD}, SPAWN_RESULTS, {SpawnResult.SINKHOLE},
        EVENTS, {EventKind.ENTER}),
    trackers=frozenset({Tracker.TIMERS}),  # a versus game: no XP
    quotes=(
        Quote(BOOK, "Any agent reaching the position that they could normally carry out an assassination on a "
                    "\"zombie\" infected type, may grab it and use it as a human shield for the cost of 1 AP."),
        Quote(BOOK, "The \"kick off\" action costs 1 AP and pushes the zombie 4 squares in the direction the "
                    "agent is facing."),
        Quote(BOOK, "Both agents begin the game at the start point with the \"Hunter\" player entering the "
                    "board on turn 3."),
        Quote(BOOK, "The blast door can only be opened by carrying out a task in the security room."),
        Quote(BOOK, "ROLL 1 [...] 7 Roamers, 8 Sinkhole"),
        Quote(BOOK, "If an agent is killed while holding the highest amount of objective tokens, the game "
                    "continues until the remaining agent can collect more objectives than the dead one."),
    ),
)
