"""The Zone Wars game: the round and its cup, activations, the actions carried out, Zone cards, the end.

Seed lines (003): the round 111-113, drawing 121, activating 129-135,
overwatch 139-147, Zone tokens 153 and 450-456, ending the round 157-164,
the actions 182-234, finding and losing artifacts 426-442.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from ...model import zonewars as z
from ...tabletop import EPSILON, Band, Base, Position, format_inches, inches
from ..core import Choice, Context, Game, in_front
from ..core.figures import COMPASS, compass, facing_towards
from . import monsters
from .actions import Action, Verb, contact, legal, where
from .combat import attack, faces, push_away, wound
from .floors import building_at, fits, level, rise, sight_ignores
from .scenario import Scenario, specials
from .state import MONSTER, ZONE, Item, Kind, Model, Status


class ZoneWarsGame(Game):
    shared = ("scenario",)

    def __init__(self, scenario: Scenario) -> None:
        super().__init__()
        self.scenario = scenario
        self.cup: dict[str, int] = {}
        self.m_points = {s.id: scenario.rules.start_m_points for s in scenario.sides}
        self.drawn = False  # a side's token has been drawn this round
        self.after_zone = False  # the last token drawn was a Zone token
        self.order: list[str] = []  # models activated this round, in order
        self.tokens: dict[int, tuple[Position, str | None]] = {t.number: (t.position, None) for t in scenario.tokens}
        self.token_floor: dict[int, int] = {t.number: t.floor for t in scenario.tokens if t.floor}
        self.dropped: dict[int, Item] = {}  # the card under a token dropped in play, as it was carried
        self.artifact_deck = {a: 1 for a in scenario.artifacts}
        self.zone_deck: dict[str, int] = {}
        for card in scenario.deck:
            self.zone_deck[card] = self.zone_deck.get(card, 0) + 1
        self.sight: Fraction | None = None  # a Zone card's limit, this round
        # with trigger cards, this round's deck (seed 470): the triggers not drawn yet, and how many of its random
        # Zone cards are left (they are dealt from the Zone deck as they are drawn, which is the same chance)
        self.round_triggers: tuple[str, ...] = ()
        self.round_cards = 0
        self.carried_off: dict[str, list[Item]] = {s.id: [] for s in scenario.sides}
        self.searched: set[int] = set()  # containers searched (seed 226)
        self.opened: frozenset[int] = frozenset()  # doors opened (seed 226); the others block as their walls do
        self.lairs: dict[str, monsters.Lair] = {}  # the card each monster on the table came with, by its id
        self.reflexed: set[str] = set()  # models that used a reflex mutation in this activation (seed 410)

    # --- reading the game -------------------------------------------------------------------

    @property
    def board(self):
        """The table as it stands: the scenario's board with the doors not yet opened shut."""
        return self.scenario.board_for(self.opened)

    def models(self) -> list[Model]:
        return self.figures  # type: ignore[return-value]

    def model(self, mid: str) -> Model:
        return self.figure(mid)  # type: ignore[return-value]

    def card(self, cid: str) -> z.Gear | None:
        return self.scenario.cards.get(cid)

    def card_name(self, cid: str) -> str:
        card = self.card(cid)
        return card.name if card is not None else cid

    def side_name(self, sid: str) -> str:
        return "the Zone's monsters" if sid == MONSTER else self.scenario.side(sid).name

    def enemies_of(self, m: Model) -> list[Model]:
        return [f for f in self.models() if f.side != m.side and f.on_table and f.in_play]

    def ground_enemies(self, m: Model) -> list[Model]:
        """The enemies in the way of a walk on the ground."""
        return [e for e in self.enemies_of(m) if e.floor == 0]

    def sight_blockers(self, a: Model, b: Model) -> list[Model]:
        """Models that may stand in the way of a line of sight: Broken models block nothing (seed 268). By id: a
        model judged from where a step would take it (a copy) is not in its own way. Whether one is in the
        way is judged floor by floor (``fire``)."""
        return [f for f in self.models() if f.id not in (a.id, b.id) and f.on_table and f.ready]

    def fire(self, a: Model, b: Model):
        """The line of fire from ``a`` to ``b``, judged floor by floor (floors.py): between the heights of the
        floors they stand on, the Building either stands on hiding nothing from the other."""
        return self.board.fire(a, b, self.sight_blockers(a, b), sight_ignores(self, a, b), level=lambda f: level(self, f),
                               stature=float(self.scenario.rules.model_height))

    def usable(self, m: Model, use: str) -> list[str]:
        return [i.card for i in m.items if not i.busted and (c := self.card(i.card)) is not None and c.use == use]

    def melee_weapons(self, m: Model) -> list[Item | None]:
        """A melee weapon, a ranged weapon without Aimed Fire (seed 254), or bare hands (improvised, seed 294)."""
        out: list[Item | None] = []
        for item in m.items:
            card = self.card(item.card)
            if card is None or item.busted:
                continue
            if card.use == "melee" or (card.use == "ranged" and "aimed fire" not in specials(card)):
                out.append(item)
        return out + [None]

    def ranged_weapons(self, m: Model, aimed: bool) -> list[Item | None]:
        """Aimed Fire weapons for Aimed Fire only (seed 99); otherwise the others and an improvised throw."""
        out: list[Item | None] = []
        for item in m.items:
            card = self.card(item.card)
            if card is None or item.busted or card.use != "ranged":
                continue
            if ("aimed fire" in specials(card)) == aimed:
                out.append(item)
        return out if aimed else out + [None]

    def reach_of(self, item: Item | None) -> Fraction | None:
        """How far a ranged weapon reaches; None: unlimited (seed 95). An improvised throw: Medium (seed 294)."""
        if item is None:
            return Band.parse(self.scenario.rules.improvised_range).inches
        card = self.card(item.card)
        if card is None or card.range is None or card.range == "unlimited":
            return None
        return Band.parse(card.range).inches

    def can_shoot(self, a: Model, t: Model, item: Item | None, at: Position | None = None) -> bool:
        board = self.board
        shooter = a if at is None else _moved(a, at)
        if contact(shooter.position, shooter.base, t.position, t.base):
            return False
        limit = self.reach_of(item)
        if self.sight is not None:
            limit = self.sight if limit is None else min(limit, self.sight)
        if limit is not None and not board.within(shooter, t, limit):
            return False
        return self.fire(shooter, t).sight.name != "BLOCKED"

    def ranged_targets(self, m: Model, aimed: bool, at: Position | None = None) -> list[tuple[Model, Item | None]]:
        return [(t, w) for t in self.enemies_of(m) for w in self.ranged_weapons(m, aimed) if self.can_shoot(m, t, w, at)]

    def melee_targets(self, m: Model) -> list[Model]:
        return [t for t in self.enemies_of(m) if t.floor == m.floor and contact(m.position, m.base, t.position, t.base)]

    # --- the round -----------------------------------------------------------------------------

    def step(self, ctx: Context) -> None:
        if not self.cup:  # before the first round (of the game, or of a scenario set mid-game)
            self._start_round()
            return
        if not any(n for s, n in self.cup.items() if s != ZONE):
            self._end_round(ctx)
            return
        token = ctx.draw("Draw a token from the cup", self.cup, "cup")
        if token == ZONE:
            if not self.drawn or self.after_zone:
                why = "first in the round" if not self.drawn else "right after another"
                self.emit(Kind.CUP, "game", f"A Zone token drawn {why} goes back into the cup")
                return
            self.cup[ZONE] -= 1
            self.after_zone = True
            monsters.act_all(self, ctx)
            self._zone_card(ctx)
            return
        self.cup[token] -= 1
        self.drawn, self.after_zone = True, False
        waiting = [m for m in self.models() if m.side == token and m.in_play and not m.activated and not m.held_over]
        self.emit(Kind.CUP, token, f"Token drawn: {self.side_name(token)}")
        if not waiting:
            return
        chosen = ctx.choose(token, f"{self.side_name(token)}: which model activates?",
                            [Choice(m.id, m.id) for m in waiting], None, "activate")
        self.activate(ctx, self.model(chosen.key))

    def _start_round(self) -> None:
        self.round += 1
        self.emit(Kind.ROUND, "game", f"Round {self.round}")
        self.cup = {s.id: sum(1 for m in self.models() if m.side == s.id and m.in_play and not m.held_over
                               and not m.activated)
                    for s in self.scenario.sides}
        self.cup[ZONE] = self.scenario.zone_tokens if self.scenario.deck else 0
        self.drawn = self.after_zone = False
        self.order = []
        if self.scenario.triggers:
            self.round_triggers, self.round_cards = self.scenario.triggers, len(self.scenario.sides)

    def _end_round(self, ctx: Context) -> None:
        self.emit(Kind.ROUND, "game", f"End of round {self.round}")
        sides = {m.side for m in self.models() if m.on_table and m.in_play and m.side != MONSTER}
        if self.round >= self.scenario.rounds or len(sides) <= 1:
            self._finish("the round limit" if self.round >= self.scenario.rounds else "one side is left on the table")
            return
        for m in self.models():
            m.activated = False
            m.held_over = False
            if m.overwatch and m.in_play:
                keep = ctx.choose(m.side, f"{m.name}: keep overwatch into the next round?",
                                  (Choice(True, "keep overwatch"), Choice(False, "give up overwatch")), m.id, "keep")
                if keep.key:
                    m.held_over = True
                    self.emit(Kind.OVERWATCH, m.id, f"{m.name} keeps overwatch into round {self.round + 1}")
                else:
                    m.overwatch = False
                    self.emit(Kind.OVERWATCH, m.id, f"{m.name} gives up overwatch")
        self.sight = None
        self._start_round()

    # --- activating a model -----------------------------------------------------------------------

    def activate(self, ctx: Context, m: Model) -> None:
        m.activated, m.mutated = True, False
        self.reflexed = set()
        self.order.append(m.id)
        self.emit(Kind.ACTIVATE, m.id, f"{m.name} activates", m.at)
        self.act(ctx, m)

    def act(self, ctx: Context, m: Model) -> None:
        action = ctx.choose(m.side, f"{m.name}'s action", legal(self, m), m.id, "action")
        m.stuck = False
        self.carry_out(ctx, m, action)

    def carry_out(self, ctx: Context, m: Model, action: Action) -> None:
        verb = action.verb
        if verb is Verb.RECOVER:
            self._recover(ctx, m)
            return
        if verb is Verb.CHARGE:
            target = self.model(action.target or "")
            if not self._move(ctx, m, action.to, "charges", face=target.position):
                return
            if self.overwatch_fire(ctx, m) and m.ready and target.in_play:
                weapon = self._pick_melee(ctx, m)
                attack(self, ctx, m, target, weapon, True, bonus=self.scenario.rules.charge_bonus, label="charges")
                self._counter(ctx, m, target)
            return
        if verb is Verb.LEAVE:
            self._leave(ctx, m, action.target or "north")
            return
        if verb is Verb.FLY:
            self._fly(ctx, m, action)
            return
        if verb is Verb.MUTATE:
            self._mutate(m, action)
            return
        if action.to is not None and ((action.to[0], action.to[1]) != (m.position.x, m.position.y)
                                      or action.floor != m.floor):
            word = {Verb.SPRINT: "sprints", Verb.AIMED: "steps"}.get(verb, "moves")
            if not self._move(ctx, m, action.to, word, keep_facing=verb is Verb.SPRINT, floor=action.floor):
                return
        if not self.overwatch_fire(ctx, m) or not m.ready:
            return
        if verb is Verb.MOVE:
            self._attack_after_move(ctx, m)
        elif verb is Verb.AIMED:
            self._aimed(ctx, m)
        elif verb is Verb.OVERWATCH:
            facing = ctx.choose(m.side, f"{m.name}: face which way on overwatch?",
                                [Choice(d, f"face {n}") for n, d in COMPASS.items()], m.id, "facing")
            m.facing, m.overwatch = Fraction(facing.key), True
            self.emit(Kind.OVERWATCH, m.id, f"{m.name} goes on overwatch facing {compass(m.facing)}", m.at)
        elif verb is Verb.PICK_UP:
            for number in (int(n) for n in (action.target or "").split("+")):
                self._pick_up(ctx, m, number)
        elif verb is Verb.TAKE:
            taken, _, every = (action.target or "").partition(":")
            self._take(ctx, m, self.model(taken), every == "all")
        elif verb is Verb.ASSIST:
            self._assist(ctx, m, self.model(action.target or ""))
        elif verb is Verb.GIVE:
            card, _, friend = (action.target or "").partition(">")
            self._give(m, card, self.model(friend))
        elif verb is Verb.REPAIR:
            item = next(i for i in m.items if i.card == action.target and not i.busted)
            printed = self.card(item.card)
            item.bonus = min(printed.bonus if printed is not None else item.bonus,
                             item.bonus + self.scenario.rules.repair_steps)
            self.emit(Kind.ARTIFACT, m.id, f"{m.name} repairs the {self.card_name(item.card)} ({item.bonus} Bonus)", m.at)
        elif verb is Verb.USE:
            card, _, friend = (action.target or "").partition(">")
            self._use(ctx, m, card, self.model(friend))
        elif verb is Verb.SEARCH:
            self._search(ctx, m, int(action.target or 0))
        elif verb is Verb.OPEN:
            self.opened = self.opened | {int(action.target or 0)}
            self.emit(Kind.MOVE, m.id, f"{m.name} opens door {action.target}", m.at)
        elif verb is Verb.DROP:
            item = next(i for i in m.items if i.card == action.target)
            m.items.remove(item)
            self.drop(item, m.position, m.floor, by=m)

    def _fly(self, ctx: Context, m: Model, action: Action) -> None:
        """An action mutation's flight: its m-points spent first (seed 202), a move no enemy strikes as it leaves
        (forced or mutation movement triggers no free attack, seed 258)."""
        mid, _, points = (action.target or "").partition(":")
        spent = int(points)
        self.m_points[m.side] -= spent
        m.mutated = True
        assert action.to is not None
        to = Position(*action.to)
        flown = math.sqrt(float(m.position.squared_distance(to)) + (rise(self) * (action.floor - m.floor)) ** 2)
        m.facing = facing_towards(m.position, to)
        m.position, m.floor = to, action.floor
        place = where(to) + (f" on floor {m.floor}" if m.floor else "")
        self.emit(Kind.MOVE, m.id, f"{m.name} uses {self.scenario.mutations[mid].name} with {spent} m-point"
                  f"{'s' if spent > 1 else ''} and flies to {place} ({format_inches(flown)})", m.at)
        self.overwatch_fire(ctx, m)

    def _mutate(self, m: Model, action: Action) -> None:
        """An action mutation that heals: its m-points spent (seed 202), damage tokens off the model itself."""
        mid, _, points = (action.target or "").partition(":")
        spent = int(points)
        mutation = self.scenario.mutations[mid]
        healed = min(m.damage, spent * (mutation.effect.heal if mutation.effect is not None else 0))
        self.m_points[m.side] -= spent
        m.mutated = True
        m.damage -= healed
        self.emit(Kind.RECOVER, m.id, f"{m.name} uses {mutation.name} with {spent} m-point{'s' if spent > 1 else ''}: "
                  f"{healed} damage token{'s' if healed != 1 else ''} removed ({m.damage} of {m.health})", m.at)

    def _use(self, ctx: Context, m: Model, card: str, friend: Model) -> None:
        """An `other` card used (seed 226): m-points for the player, a friend healed or, Broken, revived; a
        single-use card then leaves the game (seed 420), whatever the revival's roll."""
        item = next(i for i in m.items if i.card == card and not i.busted)
        printed = self.card(card)
        effect = printed.effect if printed is not None and printed.effect is not None else z.GearEffect()
        name = self.card_name(card)
        if friend is m:
            self.m_points[m.side] += effect.m_points
            self.emit(Kind.ARTIFACT, m.id, f"{m.name} uses the {name}: {self.side_name(m.side)} gains "
                      f"{effect.m_points} m-point{'s' if effect.m_points > 1 else ''} ({self.m_points[m.side]})", m.at)
        elif friend.ready:
            friend.damage = 0
            self.emit(Kind.RECOVER, m.id, f"{m.name} uses the {name} on {friend.name}: every damage token removed",
                      m.at)
        else:
            self.emit(Kind.RECOVER, m.id, f"{m.name} uses the {name} on {friend.name}, who is Broken", m.at)
        if printed is not None and printed.single_use:
            m.items.remove(item)
            self.emit(Kind.ARTIFACT, m.id, f"The {printed.name} is used up")
        if friend is not m and not friend.ready:
            rolled = [ctx.roll(f"{friend.name}'s Survival die", self.scenario.base_die, friend.id)
                      for _ in range(max(1, friend.survival))]
            self.emit(Kind.ROLL, friend.id, f"{friend.name} rolls Survival to be revived: {faces(rolled)}",
                      dice=tuple(rolled))
            if "success" not in rolled:
                self.emit(Kind.RECOVER, friend.id, f"{friend.name} stays down", result="down")
                return
            self._stand_now(ctx, friend)

    def _give(self, m: Model, card: str, friend: Model) -> None:
        """A Simple Operation gives an item to a character in base contact (seed 226)."""
        item = next(i for i in m.items if i.card == card)
        m.items.remove(item)
        friend.items.append(item)
        self.emit(Kind.ARTIFACT, m.id, f"{m.name} gives the {self.card_name(card)} to {friend.name}", m.at)

    def _move(self, ctx: Context, m: Model, to, word: str, keep_facing: bool = False,
              face: Position | None = None, floor: int | None = None) -> bool:
        """Move ``m`` (after the free attacks of the enemies it leaves, seed 258); False if that Broke it."""
        destination = Position(*to)
        floor = m.floor if floor is None else floor
        for e in self.enemies_of(m):
            if e.ready and e.side != MONSTER and e.floor == m.floor and contact(m.position, m.base, e.position, e.base) and \
                    in_front(e, m.position) and not (floor == e.floor and contact(destination, m.base, e.position,
                                                                                     e.base)):
                strike = ctx.choose(e.side, f"{e.name}: strike {m.name}, who moves away?",
                                    (Choice(True, "strike"), Choice(False, "let go")), e.id, "disengage")
                if strike.key:
                    attack(self, ctx, e, m, self._best_melee(e), True, push=False, label="strikes as it disengages,")
                    if not m.ready:
                        return False
        level = floor == m.floor == 0 and word in ("moves", "sprints")  # a walk on the ground may turn (seed 184)
        across = self.board.walk(m, destination, self.ground_enemies(m), float(Band.LONG.inches) + EPSILON) \
            if level else None
        walked = (m.position.distance(destination) if across is None else across) + rise(self) * abs(floor - m.floor)
        if not keep_facing and destination != m.position:
            m.facing = facing_towards(m.position, face if face is not None else destination)
        climbed = floor != m.floor
        m.position, m.floor = destination, floor
        where_to = where(destination) + ((" on the ground" if floor == 0 else f" on floor {floor}") if climbed else "")
        word = ("climbs" if floor > 0 else "climbs down") if climbed else word
        self.emit(Kind.MOVE, m.id, f"{m.name} {word} to {where_to} ({format_inches(walked)})", m.at)
        return True

    def attack_options(self, m: Model) -> list[Choice]:
        """What ``m`` may do after its move: attack an enemy in melee or at range with one of its weapons (the
        key: kind, target, the weapon's index in ``melee_weapons`` or ``ranged_weapons``), or face a way."""
        options = [Choice(("melee", t.id, i), f"attack {t.id} with {self._weapon_id(w)}")
                   for t in self.melee_targets(m) for i, w in enumerate(self.melee_weapons(m))]
        weapons = self.ranged_weapons(m, aimed=False)
        options += [Choice(("ranged", t.id, weapons.index(w)), f"shoot {t.id} with {self._weapon_id(w)}")
                    for t, w in self.ranged_targets(m, aimed=False)]
        return options + [Choice(("face", d, 0), f"face {n}") for n, d in COMPASS.items()]

    def _attack_after_move(self, ctx: Context, m: Model) -> None:
        options = self.attack_options(m)
        weapons = self.ranged_weapons(m, aimed=False)
        chosen = ctx.choose(m.side, f"{m.name}: attack, or face which way?", options, m.id, "attack").key
        kind, ref, index = chosen
        if kind == "face":
            m.facing = Fraction(ref)
            return
        target = self.model(ref)
        m.facing = facing_towards(m.position, target.position)
        if kind == "melee":
            attack(self, ctx, m, target, self.melee_weapons(m)[index], True)
            self._counter(ctx, m, target)
        else:
            attack(self, ctx, m, target, weapons[index], False)

    def _aimed(self, ctx: Context, m: Model) -> None:
        weapons = self.ranged_weapons(m, aimed=True)
        options = [Choice((t.id, weapons.index(w)), f"shoot {t.id} with {self._weapon_id(w)}")
                   for t, w in self.ranged_targets(m, aimed=True)]
        if not options:
            self.emit(Kind.ATTACK, m.id, f"{m.name} has no target for Aimed Fire")
            return
        tid, index = ctx.choose(m.side, f"{m.name}: Aimed Fire at?", options, m.id, "target").key
        target = self.model(tid)
        m.facing = facing_towards(m.position, target.position)
        attack(self, ctx, m, target, weapons[index], False, label="takes Aimed Fire at")

    def _weapon_id(self, item: Item | None) -> str:
        return "improvised" if item is None else item.card

    def _best_melee(self, m: Model) -> Item | None:
        return max(self.melee_weapons(m), key=lambda w: -1 if w is None else w.bonus)

    def _pick_melee(self, ctx: Context, m: Model) -> Item | None:
        weapons = self.melee_weapons(m)
        chosen = ctx.choose(m.side, f"{m.name}: strike with?",
                            [Choice(i, self._weapon_id(w)) for i, w in enumerate(weapons)], m.id, "weapon")
        return weapons[chosen.key]

    def _counter(self, ctx: Context, a: Model, t: Model) -> None:
        """A model attacked in melee in its front arc that is not Broken may strike back, unpushed (seed 256)."""
        if not t.ready or not a.in_play or not in_front(t, a.position) or t.side == MONSTER:
            return
        weapons = self.melee_weapons(t)
        options = [Choice(i, f"counterattack with {self._weapon_id(w)}") for i, w in enumerate(weapons)]
        chosen = ctx.choose(t.side, f"{t.name}: counterattack {a.name}?",
                            options + [Choice(None, "no counterattack")], t.id, "counterattack").key
        if chosen is not None:
            attack(self, ctx, t, a, weapons[chosen], True, push=False, label="counterattacks")

    def overwatch_fire(self, ctx: Context, m: Model) -> bool:
        """Enemies on overwatch with ``m`` in their front arc and sight may fire first (seed 310-312); whether
        ``m`` is still able to go on with its action."""
        for o in self.enemies_of(m):
            if not (o.overwatch and o.ready and in_front(o, m.position)):
                continue
            shots = [w for w in self.ranged_weapons(o, True) + self.ranged_weapons(o, False) if self.can_shoot(o, m, w)]
            if not shots:
                continue
            options = [Choice(i, f"fire at {m.id} with {self._weapon_id(w)}") for i, w in enumerate(shots)]
            chosen = ctx.choose(o.side, f"{o.name} is on overwatch: fire at {m.name}?",
                                options + [Choice(None, "hold fire")], o.id, "overwatch").key
            if chosen is None:
                continue
            o.overwatch, o.held_over, o.activated = False, False, True
            if o.position != m.position:
                o.facing = facing_towards(o.position, m.position)
            attack(self, ctx, o, m, shots[chosen], False, push=False, label="fires on overwatch at")
            if not m.ready:
                return False
        return True

    # --- the other actions -------------------------------------------------------------------------

    def _recover(self, ctx: Context, m: Model) -> None:
        """Broken: a Survival roll, never pushed; a failure stays down and succeeds next time (seed 206-212)."""
        self.overwatch_fire(ctx, m)
        if not m.in_play:
            return
        if m.recover_rolled:
            self.emit(Kind.RECOVER, m.id, f"{m.name} recovers without a roll (the roll failed last time)")
        else:
            rolled = [ctx.roll(f"{m.name}'s Survival die", self.scenario.base_die, m.id) for _ in range(max(1, m.survival))]
            ok = "success" in rolled
            self.emit(Kind.ROLL, m.id, f"{m.name} rolls Survival to recover: {faces(rolled)}", dice=tuple(rolled))
            if not ok:
                m.recover_rolled = True
                self.emit(Kind.RECOVER, m.id, f"{m.name} stays down this round", result="down")
                return
        self._stand(ctx, m)

    def _stand(self, ctx: Context, m: Model) -> None:
        m.status, m.damage, m.bloodied, m.recover_rolled = Status.READY, 0, True, False
        self.emit(Kind.RECOVER, m.id, f"{m.name} stands up, Bloodied", m.at, result="bloodied")
        self.act(ctx, m)

    def _assist(self, ctx: Context, m: Model, friend: Model) -> None:
        """Survival dice of both models; a success stands the friend up, Bloodied, to act at once (seed 220-222)."""
        count = max(1, m.survival + friend.survival)
        rolled = [ctx.roll(f"{m.name}'s Survival die", self.scenario.base_die, m.id) for _ in range(count)]
        self.emit(Kind.ROLL, m.id, f"{m.name} helps {friend.name} up: {faces(rolled)}", dice=tuple(rolled))
        if "success" not in rolled:
            self.emit(Kind.RECOVER, friend.id, f"{friend.name} stays down", result="down")
            return
        self._stand_now(ctx, friend)

    def _stand_now(self, ctx: Context, friend: Model) -> None:
        """A friend stood up by another model acts at once: that is its activation for the round."""
        if not friend.activated:
            friend.activated = True
            if friend.id not in self.order:
                self.order.append(friend.id)
            self.cup[friend.side] = max(0, self.cup[friend.side] - 1)
        self._stand(ctx, friend)

    def _pick_up(self, ctx: Context, m: Model, number: int) -> None:
        """An artifact token picked up gives a random artifact card at once (seed 426-428)."""
        if number not in self.tokens:
            return
        _position, card = self.tokens.pop(number)
        self.token_floor.pop(number, None)
        kept = self.dropped.pop(number, None)
        if kept is not None:
            m.items.append(kept)
            self.emit(Kind.ARTIFACT, m.id, f"{m.name} picks up token {number}: the {self.card_name(kept.card)}", m.at,
                      result=kept.card)
            return
        if card is None:
            if not any(self.artifact_deck.values()):
                self.emit(Kind.ARTIFACT, m.id, f"{m.name} picks up token {number}: no artifact card is left")
                return
            card = ctx.draw("Draw an artifact card", self.artifact_deck, "artifact")
            self.artifact_deck[card] -= 1
        found = self.card(card)
        m.items.append(Item(card, True, found.bonus if found is not None else 0))
        self.emit(Kind.ARTIFACT, m.id, f"{m.name} picks up token {number}: the {self.card_name(card)}", m.at,
                  result=card)

    def _search(self, ctx: Context, m: Model, number: int) -> None:
        """A container searched gives the artifact cards the scenario says it holds, found this battle, and is
        empty afterwards."""
        self.searched.add(number)
        container = next(c for c in self.scenario.containers if c.number == number)
        found = []
        for _ in range(container.finds):
            if not any(self.artifact_deck.values()):
                break
            card = ctx.draw("Draw an artifact card", self.artifact_deck, "artifact")
            self.artifact_deck[card] -= 1
            printed = self.card(card)
            m.items.append(Item(card, True, printed.bonus if printed is not None else 0))
            found.append(self.card_name(card))
        self.emit(Kind.ARTIFACT, m.id, f"{m.name} searches container {number}: "
                  + (", ".join(f"the {n}" for n in found) if found else "nothing"), m.at)

    def _take(self, ctx: Context, m: Model, t: Model, every: bool = False) -> None:
        """A Simple Operation takes one artifact card from a Broken model in base contact, a Complex one all of
        them (seed 348, 434)."""
        cards = [i for i in t.items if i.card in self.scenario.artifacts]
        if not cards:
            return
        if every:
            for item in cards:
                t.items.remove(item)
                m.items.append(item)
            self.emit(Kind.ARTIFACT, m.id, f"{m.name} takes " + ", ".join(f"the {self.card_name(i.card)}" for i in cards)
                      + f" from {t.name}", m.at)
            return
        chosen = ctx.choose(m.side, f"{m.name}: take which artifact from {t.name}?",
                            [Choice(n, f"take the {self.card_name(i.card)}") for n, i in enumerate(cards)], m.id,
                            "take").key
        item = cards[chosen]
        t.items.remove(item)
        m.items.append(item)
        self.emit(Kind.ARTIFACT, m.id, f"{m.name} takes the {self.card_name(item.card)} from {t.name}", m.at)

    def _leave(self, ctx: Context, m: Model, edge: str) -> None:  # from the ground only (actions._leaving)
        """A model with artifacts found this battle may leave by a table edge, for good (seed 442)."""
        x, y = m.position.x, m.position.y
        r = m.base.radius
        table = self.board.table
        to = {"north": (x, r), "south": (x, table.depth - r), "west": (r, y), "east": (table.width - r, y)}[edge]
        if to != (x, y) and not self._move(ctx, m, to, "moves"):
            return
        m.status, m.on_table, m.overwatch = Status.LEFT, False, False
        self.carried_off[m.side] += [i for i in m.items if i.found]
        self.emit(Kind.LEFT, m.id, f"{m.name} leaves the table by the {edge} edge, carrying "
                  + ", ".join(self.card_name(i.card) for i in m.items if i.found), result="left")
        self.remove_token(m)

    def remove_token(self, m: Model) -> None:
        """A model Taken Out or gone: its faction's token leaves the cup if the model had not activated (seed 362)."""
        if not m.activated and not m.held_over and self.cup.get(m.side, 0) > 0:
            self.cup[m.side] -= 1

    def drop(self, item: Item, at: Position, floor: int = 0, by: Model | None = None) -> None:
        """An artifact left on the table under a token, as it was carried: found this battle and dropped where
        its carrier was Taken Out (seed 436), or dropped by a Simple Operation (seed 226)."""
        number = max([0, *self.tokens, *(t.number for t in self.scenario.tokens)]) + 1
        while number in self.tokens:
            number += 1
        self.tokens[number] = (at, item.card)
        self.dropped[number] = item
        if floor:
            self.token_floor[number] = floor
        who = f"{by.name} drops the {self.card_name(item.card)}" if by is not None else \
            f"The {self.card_name(item.card)} is dropped"
        self.emit(Kind.ARTIFACT, by.id if by is not None else "game", f"{who} at {where(at)} (token {number})",
                  (float(at.x), float(at.y)))

    # --- Zone cards ----------------------------------------------------------------------------------

    def _zone_card(self, ctx: Context) -> None:
        """A Zone card, drawn for a Zone token, affects the model activated most recently (seed 153, 454); with
        trigger cards, the card comes from this round's deck (seed 470)."""
        if not any(self.zone_deck.values()):
            self.zone_deck = {}
            for copy in self.scenario.deck:
                self.zone_deck[copy] = self.zone_deck.get(copy, 0) + 1
            self.emit(Kind.ZONE, "game", "The Zone deck is shuffled again")
        if self.scenario.triggers:
            cid = self._round_draw(ctx)
            if cid is None:
                return
        else:
            cid = ctx.draw("Draw a Zone card", self.zone_deck, "zone card")
        target = next((self.model(i) for i in reversed(self.order) if self.model(i).on_table), None)
        if cid in self.scenario.trigger_effects:  # never a Zone card's id too (cannot_play)
            self.round_triggers = tuple(t for t in self.round_triggers if t != cid)
            play = self.scenario.trigger_effects[cid]
            self._trigger(ctx, play, target)
            return
        self.zone_deck[cid] -= 1
        card = self.scenario.zone_cards[cid]
        self.emit(Kind.ZONE, "game", f"Zone card: {card.name}" + (f", on {target.name}" if target else ""))
        self.card_effect(ctx, card.name, card.effect or z.ZoneEffect(), card.attribute, [target] if target else [])

    def _round_draw(self, ctx: Context) -> str | None:
        """A card of this round's deck: each trigger not yet drawn, and the random Zone cards left (one a
        player), all equally likely; a Zone card is dealt from the Zone deck when it comes up."""
        weights: dict[str, int] = {}
        total = sum(self.zone_deck.values())
        for t in self.round_triggers:
            weights[t] = total
        if self.round_cards:
            for cid, count in self.zone_deck.items():
                if count:
                    weights[cid] = weights.get(cid, 0) + count * self.round_cards
        if not weights:
            self.emit(Kind.ZONE, "game", "This round's deck is spent: the Zone token does nothing")
            return None
        cid = ctx.draw("Draw a card from this round's deck", weights, "zone card")
        if cid not in self.round_triggers:
            self.round_cards -= 1
        return cid

    def _trigger(self, ctx: Context, play, target: Model | None) -> None:
        """A trigger card does what the scenario says (seed 470): to the model activated last, or to every model
        near the pieces it names."""
        effect = play.effect
        if play.near:
            reach = float(Band.parse(effect.within).inches)
            targets = [m for m in self.models() if m.on_table and m.in_play and m.side != MONSTER
                       and _gap_to(m, play.near) <= reach + 1e-9]
            who = ", on " + ", ".join(m.name for m in targets) if targets else ", on no model"
        else:
            targets = [target] if target else []
            who = f", on {target.name}" if target else ""
        self.emit(Kind.ZONE, "game", f"Trigger card: {play.name}{who}")
        self.card_effect(ctx, play.name, effect, effect.attribute, targets, play.near)

    def card_effect(self, ctx: Context, name: str, effect: z.ZoneEffect, attribute: str | None, targets: list[Model],
                near: tuple = ()) -> None:
        """A card's effects: its monster beside the first model it affects, those on every player, then on each
        model it affects whose roll (if any) fails."""
        if effect.monster is not None and targets and targets[0].on_table:
            monsters.arrive(self, name, effect, attribute, targets[0])
        if effect.m_points:
            for s in self.m_points:
                self.m_points[s] += effect.m_points
            self.emit(Kind.ZONE, "game", f"Every player gains {effect.m_points} m-point"
                      f"{'s' if effect.m_points > 1 else ''}")
        if effect.sight is not None:
            self.sight = Band.parse(effect.sight).inches
            self.emit(Kind.ZONE, "game", f"Until the end of the round no model sees farther than "
                      f"{Band.parse(effect.sight).label}")
        for target in targets:
            if not target.on_table:
                continue
            if attribute is not None:
                score = max(1, getattr(target, attribute))
                rolled = [ctx.roll(f"{target.name}'s {attribute.capitalize()} die", self.scenario.base_die, target.id)
                          for _ in range(score)]
                passed = "success" in rolled
                self.emit(Kind.ROLL, target.id, f"{target.name} rolls {attribute.capitalize()}: {faces(rolled)}: "
                          f"{'passed' if passed else 'failed'}", dice=tuple(rolled))
                if passed:
                    continue
            self._on_model(ctx, name, effect, target, near)

    def _on_model(self, ctx: Context, name: str, effect: z.ZoneEffect, target: Model, near: tuple) -> None:
        if effect.damage:
            wound(self, ctx, None, target, effect.damage, 0, False, armour=effect.armour, source=name)
        if effect.stuck and target.in_play:
            target.stuck = True
            self.emit(Kind.ZONE, target.id, f"{target.name} cannot move at its next activation")
        push = getattr(effect, "push", None)
        if push is not None and near and target.on_table:
            piece = min(near, key=lambda p: _gap_to(target, (p,)))
            centre = piece.geometry.centroid
            origin = Position(Fraction(centre.x).limit_denominator(10**6), Fraction(centre.y).limit_denominator(10**6))
            push_away(self, ctx, target, origin, Band.parse(push).inches, None, bump=0)
        if effect.artifact and target.on_table:
            self._place_token(target)

    def _place_token(self, m: Model) -> None:
        base = self.scenario.token_base
        gap = m.base.radius + base.radius
        for facing in [m.facing + d for d in (0, 90, 180, 270, 45, 135, 225, 315)]:
            angle = math.radians(float(facing))
            at = Position(m.position.x + Fraction(math.sin(angle) * float(gap)).limit_denominator(10**6),
                          m.position.y - Fraction(math.cos(angle) * float(gap)).limit_denominator(10**6))
            piece = building_at(self, m.position) if m.floor else None
            on_floor = piece is not None and fits(piece, at, base.radius)
            if on_floor or (not m.floor and self.board.table.holds_base(at, base)
                            and self.board.free(base, [[float(at.x), float(at.y)]])[0]):
                number = max([0, *self.tokens, *(t.number for t in self.scenario.tokens)]) + 1
                self.tokens[number] = (at, None)
                if m.floor:
                    self.token_floor[number] = m.floor
                self.emit(Kind.ARTIFACT, "game", f"An artifact token (token {number}) appears at {where(at)}",
                          (float(at.x), float(at.y)))
                return
        self.emit(Kind.ARTIFACT, "game", "No room for the artifact token")

    # --- the end ----------------------------------------------------------------------------------------

    def victory_points(self, sid: str, carried_off_only: bool = False) -> int:
        """Artifacts found this battle held by the side's models in play, and those carried off (seed 416-428)."""
        items = list(self.carried_off[sid])
        if not carried_off_only:
            items += [i for m in self.models() if m.side == sid and m.on_table and m.in_play for i in m.items if i.found]
        total = 0
        for item in items:
            card = self.card(item.card)
            worth = card.victory_points if card is not None else 0
            total += min(worth, self.scenario.rules.busted_victory_points) if item.busted else worth
        return total

    def _finish(self, why: str) -> None:
        self.over = True
        sides = [s.id for s in self.scenario.sides]
        for victory in self.scenario.victory:
            if victory.kind == "hold-area":
                area = self.board.areas.get(victory.zone or "")
                holders = {m.side for m in self.models() if m.on_table and m.ready and m.side != MONSTER
                           and area is not None
                           and area.covers(m.position.point)}
                if len(holders) == 1:
                    self.winner = holders.pop()
                    self.reason = f"{self.side_name(self.winner)} holds {victory.zone} ({why})"
                    break
                continue
            scores = {s: self.victory_points(s, victory.kind == "leave-with-artifacts") for s in sides}
            best = max(scores.values())
            leaders = [s for s in sides if scores[s] == best]
            self.winner = leaders[0] if len(leaders) == 1 else ""
            text = ", ".join(f"{self.side_name(s)} {scores[s]}" for s in sides)
            self.reason = (f"{self.side_name(self.winner)} wins" if self.winner else "a draw") + \
                f" on victory points: {text} ({why})"
            break
        else:
            self.winner, self.reason = "", f"nobody wins ({why})"
        self.emit(Kind.END, "game", f"The game ends: {self.reason}")
        self.figures = [f for f in self.figures if f.side != MONSTER]  # no side's: they leave with the game


def _gap_to(m: Model, pieces: tuple) -> float:
    """How far ``m``'s base is from the nearest of ``pieces`` (0 on or over one)."""
    return max(0.0, min(p.geometry.distance(m.position.point) for p in pieces) - float(m.base.radius))


def _moved(m: Model, at: Position) -> Model:
    return replace(m, position=at)


def new_game(scenario: Scenario) -> ZoneWarsGame:
    """The game before round 1: each side's models where the scenario places them."""
    g = ZoneWarsGame(scenario)
    for side in scenario.sides:
        for spot in side.spots:
            c = scenario.characters[spot.character]
            items = []
            for ref in c.gear:
                cid = ref.rpartition("/")[2]
                card = scenario.cards[cid]
                items.append(Item(cid, False, card.bonus))
            g.figures.append(Model(c.id, c.name, side.id, spot.position, Base(inches(c.base)), spot.facing,
                                   character=c.id, ranged=c.ranged, melee=c.melee, survival=c.survival,
                                   health=c.health, items=items,
                                   mutations=tuple(m.rpartition("/")[2] for m in c.mutations)))
    return g

