"""What each hero may do now: the one list every driver, parser and policy works from.

Standing heroes have the whole action table; prone heroes crawl, stand up,
shoot or go on alert; heroes locked in a grapple shoot, strike or sweep their
grapplers. Free actions (changing weapon, exchanging gear, med packs, the
Stink Tank, power perks, Moral Support) are open to all of them within their
limits. A throw is only offered where its blast would hit an infected or a door.
"""

from __future__ import annotations

from ..geometry.facing import FACINGS
from .actions import AP_COST, Action
from .mission import ALL, UNREACHABLE
from .sight import blast_area, same_floor
from .state import Game, Hero, Infected, short
from .vocab import POWER_PERKS, Effect, Perk, Verb
from .weapons import (
    ballistic_cards,
    blade_executions,
    blade_targets,
    fire_modes,
    gun_executions,
    gun_targets,
    melee_card,
)

END_TURN = Action("", Verb.END_TURN)


def legal(g: Game) -> list[Action]:
    """Every legal action of the hero move, for every hero still to move, then ``end turn``.

    No hero may finish their turn on a spawn point: while one could still step off, nothing
    that would finish their move there is offered (``end``, ``end turn``, an action that spends
    the AP they need to step off, going on alert, another hero acting while they are mid-move),
    and no move may strand a hero on one."""
    out: list[Action] = []
    held = None  # the hero mid-move on a spawn point, who must step off before anyone else acts
    stuck = False
    for h in g.heroes:
        if not h.on_board or h.done:
            continue
        acts = hero_actions(g, h)
        if on_spawn_point(g, h) and can_leave(g, h):
            stuck = True
            acts = [a for a in acts if _keeps_way_off(h, a)]
            if g.current == h.id:
                held = h.id
        out += acts
    if held is not None:
        out = [a for a in out if a.hero == held]
    if not stuck:
        out.append(END_TURN)
    return out


MOVING = frozenset({Verb.MOVE, Verb.STEP, Verb.DIVE, Verb.CRAWL, Verb.SPRINT, Verb.TURBO, Verb.EXIT, Verb.MOVE_QUICK, Verb.QUICK_MOVE,
                    Verb.MOVE_MELEE, Verb.MELEE_MOVE, Verb.MOVE_THROW, Verb.THROW_MOVE})
FREE = frozenset({Verb.WEAPON, Verb.GIVE, Verb.TAKE, Verb.MEDPACK, Verb.STINK, Verb.REDLINE, Verb.DEAD_EYE, Verb.BERSERKER, Verb.SUPPORT})


def _keeps_way_off(h: Hero, a: Action) -> bool:
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
    return h.ap - cost(h, a.verb) >= (2 if prone_after else 1)


def on_spawn_point(g: Game, h: Hero) -> bool:
    return h.sq in g.mission.spawn_at


def can_leave(g: Game, h: Hero) -> bool:
    """Whether ``h`` could still step off its square this turn (a free square next to it, and the AP
    to move, crawl, or go on with a sprint)."""
    if h.grapplers or not free_steps(g, h):
        return False
    return h.stride > 0 or h.ap >= (2 if h.prone else 1)


def strands(g: Game, h: Hero, sq: int, ap_after: int, prone_after: bool, stride_after: int = 0) -> bool:
    """Whether ending a move on ``sq`` would leave ``h`` on a spawn point without the AP to step off."""
    return sq in g.mission.spawn_at and stride_after == 0 and ap_after < (2 if prone_after else 1)


def cost(h: Hero, verb: str) -> int:
    if verb == Verb.AIMED and Perk.DEAD_EYE in h.boosts:
        return 1
    if verb == Verb.STAND and Perk.KIP_UP in h.perks:
        return 1
    if verb in (Verb.SEARCH, Verb.TASK):
        return min(3 if verb == Verb.SEARCH and Perk.BANDIT in h.perks else 4, h.ap_turn)
    return AP_COST.get(verb, 0)


def hero_actions(g: Game, h: Hero) -> list[Action]:
    if h.stride:
        acts = [Action(h.id, Verb.STEP, to=n) for n in free_steps(g, h)
                if not strands(g, h, n, h.ap, False, h.stride - 1)] + [Action(h.id, Verb.STOP)]
        if h.sprint == "sprint" and not h.sprint_attack:
            if Perk.RUN_AND_GUN in h.perks:
                acts += _quick(g, h, h.sq)
            if Perk.HIT_AND_RUN in h.perks:
                acts += _melee(g, h, h.sq)
    elif h.grapplers:
        acts = _grappled(g, h)
    elif h.prone:
        acts = _prone(g, h, {})
    else:
        acts = _standing(g, h, {})
    return acts + free_actions(g, h) + [Action(h.id, Verb.END)]


