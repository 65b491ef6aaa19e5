"""The actions a Zone Wars model may take when activated, as values with the text a player types.

Destinations offered are the inch lattice around the model reached by a walk
that may turn round Blocking terrain and enemies (seed 184) within the
allowance: Move & Attack and Overwatch up to Medium, Sprint up to Long into
its front arc. A Charge goes in a straight line into contact (Long, seed 194),
a Simple Operation or Assist Recovery by a walk into contact that may turn too (Medium),
Aimed Fire and a Complex Operation by a step of one base width.
"""

from __future__ import annotations

import math
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import shapely

from ...tabletop import EPSILON, Band, Base, Position, bases_overlap, bases_within
from ..core import in_front
from .floors import building_at, buildings, climbs, fits, flights
from .scenario import specials
from .state import Model

if TYPE_CHECKING:
    from .game import ZoneWarsGame

#: Base contact, allowing for the rounding of a position reached along a slanted line (a ten-thousandth of an inch).
CONTACT = Fraction(1, 10**4)
#: The spots round a goal a Simple Operation's move may end at when the straight walk is blocked.
CONTACT_SPOTS = 16


class Verb(str, Enum):
    MOVE = "move"  # Move & Attack
    AIMED = "aimed fire"
    CHARGE = "charge"
    SPRINT = "sprint"
    OVERWATCH = "overwatch"
    RECOVER = "recover"
    ASSIST = "assist"
    PICK_UP = "pick up"
    GIVE = "give"
    REPAIR = "repair"
    DROP = "drop"
    TAKE = "take from"
    LEAVE = "leave"
    FLY = "fly"
    MUTATE = "mutate"  # an action mutation that is not a flight (one that heals)
    OPEN = "open door"
    USE = "use"
    SEARCH = "search"


class Action(NamedTuple):
    model: str
    verb: Verb
    to: tuple[Fraction, Fraction] | None
    target: str | None  # a model's id, token numbers ("1+2"), an edge
    text: str
    floor: int = 0  # the floor the move ends on (0: the ground)

    def __str__(self) -> str:
        return self.text


