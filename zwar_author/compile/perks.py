"""What a hero's perks cost: each perk at the price for the hero's rating in the perk's class.

One bill for every place a build is written: a mission's pre-set heroes
(``[mission.perks]``), a playtest's ``--perk`` set-up, a campaign's purchases.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import codes
from ..model.content import CompiledMission
from ..model.rules import Hero, Perk


def price(hero: Hero, perk: Perk) -> int:
    """The perk's price for this hero: "a hero with a green rating for melee class would pay less
    for melee perks than a hero rated amber or red" (Z War One, Perks)."""
    rating = getattr(hero.ratings, perk.class_)
    return int(getattr(perk.price, rating))


@dataclass(frozen=True)
class Bill:
    hero: str  # as the user wrote it
    lines: tuple[tuple[str, int], ...]  # (perk as written, its price) in the order written

    @property
    def total(self) -> int:
        return sum(p for _, p in self.lines)

    def over(self, allowance: int) -> str | None:
        """The message when the bill is over ``allowance`` XP, else None."""
        return codes.PERK_ALLOWANCE.template.format(**self.fields(allowance)) if self.total > allowance else None

    def fields(self, allowance: int) -> dict[str, Any]:
        """What the message of a bill over ``allowance`` XP is made from (ZW620)."""
        items = ", ".join(f"{perk} {cost}" for perk, cost in self.lines)
        return {"hero": self.hero, "total": self.total, "items": items, "allowance": allowance}


def bill(hero_name: str, hero: Hero, perks: Sequence[tuple[str, Perk]]) -> Bill:
    """The bill for ``perks`` (each as written, with its rules entry) bought by ``hero``."""
    return Bill(hero_name, tuple((name, price(hero, perk)) for name, perk in perks))


Builds = Sequence[tuple[str, Sequence[str]]]  # (hero, perks), each as the user wrote it


def with_mission_builds(compiled: CompiledMission, builds: Builds) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The builds a game starts with: the mission's ``[mission.perks]``, each hero's replaced by
    ``builds`` when they name that hero."""
    chosen = {h.rpartition("/")[2]: tuple(ps) for h, ps in compiled.mission.perks.items()}
    given = {_find(compiled.rules.heroes, hero) or hero: tuple(perks) for hero, perks in builds}
    chosen.update({hero.rpartition("/")[2]: perks for hero, perks in given.items()})
    return tuple(sorted(chosen.items()))


def over_allowance(compiled: CompiledMission, builds: Builds) -> str | None:
    """Why ``builds`` do not fit the mission's XP perk allowance (the first hero over it), else None.
    Heroes and perks the rules do not know are left to whoever places the heroes to name."""
    allowance = compiled.mission.xp_perk_allowance
    if allowance is None:
        return None
    heroes = {h.id: h for h in compiled.rules.heroes}
    perks = {p.id: p for p in compiled.rules.perks}
    for hero_text, perk_texts in builds:
        hero = _find(compiled.rules.heroes, hero_text)
        if hero is None:
            continue
        lines: dict[str, tuple[str, Perk]] = {}
        for text in perk_texts:
            perk = _find(compiled.rules.perks, text)
            if perk is not None:
                lines.setdefault(perk, (text, perks[perk]))
        message = bill(hero_text, heroes[hero], list(lines.values())).over(allowance)
        if message is not None:
            return message
    return None


def _find(entries: Sequence[Hero | Perk], ref: str) -> str | None:
    """The qualified id ``ref`` names: itself, or the first entry whose short id it is."""
    return next((e.id for e in entries if e.id == ref), None) or next(
        (e.id for e in entries if e.id.rpartition("/")[2] == ref), None)
