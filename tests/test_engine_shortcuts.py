"""The engine's faster ways to the same answers (bench/README.md, "Engine speed for the bots"): each gives
exactly what the slower way it stands for gives, so the games stay the same event for event."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import CONTENT

from zwar_author.engine import combat, infected, legal, sight, spawn
from zwar_author.engine.actions import Action
from zwar_author.engine.api import first_option, new_game
from zwar_author.engine.chance import Choice, Live, below, choice
from zwar_author.engine.mission import ALL, UNREACHABLE
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


def test_a_kept_action_is_the_action_the_lists_made_and_stays_the_same():
    g = _game("supply-run")
    for hero, verb, to in (("sam", Verb.MOVE, 7), ("sam", Verb.END, -1), ("kat", Verb.STEP, 7), ("sam", Verb.STEP, 7)):
        kept = legal._plain(g.mission.own(legal.LISTS), hero, verb, to)
        assert kept == legal._action(hero, verb, to=to) and type(kept) is Action
        assert legal._plain(g.mission.own(legal.LISTS), hero, verb, to) is kept
    other = _game("the-tower")
    assert legal._plain(other.mission.own(legal.LISTS), "sam", Verb.MOVE, 7) is not \
        legal._plain(g.mission.own(legal.LISTS), "sam", Verb.MOVE, 7)
    h = g.heroes[0]
    h.ap = 4
    alerts = legal._alert(g, g.mission.own(legal.LISTS), h)
    assert alerts
    assert alerts == [Action(h.id, Verb.ALERT, mode=d) for d in FACINGS] and legal._alert(g, g.mission.own(legal.LISTS), h) is not alerts


def test_an_event_in_the_log_is_the_named_tuple_with_its_fields():
    g = _game("supply-run")
    g.emit("door", "sam", "Sam opens the door", 12, (3, 4), "open", 2)
    e = g.log[-1]
    assert type(e).__name__ == "Event" and (e.sq, e.edge, e.dice, e.result, e.objective) == (12, None, (3, 4), "open", 2)
    assert e.text == "Sam opens the door" and e.turn == g.turn and e.kind == "door"


def test_a_choice_made_without_its_new_is_the_named_tuple_itself():
    made = choice(12, "3,4")
    assert made == Choice(12, "3,4") and type(made) is Choice and (made.key, made.text, str(made)) == (12, "3,4", "3,4")
    assert hash(choice("hold", "hold fire")) == hash(Choice("hold", "hold fire"))


def test_a_step_within_a_floor_is_to_one_of_the_eight_squares_around():
    """``act.in_zone`` leaves out squares more than one square away before it looks the steps up."""
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


def _closest_unseen_merged(g, ctx, heroes, maps, unseen):
    """The roamer's squares as they were found before ``spawn.closest_unseen``: every map merged whole first."""
    nearest = spawn._nearest(maps)
    by_distance: dict[int, list[int]] = {}
    for sq, d in nearest.items():
        by_distance.setdefault(d, []).append(sq)
    for d in sorted(by_distance):
        squares = sorted(sq for sq in by_distance[d] if unseen(sq))
        if not squares:
            continue
        owners = [h for h in heroes if any(maps[h.id].get(sq) == d for sq in squares)]
        winner = owners[0] if len(owners) == 1 else g.ruleset.tie(g, ctx, owners, "who gets the roamer")
        return [sq for sq in squares if maps[winner.id].get(sq) == d], winner
    return [], None


def test_the_roamer_s_squares_read_ring_by_ring_are_those_of_the_maps_merged_whole():
    """Heroes scattered over each core board, with every room or only the first active and squares taken:
    ``closest_unseen`` finds the same squares and hero as merging the route maps whole, and rolls the same
    roll-offs (the dice left after it are the same)."""
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
            for way in (spawn.closest_unseen, _closest_unseen_merged):
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


def _sees_by_int_rows(m, a: int, b: int, doors: int) -> bool:
    """``Mission.sees`` as it read the rows before they were kept as bytes too: one integer of bits a row."""
    floor = m.floor_of[a]
    if floor != m.floor_of[b]:
        return m.linked(a, b)
    los, off = m._los[floor], m.offsets[floor]
    la, lb = a - off, b - off
    if not los.open_rows[la] >> lb & 1:
        return False
    if los.closed_rows[la] >> lb & 1:
        return True
    clauses = los.needs.get((la, lb) if la < lb else (lb, la))
    start = m.door_offsets[floor]
    return clauses is None or all(any(all(doors >> (start + d) & 1 for d in alt) for alt in alts) for alts in clauses)


def test_sight_read_from_byte_rows_is_sight_read_from_integer_rows():
    checked = 0
    for name in ("supply-run", "the-tower", "inbound"):
        m = _game(name).mission
        pick = random.Random(name)
        masks = [0, -1] + [pick.getrandbits(len(m.doors)) for _ in range(6)]
        squares = [sq for sq in range(m.size) if m.standable[sq]]
        for a in squares[::3]:
            for b in squares[::2]:
                for doors in masks[:3] if (a + b) % 5 else masks:
                    assert m.sees(a, b, doors) == _sees_by_int_rows(m, a, b, doors), (name, a, b, doors)
                    checked += 1
    assert checked > 100_000


def test_smell_distances_read_from_the_floor_tables_are_those_of_the_smell_steps():
    """``Mission.smell_from`` looks each floor's table up once a search: the same distances, in the same order,
    as the search over ``smell_steps`` it was written as, across floors and stairs too."""
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
