"""One infected unit's move: its target, moving or charging, doors, passing through, alert fire, the grab.

Targets are chosen by route distance through active areas (doors count as
open); the unit then walks a shortest path of legal steps to a square from
which it can grab, opening doors to active rooms for one movement point each.
Where several squares are equally short the decider chooses; when the way on
is blocked a moving unit stops, a charging one passes through other infected
if it has the movement to land beyond them.
"""

from __future__ import annotations

from typing import Any

from .cards import charging as frenzy
from .chance import Choice, Context
from .combat import attack, bite_test, grab_test, hold
from .mission import UNREACHABLE, Field
from .sight import ahead, face, facing_of, hero_distance, senses
from .state import Card, Game, Hero, Infected, count_squares
from .vocab import EventKind, Topic
from .weapons import fire_modes, in_range
from .world import door_opened

HOLD = "hold"


def nearest(g: Game, ctx: Context, heroes: list[Hero], sq: int, z: Infected) -> tuple[Hero | None, int]:
    """The hero of ``heroes`` nearest ``sq`` by route (equals rolled off) and its distance, for ``z`` to go for;
    (None, UNREACHABLE) when none can be reached. A loop reading each hero's route map once, not lists and
    generators: compiled, each generator is an object, and the infected move asks this at every target chosen
    (the roll-off's question is written only when there is one)."""
    m, active = g.mission, g.active
    best = UNREACHABLE
    tied: list[Hero] = []
    for h in heroes:
        d = m.route_from(h.sq, active).get(sq, UNREACHABLE)  # ``hero_distance``
        if d < best:
            best, tied = d, [h]
        elif d == best and d < UNREACHABLE:
            tied.append(h)
    if not tied:
        return None, UNREACHABLE
    return (tied[0] if len(tied) == 1 else g.ruleset.tie(g, ctx, tied, f"{g.label(z)} chooses its target")), best


def choose_target(g: Game, ctx: Context, z: Infected, pos: int, announce: bool = True) -> tuple[Hero | None, bool]:
    """The hero ``z`` goes for, and whether it charges: the nearest it sees or smells, else the
    nearest by route through active areas (ties rolled off)."""
    heroes = g.detectable()
    loud = g.noise.get(z.id) or g.noise.get(0) if g.mission.units[z.cls].hears else None
    noisy = next((h for h in heroes if h.id == loud), None) if loud is not None else None
    if noisy is not None:
        away = hero_distance(g, noisy, pos)
        if away < UNREACHABLE:
            g.emit(EventKind.TARGET, z.tag, f"{g.label(z).capitalize()} charges {noisy.name} (drawn by the noise, "
                   f"{count_squares(away)} away)", pos)
            return noisy, True
    sensed: list[Hero] = []
    hows: list[str] = []
    for h in heroes:
        how = senses(g, z, pos, h)
        if how:
            sensed.append(h)
            hows.append(how)
    target, away = nearest(g, ctx, sensed, pos, z) if sensed else (None, UNREACHABLE)
    charging = target is not None
    if target is None:
        target, away = nearest(g, ctx, heroes, pos, z)
    if target is not None and (announce or charging):
        if charging:
            how = hows[sensed.index(target)]
            text = f"{g.label(z).capitalize()} charges {target.name} ({how}, {count_squares(away)} away)"
        else:
            text = f"{g.label(z).capitalize()} moves towards {target.name}, {count_squares(away)} away"
        g.emit(EventKind.TARGET, z.tag, text, pos)
    return target, charging


def grab_squares(g: Game, h: Hero) -> tuple[int, ...]:
    """Squares an infected could grab ``h`` from, counting doors it may open as open."""
    return g.mission.grab_squares(h.sq, g.mission.openable(g.doors, g.active), g.active)


def goals(g: Game, at: int, h: Hero) -> tuple[int, ...]:
    """Where an infected at ``at`` heads for ``h``: the free squares it could grab from (all of them
    when every one is taken, so that it still comes as close as it can). On a floor with no
    detectable hero it heads for the nearest staircase instead: the squares its stair links lead to."""
    return _goals(g, at, h, grab_squares(g, h))


def _goals(g: Game, at: int, h: Hero, squares: tuple[int, ...]) -> tuple[int, ...]:
    """``goals`` with ``h``'s grab squares given."""
    m = g.mission
    floor = m.floor_of[at]
    if m.floor_of[h.sq] != floor and not any(m.floor_of[o.sq] == floor for o in g.detectable()):
        ends = tuple(sorted(b for a, far in m.links.items() if m.floor_of[a] == floor for b in far
                            if m.floor_of[b] != floor))
        if ends:
            return ends
    return tuple(sq for sq in squares if sq not in g.at) or squares


