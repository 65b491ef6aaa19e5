"""All Things Zombie vehicles in encounters: `[[vehicles]]` read and checked, crews seated, a crew member the
group lacks named, the bots driving (the rules themselves: tests/rules-atz/vehicles)."""

from __future__ import annotations

import shutil

import pytest
from conftest import CONTENT

from zwar_author.compile.project import check
from zwar_author.model.atz import GroupDoc
from zwar_author.playtest.atz import aggressive, cautious
from zwar_author.skirmish.atz import driving
from zwar_author.skirmish.atz.encounter import CannotPlay, setup, unplayed
from zwar_author.skirmish.atz.game import AtzGame
from zwar_author.skirmish.atz.vehicles import KINDS, Type, Working, chances
from zwar_author.skirmish.core import Choice, Request
from zwar_author.skirmish.core.chance import RequestKind

COUPLE = GroupDoc.model_validate({"members": [
    {"name": "Jimmy", "class": "civilian", "rep": 4, "weapons": ["Improvised two hand weapon"]},
    {"name": "Megan", "class": "civilian", "rep": 4}]})


@pytest.fixture(scope="module")
def pack():
    outcome = check([CONTENT / "atz"])
    return outcome, {s.table.id: s.table for s in outcome.packs[0].tables.values()}


def _atm(pack, group=COUPLE, **how):
    outcome, tables = pack
    found = {e.model.encounter.id: e for e in outcome.encounters["atz"]}["atm-adventure"]
    return found, setup(found.model, found.table, [p for _, _, p in found.pieces], tables, group, **how)


def test_atm_adventures_car_is_driven_with_jimmy_at_the_wheel(pack):
    """Seed 004 line 2218 ("Jimmy starts in the driver seat") and the special instruction "The car requires
    using the \"The Car Won't Start!\" rule" (line 1456), now played, not left out."""
    found, (made, _left_out) = _atm(pack, leave_out=True)
    assert not any("Car Won't Start" in item for item in unplayed(found.model))
    (car,) = made.vehicles
    assert (car.kind.name, car.crew, car.keys, car.wont_start, car.speed) == ("Sedan", ["h1"], True, True, 0)
    assert car.position.x == 24 and car.position.y == 23 and car.facing == 90  # its centre, facing across
    game = AtzGame(made)
    jimmy = next(h for h in game.humans if h.name == "Jimmy")
    assert jimmy.vehicle == "car" and jimmy.position == car.position
    assert all(p.kind.name != "Car" for p in made.board.pieces)  # no longer terrain: a figure on the table


def test_a_crew_member_the_group_lacks_is_named(pack):
    other = GroupDoc.model_validate({"members": [{"name": "Billy Pink", "class": "survivor", "rep": 5}]})
    with pytest.raises(CannotPlay) as refused:
        _atm(pack, group=other)
    assert "vehicle car: its crew member Jimmy is not in the group (starts outside it)" in refused.value.missing
    _, (made, left_out) = _atm(pack, group=other, leave_out=True)
    assert "vehicle car: its crew member Jimmy is not in the group (starts outside it)" in left_out
    assert made.vehicles[0].crew == []


def test_an_unknown_key_or_vehicle_type_in_vehicles_is_an_error(tmp_path):
    pack = tmp_path / "atz"
    shutil.copytree(CONTENT / "atz", pack)
    path = pack / "encounters" / "atm-adventure.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('vehicle = "sedan"', 'vehicle = "tank"\ncolour = "red"'), encoding="utf-8")
    problems = [d.human() for d in check([pack]).report.sorted() if d.severity.value == "error"]
    assert any("ZW005" in p and "unknown key `colour`" in p for p in problems), problems
    assert any("vehicle" in p and "tank" in p for p in problems), problems


def test_both_bots_start_the_car_and_drive(pack):
    _, (made, _) = _atm(pack, leave_out=True)
    game = AtzGame(made)
    options = [Choice(("start", "car"), "start"), Choice(("out", "car"), "out"), Choice("hold", "hold")]
    ask = Request(RequestKind.CHOOSE, "player", "Jimmy: what to do", options, who="h1")
    assert cautious(game, ask).key == ("start", "car") and aggressive(game, ask).key == ("start", "car")
    car = driving.vehicles(game)[0]
    car.running, car.speed = True, 9
    options = [Choice("drive", "d"), Choice("accelerate", "a"), Choice("speed", "s"), Choice("brake", "b")]
    ask = Request(RequestKind.CHOOSE, "player", "Jimmy: what to do", options, who="h1")
    assert cautious(game, ask).key == "accelerate" and aggressive(game, ask).key == "speed"
    car.stuck = True
    options = [Choice("drive", "d"), Choice(("out", "car"), "o")]
    ask = Request(RequestKind.CHOOSE, "player", "Jimmy: what to do", options, who="h1")
    assert cautious(game, ask).key == ("out", "car")


def test_the_day_of_the_outbreak_is_read_and_the_groups_own_vehicle_works(pack):
    """The group file's `day` reaches the game (lines 1438-1448 roll by it); a vehicle the group starts in is
    its own, known to work (only vehicles found are tried, line 1428); one found and known to be out of gas
    or worn out is not tried again."""
    late = GroupDoc.model_validate({"group": {"day": 800}, "members": COUPLE.model_dump(by_alias=True)["members"]})
    _, (made, _) = _atm(pack, group=late, leave_out=True)
    assert made.day == 800 and made.vehicles[0].working is Working.WORKS
    game = AtzGame(made)
    car, jimmy = driving.vehicles(game)[0], game.humans[0]
    assert driving.startable(game, jimmy, car)
    for state in (Working.NO_GAS, Working.WORN):
        car.working = state
        assert not driving.startable(game, jimmy, car)
    assert chances(14) == (0, 0) and chances(15) == (0, 2) and chances(31) == (0, 4)
    assert chances(365) == (0, 4) and chances(366) == (0, 5) and chances(731) == (3, 5) and chances(1096) == (5, 5)


def test_reversing_and_the_bootlegger_turn_are_offered_to_the_vehicles_that_may(pack):
    """Reversing from a stop, never a motorcycle or ATV (line 1537); the Bootlegger Turn when moving, for a
    motorcycle, pickup truck, sedan, sports car or SUV (line 1549), not a bus."""
    _, (made, _) = _atm(pack, leave_out=True)
    game = AtzGame(made)
    car, jimmy = driving.vehicles(game)[0], game.humans[0]
    car.running = True

    def offered() -> set:
        return {o.key for o in driving._driver_options(game, jimmy, car) if isinstance(o.key, str)}

    assert "reverse" in offered() and "bootleg" not in offered()
    car.speed = 9
    assert "bootleg" in offered() and "reverse" not in offered()
    for kind, backs, turns_round in ((Type.ATV, False, False), (Type.MOTORCYCLE, False, True), (Type.BUS, True, False)):
        car.kind, car.speed = KINDS[kind], 0
        assert ("reverse" in offered()) is backs
        car.speed = 9
        assert ("bootleg" in offered()) is turns_round
