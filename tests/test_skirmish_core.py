"""The inch-measured games' engine core: frozen states, exact chance, figures, arcs, sight and walks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from zwar_author.skirmish.core import (
    Board,
    Choice,
    Context,
    Figure,
    Game,
    IllegalAction,
    State,
    apply,
    chance_outcomes,
    facing_towards,
    in_front,
    legal_actions,
    simulate,
    start,
)
from zwar_author.skirmish.core.chance import Live
from zwar_author.tabletop import Base, Footprint, Piece, PlacedPiece, Pose, Position, Sight, Table, TerrainKind

DIE = ("hit", "miss", "miss", "miss", "miss", "miss")


class Duel(Game):
    """A toy ruleset: each step a side chooses to shoot or wait; a shot rolls a die; three hits win."""

    def __init__(self) -> None:
        super().__init__()
        self.hits = {"red": 0, "blue": 0}
        self.turn = "red"

    def step(self, ctx: Context) -> None:
        self.round += 1
        side = self.turn
        action = ctx.choose(side, f"{side} acts", (Choice("shoot", "shoot"), Choice("wait", "wait")), topic="action")
        if action.key == "shoot":
            face = ctx.roll(f"{side} shoots", DIE)
            self.emit("attack", side, f"{side} shoots: {face}", dice=(face,))
            if face == "hit":
                self.hits[side] += 1
        else:
            self.emit("wait", side, f"{side} waits")
        if self.hits[side] == 3:
            self.over, self.winner = True, side
        self.turn = "blue" if side == "red" else "red"


def test_a_die_of_faces_gives_exact_outcomes():
    state = apply(start(Duel()), "shoot")
    assert state.request.kind.value == "roll"
    assert chance_outcomes(state) == [("hit", Fraction(1, 6)), ("miss", Fraction(5, 6))]


def test_states_are_frozen_and_can_be_answered_again():
    first = apply(start(Duel()), "shoot")
    hit, miss = apply(first, "hit"), apply(first, "miss")
    assert [e.text for e in hit.events] == ["red shoots: hit"]
    assert [e.text for e in miss.events] == ["red shoots: miss"]
    assert hit.view.hits == {"red": 1, "blue": 0} and miss.view.hits == {"red": 0, "blue": 0}
    assert first.view.log == [] and apply(first, "hit").view.hits == hit.view.hits


def test_an_answer_that_is_not_an_option_is_refused():
    with pytest.raises(IllegalAction):
        apply(start(Duel()), "run")


def _policy(rng: random.Random):
    def choose(game, request):
        return request.options[rng.randrange(len(request.options))]
    return choose


@pytest.mark.parametrize("seed", range(5))
def test_apply_and_simulate_play_the_same_game(seed):
    dice, choices = random.Random(seed), random.Random(seed + 100)
    policy = _policy(choices)
    state: State = start(Duel())
    while not state.over:
        if state.request.chance:
            faces, odds = zip(*chance_outcomes(state), strict=True)
            answer = dice.choices(faces, odds)[0]
        else:
            answer = policy(state.view, state.request)
        state = apply(state, answer)
    fast = simulate(Duel(), _policy(random.Random(seed + 100)), random.Random(seed))
    assert [e.text for e in state.view.log] == [e.text for e in fast.log]
    assert state.view.winner == fast.winner


def test_forced_faces_come_first():
    game = simulate(Duel(), lambda g, r: r.options[0], random.Random(1), faces=["hit"] * 5)
    assert [e.text for e in game.log][:5] == ["red shoots: hit", "blue shoots: hit", "red shoots: hit",
                                             "blue shoots: hit", "red shoots: hit"]
    assert game.winner == "red"


def test_a_decision_with_one_option_is_never_asked():
    class One(Context):
        def ask(self, request):
            raise AssertionError("asked")
    assert One().choose("red", "only", ["this"]) == "this"


def test_legal_actions_are_the_options():
    assert [str(o) for o in legal_actions(start(Duel()))] == ["shoot", "wait"]


def _figure(fid: str, x, y, facing=0, side="a") -> Figure:
    return Figure(fid, fid, side, Position.of(x, y), Base(), Fraction(facing))


def test_the_front_arc_is_a_half_plane_and_abeam_is_in_front():
    f = _figure("f", 10, 10, facing=0)  # looking up the page
    assert in_front(f, Position.of(10, 2)) and in_front(f, Position.of(20, 10))
    assert not in_front(f, Position.of(10, 10.001))
    g = _figure("g", 10, 10, facing=45)
    assert in_front(g, Position.of(11, 9)) and not in_front(g, Position.of(9, 11))


def test_facing_towards_is_exact_along_the_axes():
    a = Position.of(5, 5)
    assert [facing_towards(a, Position.of(*p)) for p in ((5, 0), (9, 5), (5, 9), (1, 5))] == [0, 90, 180, 270]
    assert facing_towards(a, Position.of(6, 4)) == 45


def _board(*pieces: PlacedPiece) -> Board:
    return Board(Table(), list(pieces))


def test_a_figure_across_the_line_blocks_sight_and_terrain_gives_cover():
    wall = PlacedPiece(Piece("wall", Footprint.rectangle(4, 0.5), TerrainKind.LOW), Pose.of(8, 9.5))
    board = _board(wall)
    a, b = _figure("a", 10, 4), _figure("b", 10, 16)
    assert board.fire(a, b).sight is Sight.COVER and not board.fire(a, b).contact
    close = _figure("c", 10, 10.5)  # touching the wall's far side
    assert board.fire(a, close).contact
    assert board.fire(a, b, [_figure("x", 10.3, 7)]).sight is Sight.BLOCKED
    assert board.fire(a, b, [_figure("x", 14, 7)]).sight is Sight.COVER


def test_walks_go_straight_or_round_blocking_terrain():
    block = PlacedPiece(Piece("block", Footprint.rectangle(6, 2), TerrainKind.BLOCKING), Pose.of(7, 9))
    board = _board(block)
    f = _figure("f", 10, 5)
    assert board.walk(f, Position.of(10, 8)) == 3
    around = board.walk(f, Position.of(10, 13))
    assert around is not None and around > 8
    assert not board.stands(Position.of(10, 10), Base())
    assert not board.stands(Position.of(10, 5), Base(), [_figure("g", 10.5, 5)])
    assert board.stands(Position.of(10, 5), Base(), [_figure("g", 11, 5)])


def test_an_enemy_in_the_way_stops_a_straight_walk():
    board = _board()
    f = _figure("f", 5, 5)
    assert board.straight(f, [[5, 12]], [_figure("e", 5, 8)]).tolist() == [False]
    assert board.straight(f, [[5, 12]], [_figure("e", 8, 8)]).tolist() == [True]


def test_live_samples_by_the_weights():
    ctx = Live(random.Random(3), lambda g, r: None)
    rolls = [ctx.roll("x", DIE) for _ in range(600)]
    assert 60 < rolls.count("hit") < 140