def num(value: Fraction | float) -> str:
    """A coordinate as a player types it: ``12``, ``12.5``, ``3.162``."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def where(p: Position | tuple[Fraction, Fraction]) -> str:
    x, y = (p.x, p.y) if isinstance(p, Position) else p
    return f"{num(x)},{num(y)}"


def contact(a: Position, a_base: Base, b: Position, b_base: Base) -> bool:
    return bases_within(a, a_base, b, b_base, CONTACT)


def legal(g: ZoneWarsGame, m: Model) -> list[Action]:
    """Every action ``m`` may take now."""
    if not m.ready:
        return [Action(m.id, Verb.RECOVER, None, None, f"{m.id}: recover")]
    out: list[Action] = []
    moves = [] if m.stuck else destinations(g, m, Band.MEDIUM.inches)
    here = (m.position.x, m.position.y)
    out.append(Action(m.id, Verb.MOVE, here, None, f"{m.id}: stay", m.floor))
    out += [Action(m.id, Verb.MOVE, (x, y), None, f"{m.id}: move {where((x, y))}{_on(m, f)}", f) for x, y, f in moves]
    out += _aimed(g, m)
    out += _charges(g, m)
    if not m.stuck:
        sprint = destinations(g, m, Band.LONG.inches, front=True)
        out += [Action(m.id, Verb.SPRINT, (x, y), None, f"{m.id}: sprint {where((x, y))}{_on(m, f)}", f)
                for x, y, f in sprint]
    out.append(Action(m.id, Verb.OVERWATCH, here, None, f"{m.id}: overwatch here", m.floor))
    out += [Action(m.id, Verb.OVERWATCH, (x, y), None, f"{m.id}: overwatch {where((x, y))}{_on(m, f)}", f)
            for x, y, f in moves]
    out += _operations(g, m)
    out += _leaving(g, m)
    out += _flights(g, m)
    out += _healing(g, m)
    return out


def _healing(g: ZoneWarsGame, m: Model) -> list[Action]:
    """An action mutation that heals the model: one m-point or more, at most three and the card's most (seed 202);
    not by a Broken model (346), which only recovers; the m-points are the ``target``."""
    pool = g.m_points[m.side]
    out: list[Action] = []
    if m.mutated or pool < 1 or not m.damage:
        return out
    for mid in m.mutations:
        mutation = g.scenario.mutations[mid]
        if mutation.type != "action" or mutation.effect is None or not mutation.effect.heal:
            continue
        most = min(pool, g.scenario.rules.most_m_points, mutation.m_points)
        out += [Action(m.id, Verb.MUTATE, (m.position.x, m.position.y), f"{mid}:{points}",
                       f"{m.id}: {mid} {points}", m.floor) for points in range(1, most + 1)]
    return out


def _flights(g: ZoneWarsGame, m: Model) -> list[Action]:
    """An action mutation that flies: up to Medium an m-point, at most three and the card's most, in a straight
    line even between floors (seed 202, 390); the m-points are the ``target``."""
    pool = g.m_points[m.side]
    out: list[Action] = []
    if m.stuck or m.mutated or pool < 1:
        return out
    for mid in m.mutations:
        mutation = g.scenario.mutations[mid]
        if mutation.type != "action" or mutation.effect is None or not mutation.effect.fly:
            continue
        most = min(pool, g.scenario.rules.most_m_points, mutation.m_points)
        seen: set[tuple[Fraction, Fraction, int]] = set()
        for points in range(1, most + 1):
            for x, y, floor in flights(g, m, Band.MEDIUM.inches * points):
                if (x, y, floor) not in seen:
                    seen.add((x, y, floor))
                    out.append(Action(m.id, Verb.FLY, (x, y), f"{mid}:{points}",
                                      f"{m.id}: {mid} {points} to {where((x, y))}{_on(m, floor)}", floor))
    return out


def _on(m: Model, floor: int) -> str:
    """How an option names the floor it ends on: nothing for the ground from the ground."""
    if floor == m.floor == 0:
        return ""
    return " on the ground" if floor == 0 else f" on floor {floor}"


def destinations(g: ZoneWarsGame, m: Model, allowance: Fraction, front: bool = False) -> list[tuple[Fraction, Fraction, int]]:
    """Every destination of a move: the ground's lattice, and those that climb, come down or walk a floor."""
    ground = [(x, y, 0) for x, y in _lattice(g, m, allowance, front)] if m.floor == 0 else []
    return ground + (climbs(g, m, allowance, front) if buildings(g) else [])


# --- moving ------------------------------------------------------------------------------

def _lattice(g: ZoneWarsGame, m: Model, allowance: Fraction, front: bool = False) -> list[tuple[Fraction, Fraction]]:
    """Whole-inch offsets from where ``m`` stands, within ``allowance`` (``front``: in its front arc), reached
    straight, where it may stand. Sifted in floats first; only the survivors become exact positions."""
    offsets = _offsets(allowance)
    if front:
        angle = math.radians(float(m.facing))
        ahead = np.array([math.sin(angle), -math.cos(angle)])
        dots = np.array(offsets, dtype=float) @ ahead
        offsets = [o for o, d in zip(offsets, dots.tolist(), strict=True) if d > 1e-9 or
                   (d >= -1e-9 and in_front(m, Position(m.position.x + o[0], m.position.y + o[1])))]
    if not offsets:
        return []
    floats = np.array(offsets, dtype=float) + np.array(m.at)
    board, enemies = g.board, g.ground_enemies(m)
    free = board.free(m.base, floats)
    keep = board.straight(m, floats, enemies) & free
    bent = free & ~keep  # the rest a walk that turns round terrain and enemies reaches within the allowance
    if bent.any():
        keep[bent] = board.walks(m, floats[bent], enemies, float(allowance) + EPSILON) <= float(allowance) + EPSILON
    x, y = m.position.x, m.position.y
    return reachable(g, m, [(x + i, y + j) for (i, j), k in zip(offsets, keep.tolist(), strict=True) if k],
                     sifted=True)


