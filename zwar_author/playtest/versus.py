"""Bots for versus games (Agent Z): one bot per agent, each answering only its own agent's requests.

A versus game asks each request of one side (``Request.side`` is ``agent``,
``Request.who`` the agent). ``versus_policy`` hands each agent's requests to
that agent's bot and the requests left to "the players" (which of equally
close infected moves first) to a neutral one. An agent's bot plays like the
campaign bots (``bots.Bot``: out of grapples, shooting what comes near, walking
shortest paths) with a side of its own:

- it attacks the rival agent when a shot, blow or throw is likely enough to hurt; with too few rounds
  for the AP the game has left it aims every shot, and a hunter with nothing else strikes bare-handed;
- it heads for what its side's victory needs: the exit (opening the way by a
  task when a blast door shuts it), the objectives, or the rival to be killed;
  without a weapon it first fetches one lying on the board;
- ``cautious`` reacts out of sight when shot at and lets the rival move first;
  ``aggressive`` never reacts and always moves first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..engine.actions import Action
from ..engine.chance import Request
from ..engine.combat import melee_bonus
from ..engine.control import AUTO
from ..engine.legal import cost
from ..engine.mission import Mission
from ..engine.state import Game, Hero, pos
from ..engine.vocab import CardEffect, Effect, Side, Topic, Verb
from .bots import (
    INF,
    STYLES,
    Bot,
    _faces,
    _free,
    _grappled,
    _kill_chance,
    _rounds,
    _route,
    _stand,
    _threats,
    _unused,
)
from .kit import turns_left
from .policies import BASES, base_of, budget_of, parts, policy
from .search import Search

Policy = Callable[[Game, Request], object]

#: the least chance of a kill an attack on the rival needs, by style
NERVE = {"cautious": 0.35, "aggressive": 0.2}
HIDE_FROM = 10  # route squares: a charge (5) after the agent's own run
RUNNER_NERVE = 0.5  # the least chance of a kill for which an agent on the run fights what is next to it
MARGIN, SAFE = 3, 8  # route squares: see ``_card``
#: an agent's own hand: its director cards, its loot against the rival's cards, the units it steers
HAND = frozenset({Topic.CARD, Topic.CONTROL, Topic.MOVE, Topic.GRAB, Topic.LOOT})
RIVAL_ATTACKS = frozenset({Verb.QUICK, Verb.AIMED, Verb.MELEE, Verb.MOVE_QUICK, Verb.QUICK_MOVE, Verb.MOVE_MELEE,
                           Verb.MELEE_MOVE, Verb.THROW_KNIFE})


def is_versus(mission: Mission) -> bool:
    return mission.compiled.mission.mode == "versus"


def policy_for(mission: Mission, name: str, seed: int, director: str = "") -> Policy:
    """The playtest policy ``name`` for ``mission``: a bot per agent in a versus game, else ``policies.policy``
    (the bots, random play, the planner at its budget, looking ahead against ``director``)."""
    if not is_versus(mission):
        return policy(name, seed, director)
    if parts(name)[0] == "search":
        budget = budget_of(name)
        if budget is None:
            policy(name, seed)  # says what is wrong with the budget
        return VersusSearch(budget or 0, seed, base=base_of(name))
    return versus_policy({"": name}, seed)


@dataclass
class VersusSearch:
    """The search player for every agent but those ``rivals`` names: each agent's requests answered by a
    search of its own (its own dice), built on the agents' bot ``base`` (its first choice, and its
    rollouts' player), whose rollouts model the rival's player as that bot; the players' shared choices are
    the bots'. ``rivals`` (a role or an agent, then a bot's name, as ``versus_policy`` takes them) seats a
    heuristic bot instead, so the search plays one agent against it: then the rollouts model the rival as
    that bot, and the search builds on it unless ``base`` names another (a search seated against the
    aggressive bot is the aggressive bot with a search on top, and is measured against it playing both)."""

    budget: int
    seed: int
    rivals: dict[str, str] = field(default_factory=dict)
    base: str | None = None  # the bot the search builds on (None: the rivals' bot, else the cautious bot)
    players: dict[str, Search] = field(default_factory=dict)
    bots: VersusPolicy | None = None

    def built_on(self) -> str:
        """The bot the search builds on: ``base``, else the bot it is seated against, else the cautious bot."""
        seated = [name for name in self.rivals.values() if name in BASES]
        return self.base or (seated[0] if seated else BASES[0])

    def __call__(self, g: Game, request: Request):
        if request.side != Side.AGENT or request.who is None:
            return request.options[0]  # the players' shared choices, as ``VersusPolicy`` answers them
        if self.rivals and (g.roles.get(request.who) in self.rivals or request.who in self.rivals):
            if self.bots is None:
                self.bots = versus_policy(self.rivals, self.seed)
            return self.bots(g, request)
        player = self.players.get(request.who)
        if player is None:
            seed, styles = self.seed, {**self.rivals, "": self.built_on()}  # the rivals' by role or agent first
            player = Search(self.budget, random.Random(f"{seed}:{request.who}"), versus=True,
                            bots=lambda: versus_policy(styles, seed))
            self.players[request.who] = player
        return player(g, request)


def parse_bots(texts: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``hunter=cautious`` (a role or an agent, then a policy) as a mapping; ValueError says what is wrong."""
    chosen: dict[str, str] = {}
    for text in texts:
        who, eq, name = text.partition("=")
        if not eq or not who.strip() or name.strip() not in (*STYLES, "random"):
            raise ValueError(f"{text!r}: write SIDE=POLICY, like hunter=cautious (policies: "
                             f"{', '.join((*STYLES, 'random'))})")
        chosen[who.strip()] = name.strip()
    return chosen


