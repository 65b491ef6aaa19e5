"""The engine's public face: frozen states, legal actions, exact chance, replay, saving, text."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from conftest import CONTENT, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.engine.actions import SAVED_FIELDS, Action, Held, HeldKind, as_fields, describe, from_fields, parse
from zwar_author.engine.api import (
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    passive,
    random_policy,
    simulate,
    start,
)
from zwar_author.engine.chance import Choice
from zwar_author.engine.legal import Refusals, legal, why_not
from zwar_author.engine.mission import Mission
from zwar_author.engine.state import Setup
from zwar_author.engine.text import board_text
from zwar_author.engine.vocab import Verb
from zwar_author.errors import EngineError, IllegalAction, ParseError, SetupError, UnsupportedGame, ZwarError
from zwar_author.play.load import load_mission
from zwar_author.play.session import CommandError, Session

MISSIONS = CONTENT / "core" / "missions"
_loaded = {}


def mission(name: str):
    if name not in _loaded:
        loaded, report = load_mission(MISSIONS / f"{name}.toml")
        assert loaded is not None, [d.human() for d in report.sorted()]
        _loaded[name] = loaded
    return _loaded[name]


def drive(state, seed: int, limit: int = 100_000):
    """Play a state to the end through ``apply``, sampling as ``simulate`` does."""
    dice, choices = random.Random(seed), random.Random(seed)
    for _ in range(limit):
        if state.over:
            return state
        request = state.request
        if request.kind == "roll":
            answer = dice.randint(1, len(request.options))
        elif request.kind == "draw":
            answer = dice.choices(request.options, request.weights)[0]
        else:
            answer = choices.choice(request.options)
        state = apply(state, answer)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", ["supply-run", "hold-out"])
def test_apply_plays_exactly_what_simulate_plays(name):
    for seed in (3, 4):
        fast = new_game(mission(name))
        simulate(fast, random_policy(random.Random(seed)), random.Random(seed))
        slow = drive(start(new_game(mission(name))), seed)
        assert [e.text for e in slow.log] == [e.text for e in fast.log]
        assert (slow.view.outcome, slow.view.turn) == (fast.outcome, fast.turn)


def test_states_are_never_changed_and_branch_alike():
    first = start(new_game(mission("supply-run")))
    logged = len(first.log)
    move = next(a for a in legal_actions(first) if describe(first.view, a) == "cole: move 18,21")
    one, two = apply(first, move), apply(first, move)
    assert len(first.log) == logged and first.view.current is None
    assert [e.text for e in one.events] == [e.text for e in two.events] == ["Cole moves to 18,21"]
    assert one.view.hero("cole").sq != first.view.hero("cole").sq


def _line(seed: int, look_first: bool, inputs: int = 400) -> list[tuple]:
    """What each state of one line of play shows: its log, heroes and options, read before the next
    ``apply`` (``look_first``) or only once the whole line has been played."""
    rng, state, states = random.Random(seed), start(new_game(mission("supply-run"))), []
    seen = []
    for _ in range(inputs):
        if state.over:
            break
        if look_first:
            seen.append(_shown(state))
        states.append(state)
        options = state.request.options
        state = apply(state, options[rng.randrange(len(options))])
    return seen if look_first else [_shown(s) for s in states]


def _shown(state) -> tuple:
    game = state.view
    return ([e.text for e in game.log], [(h.id, h.sq, h.ap) for h in game.heroes],
            [describe(game, a) if isinstance(a, (Action, Choice)) else a for a in legal_actions(state)],
            state.request.why, len(state.events))


def test_states_left_behind_keep_their_game_and_options():
    """``apply`` resumes a paused step the first time a state is answered; a state left behind
    still shows its own game and options when looked at later (made again from its snapshot)."""
    assert _line(7, look_first=False) == _line(7, look_first=True)


def test_a_roll_is_a_chance_node_with_exact_odds():
    state = start(new_game(mission("supply-run")))
    while state.request.kind != "roll":
        state = apply(state, passive(state.view, state.request))
    outcomes = chance_outcomes(state)
    assert [o for o, _ in outcomes] == list(range(1, 9))
    assert all(p == Fraction(1, 8) for _, p in outcomes) and sum(p for _, p in outcomes) == 1
    with pytest.raises(IllegalAction, match="9 is not a face of a d8"):
        apply(state, 9)


def test_a_decision_has_no_odds_and_refuses_what_is_not_offered():
    state = start(new_game(mission("supply-run")))
    with pytest.raises(ValueError, match="not waiting for a roll"):
        chance_outcomes(state)
    with pytest.raises(IllegalAction, match="is not one of the options for: Hero move"):
        apply(state, Action("cole", "move", to=0))


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    logs = []
    for seed in (7, 7, 8):
        g = new_game(mission("supply-run"))
        simulate(g, random_policy(random.Random(seed)), random.Random(seed))
        logs.append([e.text for e in g.log])
    assert logs[0] == logs[1] and logs[0] != logs[2]


def test_forced_dice_come_first():
    g = new_game(mission("supply-run"))
    simulate(g, passive, random.Random(1), dice=[2, 4, 1])
    rolled = [d for e in g.log for d in e.dice]
    assert rolled[:3] == [2, 4, 1]


def test_setup_mistakes_are_explained():
    with pytest.raises(SetupError, match="there is no hero `bob` in this mission"):
        new_game(mission("supply-run"), Setup(heroes=("bob",)))
    with pytest.raises(SetupError, match="there is no perk `flying`"):
        new_game(mission("supply-run"), Setup(perks=(("sam", ("flying",)),)))
    with pytest.raises(SetupError, match="`99,99` is not a square sam can stand on"):
        new_game(mission("supply-run"), Setup(positions=(("sam", "99,99"),)))


def test_download_or_destroy_is_played():
    """Refused for its sinkhole until interpretation Z11 (tests/test_games.py has the refusals in words)."""
    loaded, _ = load_mission(MISSIONS / "download-or-destroy.toml")
    g = new_game(loaded)
    assert [g.roles[h.id] for h in g.heroes] == ["first", "second"] and g.hands is not None


def test_exodus_missions_are_played():
    loaded, _ = load_mission(MISSIONS / "the-crossing.toml")
    g = new_game(loaded)
    assert g.rib is not None and [h.id for h in g.heroes] == ["kira", "mike", "tom"] and g.heroes[2].npc


def test_typed_actions_are_matched_against_the_legal_ones():
    state = start(new_game(mission("supply-run")))
    g, options = state.view, legal_actions(state)
    assert describe(g, parse(g, options, "cole: move 18,21")) == "cole: move 18,21"
    assert describe(g, parse(g, options, "sam sprint")) == "sam: sprint"
    assert describe(g, parse(g, options, "3")) == describe(g, options[2])
    with pytest.raises(ParseError, match="`move 18,22` could be 2 actions: cole: move 18,22; sam: move 18,22"):
        parse(g, options, "move 18,22")
    with pytest.raises(ParseError, match="there is no option 999"):
        parse(g, options, "999")


def test_an_action_names_what_it_hands_over_and_whom_it_attacks_by_typed_fields():
    """What is given, taken or placed that is no equipment card is ``Action.held`` (its kind and name), not text
    packed into ``card``; a rival agent attacked is ``other``. The text, and a save's fields, read as before."""
    g = new_game(mission("supply-run"))
    given = Action("sam", Verb.GIVE, other="kat", held=Held(HeldKind.OBJECT, "F"))
    assert describe(g, given) == "sam: give object:F to kat" and given.card == ""
    taken = Action("sam", Verb.TAKE, other="kat", held=Held(HeldKind.KEYCARD, "red"))
    assert describe(g, taken) == "sam: take keycard:red from kat"
    placed = Action("sam", Verb.PLACE_ITEM, held=Held(HeldKind.OBJECT, "F"))
    assert describe(g, placed) == "sam: place item F"
    card = Action("sam", Verb.GIVE, card="pistol", other="kat")
    for a in (given, taken, placed, card, Action("sam", Verb.GIVE, other="kat", held=Held(HeldKind.SEARCH, "x"))):
        fields = as_fields(a)
        assert set(fields) == set(SAVED_FIELDS) and "held" not in fields
        assert from_fields(fields) == a
    assert as_fields(given)["card"] == "object:F"
    assert describe(g, Action("sam", Verb.QUICK, other="kat", mode="auto")) == "sam: quick kat full auto"
    assert describe(g, Action("sam", Verb.MOVE_MELEE, to=g.heroes[0].sq, other="kat")).endswith("then melee kat")
    assert describe(g, Action("sam", Verb.AIMED, square=g.heroes[0].sq)).startswith("sam: aimed c4 at ")


