"""Agent Z: agents attacking each other, the hurt track, reactions and alert fire between agents.

The Agent Z rulebook plays Z War One's rules between two agents, each under
one player. What it adds lives here, called by the versus ruleset
(``engine.versus``) through the ruleset's hooks, never by the Z War One rules:

- a kill roll against an agent hurts them (the hurt token moves a stage on the
  hero card's track) and knocks them down; a knockdown roll knocks them down;
- an agent who has not taken their move may react (move, dive or crawl) to a
  quick fire or melee attack, forfeiting their move; out of sight, the attack misses;
- an agent on alert attacks the rival when the rival acts, timed by the
  rulebook's table (after, at the same time, before, before the second part);
- firing into a grapple at range: a miss is a kill roll on an infected in it.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from ..geometry.facing import forward
from .act import _assassin, _melee, _quick, _throw, enter, grab_tests
from .actions import Action
from .c4 import blast
from .cards import window
from .chance import Choice, Context
from .combat import attack, hero_dies, hit, melee_bonus, read, spend
from .legal import FREE, dives, free_steps
from .shield import _carried_to, move_with, shield
from .sight import reach
from .state import MAX_STAGE, Card, Game, Hero, Infected
from .vocab import CardEffect, CardWindow, EventKind, Phase, Side, Topic, Verb
from .weapons import ballistic_cards, fire_modes, in_range, melee_card

HOLD = "hold"
KILL, KNOCKDOWN, MISS = "kill", "knockdown", "miss"


class Timing(Enum):
    """When an agent on alert fires, by the rulebook's breakdown of the order of play for alert actions."""

    AFTER = "after"  # Move, Sprint, Crawl, Dive, Stand Up, Open / Close Door, Knock, Execution, Sweep, Search / Task
    SAME = "same"  # Quick Fire / Melee
    BEFORE = "before"  # Aimed Fire
    BEFORE_SECOND = "before-second"  # Move & Quick Fire / Melee


#: the timing of each hero action; actions the table does not list are treated as "after" (docs/engine.md)
TIMING: Final = {Verb.QUICK: Timing.SAME, Verb.MELEE: Timing.SAME, Verb.QUICK_MOVE: Timing.SAME, Verb.MELEE_MOVE: Timing.SAME,
          Verb.THROW_MOVE: Timing.SAME, Verb.AIMED: Timing.BEFORE, Verb.THROW_KNIFE: Timing.BEFORE, Verb.MOVE_QUICK: Timing.BEFORE_SECOND,
          Verb.MOVE_MELEE: Timing.BEFORE_SECOND, Verb.MOVE_THROW: Timing.BEFORE_SECOND}

#: quick fire and melee: the attacks an agent who has not yet moved may react to
REACTABLE = frozenset({Verb.QUICK, Verb.MELEE, Verb.MOVE_QUICK, Verb.QUICK_MOVE, Verb.MOVE_MELEE, Verb.MELEE_MOVE})
#: the attacks an agent can make on the rival agent (the Action names the rival in ``other``)
ATTACKS = REACTABLE | {Verb.AIMED}


def rivals(g: Game, h: Hero) -> list[Hero]:
    """The other agents on the board."""
    return [o for o in g.heroes if o is not h and o.on_board]


# --- the hurt track -------------------------------------------------------------------------


def knock_down(g: Game, h: Hero) -> None:
    """A kill or knockdown roll against an agent: prone (if standing), and an alert is cancelled for the turn."""
    if not h.prone:
        h.prone, h.stride = True, 0
        g.emit(EventKind.KNOCKED_DOWN, h.id, f"{h.name} is knocked down", h.sq)
    if h.alert:
        h.alert = None
        g.emit(EventKind.ALERT, h.id, f"{h.name}'s alert is cancelled for the rest of the turn")


def hurt(g: Game, h: Hero, by: str) -> None:
    """A successful kill roll against an agent: the hurt (or bitten) token moves a stage on; past the
    last stage the agent dies. Any kill roll also knocks the agent down."""
    if h.stage >= MAX_STAGE:
        hero_dies(g, h, f"hurt by {by} at stage {MAX_STAGE}")
        return
    if not h.stage:
        h.hurt = True
    h.stage += 1
    token = "hurt" if h.hurt else "bitten"
    g.emit(EventKind.HURT, h.id, f"{h.name} is hurt: the {token} token moves to stage {h.stage}", h.sq,
           result=f"stage {h.stage}")
    knock_down(g, h)