def _offsets(allowance: Fraction) -> list[tuple[int, int]]:
    """The whole-inch offsets within ``allowance`` of a point, but the point itself, row by row: compared in
    integers, (i² + j²) q² <= p² for an allowance p/q."""
    count = int(allowance)
    i, j = np.meshgrid(np.arange(-count, count + 1), np.arange(-count, count + 1), indexing="ij")
    p, q = Fraction(allowance).numerator, Fraction(allowance).denominator
    keep = ((i != 0) | (j != 0)) & ((i * i + j * j) * q * q <= p * p)
    return list(zip(i[keep].tolist(), j[keep].tolist(), strict=True))


def reachable(g: ZoneWarsGame, m: Model, points: list[tuple[Fraction, Fraction]],
              sifted: bool = False) -> list[tuple[Fraction, Fraction]]:
    """The points ``m`` walks to in a straight line clear of terrain and enemies, and may stand on
    (``sifted``: the walks and the terrain already checked)."""
    if not points:
        return []
    board = g.board
    others = [f for f in g.models() if f is not m and f.on_table and f.floor == m.floor]
    if not sifted:
        floats = np.array([[float(x), float(y)] for x, y in points])
        keep = board.straight(m, floats, g.ground_enemies(m)) & board.free(m.base, floats)
        points = [p for p, k in zip(points, keep.tolist(), strict=True) if k]
    if not points:
        return []
    spots = board.open_spots([Position(x, y) for x, y in points], m.base, others)
    covered = covers_token(g, m, points)
    return [p for p, b, c in zip(points, spots, covered, strict=True) if b and not c]


def covers_token(g: ZoneWarsGame, m: Model, points: list[tuple[Fraction, Fraction]]) -> list[bool]:
    """For each point, whether the base there would cover an artifact token completely (seed 184): a move may
    not end so. Decided in floats, and exactly where the floats come within a hair of the edge."""
    inside = m.base.radius - g.scenario.token_base.radius
    tokens = [t for t, _card in g.tokens.values()]
    if inside < 0 or not tokens or not points:
        return [False] * len(points)
    xy = np.array([[float(x), float(y)] for x, y in points])
    centres = np.array([[float(t.x), float(t.y)] for t in tokens])
    gaps = np.hypot(xy[:, None, 0] - centres[None, :, 0], xy[:, None, 1] - centres[None, :, 1]) - float(inside)
    out = (gaps < -1e-9).any(axis=1).tolist()
    for i in np.flatnonzero((np.abs(gaps) <= 1e-9).any(axis=1)).tolist():
        p = Position(*points[i])
        out[i] = any(p.squared_distance(t) <= inside * inside for t in tokens)
    return out


def approach(g: ZoneWarsGame, m: Model, goal: Position, goal_base: Base, allowance: Fraction,
             ignore: Model | None = None) -> tuple[Fraction, Fraction] | None:
    """Where ``m`` ends a straight walk into base contact with something at ``goal``, within ``allowance``."""
    if contact(m.position, m.base, goal, goal_base):
        return (m.position.x, m.position.y)
    dx, dy = float(goal.x - m.position.x), float(goal.y - m.position.y)
    length = math.hypot(dx, dy)
    walk = length - float(m.base.radius + goal_base.radius)
    if walk > float(allowance) + 1e-9:
        return None
    k = walk / length
    x = Fraction(float(m.position.x) + dx * k).limit_denominator(10**6)
    y = Fraction(float(m.position.y) + dy * k).limit_denominator(10**6)
    if bases_overlap(Position(x, y), m.base, goal, goal_base):  # rounded a hair too far: step back
        x -= Fraction(dx / length).limit_denominator(10**6) / 10**5
        y -= Fraction(dy / length).limit_denominator(10**6) / 10**5
    found = reachable(g, m, [(x, y)]) if ignore is None else _reachable_past(g, m, (x, y), ignore)
    return found[0] if found else None


