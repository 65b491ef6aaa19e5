"""What the bots read off the board says what the rules say, on the states of seeded games: the threat on a
square (``bots._charging``, and the count ``_best_step`` makes with the infected read once for all its steps) is
what the infected class's rules model says (an infected reaches a hero on a square by its next move when its
route there is at most its move + 1, or its charge + 1 with the square in its sight or its smell); the goal is
the job the team reaches for the least AP, a sprint lands down the field, danger is an infected near enough."""

from __future__ import annotations

import random
from functools import cache

import pytest
from conftest import CONTENT

from zwar_author.engine.api import new_game, simulate
from zwar_author.engine.chance import Request
from zwar_author.engine.state import Game
from zwar_author.engine.vocab import Topic
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots, routes

MISSIONS = ("supply-run", "the-tower")


@cache
def _states(name: str, games: int) -> list[Game]:
    """A copy of the game at every hero decision of ``games`` seeded cautious games of the mission (made once:
    the tests only read them)."""
    m, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
    assert m is not None
    seen: list[Game] = []
    for seed in range(games):
        bot = bots.policy("cautious", seed)

        def keep(g: Game, request: Request, bot=bot):
            if request.topic == Topic.HERO:
                seen.append(g.copy())
            return bot(g, request)

        simulate(new_game(m), keep, random.Random(seed))
    return seen


def _reaches(g: Game, z, sq: int) -> bool:
    """The rule, read from the class's model and the mission's whole-board routes through the active rooms."""
    m = g.mission
    cls = m.classes[z.cls]
    away = m.route_from(z.sq, g.active).get(sq, routes.INF)
    return away <= cls.move + 1 or (away <= cls.charge + 1
                                    and (g.infected_sees(z.sq, sq) or z.sq in m.smell_from(sq, g.doors, cls.smell)))


@pytest.mark.parametrize("name", MISSIONS)
def test_the_threat_on_a_square_is_what_the_rules_models_say(name):
    states = _states(name, 3)
    assert len(states) > 100
    checked = 0
    for i, g in enumerate(states[::4]):
        m = g.mission
        kept = routes.memo(m)
        foes = bots._standing(g)
        squares = [sq for sq in range(i % 3, m.size, 3) if m.standable[sq]]
        for sq in squares:
            truth = {z.id for z in g.board_infected() if not z.prone and _reaches(g, z, sq)}
            assert bots._charging(g, sq) == truth
            assert bots._threat(g, sq) == len(truth)
            assert sum(bots._charges(g, kept, cls, at, sq) for at, cls in foes) == len(truth)  # ``_best_step``'s
            among = {z.id for z in g.board_infected()[::2]}
            assert bots._charging(g, sq, among) == truth & among
            checked += len(truth)
    assert checked > 50  # the states hold infected close enough to matter


@pytest.mark.parametrize("name", MISSIONS)
def test_the_goal_is_the_job_the_team_reaches_soonest_and_a_sprint_lands_down_its_field(name):
    """``Bot.goal``: a friend in a grapple nearby first, else the job whose squares the team (NPCs aside) reaches
    for the fewest AP (the lowest number on a tie), else the exit when the mission wants the heroes out.
    ``_landing``: no farther from the goal than the start, and it stops short of three steps only where no
    standable step is nearer the goal."""
    bot = bots.Bot(bots.STYLES["cautious"])
    checked = 0
    for g in _states(name, 3):
        m = g.mission
        for h in bots._board(g):
            goal = bot.goal(g, h)
            jobs = bots._jobs_left(g)
            team = [o.sq for o in bots._board(g) if not o.npc]
            rescue = any(o is not h and o.grapplers and bots._route(g, h.sq, o.sq) <= bots.RESCUE_RANGE
                         for o in bots._board(g))
            if not rescue and jobs:
                cost = {squares: bots._total(bot.field(g, squares), team, 10_000) for _, squares in jobs}
                assert goal in cost and all(cost[goal] <= c for c in cost.values())
                assert min(n for n, squares in jobs if squares == goal) == min(
                    n for n, squares in jobs if cost[squares] == cost[goal])
            elif not rescue:
                assert goal == (bots._exit_squares(g) if bots._wants_escape(g) else ())
            if goal:
                dist = bot.field(g, goal)
                landing = bots._landing(g, dist, h.sq)
                assert dist.get(landing, routes.INF) <= dist.get(h.sq, routes.INF)
                ahead = [n for n in m.steps(landing, g.doors) if m.standable[n]
                         and dist.get(n, routes.INF) < dist.get(landing, routes.INF)]
                assert not ahead or dist.get(h.sq, routes.INF) - dist[landing] >= 3
                checked += 1
    assert checked > 300


@pytest.mark.parametrize("name", MISSIONS)
def test_danger_is_a_standing_infected_within_reach_and_heroes_in_trouble_act_first(name):
    """``_danger`` and ``_threatened``: a standing infected whose route to the hero (the whole board's, through
    every room) is within ``NEAR`` and 2 squares; ``_by_urgency``: every hero once, those in a grapple first,
    then the threatened."""
    dangers = 0
    for g in _states(name, 3):
        heroes = bots._board(g)
        for h in heroes:
            away = [bots._route(g, z.sq, h.sq) for z in g.board_infected() if not z.prone]
            assert bots._danger(g, h) == any(d <= bots.NEAR for d in away)
            assert bots._threatened(g, h) == any(d <= 2 for d in away)
            dangers += bots._danger(g, h)
        ranked = bots._by_urgency(g, heroes)
        assert sorted(ranked, key=lambda h: h.id) == sorted(heroes, key=lambda h: h.id)
        trouble = [(not h.grapplers, not bots._threatened(g, h)) for h in ranked]
        assert trouble == sorted(trouble)
    assert dangers > 50


@pytest.mark.parametrize("name", MISSIONS)
def test_the_infected_within_a_few_squares_and_the_rounds_in_hand_are_the_route_s_and_the_cards(name):
    """``_standing_within`` reads the hero's route row once: the ids whose ``_route`` is within the squares; the
    rounds in hand and whether a gun is loaded read each card's kind from the facts: the rules model's kind."""
    found = 0
    for g in _states(name, 3):
        m = g.mission
        for h in bots._board(g):
            for squares in (2, 4):
                within = {z.id for z in g.board_infected() if not z.prone and bots._route(g, h.sq, z.sq) <= squares}
                assert bots._standing_within(g, h, squares) == within
                found += len(within)
            guns = [c for c in h.active_cards() if m.equipment[c.eq].kind == "ballistic"]
            assert bots._rounds(g, h) == sum(bots.INF if c.ammo is None else c.ammo for c in guns)
    assert found > 20
