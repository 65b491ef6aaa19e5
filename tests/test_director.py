"""Director games and the Director's Cut: the ruleset a setup picks, the hand dealt, the director's side."""

from __future__ import annotations

import pytest
from conftest import CONTENT

from zwar_author.engine.api import new_game
from zwar_author.engine.state import Setup
from zwar_author.engine.variants import Campaign, Director, DirectorsCut, UnsupportedGame
from zwar_author.engine.vocab import Side
from zwar_author.play.load import load_mission

MISSIONS = CONTENT / "core" / "missions"
_loaded: dict = {}


def mission(name: str):
    if name not in _loaded:
        loaded, report = load_mission(MISSIONS / f"{name}.toml")
        assert loaded is not None, [d.human() for d in report.sorted()]
        _loaded[name] = loaded
    return _loaded[name]


def test_the_directors_cut_is_a_setup_flag_on_a_campaign_chapter():
    plain = new_game(mission("supply-run"))
    cut = new_game(mission("supply-run"), Setup(directors_cut=True))
    assert type(plain.ruleset) is Campaign
    assert isinstance(cut.ruleset, DirectorsCut)
    assert cut.ruleset.decider == Side.DIRECTOR and cut.ruleset.roamer_anywhere
    assert cut.ruleset.awards_xp()


def test_the_directors_cut_is_refused_on_a_director_game():
    with pytest.raises(UnsupportedGame, match="the Director's Cut is a campaign chapter with a director: "
                                              "hold-out is a director game"):
        new_game(mission("hold-out"), Setup(directors_cut=True))


def test_a_director_game_keeps_its_own_ruleset():
    assert type(new_game(mission("hold-out")).ruleset) is Director