class Way:
    """The field an infected follows to its target, kept through its move: the grab squares are read again
    only when the doors, the active rooms or the target's square change, the field only when the goals
    change. Asked at every square moved, ``grab_squares`` and ``Mission.field`` made and hashed a tuple key
    each time (the field's over every goal), for the same answer."""

    def __init__(self) -> None:
        self.doors = -1  # what ``squares`` were read for (none yet: a mask or a square is never negative)
        self.active = -1
        self.hero = -1
        self.squares: tuple[int, ...] = ()
        self.goals: tuple[int, ...] = ()
        self.field: Field | None = None

    def to(self, g: Game, at: int, h: Hero) -> Field:
        """``Mission.field(goals(g, at, h), g.active, g.doors)``."""
        if g.doors != self.doors or g.active != self.active or h.sq != self.hero:
            self.doors, self.active, self.hero = g.doors, g.active, h.sq
            self.squares = grab_squares(g, h)
            self.field = None
        found = _goals(g, at, h, self.squares)
        if self.field is None or found != self.goals:
            self.goals = found
            self.field = g.mission.field(found, g.active, g.doors)
        return self.field


def can_grab(g: Game, z: Infected, h: Hero) -> bool:
    """Whether ``z`` stands a step from ``h``. A loop over the steps, not ``in``: compiled, ``in`` with a square
    that may be None is a generic search comparing Python objects (the infected move asks at every unit's move)."""
    at = z.sq
    if not h.on_board or at is None:
        return False
    for n in g.mission.steps(h.sq, g.doors):
        if n == at:
            return True
    return False


def door_to(g: Game, z: Infected, h: Hero) -> int | None:
    """A shut door between ``z`` and ``h`` that ``z`` may open (then it can grab)."""
    m = g.mission
    assert z.sq is not None
    for n, door in m.step_all[z.sq]:
        if n == h.sq and door >= 0 and not g.doors >> door & 1 and m.door_cost(door, g.doors) == 2 \
                and all(g.active >> r & 1 for r in m.doors[door].rooms):
            return door
    return None


def activate(g: Game, ctx: Context, z: Infected, enter: int | None = None) -> None:
    """Move ``z`` (stepping onto the board at ``enter`` when it spawns) and let it grab."""
    m = g.mission
    cls = m.units[z.cls]
    pos = z.sq if enter is None else enter
    assert pos is not None, "only a unit on the board or entering it moves"
    target, charging = choose_target(g, ctx, z, pos)
    allowance = cls.charge if charging or frenzy(g) else cls.move
    moved = 0
    way = Way()
    if enter is not None:
        moved = _enter(g, ctx, z, enter, target, charging, allowance)
        if moved == 0:
            return
    while target is not None and _standing(g, z):
        if can_grab(g, z, target):
            grab(g, ctx, z, target)
            return
        left = allowance - moved
        if left <= 0:
            break
        door = door_to(g, z, target)
        if door is not None:
            _open(g, ctx, z, door)
            moved += 1
            target, charging, allowance = _detect(g, ctx, z, target, charging, allowance)
            continue
        sq = z.sq
        assert sq is not None  # standing
        field = way.to(g, sq, target)
        here = field.to(sq)
        if here == UNREACHABLE:
            break
        hops = _hops(g, sq, here, field, charging, left)
        if not hops:
            g.emit(EventKind.BLOCKED, z.tag, f"{g.label(z).capitalize()} is blocked at {g.show(z.sq)}", z.sq)
            break
        _, path, door = _pick(g, ctx, z, hops)
        if door >= 0:
            _open(g, ctx, z, door)
            moved += 1
        else:
            _step(g, z, path, target, charging)
            moved += len(path)
            alert_fire(g, ctx, z, len(path))
        target, charging, allowance = _detect(g, ctx, z, target, charging, allowance)
    if target is not None and _standing(g, z):
        _face_onward(g, z, target, way)


def _detect(g: Game, ctx: Context, z: Infected, target: Hero | None, charging: bool,
            allowance: int) -> tuple[Hero | None, bool, int]:
    """Detection re-checked after each square moved and each door opened: a moving unit that now
    sees or smells a hero charges it, with its charge allowance less the movement already made
    (the door it has just opened with its last point included)."""
    sq = z.sq
    if charging or sq is None or not _standing(g, z) or not _senses_any(g, z, sq):
        return target, charging, allowance
    found, charging = choose_target(g, ctx, z, sq, announce=False)
    return found, charging, g.mission.units[z.cls].charge


