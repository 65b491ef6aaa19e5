"""Why an action a player typed is not legal: the rule that forbids it, in one line.

Only called when the text matched no legal action, so it never decides
legality; it looks for the first rule the attempt breaks, checking the same
relations the legal moves are built from, and says it the way the rulebook does.
"""

from __future__ import annotations

import re

from .legal import cost, free_steps, infected_in_room
from .sight import reach
from .state import Game, Hero, Infected
from .vocab import HeroStatus, Perk, Phase, Verb
from .weapons import ballistic_cards, in_range, melee_card

_TAG = re.compile(r"^z(\d+)$")


def why_not(g: Game, text: str, current: str | None) -> str:
    head, colon, rest = text.strip().lower().partition(":")
    words = [head.strip()] + rest.split() if colon and _hero(g, head.strip()) else text.strip().lower().split()
    hero = None
    if words and _hero(g, words[0]):
        hero = _hero(g, words[0])
        words = words[1:]
    if hero is None and current:
        hero = g.hero(current)
    if not words:
        return "say what the hero does: move 4,5, quick z3, aimed 6,2, open H:3,4, end ..."
    if g.phase != Phase.HEROES:
        return "it is not the hero move: the game is waiting for something else"
    if hero is None:
        candidates = [h for h in g.heroes if h.on_board and not h.done]
        if len(candidates) != 1:
            example = f"{candidates[0].id if candidates else 'sam'}: {' '.join(words)}"
            return f"say which hero acts: {', '.join(h.id for h in candidates)} (as in `{example}`)"
        hero = candidates[0]
    status = _status(g, hero)
    if status:
        return status
    verb, args = words[0], words[1:]
    if hero.grapplers and verb not in (Verb.QUICK, Verb.MELEE, Verb.SWEEP, Verb.WEAPON, "use", Verb.END):
        return f"{hero.name} is locked in a grapple: only change weapon, quick fire, melee or sweep"
    check = CHECKS.get(verb)
    reason = check(g, hero, args) if check else None
    return reason or f"`{text.strip()}` is not a legal action now (type `options` to see them)"


def _hero(g: Game, word: str) -> Hero | None:
    for h in g.heroes:
        if word in (h.id, h.name.lower()):
            return h
    return None


def _status(g: Game, h: Hero) -> str | None:
    if h.status == HeroStatus.DEAD:
        return f"{h.name} is dead"
    if h.status == HeroStatus.ESCAPED:
        return f"{h.name} has left the board"
    if h.done:
        return f"{h.name} has finished their move this turn"
    return None


def _square(g: Game, args: list[str]) -> tuple[int | None, str]:
    for word in args:
        if "," in word:
            return g.mission.parse(word), word
    return None, ""


def _target(g: Game, args: list[str]) -> tuple[Infected | None, str]:
    for word in args:
        if m := _TAG.match(word):
            return g.infected.get(int(m[1])), word
        if "," in word:
            sq = g.mission.parse(word)
            unit = g.at.get(sq) if sq is not None else None
            return (unit if isinstance(unit, Infected) else None), word
    return None, ""


def _ap(h: Hero, verb: str, name: str) -> str | None:
    need = cost(h, verb)
    if h.ap < need:
        return f"{name} costs {need} AP and {h.name} has {h.ap} left"
    return None


