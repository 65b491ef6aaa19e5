"""The hero's action list's faster ways to the same answers (bench/README.md, "The hero's action list"): each
gives exactly what the slower way it stands for gives, so the lists, and the games, stay the same."""

from __future__ import annotations

import itertools

from conftest import CONTENT
from test_legal_lazy import WITHOUT

from zwar_author.engine import legal, weapons
from zwar_author.engine.api import new_game
from zwar_author.engine.state import Card
from zwar_author.engine.vocab import Perk, Verb
from zwar_author.play.load import load_mission


def _supply_run():
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    return new_game(loaded)


def test_the_searches_a_without_skips_are_its_subset_tests():
    g = _supply_run()
    for without in WITHOUT:
        skip = legal._skips(g.mission.own(legal.LISTS), without)
        assert legal._skips(g.mission.own(legal.LISTS), without) is skip
        assert (skip.stepping, skip.doors, skip.quicks, skip.melees, skip.combined, skip.tasks, skip.supplies,
                skip.free, skip.exchanges, skip.move_throws) == (
            legal.STEPPING <= without, legal.DOORS <= without, legal.QUICKS <= without, legal.MELEES <= without,
            legal.COMBINED <= without, legal.TASKS <= without, legal.SUPPLIES <= without, legal.FREE <= without,
            legal.EXCHANGES <= without, {Verb.MOVE_THROW, Verb.THROW_MOVE} <= without)
        assert (skip.dive, skip.move_quick, skip.move_melee, skip.throw, skip.aimed, skip.execute, skip.hitman,
                skip.crawl, skip.quick) == tuple(verb in without for verb in (
                    Verb.DIVE, Verb.MOVE_QUICK, Verb.MOVE_MELEE, Verb.THROW, Verb.AIMED, Verb.EXECUTE, Verb.HITMAN,
                    Verb.CRAWL, Verb.QUICK))


def test_the_verbs_a_list_leaves_out_are_the_union_for_each_mission_s_absent_verbs():
    first, second = frozenset({Verb.RELOAD, Verb.CRAFT}), frozenset({Verb.DROP_PRONE})
    g = _supply_run()
    for without in WITHOUT:
        skip = legal._skips(g.mission.own(legal.LISTS), without)
        for absent in (first, second, first, frozenset()):
            assert skip.leaving_out(absent) == absent | without


def _strands_as_written(g, sq: int, ap_after: int, prone_after: bool, stride_after: int) -> bool:
    """Whether ending a move on ``sq`` would leave the hero on a spawn point without the AP to step off (``legal``'s
    ``strands`` before the moves tested the AP first)."""
    return sq in g.mission.spawn_at and stride_after == 0 and ap_after < (2 if prone_after else 1)


def test_the_squares_a_move_may_end_on_are_those_strands_allows():
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    g = new_game(loaded)
    spawns = sorted(g.mission.spawn_at)
    assert spawns
    squares = spawns + [sq for sq in range(g.mission.size) if g.mission.standable[sq]][:40]
    for ap_after, prone_after, stride_after in itertools.product(range(-1, 4), (False, True), (0, 1, 2)):
        allowed = [n for n in squares if not _strands_as_written(g, n, ap_after, prone_after, stride_after)]
        may = legal._may_strand(ap_after, prone_after, stride_after)
        assert [n for n in squares if not (may and n in g.mission.spawn_at)] == allowed
        if stride_after == 0:
            assert legal._unstranded(g, squares, ap_after, prone_after) == allowed


def test_the_weapon_changes_kept_for_a_hero_follow_their_cards():
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    g = new_game(loaded)
    h = g.heroes[0]
    h.switches = 1

    def same() -> None:
        assert legal._weapons(g, g.mission.own(legal.LISTS), h) == legal._weapon_changes(g, h)

    same()
    assert len(h.cards) >= 1
    first = h.cards[0]
    h.active = [] if h.active else [first.name]  # the active weapon changed
    same()
    h.active = [first.name]
    same()
    other = g.heroes[1]
    h.cards.append(other.cards[0].copy())  # a card given
    same()
    h.active = [h.cards[-1].name]
    same()
    h.cards.pop()  # and taken back: the active name now names no card
    same()
    kit = next(eq for eq, card in g.mission.equipment.items() if not legal.wieldable(g, h, Card("x", eq, None)))
    h.cards[0] = Card(first.name, kit, None)  # the same name on a card that is no weapon
    same()
    h.cards[0] = first
    h.active = [first.name]
    same()
    copied = g.copy()  # another game's copy of the hero, and another game of the mission
    assert legal._weapons(copied, copied.mission.own(legal.LISTS), copied.heroes[0]) == legal._weapon_changes(copied, copied.heroes[0])
    fresh = new_game(loaded)
    assert legal._weapons(fresh, fresh.mission.own(legal.LISTS), fresh.heroes[0]) == legal._weapon_changes(fresh, fresh.heroes[0])


