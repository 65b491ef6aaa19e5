"""What the hero's action list keeps per mission and what it reads from the mission's tables gives the answers
the rules give: a hero's weapon changes follow their cards however they change, an action costs what the action
table and the perks say, a hero's active cards are the ones named active, a hand's fire modes follow its loaded
guns. (That a list asked without some verbs is the whole list less them, option for option, is
``test_legal_lazy``'s; that no move strands a hero on a spawn point, ``tests/rules/movement/spawn``'s.)"""

from __future__ import annotations

from conftest import CONTENT

from zwar_author.engine import legal, weapons
from zwar_author.engine.actions import Action
from zwar_author.engine.api import new_game
from zwar_author.engine.state import Card
from zwar_author.engine.vocab import Perk, Verb
from zwar_author.play.load import load_mission


def test_the_weapon_changes_kept_for_a_hero_follow_their_cards():
    """Kept per mission by the hero's cards and active names (``Mission.weapon_changes``), the changes offered are
    the ones worked out anew after every change of hand: a card given is offered, a card that is no weapon is not."""
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    g = new_game(loaded)
    h = g.heroes[0]
    h.switches = 1

    def same() -> None:
        assert legal._weapons(g, h) == legal._weapon_changes(g, h)

    same()
    assert len(h.cards) >= 1
    first = h.cards[0]
    h.active = [] if h.active else [first.name]  # the active weapon changed
    same()
    h.active = [first.name]
    same()
    other = g.heroes[1]
    h.cards.append(Card("given", other.cards[0].eq, other.cards[0].ammo))  # a card given
    same()
    assert Action(h.id, Verb.WEAPON, card="given") in legal._weapons(g, h)
    h.active = [h.cards[-1].name]
    same()
    h.cards.pop()  # and taken back: the active name now names no card
    same()
    kit = next(eq for eq, card in g.mission.equipment.items() if not legal.wieldable(g, h, Card("x", eq, None)))
    h.cards[0] = Card(first.name, kit, None)  # the same name on a card that is no weapon
    same()
    assert all(first.name not in a.card.split("+") for a in legal._weapons(g, h))
    h.cards[0] = first
    h.active = [first.name]
    same()
    copied = g.copy()  # another game's copy of the hero, and another game of the mission
    assert legal._weapons(copied, copied.heroes[0]) == legal._weapon_changes(copied, copied.heroes[0])
    fresh = new_game(loaded)
    assert legal._weapons(fresh, fresh.heroes[0]) == legal._weapon_changes(fresh, fresh.heroes[0])


def test_a_square_outside_a_square_s_sight_row_is_never_seen_from_it():
    """``Mission.sight_row`` (every door open) holds every square ``Mission.sees`` could see, doors as they may be."""
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
    """In the hand's order, each card once, whatever order the names are in; a name of no card in hand adds none."""
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    h = new_game(loaded).heroes[0]
    first = h.cards[0]
    spare = Card("spare", first.eq, None)
    h.cards = [first, spare]
    for active, cards in (([], []), ([first.name], [first]), (["spare"], [spare]), (["no-such-card"], []),
                          (["spare", first.name], [first, spare]), (["spare", "no-such-card"], [spare])):
        h.active = active
        assert h.active_cards() == cards, active
    h.active = [str(first.name + " ")[:-1]]  # an equal name that is another string object
    assert h.active_cards() == [first]


def test_the_fire_modes_of_a_hand_follow_its_loaded_guns():
    """One loaded gun fires as it is, or full auto with 3 rounds or more where its card says so (Supply Run's
    assault rifle); two guns fire one at a time or both; no loaded gun, or three, give no quick fire."""
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    g = new_game(loaded)
    h = g.heroes[0]
    rifle, pistol, shotgun, blade = "core/assault-rifle", "core/pistol", "core/shotgun", "core/katana"

    def keys(*hand: tuple[str, int | None]) -> list[str]:
        cards = [Card(f"c{i}", eq, ammo) for i, (eq, ammo) in enumerate(hand)]
        return [key for key, *_ in weapons.fire_modes(g, h, cards)]

    assert keys((rifle, 3)) == ["", "auto"] == keys((rifle, None))
    assert keys((rifle, 2)) == [""] == keys((pistol, 9)) == keys((pistol, 5), (shotgun, 0))
    assert keys((rifle, 0)) == [] == keys((blade, None)) == keys((pistol, 1), (pistol, 1), (shotgun, 1))
    assert keys((pistol, 5), (shotgun, 2)) == ["c0", "c1", "both"]
    assert keys((pistol, 5), (blade, None), (rifle, 3)) == ["c0", "c2", "both"]
    gun = Card("r", rifle, 3)
    assert weapons.fire_modes(g, h, [gun]) == [("", [gun], False, ""), ("auto", [gun], True, "full auto")]


def test_a_kept_action_is_the_action_the_rules_offer_and_stays_the_same():
    """The moves, ``end``, ``sprint`` and alerts a list offers are kept per mission (``Memo.plain``, ``Memo.alerts``):
    each equals the action made anew, the same object at every list of that mission, another mission's its own."""
    g = new_game(load_mission(CONTENT / "core" / "missions" / "supply-run.toml")[0])
    lists = g.mission.own(legal.LISTS)
    for hero, verb, to in (("sam", Verb.MOVE, 7), ("sam", Verb.END, -1), ("kat", Verb.STEP, 7), ("sam", Verb.STEP, 7)):
        kept = legal._plain(lists, hero, verb, to)
        assert kept == Action(hero, verb, to=to) and type(kept) is Action
        assert legal._plain(lists, hero, verb, to) is kept
    other = new_game(load_mission(CONTENT / "core" / "missions" / "the-tower.toml")[0])
    assert legal._plain(other.mission.own(legal.LISTS), "sam", Verb.MOVE, 7) is not legal._plain(lists, "sam", Verb.MOVE, 7)
    h = g.heroes[0]
    h.ap = 4
    alerts = legal._alert(g, lists, h)
    assert alerts == [Action(h.id, Verb.ALERT, mode=d) for d in "NESW"] and legal._alert(g, lists, h) is not alerts
