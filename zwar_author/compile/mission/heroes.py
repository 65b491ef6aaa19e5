"""The mission's heroes (named, or every hero of its game) and the perks each is bought, against the XP allowance."""

from __future__ import annotations

from ... import codes
from ...model.rules import GameRules, Hero, Perk
from ..perks import bill
from ..rules import RefChecker, hint
from .context import MissionContext


def heroes(ctx: MissionContext, refs: RefChecker) -> list[str]:
    """The heroes ``[mission] heroes`` names, as pack/id; every hero of the game when it names none."""
    if not ctx.m.mission.heroes:
        return _game_heroes(ctx)
    out = []
    for i, text in enumerate(ctx.m.mission.heroes):
        path = ("mission", "heroes", i)
        qualified = refs.ref("heroes", text, ctx.doc, path)
        if qualified is None:
            continue
        ctx.same_game("heroes", text, ctx.doc.loc(path))
        out.append(qualified)
    return out


def _game_heroes(ctx: MissionContext) -> list[str]:
    """Every hero of the mission's game the pack sees, as pack/id: a mission's heroes when it names none."""
    game = ctx.m.mission.game
    return sorted(e.qualified for p in ctx.ws.visible(ctx.pack)
                  for e in p.rules.entries["heroes"].values() if game in e.model.games)


def rule_heroes(ctx: MissionContext) -> list[str]:
    """The heroes of the game's hero rule (`heroes` of its [[games]] entry, the nearest pack's), as pack/id."""
    game = ctx.m.mission.game
    entry = next((e for p in ctx.ws.visible(ctx.pack) for e in p.rules.entries["games"].values()
                  if game in e.model.games), None)
    if entry is None or not isinstance(entry.model, GameRules):
        return []
    home = next(p for p in ctx.ws.visible(ctx.pack) if p.id == entry.pack)
    found = (ctx.ws.lookup(home, "heroes", ref) for ref in entry.model.heroes)
    return [e.qualified for e in found if e is not None]


def perk_builds(ctx: MissionContext, heroes: list[str]) -> dict[str, list[str]]:
    """``[mission.perks]`` qualified, each hero's bill checked against the XP perk allowance."""
    out: dict[str, list[str]] = {}
    allowance = ctx.m.mission.xp_perk_allowance
    for hero_text, perk_texts in ctx.m.mission.perks.items():
        path = ("mission", "perks", hero_text)
        hero = ctx.ws.lookup(ctx.pack, "heroes", hero_text)
        if hero is None or not isinstance(hero.model, Hero):
            ctx.report(codes.DANGLING, ctx.doc.key_loc(path), what="hero", id=hero_text,
                       hint=hint(hero_text, ctx.ws.known(ctx.pack, "heroes")))
            continue
        if hero.qualified not in heroes:
            ctx.report(codes.PERK_HERO, ctx.doc.key_loc(path), hero=hero_text,
                       heroes=", ".join(h.rpartition("/")[2] for h in heroes))
            continue
        bought: dict[str, int] = {}
        lines = []
        for j, text in enumerate(perk_texts):
            perk = ctx.ws.lookup(ctx.pack, "perks", text)
            if perk is None or not isinstance(perk.model, Perk):
                ctx.report(codes.DANGLING, ctx.doc.loc(path + (j,)), what="perk",
                           id=text, hint=hint(text, ctx.ws.known(ctx.pack, "perks")))
                continue
            if perk.qualified in bought:
                ctx.report(codes.PERK_TWICE, ctx.doc.loc(path + (j,)), perk=text, hero=hero_text,
                           first=ctx.doc.loc(path + (bought[perk.qualified],)).display())
                continue
            ctx.same_game("perks", text, ctx.doc.loc(path + (j,)))
            bought[perk.qualified] = j
            lines.append((text, perk.model))
        out[hero.qualified] = list(bought)
        spent = bill(hero_text, hero.model, lines)
        if allowance is not None and spent.total > allowance:
            ctx.report(codes.PERK_ALLOWANCE, ctx.doc.key_loc(path), **spent.fields(allowance))
    return out
