"""The director's side in playtests: a bot that plays against the heroes, and a passive director to compare.

A director game is heroes against a player; its playtest reports the heroes'
win rate against both directors, so a designer sees how much the director's
hand changes the mission:

- ``passive``: plays no card, drops off no unit, lets units under direct
  control (risen heroes) make their automatic move, and leaves every other
  choice (where a spawn goes, which hero an infected goes for) to the same
  rule of thumb as before there was a director: the heroes' game against the
  infected alone.
- ``bot``: plays its cards when they bite (an extra spawn roll or room spawn
  bonus at once; Frenzy when units would reach heroes only at a charge; Direct
  Control on the unit nearest a hero; a miss when the hero shooting is in
  reach of infected), moves controlled units to grab (a prone hero first) or
  as near the heroes as its charge takes them, drops off far units when
  miniatures run short, sends infected at the hero in worst shape, and places
  spawns as near the heroes as the rules allow.

Both answer only the director's requests (``Side.DIRECTOR``) and leave the
rest to the heroes' policy. Like the hero bots, they read the board and pick
one of the options offered; they never look at dice to come.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.chance import Request
from ..engine.control import AUTO, DONE, NO_GRAB
from ..engine.mission import ALL, UNREACHABLE
from ..engine.state import Game, pos
from ..engine.vocab import CardEffect, Side, Topic

Policy = Callable[[Game, Request], object]
DIRECTORS = ("bot", "passive")
#: the director's own questions: answered by a director policy whatever plays the heroes
OWN = frozenset({Topic.CARD, Topic.CONTROL, Topic.REMOVE, Topic.MOVE, Topic.GRAB})
FAR = 15  # route squares from every hero beyond which a unit is worth dropping off
SHORT = 2  # miniatures of a class left at or below which far units are dropped off


def against(heroes: Policy, director: str) -> Policy:
    """A policy for the whole game: ``director`` ("bot" or "passive") answers the director's requests,
    ``heroes`` the rest."""
    if director not in DIRECTORS:
        raise ValueError(f"unknown director `{director}`: one of {', '.join(DIRECTORS)}")
    own = bot if director == "bot" else passive

    def play(g: Game, request: Request):
        if request.side == Side.DIRECTOR and (request.topic in OWN or director == "bot"):
            return own(g, request, heroes)
        return heroes(g, request)

    return play


def alone(director: str) -> Policy:
    """A policy for the director's requests only (``zwar play --director``): what ``against`` would leave
    to the heroes' policy takes the first option."""
    return against(lambda g, request: request.options[0], director)


def passive(g: Game, request: Request, heroes: Policy):
    if request.topic == Topic.MOVE:
        return _key(request, AUTO)
    if request.topic in OWN:
        return request.options[0]  # play no card, remove no unit, grab no hero
    return heroes(g, request)


def bot(g: Game, request: Request, heroes: Policy):
    topic, options = request.topic, request.options
    if topic == Topic.CARD:
        return _card(g, request)
    if topic == Topic.CONTROL:
        return min(options, key=lambda o: (_nearest(g, g.infected[o.key].sq), o.key))
    if topic == Topic.MOVE:
        return _move(g, request)
    if topic == Topic.GRAB:
        grabs = [o for o in options if o.key != NO_GRAB]
        return min(grabs, key=lambda o: (not g.hero(o.key).prone, o.key)) if grabs else options[0]
    if topic == Topic.REMOVE:
        return _drop_off(g, request)
    if topic == Topic.TARGET:
        return min(options, key=lambda o: _weakness(g, o.key))
    if topic == Topic.PLACE and all(isinstance(o.key, int) for o in options):
        return min(options, key=lambda o: (_nearest(g, o.key), o.key))
    return options[0]


# --- cards -----------------------------------------------------------------------------------


def _card(g: Game, request: Request):
    effects = {c.id: c.effect for c in g.mission.compiled.rules.director_cards}
    for option in request.options[1:]:
        effect = effects.get(option.key)
        if effect in (CardEffect.EXTRA_SPAWN_ROLL, CardEffect.ROOM_SPAWN_BONUS):
            return option
        if effect == CardEffect.MISS and _shooter_in_reach(g):
            return option
        if effect == CardEffect.CHARGE_ALL and _charge_helps(g) >= 2:
            return option
        if effect == CardEffect.DIRECT_CONTROL and _charge_helps(g) >= 1:
            return option
    return request.options[0]


def _shooter_in_reach(g: Game) -> bool:
    """Whether the hero taking their move has a standing infected within 2 squares."""
    if g.current is None:
        return False
    h = g.hero(g.current)
    return any(g.mission.route_from(pos(z), ALL).get(h.sq, UNREACHABLE) <= 2
               for z in g.board_infected() if not z.prone)


def _charge_helps(g: Game) -> int:
    """Standing units that would reach a hero at their charge speed but not at their move."""
    count = 0
    for z in g.board_infected():
        if z.prone:
            continue
        cls = g.mission.classes[z.cls]
        if cls.move + 1 < _nearest(g, pos(z)) <= cls.charge + 1:
            count += 1
    return count


# --- units under direct control, drop-offs, targets --------------------------------------------


def _move(g: Game, request: Request):
    """Next to a hero if it can get there (a prone one first), else as near the heroes as it can."""
    squares = [o for o in request.options if isinstance(o.key, int)]
    heroes = g.detectable()
    if not squares or not heroes:
        return _key(request, AUTO)
    m = g.mission
    grabs = [(not h.prone, o.key, o) for o in squares for h in heroes if o.key in m.steps(h.sq, g.doors)]
    if grabs:
        return min(grabs, key=lambda t: t[:2])[2]
    return min(squares, key=lambda o: (_nearest(g, o.key), o.key))


def _drop_off(g: Game, request: Request):
    for option in request.options[1:]:
        z = g.infected[option.key]
        if g.pool.get(z.cls, 0) <= SHORT and _nearest(g, z.sq) >= FAR and z.id not in _controlled(g):
            return option
    return _key(request, DONE)


def _controlled(g: Game) -> dict[int, str]:
    return g.hands.controlled if g.hands is not None else {}


def _weakness(g: Game, hero_id: str) -> tuple:
    h = g.hero(hero_id)
    return (not h.prone, -len(h.grapplers), -h.stage, hero_id)


def _nearest(g: Game, sq: int | None) -> int:
    if sq is None:
        return UNREACHABLE
    return min((g.mission.route_from(h.sq, ALL).get(sq, UNREACHABLE) for h in g.board_heroes()), default=UNREACHABLE)


def _key(request: Request, key):
    return next((o for o in request.options if getattr(o, "key", None) == key), request.options[0])