def test_the_engine_s_refusals_are_the_library_s_errors():
    """The engine's errors join the ``ZwarError`` tree (a caller catching the library's errors gets them) and stay
    ``ValueError``s, as they were."""
    state = start(new_game(mission("supply-run")))
    for refused, cls in ((lambda: parse(state.view, legal_actions(state), "999"), ParseError),
                         (lambda: apply(state, "no such action"), IllegalAction),
                         (lambda: new_game(mission("supply-run"), Setup(heroes=("nobody",))), SetupError)):
        with pytest.raises(ZwarError) as caught:
            refused()
        assert type(caught.value) is cls and isinstance(caught.value, (EngineError, ValueError))
    assert all(issubclass(c, EngineError) for c in (IllegalAction, ParseError, SetupError, UnsupportedGame))


def test_an_illegal_action_gets_the_rule_that_forbids_it():
    state = start(new_game(mission("supply-run")))
    g = state.view
    assert why_not(g, "sam: move 1,9", None) == "1,9 is not one square from Sam (at 19,23)"
    assert why_not(g, "kat: quick z1", None) == \
        "Kat's active weapon is not a ballistic weapon: change weapon, or use melee"
    assert why_not(g, "sam: quick z9", None) == "there is no infected at `z9`"
    assert why_not(g, "sam: move 20,23", None) == \
        "20,23 is occupied: heroes may not move through or onto another figure"
    assert why_not(g, "sam: search", None) == "Sam is not in a room"
    assert why_not(g, "open H:3,4", None).startswith("say which hero acts")
    assert why_not(g, "sam: stand", None) == "Sam is already standing"
    assert why_not(g, "sam: step 18,23", None) == "Sam is not sprinting: sprint first (2 AP for 3 squares)"
    assert why_not(g, "sam: execute z1", None) == "only a prone infected (or one in a grapple) can be executed"
    assert why_not(g, "sam: open H:3,4", None) == ("no door is directly in front of Sam: doors are opened, closed or "
                                                   "knocked from the square in front, never diagonally")
    assert why_not(g, "sam: move 99,99", None) == "`99,99` is not a square of the board"


