"""Exact odds for pools of custom dice whose faces are data: Zone Wars base and gear dice.

Each die shows a success, damage to the model, damage to the gear, or a
blank. A pool is N base dice plus M gear dice; modifiers change only the base
dice, and at least one base die is always rolled. A push re-rolls every blank
once; damage faces count only on a pushed roll (they never do on the first).
Armour and cover roll gear dice whose successes each take one damage away.
Every probability is an exact fraction, found by convolving the dice's
distributions (no simulation).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

#: Gear dice a target's cover rolls: behind terrain, or in base contact with the terrain the attack crosses.
COVER_DICE = {"none": 0, "behind": 2, "contact": 4}

Distribution = dict[tuple[int, int, int], Fraction]  # (successes, model damage, gear damage) -> chance


class Face(str, Enum):
    SUCCESS = "success"
    MODEL_DAMAGE = "model-damage"
    GEAR_DAMAGE = "gear-damage"
    BLANK = "blank"


_VECTOR = {Face.SUCCESS: (1, 0, 0), Face.MODEL_DAMAGE: (0, 1, 0), Face.GEAR_DAMAGE: (0, 0, 1), Face.BLANK: (0, 0, 0)}


@dataclass(frozen=True)
class Die:
    """A die by its faces, each equally likely."""

    faces: tuple[Face, ...]

    @classmethod
    def of(cls, faces: Sequence[str]) -> Die:
        if not faces:
            raise ValueError("a die has at least one face")
        return cls(tuple(Face(f) for f in faces))

    def chances(self, pushed: bool = False) -> dict[Face, Fraction]:
        """The chance of each face showing at the end; pushed, a blank is rolled once more."""
        first = {face: Fraction(self.faces.count(face), len(self.faces)) for face in Face}
        if not pushed:
            return first
        blank = first[Face.BLANK]
        return {face: (blank * blank if face is Face.BLANK else first[face] * (1 + blank)) for face in Face}


@dataclass(frozen=True)
class Pool:
    """N base dice plus M gear dice, with a modifier to the base dice only."""

    base: int
    gear: int = 0
    modifier: int = 0

    def __post_init__(self) -> None:
        if self.base < 0 or self.gear < 0:
            raise ValueError("dice counts are 0 or more")

    @property
    def base_rolled(self) -> int:
        """Base dice rolled: at least one, whatever the modifiers."""
        return max(1, self.base + self.modifier)


def roll(pool: Pool, base: Die, gear: Die, pushed: bool = False) -> Distribution:
    """The exact distribution of (successes, damage to the model, damage to the gear) of a roll."""
    result: Distribution = {(0, 0, 0): Fraction(1)}
    for die, count in ((base, pool.base_rolled), (gear, pool.gear)):
        single = _single(die, pushed)
        for _ in range(count):
            result = _convolve(result, single)
    return result


def saves(dice: int, gear: Die) -> dict[int, Fraction]:
    """The exact distribution of successes on ``dice`` armour or cover dice (never pushed)."""
    result: Distribution = {(0, 0, 0): Fraction(1)}
    for _ in range(dice):
        result = _convolve(result, _single(gear, False))
    out: dict[int, Fraction] = {}
    for (successes, _, _), chance in result.items():
        out[successes] = out.get(successes, Fraction(0)) + chance
    return out


def damage(attack: Distribution, saved: dict[int, Fraction]) -> dict[int, Fraction]:
    """Damage dealt: each success is one damage, each save takes one away (never below 0)."""
    out: dict[int, Fraction] = {}
    for (hits, _, _), chance in attack.items():
        for blocked, other in saved.items():
            dealt = max(0, hits - blocked)
            out[dealt] = out.get(dealt, Fraction(0)) + chance * other
    return dict(sorted(out.items()))


def _single(die: Die, pushed: bool) -> Distribution:
    out: Distribution = {}
    for face, chance in die.chances(pushed).items():
        if chance:
            key = _VECTOR[face] if pushed or face is Face.SUCCESS else (0, 0, 0)
            out[key] = out.get(key, Fraction(0)) + chance
    return out


def _convolve(a: Distribution, b: Distribution) -> Distribution:
    out: Distribution = {}
    for (s1, m1, g1), p in a.items():
        for (s2, m2, g2), q in b.items():
            key = (s1 + s2, m1 + m2, g1 + g2)
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


@dataclass(frozen=True)
class Odds:
    """What a designer asks of one roll: hit, expected damage after saves, and the push's risk."""

    hit: Fraction  # at least one success
    expected_successes: Fraction
    expected_damage: Fraction  # after armour and cover
    some_damage: Fraction  # at least one damage after armour and cover
    model_damage: Fraction  # chance of at least one damage to the model (pushed rolls only)
    expected_model_damage: Fraction
    gear_damage: Fraction  # chance of at least one damage to the gear (pushed rolls only)
    expected_gear_damage: Fraction
    damage: dict[int, Fraction]  # damage after saves -> chance


