"""The infected's distance field (``Mission.field``) is searched only as deep as it is asked: every answer it
gives, first or after going on from where an earlier question left it, is the whole search's answer, and it
never answers from a search too shallow for the question."""

from __future__ import annotations

from conftest import CONTENT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.engine.mission import ALL, UNREACHABLE, Mission
from zwar_author.play.load import load_mission

MISSIONS = {}
for _name in ("supply-run", "the-tower", "the-crossing", "hold-out", "hunter-and-prey"):
    _m, _ = load_mission(CONTENT / "core" / "missions" / f"{_name}.toml")
    assert _m is not None
    MISSIONS[_name] = _m


def whole_field(m: Mission, goals: tuple[int, ...], active: int, doors: int) -> dict[int, int]:
    """The field as the engine searched it before, over the whole board, with a dict (the reference)."""
    enterable = [m.standable[n] and m.is_active(n, active) for n in range(m.size)]
    crossing = [1 if doors >> d.index & 1 else 2 if d.kind == "door" else 0 for d in m.doors]
    dist = {g: 0 for g in goals}
    buckets: list[list[int]] = [list(dist)]
    depth = 0
    while depth < len(buckets):
        for sq in buckets[depth]:
            if dist[sq] != depth:
                continue
            for n, door in m.step_all[sq]:
                if not enterable[n]:
                    continue
                points = 1 if door < 0 else crossing[door]
                if not points:
                    continue
                far = depth + points
                if far < dist.get(n, UNREACHABLE):
                    dist[n] = far
                    while len(buckets) <= far:
                        buckets.append([])
                    buckets[far].append(n)
        depth += 1
    return dist


masks = st.one_of(st.just(ALL), st.integers(0, (1 << 32) - 1))
squares = st.lists(st.integers(0, 10_000), min_size=1, max_size=5)


@settings(max_examples=examples(80), deadline=None)
@given(st.sampled_from(sorted(MISSIONS)), squares, masks, st.integers(0, (1 << 48) - 1),
       st.lists(st.integers(0, 10_000), min_size=1, max_size=8))
def test_every_answer_is_the_whole_search_and_only_as_deep_as_asked(name, picks, active, doors, asked):
    m = MISSIONS[name]
    goals = tuple(p % m.size for p in picks)  # duplicates and squares no infected can stand on too
    want = whole_field(m, goals, active, doors)
    m._field_cache.clear()
    deepest = -1  # the farthest answer so far: UNREACHABLE once a question had the search run to its end
    for pick in asked:  # questions in any order: nearer, farther, the same again
        sq = pick % m.size
        field = m.field(goals, active, doors)  # the cache's field, left as deep as the questions before
        points = field.to(sq)
        assert points == want.get(sq, UNREACHABLE)
        deepest = max(deepest, points)
        for n in range(m.size):
            known = field.known(n)
            if want.get(n, UNREACHABLE) <= deepest:
                assert known == want.get(n, UNREACHABLE), f"{m.show(n)}: the whole search says {want.get(n)}"
            else:  # farther than every square asked about: not searched yet
                assert known == UNREACHABLE, f"{m.show(n)} answered before it was asked for"


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(sorted(MISSIONS)), squares, masks, st.integers(0, (1 << 48) - 1))
def test_a_field_searched_to_the_end_is_the_whole_search(name, picks, active, doors):
    m = MISSIONS[name]
    goals = tuple(p % m.size for p in picks)
    m._field_cache.clear()
    field = m.field(goals, active, doors)
    got = {sq: field.to(sq) for sq in range(m.size) if field.to(sq) < UNREACHABLE}
    assert got == whole_field(m, goals, active, doors)
    assert all(field.known(sq) == got.get(sq, UNREACHABLE) for sq in range(m.size))


def test_the_cache_keeps_one_field_per_question_and_goes_on_from_where_it_stopped():
    m = MISSIONS["supply-run"]
    m._field_cache.clear()
    goal = next(sq for sq in range(m.size) if m.standable[sq])
    field = m.field((goal,), ALL, 0)
    far = max(whole_field(m, (goal,), ALL, 0).items(), key=lambda item: item[1])
    assert field.to(goal) == 0
    assert field.known(far[0]) == UNREACHABLE  # not searched: nobody asked
    assert m.field((goal,), ALL, 0) is field
    assert m.field((goal,), ALL, 0).to(far[0]) == far[1]
    assert field.known(far[0]) == far[1]
