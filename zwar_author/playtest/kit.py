"""What the bots do with Exodus's gear: reloading, crafting, keycards, crates, the rib and NPCs.

``bots.Bot`` calls in here where a game has these things; a Z War One game
never has them, so nothing here changes how Z War One is played.

- Reload when the active gun is empty (or low and nothing is near), craft a
  Med Pack as soon as a hero is bitten and holds Rags and Alcohol, use it.
- Jobs: a keycard that opens a shut locked door nobody can open, crates near
  the team (search cards for ammunition and crafting) while the turns left
  cover the detour with one to spare, and fetching an NPC the victory must
  escort.
- The rib: when the job lies across open water, walk to the rib, step
  aboard, drive it (the driver plans over squares and facings, by AP) to the
  landing nearest the job, and step off.
- An NPC stays where it is until a hero comes for it, then heads for the
  exit with the heroes (never more than 3 squares from one), opening doors on
  the way, and leaves; the heroes leave after it.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Any, Final

from ..engine import rib as boat
from ..engine.actions import Action
from ..engine.legal import unlocked
from ..engine.mission import Mission, Slot
from ..engine.state import Game, Hero, pos, short
from ..engine.vocab import Verb
from ..geometry.facing import FACINGS
from .routes import facts, route

if TYPE_CHECKING:
    from .bots import Bot, ByVerb

INF: Final = 1 << 30
CRATE_DETOUR: Final = 6  # route squares the team goes out of its way for a crate
FETCHED: Final = 3  # route squares from an NPC at which a hero has come for it

FIELDS_KEPT: Final = 512
WaterValues = dict[tuple[int, str], int]


def _water_fields(m: Mission) -> dict[tuple[object, ...], WaterValues]:
    return {}


#: the rib's driving values, by (goal, doors, keycards held), kept with the mission in this slot
#: (``Mission.own``): like the bots' distance fields, for every game of it rather than in one bot
WATER: Final = Slot("kit.water", _water_fields)
# The verbs ``supplies`` reads at every decision, as constants of the compiled module (see bots.py).
CRAFT: Final = Verb.CRAFT
MEDPACK: Final = Verb.MEDPACK
RELOAD: Final = Verb.RELOAD


def supplies(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """Reload an empty gun (or a low one with nothing near), craft and use a Med Pack once bitten."""
    for a in by_verb.get(CRAFT, []):
        if h.stage >= 1 and g.mission.equipment[_equipment(g, a.card)].kind == "medical":
            return a
    if h.stage >= 1 and g.ruleset.end_phase_infection and by_verb.get(MEDPACK):
        return by_verb[MEDPACK][0]  # the infection moves on every turn: cure it at once
    reloads = by_verb.get(RELOAD, [])
    if reloads:
        kind = facts(g.mission).kind
        guns = [c for c in h.active_cards() if kind[c.eq] == "ballistic" and c.ammo is not None]
        empty = any(c.ammo == 0 for c in guns)
        low = any(c.ammo is not None and c.ammo <= 2 for c in guns)
        if empty or (low and not _foes_near(g, h, 6)):
            return reloads[0]
    return None


def _equipment(g: Game, ref: str) -> str:
    return next(e for e in g.mission.equipment if short(e) == ref)


def _foes_near(g: Game, h: Hero, squares: int) -> bool:
    dist = g.mission.route_from(h.sq, -1)
    return any(dist.get(pos(z), INF) <= squares for z in g.board_infected() if not z.prone)


def jobs(g: Game, team: list[int], detours: bool) -> list[tuple[int, tuple[int, ...]]]:
    """Extra jobs: keycards nobody holds for shut locked doors, NPCs to fetch, and (``detours``) crates near."""
    m = g.mission
    found: list[tuple[int, tuple[int, ...]]] = []
    if g.keycards:  # (most missions have none lying about)
        held = {k for o in g.heroes for k in o.keycards}
        shut = {d.key for d in facts(m).locked if not g.doors >> d.index & 1 and not unlocked(g, d)}
        found += [(400 + sq, (sq,)) for sq, colour in sorted(g.keycards.items()) if colour in shut and colour not in held]
    for npc in _escorted(g):
        if not any(_route(g, sq, npc.sq) <= FETCHED for sq in team):
            near = tuple(sorted(n for n in m.steps(npc.sq, -1) if m.standable[n]))
            if near:
                found.append((500 + npc.sq, near))
    if detours and g.crates:
        found += [(600 + sq, (sq,)) for sq in sorted(g.crates)
                  if any(_route(g, t, sq) <= CRATE_DETOUR for t in team) and _time_for(g, team, sq)]
    return found


def time_limit(c: Any) -> int | None:
    """The mission's own time limit against the heroes (the first `after_turn` that ends their game), which
    comes before the tracker's last turn; None without one."""
    turns = [cond.after_turn for cond in c.defeat if cond.after_turn]
    turns += [cond.after_turn for cond in c.victory if cond.after_turn and cond.side not in ("heroes", "")]
    return min(turns, default=None)


