"""The square and edge codec: every text it writes reads back to the same square or edge, and bad text is refused."""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.geometry.notation import (
    EdgeName,
    NotationError,
    SquareName,
    edge_name,
    floor_edge,
    floor_square,
    parse_edge,
    parse_square,
    parse_squares,
    square_name,
)

FLOORS = st.one_of(st.none(), st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True))
COORD = st.integers(0, 999)


@pytest.mark.slow
@settings(max_examples=examples(200))
@given(FLOORS, COORD, COORD)
def test_squares_round_trip(floor, x, y):
    assert parse_square(square_name(floor, x, y)) == SquareName(floor, x, y)


@pytest.mark.slow
@settings(max_examples=examples(200))
@given(FLOORS, st.sampled_from("HV"), COORD, COORD)
def test_edges_round_trip(floor, axis, x, y):
    assert parse_edge(edge_name(floor, axis, x, y)) == EdgeName(floor, axis, x, y)


def test_names_as_players_read_them():
    assert square_name(None, 3, 4) == "3,4"
    assert square_name("upper", 3, 4) == "upper:3,4"
    assert edge_name(None, "H", 1, 1) == "H:1,1"
    assert edge_name("ground", "V", 2, 0) == "ground:V:2,0"
    assert parse_square(" ground:3,4 ") == ("ground", 3, 4)


@pytest.mark.parametrize("text", ["3", "3,", "a,b", "3;4", "x:y:3,4", "-1,2", "3,4,5"])
def test_a_bad_square_says_what_to_write(text):
    with pytest.raises(ValueError, match=r"is not a square: write x,y or floor:x,y"):
        parse_square(text)


@pytest.mark.parametrize("text", ["3,4", "X:3,4", "H3,4", "ground:H:3"])
def test_a_bad_edge_says_what_to_write(text):
    with pytest.raises(ValueError, match=r"is not an edge: write H:x,y or V:x,y"):
        parse_edge(text)


def test_a_coordinate_of_thousands_of_digits_is_refused_in_words():
    """Python refuses int() of more than 4300 digits with a message about itself: the codec stops first."""
    digits = "7" * 5000
    with pytest.raises(NotationError) as caught:
        parse_square(f"0,{digits}")
    assert str(caught.value) == (
        "`0,7777777777777777777777\u2026` (5002 characters) is not a square: a coordinate has at most 6 digits")
    with pytest.raises(ValueError, match=r"^`H:999999\d*\u2026` \(5004 characters\) is not an edge"):
        parse_edge(f"H:{'9' * 5000},1")
    assert parse_square("999999,0") == (None, 999999, 0)


def test_lists_of_squares_and_the_squares_of_compiled_content():
    assert parse_squares("3,4,5,5") == [(None, 3, 4), (None, 5, 5)]
    assert parse_squares("a:3,4 b:5,5") == [("a", 3, 4), ("b", 5, 5)]
    with pytest.raises(NotationError, match="is not a list of squares"):
        parse_squares("3,4 and 5,5")
    assert floor_square("ground:3,4") == ("ground", 3, 4)
    assert floor_edge("ground:V:3,4") == ("ground", "V", 3, 4)
    with pytest.raises(NotationError, match="is not a square with its floor"):
        floor_square("3,4")
