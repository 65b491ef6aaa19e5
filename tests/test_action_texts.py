"""The texts a scenario may say a hero action has (play/scenario.py's grammar, which `illegal` and
`refused` expectations are checked against) are those ``actions.describe`` writes: the grammar is a
second statement of describe's forms, so every option the engine offers on lines of play of each
reference mission must read as the grammar says, or a new verb's text would make good scenarios fail."""

from __future__ import annotations

import random

import pytest
from conftest import CONTENT

from zwar_author.engine.actions import Action, describe
from zwar_author.engine.api import apply, new_game, start
from zwar_author.play.load import load_mission
from zwar_author.play.scenario import _ungrammatical

MISSIONS = sorted((CONTENT / "core" / "missions").glob("*.toml"))


@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_every_action_the_engine_offers_reads_as_the_scenario_grammar_says(path):
    loaded, report = load_mission(path)
    assert loaded is not None, [d.human() for d in report.sorted()]
    checked: set[str] = set()
    for seed in range(3):
        rng, state = random.Random(seed), start(new_game(loaded))
        for _ in range(600):
            if state.over:
                break
            options = state.request.options
            for option in options:
                if isinstance(option, Action):
                    text = describe(state.view, option)
                    assert _ungrammatical(state.view, text) == "", text
                    checked.add(text.partition(": ")[2].split(" ")[0])
            state = apply(state, options[rng.randrange(len(options))])
    assert {"move", "open"} <= checked, checked
