"""The steps of a bot decision do what their heuristics say, on the states of seeded games
(``test_bot_threats._states``): each test states the step's rule as a property of its answer (what it picks is
legal, meets the rule's condition, and nothing it passed over meets it better), not as a second copy of its code."""

from __future__ import annotations

import random

import pytest
from conftest import CONTENT
from test_bot_threats import MISSIONS, _states

from zwar_author.engine.actions import Action
from zwar_author.engine.api import new_game
from zwar_author.engine.legal import hero_options
from zwar_author.engine.state import Game, Hero
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots, routes


def _by_verb(g: Game, h: Hero) -> bots.ByVerb:
    """``h``'s actions by verb, as ``Bot.choose`` hands them to its steps."""
    return bots._by_verb(hero_options(g, h.id, bots._unused(g, h)))


def _adjacent(g: Game, a: int, b: int) -> bool:
    """Whether a figure on ``a`` could grab one on ``b``: one step apart on the board as its doors stand."""
    return b in g.mission.reach(a, g.doors)


@pytest.mark.parametrize("name", MISSIONS)
def test_what_stands_next_to_a_hero_and_the_attack_on_it_are_what_can_grab_it(name):
    """``_standing_near``: the standing infected a step from the hero (or from a square it looks at), every one
    of them. ``_threats``: when something stands next to the hero and it has an attack on it, it attacks what
    stands there, never what lies there; with nothing next to it, nothing."""
    near = acted = 0
    for g in _states(name, 3):
        for h in bots._board(g):
            for sq in [h.sq, *g.mission.reach(h.sq, g.doors)[:2]]:
                found = bots._standing_near(g, h, -1 if sq == h.sq else sq)
                assert found == {z.id for z in g.board_infected() if not z.prone and _adjacent(g, sq, z.sq)}
            standing = bots._standing_near(g, h)
            near += bool(standing)
            by_verb = _by_verb(g, h)
            action = bots._threats(bots.Bot(bots.STYLES["cautious"]), g, h, by_verb)
            lying = {z.id for z in g.board_infected() if z.prone and _adjacent(g, h.sq, z.sq)}
            if h.grapplers or not (standing or lying):
                assert action is None
            elif action is not None:
                assert action in by_verb.get(action.verb, [])
                assert action.target in (standing or lying)
                attacks_on_standing = [a for v in (bots.QUICK, bots.MELEE, bots.AIMED, bots.HITMAN)
                                       for a in by_verb.get(v, []) if a.target in standing]
                if attacks_on_standing:
                    assert action.target in standing
            acted += action is not None
    assert near > 20 and acted > 20


@pytest.mark.parametrize("name", MISSIONS)
def test_the_items_wanted_lie_on_their_squares_and_are_of_a_kind_wanted(name):
    """``_items_wanted``: squares holding an item, in order, each with a med pack, a weapon, or a gun (a spare
    is wanted only when there are goals); with nobody unarmed, nobody infected and no goals, only med packs."""
    wanted = 0
    kind = None
    for g in _states(name, 3):
        kind = bots.facts(g.mission).kind
        goals = [squares for _, squares in bots._jobs_left(g, detours=False)] or [bots._exit_squares(g)]
        for on_the_way in (True, False):
            for lanes in (goals, ()):
                found = bots._items_wanted(g, on_the_way, lanes)
                assert found == sorted(set(found)) and all(sq in g.items for sq in found)
                for sq in found:
                    kinds = {kind[card] for _, card in g.items[sq]}
                    assert kinds & {"medical", "ballistic", "melee"}
                    if not lanes and "medical" not in kinds:
                        assert any(not any(kind[c.eq] in ("ballistic", "melee") for c in h.cards)
                                   for h in bots._board(g))  # a weapon for a hero without one
                wanted += len(found)
    assert wanted > 100


@pytest.mark.parametrize("name", MISSIONS)
def test_a_distance_field_found_by_its_goals_identity_is_the_fields_search(name):
    """``distance_field`` finds the last few fields by their goal tuple's identity (``Memo.recent``), on the board
    they were searched for: whichever way it finds a field, it is the search's for that goal, doors and keys, and a
    copy of the goal tuple (not the same object) gets the same distances."""
    recent = 0
    for g in _states(name, 3)[::3]:
        m = g.mission
        keys = frozenset(k for o in g.heroes for k in o.keycards)
        assert bots._keys_held(g) == keys
        goals = [squares for _, squares in bots._jobs_left(g)] + [bots._exit_squares(g) or (0,)]
        for goal in goals + goals[::-1]:
            kept = routes.memo(m).recent(goal, g.doors, keys)
            field = bots.distance_field(g, goal)
            copy = tuple(list(goal))  # noqa: C414 (a new tuple: ``tuple(goal)`` is ``goal`` itself)
            assert copy is not goal
            assert field == bots._search(m, goal, g.doors, keys) == bots.distance_field(g, copy)
            if kept is not None:
                assert kept is field
                recent += 1
    assert recent > 100


