"""Director cards: the deck, the hands dealt from it, the windows they are played in, and their effects.

A card is data: the rules data names its effect (``effect = "miss"``), a few
named primitives the engine plays, and the window of the turn it may be played
in. So a pack adds its own card without code. The rules around them (Z War One,
director games):

- the deck is shuffled and dealt face down: 12 cards in a director game, 6 in
  the Director's Cut, else the mission's count (``director_cards``);
- "The director may play 1 director card per turn";
- a hero may play a loot card "at the beginning of the hero move": "The
  director may not play any director cards until the following turn";
- Direct Control puts a unit under the director's control for the rest of
  the game (its moves are ``control``'s).

Each window asks the holder (a ``Side.DIRECTOR`` decision) whether to play one
of the cards it holds for that window; "play no card" is always the first
option, so a director that takes first options plays none. The hand is hidden
from the heroes: events say that a card was dealt, never which.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ..model.rules import EFFECT_WINDOWS, CardEffect, CardWindow
from .chance import Choice, Context
from .state import Game, short
from .vocab import EventKind, HeroStatus, Side, Topic

DIRECTOR = "director"  # the holder of a director game's hand
PASS = "pass"
KEEP = "keep"

#: how each window reads in a question
WINDOW_TEXT: Final = {CardWindow.INFECTED_MOVE: "the infected move begins", CardWindow.SPAWN: "the spawn phase begins",
               CardWindow.BALLISTIC_ATTACK: "a hero makes a ballistic attack",
               CardWindow.ROOM_SPAWN: "a room spawn is rolled"}


class Played(NamedTuple):
    """A card just played: what it does and how much."""

    card: str  # pack/id
    effect: CardEffect
    amount: int


class Hands:
    """The director deck of one game, the hands dealt from it, and the card effects in force."""

    __slots__ = ("blocked", "charge", "controlled", "count", "dealt", "deck", "held", "played")

    def __init__(self, deck: dict[str, int], count: dict[str, int]) -> None:
        self.deck = deck  # card id (pack/id) -> copies not dealt
        self.count = count  # holder -> cards to deal it
        self.held: dict[str, list[str]] = {holder: [] for holder in count}  # face down
        self.dealt = False
        self.played: dict[str, int] = {}  # holder -> the turn it last played a card
        self.blocked = 0  # the turn a loot card stopped the cards in
        self.controlled: dict[int, str] = {}  # infected id -> the holder controlling it (Direct Control)
        self.charge = 0  # the turn every infected unit charges in (charge-all)

    def copy(self) -> Hands:
        h = Hands(dict(self.deck), dict(self.count))
        h.held = {k: list(v) for k, v in self.held.items()}
        h.dealt, h.played, h.blocked = self.dealt, dict(self.played), self.blocked
        h.controlled, h.charge = dict(self.controlled), self.charge
        return h


def new_hands(g: Game) -> Hands | None:
    """The game's director deck and who is dealt how many, or None when nobody holds director cards."""
    dealt = g.ruleset.cards_dealt
    if not dealt:
        return None
    given = g.mission.compiled.mission.director_cards
    return hands_for(g, {DIRECTOR: given.count if given is not None and given.dealt_to == DIRECTOR else dealt})


def hands_for(g: Game, count: dict[str, int]) -> Hands:
    """The director deck of the game's own cards, to deal ``count[holder]`` cards to each holder (a game
    whose players each hold cards, as Agent Z's agents do, names them all)."""
    game = g.mission.compiled.mission.game
    return Hands({card.id: card.copies for card in g.mission.compiled.rules.director_cards if game in card.games},
                 count)


def card(g: Game, card_id: str) -> Any:
    """The rules entry of a director card."""
    return next(c for c in g.mission.compiled.rules.director_cards if c.id == card_id)


def window_of(entry: Any) -> CardWindow | None:
    """When a card is played: its own window, else its effect's first; None for a card with no effect."""
    if entry.effect is None:
        return None
    return entry.window or EFFECT_WINDOWS[entry.effect][0]


def deal(g: Game, ctx: Context) -> None:
    """Shuffle the deck and deal each holder its cards face down (a draw per card)."""
    hands = g.hands
    if hands is None or hands.dealt:
        return
    hands.dealt = True
    for holder, count in hands.count.items():
        for _ in range(count):
            if not any(hands.deck.values()):
                break
            drawn = ctx.draw(f"Deal a director card to {holder_name(g, holder)}", hands.deck)
            hands.deck[drawn] -= 1
            hands.held[holder].append(drawn)
        got = len(hands.held[holder])
        short_of = f" (the deck held only {got})" if got < count else ""
        g.emit(EventKind.CARDS, holder, f"{holder_name(g, holder).capitalize()} is dealt {got} director cards face "
               f"down{short_of}")


def holder_name(g: Game, holder: str) -> str:
    """How the log names a holder: "the director", or the agent's name (Agent Z's players hold cards)."""
    return next((h.name for h in g.heroes if h.id == holder), f"the {holder}")


def can_play(g: Game, holder: str = DIRECTOR) -> bool:
    """Whether ``holder`` may play a card now: it holds one, has played none this turn, and no loot card
    has stopped the cards this turn."""
    hands = g.hands
    return (hands is not None and bool(hands.held.get(holder)) and hands.played.get(holder) != g.turn
            and hands.blocked != g.turn)


