"""Director games and the Director's Cut: the ruleset a setup picks, the hand dealt, the director's side."""

from __future__ import annotations

import pytest
from conftest import CONTENT, deal

from zwar_author.engine.api import new_game
from zwar_author.engine.state import Setup
from zwar_author.engine.variants import Campaign, Director, DirectorsCut
from zwar_author.engine.vocab import Side, Topic
from zwar_author.errors import UnsupportedGame
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


# --- the deal --------------------------------------------------------------------------------


def test_a_director_game_deals_12_face_down_from_the_core_deck():
    # "Shuffle both the search deck & the director card deck then deal 12 director cards face down to the
    # director player (only the director may see the director cards)." (How to play: director games)
    state, draws = deal(new_game(mission("hold-out")))
    assert len(draws) == 12 and {r.side for r in draws} == {Side.CHANCE}
    assert "The director is dealt 12 director cards face down" in [e.text for e in state.log]
    assert len(state.view.hands.held["director"]) == 12
    assert sum(c.copies for c in mission("hold-out").compiled.rules.director_cards if "zwar1" in c.games) >= 12


SHORT_DECK = """
    [mission]
    id = "short"
    title = "Short"
    mode = "director"
    director_cards = { count = 14 }
    heroes = ["sam"]

    [[floors]]
    art = \"""
    +-+-+-+
    |. . .|
    +-+-+-+
    \"""

    [[starts]]
    at = "0,0"

    [[victory]]
    escape = "all"
    """


def test_a_deck_smaller_than_the_deal_is_a_warning_and_the_engine_says_it_dealt_fewer(workdir):
    # "deal 12 director cards face down to the director player": a mission dealing 14 from the core deck of 12
    from conftest import write

    from zwar_author.compile.project import check

    write(workdir, {"p/pack.toml": '[pack]\nid = "p"\ntitle = "P"\nrequires = ["core"]\n',
                    "p/missions/short.toml": SHORT_DECK})
    outcome = check([workdir / "p"], [CONTENT])
    assert [d.human() for d in outcome.report.sorted() if d.code == "ZW662"] == [
        ("p/missions/short.toml:6:18: warning ZW662: the mission deals 14 director cards (14 to the director), but "
         "the zwar1 director deck holds 12")]
    loaded, _ = load_mission(workdir / "p/missions/short.toml", [CONTENT])
    state, draws = deal(new_game(loaded))
    assert len(draws) == 12
    assert "The director is dealt 12 director cards face down (the deck held only 12)" in [e.text for e in state.log]


def test_the_directors_cut_deals_6():
    # "In director's cut games the director is dealt just 6 director cards" (The Director's Cut)
    state, draws = deal(new_game(mission("supply-run"), Setup(directors_cut=True)))
    assert len(draws) == 6
    assert "The director is dealt 6 director cards face down" in [e.text for e in state.log]


def test_a_campaign_game_deals_no_cards():
    state, draws = deal(new_game(mission("supply-run")))
    assert draws == [] and state.view.hands is None


def test_the_first_director_decision_is_the_directors_and_offers_passing_first():
    """The director answers through the same request API as the heroes: the request says whose it is."""
    from zwar_author.engine.api import apply, legal_actions

    state, _ = deal(new_game(mission("hold-out")))
    seen = 0
    for _ in range(4000):
        request = state.request
        if request is None:
            break
        if request.side == Side.DIRECTOR and request.topic == Topic.CARD:
            assert legal_actions(state)[0].text == "play no card"
            seen += 1
            if seen == 3:
                break
        state = apply(state, 1 if request.chance and request.kind == "roll" else legal_actions(state)[-1]
                      if request.side == Side.HEROES and request.topic == Topic.HERO else legal_actions(state)[0])
    assert seen == 3


# --- the rules data of a card ---------------------------------------------------------------------


CARDS = '''
[[director_cards]]
id = "late"
name = "Late"
games = ["zwar1"]
text = "Too late."
effect = "miss"
window = "spawn"

[[director_cards]]
id = "blank"
name = "Blank"
games = ["zwar1"]
text = "Nothing."
'''


def test_a_card_whose_effect_cannot_be_played_in_its_window_and_a_card_with_no_effect(diagnose):
    lines = [line for line in diagnose({"p/rules/cards.toml": CARDS}) if " ZW66" in line]
    assert lines == [
        ("p/rules/cards.toml:8:10: error ZW660: director card `late`: its effect miss cannot be played in the spawn "
        "window; it can be played in the ballistic-attack window"),
        ("p/rules/cards.toml:10:1: warning ZW661: director card `blank` names no effect: it is dealt but the engine "
        "never plays it"),
    ]


# --- playtests against the bot and the passive director ----------------------------------------


