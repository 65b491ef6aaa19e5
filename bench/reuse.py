"""What a cautious Supply Run game asks again unchanged: the ceiling on what keeping answers across decisions saves.

Run by hand: ``.venv/bin/python bench/reuse.py [GAMES]`` (default 20). Issue 27 asked to keep each hero's
options, the bot's plan and the infected's targets across decisions where nothing they depend on changed.
Before building such a cache this script counts, over GAMES seeded cautious games, how often each answer is
the same as the last one asked in the game, and how often the inputs it depends on are: a cache keyed by its
inputs can be hit at most as often as they repeat, whatever its output does. It wraps the functions in this
process only (a bench, never the library) and plays the same games as ``zwar playtest --seed 1``.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

from zwar_author.engine import infected
from zwar_author.engine.options import LegalActions
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots
from zwar_author.playtest.runner import Plan, run

MISSION = Path(__file__).parents[1] / "content" / "core" / "missions" / "supply-run.toml"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    counts: Counter[str] = Counter()
    last: dict[Any, Any] = {}

    def repeated(name: str, key: Any, value: Any) -> None:
        counts[name] += 1
        if last.get(key) == value:
            counts[name + ": same"] += 1
        last[key] = value

    of = LegalActions.of

    def options(self: LegalActions, hero: str, without: frozenset = frozenset()) -> list:
        found = of(self, hero, without)
        repeated("a hero's options, against its last list", ("options", id(self._g), hero, without), found)
        return found

    jobs_left, goal, target = bots._jobs_left, bots.Bot.goal, infected.choose_target

    def jobs(g: Any, detours: bool = True) -> Any:
        found = jobs_left(g, detours)
        repeated("the jobs left (_jobs_left)", ("jobs", id(g), detours), found)
        return found

    def plan(self: Any, g: Any, h: Any) -> Any:
        found = goal(self, g, h)
        repeated("a hero's goal (Bot.goal)", ("goal", id(g), h.id), found)
        squares = (tuple((o.sq, o.status) for o in g.heroes), tuple(sorted((z.id, z.sq) for z in g.infected.values())),
                   g.doors)
        repeated("  its inputs' squares and doors, against the last goal asked", ("goal in", id(g)), squares)
        return found

    def choose(g: Any, ctx: Any, z: Any, pos: int, announce: bool = True) -> Any:
        heroes = (tuple((h.id, h.sq) for h in g.detectable()), g.doors, g.active)
        repeated("an infected's target: the heroes, doors and rooms", ("target", id(g)), heroes)
        repeated("  and the same class on the same square, earlier in the game", ("unit", id(g), heroes, z.cls, pos), True)
        return target(g, ctx, z, pos, announce)

    LegalActions.of = options  # type: ignore[method-assign]
    bots._jobs_left = jobs
    bots.Bot.goal = plan  # type: ignore[method-assign]
    infected.choose_target = choose
    mission, _ = load_mission(MISSION)
    run(Plan(mission.compiled.model_dump(mode="json", by_alias=True), "cautious", games, 1), mission=mission)
    print(f"{games} cautious Supply Run games, seed 1: how often an answer (or its inputs) is the last one again")
    for name in [k for k in counts if not k.endswith(": same")]:  # in the order first asked
        same = counts[name + ": same"]
        print(f"{name}: {same} of {counts[name]} ({100 * same / counts[name]:.1f}%)")


if __name__ == "__main__":
    main()
