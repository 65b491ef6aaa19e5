"""The versus ruleset (Agent Z): two sides, each one agent under its own player.

``Versus`` fills in the hooks of the Z War One ruleset (``variants.Campaign``):
who must act in the hero move (initiative, rolled each turn), the attacks on
the rival agent (``agents``), what a roamer result places (a zombie placed by
each player), roles entering the board by event, and the conditions of each
side. A dead agent is stood back up as a newborn in the end phase, as a dead
hero is in the director games.
"""

from __future__ import annotations

from .act import _assassinate
from .agents import act as agent_act
from .agents import agent_actions, blast_agent, charge_actions
from .cards import KEEP, Hands, hands_for
from .chance import Choice, Context
from .knife import knife_actions, throw_knife
from .mission import UNREACHABLE
from .shield import grab_shield, holds, kick_off, move_with, shield, shield_actions
from .sight import face
from .spawn import notice, roamer_class
from .state import Game, Hero
from .variants import Campaign, Director
from .vocab import EventKind, HeroStatus, Perk, Side, Topic, Verb
from .weapons import melee_card

#: actions between heroes of one side, which rival agents never take
RIVALS_SHARE_NOTHING = frozenset({Verb.GIVE, Verb.TAKE, Verb.SUPPORT})

#: "each agent gets an additional 5 equipment cards: Med Pack, C4 Explosives, Pheromone, Stinker & Thumper"
EXTRAS = ("med-pack", "c4", "pheromone", "stinker", "thumper")


class Versus(Director):
    """Agent Z's versus game: Z War One's rules, with two agents and no director."""

    mode = "versus"
    decider = Side.HEROES  # choices the rules leave to "the players" (which of equally close infected moves)
    hero_side = Side.AGENT  # each agent's own choices are its player's (the request names the agent)
    roamer_anywhere = True
    blasts_heroes = True
    cards_dealt = 0  # no director: each agent's hand is set up by ``setup_versus`` (``hands``)
    loot_stops_cards = False  # each agent is asked for their own loot (``loot_window``), not the heroes together
    #: agents equally near an infected roll off, as Z War One's heroes do (there is no director to choose)
    tie = Campaign.tie

    # --- the hero move: initiative ---------------------------------------------------------

    def acting(self, g: Game, ctx: Context) -> str | None:
        waiting = [h for h in g.heroes if h.on_board and not h.done]
        if not g.order:
            loot_window(g, ctx)
            g.order = initiative(g, ctx, waiting)
        for h in waiting:
            if h.id not in g.order:
                g.order.append(h.id)
        return next(i for i in g.order if g.hero(i) in waiting)

    def actions(self, g: Game, h: Hero, acts: list) -> list:
        """Z War One's actions but those shared between heroes (the other agent is a rival: no exchanges,
        no Moral Support), the attacks on the rival, C4 tokens and the knife, within the meat shield's limits."""
        own = [a for a in acts if a.verb not in RIVALS_SHARE_NOTHING]
        return shield_actions(g, h, own + agent_actions(g, h) + charge_actions(g, h) + knife_actions(g, h))

    def blast_hero(self, g: Game, ctx: Context, owner: Hero, hero: Hero, card) -> None:
        blast_agent(g, ctx, owner, hero, card)

    def held(self, g: Game, z) -> bool:
        let_go(g)
        return holds(g, z)

    def act(self, g: Game, ctx: Context, h: Hero, action, run) -> None:
        let_go(g)
        held = shield(g, h)
        if action.verb == Verb.SHIELD:
            run = grab_shield
        elif action.verb == Verb.KICK_OFF:
            run = kick_off
        elif action.verb == Verb.THROW_KNIFE:
            run = throw_knife
        elif held is not None and action.verb == Verb.MOVE:
            run = _move_shielded
        elif held is not None and action.target == held.id and (
                action.verb == Verb.QUICK or (action.verb == Verb.MELEE and (melee_card(g, h) or Perk.SNAP in h.perks))):
            run = _kill_shield  # an assassination: by melee only with a blade (or Snap), as in Z War One
        agent_act(g, ctx, h, action, run)

    # --- spawns and events -----------------------------------------------------------------

    def roamers(self, g: Game, ctx: Context, roamer) -> None:
        """"In the event of a spawn roll resulting in a roamer two zombie infected units are placed, with
        each player placing one of these in an eligible area of their choosing." """
        for h in g.heroes:
            place_roamer(g, ctx, h)

    def enter(self, g: Game, ctx: Context, who: str) -> None:
        for h in g.heroes:
            if h.status == HeroStatus.WAITING and who in (h.id, g.roles.get(h.id)):
                enter_board(g, ctx, h)

    # --- what ends the game -----------------------------------------------------------------

    def killed(self, g: Game, who: str) -> bool:
        return any(h.status == HeroStatus.DEAD for h in g.heroes if who in (h.id, g.roles.get(h.id)))

    def outscored(self, g: Game, side: str, rival: str) -> bool:
        """"If an agent is killed while holding the highest amount of objective tokens, the game continues
        until the remaining agent can collect more objectives than the dead one [...] If the agent with the
        smallest number of objectives is killed, the remaining agent wins." Both are met by one test: the
        rival is dead and the side holds more objectives than the rival did (interpretation Z12)."""
        return self.killed(g, rival) and _held(g, side) > _held(g, rival)

    def side_heroes(self, g: Game, side: str) -> list[Hero]:
        if side in g.roles.values():
            return [h for h in g.heroes if g.roles.get(h.id) == side]
        return g.heroes

    def hero_died(self, g: Game, hero: Hero, cause: str) -> None:
        """The agent lies where they fell and stands back up as a newborn in the end phase."""
        super().hero_died(g, hero, cause)
        hero.done = True

    def newborn_holder(self, hero: Hero) -> str:
        """"From the next infected move onward, the player may continue to use their agent using the stats
        from the "Newborn" infected card": the newborn is steered by the agent's own player."""
        return hero.id