@pytest.mark.slow
def test_a_director_game_playtest_reports_the_heroes_against_both_directors(tmp_path):
    from zwar_author.playtest.project import playtest

    result = playtest(MISSIONS / "break-and-enter.toml", runs=3, seed=2, jobs=1, policies=["aggressive"],
                      out=tmp_path)
    reports = result.reports[2:]  # the mission's band is for the cautious bots: their reports come first
    assert [(r["policy"], r["director"]) for r in result.reports] == [
        ("cautious", "bot"), ("cautious", "passive"), ("aggressive", "bot"), ("aggressive", "passive")]
    assert reports[0]["per_game"]["cards"] and not reports[1]["per_game"]["cards"]
    assert "--director bot" in (reports[0]["representative_loss"] or {}).get("replay", "--director bot")
    lines = result.summary().splitlines()
    assert "Break & Enter (core/break-and-enter), policy aggressive against the bot director, 3 games, seed 2" in lines
    assert any(line.startswith("  director cards played a game: ") for line in lines)


def test_a_campaign_playtest_has_no_director():
    import random

    from zwar_author.engine.api import simulate
    from zwar_author.playtest.bots import policy
    from zwar_author.playtest.director import against

    game = new_game(mission("supply-run"), Setup(max_turns=3))
    asked = []

    def watch(g, request):
        asked.append(request.side)
        return policy("cautious", 1)(g, request)

    simulate(game, against(watch, "bot"), random.Random(1))
    assert Side.DIRECTOR not in asked


def test_the_passive_director_plays_no_card_and_removes_no_unit():
    import random

    from zwar_author.engine.api import simulate
    from zwar_author.playtest.bots import policy
    from zwar_author.playtest.director import against

    for seed in range(3):
        game = new_game(mission("inbound"))
        simulate(game, against(policy("cautious", seed), "passive"), random.Random(seed))
        assert not any(k.startswith("cards:") for k in game.tally)
        assert not any(e.text.startswith("The director removes") for e in game.log)
        assert len(game.hands.held["director"]) == 12


def test_the_directors_cut_is_played_against_both_directors(tmp_path):
    from zwar_author.playtest.project import playtest

    result = playtest(MISSIONS / "supply-run.toml", runs=2, seed=1, jobs=1, policies=["cautious"], out=tmp_path,
                      setup=Setup(directors_cut=True))
    assert [r["director"] for r in result.reports] == ["bot", "passive"]


def test_replay_plays_a_director_game_again_against_the_director_named(zwar):
    args = ["replay", str(MISSIONS / "hold-out.toml"), "--game", "0", "--seed", "1", "--policy", "cautious"]
    bot, passive = zwar(*args, "--director", "bot"), zwar(*args, "--director", "passive")
    assert (bot.exit_code, passive.exit_code) == (0, 0)
    assert "The director plays " in bot.output and "The director plays " not in passive.output


def test_the_directors_cut_of_a_director_game_is_a_usage_error(zwar):
    result = zwar("playtest", str(MISSIONS / "hold-out.toml"), "--directors-cut", "--runs", "1")
    assert (result.exit_code, result.output.splitlines()) == (2, [
        "Usage: zwar playtest [OPTIONS] MISSION [NEW]",
        "Try 'zwar playtest --help' for help.",
        "",
        "Error: the Director's Cut is a campaign chapter with a director: hold-out is a director game",
    ])


def test_zwar_play_seats_the_director_bot_and_a_save_remembers_it(tmp_path):
    from zwar_author.play.session import Session
    from zwar_author.playtest.director import alone

    path = MISSIONS / "hold-out.toml"
    session = Session.new(path, mission("hold-out"), Setup(), 1, "roll")
    session.director, session.bot = "bot", alone("bot")
    for _ in range(3):  # three turns: the heroes end their move, the engine answers everything else
        while session.request is not None and not session.needs_person():
            session.roll()
        assert session.request.side == Side.HEROES and session.request.topic == Topic.HERO
        session.answer("end turn")
    assert any(e.text.startswith("The director plays ") for e in session.game.log)
    session.save(tmp_path / "game.json")
    again = Session.resume(tmp_path / "game.json")
    assert again.director == "bot" and [e.text for e in again.game.log] == [e.text for e in session.game.log]


def test_the_bot_director_plays_the_same_through_apply_as_in_simulate():
    """The hand, the cards in force and the units under control are part of the game's state: a game
    played step by step through ``apply`` is the very game ``simulate`` plays."""
    import random

    from zwar_author.engine.api import apply, simulate, start
    from zwar_author.playtest.bots import policy
    from zwar_author.playtest.director import against

    fast = new_game(mission("inbound"))
    simulate(fast, against(policy("aggressive", 1), "bot"), random.Random(5))
    rng, chooser = random.Random(5), against(policy("aggressive", 1), "bot")
    state = start(new_game(mission("inbound")))
    while not state.over:
        request = state.request
        if request.kind == "roll":
            answer = rng.randint(1, len(request.options))
        elif request.kind == "draw":
            answer = rng.choices(request.options, request.weights)[0]
        else:
            answer = chooser(state.view, request)
        state = apply(state, answer)
    assert [e.text for e in state.log] == [e.text for e in fast.log]
    assert any(e.text.startswith("The director plays ") for e in fast.log)
