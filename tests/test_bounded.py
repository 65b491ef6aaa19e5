"""What a playtest keeps stays within its bounds: the engine's caches in bytes, the runner's chunks in flight."""

from __future__ import annotations

import random
import sys
from concurrent.futures import Executor, Future

import pytest
from conftest import CONTENT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.compile.reader import mission_document
from zwar_author.engine import mission as engine_mission
from zwar_author.engine.api import new_game, simulate
from zwar_author.engine.caches import Bounded
from zwar_author.engine.mission import ALL
from zwar_author.play.load import load_mission
from zwar_author.playtest import runner
from zwar_author.playtest.bots import policy
from zwar_author.playtest.record import record

SUPPLY_RUN = CONTENT / "core" / "missions" / "supply-run.toml"


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(50, 2000),
       st.lists(st.tuples(st.integers(0, 30), st.integers(0, 300), st.booleans()), max_size=200))
def test_a_bounded_cache_never_holds_more_than_its_budget_and_answers_only_what_was_put(budget, steps):
    cache = Bounded(budget)
    truth: dict[int, list] = {}
    for key, length, read in steps:
        if read:
            found = cache.get(key)
            assert found is None or found is truth[key]
        else:
            value = truth[key] = [0] * length
            assert cache.put(key, value) is value
        assert cache.used <= budget
        assert cache.used == sum(sys.getsizeof(v) + sys.getsizeof(k) for k, v in cache.items())


def test_the_oldest_answer_goes_first():
    one = sys.getsizeof([0]) + sys.getsizeof(1)
    cache = Bounded(2 * one)
    cache.put(1, [0])
    cache.put(2, [0])
    assert cache.get(1) == [0]  # read, not renewed: 1 is still the oldest
    cache.put(3, [0])
    assert list(cache) == [2, 3] and cache.used == 2 * one


def test_the_missions_caches_forget_in_the_same_order_compiled_and_plain():
    """The mission is compiled code (when the suite runs compiled): reading an answer kept must not
    renew it there either, or a playtest would forget other answers compiled than as plain Python."""
    m, _ = load_mission(SUPPLY_RUN)
    a, b = [sq for sq in range(m.size) if len(m.route_from(sq, ALL)) > 1][:2]
    m._route_cache.clear()
    for source in (a, b, a):
        m.route_from(source, ALL)
    assert [key[0] for key in m._route_cache] == [a, b]


def test_a_value_heavier_than_the_budget_is_answered_but_not_kept():
    cache = Bounded(100)
    big = list(range(1000))
    assert cache.put("big", big) is big and "big" not in cache and cache.used == 0


def _games(mission, n: int) -> list[dict]:
    out = []
    for i in range(n):
        game = new_game(mission)
        simulate(game, policy("cautious", i), random.Random(i))
        out.append(record(game, i, i))
    return out


@pytest.mark.slow
def test_a_missions_caches_stay_within_their_budgets_over_many_games_and_never_change_a_result():
    """With budgets a few fields large, every cache forgets all through the games: each stays within its
    budget, and the games are the very games played with the default budgets."""
    wide, _ = load_mission(SUPPLY_RUN)
    expected = _games(wide, 12)
    narrow = engine_mission.Mission(wide.compiled, wide.board,
                                    budgets={name: 48 * 1024 for name in engine_mission.CACHE_BUDGETS})
    assert _games(narrow, 12) == expected
    caches = {name: c for name in dir(narrow) if isinstance(c := getattr(narrow, name), Bounded)}
    assert len(caches) >= 10 and caches["_route_cache"].budget == 48 * 1024
    for name, cache in caches.items():
        assert cache.used <= cache.budget, name
    assert caches["_route_cache"].forgotten > 100 and caches["_field_cache"].forgotten > 100


class _Pool(Executor):
    """Plays each chunk when it is submitted; counts the chunks handed out and not yet taken back."""

    def __init__(self) -> None:
        self.out = 0
        self.most = 0

    def submit(self, fn, /, *args, **kwargs):
        self.out += 1
        self.most = max(self.most, self.out)
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.slow
def test_a_mission_playtest_never_holds_more_than_two_chunks_a_worker(monkeypatch):
    loaded, _ = load_mission(SUPPLY_RUN)
    plan = runner.Plan(document=mission_document(loaded.compiled), policy="cautious", runs=12, seed=3)
    monkeypatch.setattr(runner, "chunks", lambda runs, parts: [[i] for i in range(runs)])
    pool = _Pool()
    taken = 0

    def each(r: dict) -> None:
        nonlocal taken
        taken += 1
        pool.out -= 1  # one game a chunk: this chunk is taken back

    totals = runner.run(plan, jobs=2, mission=loaded, each=each, pool=pool)
    assert taken == 12 and pool.most <= 4
    assert totals == runner.run(plan, jobs=1, mission=loaded)


def test_windowed_hands_every_result_on_with_at_most_width_under_way():
    under_way, most, seen = set(), 0, []

    def submit(part: list[int]) -> Future:
        nonlocal most
        future: Future = Future()
        future.set_result(part)
        under_way.add(part[0])
        most = max(most, len(under_way))
        return future

    for part in runner.windowed(submit, ([i] for i in range(25)), 3):
        under_way.discard(part[0])
        seen.append(part[0])
    assert sorted(seen) == list(range(25)) and most <= 3