def window(g: Game, ctx: Context, when: CardWindow, holder: str = DIRECTOR, side: Side = Side.DIRECTOR,
           by: str | None = None) -> Played | None:
    """Offer ``holder`` (who answers as ``side``) the cards it holds for window ``when``; the card played, its
    general effects applied (the caller plays what depends on the moment: a miss, a room spawn bonus).
    ``by``: the hero whose attack or door opened the window (Agent Z: not offered their own window)."""
    if g.hands is not None and holder == DIRECTOR and DIRECTOR not in g.hands.held:
        return _each_player(g, ctx, when, by)
    if not can_play(g, holder):
        return None
    hands = g.hands
    assert hands is not None
    playable = sorted({c for c in hands.held[holder] if window_of(card(g, c)) == when and _useful(g, c)})
    if not playable:
        return None
    options = [Choice(PASS, "play no card")] + [Choice(c, f"play {card(g, c).name}") for c in playable]
    pick = ctx.choose(side, f"Director card: {WINDOW_TEXT[when]}: play a card?", options, holder, Topic.CARD)
    if pick.key == PASS:
        return None
    entry = card(g, pick.key)
    hands.held[holder].remove(pick.key)
    hands.played[holder] = g.turn
    g.count(f"cards:{short(pick.key)}")
    g.emit(EventKind.CARD, holder, f"{holder_name(g, holder).capitalize()} plays {entry.name}",
           result=short(pick.key))
    played = Played(pick.key, entry.effect, entry.amount)
    if played.effect == CardEffect.CHARGE_ALL:
        hands.charge = g.turn
        g.emit(EventKind.CARD, holder, "Every infected unit moves at its charge speed this turn")
    elif played.effect == CardEffect.EXTRA_SPAWN_ROLL:  # played as the spawn phase begins: its rolls are counted
        g.spawn_left += played.amount
        g.emit(EventKind.CARD, holder, f"{_rolls(played.amount)} this spawn phase")
    elif played.effect == CardEffect.DIRECT_CONTROL:
        take_control(g, ctx, holder, side)
    return played


def _each_player(g: Game, ctx: Context, when: CardWindow, by: str | None) -> Played | None:
    """Agent Z: "Agents may play director cards in the same manner as a director". Each agent holding cards
    is offered the window in turn, all but ``by``; a window of one moment (``by`` given) ends at the first card."""
    assert g.hands is not None
    first = None
    for holder in list(g.hands.held):
        if holder == by:
            continue
        played = window(g, ctx, when, holder, Side.AGENT)
        first = first or played
        if played is not None and by is not None:
            break
    return first


def _rolls(n: int) -> str:
    return "1 more turn spawn roll" if n == 1 else f"{n} more turn spawn rolls"


def _useful(g: Game, card_id: str) -> bool:
    """Whether playing a card could do anything: Direct Control needs a unit to take over."""
    if card(g, card_id).effect == CardEffect.DIRECT_CONTROL:
        return bool(_controllable(g))
    return True


def _controllable(g: Game) -> list[Any]:
    hands = g.hands
    taken = hands.controlled if hands is not None else {}
    return [z for z in sorted(g.board_infected(), key=lambda z: z.id) if z.id not in taken]


def take_control(g: Game, ctx: Context, holder: str, side: Side = Side.DIRECTOR) -> None:
    """Direct Control: the holder picks a unit on the board; a token goes under it for the rest of the game."""
    hands = g.hands
    assert hands is not None
    units = _controllable(g)
    pick = ctx.choose(side, "Direct Control: which unit", [Choice(z.id, f"{z.tag} at {g.show(z.sq)}") for z in units],
                      holder, Topic.CONTROL)
    hands.controlled[pick.key] = holder
    z = g.infected[pick.key]
    g.emit(EventKind.CARD, holder, f"A direct control token goes under {g.label(z)} ({g.show(z.sq)})", z.sq)


def charging(g: Game) -> bool:
    """Whether a card made every infected unit charge this turn."""
    return g.hands is not None and g.hands.charge == g.turn


def controlled(g: Game, zid: int) -> bool:
    return g.hands is not None and zid in g.hands.controlled


# --- loot cards stop the director's cards ----------------------------------------------------


def loot_window(g: Game, ctx: Context) -> None:
    """At the beginning of the hero move a hero may discard a loot card: the director plays no card
    until the following turn (director games only: in a campaign game loot is XP)."""
    hands = g.hands
    if hands is None or not g.ruleset.loot_stops_cards or not any(hands.held.values()):
        return
    offers = [(h, c) for h in g.heroes if h.status == HeroStatus.BOARD for c in sorted(set(h.loot))]
    if not offers:
        return
    options = [Choice(KEEP, "play no loot card")] + [
        Choice(f"{h.id}:{c}", f"{h.id} plays {g.mission.search_cards[c].name}") for h, c in offers]
    pick = ctx.choose(Side.HEROES, "Hero move: play a loot card to stop the director's cards this turn?", options,
                      topic=Topic.LOOT)
    if pick.key == KEEP:
        return
    hero_id, _, loot = pick.key.partition(":")
    h = g.hero(hero_id)
    h.loot.remove(loot)
    hands.blocked = g.turn
    g.count("loot played")
    g.emit(EventKind.CARD, h.id, f"{h.name} plays {g.mission.search_cards[loot].name}: the director may not play "
           "director cards until the following turn", h.sq)
