"""The engine's public face: a frozen state, its legal actions, and ``apply``.

    state = start(new_game(mission))
    while not state.over:
        if state.request.chance:
            outcome = sample(state.request)            # or a die from the table
        else:
            outcome = policy(state.view, state.request)  # one of legal_actions(state)
        state = apply(state, outcome)

A ``State`` holds the game as it was a few steps back, the inputs of those
steps and those given to the pending step so far, so states are never changed
and any state can be kept, compared or resumed: ``apply`` to a state a second
time makes its snapshot (the game when the pending step began) and runs the
step again with the inputs (see ``chance``). The first
``apply`` to a state does not: the step runs in a greenlet of its own, paused
where it asked, and the answer resumes it there (the game a state shows is
copied only when someone looks at it). So playing a game through ``apply``
costs little more than ``simulate``, which plays the same rules in place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from greenlet import greenlet

from ..errors import SetupError
from . import npc, rib
from .cards import new_hands
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
from .options import LegalActions
from .state import DEFAULT_SETUP, MAX_STAGE, Game, Hero, Setup, short
from .turn import step
from .variants import ruleset_for
from .versus import Versus, setup_versus
from .vocab import RequestKind, Side, Topic

UNLIMITED = 10**6


def new_game(mission: Mission, setup: Setup = DEFAULT_SETUP) -> Game:
    """A game at the start of the mission: before turn 1 is announced."""
    c = mission.compiled
    g = Game(mission, ruleset_for(c, setup.directors_cut, {"versus": Versus}), setup)
    heroes = [_hero_id(mission, h) for h in setup.heroes] or [h.id for h in c.rules.heroes]
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
        _carried(g, h, setup)
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
    for carrier in g.heroes:  # the search cards a campaign's heroes carry in are out of the deck
        for held in carrier.loot:
            g.deck[held] = max(0, g.deck.get(held, 0) - 1)
    g.hands = new_hands(g)
    if isinstance(g.ruleset, Versus):
        setup_versus(g)
    return g


def _carried(g: Game, h: Hero, setup: Setup) -> None:
    """What a campaign carries into the game for ``h`` (Exodus's save ticket, docs/campaign.md): the rounds
    left in each equipment card, the search cards held and the infection stage."""
    mission = g.mission
    rounds = dict(setup.rounds).get(h.id)
    if rounds is not None:
        if len(rounds) != len(h.cards):
            raise SetupError(f"{h.name} carries {len(h.cards)} equipment cards and the set-up gives rounds "
                             f"for {len(rounds)}")
        for card, left in zip(h.cards, rounds):
            full = mission.equipment[card.eq].ammo
            if full is not None and (left is None or not 0 <= left <= full):
                raise SetupError(f"{h.name}'s {card.name} holds 0 to {full} rounds, not {left}")
            card.ammo = left if full is not None else card.ammo
    for ref in dict(setup.search).get(h.id, ()):
        entry = mission.lookup(mission.search_cards, ref)
        if entry is None:
            raise SetupError(f"there is no search card `{ref}` in this mission's rules")
        h.loot.append(entry.id)
    stage = dict(setup.stages).get(h.id, 0)
    if not 0 <= stage <= MAX_STAGE:
        raise SetupError(f"{h.name}'s infection stage is 0 to {MAX_STAGE}, not {stage}")
    h.stage = stage


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


#: steps a run plays between two copies of the game (``State.snapshot`` is made again from the last)
COPY_EVERY = 8


@dataclass(frozen=True, eq=False)
class State:
    base: Game  # the game a few steps back (never changed): the pending step began after ``steps``
    steps: tuple[tuple, ...]  # the inputs of each step played since ``base``
    inputs: tuple  # the answers given to the pending step so far
    request: Request | None  # what the game waits for; None when it is over
    events: tuple[Event, ...] = ()  # what the last apply made happen
    logged: int = 0  # events in the game's log so far
    #: the run paused at this state, which the first apply resumes (None: apply replays the step)
    _run: _Run | None = field(default=None, repr=False)
    #: the games made when first asked for: the snapshot, the view
    _made: dict[str, Game] = field(default_factory=dict, repr=False)

    @property
    def over(self) -> bool:
        return self.request is None

    @property
    def snapshot(self) -> Game:
        """The game when the pending step began (never changed)."""
        if "snapshot" not in self._made:
            game = self.base
            if self.steps:
                game = game.copy()
                for inputs in self.steps:
                    step(game, Replay(inputs))
            self._made["snapshot"] = game
        return self._made["snapshot"]

    @property
    def view(self) -> Game:
        """The game as it stands now, mid-step (for display and policies; never changed)."""
        if "view" not in self._made:
            run = self._run
            self._made["view"] = run.game.copy() if run is not None and run.at is self else self._replayed()
        return self._made["view"]

    @property
    def log(self) -> list[Event]:
        return self.view.log

    def _replayed(self) -> Game:
        game = self.snapshot.copy()
        try:
            step(game, Replay(self.inputs))
        except NeedInput:
            return game
        raise AssertionError("a step run again with the same inputs asks the same question")


class _Resume(Context):
    """The context of a run: answers ``inputs`` first (a step run again), then pauses for each new one."""

    lazy = True

    def __init__(self, run: _Run, inputs: tuple) -> None:
        self.run = run
        self.inputs = inputs

    def ask(self, request: Request) -> Any:
        if self.inputs:
            answer, self.inputs = self.inputs[0], self.inputs[1:]
            return match(request, answer)
        return self.run.pause(request)


class _Run:
    """A game played step after step in a greenlet, paused at each request until an answer resumes it.

    It serves one line of play: only the state it is paused at (``at``) can resume it; an answer to
    any earlier state starts a new run from that state's snapshot. It copies the game every
    ``COPY_EVERY`` steps, not at each: a state's snapshot is made again from the last copy when asked for."""

    def __init__(self, snapshot: Game, inputs: tuple) -> None:
        self.base = snapshot  # the last copy of the game
        self.steps: list[tuple] = []  # the inputs of each step played since
        self.inputs = inputs  # the answers given to the pending step so far
        self.game = snapshot.copy()  # the game being played
        self.ctx = _Resume(self, inputs)
        self.at: State | None = None
        self.glet = greenlet(self._play)

    def _play(self) -> None:
        game = self.game
        while not game.over:
            step(game, self.ctx)
            self.steps.append(self.inputs)
            self.inputs = ()
            if len(self.steps) >= COPY_EVERY:
                self.base, self.steps = game.copy(), []

    def pause(self, request: Request) -> Any:
        """Hand ``request`` to whoever resumed the run; return the answer the next resume brings."""
        parent = self.glet.parent
        assert parent is not None
        return parent.switch(request)

    def resume(self, answer: Any, reported: int) -> State:
        """Run on with ``answer`` (None to start) to the next request or the end of the game."""
        if answer is not None:
            self.inputs += (answer,)
        request = self.glet.switch(answer) if answer is not None else self.glet.switch()
        game = self.game
        if request is None:
            return State(game, (), (), None, tuple(game.log[reported:]), len(game.log), None,
                         {"snapshot": game, "view": game})
        self.at = State(self.base, tuple(self.steps), self.inputs, request, tuple(game.log[reported:]),
                        len(game.log), self)
        return self.at


def start(game: Game) -> State:
    """The first state of ``game`` (which is copied, never changed)."""
    return _Run(game.copy(), ()).resume(None, 0)


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
    option = match(state.request, answer)
    run = state._run
    if run is None or run.at is not state:  # answered before: run the step again from its snapshot
        run = _Run(state.snapshot, state.inputs)
        run.resume(None, state.logged)
    options = state.request.options
    if isinstance(options, LegalActions) and options.pending():
        options.rebind(state.view)  # the hero move's options, if not built yet, stay those of this state
    run.at = None
    return run.resume(option, state.logged)


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
    """A policy choosing uniformly among the legal options, with its own seeded RNG: it counts the
    options and takes one by its index (the hero move's are not joined into one list), drawing the
    same numbers, and so the same options, as ``rng.choice``."""
    def choose(game: Game, request: Request) -> Any:
        options = request.options
        return options[rng.randrange(len(options))]
    return choose