def test_every_refusal_is_recorded_by_the_filter_that_makes_it():
    """The reasons come from the generator: an action it offers is never refused for the same target."""
    state = start(new_game(mission("supply-run")))
    g = state.view
    why = Refusals()
    offered = legal(g, why)
    assert offered == legal(g)  # recording refusals changes nothing that is offered
    assert why.get("kat", Verb.QUICK, None) == \
        "Kat's active weapon is not a ballistic weapon: change weapon, or use melee"
    assert why.get("sam", Verb.SEARCH, None) == "Sam is not in a room"


def test_a_session_saves_and_resumes_to_the_same_game(tmp_path):
    session = Session.new(MISSIONS / "supply-run.toml", mission("supply-run"), Setup(), seed=5, dice="roll")
    session.answer("cole: move 18,21")
    with pytest.raises(CommandError, match="1,9 is not one square from Sam"):
        session.answer("sam: move 1,9")
    session.answer("end turn")
    while session.request is not None and not session.needs_person():
        session.roll()
    save = tmp_path / "game.json"
    session.save(save)
    again = Session.resume(save)
    assert [e.text for e in again.game.log] == [e.text for e in session.game.log]
    assert again.request.why == session.request.why
    assert again.rng.random() == session.rng.random()


def test_the_board_as_text_shows_figures_and_a_roster():
    text = board_text(start(new_game(mission("supply-run"))).view)
    lines = text.splitlines()
    assert lines[1].startswith("   0 1 2 3 4 5 6 7 8 9 0 1")
    assert "22 |" in text and "C K" in lines[2 + 2 * 22 + 1]
    assert "S Sam at 19,23, 4 AP: [Pistol 12], Stink Tank 5" in lines
    assert "z z4 zombie at 4,9 facing W, prone" in lines


def play_checked(seed: int, name: str):
    """Play one random game, checking at every request: one figure per square (bodies of the
    dead included), the square index agrees with the figures, no AP, ammunition or miniature
    count below zero; the game ends."""
    g = new_game(mission(name))
    policy = random_policy(random.Random(seed))

    def checked(game, request):
        bodies = {hero_id for hero_id, _ in game.risen}  # director games: the dead lie there until the end phase
        standing = [h for h in game.heroes if h.status == "board" or h.id in bodies]
        placed = {h.sq: h for h in standing}
        placed.update({z.sq: z for z in game.infected.values() if z.sq is not None})
        assert len(placed) == len(standing) + len(game.board_infected()), request.why
        assert placed == game.at
        assert all(h.ap >= 0 and 0 <= h.stage <= 5 for h in game.heroes)
        assert all(c.ammo is None or c.ammo >= 0 for h in game.heroes for c in h.cards)
        assert all(n >= 0 for n in game.pool.values())
        return policy(game, request)

    simulate(g, checked, random.Random(seed))
    assert g.over and g.outcome in ("victory", "defeat")


@settings(max_examples=examples(12), deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(["supply-run", "the-tower", "inbound"]))
def test_random_games_keep_the_board_consistent(seed, name):
    play_checked(seed, name)


@pytest.mark.parametrize("seed", [16, 17, 39, 54])
def test_a_risen_heros_body_leaves_the_board_before_the_newborn_stands(seed):
    """Inbound games that once listed a lifted body as still lying, while the newborn stood on
    its square: the grapplers leave the body, the body goes, then the hero rises."""
    play_checked(seed, "inbound")