@dataclass
class VersusPolicy:
    """Answers each agent's requests with that agent's bot; ``styles`` by role or hero id ("" for any)."""

    styles: dict[str, str]
    seed: int
    bots: dict[str, Policy] = field(default_factory=dict)

    def style(self, g: Game, hero: str) -> str | None:
        role = g.roles.get(hero, "")
        return self.styles.get(role) or self.styles.get(hero) or self.styles.get("")

    def plays(self, g: Game, request: Request) -> bool:
        """Whether a bot answers ``request``: an agent's request of a side the bots play, or a choice left
        to the players when bots play every side."""
        if request.side == Side.AGENT and request.who is not None:
            return self.style(g, request.who) is not None
        return all(self.style(g, h.id) is not None for h in g.heroes)

    def __call__(self, g: Game, request: Request):
        if request.side != Side.AGENT or request.who is None:
            return request.options[0]  # the players' shared choices: the first, as the rules list them
        bot = self.bots.get(request.who)
        if bot is None:
            name = self.style(g, request.who) or "cautious"
            if name == "random":
                rng = random.Random(f"{self.seed}:{request.who}")
                bot = lambda game, req: rng.choice(req.options)
            else:
                bot = AgentBot(replace(STYLES[name], together=False))  # the other agent is no friend to wait for
            self.bots[request.who] = bot
        return bot(g, request)


def versus_policy(styles: dict[str, str], seed: int) -> VersusPolicy:
    return VersusPolicy(dict(styles), seed)


