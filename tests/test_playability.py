"""The playability proof: what cannot be reached, and the chain of reasons a person can follow."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES, PACK, mission, write

from zwar_author.compile.project import check
from zwar_author.reporting import text
from zwar_author.reporting.source import Sources

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
    return [line for line in diagnose({"p/missions/m.toml": mission(body)}) if f" {code_prefix}" in line]


def full(body: str) -> list[str]:
    """The playability diagnostics in the full form (source lines, labels, notes), in the current folder."""
    write(Path.cwd(), {"p/pack.toml": PACK, "p/missions/m.toml": mission(body)})
    sources = Sources()
    return [text.full(d, sources) for d in check([Path("p")], [FIXTURES]).report.sorted() if d.code.startswith("ZW7")]


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
    # one cause, one error: about the keycard, pointing at its door, with what it keeps out of reach folded in
    assert lines(diagnose, body) == [
        "p/missions/m.toml:25:1: error ZW701: the red keycard at 3,0 is behind the red door at V:3,0, the door it opens",
    ]
    assert full(body) == [
        ("p/missions/m.toml:25:1: error ZW701: the red keycard at 3,0 is behind the red door at V:3,0, the door it opens\n"
        "   |\n"
        "20 | [[doors]]\n"
        "   | --------- this door needs the red keycard\n"
        "...\n"
        "25 | [[keycards]]\n"
        "   | ^^^^^^^^^^^^ the red keycard is here\n"
        "   |\n"
        "   = note: for the same reason, also out of reach: room R1 at 3,0 (line 8), objective 1 at 4,0 (line 29)\n"
        "   = note: so victory condition 1 (line 17) can never be met"),
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
    assert lines(diagnose, body) == [
        "p/missions/m.toml:33:1: error ZW701: the blue keycard at 6,0 is behind the blue door at V:3,0, the door it opens",
    ]
    assert full(body)[0].splitlines()[-2:] == [
        ("   = note: for the same reason, also out of reach: room R1 at 3,0 (line 8), room R2 at 5,0 (line 8), "
        "objective 1 at 6,0 (line 30), the red keycard at 4,0 (line 36)"),
        "   = note: so victory condition 1 (line 17) can never be met",
    ]


def test_a_chain_is_explained_from_what_is_out_of_reach_to_its_root(diagnose):
    """The red keycard is reachable, the blue one behind the red door: one error, at the blue keycard."""
    body = CHAIN + '[[keycards]]\ncolour = "blue"\nat = "4,0"\n[[keycards]]\ncolour = "red"\nat = "5,0"\n'
    assert lines(diagnose, body) == [
        "p/missions/m.toml:33:1: error ZW701: the blue keycard at 4,0 is behind the blue door at V:3,0, the door it opens",
    ]


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
    assert full(body) == [
        ("p/missions/m.toml:8:8: error ZW701: room R1 at 3,0 is behind the blast door at V:3,0, which opens only after "
        "a task in this room\n"
        "   |\n"
        " 8 | |. . .D: :|\n"
        "   |        ^ room R1 is here\n"
        "...\n"
        "20 | [[doors]]\n"
        "   | --------- this door needs a task in room R1\n"
        "   |\n"
        "   = note: for the same reason, also out of reach: objective 1 at 4,0 (line 25)\n"
        "   = note: so victory condition 1 (line 17) can never be met"),
    ]


def test_rooms_are_named_as_declared(diagnose):
    body = VAULT + '''
[[rooms]]
id = "vault"
at = "3,0"

[[doors]]
at = "V:3,0"
kind = "blast"
room = "vault"
'''
    assert lines(diagnose, body) == [
        ("p/missions/m.toml:8:8: error ZW701: room vault at 3,0 is behind the blast door at V:3,0, which opens only "
        "after a task in this room"),
    ]


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
        ("p/missions/m.toml:17:1: error ZW701: exit point at 3,1 is walled off: nothing leads there from the start "
        "points, even with every door open"),
        "p/missions/m.toml:20:1: error ZW702: spawn point A at 2,0 is walled off from every square the heroes can reach",
    ]
    assert full(body)[0].splitlines()[-1] == "   = note: so victory condition 1 (line 24) can never be met"


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
        ("p/missions/m.toml:19:1: error ZW701: exit point at 4,0 is across open water, and the rib at 2,2 cannot be "
        "boarded: no transition square beside it can be reached"),
    ]


def test_unplayable_missions_can_be_allowed(diagnose):
    head = '[mission]\nid = "m"\ntitle = "M"\nallow_unplayable = true\n'
    found = [line for line in diagnose({"p/missions/m.toml": mission(HARBOUR, head=head)}) if " ZW7" in line]
    assert found and all(" warning ZW7" in line for line in found)


def test_allow_unplayable_from_the_command_line(zwar, workdir):
    from conftest import FIXTURES, PACK, write

    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": mission(HARBOUR)})
    assert zwar("validate", "p", "--pack-path", FIXTURES).exit_code == 1
    allowed = zwar("validate", "p", "--pack-path", FIXTURES, "--allow-unplayable")
    assert allowed.exit_code == 0
    assert " warning ZW701: exit point at 4,1 is across open water" in allowed.output
