"""`zwar replay --html`: the board after each turn shows every figure, those in a grapple too."""

from __future__ import annotations

import random
import re

from conftest import CONTENT

from zwar_author.engine.api import new_game
from zwar_author.engine.chance import Live
from zwar_author.engine.state import DEFAULT_SETUP
from zwar_author.engine.turn import step
from zwar_author.engine.vocab import Phase
from zwar_author.play.load import load_mission
from zwar_author.playtest.replay import pictures
from zwar_author.playtest.runner import game_seed
from zwar_author.playtest.versus import policy_for


def _first_grapple(name: str, policy: str, index: int):
    """The game as it stands at the end of the first turn that ends with a hero in a grapple."""
    mission, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
    assert mission is not None
    g = new_game(mission, DEFAULT_SETUP)
    ctx = Live(random.Random(game_seed(1, index)), policy_for(mission, policy, game_seed(1, index, "bots"), ""), g)
    while not g.over:
        phase = g.phase
        step(g, ctx)
        if phase == Phase.END and any(h.grapplers for h in g.heroes):
            return g
    raise AssertionError("no turn ended with a grapple")


def test_infected_in_a_grapple_are_drawn_beside_their_hero():
    # Hold Out, game 2 of seed 1 (aggressive): turn 3 ends with Victor grappled. A grappling infected is
    # off the board (on the hero's card), so it was left out of the picture; it is drawn beside the hero.
    g = _first_grapple("hold-out", "aggressive", 2)
    grappled = [h for h in g.heroes if h.grapplers]
    assert [(h.name, len(h.grapplers)) for h in grappled] == [("Victor", 1)]
    assert g.turn == 3
    drawn = sum(len(re.findall(r">Z</text>", picture)) for picture in pictures(g, "turn"))
    assert drawn == len(g.board_infected()) + 1