def _senses_any(g: Game, z: Infected, sq: int) -> bool:
    """Whether ``z`` at ``sq`` sees or smells some detectable hero (a loop, not ``any`` over a generator)."""
    for h in g.detectable():
        if senses(g, z, sq, h):
            return True
    return False


def _standing(g: Game, z: Infected) -> bool:
    return z.id in g.infected and z.sq is not None and not z.prone


def _enter(g: Game, ctx: Context, z: Infected, enter: int, target: Hero | None, charging: bool,
           allowance: int) -> int:
    """Step onto the board at the spawn point; the movement used, or 0 when it cannot."""
    there = g.at.get(enter)
    if there is None:
        if target is not None:
            z.facing = face(g, enter, target.sq, z.facing)
        g.place(z, enter)
        g.emit(EventKind.ENTER, z.tag, f"{g.label(z).capitalize()} enters at {g.show(enter)}", enter)
        alert_fire(g, ctx, z, 1)
        return 1
    if isinstance(there, Infected) and charging and allowance >= 2 and target is not None:
        field = g.mission.field(goals(g, enter, target), g.active, g.doors)
        here = field.to(enter)
        if here < UNREACHABLE:
            hops = _through(g, enter, here, field, allowance - 1, (enter,))
            if hops:
                g.emit(EventKind.ENTER, z.tag, f"{g.label(z).capitalize()} enters at {g.show(enter)}", enter)
                _, path, _ = _pick(g, ctx, z, hops)
                _step(g, z, path, target, True)
                alert_fire(g, ctx, z, len(path))
                return len(path)
    g.emit(EventKind.BLOCKED, z.tag, f"{g.label(z).capitalize()} cannot enter: {g.show(enter)} is occupied", enter)
    g.remove(z)
    return 0


def _hops(g: Game, sq: int, here: int, field: Field, charging: bool,
          left: int) -> list[tuple[int, tuple[int, ...], int]]:
    """Where one more move along a shortest path can end: (landing, squares moved, door to open or -1).
    ``here``: ``sq``'s points in ``field``, so every square closer is settled in it."""
    m = g.mission
    out: list[tuple[int, tuple[int, ...], int]] = []
    for n, door in m.step_all[sq]:
        cost = m.door_cost(door, g.doors)
        if field.known(n) + cost != here:
            continue
        unit = g.at.get(n)
        if cost == 2:
            if unit is None:
                out.append((n, (n,), door))
        elif unit is None:
            out.append((n, (n,), -1))
        elif charging and isinstance(unit, Infected):
            out += _through(g, n, here - 1, field, left - 1, (n,))
    seen: set[int] = set()
    unique = []
    for hop in out:
        if hop[0] not in seen:
            seen.add(hop[0])
            unique.append(hop)
    return unique


def _through(g: Game, sq: int, here: int, field: Field, left: int, path: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], int]]:
    """Landings beyond squares held by infected, each square one movement point (``here``: ``sq``'s points)."""
    if left < 1:
        return []
    m = g.mission
    out = []
    for n, door in m.step_all[sq]:
        if n in path or m.door_cost(door, g.doors) != 1 or field.known(n) + 1 != here:
            continue
        unit = g.at.get(n)
        if unit is None:
            out.append((n, path + (n,), -1))
        elif isinstance(unit, Infected):
            out += _through(g, n, here - 1, field, left - 1, path + (n,))
    return out


def _pick(g: Game, ctx: Context, z: Infected, hops: Any) -> Any:
    if len(hops) == 1:
        return hops[0]
    options = [Choice(landing, g.show(landing)) for landing, _, _ in hops]
    pick = ctx.choose(g.ruleset.decider, f"{g.label(z)} moves: which square", options, topic=Topic.STEP)
    return next(hop for hop in hops if hop[0] == pick.key)


def _open(g: Game, ctx: Context, z: Infected, door: int) -> None:
    g.doors |= 1 << door
    edge = g.mission.doors[door].edge
    g.emit(EventKind.DOOR, z.tag, f"{g.label(z).capitalize()} opens the door at {g.mission.show_edge(edge)}", edge)
    door_opened(g, ctx, door)


def _step(g: Game, z: Infected, path: tuple[int, ...], target: Hero, charging: bool) -> None:
    m = g.mission
    last = z.sq if len(path) == 1 else path[-2]
    assert last is not None
    landing = path[-1]
    if m.floor_of[last] == m.floor_of[landing]:
        (ax, ay), (bx, by) = m.xy[last], m.xy[landing]
        (tx, ty) = m.xy[target.sq] if m.floor_of[target.sq] == m.floor_of[landing] else (bx, by)
        z.facing = facing_of(bx - ax, by - ay, (tx - bx, ty - by)) or z.facing
    g.place(z, landing)
    verb = "charges" if charging else "moves"
    through = "" if len(path) == 1 else " through " + ", ".join(g.show(s) for s in path[:-1])
    g.emit(EventKind.STEP, z.tag, f"{g.label(z).capitalize()} {verb}{through} to {g.show(landing)}", landing)


