"""Where the games and modes differ: one class per ruleset, overriding hooks instead of ifs in the rules.

``Campaign`` is the Z War One campaign game of the rulebook. ``Director``
changes what the director games change: the director, not dice, breaks ties
and places spawns, roamers go on any eligible square, and a dead hero does not
end the mission. Exodus and Agent Z come later as further subclasses (a
separate aimed table, LOS between linked stairways, sinkholes, roles).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..games import CannotPlay, unplayable
from ..model.content import CompiledMission

if TYPE_CHECKING:
    from .chance import Context
    from .state import Game, Hero


class _Result(NamedTuple):
    kind: str


class _Row(NamedTuple):
    low: int
    high: int
    result: _Result


class Table(NamedTuple):
    """A dice table written in code, read like the compiled ones."""

    die: int
    rows: tuple[_Row, ...]


#: The infection check of the rulebook: 1-2 next stage, 3-8 stable.
INFECTION_CHECK = Table(8, (_Row(1, 2, _Result("next")), _Row(3, 8, _Result("stable"))))


class UnsupportedGame(CannotPlay):
    """A mission the engine does not play yet; what it lacks is read from the game's profile."""


class Campaign:
    game = "zwar1"
    mode = "campaign"
    #: who answers the choices the rules leave open (equidistant squares, which infected moves first)
    decider = "heroes"
    #: roamers go on the closest eligible square (director games: any eligible square)
    roamer_anywhere = False
    infection_check = INFECTION_CHECK

    def ap(self, hero: "Hero", base: int) -> int:
        """AP for a turn by infection stage: 4, 4, 3, 3, 2 at stages 1 to 5."""
        if hero.stage >= 5:
            return min(base, 2)
        if hero.stage >= 3:
            return base - 1
        return base

    def aimed_modifier(self, card) -> int:
        """Z War One adds the card's aim bonus (+2) to aimed rolls; Exodus reads a separate table."""
        return card.aim_bonus

    def tie(self, game: "Game", ctx: "Context", heroes: list["Hero"], why: str) -> "Hero":
        """Two or more heroes equally near: each rolls a D8, the lowest is chosen (ties roll again)."""
        while len(heroes) > 1:
            rolls = [(ctx.roll(f"{why}: {h.name} rolls", h.id), h) for h in heroes]
            low = min(r for r, _ in rolls)
            text = ", ".join(f"{h.name} {r}" for r, h in rolls)
            game.emit("roll-off", "game", f"Roll-off ({why}): {text}", dice=tuple(r for r, _ in rolls))
            heroes = [h for r, h in rolls if r == low]
        return heroes[0]

    def hero_died(self, game: "Game", hero: "Hero", cause: str) -> None:
        """Campaign: a dead hero fails the mission at once."""
        from .state import GameOver

        game.lift(hero)
        game.finish("defeat", "hero died", f"{hero.name} died ({cause}): the mission is failed")
        raise GameOver(game.reason)

    def awards_xp(self) -> bool:
        return True


class Director(Campaign):
    mode = "director"
    decider = "director"
    roamer_anywhere = True

    def tie(self, game: "Game", ctx: "Context", heroes: list["Hero"], why: str) -> "Hero":
        from .chance import Choice

        pick = ctx.choose(self.decider, f"{why}: the director chooses", [Choice(h.id, h.id) for h in heroes],
                          topic="target")
        return game.hero(pick.key)

    def hero_died(self, game: "Game", hero: "Hero", cause: str) -> None:
        """Director games go on: the body lies where the hero fell (it blocks no line of sight) and
        in the end phase stands back up as a newborn (the director's direct control of it is not
        modelled: it follows the infected's rules)."""
        hero.prone = True
        game.risen.append((hero.id, hero.sq))

    def awards_xp(self) -> bool:
        return False


def ruleset_for(mission: CompiledMission) -> Campaign:
    """The ruleset of the mission's game and mode; UnsupportedGame for anything its profile says the
    engine does not play (today: all but Z War One campaign and director games)."""
    missing = unplayable(mission)
    if missing:
        raise UnsupportedGame(mission, missing)
    return Director() if mission.mission.mode == "director" else Campaign()
