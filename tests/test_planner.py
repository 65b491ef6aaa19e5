"""The planning bot and the skill trace: legal answers only, its own dice only, the budget knob,
the trace's data and the command's lines."""

from __future__ import annotations

import json
import random

import pytest
from conftest import CONTENT, mission, write
from test_playtest import ERRAND

from zwar_author.engine.actions import Action
from zwar_author.engine.api import new_game, simulate, start
from zwar_author.engine.cards import Hands
from zwar_author.engine.state import Setup
from zwar_author.play.load import load_mission
from zwar_author.playtest import bots, director, planner
from zwar_author.playtest.planner import Common, Focused, Hold, Medic, Planner, plans, redeal
from zwar_author.playtest.policies import budget_of, policy, with_budget
from zwar_author.playtest.runner import Plan, game_seed, run
from zwar_author.playtest.skill import Rung, SkillTrace, ladder, skill_trace, text
from zwar_author.playtest.value import BITTEN, FIRST, deadline, survival, value

SUPPLY_RUN = CONTENT / "core" / "missions" / "supply-run.toml"


def test_policy_names_carry_the_planners_budget():
    assert [budget_of(n) for n in ("planner", "planner@0", "planner@16", "planner@x", "cautious")] == \
        [2, 0, 16, None, None]
    assert with_budget("planner", 4) == "planner@4" and with_budget("cautious", 4) == "cautious"
    assert isinstance(policy("planner@3", 1), Planner) and policy("planner@3", 1).budget == 3
    with pytest.raises(ValueError, match="a planner's budget is a whole number from 0 to 4096"):
        policy("planner@many", 1)


@pytest.mark.slow
def test_the_planner_answers_only_with_options_of_the_request_and_plays_the_same_game_for_a_seed():
    loaded, _ = load_mission(SUPPLY_RUN)
    games = []
    for _ in range(2):
        planner, asked = policy("planner@1", 5), []

        def checked(g, request, planner=planner, asked=asked):
            answer = planner(g, request)
            asked.append(answer)
            assert answer in list(request.options)  # only through the request in front of it
            return answer

        g = new_game(loaded, Setup(max_turns=6))
        simulate(g, checked, random.Random(game_seed(1, 0)))
        games.append(([e.text for e in g.log], asked))
    assert games[0] == games[1]
    assert sum(isinstance(a, Action) for a in games[0][1]) > 20


def test_budget_zero_is_the_cautious_bot(workdir):
    write(workdir, {"errand.toml": ERRAND})
    loaded, _ = load_mission(workdir / "errand.toml")
    document = loaded.compiled.model_dump(mode="json", by_alias=True)
    plans = {name: Plan(document, name, 12, 4, Setup(max_turns=4)) for name in ("planner@0", "cautious")}
    assert run(plans["planner@0"]) == run(plans["cautious"])


def test_the_planner_looks_ahead_with_its_own_dice_and_leaves_the_game_as_it_was():
    """At every decision the game's RNG (the dice to come) and the game shown are the same after the
    planner's look-aheads as before: it rolls its own dice on copies."""
    loaded, _ = load_mission(SUPPLY_RUN)
    dice, planner, looked = random.Random(game_seed(2, 0)), policy("planner@1", 2), 0

    def watched(g, request):
        nonlocal looked
        before = (dice.getstate(), len(g.log), [(h.sq, h.ap, h.stage) for h in g.heroes], sorted(g.infected))
        answer = planner(g, request)
        assert before == (dice.getstate(), len(g.log), [(h.sq, h.ap, h.stage) for h in g.heroes], sorted(g.infected))
        looked += 1
        return answer

    simulate(new_game(loaded, Setup(max_turns=8)), watched, dice)
    assert looked > 20


