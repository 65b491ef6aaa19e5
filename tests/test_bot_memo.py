"""What the bots keep between decisions (playtest/routes.py) answers exactly what the mission answers."""

from __future__ import annotations

import gc
import sys
import types

import pytest
from conftest import CONTENT

from zwar_author.engine import world
from zwar_author.engine.mission import ALL
from zwar_author.play.load import load_mission
from zwar_author.playtest import routes

SUPPLY_RUN = CONTENT / "core" / "missions" / "supply-run.toml"


def _mission():
    m, _ = load_mission(SUPPLY_RUN)
    assert m is not None
    return m


def test_a_route_row_holds_the_missions_route_distances_and_inf_where_it_has_none():
    m = _mission()
    memo = routes.Memo(m.size)
    masks = (ALL, 0, 1 | 1 << 3)
    for active in masks:
        for source in range(0, m.size, 7):
            row = memo.row(m, source, active)
            truth = m.route_from(source, active)
            assert row == tuple(truth.get(sq, routes.INF) for sq in range(m.size))
            assert memo.row(m, source, active) is row  # kept
    assert sorted(memo.rows) == sorted(masks)


def test_route_reads_the_row_of_every_standable_square_and_no_square_is_inf():
    m = _mission()
    squares = [sq for sq in range(m.size) if m.standable[sq]]
    for a in squares[::11]:
        for b in squares[::5]:
            assert routes.route(m, a, b) == m.route_from(a, ALL).get(b, routes.INF)
        assert routes.route(m, a, -1) == routes.INF  # never a row's last square read from the end


def test_past_its_budget_the_memo_drops_every_row_and_answers_the_same():
    m = _mission()
    one = sys.getsizeof((0,) * m.size)
    memo = routes.Memo(m.size, budget=3 * one)
    first = memo.row(m, 0, ALL)
    for source in (1, 2):
        memo.row(m, source, ALL)
    assert memo.kept == 3 * one and memo.rows[ALL][0] is first
    memo.row(m, 3, ALL)  # a fourth row: all were dropped, this one kept
    assert memo.kept == one and [s for s, r in enumerate(memo.rows[ALL]) if r is not None] == [3]
    assert memo.row(m, 0, ALL) == first and memo.row(m, 0, ALL) is not first


@pytest.mark.slow
def test_the_rows_kept_drop_out_of_the_garbage_collectors_sight():
    """Rows are tuples of integers, which a collection stops tracking: a full collection never walks them again."""
    m = _mission()
    memo = routes.Memo(m.size)
    rows = [memo.row(m, 0, ALL), memo.near_row(m, 0, ALL)]
    gc.collect()
    assert not any(gc.is_tracked(row) for row in rows)


def test_one_memo_a_mission_kept_with_the_mission_alone():
    """The memo lives in the mission's own store, so it goes with the mission: no module holds it."""
    a, b = _mission(), _mission()
    assert routes.memo(a) is routes.memo(a) and routes.memo(b) is not routes.memo(a)
    kept = routes.memo(b)
    assert b.own(routes.MEMO) is kept
    assert [r for r in gc.get_referrers(kept) if not isinstance(r, types.FrameType)] == [b._owned]


def test_the_squares_a_spare_gun_is_worth_a_detour_from_are_those_the_distance_fields_say():
    """``bots._detour_squares`` (kept per board) marks exactly the squares from which the way to a goal by
    the gun is at most ``WEAPON_DETOUR`` AP longer than the way straight there, as its fields say."""
    from zwar_author.engine.api import new_game
    from zwar_author.engine.state import DEFAULT_SETUP
    from zwar_author.playtest import bots

    m = _mission()
    g = new_game(m, DEFAULT_SETUP)
    goals = tuple(squares for _, squares in bots._jobs_left(g, detours=False))
    assert goals and g.items
    for sq in g.items:
        worth = bots._detour_squares(g, sq, goals)
        there = bots.distance_field(g, (sq,))
        fields = [bots.distance_field(g, goal) for goal in goals]
        assert worth == [any(there.get(s, bots.INF) + f.get(sq, bots.INF) <= f.get(s, bots.INF) + bots.WEAPON_DETOUR
                             for f in fields) for s in range(m.size)]
        assert any(worth) and not all(worth)
        assert bots._detour_squares(g, sq, goals) is worth  # kept beside the distance fields