def test_a_square_outside_the_sight_row_is_one_sees_rules_out():
    """``gun_targets`` no longer tests the sight row's bit before ``Mission.sees``: sees rules each such square out."""
    checked = 0
    for name in ("supply-run", "the-tower"):
        loaded, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
        m = new_game(loaded).mission
        squares = [sq for sq in range(m.size) if m.standable[sq]]
        for a in squares[::3]:
            row, first = m.sight_row(a)
            for b in squares:
                if m.floor_of[b] == m.floor_of[a] and not row >> (b - first) & 1:
                    assert not m.sees(a, b, -1), (name, a, b)
                    checked += 1
    assert checked > 1000


def test_an_action_s_cost_is_the_action_table_s_but_where_a_perk_or_the_turn_changes_it():
    """The action table's AP (Supply Run's and The Tower's rules data), but "Dead Eye: aimed fire costs 1 AP",
    Kip-Up stands up for 1 AP, Bandit searches for 3 AP at most, and a search or a task costs no more than the
    hero's turn; the table's keys are the verbs themselves, looked up by member or by plain text alike."""
    for name in ("supply-run", "the-tower"):
        loaded, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
        g = new_game(loaded)
        h = g.heroes[0]
        table = loaded.profile.costs()
        assert g.mission.ap_costs == table and all(type(k) is Verb for k in g.mission.ap_costs if k in set(Verb))
        for verb in [*Verb, *(v.value for v in Verb), "no-such-verb"]:
            if verb not in (Verb.SEARCH, Verb.TASK, Verb.CRAFT):
                assert legal.cost(g, h, verb) == table.get(verb, 0), (name, verb)
        h.boosts, h.perks = {Perk.DEAD_EYE}, frozenset({Perk.KIP_UP, Perk.BANDIT})
        assert legal.cost(g, h, Verb.AIMED) == 1 == legal.cost(g, h, "stand")
        assert legal.cost(g, h, Verb.SEARCH) == min(3, table[Verb.SEARCH], h.ap_turn)
        h.ap_turn = 2
        assert legal.cost(g, h, Verb.TASK) == min(table.get(Verb.TASK, 4), 2)
        h.perks = frozenset()
        assert legal.cost(g, h, "search") == min(table[Verb.SEARCH], 2)


def test_a_hero_s_active_cards_are_the_cards_whose_names_are_active():
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    h = new_game(loaded).heroes[0]
    h.cards.append(Card("spare", h.cards[0].eq, None))
    names = [c.name for c in h.cards]
    for active in ([], *([n] for n in names), ["no-such-card"], names[:2], names[::-1], [names[-1], "no-such-card"]):
        h.active = list(active)
        assert h.active_cards() == [c for c in h.cards if c.name in h.active], active
    h.active = [str(names[0] + " ")[:-1]]  # an equal name that is another string object
    assert h.active_cards() == [h.cards[0]]


def _fire_modes_as_written_first(g, cards):
    m = g.mission
    guns = [c for c in cards if m.gear[c.eq].kind == "ballistic" and not m.gear[c.eq].aimed_only
            and (c.ammo is None or c.ammo > 0)]
    if len(guns) == 1:
        gun = guns[0]
        modes = [("", [gun], False, "")]
        if "full-auto" in m.gear[gun.eq].fire and (gun.ammo is None or gun.ammo >= 3):
            modes.append(("auto", [gun], True, "full auto"))
        return modes
    if len(guns) == 2:
        return [(c.name, [c], False, f"with {c.name}") for c in guns] + [("both", guns, False, "with both")]
    return []


def test_the_fire_modes_read_each_card_s_gear_once_as_before():
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    g = new_game(loaded)
    h = g.heroes[0]
    cards = [Card(f"c{i}", eq, ammo) for i, (eq, ammo) in enumerate(itertools.product(
        sorted(g.mission.equipment), (None, 0, 2, 3)))]
    checked = 0
    for one, other in itertools.product(cards, cards[::5]):
        for hand in ([one], [one, other], [other, one], [one, other, one]):
            assert weapons.fire_modes(g, h, hand) == _fire_modes_as_written_first(g, hand)
            checked += 1
    assert checked > 1000 and any(len(weapons.fire_modes(g, h, [c])) == 2 for c in cards)