# --- rolling an attack on an agent ----------------------------------------------------------


def _specs(g: Game, h: Hero, cards: list[Card], aimed: bool, auto: bool) -> tuple[list, str]:
    """(table, modifier) for each die, and the weapon's name; rounds are crossed off."""
    m = g.mission
    if not cards:
        return [(h.unarmed, melee_bonus(h, True))], "bare hands"
    specs: list = []
    for card in cards:
        eq = m.equipment[card.eq]
        if eq.kind == "melee":
            specs.append((eq.quick, melee_bonus(h, False)))
        else:
            specs += [(eq.quick, g.ruleset.weapons.aimed_modifier(eq) if aimed else 0)] * (3 if auto else 1)
        spend(g, card, 3 if auto else 1)
    g.heard(h, cards)
    h.aim = None
    return specs, " and ".join(f"the {m.equipment[c.eq].name}" for c in cards)


def roll_at(g: Game, ctx: Context, h: Hero, target: Hero, how: str, cards: list[Card], *, aimed: bool = False,
            auto: bool = False) -> list[str]:
    """Roll ``h``'s attack on agent ``target`` and log it; the result of each die (nothing applied yet)."""
    specs, weapon = _specs(g, h, cards, aimed, auto)
    verb = {"quick": "quick fires at", "aimed": "aims at", "alert": "fires on alert at", "melee": "attacks"}[how]
    label = f"{h.name} {verb} {target.name} ({g.show(target.sq)}) with {weapon}"
    if any(g.mission.equipment[c.eq].kind == "ballistic" for c in cards):
        played = window(g, ctx, CardWindow.BALLISTIC_ATTACK, by=h.id)  # the rival may play a card on the shot
        if played is not None and played.effect == CardEffect.MISS:
            g.emit(EventKind.ATTACK, h.id, f"{label}: the attack misses (director card)", target.sq, result=MISS)
            return [MISS]
    rolls = [ctx.roll(label, h.id) for _ in specs]
    results = [read(g.mission, table, r + mod) for r, (table, mod) in zip(rolls, specs)]
    word = KILL if KILL in results else (KNOCKDOWN if KNOCKDOWN in results else MISS)
    mod = specs[0][1]
    dice = ", ".join(str(r) for r in rolls) if len(rolls) > 1 or not mod else f"{rolls[0]} + {mod} = {rolls[0] + mod}"
    g.emit(EventKind.ATTACK, h.id, f"{label}: rolls {dice} → {word}", target.sq, tuple(rolls), word)
    return results


def apply(g: Game, ctx: Context, h: Hero, target: Hero, results: list[str]) -> str:
    """Apply the dice of an attack to ``target``: each kill hurts (and knocks down); a knockdown knocks
    down. Into a grapple a knockdown does nothing and a miss is a kill roll on an infected in it,
    the grappled agent choosing which. The word for the attack: kill, knockdown or miss."""
    word = KILL if KILL in results else (KNOCKDOWN if KNOCKDOWN in results else MISS)
    for result in results:
        if not target.on_board:
            break
        if target.grapplers:
            if result == MISS:
                _miss_into_grapple(g, ctx, target)
            elif result == KILL:
                hurt(g, target, h.name)
        elif result == KILL:
            hurt(g, target, h.name)
        elif result == KNOCKDOWN and word == KNOCKDOWN:
            knock_down(g, target)
    return word


def _miss_into_grapple(g: Game, ctx: Context, target: Hero) -> None:
    options = [Choice(zid, f"{g.label(g.infected[zid])}") for zid in target.grapplers]
    pick = ctx.choose(Side.AGENT, f"{target.name}: which infected in the grapple does the miss hit?", options,
                      target.id, Topic.TARGET)
    z = g.infected[pick.key]
    g.emit(EventKind.ATTACK, target.id, f"The miss counts as a kill roll against {g.label(z)} in the grapple",
           target.sq, result=KILL)
    hit(g, z, 1, False)


# --- what an agent may do against the rival -------------------------------------------------


def sees_agent(g: Game, sq: int, target: Hero, leaving: int = -1) -> bool:
    """Hero line of sight from ``sq`` to the agent (figures on the line block, prone ones never)."""
    m = g.mission
    return m.floor_of[sq] == m.floor_of[target.sq] and g.hero_sees(sq, target.sq, ignore=leaving)


