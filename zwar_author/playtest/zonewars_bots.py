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
from ..skirmish.zonewars.scenario import specials
from ..skirmish.zonewars.state import Item, Kind, Model
from ..tabletop import Band, Sight

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
        if topic in ("weapon", "counterattack"):
            return _strike(g, request, options)
        if topic in ("overwatch", "disengage", "steal"):
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
    """The weakest target (melee first), and on it the weapon whose card does the most (``weapon_value``)."""
    attacks = [o for o in options if not (isinstance(o.key, tuple) and o.key[0] == "face")]
    if attacks:
        m = g.model(request.who or "")

        def weakness(option: Choice) -> tuple:
            melee = option.key[0] == "melee" if request.topic == "attack" else False
            tid, index = (option.key[1], option.key[2]) if request.topic == "attack" else option.key
            t = g.model(tid)
            weapons = g.melee_weapons(m) if melee else g.ranged_weapons(m, aimed=request.topic == "target")
            return (not melee, t.health - t.damage, -weapon_value(g, m, weapons[index], melee, t), option.text)
        return min(attacks, key=weakness)
    return _face(g, request, options)


def _strike(g: ZoneWarsGame, request: Request, options: list) -> Any:
    """A melee weapon to charge or counterattack with: the one whose card does the most (never "none")."""
    m = g.model(request.who or "")
    weapons = g.melee_weapons(m)
    strikes = [o for o in options if o.key is not None]
    return max(strikes, key=lambda o: (weapon_value(g, m, weapons[o.key], True, None), o.text)) if strikes \
        else options[0]


def weapon_value(g: ZoneWarsGame, m: Model, item: Item | None, melee: bool, target: Model | None) -> float:
    """The damage a weapon's card is expected to do, read from the card: its dice (the model's attribute in
    base dice, the card's Bonus as it stands in gear dice; seed 272-276), its specials (an Igniter rolls a gear
    die more for each hit, seed 298; an Area Effect hits every model within Close of the target, friends
    counting against it, and no cover; Knockback a little more), the cover a ranged target has (seed 330),
    and a single-use card kept for later when another does as well."""
    card = g.card(item.card) if item is not None else None
    special = specials(card)
    base = max(1, m.melee if melee else m.ranged)
    gear = item.bonus if item is not None else 0
    p_base = g.scenario.base_die.count("success") / len(g.scenario.base_die)
    p_gear = g.scenario.gear_die.count("success") / len(g.scenario.gear_die)
    hits = base * p_base + gear * p_gear
    if "igniter" in special:
        hits *= 1 + p_gear
    if target is not None and "area" in special:
        caught = [o for o in g.models() if o.on_table and o.in_play and (o is target or g.board.within(target, o,
                                                                                               Band.CLOSE.inches))]
        return hits * (sum(o.side != m.side for o in caught) - sum(o.side == m.side for o in caught))
    if target is not None and not melee:
        cover = g.fire(m, target)
        if cover.sight is Sight.COVER:
            rules = g.scenario.rules
            hits = max(0.0, hits - (rules.contact_cover_dice if cover.contact else rules.cover_dice) * p_gear)
    if "knockback" in special:
        hits += 0.1
    return hits - (0.01 if card is not None and card.single_use else 0.0)


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
