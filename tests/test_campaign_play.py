"""`zwar campaign play` and the campaign driver: chapters in order, XP banked, perks bought, restarts, saves."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import CONTENT, write

from zwar_author.cli import cli
from zwar_author.playtest.campaign import xp_text

ROOM = '''[mission]
id = "{id}"
title = "{title}"
heroes = ["sam"]

[[floors]]
art = """
+-+-+-+-+
|. . . .|
+ + + + +
|. . . .|
+-+-+-+-+
"""

[[starts]]
at = "0,1"

[[exits]]
at = "3,1"

[[victory]]
escape = "all"
'''

CAMPAIGN = '''[campaign]
id = "c"
title = "Two Rooms"
heroes = ["sam"]

[[chapters]]
mission = "first"

[[chapters]]
mission = "second"
buy = { sam = ["kip-up"] }
'''

PACK = '[pack]\nid = "p"\ntitle = "Test pack"\nrequires = ["core"]\n'
ESCAPE = "sam: move 1,1\nsam: move 2,1\nsam: move 3,1\nsam: exit\n"


def pack(workdir, campaign: str = CAMPAIGN) -> None:
    write(workdir, {"p/pack.toml": PACK, "p/campaign.toml": campaign,
                    "p/missions/first.toml": ROOM.format(id="first", title="The First Room"),
                    "p/missions/second.toml": ROOM.format(id="second", title="The Second Room")})


def campaign(*args: str, input: str):
    return CliRunner().invoke(cli, ["campaign", "play", *args, "--pack-path", str(CONTENT)], input=input,
                              prog_name="zwar")


def said(output: str) -> list[str]:
    """The campaign's own lines: without the boards, the options and the game's events."""
    return [line for line in output.splitlines()
            if not line.startswith((" ", "=", "S Sam", "Sam: ", "Hero move", ">  ", "Key: "))]


def test_a_campaign_banks_xp_buys_the_plan_replays_a_lost_chapter_and_resumes(workdir):
    pack(workdir)
    first = campaign("p/campaign.toml", "--save", "group.json", "--max-turns", "1",
                     input="buy sam turbo\nperks sam\ndone\n" + ESCAPE + "buy sam nothing\nplan\ndone\nquit\n")
    assert first.exit_code == 0, first.output
    lines = first.output.splitlines()
    end = lines.index("Game over after turn 1: victory. the heroes win")
    assert lines[end - 3:end] == ["Sam: escaped", "Key: x exit", "     - | wall; . corridor"]  # the board at the end
    assert said(first.output) == [
        "Campaign: Two Rooms (2 chapters)",
        "Chapter 1 of 2: The First Room (first), try 1",
        "XP: sam 0",
        "Buy perks: buy HERO PERK, plan, perks HERO; done to start the chapter",
        "> zwar campaign: turbo costs sam 30 XP and sam has 0 XP",
        ("> kip-up 20, quick-draw 20, bandit 30, fence 30, skinny 30, turbo 30, dodgy 40, greased 40, kneecap 40, "
        "moral-support 40, scavenger 40, blessed 50, hit-man 50, redline 50, smile 50, double-tap 60, "
        "kerb-stomp 60, run-and-gun 60, dead-eye 70, hit-and-run 70, snap 70, black-belt 80, shogun 80, "
        "berserker 90"),
        "Game over after turn 1: victory. the heroes win",
        "Chapter 1 won: XP sam 20",
        "Chapter 2 of 2: The Second Room (second), try 1",
        "XP: sam 20",
        "The campaign plans: sam kip-up (20 XP)",
        "Buy perks: buy HERO PERK, plan, perks HERO; done to start the chapter",
        ("> zwar campaign: there is no perk `nothing` (known: bandit, berserker, black-belt, blessed, dead-eye, "
        "dodgy, double-tap, fence, greased, hit-and-run, hit-man, kerb-stomp, kip-up, kneecap, moral-support, "
        "quick-draw, redline, run-and-gun, scavenger, shogun, skinny, smile, snap, turbo)"),
        "> bought sam kip-up",
        "XP: sam 0 (kip-up)",
        "> saved to group.json; resume with `zwar campaign play --resume group.json`",
    ]
    saved = json.loads((workdir / "group.json").read_text())
    assert saved["format"] == "zwar-campaign-save/1"
    assert saved["progress"]["bank"] == {"sam": 0} and saved["progress"]["bought"] == [["sam", "kip-up", 2]]
    assert saved["game"]["setup"]["perks"] == [["sam", ["kip-up"]]]  # the chapter's game, with the perk bought
    # The next session: the group ends the turn without escaping (a loss at the turn limit), then wins.
    again = campaign("--resume", "group.json", input="end turn\n" + ESCAPE)
    assert again.exit_code == 0, again.output
    assert said(again.output) == [
        "Campaign: Two Rooms (2 chapters)",
        "Chapter 2 of 2: The Second Room (second), try 1",
        "Game over after turn 1: defeat. the game reached its limit of 1 turns",
        "Chapter 2 lost: it is played again (try 2)",
        "Chapter 2 of 2: The Second Room (second), try 2",
        "XP: sam 0 (kip-up)",
        "Game over after turn 1: victory. the heroes win",
        "Chapter 2 won: XP sam 20",
        "Campaign finished: 2 chapters in 3 games. XP earned: sam 40",
    ]
    progress = json.loads((workdir / "group.json").read_text())["progress"]
    assert [(r["chapter"], r["attempt"], r["outcome"]) for r in progress["results"]] == [
        (1, 1, "victory"), (2, 1, "defeat"), (2, 2, "victory")]
    assert sorted(p.name for p in workdir.iterdir()) == ["group.json", "p"]  # no temporary file left


def test_campaign_play_refuses_a_changed_campaign_a_foreign_save_and_a_directors_cut(workdir):
    pack(workdir)
    result = campaign("p/campaign.toml", "--save", "group.json", input="quit\n")
    assert result.exit_code == 0, result.output
    (workdir / "p/campaign.toml").write_text(CAMPAIGN.replace("Two Rooms", "Three Rooms"))
    result = campaign("--resume", "group.json", input="")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: group.json: the campaign {workdir / 'p/campaign.toml'} has changed since it was saved")
    write(workdir, {"other.json": '{"format": "zwar-save/1"}'})
    result = campaign("--resume", "other.json", input="")
    assert result.output.splitlines()[-1] == (
        'Error: other.json: not a saved campaign (no "format": "zwar-campaign-save/1")')
    result = campaign(input="")
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2, "Error: give a CAMPAIGN to play, or --resume SAVE")
    result = campaign("p/missions/first.toml", input="")
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2, "Error: p/missions/first.toml: not a campaign (a pack's campaign.toml, or a pack folder holding one)")
    # A Director's Cut chapter is played as one: the director's seat taken by a bot when asked.
    pack(workdir, CAMPAIGN + "directors_cut = true\n")
    result = campaign("p/campaign.toml", "--director", "bot", "--save", "cut.json", input="done\n" + ESCAPE + "done\nquit\n")
    assert result.exit_code == 0, result.output
    saved = json.loads((workdir / "cut.json").read_text())
    assert (saved["director"], saved["game"]["director"], saved["game"]["setup"]["directors_cut"]) == ("bot", "bot", True)


def test_a_campaign_checked_alone_says_when_a_chapters_mission_does_not_compile(workdir, zwar):
    pack(workdir)
    write(workdir, {"p/missions/second.toml": ROOM.format(id="second", title="Second") + "[[bogus]]\n"})
    result = zwar("validate", "p/campaign.toml", "--pack-path", CONTENT)
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "p/campaign.toml:10:11: error ZW670: chapter 2's mission `second` does not compile "
        "(1 error in p/missions/second.toml): the campaign cannot be played")
    assert result.output.splitlines()[-1] == "checked 10 files, 1 campaign: 1 error, 0 warnings"
    assert zwar("explain", "chapter-broken").output.startswith("ZW670 chapter-broken (error)\n\n")


# --- zwar playtest CAMPAIGN ------------------------------------------------------------------------

FAR = ROOM.replace("|. . . .|\n+ + + + +\n|. . . .|\n+-+-+-+-+", "|. . . . . . . .|\n+ + + + + + + + +\n"
                   "|. . . . . . . .|\n+-+-+-+-+-+-+-+-+").replace("+-+-+-+-+\n|", "+-+-+-+-+-+-+-+-+\n|", 1) \
    .replace('at = "3,1"', 'at = "7,1"')


def playtest(*args: str):
    return CliRunner().invoke(cli, ["playtest", *args, "--pack-path", str(CONTENT), "--jobs", "1"], prog_name="zwar")


def test_a_campaign_playtest_reports_finishing_where_campaigns_end_the_xp_and_the_perks(workdir):
    pack(workdir)
    result = playtest("p/campaign.toml", "--runs", "4", "--policy", "cautious", "-o", "out")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Two Rooms (campaign c), policy cautious, 4 campaigns, seed 1, up to 3 tries a chapter",
        "  finished: 4 of 4 (100.0%, 95% interval 51.0%-100.0%)",
        "  campaigns ended at: none (every campaign finished)",
        "  chapter 1 first: played by 4, won by 4 in 4 games; XP by its end: sam 20",
        "  chapter 2 second: played by 4, won by 4 in 4 games; XP by its end: sam 40",
        "  no loot card was cashed in: the XP curve is the mission XP alone",
        "  perk sam kip-up (planned for chapter 2): bought on time 4, late 0, not bought 0",
        "report: out/c-campaign-playtest.json",
    ]
    report = json.loads((workdir / "out/c-campaign-playtest.json").read_text())["reports"][0]
    assert report["finished"] == {"count": 4, "rate": 1.0, "interval": [0.5101, 1.0]}
    # The second room's exit is out of reach in one turn: every group gives up there after two tries,
    # and Sam's Kip Up (planned for chapter 2) is bought with the 20 XP of chapter 1 all the same.
    write(workdir, {"p/missions/second.toml": FAR.format(id="second", title="The Far Room")})
    result = playtest("p/campaign.toml", "--runs", "3", "--policy", "cautious", "--max-turns", "1", "--tries", "2")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:7] == [
        "Two Rooms (campaign c), policy cautious, 3 campaigns, seed 1, up to 2 tries a chapter",
        "  finished: 0 of 3 (0.0%, 95% interval 0.0%-56.1%)",
        "  campaigns ended at: chapter 2 3 (100.0%)",
        "  chapter 1 first: played by 3, won by 3 in 3 games; XP by its end: sam 20",
        "  chapter 2 second: played by 3, won by 0 in 6 games",
        "  no loot card was cashed in: the XP curve is the mission XP alone",
        "  perk sam kip-up (planned for chapter 2): bought on time 3, late 0, not bought 0",
    ]


def test_planned_perks_the_xp_cannot_pay_for_yet_are_bought_late(workdir):
    # Turbo costs Sam 30 XP: planned for chapter 2 (after 20 XP), it is bought before chapter 3.
    three = CAMPAIGN.replace('buy = { sam = ["kip-up"] }', 'buy = { sam = ["turbo"] }') + '\n[[chapters]]\nmission = "third"\n'
    pack(workdir, three.replace('title = "Two Rooms"', 'title = "Two Rooms"\nexpected_loot_xp = 10'))
    write(workdir, {"p/missions/third.toml": ROOM.format(id="third", title="The Third Room")})
    result = playtest("p/campaign.toml", "--runs", "2", "--policy", "cautious", "-o", "out")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[4:8] == [
        "  chapter 2 second: played by 2, won by 2 in 2 games; XP by its end: sam 40",
        "  chapter 3 third: played by 2, won by 2 in 2 games; XP by its end: sam 60",
        "  no loot card was cashed in: the XP curve is the mission XP alone",
        "  perk sam turbo (planned for chapter 2): bought on time 0, late 2, not bought 0",
    ]


@pytest.mark.slow
def test_campaign_playtest_figures_do_not_depend_on_jobs_and_chunks_stay_bounded(workdir, monkeypatch):
    from concurrent.futures import Future

    from zwar_author.play.campaign import open_campaign
    from zwar_author.playtest import campaign as pc

    pack(workdir)
    write(workdir, {"p/missions/second.toml": FAR.format(id="second", title="The Far Room")})
    book, _ = open_campaign(workdir / "p/campaign.toml", [CONTENT])
    assert book is not None
    documents = tuple(pc.mission_document(ch.mission.compiled) for ch in book.chapters)
    plan = pc.CampaignPlan(documents, (1, 2), book.economy, "random", 60, 7, 2, max_turns=15)
    one = pc.run_campaigns(plan, jobs=1)
    assert 0 < one.finished < 60  # random bots sometimes reach the far exit in two turns
    assert pc.run_campaigns(plan, jobs=2) == one

    pools = []

    class Pool:  # plays each chunk at once, and counts the chunks handed out
        def __init__(self, jobs):
            self.submitted = 0
            pools.append(self)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def submit(self, fn, *args):
            self.submitted += 1
            future: Future = Future()
            future.set_result(fn(*args))
            return future

    monkeypatch.setattr(pc, "local_pool", Pool)
    monkeypatch.setattr(pc, "chunks", lambda runs, parts: [[i] for i in range(runs)])
    taken = 0
    for records in pc._processes(plan, 2):
        taken += len(records)
        assert pools[0].submitted - taken <= 4  # at most two chunks a worker under way, however many campaigns
    assert taken == 60


def test_a_campaign_playtest_plays_a_directors_cut_chapter_against_the_director_bot(workdir):
    from zwar_author.engine.api import new_game
    from zwar_author.play.campaign import Progress, open_campaign

    pack(workdir, CAMPAIGN + "directors_cut = true\n")
    book, _ = open_campaign(workdir / "p/campaign.toml", [CONTENT])
    assert book is not None
    second = book.chapters[1].mission
    setup = Progress.start(book.economy).setup(book.economy, second, 40, book.chapters[1].directors_cut)
    assert new_game(second, setup).ruleset.mode == "directors-cut"
    result = playtest("p/campaign.toml", "--runs", "2", "--policy", "cautious", "-o", "out")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "Two Rooms (campaign c), policy cautious, the Director's Cut against the director bot, 2 campaigns, seed 1, "
        "up to 3 tries a chapter")


def test_campaign_playtest_refusals(workdir):
    pack(workdir)
    result = playtest("p/campaign.toml", "--perk", "sam=turbo")
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2, "Error: --perk is for a mission's playtest, not a campaign's")


def test_a_won_chapter_banks_the_campaigns_mission_xp_and_the_loot_cards_xp(workdir):
    # "XP is awarded for each mission completed ... loot cards are cashed in for the XP printed on them"
    from dataclasses import replace

    from zwar_author.engine.api import new_game
    from zwar_author.play.campaign import Progress, open_campaign

    pack(workdir, CAMPAIGN.replace('heroes = ["sam"]', 'heroes = ["sam"]\nmission_xp = 25'))
    book, _ = open_campaign(workdir / "p/campaign.toml", [CONTENT])
    assert book is not None
    mission = book.chapters[0].mission
    loot = next(c for c in mission.search_cards.values() if c.kind == "loot" and c.xp)
    for economy, banked in ((book.economy, 25 + loot.xp), (replace(book.economy, loot_xp=False), 25)):
        progress = Progress.start(economy)
        game = new_game(mission, progress.setup(economy, mission, 40))
        [sam] = game.heroes
        sam.loot, sam.xp = [loot.id], 20 + loot.xp  # as the engine awards a won mission: 20 and the loot
        game.outcome = "victory"
        assert progress.finish(economy, game, 1)["xp"] == {"sam": banked}
        assert (progress.chapter, progress.bank, progress.earned) == (1, {"sam": banked}, {"sam": banked})


def test_a_hand_edited_campaign_save_is_refused_in_one_line(workdir):
    pack(workdir)
    assert campaign("p/campaign.toml", "--save", "group.json", input="quit\n").exit_code == 0
    saved = json.loads((workdir / "group.json").read_text())
    # progress that does not fit the campaign: located, as the set-up checks of a new campaign find it
    for change, key, message in (
            ({"progress": dict(saved["progress"], chapter=9)}, '"chapter": ',
             "chapter 9 is not one of the campaign's 2: the progress must be as the campaign saved it"),
            ({"progress": dict(saved["progress"], bank={"bob": 0})}, '"bank": ',
             ("`bank` names the heroes bob, and the campaign's are sam: the progress must be as the campaign "
             "saved it")),
    ):
        text = json.dumps(dict(saved, **change))
        (workdir / "edited.json").write_text(text)
        result = campaign("--resume", "edited.json", input="")
        at = text.index(key) + len(key) + 1
        assert (result.exit_code, result.output.splitlines()) == (1, [f"edited.json:1:{at}: error ZW007: {message}"])
    # a key missing or of the wrong kind: every problem located, as a saved game's (exit 1, never a traceback)
    for change, problems in (
            ({"progress": [1]}, [("progress", "`progress` must be a table, not a list of 1 item")]),
            ({"dice": "banana", "seed": "x"}, [("dice", '`dice` must be one of "roll" or "table", not "banana"'),
                                               ("seed", '`seed` must be an integer, not "x"')]),
            ({"progress": dict(saved["progress"], attempt=0)}, [("attempt", "`attempt` must be at least 1, not 0")])):
        text = json.dumps(dict(saved, **change))
        (workdir / "edited.json").write_text(text)
        result = campaign("--resume", "edited.json", input="")
        at = {key: text.index(f'"{key}": ') + len(f'"{key}": ') + 1 for key, _ in problems}  # the value's column
        assert (result.exit_code, result.output.splitlines()) == (
            1, [f"edited.json:1:{at[key]}: error ZW007: {message}" for key, message in problems])
    data = dict(saved)
    del data["seed"], data["dice"]
    (workdir / "edited.json").write_text(json.dumps(data))
    result = campaign("--resume", "edited.json", input="")
    assert (result.exit_code, result.output.splitlines()) == (1, [
        "edited.json:1:1: error ZW006: missing required key `dice` in the top level",
        "edited.json:1:1: error ZW006: missing required key `seed` in the top level"])


def test_a_campaign_whose_heroes_do_not_fit_a_chapter_is_refused_before_the_first_game(workdir):
    pack(workdir, CAMPAIGN.replace('heroes = ["sam"]', 'heroes = ["sam", "kat"]'))
    write(workdir, {"p/missions/second.toml": ROOM.format(id="second", title="Second").replace('heroes = ["sam"]\n', "")})
    result = campaign("p/campaign.toml", input="")
    assert (result.exit_code, result.output.splitlines()) == (1, [
        "cannot play campaign c, for these chapters:",
        "  - chapter 2 (second): the mission has 1 start points for more heroes: place kat yourself",
    ])


def test_the_booklet_marks_a_directors_cut_chapter(workdir):
    from dataclasses import replace

    from zwar_author.compile.project import check
    from zwar_author.render.booklet import booklet_pages
    from zwar_author.render.canvas import Text
    from zwar_author.render.theme import SCREEN

    pack(workdir, CAMPAIGN + "directors_cut = true\n")
    outcome = check([workdir / "p"], [CONTENT])
    campaign = outcome.campaigns["p"]
    assert [ch.directors_cut for ch in campaign.chapters] == [False, True]
    assert campaign.compiled("p").chapters[1].directors_cut is True  # and so in build/p/campaign.json
    boards = {ch.mission.mission.id: outcome.boards["p", ch.mission.mission.id] for ch in campaign.chapters}
    words = " ".join(i.text for i in booklet_pages(campaign, boards, SCREEN, "a4")[1].items if isinstance(i, Text))
    assert "The Director's Cut: one player is the director, with 6 director cards, and runs the infected;" in words
    plain = replace(campaign, chapters=[replace(ch, directors_cut=False) for ch in campaign.chapters])
    words = " ".join(i.text for i in booklet_pages(plain, boards, SCREEN, "a4")[1].items if isinstance(i, Text))
    assert "Director's Cut" not in words


def test_a_mean_xp_reads_whole_or_to_a_tenth():
    """Campaigns that end differently give means such as 62/3: the report says 20.7, not 20.6667."""
    assert [xp_text(x) for x in (20.0, 62 / 3, 40.4, 0.04)] == ["20", "20.7", "40.4", "0"]


def test_a_campaign_save_with_made_up_progress_is_refused_located(workdir):
    # a negative XP bank, a perk the campaign does not sell and a made-up director were taken and written back
    pack(workdir)
    assert campaign("p/campaign.toml", "--save", "group.json", input="done\nquit\n").exit_code == 0
    saved = json.loads((workdir / "group.json").read_text())
    assert saved["game"] is not None
    edited = dict(saved, director="skynet", progress=dict(saved["progress"], bank={"sam": -50},
                                                          perks={"sam": ["flying"]}))
    edited["game"] = dict(saved["game"], director="hal")
    text = json.dumps(edited, indent=1)
    (workdir / "edited.json").write_text(text)
    result = campaign("--resume", "edited.json", input="")
    lines = result.output.splitlines()
    assert result.exit_code == 1
    assert [line.partition(" error ")[2] for line in lines] == [
        "ZW007: `sam` must be at least 0, not -50"]
    assert '"sam": -50' in text.splitlines()[int(lines[0].split(":")[1]) - 1]
    (workdir / "edited.json").write_text(json.dumps(dict(edited, progress=saved["progress"]), indent=1))
    result = campaign("--resume", "edited.json", input="")
    assert (result.exit_code, [line.partition(" error ")[2] for line in result.output.splitlines()]) == (1, [
        ('ZW007: `skynet` is no director (a person is "", a bot one of bot, passive): it must be as the game '
        'saved it'),
        'ZW007: `hal` is no director (a person is "", a bot one of bot, passive): it must be as the game saved it'])
    (workdir / "edited.json").write_text(json.dumps(dict(saved, progress=dict(saved["progress"],
                                                                              perks={"sam": ["flying"]})), indent=1))
    result = campaign("--resume", "edited.json", input="")
    [line] = result.output.splitlines()
    assert result.exit_code == 1 and line.partition(" error ")[2].startswith(
        "ZW007: sam cannot hold `flying` (twice, or a perk the campaign does not sell: ")
    (workdir / "edited.json").write_text(json.dumps(dict(saved, progress=dict(saved["progress"],
                                                                              bought=[["sam", "flying", 1]]))))
    result = campaign("--resume", "edited.json", input="")
    assert (result.exit_code, [line.partition(" error ")[2] for line in result.output.splitlines()]) == (1, [
        ("ZW007: `sam` buying `flying` before chapter 1 is no purchase this campaign offers: the progress must be "
        "as the campaign saved it")])
    assert json.loads((workdir / "group.json").read_text()) == saved  # nothing was written back


def test_a_campaign_saves_chapter_game_gets_a_new_games_checks(workdir):
    pack(workdir)
    assert campaign("p/campaign.toml", "--save", "group.json", input="done\nquit\n").exit_code == 0
    saved = json.loads((workdir / "group.json").read_text())
    saved["game"]["setup"]["heroes"] = ["nobody"]
    (workdir / "edited.json").write_text(json.dumps(saved, indent=1))
    result = campaign("--resume", "edited.json", input="")
    [line] = result.output.splitlines()
    assert result.exit_code == 1
    assert line.partition(" error ")[2].startswith(
        "ZW007: the saved setup does not fit the mission (there is no hero `nobody` in this mission")


@pytest.mark.parametrize(("edit", "message"), [
    (lambda text, saved: text.replace('"director": ', '"director": ' + "[" * 3000 + "]" * 3000 + ', "_": ', 1),
     "error ZW013: arrays and tables are nested more than 32 deep here: a source nests at most 32 levels"),
    (lambda text, saved: text.replace(json.dumps(saved["game"]["rng"][1])[1:-1],
                                      ", ".join(map(str, [*saved["game"]["rng"][1][:5], 2**32, *saved["game"]["rng"][1][6:]]))),
     ("error ZW007: `rng` word 6 is 4294967296, not a whole number from 0 to 4294967295: the state of the game's dice "
      "must be as the game saved it")),
])
def test_a_campaign_save_nested_deep_or_with_dice_past_32_bits_is_one_located_error(workdir, edit, message):
    # a campaign save is read as a game's: through the depth-checked reader (no RecursionError) and its checks
    pack(workdir)
    assert campaign("p/campaign.toml", "--save", "group.json", input="done\nquit\n").exit_code == 0
    saved = json.loads((workdir / "group.json").read_text())
    text = edit(json.dumps(saved), saved)
    (workdir / "edited.json").write_text(text)
    result = campaign("--resume", "edited.json", input="")
    [line] = result.output.splitlines()
    assert result.exit_code == 1 and line.startswith("edited.json:1:") and line.endswith(message), line
