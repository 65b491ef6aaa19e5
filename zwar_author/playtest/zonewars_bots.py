"""Bots for Zone Wars: each answers a request by picking one of its options, never anything else.

A bot reads the game only to rank the options it is offered (distances,
damage, tokens left); it never builds an action of its own. ``cautious``
goes for the artifact tokens, watches from overwatch when none is in reach,
carries its finds off the table and pushes only a roll that missed;
``aggressive`` charges and shoots whatever it can, closes on the nearest
enemy and pushes every roll that could do better. Both search a container
and use a Medkit on a hurt friend whenever they are offered one (after
picking up, taking and assisting).

Both walk to their goal (the tokens, or the enemies) round Blocking terrain,
as if every closed door were open: a shut door on the shortest walk is one
they can open. A door offered is opened when it is on their way, that is,
when opening it shortens the walk from where the model stands to its goal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import shapely

from ..skirmish.core import Choice, Request
from ..skirmish.zonewars import ZoneWarsGame
from ..skirmish.zonewars.actions import Action, Verb
from ..skirmish.zonewars.state import Kind, Model

Bot = Callable[[ZoneWarsGame, Request], Any]
POLICIES = ("cautious", "aggressive", "random")


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _nearest(points: list[tuple[float, float]], at: tuple[float, float]) -> float:
    return min((_dist(p, at) for p in points), default=0.0)


def _enemies(g: ZoneWarsGame, m: Model) -> list[tuple[float, float]]:
    return [e.at for e in g.enemies_of(m)]


def _tokens(g: ZoneWarsGame) -> list[tuple[float, float]]:
    return [(float(p.x), float(p.y)) for p, _c in g.tokens.values()]


def _last_hits(g: ZoneWarsGame) -> int:
    for event in reversed(g.log):
        if event.kind == Kind.ROLL and event.dice:
            return list(event.dice).count("success")
    return 0


def bot(name: str, rng: random.Random) -> Bot:
    """The policy ``name`` (one of POLICIES), with its own seeded generator for ties."""
    if name not in POLICIES:
        raise ValueError(f"unknown Zone Wars bot `{name}` (bots: {', '.join(POLICIES)})")
    aggressive = name == "aggressive"

    def choose(g: ZoneWarsGame, request: Request) -> Any:
        options = list(request.options)
        if name == "random":
            return options[rng.randrange(len(options))]
        topic = request.topic
        if topic == "action":
            return _action(g, options, aggressive)
        if topic == "activate":
            return _activate(g, options, aggressive)
        if topic == "push":
            push = _last_hits(g) == 0 or aggressive
            return next(o for o in options if o.key == ("push" if push else "keep"))
        if topic == "m-points":
            return options[-1] if aggressive else options[min(1, len(options) - 1)]
        if topic in ("attack", "target"):
            return _attack(g, request, options)
        if topic in ("facing",):
            return _face(g, request, options)
        if topic == "keep":
            return next(o for o in options if o.key is (not aggressive))
        if topic in ("counterattack", "overwatch", "disengage", "steal"):
            return options[0]
        return options[0]

    return choose


def _goal(g: ZoneWarsGame, m: Model, aggressive: bool) -> list[tuple[float, float]]:
    """Where the model heads: the artifact tokens, or (aggressive, or none left) the enemies."""
    tokens, enemies = _tokens(g), _enemies(g, m)
    return tokens if tokens and not (aggressive and enemies) else enemies or tokens


def _walks(g: ZoneWarsGame, m: Model, points: list[tuple[float, float]], goal: list[tuple[float, float]],
           opened: frozenset[int] | None = None) -> list[float]:
    """The walk from each point to the nearest goal round Blocking terrain (inf: none), on the table with the
    doors ``opened`` open (None: every door, so a shut one on the way draws the model to it)."""
    board = g.scenario.board if opened is None else g.scenario.board_for(opened)
    return board.reach(m.base).walks(np.array(points, dtype=float), shapely.MultiPoint(goal)).tolist()


def _move_scores(g: ZoneWarsGame, m: Model, moves: list[Action], aggressive: bool) -> list[float]:
    """How far each move leaves the model from its goal (lower is better)."""
    points = [(float(a.to[0]), float(a.to[1])) if a.to is not None else m.at for a in moves]
    if any(i.found for i in m.items) and not aggressive:  # carrying finds: the nearest table edge
        table = g.board.table
        return [min(y, float(table.depth) - y, x, float(table.width) - x) for x, y in points]
    goal = _goal(g, m, aggressive)
    if not goal:
        return [0.0] * len(points)
    if m.floor:
        return [_nearest(goal, p) for p in points]
    ground = [p for p, a in zip(points, moves, strict=True) if a.floor == 0]
    walked = iter(_walks(g, m, ground, goal)) if ground else iter(())
    scores = [next(walked) if a.floor == 0 else math.inf for a in moves]
    # no walk on the ground (a goal on a floor or in a footprint, a destination on a floor): the straight distance
    return [w if math.isfinite(w) else _nearest(goal, p) for p, w in zip(points, scores, strict=True)]


def _on_the_way(g: ZoneWarsGame, m: Model, door: Action, aggressive: bool) -> bool:
    """Whether opening ``door`` shortens the model's walk to its goal (it may walk to the door first)."""
    goal = _goal(g, m, aggressive)
    if not goal or m.floor or (any(i.found for i in m.items) and not aggressive):
        return False
    now = _walks(g, m, [m.at], goal, g.opened)[0]
    after = _walks(g, m, [m.at], goal, g.opened | {int(door.target or 0)})[0]
    return after < now - 1e-6