def _grappled(g: Game, h: Hero) -> list[Action]:
    acts = []
    own = [g.infected[i] for i in h.grapplers]
    if h.ap >= 1:
        modes = fire_modes(g, h, h.active_cards())
        unarmed = "" if melee_card(g, h) else "unarmed"
        for z in own:
            acts += [Action(h.id, Verb.QUICK, target=z.id, mode=key) for key, _, _, _ in modes]
            acts.append(Action(h.id, Verb.MELEE, target=z.id, mode=unarmed))
    if h.ap >= 2:
        m = g.mission
        room = [n for n in m.steps(h.sq, g.doors) if n not in g.at and m.standable[n]]
        acts += [Action(h.id, Verb.SWEEP, target=z.id, square=n) for z in own for n in room]
    return acts


def _prone(g: Game, h: Hero, memo: dict) -> list[Action]:
    acts = []
    if h.ap >= 2:
        acts += [Action(h.id, Verb.CRAWL, to=n) for n in free_steps(g, h) if not strands(g, h, n, h.ap - 2, True)]
    if h.ap >= cost(h, Verb.STAND):
        acts.append(Action(h.id, Verb.STAND))
    acts += _quick(g, h, h.sq, memo=memo)
    acts += _throws(g, h)
    acts += _aimed(g, h, memo)
    acts += _alert(g, h)
    return acts


def _standing(g: Game, h: Hero, memo: dict) -> list[Action]:
    """The whole action table. ``memo`` keeps the targets seen from each square for this call."""
    ap = h.ap
    steps = [n for n in free_steps(g, h) if not strands(g, h, n, ap - 1, False)]
    acts = []
    if ap >= 1:
        acts += [Action(h.id, Verb.MOVE, to=n) for n in steps]
    if ap >= 2:
        acts.append(Action(h.id, Verb.SPRINT))
    if ap >= 4 and Perk.TURBO in h.perks:
        acts.append(Action(h.id, Verb.TURBO))
    if ap >= 1:
        acts += [Action(h.id, Verb.DIVE, to=n) for n in dives(g, h) if not strands(g, h, n, ap - 1, True)]
        acts += _doors(g, h)
        quick, melee = _quick(g, h, h.sq, memo=memo), _melee(g, h, h.sq)
        acts += quick + melee
        acts += _move_attacks(g, h, steps, quick, melee, memo)
        acts += _throws(g, h)
        if h.sq in g.mission.exits and (g.exits_open or not g.mission.exits[h.sq]):
            acts.append(Action(h.id, Verb.EXIT))
    acts += _aimed(g, h, memo)
    if ap >= 2:
        acts += _executions(g, h, memo)
    acts += _alert(g, h)
    if ap >= 4:
        acts += _hitman(g, h, memo)
    acts += _search_task(g, h)
    return acts


# --- squares -------------------------------------------------------------------------------


def free_steps(g: Game, h: Hero, frm: int | None = None) -> list[int]:
    m = g.mission
    return [n for n in m.steps(h.sq if frm is None else frm, g.doors, Perk.SKINNY in h.perks)
            if n not in g.at and m.standable[n]]


def dives(g: Game, h: Hero) -> list[int]:
    """Two squares in a straight line, both free and each a legal step."""
    m = g.mission
    out = []
    x0, y0 = m.xy[h.sq]
    for mid in free_steps(g, h):
        if m.floor_of[mid] != m.floor_of[h.sq]:
            continue
        mx, my = m.xy[mid]
        for end in free_steps(g, h, mid):
            ex, ey = m.xy[end]
            if m.floor_of[end] == m.floor_of[mid] and (ex - mx, ey - my) == (mx - x0, my - y0):
                out.append(end)
    return out


# --- weapons -------------------------------------------------------------------------------


def _quick(g: Game, h: Hero, sq: int, leaving: int = -1, verb: str = "quick",
           to: int = -1, memo: dict | None = None) -> list[Action]:
    """Quick fire from ``sq`` with the active guns, one action per target and fire mode."""
    acts = []
    for key, cards, _, _ in fire_modes(g, h, h.active_cards()):
        targets = None
        for card in cards:
            found = {z.id for z in gun_targets(g, h, sq, card, leaving, memo)}
            targets = found if targets is None else targets & found
        acts += [Action(h.id, verb, target=zid, mode=key, to=to) for zid in sorted(targets or ())]
    return acts


