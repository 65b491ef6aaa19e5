"""The steps of a bot decision, rewritten for speed, answer what they were written as, on the states of seeded
games (``test_bot_threats._states``): each reference below is the step's code before the rewrite."""

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
    found: bots.ByVerb = {}
    for a in hero_options(g, h.id, bots._unused(g, h)):
        found.setdefault(a.verb, []).append(a)
    return found


def _standing_near(g: Game, h: Hero, sq: int = -1) -> set[int]:
    reach = g.mission.reach(h.sq if sq < 0 else sq, g.doors)
    return {z.id for z in g.board_infected() if not z.prone and z.sq in reach}


def _threats(g: Game, h: Hero, by_verb: bots.ByVerb):
    if h.grapplers:
        return None
    reach = g.mission.reach(h.sq, g.doors)
    near = [z for z in g.board_infected() if z.sq in reach]
    if not near:
        return None
    standing = {z.id for z in near if not z.prone}
    attacks = [a for v in (bots.QUICK, bots.MELEE, bots.AIMED, bots.HITMAN) for a in by_verb.get(v, [])
               if a.target in standing]
    best = bots._best_attack(g, h, attacks)
    if best is not None:
        return best
    lying = {z.id for z in near if z.prone}
    executions = [a for a in by_verb.get(bots.EXECUTE, []) if a.target in lying]
    if executions:
        return executions[0]
    blows = [a for a in by_verb.get(bots.MELEE, []) if a.target in lying]
    return bots._best_attack(g, h, blows, min_chance=0.3) if h.ap == 1 else None


@pytest.mark.parametrize("name", MISSIONS)
def test_what_stands_next_to_a_hero_and_the_attack_on_it_are_what_they_were_written_as(name):
    """``_standing_near`` and ``_threats`` test a square against the reach's squares as machine integers
    (``_among``) and read the infected without ``board_infected``'s list: the same ids and the same action."""
    near = acted = 0
    for g in _states(name, 3):
        for h in bots._board(g):
            found = bots._standing_near(g, h)
            assert found == _standing_near(g, h)
            near += bool(found)
            for sq in g.mission.reach(h.sq, g.doors)[:2]:
                assert bots._standing_near(g, h, sq) == _standing_near(g, h, sq)
            by_verb = _by_verb(g, h)
            action = bots._threats(bots.Bot(bots.STYLES["cautious"]), g, h, by_verb)
            assert action == _threats(g, h, by_verb)
            acted += action is not None
    assert near > 20 and acted > 20


def _items_wanted(g: Game, on_the_way: bool, goals=()) -> list[int]:
    if not g.items:
        return []
    kind = bots.facts(g.mission).kind
    heroes = bots._board(g)
    carried = any(kind[c.eq] == "medical" for h in heroes for c in h.cards)
    infected = any(h.stage for h in heroes)
    medpack = (not carried and on_the_way) or (infected and not any(
        kind[c.eq] == "medical" for h in heroes if h.stage for c in h.cards))
    unarmed = any(not any(kind[c.eq] in ("ballistic", "melee") for c in h.cards) for h in heroes)
    team = [h for h in heroes if not h.npc]
    spare = bool(goals) and not any(h.stage for h in team)
    lanes = tuple(goals)
    wanted = []
    for sq, items in sorted(g.items.items()):
        kinds = {kind[card] for _, card in items}
        if (medpack and "medical" in kinds) or (unarmed and ("ballistic" in kinds or "melee" in kinds)) \
                or (spare and "ballistic" in kinds and bots._weapon_worth_a_detour(g, sq, team, lanes)):
            wanted.append(sq)
    return wanted


