"""Victory and defeat conditions, the roles starts and cards are dealt to, and what every mission should have."""

from __future__ import annotations

from ... import codes
from ...model.mission import Condition
from .context import MissionContext, known
from .events import actor

CONDITION_KEYS = ("objectives", "objectives_count", "escape", "carrying", "escort", "survive", "kill",
                  "outscore_dead", "any_hero_dies", "npc_dies", "after_turn")


def conditions(ctx: MissionContext) -> None:
    """Each condition's side, objectives, objects, NPCs and rivals exist, and each says what meets it."""
    numbers = {o.number for o in ctx.m.objectives}
    letters = {o.letter for o in ctx.m.objects}
    npcs = {n.id for n in ctx.m.npcs}
    sides = {"heroes", "director"} | {r.id for r in ctx.m.roles}
    for key in ("victory", "defeat"):
        for i, cond in enumerate(getattr(ctx.m, key)):
            if cond.side not in sides:
                ctx.report(codes.DANGLING, ctx.at(key, i, "side"), what="side", id=cond.side, hint=known(sorted(sides)))
            if isinstance(cond.objectives, list):
                for j, number in enumerate(cond.objectives):
                    if number not in numbers:
                        ctx.report(codes.DANGLING, ctx.at(key, i, "objectives", j), what="objective", id=number,
                                   hint=known(sorted(numbers)))
            if cond.objectives_count is not None and cond.objectives_count > len(numbers):
                ctx.report(codes.BAD_VALUE, ctx.at(key, i, "objectives_count"),
                           message=f"`objectives_count` is {cond.objectives_count} but the mission has "
                                   f"{len(numbers)} objective{'s' if len(numbers) != 1 else ''}")
            for j, letter in enumerate(cond.carrying):
                if letter not in letters:
                    ctx.report(codes.DANGLING, ctx.at(key, i, "carrying", j), what="object", id=letter,
                               hint=known(sorted(letters)))
            if cond.kill is not None:
                actor(ctx, cond.kill, ctx.path(key, i, "kill"))
            if cond.outscore_dead is not None:
                _outscore(ctx, key, i, cond, numbers)
            for j, npc in enumerate(cond.escort):
                if npc not in npcs:
                    ctx.report(codes.DANGLING, ctx.at(key, i, "escort", j), what="NPC", id=npc,
                               hint=known(sorted(npcs)))
            if cond.npc_dies is not None and cond.npc_dies not in npcs:
                ctx.report(codes.DANGLING, ctx.at(key, i, "npc_dies"), what="NPC", id=cond.npc_dies,
                           hint=known(sorted(npcs)))
            if not any(getattr(cond, k) not in (None, False, []) for k in CONDITION_KEYS):
                ctx.report(codes.UNSTRUCTURED, ctx.at(key, i), what=f"{key} condition {i + 1}",
                           keys=", ".join(CONDITION_KEYS[:-1]) + " or " + CONDITION_KEYS[-1])


def _outscore(ctx: MissionContext, key: str, i: int, cond: Condition, numbers: set[int]) -> None:
    """`outscore_dead` names a rival, not the condition's own side, in a mission with objectives to count."""
    assert cond.outscore_dead is not None  # only called for a condition that has one
    rival = actor(ctx, cond.outscore_dead, ctx.path(key, i, "outscore_dead"))
    if rival is not None and rival == cond.side:
        ctx.report(codes.OUTSCORE_SELF, ctx.at(key, i, "outscore_dead"), key=key, number=i + 1, side=rival)
    elif not numbers:
        ctx.report(codes.BAD_VALUE, ctx.at(key, i, "outscore_dead"),
                   message="`outscore_dead` compares objectives completed, but the mission has no objectives")


def roles(ctx: MissionContext) -> None:
    """Starts and the Director's cards are given to roles the mission has."""
    ids = {r.id for r in ctx.m.roles}
    for i, start in enumerate(ctx.m.starts):
        if start.role is not None and start.role not in ids:
            ctx.report(codes.DANGLING, ctx.at("starts", i, "role"), what="role", id=start.role, hint=known(sorted(ids)))
    cards = ctx.m.mission.director_cards
    if cards is not None and cards.dealt_to not in {"director", "each"} | ids:
        ctx.report(codes.DANGLING, ctx.doc.loc(("mission", "director_cards", "dealt_to")), what="role",
                   id=cards.dealt_to, hint=' (or "director", "each")')


def missing_parts(ctx: MissionContext) -> None:
    """Warnings for what a playable mission has: starts, a victory, objectives numbered 1 to N."""
    here = ctx.doc.loc(("mission",))
    if not ctx.m.starts:
        ctx.report(codes.NO_STARTS, here)
    if not ctx.m.victory:
        ctx.report(codes.NO_VICTORY, here)
    numbers = sorted({o.number for o in ctx.m.objectives})
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        ctx.report(codes.OBJECTIVE_NUMBERS, ctx.at("objectives"), numbers=", ".join(map(str, numbers)),
                   count=len(numbers))
