"""Bot heroes: policies that play only through the options the engine offers.

A policy is called with the game as the players see it (the board, the
figures, the cards in hand) and the pending request, and returns one of the
request's options. Bots never change the game and never look at dice to come:
they read the table, plan, and pick from ``legal_actions``.

- ``random``: any legal option, uniformly.
- ``cautious``: shoots what comes near or could charge it where it stands,
  keeps AP for an alert at the end of its move, steps around grab zones, never
  walks (or sprints) on into a charge without the AP left to answer it (it
  shoots from where it stands, or waits), aims rather than fires fast when its
  rounds run low, uses Blessed on failed attacks too.
- ``aggressive``: heads for the objectives at full speed and never waits for the
  others, fights only what stands next to it or in its way.

Both share the same plan: the heroes stay together and go for the unfinished
job nearest to all of them (an objective, an object the victory needs, the
keycard of a locked door that stands between them and a job, then the exit),
each walking a shortest path of legal steps (a sprint's towards the job chosen
when it began), opening the doors on the way (locked ones with the keycard in
hand), freeing friends from grapples, killing
what grabs at them, doing the task, picking up the object, and leaving by the
exit when the mission says so. In melee a hero strikes what stands next to it
before it executes what lies there (a knocked-down infected does nothing in
the infected move), spends a last AP on a blow at what lies next to it, steps
up and strikes in one action (Move & Melee) where a step ends next to an
infected, and spends Berserker on a turn of blows, in a grapple too. On the
way they pick up the items worth a detour (a med pack while no hero carries
one, a weapon for a hero without one, a spare gun a few AP off the way) and the
cautious bot searches the rooms it stands in when nothing is near and the turn
limit leaves time. Power perks are kept for hard turns, or for the turn whose
job only the extra AP can finish (see ``_powers``).

Exodus's gear (reloading, crafting, crates, the rib, NPCs to escort) is
played in ``kit``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..engine.actions import Action
from ..engine.api import random_policy as random_choice
from ..engine.chance import Choice, Request
from ..engine.combat import melee_bonus, read
from ..engine.legal import cost
from ..engine.mission import ALL, Mission, Unit
from ..engine.state import Game, Hero, Infected, pos
from ..engine.vocab import HeroStatus, Side, Topic, Verb
from ..engine.weapons import ballistic_cards
from . import kit
from .routes import NEAR, Memo, facts, memo, near_row, route

INF: Final = 1 << 30  # Final: a constant in the compiled module, not a lookup
RESCUE_RANGE: Final = 8  # squares a hero goes out of its way to free a friend from a grapple
AHEAD: Final = 4  # AP a hero may get ahead of the nearest friend on the way to a job
WEAPON_DETOUR: Final = 4  # AP more than the straight way that a hero goes for a spare gun
SCARCE: Final = 4  # rounds left in hand at or below which a hero aims rather than fires fast


def policy(name: str, seed: int) -> Callable[[Game, Request], object]:
    """A policy by name; ``seed`` seeds the random policy's own RNG (the bots leave nothing to chance)."""
    if name == "random":
        rng = random.Random(seed)
        return random_choice(rng)
    if name in STYLES:
        return Bot(STYLES[name])
    raise ValueError(f"unknown policy `{name}`: one of {', '.join(POLICIES)}")


@dataclass(frozen=True)
class Style:
    name: str
    shoot_within: int  # shoot infected this close (route squares) before moving on
    alert: bool  # end the move on alert when AP are left
    avoid_zones: bool  # step around grab zones when the path allows
    bless_attacks: bool  # spend Blessed on failed attacks (tests always)
    together: bool  # wait for the others rather than get ahead alone
    search: bool = False  # search the room it stands in when it is quiet and time allows


#: a hero's actions by verb, as ``Bot.choose`` hands them to each step: typed, so that compiled code reads it as a
#: dict (``by_verb.get`` a direct look-up, not a method found by name and called through Python) and each action
#: as a tuple (``a.to`` an item read, not an attribute looked up)
ByVerb = dict[str, list[Action]]


STYLES: Final = {
    "cautious": Style("cautious", shoot_within=4, alert=True, avoid_zones=True, bless_attacks=True, together=True,
                      search=True),
    "aggressive": Style("aggressive", shoot_within=2, alert=False, avoid_zones=False, bless_attacks=False,
                        together=False),
}
POLICIES = ("cautious", "aggressive", "random")
#: verbs no step of ``Bot.choose`` ever picks: the engine need not look for them
UNUSED = frozenset({Verb.MOVE_QUICK, Verb.QUICK_MOVE, Verb.MOVE_MELEE, Verb.MELEE_MOVE, Verb.MOVE_THROW,
                    Verb.THROW_MOVE, Verb.THROW, Verb.DIVE, Verb.GIVE, Verb.TAKE})
#: ... but a hero who fights in melee and has an infected two squares off steps up and strikes in one
MELEE_UNUSED = UNUSED - {Verb.MOVE_MELEE}
#: the attacks a step of ``Bot.choose`` picks only at an infected next to the hero (or at what holds a friend): left
#: out of the list while nothing stands or lies next to it and nobody is in a grapple (``_unasked``)
CLOSE_ATTACKS: Final = frozenset({Verb.MELEE, Verb.EXECUTE, Verb.HITMAN})
#: ``_unused``'s two sets with ``CLOSE_ATTACKS``, made once (the lists find their ``Skips`` by the set)
FAR_UNUSED: Final = UNUSED | CLOSE_ATTACKS
FAR_MELEE_UNUSED: Final = MELEE_UNUSED | CLOSE_ATTACKS

