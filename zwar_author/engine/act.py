"""Carrying out a hero's action: moving (with grab tests and pick-ups), fighting, doors, searching, gear.

``perform`` is only ever given an action from ``legal.legal``; it spends the
AP and plays out everything that follows, asking its context for dice and for
the choices the rules leave open.
"""

from __future__ import annotations

from typing import Final

from ..model.rules import Effect
from . import ammo, crafting, free, rib
from .actions import Action, HeldKind
from .c4 import detonate, place
from .chance import Choice, Context
from .combat import attack, auto_kill, grab_test, hold, spend
from .legal import FREE, cost
from .sight import ahead, behind, blast_area, watched
from .spawn import place_near, roamer_class
from .state import Card, Game, Hero, Infected, holder, short
from .vocab import EventKind, HeroStatus, Perk, Phase, Topic, Verb
from .weapons import ballistic_cards, blade_executions, fire_modes, melee_card
from .world import (
    activate_room,
    complete_objective,
    door_opened,
    open_blast_doors,
    trigger,
)


def perform(g: Game, ctx: Context, a: Action) -> None:
    if a.verb == Verb.END_TURN:
        g.emit(EventKind.END_TURN, "players", "The heroes end their move")
        end_hero_phase(g)
        return
    h = g.hero(a.hero)
    if g.current != h.id:
        if g.current is not None:
            _finish(g.hero(g.current))
        g.current = h.id
    sprinting = h.stride > 0
    if sprinting and a.verb not in (Verb.STEP, Verb.QUICK, Verb.MELEE) and a.verb not in FREE:
        h.stride = 0
    if sprinting and a.verb in (Verb.QUICK, Verb.MELEE):
        h.sprint_attack = True
    else:
        h.ap -= cost(g, h, a.verb)
    g.ruleset.act(g, ctx, h, a, VERBS.get(a.verb))  # a verb of the ruleset's own: it brings its rule
    rib.settle(g)
    if h.on_board and h.ap <= 0 and h.stride == 0:
        _finish(h)


def end_hero_phase(g: Game) -> None:
    for h in g.heroes:
        h.done, h.stride = True, 0
    g.current, g.order = None, []
    g.enter_phase(Phase.BITES)


def _finish(h: Hero) -> None:
    h.done = True
    h.stride = 0


# --- moving --------------------------------------------------------------------------------


def in_zone(g: Game, z: Infected, sq: int) -> bool:
    """Whether ``sq`` is in the grab zone of standing infected ``z``: a step from it on its floor, ahead of it.
    The step is asked first: every hero move asks this of every infected on the board, and few of them stand a
    step away, so the facing (``geometry``'s rule, plain Python: a call through the interpreter) is seldom asked."""
    m = g.mission
    at = z.sq
    if at is None or z.prone or m.floor_of[at] != m.floor_of[sq]:
        return False
    return sq in m.steps(at, g.doors) and ahead(z.facing, m.xy[at], m.xy[sq])


def enter(g: Game, ctx: Context, h: Hero, to: int, verb: str, defer: list[Infected] | None = None) -> bool:
    """Move ``h`` one square; grab tests for every grab zone it moves within (``defer``: collect
    them instead). False when the hero was taken down or knocked down."""
    frm = h.sq
    zones = []
    if Perk.GREASED not in h.perks and not h.stink:
        zones = [z for z in g.board_infected() if in_zone(g, z, frm) and in_zone(g, z, to) and not g.ruleset.held(g, z)]
    g.place(h, to)
    g.emit(EventKind.MOVE, h.id, f"{h.name} {verb} to {g.show(to)}", to)
    arrive(g, ctx, h)
    if defer is not None:
        defer.extend(zones)
        return True
    return grab_tests(g, ctx, h, zones)


def grab_tests(g: Game, ctx: Context, h: Hero, zones: list[Infected]) -> bool:
    for z in zones:
        if z.id not in g.infected or z.sq is None or z.prone:
            continue
        result = grab_test(g, ctx, h, z)
        if result == "taken_down":
            g.emit(EventKind.TAKEN_DOWN, h.id, f"{h.name} is taken down", h.sq)
            hold(g, h, z)
            return False
        if result == "knockdown":
            h.prone, h.stride, h.alert = True, 0, None
            g.emit(EventKind.KNOCKED_DOWN, h.id, f"{h.name} is knocked down", h.sq)
            return False
    return True