def odds(pool: Pool, base: Die, gear: Die, pushed: bool = False, armour: int = 0, cover: int = 0) -> Odds:
    """The odds of one attack roll of ``pool`` against ``armour`` + ``cover`` saving gear dice."""
    attack = roll(pool, base, gear, pushed)
    dealt = damage(attack, saves(armour + cover, gear))

    def chance(test) -> Fraction:
        return sum((p for key, p in attack.items() if test(key)), Fraction(0))

    def mean(index: int) -> Fraction:
        return sum((key[index] * p for key, p in attack.items()), Fraction(0))

    return Odds(
        hit=chance(lambda k: k[0] >= 1), expected_successes=mean(0),
        expected_damage=sum((d * p for d, p in dealt.items()), Fraction(0)),
        some_damage=sum((p for d, p in dealt.items() if d >= 1), Fraction(0)),
        model_damage=chance(lambda k: k[1] >= 1), expected_model_damage=mean(1),
        gear_damage=chance(lambda k: k[2] >= 1), expected_gear_damage=mean(2),
        damage=dealt,
    )


def _cell(value: Fraction) -> str:
    """An exact chance with its percentage: ``671/1296 (51.77%)``."""
    if value.denominator == 1:
        return f"{value.numerator} ({float(value) * 100:.2f}%)"
    return f"{value.numerator}/{value.denominator} ({float(value) * 100:.2f}%)"


def _mean(value: Fraction) -> str:
    exact = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return f"{exact} ({float(value):.3f})"


def describe(pool: Pool, armour: int = 0, cover: int = 0) -> str:
    """The pool in words: ``3 base dice (4 - 1) + 1 gear die against 2 armour + 2 cover dice``."""
    base = f"{pool.base_rolled} base {'die' if pool.base_rolled == 1 else 'dice'}"
    if pool.modifier:
        base += f" ({pool.base} {'+' if pool.modifier > 0 else '-'} {abs(pool.modifier)}"
        base += ", at least one)" if pool.base + pool.modifier < 1 else ")"
    text = base + f" + {pool.gear} gear {'die' if pool.gear == 1 else 'dice'}"
    if armour or cover:
        text += f" against {armour} armour + {cover} cover {'die' if armour + cover == 1 else 'dice'}"
    return text


def odds_text(pool: Pool, base: Die, gear: Die, armour: int = 0, cover: int = 0) -> str:
    """A table of the roll's odds, as rolled and as pushed, side by side."""
    rolled, pushed = odds(pool, base, gear, False, armour, cover), odds(pool, base, gear, True, armour, cover)
    rows = [
        ("at least one success", _cell(rolled.hit), _cell(pushed.hit)),
        ("expected successes", _mean(rolled.expected_successes), _mean(pushed.expected_successes)),
        ("at least one damage dealt", _cell(rolled.some_damage), _cell(pushed.some_damage)),
        ("expected damage dealt", _mean(rolled.expected_damage), _mean(pushed.expected_damage)),
        ("damage to the model, at least one", "-", _cell(pushed.model_damage)),
        ("damage to the model, expected", "-", _mean(pushed.expected_model_damage)),
        ("damage to the gear, at least one", "-", _cell(pushed.gear_damage)),
        ("damage to the gear, expected", "-", _mean(pushed.expected_gear_damage)),
    ]
    widths = [max(len(r[i]) for r in rows + [("", "rolled", "pushed")]) for i in range(3)]
    lines = [describe(pool, armour, cover)]
    lines.append(f"  {'':<{widths[0]}}  {'rolled':<{widths[1]}}  pushed")
    lines += [f"  {a:<{widths[0]}}  {b:<{widths[1]}}  {c}" for a, b, c in rows]
    saved = f" after {armour + cover} saving {'die' if armour + cover == 1 else 'dice'}" if armour or cover else ""
    lines.append(f"  damage dealt{saved}, rolled: " + ", ".join(f"{d}: {_cell(p)}" for d, p in rolled.damage.items()))
    lines.append(f"  damage dealt{saved}, pushed: " + ", ".join(f"{d}: {_cell(p)}" for d, p in pushed.damage.items()))
    return "\n".join(lines)
