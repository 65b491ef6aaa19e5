"""The inch-measured table model: exact inputs, one tolerance, and the boundaries that must not flip."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import shapely
from conftest import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from zwar_author.tabletop import (
    EPSILON,
    Band,
    Base,
    Footprint,
    Opening,
    Piece,
    PlacedPiece,
    Pose,
    Position,
    Reach,
    Sight,
    SightLines,
    Table,
    TerrainKind,
    base_gap,
    bases_overlap,
    bases_within,
    format_inches,
    inches,
    overlap,
    overlapping_pairs,
    steps,
    within,
)

ONE = Base(Fraction(1))


def block(width, depth, x, y, rotation=0, kind=TerrainKind.BLOCKING) -> PlacedPiece:
    return PlacedPiece(Piece("block", Footprint.rectangle(width, depth), kind), Pose.of(x, y, rotation))


def centred_square(side, x, y, rotation) -> PlacedPiece:
    h = inches(side) / 2
    return PlacedPiece(Piece("sq", Footprint.polygon([(-h, -h), (h, -h), (h, h), (-h, h)]), TerrainKind.BLOCKING),
                       Pose.of(x, y, rotation))


# --- measures -----------------------------------------------------------------

def test_inputs_are_exact_fractions():
    assert inches(2.5) == Fraction(5, 2)
    assert inches(0.1) == Fraction(1, 10)
    assert inches("1/3") == Fraction(1, 3)
    with pytest.raises(ValueError):
        inches(float("inf"))
    with pytest.raises(TypeError):
        inches(True)


def test_bands_are_named_values():
    assert [b.inches for b in Band] == [Fraction(5, 2), Fraction(5), Fraction(10)]
    assert [b.label for b in Band] == ['Close (2.5")', 'Medium (5")', 'Long (10")']
    assert Band.parse("Medium") is Band.MEDIUM
    with pytest.raises(ValueError, match="use close, medium or long"):
        Band.parse("far")


def test_exactly_one_band_away_is_within_it():
    assert Band.shortest_within(Fraction(5, 2)) is Band.CLOSE
    assert Band.shortest_within(2.5) is Band.CLOSE
    assert Band.shortest_within(Fraction(5, 2) + Fraction(1, 10**9)) is Band.MEDIUM   # exact input: exact answer
    assert Band.shortest_within(5 + EPSILON / 2) is Band.MEDIUM                       # float: inside the tolerance
    assert Band.shortest_within(5 + 2 * EPSILON) is Band.LONG
    assert Band.shortest_within(10.5) is None
    assert within(math.sqrt(2) ** 2, 2)


def test_steps():
    assert [steps(0), steps(5), steps(5.0000001), steps(Fraction(51, 10)), steps(12, Band.LONG)] == [0, 1, 1, 2, 2]
    assert [format_inches(Fraction(5, 2)), format_inches(10), format_inches(1 / 3), format_inches(-1e-9)] == [
        '2.5"', '10"', '0.33"', '0"']


# --- bases ----------------------------------------------------------------------

def test_a_token_exactly_one_band_away_on_a_slant():
    # Centres 3.5" apart along a 3-4-5 slant: 2.1 and 2.8 are not exact binary floats, the fractions are.
    a, b = Position.of(0, 0), Position.of(2.1, 2.8)
    assert bases_within(a, ONE, b, ONE, Band.CLOSE.inches)
    assert not bases_within(a, ONE, Position.of(2.1, Fraction(28, 10) + Fraction(1, 10**12)), ONE, Band.CLOSE.inches)
    assert base_gap(a, ONE, b, ONE) == pytest.approx(2.5)


def test_touching_bases_are_in_contact_and_do_not_overlap():
    a, b = Position.of(10, 10), Position.of(10.6, 10.8)          # one inch apart, centre to centre
    assert bases_within(a, ONE, b, ONE, 0)
    assert not bases_overlap(a, ONE, b, ONE)
    assert bases_overlap(a, ONE, Position.of(10.6, 10.79), ONE)


def test_a_base_touching_the_table_edge_is_on_the_table():
    table = Table()
    assert table.holds_base(Position.of(0.5, 35.5), ONE)
    assert not table.holds_base(Position.of(0.49, 18), ONE)
    assert Table(inches(48), inches(24)).holds_base(Position.of(47.5, 23.5), ONE)


# --- footprints -----------------------------------------------------------------

def test_a_piece_touching_the_table_edge_is_on_the_table():
    table = Table()
    assert table.holds(block(6, 4, 0, 0).geometry)
    assert table.holds(block(6, 4, 30, 32).geometry)
    assert table.holds(block(4, 6, 36, 0, rotation=90).geometry)   # turned about its corner, flush right
    assert not table.holds(block(6, 4, 30.01, 0).geometry)
    # A 2" square turned 45 degrees: its corner reaches sqrt(2) from the centre, an irrational distance.
    assert table.holds(centred_square(2, math.sqrt(2), 18, 45).geometry)
    assert not table.holds(centred_square(2, math.sqrt(2) - 1e-4, 18, 45).geometry)


def test_two_pieces_touching_do_not_overlap():
    left, right = block(6, 4, 10, 10), block(3, 3, 16, 11)
    assert not overlap(left, right)
    assert overlap(left, block(3, 3, 15.99, 11))
    # Corner to corner, and two 30-degree pieces sharing an edge (float corners).
    assert not overlap(left, block(2, 2, 16, 14))
    a, b = centred_square(2, 10, 10, 30), centred_square(2, 10 + 2 * math.cos(math.radians(30)),
                                                         10 + 2 * math.sin(math.radians(30)), 30)
    assert not overlap(a, b)
    assert overlapping_pairs([left, right, block(1, 1, 11, 11), centred_square(2, 30, 30, 30)]) == [(0, 2)]
    assert overlapping_pairs([]) == overlapping_pairs([left]) == []


@settings(max_examples=examples(200))
@given(st.fractions(min_value=0, max_value=30, max_denominator=64), st.fractions(min_value=0, max_value=30, max_denominator=64),
       st.sampled_from([0, 90, 180, 270]))
def test_touching_stays_touching_wherever_the_pair_stands(x, y, turn):
    first = block(3, 2, x, y, turn)
    corner = first.corners[1]                                    # the far end of the 3" side
    second = block(2, 2, corner[0], corner[1], turn)             # starts where the first ends
    assert not overlap(first, second)
    assert shapely.distance(first.geometry, second.geometry) <= EPSILON


def test_bad_footprints_are_refused():
    with pytest.raises(ValueError, match="three corners"):
        Footprint.polygon([(0, 0), (1, 1)])
    with pytest.raises(ValueError, match="sides may not cross"):
        Footprint.polygon([(0, 0), (2, 2), (2, 0), (0, 2)])


# --- sight ----------------------------------------------------------------------

def test_blocking_terrain_stops_sight_and_low_terrain_gives_cover():
    wall, hedge = block(1, 6, 10, 0), block(1, 6, 10, 10, kind=TerrainKind.LOW)
    sight = SightLines([wall, hedge])
    assert sight.between(Position.of(5, 3), Position.of(15, 3)) is Sight.BLOCKED
    assert sight.between(Position.of(5, 13), Position.of(15, 13)) is Sight.COVER
    assert sight.between(Position.of(5, 8), Position.of(15, 8)) is Sight.CLEAR
    # A line that runs exactly along the wall's edge, or grazes its corner, still sees.
    assert sight.between(Position.of(5, 6), Position.of(15, 6)) is Sight.CLEAR
    assert sight.between(Position.of(10, 7), Position.of(12, 5)) is Sight.CLEAR


def test_a_viewer_touching_low_terrain_shoots_over_it():
    sight = SightLines([block(1, 6, 10, 10, kind=TerrainKind.LOW)])
    assert sight.between_bases(Position.of(9.5, 13), ONE, Position.of(20, 13), ONE) is Sight.CLEAR
    assert sight.between_bases(Position.of(20, 13), ONE, Position.of(9.5, 13), ONE) is Sight.COVER


def test_a_model_partly_behind_a_wall_is_in_cover():
    sight = SightLines([block(2, 6, 10, 0)])
    assert sight.between_bases(Position.of(5, 6), ONE, Position.of(16, 6), ONE) is Sight.COVER
    assert sight.between_bases(Position.of(5, 3), ONE, Position.of(16, 3), ONE) is Sight.BLOCKED
    assert sight.between_bases(Position.of(5, 8), ONE, Position.of(16, 8), ONE) is Sight.CLEAR


def test_seen_from_takes_the_best_viewer():
    sight = SightLines([block(1, 6, 10, 0)])
    best = sight.seen_from([[5, 3], [5, 12]], [[15, 3], [15, 12], [5, 3]])
    assert best.tolist() == [Sight.CLEAR, Sight.CLEAR, Sight.CLEAR]
    assert sight.seen_from([[5, 3]], [[15, 3]]).tolist() == [Sight.BLOCKED]


def tall(width, depth, x, y, height, kind=TerrainKind.BLOCKING) -> PlacedPiece:
    return PlacedPiece(Piece("tall", Footprint.rectangle(width, depth), kind, height=inches(height)), Pose.of(x, y))


def test_a_line_from_a_height_passes_over_a_piece_lower_than_it_there():
    # A 2" wall from x 10 to 11; the line falls from 5" at x 5 to the ground at x 15: 2.5" to 2" over the wall.
    sight = SightLines([tall(1, 6, 10, 0, 2)])
    starts, ends = [[5, 3]], [[15, 3]]
    assert sight.lines(starts, ends).tolist() == [Sight.BLOCKED]  # from above
    assert sight.lines(starts, ends, levels=[[5, 0]]).tolist() == [Sight.CLEAR]
    assert sight.lines(ends, starts, levels=[[0, 5]]).tolist() == [Sight.CLEAR]
    # nearer the target the line passes it lower than its top: hidden
    assert sight.lines([[5, 3]], [[12, 3]], levels=[[5, 0]]).tolist() == [Sight.BLOCKED]
    # exactly grazing its top still sees; a hair lower does not
    assert sight.lines([[10, 3]], [[11, 3]], levels=[[2, 2]]).tolist() == [Sight.CLEAR]
    assert sight.lines([[10, 3]], [[11, 3]], levels=[[1.999, 1.999]]).tolist() == [Sight.BLOCKED]


def test_low_terrain_covers_only_where_the_line_passes_it_lower_than_its_top():
    hedge = tall(1, 6, 10, 0, 0.75, kind=TerrainKind.LOW)
    sight = SightLines([hedge])
    assert sight.lines([[5, 3]], [[15, 3]], levels=[[0, 0]]).tolist() == [Sight.COVER]
    assert sight.lines([[5, 3]], [[15, 3]], levels=[[5, 0]]).tolist() == [Sight.CLEAR]
    assert sight.lines([[5, 3]], [[11.2, 3]], levels=[[5, 0]]).tolist() == [Sight.COVER]
    # a viewer standing above a piece it touches does not touch it: it gives the target cover as any other
    assert sight.lines([[9.9, 3]], [[30, 3]], contact=0.5).tolist() == [Sight.CLEAR]
    assert sight.lines([[9.9, 3]], [[12, 3]], contact=0.5, levels=[[0.5, 0]]).tolist() == [Sight.CLEAR]
    assert sight.lines([[9.9, 3]], [[12, 3]], contact=0.5, levels=[[0.8, 0]]).tolist() == [Sight.COVER]


def test_a_piece_with_no_height_is_in_the_way_of_every_line_over_it():
    sight = SightLines([block(1, 6, 10, 0)])
    assert sight.lines([[5, 3]], [[15, 3]], levels=[[50, 50]]).tolist() == [Sight.BLOCKED]


HEIGHTS = st.sampled_from([0, 0.5, 1, 2, 2.5, 5, 7.5, 10])
LAYOUT = st.lists(st.tuples(st.integers(1, 30), st.integers(1, 30), st.integers(1, 6), st.integers(1, 6),
                            st.sampled_from([0.5, 0.75, 2, 4, 5, 10]), st.booleans()), min_size=1, max_size=5)
SPOT = st.tuples(st.integers(0, 36), st.integers(0, 36))


def _layout(pieces) -> SightLines:
    return SightLines([tall(w, d, x, y, h, TerrainKind.LOW if h < 1 else TerrainKind.BLOCKING)
                       for x, y, w, d, h, _ in pieces])


@settings(max_examples=150, deadline=None)
@given(LAYOUT, SPOT, SPOT, HEIGHTS, HEIGHTS)
def test_sight_between_heights_is_symmetric(pieces, a, b, ha, hb):
    """Whether a model sees another at all does not depend on which of them looks (line 264): the same three
    lines, the same heights along them."""
    sight = _layout(pieces)
    one, other = Position.of(*a), Position.of(*b)
    there = sight.between_bases(one, ONE, other, ONE, (ha, hb)) is Sight.BLOCKED
    back = sight.between_bases(other, ONE, one, ONE, (hb, ha)) is Sight.BLOCKED
    assert there == back


@settings(max_examples=150, deadline=None)
@given(LAYOUT, SPOT, SPOT, HEIGHTS, HEIGHTS, st.sampled_from([0.5, 1, 5]))
def test_raising_a_line_never_hides_more(pieces, a, b, ha, hb, up):
    """A line raised at either end is as high or higher everywhere along it, so no piece stands in its way that
    did not before (with no viewer contact, which a viewer above a piece loses)."""
    sight = _layout(pieces)
    starts, ends = [list(a)], [list(b)]
    low = sight.lines(starts, ends, levels=[[ha, hb]])[0]
    assert sight.lines(starts, ends, levels=[[ha + up, hb]])[0] <= low
    assert sight.lines(starts, ends, levels=[[ha, hb + up]])[0] <= low


@settings(max_examples=150, deadline=None)
@given(LAYOUT, SPOT, SPOT)
def test_on_the_ground_heights_change_nothing_and_above_every_top_nothing_hides(pieces, a, b):
    sight = _layout(pieces)
    starts, ends = [list(a)], [list(b)]
    assert sight.lines(starts, ends, levels=[[0.0001, 0.0001]]).tolist() == sight.lines(starts, ends).tolist()
    assert sight.lines(starts, ends, levels=[[10, 10]]).tolist() == [Sight.CLEAR]


# --- reach ----------------------------------------------------------------------

def test_open_table_walks_straight():
    reach = Reach(Table(), [], ONE)
    assert reach.distance(shapely.Point(3, 3), shapely.Point(6, 7)) == pytest.approx(5)
    assert steps(reach.distance(shapely.Point(3, 3), shapely.Point(6, 7))) == 1
    assert reach.distance(shapely.box(0, 0, 4, 36), shapely.box(20, 0, 36, 36)) == pytest.approx(16)


def test_a_wall_makes_the_walk_go_round():
    wall = block(2, 30, 17, 0)                                  # leaves a 6" gap at the bottom
    reach = Reach(Table(), [wall], ONE)
    length = reach.distance(shapely.Point(10, 5), shapely.Point(26, 5))
    # Tangent to the 0.5" circle round the wall's bottom-left corner, round it, across 2", and back up.
    d = math.hypot(7, 25)
    tangent, arc = math.sqrt(d * d - 0.25), math.acos(-25 / d) - math.acos(0.5 / d)
    exact = 2 * (tangent + 0.5 * arc) + 2
    assert length is not None and exact - 0.01 < length <= exact
    assert reach.distance(shapely.Point(18, 5), shapely.Point(26, 5)) is None   # a goal inside the wall


def test_a_base_a_hair_inside_a_corner_of_its_walk_walks_on():
    """A base that walked to a corner of a walk round terrain stands there as exact inches, a float's hair
    inside the grown outline: its next walk starts there all the same (All Things Zombie's members stood
    stuck at a house's corner for the rest of the game, moving nowhere, when this found no walk)."""
    wall = block(2, 30, 17, 0)
    reach = Reach(Table(), [wall], ONE)
    path = reach.path(shapely.Point(10, 5), shapely.Point(26, 5))
    assert path is not None
    for x, y in path[1:-1]:
        inside = shapely.Point(x - 1e-9 if x < 18 else x + 1e-9, y - 1e-9)   # towards the wall
        walk = reach.distance(inside, shapely.Point(26, 5))
        on = reach.distance(shapely.Point(x, y), shapely.Point(26, 5))
        assert walk is not None and on is not None and walk == pytest.approx(on, abs=2e-6)
    assert reach.distance(shapely.Point(18, 29.9), shapely.Point(26, 5)) is None   # well inside: no walk


def test_a_gap_exactly_one_base_wide_is_passable():
    top, bottom = block(2, 17.5, 17, 0), block(2, 17.5, 17, 18.5)   # a 1" gap at y 17.5..18.5
    reach = Reach(Table(), [top, bottom], ONE)
    assert reach.distance(shapely.Point(10, 18), shapely.Point(26, 18)) == pytest.approx(16)
    narrow = Reach(Table(), [top, block(2, 17.5, 17, 18.499)], ONE)
    assert narrow.distance(shapely.Point(10, 18), shapely.Point(26, 18)) is None


@pytest.mark.parametrize("gap", ["blocks", "edge", "door"])
def test_a_walk_turns_through_a_gap_exactly_one_base_wide(gap):
    """A walk that bends to enter a gap one base wide (and bends again leaving it) is found, as long as the walk
    through a gap a hair wider: the gap's free space is a line, and its ends are corners a walk may go straight
    through."""
    layouts = {
        "blocks": (lambda w: [block(2, 17.5, 17, 0), block(2, 17.5, 17, 17.5 + w)], (10, 10), (26, 26)),
        "edge": (lambda w: [block(2, 36 - w, 17, 0)], (10, 30), (26, 31)),
        "door": (lambda w: [house(door=w)], (8, 20), (15, 11)),
    }
    pieces, start, goal = layouts[gap]
    exact = Reach(Table(), pieces(1), ONE).distance(shapely.Point(*start), shapely.Point(*goal))
    wider = Reach(Table(), pieces(1.001), ONE).distance(shapely.Point(*start), shapely.Point(*goal))
    assert wider is not None and exact is not None
    assert wider - 0.01 < exact < wider + 0.01
    assert exact > math.dist(start, goal) + 0.1   # the walk really bends


def test_a_gap_to_the_table_edge_one_base_wide_is_passable():
    wall = block(2, 35, 17, 0)
    reach = Reach(Table(), [wall], ONE)
    assert reach.distance(shapely.Point(10, 35.5), shapely.Point(26, 35.5)) == pytest.approx(16)
    assert Reach(Table(), [block(2, 35.01, 17, 0)], ONE).distance(shapely.Point(10, 35.5), shapely.Point(26, 35.5)) is None


@settings(max_examples=examples(60))
@given(st.integers(2, 30), st.integers(2, 30), st.sampled_from([0, 30, 90]),
       st.tuples(st.integers(1, 35), st.integers(1, 35)), st.tuples(st.integers(1, 35), st.integers(1, 35)))
def test_a_walk_is_never_shorter_than_the_straight_line(x, y, turn, start, goal):
    wall = block(4, 2, x, y, turn)
    reach = Reach(Table(), [wall], ONE)
    a, b = shapely.Point(*start), shapely.Point(*goal)
    length = reach.distance(a, b)
    if length is None:
        return
    straight = a.distance(b)
    assert length >= straight - EPSILON
    if reach.clear([start], [goal])[0]:
        assert length == pytest.approx(straight)


@settings(max_examples=examples(40))
@given(st.integers(2, 30), st.integers(2, 30), st.sampled_from([0, 30, 90]),
       st.lists(st.tuples(st.integers(1, 35), st.integers(1, 35)), min_size=1, max_size=6),
       st.tuples(st.integers(1, 35), st.integers(1, 35)))
def test_many_walks_to_one_goal_are_each_the_walk(x, y, turn, starts, goal):
    """``walks`` (one Dijkstra from the goal, for a bot ranking many destinations) gives each start's
    ``distance``, and inf where ``distance`` finds none."""
    reach = Reach(Table(), [block(4, 2, x, y, turn), house()], ONE)
    free = [s for s in starts if reach.free.contains(shapely.Point(*s))]
    lengths = reach.walks(np.array(free), shapely.Point(*goal))
    for start, length in zip(free, lengths.tolist(), strict=True):
        expected = reach.distance(shapely.Point(*start), shapely.Point(*goal))
        assert (length == math.inf) if expected is None else length == pytest.approx(expected)


@settings(max_examples=examples(40))
@given(st.integers(2, 30), st.integers(2, 30), st.sampled_from([0, 30, 90]),
       st.lists(st.tuples(st.integers(1, 35), st.integers(1, 35)), min_size=1, max_size=8),
       st.tuples(st.integers(1, 35), st.integers(1, 35)), st.integers(1, 40))
def test_walks_within_a_limit_are_the_walks_cut_at_it(x, y, turn, starts, goal, limit):
    """``walks`` with a ``limit`` (a move's allowance: the joins and the Dijkstra stop there) gives the same
    lengths as without one wherever they are within it, and inf elsewhere."""
    reach = Reach(Table(), [block(4, 2, x, y, turn), house()], ONE)
    free = np.array([s for s in starts if reach.free.contains(shapely.Point(*s))] or [(0.5, 0.5)])
    whole = reach.walks(free, shapely.Point(*goal))
    cut = reach.walks(free, shapely.Point(*goal), float(limit))
    assert cut.tolist() == np.where(whole <= limit, whole, np.inf).tolist()


def house(door: float = 1, wall: float = 0.25, openings: bool = True) -> PlacedPiece:
    """A hollow 6" x 4" Building at (10, 10) with a door in its bottom wall from x 12 to 12 + door."""
    gaps = (Opening((Fraction(2), Fraction(4)), (2 + inches(door), Fraction(4))),) if openings else ()
    return PlacedPiece(Piece("house", Footprint.rectangle(6, 4), TerrainKind.BLOCKING, floors=1, openings=gaps,
                             wall=inches(wall)), Pose.of(10, 10))


def test_a_hollow_building_is_entered_by_its_door():
    inside, outside = shapely.Point(13, 12), shapely.Point(12.5, 20)
    length = Reach(Table(), [house()], ONE).distance(outside, inside)
    assert length is not None and length == pytest.approx(math.hypot(0, 6.5) + math.hypot(0.5, 1.5), abs=0.02)
    assert Reach(Table(), [house(openings=False)], ONE).distance(outside, inside) is None
    assert Reach(Table(), [house(door=0.99)], ONE).distance(outside, inside) is None   # narrower than a base


def test_a_door_gives_cover_and_the_walls_block():
    sight = SightLines([house()])
    assert sight.between(Position.of(12.5, 12), Position.of(12.5, 20)) is Sight.COVER   # out through the door
    assert sight.between(Position.of(11, 12), Position.of(11, 20)) is Sight.BLOCKED     # through the wall
    assert sight.between(Position.of(11, 12), Position.of(15, 12)) is Sight.CLEAR       # across the room
    assert SightLines([house(openings=False)]).between(Position.of(12.5, 12), Position.of(12.5, 20)) is Sight.BLOCKED


@settings(max_examples=examples(200))
@given(st.integers(0, 3599), st.integers(0, 3), st.integers(1, 16), st.integers(2, 8))
def test_a_door_is_cut_clean_through_the_wall_at_every_rotation(tenths, side, at, quarters):
    """Whatever the rotation, no edge of wall is left standing across a door (at the outline or at the wall's
    inner face), and a base walks straight through a door wider than it, from outside to inside. The door
    (``quarters`` of an inch wide, ``at`` quarters from a corner) stays clear of the walls across its ends."""
    corners = [(0, 0), (6, 0), (6, 4), (0, 4)]
    (ax, ay), (bx, by) = corners[side], corners[(side + 1) % 4]
    length = Fraction(abs(bx - ax) + abs(by - ay))
    assume(Fraction(at + quarters + 1, 4) <= length)
    t0, t1 = Fraction(at, 4) / length, Fraction(at + quarters, 4) / length
    start = (ax + (bx - ax) * t0, ay + (by - ay) * t0)
    end = (ax + (bx - ax) * t1, ay + (by - ay) * t1)
    hut = PlacedPiece(Piece("hut", Footprint.rectangle(6, 4), TerrainKind.BLOCKING, openings=(Opening(start, end),),
                            wall=Fraction(1, 4)), Pose.of(18, 18, Fraction(tenths, 10)))
    (a, b), = hut.openings_on_table()
    a, b = np.array(a), np.array(b)
    along = (b - a) / np.hypot(*(b - a))
    normal = np.array([-along[1], along[0]])  # into the hut (its outline runs clockwise on the page)
    span = [a + along * 0.001 - normal * 0.3, b - along * 0.001 - normal * 0.3,
            b - along * 0.001 + normal * 0.3, a + along * 0.001 + normal * 0.3]
    assert not shapely.intersects(hut.solid, shapely.Polygon(span))  # the door's span, through the wall and past
    if quarters > 4:
        middle = (a + b) / 2
        assert Reach(Table(), [hut], ONE).clear([middle - normal], [middle + normal])[0]


def test_a_path_is_the_walk_distance_measures_corner_by_corner():
    wall = block(2, 30, 17, 0)
    reach = Reach(Table(), [wall], ONE)
    a, b = shapely.Point(10, 5), shapely.Point(26, 5)
    path = reach.path(a, b)
    assert path is not None and path[0] == (10.0, 5.0) and path[-1] == (26.0, 5.0)
    legs = np.array(path)
    assert float(np.hypot(*np.diff(legs, axis=0).T).sum()) == pytest.approx(reach.distance(a, b))
    assert reach.clear(legs[:-1], legs[1:]).all()  # every leg a straight walk in free space
    assert max(y for _, y in path) > 30  # round the wall's bottom end
    assert Reach(Table(), [], ONE).path(a, b) == [(10.0, 5.0), (26.0, 5.0)]
    assert reach.path(shapely.Point(18, 5), b) is None  # from inside the wall
