"""Real groups' logbooks (`zwar results add`, `zwar playtest --results`): read with located errors, and the
rung of the skill ladder whose games look most like the group's."""

from __future__ import annotations

from conftest import CONTENT, write
from test_explore import WALK

from zwar_author.playtest.results import LoggedGame, describe, ladder_fit, read_logbook


def _record(index: int, won: bool, turns: int, dead: int = 0, objectives: int = 0) -> dict:
    heroes = {f"h{i}": "died (bitten)" if i < dead else "escaped" for i in range(2)}
    return {"index": index, "won": won, "turns": turns, "heroes": heroes,
            "objectives": {n + 1: turns for n in range(objectives)}}


#: Careless bots lose early with a hero down; careful ones win late with the objective done.
CARELESS = [_record(i, i % 10 == 0, 5 if i % 10 else 12, dead=1) for i in range(100)]
CAREFUL = [_record(i, i % 2 == 0, 14 if i % 2 == 0 else 10, objectives=1) for i in range(100)]


def test_a_group_that_wins_late_with_the_objective_done_plays_like_the_careful_bots():
    from zwar_author.playtest.results import Logbook
    group = Logbook(games=[LoggedGame(won=True, turn=14, objectives=[1]), LoggedGame(won=False, turn=10, objectives=[1]),
                           LoggedGame(won=True, turn=13, objectives=[1]), LoggedGame(won=False, turn=11, objectives=[1])])
    fit = ladder_fit(group, {"aggressive": CARELESS, "cautious": CAREFUL}, ("cautious", 0.4, 0.6), seed=1)
    assert fit["best"] == "cautious" and fit["plausible"] == ["cautious"]
    assert fit["fit_p"] > 0.1  # four games the careful bots could well have played
    assert fit["win_rate"] == {"value": 0.5, "low": 0.15, "high": 0.85}
    lines = describe(fit, "Walk").splitlines()
    assert lines[0] == "Your group's games of Walk: 2 won of 4 (50.0%, 95% interval 15.0% to 85.0%)"
    assert lines[2].startswith("  plays most like the cautious bots (as plausible: cautious); the fit's p = ")
    assert lines[3] == ("  the mission's band 0.4..0.6 is for the cautious bots: the rung your group plays like, so the "
                        "band is the one to read for your group")


def test_a_group_no_rung_resembles_fits_poorly_and_the_band_is_read_for_its_rung():
    from zwar_author.playtest.results import Logbook
    # every game won in turn 2 with both heroes dead: no bot game ever looked like that
    odd = Logbook(games=[LoggedGame(won=True, turn=2, heroes_lost=2)] * 8)
    fit = ladder_fit(odd, {"aggressive": CARELESS, "cautious": CAREFUL}, ("aggressive", 0.0, 0.2), seed=1)
    assert fit["fit_p"] < 0.1
    assert "fits poorly: the group plays unlike any rung" in describe(fit, "Walk")
    assert describe(fit, "Walk").splitlines()[-1].startswith(
        "  the mission's band 0..0.2 is for the aggressive bots") == (fit["best"] == "aggressive")


def test_a_csv_logbook_is_read_and_its_mistakes_are_located(workdir):
    write(workdir, {"good.csv": "won,turn,heroes_lost,objectives,note\nwon,12,0,1 2,close\nlost,7,1,,\n",
                    "bad.csv": "won,turns,heroes_lost\nwin,12,1\nmaybe,x,-1\n"})
    good, problems = read_logbook(workdir / "good.csv")
    assert problems == [] and good is not None
    assert good.games == [LoggedGame(won=True, turn=12, objectives=[1, 2], note="close"),
                          LoggedGame(won=False, turn=7, heroes_lost=1)]
    bad, problems = read_logbook(workdir / "bad.csv")
    assert bad is None
    assert [d.human(workdir) for d in problems] == [
        ("bad.csv:1:5: error ZW005: unknown key `turns` in the header row: columns are won, turn, heroes_lost, "
         "objectives, chapter, date, note"),
        "bad.csv:1:1: error ZW006: missing required key `turn` in the header row",
        "bad.csv:3:1: error ZW007: `maybe`: write won or lost",
        "bad.csv:3:9: error ZW007: `-1`: heroes_lost is a whole number from 0",
    ]


def test_a_toml_logbook_gets_the_same_checks_as_every_source(workdir):
    write(workdir, {"log.toml": "[[games]]\nwon = true\nturn = 3\nheros_lost = 1\n"})
    logbook, problems = read_logbook(workdir / "log.toml")
    assert logbook is None
    assert [d.human(workdir) for d in problems] == [
        "log.toml:4:1: error ZW005: unknown key `heros_lost` in games[0]; did you mean `heroes_lost`?"]