def _melee(g: Game, h: Hero, sq: int, verb: str = "melee", to: int = -1) -> list[Action]:
    mode = "" if melee_card(g, h) else "unarmed"
    targets = sorted(blade_targets(g, h, sq), key=lambda z: z.id)
    return [Action(h.id, verb, target=z.id, mode=mode, to=to) for z in targets]


def _move_attacks(g: Game, h: Hero, steps: list[int], first_quick: list[Action], first_melee: list[Action],
                  memo: dict) -> list[Action]:
    """Move one square and attack, in either order (the target is named from where it is seen);
    ``first_quick`` and ``first_melee`` are the attacks from where the hero stands."""
    acts = []
    unarmed = "" if melee_card(g, h) else "unarmed"
    for n in steps:
        acts += _quick(g, h, n, leaving=h.sq, verb="move-quick", to=n, memo=memo)
        acts += [Action(h.id, Verb.MOVE_MELEE, target=z.id, mode=unarmed, to=n)
                 for z in sorted(blade_targets(g, h, n), key=lambda z: z.id)]
        acts += [Action(h.id, Verb.QUICK_MOVE, target=a.target, mode=a.mode, to=n) for a in first_quick]
        acts += [Action(h.id, Verb.MELEE_MOVE, target=a.target, mode=a.mode, to=n) for a in first_melee]
    if any(g.mission.equipment[c.eq].kind == "explosive" for c in h.active_cards()):
        first_throws = _throws(g, h)
        for n in steps:
            acts += _throws(g, h, n, "move-throw", n, leaving=h.sq)
            acts += [Action(h.id, Verb.THROW_MOVE, square=a.square, card=a.card, to=n) for a in first_throws]
    return acts


def _aimed(g: Game, h: Hero, memo: dict) -> list[Action]:
    if h.ap < cost(h, Verb.AIMED):
        return []
    m = g.mission
    acts = []
    for card in ballistic_cards(g, h):
        mode = card.name if len(h.active) > 1 else ""
        acts += [Action(h.id, Verb.AIMED, target=z.id, mode=mode) for z in gun_targets(g, h, h.sq, card, memo=memo)]
        if "full-auto" in m.equipment[card.eq].fire and "semi-auto" not in m.equipment[card.eq].fire:
            acts = [a for a in acts if a.mode != mode]
    return acts


def _throws(g: Game, h: Hero, sq: int | None = None, verb: str = "throw", to: int = -1,
            leaving: int = -1) -> list[Action]:
    """Throwing an active explosive from ``sq`` (where the hero stands, or steps to first)."""
    m = g.mission
    sq = h.sq if sq is None else sq
    acts = []
    for card in h.active_cards():
        eq = m.equipment[card.eq]
        if eq.kind != "explosive" or (card.ammo is not None and card.ammo <= 0):
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


def _executions(g: Game, h: Hero, memo: dict) -> list[Action]:
    m = g.mission
    guns = ballistic_cards(g, h)
    found = blade_executions(g, h) | gun_executions(g, h)
    if guns and Perk.SMILE in h.perks:
        found |= {z.id for z in gun_targets(g, h, h.sq, guns[0], memo=memo) if z.prone
                  and m.route_from(h.sq, ALL).get(z.sq, UNREACHABLE) <= 6}
    return [Action(h.id, Verb.EXECUTE, target=zid) for zid in sorted(found)]


def _hitman(g: Game, h: Hero, memo: dict) -> list[Action]:
    guns = ballistic_cards(g, h)
    if Perk.HIT_MAN not in h.perks or not guns:
        return []
    return [Action(h.id, Verb.HITMAN, target=z.id) for z in gun_targets(g, h, h.sq, guns[0], memo=memo)]


def _alert(g: Game, h: Hero) -> list[Action]:
    if h.ap < 2 or not (ballistic_cards(g, h) or melee_card(g, h)):
        return []
    return [Action(h.id, Verb.ALERT, mode=d) for d in FACINGS]


def _doors(g: Game, h: Hero) -> list[Action]:
    m = g.mission
    acts = []
    for d in m.doors_at.get(h.sq, ()):
        door = m.doors[d]
        if g.destroyed >> d & 1:
            continue
        if g.doors >> d & 1:
            if door.kind != "blast":
                acts.append(Action(h.id, Verb.CLOSE, square=d))
            continue
        if door.kind == "door" or (door.kind == "locked" and door.key in h.keycards):
            acts.append(Action(h.id, Verb.OPEN, square=d))
        if any(not g.active >> r & 1 for r in door.rooms):
            acts.append(Action(h.id, Verb.KNOCK, square=d))
    return acts


