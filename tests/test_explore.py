"""What would fix it (`zwar playtest --explore`) and two versions side by side (`zwar playtest OLD NEW`):
paired games on common seeds, intervals, the smallest changes into the band, exact CLI text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CONTENT, examples, mission, write
from hypothesis import given, settings
from hypothesis import strategies as st
from test_playtest import CORRIDOR

from zwar_author.compile.reader import board_of, mission_document, model_of
from zwar_author.engine.api import new_game
from zwar_author.engine.mission import Mission
from zwar_author.engine.state import Setup
from zwar_author.play.load import load_mission
from zwar_author.playtest.compare import Games, mcnemar, paired
from zwar_author.playtest.explore import changes, explore

#: Sam walks nine squares to the exit: two turns' walk, so a one-turn limit loses every game.
WALK = mission(CORRIDOR + '''
    [[exits]]
    at = "9,0"

    [[victory]]
    escape = "all"
    ''', head='[mission]\nid = "walk"\ntitle = "Walk"\n')
#: The same with the exit four squares away: one turn is enough.
SHORT_WALK = WALK.replace('at = "9,0"', 'at = "4,0"')


def games(outcomes: str) -> Games:
    """Games from a string of W (won) and L (lost)."""
    played = Games(len(outcomes))
    for i, o in enumerate(outcomes):
        played({"index": i, "won": o == "W", "turns": 1, "cause": None if o == "W" else "turn limit"})
    return played


def test_mcnemar_is_the_exact_binomial_test_of_the_discordant_games():
    assert mcnemar(0, 0) == 1.0
    assert mcnemar(3, 0) == mcnemar(0, 3) == 0.25  # 2 x (1/2)^3
    assert mcnemar(10, 0) == 2 / 1024
    assert mcnemar(5, 5) == 1.0
    assert mcnemar(7, 2) == pytest.approx(2 * (1 + 9 + 36) / 512)


def test_the_paired_interval_of_a_worked_example():
    """Altman et al., Statistics with Confidence (2000), table 6.2: 14 pairs both, 5 the second only,
    none the first only, 22 neither. Newcombe's method 10 worked by hand: Wilson intervals 0.3205 to
    0.6126 (19/41) and 0.2156 to 0.4945 (14/41), phi (308 - 20.5) / sqrt(19 x 22 x 14 x 27) = 0.7233,
    so 0.1220 - 0.1105 to 0.1220 + 0.1046."""
    change = paired(games("W" * 14 + "L" * 5 + "L" * 22), games("W" * 19 + "L" * 22))
    assert (change["difference"], change["low"], change["high"], change["p"]) == (0.122, 0.0115, 0.2265, 0.0625)


def test_the_paired_interval_holds_its_estimate_and_turns_round_with_the_sides():
    before, after = games("WWLLLLWLLLWLLLLLLLLW"), games("WWWLLLWWLLWLLWLLLLLL")
    change = paired(before, after)
    assert (change["wins_before"], change["wins_after"], change["won_only_after"], change["won_only_before"]) == \
        (5, 7, 3, 1)
    assert change["difference"] == 0.1 and change["low"] < 0.1 < change["high"] and change["p"] == 0.625
    back = paired(after, before)
    assert (back["difference"], back["low"], back["high"]) == (-0.1, -change["high"], -change["low"])
    same = paired(before, before)  # the same games: no change, and an interval that knows the pairs agree
    assert same["difference"] == 0.0 and same["high"] - same["low"] < change["high"] - change["low"]


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=60))
def test_every_paired_interval_holds_its_estimate_within_minus_one_to_one(pairs):
    before = games("".join("W" if b else "L" for b, _ in pairs))
    after = games("".join("W" if a else "L" for _, a in pairs))
    change = paired(before, after)
    assert -1.0 <= change["low"] <= change["difference"] <= change["high"] <= 1.0
    assert change["difference"] == round((change["wins_after"] - change["wins_before"]) / len(pairs), 4)
    assert 0.0 < change["p"] <= 1.0
    back = paired(after, before)
    assert (back["low"], back["high"]) == (-change["high"], -change["low"])


@pytest.mark.slow
def test_the_changes_explore_tries_on_supply_run():
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "supply-run.toml")
    assert loaded is not None
    document = mission_document(loaded.compiled)
    tried = changes(loaded, Setup(), document)
    keys = [c.key for c in tried]
    assert keys[:4] == ["turn-limit-2", "turn-limit-1", "turn-limit+1", "turn-limit+2"]
    # four tables of four rows, a face moved each way between neighbours; a row of one face (the 8s) keeps it
    assert len([k for k in keys if k.startswith("spawn:")]) == 5 + 5 + 5 + 6
    assert [c.text for c in tried if c.key in ("spawn:0:turn:where:2>1", "infected-4", "infected+A", "weapon+kat",
                                               "med-pack+cole")] == [
        "turn spawn 'where': spawn point B on 3-5 (was 3-4), spawn point C on 6-7 (was 5-7)",
        "no zombie at 16,18 at the start",
        "one more zombie at the start, on spawn point A",
        "Cole starts with one more med pack",
        "Kat starts with one more weapon: Shotgun",
    ]
    doors = [c.text for c in tried if c.key.startswith("door-")]  # the tiles' doors of rooms with business
    assert len(doors) == 14 and doors[0] == "the door at H:10,4 left out (open from the start)"
    for change in tried:  # every changed mission builds, and says it is not the mission as it is
        if change.document is not document:
            Mission(model_of(change.document), board_of(change.document))
            assert change.document["source"]["sha256"] != document["source"]["sha256"]
    rows = next(c for c in tried if c.key == "spawn:0:turn:where:2>1").document["spawn"]["phases"][0]["turn"]["where"]
    assert [(r["low"], r["high"]) for r in rows["rows"]] == [(1, 2), (3, 5), (6, 7), (8, 8)]


def test_a_mission_s_own_time_limit_is_what_moves():
    texts = {}
    for name in ("break-and-enter", "hold-out"):
        loaded, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
        assert loaded is not None
        document = mission_document(loaded.compiled)
        texts[name] = [c.text for c in changes(loaded, Setup(), document) if c.key.startswith("turn-limit")]
    assert texts == {
        # Break & Enter's limit is turn 30 since it was retuned against the bot director (was 18)
        "break-and-enter": [f"time limit turn {t} (was 30)" for t in (28, 29, 31, 32)],
        "hold-out": [f"survive to the end of turn {t} (was 10)" for t in (8, 9, 11, 12)],
    }


@pytest.mark.slow
def test_a_door_left_out_starts_open_and_only_doors_that_matter_are_tried():
    """A door left out is a doorway that stays open: the variant's game starts with it open and the
    rooms behind it active. Tried: the mission's own doors and the doors of rooms the heroes start in
    or have business in; Supply Run's 46 doors give 14 changes, Hold Out's open door none."""
    loaded, _ = load_mission(CONTENT / "core" / "missions" / "break-and-enter.toml")
    assert loaded is not None
    tried = [c for c in changes(loaded, Setup(), mission_document(loaded.compiled)) if c.key.startswith("door-")]
    blast = [c for c in tried if c.text.startswith("the blast door at ")]
    assert len(blast) == 1 and blast[0].text.endswith(" left out (open from the start)")
    variant = Mission(model_of(blast[0].document), board_of(blast[0].document))
    index = next(d.index for d in variant.doors if d.kind == "blast")
    game = new_game(variant)
    assert game.doors >> index & 1
    assert all(game.active >> room & 1 for room in variant.doors[index].rooms)
    counts = {}
    for name in ("supply-run", "hold-out"):
        loaded, _ = load_mission(CONTENT / "core" / "missions" / f"{name}.toml")
        assert loaded is not None
        document = mission_document(loaded.compiled)
        counts[name] = (len(document["board"]["doors"]),
                        [c.key for c in changes(loaded, Setup(), document) if c.key.startswith("door-")])
    assert len(counts["supply-run"][1]) == 14 and counts["supply-run"][0] == 46
    mission_door = next(i for i, d in enumerate(mission_document(loaded.compiled)["board"]["doors"])
                        if d["source"] == "mission")
    assert f"door-{mission_door}" not in counts["hold-out"][1]  # Hold Out's own door is open already


def test_explore_ranks_the_changes_and_names_the_smallest_into_the_band(zwar, workdir):
    write(workdir, {"walk.toml": WALK})
    result = zwar("playtest", "walk.toml", "--explore", "--runs", "3", "--jobs", "1", "--policy", "cautious",
                  "--max-turns", "2", "--gate", "win_rate in 0..0.5", "--no-progress")
    assert result.exit_code == 1, result.output  # as it is, the mission is outside the band
    assert result.output.splitlines() == [
        "What would fix it: Walk (local/walk), policy cautious, 3 games a version on the same seeds (seed 1)",
        "  as it is: win rate 3 of 3 games (100.0%, 95% interval 43.9% to 100.0%)",
        "  5 changes, the ones that raise the win rate most first (change in points, paired 95% interval, McNemar p):",
        "  +0.0 points (95% interval -56.1 to +56.1), p 1, win rate 100.0% (3/3): Sam starts with one more med pack",
        "  +0.0 points (95% interval -56.1 to +56.1), p 1, win rate 100.0% (3/3): turn limit 3 (was 2)",
        "  +0.0 points (95% interval -56.1 to +56.1), p 1, win rate 100.0% (3/3): turn limit 4 (was 2)",
        "  +0.0 points (95% interval -56.1 to +56.1), p 1, win rate 100.0% (3/3): Sam starts with one more weapon: Pistol",
        "  -100.0 points (95% interval -100.0 to -20.6), p 0.25, win rate 0.0% (0/3): turn limit 1 (was 2)",
        "  band win_rate in 0..0.5: as it is 1, outside it",
        "  the smallest changes that bring it into the band, nearest its middle first:",
        "    turn limit 1 (was 2) (win rate 0 of 3 games (0.0%, 95% interval 0.0% to 56.1%))",
        "report: build/playtest/walk-explore.json, build/playtest/walk-explore.html",
    ]
    report = json.loads((workdir / "build" / "playtest" / "walk-explore.json").read_text())
    assert report["gate"] == {"band": "win_rate in 0..0.5", "passed": False, "smallest": ["turn-limit-1"], "value": 1.0}


def test_explore_gives_the_same_ranking_whatever_the_jobs(workdir):
    write(workdir, {"walk.toml": WALK})
    options = {"runs": 4, "seed": 5, "policies": ["aggressive"], "setup": Setup(max_turns=2)}
    one = explore(workdir / "walk.toml", jobs=1, out=workdir / "one", **options)
    two = explore(workdir / "walk.toml", jobs=2, out=workdir / "two", **options)
    assert one.report is not None and one.report == two.report
    assert (workdir / "one" / "walk-explore.json").read_bytes() == (workdir / "two" / "walk-explore.json").read_bytes()


def test_two_versions_side_by_side_name_the_first_game_that_differs(zwar, workdir):
    write(workdir, {"walk.toml": WALK, "short.toml": SHORT_WALK})
    result = zwar("playtest", "walk.toml", "short.toml", "--runs", "3", "--jobs", "1", "--policy", "cautious",
                  "--max-turns", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Walk: old against new, policy cautious, 3 games each on the same seeds (seed 1)",
        "  old: walk.toml: win rate 0.0% (0/3), 95% interval 0.0% to 56.1%",
        "  new: short.toml: win rate 100.0% (3/3), 95% interval 43.9% to 100.0%",
        ("  change: +100.0 points (95% interval +20.6 to +100.0); 3 games won only by new, 0 only by old; "
        "McNemar exact p = 0.25"),
        "  first game whose outcome differs: game 0 (old: lost in turn 1 (turn limit); new: won in turn 1)",
        "    old: zwar replay walk.toml --game 0 --seed 1 --policy cautious --max-turns 1",
        "    new: zwar replay short.toml --game 0 --seed 1 --policy cautious --max-turns 1",
        "report: build/playtest/walk-compare.json",
    ]
    baseline = zwar("playtest", "short.toml", "--baseline", "walk.toml", "--runs", "3", "--jobs", "1", "--policy",
                    "cautious", "--max-turns", "1", "--gate", "win_rate in 0..0.5", "--no-progress")
    assert baseline.exit_code == 1
    assert baseline.output.splitlines()[1:3] == result.output.splitlines()[1:3]
    assert baseline.output.splitlines()[-1] == \
        "gate win_rate in 0..0.5 (cautious): 1 (3/3, 95% interval 43.9% to 100.0%), FAILED"
    replay = zwar("replay", "short.toml", "--game", "0", "--seed", "1", "--policy", "cautious", "--max-turns", "1")
    assert "Game over after turn 1: victory." in replay.output  # the command as printed plays that game


def test_the_same_version_twice_differs_nowhere(zwar, workdir):
    write(workdir, {"walk.toml": WALK})
    result = zwar("playtest", "walk.toml", "walk.toml", "--runs", "2", "--jobs", "1", "--policy", "random",
                  "--max-turns", "2", "--no-progress")
    assert result.exit_code == 0, result.output
    assert "  no game won by one version was lost by the other (2 games)" in result.output.splitlines()


@pytest.mark.parametrize(("words", "message"), [
    (("a.toml", "b.toml", "c.toml"), "give one mission, or two versions of one (OLD NEW), not 3"),
    (("a.toml", "b.toml", "--baseline", "c.toml"),
     "give the old version either as the first of two missions or as --baseline, not both"),
    (("a.toml", "b.toml", "--explore"), "--explore tries changes to one mission: leave out the second version"),
    (("a.toml", "--explore", "--keep-logs"),
     "--keep-logs keeps the games of one playtest: leave it out of --explore and comparisons"),
])
def test_what_does_not_go_together_is_a_usage_error(zwar, workdir, words, message):
    result = zwar("playtest", *words)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: {message}"


def test_explore_and_compare_write_nothing_for_a_broken_mission(zwar, workdir):
    write(workdir, {"walk.toml": WALK, "broken.toml": WALK.replace('title = "Walk"', 'title = "Walk"\ncolour = 1')})
    for words in (("broken.toml", "--explore"), ("walk.toml", "broken.toml")):
        result = zwar("playtest", *words, "--runs", "1", "--jobs", "1", "--no-progress")
        assert result.exit_code == 1 and "error ZW005" in result.output
    assert not Path("build").exists()


def test_a_mission_already_in_its_band_needs_no_fix(zwar, workdir):
    write(workdir, {"walk.toml": WALK})
    result = zwar("playtest", "walk.toml", "--explore", "--runs", "2", "--jobs", "1", "--policy", "cautious",
                  "--max-turns", "2", "--gate", "win_rate in 0.5..1", "--no-progress")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2] == "  band win_rate in 0.5..1: as it is 1, in the band"
    report = json.loads((workdir / "build" / "playtest" / "walk-explore.json").read_text())
    assert report["gate"]["smallest"] == [] and [r["in_band"] for r in report["changes"]] == [True] * 4 + [False]


@pytest.mark.slow
def test_explore_on_a_local_dask_cluster_ranks_as_in_one_process(workdir):
    pytest.importorskip("distributed", reason="the Dask path needs distributed (pip install -e '.[dev]')")
    write(workdir, {"walk.toml": WALK})
    options = {"runs": 3, "seed": 2, "policies": ["cautious"], "setup": Setup(max_turns=2)}
    here = explore(workdir / "walk.toml", jobs=1, out=workdir / "here", **options)
    cluster = explore(workdir / "walk.toml", jobs=2, scheduler="local", out=workdir / "cluster", **options)
    assert here.report is not None and here.report == cluster.report


def test_one_more_infected_is_the_class_the_mission_brings_on_as_tune_s_knob_is():
    """The Beach with its placed zombies taken out (bench/tune.py's push made it easier so): `--explore` offered
    "one more reaver", the first class of the rules data, though the mission brings on only zombies, while
    `zwar tune`'s knob added a zombie; the same change now names the same class in both (``knobs.added_class``)."""
    from zwar_author.playtest.knobs import added_class

    loaded, _ = load_mission(CONTENT / "exodus" / "missions" / "the-beach.toml")
    assert loaded is not None
    document = mission_document(loaded.compiled)
    document["infected"] = []
    assert added_class(document) == "core/zombie"  # from the spawn tables: none is placed
    added = [c.text for c in changes(loaded, Setup(), document) if c.key.startswith("infected+")]
    assert added and all(text.startswith("one more zombie at the start, on spawn point ") for text in added)