def hands(g: Game) -> Hands:
    """"Shuffle the director card deck & deal out 5 director cards to each player" (or to the role the
    mission names): each agent dealt cards holds a hand of their own, played through ``cards`` in the
    windows of a director's cards; the hands are dealt face down before turn 1 (``cards.deal``). A game
    with no cards dealt still has the hands, empty, for the newborns its players steer."""
    spec = g.mission.compiled.mission.director_cards
    dealt = [] if spec is None else [h for h in g.heroes if spec.dealt_to in ("each", h.id, g.roles.get(h.id))]
    return hands_for(g, {h.id: spec.count for h in dealt if spec is not None})


def loot_window(g: Game, ctx: Context) -> None:
    """"As in director games loot cards may be played to temporarily prevent director card use": at the
    beginning of the hero move, each agent holding loot while the rival holds director cards may discard
    one, and no director card is played until the following turn (by either agent: interpretation Z14)."""
    cards = g.hands
    if cards is None or cards.blocked == g.turn:
        return
    for h in g.heroes:
        rival_holds = any(held for holder, held in cards.held.items() if holder != h.id)
        if h.status != HeroStatus.BOARD or not h.loot or not rival_holds:
            continue
        options = [Choice(KEEP, "play no loot card")] + [
            Choice(c, f"play {g.mission.search_cards[c].name}") for c in sorted(set(h.loot))]
        pick = ctx.choose(Side.AGENT, f"Hero move: {h.name}'s player may play a loot card to stop the director "
                          "cards this turn", options, h.id, Topic.LOOT)
        if pick.key == KEEP:
            continue
        h.loot.remove(pick.key)
        cards.blocked = g.turn
        g.count("loot played")
        g.emit(EventKind.CARD, h.id, f"{h.name} plays {g.mission.search_cards[pick.key].name}: no director card "
               "may be played until the following turn", h.sq)
        return


def _held(g: Game, who: str) -> int:
    """The objectives completed by the agents of role or hero ``who`` (each objective remembers who did it)."""
    ids = {h.id for h in g.heroes if who in (h.id, h.qid, g.roles.get(h.id))}
    return sum(1 for n in g.objectives if g.claimed.get(n) in ids)


def let_go(g: Game) -> None:
    """Forget the meat shields no longer held (the holder knocked down, taken down or dead, the zombie killed)."""
    for hero_id in [i for i in g.shields if shield(g, g.hero(i)) is None]:
        del g.shields[hero_id]


def _move_shielded(g: Game, ctx: Context, h: Hero, a) -> None:
    move_with(g, ctx, h, a.to, "moves")


def _kill_shield(g: Game, ctx: Context, h: Hero, a) -> None:
    """"Assassination (kills the meat shield)": a quick fire or melee on one's own shield kills it outright."""
    z = g.infected[a.target]
    blade = melee_card(g, h) if a.verb == Verb.MELEE else None
    cards = [blade] if blade else ([] if a.verb == Verb.MELEE else [c for c in h.active_cards()
                                                                   if g.mission.equipment[c.eq].kind == "ballistic"][:1])
    del g.shields[h.id]
    _assassinate(g, h, z, cards, 1)


