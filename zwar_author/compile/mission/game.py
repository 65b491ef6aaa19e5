"""What the mission's game, its pack and its boxes allow: the game's profile, the games the pack is for, the
doors, counters and miniatures the boxes hold, and what the engine cannot play yet."""

from __future__ import annotations

from collections.abc import Sequence

from ... import codes
from ...errors import Related
from ...games import PROFILES, CannotPlay, unplayable
from ...model import content as c
from ...sources.document import absolute
from ..games import GameCheck
from ..refs import Sq
from .context import MissionContext
from .heroes import rule_heroes


def game_profile(ctx: MissionContext, heroes: list[str]) -> None:
    """What the mission uses that its game does not have, and the heroes its game asks for."""
    if ctx.m.mission.game not in PROFILES:
        return  # a game added to the format before its profile (tests/test_games.py fails until it has one)
    check = GameCheck(ctx.m, ctx.at, ctx.doc.loc)
    show = lambda floor, x, y: ctx.show(Sq(floor, x, y))
    ctx.problems += check.run(ctx.grids, ctx.sources, show, rule_heroes(ctx), heroes)


def pack_games(ctx: MissionContext) -> None:
    """A mission of a game its pack does not say it is for (`games` in pack.toml, when given)."""
    declared = ctx.pack.info.games if ctx.pack.info is not None else []
    game = ctx.m.mission.game
    if not declared or game in declared:
        return
    others = [g for g in declared if g in PROFILES]
    name = PROFILES[game].name if game in PROFILES else game
    other = (f"set the mission's `game` to {' or '.join(_quoted(others))}" if others else
             f"move it to a pack for {name}")
    manifest = ctx.ws.docs.get(absolute(ctx.pack.manifest_path))
    related = (Related(manifest.loc(("pack", "games")), f"pack `{ctx.pack.id}` is for these games"),) if manifest else ()
    ctx.report(codes.PACK_GAMES, ctx.doc.loc(("mission", "game")), related=related, game=_a(name),
               pack=ctx.pack.id, declared=" and ".join(_quoted(declared)), id=game, other=other)


def _quoted(games: Sequence[str]) -> list[str]:
    return [f'"{g}"' for g in games]


def _a(name: str) -> str:
    """"a Z War One", "an Exodus", "an Agent Z"."""
    return ("an " if name[0] in "AEIOU" else "a ") + name


def box_limits(ctx: MissionContext, mission: c.CompiledMission) -> None:
    """Warn when setting the mission up takes more doors, counters or miniatures than the boxes hold."""
    box = ctx.ws.box(ctx.pack, ctx.m.mission.game)
    packs = " + ".join(box.packs)
    counters = sum(len(x) for x in (mission.objectives, mission.items, mission.objects, mission.keycards,
                                     mission.crates, mission.tokens))
    doors = None if box.doors is None else box.doors + ctx.m.mission.extra_doors
    for need, have, what in ((len(mission.board.doors), doors, "doors"),
                             (counters, box.counters, "counters")):
        if have is not None and need > have:
            ctx.report(codes.BOX_SHORT, ctx.at("mission"), need=need, what=what, short=need - have,
                       packs=packs, have=have)
    placed: dict[str, list[int]] = {}
    for i, spec in enumerate(mission.infected):
        placed.setdefault(spec.class_, []).append(i)
    names = {e.id: e.plural for e in mission.rules.infected}
    for cls, indices in sorted(placed.items()):
        have = mission.miniatures.get(cls)
        if have is not None and len(indices) > have:
            owners = [p.id for p in ctx.ws.visible(ctx.pack)
                      if p.manifest and cls.rpartition("/")[2] in p.manifest.miniatures]
            ctx.report(codes.BOX_SHORT, ctx.at("infected", indices[have]), need=len(indices),
                       what=f"{names.get(cls, cls)} on the board at the start", short=len(indices) - have,
                       packs=owners[0] if owners else packs, have=have)


def engine_warning(ctx: MissionContext, mission: c.CompiledMission) -> None:
    """A valid mission the engine cannot play yet: the drivers will refuse it, so say so now."""
    missing = unplayable(mission) if mission.mission.game in PROFILES else []
    if missing:
        refusal = CannotPlay(mission, missing)
        ctx.report(codes.ENGINE_CANNOT_PLAY, ctx.doc.loc(("mission",)), game=refusal.game,
                   missing="; ".join(refusal.items))
