"""What the rules scenario format refuses or states (docs/scenarios.md), with the exact words a writer sees."""

from pathlib import Path

from zwar_author.compile.workspace import Workspace
from zwar_author.play.scenario import run_file

HERE = Path(__file__).parent
NEWBORN = HERE / "rules-agentz" / "newborn" / "n03-a-steered-unit-needs-no-route.toml"
DIRECTOR = HERE / "rules" / "director" / "k06-direct-control-no-route-still-moves.toml"


def _run(tmp_path: Path, source: Path, old: str, new: str) -> list[str]:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / source.name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return run_file(path, Workspace()).failures


def test_a_versus_scenario_gives_no_unit_to_the_director(tmp_path):
    failures = _run(tmp_path, NEWBORN, 'controlled = { z1 = "jack" }', "controlled = [1]")
    assert failures == [('in a versus game there is no director: name the agent steering each unit '
                        '(`controlled = { z1 = "jack" }`)')]


def test_a_versus_holder_is_an_agent_of_the_game(tmp_path):
    failures = _run(tmp_path, NEWBORN, 'controlled = { z1 = "jack" }', 'controlled = { z1 = "kat" }')
    assert failures == ['`z1 = "kat"` in `controlled`: a unit is `z<number>`, its holder an agent in the game']


def test_a_director_game_lists_its_units_by_number(tmp_path):
    failures = _run(tmp_path, DIRECTOR, "controlled = [1]", 'controlled = { z1 = "sam" }')
    assert failures == [("only in a versus game does an agent steer a unit: list the director's units by number "
                        "(`controlled = [1]`)")]


AIMED = HERE / "rules" / "worked" / "02-aimed-4-plus-2-kills.toml"
DOORS = HERE / "rules" / "doors" / "02-no-door-actions-on-the-diagonal.toml"
ILLEGAL = 'illegal = ["sam: open door H:2,2", "sam: knock door H:2,2"]'


def test_an_illegal_text_no_option_could_have_is_an_error(tmp_path):
    failures = _run(tmp_path, DOORS, ILLEGAL, 'illegal = ["sam: opne door H:2,2", "sam: move 9,9", '
                    '"kat: move 1,1", "sam: open door H:9,9", "sam: move 1,1 then aimed z1 at 3,1"]')
    assert failures == [
        ("illegal: `sam: opne door H:2,2` is no action's text: no option could ever read so (docs/scenarios.md, "
        "Script lines)"),
        "illegal: `sam: move 9,9` names `9,9`, which is no square of the board",
        "illegal: `kat: move 1,1` names no hero or NPC of this scenario (sam)",
        "illegal: `sam: open door H:9,9` names `H:9,9`, which is no door of the board",
        ("illegal: `sam: move 1,1 then aimed z1 at 3,1` is no action's text: no option could ever read so "
        "(docs/scenarios.md, Script lines)"),
    ]


def test_no_option_of_a_verb(tmp_path):
    assert _run(tmp_path, DOORS, ILLEGAL, 'no_option = ["sam: open", "sam: knock", "sam: execute"]') == []
    failures = _run(tmp_path, DOORS, ILLEGAL, 'no_option = ["sam: move", "sam: opne", "kat: end"]')
    assert failures[0].startswith("no_option: `sam: opne` names no action's verb")
    assert failures[1].startswith("no_option: `kat: end` should read `hero: verb`, the hero one of sam")
    assert failures[2].startswith("no_option: `sam: move` is offered: sam: move ")


def test_no_die_is_thrown(tmp_path):
    expect = "infected = []"
    assert _run(tmp_path, AIMED, expect, 'infected = []\nnot_rolled = ["Bite test", "Turn spawn"]') == []
    assert _run(tmp_path, AIMED, expect, 'infected = []\nnot_rolled = ["aims", ""]') == [
        "not_rolled: a die was thrown for `Sam aims at zombie z1 (4,0) with the Pistol`",
        "not_rolled: 1 die was thrown, the first for `Sam aims at zombie z1 (4,0) with the Pistol`",
    ]


LOOT = HERE / "rules" / "director" / "l04-start-at-the-hero-move-asks-the-loot-question.toml"
DROPS = HERE / "rules" / "director" / "o03-start-at-the-spawn-phase-runs-the-drop-offs.toml"


def test_start_steps_are_skipped_unless_run(tmp_path):
    assert _run(tmp_path, LOOT, 'start = "run"', 'start = "skip"')[0].startswith(
        "script `sam plays tobacco` at \"Hero move: choose an action\"")
    assert _run(tmp_path, DROPS, 'start = "run"', 'start = "skip"')[0].startswith("2 unused script lines")