def into_contact(g: ZoneWarsGame, m: Model, goal: Position, goal_base: Base,
                 allowance: Fraction) -> tuple[Fraction, Fraction] | None:
    """Where ``m`` ends a Simple Operation's move of up to ``allowance`` into base contact with something at
    ``goal`` (seed 228): the straight walk when it is clear, else the shortest walk that turns round terrain
    and enemies, as a move may (seed 184), to one of the spots touching it (``CONTACT_SPOTS`` round it)."""
    straight = approach(g, m, goal, goal_base, allowance)
    if straight is not None or m.position.distance(goal) > float(allowance + m.base.radius + goal_base.radius):
        return straight
    spots = _touching(goal, m.base.radius + goal_base.radius)
    floats = np.array([[float(x), float(y)] for x, y in spots])
    lengths = np.full(len(spots), np.inf)
    free = g.board.free(m.base, floats)
    if free.any():
        lengths[free] = g.board.walks(m, floats[free], g.ground_enemies(m), float(allowance) + EPSILON)
    for i in np.argsort(lengths, kind="stable").tolist():
        if lengths[i] > float(allowance) + EPSILON:
            break
        if found := reachable(g, m, [spots[i]], sifted=True):
            return found[0]
    return None


def _touching(goal: Position, reach: Fraction) -> list[tuple[Fraction, Fraction]]:
    """The spots ``reach`` from ``goal`` every 360 / ``CONTACT_SPOTS`` degrees, a hair farther out, so that a
    base there touches what is at ``goal`` (within ``CONTACT``) and never overlaps it."""
    out = reach + CONTACT / 10
    turns = [2 * math.pi * k / CONTACT_SPOTS for k in range(CONTACT_SPOTS)]
    return [(goal.x + Fraction(float(out) * math.cos(t)).limit_denominator(10**6),
             goal.y + Fraction(float(out) * math.sin(t)).limit_denominator(10**6)) for t in turns]


def _reachable_past(g: ZoneWarsGame, m: Model, point: tuple[Fraction, Fraction], target: Model) -> list:
    """A charge's end: straight, no terrain crossed at all, no model in the way but the target."""
    board = g.board
    p = Position(*point)
    if not board.clear_of_all_terrain(m.position, p, m.base):
        return []
    others = [f for f in g.models() if f is not m and f is not target and f.on_table]
    if not board.straight(m, np.array([[float(p.x), float(p.y)]]), others)[0]:
        return []
    if not board.table.holds_base(p, m.base) or any(bases_overlap(p, m.base, f.position, f.base) for f in others):
        return []
    return [point]


def _charges(g: ZoneWarsGame, m: Model) -> list[Action]:
    out: list[Action] = []
    if m.stuck:
        return out
    for e in g.enemies_of(m):
        if not in_front(m, e.position) or e.floor != m.floor:
            continue
        to = _floor_charge(g, m, e) if m.floor else approach(g, m, e.position, e.base, Band.LONG.inches, ignore=e)
        if to is not None and g.melee_weapons(m):
            out.append(Action(m.id, Verb.CHARGE, to, e.id, f"{m.id}: charge {e.id}", m.floor))
    return out


def _floor_charge(g: ZoneWarsGame, m: Model, e: Model) -> tuple[Fraction, Fraction] | None:
    """A charge across one floor of a Building (the move only horizontal, seed 194): straight, up to Long, into
    contact with an enemy on the same floor of the same Building, the base inside its footprint all the way, no
    other model on that floor in the way."""
    piece = building_at(g, m.position)
    if piece is None or building_at(g, e.position) is not piece:
        return None
    dx, dy = float(e.position.x - m.position.x), float(e.position.y - m.position.y)
    length = math.hypot(dx, dy)
    walk = length - float(m.base.radius + e.base.radius)
    if walk > float(Band.LONG.inches) + 1e-9:
        return None
    if contact(m.position, m.base, e.position, e.base):
        return (m.position.x, m.position.y)
    k = walk / length
    x = Fraction(float(m.position.x) + dx * k).limit_denominator(10**6)
    y = Fraction(float(m.position.y) + dy * k).limit_denominator(10**6)
    if bases_overlap(Position(x, y), m.base, e.position, e.base):  # rounded a hair too far: step back
        x -= Fraction(dx / length).limit_denominator(10**6) / 10**5
        y -= Fraction(dy / length).limit_denominator(10**6) / 10**5
    path = shapely.LineString([m.at, (float(x), float(y))])
    if not piece.geometry.buffer(1e-9).contains(path.buffer(float(m.base.radius) - 1e-9)):
        return None
    for o in g.models():
        if o is m or o is e or not o.on_table or o.floor != m.floor:
            continue
        if path.distance(o.position.point) < float(m.base.radius + o.base.radius) - 1e-9:
            return None
    return (x, y)


