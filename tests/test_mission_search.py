"""The mission's route search (``Mission.route_from``) reads and writes a list by square: it answers exactly
what the dict search it replaced answered, down to the order of the squares (the infected's distance field,
``Mission.field``, is tested in test_field.py)."""

from __future__ import annotations

from conftest import CONTENT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.engine.mission import ALL, Mission
from zwar_author.play.load import load_mission

MISSIONS = {}
for _name in ("supply-run", "the-tower", "the-crossing"):
    _m, _ = load_mission(CONTENT / "core" / "missions" / f"{_name}.toml")
    assert _m is not None
    MISSIONS[_name] = _m


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
@given(st.sampled_from(sorted(MISSIONS)), st.integers(0, 10_000), masks)
def test_route_from_is_the_dict_search_square_for_square_and_in_its_order(name, pick, active):
    m = MISSIONS[name]
    source = pick % m.size  # a square nobody can stand on too: the source counts whatever it is
    m._route_cache.clear()
    got = m.route_from(source, active)
    assert list(got.items()) == list(dict_route(m, source, active).items())
