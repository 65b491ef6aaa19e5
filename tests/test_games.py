"""Game profiles: the registry, what a compiled mission uses, and the refusals of what the engine cannot play."""

from __future__ import annotations

import dataclasses
import gc
import shutil
import typing
from pathlib import Path

import pytest
from conftest import CONTENT, FIXTURES, PACK, mission, write
from test_diagnostics import OKM, ZWAR1_GAMES

from zwar_author.compile.project import check
from zwar_author.engine.vocab import IMPLICIT, Verb
from zwar_author.games import (
    PROFILES,
    Action,
    Element,
    Feature,
    HeroRuleKind,
    Mode,
    Token,
    Victory,
    of_mission,
    owners,
    playable,
    profile,
    unplayable,
    uses,
)
from zwar_author.model.common import Game
from zwar_author.model.rules import ActionTable


@pytest.fixture(scope="module")
def core() -> dict:
    outcome = check([CONTENT])
    return {m.mission.id: m for m in outcome.missions["core"]}


def test_one_profile_for_every_game_a_source_may_name():
    assert list(PROFILES) == list(typing.get_args(Game))
    assert all(profile(game).game == game for game in PROFILES)


def test_profiles_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        profile("zwar1").name = "Z War Two"  # type: ignore[misc]


def test_the_engine_plays_only_what_a_game_has():
    for p in PROFILES.values():
        assert p.engine <= p.elements() | set(p.rules), p.game


def test_what_each_game_has_as_the_rulebooks_say():
    zwar1, exodus, agentz = (profile(g) for g in ("zwar1", "exodus", "agentz"))
    assert [g.game for g in owners(Token.RIB)] == ["exodus"]
    assert [g.game for g in owners(Feature.WATER)] == ["exodus"]
    assert [g.game for g in owners(Token.NPC)] == ["exodus"]
    assert [g.game for g in owners(Victory.KILL)] == ["agentz"]
    assert [g.game for g in owners(Mode.VERSUS)] == ["agentz"]
    assert zwar1.heroes.kind is HeroRuleKind.ALL and exodus.heroes.kind is HeroRuleKind.ALL
    assert (agentz.heroes.kind, agentz.heroes.players) == (HeroRuleKind.ONE_PER_PLAYER, 2)
    assert "All 4 heroes must be used" in zwar1.heroes.quote.text
    assert "Both heroes must always be used" in exodus.heroes.quote.text
    assert {Action.RELOAD, Action.CRAFT, Action.RIB_MOVE} <= exodus.actions
    assert Action.RELOAD not in zwar1.actions and Action.TURBO not in exodus.actions
    assert agentz.actions - zwar1.actions == {Action.MEAT_SHIELD, Action.KICK_OFF, Action.THROW_KNIFE}


def test_the_profile_reads_the_numbers_from_the_rules_data(core):
    """One object per game: what it has from its profile, AP, turn and heroes from the pack's rules data."""
    exodus = of_mission(core["the-crossing"])
    assert exodus.numbers is not None and exodus.phases == ["heroes", "infected", "spawn", "end"]
    assert [exodus.ap(a) for a in (Action.MOVE, Action.RELOAD, Action.MOVE_RELOAD, Action.CRAFT, Action.RIB_REVERSE)] \
        == [1, 2, 2, 4, 2]
    assert exodus.ap(Action.TURBO) is None  # Exodus has no turbo, whatever a table says
    assert exodus.hero_ids == ["core/kira", "core/mike"]
    zwar1 = of_mission(core["supply-run"])
    assert zwar1.hero_ids == ["core/cole", "core/kat", "core/sam", "core/victor"]
    assert set(zwar1.costs()) == {a.value for a in zwar1.actions}
    assert profile("zwar1").numbers is None and profile("zwar1").ap(Action.MOVE) is None


def test_the_action_vocabulary_is_the_rules_data_s_and_the_engine_s():
    """The profile's actions are the keys of the rules data's action table, and every engine verb is one."""
    table = {field.alias or name for name, field in ActionTable.model_fields.items()}
    assert table == {a.value for a in Action}
    assert {v.value for v in Verb if v not in IMPLICIT} <= table