def test_the_plans_are_the_bots_their_variations_and_each_job_first():
    """The cautious bot's plan comes first (kept on ties); with two jobs left, each job first is a plan,
    and a focused bot heads for its job, not the nearest one; every plan hands a med pack on. A plan
    that fights harder and one that holds a turn are offered while an infected is near a hero."""
    loaded, _ = load_mission(SUPPLY_RUN)
    g = new_game(loaded)
    for z in list(g.board_infected()):
        g.remove(z)
    found = plans(g)
    assert [b.style.name for b in found[:5]] == \
        ["cautious", "aggressive", "cautious-no-search", "aggressive-alert", "cautious-loose"]
    jobs = dict(planner._jobs_left(g, detours=False))
    assert len(jobs) > 1 and [b.job for b in found[5:]] == list(jobs)
    hero = g.heroes[0]
    near = next(sq for sq in loaded.reach(hero.sq, g.doors) if loaded.standable[sq] and sq not in g.at)
    g.new_infected("core/zombie", near, "N")  # an infected near: a plan that fights harder, one that holds
    assert [b.style.name for b in plans(g)[5:7]] == ["cautious-fighter", "hold"]
    assert isinstance(plans(g)[6], Hold) and Hold(found[0].style).goal(g, hero) == ()
    assert all(isinstance(b, Medic) for b in found)
    for number, squares in jobs.items():
        assert Focused(found[0].style, number).goal(g, hero) == squares


def test_the_planner_follows_the_plan_whose_rollouts_score_best_sharing_its_budget_by_halving(monkeypatch):
    """Sequential halving: every plan gets rollouts, the best survives; no more than ``budget`` rollouts
    a plan on average; the rollouts of a round roll the same seeds for every plan (common dice)."""
    loaded, _ = load_mission(SUPPLY_RUN)
    g = new_game(loaded)
    names = [b.style.name + str(getattr(b, "job", "")) for b in plans(g)]
    best = names.index("aggressive")
    calls: list[tuple[str, int]] = []

    def rollout(self, game, plan, seed):
        name = plan.style.name + str(getattr(plan, "job", ""))
        calls.append((name, seed))
        return 0.9 if name == "aggressive" else 0.1 * names.index(name) / len(names)

    monkeypatch.setattr(Planner, "rollout", rollout)
    chosen = Planner(4, random.Random(1)).choose(g)
    assert chosen.style.name == names[best]
    assert {name for name, _ in calls} == set(names) and len(calls) <= 4 * len(names)
    first = {name: [s for n, s in calls if n == name][:1] for name in names}
    assert len({tuple(v) for v in first.values()}) == 1


def test_value_is_the_outcome_of_a_finished_game_and_falls_with_infection():
    loaded, _ = load_mission(SUPPLY_RUN)
    g = new_game(loaded)
    fresh = value(g)
    assert 0 < fresh < 1
    g.heroes[0].stage = 2
    assert value(g) < fresh
    g.finish("victory", "objectives", "done")
    assert value(g) == 1.0


def test_in_a_director_game_the_look_aheads_play_against_the_director_bot(monkeypatch):
    """The director's requests in the planner's rollouts are answered by the director bot, not by the
    heroes' bot (which would make the look-ahead optimistic)."""
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "inbound.toml")
    asked, bot = [], director.bot

    def spy(g, request, heroes):
        asked.append(request.topic)
        return bot(g, request, heroes)

    monkeypatch.setattr(director, "bot", spy)
    chooser = policy("planner@1", 3, "bot")
    assert chooser.director == "bot"
    chooser.choose(new_game(loaded, Setup(max_turns=6)))
    assert asked


def test_a_skill_trace_is_plain_data_with_intervals(workdir):
    write(workdir, {"errand.toml": ERRAND})
    loaded, _ = load_mission(workdir / "errand.toml")
    document = loaded.compiled.model_dump(mode="json", by_alias=True)
    trace = skill_trace(document, 10, 3, budgets=(1,), setup=Setup(max_turns=4))
    assert [r.policy for r in trace.rungs] == ladder((1,)) == ["random", "aggressive", "cautious", "planner@1"]
    assert [r.budget for r in trace.rungs] == [None, None, None, 1]
    assert [r.wins for r in trace.rungs][1:] == [10, 10, 10] and trace.rungs[0].wins < 3
    assert trace.skill_matters and trace.ordered
    data = json.loads(json.dumps(trace.to_dict()))
    assert data["rungs"][3] == {"policy": "planner@1", "budget": 1, "runs": 10, "wins": 10, "rate": 1.0,
                                "low": 0.7225, "high": 1.0}
    assert trace.best.policy == "planner@1"
    assert text(trace).splitlines()[-1] == \
        "  skill matters here: the best rung (planner@1) wins clearly more often than random play"