@pytest.mark.slow
def test_the_exits_and_single_squares_kept_in_the_facts_are_the_mission_s():
    """``_exit_squares``: every exit once they are open, else the ones not shut, sorted; a job on one square is the
    facts' ``(sq,)``."""
    for path in sorted((CONTENT / "core" / "missions").glob("*.toml")):
        m, _ = load_mission(path)
        assert m is not None
        g = new_game(m)
        for g.exits_open in (True, False):
            assert bots._exit_squares(g) == tuple(sorted(sq for sq, closed in m.exits.items()
                                                         if g.exits_open or not closed))
        assert routes.facts(m).single == [(sq,) for sq in range(m.size)]


def _score(g: Game, dist: dict[int, int], weight: int, a: Action) -> tuple[int, int]:
    """A step's score as ``_best_step`` weighs it, and its distance."""
    d = dist[a.to]
    return d + weight * (bots._threat(g, a.to) if weight else 0), d


@pytest.mark.parametrize("name", MISSIONS)
def test_the_best_step_gains_ground_and_weighs_the_infected_that_could_grab_the_hero_there(name):
    """``_best_step``: one of the steps offered, nearer the goal than the hero stands; no other such step has a
    lower score (its distance, plus the style's weight times the infected that could reach the hero there:
    ``_threat``, the rules model's, which ``test_bot_threats`` checks), nor an equal score and a lower distance."""
    styles = [bots.Bot(bots.STYLES[s]) for s in ("cautious", "aggressive")]
    weighed = 0
    for g in _states(name, 3)[::2]:
        for h in bots._board(g):
            by_verb = _by_verb(g, h)
            steps = by_verb.get(bots.STEP, []) or by_verb.get(bots.MOVE, [])
            goal = styles[0].goal(g, h)
            if not steps or not goal:
                continue
            dist = styles[0].field(g, goal)
            here = dist.get(h.sq, bots.INF)
            gaining = [a for a in steps if dist.get(a.to, bots.INF) < here]
            for bot in styles:
                best = bot._best_step(g, h, steps, dist, here)
                if not gaining:
                    assert best is None
                    continue
                assert best in gaining
                last = h.ap <= 1 if not h.stride else (h.stride == 1 and h.ap == 0)
                weight = (6 if last else 2) if bot.style.avoid_zones else (2 if last else 0)

                assert all(_score(g, dist, weight, best) <= _score(g, dist, weight, a) for a in gaining)
            weighed += bool(bots._standing(g))
    assert weighed > 50


@pytest.mark.parametrize("name", [*MISSIONS, "the-crossing"])
def test_the_job_list_holds_the_jobs_left_and_the_teams_total_counts_each_hero(name):
    """``_jobs_left``: an objective job only for an objective not done, no two jobs on the same squares, the
    detours (items, numbered 200 on) only when asked for; ``_total``: each hero's AP to the goal, capped at
    ``far``, summed."""
    jobs = 0
    for g in _states(name, 3):
        known = bots.facts(g.mission)
        for detours in (True, False):
            found = bots._jobs_left(g, detours)
            numbers = {job[0] for job in known.objective_jobs}
            assert all(number not in g.objectives for number, _ in found if number in numbers)
            assert len({squares for _, squares in found}) == len(found)
            if not detours:
                assert not any(200 <= number < 300 for number, _ in found)
            jobs += len(found)
        team = [h.sq for h in bots._board(g)]
        for _, squares in found:
            dist = bots.distance_field(g, squares)
            assert bots._total(dist, team, 3) <= 3 * len(team)
            assert bots._total(dist, team, 10_000) >= bots._total(dist, team, 3)
            if all(dist.get(sq, bots.INF) <= 3 for sq in team):
                assert bots._total(dist, team, 3) == bots._total(dist, team, 10_000)
    assert jobs > 300


