"""What the engine keeps per mission (tables built once: sight rows as bytes, smell tables, chart rows, square
names, conditions and class cards in compiled fields, route maps read ring by ring) gives what the rules and
their one model give: the geometry's line of sight, the smell steps, the table model's charts, the notation's
names, the conditions' parts, the rules model's classes and cards."""

from __future__ import annotations

import random

import pytest
from conftest import CONTENT

from zwar_author.engine import combat, infected, sight, spawn
from zwar_author.engine.api import first_option, new_game
from zwar_author.engine.chance import Live
from zwar_author.engine.mission import ALL, UNREACHABLE
from zwar_author.engine.state import Game
from zwar_author.engine.vocab import HeroStatus
from zwar_author.engine.world import Ending, endings, met
from zwar_author.geometry.los import LosMaps, los
from zwar_author.geometry.notation import edge_name, parse_edge, parse_square, square_name
from zwar_author.play.load import load_mission
from zwar_author.tables.charts import read as chart_read

MISSIONS = CONTENT / "core" / "missions"


def _game(name: str) -> Game:
    loaded, report = load_mission(MISSIONS / f"{name}.toml")
    assert loaded is not None, [d.human() for d in report.sorted()]
    return new_game(loaded)


def test_an_event_in_the_log_holds_what_was_emitted():
    g = _game("supply-run")
    g.emit("door", "sam", "Sam opens the door", 12, (3, 4), "open", 2)
    e = g.log[-1]
    assert type(e).__name__ == "Event" and (e.sq, e.edge, e.dice, e.result, e.objective) == (12, None, (3, 4), "open", 2)
    assert e.text == "Sam opens the door" and e.turn == g.turn and e.kind == "door"


@pytest.mark.slow
def test_a_step_within_a_floor_is_to_one_of_the_eight_squares_around():
    """A step is to an adjacent square: a grab zone (``act.in_zone``) is the steps ahead of an infected."""
    for path in sorted(MISSIONS.glob("*.toml")):
        m = _game(path.stem).mission
        for sq, steps in enumerate(m.step_all):  # every step, with every door open
            for n, _door in steps:
                if m.floor_of[n] == m.floor_of[sq]:
                    (ax, ay), (bx, by) = m.xy[sq], m.xy[n]
                    assert max(abs(bx - ax), abs(by - ay)) == 1, (path.stem, sq, n)


def test_a_kept_chart_total_reads_what_the_table_model_reads():
    g = _game("supply-run")
    tables = [t for eq in g.mission.equipment.values() for t in (eq.quick, eq.aimed) if t is not None]
    assert tables
    for table in tables:
        for total in range(-3, table.die + 6):
            for _ in range(2):  # made, then kept
                assert combat.read(g.mission, table, total) == chart_read(table, total).kind, (table, total)
    spawn = g.mission.compiled.spawn
    assert spawn is not None and spawn.phases
    parts = [part for p in spawn.phases for part in (p.turn, p.room) if part is not None]
    charts = [t for part in parts for t in (part.table, part.what, getattr(part, "where", None),
                                             getattr(part, "distance", None)) if t is not None]
    assert charts
    for table in charts:
        for roll in range(1, table.die + 3):
            for _ in range(2):
                assert g.mission.charts.row(table, roll) == chart_read(table, roll), (table, roll)


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


def test_a_victory_condition_holds_when_its_parts_do():
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


def test_a_live_die_is_a_forced_die_else_one_the_injected_generator_draws():
    """Dice are chance outcomes the driver samples: the forced ones first, in their order, then the injected
    generator's, the same from the same seed."""
    forced = Live(random.Random(1), policy=lambda game, request: None, dice=[2, 5])
    assert [forced.roll("a die", die=6) for _ in range(3)] == [2, 5, random.Random(1).randint(1, 6)]
    rolls = [Live(random.Random(seed), policy=lambda game, request: None).roll("a die", die=8) for seed in range(40)]
    assert rolls == [random.Random(seed).randint(1, 8) for seed in range(40)] and set(rolls) == set(range(1, 9))


def _closest_unseen(g, ctx, heroes, maps, unseen):
    """The roamer's rule: the unseen squares at the least route distance from any hero, and the hero they are that
    close to (heroes equally close roll off), the squares by that hero."""
    unseen_squares = {sq for row in maps.values() for sq in row if unseen(sq)}
    if not unseen_squares:
        return [], None
    d = min(row.get(sq, UNREACHABLE) for row in maps.values() for sq in unseen_squares)
    squares = sorted(sq for sq in unseen_squares if min(row.get(sq, UNREACHABLE) for row in maps.values()) == d)
    owners = [h for h in heroes if any(maps[h.id].get(sq) == d for sq in squares)]
    winner = owners[0] if len(owners) == 1 else g.ruleset.tie(g, ctx, owners, "who gets the roamer")
    return [sq for sq in squares if maps[winner.id].get(sq) == d], winner


