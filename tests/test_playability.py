"""The playability proof: what cannot be reached, and the chain of reasons a person can follow."""

from __future__ import annotations

from conftest import mission

#: Keycards, locked doors, water and the rib are Exodus's: the missions here are Exodus missions
#: (the head keeps the three lines of conftest's, so the expected line numbers hold).
EXODUS = 'mission.id = "m"\nmission.title = "M"\nmission.game = "exodus"\n'

VAULT = '''
[[floors]]
art = """
+-+-+-+-+-+
|. . .D: :|
+ + + +-+-+
|. . . . .|
+-+-+-+-+-+
"""

[[starts]]
at = "0,1"

[[victory]]
objectives = "all"
'''


def lines(diagnose, body: str, code_prefix: str = "ZW7") -> list[str]:
    return [line for line in diagnose({"p/missions/m.toml": mission(body, EXODUS)}) if f" {code_prefix}" in line]


def test_a_key_behind_its_own_lock(diagnose):
    body = VAULT + '''
[[doors]]
at = "V:3,0"
kind = "locked"
key = "red"

[[keycards]]
colour = "red"
at = "3,0"

[[objectives]]
number = 1
at = "4,0"
'''
    assert lines(diagnose, body) == [
        "p/missions/m.toml:8:8: error ZW701: room R1 at 3,0 is only reachable through the red door at V:3,0; "
        "the red keycard at 3,0 is behind that same door",
        "p/missions/m.toml:17:1: error ZW703: victory condition 1 can never be met: objective 1 at 4,0 is only "
        "reachable through the red door at V:3,0; the red keycard at 3,0 is behind that same door",
        "p/missions/m.toml:25:1: error ZW701: the red keycard at 3,0 is only reachable through the red door at "
        "V:3,0; the red keycard at 3,0 is behind that same door",
        "p/missions/m.toml:29:1: error ZW701: objective 1 at 4,0 is only reachable through the red door at V:3,0; "
        "the red keycard at 3,0 is behind that same door",
    ]


def test_a_reachable_key_opens_its_door(diagnose):
    body = VAULT + '''
[[doors]]
at = "V:3,0"
kind = "locked"
key = "red"

[[keycards]]
colour = "red"
at = "1,0"

[[objectives]]
number = 1
at = "4,0"
'''
    assert lines(diagnose, body) == []


CHAIN = '''
[[floors]]
art = """
+-+-+-+-+-+-+-+
|. . .D: :D: :|
+ + + +-+-+-+-+
|. . . . . . .|
+-+-+-+-+-+-+-+
"""

[[starts]]
at = "0,1"

[[victory]]
objectives = "all"

[[doors]]
at = "V:3,0"
kind = "locked"
key = "blue"

[[doors]]
at = "V:5,0"
kind = "locked"
key = "red"

[[objectives]]
number = 1
at = "6,0"
'''


def test_keys_in_a_chain_are_found_in_turn(diagnose):
    body = CHAIN + '[[keycards]]\ncolour = "blue"\nat = "2,0"\n[[keycards]]\ncolour = "red"\nat = "4,0"\n'
    assert lines(diagnose, body) == []


def test_a_chain_of_keys_explained_link_by_link(diagnose):
    body = CHAIN + '[[keycards]]\ncolour = "blue"\nat = "6,0"\n[[keycards]]\ncolour = "red"\nat = "4,0"\n'
    found = lines(diagnose, body)
    assert ("p/missions/m.toml:30:1: error ZW701: objective 1 at 6,0 is only reachable through the blue door at "
            "V:3,0 and the red door at V:5,0; the blue keycard at 6,0 is behind the blue door at V:3,0 itself; "
            "the red keycard at 4,0 is behind the blue door at V:3,0 too") in found


