"""The engine's public face: a frozen state, its legal actions, and ``apply``.

    state = start(new_game(mission))
    while not state.over:
        if state.request.chance:
            outcome = sample(state.request)            # or a die from the table
        else:
            outcome = policy(state.view, state.request)  # one of legal_actions(state)
        state = apply(state, outcome)

A ``State`` holds the game as it was when the pending step began, plus the
inputs given to that step so far. ``apply`` copies the game and runs the step
again with one more input (see ``chance``), so states are never changed and
any state can be kept, compared or resumed. ``simulate`` plays the same rules
in place, without copies, for speed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import npc, rib
from .chance import (
    Context,
    IllegalAction,
    Live,
    NeedInput,
    Policy,
    Replay,
    Request,
    match,
)
from .events import Event
from .mission import Mission
from .state import DEFAULT_SETUP, Game, Hero, Setup, short
from .turn import step
from .variants import ruleset_for
from .vocab import RequestKind, Side, Topic

UNLIMITED = 10**6


class SetupError(ValueError):
    """A setup that does not fit the mission: an unknown hero, perk or card, too few start points."""


def new_game(mission: Mission, setup: Setup = DEFAULT_SETUP) -> Game:
    """A game at the start of the mission: before turn 1 is announced."""
    c = mission.compiled
    g = Game(mission, ruleset_for(c), setup)
    heroes = [_hero_id(mission, h) for h in setup.heroes] or [h.id for h in c.rules.heroes]
    required = [short(r) for r in (mission.game_rules.heroes if mission.game_rules else [])
                if r not in heroes]
    if required:
        raise SetupError(f"every {mission.game_name} mission uses {', '.join(required)}: add them to the heroes")
    starts = [mission.square(s.at) for s in c.starts]
    placed = dict(setup.positions)
    for number, qid in enumerate(heroes):
        sq = _position(mission, placed.get(short(qid)), starts, number, qid)
        card = mission.hero_cards[qid]
        perks = frozenset(_perk_id(mission, p) for p in dict(setup.perks).get(short(qid), ()))
        h = Hero(qid, card.name, sq, perks, card.unarmed)
        equipment = dict(setup.equipment).get(short(qid))
        for ref in (equipment if equipment is not None else card.equipment):
            eq = mission.lookup(mission.equipment, ref)
            if eq is None:
                raise SetupError(f"there is no equipment card `{ref}` in this mission's rules")
            h.cards.append(g.new_card(eq.id))
        first = next((x for x in h.cards if mission.equipment[x.eq].kind in ("ballistic", "melee", "explosive")), None)
        h.active = [first.name] if first else []
        h.power = {p: mission.perks[q].uses or 3 for q in mission.perks for p in [short(q)]
                   if p in perks and mission.perks[q].power}
        g.heroes.append(h)
        other = g.at.get(sq)
        if isinstance(other, Hero):
            raise SetupError(f"{card.name} and {other.name} cannot both start on {mission.show(sq)}")
        g.at[sq] = h
    for spec in c.npcs:
        sq = mission.square(spec.at)
        other = g.at.get(sq)
        if other is not None:
            raise SetupError(f"{spec.name} and {getattr(other, 'name', 'an infected')} cannot both start on "
                             f"{mission.show(sq)}")
        figure = npc.make(spec.id, spec.name, sq)
        g.heroes.append(figure)
        g.at[sq] = figure
    _tokens(g)
    return g


def _hero_id(mission: Mission, ref: str) -> str:
    hero = mission.lookup(mission.hero_cards, ref)
    if hero is None:
        known = ", ".join(short(h) for h in mission.hero_cards)
        raise SetupError(f"there is no hero `{ref}` in this mission (heroes: {known})")
    return hero.id


def _perk_id(mission: Mission, ref: str) -> str:
    perk = mission.lookup(mission.perks, ref)
    if perk is None:
        raise SetupError(f"there is no perk `{ref}` in this mission's rules")
    return short(perk.id)


def _position(mission: Mission, text: str | None, starts: list[int], number: int, qid: str) -> int:
    if text is not None:
        sq = mission.parse(text)
        if sq is None or not mission.standable[sq]:
            raise SetupError(f"`{text}` is not a square {short(qid)} can stand on")
        return sq
    if number >= len(starts):
        raise SetupError(f"the mission has {len(starts)} start points for more heroes: place {short(qid)} yourself")
    return starts[number]


def _tokens(g: Game) -> None:
    """Infected, items, objects, keycards, crates, tokens, doors, decks and miniatures at the start."""
    m, c = g.mission, g.mission.compiled
    g.pool = {cls: UNLIMITED for cls in m.classes}
    g.pool.update(c.miniatures)
    for spec in c.infected:
        g.new_infected(spec.class_, m.square(spec.at), spec.facing, spec.prone)
    for item in c.items:
        g.items.setdefault(m.square(item.at), []).append((item.letter, item.card))
    g.objects = {m.square(o.at): o.letter for o in c.objects}
    g.keycards = {m.square(k.at): k.colour for k in c.keycards}
    g.crates = {m.square(x.at) for x in c.crates}
    rib.place(g)
    g.exits_open = not any(e.closed for e in c.exits)
    for token in c.tokens:
        room = m.room_ref(token.room)
        g.active |= 1 << room
        if token.kind == "search":
            g.searched.add(room)
    for door in m.doors:
        if door.start_open:  # a door open from the start: the rooms behind it are active
            g.doors |= 1 << door.index
            for room in door.rooms:
                g.active |= 1 << room
    g.deck = {card.id: card.copies for card in c.rules.search}


# --- the frozen state ----------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class State:
    snapshot: Game  # the game when the pending step began (never changed)
    inputs: tuple  # the answers given to that step so far
    request: Request | None  # what the game waits for; None when it is over
    view: Game  # the game as it stands now, mid-step (for display and policies; never changed)
    events: tuple[Event, ...] = ()  # what the last apply made happen

    @property
    def over(self) -> bool:
        return self.request is None

    @property
    def log(self) -> list[Event]:
        return self.view.log


def start(game: Game) -> State:
    """The first state of ``game`` (which is copied, never changed)."""
    return _advance(game.copy(), (), 0)


def legal_actions(state: State) -> list:
    """What may answer the pending request: hero actions, choices, dice faces or cards."""
    return [] if state.request is None else list(state.request.options)


def chance_outcomes(state: State) -> list[tuple[Any, Fraction]]:
    """The outcomes of a pending roll or draw, with their exact probabilities."""
    if state.request is None or not state.request.chance:
        raise ValueError("the game is not waiting for a roll or a card")
    return state.request.outcomes()


def apply(state: State, answer: Any) -> State:
    """The state after ``answer`` (an option of the pending request, or an equal value)."""
    if state.request is None:
        raise IllegalAction("the game is over")
    match(state.request, answer)
    return _advance(state.snapshot, state.inputs + (answer,), len(state.view.log))


def _advance(snapshot: Game, inputs: tuple, reported: int) -> State:
    """Run steps from ``snapshot`` with ``inputs`` until the game needs an input or ends."""
    while True:
        game = snapshot.copy()
        ctx = Replay(inputs)
        if game.over:
            return State(game, (), None, game, tuple(game.log[reported:]))
        try:
            step(game, ctx)
        except NeedInput as need:
            return State(snapshot, inputs, need.request, game, tuple(game.log[reported:]))
        snapshot, inputs = game, ()


# --- playing fast --------------------------------------------------------------------------


def simulate(game: Game, policy: Policy, rng: random.Random, dice=(), max_steps: int = 100_000) -> Game:
    """Play ``game`` to its end in place: dice from ``rng`` (``dice`` first), decisions from ``policy``."""
    ctx: Context = Live(rng, policy, game, dice)
    for _ in range(max_steps):
        if game.over:
            return game
        step(game, ctx)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def first_option(game: Game, request: Request) -> Any:
    """A policy that always takes the first option."""
    return request.options[0]


def passive(game: Game, request: Request) -> Any:
    """The trivial policy: heroes end their move at once; every other choice takes the first option."""
    return request.options[-1] if request.kind == RequestKind.CHOOSE and request.side == Side.HEROES and \
        request.topic == Topic.HERO else request.options[0]


def random_policy(rng: random.Random) -> Policy:
    """A policy choosing uniformly among the legal options, with its own seeded RNG."""
    return lambda game, request: rng.choice(request.options)
