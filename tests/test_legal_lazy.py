"""The hero move's options built lazily (``LegalActions``) are the whole list, option for option.

Policies count the options, take one by its index, draw one at random or ask for one hero's
actions without some verbs (the bots); each must give exactly what the whole list ``legal`` gives,
in its order, or seeded games would change. Checked at every hero move of seeded random games on
missions of each game the engine plays (spawn points, grapples, prone heroes, the rib, NPCs and
Agent Z's rules included).
"""

from __future__ import annotations

import random

import pytest
from conftest import CONTENT

from zwar_author.engine.api import new_game, random_policy, simulate
from zwar_author.engine.legal import COMBINED, EXCHANGES, FREE, legal
from zwar_author.engine.options import LegalActions
from zwar_author.engine.state import Game, Setup
from zwar_author.engine.vocab import Topic, Verb
from zwar_author.play.load import load_mission
from zwar_author.playtest.bots import FAR_MELEE_UNUSED, FAR_UNUSED, MELEE_UNUSED, UNUSED

EVERY = frozenset(Verb)
ATTACKS = frozenset({Verb.QUICK, Verb.MELEE, Verb.AIMED, Verb.EXECUTE, Verb.HITMAN})
ONLY_ATTACKS = EVERY - ATTACKS
#: each search of the list is left out only when ``without`` holds every verb it makes: asking for one verb a
#: search shares with others (fire then move without quick fire, Move & Reload without moves) still finds it
WITHOUT = (frozenset(), COMBINED, EXCHANGES | {Verb.DIVE}, UNUSED, MELEE_UNUSED, frozenset({Verb.END, Verb.MOVE}),
           ATTACKS, ONLY_ATTACKS, UNUSED | ATTACKS, EVERY, EVERY - FREE, EVERY - {Verb.QUICK_MOVE},
           EVERY - {Verb.MELEE_MOVE}, EVERY - {Verb.MOVE_MELEE}, EVERY - {Verb.MOVE_QUICK}, EVERY - {Verb.MOVE_RELOAD},
           frozenset({Verb.MOVE, Verb.QUICK, Verb.AIMED, Verb.THROW, Verb.SEARCH, Verb.TASK, Verb.RELOAD, Verb.CRAFT,
                      Verb.OPEN, Verb.CLOSE, Verb.KNOCK, Verb.CRAWL}), FAR_UNUSED, FAR_MELEE_UNUSED)


def _checked_games(name: str, games: int = 3, turns: int = 8) -> int:
    loaded, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
    checked = 0

    def checking(g: Game, request):
        nonlocal checked
        whole = legal(g) if request.topic == Topic.HERO else None
        if whole is not None:
            assert len(LegalActions(g)) == len(whole)
            lazy = LegalActions(g)
            assert [lazy[i] for i in range(len(whole))] == whole
            with pytest.raises(IndexError):
                lazy[len(whole)]
            assert list(LegalActions(g)) == whole and LegalActions(g)[-1] == whole[-1]
            assert LegalActions(g)[1:3] == whole[1:3] and LegalActions(g)[-len(whole)] == whole[0]
            seed = len(g.log)
            assert LegalActions(g).draw(random.Random(seed)) == random.Random(seed).choice(whole)
            for without in WITHOUT:
                for h in g.heroes:
                    assert LegalActions(g).of(h.id, without) == \
                        [a for a in whole if a.hero == h.id and a.verb not in without]
            checked += 1
        options = tuple(whole) if isinstance(request.options, LegalActions) else request.options
        return options[rng.randrange(len(options))]

    for seed in range(games):
        rng = random.Random(seed)
        simulate(new_game(loaded, Setup(max_turns=turns)), checking, random.Random(seed))
    return checked


@pytest.mark.parametrize("name", ["supply-run", "inbound", "the-crossing", "hunter-and-prey"])
def test_counted_indexed_and_one_heros_options_are_the_whole_lists(name):
    assert _checked_games(name) > 20


def _choice(rng: random.Random):
    return lambda g, request: rng.choice(tuple(request.options))


def test_the_random_policy_plays_the_games_rng_choice_plays():
    """Drawing by index from the lazy options picks what ``rng.choice`` picks from the whole list."""
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    for seed in range(4):
        fast, slow = new_game(loaded), new_game(loaded)
        simulate(fast, random_policy(random.Random(seed)), random.Random(seed))
        simulate(slow, _choice(random.Random(seed)), random.Random(seed))
        assert fast.log == slow.log
