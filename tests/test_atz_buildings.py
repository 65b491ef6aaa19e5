"""All Things Zombie buildings: what a type of building holds, what doors and windows cost, who walks where.

The rules as played are pinned by the scenarios of tests/rules-atz/buildings, search and cover; these
check the pieces those scenarios stand on."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.skirmish.atz import barricades, cover
from zwar_author.skirmish.atz.barricades import barricade
from zwar_author.skirmish.atz.buildings import Site, crossing, doors_only
from zwar_author.skirmish.atz.game import AtzGame, Setup
from zwar_author.skirmish.atz.search import HOLDS, holds
from zwar_author.skirmish.atz.state import Human, Zombie
from zwar_author.skirmish.core import Board
from zwar_author.tabletop import (
    Footprint,
    Opening,
    OpeningKind,
    Piece,
    PlacedPiece,
    Pose,
    Position,
    Table,
    TerrainKind,
)


def _site(kind: str = "house") -> Site:
    """An 8" x 6" house at (20, 30): a door at x 23.25-24.75 and a window at x 25.5-27 in its bottom wall."""
    openings = (Opening((Fraction(13, 4), Fraction(6)), (Fraction(19, 4), Fraction(6))),
                Opening((Fraction(11, 2), Fraction(6)), (Fraction(7), Fraction(6)), OpeningKind.WINDOW))
    piece = Piece(kind, Footprint.rectangle(8, 6), TerrainKind.BLOCKING, openings=openings, wall=Fraction(1, 4))
    return Site("b1", PlacedPiece(piece, Pose.of(20, 30)), kind)


def _game(site: Site) -> AtzGame:
    board = Board(Table(Fraction(48), Fraction(48)), [site.piece])
    return AtzGame(Setup(board, "suburb", "daytime", {}, (), buildings=(site,)))


@pytest.mark.parametrize(("kind", "listed"), [("House", "house"), ('Retail "Box" Store', "box store"),
                                              ("Retail Store", "retail store"), ("Office Buildings", "office"),
                                              ("Police Station", "police station"), ("Bank with ATM", None)])
def test_a_building_type_reads_the_searching_list_by_its_name(kind, listed):
    found, held = holds(_site(kind))
    assert (found if held is not None else None) == listed
    if listed is not None:
        assert held is HOLDS[listed]


def test_a_door_costs_two_inches_and_a_window_four_and_leaving_by_a_window_ends_the_move():
    site = _site()
    game = _game(site)
    outside = Human("h1", "Billy", "humans", Position.of(24, 40))
    cost, window = crossing(game, outside, np.array([[24, 33], [30, 40]]))
    assert cost.tolist() == [2, 0] and not window.any()
    below = Human("h1", "Billy", "humans", Position.of(26.25, 40))
    cost, window = crossing(game, below, np.array([[26.25, 33]]))
    assert cost.tolist() == [4] and not window.any()  # entering by a window does not end the move
    inside = Human("h1", "Billy", "humans", Position.of(26.25, 33))
    cost, window = crossing(game, inside, np.array([[26.25, 40]]))
    assert cost.tolist() == [4] and window.tolist() == [True]


def test_a_zombie_passes_a_door_only_from_it_and_never_a_window():
    site = _site()
    game = _game(site)
    far = Zombie("z1", "zombie z1", "zombies", Position.of(24, 40))
    assert np.isinf(crossing(game, far, np.array([[24, 33]]))[0]).all()  # it stops at the door first
    near = Zombie("z1", "zombie z1", "zombies", Position.of(24, 37))
    assert crossing(game, near, np.array([[24, 33]]))[0].tolist() == [0]
    beside = Zombie("z2", "zombie z2", "zombies", Position.of(26.25, 37))
    assert np.isinf(crossing(game, beside, np.array([[26.25, 33]]))[0]).all()
    walled = doors_only(game.setup.board)
    assert [o.kind for o in walled.pieces[0].piece.openings] == [OpeningKind.DOOR]


def test_an_opening_is_a_door_unless_said():
    assert Opening((Fraction(0), Fraction(0)), (Fraction(1), Fraction(0))).kind is OpeningKind.DOOR


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(6, 36), st.integers(6, 36), st.integers(2, 44), st.integers(2, 44), st.sampled_from([6, 12]),
       st.booleans())
def test_seeking_cover_ends_in_cover_within_reach_or_stays_put(bx, by, hx, hy, reach, away):
    """Duck back, hunker down and retire (seed 004 lines 808-814): the spot found is in cover from the
    cause and a straight walk within reach (farther from the cause when retiring); with none, no move."""
    piece = Piece("block", Footprint.rectangle(4, 4), TerrainKind.BLOCKING)
    board = Board(Table(Fraction(48), Fraction(48)), [PlacedPiece(piece, Pose.of(bx, by))])
    h = Human("h1", "Billy", "humans", Position.of(hx, hy))
    game = AtzGame(Setup(board, "suburb", "daytime", {}, (h,)))
    h = game.humans[0]
    if not board.stands(h.position, h.base):
        return
    cause, start = Position.of(24, 2), h.position
    found = cover.seek(game, h, cause, reach, away)
    if not found:
        assert h.position == start
        return
    assert cover.hidden(game, cause, np.array([h.at]))[0]
    assert start.distance(h.position) <= reach + 1e-6
    if away:
        assert h.position.distance(cause) > start.distance(cause)


class _Dice:
    """A context that answers every die with the same face."""

    def __init__(self, face: int) -> None:
        self.face = face

    def roll(self, why, options, who=None):
        return self.face


def test_a_barricade_rises_a_rep_a_turn_to_its_most_and_bars_the_way_until_busted():
    site = _site()
    game = _game(site)
    billy = Human("h1", "Billy", "humans", Position.of(24, 35))
    game.figures.append(billy)
    names = [n for n, _, _ in site.named]
    assert names == ["b1-door-1", "b1-window-1"]
    for _ in range(6):
        barricade(game, _Dice(1), billy, "b1-door-1")
    assert game.visits["b1"].barricades == {"b1-door-1": 4}  # a door's most (line 1417)
    assert not any(o.key == ("barricade", "b1-door-1") for o in barricades.options(game, billy))
    cost, _ = crossing(game, billy, np.array([[24, 38]]))
    assert np.isinf(cost).all()  # no one through a barricade
    game.visits["b1"].busted.add("b1-door-1")
    assert crossing(game, billy, np.array([[24, 38]]))[0].tolist() == [2]  # busted out: a doorway again


def test_a_door_locks_and_a_window_closes_only_on_a_hollow_piece(workdir):
    """Which doors are locked and windows closed the seed leaves to the scenario (004 lines 1861, 1871): a
    piece's opening says so with `locked`, which only a hollow piece's openings may (a solid piece's are only
    drawn), an error where it is written."""
    from zwar_author.compile.project import check
    pieces = ('[[pieces]]\nid = "hut"\nname = "Hut"\nkind = "blocking"\nwidth = 4\ndepth = 4\nwall = 0.25\n'
              'openings = [{ kind = "window", start = [0, 1], end = [0, 2], locked = true }]\n'
              '\n[[pieces]]\nid = "rock"\nname = "Rock"\nkind = "blocking"\nwidth = 4\ndepth = 4\n'
              'openings = [{ kind = "door", start = [0, 1], end = [0, 2], locked = true }]\n')
    (workdir / "t" / "pieces").mkdir(parents=True)
    (workdir / "t" / "pack.toml").write_text('[pack]\nid = "t"\ntitle = "T"\ngames = ["atz"]\n', encoding="utf-8")
    (workdir / "t" / "pieces" / "p.toml").write_text(pieces, encoding="utf-8")
    found = [d.human() for d in check([workdir / "t"]).report.sorted() if d.code == "ZW900"]
    why = "locked: only an opening of a hollow piece (with `wall`) locks"
    assert found == [f"t/pieces/p.toml:16:69: error ZW900: piece `rock` has door 1 {why}"]

