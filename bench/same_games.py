"""Same games: one digest of every event and record of seeded bot games on every core mission.

Run by hand: ``.venv/bin/python bench/same_games.py [GAMES]`` (default 12) from the root of a tree, and
compare the last line with another tree's (``PYTHONPATH`` set to that tree, compiled or with
``ZWAR_COMPILED=0``). Each core mission plays GAMES games of each heuristic bot (cautious, aggressive,
random), its logs kept; one SHA-256 a mission and bot, and a total over all. A change that claims to play the
same games (a refactor, a speed pass) must leave the total as it was.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from zwar_author.play.load import load_mission
from zwar_author.playtest import runner
from zwar_author.playtest.runner import Plan, play

ROOT = Path(__file__).parents[1]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    total = hashlib.sha256()
    for path in sorted((ROOT / "content" / "core" / "missions").glob("*.toml")):
        mission, _ = load_mission(path)
        document = mission.compiled.model_dump(mode="json", by_alias=True)
        runner.run(Plan(document, "cautious", 0, 7), mission=mission)  # the mission played as loaded, not rebuilt
        for policy in ("cautious", "aggressive", "random"):
            one = hashlib.sha256()
            plan = Plan(document, policy, games, 7, keep_logs=True)
            for i in range(games):
                one.update(json.dumps(play(plan, i), sort_keys=True, default=str).encode())
            total.update(one.digest())
            print(path.stem, policy, one.hexdigest()[:16], flush=True)
    from zwar_author import native
    print("compiled" if native.compiled() else "plain", "total", total.hexdigest())


if __name__ == "__main__":
    main()
