"""The Zone Wars bots open a closed door on their way to their goal, and only then (through the legal options)."""

from __future__ import annotations

import random
import shutil
from fractions import Fraction

import pytest
from conftest import REPO

from zwar_author.play.zonewars import load_scenario
from zwar_author.playtest.zonewars import play_one
from zwar_author.playtest.zonewars_bots import bot
from zwar_author.skirmish.core import Choice, Request, RequestKind
from zwar_author.skirmish.zonewars import new_game
from zwar_author.skirmish.zonewars.actions import Verb, legal
from zwar_author.skirmish.zonewars.state import Item
from zwar_author.tabletop import Position

DOORS = REPO / "tests" / "rules-zonewars" / "doors"

SHACK = """#:schema ../../../schemas/scenario.schema.json
[scenario]
id = "shut-shack"
title = "Shut shack"
game = "zonewars"
rounds = 6

[[pieces]]
piece = "shack"
x = 15
y = 16

[[zones]]
id = "north"
x = 0
y = 0
width = 36
depth = 4

[[zones]]
id = "south"
x = 0
y = 32
width = 36
depth = 4

[[sides]]
faction = "zonewars/ark-mutants"
zone = "south"
characters = ["zonewars/krin"]

[[sides]]
faction = "zonewars/genlab-tribe"
zone = "north"
characters = ["zonewars/dux"]

[[artifacts]]
x = 18
y = 18

[deck]
exclude = ["zonewars/mutant-hound"]

[[victory]]
kind = "most-points"
"""


@pytest.fixture(scope="module")
def shack(tmp_path_factory):
    """A shack whose only way in is its door, one base wide (x 17 to 18 on its north wall, away from the Ark
    Mutants in the south), shut, with the one artifact token inside: a model turns into the door to walk in."""
    pack = tmp_path_factory.mktemp("shack") / "doors"
    shutil.copytree(DOORS, pack, ignore=shutil.ignore_patterns("scenarios"))
    pieces = pack / "pieces" / "shack.toml"
    door = "start = [2, 4], end = [3, 4]"
    assert door in pieces.read_text(encoding="utf-8")
    pieces.write_text(pieces.read_text(encoding="utf-8").replace(door, "start = [2, 0], end = [3, 0]"), encoding="utf-8")
    (pack / "scenarios").mkdir()
    (pack / "scenarios" / "shut-shack.toml").write_text(SHACK, encoding="utf-8")
    scenario, report = load_scenario(pack / "scenarios" / "shut-shack.toml")
    assert scenario is not None, [d.human() for d in report.sorted()]
    return scenario


def action(g, policy, who):
    m = g.model(who)
    request = Request(RequestKind.CHOOSE, m.side, "action", legal(g, m), who=m.id, topic="action")
    answer = bot(policy, random.Random(1))(g, request)
    assert any(answer is o for o in request.options)
    return answer


def test_a_bot_walks_to_the_shut_door_of_the_token_and_opens_it(shack):
    """Line 226: opening a door is a Simple Operation; the token inside is reached only through it, on the far
    side, and the cautious bot's goal is the tokens (the aggressive bot's is the enemy: below, hidden in the
    shack)."""
    g = play_one(shack, {"ark-mutants": "cautious", "genlab-tribe": "cautious"}, 1, 0)
    texts = [e.text for e in g.log]
    opened = next(i for i, t in enumerate(texts) if " opens door 1" in t)
    assert any(" picks up token 1" in t for t in texts[opened:])


@pytest.mark.parametrize("policy", ["cautious", "aggressive"])
def test_a_door_on_the_way_is_opened_when_offered(shack, policy):
    """The token and the enemy are inside the shut shack, the model at its door."""
    g = new_game(shack)
    krin, dux = g.model("krin"), g.model("dux")
    krin.position, dux.position = Position(Fraction(18), Fraction(15)), Position(Fraction(18), Fraction(18))
    chosen = action(g, policy, "krin")
    assert (chosen.verb, chosen.target) == (Verb.OPEN, "1")


@pytest.mark.parametrize("policy", ["cautious", "aggressive"])
def test_a_door_off_the_way_is_left_shut(shack, policy):
    """The token and the enemy are out in the open: the shut door beside the model is not on its way."""
    g = new_game(shack)
    krin, dux = g.model("krin"), g.model("dux")
    krin.position, dux.position = Position(Fraction(18), Fraction(15)), Position(Fraction(18), Fraction(30))
    g.tokens = {1: (Position(Fraction(10), Fraction(26)), None)}
    options = legal(g, krin)
    assert any(a.verb is Verb.OPEN for a in options)
    assert action(g, policy, "krin").verb is not Verb.OPEN


def answer(g, policy, who, topic, options):
    m = g.model(who)
    request = Request(RequestKind.CHOOSE, m.side, topic, options, who=m.id, topic=topic)
    chosen = bot(policy, random.Random(1))(g, request)
    assert any(chosen is o for o in request.options)
    return chosen


@pytest.mark.parametrize("policy", ["cautious", "aggressive"])
def test_a_bot_shoots_and_strikes_with_the_weapon_whose_card_does_most(shack, policy):
    """Lines 272-276: base dice from the attribute, gear dice from the weapon's Bonus. The bots rank a model's
    weapons by their cards, not by their names: Krin's Scrap pistol (1 gear die) before a thrown rock (none),
    a Chainsaw (3) before a Scrap club (1) and bare hands, in an attack and a counterattack."""
    g = new_game(shack)
    krin, dux = g.model("krin"), g.model("dux")
    krin.position, dux.position = Position(Fraction(10), Fraction(26)), Position(Fraction(10), Fraction(30))
    assert answer(g, policy, "krin", "attack", g.attack_options(krin)).text == "shoot dux with scrap-pistol"
    krin.items += [Item("scrap-club", bonus=1), Item("chainsaw", bonus=3)]
    dux.position = Position(Fraction(10), Fraction(27))
    assert answer(g, policy, "krin", "attack", g.attack_options(krin)).text == "attack dux with chainsaw"
    strikes = [Choice(i, f"counterattack with {w.card if w else 'improvised'}")
               for i, w in enumerate(g.melee_weapons(krin))] + [Choice(None, "no counterattack")]
    assert answer(g, policy, "krin", "counterattack", strikes).text == "counterattack with chainsaw"
    krin.items[-1].busted = True  # a Busted card is no weapon: the club or the pistol (1 gear die each)
    assert answer(g, policy, "krin", "attack", g.attack_options(krin)).text != "attack dux with improvised"
