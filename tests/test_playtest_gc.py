"""The playtest runner holds Python's cycle collector off while it plays a chunk of games
(``runner.collector_paused``): that is only sound while a game makes no reference cycles, which this
checks for every core mission, against its directors, with every bot (and the planner where it plays)."""

from __future__ import annotations

import gc
import random
import sys

import pytest
from conftest import CONTENT

from zwar_author.compile.reader import mission_document
from zwar_author.engine.api import new_game, simulate
from zwar_author.engine.state import DEFAULT_SETUP
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots
from zwar_author.playtest.project import directors_for
from zwar_author.playtest.runner import Plan, collector_paused, play
from zwar_author.playtest.versus import is_versus

MISSIONS = sorted((CONTENT / "core" / "missions").glob("*.toml"))


@pytest.mark.slow
@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_a_game_leaves_nothing_for_the_cycle_collector(path):
    mission, _ = load_mission(path)
    assert mission is not None
    document = mission_document(mission.compiled)
    gc.collect()
    played = 0
    with collector_paused():
        assert not gc.isenabled()
        for director in directors_for(mission, DEFAULT_SETUP):
            for policy in ("cautious", "aggressive", "random") + (() if is_versus(mission) else ("planner@1",)):
                plan = Plan(document, policy, 3, 5, director=director)
                played += sum(1 for index in range(1 if policy.startswith("planner") else 3)
                              if play(plan, index)["index"] == index)
        assert gc.collect() == 0, f"{path.stem}: a game left objects in reference cycles"
    assert gc.isenabled() and played >= 9


def test_the_collector_runs_again_after_a_chunk_and_stays_off_if_it_was_off():
    with collector_paused():
        pass
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.slow
def test_no_module_keeps_a_mission_past_its_games():
    """What the hero's lists keep in a module for the next decision (the AP costs, each hero's weapon changes)
    holds no mission: once its games are played and dropped, nothing keeps it alive, to be freed, cycles and all,
    in the middle of the next mission's games (as the test above would then see)."""
    loaded, _ = load_mission(MISSIONS[0])
    assert loaded is not None
    gc.collect()
    before = sys.getrefcount(loaded)  # the compiled mission view takes no weak reference
    for policy in ("cautious", "aggressive"):
        simulate(new_game(loaded), bots.policy(policy, 1), random.Random(1))
    gc.collect()
    assert sys.getrefcount(loaded) == before
