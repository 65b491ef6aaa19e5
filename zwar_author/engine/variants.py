"""Where the games and modes differ: one class per ruleset, overriding hooks instead of ifs in the rules.

``Campaign`` is the Z War One campaign game of the rulebook. ``Director``
changes what the director games change: the director, not dice, breaks ties
and places spawns, roamers go on any eligible square, and a dead hero does not
end the mission. Exodus and Agent Z come later as further subclasses (a
separate aimed table, LOS between linked stairways, sinkholes, roles).
"""

from __future__ import annotations

from ..games import of_mission, require_playable
from ..model.content import CompiledGameRules, CompiledMission
from .chance import Choice, Context
from .state import Game, GameOver, Hero
from .vocab import EventKind, Side, Topic


class UnsupportedGame(ValueError):
    """A mission whose rules data does not give the engine what it plays (what a game has and what
    the engine plays of it is the game profile's: ``games.require_playable`` raises CannotPlay)."""


#: the phases of a turn the engine plays, in order (after the turn's announce)
PLAYED_PHASES = ["heroes", "infected", "spawn", "infection", "end"]


class Campaign:
    """The campaign game, with the game's turn, action table and infection track from the rules data."""

    game = "zwar1"
    mode = "campaign"
    #: who answers the choices the rules leave open (equidistant squares, which infected moves first)
    decider = Side.HEROES
    #: who answers a hero's own choices (fire on alert, Blessed, Scavenger): the players (versus: that agent's)
    hero_side = Side.HEROES
    #: roamers go on the closest eligible square (director games: any eligible square)
    roamer_anywhere = False
    #: whether a blast may catch heroes (versus games: agents are hurt by it; otherwise none is set off on one)
    blasts_heroes = False
    #: director cards dealt when the mission names no count (0: no director holds any)
    cards_dealt = 0
    #: a loot card played at the beginning of the hero move stops the director's cards for the turn
    loot_stops_cards = False

    def __init__(self, rules: CompiledGameRules) -> None:
        self.rules = rules
        #: the infection test of each turn (None: the infection moves on without one)
        self.infection_check = rules.infection_check

    def ap(self, hero: Hero, base: int) -> int:
        """AP for a turn by infection stage, from the track's AP for a 4-AP hero (Z War One: 4, 4, 3, 3, 2
        at stages 1 to 5): a hero with other AP has as many more or fewer."""
        track = self.rules.infection_ap
        if not hero.stage or not track:
            return base
        return max(0, base - 4 + track[min(hero.stage, len(track)) - 1])

    def aimed_modifier(self, card) -> int:
        """Z War One adds the card's aim bonus (+2) to aimed rolls; Exodus reads a separate table."""
        return card.aim_bonus

    def tie(self, game: Game, ctx: Context, heroes: list[Hero], why: str) -> Hero:
        """Two or more heroes equally near: each rolls a D8, the lowest is chosen (ties roll again)."""
        while len(heroes) > 1:
            rolls = [(ctx.roll(f"{why}: {h.name} rolls", h.id), h) for h in heroes]
            low = min(r for r, _ in rolls)
            text = ", ".join(f"{h.name} {r}" for r, h in rolls)
            game.emit(EventKind.ROLL_OFF, "game", f"Roll-off ({why}): {text}", dice=tuple(r for r, _ in rolls))
            heroes = [h for r, h in rolls if r == low]
        return heroes[0]

    def hero_died(self, game: Game, hero: Hero, cause: str) -> None:
        """Campaign: a dead hero fails the mission at once."""
        game.lift(hero)
        game.finish("defeat", "hero died", f"{hero.name} died ({cause}): the mission is failed")
        raise GameOver(game.reason)

    def awards_xp(self) -> bool:
        return True

    # --- hooks a versus game (engine.versus) fills in; here the heroes play as one side ---------------

    def acting(self, g: Game, ctx: Context) -> str | None:
        """The hero whose player must act in the hero move; None: the players choose among all heroes."""
        return None

    def actions(self, g: Game, h: Hero, acts: list) -> list:
        """``h``'s legal actions in this game, from the Z War One ones (versus: attacks on the rival agent,
        the meat shield)."""
        return acts

    def held(self, g: Game, z) -> bool:
        """Whether infected ``z`` is held by a hero on the board (an Agent Z meat shield): it neither moves,
        grabs nor is knocked down."""
        return False

    def act(self, g: Game, ctx: Context, h: Hero, action, run) -> None:
        """Carry out ``action`` of ``h``: ``run`` is the action's own rule (versus games add alert timing)."""
        run(g, ctx, h, action)

    def roamers(self, g: Game, ctx: Context, roamer) -> None:
        """A roamer result: ``roamer`` places the game's single roamer (versus: one zombie per player)."""
        roamer(g, ctx)

    def enter(self, g: Game, ctx: Context, who: str) -> None:
        """An event brings the role or hero ``who`` onto the board (only versus games have roles)."""
        g.emit(EventKind.ENTER, "game", f"{who} enters: entering units are not part of the Z War One engine yet")

    def blast_hero(self, g: Game, ctx: Context, owner: Hero, hero: Hero, card) -> None:
        """A blast catches ``hero`` (only where ``blasts_heroes``: versus games roll against the agent)."""

    def killed(self, g: Game, who: str) -> bool:
        """Whether the role or hero ``who`` of a `kill` condition is dead (no roles: never)."""
        return False

    def side_heroes(self, g: Game, side: str) -> list[Hero]:
        """The heroes a condition of ``side`` counts: every hero, but for a versus role its agent."""
        return g.heroes