def arrive(g: Game, ctx: Context, h: Hero) -> None:
    """What stepping onto a square does: pick up items, an object, a keycard; break a crate;
    complete a `reach` objective; stand in an infected's sight."""
    sq, m = h.sq, g.mission
    if h.npc:  # "NPCs may not carry equipment or search cards but they can carry 1 item"
        if sq in g.objects and h.object is None:
            _pick_up_object(g, ctx, h, sq)
        return
    for letter, card in g.items.pop(sq, []):
        new = g.new_card(card)
        h.cards.append(new)
        g.emit(EventKind.PICK_UP, h.id, f"{h.name} picks up the {m.equipment[card].name} ({letter})", sq)
    if sq in g.objects and h.object is None:
        _pick_up_object(g, ctx, h, sq)
    if sq in g.keycards:
        colour = g.keycards.pop(sq)
        h.keycards.append(colour)
        g.emit(EventKind.PICK_UP, h.id, f"{h.name} picks up the {colour} keycard", sq)
    if sq in g.crates:
        g.crates.discard(sq)
        g.emit(EventKind.CRATE, h.id, f"{h.name} breaks the crate at {g.show(sq)}", sq)
        draw_search(g, ctx, h, "the crate")
    for obj in m.compiled.objectives:
        if obj.action == "reach" and obj.number not in g.objectives:
            at = m.square(obj.at)
            if at == sq or (obj.scope == "room" and m.room_of[at] and m.room_of[at] == m.room_of[sq]):
                complete_objective(g, ctx, h, obj.number)
    for z in g.board_infected():
        if z.id not in h.seen and watched(g, z, sq):
            h.seen.add(z.id)


def _pick_up_object(g: Game, ctx: Context, h: Hero, sq: int) -> None:
    h.object = g.objects.pop(sq)
    name = next(o.name for o in g.mission.compiled.objects if o.letter == h.object)
    g.emit(EventKind.PICK_UP, h.id, f"{h.name} picks up the {name} ({h.object})", sq)
    trigger(g, ctx, "picked_up", h.object)


