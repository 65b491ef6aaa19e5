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