def test_skill_that_does_not_show_is_said_so():
    flat = SkillTrace("m", 1, 20, (Rung("random", None, 20, 5, 0.11, 0.47), Rung("planner@4", 4, 20, 6, 0.15, 0.52)))
    assert not flat.skill_matters and flat.ordered
    assert text(flat).splitlines()[-1] == \
        "  skill does not show here: the best rung's (planner@4) interval overlaps random play's"


def test_the_command_plays_the_planner_at_its_budget_and_prints_the_trace(zwar, workdir):
    write(workdir, {"errand.toml": ERRAND})
    result = zwar("playtest", "errand.toml", "--runs", "4", "--jobs", "1", "--policy", "planner", "--budget", "2",
                  "--skill-trace", "1,2", "--max-turns", "4", "--no-progress")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Errand (local/errand), policy planner@2, 4 games, seed 1"
    start = lines.index("skill trace: 4 games a rung, seed 1, same seeds on every rung")
    assert lines[start + 1:start + 9] == [
        "  random           0/4       0.0%  (95% interval 0.0% to 49.0%)",
        "  aggressive       4/4     100.0%  (95% interval 51.0% to 100.0%)",
        "  cautious         4/4     100.0%  (95% interval 51.0% to 100.0%)",
        "  planner@1        4/4     100.0%  (95% interval 51.0% to 100.0%)",
        "  planner@2        4/4     100.0%  (95% interval 51.0% to 100.0%)",
        ("  planner@1 v cautious: +0.0 points (95% interval -49.0 to +49.0) over 4 games; 0 won only by the planner, "
        "0 only by the bot (McNemar p = 1.000)"),
        ("  planner@2 v cautious: +0.0 points (95% interval -49.0 to +49.0) over 4 games; 0 won only by the planner, "
        "0 only by the bot (McNemar p = 1.000)"),
        "  skill matters here: the best rung (planner@2) wins clearly more often than random play",
    ]
    report = json.loads((workdir / "build" / "playtest" / "errand-playtest.json").read_text())
    assert report["reports"][0]["policy"] == "planner@2"
    assert [r["policy"] for r in report["skill_trace"]["rungs"]][-1] == "planner@2"
    replay = zwar("replay", "errand.toml", "--game", "0", "--policy", "planner@2", "--max-turns", "4")
    assert replay.exit_code == 0, replay.output


def test_the_trace_pairs_each_planner_with_the_better_bot_game_by_game():
    """The planner against the bot that won most often, over the same games: the games only one of
    them won, the change with its paired interval and McNemar's p, in the text and on the page."""
    from zwar_author.playtest.paired import Games, paired
    from zwar_author.playtest.report import _skill

    bot, planned = Games(20), Games(20)
    for i in range(20):
        bot({"index": i, "won": i < 2, "turns": 10, "cause": None})
        planned({"index": i, "won": i < 9, "turns": 10, "cause": None})
    pair = {"policy": "planner@4", "bot": "cautious", **paired(bot, planned)}
    assert (pair["won_only_after"], pair["won_only_before"], pair["p"]) == (7, 0, 0.0156)
    trace = SkillTrace("m", 1, 20, (Rung("random", None, 20, 0, 0.0, 0.16), Rung("cautious", None, 20, 2, 0.03, 0.3),
                                    Rung("planner@4", 4, 20, 9, 0.26, 0.66)), (pair,))
    line = ("planner@4 v cautious: +35.0 points (95% interval +10.2 to +55.6) over 20 games; 7 won only by the "
            "planner, 0 only by the bot (McNemar p = 0.016)")
    assert text(trace).splitlines()[-2] == f"  {line}"
    assert trace.to_dict()["versus_bot"] == [pair]
    assert f'<ul id="versus-bot"><li>{line}</li></ul>' in _skill(json.loads(json.dumps(trace.to_dict())))


@pytest.mark.slow
def test_the_planner_plays_the_same_games_whatever_the_jobs():
    """Its rollouts' dice come from the game's own seed, so the totals do not depend on how the games
    are shared out among processes."""
    loaded, _ = load_mission(SUPPLY_RUN)
    plan = Plan(loaded.compiled.model_dump(mode="json", by_alias=True), "planner@1", 4, 6, Setup(max_turns=3))
    assert run(plan, jobs=1) == run(plan, jobs=2)