def _action(g: ZoneWarsGame, options: list, aggressive: bool) -> Any:
    actions = [o for o in options if isinstance(o, Action)]
    m = g.model(actions[0].model)
    by = {verb: [a for a in actions if a.verb is verb] for verb in Verb}
    if by[Verb.LEAVE]:
        return by[Verb.LEAVE][0]
    if by[Verb.PICK_UP]:
        return max(by[Verb.PICK_UP], key=lambda a: (a.target or "").count("+"))
    if by[Verb.TAKE]:
        return by[Verb.TAKE][0]
    if by[Verb.ASSIST]:
        return by[Verb.ASSIST][0]
    for verb in (Verb.SEARCH, Verb.USE):  # a container's finds, a Medkit on a hurt friend
        if by[verb]:
            return by[verb][0]
    doors = [a for a in by[Verb.OPEN] if _on_the_way(g, m, a, aggressive)]
    if doors:
        return doors[0]
    if aggressive and by[Verb.CHARGE]:
        return min(by[Verb.CHARGE], key=lambda a: g.model(a.target or "").health - g.model(a.target or "").damage)
    if by[Verb.AIMED] and (aggressive or g.melee_targets(m) == []):
        return by[Verb.AIMED][0]
    if g.melee_targets(m) or g.ranged_targets(m, aimed=False):
        stay = [a for a in by[Verb.MOVE] if a.text.endswith(": stay")]
        if stay:
            return stay[0]
    moves = by[Verb.MOVE] + (by[Verb.SPRINT] if not g.enemies_of(m) or aggressive else [])
    scores = _move_scores(g, m, moves, aggressive)
    best = min(zip(scores, moves, strict=True), key=lambda pair: (pair[0], pair[1].text))[1]
    if not aggressive and not _tokens(g) and by[Verb.OVERWATCH]:
        return by[Verb.OVERWATCH][0]
    return best


def _activate(g: ZoneWarsGame, options: list, aggressive: bool) -> Any:
    def score(option: Choice) -> tuple:
        m = g.model(option.key)
        goal = _enemies(g, m) if aggressive else _tokens(g) or _enemies(g, m)
        return (not m.ready, _nearest(goal, m.at), m.id)
    return min(options, key=score)


def _attack(g: ZoneWarsGame, request: Request, options: list) -> Any:
    attacks = [o for o in options if not (isinstance(o.key, tuple) and o.key[0] == "face")]
    if attacks:
        def weakness(option: Choice) -> tuple:
            tid = option.key[1] if option.key[0] in ("melee", "ranged") else option.key[0]
            t = g.model(tid)
            return (option.key[0] != "melee", t.health - t.damage, option.text)
        return min(attacks, key=weakness)
    return _face(g, request, options)


def _face(g: ZoneWarsGame, request: Request, options: list) -> Any:
    m = g.model(request.who or "")
    enemies = _enemies(g, m)
    if not enemies:
        return options[0]
    target = min(enemies, key=lambda e: _dist(e, m.at))
    bearing = math.degrees(math.atan2(target[0] - m.at[0], -(target[1] - m.at[1]))) % 360

    def off(option: Choice) -> float:
        degrees = option.key if isinstance(option.key, int | float) else option.key[1]
        return min(abs(degrees - bearing), 360 - abs(degrees - bearing))
    return min(options, key=off)