@dataclass
class AgentBot(Bot):
    """A campaign bot with a rival: see the module's docstring."""

    def __call__(self, g: Game, request: Request):
        if request.topic == Topic.HERO:
            return self.hero_move(g, request.options)
        h = g.hero(request.who) if request.who else None
        if request.topic == Topic.REACTION and h is not None:
            return self.react(g, h, request)
        if request.topic == Topic.INITIATIVE and h is not None:
            mine = next(o for o in request.options if o.key == h.id)
            other = next(o for o in request.options if o.key != h.id)
            return other if self.style.alert else mine
        if request.topic == Topic.PLACE and h is not None and all(isinstance(o.key, int) for o in request.options):
            rival = _rival(g, h)
            if rival is not None:  # a roamer of one's own: as close to the rival as allowed
                return min(request.options, key=lambda o: (_route(g, o.key, rival.sq), o.key))
        if request.topic in HAND and request.who is not None:
            return hand(g, request.who, request)
        return self.decide(g, request)

    def react(self, g: Game, h: Hero, request: Request):
        """Cautious agents react out of the attacker's sight when they can; aggressive ones never react."""
        hold = request.options[0]
        attacker = g.hero(g.current) if g.current else None
        if not self.style.alert or attacker is None or _running(g, h):
            return hold  # an agent on the run keeps its move: a reaction forfeits it
        for o in request.options[1:]:
            how, to = o.key
            if how == "move" and not g.hero_sees(attacker.sq, to):
                return o
        return hold

    def unasked(self, g: Game, h: Hero) -> frozenset[Verb]:
        """Only ``_unused``: an agent attacks its rival too (``_rival``), wherever the infected are."""
        return _unused(g, h)

    def choose(self, g: Game, h: Hero, acts: list[Action]) -> Action | None:
        by_verb: dict[str, list[Action]] = {}
        for a in acts:
            by_verb.setdefault(a.verb, []).append(a)
        if _running(g, h):
            return self._run(g, h, acts, by_verb)
        for step in (_free, _grappled, _threats, _stand):
            found = step(self, g, h, by_verb)
            if found is not None:
                return found
        for found in (self._rival(g, h, acts), self._jobs(g, h, by_verb), Bot._shoot(self, g, h, by_verb),
                      Bot._walk(self, g, h, by_verb), Bot._alert(self, g, h, by_verb)):
            if found is not None:
                return found
        end = by_verb.get(Verb.END)
        return end[0] if end else None

    def _run(self, g: Game, h: Hero, acts: list[Action], by_verb) -> Action | None:
        """An agent who wins only by leaving (the prey): its job first (the task that opens the way, the
        exit), then away from what can grab it; it fights only what is next to it, keeping its rounds."""
        threat = _threats(self, g, h, by_verb)
        if threat is not None and threat.verb != Verb.EXECUTE and _kill_chance(g, h, threat) < RUNNER_NERVE:
            threat = None  # a poor blow: running on is worth more
        for found in (_free(self, g, h, by_verb), _grappled(self, g, h, by_verb), self._jobs(g, h, by_verb),
                      _stand(self, g, h, by_verb), self._hide(g, h, by_verb), threat, self._rival(g, h, acts),
                      Bot._walk(replace(self, style=replace(self.style, alert=False)), g, h, by_verb),
                      Bot._alert(self, g, h, by_verb)):
            if found is not None:
                return found
        end = by_verb.get(Verb.END)
        return end[0] if end else None

    def _hide(self, g: Game, h: Hero, by_verb) -> Action | None:
        """On the last run (the exit in reach) with infected that could reach the agent once it has run on
        (``HIDE_FROM`` squares): a gadget that makes it undetectable this turn (the Stinker), made active
        first if need be (the turn's weapon change)."""
        exits = tuple(sorted(g.mission.exits))
        near = any(_route(g, pos(z), h.sq) <= HIDE_FROM for z in g.board_infected() if not z.prone)
        if h.stink or not near or not exits or self.field(g, exits).get(h.sq, INF) >= INF:
            return None
        if by_verb.get(Verb.STINK):
            return by_verb[Verb.STINK][0]
        m = g.mission
        for a in by_verb.get(Verb.WEAPON, []):
            cards = [c for n in a.card.split("+") if (c := h.card(n)) is not None]
            if cards and all(m.equipment[c.eq].effect == Effect.STINK_TANK and c.ammo for c in cards):
                return a
        return None

    def _rival(self, g: Game, h: Hero, acts: list[Action]) -> Action | None:
        """The attack on the rival with the best chance per AP, if likely enough to hurt. Two things
        change that: rounds too few for the AP the game has left (aiming every shot) are spent where each
        round does most (per round, and no shot worse than the gun's aimed one); and an agent whose side
        wins by the rival's death strikes it bare-handed when that is all it can do, however unlikely a
        blow is to hurt (on a passive rival, the blows add up over the turns)."""
        if h.stride:
            return None
        nerve = NERVE.get(self.style.name, 0.3)
        hunting = any(c.kill for c in _conditions(g, h))
        rounds = _rounds(g, h)
        short = rounds < INF and rounds * cost(g, h, Verb.AIMED) < h.ap + turns_left(g) * h.ap_turn
        best, score = None, 0.0
        for a in acts:
            if not a.other or a.verb not in RIVAL_ATTACKS:
                continue
            chance = rival_chance(g, h, a)
            spent = _rounds_spent(a)
            if spent and short:
                if chance / spent < _aimed_chance(g, h, a):
                    continue  # a round is worth an aimed shot
                value = chance / spent
            else:
                value = chance / max(1, cost(g, h, a.verb))
            bare = not spent and a.verb != Verb.THROW_KNIFE and hunting and not _loaded(g, h)
            if (chance >= nerve or bare) and chance > 0 and value > score:
                best, score = a, value
        return best

    def _jobs(self, g: Game, h: Hero, by_verb) -> Action | None:
        """A task for an objective still open, or leaving when the side wins by escaping."""
        for a in by_verb.get(Verb.TASK, []):
            if a.target in _open_objectives(g):
                return a
        if by_verb.get(Verb.EXIT) and any(c.escape for c in _conditions(g, h)):
            return by_verb[Verb.EXIT][0]
        return None

    def goal(self, g: Game, h: Hero) -> tuple[int, ...]:
        """The exit (or, while it cannot be reached, the objectives that may open it), the objectives,
        or the squares next to the rival."""
        conditions = _conditions(g, h)
        arms = _weapons_lying(g)
        if arms and not _armed(g, h):  # an agent without a weapon (the prey) fetches one first
            return arms
        if any(c.escape for c in conditions):
            exits = tuple(sorted(g.mission.exits))
            if exits and self.field(g, exits).get(h.sq, INF) < INF:
                return exits
            return _objective_squares(g)
        if any(c.objectives or c.objectives_count for c in conditions):
            return _objective_squares(g)
        rival = _rival(g, h)
        if rival is None:
            return ()
        return tuple(sorted(n for n in g.mission.reach(rival.sq, g.doors) if g.mission.standable[n])) or (rival.sq,)