@pytest.mark.parametrize("name", MISSIONS)
def test_the_items_wanted_are_what_they_were_written_as(name):
    """``_items_wanted`` reads each hero's cards once for the med pack, the infection and the weapons, each
    square's items without a set of their kinds, and sorts only the squares it wants: the same squares."""
    wanted = 0
    for g in _states(name, 3):
        goals = [squares for _, squares in bots._jobs_left(g, detours=False)] or [bots._exit_squares(g)]
        for on_the_way in (True, False):
            for lanes in (goals, ()):
                found = bots._items_wanted(g, on_the_way, lanes)
                assert found == _items_wanted(g, on_the_way, lanes)
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
        keys = frozenset(k for o in g.heroes for k in o.keycards) if any(o.keycards for o in g.heroes) else frozenset()
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


def test_the_exits_and_single_squares_kept_in_the_facts_are_what_they_were_made_as():
    """``_exit_squares`` reads the facts' sorted tuples (every exit once they are open, else the ones not shut); a
    job on one square is the facts' ``(sq,)``."""
    for path in sorted((CONTENT / "core" / "missions").glob("*.toml")):
        m, _ = load_mission(path)
        assert m is not None
        g = new_game(m)
        for g.exits_open in (True, False):
            assert bots._exit_squares(g) == tuple(sorted(sq for sq, closed in m.exits.items()
                                                         if g.exits_open or not closed))
        assert routes.facts(m).single == [(sq,) for sq in range(m.size)]


def _best_step(bot: bots.Bot, g: Game, h: Hero, steps, dist, here):
    last = h.ap <= 1 if not h.stride else (h.stride == 1 and h.ap == 0)
    weight = (6 if last else 2) if bot.style.avoid_zones else (2 if last else 0)
    scored = []
    kept = routes.memo(g.mission)
    foes = bots._standing(g) if weight else []
    for a in steps:
        d = dist.get(a.to, bots.INF)
        if d >= here:
            continue
        risk = sum(bots._charges(g, kept, cls, at, a.to) for at, cls in foes)
        scored.append((d + weight * risk, d, a.to, a))
    return min(scored)[-1] if scored else None


@pytest.mark.parametrize("name", MISSIONS)
def test_the_best_step_is_what_it_was_written_as(name):
    """``_best_step`` finds the least (score, distance, square, action) in a loop of machine integers (``_before``),
    not ``min`` over a list of tuples: the same step, for both styles and every hero."""
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
            for bot in styles:
                assert bot._best_step(g, h, steps, dist, here) == _best_step(bot, g, h, steps, dist, here)
            weighed += bool(bots._standing(g))
    assert weighed > 50


def _jobs_left(g: Game, detours: bool = True):
    known = bots.facts(g.mission)
    left = known.wanted - g.objectives
    jobs = [job for job in known.objective_jobs if job[0] in left]
    if g.objects:
        for sq, letter in sorted(g.objects.items()):
            if letter in known.carrying:
                jobs.append((100 + ord(letter), (sq,)))
    keys = bots._keys_wanted(g, [squares for _, squares in jobs])
    jobs += [(300 + sq, (sq,)) for sq in keys]
    if detours and (jobs or bots._wants_escape(g)):
        goals = [squares for _, squares in jobs] or [bots._exit_squares(g)]
        jobs += [(200 + sq, (sq,)) for sq in bots._items_wanted(g, on_the_way=bool(jobs), goals=goals)]
    taken = {squares for _, squares in jobs}
    team = [h.sq for h in bots._board(g) if not h.npc]
    return jobs + [job for job in bots.kit.jobs(g, team, detours and (bool(jobs) or bots._wants_escape(g)))
                   if job[1] not in taken]


@pytest.mark.parametrize("name", [*MISSIONS, "the-crossing"])
def test_the_job_list_and_the_teams_total_are_what_they_were_written_as(name):
    """``_jobs_left`` without the set of objectives left, ``_keys_wanted``'s list when no keycard lies about, nor
    the set of jobs taken when kit has none to add; ``_total`` in a loop: the same jobs and AP (``Bot.goal``, the
    least of them, is checked in ``test_bot_threats``)."""
    jobs = 0
    for g in _states(name, 3):
        for detours in (True, False):
            found = bots._jobs_left(g, detours)
            assert found == _jobs_left(g, detours)
            jobs += len(found)
        team = [h.sq for h in bots._board(g)]
        for _, squares in found:
            dist = bots.distance_field(g, squares)
            for far in (3, 10_000):
                assert bots._total(dist, team, far) == sum(min(dist.get(sq, bots.INF), far) for sq in team)
    assert jobs > 300