def test_a_blast_door_whose_task_room_is_behind_it(diagnose):
    body = VAULT + '''
[[doors]]
at = "V:3,0"
kind = "blast"
room = "4,0"

[[objectives]]
number = 1
at = "4,0"
'''
    assert lines(diagnose, body)[-1] == (
        "p/missions/m.toml:25:1: error ZW701: objective 1 at 4,0 is only reachable through the blast door at V:3,0; "
        "the blast door at V:3,0 opens after a task in room R1 at 3,0, which is behind that same door")


def test_walled_off_and_cut_off(diagnose):
    body = '''
[[floors]]
art = """
+-+-+-+-+
|. .|. .|
+ + + + +
|. .|. .|
+-+-+-+-+
"""

[[starts]]
at = "0,0"

[[exits]]
at = "3,1"

[[spawn_points]]
letter = "A"
at = "2,0"

[[victory]]
escape = "all"

[spawn.turn]
where = { "1-8" = "A" }
what = { "1-8" = "1 zombie" }
'''
    assert lines(diagnose, body) == [
        "p/missions/m.toml:17:1: error ZW701: exit point at 3,1 is walled off: nothing leads there from the start "
        "points, even with every door open",
        "p/missions/m.toml:20:1: error ZW702: spawn point A at 2,0 is walled off from every square the heroes can reach",
        "p/missions/m.toml:24:1: error ZW703: victory condition 1 can never be met: no exit can be reached: the exit "
        "point at 3,1 is walled off: nothing leads there from the start points, even with every door open",
    ]


HARBOUR = '''
[[floors]]
art = """
+-+-+-+-+-+
|. t ~ t .|
+ + + + + +
|. t ~ t .|
+-+-+-+-+-+
"""

[[starts]]
at = "0,0"

[[exits]]
at = "4,1"

[[victory]]
escape = "all"
'''


def test_water_is_crossed_aboard_the_rib(diagnose):
    assert lines(diagnose, HARBOUR + '[rib]\nat = "2,0"\nfacing = "N"\n') == []


def test_water_without_a_rib(diagnose):
    assert lines(diagnose, HARBOUR)[0] == (
        "p/missions/m.toml:17:1: error ZW701: exit point at 4,1 is across open water, and the mission has no rib")


def test_a_rib_nobody_can_board(diagnose):
    """The rib lies in a cove whose shore nobody reaches; it could sail the heroes over if they got to it."""
    body = HARBOUR.replace(
        "|. t ~ t .|\n+ + + + + +\n|. t ~ t .|\n+-+-+-+-+-+",
        "|. t ~ t .|\n+ + + + + +\n|# # ~ # #|\n+ + + + + +\n|# t ~ t #|\n+-+-+-+-+-+",
    ).replace('at = "4,1"', 'at = "4,0"') + '[rib]\nat = "2,2"\nfacing = "N"\n'
    assert lines(diagnose, body) == [
        "p/missions/m.toml:19:1: error ZW701: exit point at 4,0 is across open water, and the rib at 2,2 cannot be "
        "boarded: no transition square beside it can be reached",
        "p/missions/m.toml:22:1: error ZW703: victory condition 1 can never be met: no exit can be reached: the exit "
        "point at 4,0 is across open water, and the rib at 2,2 cannot be boarded: no transition square beside it "
        "can be reached",
    ]


def test_unplayable_missions_can_be_allowed(diagnose):
    head = EXODUS + 'mission.allow_unplayable = true\n'
    found = [line for line in diagnose({"p/missions/m.toml": mission(HARBOUR, head=head)}) if " ZW7" in line]
    assert found and all(" warning ZW7" in line for line in found)


def test_allow_unplayable_from_the_command_line(zwar, workdir):
    from conftest import FIXTURES, PACK, write

    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": mission(HARBOUR, EXODUS)})
    assert zwar("validate", "p", "--pack-path", FIXTURES).exit_code == 1
    allowed = zwar("validate", "p", "--pack-path", FIXTURES, "--allow-unplayable")
    assert allowed.exit_code == 0
    assert " warning ZW701: exit point at 4,1 is across open water" in allowed.output
