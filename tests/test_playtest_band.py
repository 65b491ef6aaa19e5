"""The band a mission declares (``[mission.playtest]``) names the rung it is for: a bot, or the search player at
a budget, by the names ``zwar playtest --policy`` takes; a bad name is a located error, and the report names
each rung with its budget."""

from __future__ import annotations

import json

from conftest import mission, write

from zwar_author.play.load import load_mission
from zwar_author.playtest.policies import budget_of, canonical, known
from zwar_author.playtest.project import playtest

#: Sam starts next to the exit; nothing spawns: any sensible player wins at once.
EASY = mission('''
    heroes = ["sam"]

    [[floors]]
    art = """
    +-+-+-+
    |. . .|
    +-+-+-+
    """

    [[starts]]
    at = "0,0"

    [[exits]]
    at = "1,0"

    [[victory]]
    escape = "all"
    ''', head='[mission]\nid = "easy"\ntitle = "Easy"\n{band}\n')


def test_policy_names_are_the_bands_and_the_command_lines():
    assert all(known(name) for name in ("cautious", "aggressive", "random", "search", "search@0", "search@64",
                                        "search@4096", "planner", "planner@8"))
    assert not any(known(name) for name in ("serch", "search@", "search@4097", "search@-1", "search@08",
                                            "cautious@2", "search@16x", ""))
    assert budget_of("search") == 16 and budget_of("search@64") == 64 and budget_of("cautious") is None
    assert canonical("search") == "search@16" and canonical("planner") == "planner@2"
    assert canonical("search@64") == "search@64" and canonical("cautious") == "cautious"


def test_a_band_names_the_search_player_at_a_budget(workdir):
    write(workdir, {"easy.toml": EASY.format(band='playtest = { policy = "search@2", win_rate = [0.5, 1.0], runs = 2 }')})
    loaded, _ = load_mission(workdir / "easy.toml")
    assert loaded is not None and loaded.compiled.mission.playtest.policy == "search@2"
    result = playtest(workdir / "easy.toml", runs=None, seed=1, jobs=1, policies=["aggressive"], out=workdir / "out")
    assert [r["policy"] for r in result.reports] == ["search@2", "aggressive"]
    assert result.gated is result.reports[0] and result.passed
    gate = json.loads((workdir / "out" / "easy-playtest.json").read_text())["gate"]
    assert gate == {"band": "win_rate in 0.5..1", "passed": True, "policy": "search@2", "value": 1.0}


def test_a_band_for_the_default_budget_is_played_once_and_named_with_it(workdir):
    write(workdir, {"easy.toml": EASY.format(band='playtest = { policy = "search", win_rate = [0.5, 1.0], runs = 2 }')})
    result = playtest(workdir / "easy.toml", runs=None, seed=1, jobs=1, policies=["search@16"], out=workdir / "out")
    assert [r["policy"] for r in result.reports] == ["search@16"]  # `search` is `search@16`: one rung, played once
    assert result.gated is result.reports[0]
    html = (workdir / "out" / "easy-playtest.html").read_text()
    assert "search@16 (2 games)" in html


def test_the_report_names_the_budget_a_bare_name_plays_at(workdir, zwar):
    write(workdir, {"easy.toml": EASY.format(band="")})
    result = zwar("playtest", "easy.toml", "--runs", "2", "--policy", "search", "-o", "out",
                  "--no-progress")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "Easy (local/easy), policy search@16, 2 games, seed 1"


def test_a_bad_policy_in_a_band_is_a_located_error(workdir, zwar):
    write(workdir, {"easy.toml": EASY.format(band='playtest = { policy = "serch@64", win_rate = [0.1, 0.4] }')})
    result = zwar("validate", "easy.toml")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        'easy.toml:4:23: error ZW007: `policy` must be a policy: "cautious", "aggressive", "random", the planner '
        'or the search player ("search"), optionally at a budget from 0 to 4096 ("search@64"), not "serch@64"; '
        'did you mean "search@64"?')


def test_init_scaffolds_a_band_for_the_search_player(workdir, zwar):
    assert zwar("init", "pack").exit_code == 0
    path = workdir / "pack" / "missions" / "first-steps.toml"
    text = path.read_text()
    suggested = '# playtest = { policy = "search", win_rate = [0.3, 0.7], runs = 100 }\n'
    assert suggested in text
    path.write_text(text.replace(suggested, suggested[2:]))
    assert zwar("validate", "pack").exit_code == 0
    loaded, _ = load_mission(path)
    assert loaded is not None and loaded.compiled.mission.playtest.policy == "search"


def test_a_group_fit_reads_a_band_for_the_search_player_at_the_rung_it_names():
    from zwar_author.playtest.results import Logbook, LoggedGame, describe, ladder_fit
    won = {"index": 0, "won": True, "turns": 9, "cause": None, "heroes": {"sam": "escaped"}, "objectives": {}}
    lost = {**won, "index": 1, "won": False, "cause": "bitten", "heroes": {"sam": "died (bitten)"}}
    group = Logbook(games=[LoggedGame(won=True, turn=9), LoggedGame(won=False, turn=9)])
    fit = ladder_fit(group, {"cautious": [lost, lost], "search@16": [won, lost]}, ("search", 0.3, 0.7), seed=1)
    assert fit["band"]["policy"] == "search@16" and fit["band"]["rung_win_rate"] == 0.5  # `search` is that rung
    assert describe(fit, "Walk").splitlines()[-1].startswith(
        "  the mission's band 0.3..0.7 is for the search player at budget 16")