def test_the_look_aheads_deal_the_directors_hidden_hand_again():
    """The planner must not play against the cards the director really holds: a rollout's copy deals
    the hand again from the cards the heroes have not seen (in the hand or left in the deck), keeping
    how many the director holds; what was played stays played."""
    hands = Hands({"p/horde": 2, "p/frenzy": 1, "p/jammed": 0}, {"director": 2})
    hands.held["director"] = ["p/ambush", "p/ambush"]
    seen = set()
    for seed in range(20):
        copy = hands.copy()
        redeal(copy, random.Random(seed))
        held = copy.held["director"]
        assert len(held) == 2
        cards = sorted(held + [c for c, n in copy.deck.items() for _ in range(n)])
        assert cards == ["p/ambush", "p/ambush", "p/frenzy", "p/horde", "p/horde"]
        assert copy.deck["p/jammed"] == 0
        seen.add(tuple(sorted(held)))
    assert hands.held["director"] == ["p/ambush", "p/ambush"] and hands.deck["p/horde"] == 2  # the game itself
    assert len(seen) > 3  # the hand the rollouts play against varies


#: A room around the start (its doorway on the right) and the exit 9 squares away: three turns with the
#: door and the exit, and the mission is lost at the end of turn 3, though the tracker leaves 6 turns.
HURRY = '''
    heroes = ["sam"]

    [[floors]]
    art = """
    +-+-+-+-+-+-+-+-+-+-+
    |: : :D. . . . . . .|
    +-+-+-+-+-+-+-+-+-+-+
    """

    [[starts]]
    at = "0,0"

    [[exits]]
    at = "9,0"

    [[victory]]
    escape = "all"

    [[defeat]]
    after_turn = 3
    text = "The bridge goes up at the end of turn 3."
    '''


def test_the_planner_reads_the_missions_own_deadline_and_makes_the_exit_in_time(workdir):
    """The value counts the turns to the mission's time limit (turn 3), not the tracker's (6): on turn 2
    a hero still in the room (a search spent turn 1) has a far smaller chance than one at its doorway,
    and the planner leaves in time in every game."""
    write(workdir, {"hurry.toml": mission(HURRY, head='[mission]\nid = "hurry"\ntitle = "Hurry"\n')})
    loaded, _ = load_mission(workdir / "hurry.toml")
    assert deadline(new_game(loaded, Setup(max_turns=6))) == 3
    assert deadline(new_game(loaded, Setup(max_turns=1))) == 1
    g = new_game(loaded, Setup(max_turns=6))
    g.turn = 2
    searched = value(g)
    g.heroes[0].sq = loaded.square("3,0")
    assert value(g) > 2 * searched
    document = loaded.compiled.model_dump(mode="json", by_alias=True)
    assert run(Plan(document, "planner@1", 6, 1, Setup(max_turns=6))).wins == 6


def test_the_value_weighs_the_turns_left_and_the_infection_tests_to_come():
    """Fewer turns left before Inbound's limit (turn 26) with the same way to go, or a hero further
    along the infection track, is a smaller chance. One hero at the last stage, one test to come (The
    Tower, where a death loses): it survives on 6 faces of the d8 (the test moves the stage on on 1-2)."""
    inbound, _ = load_mission(CONTENT / "core" / "missions" / "inbound.toml")
    g = new_game(inbound)
    assert deadline(g) == 26
    early = value(g)
    g.turn = 12
    assert value(g) < early
    tower, _ = load_mission(CONTENT / "core" / "missions" / "the-tower.toml")
    g = new_game(tower)
    hero = g.heroes[0]
    assert survival(g, [hero], 1) == pytest.approx(1 - BITTEN)
    hero.stage = 5
    assert survival(g, [hero], 1) == pytest.approx(0.75 * (1 - BITTEN))
    assert survival(g, [hero], 0) == 1.0