class Director(Campaign):
    mode = "director"
    decider = Side.DIRECTOR
    roamer_anywhere = True
    cards_dealt = 12  # "deal 12 director cards face down to the director player"
    loot_stops_cards = True

    def tie(self, game: Game, ctx: Context, heroes: list[Hero], why: str) -> Hero:
        pick = ctx.choose(self.decider, f"{why}: the director chooses", [Choice(h.id, h.id) for h in heroes],
                          topic=Topic.TARGET)
        return game.hero(pick.key)

    def hero_died(self, game: Game, hero: Hero, cause: str) -> None:
        """Director games go on: the body lies where the hero fell (it blocks no line of sight) and
        in the end phase stands back up as a newborn under the director's direct control."""
        hero.prone = True
        game.risen.append((hero.id, hero.sq))

    def awards_xp(self) -> bool:
        return False


class DirectorsCut(Director):
    """The Director's Cut: a campaign chapter with a director, who places and moves the infected as in a
    director game and is dealt 6 cards; as a campaign game, any hero's death fails the mission and the
    heroes earn XP."""

    mode = "directors-cut"
    hero_died = Campaign.hero_died
    cards_dealt = 6  # "In director's cut games the director is dealt just 6 director cards"
    loot_stops_cards = False  # a campaign game: loot is cashed in for XP

    def awards_xp(self) -> bool:
        return True


def ruleset_for(mission: CompiledMission, directors_cut: bool = False,
                others: dict[str, type[Campaign]] | None = None) -> Campaign:
    """The ruleset of ``mission``'s mode; ``others``: rulesets of further modes, by mode (versus)."""
    require_playable(mission)  # CannotPlay, with what the game's profile says the engine does not play
    game, mode = mission.mission.game, mission.mission.mode
    rules = of_mission(mission).numbers
    if not isinstance(rules, CompiledGameRules):
        raise UnsupportedGame(f"the rules data has no [[games]] entry for {game}: the engine needs its action "
                              "table, turn and infection track")
    if rules.phases != PLAYED_PHASES:
        raise UnsupportedGame(f"the reference engine plays turns of {', '.join(PLAYED_PHASES)}; {game}'s rules "
                              f"data gives {', '.join(rules.phases)}")
    if directors_cut and mode != "campaign":
        raise UnsupportedGame(f"the Director's Cut is a campaign chapter with a director: {mission.mission.id} is "
                              f"a {mode} game")
    if mode == "campaign":
        return DirectorsCut(rules) if directors_cut else Campaign(rules)
    if mode == "director":
        return Director(rules)
    if others and mode in others:
        return others[mode](rules)
    raise UnsupportedGame(f"the reference engine does not play {mode} games yet")
