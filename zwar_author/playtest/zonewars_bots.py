"""Bots for Zone Wars: each answers a request by picking one of its options, never anything else.

A bot reads the game only to rank the options it is offered (distances,
damage, tokens left); it never builds an action of its own. ``cautious``
goes for the artifact tokens, watches from overwatch when none is in reach,
carries its finds off the table and pushes only a roll that missed;
``aggressive`` charges and shoots whatever it can, closes on the nearest
enemy and pushes every roll that could do better. Both search a container,
use a Medkit on a hurt friend and open a closed door whenever they are
offered one (after picking up, taking and assisting).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

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


def _score_move(g: ZoneWarsGame, m: Model, action: Action, aggressive: bool) -> float:
    to = (float(action.to[0]), float(action.to[1])) if action.to is not None else m.at
    tokens, enemies = _tokens(g), _enemies(g, m)
    carrying = any(i.found for i in m.items)
    if carrying and not aggressive:
        table = g.board.table
        return min(to[1], float(table.depth) - to[1], to[0], float(table.width) - to[0])
    goal = tokens if tokens and not (aggressive and enemies) else enemies or tokens
    return _nearest(goal, to) if goal else 0.0


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
    for verb in (Verb.SEARCH, Verb.USE, Verb.OPEN):  # a container's finds, a Medkit on a hurt friend, a door
        if by[verb]:
            return by[verb][0]
    if aggressive and by[Verb.CHARGE]:
        return min(by[Verb.CHARGE], key=lambda a: g.model(a.target or "").health - g.model(a.target or "").damage)
    if by[Verb.AIMED] and (aggressive or g.melee_targets(m) == []):
        return by[Verb.AIMED][0]
    if g.melee_targets(m) or g.ranged_targets(m, aimed=False):
        stay = [a for a in by[Verb.MOVE] if a.text.endswith(": stay")]
        if stay:
            return stay[0]
    moves = by[Verb.MOVE] + (by[Verb.SPRINT] if not g.enemies_of(m) or aggressive else [])
    best = min(moves, key=lambda a: (_score_move(g, m, a, aggressive), a.text))
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