def hand(g: Game, who: str, request: Request):
    """An agent's director cards and the units they steer (a Direct Control token, their own newborn),
    all turned on the rival: see the module's docstring."""
    rival = next((o for o in g.heroes if o.id != who and o.on_board), None)
    options = request.options
    if request.topic == Topic.CARD:
        return _card(g, who, rival, request)
    if request.topic == Topic.LOOT:  # stop the cards when the rival holds more of them
        held = g.hands.held if g.hands is not None else {}
        mine, theirs = len(held.get(who, [])), sum(len(v) for k, v in held.items() if k != who)
        return options[-1] if theirs > mine else options[0]
    if rival is None:
        return _key(options, AUTO) if request.topic == Topic.MOVE else options[0]
    if request.topic == Topic.CONTROL:
        return min(options, key=lambda o: (_route(g, pos(g.infected[o.key]), rival.sq), o.key))
    if request.topic == Topic.MOVE:
        squares = [o for o in options if isinstance(o.key, int)]
        best = min(squares, key=lambda o: (_route(g, o.key, rival.sq), o.key), default=None)
        return best if best is not None else _key(options, AUTO)
    return _key(options, rival.id)  # Topic.GRAB: the rival, never "grab no hero" while they are in reach


def _card(g: Game, who: str, rival: Hero | None, request: Request):
    """Play a card at its first window, but Frenzy only when the infected are well nearer the rival than
    oneself and Reinforcements only when the rival is well nearer a spawn point (``MARGIN``), and neither
    with infected or a spawn point within ``SAFE`` squares of oneself: more infected are anyone's."""
    me = next(h for h in g.heroes if h.id == who)
    effects = {c.id: c.effect for c in g.mission.compiled.rules.director_cards}
    for option in request.options[1:]:
        effect = effects.get(option.key)
        if effect in (CardEffect.MISS, CardEffect.ROOM_SPAWN_BONUS, CardEffect.DIRECT_CONTROL):
            return option
        if rival is None:
            continue
        if effect == CardEffect.CHARGE_ALL and _nearest_unit(g, rival) + MARGIN <= _nearest_unit(g, me) \
                and _nearest_unit(g, me) >= SAFE:
            return option
        if effect == CardEffect.EXTRA_SPAWN_ROLL and _nearest_spawn(g, rival) + MARGIN <= _nearest_spawn(g, me) \
                and _nearest_spawn(g, me) >= SAFE:
            return option
    return request.options[0]


def _nearest_unit(g: Game, h: Hero) -> int:
    if not h.on_board:
        return INF
    return min((_route(g, pos(z), h.sq) for z in g.board_infected() if not z.prone), default=INF)


def _nearest_spawn(g: Game, h: Hero) -> int:
    if not h.on_board:
        return INF
    m = g.mission
    return min((_route(g, m.square(p.at), h.sq) for p in m.compiled.spawn_points), default=INF)


def _key(options, key):
    return next((o for o in options if o.key == key), options[0])