# The verbs the bots read at every decision, as constants of the compiled module: written ``Verb.QUICK``, each
# use looks the member up on the enum class (about 85 ns compiled), several dozen times a decision.
AIMED: Final = Verb.AIMED
ALERT: Final = Verb.ALERT
BERSERKER: Final = Verb.BERSERKER
DEAD_EYE: Final = Verb.DEAD_EYE
END: Final = Verb.END
END_TURN: Final = Verb.END_TURN
EXECUTE: Final = Verb.EXECUTE
EXIT: Final = Verb.EXIT
HITMAN: Final = Verb.HITMAN
MEDPACK: Final = Verb.MEDPACK
MELEE: Final = Verb.MELEE
MELEE_MOVE: Final = Verb.MELEE_MOVE
MOVE: Final = Verb.MOVE
MOVE_MELEE: Final = Verb.MOVE_MELEE
OPEN: Final = Verb.OPEN
QUICK: Final = Verb.QUICK
REDLINE: Final = Verb.REDLINE
RELOAD: Final = Verb.RELOAD
SEARCH: Final = Verb.SEARCH
SPRINT: Final = Verb.SPRINT
STAND: Final = Verb.STAND
STEP: Final = Verb.STEP
STOP: Final = Verb.STOP
SWEEP: Final = Verb.SWEEP
TASK: Final = Verb.TASK
WEAPON: Final = Verb.WEAPON