def _gun_modes(g: Game, h: Hero, sq: int, target: Hero, leaving: int = -1) -> list[str]:
    modes = fire_modes(g, h, h.active_cards())
    if not sees_agent(g, sq, target, leaving):
        return []
    return [key for key, cards, _, _ in modes if all(in_range(g, c, sq, target.sq) for c in cards)]


def _reaches(g: Game, sq: int, target: Hero) -> bool:
    return target.sq in reach(g, sq)


def agent_actions(g: Game, h: Hero) -> list[Action]:
    """Attacks on the rival agents: quick fire, melee and aimed fire, and standing, the combined moves.
    A hero in a grapple or mid-sprint attacks only as Z War One lets them (the infected in the grapple)."""
    if h.grapplers or h.stride or h.ap < 1:
        return []
    acts: list[Action] = []
    unarmed = "" if melee_card(g, h) else "unarmed"
    steps = [] if h.prone else free_steps(g, h)
    held = shield(g, h)
    if held is not None and held.sq in g.mission.steps(h.sq, g.doors):
        steps.append(held.sq)  # forward, the shield going ahead
    for o in rivals(g, h):
        acts += [Action(h.id, Verb.QUICK, target=-1, mode=key, other=o.id) for key in _gun_modes(g, h, h.sq, o)]
        if not h.prone and _reaches(g, h.sq, o):
            acts.append(Action(h.id, Verb.MELEE, target=-1, mode=unarmed, other=o.id))
        if h.ap >= g.mission.ap_costs.get(Verb.AIMED, 2) and sees_agent(g, h.sq, o):
            acts += [Action(h.id, Verb.AIMED, target=-1, mode=c.name if len(guns) > 1 else "", other=o.id)
                     for guns in [ballistic_cards(g, h)] for c in guns if in_range(g, c, h.sq, o.sq)]
        for n in steps:
            acts += [Action(h.id, Verb.MOVE_QUICK, to=n, target=-1, mode=key, other=o.id)
                     for key in _gun_modes(g, h, n, o, leaving=h.sq)]
            acts += [Action(h.id, Verb.QUICK_MOVE, to=n, target=-1, mode=key, other=o.id)
                     for key in _gun_modes(g, h, h.sq, o)]
            if _reaches(g, n, o):
                acts.append(Action(h.id, Verb.MOVE_MELEE, to=n, target=-1, mode=unarmed, other=o.id))
            if _reaches(g, h.sq, o):
                acts.append(Action(h.id, Verb.MELEE_MOVE, to=n, target=-1, mode=unarmed, other=o.id))
    return acts


def charge_actions(g: Game, h: Hero) -> list[Action]:
    """Quick and aimed fire at a placed C4 token in sight and range: a kill roll sets it off."""
    if h.grapplers or h.stride or h.ap < 1 or not g.charges:
        return []
    acts: list[Action] = []
    m = g.mission
    for sq in sorted(g.charges):
        if m.floor_of[sq] != m.floor_of[h.sq] or not g.hero_sees(h.sq, sq):
            continue
        acts += [Action(h.id, Verb.QUICK, target=-1, square=sq, mode=key)
                 for key, cards, _, _ in fire_modes(g, h, h.active_cards()) if all(in_range(g, c, h.sq, sq) for c in cards)]
        if h.ap >= g.mission.ap_costs.get(Verb.AIMED, 2):
            guns = ballistic_cards(g, h)
            acts += [Action(h.id, Verb.AIMED, target=-1, square=sq, mode=c.name if len(guns) > 1 else "")
                     for c in guns if in_range(g, c, h.sq, sq)]
    return acts