def test_the_engine_plays_every_reference_mission(core):
    """Download or Destroy's sinkhole (interpretation Z11) and its dead-agent rule (`outscore_dead`) are played."""
    assert {m: unplayable(core[m]) for m in core} == {m: [] for m in core}


def test_what_the_engine_cannot_play_is_read_once_a_mission_and_forgotten_with_it(core):
    """``unplayable`` keeps its answer for a compiled mission while it lives (each game a playtest starts asks):
    the kept answer is the one read anew, a changed copy is read on its own, and a dropped mission's entry goes."""
    m = core["the-crossing"]
    again = m.model_copy(update={"mission": m.mission.model_copy(update={"mode": "versus"})})
    assert unplayable(m) == unplayable(m) == playable._unplayable(m) == []
    assert unplayable(again) == playable._unplayable(again) != []
    assert id(again) in playable._answers
    key = id(again)
    del again
    gc.collect()
    assert key not in playable._answers


def test_the_compiler_and_the_engine_see_the_same_elements(core):
    """``uses`` reads compiled content, the compiler reads sources: one mission, the same elements."""
    crossing = uses(core["the-crossing"])
    assert {Feature.WATER, Feature.TRANSITION, Feature.WATER_OBSTACLE, Feature.LOCKED_DOOR, Token.RIB, Token.NPC,
            Token.CRATE, Token.KEYCARD, Victory.ESCORT, Victory.NPC_DIES, Mode.CAMPAIGN} <= crossing
    for m in core.values():
        game = profile(m.mission.game)
        assert all(game.has(e) for e in uses(m)), m.mission.id  # it compiled, so its game has all it uses


SMALL = '''
    [[floors]]
    art = """
    +-+-+-+
    |. . .|
    +-+-+-+
    """

    [[starts]]
    at = "0,0"
    [[starts]]
    at = "1,0"

    [[exits]]
    at = "2,0"

    [[victory]]
    escape = "all"
    '''
TIMER = '''
    [[objectives]]
    number = 1
    at = "1,0"

    [[timers]]
    id = "shutters"
    name = "Shutters"
    start = { objective = 1 }

    [[events]]
    when = { timer = "shutters" }
    open_exits = true
    '''
EXODUS = mission(SMALL + TIMER, head='[mission]\nid = "small"\ntitle = "Small"\ngame = "exodus"\n')
#: what the engine still refuses: an Agent Z mission with a 3-turn timer
ROLES = '''
    [[roles]]
    id = "one"
    name = "One"

    [[roles]]
    id = "two"
    name = "Two"

    [[spawn_points]]
    letter = "A"
    at = "2,0"

    [spawn.turn]
    where = { "1-8" = "A" }
    what = { "1-8" = "1 zombie" }
    '''
AGENTZ = mission(SMALL + ROLES + TIMER, head='[mission]\nid = "small"\ntitle = "Small"\ngame = "agentz"\nmode = "versus"\n')
REFUSAL = [
    "cannot play Agent Z mission small: the engine does not play these yet:",
    "  - 3-turn timers",
]


@pytest.mark.parametrize("command", [("play",), ("playtest", "--runs", "1"), ("replay", "--game", "0")])
def test_every_driver_refuses_what_the_engine_cannot_play(zwar, workdir, command):
    write(workdir, {"small.toml": AGENTZ})
    result = zwar(*command, "small.toml")
    assert (result.exit_code, result.output.splitlines()) == (1, REFUSAL)
    assert not Path("build").exists(), "a refused playtest writes no report"


def test_validate_warns_and_names_what_the_engine_cannot_play(zwar, workdir):
    write(workdir, {"small.toml": AGENTZ})
    result = zwar("validate", "--format", "short", "small.toml")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "small.toml:1:1: warning ZW150: the engine cannot play this Agent Z mission yet: it does not play 3-turn timers",
        "checked 9 files, 1 mission: 0 errors, 1 warning",
    ]