def _aimed(g: ZoneWarsGame, m: Model) -> list[Action]:
    if not any("aimed fire" in specials(g.card(i)) for i in g.usable(m, "ranged")):
        return []
    out = []
    if g.ranged_targets(m, aimed=True):
        out.append(Action(m.id, Verb.AIMED, (m.position.x, m.position.y), None, f"{m.id}: aimed fire", m.floor))
    if m.stuck:
        return out
    for p in step_moves(g, m):
        if g.ranged_targets(m, aimed=True, at=Position(*p)):
            out.append(Action(m.id, Verb.AIMED, p, None, f"{m.id}: aimed fire from {where(p)}", m.floor))
    return out


def step_moves(g: ZoneWarsGame, m: Model) -> list[tuple[Fraction, Fraction]]:
    """The "step" moves of one base width (Aimed Fire, Complex Operation), in the eight compass directions."""
    step = m.base.diameter
    diagonal = Fraction(math.sqrt(0.5)).limit_denominator(10**6) * step
    zero = Fraction(0)
    steps = [(zero, -step), (step, zero), (zero, step), (-step, zero),
             (diagonal, -diagonal), (diagonal, diagonal), (-diagonal, diagonal), (-diagonal, -diagonal)]
    points = [(m.position.x + dx, m.position.y + dy) for dx, dy in steps]
    return _floor_steps(g, m, points) if m.floor else reachable(g, m, points)


def _floor_steps(g: ZoneWarsGame, m: Model, points: list[tuple[Fraction, Fraction]]) -> list[tuple[Fraction, Fraction]]:
    """A step on a floor: where the whole base still fits in the Building's footprint, clear of the models on
    that floor, not covering a token there."""
    piece = building_at(g, m.position)
    if piece is None:
        return []
    others = [f for f in g.models() if f is not m and f.on_table and f.floor == m.floor]
    fit = [p for p in points if fits(piece, Position(*p), m.base.radius)
           and not any(bases_overlap(Position(*p), m.base, f.position, f.base) for f in others)]
    inside = m.base.radius - g.scenario.token_base.radius
    tokens = [t for n, (t, _card) in g.tokens.items() if g.token_floor.get(n, 0) == m.floor]
    return [p for p in fit if inside < 0 or not any(Position(*p).squared_distance(t) <= inside * inside
                                                     for t in tokens)]


def _operations(g: ZoneWarsGame, m: Model) -> list[Action]:
    out = []
    medium = Band.MEDIUM.inches
    token_base = g.scenario.token_base
    here = (m.position.x, m.position.y)
    touching = []
    for number, (position, _card) in sorted(g.tokens.items()):
        floor = g.token_floor.get(number, 0)
        if floor == m.floor and contact(m.position, m.base, position, token_base):
            touching.append(number)
            out.append(Action(m.id, Verb.PICK_UP, here, str(number), f"{m.id}: pick up {number}", floor))
            continue
        if m.stuck:
            continue
        to = into_contact(g, m, position, token_base, medium) if floor == m.floor == 0 else \
            _climb_to(g, m, position, token_base, floor, medium)
        if to is not None:
            out.append(Action(m.id, Verb.PICK_UP, to, str(number), f"{m.id}: pick up {number}", floor))
    if len(touching) > 1:  # a Complex Operation: every token in base contact
        label = "+".join(map(str, touching))
        out.append(Action(m.id, Verb.PICK_UP, here, label, f"{m.id}: pick up {label}", m.floor))
    if not m.stuck:  # or after its step move (seed 234), on the ground or on a floor
        seen = {tuple(touching)}
        for p in step_moves(g, m):
            at = Position(*p)
            reached = tuple(n for n, (position, _card) in sorted(g.tokens.items())
                            if g.token_floor.get(n, 0) == m.floor and contact(at, m.base, position, token_base))
            if len(reached) > 1 and reached not in seen:
                seen.add(reached)
                label = "+".join(map(str, reached))
                out.append(Action(m.id, Verb.PICK_UP, p, label, f"{m.id}: pick up {label} from {where(p)}",
                                  m.floor))
    for other in g.models():
        if other is m or other.status.value != "broken" or other.floor != m.floor:
            continue
        to = here if contact(m.position, m.base, other.position, other.base) else \
            None if m.stuck or m.floor else into_contact(g, m, other.position, other.base, medium)
        if to is None:
            continue
        artifacts = sum(1 for i in other.items if i.card in g.scenario.artifacts)
        if artifacts:
            out.append(Action(m.id, Verb.TAKE, to, other.id, f"{m.id}: take from {other.id}", m.floor))
        if artifacts > 1 and to == here:  # a Complex Operation takes them all (seed 348)
            out.append(Action(m.id, Verb.TAKE, here, f"{other.id}:all", f"{m.id}: take all from {other.id}",
                              m.floor))
        elif artifacts > 1 and not m.stuck:  # or after its step move (seed 234)
            out += [Action(m.id, Verb.TAKE, p, f"{other.id}:all", f"{m.id}: take all from {other.id} from {where(p)}",
                           m.floor) for p in step_moves(g, m)
                    if contact(Position(*p), m.base, other.position, other.base)]
        if other.side == m.side:
            out.append(Action(m.id, Verb.ASSIST, to, other.id, f"{m.id}: assist {other.id}", m.floor))
    out += _giving(g, m)
    out += _doors(g, m)
    out += _uses(g, m)
    out += _searches(g, m)
    return out