@mypyc_attr(allow_interpreted_subclasses=True)  # planner.Medic and versus.AgentBot are plain Python
@dataclass
class Bot:
    style: Style
    #: the goal of the hero's last decision outside a sprint, and for which sprint it holds: (hero, turn, the AP a
    #: sprint begun there leaves); ``goal`` keeps it through the sprint's steps
    sprint_goal: tuple[tuple[str, int, int], tuple[int, ...]] | None = None

    def __call__(self, g: Game, request: Request) -> Any:
        if request.topic == Topic.HERO:
            return self.hero_move(g, request.options)
        return self.decide(g, request)

    # --- decisions other than hero actions -------------------------------------------------

    def decide(self, g: Game, request: Request) -> Any:
        options = request.options
        if request.topic == Topic.FIRE:
            return _best_fire(options)
        if request.topic == Topic.STRIKE:
            return _option(options, "attack") or options[0]
        if request.topic == Topic.BLESSED_TEST:
            return _option(options, "yes")
        if request.topic == Topic.BLESSED:
            return _option(options, "yes") if self.style.bless_attacks else _option(options, "no")
        if request.topic == Topic.DOUBLE_TAP:
            return _option(options, "yes")
        if request.topic == Topic.KNEECAP:
            return _option(options, "no")
        if request.topic == Topic.LOOT:  # stop the director's cards when the infected are close
            return options[-1] if any(_danger(g, h) for h in _board(g)) else options[0]
        if request.topic == Topic.PLACE and all(isinstance(o.key, int) for o in options):
            if request.side == Side.DIRECTOR:  # the director puts infected as close to the heroes as allowed
                return min(options, key=lambda o: (_nearest_hero(g, o.key), o.key))
            return max(options, key=lambda o: (_nearest_hero(g, o.key), -o.key))  # as far from us as allowed
        return options[0]

    # --- the hero move -------------------------------------------------------------------

    def hero_move(self, g: Game, options: Sequence[Action]) -> Action:
        """The first hero in order (the one mid-move, then the ones in trouble) with something
        worth doing does it; else the heroes end the turn. Each hero's options are asked of the
        request one hero at a time when it can give them so (``LegalActions.of``), without the
        verbs the bots never choose (``UNUSED``), whose search the engine then skips."""
        per_hero = getattr(options, "of", None)
        mine: dict[str, list[Action]] = {}
        if per_hero is None:
            for a in options:
                mine.setdefault(a.hero, []).append(a)
        moving = [h for h in g.heroes if h.on_board and not h.done]
        heroes = [h for h in moving if h.id == g.current]  # the hero mid-move first
        for turn in range(2):
            if turn:  # then the others by urgency, sized up only once the one mid-move has nothing to do
                heroes = _by_urgency(g, [h for h in moving if h.id != g.current])
            for h in heroes:
                acts = per_hero(h.id, without=self.unasked(g, h)) if per_hero is not None else mine.get(h.id, [])
                choice = self.choose(g, h, acts) if acts else None
                if choice is not None:
                    return choice
        if getattr(options, "many", False):
            return options[-1]  # end turn: always last when it is offered
        end_turn = next((a for a in options if a.verb == END_TURN), None)
        return end_turn or options[0]

    def unasked(self, g: Game, h: Hero) -> frozenset[Verb]:
        """The verbs ``hero_move`` leaves out of ``h``'s options: those no step of ``choose`` would pick now
        (``_unasked``). A subclass whose ``choose`` reads other verbs says so here."""
        return _unasked(g, h)

    def choose(self, g: Game, h: Hero, acts: list[Action]) -> Action | None:
        """The action ``h`` takes now, or None when it has nothing worth doing (its move ends)."""
        by_verb = _by_verb(acts)
        end = by_verb.get(END)
        if h.npc:
            return kit.npc_move(self, g, h, by_verb) or (end[0] if end else None)
        # The steps in order, the first with an action wins (an action is a tuple of eight fields: never false). Called
        # by name, not from a tuple of the functions: compiled code then calls each directly, not through Python.
        return (_free(self, g, h, by_verb) or kit.supplies(self, g, h, by_verb) or _powers(self, g, h, by_verb)
                or _grappled(self, g, h, by_verb) or _rescue(self, g, h, by_verb) or _threats(self, g, h, by_verb)
                or _stand(self, g, h, by_verb) or _jobs(self, g, h, by_verb) or Bot._shoot(self, g, h, by_verb)
                or _search_room(self, g, h, by_verb) or Bot._walk(self, g, h, by_verb)
                or Bot._alert(self, g, h, by_verb) or (end[0] if end else None))

    def _shoot(self, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
        """Thin out what comes near: the best shot at an infected within ``shoot_within`` squares."""
        if h.stride:
            return None
        shots = [a for v in (AIMED, QUICK) for a in by_verb.get(v, [])]
        if not shots:
            return None
        near = _standing_within(g, h, self.style.shoot_within)
        if self.style.alert:  # and what can charge it where it stands: it is coming anyway
            near |= _charging(g, h.sq, {a.target for a in shots} - near)
        return _best_attack(g, h, [a for a in shots if a.target in near], min_chance=0.45)

    def _walk(self, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
        if self.style.alert and h.ap <= 2 and not h.stride and by_verb.get(ALERT) and _danger(g, h):
            return None  # keep the last 2 AP for an alert
        goal = self.goal(g, h)
        if not goal:
            return None
        dist = self.field(g, goal)
        here = dist.get(h.sq, INF)
        if here >= INF and g.rib is not None:  # across open water: the rib
            return kit.cross(self, g, h, goal, by_verb)
        if here == 0 or here >= INF:
            return None
        if self.style.together and not h.stride and here < _nearest_other(g, h, dist) - AHEAD:
            return None  # wait for the others: alone, a hero is soon taken down
        for a in by_verb.get(OPEN, []):  # a shut door on the way
            beyond = [s for s in g.mission.doors[a.square].sides if s != h.sq]
            if beyond and dist.get(beyond[0], INF) < here:
                return a
        steps = by_verb.get(STEP, []) or by_verb.get(MOVE, [])
        best = self._best_step(g, h, steps, dist, here)
        if best is None:
            return by_verb[STOP][0] if h.stride and by_verb.get(STOP) else None
        if h.stride:
            return best
        near = _standing_near(g, h, best.to) if by_verb.get(MOVE_MELEE) else set()
        blow = _best_attack(g, h, [a for a in by_verb.get(MOVE_MELEE, []) if a.to == best.to and a.target in near],
                            min_chance=0.3)
        if blow is not None:
            return blow  # the step ends next to an infected: strike it on arrival, for the same AP
        sprint = here >= 3 and bool(by_verb.get(SPRINT)) and not _threatened(g, h)
        to, left = (_landing(g, dist, h.sq), h.ap - 2) if sprint else (best.to, h.ap - 1)
        if self.style.alert and left < 2 and _threat(g, to) and not _threat(g, h.sq):
            if sprint and h.ap >= 4:
                return best  # step rather than sprint, and keep the AP to answer
            return _answer(g, h, by_verb, to)  # not on into a charge without the AP to answer it
        return by_verb[SPRINT][0] if sprint else best

    def _best_step(self, g: Game, h: Hero, steps: list[Action], dist: dict[int, int], here: int) -> Action | None:
        """The step that gains the most ground, weighed against the infected that could grab the
        hero there: heavily where the move ends, lightly on the way."""
        last = h.ap <= 1 if not h.stride else (h.stride == 1 and h.ap == 0)
        weight = (6 if last else 2) if self.style.avoid_zones else (2 if last else 0)
        kept = memo(g.mission)
        foes = _standing(g) if weight else []  # read once for all the steps weighed
        scored = []
        for a in steps:
            d = dist.get(a.to, INF)
            if d < here:
                risk = sum(1 for at, cls in foes if _charges(g, kept, cls, at, a.to))  # ``_threat(g, a.to)``
                scored.append((d + weight * risk, d, a.to, a))
        return min(scored)[-1] if scored else None

    def _alert(self, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
        if not self.style.alert or not by_verb.get(ALERT):
            return None
        foes = [z for z in g.board_infected() if g.mission.floor_of[pos(z)] == g.mission.floor_of[h.sq]]
        if not foes:
            return None
        nearest = min(foes, key=lambda z: _route(g, h.sq, pos(z)))
        (hx, hy), (zx, zy) = g.mission.xy[h.sq], g.mission.xy[pos(nearest)]
        dx, dy = zx - hx, zy - hy
        facing = ("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N")
        return next((a for a in by_verb[ALERT] if a.mode == facing), by_verb[ALERT][0])

    # --- planning ------------------------------------------------------------------------

    def goal(self, g: Game, h: Hero) -> tuple[int, ...]:
        """The squares ``h`` heads for (``_goal``), decided when a sprint begins and kept through its steps: a
        sprint's three squares are one plan. Weighing every job again at each step was half of a sprint step's
        decision and about 6% of a cautious game's instructions; nothing moves during a sprint but the
        sprinter (and what it picks up on the way), so the goal seldom changes there: a rule of the bot's, which
        changed none of the core missions' seeded games (``bench/same_games.py``)."""
        kept = self.sprint_goal
        if h.stride and kept is not None and kept[0] == (h.id, g.turn, h.ap):
            return kept[1]
        found = self._goal(g, h)
        self.sprint_goal = ((h.id, g.turn, h.ap if h.stride else h.ap - cost(g, h, SPRINT)), found)
        return found

    def _goal(self, g: Game, h: Hero) -> tuple[int, ...]:
        """The squares ``h`` heads for now: a friend in a grapple nearby, its job (an objective, an
        object), or the exit."""
        for other in _board(g):
            if other is not h and other.grapplers and _route(g, h.sq, other.sq) <= RESCUE_RANGE:
                near = tuple(sorted(n for n in g.mission.reach(other.sq, g.doors) if g.mission.standable[n]))
                if near and h.sq not in near:
                    return near
        jobs = _jobs_left(g)
        if not jobs:
            return _exit_squares(g) if _wants_escape(g) else ()
        team = [o.sq for o in _board(g) if not o.npc]
        far = 10_000  # a hero who cannot walk to any job (across water, aboard the rib) weighs the same on each
        # the AP the team needs for each job, its number, and its place in the list: the least wins, the lowest
        # number and then the first listed on a tie (the totals worked out in the list: ``min`` with a key would
        # call it through Python's calling convention, once a job)
        weighed = [(_total(self.field(g, squares), team, far), number, i) for i, (number, squares) in enumerate(jobs)]
        return jobs[min(weighed)[2]][1]

    def field(self, g: Game, goal: tuple[int, ...]) -> dict[int, int]:
        return distance_field(g, goal)


def _by_verb(acts: list[Action]) -> ByVerb:
    """``acts`` by verb, each verb's in their order, the verbs in the order first met."""
    by_verb: ByVerb = {}
    for a in acts:
        by_verb.setdefault(a.verb, []).append(a)
    return by_verb


def _unused(g: Game, h: Hero) -> frozenset[Verb]:
    """The verbs not to ask the engine for ``h``: ``UNUSED``, less Move & Melee when ``h`` has no loaded
    gun in hand and a standing infected is two squares off or nearer (the search is not free)."""
    if h.stride or h.grapplers or h.prone or ballistic_cards(g, h) or not _standing_within(g, h, 2):
        return UNUSED
    return MELEE_UNUSED


def _unasked(g: Game, h: Hero) -> frozenset[Verb]:
    """``_unused``, and the attacks no step of ``Bot.choose`` can pick while nothing is next to ``h``: every step
    reads melee blows, executions and Hit Man's shots only at an infected on a square next to ``h``
    (``_threats``, ``_powers``) or in a grapple (``_grappled``, ``_rescue``). Most decisions have none there, and
    the engine's searches for those targets are then left out: the answer of every step is the same, as its
    filter would have let none of them through."""
    without = _unused(g, h)
    if h.stride or h.npc or any(o.grapplers for o in g.heroes):
        return without  # (a sprint's list searches no blows but Hit & Run's: nothing to spare)
    at = g.at
    for n in g.mission.reach(h.sq, g.doors):
        if isinstance(at.get(n), Infected):
            return without
    return FAR_MELEE_UNUSED if without is MELEE_UNUSED else FAR_UNUSED


def _total(dist: dict[int, int], squares: list[int], far: int) -> int:
    """The AP all of ``squares`` need to reach a goal (``dist``: its field), each counted at most ``far``."""
    return sum(min(dist.get(sq, INF), far) for sq in squares)


def _keys_held(g: Game) -> frozenset[str]:
    """The colours of the keycards the heroes hold, as far as they open a door: none on a mission without locked
    doors (a field's key, asked at every distance field: there the keycards change no distance)."""
    if not facts(g.mission).locked:
        return NO_KEYS
    return frozenset(k for o in g.heroes for k in o.keycards)


NO_KEYS: Final[frozenset[str]] = frozenset()


def distance_field(g: Game, goal: tuple[int, ...]) -> dict[int, int]:
    """AP a hero needs to reach ``goal``, from every square: a step 1, a shut door 1 more
    (a locked one only with a keycard some hero holds, never a blast door). Kept by (goal, doors open,
    keycards held) for every game the process plays of the mission (``routes.memo``), as games of one
    mission open the same doors in much the same order; the last few also by their goal's identity
    (``Memo.recent``), which spares hashing the goal again within a decision."""
    keys = _keys_held(g)
    m = g.mission
    kept = memo(m)
    found = kept.recent(goal, g.doors, keys)
    if found is not None:
        return found
    key = (goal, g.doors, keys)
    found = kept.fields.get(key)
    if found is None:
        found = kept.fields.put(key, _search(m, goal, g.doors, keys))
    kept.remember(goal, g.doors, keys, found)
    return found


def _search(m: Mission, goal: tuple[int, ...], doors: int, keys: frozenset[str]) -> dict[int, int]:
    """``m.distances_to(goal, cost)`` for the cost ``distance_field`` names (onto a standable square: a step 1,
    through a shut door 2, a shut blast door or a locked one without its keycard never), the same distances:
    as steps cost 1 or 2, a list of squares per distance stands for the heap (Dial's search), and each door's
    cost is read once per search, not asked of a function at every step (about 4,600 steps a search)."""
    through = [1 if doors >> d.index & 1 else
               0 if d.kind == "blast" or (d.kind == "locked" and d.key not in keys) else 2 for d in m.doors]
    standable, step_all = m.standable, m.step_all
    dist = [INF] * m.size
    for sq in goal:
        dist[sq] = 0
    buckets: list[list[int]] = [list(goal)]
    reached = list(goal)  # in the order first reached, as the dict the field is keeps them
    d = 0
    while d < len(buckets):
        for sq in buckets[d]:
            if dist[sq] != d:
                continue  # reached by a shorter way after it was put here
            for n, door in step_all[sq]:
                if not standable[n]:
                    continue
                step = 1 if door < 0 else through[door]
                if step and d + step < dist[n]:
                    if dist[n] == INF:
                        reached.append(n)
                    dist[n] = d + step
                    while len(buckets) <= d + step:
                        buckets.append([])
                    buckets[d + step].append(n)
        d += 1
    return {sq: dist[sq] for sq in reached}


# --- the steps of a decision -----------------------------------------------------------------


def _free(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """Free actions worth taking: a med pack once bitten twice, a weapon in hand. An empty gun the hero
    can reload stays in hand unless an infected stands next to it (a blade is quicker then); a blade
    goes back in the bag for a loaded gun once nothing stands next to the hero."""
    if h.stage >= 2 and by_verb.get(MEDPACK):
        return by_verb[MEDPACK][0]
    kind = facts(g.mission).kind  # each card's kind, by equipment id
    active = h.active_cards()
    loaded = any(kind[c.eq] == "ballistic" and (c.ammo is None or c.ammo > 0) for c in active)
    if loaded or not by_verb.get(WEAPON):
        return None
    near = bool(h.grapplers) or bool(_standing_near(g, h))
    if any(kind[c.eq] == "melee" for c in active):
        if near:
            return None
        kinds: tuple[str, ...] = ("ballistic",)
    elif by_verb.get(RELOAD) and not near:
        return None  # reload it (``kit.supplies``)
    else:
        kinds = ("ballistic", "melee")
    for a in by_verb[WEAPON]:
        cards = [c for n in a.card.split("+") if (c := h.card(n)) is not None]
        if any(kind[c.eq] in kinds and (c.ammo is None or c.ammo > 0) for c in cards):
            return a
    return None


def _powers(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """A power perk when the turn is a hard one (three uses a game, so never on a quiet turn):
    Berserker when its best attack on what holds it in a grapple or can grab it is a melee one and it has
    the AP for two blows or more, Redline for the AP to fight out
    of a grapple, Dead Eye when two or more infected are in its sights."""
    if by_verb.get(BERSERKER) and h.ap >= 2:
        near = set(h.grapplers) or _standing_near(g, h)
        best = _best_attack(g, h, [a for v in (QUICK, MELEE) for a in by_verb.get(v, []) if a.target in near])
        if best is not None and best.verb == MELEE:
            return by_verb[BERSERKER][0]
    if by_verb.get(REDLINE) and (h.grapplers or _finishes_only_with(bot, g, h, 2)):
        return by_verb[REDLINE][0]
    if by_verb.get(DEAD_EYE) and h.ap >= 2:  # (the aimed shots' targets read only then: seldom offered)
        aimed = {a.target for a in by_verb.get(AIMED, [])}
        if len(aimed & _standing_within(g, h, bot.style.shoot_within)) >= 2:
            return by_verb[DEAD_EYE][0]
    return None


def _standing_near(g: Game, h: Hero, sq: int = -1) -> set[int]:
    """The standing infected that can grab ``h`` where it stands (or on ``sq``)."""
    reach = g.mission.reach(h.sq if sq < 0 else sq, g.doors)  # the units on those squares (``Game.at``), looked up
    return {z.id for n in reach if isinstance(z := g.at.get(n), Infected) and not z.prone}


def _standing_within(g: Game, h: Hero, squares: int) -> set[int]:
    """The standing infected whose route from ``h`` is ``squares`` or fewer (``_route``, its row read once)."""
    standing = [z for z in g.board_infected() if not z.prone]
    if not standing:
        return set()  # no row asked for: as ``_route`` was not
    row = memo(g.mission).row(g.mission, h.sq, ALL)
    return {z.id for z in standing if row[pos(z)] <= squares}


def _grappled(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """Locked in a grapple: the attack most likely to kill, or sweep one off when none is likely."""
    if not h.grapplers:
        return None
    attacks = [a for v in (QUICK, MELEE) for a in by_verb.get(v, [])]
    best = _best_attack(g, h, attacks)
    if best is not None and _kill_chance(g, h, best) >= 0.3:
        return best
    sweeps = by_verb.get(SWEEP, [])
    if sweeps:
        return max(sweeps, key=lambda a: (_nearest_foe(g, a.square), -a.square))
    return best


def _rescue(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """Free a friend next to this hero: execute what holds them (no roll), else attack it."""
    if h.grapplers or not any(o.grapplers for o in g.heroes):  # (a friend in a grapple is one of the heroes)
        return None
    held: set[int] = set()
    for n in g.mission.reach(h.sq, g.doors):
        friend = g.at.get(n)
        if isinstance(friend, Hero) and friend.grapplers:  # not getattr with a default: an infected raises inside
            held.update(friend.grapplers)
    if not held:
        return None
    executions = [a for a in by_verb.get(EXECUTE, []) if a.target in held]
    if executions:
        return executions[0]
    attacks = [a for v in (QUICK, MELEE) for a in by_verb.get(v, []) if a.target in held]
    return _best_attack(g, h, attacks)


def _threats(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """Kill what can grab this hero: the likeliest attack on what stands next to it (what lies there
    does nothing in the infected move), then executions of what lies there (no roll), or with the last
    AP a blow at it (it gets up next to the hero in the end phase)."""
    if h.grapplers:
        return None
    near = [z for n in g.mission.reach(h.sq, g.doors) if isinstance(z := g.at.get(n), Infected)]  # the board's units
    if not near:  # by square: the few squares next to the hero looked up, not every infected's square searched for
        return None
    standing = {z.id for z in near if not z.prone}
    lying = {z.id for z in near if z.prone}
    attacks = [a for v in (QUICK, MELEE, AIMED, HITMAN) for a in by_verb.get(v, [])
               if a.target in standing]
    best = _best_attack(g, h, attacks)
    if best is not None:
        return best
    executions = [a for a in by_verb.get(EXECUTE, []) if a.target in lying]
    if executions:
        return executions[0]
    blows = [a for a in by_verb.get(MELEE, []) if a.target in lying]
    return _best_attack(g, h, blows, min_chance=0.3) if h.ap == 1 else None


def _stand(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """Out of a grapple but lying down: get up (a prone hero only crawls)."""
    return by_verb[STAND][0] if h.prone and not h.grapplers and by_verb.get(STAND) else None


def _jobs(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """A task on the spot, or leaving by the exit once the mission only wants the heroes out."""
    for a in by_verb.get(TASK, []):
        if a.target in _objectives_left(g):
            return a
    if by_verb.get(EXIT) and _wants_escape(g) and not _jobs_left(g, detours=False) \
            and not kit.escort_pending(g):
        return by_verb[EXIT][0]
    return None


def _search_room(bot: Bot, g: Game, h: Hero, by_verb: ByVerb) -> Action | None:
    """Search the room ``h`` stands in (loot is XP, and the deck holds weapons) when no standing
    infected is near and the turns left cover the way to the remaining jobs with a turn to spare."""
    if not bot.style.search or not by_verb.get(SEARCH) or _danger(g, h) or h.ap < h.ap_turn:
        return None
    goal = bot.goal(g, h)
    need = bot.field(g, goal).get(h.sq, INF) if goal else 0
    if need >= INF or kit.turns_left(g) * _squares(h.ap_turn) < need + _squares(h.ap_turn):
        return None
    return by_verb[SEARCH][0]


def _squares(ap: int) -> int:
    """Squares a hero covers with ``ap`` AP, sprinting (2 AP for 3 squares) where it can."""
    return 3 * (ap // 2) + ap % 2


def _finishes_only_with(bot: Bot, g: Game, h: Hero, extra: int) -> bool:
    """Whether ``extra`` AP let ``h`` finish its job this turn (reach it and do it) when its own AP
    do not: the turn a power perk such as Redline is worth spending on the way rather than in a fight."""
    if h.stride or h.grapplers or h.prone:
        return False
    goal = bot.goal(g, h)
    if not goal:
        return False
    dist = bot.field(g, goal).get(h.sq, INF)
    if dist >= INF:
        return False
    jobs = {number for number, squares in _jobs_left(g) if squares == goal}
    finish = cost(g, h, TASK) if jobs & _objectives_left(g) else \
        cost(g, h, EXIT) if goal == _exit_squares(g) else 0

    def can(ap: int) -> bool:
        return ap >= finish and _squares(ap - finish) >= dist

    return not can(h.ap) and can(h.ap + extra)


# --- what the mission wants ---------------------------------------------------------------


def _condition(g: Game) -> Any:
    return facts(g.mission).victory


def _objectives_left(g: Game) -> frozenset[int]:
    return facts(g.mission).wanted - g.objectives


def _jobs_left(g: Game, detours: bool = True) -> list[tuple[int, tuple[int, ...]]]:
    """(number, squares) of each job: objectives to do, needed objects still lying about, the
    keycards of locked doors that shut the heroes out of a job, and (``detours``) the items worth
    picking up on the way."""
    known = facts(g.mission)
    left = _objectives_left(g)
    jobs = [job for job in known.objective_jobs if job[0] in left]
    for sq, letter in sorted(g.objects.items()):
        if letter in known.carrying:  # the objects the victory needs carried
            jobs.append((100 + ord(letter), known.single[sq]))
    jobs += [(300 + sq, known.single[sq]) for sq in _keys_wanted(g, [squares for _, squares in jobs])]
    if detours and (jobs or _wants_escape(g)):
        goals = [squares for _, squares in jobs] or [_exit_squares(g)]
        jobs += [(200 + sq, known.single[sq]) for sq in _items_wanted(g, on_the_way=bool(jobs), goals=goals)]
    taken = {squares for _, squares in jobs}  # a keycard already wanted above is not fetched twice
    team = [h.sq for h in _board(g) if not h.npc]
    return jobs + [job for job in kit.jobs(g, team, detours and (bool(jobs) or _wants_escape(g)))
                   if job[1] not in taken]


def _keys_wanted(g: Game, goals: list[tuple[int, ...]]) -> list[int]:
    """Squares of the keycards lying about whose colour opens a locked door no hero can open yet,
    when a job (or the exit, once it is all that is left) is out of the heroes' reach without it."""
    if not g.keycards:
        return []  # none lying about
    held = {k for h in g.heroes for k in h.keycards}
    shut = {d.key for d in facts(g.mission).locked if d.key not in held and not g.doors >> d.index & 1}
    lying = sorted(sq for sq, colour in g.keycards.items() if colour in shut)
    if not lying:
        return []
    if not goals and _wants_escape(g):
        goals = [_exit_squares(g)]
    team = [h.sq for h in _board(g) if not h.npc]
    if any(all(distance_field(g, goal).get(sq, INF) >= INF for sq in team) for goal in goals if goal):
        return lying
    return []


def _items_wanted(g: Game, on_the_way: bool, goals: Sequence[tuple[int, ...]] = ()) -> list[int]:
    """Squares of the items worth a detour: a med pack while no hero carries one (once only the exit
    is left, only for a hero already infected), a weapon while a hero has none (a gun out of rounds
    still counts: on the reference missions a trek for a fresh one loses more games than it saves), and
    a spare gun lying nearly on the way to one of ``goals``."""
    if not g.items:
        return []
    kind = facts(g.mission).kind
    heroes = _board(g)
    carried = infected = cured = unarmed = False  # each hero's cards read once, for all four (2.7% of a game: kept)
    for h in heroes:
        medical = armed = False
        for c in h.cards:
            k = kind[c.eq]
            if k == "medical":
                medical = True
            elif k == "ballistic" or k == "melee":
                armed = True
        carried = carried or medical
        if h.stage:
            infected, cured = True, cured or medical
        unarmed = unarmed or not armed
    medpack = (not carried and on_the_way) or (infected and not cured)
    team = [h for h in heroes if not h.npc]
    spare = bool(goals) and not any(h.stage for h in team)  # a spare gun may be worth a detour: read once
    lanes = tuple(goals)
    wanted = []
    for sq, items in g.items.items():  # in the dict's order, the squares wanted sorted after (fewer to sort)
        medical = gun = blade = False
        for _, card in items:
            k = kind[card]
            medical, gun, blade = medical or k == "medical", gun or k == "ballistic", blade or k == "melee"
        if (medpack and medical) or (unarmed and (gun or blade)) \
                or (spare and gun and _weapon_worth_a_detour(g, sq, team, lanes)):
            wanted.append(sq)
    wanted.sort()
    return wanted


def _weapon_worth_a_detour(g: Game, sq: int, team: list[Hero], goals: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the gun lying on ``sq`` is worth picking up although every hero is armed (``_items_wanted`` asks
    when there are ``goals`` and none of ``team``, the heroes but NPCs, is infected): guns run dry,
    so a spare one is worth having when it lies nearly on a hero's way to a job (at most
    ``WEAPON_DETOUR`` AP more than the way straight there), no standing infected is near it and no
    hero is infected (the infection gets worse with the turns a detour costs). A longer detour does
    not pay: on Supply Run, fetching the Shotgun 9 AP off the way (``WEAPON_DETOUR = 10``) took it in
    94 of 200 games and cut the cautious bot's wins from 28 to 16 (with the infection guard: taken in
    31, 20 wins), the delay costing more than the rounds it brought; measured again with the melee and
    charge rules, taken in 61 games, it cut them from 51 to 39."""
    worth = _detour_squares(g, sq, goals)  # before the infected's routes: kept, and mostly False
    return any(worth[h.sq] for h in team) and not any(_near(g, pos(z), sq) <= NEAR for z in g.board_infected())


def _detour_squares(g: Game, sq: int, goals: tuple[tuple[int, ...], ...]) -> list[bool]:
    """For every square, whether a hero standing there reaches one of ``goals`` by way of ``sq`` within
    ``WEAPON_DETOUR`` AP of the way straight there. A function of the board's doors and keycards like the
    distance fields it is read from, and kept beside them: worked out once per board, not at each decision."""
    keys = _keys_held(g)
    key = (sq, goals, g.doors, keys)
    detours = memo(g.mission).detours
    found = detours.get(key)
    if found is not None:
        return found
    there = distance_field(g, facts(g.mission).single[sq])
    worth = [False] * g.mission.size
    for goal in goals:
        field = distance_field(g, goal)
        on = field.get(sq, INF)
        for s in range(len(worth)):
            if not worth[s] and there.get(s, INF) + on <= field.get(s, INF) + WEAPON_DETOUR:
                worth[s] = True
    return detours.put(key, worth)


def _wants_escape(g: Game) -> bool:
    return facts(g.mission).escape


def _exit_squares(g: Game) -> tuple[int, ...]:
    """The exits the heroes may leave by, sorted (the facts' tuples: the same tuple at every decision)."""
    known = facts(g.mission)
    return known.exits if g.exits_open else known.open_exits


# --- sizing up the board ------------------------------------------------------------------


def _route(g: Game, a: int, b: int) -> int:
    return route(g.mission, a, b)


def _near(g: Game, a: int, b: int) -> int:
    """``_route`` from an infected's square ``a`` where only whether it is within ``NEAR`` is read: exact so far,
    INF past it (``routes.near_row``: an infected's square is a new row whenever it moves)."""
    return near_row(g.mission, a, ALL)[b]


BOARD: Final = HeroStatus.BOARD  # Final: a constant of the compiled module, not the enum class's attribute


def _board(g: Game) -> list[Hero]:
    """The heroes on the board (``Game.board_heroes``): read here, the status a constant, at a quarter of the
    cost of asking the game (whose enum class is looked up at every hero), eight times a decision."""
    return [h for h in g.heroes if h.status == BOARD]


def _nearest_hero(g: Game, sq: int) -> int:
    return min((_route(g, h.sq, sq) for h in _board(g)), default=INF)


def _nearest_foe(g: Game, sq: int) -> int:
    return min((_route(g, pos(z), sq) for z in g.board_infected()), default=INF)


def _answer(g: Game, h: Hero, by_verb: ByVerb, to: int) -> Action | None:
    """Walking on to ``to`` would end the move where a standing infected can charge the hero, too
    short of AP to shoot or go on alert: the best shot from where it stands at what could charge it
    there, or nothing (the move ends on alert or here, out of reach)."""
    coming = _charging(g, to)
    shots = [a for v in (AIMED, QUICK) for a in by_verb.get(v, []) if a.target in coming]
    return _best_attack(g, h, shots, min_chance=0.45)


def _landing(g: Game, dist: dict[int, int], sq: int, squares: int = 3) -> int:
    """Where a sprint of ``squares`` from ``sq`` down the field ``dist`` ends (the nearest square to the
    goal at each step; the figures on the way are not counted)."""
    m = g.mission
    for _ in range(squares):
        here = dist.get(sq, INF)
        ahead = [(d, n) for n in m.steps(sq, g.doors) if m.standable[n] and (d := dist.get(n, INF)) < here]
        if not ahead:
            break
        sq = min(ahead)[1]
    return sq


def _danger(g: Game, h: Hero) -> bool:
    """Whether a standing infected is near enough to reach the hero by next turn's charge."""
    return _any_standing_within(g, h.sq, NEAR)


def _threatened(g: Game, h: Hero) -> bool:
    """Whether a standing infected is two squares off or nearer."""
    return _any_standing_within(g, h.sq, 2)


def _any_standing_within(g: Game, sq: int, squares: int) -> bool:
    """Whether a standing infected's route to ``sq`` is ``squares`` or fewer (at most ``NEAR``: ``_near``'s rows, the
    memo that keeps them asked once, not at every infected)."""
    m = g.mission
    kept = memo(m)
    return any(kept.near_row(m, z.sq, ALL)[sq] <= squares for z in g.infected.values()
               if z.sq is not None and not z.prone)


def _threat(g: Game, sq: int) -> int:
    """How many standing infected could reach a hero on ``sq`` by their next move: charging
    (in sight or smell) or walking."""
    return len(_charging(g, sq))


def _charging(g: Game, sq: int, among: set[int] | None = None) -> set[int]:
    """The standing infected (``among`` these ids) that could reach a hero on ``sq`` by their next move."""
    m = g.mission
    kept = memo(m)
    units = m.units
    found = set()
    for z in g.infected.values():  # ``Game.board_infected``'s order, without its list
        at = z.sq
        if at is None or z.prone or (among is not None and z.id not in among):
            continue
        if _charges(g, kept, units[z.cls], at, sq):
            found.add(z.id)
    return found


def _standing(g: Game) -> list[tuple[int, Unit]]:
    """The square and class (``Mission.units``) of each standing infected on the board, as ``_charging`` weighs them."""
    units = g.mission.units
    return [(z.sq, units[z.cls]) for z in g.infected.values() if z.sq is not None and not z.prone]


def _charges(g: Game, kept: Memo, cls: Unit, at: int, sq: int) -> bool:
    """Whether an infected of class ``cls`` standing on ``at`` could reach a hero on ``sq`` by its next move: walking
    next to it, or charging it in sight or smell."""
    m = g.mission
    away = kept.near_row(m, at, g.active)[sq] if sq >= 0 else INF  # exact up to the farthest charge, INF past it
    return away <= cls.move + 1 or (away <= cls.charge + 1
                                    and (g.infected_sees(at, sq) or at in m.smell_from(sq, g.doors, cls.smell)))


def _nearest_other(g: Game, h: Hero, dist: dict[int, int]) -> int:
    """The least of ``dist`` over the heroes on the board but ``h``, -1 when ``h`` is alone (nobody to wait for)."""
    others = [dist.get(o.sq, INF) for o in _board(g) if o is not h]
    return min(others) if others else -1


def _by_urgency(g: Game, heroes: list[Hero]) -> list[Hero]:
    """``heroes``, those in trouble first (``_urgency``; one hero alone is not sized up)."""
    if len(heroes) < 2:
        return heroes
    return sorted(heroes, key=lambda h: _urgency(g, h))


def _urgency(g: Game, h: Hero) -> tuple[bool, bool, str]:
    """Heroes in trouble act first: grappled, then threatened, then the rest in order."""
    return (not h.grapplers, not _threatened(g, h), h.id)


def _kill_chance(g: Game, h: Hero, a: Action) -> float:
    """The chance ``a`` kills its target outright (1 for automatic kills)."""
    if a.verb in (EXECUTE, HITMAN):
        return 1.0
    m = g.mission
    z = g.infected.get(a.target)
    if z is None:
        return 0.0
    points = m.units[z.cls].kill_points - z.damage
    if a.verb == MELEE or a.verb in (MOVE_MELEE, MELEE_MOVE):
        blade = next((c for c in h.active_cards() if facts(m).kind[c.eq] == "melee"), None)
        table = m.equipment[blade.eq].quick if blade else h.unarmed
        p = _kill_faces(g, table, melee_bonus(h, blade is None))
        return p if points <= 1 else p * p
    kind = facts(m).kind
    guns = [c for c in h.active_cards() if kind[c.eq] == "ballistic" and (c.ammo is None or c.ammo > 0)]
    if a.mode not in ("", "auto", "both"):
        guns = [c for c in guns if c.name == a.mode]
    if not guns:
        return 0.0
    eq = m.equipment[guns[0].eq]
    aimed = a.verb == AIMED
    p = _kill_faces(g, g.ruleset.weapons.chart(eq, aimed), g.ruleset.weapons.aimed_modifier(eq) if aimed else 0)
    dice = 3 if a.mode == "auto" else (2 if a.mode == "both" else 1)
    miss_all = (1 - p) ** dice
    return 1 - miss_all if points <= 1 else (1 - miss_all) * p


def _faces(m: Mission, table: Any, bonus: int) -> float:
    return float(sum(1 for face in range(1, table.die + 1) if read(m, table, face + bonus) == "kill") / table.die)


def _kill_faces(g: Game, table: Any, bonus: int) -> float:
    """``_faces``, kept per mission: the tables are the mission's own, asked about at every attack weighed."""
    kept = memo(g.mission).faces
    found = kept.get((id(table), bonus))
    if found is not None and found[0] is table:  # the table is kept with its answer: its id stays its own
        return found[1]
    p = _faces(g.mission, table, bonus)
    kept[(id(table), bonus)] = (table, p)
    return p


def _best_attack(g: Game, h: Hero, attacks: list[Action], min_chance: float = 0.0) -> Action | None:
    """The attack with the best chance to kill per AP spent (ties: the fewest rounds); with few rounds
    left (``SCARCE``) and the AP to aim, a shot's chance per round spent instead."""
    best, score = None, min_chance
    scarce = h.ap >= 2 and _rounds(g, h) <= SCARCE
    for a in attacks:
        chance = _kill_chance(g, h, a)
        ap = max(1, cost(g, h, a.verb))
        rounds = 3 if a.mode == "auto" else 2 if a.mode == "both" else 1
        if scarce and a.verb in (AIMED, QUICK):
            value = chance / rounds - 0.01 * ap
        else:
            value = chance / ap - 0.01 * rounds
        if chance >= min_chance and (best is None or value > score):
            best, score = a, value
    return best


def _rounds(g: Game, h: Hero) -> int:
    """Rounds left in the guns ``h`` holds in hand (a gun without an ammunition count: many)."""
    kind = facts(g.mission).kind
    guns = [c for c in h.active_cards() if kind[c.eq] == "ballistic"]
    return sum(INF if c.ammo is None else c.ammo for c in guns)


def _best_fire(options: Sequence[Choice]) -> Choice:
    fire = [o for o in options if o.key != "hold"]
    if not fire:
        return options[0]
    return next((o for o in fire if o.key == "auto"), next((o for o in fire if o.key == "both"), fire[0]))


def _option(options: Sequence[Choice], key: str) -> Choice | None:
    return next((o for o in options if getattr(o, "key", None) == key), None)