SCENARIO = '''
[scenario]
title = "Jack steps east"
script = ["jack: move 1,0"]

[mission]
id = "step"
title = "Step"
game = "agentz"
mode = "versus"

[[roles]]
id = "one"
name = "One"

[[roles]]
id = "two"
name = "Two"

[[objectives]]
number = 1
at = "1,0"

[[timers]]
id = "shutters"
name = "Shutters"
start = { objective = 1 }

[[events]]
when = { timer = "shutters" }
open_exits = true

[[floors]]
art = """
+-+-+-+
|. . .|
+-+-+-+
"""

[[heroes]]
id = "jack"
at = "0,0"

[[heroes]]
id = "han"
at = "2,0"

[expect]
heroes.jack = { at = "1,0" }
'''
#: an Exodus scenario with a 3-turn timer: played now
EXODUS_TIMER = '''
[scenario]
title = "Kira steps east"
script = ["kira: move 1,0"]

[mission]
id = "step"
title = "Step"
game = "exodus"

[[objectives]]
number = 1
at = "1,0"

[[timers]]
id = "shutters"
name = "Shutters"
start = { objective = 1 }

[[events]]
when = { timer = "shutters" }
open_exits = true

[[floors]]
art = """
+-+-+-+
|. . .|
+-+-+-+
"""

[[heroes]]
id = "kira"
at = "0,0"

[expect]
heroes.kira = { at = "1,0" }
'''


def test_rules_test_refuses_a_scenario_the_engine_cannot_play(zwar, workdir):
    write(workdir, {"s.toml": SCENARIO})
    result = zwar("rules-test", "s.toml")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "FAIL s.toml: Jack steps east",
        "    cannot play Agent Z mission step: the engine does not play these yet:",
        "      - 3-turn timers",
        "1 scenario: 0 passed, 1 failed",
    ]


def test_the_engine_plays_an_exodus_mission_with_a_timer(zwar, workdir):
    write(workdir, {"small.toml": EXODUS, "s.toml": EXODUS_TIMER})
    result = zwar("validate", "--format", "short", "small.toml")
    assert "ZW150" not in result.output and "3-turn timers" not in result.output
    result = zwar("rules-test", "s.toml")
    assert (result.exit_code, result.output.splitlines()[-1]) == (0, "1 scenario: 1 passed, 0 failed")


def test_every_element_has_a_label_of_its_own():
    for kind in Element.__subclasses__():
        labels = [member.label for member in kind]
        assert len(set(labels)) == len(labels) and all(labels), kind.__name__


def test_the_docs_list_what_each_game_has_as_the_profiles_say():
    """docs/format.md carries the generated section; `python -m zwar_author.games.doc` rewrites it."""
    from conftest import REPO

    from zwar_author.games import doc

    text = (REPO / "docs" / "format.md").read_text(encoding="utf-8")
    assert doc.replace(text) == text, "docs/format.md is out of date: run `python -m zwar_author.games.doc`"
    assert "| open water | - | played | - |" in text and "| rib | - | played | - |" in text


TIMED = mission(SMALL + '''
    [[objectives]]
    number = 1
    at = "1,0"

    [[timers]]
    id = "shutters"
    name = "Shutters"
    start = { objective = 1 }

    [[events]]
    when = { timer = "shutters" }
    open_exits = true
    ''', head='[mission]\nid = "timed"\ntitle = "Timed"\n')


def test_the_engine_plays_a_z_war_one_mission_with_a_timer(zwar, workdir):
    write(workdir, {"timed.toml": TIMED})
    result = zwar("validate", "timed.toml")
    assert "ZW150" not in result.output and "3-turn timers" not in result.output


def test_the_engine_plays_the_game_numbers_the_compiler_checks(workdir):
    """Two packs give Z War One's `[[games]]`: the nearest (the mission's own pack) wins in the compiler
    (ZW147 reads its heroes) and in the engine alike, whatever the packs' names sort as."""
    games = ZWAR1_GAMES.replace('"cole", "kat", "sam", "victor"', '"sam"')
    shutil.copytree(FIXTURES / "base", workdir / "base")  # found beside p, and sorts before it
    write(workdir, {"base/rules/games.toml": games, "p/pack.toml": PACK, "p/missions/m.toml": OKM,
                    "p/rules/games.toml": games.replace("\nmove = 1\n", "\nmove = 2\n")})
    outcome = check([workdir / "p"])
    assert outcome.report.ok, [d.human() for d in outcome.report.errors]
    compiled = next(m for m in outcome.missions["p"])
    assert [g.id for g in compiled.rules.games] == ["p/zwar1", "base/zwar1"]
    assert of_mission(compiled).ap(Action.MOVE) == 2