def _face_onward(g: Game, z: Infected, target: Hero, way: Way) -> None:
    """At the end of its move a unit faces its next square of movement."""
    m, sq = g.mission, z.sq
    assert sq is not None
    field = way.to(g, sq, target)
    here = field.to(sq)
    if here == UNREACHABLE or here == 0:
        z.facing = face(g, sq, target.sq, z.facing)
        return
    for n, door in m.step_all[sq]:
        if field.known(n) + m.door_cost(door, g.doors) == here and m.floor_of[n] == m.floor_of[sq]:
            (ax, ay), (bx, by) = m.xy[sq], m.xy[n]
            tx, ty = m.xy[target.sq]
            z.facing = facing_of(bx - ax, by - ay, (tx - ax, ty - ay)) or z.facing
            return


def grab(g: Game, ctx: Context, z: Infected, h: Hero) -> None:
    """``z`` reaches a square it can grab ``h`` from: a grab test, or straight onto a prone hero."""
    assert z.sq is not None
    z.facing = face(g, z.sq, h.sq, z.facing)
    if h.prone:
        g.emit(EventKind.GRAB, z.tag, f"{g.label(z).capitalize()} falls on {h.name}, who is prone: no grab test", h.sq)
        hold(g, h, z)
        bite_test(g, ctx, h, z)
        return
    result = grab_test(g, ctx, h, z)
    if result == "taken_down":
        g.emit(EventKind.TAKEN_DOWN, h.id, f"{h.name} is taken down", h.sq)
        hold(g, h, z)
        bite_test(g, ctx, h, z)
    elif result == "knockdown":
        h.prone = True
        h.alert = None
        g.emit(EventKind.KNOCKED_DOWN, h.id, f"{h.name} is knocked down", h.sq)


# --- alert fire ----------------------------------------------------------------------------


def alert_fire(g: Game, ctx: Context, z: Infected, squares: int) -> None:
    """Heroes on alert may attack ``z``, which has just moved ``squares`` squares."""
    m = g.mission
    for h in g.heroes:
        if not _standing(g, z) or z.sq is None:
            return
        if h.alert is None or not h.on_board or h.grapplers or m.floor_of[h.sq] != m.floor_of[z.sq]:
            continue
        if not ahead(h.alert, m.xy[h.sq], m.xy[z.sq]):
            continue
        cards = h.active_cards()
        if any(m.gear[c.eq].kind == "ballistic" for c in cards):
            _alert_shots(g, ctx, h, z, cards, squares)
        elif any(m.gear[c.eq].kind == "melee" for c in cards):
            _alert_blow(g, ctx, h, z, [c for c in cards if m.gear[c.eq].kind == "melee"])


def _alert_shots(g: Game, ctx: Context, h: Hero, z: Infected, cards: list[Card], squares: int) -> None:
    for _ in range(squares):
        if z.sq is None:
            return
        modes = [mode for mode in fire_modes(g, h, cards) if all(in_range(g, c, h.sq, z.sq) for c in mode[1])]
        if not modes or not g.hero_sees(h.sq, z.sq):
            return
        options = [Choice(HOLD, "hold fire")]
        options += [Choice(key or "fire", f"fire {words}".strip()) for key, _, _, words in modes]
        pick = ctx.choose(g.ruleset.hero_side, f"{h.name} is on alert: fire at {g.label(z)} ({g.show(z.sq)})?", options, h.id,
                          Topic.FIRE)
        if pick.key == HOLD:
            continue
        _, used, auto, _ = next(mode for mode in modes if (mode[0] or "fire") == pick.key)
        attack(g, ctx, h, z, "alert", used, auto=auto)
        if not _standing(g, z):
            return


def _alert_blow(g: Game, ctx: Context, h: Hero, z: Infected, cards: list[Card]) -> None:
    if z.id in h.melee_alerted or z.sq not in g.mission.reach(h.sq, g.doors):
        return
    options = [Choice(HOLD, "hold"), Choice("attack", "attack")]
    pick = ctx.choose(g.ruleset.hero_side, f"{h.name} is on alert: attack {g.label(z)} ({g.show(z.sq)})?", options, h.id,
                      Topic.STRIKE)
    h.melee_alerted.add(z.id)
    if pick.key != HOLD:
        attack(g, ctx, h, z, "alert-melee", cards[:1])
