"""Hero actions as values, their text, and reading a person's text back into one.

An ``Action`` is an immutable value (a named tuple, cheap to make by the hundred), so a driver answers a request
with one of the request's options or an equal copy. Text is generated from
the game (squares as ``x,y``, infected as ``z3``) and read back by matching
against the legal actions, as python-chess matches SAN against its legal
moves: there is one list of what is legal, and both come from it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from ..errors import ParseError
from .chance import Choice
from .state import Game
from .vocab import Verb


class HeldKind(StrEnum):
    """What a hero hands over or puts down that is not one of their equipment cards."""

    OBJECT = "object"  # an objective's object token, by its letter
    KEYCARD = "keycard"  # a keycard, by its colour
    SEARCH = "search"  # Exodus: an ammunition or crafting card from the search deck, by its short id


class Held(NamedTuple):
    """A token or search card a hero holds, as an action names it (``Action.held``)."""

    kind: HeldKind
    name: str

    def text(self) -> str:
        """As the action's text writes it: ``object:F``, ``keycard:red``, ``search:alcohol``."""
        return f"{self.kind.value}:{self.name}"


class Action(NamedTuple):
    hero: str  # the hero's id; "" for "end turn"
    verb: Verb
    to: int = -1  # a square moved to
    target: int = -1  # an infected's id, or an objective's number (task); -1: none
    square: int = -1  # a square aimed at (throw, a placed charge), a sweep's square, or a door's index
    mode: str = ""  # fire mode: "" (the active gun), a card name, "both", "auto"; alert: N, E, S or W
    card: str = ""  # a card of the hero's by name (weapon: "a+b" or "none"; reload, craft: the card's short id)
    other: str = ""  # the other hero: given to, taken from, supported, or the rival agent attacked
    held: Held | None = None  # what is given, taken or placed when it is no equipment card


#: the fields of an action as a save writes them (``as_fields``): ``held`` is written into ``card`` as its text
SAVED_FIELDS = tuple(f for f in Action._fields if f != "held")


def as_fields(a: Action) -> dict[str, Any]:
    """The action as a save stores it: its fields, what it holds written ``object:F`` in ``card`` as saves
    always have."""
    fields = a._asdict()
    held = fields.pop("held")
    if held is not None:
        fields["card"] = held.text()
    return fields


def from_fields(fields: dict[str, Any]) -> Action:
    """The action ``as_fields`` wrote (``card`` read back into ``held`` for what is handed over or put down)."""
    a = Action(**fields)
    kind, colon, name = a.card.partition(":")
    if colon and a.verb in (Verb.GIVE, Verb.TAKE, Verb.PLACE_ITEM) and kind in set(HeldKind):
        return a._replace(card="", held=Held(HeldKind(kind), name))
    return a


def describe(g: Game, a: Action | Choice) -> str:
    """The text of an option, as the driver lists it and as a person may type it."""
    if isinstance(a, Choice):
        return a.text
    if a.verb == Verb.END_TURN:
        return "end turn"
    return f"{a.hero}: {_body(g, a)}"


def _target(g: Game, a: Action) -> str:
    """Who an attack is on: the rival agent it names, or the infected."""
    if a.other and a.target < 0:
        return a.other
    zid = a.target
    z = g.infected.get(zid)
    if z is None:
        return f"z{zid}"
    return f"z{zid} at {g.show(z.sq)}" if z.sq is not None else f"z{zid} on {z.holder}"


def _mode(a: Action) -> str:
    if a.mode == "auto":
        return " full auto"
    if a.mode == "both":
        return " with both"
    return f" with {a.mode}" if a.mode else ""


def _handed(a: Action) -> str:
    return a.held.text() if a.held is not None else a.card


