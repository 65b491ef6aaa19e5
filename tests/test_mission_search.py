"""The mission's searches (``Mission.field``, ``Mission.route_from``) read and write lists by square: they
answer exactly what the dict searches they replaced answered, down to the order of the squares."""

from __future__ import annotations

from conftest import CONTENT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.engine.mission import ALL, UNREACHABLE, Mission
from zwar_author.play.load import load_mission

MISSIONS = {}
for _name in ("supply-run", "the-tower", "the-crossing"):
    _m, _ = load_mission(CONTENT / "core" / "missions" / f"{_name}.toml")
    assert _m is not None
    MISSIONS[_name] = _m


def dict_field(m: Mission, goals: tuple[int, ...], active: int, doors: int) -> dict[int, int]:
    """``Mission.field`` as it was written with a dict (the reference)."""
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


def dict_route(m: Mission, source: int, active: int) -> dict[int, int]:
    """``Mission.route_from`` as it was written with a dict (the reference)."""
    dist = {source: 0}
    frontier = [source]
    depth = 0
    while frontier:
        depth += 1
        nxt = []
        for sq in frontier:
            for n in m.route[sq]:
                if n not in dist and m.standable[n]:
                    room = m.room_of[n]
                    if room == 0 or active == ALL or active >> room & 1:
                        dist[n] = depth
                        nxt.append(n)
        frontier = nxt
    return dist


masks = st.one_of(st.just(ALL), st.integers(0, (1 << 16) - 1))


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(sorted(MISSIONS)), st.lists(st.integers(0, 10_000), min_size=1, max_size=5), masks,
       st.integers(0, (1 << 40) - 1))
def test_field_is_the_dict_search_square_for_square_and_in_its_order(name, picks, active, doors):
    m = MISSIONS[name]
    goals = tuple(p % m.size for p in picks)  # duplicates too
    m._field_cache.clear()
    got = m.field(goals, active, doors)
    want = dict_field(m, goals, active, doors)
    assert list(got.items()) == list(want.items())


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(sorted(MISSIONS)), st.integers(0, 10_000), masks)
def test_route_from_is_the_dict_search_square_for_square_and_in_its_order(name, pick, active):
    m = MISSIONS[name]
    source = pick % m.size  # a square nobody can stand on too: the source counts whatever it is
    m._route_cache.clear()
    got = m.route_from(source, active)
    assert list(got.items()) == list(dict_route(m, source, active).items())
