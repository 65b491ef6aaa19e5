"""What each hero may do now: the one list every driver, parser and policy works from.

Standing heroes have the whole action table; prone heroes crawl, stand up,
shoot or go on alert; heroes locked in a grapple shoot, strike or sweep their
grapplers. Free actions (changing weapon, exchanging gear, med packs, the
Stink Tank, power perks, Moral Support) are open to all of them within their
limits. A throw is only offered where its blast would hit an infected or a door.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, Final

from ..geometry.board import Terrain
from ..geometry.facing import FACINGS
from ..geometry.notation import parse_edge
from ..model.rules import Effect
from . import ammo, crafting, free, npc, rib
from .actions import Action, Held, HeldKind
from .c4 import c4_actions
from .mission import ALL, UNREACHABLE, Mission, Slot
from .sight import blast_area, same_floor
from .state import Card, Game, Hero, Infected, pos, short
from .vocab import POWER_PERKS, HeroStatus, Perk, Phase, Verb
from .weapons import (
    ballistic_cards,
    blade_executions,
    blade_targets,
    fire_modes,
    gun_executions,
    gun_targets,
    melee_card,
)

END_TURN: Final = Action("", Verb.END_TURN)
SQUARE = "{square}"  # in a refusal, the square as the player typed it


class Refusals:
    """Why the generator left options out, recorded by the very filters that left them out.

    ``legal(g, why)`` fills it: each filter that drops a candidate says why, keyed by hero, verb and
    what the action names (an infected, a square, a door; None for the verb as a whole). The first
    reason recorded for a key stands (the filters run in the order the rules apply them)."""

    def __init__(self) -> None:
        self.reasons: dict[tuple[str, str, int | None], str] = {}
        self.barred: dict[tuple[str, str], str] = {}  # whole verbs a figure may not use at all, whatever they name

    def bar(self, hero: Hero, verbs: Iterable[Verb], reason: str) -> None:
        """``hero`` may not use any of ``verbs`` now (an NPC's limited actions, a hero aboard the rib): this
        reason comes before any other recorded for them."""
        for verb in verbs:
            self.barred.setdefault((hero.id, verb), reason)

    def no(self, hero: Hero | str, verb: str, reason: str, key: int | None = None) -> None:
        self.reasons.setdefault((hero if isinstance(hero, str) else hero.id, verb, key), reason)

    def each(self, hero: Hero, verb: str) -> Callable[[int, str], None]:
        """A recorder for one hero and verb, keyed by what each refusal names."""
        return lambda key, reason: self.no(hero, verb, reason, key)

    def get(self, hero: str, verb: str, key: int | None) -> str | None:
        if (hero, verb) in self.barred:
            return self.barred[(hero, verb)]
        found = self.reasons.get((hero, verb, key)) if key is not None else None
        return found or self.reasons.get((hero, verb, None))


def legal(g: Game, why: Refusals | None = None) -> list[Action]:
    """Every legal action of the hero move, for every hero still to move, then ``end turn``.

    No hero may finish their turn on a spawn point: while one could still step off, nothing
    that would finish their move there is offered (``end``, ``end turn``, an action that spends
    the AP they need to step off, going on alert, another hero acting while they are mid-move),
    and no move may strand a hero on one."""
    parts, ends = hero_parts(g, why)
    out = [a for acts in parts for a in acts]
    if ends:
        out.append(END_TURN)
    return out


def hero_parts(g: Game, why: Refusals | None = None) -> tuple[list[list[Action]], bool]:
    """``legal`` as each hero's actions in turn (the list's order), and whether ``end turn`` ends it."""
    parts: list[list[Action]] = []
    held = None  # the hero mid-move on a spawn point, who must step off before anyone else acts
    stuck = None
    for h in g.heroes:
        if not h.on_board or h.done:
            if why is not None:
                for verb in Verb:
                    why.no(h, verb, f"{h.name} {_gone(h)}")
            continue
        acts = hero_actions(g, h, why)
        if on_spawn_point(g, h) and can_leave(g, h):
            stuck = h
            kept = [a for a in acts if keeps_way_off(g, h, a)]
            if why is not None:
                for a in set(acts) - set(kept):
                    why.no(h, a.verb, f"{h.name} may not finish their turn on a spawn point: this would leave "
                                      "no way to step off it", _key(a))
            acts = kept
            if g.current == h.id:
                held = h
        parts.append(acts)
    if held is not None:
        if why is not None:
            for a in (a for acts in parts for a in acts):
                if a.hero != held.id:
                    why.no(a.hero, a.verb, f"{held.name} must step off the spawn point before anyone else acts",
                           _key(a))
        parts = [[a for a in acts if a.hero == held.id] for acts in parts]
    if stuck is not None and why is not None:
        why.no("", Verb.END_TURN, f"{stuck.name} may not finish their turn on a spawn point")
    return parts, stuck is None


def end_offered(g: Game) -> bool:
    """Whether ``end turn`` is offered (it is, last, unless a hero must first step off a spawn point)."""
    return not any(h.on_board and not h.done and on_spawn_point(g, h) and can_leave(g, h) for h in g.heroes)


def _gone(h: Hero) -> str:
    if h.status == HeroStatus.DEAD:
        return "is dead"
    if h.status == HeroStatus.ESCAPED:
        return "has left the board"
    return "has finished their move this turn"


def _key(a: Action) -> int | None:
    """What an action names, as refusals are keyed: its target, else its square, else where it goes."""
    for value in (a.target, a.square, a.to):
        if value >= 0:
            return value
    return None


#: the verb sets below are ``Final``: compiled code reads each as a C static, not from the module's dict
MOVING: Final = frozenset({
    Verb.MOVE, Verb.STEP, Verb.DIVE, Verb.CRAWL, Verb.SPRINT, Verb.TURBO, Verb.EXIT, Verb.MOVE_QUICK, Verb.QUICK_MOVE,
    Verb.MOVE_MELEE, Verb.MELEE_MOVE, Verb.MOVE_THROW, Verb.THROW_MOVE, Verb.MOVE_RELOAD})
FREE: Final = frozenset({
    Verb.WEAPON, Verb.GIVE, Verb.TAKE, Verb.MEDPACK, Verb.STINK, Verb.REDLINE, Verb.DEAD_EYE, Verb.BERSERKER,
    Verb.SUPPORT, Verb.DROP_PRONE, Verb.PLACE_ITEM})


def keeps_way_off(g: Game, h: Hero, a: Action) -> bool:
    """Whether ``h``, on a spawn point, could still step off after ``a`` (moves are checked
    where they are made: they may not end on a spawn point without the AP to leave it)."""
    if a.verb in MOVING or a.verb in FREE:
        return True
    if a.verb in (Verb.END, Verb.ALERT):
        return False
    if a.verb == Verb.STOP:
        return h.ap >= 1
    if h.stride and a.verb in (Verb.QUICK, Verb.MELEE):
        return True  # Run & Gun, Hit & Run: no AP, the sprint goes on
    prone_after = h.prone and a.verb != Verb.STAND
    return h.ap - cost(g, h, a.verb) >= (2 if prone_after else 1)


def _kept(lists: Memo, hero: str, verb: Verb) -> dict[int, Action]:
    """The kept actions of ``hero`` and ``verb``, by the square moved to (``Memo.plain``)."""
    by_hero = lists.plain
    by_verb = by_hero.get(hero)
    if by_verb is None:
        by_verb = by_hero[hero] = {}
    found = by_verb.get(verb)
    if found is None:
        found = by_verb[verb] = {}
    return found


def _plain(lists: Memo, hero: str, verb: Verb, to: int = -1) -> Action:
    """``Action(hero, verb, to=to)``, the action kept (``Memo.plain``)."""
    kept = _kept(lists, hero, verb)
    found = kept.get(to)
    if found is None:
        found = kept[to] = Action(hero, verb, to=to)
    return found


def on_spawn_point(g: Game, h: Hero) -> bool:
    return h.sq in g.mission.spawn_at


def can_leave(g: Game, h: Hero) -> bool:
    """Whether ``h`` could still step off its square this turn (a free square next to it, and the AP
    to move, crawl, or go on with a sprint), as the moves offered judge it: an NPC does not crawl but stands
    up first, and a step that leaves too few AP to step off again may not end on another spawn point."""
    steps = free_steps(g, h)
    if h.grapplers or not steps:
        return False
    if h.stride > 0:
        return True
    crawls = h.prone and Verb.CRAWL in (npc.VERBS if h.npc else MOVING)
    ap_after = h.ap - (2 if crawls else 1 + (cost(g, h, Verb.STAND) if h.prone else 0))
    if ap_after < 0:
        return False
    return not _may_strand(ap_after, crawls) or any(n not in g.mission.spawn_at for n in steps)


def _may_strand(ap_after: int, prone_after: bool, stride_after: int = 0) -> bool:
    """Whether a move leaving this much AP and stride could strand a hero, should it end on a spawn point: without
    the AP to step off (a sprint's steps left count), a turn may not end there. Most moves leave enough, and then
    no square need be looked up."""
    return stride_after == 0 and ap_after < (2 if prone_after else 1)


def _unstranded(g: Game, squares: list[int], ap_after: int, prone_after: bool) -> list[int]:
    """``squares`` less the spawn points a move leaving ``ap_after`` would strand the hero on (``squares`` itself
    when it strands nobody)."""
    if not _may_strand(ap_after, prone_after):
        return squares
    spawn_at = g.mission.spawn_at
    return [n for n in squares if n not in spawn_at]


#: the verbs whose cost a perk or the hero's turn can change (``cost``)
_PERSONAL_COSTS: Final = frozenset({Verb.AIMED, Verb.STAND, Verb.SEARCH, Verb.TASK, Verb.CRAFT})


def cost(g: Game, h: Hero, verb: str) -> int:
    """The AP ``h`` spends on ``verb``: what the mission's action table says (``Mission.ap_costs``), but Dead Eye's
    aimed shot and Kip-Up's standing up cost 1 AP, a search costs 3 AP at most with Bandit, and a search, a task
    or crafting no more than the hero's turn."""
    table = g.mission.ap_costs
    if verb not in _PERSONAL_COSTS:
        return table.get(verb, 0)
    if verb == Verb.AIMED and Perk.DEAD_EYE in h.boosts:
        return 1
    if verb == Verb.STAND and Perk.KIP_UP in h.perks:
        return 1
    if verb in (Verb.SEARCH, Verb.TASK, Verb.CRAFT):
        listed = table.get(verb, 4)
        return min(min(3, listed) if verb == Verb.SEARCH and Perk.BANDIT in h.perks else listed, h.ap_turn)
    return table.get(verb, 0)


class Memo:
    """What the hero's lists keep for every game of a mission (``LISTS``, in ``Mission.own``): made once per
    mission and dropped with it, never held by the module (a module holding a mission's answers keeps them past
    its games, and frees them, cycles and all, in the middle of another mission's)."""

    def __init__(self, m: Mission) -> None:
        self.absent = m.absent
        #: the actions that name only a hero, a verb and a square moved to (-1: none): the lists offer the same
        #: moves, ``end`` and ``sprint`` again at every decision, and a kept action is one dict look-up rather than
        #: a new tuple (an ``Action`` is immutable, so sharing is safe; making them anew cost 2.9% of a bot game's
        #: instructions, measured); by hero, then verb
        self.plain: dict[str, dict[str, dict[int, Action]]] = {}
        #: the ``Skips`` of each ``without`` asked: a policy asks with the same few at every decision (a frozenset
        #: keeps its hash, and the same set is found by identity)
        self.skips: dict[frozenset[Verb], Skips] = {}
        #: each hero's ways to go on alert, one per facing (as ``plain``)
        self.alerts: dict[str, list[Action]] = {}
        #: the dives (keyed by square, doors and Skinny) and the tasks, read from the board alone
        self.tables: dict[Any, Any] = {}


#: the slot of the lists' ``Memo`` among what the mission keeps for other layers (``Mission.own``)
LISTS: Final = Slot("legal.lists", Memo)


ONLY_SPRINTING: Final = frozenset({Verb.STEP, Verb.STOP, Verb.QUICK, Verb.MELEE}) | FREE
ONLY_GRAPPLED: Final = frozenset({Verb.QUICK, Verb.MELEE, Verb.SWEEP}) | FREE
ONLY_PRONE: Final = frozenset({Verb.CRAWL, Verb.STAND, Verb.QUICK, Verb.THROW, Verb.AIMED, Verb.ALERT, Verb.RELOAD,
                        Verb.CRAFT}) | FREE


#: the move-and-attack combinations: a policy that never uses them may leave their search out (``without``)
COMBINED: Final = frozenset({Verb.MOVE_QUICK, Verb.QUICK_MOVE, Verb.MOVE_MELEE, Verb.MELEE_MOVE, Verb.MOVE_THROW,
                      Verb.THROW_MOVE})
EXCHANGES: Final = frozenset({Verb.GIVE, Verb.TAKE})


def hero_actions(g: Game, h: Hero, why: Refusals | None = None, without: frozenset[Verb] = frozenset()) -> list[Action]:
    """What ``h`` may do now: the actions of their state (sprinting, in a grapple, prone, standing) and
    the free actions, of those the game's action table has. ``without``: verbs to leave out, and
    with them the searches that only they need (the rest of the list is the same, in the same order):
    a search is skipped only when every verb it can make is in ``without``."""
    lists = g.mission.own(LISTS)  # the mission's memo, found once for the whole list
    skip = _skips(lists, without)
    if why is not None:
        for verb in g.mission.absent:
            why.no(h, verb, f"there is no {verb} action in {g.mission.game_name}")
        if h.npc:
            why.bar(h, (v for v in Verb if v not in npc.VERBS), npc.refusal(h))
        if rib.is_aboard(g, h):
            why.bar(h, (v for v in Verb if v not in rib.ABOARD), rib.refusal(h))
    if h.stride:
        acts = _moves(g, lists, h, Verb.STEP, h.ap, False, why, h.stride - 1) + [_plain(lists, h.id, Verb.STOP)]
        if h.sprint == Verb.SPRINT and not h.sprint_attack:
            if Perk.RUN_AND_GUN in h.perks:
                acts += _quick(g, h, h.sq, why=why)
            if Perk.HIT_AND_RUN in h.perks:
                acts += _melee(g, h, h.sq, why=why)
        if why is not None:
            _refuse_all(h, why, f"{h.name} is sprinting: step on, or stop sprinting first", ONLY_SPRINTING)
    elif h.grapplers:
        acts = _grappled(g, h, why)
        _refuse_all(h, why, f"{h.name} is locked in a grapple: only change weapon, quick fire, melee or sweep",
                    ONLY_GRAPPLED)
    elif h.prone:
        acts = _prone(g, lists, h, {}, why, skip)
        _refuse_all(h, why, f"{h.name} is prone: crawl (2 AP) or stand up ({cost(g, h, Verb.STAND)} AP) first",
                    ONLY_PRONE)
    else:
        acts = _standing(g, lists, h, {}, why, skip)
        if why is not None:
            why.no(h, Verb.CRAWL, "only a prone hero crawls")
            why.no(h, Verb.STAND, f"{h.name} is already standing")
            why.no(h, Verb.SWEEP, f"{h.name} is not in a grapple")
    if why is not None and not h.stride:
        why.no(h, Verb.STEP, f"{h.name} is not sprinting: sprint first (2 AP for 3 squares)")
    # the parts added in place: ``acts`` is this call's own list (a ruleset's ``actions`` may return another)
    acts += c4_actions(g, h)
    if not skip.free:
        acts += _free(g, h, why, skip)
    acts = g.ruleset.actions(g, h, acts)
    acts.append(_plain(lists, h.id, Verb.END))
    if g.rib is not None:
        acts += rib.actions(g, h)
        if rib.is_aboard(g, h):
            acts = rib.only_aboard(g, h, acts)
    if h.npc:
        acts = [a for a in acts if a.verb in npc.VERBS]
    absent = skip.leaving_out
    if absent:
        for a in acts:
            if a.verb in absent:  # a new list only when something is left out (the searches skip most)
                return [a for a in acts if a.verb not in absent]
    return acts


class Skips:
    """What a list leaves out for one ``without`` on one mission, worked out once (``Memo.skips``): each search it
    skips as a flag, and the verbs it leaves out, ``without`` and the mission's absent ones."""

    def __init__(self, without: frozenset[Verb], absent: frozenset[Verb]) -> None:
        self.without = without
        self.stepping = STEPPING <= without
        self.dive = Verb.DIVE in without
        self.doors = DOORS <= without
        self.quicks = QUICKS <= without
        self.melees = MELEES <= without
        self.combined = COMBINED <= without
        self.move_quick = Verb.MOVE_QUICK in without
        self.move_melee = Verb.MOVE_MELEE in without
        self.move_throws = {Verb.MOVE_THROW, Verb.THROW_MOVE} <= without
        self.throw = Verb.THROW in without
        self.aimed = Verb.AIMED in without
        self.execute = Verb.EXECUTE in without
        self.hitman = Verb.HITMAN in without
        self.crawl = Verb.CRAWL in without
        self.quick = Verb.QUICK in without
        self.tasks = TASKS <= without
        self.supplies = SUPPLIES <= without
        self.free = FREE <= without
        self.exchanges = EXCHANGES <= without
        self.leaving_out = absent | without


def _skips(lists: Memo, without: frozenset[Verb]) -> Skips:
    """The ``Skips`` of ``without`` (``Memo.skips``)."""
    kept = lists.skips
    found = kept.get(without)
    if found is None:
        if len(kept) > 256:
            kept.clear()
        found = kept[without] = Skips(without, lists.absent)
    return found


def hero_options(g: Game, hero: str, without: frozenset[Verb] = frozenset()) -> list[Action]:
    """``LegalActions.of`` while the whole list is not built: the legal actions of one hero, exactly as the
    whole list holds them less the verbs in ``without``, without the other heroes' (here, compiled, rather
    than in the plain module: the bots ask it at every decision)."""
    h = current = None
    for o in g.heroes:
        if o.id == hero and h is None:
            h = o
        if o.id == g.current and current is None:
            current = o
    if h is None or not h.on_board or h.done:
        return []
    if current is not None and current is not h and current.on_board and not current.done \
            and on_spawn_point(g, current) and can_leave(g, current):
        return []  # the hero mid-move on a spawn point steps off before anyone else acts
    acts = hero_actions(g, h, without=without)
    if on_spawn_point(g, h) and can_leave(g, h):
        acts = [a for a in acts if keeps_way_off(g, h, a)]
    return acts


def _refuse_all(h: Hero, why: Refusals | None, reason: str, allowed: frozenset[Verb] | set[Verb]) -> None:
    if why is not None:
        for verb in Verb:
            if verb not in allowed and verb not in (Verb.END, Verb.END_TURN):
                why.no(h, verb, reason)


def _ap(g: Game, h: Hero, verb: Verb, why: Refusals | None, need: int | None = None) -> bool:
    """Whether ``h`` has the AP for ``verb`` (``need``: a cost other than the table's), saying so if not."""
    need = cost(g, h, verb) if need is None else need
    if h.ap >= need:
        return True
    if why is not None:
        why.no(h, verb, f"{verb} costs {need} AP and {h.name} has {h.ap} left")
    return False


def _moves(g: Game, lists: Memo, h: Hero, verb: Verb, ap_after: int, prone_after: bool, why: Refusals | None,
           stride_after: int = 0) -> list[Action]:
    """One square of movement to each free square one step away that does not strand ``h``."""
    m = g.mission
    acts = []
    kept = _kept(lists, h.id, verb)
    # each square read as the list's own int object (``Any``): from a list of ``int``, compiled code unboxes each
    # and makes a new int object for every dict look-up of it
    steps: list[Any] = m.steps(h.sq, g.doors, Perk.SKINNY in h.perks)
    at, standable, spawn_at = g.at, m.standable, m.spawn_at
    may_strand = _may_strand(ap_after, prone_after, stride_after)
    for square in steps:
        n: int = square
        if square in at or not standable[n]:
            if why is not None:
                why.no(h, verb, f"{m.show(n)} is occupied: heroes may not move through or onto another figure"
                       if n in g.at else f"{m.show(n)} is not a square a figure can stand on", n)
        elif may_strand and square in spawn_at:
            if why is not None:
                why.no(h, verb, "heroes may not finish their turn on a spawn point, and this move would leave no "
                                "AP to step off", n)
        else:
            move = kept.get(square)
            if move is None:
                move = kept[square] = Action(h.id, verb, to=n)
            acts.append(move)
    if why is not None:
        for n in m.adjacent(h.sq):
            if m.terrain[n] == Terrain.WATER:
                why.no(h, verb, f"{m.show(n)} is open water: heroes may not move through open water squares "
                                "without the rib", n)
        for n in m.route[h.sq]:
            if n not in steps:
                why.no(h, verb, f"{m.show(n)} is next to {h.name} but the step crosses a wall, a closed door, or "
                                "goes diagonally across a doorway or corner", n)
        why.no(h, verb, f"{SQUARE} is not one square from {h.name} (at {m.show(h.sq)})")
    return acts


def _grappled(g: Game, h: Hero, why: Refusals | None) -> list[Action]:
    acts = []
    own = [g.infected[i] for i in h.grapplers]
    if why is not None:
        for verb in (Verb.QUICK, Verb.MELEE, Verb.SWEEP):
            for z in g.infected.values():
                if z.holder != h.id:
                    why.no(h, verb, f"{h.name} is locked in a grapple: only the infected in it can be attacked", z.id)
    if _ap(g, h, Verb.QUICK, why) and _ap(g, h, Verb.MELEE, why):
        modes = fire_modes(g, h, h.active_cards())
        unarmed = "" if melee_card(g, h) else "unarmed"
        for z in own:
            acts += [Action(h.id, Verb.QUICK, target=z.id, mode=key) for key, _, _, _ in modes]
            acts.append(Action(h.id, Verb.MELEE, target=z.id, mode=unarmed))
    if _ap(g, h, Verb.SWEEP, why):
        m = g.mission
        room = [n for n in m.steps(h.sq, g.doors) if n not in g.at and m.standable[n]]
        acts += [Action(h.id, Verb.SWEEP, target=z.id, square=n) for z in own for n in room]
    return acts


def _prone(g: Game, lists: Memo, h: Hero, memo: dict[Any, Any], why: Refusals | None, skip: Skips) -> list[Action]:
    acts = []
    if not skip.crawl and _ap(g, h, Verb.CRAWL, why):
        acts += _moves(g, lists, h, Verb.CRAWL, h.ap - 2, True, why)
    if _ap(g, h, Verb.STAND, why):
        acts.append(_plain(lists, h.id, Verb.STAND))
    if not skip.quick:
        acts += _quick(g, h, h.sq, memo=memo, why=why)
    if not skip.throw:
        acts += _throws(g, h)
    if not skip.aimed:
        acts += _aimed(g, h, memo, why)
    acts += _alert(g, lists, h, why)
    if not skip.supplies:
        acts += _supplies(g, h, [], why)
    return acts


def _standing(g: Game, lists: Memo, h: Hero, memo: dict[Any, Any], why: Refusals | None, skip: Skips) -> list[Action]:
    """The whole action table. ``memo`` keeps the targets seen from each square for this call."""
    ap = h.ap
    acts = []
    steps: list[int] = []
    if not skip.stepping:
        moves = _moves(g, lists, h, Verb.MOVE, ap - 1, False, why) if _ap(g, h, Verb.MOVE, why) else []
        steps = [a.to for a in moves]
        acts += moves
    if _ap(g, h, Verb.SPRINT, why):
        acts.append(_plain(lists, h.id, Verb.SPRINT))
    if Perk.TURBO in h.perks and _ap(g, h, Verb.TURBO, why):
        acts.append(_plain(lists, h.id, Verb.TURBO))
    if ap >= 1:
        if not skip.dive:
            acts += [Action(h.id, Verb.DIVE, to=n) for n in _unstranded(g, dives(g, h), ap - 1, True)]
        if not skip.doors:
            acts += _doors(g, h, why)
        quick = _quick(g, h, h.sq, memo=memo, why=why) if not skip.quicks else []
        melee = _melee(g, h, h.sq, why=why) if not skip.melees else []
        acts += quick
        acts += melee
        if not skip.combined:
            acts += _move_attacks(g, h, steps, quick, melee, memo, skip)
        if not skip.throw:
            acts += _throws(g, h)
        if h.sq in g.mission.exits and (g.exits_open or not g.mission.exits[h.sq]):
            acts.append(_plain(lists, h.id, Verb.EXIT))
    elif why is not None:
        for verb in (Verb.DIVE, Verb.OPEN, Verb.CLOSE, Verb.KNOCK, Verb.QUICK, Verb.MELEE, Verb.THROW, Verb.EXIT):
            _ap(g, h, verb, why)
    if why is not None:
        why.no(h, Verb.DIVE, "a dive is 2 squares in a straight line, both free and each a legal step")
    if not skip.aimed:
        acts += _aimed(g, h, memo, why)
    if not skip.execute and _ap(g, h, Verb.EXECUTE, why):
        acts += _executions(g, h, memo, why)
    acts += _alert(g, lists, h, why)
    if ap >= 4 and not skip.hitman:
        acts += _hitman(g, h, memo)
    if not skip.tasks:
        acts += _search_task(g, lists, h, why)
    if not skip.supplies:
        acts += _supplies(g, h, _unstranded(g, steps, ap - 2, False), why)
    return acts


#: the verbs each search of ``_standing`` and ``_prone`` can make (the steps: moves, and the squares the combined
#: moves and Move & Reload go to): the search is left out only when ``without`` holds all of them
STEPPING: Final = COMBINED | {Verb.MOVE, Verb.MOVE_RELOAD}
DOORS: Final = frozenset({Verb.OPEN, Verb.CLOSE, Verb.KNOCK})
QUICKS: Final = frozenset({Verb.QUICK, Verb.QUICK_MOVE})  # the quick fire from where the hero stands, and fire then move
MELEES: Final = frozenset({Verb.MELEE, Verb.MELEE_MOVE})
TASKS: Final = frozenset({Verb.SEARCH, Verb.TASK})
SUPPLIES: Final = frozenset({Verb.RELOAD, Verb.MOVE_RELOAD, Verb.CRAFT})


def _supplies(g: Game, h: Hero, steps: list[int], why: Refusals | None) -> list[Action]:
    """Exodus: Reload and Move & Reload (to one of ``steps``), and Craft, where the action table has them."""
    table = g.mission.ap_costs
    acts = []
    if Verb.RELOAD in table or Verb.MOVE_RELOAD in table:
        acts += ammo.actions(g, h, steps, h.ap, (lambda verb, reason: why.no(h, verb, reason)) if why else None)
    if Verb.CRAFT in table and _ap(g, h, Verb.CRAFT, why):
        made = crafting.actions(g, h)
        if not made and why is not None:
            why.no(h, Verb.CRAFT, crafting.missing(g, h))
        acts += made
    return acts


# --- squares -------------------------------------------------------------------------------


def free_steps(g: Game, h: Hero, frm: int | None = None) -> list[int]:
    m = g.mission
    return [n for n in m.steps(h.sq if frm is None else frm, g.doors, Perk.SKINNY in h.perks)
            if n not in g.at and m.standable[n]]


def dives(g: Game, h: Hero) -> list[int]:
    """Two squares in a straight line, both free and each a legal step."""
    at = g.at
    return [end for mid, end in _dive_lines(g.mission, h.sq, g.doors, Perk.SKINNY in h.perks)
            if mid not in at and end not in at]


def _tables(m: Mission) -> dict[Any, Any]:
    """The mission's tables for the lists: the dives (keyed by square, doors and Skinny) and the tasks,
    read from the board alone and kept with the mission for every game of it (``Memo.tables``)."""
    return m.own(LISTS).tables


def _dive_lines(m: Mission, sq: int, doors: int, skinny: bool) -> list[tuple[int, int]]:
    """(middle, landing) of every dive from ``sq`` on its floor, each square standable and each a legal
    step, in the order of the steps: a board's dives, kept per mission; figures are tested by ``dives``."""
    table = _tables(m)
    key = (sq, doors, skinny)
    found = table.get(key)
    if found is None:
        if len(table) > 65536:
            table.clear()
        xy, floor_of, standable = m.xy, m.floor_of, m.standable
        x0, y0 = xy[sq]
        floor = floor_of[sq]
        found = table[key] = [
            (mid, end) for mid in m.steps(sq, doors, skinny) if standable[mid] and floor_of[mid] == floor
            for end in m.steps(mid, doors, skinny)
            if standable[end] and floor_of[end] == floor
            and xy[end] == (2 * xy[mid][0] - x0, 2 * xy[mid][1] - y0)]
    return found


# --- weapons -------------------------------------------------------------------------------


def _quick(g: Game, h: Hero, sq: int, leaving: int = -1, verb: Verb = Verb.QUICK,
           to: int = -1, memo: dict[Any, Any] | None = None, why: Refusals | None = None,
           modes: list[tuple[str, list[Card], bool, str]] | None = None) -> list[Action]:
    """Quick fire from ``sq`` with the active guns (``modes``: their fire modes, when known), one
    action per target and fire mode."""
    acts: list[Action] = []
    if modes is None:
        modes = fire_modes(g, h, h.active_cards())
    if why is not None and not modes:
        why.no(h, verb, _no_gun(g, h))
    refuse = why.each(h, verb) if why is not None else None
    for key, cards, _, _ in modes:
        targets: set[int] | None = None
        for card in cards:
            found = _shot_ids(g, h, sq, card, leaving, memo) if leaving >= 0 and memo is not None else \
                {z.id for z in gun_targets(g, h, sq, card, leaving, memo, refuse)}
            targets = found if targets is None else targets & found
        acts += [Action(h.id, verb, target=zid, mode=key, to=to) for zid in sorted(targets or ())]
    return acts


def _shot_ids(g: Game, h: Hero, sq: int, card: Card, leaving: int, memo: dict[Any, Any]) -> set[int]:
    """The ids of ``gun_targets`` (the same set) from a square the hero steps to, found from the infected
    on the squares of ``sq``'s sight row rather than by testing every infected: the board's infected are
    put into bits once per ``memo`` (the targets from where the hero stands stay in ``memo`` as lists, for
    aimed shots and executions too). Linked stairway sight, meat shields and grapples take ``gun_targets``."""
    key = (_BOARD, sq, card.name, leaving)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _shot_search(g, h, sq, card, leaving, memo)
    return found


def _shot_search(g: Game, h: Hero, sq: int, card: Card, leaving: int, memo: dict[Any, Any]) -> set[int]:
    m = g.mission
    if m.linked_sight or g.shields or any(o.grapplers for o in g.heroes):
        return {z.id for z in gun_targets(g, h, sq, card, leaving, memo)}
    board = memo.get(_BOARD)
    if board is None:
        bits: dict[int, int] = {}
        ids: dict[int, list[int]] = {}
        offsets, floor_of = m.offsets, m.floor_of
        for z in g.infected.values():
            if z.sq is not None:
                floor = floor_of[z.sq]
                bits[floor] = bits.get(floor, 0) | 1 << (z.sq - offsets[floor])
                ids.setdefault(z.sq, []).append(z.id)
        board = memo[_BOARD] = (bits, ids)
    bits, ids = board
    row, first = m.sight_row(sq)
    near = row & bits.get(m.floor_of[sq], 0)
    found: set[int] = set()
    if not near:
        return found
    limit = m.gear[card.eq].range
    dist = m.route_from(sq, ALL) if limit is not None else {}
    at, doors = g.at, g.doors  # (the mission's methods called on it: see ``gun_targets``)
    while near:
        low = near & -near
        near ^= low
        target = first + low.bit_length() - 1
        if not m.sees(sq, target, doors) or (limit is not None and dist.get(target, UNREACHABLE) > limit):
            continue
        for off in m.entered_offsets(sq, target):
            unit = at.get(sq + off)
            if unit is not None and not unit.prone and sq + off != leaving:
                break
        else:
            found.update(ids[target])
    return found


_BOARD: Final = ("board",)  # the memo's key for the board's infected in bits (and the start of the shots' keys)


def _no_gun(g: Game, h: Hero) -> str:
    if any(g.mission.gear[c.eq].kind == "ballistic" for c in h.active_cards()):
        return "the active weapon is out of ammunition"
    return f"{h.name}'s active weapon is not a ballistic weapon: change weapon, or use melee"


def _melee(g: Game, h: Hero, sq: int, verb: Verb = Verb.MELEE, to: int = -1,
           why: Refusals | None = None) -> list[Action]:
    mode = "" if melee_card(g, h) else "unarmed"
    targets = blade_targets(g, h, sq, why.each(h, verb) if why is not None else None)
    if len(targets) > 1:  # (``sorted`` with a key is a call through Python's convention even for no targets)
        targets = sorted(targets, key=_id)
    return [Action(h.id, verb, target=z.id, mode=mode, to=to) for z in targets]


def _move_attacks(g: Game, h: Hero, steps: list[int], first_quick: list[Action], first_melee: list[Action],
                  memo: dict[Any, Any], skip: Skips) -> list[Action]:
    """Move one square and attack, in either order (the target is named from where it is seen);
    ``first_quick`` and ``first_melee`` are the attacks from where the hero stands. The searches of
    Move & Quick Fire and Move & Melee are left out when ``without`` names them."""
    acts: list[Action] = []
    hid = h.id
    unarmed = "" if melee_card(g, h) else "unarmed"
    modes = fire_modes(g, h, h.active_cards()) if not skip.move_quick else []
    blades = not skip.move_melee
    m, at, doors = g.mission, g.at, g.doors
    grapples = any(o.grapplers for o in g.heroes)  # else a blade reaches only the infected on its squares
    for n in steps:
        if modes:
            acts += _quick(g, h, n, leaving=h.sq, verb=Verb.MOVE_QUICK, to=n, memo=memo, modes=modes)
        near = (blade_targets(g, h, n) if grapples else
                [u for s in m.reach(n, doors) if isinstance(u := at.get(s), Infected)]) if blades else []
        if near:
            acts += [Action(hid, Verb.MOVE_MELEE, target=z.id, mode=unarmed, to=n)
                     for z in (sorted(near, key=_id) if len(near) > 1 else near)]
        if first_quick:
            acts += [Action(hid, Verb.QUICK_MOVE, target=a.target, mode=a.mode, to=n) for a in first_quick]
        if first_melee:
            acts += [Action(hid, Verb.MELEE_MOVE, target=a.target, mode=a.mode, to=n) for a in first_melee]
    if not skip.move_throws and any(m.gear[c.eq].kind == "explosive"
                                                                  for c in h.active_cards()):
        first_throws = _throws(g, h)
        for n in steps:
            acts += _throws(g, h, n, Verb.MOVE_THROW, n, leaving=h.sq)
            acts += [Action(hid, Verb.THROW_MOVE, square=a.square, card=a.card, to=n) for a in first_throws]
    return acts


def _id(z: Infected) -> int:
    return z.id


def _aimed(g: Game, h: Hero, memo: dict[Any, Any], why: Refusals | None = None) -> list[Action]:
    if not _ap(g, h, Verb.AIMED, why):
        return []
    m = g.mission
    acts: list[Action] = []
    guns = ballistic_cards(g, h)
    if why is not None and not guns:
        why.no(h, Verb.AIMED, _no_gun(g, h))
    refuse = why.each(h, Verb.AIMED) if why is not None else None
    for card in guns:
        mode = card.name if len(h.active) > 1 else ""
        acts += [Action(h.id, Verb.AIMED, target=z.id, mode=mode)
                 for z in gun_targets(g, h, h.sq, card, memo=memo, refuse=refuse)]
        if "full-auto" in m.gear[card.eq].fire and "semi-auto" not in m.gear[card.eq].fire:
            acts = [a for a in acts if a.mode != mode]
    return acts


def _throws(g: Game, h: Hero, sq: int | None = None, verb: Verb = Verb.THROW, to: int = -1,
            leaving: int = -1) -> list[Action]:
    """Throwing an active explosive from ``sq`` (where the hero stands, or steps to first)."""
    m = g.mission
    sq = h.sq if sq is None else sq
    acts = []
    for card in h.active_cards():
        eq = m.equipment[card.eq]
        if eq.kind != "explosive" or eq.placed or (card.ammo is not None and card.ammo <= 0):
            continue
        limit = eq.range or 1
        for target, d in sorted(m.route_from(sq, ALL).items()):
            if d > limit or not same_floor(g, sq, target) or not g.hero_sees(sq, target, units_block=False):
                continue
            area = blast_area(g, target)
            if sq in area or any(isinstance(g.at.get(s), Hero) and s != leaving for s in area):
                continue
            doors = [d for d in m.doors_at.get(target, ()) if not g.destroyed >> d & 1]
            if doors or any(isinstance(g.at.get(s), Infected) for s in area):
                acts.append(Action(h.id, verb, square=target, card=card.name, to=to))
    return acts


def _executions(g: Game, h: Hero, memo: dict[Any, Any], why: Refusals | None = None) -> list[Action]:
    if why is None and not any(z.prone or z.holder is not None for z in g.infected.values()):
        return []  # every way to execute needs a prone infected or one in a grapple
    m = g.mission
    guns = ballistic_cards(g, h)
    found = blade_executions(g, h) | gun_executions(g, h)
    if why is not None:
        if not (melee_card(g, h) or guns or Perk.KERB_STOMP in h.perks):
            why.no(h, Verb.EXECUTE, "an execution needs an active weapon (unarmed only with Kerb Stomp)")
        for z in g.infected.values():
            if not (z.prone or z.holder is not None):
                why.no(h, Verb.EXECUTE, "only a prone infected (or one in a grapple) can be executed", z.id)
        refuse = why.each(h, Verb.EXECUTE)
        if melee_card(g, h) or Perk.KERB_STOMP in h.perks:
            blade_targets(g, h, h.sq, refuse)
        if guns:
            gun_targets(g, h, h.sq, guns[0], refuse=refuse)
            for z in g.infected.values():
                if z.sq is not None and z.sq not in m.adjacent(h.sq):
                    why.no(h, Verb.EXECUTE, f"z{z.id} is not on an adjacent square", z.id)
    if guns and Perk.SMILE in h.perks:
        found |= {z.id for z in gun_targets(g, h, h.sq, guns[0], memo=memo) if z.prone
                  and m.route_from(h.sq, ALL).get(pos(z), UNREACHABLE) <= 6}
    return [Action(h.id, Verb.EXECUTE, target=zid) for zid in sorted(found)]


def _hitman(g: Game, h: Hero, memo: dict[Any, Any]) -> list[Action]:
    if Perk.HIT_MAN not in h.perks:
        return []
    guns = ballistic_cards(g, h)
    if not guns:
        return []
    return [Action(h.id, Verb.HITMAN, target=z.id) for z in gun_targets(g, h, h.sq, guns[0], memo=memo)]


def _alert(g: Game, lists: Memo, h: Hero, why: Refusals | None = None) -> list[Action]:
    if not (ballistic_cards(g, h) or melee_card(g, h)):
        if why is not None:
            why.no(h, Verb.ALERT, "going on alert needs an active ballistic (with ammunition) or melee weapon")
        return []
    if not _ap(g, h, Verb.ALERT, why):
        return []
    kept = lists.alerts
    found = kept.get(h.id)
    if found is None:
        found = kept[h.id] = [Action(h.id, Verb.ALERT, mode=d) for d in FACINGS]
    return list(found)


def _doors(g: Game, h: Hero, why: Refusals | None = None) -> list[Action]:
    m = g.mission
    acts = []
    no = why.no if why is not None else _ignore
    for d in m.doors_at.get(h.sq, ()):
        door = m.doors[d]
        if g.destroyed >> d & 1:
            for verb in (Verb.OPEN, Verb.CLOSE, Verb.KNOCK):
                no(h, verb, "the door was destroyed: it stays open", d)
            continue
        if g.doors >> d & 1:
            if door.kind != "blast":
                acts.append(Action(h.id, Verb.CLOSE, square=d))
            else:
                no(h, Verb.CLOSE, "an open blast door stays open", d)
            no(h, Verb.OPEN, "the door is already open", d)
            no(h, Verb.KNOCK, "the door is open", d)
            continue
        no(h, Verb.CLOSE, "the door is not open", d)
        if door.kind == "door" or (door.kind == "locked" and (door.key in h.keycards or unlocked(g, door))):
            acts.append(Action(h.id, Verb.OPEN, square=d))
        elif door.kind == "blast":
            no(h, Verb.OPEN, "a blast door opens only when the task in its room is done", d)
        else:
            no(h, Verb.OPEN, f"the door is locked: it needs the {door.key} keycard", d)
        if any(not g.active >> r & 1 for r in door.rooms):
            acts.append(Action(h.id, Verb.KNOCK, square=d))
        else:
            no(h, Verb.KNOCK, "the room behind the door is already active", d)
    if why is not None:  # the refusals' text made only for someone who reads it
        for verb in (Verb.OPEN, Verb.CLOSE, Verb.KNOCK):
            why.no(h, verb, f"no door is directly in front of {h.name}: doors are opened, closed or knocked from "
                            "the square in front, never diagonally")
    return acts


def _ignore(*args: object) -> None:
    """A refusal nobody reads (one function, not a lambda made at each call)."""


def unlocked(g: Game, door: Any) -> bool:
    """Whether a locked door is unlocked: "Once one of the locked doors to a room has been opened all
    doors to that room are considered to be unlocked for the duration of the mission" (Exodus)."""
    return any(g.unlocked >> r & 1 for r in door.rooms)


def _search_task(g: Game, lists: Memo, h: Hero, why: Refusals | None = None) -> list[Action]:
    m = g.mission
    acts = []
    room = m.room_of[h.sq]
    no = why.no if why is not None else _ignore
    if not room:
        if why is not None:
            why.no(h, Verb.SEARCH, f"{h.name} is not in a room")
    elif room in g.searched:
        no(h, Verb.SEARCH, "the room has already been searched")
    elif not (h.stink or not infected_in_room(g, room)):
        no(h, Verb.SEARCH, "a room can only be searched when it holds no infected")
    elif not g.deck_size():
        no(h, Verb.SEARCH, "the search deck is empty")
    elif _ap(g, h, Verb.SEARCH, why):
        acts.append(_plain(lists, h.id, Verb.SEARCH))
    if why is not None:
        why.no(h, Verb.TASK, f"there is no task for {h.name} to do here")
    if _ap(g, h, Verb.TASK, why):
        tasks, blasts = _task_tables(m)
        for obj, at in tasks:
            if obj.number in g.objectives:
                continue
            if at == h.sq or (obj.scope == "room" and room and m.room_of[at] == room):
                acts.append(Action(h.id, Verb.TASK, target=obj.number))
        if room and any(not g.doors >> d & 1 for d in blasts.get(room, ())):
            acts.append(Action(h.id, Verb.TASK, target=0))
    return acts


def _task_tables(m: Mission) -> tuple[list[tuple[Any, int]], dict[int, list[int]]]:
    """The mission's task objectives with their squares, and its blast doors by room (kept per mission)."""
    table = _tables(m)
    found = table.get("tasks")
    if found is None:
        blasts: dict[int, list[int]] = {}
        for d in m.doors:
            if d.kind == "blast":
                blasts.setdefault(d.room, []).append(d.index)
        found = table["tasks"] = ([(o, m.square(o.at)) for o in m.compiled.objectives if o.action == "task"], blasts)
    return found


def infected_in_room(g: Game, room: int) -> bool:
    """Whether a room holds infected: on its squares, or in a grapple with a hero standing in it."""
    m = g.mission
    return any(m.room_of[pos(z)] == room for z in g.board_infected()) or any(
        o.grapplers and o.on_board and m.room_of[o.sq] == room for o in g.heroes)


# --- free actions --------------------------------------------------------------------------


def _free(g: Game, h: Hero, why: Refusals | None, skip: Skips) -> list[Action]:
    acts = []
    if h.switches > 0:
        acts += _weapons(g, h)
    elif why is not None:
        why.no(h, Verb.WEAPON, "the active weapon may be changed once per turn (twice with Quick Draw)")
    if not h.grapplers:
        if not skip.exchanges:
            acts += _exchanges(g, h)
    elif why is not None:
        for verb in (Verb.GIVE, Verb.TAKE):
            why.no(h, verb, "a hero locked in a grapple may not exchange gear")
    if why is not None:
        if h.gave:
            why.no(h, Verb.GIVE, "each hero may give only 1 card per turn")
        for verb in (Verb.GIVE, Verb.TAKE):
            why.no(h, verb, "heroes exchange gear only with a hero on an adjacent square; weapons used this turn, "
                            "loot and special equipment may not be exchanged")
    m = g.mission
    if h.stage:
        acts += [Action(h.id, Verb.MEDPACK, card=c.name) for c in h.cards if m.gear[c.eq].kind == "medical"]
    if not h.stink and _stink_tank(g, h):
        acts.append(Action(h.id, Verb.STINK))
    if h.power:  # (no power left of any perk: none of the three set look-ups a perk below can pass)
        for perk in _POWER_PERKS:
            if perk in h.perks and h.power.get(perk, 0) > 0 and perk not in h.boosts:
                acts.append(Action(h.id, Verb(perk)))
    acts += free.actions(g, h)
    if Perk.MORAL_SUPPORT in h.perks and h.ap >= 1:
        acts += [Action(h.id, Verb.SUPPORT, other=o.id) for o in g.heroes
                 if o is not h and o.on_board and not o.done and g.hero_sees(h.sq, o.sq)]
    return acts


#: read as C statics by compiled code: ``Effect`` is a plain enum (an attribute read of its class goes through the
#: enum's ``__getattr__``), ``POWER_PERKS`` a plain global of another module
STINK_TANK: Final = Effect.STINK_TANK
_POWER_PERKS: Final[tuple[Perk, ...]] = POWER_PERKS


def _stink_tank(g: Game, h: Hero) -> bool:
    """Whether ``h``'s first active Stink Tank card (if any) has a charge left."""
    gear = g.mission.gear
    for c in h.active_cards():
        if gear[c.eq].effect == STINK_TANK:
            return bool(c.ammo)
    return False


def wieldable(g: Game, h: Hero, card: Card) -> bool:
    eq = g.mission.equipment[card.eq]
    if eq.special is not None and short(eq.special) != h.id:
        return False
    return eq.kind in ("ballistic", "melee", "explosive") or eq.effect == STINK_TANK


def _weapons(g: Game, h: Hero) -> list[Action]:
    """The weapon changes open to ``h``: they depend only on the hero, their cards and what is active, so they are
    kept per mission for those (``Mission.weapon_changes``)."""
    key = (h.id, tuple((c.name, c.eq) for c in h.cards), tuple(h.active))
    found = g.mission.weapon_changes.get(key)
    if found is None:
        found = g.mission.weapon_changes.put(key, _weapon_changes(g, h))
    return list(found)


def _weapon_changes(g: Game, h: Hero) -> list[Action]:
    m = g.mission
    cards = [c for c in h.cards if wieldable(g, h, c)]
    configs = [[c.name] for c in cards]
    duals = [c for c in cards if m.equipment[c.eq].dual_wield]
    configs += [[a.name, b.name] for i, a in enumerate(duals) for b in duals[i + 1:]]
    configs.append([])
    return [Action(h.id, Verb.WEAPON, card="+".join(c) or "none") for c in configs if sorted(c) != sorted(h.active)]


def exchangeable(g: Game, card: Card) -> bool:
    eq = g.mission.equipment[card.eq]
    return eq.special is None and not card.used


def _exchanges(g: Game, h: Hero) -> list[Action]:
    acts: list[Action] = []
    if h.npc:
        return acts
    near = [g.at.get(n) for n in g.mission.steps(h.sq, g.doors)]
    if rib.is_aboard(g, h):
        near = [o for o in rib.aboard(g) if o is not h]  # the crew of the rib: side by side
    for o in near:
        if not isinstance(o, Hero) or o.grapplers or o.npc:  # NPCs carry no cards: no exchanges with them
            continue
        if not h.gave:
            acts += [Action(h.id, Verb.GIVE, card=c.name, other=o.id) for c in h.cards if exchangeable(g, c)]
            if h.object and not o.object:
                acts.append(Action(h.id, Verb.GIVE, other=o.id, held=Held(HeldKind.OBJECT, h.object)))
            acts += [Action(h.id, Verb.GIVE, other=o.id, held=Held(HeldKind.KEYCARD, k)) for k in h.keycards]
            acts += [Action(h.id, Verb.GIVE, other=o.id, held=Held(HeldKind.SEARCH, short(c))) for c in _supplies_held(g, h)]
        if not o.gave:
            acts += [Action(h.id, Verb.TAKE, card=c.name, other=o.id) for c in o.cards if exchangeable(g, c)]
            if o.object and not h.object:
                acts.append(Action(h.id, Verb.TAKE, other=o.id, held=Held(HeldKind.OBJECT, o.object)))
            acts += [Action(h.id, Verb.TAKE, other=o.id, held=Held(HeldKind.KEYCARD, k)) for k in o.keycards]
            acts += [Action(h.id, Verb.TAKE, other=o.id, held=Held(HeldKind.SEARCH, short(c))) for c in _supplies_held(g, o)]
    return acts


def _supplies_held(g: Game, h: Hero) -> list[str]:
    """Exodus: the ammunition and crafting search cards ``h`` holds, each kind once (loot stays with its finder)."""
    return sorted({c for c in h.loot if g.mission.search_cards[c].kind in ("ammo", "crafting")})


# --- sight of the infected -----------------------------------------------------------------




# --- why an action is not offered ----------------------------------------------------------

#: the first word of a typed action, as ``actions.describe`` writes it
VERB_WORDS: Final = {v.value: v for v in Verb} | {
    "hit": Verb.HITMAN, "use": Verb.MEDPACK, "dead": Verb.DEAD_EYE, "stink": Verb.STINK, "end": Verb.END,
    "drop": Verb.DROP_PRONE, "place": Verb.PLACE_ITEM}


def why_not(g: Game, text: str, current: str | None) -> str:
    """Why the action ``text`` names is not among the legal ones: the refusal the generator recorded
    when it left it out (``Refusals``), so the reason cannot drift from what is legal."""
    head, colon, rest = text.strip().lower().partition(":")
    words = [head.strip(), *rest.split()] if colon and _named(g, head.strip()) else text.strip().lower().split()
    hero = _named(g, words[0]) if words else None
    if hero is not None:
        words = words[1:]
    elif current:
        hero = g.hero(current)
    if not words:
        return "say what the hero does: move 4,5, quick z3, aimed 6,2, open H:3,4, end ..."
    if g.phase != Phase.HEROES:
        return "it is not the hero move: the game is waiting for something else"
    if words == ["end", "turn"]:
        why = Refusals()
        legal(g, why)
        return why.get("", Verb.END_TURN, None) or "the heroes may end their move now"
    if hero is None:
        candidates = [h for h in g.heroes if h.on_board and not h.done]
        if len(candidates) != 1:
            example = f"{candidates[0].id if candidates else 'sam'}: {' '.join(words)}"
            return f"say which hero acts: {', '.join(h.id for h in candidates)} (as in `{example}`)"
        hero = candidates[0]
    verb = VERB_WORDS.get(words[0])
    fallback = f"`{text.strip()}` is not a legal action now (type `options` to see them)"
    if verb is None:
        return fallback
    key, word, problem = _named_key(g, hero, verb, words[1:])
    if problem:
        return problem
    why = Refusals()
    legal(g, why)
    reason = why.get(hero.id, verb, key)
    return reason.replace(SQUARE, word) if reason else fallback


def _named(g: Game, word: str) -> Hero | None:
    return next((h for h in g.heroes if word in (h.id, h.name.lower())), None)


def _named_key(g: Game, h: Hero, verb: Verb, args: list[str]) -> tuple[int | None, str, str | None]:
    """What a typed action names, as refusals are keyed (an infected, a door, a square), the word
    that named it, and a problem with the words themselves."""
    m = g.mission
    for word in args:
        if word.startswith("z") and word[1:].isdigit():
            zid = int(word[1:])
            return (zid, word, None) if zid in g.infected else (None, word, f"there is no infected at `{word}`")
        if verb in (Verb.OPEN, Verb.CLOSE, Verb.KNOCK) and re.search(r"(^|:)[hv]:", word):
            try:
                floor, axis, x, y = parse_edge(re.sub(r"(^|:)([hv]):", lambda e: f"{e[1]}{e[2].upper()}:", word))
                door = m.door_at.get((m.floor_ids.index(floor) if floor else 0, axis, x, y))
            except ValueError:
                door = None
            return door, word, None
        if "," in word:
            sq = m.parse(word)
            if sq is None:
                return None, word, f"`{word}` is not a square of the board"
            unit = g.at.get(sq)
            if verb in TARGETING:
                if not isinstance(unit, Infected):
                    return None, word, f"there is no infected at `{word}`"
                return unit.id, word, None
            return sq, word, None
    if verb in (Verb.OPEN, Verb.CLOSE, Verb.KNOCK):
        near = m.doors_at.get(h.sq, [])
        return (near[0] if len(near) == 1 else None), "", None
    if verb in TARGETING:
        return None, "", "say which infected: z3, or its square"
    if verb in (Verb.MOVE, Verb.STEP, Verb.DIVE, Verb.CRAWL):
        return None, "", "say where to: a square as x,y"
    return None, "", None


TARGETING: Final = frozenset({Verb.QUICK, Verb.AIMED, Verb.MELEE, Verb.EXECUTE, Verb.HITMAN})