def _move(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    enter(g, ctx, h, a.to, "moves")


def _sprint(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    h.stride, h.sprint, h.sprint_attack = (7, "turbo", False) if a.verb == Verb.TURBO else (3, "sprint", False)
    g.emit(EventKind.SPRINT, h.id, f"{h.name} sprints ({h.stride} squares)", h.sq)


def _step(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    h.stride -= 1
    if not enter(g, ctx, h, a.to, "sprints"):
        h.stride = 0


def _stop(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    h.stride = 0


def _dive(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    m = g.mission
    (x0, y0), (x2, y2) = m.xy[h.sq], m.xy[a.to]
    mid = h.sq + ((y2 - y0) // 2) * m.widths[m.floor_of[h.sq]] + (x2 - x0) // 2
    if enter(g, ctx, h, mid, "dives") and h.on_board:
        enter(g, ctx, h, a.to, "dives")
    h.prone = True


def _crawl(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    enter(g, ctx, h, a.to, "crawls")


def _stand(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    h.prone = False
    g.emit(EventKind.STAND, h.id, f"{h.name} stands up", h.sq)


def _exit(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    g.lift(h)
    h.status = HeroStatus.ESCAPED
    h.done = True
    carrying = ""
    if h.object:
        name = next(o.name for o in g.mission.compiled.objects if o.letter == h.object)
        carrying = f", carrying the {name} ({h.object})"
    g.emit(EventKind.EXIT, h.id, f"{h.name} leaves the board at {g.show(h.sq)}{carrying}", h.sq)


# --- doors ---------------------------------------------------------------------------------


def _door(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    m = g.mission
    door = m.doors[a.square]
    where = m.show_edge(door.edge)
    if a.verb == Verb.CLOSE:
        g.doors &= ~(1 << door.index)
        g.emit(EventKind.DOOR, h.id, f"{h.name} closes the door at {where}", door.edge)
        return
    if a.verb == Verb.OPEN:
        g.doors |= 1 << door.index
        if door.kind == "locked":
            for room in door.rooms:
                g.unlocked |= 1 << room
        g.emit(EventKind.DOOR, h.id, f"{h.name} opens the door at {where}", door.edge)
        door_opened(g, ctx, door.index)
    else:
        g.emit(EventKind.KNOCK, h.id, f"{h.name} knocks on the door at {where}", door.edge)
    for room in sorted(door.rooms):
        activate_room(g, ctx, room, h, door.index if a.verb == Verb.OPEN else None)


# --- attacks -------------------------------------------------------------------------------


def _own(h: Hero, name: str) -> Card:
    """``h``'s card ``name``: a legal action names only a card its hero holds."""
    card = h.card(name)
    assert card is not None, name
    return card


def _cards_for(g: Game, h: Hero, mode: str) -> tuple[list[Card], bool]:
    """The guns and fire mode of a quick shot with ``mode``."""
    for key, cards, auto, _ in fire_modes(g, h, h.active_cards()):
        if key == mode:
            return cards, auto
    raise ValueError(f"no fire mode {mode!r}")


def _quick(g: Game, ctx: Context, h: Hero, a: Action, eligible: bool | None = None) -> None:
    z = g.infected[a.target]
    cards, auto = _cards_for(g, h, a.mode)
    if _assassin(g, h, z) if eligible is None else eligible:
        _assassinate(g, h, z, cards, 3 if auto else 1)
        return
    attack(g, ctx, h, z, "quick", cards, auto=auto)


def _melee(g: Game, ctx: Context, h: Hero, a: Action, eligible: bool | None = None) -> None:
    z = g.infected[a.target]
    blade = melee_card(g, h)
    cards = [blade] if blade else []
    if (blade or Perk.SNAP in h.perks) and (_assassin(g, h, z) if eligible is None else eligible):
        _assassinate(g, h, z, cards, 1)
        return
    attack(g, ctx, h, z, "melee" if blade else "unarmed", cards)


def _assassin(g: Game, h: Hero, z: Infected) -> bool:
    """Whether ``h`` may assassinate ``z``: from the square directly behind it, never having stood
    in its forward line of sight this turn."""
    return z.sq is not None and not z.prone and z.id not in h.seen and behind(g, z) == h.sq


def _assassinate(g: Game, h: Hero, z: Infected, cards: list[Card], rounds: int) -> None:
    """A quick fire or melee attack that kills without a roll; guns still spend their rounds."""
    weapon = " and ".join(f"the {g.mission.equipment[c.eq].name}" for c in cards) or "bare hands"
    auto_kill(g, h, z, f"{h.name} assassinates {g.label(z)} ({g.show(z.sq)}) with {weapon}: automatic kill",
              cards, rounds)


def _move_attack(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    """Move & quick fire / melee / throw (1 AP) in either order. The move is always made before
    the roll; an attack named before the move is judged from where it was named (an assassination
    from behind). Inside grab zones the grab tests come after the attack, none for a target it removed."""
    first = a.verb in (Verb.QUICK_MOVE, Verb.MELEE_MOVE, Verb.THROW_MOVE)
    z = g.infected.get(a.target)
    eligible = _assassin(g, h, z) if first and z is not None else None
    deferred: list[Infected] = []
    if not enter(g, ctx, h, a.to, "moves", defer=deferred):
        return
    if a.verb in (Verb.MOVE_THROW, Verb.THROW_MOVE):
        _throw(g, ctx, h, a)
    elif a.target in g.infected:
        (_quick if a.verb in (Verb.MOVE_QUICK, Verb.QUICK_MOVE) else _melee)(g, ctx, h, a, eligible)
    grab_tests(g, ctx, h, [d for d in deferred if d.id in g.infected])


def _aimed(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    z = g.infected[a.target]
    guns = ballistic_cards(g, h)
    card = next(c for c in guns if c.name == a.mode) if a.mode else guns[0]
    attack(g, ctx, h, z, "aimed", [card], aimed=True)


def _throw(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    m = g.mission
    card = _own(h, a.card)
    spend(g, card, 1)
    h.aim = None
    g.emit(EventKind.THROW, h.id, f"{h.name} throws the {m.equipment[card.eq].name} at {g.show(a.square)}", a.square)
    for sq in blast_area(g, a.square):
        z = g.at.get(sq)
        if isinstance(z, Infected):
            attack(g, ctx, h, z, "blast", [card])
    for d in m.doors_at.get(a.square, ()):
        if g.destroyed >> d & 1:
            continue
        g.destroyed |= 1 << d
        g.doors |= 1 << d
        g.emit(EventKind.DOOR, h.id, f"The blast destroys the door at {m.show_edge(m.doors[d].edge)}", m.doors[d].edge)
        door_opened(g, ctx, d)
        for room in sorted(m.doors[d].rooms):
            activate_room(g, ctx, room, h)


def _execute(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    z = g.infected[a.target]
    blade = melee_card(g, h)
    if blade and z.id not in blade_executions(g, h):
        blade = None  # out of melee reach (across a doorway, past a wall end, Smile): the gun executes
    cards = [blade] if blade else ballistic_cards(g, h)[:1]
    weapon = f"the {g.mission.equipment[cards[0].eq].name}" if cards else "bare hands"
    where = g.show(z.sq) if z.sq is not None else f"on {holder(g, z).name}"
    auto_kill(g, h, z, f"{h.name} executes {g.label(z)} ({where}) with {weapon}", cards)


def _hitman(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    z = g.infected[a.target]
    card = ballistic_cards(g, h)[0]
    auto_kill(g, h, z, f"{h.name} makes a Hit Man kill on {g.label(z)} ({g.show(z.sq)}) with the "
              f"{g.mission.equipment[card.eq].name}", [card])


def _alert(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    h.alert = a.mode
    h.ap = 0
    g.emit(EventKind.ALERT, h.id, f"{h.name} goes on alert facing {a.mode}", h.sq)


def _sweep(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    z = g.infected[a.target]
    h.grapplers.remove(z.id)
    z.holder = None
    z.prone = True
    g.place(z, a.square)
    g.emit(EventKind.SWEEP, h.id, f"{h.name} sweeps {g.label(z)} off onto {g.show(a.square)}: it lies prone", a.square)


# --- searching and tasks -------------------------------------------------------------------


def _search(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    room = g.mission.room_of[h.sq]
    g.searched.add(room)
    draw_search(g, ctx, h, g.mission.room(room).title())


def draw_search(g: Game, ctx: Context, h: Hero, where: str) -> None:
    m = g.mission
    if not g.deck_size():
        g.emit(EventKind.SEARCH, h.id, f"{h.name} searches {where}: the search deck is empty")
        return
    card = ctx.draw(f"{h.name} draws a search card ({where})", g.deck)
    g.deck[card] -= 1
    entry = m.search_cards[card]
    if entry.kind != "zombie" and Perk.SCAVENGER in h.perks and g.deck_size():
        answer = ctx.choose(g.ruleset.hero_side, f"{h.name}: exchange {entry.name} with Scavenger?",
                            [Choice("keep", "keep it"), Choice("exchange", "exchange it")], h.id, Topic.SCAVENGER)
        if answer.key == "exchange":
            g.emit(EventKind.SEARCH, h.id, f"{h.name} draws {entry.name} and exchanges it (Scavenger)")
            redraw = ctx.draw(f"{h.name} draws again (Scavenger)", g.deck)
            g.deck[redraw] -= 1
            g.deck[card] += 1
            card, entry = redraw, m.search_cards[redraw]
    g.emit(EventKind.SEARCH, h.id, f"{h.name} searches {where} and draws {entry.name}", h.sq, result=entry.kind)
    if entry.kind == "equipment" and entry.card:
        h.cards.append(g.new_card(entry.card))
    elif entry.kind in ("loot", "ammo", "crafting"):  # search cards the hero holds
        h.loot.append(card)
    elif entry.kind == "zombie":
        place_near(g, ctx, roamer_class(g), h.sq, "A zombie is found", drop=True)


def _task(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    if a.target:
        complete_objective(g, ctx, h, a.target)
    else:
        g.emit(EventKind.TASK, h.id, f"{h.name} completes a task in {g.mission.room(g.mission.room_of[h.sq]).title()}")
    open_blast_doors(g, ctx, g.mission.room_of[h.sq])


# --- free actions --------------------------------------------------------------------------


def _weapon(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    h.active = [] if a.card == "none" else a.card.split("+")
    h.switches -= 1
    h.aim = None
    shown = " and ".join(g.mission.equipment[_own(h, n).eq].name for n in h.active) or "no weapon"
    g.emit(EventKind.WEAPON, h.id, f"{h.name} changes weapon: {shown}")


def _exchange(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    other = g.hero(a.other)
    giver, taker = (h, other) if a.verb == Verb.GIVE else (other, h)
    giver.gave = True
    held = a.held
    if held is not None and held.kind == HeldKind.OBJECT:
        giver.object, taker.object = None, held.name
        what = f"the object {held.name}"
    elif held is not None and held.kind == HeldKind.KEYCARD:
        giver.keycards.remove(held.name)
        taker.keycards.append(held.name)
        what = f"the {held.name} keycard"
    elif held is not None:  # Exodus: an ammunition or crafting card (HeldKind.SEARCH)
        card_id = next(c for c in giver.loot if short(c) == held.name)
        giver.loot.remove(card_id)
        taker.loot.append(card_id)
        what = g.mission.search_cards[card_id].name
    else:
        card = _own(giver, a.card)
        giver.cards.remove(card)
        if card.name in giver.active:
            giver.active.remove(card.name)
        taker.cards.append(card)
        what = f"the {g.mission.equipment[card.eq].name}"
        if card.ammo is not None:
            what += f" ({card.ammo} left)"
    g.emit(EventKind.EXCHANGE, h.id, f"{giver.name} gives {what} to {taker.name}")


def _medpack(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    card = _own(h, a.card)
    card.ammo = (card.ammo or 1) - 1
    if card.ammo <= 0:
        h.cards.remove(card)
        if card.name in h.active:
            h.active.remove(card.name)
    healed = "all damage is healed" if h.hurt or (h.stage and g.roles) else "the infection is gone"
    h.stage, h.hurt = 0, False
    g.emit(EventKind.MED_PACK, h.id, f"{h.name} uses a med pack: {healed}")


def _stink(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    tank = next(c for c in h.active_cards() if g.mission.gear[c.eq].effect == Effect.STINK_TANK)
    assert tank.ammo is not None  # a stink tank offered has a charge (``legal._stink_tank``)
    tank.ammo -= 1
    tank.used = True
    g.count(f"rounds:{short(tank.eq)}")
    h.stink = True
    g.emit(EventKind.STINK_TANK, h.id, f"{h.name} uses the {g.mission.equipment[tank.eq].name} ({tank.ammo} left): "
           "undetectable until his next turn")


def _power(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    h.power[a.verb] -= 1
    g.count(f"power:{a.verb}")
    h.boosts.add(a.verb)
    if a.verb == Verb.REDLINE:
        h.ap += 2
    words = {Verb.REDLINE: "+2 AP this turn", Verb.DEAD_EYE: "aimed shots for 1 AP this turn",
             Verb.BERSERKER: "+1 to melee attack rolls this turn"}[a.verb]
    g.emit(EventKind.PERK, h.id, f"{h.name} uses {a.verb.replace('-', ' ').title()} ({h.power[a.verb]} left): {words}")


def _support(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    other = g.hero(a.other)
    h.ap -= 1
    other.ap += 1
    g.emit(EventKind.PERK, h.id, f"{h.name} gives 1 AP to {other.name} (Moral Support)")


def _reload(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    ammo.reload(g, h, a)


def _move_reload(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    """Move & Reload: the square first; taken down or knocked down on the way, the hero does not reload."""
    if enter(g, ctx, h, a.to, "moves") and h.on_board:
        ammo.reload(g, h, a)


def _craft(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    crafting.craft(g, h, a)


def _end(g: Game, ctx: Context, h: Hero, a: Action) -> None:
    _finish(h)
    g.emit(EventKind.END, h.id, f"{h.name} ends their move")


VERBS: Final = {
    Verb.MOVE: _move, Verb.SPRINT: _sprint, Verb.TURBO: _sprint, Verb.STEP: _step, Verb.STOP: _stop,
    Verb.DIVE: _dive, Verb.CRAWL: _crawl, Verb.STAND: _stand, Verb.EXIT: _exit, Verb.OPEN: _door, Verb.CLOSE: _door,
    Verb.KNOCK: _door, Verb.QUICK: _quick, Verb.MELEE: _melee, Verb.MOVE_QUICK: _move_attack,
    Verb.QUICK_MOVE: _move_attack, Verb.MOVE_MELEE: _move_attack, Verb.MELEE_MOVE: _move_attack,
    Verb.MOVE_THROW: _move_attack, Verb.THROW_MOVE: _move_attack, Verb.AIMED: _aimed, Verb.THROW: _throw,
    Verb.EXECUTE: _execute, Verb.HITMAN: _hitman, Verb.ALERT: _alert, Verb.SWEEP: _sweep, Verb.SEARCH: _search,
    Verb.TASK: _task, Verb.WEAPON: _weapon, Verb.GIVE: _exchange, Verb.TAKE: _exchange, Verb.MEDPACK: _medpack,
    Verb.STINK: _stink, Verb.REDLINE: _power, Verb.DEAD_EYE: _power, Verb.BERSERKER: _power, Verb.SUPPORT: _support,
    Verb.PLACE: place, Verb.DETONATE: detonate,
    Verb.END: _end, Verb.RELOAD: _reload, Verb.MOVE_RELOAD: _move_reload, Verb.CRAFT: _craft,
    Verb.DROP_PRONE: lambda g, ctx, h, a: free.drop_prone(g, h, a),
    Verb.PLACE_ITEM: lambda g, ctx, h, a: free.place_item(g, h, a),
    **{verb: (lambda g, ctx, h, a: rib.drive(g, h, a)) for verb in rib.DRIVING},
    Verb.RIB_DRIVER: lambda g, ctx, h, a: rib.take_the_wheel(g, h, a),
}
