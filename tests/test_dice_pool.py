"""Zone Wars dice odds: exact fractions checked against enumerating every roll, and `zwar odds` as a user sees it."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from zwar_author.analysis.dice_pool import Die, Pool, damage, odds, roll, saves

BASE = Die.of(["success", "blank", "blank", "blank", "blank", "model-damage"])
GEAR = Die.of(["success", "blank", "blank", "blank", "blank", "gear-damage"])


def enumerate_roll(pool: Pool, pushed: bool) -> dict[tuple[int, int, int], Fraction]:
    """The oracle: every first roll, and for a push every re-roll of its blanks, counted one by one."""
    dice = [BASE] * pool.base_rolled + [GEAR] * pool.gear
    out: dict[tuple[int, int, int], Fraction] = {}
    for first in itertools.product(*(d.faces for d in dice)):
        weight = Fraction(1, 6 ** len(dice))
        blanks = [i for i, face in enumerate(first) if face.value == "blank"] if pushed else []
        for again in itertools.product(*(dice[i].faces for i in blanks)):
            final = list(first)
            for i, face in zip(blanks, again, strict=True):
                final[i] = face
            names = [f.value for f in final]
            key = (names.count("success"),
                   names.count("model-damage") if pushed else 0,
                   names.count("gear-damage") if pushed else 0)
            out[key] = out.get(key, Fraction(0)) + weight / 6 ** len(blanks)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("pool", [Pool(1), Pool(2, 1), Pool(3, 2), Pool(0, 2), Pool(3, 1, -5)])
@pytest.mark.parametrize("pushed", [False, True])
def test_convolution_equals_enumerating_every_roll(pool, pushed):
    assert roll(pool, BASE, GEAR, pushed) == enumerate_roll(pool, pushed)


def test_the_rulebook_example_and_the_push():
    # Krin: Ranged 4 and a scrap pistol (+1): five dice, one success face each.
    krin = odds(Pool(4, 1), BASE, GEAR)
    assert krin.hit == 1 - Fraction(5, 6) ** 5
    assert (krin.model_damage, krin.gear_damage) == (0, 0)          # damage faces count only when pushed
    pushed = odds(Pool(4, 1), BASE, GEAR, pushed=True)
    assert pushed.hit == 1 - Fraction(13, 18) ** 5    # a die misses if it shows damage, or blank twice: 1/6 + 4/6 * 5/6
    assert pushed.expected_model_damage == 4 * Fraction(10, 36)
    assert pushed.expected_gear_damage == Fraction(10, 36)


def test_modifiers_touch_base_dice_only_and_one_is_always_rolled():
    assert Pool(2, 3, -5).base_rolled == 1
    assert roll(Pool(2, 3, -5), BASE, GEAR) == roll(Pool(1, 3), BASE, GEAR)
    assert Pool(2, 1, +1).base_rolled == 3


def test_armour_and_cover_take_damage_away():
    assert saves(2, GEAR) == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
    one_hit = {(1, 0, 0): Fraction(1)}
    assert damage(one_hit, saves(2, GEAR)) == {0: Fraction(11, 36), 1: Fraction(25, 36)}
    behind, contact = odds(Pool(3, 1), BASE, GEAR, cover=2), odds(Pool(3, 1), BASE, GEAR, cover=4)
    assert contact.expected_damage < behind.expected_damage < odds(Pool(3, 1), BASE, GEAR).expected_damage
    assert sum(behind.damage.values()) == 1


def test_zwar_odds_prints_exact_odds(zwar):
    result = zwar("odds", "--base", "2", "--modifier", "-2", "--gear", "1", "--armour", "1", "--cover", "behind")
    assert result.exit_code == 0, result.output
    assert result.output == """\
dice of pack zonewars: 1 base die (2 - 2, at least one) + 1 gear die against 1 armour + 2 cover dice
                                     rolled             pushed
  at least one success               11/36 (30.56%)     155/324 (47.84%)
  expected successes                 1/3 (0.333)        5/9 (0.556)
  at least one damage dealt          725/3888 (18.65%)  10625/34992 (30.36%)
  expected damage dealt              175/864 (0.203)    8125/23328 (0.348)
  damage to the model, at least one  -                  5/18 (27.78%)
  damage to the model, expected      -                  5/18 (0.278)
  damage to the gear, at least one   -                  5/18 (27.78%)
  damage to the gear, expected       -                  5/18 (0.278)
  damage dealt after 3 saving dice, rolled: 0: 3163/3888 (81.35%), 1: 1325/7776 (17.04%), 2: 125/7776 (1.61%)
  damage dealt after 3 saving dice, pushed: 0: 24367/34992 (69.64%), 1: 18125/69984 (25.90%), 2: 3125/69984 (4.47%)
"""


def test_zwar_odds_usage_errors(zwar, workdir):
    assert zwar("odds").output.endswith("Error: name missions, packs or random tables, or give --base for Zone Wars dice\n")
    (workdir / "p").mkdir()
    (workdir / "p" / "pack.toml").write_text('[pack]\nid = "p"\ntitle = "P"\n')
    result = zwar("odds", "p", "--base", "2")
    assert result.exit_code == 2
    assert result.output.endswith("Error: pack `p` and the packs it requires declare no [dice] (in a zonewars/ file)\n")