def _moving(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    if h.grapplers:
        return f"{h.name} is locked in a grapple: only change weapon, quick fire, melee or sweep"
    if verb in (Verb.MOVE, Verb.DIVE) and h.prone:
        return f"{h.name} is prone: crawl (2 AP) or stand up ({cost(h, 'stand')} AP) first"
    if verb == Verb.CRAWL and not h.prone:
        return "only a prone hero crawls"
    if verb == Verb.STEP and not h.stride:
        return f"{h.name} is not sprinting: sprint first (2 AP for 3 squares)"
    if verb != Verb.STEP:
        reason = _ap(h, verb, {"move": "a move", "dive": "a dive", "crawl": "crawling"}[verb])
        if reason:
            return reason
    sq, word = _square(g, args)
    if sq is None:
        return f"`{word}` is not a square of the board" if word else "say where to: a square as x,y"
    unit = g.at.get(sq)
    if unit is not None:
        return f"{word} is occupied: heroes may not move through or onto another figure"
    m = g.mission
    if verb == Verb.DIVE:
        (x0, y0), (x1, y1) = m.xy[h.sq], m.xy[sq]
        if max(abs(x1 - x0), abs(y1 - y0)) != 2 or (x1 - x0) % 2 or (y1 - y0) % 2 or m.floor_of[sq] != m.floor_of[h.sq]:
            return "a dive is 2 squares in a straight line (horizontal, vertical or diagonal)"
        return "both squares of a dive must be free and each a legal step"
    if sq not in m.steps(h.sq, g.doors, Perk.SKINNY in h.perks):
        if sq in m.route[h.sq]:
            return (f"{word} is next to {h.name} but the step crosses a wall, a closed door, or goes diagonally "
                    "across a doorway or corner")
        return f"{word} is not one square from {h.name} (at {g.show(h.sq)})"
    if sq in m.spawn_at and sq in free_steps(g, h):
        return "heroes may not finish their turn on a spawn point, and this move would leave no AP to step off"
    return None


def _attack(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    z, word = _target(g, args)
    if z is None:
        return f"there is no infected at `{word}`" if word else "say which infected: z3, or its square"
    name = {"quick": "a quick attack", "aimed": "aimed fire", "melee": "a melee attack",
            "execute": "an execution"}[verb]
    reason = _ap(h, verb, name)
    if reason:
        return reason
    if h.grapplers and z.holder != h.id:
        return f"{h.name} is locked in a grapple: only the infected in it can be attacked"
    if h.prone and verb in (Verb.MELEE, Verb.EXECUTE):
        return f"{h.name} is prone: a prone hero can quick fire, aim or go on alert, not {name}"
    if verb in (Verb.QUICK, Verb.AIMED):
        guns = ballistic_cards(g, h)
        if not guns:
            has_gun = any(g.mission.equipment[c.eq].kind == "ballistic" for c in h.active_cards())
            return ("the active weapon is out of ammunition" if has_gun
                    else f"{h.name}'s active weapon is not a ballistic weapon: change weapon, or use melee")
        if z.sq is None:
            return f"{z.tag} is in a grapple: attack it from a square next to {g.hero(z.holder).name}"
        if g.mission.floor_of[z.sq] != g.mission.floor_of[h.sq]:
            return "heroes may not shoot across floors"
        if not g.hero_sees(h.sq, z.sq):
            return (f"no line of sight from {g.show(h.sq)} to {g.show(z.sq)}: "
                    "a wall, closed door or figure is in the way")
        if not in_range(g, guns[0], h.sq, z.sq):
            limit = g.mission.equipment[guns[0].eq].range
            return f"{z.tag} is out of range: the {g.mission.equipment[guns[0].eq].name} reaches {limit} squares"
        return None
    near = [g.at.get(n) for n in reach(g, h.sq)]
    if z not in near and z.holder not in {u.id for u in near if isinstance(u, Hero)}:
        return (f"{z.tag} is not on an adjacent square {h.name} can reach: melee never crosses a wall, closed door, "
                "or a doorway or corner diagonally")
    if verb == Verb.EXECUTE:
        if not (z.prone or z.holder is not None):
            return "only a prone infected (or one in a grapple) can be executed"
        if not (melee_card(g, h) or ballistic_cards(g, h)) and Perk.KERB_STOMP not in h.perks:
            return "an execution needs an active weapon (unarmed only with Kerb Stomp)"
    return None


def _door(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    m = g.mission
    near = m.doors_at.get(h.sq, [])
    if not near:
        return (f"no door is directly in front of {h.name}: doors are opened, closed or knocked from the "
                "square in front, never diagonally")
    reason = _ap(h, verb, "a door")
    if reason:
        return reason
    for d in near:
        door = m.doors[d]
        if verb == Verb.OPEN and not g.doors >> d & 1:
            if door.kind == "blast":
                return "a blast door opens only when the task in its room is done"
            if door.kind == "locked" and door.key not in h.keycards:
                return f"the door is locked: it needs the {door.key} keycard"
        if verb == Verb.KNOCK and all(g.active >> r & 1 for r in door.rooms):
            return "the room behind the door is already active"
    if verb == Verb.OPEN:
        return "the door is already open"
    if verb == Verb.CLOSE:
        return "the door is not open (or was destroyed)"
    return None


def _search(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    m = g.mission
    room = m.room_of[h.sq]
    if verb == Verb.SEARCH:
        if not room:
            return f"{h.name} is not in a room"
        if room in g.searched:
            return "the room has already been searched"
        if not h.stink and infected_in_room(g, room):
            return "a room can only be searched when it holds no infected"
        if not g.deck_size():
            return "the search deck is empty"
    return _ap(h, verb, "searching" if verb == Verb.SEARCH else "a task")


def _weapon(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    if h.switches <= 0:
        return "the active weapon may be changed once per turn (twice with Quick Draw)"
    return None


def _alert(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    if not (ballistic_cards(g, h) or melee_card(g, h)):
        return "going on alert needs an active ballistic (with ammunition) or melee weapon"
    return _ap(h, "alert", "alert")


def _exchange(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    if h.grapplers:
        return "a hero locked in a grapple may not exchange gear"
    if verb == Verb.GIVE and h.gave:
        return "each hero may give only 1 card per turn"
    return ("heroes exchange gear only with a hero on an adjacent square; weapons used this turn, loot and "
            "special equipment may not be exchanged")


def _end(g: Game, h: Hero, args: list[str], verb: str) -> str | None:
    if h.sq in g.mission.spawn_at:
        return f"{h.name} may not finish their turn on a spawn point"
    return None


CHECKS = {
    "move": lambda g, h, a: _moving(g, h, a, "move"), "step": lambda g, h, a: _moving(g, h, a, "step"),
    "dive": lambda g, h, a: _moving(g, h, a, "dive"), "crawl": lambda g, h, a: _moving(g, h, a, "crawl"),
    "quick": lambda g, h, a: _attack(g, h, a, "quick"), "aimed": lambda g, h, a: _attack(g, h, a, "aimed"),
    "melee": lambda g, h, a: _attack(g, h, a, "melee"), "execute": lambda g, h, a: _attack(g, h, a, "execute"),
    "open": lambda g, h, a: _door(g, h, a, "open"), "close": lambda g, h, a: _door(g, h, a, "close"),
    "knock": lambda g, h, a: _door(g, h, a, "knock"), "search": lambda g, h, a: _search(g, h, a, "search"),
    "task": lambda g, h, a: _search(g, h, a, "task"), "weapon": lambda g, h, a: _weapon(g, h, a, "weapon"),
    "alert": lambda g, h, a: _alert(g, h, a, "alert"), "give": lambda g, h, a: _exchange(g, h, a, "give"),
    "take": lambda g, h, a: _exchange(g, h, a, "take"), "end": lambda g, h, a: _end(g, h, a, "end"),
    "sprint": lambda g, h, a: _ap(h, "sprint", "a sprint") or (
        f"{h.name} is {'in a grapple' if h.grapplers else 'prone'}" if h.grapplers or h.prone else None),
    "stand": lambda g, h, a: None if h.prone else f"{h.name} is already standing",
}