def _searches(g: ZoneWarsGame, m: Model) -> list[Action]:
    """A Simple Operation searches a container not yet searched: in base contact, or after a walk of up
    to Medium into contact (seed 226-228); containers lie on the ground."""
    out: list[Action] = []
    if m.floor:
        return out
    for c in g.scenario.containers:
        if c.number in g.searched:
            continue
        to = (m.position.x, m.position.y) if contact(m.position, m.base, c.position, c.base) else \
            None if m.stuck else into_contact(g, m, c.position, c.base, Band.MEDIUM.inches)
        if to is not None:
            out.append(Action(m.id, Verb.SEARCH, to, str(c.number), f"{m.id}: search container {c.number}"))
    return out


def _uses(g: ZoneWarsGame, m: Model) -> list[Action]:
    """Simple Operations with `other` cards that have an effect (seed 226-228): one that gives m-points, on the
    model itself; one that heals, on a hurt friend that is not Broken; one that revives, on a Broken friend;
    on a friend in base contact, or after a walk of up to Medium into contact."""
    out: list[Action] = []
    here = (m.position.x, m.position.y)
    effects = {i.card: c.effect for i in m.items if not i.busted and (c := g.card(i.card)) is not None
               and c.use == "other" and c.effect is not None}
    out += [Action(m.id, Verb.USE, here, f"{card}>{m.id}", f"{m.id}: use {card}", m.floor)
            for card, effect in sorted(effects.items()) if effect.m_points]
    for friend in g.models():
        if friend is m or friend.side != m.side or not friend.on_table or friend.floor != m.floor:
            continue
        cards = [card for card, effect in sorted(effects.items())
                 if (effect.heal and friend.ready and friend.damage) or (effect.revive and not friend.ready
                                                                         and friend.in_play)]
        if not cards:
            continue
        to = here if contact(m.position, m.base, friend.position, friend.base) else \
            None if m.stuck or m.floor else into_contact(g, m, friend.position, friend.base, Band.MEDIUM.inches)
        if to is not None:
            out += [Action(m.id, Verb.USE, to, f"{card}>{friend.id}", f"{m.id}: use {card} on {friend.id}", m.floor)
                    for card in cards]
    return out