def test_the_facts_kept_for_a_mission_are_what_its_victory_and_cards_say():
    """Supply Run: objective 1 done, then every hero out at the van carrying the food (F) and the jerry can (J)."""
    m = _mission()
    facts = routes.facts(m)
    assert facts is routes.facts(m)  # worked out once
    assert facts.victory is world.endings(m)[1][0] and facts.victory.source is m.compiled.victory[0]  # the engine's reading
    assert facts.victory.side in ("heroes", "")
    assert (facts.wanted, facts.carrying, facts.escape) == (frozenset({1}), frozenset({"F", "J"}), True)
    assert facts.escort == frozenset() and facts.locked == []
    assert facts.kind == {eq: card.kind for eq, card in m.equipment.items()} and facts.kind["core/pistol"] == "ballistic"


def test_a_near_row_holds_the_route_row_as_far_as_an_infected_reaches_and_inf_past_it():
    m = _mission()
    memo = routes.Memo(m.size)
    reach = memo.facts(m).reach
    assert reach == max([routes.NEAR] + [max(c.move, c.charge) + 1 for c in m.classes.values()])
    for active in (ALL, 0, 1 | 1 << 3, (1 << 8) - 2):
        for source in range(0, m.size, 5):
            near, row = memo.near_row(m, source, active), memo.row(m, source, active)
            assert near == tuple(d if d <= reach else routes.INF for d in row)
            assert memo.near_row(m, source, active) is near  # kept
    assert 0 < reach < max(d for d in memo.row(m, 0, ALL) if d < routes.INF)  # it stops short of the board


@pytest.mark.slow
def test_the_facts_read_the_same_victory_as_the_model_says_on_every_core_mission():
    """``Facts`` is built on the engine's ``Ending``: on each core mission (an escort in The Crossing, a count
    of objectives in Download or Destroy) it says what the heroes' victory model itself says."""
    for path in sorted((CONTENT / "core" / "missions").glob("*.toml")):
        m, _ = load_mission(path)
        assert m is not None, path.name
        cond = next((v for v in m.compiled.victory if v.side in ("heroes", "")), None)
        facts = routes.facts(m)
        if cond is None:
            assert facts.victory is None and facts.wanted == facts.carrying == facts.escort == frozenset()
            continue
        every = frozenset(o.number for o in m.compiled.objectives)
        wanted = every if cond.objectives == "all" or cond.objectives_count else frozenset(cond.objectives or [])
        assert facts.victory is not None and facts.victory.source is cond, path.name
        assert (facts.wanted, facts.carrying, facts.escape) == (wanted, frozenset(cond.carrying), cond.escape is not None)
        assert facts.escort == frozenset(n.rpartition("/")[2] for n in cond.escort)


@pytest.mark.slow
def test_the_objectives_jobs_are_the_squares_the_model_names_on_every_core_mission():
    """Each objective's job (kept in ``Facts``): its room's squares when it counts anywhere in its token's room,
    else the token's square, in the model's order."""
    seen = set()
    for path in sorted((CONTENT / "core" / "missions").glob("*.toml")):
        m, _ = load_mission(path)
        assert m is not None, path.name
        truth = []
        for obj in m.compiled.objectives:
            at = m.square(obj.at)
            room = m.room_of[at]
            truth.append((obj.number, tuple(m.room(room).squares) if obj.scope == "room" and room else (at,)))
            seen.add(obj.scope)
        assert routes.facts(m).objective_jobs == truth, path.name
    assert seen == {"square", "room"}  # both kinds checked


def test_the_rows_at_hand_are_the_tables_own_through_alternating_masks_and_a_drop():
    """``Memo`` keeps the whole board's lists and the last other mask's at hand rather than looking them up: asked in
    turns for several masks, and past its budget (every row dropped), it answers the mission's distances and keeps
    each row in the table's list for its mask, where ``row`` and ``near_row`` find it again."""
    m = _mission()
    one = sys.getsizeof((0,) * m.size)
    memo = routes.Memo(m.size, budget=40 * one)
    reach = memo.facts(m).reach
    masks = (ALL, 1 | 1 << 3, ALL, 0, 1 | 1 << 3, (1 << 8) - 2)
    drops = 0
    for turn in range(3):
        for active in masks:
            for source in range(turn, m.size, 41):
                kept = memo.kept
                truth = m.route_from(source, active)
                row = memo.row(m, source, active)
                assert row == tuple(truth.get(sq, routes.INF) for sq in range(m.size))
                assert memo.rows[active][source] is row
                near = memo.near_row(m, source, active)
                assert near == tuple(d if d <= reach else routes.INF for d in row)
                assert memo.near_rows[active][source] is near
                drops += memo.kept < kept
    assert drops >= 2  # the budget was passed, the lists dropped and made anew
    memo.row(m, 0, ALL), memo.near_row(m, 0, ALL), memo.near_row(m, 0, masks[-1])
    assert memo.every is memo.rows[ALL] and memo.near_every is memo.near_rows[ALL]
    assert memo.near_last is memo.near_rows[memo.near_mask]
