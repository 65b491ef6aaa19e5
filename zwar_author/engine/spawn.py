"""Where infected come from: turn spawns at spawn points, roamers, room spawns, event spawns, drop-offs.

Miniatures are limited: a turn spawn places what is left; a roamer or room
spawn takes the unit in play furthest from the heroes instead (a drop-off).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model.rules import CardEffect, CardWindow
from .cards import window
from .chance import Choice, Context
from .mission import ALL, UNREACHABLE
from .sight import face, facing_of, watched
from .state import Game, Hero, Infected, count_squares, pos, short
from .vocab import EventKind, Topic


def phase(g: Game) -> Any:
    spawn = g.mission.compiled.spawn
    return spawn.phases[g.spawn_phase] if spawn and spawn.phases else None


def count_text(g: Game, count: int, cls: str) -> str:
    entry = g.mission.classes[cls]
    return f"{count} {entry.name.lower() if count == 1 else entry.plural.lower()}"


def roamer_class(g: Game) -> str:
    """A roamer is a single zombie; a pack without one uses its first class."""
    for qualified in g.mission.classes:
        if short(qualified) == "zombie":
            return qualified
    return next(iter(g.mission.classes))


# --- the turn spawn ----------------------------------------------------------------------


def result_text(g: Game, result: Any) -> str:
    if result.kind == "spawn_point":
        return f"spawn point {result.spawn_point}"
    if result.kind == "infected":
        text = count_text(g, result.count, result.infected)
        if result.spawn_point:
            text += f" on {result.spawn_point}"
        if result.adjacent:
            text += " (next to the hero)"
        elif result.distance:
            text += f" ({count_squares(result.distance)})"
        return text
    return str({"roamers": "roamer", "sinkhole": "sinkhole", "nothing": "nothing"}.get(result.kind, result.kind))


def spawn_point(g: Game, letter: str) -> int:
    return g.mission.square(next(p.at for p in g.mission.compiled.spawn_points if p.letter == letter))


# --- roamers and drop-offs -----------------------------------------------------------------


def roamer(g: Game, ctx: Context) -> None:
    """A single zombie on the closest active square no hero sees; it does not move this turn."""
    m = g.mission
    heroes = g.board_heroes()
    if not heroes:
        return
    cls = roamer_class(g)
    maps = {h.id: m.route_from(h.sq, g.active) for h in heroes}

    def unseen(sq: int) -> bool:
        return sq not in g.at and m.standable[sq] and not any(g.hero_sees(h.sq, sq) for h in heroes)

    if g.ruleset.roamer_anywhere:
        squares = sorted(sq for sq in _nearest(maps) if unseen(sq))
        winner = None
    else:
        squares, winner = closest_unseen(g, ctx, heroes, maps, unseen)
    if not squares:
        g.emit(EventKind.ROAMER, "game", "Roamer: no active square is out of the heroes' sight; none is placed")
        return
    if g.pool.get(cls, 0) <= 0 and not drop_off(g, ctx, cls):
        g.emit(EventKind.MINIATURES, "game", "Roamer: no miniature is left to place")
        return
    squares = [sq for sq in squares if sq not in g.at]  # a drop-off may not free a chosen square
    pick = ctx.choose(g.ruleset.decider, "Roamer: which square", [Choice(sq, g.show(sq)) for sq in squares],
                      topic=Topic.PLACE)
    sq = pick.key
    goal = winner or min(heroes, key=lambda h: maps[h.id].get(sq, UNREACHABLE))
    z = g.new_infected(cls, sq, face(g, sq, goal.sq, "N"))
    g.emit(EventKind.ROAMER, z.tag, f"Roamer: {g.label(z)} is placed at {g.show(sq)}", sq)
    notice(g, z)


def _nearest(maps: dict[str, dict[int, int]]) -> dict[int, int]:
    """Every square any of the route maps reaches, with the least of its distances."""
    nearest: dict[int, int] = {}
    for dist in maps.values():
        for sq, d in dist.items():
            if d < nearest.get(sq, UNREACHABLE):
                nearest[sq] = d
    return nearest


def closest_unseen(g: Game, ctx: Context, heroes: list[Hero], maps: dict[str, dict[int, int]],
                   unseen: Callable[[int], bool], why: str = "who gets the roamer") -> tuple[list[int], Hero | None]:
    """The squares ``unseen`` accepts at the least route distance from the heroes, and the hero they are
    closest to (heroes equally close roll off): the squares by ``winner``. ``maps``: each hero's route
    distances, in order of distance (``Mission.route_from``), read ring by ring from the heroes outwards
    and only as far as the first ring with such a square, not merged whole."""
    rows = [maps[h.id] for h in heroes]
    rings = [iter(row.items()) for row in rows]
    heads = [next(ring, None) for ring in rings]
    while True:
        depth = min((head[1] for head in heads if head is not None), default=UNREACHABLE)
        if depth == UNREACHABLE:
            return [], None
        closest: set[int] = set()  # the squares ``depth`` from the nearest hero
        for i, ring in enumerate(rings):
            head = heads[i]
            while head is not None and head[1] == depth:
                sq = head[0]
                if all(row.get(sq, UNREACHABLE) >= depth for row in rows):
                    closest.add(sq)
                head = next(ring, None)
            heads[i] = head
        squares = sorted(sq for sq in closest if unseen(sq))
        if squares:
            owners = [h for h in heroes if any(maps[h.id].get(sq) == depth for sq in squares)]
            winner = owners[0] if len(owners) == 1 else g.ruleset.tie(g, ctx, owners, why)
            return [sq for sq in squares if maps[winner.id].get(sq) == depth], winner


def drop_off(g: Game, ctx: Context, cls: str) -> bool:
    """Free a miniature of ``cls``: the unit of that class in play furthest from the heroes leaves."""
    heroes = g.board_heroes()
    units = [z for z in g.board_infected() if z.cls == cls]
    if not units:
        return False
    dist = {z.id: min((g.mission.route_from(h.sq, ALL).get(pos(z), UNREACHABLE) for h in heroes),
                      default=UNREACHABLE) for z in units}
    far = max(dist.values())
    tied = [z for z in units if dist[z.id] == far]
    options = [Choice(z.id, f"{z.tag} at {g.show(z.sq)}") for z in tied]
    pick = ctx.choose(g.ruleset.decider, "Drop-off: which unit leaves", options, topic=Topic.DROP_OFF)
    z = g.infected[pick.key]
    g.emit(EventKind.DROP_OFF, z.tag, f"{g.label(z).capitalize()} is dropped off from {g.show(z.sq)}", z.sq)
    g.remove(z)
    return True


# --- room spawns -------------------------------------------------------------------------


def room_spawn(g: Game, ctx: Context, room: int, hero: Hero, door: int | None = None) -> None:
    """The room spawn rolled when ``hero`` activates ``room`` (by opening ``door``, if given)."""
    tables = phase(g)
    spec = tables.room if tables else None
    if spec is None:
        return
    title = g.mission.room(room).title()
    played = window(g, ctx, CardWindow.ROOM_SPAWN, by=hero.id)
    bonus = played.amount if played is not None and played.effect == CardEffect.ROOM_SPAWN_BONUS else 0
    if spec.table is not None:
        roll = ctx.roll(f"Room spawn in {title}")
        result = g.mission.charts.row(spec.table, roll + bonus)
        g.emit(EventKind.ROOM_SPAWN, "game", f"Room spawn in {title}: {_rolled(roll, bonus)} → "
               f"{result_text(g, result)}", dice=(roll,))
        if result.kind == "infected":
            for _ in range(result.count):
                place_in_room(g, ctx, room, hero, result.infected, result.distance or 1, bool(result.adjacent),
                              door)
        return
    roll = ctx.roll(f"Room spawn in {title}, roll 1: how many")
    result = g.mission.charts.row(spec.what, roll + bonus)
    g.emit(EventKind.ROOM_SPAWN, "game", f"Room spawn in {title}: {_rolled(roll, bonus)} → {result_text(g, result)}",
           dice=(roll,))
    if result.kind != "infected":
        return
    for number in range(1, result.count + 1):
        second = ctx.roll(f"Room spawn in {title}, roll 2: how far away is infected {number}")
        distance = g.mission.charts.row(spec.distance, second).distance
        g.emit(EventKind.ROOM_SPAWN, "game",
               f"Distance roll for infected {number}: rolls {second} → {count_squares(distance)}",
               dice=(second,))
        place_in_room(g, ctx, room, hero, result.infected, distance, False, door)


def _rolled(roll: int, bonus: int) -> str:
    return f"rolls {roll} + {bonus} = {roll + bonus}" if bonus else f"rolls {roll}"


def place_in_room(g: Game, ctx: Context, room: int, hero: Hero, cls: str, distance: int, adjacent: bool,
                  door: int | None = None) -> None:
    m = g.mission
    free = [sq for sq in m.room(room).squares if sq not in g.at]
    if not free:
        g.emit(EventKind.ROOM_SPAWN, "game", f"{m.room(room).title()} is full: nothing more is placed")
        return
    if g.pool.get(cls, 0) <= 0 and not drop_off(g, ctx, cls):
        g.emit(EventKind.MINIATURES, "game", "No miniature is left to place")
        return
    dist = m.route_from(hero.sq, ALL)
    squares: list[int] = []
    if adjacent:
        near = set(m.steps(hero.sq, g.doors))
        squares = [sq for sq in free if sq in near]
    if not squares:
        squares = _at_distance(free, dist, distance)
    options = [Choice(sq, g.show(sq)) for sq in squares]
    pick = ctx.choose(g.ruleset.decider, f"Room spawn: where does the {m.classes[cls].name.lower()} go", options,
                      topic=Topic.PLACE)
    sq = pick.key
    z = g.new_infected(cls, sq, _placed_facing(g, sq, hero, door))
    away = dist.get(sq)
    g.emit(EventKind.PLACED, z.tag, f"{g.label(z).capitalize()} is placed at {g.show(sq)}"
           + (f", {count_squares(away)} from {hero.name}" if away is not None else ""), sq)
    notice(g, z)


def _placed_facing(g: Game, sq: int, hero: Hero, door: int | None) -> str:
    """A room spawn's unit faces the hero who woke the room, or where the rules say so (Exodus) the door
    just opened: towards the middle of its edge, along the longer axis (the vertical one on a tie)."""
    m = g.mission
    sides = m.doors[door].sides if door is not None and g.ruleset.rules.room_spawn_faces == "door" else ()
    if len(sides) != 2 or any(m.floor_of[s] != m.floor_of[sq] for s in sides):
        return face(g, sq, hero.sq, "N")
    (ax, ay), (bx, by), (x, y) = m.xy[sides[0]], m.xy[sides[1]], m.xy[sq]
    dx, dy = ax + bx - 2 * x, ay + by - 2 * y  # twice the way to the edge's middle
    return facing_of(dx, dy, (dx, dy)) or face(g, sq, hero.sq, "N")


def _at_distance(free: list[int], dist: dict[int, int], distance: int) -> list[int]:
    """Squares exactly ``distance`` away; else as far as possible below it; else the nearest beyond."""
    reach = {sq: dist[sq] for sq in free if sq in dist}
    if not reach:
        return sorted(free)
    exact = [sq for sq, d in reach.items() if d == distance]
    if exact:
        return sorted(exact)
    below = [d for d in reach.values() if d < distance]
    best = max(below) if below else min(reach.values())
    return sorted(sq for sq, d in reach.items() if d == best)


def place_near(g: Game, ctx: Context, cls: str, origin: int, why: str, drop: bool) -> Infected | None:
    """One infected on ``origin`` if free, else on the nearest free active square (event spawns, search cards)."""
    m = g.mission
    if g.pool.get(cls, 0) <= 0 and not (drop and drop_off(g, ctx, cls)):
        g.emit(EventKind.MINIATURES, "game", f"{why}: no miniature is left to place")
        return None
    dist = m.route_from(origin, g.active)
    free = [(d, sq) for sq, d in dist.items() if sq not in g.at and m.standable[sq]]
    if not free:
        return None
    best = min(d for d, _ in free)
    options = [Choice(sq, g.show(sq)) for sq in sorted(sq for d, sq in free if d == best)]  # the nearest, in order
    pick = ctx.choose(g.ruleset.decider, f"{why}: which square", options, topic=Topic.PLACE)
    heroes = g.board_heroes()
    goal = min(heroes, key=lambda h: m.route_from(h.sq, ALL).get(pick.key, UNREACHABLE)) if heroes else None
    z = g.new_infected(cls, pick.key, face(g, pick.key, goal.sq, "N") if goal else "N")
    g.emit(EventKind.PLACED, z.tag, f"{why}: {g.label(z)} is placed at {g.show(pick.key)}", pick.key)
    notice(g, z)
    return z


def place_released(g: Game, ctx: Context, z: Infected, sq: int, why: str) -> None:
    """An infected let go of a hero's card goes on a free square next to ``sq`` (the decider
    chooses), or the nearest free one; with none anywhere it leaves play."""
    m = g.mission
    near = [n for n in m.reach(sq, g.doors) if n not in g.at and m.standable[n]]
    if not near:
        dist = m.route_from(sq, g.active)
        free = [(d, n) for n, d in dist.items() if n not in g.at and m.standable[n]]
        best = min((d for d, _ in free), default=None)
        near = sorted(n for d, n in free if d == best)
    if not near:
        g.remove(z)
        return
    pick = ctx.choose(g.ruleset.decider, f"{why}: which square", [Choice(n, g.show(n)) for n in near],
                      topic=Topic.PLACE)
    g.place(z, pick.key)
    g.emit(EventKind.PLACED, z.tag, f"{why}: it is placed at {g.show(pick.key)}", pick.key)


def notice(g: Game, z: Infected) -> None:
    """A unit appears mid-turn: heroes in its forward line of sight can no longer assassinate it."""
    for h in g.board_heroes():
        if watched(g, z, h.sq):
            h.seen.add(z.id)