def rival_chance(g: Game, h: Hero, a: Action) -> float:
    """The chance ``a`` rolls a kill against the rival (which hurts them)."""
    m = g.mission
    active = h.active_cards()
    if a.verb == Verb.THROW_KNIFE:
        card = h.card(a.card)
        if card is None:
            return 0.0
        eq = m.equipment[card.eq]
        return _faces(g.mission, eq.quick, g.ruleset.weapons.aimed_modifier(eq))
    if a.verb in (Verb.MELEE, Verb.MOVE_MELEE, Verb.MELEE_MOVE):
        blade = next((c for c in active if m.equipment[c.eq].kind == "melee"), None)
        table = m.equipment[blade.eq].quick if blade and a.mode != "unarmed" else h.unarmed
        return _faces(g.mission, table, melee_bonus(h, blade is None))
    guns = [c for c in active if m.equipment[c.eq].kind == "ballistic" and (c.ammo is None or c.ammo > 0)]
    if a.mode not in ("", "auto", "both"):
        guns = [c for c in guns if c.name == a.mode]
    if not guns:
        return 0.0
    eq = m.equipment[guns[0].eq]
    p = _faces(g.mission, eq.quick, g.ruleset.weapons.aimed_modifier(eq) if a.verb == Verb.AIMED else 0)
    dice = 3 if a.mode == "auto" else (2 if a.mode == "both" else 1)
    return 1 - (1 - p) ** dice


def _rounds_spent(a: Action) -> int:
    """Rounds an attack crosses off: none for a blow or a throw, three on full auto, one a gun."""
    if a.verb in (Verb.MELEE, Verb.MOVE_MELEE, Verb.MELEE_MOVE, Verb.THROW_KNIFE):
        return 0
    return 3 if a.mode == "auto" else 2 if a.mode == "both" else 1


def _aimed_chance(g: Game, h: Hero, a: Action) -> float:
    """The chance a shot with the gun of ``a`` (aimed, one round) rolls a kill on the rival."""
    return rival_chance(g, h, a._replace(verb=Verb.AIMED, mode="" if a.mode in ("auto", "both") else a.mode))


def _loaded(g: Game, h: Hero) -> bool:
    """Whether ``h`` holds a gun in hand with rounds in it."""
    m = g.mission
    return any(m.equipment[c.eq].kind == "ballistic" and (c.ammo is None or c.ammo > 0) for c in h.active_cards())


def _running(g: Game, h: Hero) -> bool:
    """Whether ``h``'s side wins only by leaving the board (Hunter & Prey's prey)."""
    return any(c.escape for c in _conditions(g, h))


def _armed(g: Game, h: Hero) -> bool:
    m = g.mission
    return any(m.equipment[c.eq].kind in ("ballistic", "melee") and (c.ammo is None or c.ammo > 0) for c in h.cards)


def _weapons_lying(g: Game) -> tuple[int, ...]:
    m = g.mission
    return tuple(sorted(sq for sq, items in g.items.items()
                        if any(m.equipment[card].kind in ("ballistic", "melee") for _, card in items)))


def _rival(g: Game, h: Hero) -> Hero | None:
    return next((o for o in g.heroes if o is not h and o.on_board), None)


def _conditions(g: Game, h: Hero) -> list:
    role = g.roles.get(h.id)
    return [c for c in g.mission.compiled.victory if c.side == role]


def _open_objectives(g: Game) -> set[int]:
    return {o.number for o in g.mission.compiled.objectives} - g.objectives


def _objective_squares(g: Game) -> tuple[int, ...]:
    m = g.mission
    squares: set[int] = set()
    for obj in m.compiled.objectives:
        if obj.number in g.objectives:
            continue
        at = m.square(obj.at)
        room = m.room_of[at]
        squares.update(m.room(room).squares if obj.scope == "room" and room else (at,))
    return tuple(sorted(squares))


def not_played(mission: Mission) -> list[str]:
    """What of a versus game the engine deals but does not play, for a report to say so: the agents' extra
    cards that have no rule the engine plays (no table, no effect). The director cards are played."""
    c = mission.compiled
    out = []
    idle = sorted({e.name for e in c.rules.equipment if e.kind == "utility" and e.effect is None
                   and "agentz" in e.games})
    if idle:
        out.append(f"{', '.join(idle)}: carried, never used (no rule for them is played)")
    return out