@pytest.mark.parametrize("name", MISSIONS)
def test_a_hero_waits_for_the_nearest_other_and_goes_on_alert_facing_the_nearest_infected(name):
    """``_nearest_other``: -1 alone, else a distance some other hero on the board is at and none is nearer.
    ``Bot._alert``: with infected on the hero's floor, the alert faces the one of them nearest by route (along
    the longer axis), when that facing is offered."""
    bot = bots.Bot(bots.STYLES["cautious"])
    alerts = 0
    for g in _states(name, 3):
        for h in bots._board(g):
            goal = bot.goal(g, h)
            if goal:
                dist = bot.field(g, goal)
                behind = [dist.get(o.sq, bots.INF) for o in bots._board(g) if o is not h]
                other = bots._nearest_other(g, h, dist)
                assert (other == -1) if not behind else (other in behind and all(other <= d for d in behind))
            by_verb = _by_verb(g, h)
            action = bot._alert(g, h, by_verb)
            foes = [z for z in g.board_infected() if g.mission.floor_of[z.sq] == g.mission.floor_of[h.sq]]
            if not by_verb.get(bots.ALERT) or not foes:
                assert action is None
                continue
            assert action in by_verb[bots.ALERT]
            least = min(bots._route(g, h.sq, z.sq) for z in foes)
            (hx, hy) = g.mission.xy[h.sq]
            facings = set()
            for z in foes:
                if bots._route(g, h.sq, z.sq) == least:
                    zx, zy = g.mission.xy[z.sq]
                    dx, dy = zx - hx, zy - hy
                    facings.add(("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N"))
            offered = {a.mode for a in by_verb[bots.ALERT]}
            assert action.mode in facings or not facings & offered
            alerts += 1
        if goal:  # one hero left on a copy (the states are shared between tests)
            single = g.copy()
            single.heroes = bots._board(single)[:1]
            assert bots._nearest_other(single, single.heroes[0], dist) == -1
    assert alerts > 20


@pytest.mark.parametrize("name", MISSIONS)
def test_a_power_perk_is_spent_only_on_a_hard_turn(name):
    """``_powers``: a perk only when it is offered; Dead Eye only with 2 AP and two or more standing infected in
    the hero's aimed sights within ``shoot_within``; Berserker only with 2 AP and a melee blow the best attack on
    what holds or can grab the hero. (The heroes of these missions lack Dead Eye, so it is offered here too, as
    the engine would.)"""
    taken = 0
    for bot in (bots.Bot(bots.STYLES["cautious"]), bots.Bot(bots.STYLES["aggressive"])):
        for g in _states(name, 3):
            for h in bots._board(g):
                by_verb = _by_verb(g, h)
                for offer in (False, True):
                    if offer:
                        by_verb[bots.DEAD_EYE] = [Action(h.id, bots.DEAD_EYE)]
                    power = bots._powers(bot, g, h, by_verb)
                    if power is None:
                        continue
                    assert power in by_verb.get(power.verb, [])
                    if power.verb == bots.DEAD_EYE:
                        aimed = {a.target for a in by_verb.get(bots.AIMED, [])}
                        assert h.ap >= 2 and len(aimed & bots._standing_within(g, h, bot.style.shoot_within)) >= 2
                        taken += 1
                    elif power.verb == bots.BERSERKER:
                        assert h.ap >= 2
    assert taken > 5


@pytest.mark.parametrize("name", MISSIONS)
def test_the_actions_by_verb_hold_each_verb_s_actions_in_order(name):
    """``_by_verb``: every action under its own verb, each verb's in the list's order, the verbs in the order first
    met, whether the engine's list comes in runs of a verb or shuffled."""
    rng = random.Random(1)
    shared = 0
    for g in _states(name, 3)[::2]:
        for h in bots._board(g):
            acts = hero_options(g, h.id, bots._unused(g, h))
            for order in (acts, rng.sample(acts, len(acts)), acts[::-1]):
                found = bots._by_verb(order)
                assert list(found) == list(dict.fromkeys(a.verb for a in order))
                assert all(found[verb] == [a for a in order if a.verb == verb] for verb in found)
                shared += len(order) - len(found)
    assert shared > 1000  # actions that share their verb with another


@pytest.mark.parametrize("name", MISSIONS)
def test_the_attacks_left_out_of_a_list_are_never_ones_a_step_would_pick(name):
    """``_unasked``: a hero's options asked without the attacks no step can pick while nothing is next to it give
    each style the same action as the list with them, at every decision of seeded games; and they are left out
    often (their searches skipped: with nothing next to the hero, the list holds none of them either way)."""
    left_out = 0
    for g in _states(name, 3):
        for style in ("cautious", "aggressive"):
            bot = bots.Bot(bots.STYLES[style])
            for h in bots._board(g):
                if h.done:
                    continue
                asked = bot.unasked(g, h)
                assert bots._unused(g, h) <= asked
                whole = hero_options(g, h.id, bots._unused(g, h))
                fewer = hero_options(g, h.id, asked)
                assert fewer == [a for a in whole if a.verb not in asked]
                assert bot.choose(g, h, fewer) == bot.choose(g, h, whole)
                left_out += asked != bots._unused(g, h)
    assert left_out > 20
