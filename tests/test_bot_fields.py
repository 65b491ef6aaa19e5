"""The bots' distance fields, searched with a list of squares per distance (``bots._search``), hold the
distances the mission's own search (``Mission.distances_to``) finds with the cost the bots gave it before:
a step onto a standable square 1, through a shut door 2, never through a shut blast door or a locked one
whose keycard no hero holds. Checked on every core mission, from several goals, with every door shut,
every door open and doors open at random, with no keycard and with every colour held."""

from __future__ import annotations

import random

import pytest
from conftest import CONTENT

from zwar_author.engine.mission import Mission
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots

MISSIONS = sorted(p.stem for p in (CONTENT / "core" / "missions").glob("*.toml"))


def _distances(m: Mission, goal: tuple[int, ...], doors: int, keys: frozenset[str]) -> dict[int, int]:
    def cost(n: int, door: int) -> int | None:
        if not m.standable[n]:
            return None
        if door < 0 or doors >> door & 1:
            return 1
        kind = m.doors[door].kind
        return None if kind == "blast" or (kind == "locked" and m.doors[door].key not in keys) else 2

    return m.distances_to(goal, cost)


@pytest.mark.parametrize("name", MISSIONS)
def test_the_bots_field_search_finds_the_missions_distances(name):
    m, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
    assert m is not None
    rng = random.Random(name)
    squares = [sq for sq in range(m.size) if m.standable[sq]]
    colours = frozenset(d.key for d in m.doors if d.key)
    every = (1 << len(m.doors)) - 1
    checked = 0
    for goal in [(sq,) for sq in rng.sample(squares, 6)] + [tuple(sorted(rng.sample(squares, 3)))]:
        for doors in (0, every, rng.getrandbits(len(m.doors) or 1) & every):
            for keys in (frozenset(), colours):
                found = bots._search(m, goal, doors, keys)
                assert found == _distances(m, goal, doors, keys)
                checked += len(found)
    assert checked > 20 * len(squares)  # the fields reach most of the board