def test_until_a_phase_of_a_turn(tmp_path):
    """`turn 1 spawn` stops at turn 1's spawn phase, before its roll; `turn 2 heroes` at turn 2's hero move."""
    stop = 'until = "turn 1 spawn"\n'
    failures = _run(tmp_path, LOOT, 'until = "infection"\n', stop)
    assert failures == ["1 unused dice: [2]"]
    failures = _run(tmp_path, LOOT, 'until = "infection"\n', 'until = "turn 2 heroes"\nmax_turns = 3\n')
    assert failures == []
    failures = _run(tmp_path, LOOT, 'until = "infection"', 'until = "turn 2 infectd"')  # misspelt: refused
    assert failures[0].endswith("error ZW007: `until` must be a phase (infected, spawn, infection, end), `turn N` "
                                'or `turn N PHASE` (`turn 3 infected`), not "turn 2 infectd"')


def test_objectives_held_at_the_start(tmp_path):
    failures = _run(tmp_path, LOOT, 'start = "run"', 'start = "run"\nobjectives = [1]')
    assert failures == ["objective 1 is not in this scenario (its objectives: none)"]


ABOARD = HERE / "rules" / "exodus" / "rib" / "26-start-aboard.toml"


def test_rib_expectations_and_its_driver(tmp_path):
    wanted = 'rib = { at = "5,1", facing = "E", driver = "mike", crew = ["kira", "mike"] }'
    assert _run(tmp_path, ABOARD, wanted, 'rib = { at = "4,1", facing = "N", driver = "kira", crew = ["kira"] }') == [
        "rib.at: expected '4,1', got '5,1'", "rib.facing: expected 'N', got 'E'",
        "rib.driver: expected 'kira', got 'mike'", "rib.crew: expected ['kira'], got ['kira', 'mike']"]
    text = ABOARD.read_text(encoding="utf-8").replace('id = "kira"\nat = "2,1"', 'id = "kira"\nat = "0,1"')
    (tmp_path / "ashore.toml").write_text(text.replace('rib_driver = "mike"', 'rib_driver = "kira"'), encoding="utf-8")
    assert run_file(tmp_path / "ashore.toml", Workspace()).failures == [
        "`rib_driver` kira is not aboard the rib (aboard: mike)"]


COPIES = HERE / "rules" / "movement" / "gear" / "copies-named-by-their-holder.toml"


def test_copies_are_named_by_their_holder_whatever_the_order(tmp_path):
    text = COPIES.read_text(encoding="utf-8")
    victor, sam = text.index('[[heroes]]\nid = "victor"'), text.index('[[heroes]]\nid = "sam"')
    end = text.index("[[infected]]")
    swapped = text[:victor] + text[sam:end] + text[victor:sam] + text[end:]
    assert swapped != text
    (tmp_path / "swapped.toml").write_text(swapped, encoding="utf-8")
    assert run_file(tmp_path / "swapped.toml", Workspace()).failures == []
    assert run_file(COPIES, Workspace()).failures == []


DEAL = HERE / "rules" / "director" / "d01-the-deal-before-turn-1.toml"


def test_a_deal_lists_exactly_the_cards_dealt(tmp_path):
    deal = 'deal = ["frenzy", "jammed"]'
    assert _run(tmp_path, DEAL, deal, 'deal = ["frenzy"]') == [
        "`deal` lists too few cards: Deal a director card to the director"]
    assert _run(tmp_path, DEAL, deal, 'deal = ["frenzy", "jammed", "ambush"]') == [
        "`deal` lists more cards than are dealt: ['ambush'] are left"]
    assert _run(tmp_path, DEAL, deal, deal + '\nhand = ["frenzy"]') == [
        "a scenario either deals the hands (`deal`) or gives them (`hand`), not both"]


def test_a_scenario_in_a_pack_plays_the_pack_s_own_cards(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "pack.toml").write_text('[pack]\nid = "homebrew"\ntitle = "Homebrew"\nrequires = ["core"]\n')
    (tmp_path / "rules" / "cards.toml").write_text(
        '[[equipment]]\nid = "nail-gun"\nname = "Nail Gun"\ngames = ["zwar1"]\nkind = "ballistic"\n'
        'fire = ["semi-auto"]\nammo = 30\nquick = { "1-3" = "miss", "4-5" = "knockdown", "6-8" = "kill" }\n'
        'text = "A homebrew card."\n')
    (tmp_path / "scenarios").mkdir()
    text = AIMED.read_text(encoding="utf-8").replace('at = "0,1"\n', 'at = "0,1"\nequipment = ["nail-gun"]\n', 1)
    text = text.replace("with the Pistol", "with the Nail Gun").replace("pistol = 11", "nail-gun = 29")
    (tmp_path / "scenarios" / "nail.toml").write_text(text, encoding="utf-8")
    assert run_file(tmp_path / "scenarios" / "nail.toml", Workspace()).failures == []
