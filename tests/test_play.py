"""`zwar play` and `zwar rules-test` as a user sees them."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import CONTENT, mission, write

from zwar_author.cli import cli

SMALL = mission('''
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

    [[infected]]
    class = "zombie"
    at = "3,0"
    facing = "N"

    [[victory]]
    escape = "all"
    ''', head='[mission]\nid = "small"\ntitle = "Small"\n')

BOARD = """\
   0 1 2 3
   +-+-+-+-+
 0 |. . . Z|
   + + + + +
 1 |S . . x|
   +-+-+-+-+
S Sam at 0,1, 4 AP: [Pistol 12], Stink Tank 5
Z z1 zombie at 3,0 facing N"""


def play(*args: str, input: str):
    return CliRunner().invoke(cli, ["play", *args], input=input, prog_name="zwar")


def test_play_shows_the_board_the_options_and_why_an_action_is_illegal(workdir):
    write(workdir, {"small.toml": SMALL})
    out = play("small.toml", "--seed", "3", input="sam: move 3,3\nsam: quick z1\nquit\n")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert "\n".join(lines[:8]) == BOARD
    assert "== Turn 1 ==" in lines and "== Hero move ==" in lines
    assert "    1. sam: move 1,1" in lines and "   21. end turn" in lines
    assert "> zwar play: `3,3` is not a square of the board" in lines
    assert any("  Sam quick fires at zombie z1 (3,0) with the Pistol: rolls " in line for line in lines)
    assert lines[-1] == "> stopped (use --save FILE to keep a game)"


def test_play_with_table_dice_asks_for_each_roll_and_checks_it(workdir):
    write(workdir, {"small.toml": SMALL})
    out = play("small.toml", "--dice", "table", input="sam: quick z1\n9\n7\nquit\n")
    lines = out.output.splitlines()
    assert "Roll a d8 (Sam): Sam quick fires at zombie z1 (3,0) with the Pistol" in lines
    assert "> zwar play: type the die as rolled: a number from 1 to 8" in lines
    assert any(line.endswith("  Sam quick fires at zombie z1 (3,0) with the Pistol: rolls 7 → kill") for line in lines)
    assert "  Zombie z1 is killed" in lines


def test_play_saves_and_resumes(workdir):
    write(workdir, {"small.toml": SMALL})
    first = play("small.toml", "--save", "game.json", input="sam: move 1,1\n")
    assert first.exit_code == 0 and first.output.splitlines()[-1] == \
        "saved to game.json; resume with `zwar play --resume game.json`"
    saved = json.loads((workdir / "game.json").read_text())
    assert saved["format"] == "zwar-save/1" and len(saved["inputs"]) == 1
    again = play("--resume", "game.json", input="sam: move 2,1\nsam: move 3,1\nsam: exit\n")
    assert again.exit_code == 0, again.output
    lines = again.output.splitlines()
    assert any(line.endswith("  Sam leaves the board at 3,1") for line in lines)
    assert lines[-1].endswith("Game over after turn 1: victory. the heroes win")


def test_play_usage_errors(zwar, workdir):
    result = zwar("play")
    assert result.exit_code == 2 and "Error: give a MISSION to play, or --resume SAVE" in result.output
    write(workdir, {"not-a-save.json": "{}"})
    result = zwar("play", "--resume", "not-a-save.json")
    assert result.exit_code == 2
    assert 'Error: not-a-save.json: not a saved game (no "format": "zwar-save/1")' in result.output
    result = zwar("play", str(workdir / "../nowhere.toml"))
    assert result.exit_code == 2 and "no such file" in result.output


def test_play_plays_download_or_destroy_with_two_bots(zwar):
    """Refused until its sinkhole and dead-agent rule were played (tests/test_games.py has the refusals)."""
    result = zwar("play", CONTENT / "core" / "missions" / "download-or-destroy.toml", "--bot", "first=cautious",
                  "--bot", "second=cautious", "--max-turns", "2")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "Game over after turn 2: defeat. the game reached its limit of 2 turns"


SCENARIO = '''
[scenario]
title = "A kill on a 7"
script = ["sam: quick z1"]
dice = [7]

[[floors]]
art = """
+-+-+-+
|. . .|
+-+-+-+
"""

[[heroes]]
id = "sam"
at = "0,0"

[[infected]]
class = "zombie"
at = "2,0"
facing = "W"

[expect]
infected = []
heroes.sam = { ap = 2 }
'''


def test_rules_test_reports_pass_and_fail_with_a_diff(zwar, workdir):
    write(workdir, {"rules/good.toml": SCENARIO.replace("ap = 2", "ap = 3"), "rules/bad.toml": SCENARIO})
    result = zwar("rules-test", "rules")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "FAIL rules/bad.toml: A kill on a 7",
        "    heroes.sam.ap: expected 2, got 3",
        "PASS rules/good.toml: A kill on a 7",
        "2 scenarios: 1 passed, 1 failed",
    ]
    assert zwar("rules-test", "-q", "rules/good.toml").output == "1 scenario: 1 passed, 0 failed\n"


def test_rules_test_points_at_mistakes_in_a_scenario(zwar, workdir):
    write(workdir, {"s.toml": SCENARIO.replace('dice = [7]', 'dice = [7]\nspeed = 3')})
    result = zwar("rules-test", "s.toml")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "FAIL s.toml: s",
        ("    s.toml:6:1: error ZW005: unknown key `speed` in [scenario]; known keys: cards, controlled, deal, deck, "
        "dice, directors_cut, hand, initiative, max_turns, miniatures, notes, objectives, open_doors, phase, "
        "rib_driver, script, sides, source, start, title, turn, until"),
        "1 scenario: 0 passed, 1 failed",
    ]
    assert zwar("rules-test", "missing").exit_code == 2


def test_a_save_that_cannot_be_renamed_into_place_leaves_the_old_save_and_no_temporary_file(workdir, monkeypatch):
    write(workdir, {"small.toml": SMALL})
    first = play("small.toml", "--save", "game.json", input="sam: move 1,1\n")
    assert first.exit_code == 0
    before = (workdir / "game.json").read_text()

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("zwar_author.publish.os.replace", refuse)
    again = play("--resume", "game.json", "--save", "game.json", input="sam: move 2,1\n")
    assert again.exit_code == 2
    assert again.output.splitlines()[-1] == "Error: cannot save to game.json: No space left on device"
    assert (workdir / "game.json").read_text() == before
    assert sorted(p.name for p in workdir.iterdir()) == ["game.json", "small.toml"]


def test_play_gives_the_heroes_the_missions_perks(workdir):
    write(workdir, {"small.toml": SMALL.replace('heroes = ["sam"]', 'heroes = ["sam"]\n\n[mission.perks]\nsam = ["turbo"]', 1)})
    out = play("small.toml", "--save", "game.json", input="quit\n")
    assert out.exit_code == 0, out.output
    assert json.loads((workdir / "game.json").read_text())["setup"]["perks"] == [["sam", ["core/turbo"]]]
    replaced = play("small.toml", "--perk", "sam=kip-up", "--save", "other.json", input="quit\n")
    assert replaced.exit_code == 0, replaced.output
    assert json.loads((workdir / "other.json").read_text())["setup"]["perks"] == [["sam", ["kip-up"]]]


# --- the director at a shared terminal ---------------------------------------------------------------------


HOLD_OUT = CONTENT / "core" / "missions" / "hold-out.toml"


def _infected_move(output: str) -> list[str]:
    lines = output.splitlines()
    return lines[lines.index("== Infected move ==") + 1:][:7]


def test_a_person_directing_sees_the_hand_only_after_the_heroes_look_away():
    # "deal 12 director cards face down to the director player (only the director may see the director cards)"
    out = play(str(HOLD_OUT), input="end turn\n\n1\n")
    assert _infected_move(out.output) == [
        "Director: your cards are next. Heroes, look away; director, press enter.",
        "Director card: the infected move begins: play a card?",
        "    1. play no card",
        "    2. play Direct Control",
        "    3. play Frenzy",
        "> The director's cards are hidden again.",
        "  Zombie z2 moves towards Victor, 10 squares away",
    ]
    before = out.output.split("Director: your cards are next.")[0]
    assert "Direct Control" not in before and "Frenzy" not in before


def test_show_hand_lists_the_directors_cards_at_once():
    out = play(str(HOLD_OUT), "--show-hand", input="end turn\n1\n")
    assert _infected_move(out.output)[:5] == [
        "Director card: the infected move begins: play a card?",
        "    1. play no card",
        "    2. play Direct Control",
        "    3. play Frenzy",
        ">   Zombie z2 moves towards Victor, 10 squares away",
    ]
    assert "look away" not in out.output and "hidden again" not in out.output


def test_a_hand_edited_save_is_a_located_error(workdir):
    write(workdir, {"small.toml": SMALL})
    play("small.toml", "--save", "game.json", input="sam: move 1,1\n")
    saved = json.loads((workdir / "game.json").read_text())
    for key in ("sha256", "setup", "inputs"):
        (workdir / f"no-{key}.json").write_text(json.dumps({k: v for k, v in saved.items() if k != key}))
    (workdir / "bad.json").write_text(json.dumps({**saved, "inputs": [{"choice": "nonsense"}], "rng": [3]}, indent=1))
    (workdir / "bad-answer.json").write_text(json.dumps({**saved, "inputs": [{"action": {"verb": "fly"}}]}, indent=1))
    outs = {name: play("--resume", f"{name}.json", input="")
            for name in ("no-sha256", "no-setup", "no-inputs", "bad", "bad-answer")}
    assert {name: (r.exit_code, r.output.splitlines()) for name, r in outs.items()} == {
        "no-sha256": (1, ["no-sha256.json:1:1: error ZW006: missing required key `sha256` in the top level"]),
        "no-setup": (1, ["no-setup.json:1:1: error ZW006: missing required key `setup` in the top level"]),
        "no-inputs": (1, ["no-inputs.json:1:1: error ZW006: missing required key `inputs` in the top level"]),
        "bad": (1, [("bad.json:11:9: error ZW007: `rng` is not the state of the game's dice (not enough values to "
                    "unpack (expected 3, got 1)): it must be as the game saved it")]),
        "bad-answer": (1, [("bad-answer.json:6:3: error ZW007: answer 1 of 1 does not replay (an action has the keys "
                           "hero, verb, to, target, square, mode, card, other (hero and verb at least)): the answers "
                           "must be as the game saved them")]),
    }