def turns_left(g: Game) -> int:
    """Turns the heroes still have after this one: to the mission's own time limit when it has one, else
    to the tracker's last turn."""
    limit = time_limit(g.mission.compiled)
    last = g.setup.max_turns if limit is None else min(limit, g.setup.max_turns)
    return last - g.turn


def _time_for(g: Game, team: list[int], crate: int) -> bool:
    """Whether the turns left cover the walk to ``crate`` and on from it to the nearest exit (or back
    to the team, when the mission has no exit; nothing, when the way on is by the rib) with a turn to
    spare, at the slowest hero's pace."""
    heroes = [h for h in g.heroes if h.on_board and not h.npc]
    ap = min((h.ap_turn for h in heroes if h.ap_turn), default=4)
    pace = 3 * (ap // 2) + ap % 2  # squares a turn, sprinting where it can
    there = min(_route(g, t, crate) for t in team)
    exits = [sq for sq, closed in g.mission.exits.items() if g.exits_open or not closed] or team
    on = min(_route(g, crate, sq) for sq in exits)
    on = 0 if on >= INF else on
    return turns_left(g) * pace >= there + on + pace


def _escorted(g: Game) -> list[Hero]:
    ids = facts(g.mission).escort
    return [h for h in g.heroes if h.npc and h.id in ids and h.on_board] if ids else []


def _route(g: Game, a: int, b: int) -> int:
    return route(g.mission, a, b)


# --- the rib -------------------------------------------------------------------------------


def cross(bot: Bot, g: Game, h: Hero, goal: tuple[int, ...], by_verb: ByVerb) -> Action | None:
    """``goal`` is out of reach on foot: board the rib, drive it to the landing nearest the goal, step off."""
    rib = g.rib
    if rib is None:
        return None
    land = bot.field(g, goal)
    if boat.is_aboard(g, h):
        off = [a for a in by_verb.get(Verb.MOVE, []) + by_verb.get(Verb.STEP, []) if land.get(a.to, INF) < INF]
        if off:
            return min(off, key=lambda a: (land[a.to], a.to))
        if boat.driver(g) is not h or _left_behind(bot, g):
            return None
        value = _water_values(bot, g, goal, land)
        here = value.get((rib.sq, rib.facing), INF)
        best, score = None, here
        for a in by_verb.get(Verb.RIB_MOVE, []) + by_verb.get(Verb.RIB_THROTTLE, []) + by_verb.get(Verb.RIB_TURN, []) \
                + by_verb.get(Verb.RIB_REVERSE, []):
            after = (a.to, rib.facing) if a.to >= 0 else (rib.sq, a.mode)
            total = value.get(after, INF) + g.mission.ap_costs.get(a.verb, 1)
            if total <= score and (best is None or total < score):
                best, score = a, total
        return best
    boarding = [a for a in by_verb.get(Verb.MOVE, []) if a.to == rib.sq]
    if boarding and _value_from_rib(bot, g, goal, land) < INF:
        return boarding[0]
    shore = tuple(sorted(n for n in g.mission.adjacent(rib.sq) if boat.can_board_from(g, n)))
    if not shore or _value_from_rib(bot, g, goal, land) >= INF:
        return None
    dist = bot.field(g, shore)
    here = dist.get(h.sq, INF)
    if here >= INF or here == 0:
        return None
    steps = by_verb.get(Verb.STEP, []) or by_verb.get(Verb.MOVE, [])
    return bot._best_step(g, h, steps, dist, here)


def _left_behind(bot: Bot, g: Game) -> bool:
    """Whether a hero who could still walk to the rib is not aboard yet: the driver waits for them."""
    rib = g.rib
    assert rib is not None
    shore = tuple(sorted(n for n in g.mission.adjacent(rib.sq) if boat.can_board_from(g, n) or n in g.at))
    if not shore or len(boat.aboard(g)) >= boat.CAPACITY:
        return False
    dist = bot.field(g, shore)
    return any(not o.npc and o.on_board and not boat.is_aboard(g, o) and dist.get(o.sq, INF) < INF for o in g.heroes)


def _value_from_rib(bot: Bot, g: Game, goal: tuple[int, ...], land: dict[int, int]) -> int:
    rib = g.rib
    assert rib is not None
    return _water_values(bot, g, goal, land).get((rib.sq, rib.facing), INF)


def _water_values(bot: Bot, g: Game, goal: tuple[int, ...], land: dict[int, int]) -> dict[tuple[int, str], int]:
    """AP to bring the rib from each (square, facing) to a landing, plus the walk from there to ``goal``."""
    key = (goal, g.doors, frozenset(k for o in g.heroes for k in o.keycards))  # as the walk in ``land``
    fields = g.mission.own(WATER)
    found = fields.get(key)
    if found is not None:
        return found
    m = g.mission
    water = boat.water_squares(g)
    start: dict[tuple[int, str], int] = {}
    for sq in water:
        best = min((land.get(n, INF) for n in m.adjacent(sq) if boat.landing(g, sq, n)), default=INF)
        if best < INF:
            for f in FACINGS:
                start[(sq, f)] = best + 1
    # Dijkstra backwards: the predecessors of a state are the states one driving action before it
    preds = boat.predecessors(g, water)
    value = dict(start)
    queue = [(v, s) for s, v in start.items()]
    heapq.heapify(queue)
    while queue:
        v, s = heapq.heappop(queue)
        if v > value.get(s, INF):
            continue
        for p, verb in preds.get(s, ()):
            nv = v + m.ap_costs.get(verb, 1)
            if nv < value.get(p, INF):
                value[p] = nv
                heapq.heappush(queue, (nv, p))
    if len(fields) > FIELDS_KEPT:
        fields.clear()
    fields[key] = value
    return value


# --- NPCs ---------------------------------------------------------------------------------


def npc_move(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """An NPC waits for a hero to come for it, then heads for the exit (opening doors) and leaves."""
    if not any(not o.npc and o.on_board and _route(g, o.sq, h.sq) <= FETCHED for o in g.heroes) and \
            not any(o.status == "escaped" and not o.npc for o in g.heroes):
        return None
    if by_verb.get(Verb.EXIT):
        return by_verb[Verb.EXIT][0]
    if by_verb.get(Verb.STAND):
        return by_verb[Verb.STAND][0]
    exits = tuple(sorted(sq for sq, closed in g.mission.exits.items() if g.exits_open or not closed))
    if not exits:
        return None
    dist = bot.field(g, exits)
    here = dist.get(h.sq, INF)
    if here >= INF:
        return None
    for a in by_verb.get(Verb.OPEN, []):
        beyond = [s for s in g.mission.doors[a.square].sides if s != h.sq]
        if beyond and dist.get(beyond[0], INF) < here:
            return a
    heroes = [o.sq for o in g.heroes if not o.npc and o.on_board]
    steps = [a for a in by_verb.get(Verb.MOVE, []) if not heroes or any(_route(g, a.to, sq) <= FETCHED for sq in heroes)]
    return bot._best_step(g, h, steps, dist, here)  # never ahead of the heroes: alone, an NPC is soon bitten


def escort_pending(g: Game) -> bool:
    """Whether an NPC the victory escorts is still on its way (the heroes wait for it near the exit, and
    leave once it is close enough not to need them, freeing the exit squares for it)."""
    exits = [sq for sq, closed in g.mission.exits.items() if g.exits_open or not closed]
    return any(all(_route(g, npc.sq, sq) > FETCHED for sq in exits) for npc in _escorted(g))
