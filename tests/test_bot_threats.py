"""The bots' shortcuts answer what they replace, on the states of seeded games: the threat on a square
(``bots._charging``, and the count ``_best_step`` makes with the infected read once for all its steps) is what
the infected class's rules model says (an infected reaches a hero on a square by its next move when its route
there is at most its move + 1, or its charge + 1 with the square in its sight or its smell); the goal and a
sprint's landing are the ``min`` over the jobs and the squares ahead they were written as."""

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


def _goal(bot: bots.Bot, g: Game, h) -> tuple[int, ...]:
    """``Bot.goal`` as it was written: the rescue first, then ``min`` over the jobs with a key."""
    for other in bots._board(g):
        if other is not h and other.grapplers and bots._route(g, h.sq, other.sq) <= bots.RESCUE_RANGE:
            near = tuple(sorted(n for n in g.mission.reach(other.sq, g.doors) if g.mission.standable[n]))
            if near and h.sq not in near:
                return near
    jobs = bots._jobs_left(g)
    if not jobs:
        return bots._exit_squares(g) if bots._wants_escape(g) else ()
    team = [o.sq for o in bots._board(g) if not o.npc]
    return min(jobs, key=lambda job: (bots._total(bot.field(g, job[1]), team, 10_000), job[0]))[1]


def _landing(g: Game, dist: dict[int, int], sq: int) -> int:
    m = g.mission
    for _ in range(3):
        ahead = [n for n in m.steps(sq, g.doors) if m.standable[n] and dist.get(n, routes.INF) < dist.get(sq, routes.INF)]
        if not ahead:
            break
        sq = min(ahead, key=lambda n: (dist[n], n))
    return sq


@pytest.mark.parametrize("name", MISSIONS)
def test_the_goal_and_a_sprints_landing_are_the_mins_they_were_written_as(name):
    bot = bots.Bot(bots.STYLES["cautious"])
    checked = 0
    for g in _states(name, 3):
        for h in bots._board(g):
            goal = bot.goal(g, h)
            assert goal == _goal(bot, g, h)
            if goal:
                dist = bot.field(g, goal)
                assert bots._landing(g, dist, h.sq) == _landing(g, dist, h.sq)
                checked += 1
    assert checked > 300


@pytest.mark.parametrize("name", MISSIONS)
def test_danger_and_urgency_are_what_they_were_written_as(name):
    """``_danger`` and ``_threatened``: any standing infected's ``_near`` route within 5 and 2 squares; the heroes
    in order of ``_urgency`` as ``sorted`` with it as the key."""
    dangers = 0
    for g in _states(name, 3):
        heroes = bots._board(g)
        for h in heroes:
            standing = [z for z in g.board_infected() if not z.prone]
            danger = any(bots._near(g, z.sq, h.sq) <= bots.NEAR for z in standing)
            assert bots._danger(g, h) == danger
            assert bots._threatened(g, h) == any(bots._near(g, z.sq, h.sq) <= 2 for z in standing)
            dangers += danger
        assert bots._by_urgency(g, heroes) == sorted(heroes, key=lambda h: bots._urgency(g, h))
    assert dangers > 50


@pytest.mark.parametrize("name", MISSIONS)
def test_the_infected_within_a_few_squares_and_the_rounds_in_hand_are_what_they_were_written_as(name):
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