def test_results_add_appends_a_game_to_the_logbook(zwar, workdir):
    first = zwar("results", "add", "log.toml", "--won", "--turn", "12", "--objectives", "1,2")
    second = zwar("results", "add", "log.toml", "--lost", "--turn", "7", "--heroes-lost", "1", "--note", "ambushed")
    assert (first.exit_code, first.output) == (0, "added a game won in turn 12 to log.toml\n")
    assert (second.exit_code, second.output) == (0, "added a game lost in turn 7 to log.toml\n")
    logbook, problems = read_logbook(workdir / "log.toml")
    assert problems == [] and logbook is not None
    assert logbook.games == [LoggedGame(won=True, turn=12, objectives=[1, 2]),
                             LoggedGame(won=False, turn=7, heroes_lost=1, note="ambushed")]
    wrong = zwar("results", "add", "log.csv", "--won", "--turn", "3")
    assert wrong.exit_code == 2 and "log.csv: games are added to a .toml logbook" in wrong.output


def test_playtest_results_names_the_rung_and_a_broken_logbook_is_an_error(zwar, workdir):
    write(workdir, {"walk.toml": WALK, "log.csv": "won,turn\nwon,2\nwon,2\n", "bad.csv": "won\n"})
    result = zwar("playtest", "walk.toml", "--results", "log.csv", "--runs", "4", "--jobs", "1", "--max-turns", "3",
                  "--no-progress")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Your group's games of Walk: 2 won of 2 (100.0%, 95% interval 34.2% to 100.0%)"
    assert lines[1].startswith("  each rung on the same games: random ")
    broken = zwar("playtest", "walk.toml", "--results", "bad.csv", "--runs", "4", "--no-progress")
    assert broken.exit_code == 1
    assert "bad.csv:1:1: error ZW006: missing required key `turn` in the header row" in broken.output.splitlines()
    mixed = zwar("playtest", "walk.toml", "--results", "log.csv", "--explore")
    assert mixed.exit_code == 2 and "--results reads one mission's logged games" in mixed.output


def test_a_campaigns_logbook_is_read_a_chapter_at_a_time(zwar, workdir):
    """One logbook for a whole campaign: each game names its chapter, and a chapter's mission reads only its own
    (and the games that name none)."""
    second = WALK.replace('[mission]\n', '[mission]\nchapter = 2\n', 1)
    assert second != WALK
    write(workdir, {"walk.toml": second, "log.csv": "won,turn,chapter\nwon,2,1\nwon,2,2\nlost,3,2\nwon,2,\n",
                    "other.csv": "won,turn,chapter\nwon,2,1\nwon,2,3\n", "bad.csv": "won,turn,chapter\nwon,2,0\n"})
    result = zwar("playtest", "walk.toml", "--results", "log.csv", "--runs", "4", "--jobs", "1", "--max-turns", "3",
                  "--no-progress")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Your group's games of Walk: 2 won of 3 (66.7%, 95% interval 20.8% to 93.8%)"
    assert lines[1] == "  read the games of chapter 2: 1 logged of other chapters left out"
    none = zwar("playtest", "walk.toml", "--results", "other.csv", "--runs", "4", "--jobs", "1", "--no-progress")
    assert (none.exit_code, none.output.splitlines()[-1]) == (1, (
        "other.csv:1:1: error ZW007: no game of chapter 2 in the logbook (2 logged of other chapters): give each game's "
        "chapter as its mission's [mission] chapter number"))
    bad, problems = read_logbook(workdir / "bad.csv")
    assert bad is None and [d.human(workdir) for d in problems] == [
        "bad.csv:2:7: error ZW007: `0`: chapter is a whole number from 1"]


def test_results_add_logs_the_chapter(zwar, workdir):
    added = zwar("results", "add", "log.toml", "--lost", "--turn", "9", "--chapter", "3")
    assert (added.exit_code, added.output) == (0, "added a game of chapter 3 lost in turn 9 to log.toml\n")
    assert (workdir / "log.toml").read_text(encoding="utf-8") == (
        "# Games played, for zwar playtest --results\n[[games]]\nwon = false\nturn = 9\nheroes_lost = 0\nchapter = 3\n\n")
    logbook, _ = read_logbook(workdir / "log.toml")
    assert logbook is not None and logbook.games == [LoggedGame(won=False, turn=9, chapter=3)]


def test_a_versus_missions_games_are_refused_with_a_reason(zwar, workdir):
    write(workdir, {"log.csv": "won,turn\nwon,2\n"})
    mission = CONTENT / "core" / "missions" / "deathmatch.toml"
    result = zwar("playtest", str(mission), "--results", "log.csv", "--runs", "4", "--jobs", "1", "--no-progress")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: {mission}: --results reads a co-operative mission's games, won or lost by the group; a versus "
        "mission's sides are not read from a logbook yet")
