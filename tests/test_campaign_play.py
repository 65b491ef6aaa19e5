"""`zwar campaign play` and the campaign driver: chapters in order, XP banked, perks bought, restarts, saves."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import CONTENT, write

from zwar_author.cli import cli

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
            if not line.startswith((" ", "=", "S Sam", "Hero move", ">  "))]


def test_a_campaign_banks_xp_buys_the_plan_replays_a_lost_chapter_and_resumes(workdir):
    pack(workdir)
    first = campaign("p/campaign.toml", "--save", "group.json", "--max-turns", "1",
                     input="buy sam turbo\nperks sam\ndone\n" + ESCAPE + "buy sam nothing\nplan\ndone\nquit\n")
    assert first.exit_code == 0, first.output
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
    pack(workdir, CAMPAIGN + "directors_cut = true\n")
    result = campaign("p/campaign.toml", input="")
    assert (result.exit_code, result.output.splitlines()) == (1, [
        "cannot play campaign c: the engine does not play these chapters yet:",
        "  - chapter 2 (second) is a Director's Cut: director cards and the director's choices are not played",
    ])