def test_a_card_names_the_effect_it_has():
    """Effects are the cards' data: give the Stink Tank's effect to the pistol and the pistol works it."""
    base = mission("supply-run")
    moved = {"core/pistol": "stink-tank", "core/stink-tank": None}
    equipment = [e.model_copy(update={"effect": moved.get(e.id, e.effect)}) for e in base.compiled.rules.equipment]
    rules = base.compiled.rules.model_copy(update={"equipment": equipment})
    changed = Mission(base.compiled.model_copy(update={"rules": rules}), base.board)
    state = start(new_game(changed))
    offered = {describe(state.view, a) for a in legal_actions(state)}
    assert "sam: stink tank" in offered  # the pistol is Sam's active card
    state = apply(state, parse(state.view, legal_actions(state), "sam: stink tank"))
    assert [e.text for e in state.events][-1] == \
        "Sam uses the Pistol (11 left): undetectable until his next turn"


def test_a_copy_has_every_field_of_the_game_and_its_heroes():
    """Game.copy and Hero.copy write their fields out by hand (for speed): none may be left behind."""
    from zwar_author.engine.state import _GAME_FIELDS, _HERO_FIELDS, _INFECTED_FIELDS, Infected

    game = start(new_game(mission("supply-run"))).view
    z = game.new_infected(next(iter(game.mission.classes)), game.heroes[0].sq + 1, "S")
    z.damage, z.holder = 1, game.heroes[0].id
    copy = game.copy()
    assert all(getattr(copy, name) == getattr(game, name) for name in _GAME_FIELDS)
    for hero, twin in zip(game.heroes, copy.heroes, strict=True):
        assert all(getattr(twin, name) == getattr(hero, name) for name in _HERO_FIELDS)
        assert [(c.name, c.ammo) for c in twin.cards] == [(c.name, c.ammo) for c in hero.cards]
    twin = copy.infected[z.id]
    assert twin is not z and all(getattr(twin, name) == getattr(z, name) for name in _INFECTED_FIELDS)
    # the names an infected is written once with are those the log gave it made anew
    assert (z.tag, game.label(z)) == (f"z{z.id}", f"{game.mission.class_names[z.cls]} z{z.id}")
    assert game.label(Infected(z.id, z.cls, None, "N")) == game.label(z)


def _with_game_rules(base, **changes):
    """The mission with its game's rules data changed (as a pack's own rules data would)."""
    rules = base.compiled.rules
    games = [g.model_copy(update=changes) for g in rules.games]
    return Mission(base.compiled.model_copy(update={"rules": rules.model_copy(update={"games": games})}), base.board)


def test_the_action_table_is_the_rules_data():
    """Z War One's AP come from the core pack's rules data; a table without an action takes it away."""
    base = mission("supply-run")
    table = base.game_rules.actions.model_dump(by_alias=True, exclude_none=True)
    assert {verb: table[verb] for verb in ("move", "sprint", "dive", "aimed", "execute", "search", "weapon")} == \
        {"move": 1, "sprint": 2, "dive": 1, "aimed": 2, "execute": 2, "search": 4, "weapon": 0}
    no_sprint = _with_game_rules(base, actions=base.game_rules.actions.model_copy(update={"sprint": None}))
    state = start(new_game(no_sprint))
    assert "sam: sprint" not in {describe(state.view, a) for a in legal_actions(state)}
    assert why_not(state.view, "sam: sprint", None) == "there is no sprint action in Z War One"


def test_the_infection_track_and_turn_are_the_rules_data():
    base = mission("supply-run")
    harsh = new_game(_with_game_rules(base, infection_ap=[3, 2, 1, 1, 1]))
    harsh.heroes[0].stage = 2
    assert harsh.ruleset.ap(harsh.heroes[0], 4) == 2
    with pytest.raises(UnsupportedGame, match="the reference engine plays turns of heroes, infected, spawn, "
                                               "infection, end; zwar1's rules data gives heroes, infected, end"):
        new_game(_with_game_rules(base, phases=["heroes", "infected", "end"]))
    # the heroes a mission must use are the compiler's check (ZW147, a warning): the engine plays whom it is given
    assert [h.name for h in new_game(base, Setup(heroes=("sam",))).heroes] == ["Sam"]


def test_an_infection_may_move_on_every_turn_without_a_test():
    """Exodus's track in the same data: no infection test, the infection moves on a stage each turn."""
    from zwar_author.engine.chance import Live
    from zwar_author.engine.turn import infection_tests

    game = new_game(_with_game_rules(mission("supply-run"), infection_check=None, infection_every_end_phase=True))
    game.heroes[0].stage = 1
    infection_tests(game, Live(random.Random(0), passive, game, dice=[]))
    assert game.heroes[0].stage == 2
    assert [e.text for e in game.log][-2:] == ["Cole is at infection stage 2", "End phase"]
    assert not any("infection test" in e.text for e in game.log)