@pytest.mark.slow
def test_the_roamer_s_squares_read_ring_by_ring_are_the_closest_unseen_ones():
    """Heroes scattered over each core board, with every room or only the first active and squares taken:
    ``closest_unseen``, reading the route maps ring by ring, finds the squares and hero the rule names, and rolls
    the same roll-offs (the dice left after it are the same)."""
    checked = ties = 0
    for name in ("supply-run", "break-and-enter", "the-tower", "inbound", "hold-out"):
        g = _game(name)
        m = g.mission
        heroes = g.board_heroes()
        squares = [sq for sq in range(m.size) if m.standable[sq]]
        pick = random.Random(name)
        for trial in range(40):
            for h in heroes:
                g.place(h, pick.choice(squares))
            active = ALL if trial % 2 else g.active
            maps = {h.id: m.route_from(h.sq, active) for h in heroes}
            near = [sq for sq in maps[heroes[0].id] if maps[heroes[0].id][sq] <= 3]
            taken = set(pick.sample(near, min(3, len(near))))
            unseen = lambda sq, g=g, heroes=heroes, taken=taken: (  # bound now (ruff B023)
                sq not in taken and sq not in g.at and not any(g.hero_sees(h.sq, sq) for h in heroes))
            for way in (spawn.closest_unseen, _closest_unseen):
                dice = random.Random(trial)
                found = way(g, Live(dice, first_option, g), heroes, maps, unseen)
                after = dice.random()
                if way is spawn.closest_unseen:
                    ring, ring_after = found, after
            assert ring == found and ring_after == after, (name, trial)
            checked += bool(found[0])
            ties += sum(1 for h in heroes if any(maps[h.id].get(sq, UNREACHABLE) == min(
                maps[o.id].get(sq, UNREACHABLE) for o in heroes) for sq in found[0])) > 1
    assert checked > 150 and ties > 0


def test_the_compiled_copies_of_each_class_and_card_hold_the_model_s_fields():
    """``Mission.units`` and ``Mission.gear`` (read by the compiled engine instead of the pydantic models)
    say what the models say, for every class and card of the core pack."""
    m = _game("supply-run").mission
    assert m.units.keys() == m.classes.keys() and m.gear.keys() == m.equipment.keys()
    for cls, unit in m.units.items():
        model = m.classes[cls]
        assert (unit.move, unit.charge, unit.smell, unit.hears, unit.kill_points) == \
            (model.move, model.charge, model.smell, model.hears, model.kill_points), cls
    for eq, gear in m.gear.items():
        model = m.equipment[eq]
        assert (gear.kind, gear.fire, gear.range, gear.aimed_only, gear.placed, gear.effect) == \
            (model.kind, tuple(model.fire), model.range, model.aimed_only, model.placed, model.effect), eq
    assert any(g.range for g in m.gear.values())
    assert any(g.effect for g in m.gear.values()) and any(g.placed for g in m.gear.values())


@pytest.mark.slow
def test_sight_read_from_the_byte_rows_is_the_geometry_s_line_of_sight():
    """``Mission.sees`` (a bit of a byte row with every door open and with none, else the doors' clauses) says
    what the geometry's line of sight (``geometry.los.los``, the rule as the rulebook's diagrams draw it) says
    on the floor with those doors open: every door, none, and a few masks between."""
    checked = 0
    for name in ("supply-run", "the-tower", "inbound"):
        m = _game(name).mission
        pick = random.Random(name)
        masks = [0, -1] + [pick.getrandbits(len(m.doors)) for _ in range(2)]
        for floor, f in enumerate(m.board.floors):
            squares = [sq for sq in range(m.size) if m.standable[sq] and m.floor_of[sq] == floor]
            for doors in masks:
                maps = LosMaps.of(f.grid, m._door_state(floor, m.floor_doors(doors, floor)))
                for a in squares[::5]:
                    for b in squares[::2]:
                        assert m.sees(a, b, doors) == los(maps, m.xy[a], m.xy[b]), (name, a, b, doors)
                        checked += 1
    assert checked > 10_000


