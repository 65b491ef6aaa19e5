"""The band a mission declares (``[mission.playtest]``) names the rung it is for: a bot, or the search player at
a budget, by the names ``zwar playtest --policy`` takes; a bad name is a located error, and the report names
each rung with its budget."""

from __future__ import annotations

import json
from typing import cast

from conftest import mission, write
from test_playtest import ERRAND, plan_for

from zwar_author.play.load import load_mission
from zwar_author.playtest.bots import Bot
from zwar_author.playtest.policies import base_of, budget_of, canonical, known, label, policy, with_budget
from zwar_author.playtest.project import playtest
from zwar_author.playtest.runner import run
from zwar_author.playtest.search import Search

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
                                        "search@4096", "planner", "planner@8", "search/aggressive",
                                        "search@64/aggressive", "search@0/cautious"))
    assert not any(known(name) for name in ("serch", "search@", "search@4097", "search@-1", "search@08",
                                            "cautious@2", "search@16x", "", "search/random", "search@16/",
                                            "planner@2/aggressive", "search/aggressive@16", "aggressive/search"))
    assert budget_of("search") == 16 and budget_of("search@64") == 64 and budget_of("cautious") is None
    assert budget_of("search/aggressive") == 16 and budget_of("search@64/aggressive") == 64
    assert base_of("search@64/aggressive") == "aggressive" and base_of("search@64") is None
    assert canonical("search") == "search@16" and canonical("planner") == "planner@2"
    assert canonical("search@64") == "search@64" and canonical("cautious") == "cautious"
    assert canonical("search/aggressive") == "search@16/aggressive"
    assert canonical("search@8/cautious") == "search@8"  # the default bot: one rung, one name
    assert with_budget("search/aggressive", 4) == "search@4/aggressive"
    assert label("search@16/aggressive") == "search, budget 16, on the aggressive bot"
    assert label("search@16") == "search, budget 16" and label("random") == "random"


def test_a_search_built_on_a_bot_is_that_bot_at_budget_zero(workdir):
    """``search@N/aggressive`` builds on the aggressive bot: its first choice, kept unless beaten, and its
    rollouts' player; at budget 0 it is that bot, game for game."""
    write(workdir, {"errand.toml": ERRAND})
    made = policy("search@3/aggressive", 1)
    assert isinstance(made, Search) and isinstance(made.prior, Bot) and made.prior.style.name == "aggressive"
    assert cast(Bot, made.second()).style.name == "cautious"
    for bot in ("aggressive", "cautious"):
        assert run(plan_for(workdir / "errand.toml", f"search@0/{bot}", 6, max_turns=4)) == \
            run(plan_for(workdir / "errand.toml", bot, 6, max_turns=4))


def test_a_band_names_a_search_built_on_a_bot(workdir, zwar):
    band = 'playtest = { policy = "search@2/aggressive", win_rate = [0.5, 1.0], runs = 2 }'
    write(workdir, {"easy.toml": EASY.format(band=band)})
    assert zwar("validate", "easy.toml").exit_code == 0
    result = playtest(workdir / "easy.toml", runs=None, seed=1, jobs=1, policies=["search@2"], out=workdir / "out",
                      keep_logs=True)
    assert [r["policy"] for r in result.reports] == ["search@2/aggressive", "search@2"]  # two rungs
    assert result.gated is result.reports[0] and result.passed
    html = (workdir / "out" / "easy-playtest.html").read_text()
    assert "search@2/aggressive (2 games)" in html
    assert (workdir / "out" / "easy-playtest-logs" / "search@2-aggressive" / "game-000000.jsonl").is_file()
    traced = zwar("playtest", "easy.toml", "--runs", "2", "--policy", "search@2/aggressive", "-o", "out2",
                  "--no-progress", "--budget", "3")
    assert traced.exit_code == 0, traced.output
    assert "Easy (local/easy), policy search@3/aggressive, 2 games, seed 1" in traced.output.splitlines()  # --budget


def test_a_misspelt_policy_on_the_command_line_gets_a_did_you_mean_as_in_a_band(workdir, zwar):
    write(workdir, {"easy.toml": EASY.format(band="")})
    result = zwar("playtest", "easy.toml", "--policy", "cautious,serch", "--no-progress")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for '--policy': `serch` is not a policy: one of cautious, aggressive, random, planner, "
        "search, comma separated (the planner and the search player at a budget as search@64, the search player "
        'built on a bot as search@64/aggressive); did you mean "search"?')
    result = zwar("playtest", "easy.toml", "--policy", "search@64/agressive", "--no-progress")
    assert result.exit_code == 2 and result.output.splitlines()[-1].endswith(
        '; did you mean "search@64/aggressive"?')


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
        'or the search player ("search"), optionally at a budget from 0 to 4096 ("search@64"), the search player '
        'built on a bot ("search@64/aggressive"), not "serch@64"; did you mean "search@64"?')


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