def shoot_charge(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    """"Any successful kill rolls made against a placed C4 token will cause it to detonate." """
    cards, auto = _cards(g, h, a)
    aimed = a.verb == Verb.AIMED
    specs, weapon = _specs(g, h, cards, aimed, auto)
    label = f"{h.name} {'aims at' if aimed else 'quick fires at'} the C4 at {g.show(a.square)} with {weapon}"
    rolls = [ctx.roll(label, h.id) for _ in specs]
    results = [read(g.mission, table, r + mod) for r, (table, mod) in zip(rolls, specs)]
    word = KILL if KILL in results else (KNOCKDOWN if KNOCKDOWN in results else MISS)
    mod = specs[0][1]
    dice = ", ".join(str(r) for r in rolls) if len(rolls) > 1 or not mod else f"{rolls[0]} + {mod} = {rolls[0] + mod}"
    g.emit(EventKind.ATTACK, h.id, f"{label}: rolls {dice} → {word}", a.square, tuple(rolls), word)
    if word == KILL and a.square in g.charges:
        blast(g, ctx, a.square)


def blast_agent(g: Game, ctx: Context, owner: Hero, target: Hero, card: Card) -> None:
    """A blast catches an agent: a roll on the explosive's table, applied as any attack on an agent."""
    why = f"The blast catches {target.name} ({g.show(target.sq)})"
    roll = ctx.roll(why, owner.id)
    result = read(g.mission, g.mission.equipment[card.eq].quick, roll)
    g.emit(EventKind.ATTACK, owner.id, f"{why}: rolls {roll} → {result}", target.sq, (roll,), result)
    apply(g, ctx, owner, target, [result])


# --- reactions ------------------------------------------------------------------------------


def react(g: Game, ctx: Context, attacker: Hero, target: Hero) -> None:
    """An agent who has not yet taken their move may react to a quick fire or melee attack: move 1,
    dive 2 (ending prone) or, prone, crawl 1; reacting forfeits their move for the turn."""
    if g.phase != Phase.HEROES or target.done or target.grapplers or not target.on_board or target.id == g.current:
        return
    options = [Choice(HOLD, "no reaction")]
    held = shield(g, target)
    if held is not None:  # with a meat shield an agent only moves, the shield with them
        options += [Choice(("move", n), f"move {g.show(n)}") for n in free_steps(g, target)
                    if n != held.sq and _carried_to(g, target, held, n) is not None]
    elif target.prone:
        options += [Choice(("crawl", n), f"crawl {g.show(n)}") for n in free_steps(g, target)]
    else:
        options += [Choice(("move", n), f"move {g.show(n)}") for n in free_steps(g, target)]
        options += [Choice(("dive", n), f"dive {g.show(n)}") for n in dives(g, target)]
    pick = ctx.choose(Side.AGENT, f"{target.name}: react to {attacker.name}'s attack?", options, target.id,
                      Topic.REACTION)
    if pick.key == HOLD:
        return
    how, to = pick.key
    target.done, target.ap, target.alert = True, 0, None
    g.emit(EventKind.REACTION, target.id, f"{target.name} reacts ({how}) and forfeits their move this turn",
           target.sq)
    if how == "dive":
        m = g.mission
        (x0, y0), (x2, y2) = m.xy[target.sq], m.xy[to]
        mid = target.sq + ((y2 - y0) // 2) * m.widths[m.floor_of[target.sq]] + (x2 - x0) // 2
        if enter(g, ctx, target, mid, "dives") and target.on_board:
            enter(g, ctx, target, to, "dives")
        target.prone = True
    else:
        move_with(g, ctx, target, to, "crawls" if how == "crawl" else "moves")


# --- carrying out an attack on the rival ----------------------------------------------------


def _cards(g: Game, h: Hero, a: Action) -> tuple[list[Card], bool]:
    if a.verb in (Verb.MELEE, Verb.MOVE_MELEE, Verb.MELEE_MOVE):
        blade = melee_card(g, h)
        return ([blade] if blade and a.mode != "unarmed" else []), False
    if a.verb == Verb.AIMED:
        guns = ballistic_cards(g, h)
        return [next(c for c in guns if c.name == a.mode) if a.mode else guns[0]], False
    for key, cards, auto, _ in fire_modes(g, h, h.active_cards()):
        if key == a.mode:
            return cards, auto
    raise ValueError(f"no fire mode {a.mode!r}")


def strike(g: Game, ctx: Context, h: Hero, a: Action) -> str:
    """The attack part of an action on the rival named by ``a.other``: the rival may react first
    (quick fire and melee only); a rival who reacts out of sight (or reach) is missed outright."""
    target = g.hero(a.other)
    melee = a.verb in (Verb.MELEE, Verb.MOVE_MELEE, Verb.MELEE_MOVE)
    cards, auto = _cards(g, h, a)
    if a.verb in REACTABLE:
        react(g, ctx, h, target)
    if not target.on_board:
        return MISS
    if not (_reaches(g, h.sq, target) if melee else sees_agent(g, h.sq, target)):
        _specs(g, h, cards, False, auto)  # the rounds are still crossed off
        g.emit(EventKind.ATTACK, h.id, f"{h.name}'s attack on {target.name} misses: {target.name} is out of "
               f"{'reach' if melee else 'sight'}", target.sq, result=MISS)
        return MISS
    how = "melee" if melee else ("aimed" if a.verb == Verb.AIMED else "quick")
    return apply(g, ctx, h, target, roll_at(g, ctx, h, target, how, cards, aimed=a.verb == Verb.AIMED, auto=auto))


# --- alert fire between agents --------------------------------------------------------------


def _in_area(g: Game, o: Hero, sq: int) -> bool:
    """Whether ``sq`` is in the forward area and hero line of sight of ``o``'s alert, within range of a gun."""
    m = g.mission
    if m.floor_of[o.sq] != m.floor_of[sq] or not forward(o.alert or "N", m.xy[o.sq], m.xy[sq]):
        return False
    if not g.hero_sees(o.sq, sq):
        return False
    return any(all(in_range(g, c, o.sq, sq) for c in cards) for _, cards, _, _ in fire_modes(g, o, o.active_cards()))


def alert_attack(g: Game, ctx: Context, h: Hero, path: list[int] | None = None) -> str | None:
    """Agents on alert who see ``h`` may attack them; the strongest result (kill, knockdown, miss),
    or None when nobody fired. ``path``: the squares ``h`` moved through during the action ("moves 3
    squares across the corridor (into line of sight and then out of it again) [...] then roll"):
    one of them in the alert's area is enough."""
    m = g.mission
    best: str | None = None
    for o in rivals(g, h):
        if o.alert is None or o.grapplers or not h.on_board or m.floor_of[o.sq] != m.floor_of[h.sq]:
            continue
        held = shield(g, h)
        keys = _gun_modes(g, o, o.sq, h) if forward(o.alert, m.xy[o.sq], m.xy[h.sq]) else []
        blocked = False
        if not keys and held is not None and held.sq is not None and forward(o.alert, m.xy[o.sq], m.xy[h.sq]):
            keys = _gun_modes(g, o, o.sq, h, leaving=held.sq)  # the line runs through the shield
            blocked = bool(keys)
        if not keys and any(_in_area(g, o, sq) for sq in path or ()):
            keys = [key for key, _, _, _ in fire_modes(g, o, o.active_cards())]  # seen on the way
        modes = [mode for mode in fire_modes(g, o, o.active_cards()) if mode[0] in keys]
        if not modes:
            continue
        options = [Choice(HOLD, "hold fire")] + [Choice(key or "fire", f"fire {words}".strip())
                                                 for key, _, _, words in modes]
        pick = ctx.choose(Side.AGENT, f"{o.name} is on alert: fire at {h.name} ({g.show(h.sq)})?", options, o.id,
                          Topic.FIRE)
        if pick.key == HOLD:
            continue
        _, cards, auto, _ = next(mode for mode in modes if (mode[0] or "fire") == pick.key)
        if blocked and held is not None:  # the shot meets the meat shield: the agent behind it is not hit
            attack(g, ctx, o, held, "alert", cards, auto=auto)
            word = MISS
        else:
            word = apply(g, ctx, o, h, roll_at(g, ctx, o, h, "alert", cards, auto=auto))
        best = word if best is None or [KILL, KNOCKDOWN, MISS].index(word) < [KILL, KNOCKDOWN, MISS].index(best) \
            else best
    return best


def _stopped(word: str | None) -> bool:
    return word in (KILL, KNOCKDOWN)


def _watched(g: Game, h: Hero) -> bool:
    return any(o.alert for o in rivals(g, h))


def act(g: Game, ctx: Context, h: Hero, a: Action, run) -> None:
    """Carry out ``a`` in a versus game: attacks on the rival here, every other action by its own
    rule (``run``), with the alert fire of a watching rival timed as the rulebook's table says."""
    timing = TIMING.get(a.verb, Timing.AFTER)
    if a.verb in FREE or a.verb in (Verb.SPRINT, Verb.TURBO, Verb.END) or not _watched(g, h):
        _whole(g, ctx, h, a, run)
        return
    if timing == Timing.BEFORE:
        if _stopped(alert_attack(g, ctx, h)):
            g.emit(EventKind.ALERT, h.id, f"{h.name}'s aimed {'throw' if a.verb == Verb.THROW_KNIFE else 'fire'} is "
                   "cancelled")
            return
        _whole(g, ctx, h, a, run)
    elif timing == Timing.SAME:
        word = alert_attack(g, ctx, h)  # rolled at the same time: the action's attack is made whatever it did
        if a.verb in (Verb.QUICK, Verb.MELEE):
            _whole(g, ctx, h, a, run)
        else:
            _attack_then_move(g, ctx, h, a, run, cancel_move=_stopped(word))
    elif timing == Timing.BEFORE_SECOND:
        _move_then_attack(g, ctx, h, a, run, watched=True)
    else:
        start = len(g.log)
        _whole(g, ctx, h, a, run)
        if a.verb == Verb.STEP and h.stride > 0 and not h.prone:
            return  # the sprint goes on: alert fire comes when it is complete
        if a.verb in (Verb.STEP, Verb.STOP):
            start = max((i for i, e in enumerate(g.log) if e.who == h.id and e.kind == EventKind.SPRINT), default=start)
        path = [e.sq for e in g.log[start:] if e.who == h.id and e.kind == EventKind.MOVE and e.sq is not None]
        alert_attack(g, ctx, h, path)


def _whole(g: Game, ctx: Context, h: Hero, a: Action, run) -> None:
    if a.target > 0 and a.target not in g.infected and a.verb != Verb.TASK:
        g.emit(EventKind.ATTACK, h.id, f"{h.name}'s target z{a.target} is gone: the attack is not made")
        return  # removed by the alert fire rolled at the same time
    if a.target < 0 and not a.other and a.square >= 0 and a.verb in (Verb.QUICK, Verb.AIMED):
        shoot_charge(g, ctx, h, a)
    elif not a.other or a.verb not in ATTACKS:
        run(g, ctx, h, a)
    elif a.verb in (Verb.QUICK, Verb.MELEE, Verb.AIMED):
        strike(g, ctx, h, a)
    elif a.verb in (Verb.MOVE_QUICK, Verb.MOVE_MELEE):
        _move_then_attack(g, ctx, h, a, run, watched=False)
    else:
        _attack_then_move(g, ctx, h, a, run, cancel_move=False)


def _move_then_attack(g: Game, ctx: Context, h: Hero, a: Action, run, watched: bool) -> None:
    """Move & quick fire / melee / throw: the move, the alert fire of a watching rival (a kill or knockdown
    cancels the attack), then the attack; grab tests for zones moved within come last, as in Z War One."""
    deferred: list[Infected] = []
    if not move_with(g, ctx, h, a.to, "moves", defer=deferred):
        return
    if watched and _stopped(alert_attack(g, ctx, h)):
        g.emit(EventKind.ALERT, h.id, f"The attack part of {h.name}'s action is cancelled")
    elif a.other:
        strike(g, ctx, h, a)
    elif a.verb == Verb.MOVE_THROW:
        _throw(g, ctx, h, a)
    elif a.target in g.infected:
        (_quick if a.verb == Verb.MOVE_QUICK else _melee)(g, ctx, h, a)
    grab_tests(g, ctx, h, [d for d in deferred if d.id in g.infected])


def _attack_then_move(g: Game, ctx: Context, h: Hero, a: Action, run, cancel_move: bool) -> None:
    """Quick fire / melee & move: the attack from where the agent stands, then the move unless the
    alert fire of a watching rival (rolled with the attack) killed or knocked them down."""
    if a.other:
        strike(g, ctx, h, a)
    elif a.verb == Verb.THROW_MOVE:
        _throw(g, ctx, h, a)
    elif a.target in g.infected:
        z = g.infected[a.target]
        (_quick if a.verb == Verb.QUICK_MOVE else _melee)(g, ctx, h, a, _assassin(g, h, z))
    if cancel_move or h.prone or not h.on_board or h.grapplers:
        if cancel_move:
            g.emit(EventKind.ALERT, h.id, f"The move part of {h.name}'s action is cancelled")
        return
    if a.to not in g.at:
        move_with(g, ctx, h, a.to, "moves")