def _doors(g: ZoneWarsGame, m: Model) -> list[Action]:
    """A Simple Operation opens a closed door (seed 226): in contact with it, or after a walk of up to
    Medium into contact (seed 228). A model touches a door when its base comes within the wall's thickness of
    the door's line on the outline, from outside or from inside."""
    out: list[Action] = []
    if m.floor:
        return out
    for door in g.scenario.doors:
        if door.number in g.opened:
            continue
        wall = g.board.pieces[door.piece].piece.wall or Fraction(0)
        if door_contact(door, m.position, m.base, wall):
            out.append(Action(m.id, Verb.OPEN, (m.position.x, m.position.y), str(door.number),
                              f"{m.id}: open door {door.number}"))
        elif not m.stuck:
            middle = Position((door.start.x + door.end.x) / 2, (door.start.y + door.end.y) / 2)
            to = into_contact(g, m, middle, Base(2 * wall), Band.MEDIUM.inches)
            if to is not None and door_contact(door, Position(*to), m.base, wall):
                out.append(Action(m.id, Verb.OPEN, to, str(door.number), f"{m.id}: open door {door.number}"))
    return out


def door_contact(door, at: Position, base: Base, wall: Fraction) -> bool:
    line = shapely.LineString([(float(door.start.x), float(door.start.y)), (float(door.end.x), float(door.end.y))])
    return line.distance(at.point) <= float(base.radius + wall + CONTACT)


def _giving(g: ZoneWarsGame, m: Model) -> list[Action]:
    """Simple Operations with what the model carries (seed 226): give an item to a friend it moves into base
    contact with (up to Medium), or drop an artifact where it stands."""
    out = []
    here = (m.position.x, m.position.y)
    cards = list(dict.fromkeys(i.card for i in m.items))
    for card in cards:
        if card in g.scenario.artifacts:
            out.append(Action(m.id, Verb.DROP, here, card, f"{m.id}: drop {card}", m.floor))
    for item in m.items:  # a Complex Operation: repairing a damaged weapon or armour (seed 232)
        printed = g.card(item.card)
        if printed is not None and not item.busted and item.bonus < printed.bonus and g.scenario.rules.repair_steps:
            out.append(Action(m.id, Verb.REPAIR, here, item.card, f"{m.id}: repair {item.card}", m.floor))
    for friend in g.models():
        if friend is m or friend.side != m.side or not friend.ready or friend.floor != m.floor or not cards:
            continue
        to = here if contact(m.position, m.base, friend.position, friend.base) else \
            None if m.stuck or m.floor else into_contact(g, m, friend.position, friend.base, Band.MEDIUM.inches)
        if to is not None:
            out += [Action(m.id, Verb.GIVE, to, f"{card}>{friend.id}", f"{m.id}: give {card} to {friend.id}", m.floor)
                    for card in cards]
    return out


def _climb_to(g: ZoneWarsGame, m: Model, goal: Position, goal_base: Base, floor: int,
              allowance: Fraction) -> tuple[Fraction, Fraction] | None:
    """The nearest climbing destination on ``floor`` in base contact with something there, within ``allowance``."""
    found = [(x, y) for x, y, f in climbs(g, m, allowance) if f == floor and contact(Position(x, y), m.base, goal,
                                                                                      goal_base)]
    return min(found, key=lambda p: (m.position.squared_distance(Position(*p)), p)) if found else None


EDGES = ("north", "east", "south", "west")


def edge_gap(g: ZoneWarsGame, m: Model, edge: str) -> Fraction:
    """How far the model's centre walks for its whole base to cross ``edge``."""
    table = g.board.table
    x, y = m.position.x, m.position.y
    gap = {"north": y, "south": table.depth - y, "west": x, "east": table.width - x}[edge]
    return gap + m.base.radius


def _leaving(g: ZoneWarsGame, m: Model) -> list[Action]:
    if not any(i.found for i in m.items) or m.floor:
        return []
    out = []
    for edge in EDGES:
        if not m.stuck and edge_gap(g, m, edge) <= Band.MEDIUM.inches and _clear_to_edge(g, m, edge):
            out.append(Action(m.id, Verb.LEAVE, None, edge, f"{m.id}: leave by the {edge} edge"))
    return out


def _clear_to_edge(g: ZoneWarsGame, m: Model, edge: str) -> bool:
    table = g.board.table
    x, y = m.position.x, m.position.y
    r = m.base.radius
    point = {"north": (x, r), "south": (x, table.depth - r), "west": (r, y), "east": (table.width - r, y)}[edge]
    if point == (x, y):
        return True
    ok = g.board.straight(m, np.array([[float(point[0]), float(point[1])]]), g.enemies_of(m))
    return bool(ok[0])