def test_a_hero_at_the_last_stage_prices_the_infected_that_can_reach_it():
    """On The Tower a death loses the mission. A zombie next to a hero can grab it (taken down on 1-4 of
    a d8) and bite it (bitten on 1-4): a stage more, and at stage 5 the hero's death. The heroes move
    first (``FIRST``: half the threat is left), so one zombie next to a stage-5 hero leaves it
    1 - 0.5 * 0.5 * 0.5 of its chances, two leave the square of that, one holding it leaves 0.5; a hero
    at stage 0 survives a bite. (Cole's R.A.C. Armour, +1 to bite tests, is left out: Sam plays.)"""
    tower, _ = load_mission(CONTENT / "core" / "missions" / "the-tower.toml")
    g = new_game(tower)
    hero = next(h for h in g.heroes if h.id.endswith("sam"))
    free = [sq for sq in tower.reach(hero.sq, g.doors) if tower.standable[sq] and sq not in g.at]
    before = value(g)
    g.new_infected("core/zombie", free[0], "N")
    assert survival(g, [hero], 0) == 1.0
    assert value(g) < before
    hero.stage = 5
    assert survival(g, [hero], 0) == pytest.approx(1 - FIRST * 0.25) == pytest.approx(0.875)
    g.new_infected("core/zombie", free[1], "N")
    assert survival(g, [hero], 0) == pytest.approx(0.875 ** 2)
    for z in list(g.board_infected()):
        g.remove(z)
    holding = g.new_infected("core/zombie", None, "N")
    holding.holder = hero.id
    hero.grapplers.append(holding.id)
    assert survival(g, [hero], 0) == pytest.approx(0.5)


def test_the_rollouts_dice_are_common_to_the_plans_by_what_they_are_for():
    """The same roll on the same turn is the same die for every plan, whatever was rolled before it;
    another seed (another rollout) rolls afresh."""
    loaded, _ = load_mission(SUPPLY_RUN)
    g = new_game(loaded)
    one, two = Common(7, lambda g, r: None, g), Common(7, lambda g, r: None, g)
    one.roll("Sam attacks zombie z3")
    assert [one.roll("Turn spawn, roll 1: where") for _ in range(3)] == \
        [two.roll("Turn spawn, roll 1: where") for _ in range(3)]
    other = Common(8, lambda g, r: None, g)
    assert [other.roll("Turn spawn", die=8) for _ in range(20)] != [two.roll("Turn spawn", die=8) for _ in range(20)]


MEDIC = '''
    heroes = ["sam", "kat"]

    [[floors]]
    art = """
    +-+-+-+-+-+-+
    |. . . . . .|
    +-+-+-+-+-+-+
    """

    [[starts]]
    at = "0,0"

    [[starts]]
    at = "1,0"

    [[exits]]
    at = "5,0"

    [[victory]]
    escape = "all"
    '''


def test_the_plans_hand_a_med_pack_to_the_infected_friend(workdir):
    """Sam carries a med pack, Kat next to him is at infection stage 2 with none: the plans' first answer
    passes it to her (the bots keep it until its carrier is bitten); she uses it at once."""
    write(workdir, {"medic.toml": mission(MEDIC, head='[mission]\nid = "medic"\ntitle = "Medic"\n')})
    loaded, _ = load_mission(workdir / "medic.toml")
    state = start(new_game(loaded, Setup(equipment=(("sam", ("med-pack",)), ("kat", ())))))
    state.view.hero("kat").stage = 2  # the view is the game the policies see: set before the first answer
    bot = Medic(planner.STYLES["cautious"])
    handed = bot(state.view, state.request)
    assert (handed.verb, handed.card.rpartition("/")[2], {handed.hero, handed.other}) == \
        ("give" if handed.hero == "sam" else "take", "med-pack", {"sam", "kat"})
    assert bots.Bot(planner.STYLES["cautious"])(state.view, state.request).verb not in ("give", "take")


def test_a_rollout_to_the_end_scores_the_games_outcome_and_repeats_for_its_seed():
    """With no horizon (``None``) a rollout plays the copy to the end of the game, so its score is the
    outcome itself (1 won, 0 lost), the same for the same seed; with a horizon it stops short and
    ``value`` estimates the rest (strictly between the two on a fresh game). The game shown is left
    as it was."""
    loaded, _ = load_mission(SUPPLY_RUN)
    g = new_game(loaded, Setup(max_turns=3))
    shown = ([(h.sq, h.stage) for h in g.heroes], sorted(g.infected), len(g.log), g.turn)
    plan = plans(g)[0]
    to_end = Planner(1, random.Random(1), horizon=None)
    scores = [to_end.rollout(g, plan, seed) for seed in range(6)]
    assert set(scores) <= {0.0, 1.0} and scores == [to_end.rollout(g, plan, seed) for seed in range(6)]
    assert 0 < Planner(1, random.Random(1), horizon=0).rollout(g, plan, 0) < 1
    assert shown == ([(h.sq, h.stage) for h in g.heroes], sorted(g.infected), len(g.log), g.turn)
