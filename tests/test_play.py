"""`zwar play` and `zwar rules-test` as a user sees them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import CONTENT, mission, write

from zwar_author.cli import cli
from zwar_author.engine.api import new_game
from zwar_author.engine.state import DEFAULT_SETUP
from zwar_author.play.legend import legend
from zwar_author.play.load import load_mission

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
    assert again.output.splitlines()[-1] == "Error: cannot write game.json: No space left on device"
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
    """The lines after the infected move's heading, the board drawn again there (the heroes' move ended) left out."""
    lines = output.splitlines()
    after = lines[lines.index("== Infected move ==") + 1:]
    keys = [i for i, line in enumerate(after[:80]) if line.startswith("Key: ")]
    return after[keys[0] + 2:][:7] if keys else after[:7]


@pytest.mark.slow
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


@pytest.mark.slow
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


# --- the board at the table ---------------------------------------------------------------------------


def test_the_board_has_a_key_and_is_drawn_again_after_each_change(workdir):
    write(workdir, {"small.toml": SMALL})
    out = play("small.toml", "--seed", "3", input="sam: move 3,3\nsam: move 1,1\nquit\n")
    lines = out.output.splitlines()
    assert lines[8:10] == ["Key: S Sam; Z infected (z prone); x exit", "     - | wall; . corridor"]
    boards = [i for i, line in enumerate(lines) if line == "   0 1 2 3"]
    # drawn at the start and after the move; not after the illegal answer, which changed nothing
    assert len(boards) == 2
    assert lines[boards[1] + 4] == " 1 |. S . x|"
    assert lines[boards[1] + 6] == "S Sam at 1,1, 3 AP: [Pistol 12], Stink Tank 5"
    assert lines.index("> zwar play: `3,3` is not a square of the board") < boards[1]


TWO = SMALL.replace('heroes = ["sam"]', 'heroes = ["sam", "kat"]').replace(
    '[[starts]]\nat = "0,1"', '[[starts]]\nat = "0,1"\n\n[[starts]]\nat = "0,0"')


def test_acting_with_another_hero_asks_before_ending_the_first_ones_move(workdir):
    # "Each hero must complete their move before the next hero starts theirs" and "Unused AP cannot be
    # carried over to the next turn" (Z War One, The hero move): switching heroes ends Sam's move, so it is asked.
    write(workdir, {"two.toml": TWO})
    out = play("two.toml", input="sam: move 1,1\nkat: move 1,0\nn\nkat: move 1,0\ny\nquit\n")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    warning = ("> zwar play: Sam has 3 AP left: acting with Kat ends Sam's move for this turn (a hero finishes "
               "their move before the next starts, and unused AP are lost).")
    assert lines.count(warning) == 2
    first = lines.index(warning)
    assert lines[first + 1] == "Act with them anyway? [y/N] Sam goes on."
    assert "  Kat moves to 1,0" not in lines[:first + 2]
    second = lines.index(warning, first + 1)
    assert lines[second + 1] == "Act with them anyway? [y/N]   Kat moves to 1,0"
    assert "S Sam at 1,1, 3 AP, done: [Pistol 12], Stink Tank 5" in lines[second:]
    assert "Key: K Kat; S Sam; Z infected (z prone); x exit" in lines[second:]


def test_the_key_names_what_this_board_shows():
    crossing, _ = load_mission(CONTENT / "core" / "missions" / "the-crossing.toml")
    assert crossing is not None
    assert legend(new_game(crossing, DEFAULT_SETUP)).splitlines() == [
        ("Key: K Kira; M Mike; O Old Tom; Z infected (z prone); x exit; 1-9 objective; a-c spawn point; i item; "
         "o object; k keycard; c crate; R rib"),
        "     - | wall; D closed door, / open, _ destroyed; * obstacle; . corridor; : room; ~ water; t shore"]


def test_table_dice_deal_the_directors_cards_as_the_table_draws_them():
    # Hold Out deals the director cards before any other question: with --dice table the group draws from
    # its own deck and types each card (it was an internal error: a card id listed as if it were an action)
    out = play(str(HOLD_OUT), "--dice", "table", input="1\nframe\njammed\nquit\n")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    first = lines.index("Deal a director card to the director:")
    assert lines[first:first + 9] == [
        "Deal a director card to the director:", "    1. Ambush", "    2. Direct Control", "    3. Frenzy",
        "    4. Horde", "    5. Jammed", "    6. Nest", "    7. Reinforcements", "> Deal a director card to the director:"]
    assert ("> zwar play: name a card left in the deck: ambush, direct control, frenzy, horde, jammed, nest, "
            "reinforcements") in lines
    assert lines[-1] == "> stopped (use --save FILE to keep a game)"


TOWER = CONTENT / "core" / "missions" / "the-tower.toml"
DEEP = "DEEP"  # replaced by 3,000 nested arrays in the file's text
SETUP_MISFIT = "error ZW007: the saved setup does not fit the mission ({}): it must be as the game saved it"
TAMPERED = {  # what is changed in a saved game of The Tower -> what the line pointed at holds, and the error
    "deep": (lambda d: d.update(x=DEEP), "[[[",
             "error ZW013: arrays and tables are nested more than 32 deep here: a source nests at most 32 levels"),
    "rng-2^32": (lambda d: d["rng"][1].__setitem__(5, 2**32), "4294967296",
                 ("error ZW007: `rng` word 6 is 4294967296, not a whole number from 0 to 4294967295: the state of the "
                 "game's dice must be as the game saved it")),
    "rng-negative": (lambda d: d["rng"][1].__setitem__(0, -1), "-1",
                     ("error ZW007: `rng` word 1 is -1, not a whole number from 0 to 4294967295: the state of the "
                     "game's dice must be as the game saved it")),
    "hero": (lambda d: d["setup"].update(heroes=["nobody"]), '"setup": {', SETUP_MISFIT.format(
        "there is no hero `nobody` in this mission (heroes: cole, kat, sam, victor)")),
    "more-heroes-than-starts": (lambda d: d["setup"].update(heroes=["cole", "kat", "sam", "victor", "kat"]), '"setup": {',
                                SETUP_MISFIT.format("the mission has 4 start points for more heroes: place kat "
                                                    "yourself")),
    "off-board": (lambda d: d["setup"].update(positions=[["sam", "99,99"]]), '"setup": {',
                  SETUP_MISFIT.format("`99,99` is not a square sam can stand on")),
    "perk": (lambda d: d["setup"].update(perks=[["sam", ["flying"]]]), '"setup": {',
             SETUP_MISFIT.format("there is no perk `flying` in this mission's rules")),
    "equipment": (lambda d: d["setup"].update(equipment=[["sam", ["laser"]]]), '"setup": {',
                  SETUP_MISFIT.format("there is no equipment card `laser` in this mission's rules")),
    "director": (lambda d: d.update(director="skynet"), '"director": "skynet"',
                 ('error ZW007: `skynet` is no director (a person is "", a bot one of bot, passive): it must be as '
                 'the game saved it')),
    "max-turns": (lambda d: d["setup"].update(max_turns=10**30), '"max_turns": 1000000000000000000000000000000',
                  "error ZW007: `max_turns` must be at most 999, not 1000000000000000000000000000000"),
    "sides": (lambda d: d["setup"].update(sides=[["alien", "sam"]]), '"alien"',
              ("error ZW007: `alien` played by `sam` is not a side of this mission and one of its heroes (the mission "
              "has no sides): the setup must be as the game saved it")),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_save_gets_the_checks_of_a_new_game_located(workdir, case):
    # each was an internal error (RecursionError, OverflowError, SetupError, ValueError) or taken as it was
    assert play(str(TOWER), "--save", "game.json", input="quit\n").exit_code == 0
    saved = json.loads((workdir / "game.json").read_text())
    change, key, message = TAMPERED[case]
    change(saved)
    text = json.dumps(saved, indent=1).replace('"DEEP"', "[" * 3000 + "]" * 3000)
    (workdir / "game.json").write_text(text)
    out = play("--resume", "game.json", input="")
    assert out.exit_code == 1, out.output
    [line] = out.output.splitlines()
    where, _, said = line.partition(" error ")
    assert "error " + said == message
    name, row, col = where.rstrip(":").split(":")
    assert name == "game.json" and int(col) >= 1
    assert key in "".join(text.splitlines()[int(row) - 1:int(row) + 1]), line  # the value's line (or its first)


def test_a_typed_save_that_cannot_be_written_says_why_and_the_game_goes_on(workdir, monkeypatch):
    write(workdir, {"small.toml": SMALL})

    def full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("zwar_author.play.session.write_whole", full)  # a full disk, simulated
    out = play("small.toml", input="save other.json\nsam: move 1,1\nboard\nquit\n")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert "> zwar play: cannot write other.json: No space left on device; the game goes on unsaved" in lines
    assert any(line.endswith("Sam moves to 1,1") for line in lines)  # the answers after it still run
    assert lines[-1] == "> stopped (use --save FILE to keep a game)"
    assert not (workdir / "other.json").exists()
