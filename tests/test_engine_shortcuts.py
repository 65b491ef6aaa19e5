"""The engine's faster ways to the same answers (bench/README.md, "Engine speed for the bots"): each gives
exactly what the slower way it stands for gives, so the games stay the same event for event."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import CONTENT

from zwar_author.engine import combat, legal, sight
from zwar_author.engine.actions import Action
from zwar_author.engine.api import new_game
from zwar_author.engine.chance import Live, below
from zwar_author.engine.state import Game
from zwar_author.engine.vocab import HeroStatus, Verb
from zwar_author.engine.world import Ending, endings, met
from zwar_author.geometry.facing import FACINGS, forward
from zwar_author.geometry.notation import edge_name, parse_edge, parse_square, square_name
from zwar_author.play.load import load_mission
from zwar_author.tables.charts import read as chart_read

MISSIONS = CONTENT / "core" / "missions"


def _game(name: str) -> Game:
    loaded, report = load_mission(MISSIONS / f"{name}.toml")
    assert loaded is not None, [d.human() for d in report.sorted()]
    return new_game(loaded)


def test_ahead_is_the_forward_half_plane_of_the_geometry():
    for facing, dx, dy in itertools.product(FACINGS, range(-3, 4), range(-3, 4)):
        origin = (5, 5)
        square = (5 + dx, 5 + dy)
        assert sight.ahead(facing, origin, square) == forward(facing, origin, square), (facing, dx, dy)


def test_an_action_made_by_the_lists_is_the_named_tuple_itself():
    made = legal._action("sam", Verb.MOVE, to=7)
    assert made == Action("sam", Verb.MOVE, to=7) and type(made) is Action
    assert made._replace(to=8) == Action("sam", Verb.MOVE, 8)
    full = legal._action("kat", Verb.GIVE, 1, 2, 3, "auto", "pistol", "sam")
    assert full == Action("kat", Verb.GIVE, 1, 2, 3, "auto", "pistol", "sam") and hash(full) == hash(tuple(full))


def test_an_event_in_the_log_is_the_named_tuple_with_its_fields():
    g = _game("supply-run")
    g.emit("door", "sam", "Sam opens the door", 12, (3, 4), "open", 2)
    e = g.log[-1]
    assert type(e).__name__ == "Event" and (e.sq, e.edge, e.dice, e.result, e.objective) == (12, None, (3, 4), "open", 2)
    assert e.text == "Sam opens the door" and e.turn == g.turn and e.kind == "door"


def test_a_kept_chart_total_reads_what_the_table_model_reads():
    g = _game("supply-run")
    tables = [t for eq in g.mission.equipment.values() for t in (eq.quick, eq.aimed) if t is not None]
    assert tables
    for table in tables:
        for total in range(-3, table.die + 6):
            for _ in range(2):  # made, then kept
                assert combat.read(table, total) == chart_read(table, total).kind, (table, total)


def test_kept_square_and_edge_names_are_the_notation_s():
    m = _game("supply-run").mission
    for sq in range(m.size):
        x, y = m.xy[sq]
        assert m.show(sq) == m.show(sq) == square_name(None, x, y)
        assert m.square(square_name(m.floor_ids[0], x, y)) == sq
    for door in m.doors:
        _, axis, x, y = parse_edge(door.edge)
        assert m.show_edge(door.edge) == m.show_edge(door.edge) == edge_name(None, axis, x, y)
    objective = m.compiled.objectives[0].at
    assert m.square(objective) == m.square(objective) == m.index(parse_square(objective)[0] or m.floor_ids[0],
                                                                    *parse_square(objective)[1:])


def test_a_condition_read_once_holds_as_its_parts_say():
    g = _game("supply-run")
    defeat, victory = endings(g.mission)
    assert endings(g.mission)[0] is defeat  # kept on the mission
    assert [e.source for e in victory] == list(g.mission.compiled.victory)
    won = victory[0]
    assert not met(g, won, end_of_turn=True)  # nothing done yet
    g.objectives |= g.mission.objective_numbers
    for h in g.heroes:
        h.status = HeroStatus.ESCAPED
        h.object = None
    carrying = won.carrying
    assert met(g, won, end_of_turn=False) == (not carrying)
    for h, letter in zip(g.heroes, sorted(carrying)):
        h.object = letter
    assert met(g, won, end_of_turn=False)
    empty = Ending(type(won.source)(), g.mission.objective_numbers)
    assert empty.empty and not met(g, empty, end_of_turn=True)  # no part the engine can check: never met


def test_a_live_die_is_the_number_randint_draws_from_the_same_generator():
    for seed, die in itertools.product(range(40), (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 17, 20, 100, 2**40 + 3)):
        ours, theirs = random.Random(seed), random.Random(seed)
        live = Live(ours, policy=lambda game, request: None)
        for _ in range(50):
            assert live.roll("a die", die=die) == theirs.randint(1, die), (seed, die)
        assert ours.getstate() == theirs.getstate()  # and the generator is left where randint leaves it
    assert below(random.Random(3), 6) == random.Random(3).randrange(6)


def test_a_die_from_a_generator_of_another_kind_or_of_no_faces_is_randints_own():
    class Other(random.Random):
        def randint(self, a: int, b: int) -> int:
            return 42

    assert Live(Other(1), policy=lambda game, request: None).roll("a die", die=6) == 42
    with pytest.raises(ValueError):
        Live(random.Random(1), policy=lambda game, request: None).roll("a die", die=0)