@pytest.mark.slow
def test_smell_distances_read_from_the_floor_tables_are_those_of_the_smell_steps():
    """A smell distance is the number of smell steps (``Mission.smell_steps``, the one-step rule) on the shortest
    way: ``Mission.smell_from``, reading each floor's table once a search, gives those distances in the order a
    breadth-first walk of the steps first reaches them, across floors and stairs too."""
    checked = 0
    for name in ("supply-run", "the-tower", "inbound"):
        m = _game(name).mission
        pick = random.Random(name)
        masks = [0, -1] + [pick.getrandbits(len(m.doors)) for _ in range(3)]
        for source in [sq for sq in range(m.size) if m.standable[sq]][::7] + list(m.links):
            for doors in masks:
                dist = {source: 0}
                frontier = [source]
                for depth in range(1, 7):
                    nxt = []
                    for sq in frontier:
                        for n in m.smell_steps(sq, doors):
                            if n not in dist:
                                dist[n] = depth
                                nxt.append(n)
                    frontier = nxt
                found = m.smell_from(source, doors, 6)
                assert list(found.items()) == list(dist.items()), (name, source, doors)
                checked += 1
    assert checked > 300 and any(_game(n).mission.links for n in ("the-tower", "inbound"))


@pytest.mark.slow
def test_kept_smell_distances_are_those_searched_anew():
    """``Mission.smell_from`` keeps its answers by source, doors and limit: asked in a mixed order, with doors
    open and shut (a negative mask: every door) and limits past a byte, every answer is the one searched with
    nothing kept."""
    m = _game("the-tower").mission
    pick = random.Random(3)
    squares = [sq for sq in range(m.size) if m.standable[sq]]
    asks = [(pick.choice(squares), pick.choice([0, -1, pick.getrandbits(len(m.doors))]), pick.choice([0, 1, 3, 6, 300]))
            for _ in range(400)]
    kept = [dict(m.smell_from(*ask)) for ask in asks + asks[::-1]]
    fresh = []
    for ask in asks + asks[::-1]:
        m._smell_cache.clear()
        fresh.append(m.smell_from(*ask))
    assert kept == fresh and len({tuple(d) for d in fresh}) > 50


@pytest.mark.slow
def test_the_way_an_infected_follows_is_the_field_of_its_goals_read_again():
    """``infected.Way`` keeps the grab squares and the field through a move: after every change a move can
    make (a unit moving onto a grab square, a door opening, the target stepping, rooms activating), the field
    it gives is the one ``Mission.field(goals(...))`` gives, with the same points from every square."""
    checked = changed = 0
    for name in ("supply-run", "break-and-enter", "the-tower", "inbound"):
        g = _game(name)
        m = g.mission
        squares = [sq for sq in range(m.size) if m.standable[sq]]
        pick = random.Random(name)
        h = g.board_heroes()[0]
        way = infected.Way()
        z = g.new_infected(next(iter(m.units)), pick.choice(squares), "N")
        for trial in range(60):
            change = trial % 4
            if change == 0:
                g.place(z, pick.choice(squares))
            elif change == 1 and m.doors:
                g.doors ^= 1 << pick.randrange(len(m.doors))
            elif change == 2:
                g.place(h, pick.choice(squares))
            else:
                g.active = ALL if g.active != ALL else 1 | 2
            at = pick.choice(squares)
            kept = way.to(g, at, h)
            fresh = m.field(infected.goals(g, at, h), g.active, g.doors)
            assert [kept.to(sq) for sq in squares] == [fresh.to(sq) for sq in squares], (name, trial)
            changed += kept is not fresh
            checked += 1
    assert checked == 240 and changed == 0


@pytest.mark.slow
def test_the_nearest_hero_is_the_one_the_route_maps_rank_first():
    """``infected.nearest`` reads each hero's route map once in a loop: the hero and distance the maps give,
    equals rolled off with the same dice as before (the dice left after it are the same)."""
    ties = 0
    for name in ("supply-run", "hold-out", "the-tower"):
        g = _game(name)
        m = g.mission
        heroes = g.board_heroes()
        squares = [sq for sq in range(m.size) if m.standable[sq]]
        pick = random.Random(name)
        z = g.new_infected(next(iter(m.classes)), None, "N")
        for trial in range(40):
            for h in heroes:
                g.place(h, pick.choice(squares))
            sq = pick.choice(squares)
            far = [sight.hero_distance(g, h, sq) for h in heroes]
            best = min(far)
            tied = [h for h, d in zip(heroes, far) if d == best and d < UNREACHABLE]
            dice, again = random.Random(trial), random.Random(trial)
            found, away = infected.nearest(g, Live(dice, first_option, g), heroes, sq, z)
            if not tied:
                assert (found, away) == (None, UNREACHABLE)
                continue
            want = tied[0] if len(tied) == 1 else g.ruleset.tie(g, Live(again, first_option, g), tied,
                                                                f"{g.label(z)} chooses its target")
            assert (found, away) == (want, best) and dice.random() == again.random(), (name, trial)
            ties += len(tied) > 1
    assert ties > 0