def _body(g: Game, a: Action) -> str:
    show, verb = g.show, a.verb
    if verb in (Verb.MOVE, Verb.STEP, Verb.CRAWL, Verb.DIVE):
        return f"{verb} {show(a.to)}"
    if verb in (Verb.OPEN, Verb.CLOSE, Verb.KNOCK):
        return f"{verb} door {g.mission.show_edge(g.mission.doors[a.square].edge)}"
    if verb in (Verb.QUICK, Verb.AIMED) and a.target < 0 and not a.other and a.square >= 0:
        return f"{verb} c4 at {show(a.square)}{_mode(a)}"  # Agent Z: a kill roll sets a placed charge off
    if verb in (Verb.QUICK, Verb.AIMED):
        return f"{verb} {_target(g, a)}{_mode(a)}"
    if verb == Verb.MELEE:
        return f"melee {_target(g, a)}{' unarmed' if a.mode == 'unarmed' else ''}"
    if verb in (Verb.MOVE_QUICK, Verb.MOVE_MELEE):
        attack = verb.split("-")[1]
        return f"move {show(a.to)} then {attack} {_target(g, a)}{_mode(a) if attack == 'quick' else ''}"
    if verb in (Verb.QUICK_MOVE, Verb.MELEE_MOVE):
        attack = verb.split("-")[0]
        return f"{attack} {_target(g, a)}{_mode(a) if attack == 'quick' else ''} then move {show(a.to)}"
    if verb == Verb.THROW:
        return f"throw {a.card} at {show(a.square)}"
    if verb == Verb.MOVE_THROW:
        return f"move {show(a.to)} then throw {a.card} at {show(a.square)}"
    if verb == Verb.THROW_MOVE:
        return f"throw {a.card} at {show(a.square)} then move {show(a.to)}"
    if verb in (Verb.EXECUTE, Verb.HITMAN):
        return f"{'hit man' if verb == Verb.HITMAN else verb} {_target(g, a)}"
    if verb == Verb.SWEEP:
        return f"sweep {_target(g, a)} to {show(a.square)}"
    if verb == Verb.ALERT:
        return f"alert {a.mode}"
    if verb == Verb.TASK:
        return f"task {a.target}" if a.target > 0 else "task"
    if verb == Verb.WEAPON:
        return f"weapon {a.card}"
    if verb == Verb.GIVE:
        return f"give {_handed(a)} to {a.other}"
    if verb == Verb.TAKE:
        return f"take {_handed(a)} from {a.other}"
    if verb == Verb.MEDPACK:
        return f"use {a.card}"
    if verb == Verb.SUPPORT:
        return f"support {a.other}"
    if verb in (Verb.RELOAD, Verb.MOVE_RELOAD):
        gun = f" {a.mode}" if a.mode else ""
        return (f"move {show(a.to)} then " if verb == Verb.MOVE_RELOAD else "") + f"reload{gun} with {a.card}"
    if verb == Verb.CRAFT:
        return f"craft {a.card}"
    if verb in (Verb.RIB_MOVE, Verb.RIB_REVERSE, Verb.RIB_THROTTLE):
        words = {Verb.RIB_MOVE: "move", Verb.RIB_REVERSE: "reverse", Verb.RIB_THROTTLE: "full throttle"}[verb]
        return f"rib {words} {show(a.to)}"
    if verb in (Verb.RIB_TURN, Verb.RIB_REVERSE_TURN):
        return f"rib {'turn' if verb == Verb.RIB_TURN else 'reverse turn'} {a.mode}"
    if verb == Verb.RIB_DRIVER:
        return "take the rib's wheel"
    if verb == Verb.PLACE_ITEM:
        return f"place item {a.held.name if a.held is not None else a.card}"
    if verb == Verb.THROW_KNIFE:
        return f"throw {a.card} at {a.other or _target(g, a)}"
    if verb == Verb.SHIELD:
        return f"meat shield {_target(g, a)}"
    if verb == Verb.PLACE:
        return f"place {a.card} at {show(a.square)}"
    if verb == Verb.DETONATE:
        return f"detonate {a.card} at {show(a.square)}"
    return {Verb.SPRINT: "sprint", Verb.TURBO: "turbo sprint", Verb.STOP: "stop sprinting", Verb.STAND: "stand up",
            Verb.SEARCH: "search", Verb.EXIT: "exit", Verb.STINK: "stink tank", Verb.REDLINE: "redline",
            Verb.DEAD_EYE: "dead eye", Verb.BERSERKER: "berserker", Verb.KICK_OFF: "kick off", Verb.END: "end",
            Verb.DROP_PRONE: "drop prone"}[Verb(verb)]


def parse(g: Game, options, text: str, current: str | None = None):
    """The option ``text`` names: by number (1-based), by its full text, or by a shorter text
    whose words appear in it in order (`move 4,5`, `aimed 6,2`, `sam quick z3`). Without a
    hero's name, the hero taking their move (``current``) is meant when it fits."""
    words = text.strip().lower().replace(":", " ").split()
    if not words:
        raise ParseError("type an action, or its number")
    if len(words) == 1 and words[0].isdigit():
        number = int(words[0])
        if 1 <= number <= len(options):
            return options[number - 1]
        raise ParseError(f"there is no option {number}: choose 1 to {len(options)}")
    scored = []
    for option in options:
        hero = option.hero if isinstance(option, Action) else ""
        body = describe(g, option).lower().replace(":", " ").split()
        if hero:
            body = body[1:]
        asked = words[1:] if hero and words[0] == hero else words
        if asked and body[:1] == asked[:1] and _in_order(asked[1:], body[1:]):
            scored.append((body == asked, bool(hero) and words[0] == hero, hero == current, -len(body), option))
    for key in range(4):  # prefer: the exact text, the hero named, the hero moving, the shortest text
        top = max((s[key] for s in scored), default=None)
        scored = [s for s in scored if s[key] == top]
        if len(scored) == 1:
            return scored[0][-1]
    if scored:
        shown = "; ".join(describe(g, s[-1]) for s in scored[:4]) + ("; ..." if len(scored) > 4 else "")
        raise ParseError(f"`{text.strip()}` could be {len(scored)} actions: {shown}", ambiguous=True)
    raise ParseError(f"`{text.strip()}` is not one of the options")


def _in_order(words: list[str], text: list[str]) -> bool:
    rest = iter(text)
    return all(any(w == t for t in rest) for w in words)
