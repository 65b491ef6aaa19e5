"""The geometry of GRID.md: its worked cases, and the fast path against the oracle on random maps."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import Oracle

from zwar_author.geometry.board import Edge, Grid, Terrain, seal
from zwar_author.geometry.facing import alert_area, forward, grab_zone
from zwar_author.geometry.los import LosMaps, los, los_matrix, los_table, segment
from zwar_author.geometry.relations import DIRECTIONS, Doors, FloorRelations
from zwar_author.sources.art import grid_from_rows


def floor(rows: list[str]) -> Grid:
    return seal(grid_from_rows(rows))


def sees(grid: Grid, a, b, open_doors=()) -> bool:
    return los(LosMaps.of(grid, Doors.of(grid, open_doors)), a, b)


# --- the worked cases of GRID.md ----------------------------------------------------------

WALL_END = ["+-+-+-+-+", "|. . . .|", "+ +-+ + +", "|. . . .|", "+ + + + +", "|. . . .|", "+-+-+-+-+"]
CORNER = ["+-+-+-+", "|.|. .|", "+-+ + +", "|. . .|", "+-+-+-+"]
DOORWAY = ["+-+-+-+-+", "|. . . .|", "+-+D+-+-+", "|. . . .|", "+-+-+-+-+"]


def test_the_end_of_a_wall():
    grid = floor(WALL_END)
    rel = FloorRelations(grid)
    assert not rel.joined("step", (0, 0), (1, 1)), "the diagonal passes the end of a wall"
    assert rel.joined("route", (0, 0), (1, 1)), "a wall end does not separate"
    assert sees(grid, (0, 0), (2, 2)), "at P=(1,1) the route through (0,1) is open"
    assert not sees(grid, (1, 0), (1, 1)), "it crosses the wall"


def test_a_corner_wrapped_by_walls():
    grid = floor(CORNER)
    assert not sees(grid, (0, 0), (1, 1)), "both routes around P=(1,1) are cut"
    assert not FloorRelations(grid).joined("route", (0, 0), (1, 1))
    assert sees(grid, (0, 1), (1, 0)), "it grazes the outside of the corner"


def test_a_doorway():
    grid = floor(DOORWAY)
    door = ("H", 1, 1)
    assert not sees(grid, (0, 0), (1, 1))
    assert sees(grid, (0, 0), (1, 1), [door]), "ballistic attacks diagonally across a doorway are legal"
    for doors in (Doors.closed(grid), Doors.of(grid, [door])):
        rel = FloorRelations(grid, doors)
        assert not rel.joined("step", (0, 0), (1, 1)), "no diagonal step across a doorway, open or not"
        assert rel.joined("route", (1, 0), (1, 1)), "route counts doors as open"
    assert not FloorRelations(grid, Doors.closed(grid)).joined("step", (1, 0), (1, 1))
    assert FloorRelations(grid, Doors.of(grid, [door])).joined("step", (1, 0), (1, 1))
    assert not FloorRelations(grid, Doors.closed(grid)).joined("smell", (1, 0), (1, 1))
    assert FloorRelations(grid, Doors.of(grid, [door])).joined("smell", (1, 0), (1, 1))


def test_skinny_crosses_an_open_doorway_diagonally():
    grid = floor(DOORWAY)
    opened = FloorRelations(grid, Doors.of(grid, [("H", 1, 1)]))
    assert opened.joined("step", (0, 0), (1, 1), skinny=True)
    assert not FloorRelations(grid, Doors.closed(grid)).joined("step", (0, 0), (1, 1), skinny=True)
    assert not opened.joined("step", (0, 0), (1, 1))


def test_a_square_sees_itself_and_los_is_symmetric():
    grid = floor(WALL_END)
    matrix = los_matrix(LosMaps.of(grid, None))
    assert matrix.diagonal().all()
    assert (matrix == matrix.T).all()


def test_units_block_for_heroes_but_not_through_a_lattice_point():
    grid = floor(["+-+-+-+", "|. . .|", "+ + + +", "|. . .|", "+ + + +", "|. . .|", "+-+-+-+"])
    maps = LosMaps.of(grid, None)
    blockers = np.zeros((3, 3), bool)
    blockers[1, 1] = True
    assert not los(maps, (0, 1), (2, 1), blockers)
    assert los(maps, (0, 1), (2, 1)), "infected see through figures"
    blockers[:] = False
    blockers[0, 1] = blockers[1, 0] = True  # beside the lattice point (1, 1) on the line (0,0)-(2,2)
    assert los(maps, (0, 0), (2, 2), blockers)


def test_open_water_and_elevated_squares():
    grid = floor(["+-+-+-+-+", "|. ~ . ~|", "+-+-+-+-+"])
    maps = LosMaps.of(grid, None)
    assert los(maps, (0, 0), (2, 0)), "elevated to elevated across water is normal"
    assert los(maps, (0, 0), (1, 0)), "the nearest elevated square sees the water"
    assert not los(maps, (0, 0), (3, 0)), "not through another elevated square"
    assert not los(maps, (1, 0), (3, 0)), "water to water is blocked by elevated squares"


def test_segment_events_of_a_knight_move():
    walk = segment(2, 1)
    assert walk.events == ((0, 1, 0), (1, 1, 1), (0, 2, 1))  # V(1,0), H(1,1), V(2,1)
    assert walk.entered == ((1, 0), (1, 1))


# --- random maps against the oracle -----------------------------------------------------------

TERRAIN = st.sampled_from([Terrain.CORRIDOR] * 5 + [Terrain.ROOM] * 2 + [Terrain.STAIRS, Terrain.WATER,
                                                                          Terrain.TRANSITION, Terrain.VOID])
EDGES = st.sampled_from([Edge.OPEN] * 5 + [Edge.WALL] * 3 + [Edge.DOOR] * 2 + [Edge.OBSTACLE])


@st.composite
def maps(draw, most: int = 6):
    w, h = draw(st.integers(1, most)), draw(st.integers(1, most))
    terrain = np.array(draw(st.lists(TERRAIN, min_size=w * h, max_size=w * h)), np.uint8).reshape(h, w)
    hs = np.array(draw(st.lists(EDGES, min_size=(h + 1) * w, max_size=(h + 1) * w)), np.uint8).reshape(h + 1, w)
    vs = np.array(draw(st.lists(EDGES, min_size=h * (w + 1), max_size=h * (w + 1))), np.uint8).reshape(h, w + 1)
    raw = Grid.of_arrays(terrain, hs, vs)
    doors = [("H", x, y) for y, x in zip(*np.nonzero(hs == Edge.DOOR))] + \
            [("V", x, y) for y, x in zip(*np.nonzero(vs == Edge.DOOR))]
    opened = set(draw(st.lists(st.sampled_from(doors), unique=True))) if doors else set()
    return raw, opened


def squares(grid: Grid):
    return [(x, y) for y in range(grid.height) for x in range(grid.width)]


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps())
def test_step_route_smell_and_skinny_match_the_oracle(case):
    raw, opened = case
    grid = seal(raw)
    oracle = Oracle(raw, opened)
    rel = FloorRelations(grid, Doors.of(grid, opened))
    for a in squares(grid):
        for dx, dy in DIRECTIONS:
            c = (a[0] + dx, a[1] + dy)
            if not (0 <= c[0] < grid.width and 0 <= c[1] < grid.height):
                continue
            assert rel.joined("step", a, c) == oracle.step(a, c), ("step", a, c)
            assert rel.joined("step", a, c, skinny=True) == oracle.step(a, c, skinny=True), ("skinny", a, c)
            assert rel.joined("route", a, c) == oracle.route(a, c), ("route", a, c)
            assert rel.joined("smell", a, c) == oracle.smell(a, c), ("smell", a, c)


@pytest.mark.slow
@settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps())
def test_all_pairs_los_matches_the_oracle(case):
    raw, opened = case
    grid = seal(raw)
    oracle = Oracle(raw, opened)
    matrix = los_matrix(LosMaps.of(grid, Doors.of(grid, opened)))
    cells = squares(grid)
    for i, a in enumerate(cells):
        for j, b in enumerate(cells):
            assert matrix[i, j] == oracle.los(a, b), (a, b)


@pytest.mark.slow
@settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps(), st.data())
def test_los_with_units_matches_the_oracle(case, data):
    raw, opened = case
    grid = seal(raw)
    oracle = Oracle(raw, opened)
    maps_ = LosMaps.of(grid, Doors.of(grid, opened))
    cells = squares(grid)
    units = set(data.draw(st.lists(st.sampled_from(cells), max_size=len(cells) // 2)))
    blockers = np.zeros(grid.terrain.shape, bool)
    for x, y in units:
        blockers[y, x] = True
    for a in cells:
        for b in cells:
            assert los(maps_, a, b, blockers) == oracle.los(a, b, units), (a, b, sorted(units))


@pytest.mark.slow
@settings(max_examples=examples(600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps())
def test_the_los_table_answers_for_any_open_doors(case):
    """One table per floor; any door state; no retracing: checked against the oracle."""
    raw, opened = case
    grid = seal(raw)
    table = los_table(grid)
    doors, _, _ = grid.doors()
    open_ids = {i for i, door in enumerate(doors) if door in opened}
    oracle = Oracle(raw, opened)
    cells = squares(grid)
    for i, a in enumerate(cells):
        for j, b in enumerate(cells):
            assert table.sees(i, j, open_ids) == oracle.los(a, b), (a, b, sorted(opened))


# --- facing -------------------------------------------------------------------------------------

OPEN = ["+-+-+-+", "|. . .|", "+ + + +", "|. . .|", "+ + + +", "|. . .|", "+-+-+-+"]


def test_the_forward_half_plane_includes_the_units_own_row():
    assert forward("N", (1, 1), (1, 0)) and forward("N", (1, 1), (0, 1)) and forward("N", (1, 1), (2, 1))
    assert not forward("N", (1, 1), (1, 1)), "not its own square"
    assert not forward("N", (1, 1), (0, 2)), "strictly behind"
    assert forward("E", (1, 1), (1, 2)) and not forward("E", (1, 1), (0, 0))
    assert forward("S", (1, 1), (0, 2)) and forward("W", (1, 1), (0, 0)) and not forward("W", (1, 1), (2, 1))


def test_a_grab_zone_is_five_squares_in_the_open():
    zone = grab_zone(FloorRelations(floor(OPEN)), (1, 1), "N")
    assert sorted(zone) == [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)]


def test_a_doorway_cuts_two_diagonals_from_a_grab_zone():
    """The rulebook's picture: a zombie in a doorway grabs straight through it, not diagonally."""
    grid = floor(["+-+-+-+", "|. . .|", "+-+D+-+", "|. . .|", "+-+-+-+"])
    zone = grab_zone(FloorRelations(grid, Doors.of(grid, [("H", 1, 1)])), (1, 1), "N")
    assert sorted(zone) == [(0, 1), (1, 0), (2, 1)]


def test_the_alert_area_faces_the_token():
    assert alert_area((2, 2), (2, 1)) == "N"
    assert alert_area((2, 2), (3, 2)) == "E"
    with pytest.raises(ValueError):
        alert_area((2, 2), (3, 3))
