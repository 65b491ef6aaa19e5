"""Perk builds, the box's limits, 3-turn timers and campaigns: the exact text a user sees.

The codes of this part (ZW620-ZW659) are tested here rather than in test_diagnostics.py.
"""

from __future__ import annotations

from conftest import CONTENT, FIXTURES

from zwar_author.compile.perks import price
from zwar_author.compile.project import check
from zwar_author.model.rules import Hero, Perk, PerkPrice, Ratings

BOARD = '''
[[floors]]
art = """
+-+-+-+-+
|. .|: :|
+ + +D+-+
|. . . .|
+-+-+-+-+
"""
[[starts]]
at = "0,1"
[[victory]]
escape = "all"
[[exits]]
at = "3,1"
[spawn]
'''


def director(head: str, body: str = BOARD) -> str:
    return '[mission]\nid = "m"\ntitle = "M"\nmode = "director"\n' + head + body


def only(lines: list[str], *wanted: str) -> list[str]:
    return [line for line in lines if any(f" {code}: " in line for code in wanted)]


# --- perk builds ---------------------------------------------------------------------------------


def test_a_perk_costs_the_price_for_the_heros_rating_in_its_class():
    # "Kat & Sam are both rated green for agility perks so the 'turbo' perk would cost them 30 XP.
    # Cole is rated amber so the cost to him would be 50 XP Victor is rated red ... 70 XP." (Perks)
    turbo = Perk.model_validate({"id": "turbo", "name": "Turbo", "class": "agility", "games": ["zwar1"], "text": "",
                                 "price": PerkPrice(red=70, amber=50, green=30)})
    for rating, cost in (("green", 30), ("amber", 50), ("red", 70)):
        hero = Hero.model_validate({"id": "h", "name": "H", "initial": "H", "games": ["zwar1"], "unarmed": {"1-8": "miss"}, "ratings": Ratings(
            agility=rating, ballistic="red", melee="red", survival="red")})
        assert price(hero, turbo) == cost


def test_mission_builds_over_the_allowance_are_located_errors_with_the_total(diagnose):
    lines = diagnose({"p/missions/m.toml": director(
        'xp_perk_allowance = 20\nheroes = ["sam"]\n\n[mission.perks]\nsam = ["turbo", "turbo", "zap"]\n'
        'kira = ["turbo"]\nbob = ["turbo"]\n')})
    assert only(lines, "ZW620", "ZW621", "ZW622", "ZW408") == [
        "p/missions/m.toml:9:1: error ZW620: sam's perks cost 30 XP (turbo 30): over the allowance of 20 XP",
        "p/missions/m.toml:9:17: error ZW622: perk `turbo` is given to sam twice (first at p/missions/m.toml:9:8)",
        "p/missions/m.toml:9:26: error ZW408: perk `zap` does not exist; known: turbo",
        "p/missions/m.toml:10:1: error ZW621: hero `kira` is given perks but does not play this mission "
        "(its heroes: sam)",
        "p/missions/m.toml:11:1: error ZW408: hero `bob` does not exist; known: kira, sam",
    ]


def test_a_build_within_the_allowance_is_clean_and_compiled_qualified(diagnose, workdir):
    lines = diagnose({"p/missions/m.toml": director('xp_perk_allowance = 30\n\n[mission.perks]\nsam = ["turbo"]\n')})
    assert only(lines, "ZW620", "ZW621", "ZW622", "ZW408") == []
    outcome = check([workdir / "p"], [FIXTURES])
    [compiled] = outcome.missions["p"]
    assert compiled.mission.perks == {"base/sam": ["base/turbo"]}


def test_playtest_refuses_perks_over_the_allowance(zwar):
    hold_out = CONTENT / "core" / "missions" / "hold-out.toml"
    result = zwar("playtest", hold_out, "--perk", "victor=redline", "--perk", "victor=dead-eye",
                  "--perk", "victor=blessed", "--perk", "victor=greased", "--runs", "1", "--jobs", "1")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: --perk: victor's perks cost 310 XP (redline 90, dead-eye 70, blessed 70, greased 80): "
        "over the allowance of 150 XP")