def initiative(g: Game, ctx: Context, agents: list[Hero]) -> list[str]:
    """"Each turn, at the beginning of the hero movement phase each player must roll a dice, the player
    rolling the highest may then choose to either take their turn first, or make the other player go
    first." Ties roll again."""
    if len(agents) < 2:
        return [h.id for h in agents]
    rolling = agents
    while len(rolling) > 1:
        rolls = [(ctx.roll(f"Initiative: {h.name} rolls", h.id), h) for h in rolling]
        g.emit(EventKind.INITIATIVE, "game", "Initiative: " + ", ".join(f"{h.name} rolls {r}" for r, h in rolls),
               dice=tuple(r for r, _ in rolls))
        top = max(r for r, _ in rolls)
        rolling = [h for r, h in rolls if r == top]
    winner = rolling[0]
    options = [Choice(h.id, f"{h.name} goes first") for h in [winner] + [a for a in agents if a is not winner]]
    pick = ctx.choose(Side.AGENT, f"Initiative: {winner.name}'s player chooses who takes their move first", options,
                      winner.id, Topic.INITIATIVE)
    first = g.hero(pick.key)
    g.emit(EventKind.INITIATIVE, first.id, f"{first.name} takes their move first")
    return [first.id] + [a.id for a in agents if a is not first]


def place_roamer(g: Game, ctx: Context, h: Hero) -> None:
    """One zombie placed by ``h``'s player on an eligible square: active, free, in no agent's sight."""
    m = g.mission
    cls = roamer_class(g)
    agents = g.board_heroes()
    squares = [sq for sq in m.route_from(h.sq, g.active) if sq not in g.at and m.standable[sq]
               and g.is_active(sq) and not any(g.hero_sees(o.sq, sq) for o in agents)]
    if not squares:
        g.emit(EventKind.ROAMER, "game", f"Roamer: no active square is out of the agents' sight; {h.name}'s player "
               "places none")
        return
    if g.pool.get(cls, 0) <= 0:
        g.emit(EventKind.MINIATURES, "game", "Roamer: no miniature is left to place")
        return
    pick = ctx.choose(Side.AGENT, f"Roamer: {h.name}'s player chooses a square",
                      [Choice(sq, g.show(sq)) for sq in sorted(squares)], h.id, Topic.PLACE)
    sq = pick.key
    near = min(agents, key=lambda o: m.route_from(o.sq, g.active).get(sq, UNREACHABLE), default=None)
    z = g.new_infected(cls, sq, face(g, sq, near.sq, "N") if near else "N")
    g.emit(EventKind.ROAMER, z.tag, f"Roamer: {h.name}'s player places {g.label(z)} at {g.show(sq)}", sq)
    notice(g, z)


def enter_board(g: Game, ctx: Context, h: Hero) -> None:
    """A waiting agent enters the board on a free start point of their role (else any free start point)."""
    m = g.mission
    starts = [m.square(s.at) for s in m.compiled.starts]
    own = [sq for s, sq in zip(m.compiled.starts, starts) if s.role == g.roles.get(h.id)]
    free = [sq for sq in own + starts if sq not in g.at]
    if not free:
        g.emit(EventKind.ENTER, h.id, f"{h.name} cannot enter: every start point is occupied")
        return
    h.status = HeroStatus.BOARD
    g.place(h, free[0])
    g.emit(EventKind.ENTER, h.id, f"{h.name} enters the board at {g.show(free[0])}", free[0])
    base = m.hero_cards[h.qid].ap
    h.ap_turn = g.ruleset.ap(h, base)
    h.ap, h.done = h.ap_turn, False


def setup_versus(g: Game) -> None:
    """Sides, extras and waiting roles: each agent plays a role (the mission's roles in order, or the
    setup's), takes the five Agent Z extras, and an agent whose role enters by event waits off the board."""
    m, c = g.mission, g.mission.compiled
    roles = {hero: role for role, hero in g.setup.sides} or {
        h.id: r.id for h, r in zip(g.heroes, c.roles)}
    g.roles = roles
    g.hands = hands(g)
    if not g.setup.positions:
        _to_own_starts(g)
    bare = {r.id for r in c.roles if not r.hero_equipment}
    for h in g.heroes:
        if roles.get(h.id) in bare and not g.setup.equipment:  # "not given the equipment detailed on their hero card"
            h.cards, h.active = [], []
        have = {card.eq for card in h.cards}
        for ref in EXTRAS:
            eq = m.lookup(m.equipment, ref)
            if eq is not None and eq.id not in have and not g.setup.equipment:
                h.cards.append(g.new_card(eq.id))
    entering = {e.enter for e in c.events if e.enter}
    for h in g.heroes:
        if h.id in entering or roles.get(h.id) in entering:
            g.lift(h)
            h.status = HeroStatus.WAITING


def _to_own_starts(g: Game) -> None:
    """Each agent begins at a start point of their role ("the other player begins the game at the other
    start point"): an agent placed on another role's start moves to a free one of their own."""
    m = g.mission
    for h in g.heroes:
        own = [m.square(s.at) for s in m.compiled.starts if s.role is not None and s.role == g.roles.get(h.id)]
        if own and h.sq not in own:
            free = [sq for sq in own if sq not in g.at]
            if free:
                g.place(h, free[0])
