"""A mission against its game's profile: what the game lacks, and the heroes it must use.

Each use of something the game does not have is reported where it is
written; the board's terrain once per floor and kind, at its first square.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import codes
from ..codes import Code
from ..errors import Diagnostic, Location
from ..games import (
    PROFILES,
    Element,
    EventKind,
    Feature,
    GameProfile,
    HeroRuleKind,
    Mode,
    SpawnResult,
    Token,
    Tracker,
    Victory,
    owners,
)
from ..geometry.board import Edge, Grid, Terrain
from ..model.mission import MissionDoc
from .layout import FloorSource

Where = Callable[..., Location]  # where(key, index, *rest): the location of a mission key

#: Tokens placed by list key, and how one entry is named.
_TOKENS = (
    (Token.CRATE, lambda e: f"crate at {e.at}"),
    (Token.KEYCARD, lambda e: f"{e.colour} keycard at {e.at}"),
    (Token.NPC, lambda e: f"NPC {e.id} at {e.at}"),
    (Token.OBJECTIVE, lambda e: f"objective {e.number} at {e.at}"),
    (Token.ITEM, lambda e: f"item {e.letter} at {e.at}"),
    (Token.OBJECT, lambda e: f"object {e.letter} at {e.at}"),
    (Token.INFECTED, lambda e: f"infected {e.class_} at {e.at}"),
    (Token.ROOM_TOKEN, lambda e: f"{e.kind} token in {e.room}"),
)


#: What a mission can use for the same end as an element its game lacks, each way with what the game needs for it.
_INSTEAD: dict[Element, tuple[tuple[tuple[Element, ...], str], ...]] = {
    Feature.LOCKED_DOOR: (
        ((Feature.BLAST_DOOR,), 'make it a blast door (kind = "blast", opened by a task in its `room`)'),
        ((EventKind.OPEN_DOORS,), "keep it a door and open it with an event (`open_doors` in [[events]])"),
    ),
    Token.KEYCARD: (
        ((Token.OBJECT, EventKind.OPEN_DOORS),
         ("place an object ([[objects]]) and open the door with an event when it is picked up "
         "(`when = { picked_up = ... }`, `open_doors`)")),
    ),
}


class GameCheck:
    """Checks one mission source against the profile of its game."""

    def __init__(self, m: MissionDoc, where: Where, loc: Callable[[tuple], Location]) -> None:
        self.m = m
        self.where = where
        self.loc = loc
        self.profile: GameProfile = PROFILES[m.mission.game]
        self.problems: list[Diagnostic] = []

    def lacks(self, code: Code, element: Element, location: Location, found: str) -> None:
        if self.profile.has(element):
            return
        games = [p.name for p in owners(element)]
        text = (" and ".join(games) + " only") if games else "no game has them"
        self.problems.append(code.at(location, game=self.profile.name, element=element.label, owners=text,
                                     found=found, instead=self.instead(element)))

    def instead(self, element: Element) -> str:
        """What this game has for the same end as ``element``: "; instead, use a blast door ...", or nothing."""
        ways = [way for needs, way in _INSTEAD.get(element, ()) if all(self.profile.has(n) for n in needs)]
        return "; instead, " + " or ".join(ways) if ways else ""

    def run(self, grids: dict[str, Grid], sources: dict[str, FloorSource], show: Callable[[str, int, int], str],
            rule_heroes: list[str], heroes: list[str]) -> list[Diagnostic]:
        mode = Mode.of(self.m.mission.mode)
        self.lacks(codes.LACKS_MODE, mode, self.loc(("mission", "mode")), f'mode = "{mode.value}"')
        self.board(grids, sources, show)
        self.tokens()
        self.conditions()
        self.spawn_results()
        self.events()
        self.heroes(rule_heroes, heroes)
        return self.problems

    # --- the board -------------------------------------------------------------------

    def board(self, grids: dict[str, Grid], sources: dict[str, FloorSource],
              show: Callable[[str, int, int], str]) -> None:
        for floor, grid in grids.items():
            for feature, terrain, char in ((Feature.WATER, Terrain.WATER, "~"),
                                           (Feature.TRANSITION, Terrain.TRANSITION, "t")):
                found = grid.squares(terrain)
                if found:
                    x, y = found[0]
                    self.lacks(codes.LACKS_FEATURE, feature, sources[floor].square(x, y),
                               f"'{char}' at {show(floor, x, y)}{_more(len(found) - 1, 'square')}")
            obstacles = grid.edges(Edge.OBSTACLE)
            if obstacles:
                axis, x, y = min(obstacles, key=lambda e: (e[2], e[1], e[0]))
                self.lacks(codes.LACKS_FEATURE, Feature.WATER_OBSTACLE, sources[floor].edge(axis, x, y),
                           f"'*' on edge {axis}:{show(floor, x, y)}{_more(len(obstacles) - 1, 'edge')}")
        for i, link in enumerate(self.m.stairs):
            if link.colour is not None:
                self.lacks(codes.LACKS_FEATURE, Feature.COLOURED_STAIRS, self.where("stairs", i, "colour"),
                           f'colour = "{link.colour}" on stair link {link.link[0]} - {link.link[1]}')
        kinds = {"locked": Feature.LOCKED_DOOR, "blast": Feature.BLAST_DOOR}
        for i, door in enumerate(self.m.doors):
            if door.kind in kinds:
                self.lacks(codes.LACKS_FEATURE, kinds[door.kind], self.where("doors", i, "kind"),
                           f"{door.kind} door at {door.at}")

    # --- tokens, conditions, spawn results, events ---------------------------------------

    def tokens(self) -> None:
        for token, name in _TOKENS:
            for i, entry in enumerate(getattr(self.m, token.value)):
                self.lacks(codes.LACKS_TOKEN, token, self.where(token.value, i), name(entry))
        if self.m.rib is not None:
            self.lacks(codes.LACKS_TOKEN, Token.RIB, self.where("rib", None), f"the rib at {self.m.rib.at}")

    def conditions(self) -> None:
        for key in ("victory", "defeat"):
            for i, cond in enumerate(getattr(self.m, key)):
                for kind in Victory:
                    if getattr(cond, kind.value) not in (None, False, []):
                        self.lacks(codes.LACKS_CONDITION, kind, self.where(key, i, kind.value),
                                   f"{key} condition {i + 1} asks for `{kind.value}`")

    def spawn_results(self) -> None:
        spawn = self.m.spawn
        if spawn is None:
            return
        turns = [(("spawn", "turn"), spawn.turn, "turn spawn")] + [
            (("spawn", "phases", i, "turn"), p.turn, f"phase {p.id} turn spawn") for i, p in enumerate(spawn.phases or [])]
        for path, turn, label in turns:
            if turn is None:
                continue
            for key in ("where", "table"):
                for row, text in (getattr(turn, key) or {}).items():
                    word = " ".join(text.lower().split())
                    for result in SpawnResult:
                        if word == result.value:
                            self.lacks(codes.LACKS_SPAWN, result, self.loc(path + (key, row)),
                                       f'{label} row "{row}" is `{text}`')

    def events(self) -> None:
        for i, timer in enumerate(self.m.timers):
            self.lacks(codes.LACKS_EVENT, Tracker.TIMERS, self.where("timers", i), f"timer {timer.id}")
        for i, event in enumerate(self.m.events):
            for kind in EventKind:
                if getattr(event, kind.value):
                    self.lacks(codes.LACKS_EVENT, kind, self.where("events", i, kind.value),
                               f"event {i + 1} asks for `{kind.value}`")

    # --- heroes ------------------------------------------------------------------------

    def heroes(self, rule_heroes: list[str], heroes: list[str]) -> None:
        """``rule_heroes``: the heroes of the game's hero rule, from the rules data the pack sees;
        ``heroes``: the mission's (both pack/id)."""
        rule = self.profile.heroes
        here = self.loc(("mission", "heroes") if self.m.mission.heroes else ("mission",))
        if rule.kind is HeroRuleKind.ALL and self.m.mission.heroes:
            missing = [h.rpartition("/")[2] for h in rule_heroes if h not in heroes]
            if missing:
                self.problems.append(codes.HEROES_LEFT_OUT.at(
                    here, game=self.profile.name, quote=_said(rule.quote.text), missing=", ".join(missing)))
        if rule.kind is HeroRuleKind.ONE_PER_PLAYER:
            roles = len(self.m.roles)
            problem = None
            if roles != rule.players:
                problem = f"the mission has {roles} role{'s' if roles != 1 else ''}; give it {rule.players} [[roles]]"
                here = self.loc(("roles",) if self.m.roles else ("mission",))
            elif self.m.mission.heroes and len(heroes) != roles:
                problem = f"`heroes` names {len(heroes)} agent{'s' if len(heroes) != 1 else ''} for {roles} roles"
            if problem:
                self.problems.append(codes.AGENTS_PER_PLAYER.at(here, game=self.profile.name, players=rule.players,
                                                               problem=problem))


def _more(n: int, what: str) -> str:
    return f" (and {n} more {what}{'s' if n != 1 else ''})" if n else ""


def _said(text: str) -> str:
    """The rulebook's sentence, up to its first comma or full stop, quoted."""
    cut = min((i for i in (text.find(","), text.find(".")) if i > 0), default=len(text))
    return f"\u201c{text[:cut]}\u201d"
