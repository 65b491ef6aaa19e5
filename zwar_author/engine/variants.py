"""Where the games and modes differ: one class per ruleset, overriding hooks instead of ifs in the rules.

``Campaign`` is the Z War One campaign game of the rulebook. ``Director``
changes what the director games change: the director, not dice, breaks ties
and places spawns, roamers go on any eligible square, and a dead hero does not
end the mission. Exodus plays the same rulesets: its weapon cards are read through
the ruleset's ``WeaponCards`` (an aimed chart instead of an aim bonus), its
four-phase turn is the one its rules data gives, and its own actions (reloading,
crafting, the rib, NPCs) live in their own modules and are offered only when
its action table has them. Agent Z's versus games are ``engine.versus.Versus``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ..errors import UnsupportedGame
from ..games import Rule, of_mission, require_playable
from ..model.content import CompiledGameRules, CompiledMission
from .chance import Choice, Context
from .state import Game, GameOver, Hero
from .vocab import EventKind, HeroStatus, Phase, Side, Topic

#: the phases of a turn the engine plays, in order (after the turn's announce); a game may leave out
#: the infection test (Exodus: the infection moves on a stage in every end phase instead)
PLAYED_PHASES: Final = (Phase.HEROES, Phase.INFECTED, Phase.SPAWN, Phase.INFECTION, Phase.END)
OPTIONAL_PHASES: Final = frozenset({Phase.INFECTION})


class WeaponCards:
    """How a game reads an attack off a weapon card. Z War One prints one chart a card and adds the card's aim
    bonus (+2) to aimed rolls; Exodus cards print a quick fire chart and an aimed fire chart ("referenced
    against the aimed fire chart on the right hand side of your active weapon card": ``separate_charts``, the
    game profile's ``Rule.SEPARATE_CHARTS``). An Exodus card without an aimed chart falls back to Z War One's
    quick chart plus the aim bonus (interpretation)."""

    def __init__(self, separate_charts: bool) -> None:
        self.separate_charts = separate_charts

    def chart(self, card: Any, aimed: bool) -> Any:
        """The table an attack with ``card`` reads."""
        return card.aimed if aimed and self.separate_charts and card.aimed is not None else card.quick

    def aimed_modifier(self, card: Any) -> int:
        """What an aimed roll adds: the aim bonus, unless an aimed chart replaces it."""
        return 0 if self.separate_charts and card.aimed is not None else card.aim_bonus

    def follow_up_bonus(self, card: Any) -> int:
        """What a semi-auto follow-up quick shot at the same target adds: the aim bonus it keeps (Exodus has
        none to keep where its aimed chart replaces it: interpretation)."""
        return self.aimed_modifier(card)


@mypyc_attr(allow_interpreted_subclasses=True)  # engine.versus.Versus is plain Python
class Campaign:
    """The campaign game, with the game's turn, action table and infection track from the rules data.

    Compiled with the engine (``native.MODULES``): its hooks are called at every action and infected move.
    What a subclass says in its class body is a ``ClassVar``, so that a plain subclass's own value is read."""

    game: ClassVar[str] = "zwar1"
    mode: ClassVar[str] = "campaign"
    #: who answers the choices the rules leave open (equidistant squares, which infected moves first)
    decider: ClassVar[Side] = Side.HEROES
    #: who answers a hero's own choices (fire on alert, Blessed, Scavenger): the players (versus: that agent's)
    hero_side: ClassVar[Side] = Side.HEROES
    #: roamers go on the closest eligible square (director games: any eligible square)
    roamer_anywhere: ClassVar[bool] = False
    #: whether a blast may catch heroes (versus games: agents are hurt by it; otherwise none is set off on one)
    blasts_heroes: ClassVar[bool] = False
    #: director cards dealt when the mission names no count (0: no director holds any)
    cards_dealt: ClassVar[int] = 0
    #: a loot card played at the beginning of the hero move stops the director's cards for the turn
    loot_stops_cards: ClassVar[bool] = False

    def __init__(self, rules: CompiledGameRules, weapons: WeaponCards | None = None) -> None:
        self.rules = rules
        #: how attacks read a weapon's card (Z War One's one chart a card unless told)
        self.weapons = weapons if weapons is not None else WeaponCards(separate_charts=False)
        phases = [Phase(p) for p in rules.phases]
        #: the infection test of each turn (None: the infection moves on without one)
        self.infection_check = rules.infection_check
        #: the phase after the infected spawn: the infection test, or straight to the end phase
        self.after_spawn = Phase.INFECTION if Phase.INFECTION in phases else Phase.END
        #: the infection moves on a stage in the end phase (a game without an infection test phase)
        self.end_phase_infection = Phase.INFECTION not in phases and rules.infection_every_end_phase

    def ap(self, hero: Hero, base: int) -> int:
        """AP for a turn by infection stage, from the track's AP for a 4-AP hero (Z War One: 4, 4, 3, 3, 2
        at stages 1 to 5): a hero with other AP has as many more or fewer."""
        track = self.rules.infection_ap
        if not hero.stage or not track:
            return base
        return max(0, base - 4 + track[min(hero.stage, len(track)) - 1])

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

    def newborn_holder(self, hero: Hero) -> str:
        """Who steers a dead hero's newborn: the director (Agent Z: the agent's own player)."""
        return "director"

    def npc_killed(self, game: Game, npc: Hero) -> None:
        """"If an NPC fails a bite test they are automatically killed and the mission is failed" (Exodus;
        only Exodus missions have NPCs)."""
        npc.status, npc.done, npc.stride = HeroStatus.DEAD, True, 0
        game.emit(EventKind.DEATH, npc.id, f"{npc.name} fails the bite test and is killed", npc.sq, result="bitten")
        game.lift(npc)
        game.finish("defeat", "NPC died", f"{npc.name} was killed: the mission is failed")
        raise GameOver(game.reason)

    # --- hooks a versus game (engine.versus) fills in; here the heroes play as one side ---------------

    def acting(self, g: Game, ctx: Context) -> str | None:
        """The hero whose player must act in the hero move; None: the players choose among all heroes."""
        return None

    def actions(self, g: Game, h: Hero, acts: list[Any]) -> list[Any]:
        """``h``'s legal actions in this game, from the Z War One ones (versus: attacks on the rival agent,
        the meat shield)."""
        return acts

    def held(self, g: Game, z: Any) -> bool:
        """Whether infected ``z`` is held by a hero on the board (an Agent Z meat shield): it neither moves,
        grabs nor is knocked down."""
        return False

    def act(self, g: Game, ctx: Context, h: Hero, action: Any, run: Any) -> None:
        """Carry out ``action`` of ``h``: ``run`` is the action's own rule (versus games add alert timing)."""
        run(g, ctx, h, action)

    def roamers(self, g: Game, ctx: Context, roamer: Any) -> None:
        """A roamer result: ``roamer`` places the game's single roamer (versus: one zombie per player)."""
        roamer(g, ctx)

    def enter(self, g: Game, ctx: Context, who: str) -> None:
        """An event brings the role or hero ``who`` onto the board (only versus games have roles)."""
        g.emit(EventKind.ENTER, "game", f"{who} enters: entering units are not part of the Z War One engine yet")

    def blast_hero(self, g: Game, ctx: Context, owner: Hero, hero: Hero, card: Any) -> None:
        """A blast catches ``hero`` (only where ``blasts_heroes``: versus games roll against the agent)."""

    def killed(self, g: Game, who: str) -> bool:
        """Whether the role or hero ``who`` of a `kill` condition is dead (no roles: never)."""
        return False

    def outscored(self, g: Game, side: str, rival: str) -> bool:
        """Whether ``rival`` is dead and ``side`` has completed more objectives than it had (no roles: never)."""
        return False

    def side_heroes(self, g: Game, side: str) -> list[Hero]:
        """The heroes a condition of ``side`` counts: every hero, but for a versus role its agent."""
        return g.heroes


@mypyc_attr(allow_interpreted_subclasses=True)  # engine.versus.Versus is plain Python
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
    cards_dealt = 6  # "In director's cut games the director is dealt just 6 director cards"
    loot_stops_cards = False  # a campaign game: loot is cashed in for XP

    def hero_died(self, game: Game, hero: Hero, cause: str) -> None:
        Campaign.hero_died(self, game, hero, cause)

    def awards_xp(self) -> bool:
        return True


def _plays(phases: Sequence[str]) -> bool:
    """Whether the engine plays a turn of ``phases``: its own, in order, leaving out only optional ones."""
    return [p for p in PLAYED_PHASES if p in phases] == list(phases) and \
        all(p in phases for p in PLAYED_PHASES if p not in OPTIONAL_PHASES)


#: the ruleset of each game and mode the engine plays ("directors-cut": a campaign chapter with a director)
RULESETS: Final[dict[tuple[str, str], type[Campaign]]] = {
    ("zwar1", "campaign"): Campaign, ("zwar1", "director"): Director, ("zwar1", "directors-cut"): DirectorsCut,
    ("exodus", "campaign"): Campaign, ("exodus", "director"): Director, ("exodus", "directors-cut"): DirectorsCut,
}


def ruleset_for(mission: CompiledMission, directors_cut: bool = False,
                others: dict[str, type[Campaign]] | None = None) -> Campaign:
    """The ruleset of ``mission``'s game and mode (``RULESETS``; a game with none of its own there, such
    as Agent Z, plays Z War One's); ``others``: rulesets of further modes, by mode (versus)."""
    require_playable(mission)  # CannotPlay, with what the game's profile says the engine does not play
    game, mode = mission.mission.game, mission.mission.mode
    profile = of_mission(mission)
    rules = profile.numbers
    if not isinstance(rules, CompiledGameRules):
        raise UnsupportedGame(f"the rules data has no [[games]] entry for {game}: the engine needs its action "
                              "table, turn and infection track")
    if not _plays(rules.phases):
        raise UnsupportedGame(f"the reference engine plays turns of {', '.join(PLAYED_PHASES)}; {game}'s rules "
                              f"data gives {', '.join(rules.phases)}")
    if directors_cut and mode != "campaign":
        raise UnsupportedGame(f"the Director's Cut is a campaign chapter with a director: {mission.mission.id} is "
                              f"a {mode} game")
    kind = "directors-cut" if directors_cut else mode
    ruleset = RULESETS.get((game, kind))
    if ruleset is None and all(g != game for g, _ in RULESETS):
        ruleset = RULESETS.get(("zwar1", kind))
    if ruleset is None and others and mode in others:
        ruleset = others[mode]
    if ruleset is None:
        raise UnsupportedGame(f"the reference engine does not play {game} {mode} games yet")
    return ruleset(rules, WeaponCards(separate_charts=profile.has(Rule.SEPARATE_CHARTS)))