def _search_task(g: Game, h: Hero) -> list[Action]:
    m = g.mission
    acts = []
    room = m.room_of[h.sq]
    if room and h.ap >= cost(h, Verb.SEARCH) and room not in g.searched and g.deck_size() and (
            h.stink or not infected_in_room(g, room)):
        acts.append(Action(h.id, Verb.SEARCH))
    if h.ap >= cost(h, Verb.TASK):
        for obj in m.compiled.objectives:
            if obj.number in g.objectives or obj.action != "task":
                continue
            at = m.square(obj.at)
            if at == h.sq or (obj.scope == "room" and room and m.room_of[at] == room):
                acts.append(Action(h.id, Verb.TASK, target=obj.number))
        if room and any(d.kind == "blast" and d.room == room and not g.doors >> d.index & 1 for d in m.doors):
            acts.append(Action(h.id, Verb.TASK, target=0))
    return acts


def infected_in_room(g: Game, room: int) -> bool:
    """Whether a room holds infected: on its squares, or in a grapple with a hero standing in it."""
    m = g.mission
    return any(m.room_of[z.sq] == room for z in g.board_infected()) or any(
        o.grapplers and o.on_board and m.room_of[o.sq] == room for o in g.heroes)


# --- free actions --------------------------------------------------------------------------


def free_actions(g: Game, h: Hero) -> list[Action]:
    acts = []
    if h.switches > 0:
        acts += _weapons(g, h)
    if not h.grapplers:
        acts += _exchanges(g, h)
    m = g.mission
    if h.stage:
        acts += [Action(h.id, Verb.MEDPACK, card=c.name) for c in h.cards if m.equipment[c.eq].kind == "medical"]
    tank = next((c for c in h.active_cards() if short(c.eq) == Effect.STINK_TANK), None)
    if tank is not None and tank.ammo and not h.stink:
        acts.append(Action(h.id, Verb.STINK))
    for perk in POWER_PERKS:
        if perk in h.perks and h.power.get(perk, 0) > 0 and perk not in h.boosts:
            acts.append(Action(h.id, perk))
    if Perk.MORAL_SUPPORT in h.perks and h.ap >= 1:
        acts += [Action(h.id, Verb.SUPPORT, other=o.id) for o in g.heroes
                 if o is not h and o.on_board and not o.done and g.hero_sees(h.sq, o.sq)]
    return acts


def wieldable(g: Game, h: Hero, card) -> bool:
    eq = g.mission.equipment[card.eq]
    if eq.special is not None and short(eq.special) != h.id:
        return False
    return eq.kind in ("ballistic", "melee", "explosive") or short(card.eq) == Effect.STINK_TANK


def _weapons(g: Game, h: Hero) -> list[Action]:
    m = g.mission
    cards = [c for c in h.cards if wieldable(g, h, c)]
    configs = [[c.name] for c in cards]
    duals = [c for c in cards if m.equipment[c.eq].dual_wield]
    configs += [[a.name, b.name] for i, a in enumerate(duals) for b in duals[i + 1:]]
    configs.append([])
    return [Action(h.id, Verb.WEAPON, card="+".join(c) or "none") for c in configs if sorted(c) != sorted(h.active)]


def exchangeable(g: Game, card) -> bool:
    eq = g.mission.equipment[card.eq]
    return eq.special is None and not card.used


def _exchanges(g: Game, h: Hero) -> list[Action]:
    acts = []
    for n in g.mission.steps(h.sq, g.doors):
        o = g.at.get(n)
        if not isinstance(o, Hero) or o.grapplers:
            continue
        if not h.gave:
            acts += [Action(h.id, Verb.GIVE, card=c.name, other=o.id) for c in h.cards if exchangeable(g, c)]
            if h.object and not o.object:
                acts.append(Action(h.id, Verb.GIVE, card=f"object:{h.object}", other=o.id))
            acts += [Action(h.id, Verb.GIVE, card=f"keycard:{k}", other=o.id) for k in h.keycards]
        if not o.gave:
            acts += [Action(h.id, Verb.TAKE, card=c.name, other=o.id) for c in o.cards if exchangeable(g, c)]
            if o.object and not h.object:
                acts.append(Action(h.id, Verb.TAKE, card=f"object:{o.object}", other=o.id))
            acts += [Action(h.id, Verb.TAKE, card=f"keycard:{k}", other=o.id) for k in o.keycards]
    return acts


# --- sight of the infected -----------------------------------------------------------------