def _alert(g: Game, h: Hero, by_verb: bots.ByVerb):
    if not by_verb.get(bots.ALERT):
        return None
    foes = [z for z in g.board_infected() if g.mission.floor_of[z.sq] == g.mission.floor_of[h.sq]]
    if not foes:
        return None
    nearest = min(foes, key=lambda z: bots._route(g, h.sq, z.sq))
    (hx, hy), (zx, zy) = g.mission.xy[h.sq], g.mission.xy[nearest.sq]
    dx, dy = zx - hx, zy - hy
    facing = ("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N")
    return next((a for a in by_verb[bots.ALERT] if a.mode == facing), by_verb[bots.ALERT][0])


@pytest.mark.parametrize("name", MISSIONS)
def test_waiting_for_the_others_and_the_alerts_facing_are_what_they_were_written_as(name):
    """``_walk``'s wait for the others (``_nearest_other``: -1 alone, else the least of the others' distances, as
    ``min`` over the list it replaces was) and ``_alert``'s nearest infected, found in loops without ``min``."""
    bot = bots.Bot(bots.STYLES["cautious"])
    alerts = 0
    for g in _states(name, 3):
        for h in bots._board(g):
            goal = bot.goal(g, h)
            if goal:
                dist = bot.field(g, goal)
                behind = [dist.get(o.sq, bots.INF) for o in bots._board(g) if o is not h]
                assert bots._nearest_other(g, h, dist) == (min(behind) if behind else -1)
            by_verb = _by_verb(g, h)
            action = bot._alert(g, h, by_verb)
            assert action == _alert(g, h, by_verb)
            alerts += action is not None
        if goal:  # one hero left on a copy (the states are shared between tests)
            single = g.copy()
            single.heroes = bots._board(single)[:1]
            assert bots._nearest_other(single, single.heroes[0], dist) == -1
    assert alerts > 20


def _powers(bot: bots.Bot, g: Game, h: Hero, by_verb: bots.ByVerb):
    if by_verb.get(bots.BERSERKER) and h.ap >= 2:
        near = set(h.grapplers) or bots._standing_near(g, h)
        best = bots._best_attack(g, h, [a for v in (bots.QUICK, bots.MELEE) for a in by_verb.get(v, [])
                                        if a.target in near])
        if best is not None and best.verb == bots.MELEE:
            return by_verb[bots.BERSERKER][0]
    if by_verb.get(bots.REDLINE) and (h.grapplers or bots._finishes_only_with(bot, g, h, 2)):
        return by_verb[bots.REDLINE][0]
    aimed = {a.target for a in by_verb.get(bots.AIMED, [])}
    if by_verb.get(bots.DEAD_EYE) and h.ap >= 2 and len(aimed & bots._standing_within(g, h, bot.style.shoot_within)) >= 2:
        return by_verb[bots.DEAD_EYE][0]
    return None


@pytest.mark.parametrize("name", MISSIONS)
def test_the_power_perks_are_what_they_were_written_as(name):
    """``_powers`` reads the aimed shots' targets only when Dead Eye is offered: the same perk, or none (the
    heroes of these missions lack the perk, so it is offered here as well, as the engine would)."""
    taken = 0
    for bot in (bots.Bot(bots.STYLES["cautious"]), bots.Bot(bots.STYLES["aggressive"])):
        for g in _states(name, 3):
            for h in bots._board(g):
                by_verb = _by_verb(g, h)
                assert bots._powers(bot, g, h, by_verb) == _powers(bot, g, h, by_verb)
                by_verb[bots.DEAD_EYE] = [Action(h.id, bots.DEAD_EYE)]
                power = bots._powers(bot, g, h, by_verb)
                assert power == _powers(bot, g, h, by_verb)
                taken += power is not None and power.verb == bots.DEAD_EYE
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
