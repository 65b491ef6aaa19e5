"""One test per diagnostic code: a small source that has the problem, and the exact text a user sees.

Each case writes files into a scratch folder (inside pack `p`, which requires
the `base` fixture pack, unless the case says otherwise), checks a target, and
compares every diagnostic of the code under test with the expected lines.
"""

from __future__ import annotations

import ast
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import CONTENT, FIXTURES, PACK, write

import zwar_author
from zwar_author import codes, limits
from zwar_author.compile.project import check
from zwar_author.compile.workspace import LAYOUT

ART = '''
[[floors]]
art = """
+-+-+-+-+
|. .|: :|
+ + +D+-+
|. . . .|
+-+-+-+-+
"""
'''
M = '[mission]\nid = "m"\ntitle = "M"\n'
OKM = M + ART + '''
[[starts]]
at = "0,1"
[[victory]]
escape = "all"
[[exits]]
at = "3,1"
'''
#: OKM as an Exodus mission (for keycards and locked doors), its head on the same three lines.
EXODUS_OKM = OKM.replace(M, 'mission.id = "m"\nmission.title = "M"\nmission.game = "exodus"\n')

def m(body, head=M):
    return head + body

CASES = {
 "ZW001": ({"p/missions/gone.toml": ("symlink", "nowhere.toml")}, "p"),
 "ZW002": ({"p/missions/pic.toml": b"\x89PNG\r\n\x1a\n\x00\x00"}, "p"),
 "ZW003": ({"p/missions/m.toml": '[mission]\nid = "m\ntitle = "M"\n'}, "p"),
 "ZW004": ({"p/missions/m.json": '{"mission": {"id": "m", "title": "M", "id": "n"}}'}, "p"),
 "ZW005": ({"p/missions/m.toml": OKM.replace('title = "M"', 'titel = "M"\ntitle = "M"')}, "p"),
 "ZW006": ({"p/missions/m.toml": OKM.replace('title = "M"\n', '')}, "p"),
 "ZW007": ({"p/missions/m.toml": OKM.replace('id = "m"', 'id = "m"\nchapter = 0')}, "p"),
 "ZW008": ({"notes.toml": 'colour = "red"\n'}, "notes.toml", False),
 "ZW009": ({"empty/readme.txt": "nothing here\n"}, "empty", False),
 "ZW010": ({"p/missions/m.toml": OKM, "p/extra/old.toml": 'x = 1\n'}, "p"),
 "ZW012": ({"notes.txt": "hello\n"}, "notes.txt", False),
 "ZW101": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+-+\n|. .|\n+-+-+-\n"""\n')}, "p"),
 "ZW102": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+\n|.|\n+-+\n|.|\n"""\n')}, "p"),
 "ZW103": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+-+\n|. .|\nx-+-+\n"""\n')}, "p"),
 "ZW104": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+=+\n|. .|\n+-+-+\n"""\n')}, "p"),
 "ZW105": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+-+\n|.-.|\n+-+-+\n"""\n')}, "p"),
 "ZW106": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+-+\n|. x|\n+-+-+\n"""\n')}, "p"),
 "ZW107": ({"p/missions/m.toml": m('[[floors]]\nart = ""\n')}, "p"),
 "ZW108": ({"p/tiles/t.toml": '[tile]\nid = "t"\nname = "T"\n[sides.A]\nart = """\n+-+\n|.|\n+-+\n"""\n[sides.B]\nart = """\n+-+-+\n|. .|\n+-+-+\n"""\n'}, "p"),
 "ZW201": ({"p/missions/m.toml": m('[[floors]]\ntiles = [{ tile = "base/hall", at = [0, 0] }, { tile = "base/yard", at = [2, 1] }]\n')}, "p"),
 "ZW202": ({"p/missions/m.toml": m('[[floors]]\nsize = [4, 3]\ntiles = [{ tile = "base/yard", at = [0, 2] }]\n')}, "p"),
 "ZW204": ({"p/missions/m.toml": m('[[floors]]\nid = "ground"\n')}, "p"),
 "ZW205": ({"p/missions/m.toml": m('[[floors]]\ntiles = [{ tile = "base/yard", side = "B", at = [0, 0] }]\n')}, "p"),
 "ZW206": ({"p/missions/m.toml": m('[[floors]]\ntiles = [{ tile = "base/hall", at = [0, 0] }, { tile = "base/hall", side = "B", at = [0, 2] }]\n')}, "p"),
 "ZW207": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+\n|#|\n+-+\n"""\n')}, "p"),
 "ZW208": ({"p/missions/m.toml": m('[[floors]]\nid = "ground"\nart = """\n+-+\n|.|\n+-+\n"""\n[[floors]]\nid = "first"\nart = """\n+-+\n|.|\n+-+\n"""\n[[starts]]\nat = "0,0"\n')}, "p"),
}
DOORTILES = {
 "p/tiles/door.toml": '[tile]\nid = "door"\nname = "Door"\n[sides.A]\nart = """\n+-+\n|.D\n+-+\n"""\n',
 "p/tiles/wall.toml": '[tile]\nid = "wall"\nname = "Wall"\n[sides.A]\nart = """\n+-+\n|.|\n+-+\n"""\n',
}
CASES["ZW203"] = ({**DOORTILES, "p/missions/m.toml": m('[[floors]]\ntiles = [{ tile = "door", at = [0, 0] }, { tile = "wall", at = [1, 0] }]\n')}, "p")
ROOMS = M + '''
[[floors]]
art = """
+-+-+-+-+
|. .|: :|
+ + +-+-+
|. :|: .|
+-+-+-+-+
"""
'''
CASES.update({
 "ZW301": ({"p/missions/m.toml": ROOMS}, "p"),
 "ZW302": ({"p/missions/m.toml": ROOMS}, "p"),
 "ZW303": ({"p/missions/m.toml": OKM + '[[doors]]\nat = "V:1,1"\n[[doors]]\nat = "H:0,0"\n'}, "p"),
 "ZW304": ({"p/missions/m.toml": OKM + '[[doors]]\nat = "H:2,1"\n'}, "p"),
 "ZW305": ({"p/missions/m.toml": m('[[floors]]\nid = "ground"\nart = """\n+-+-+\n|= .|\n+-+-+\n"""\n[[floors]]\nid = "first"\nart = """\n+-+\n|.|\n+-+\n"""\n[[stairs]]\nlink = ["ground:0,0", "first:0,0"]\n')}, "p"),
 "ZW306": ({"p/missions/m.toml": m('[[floors]]\nid = "ground"\nart = """\n+-+-+\n|= =|\n+-+-+\n"""\n[[floors]]\nid = "first"\nart = """\n+-+\n|=|\n+-+\n"""\n[[stairs]]\nlink = ["ground:0,0", "ground:1,0"]\n')}, "p"),
 "ZW307": ({"p/missions/m.toml": OKM + '[[tokens]]\nkind = "active"\nroom = "0,0"\n'}, "p"),
 "ZW401": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+-+\n|. #|\n+-+-+\n"""\n[[starts]]\nat = "1,0"\n')}, "p"),
 "ZW402": ({"p/missions/m.toml": m('[[floors]]\nart = """\n+-+-+\n|. ~|\n+-+-+\n"""\n[[crates]]\nat = "1,0"\n')}, "p"),
 "ZW403": ({"p/missions/m.toml": OKM + '[rib]\nat = "1,1"\nfacing = "N"\n[[objectives]]\nnumber = 1\nat = "0,0"\nscope = "room"\n'}, "p"),
 "ZW404": ({"p/missions/m.toml": OKM.replace('at = "3,1"', 'at = "4,1"')}, "p"),
 "ZW405": ({"p/missions/m.toml": OKM.replace('at = "3,1"', 'at = "3, 1"') + '[[doors]]\nat = "X:1,1"\n'}, "p"),
 "ZW406": ({"p/missions/m.toml": OKM.replace('at = "3,1"', 'at = "roof:3,1"')}, "p"),
 "ZW407": ({"p/missions/m.toml": OKM + '[[spawn_points]]\nletter = "A"\nat = "0,0"\n[[spawn_points]]\nletter = "A"\nat = "1,0"\n'}, "p"),
 "ZW408": ({"p/missions/m.toml": OKM + '[[items]]\nletter = "S"\ncard = "pistl"\nat = "1,0"\n[[infected]]\nclass = "ghoul"\nat = "1,1"\nfacing = "N"\n'}, "p"),
 "ZW409": ({"p/missions/m.toml": OKM + '[[infected]]\nclass = "zombie"\nat = "0,1"\nfacing = "N"\n'}, "p"),
 "ZW410": ({"p/missions/m.toml": OKM + '[[doors]]\nat = "H:2,1"\nkind = "locked"\nkey = "red"\n'}, "p"),
 "ZW411": ({"p/missions/m.toml": OKM + '[[keycards]]\ncolour = "blue"\nat = "0,0"\n'}, "p"),
 "ZW412": ({"p/missions/m.toml": OKM.replace('title = "M"', 'title = "M"\nheroes = ["sam", "kira"]')}, "p"),
})
SP = OKM + '[[spawn_points]]\nletter = "A"\nat = "0,0"\n'
CASES.update({
 "ZW501": ({"p/missions/m.toml": SP + '[spawn.turn]\nwhere = { "1-6" = "A" }\nwhat = { "1-8" = "2 zombies" }\n'}, "p"),
 "ZW502": ({"p/missions/m.toml": SP + '[spawn.turn]\nwhere = { "1-6" = "A", "6-8" = "roamers" }\nwhat = { "1-8" = "2 zombies" }\n'}, "p"),
 "ZW503": ({"p/missions/m.toml": SP + '[spawn.turn]\nwhere = { "1-6" = "A", "7-9" = "roamers" }\nwhat = { "1-8" = "2 zombies" }\n'}, "p"),
 "ZW504": ({"p/missions/m.toml": SP + '[spawn.turn]\nwhere = { "1-6" = "A", "8-7" = "roamers" }\nwhat = { "1-8" = "2 zombies" }\n'}, "p"),
 "ZW505": ({"p/missions/m.toml": SP + '[spawn.turn]\nwhere = { "1-6" = "B", "7-8" = "roamers" }\nwhat = { "1-8" = "2 ghouls" }\n'}, "p"),
 "ZW601": ({"p/missions/m.toml": M + ART}, "p"),
 "ZW602": ({"p/missions/m.toml": M + ART}, "p"),
 "ZW603": ({"p/missions/m.toml": OKM}, "p"),
 "ZW604": ({"p/missions/m.toml": OKM + '[[defeat]]\ntext = "The heroes lose heart."\n'}, "p"),
 "ZW605": ({"p/missions/m.toml": OKM + '[[events]]\nwhen = { turn = 3, objective = 1 }\nopen_exits = true\n'}, "p"),
 "ZW606": ({"p/missions/m.toml": SP + '[spawn.turn]\nwhere = { "1-8" = "A" }\n'}, "p"),
 "ZW607": ({"p/rules/r.toml": '[[director_cards]]\nid = "rush"\nname = "Rush"\ngames = ["zwar1"]\ntext = "All infected charge."\nassumed = ["copies"]\n'}, "p"),
 "ZW608": ({"p/rules/r.toml": '[[perks]]\nid = "odd"\nname = "Odd"\nclass = "melee"\nprice = { red = 20, amber = 40, green = 60 }\ngames = ["zwar1"]\ntext = "x"\n'}, "p"),
 "ZW609": ({"p/missions/m.toml": SP + '[[spawn_points]]\nletter = "B"\nat = "1,0"\n[spawn.turn]\nwhere = { "1-8" = "A" }\nwhat = { "1-8" = "1 zombie" }\n'}, "p"),
 "ZW610": ({"p/missions/m.toml": OKM + '[[objectives]]\nnumber = 1\nat = "0,0"\n[[objectives]]\nnumber = 3\nat = "1,0"\n'}, "p"),
 "ZW611": ({"a/pack.toml": '[pack]\nid = "same"\ntitle = "A"\n', "b/pack.toml": '[pack]\nid = "same"\ntitle = "B"\n'}, ".", False),
})


WATER = M + '''[[floors]]
art = """
+-+-+-+
|. t ~|
+ + +*+
|. t ~|
+-+-+-+
"""
[[stairs]]
link = ["0,0", "0,1"]
colour = "red"
'''
AGENTS = '[mission]\nid = "{id}"\ntitle = "A"\ngame = "agentz"\nmode = "versus"\n{extra}' + ART
KAT = '[[heroes]]\nid = "kat"\nname = "Kat"\ninitial = "K"\ngames = ["zwar1"]\nratings = { agility = "green", ballistic = "green", melee = "amber", survival = "red" }\nunarmed = { "1-8" = "miss" }\n'
#: The core pack's Z War One entry of the rules data (`[[games]]`), for a pack of its own to change.
_CORE_GAMES = (CONTENT / "core" / "rules" / "games.toml").read_text(encoding="utf-8")
ZWAR1_GAMES = _CORE_GAMES[:_CORE_GAMES.index('[[games]]\nid = "exodus"')]
CASES.update({
 "ZW141": ({"p/missions/w.toml": WATER, "p/missions/m.toml": OKM + '[[doors]]\nat = "H:2,1"\nkind = "locked"\nkey = "red"\n'}, "p"),
 "ZW142": ({"p/missions/m.toml": OKM + '[[crates]]\nat = "1,0"\n[[keycards]]\ncolour = "red"\nat = "0,0"\n[[npcs]]\nid = "tom"\nname = "Tom"\nat = "2,1"\n[rib]\nat = "1,1"\nfacing = "N"\n'}, "p"),
 "ZW143": ({"p/missions/m.toml": OKM + '[[defeat]]\nkill = "sam"\n[[defeat]]\nnpc_dies = "tom"\n'}, "p"),
 "ZW144": ({"p/missions/m.toml": OKM + '[[spawn_points]]\nletter = "A"\nat = "0,0"\n[spawn.turn]\nwhere = { "1-7" = "A", "8" = "Sinkhole" }\nwhat = { "1-8" = "1 zombie" }\n'}, "p"),
 "ZW145": ({"p/missions/m.toml": OKM.replace('title = "M"', 'title = "M"\nmode = "versus"')}, "p"),
 "ZW146": ({"p/missions/m.toml": OKM + '[[events]]\nwhen = { turn = 2 }\nenter = "sam"\n'}, "p"),
 "ZW147": ({"p/rules/kat.toml": KAT, "p/rules/games.toml": ZWAR1_GAMES.replace('"cole", "kat", "sam", "victor"', '"sam", "kat"'),
            "p/missions/m.toml": OKM.replace('title = "M"', 'title = "M"\nheroes = ["sam"]')}, "p"),
 "ZW149": ({"p/pack.toml": PACK.replace('requires', 'games = ["zwar1", "zonewars"]\nrequires'),
            "p/missions/m.toml": OKM.replace('title = "M"', 'title = "M"\ngame = "exodus"'),
            "p/missions/z.toml": OKM.replace('title = "M"', 'title = "M"\ngame = "zwar1"')}, "p", False),
 "ZW148": ({"p/missions/a.toml": AGENTS.format(id="a", extra=""),
            "p/missions/b.toml": AGENTS.format(id="b", extra='heroes = ["kira"]\n[[roles]]\nid = "one"\nname = "One"\n'
                                                          '[[roles]]\nid = "two"\nname = "Two"\n')}, "p"),
 "ZW150": ({"p/missions/m.toml": AGENTS.format(id="m", extra='[[roles]]\nid = "one"\nname = "One"\n[[roles]]\nid = "two"\n'
                                              'name = "Two"\n') + '[[starts]]\nat = "0,1"\n[[victory]]\nescape = "all"\n'
            '[[objectives]]\nnumber = 1\nat = "0,0"\n[[timers]]\nid = "t"\nname = "T"\nstart = { objective = 1 }\n'
            '[[events]]\nwhen = { timer = "t" }\nopen_exits = true\n'}, "p"),
 "ZW640": ({"p/missions/m.toml": OKM.replace('title = "M"', 'title = "M"\ngame = "exodus"').replace(
     '|. . . .|\n+-+-+-+-+', '|. . . .|\n+ + + + +\n|. . ~ ~|\n+-+-+-+-+') + '[rib]\nat = "3,2"\nfacing = "N"\n'}, "p"),
 "ZW151": ({"p/rules/games.toml": ZWAR1_GAMES.replace('heroes = ["cole", "kat", "sam", "victor"]\n', '')
            .replace("\nmove = 1\n", "\nmove = 1\nreload = 2\nrib-move = 1\n")}, "p"),
 "ZW152": ({"p/rules/games.toml": ZWAR1_GAMES.replace('heroes = ["cole", "kat", "sam", "victor"]\n', '')
            .replace("sprint = 2\n", "").replace("support = 0\n", "")}, "p"),
})


EXPECTED = {
    'ZW001': [
        'p/missions/gone.toml:1:1: error ZW001: cannot read this file: No such file or directory',
    ],
    'ZW002': [
        'p/missions/pic.toml:1:1: error ZW002: this is not UTF-8 text (byte 0x89 at offset 0 is not UTF-8): save it as UTF-8 text',
    ],
    'ZW003': [
        "p/missions/m.toml:2:8: error ZW003: TOML syntax error: illegal character '\\n'",
    ],
    'ZW004': [
        'p/missions/m.json:1:39: error ZW004: JSON syntax error: key `id` appears twice in one object',
    ],
    'ZW005': [
        'p/missions/m.toml:3:1: error ZW005: unknown key `titel` in [mission]; did you mean `title`?',
    ],
    'ZW006': [
        'p/missions/m.toml:1:1: error ZW006: missing required key `title` in [mission]',
    ],
    'ZW007': [
        'p/missions/m.toml:3:11: error ZW007: `chapter` must be at least 1, not 0',
    ],
    'ZW008': [
        'notes.toml:1:1: error ZW008: cannot tell what this file is: a mission has a [mission] table, a tile [tile], a pack [pack], rules data [[heroes]], [[infected]], [[equipment]], [[search]], [[perks]] or [[director_cards]]',
    ],
    'ZW009': [
        'empty:1:1: error ZW009: no pack found in this folder: a pack is a folder with a pack.toml (`zwar init DIR` makes one)',
    ],
    'ZW010': [
        'p/extra/old.toml:1:1: warning ZW010: this file is not part of the pack layout and is not checked: put it in tiles/, missions/, rules/, tables/, encounters/, pieces/, zonewars/ or scenarios/',
    ],
    'ZW012': [
        'notes.txt:1:1: error ZW012: not a source file: sources end in .toml or .json',
    ],
    'ZW101': [
        'p/missions/m.toml:8:6: error ZW101: art is 6 characters wide, an even number: the longest line must be 2W+1 characters',
    ],
    'ZW102': [
        'p/missions/m.toml:9:1: error ZW102: art has 4 lines, an even number: H rows of squares need 2H+1 lines',
    ],
    'ZW103': [
        "p/missions/m.toml:8:1: error ZW103: 'x' at a corner: a corner is '+', '-', '|' or a space",
    ],
    'ZW104': [
        "p/missions/m.toml:6:4: error ZW104: '=' on edge H:1,0: a horizontal edge is ' ' (open), '-' (wall), 'D' (door) or '*' (water obstacle)",
    ],
    'ZW105': [
        "p/missions/m.toml:7:3: error ZW105: '-' on edge V:1,0: a vertical edge is ' ' (open), '|' (wall), 'D' (door) or '*' (water obstacle)",
    ],
    'ZW106': [
        "p/missions/m.toml:7:4: error ZW106: 'x' on square 1,0: a square is '.' corridor, ':' room, '=' stairs, '~' water, 't' transition or '#' void",
    ],
    'ZW107': [
        'p/missions/m.toml:5:7: error ZW107: art is empty: draw at least one square (3 lines of 3 characters)',
    ],
    'ZW108': [
        'p/tiles/t.toml:11:7: error ZW108: side B is 2x1 but side A is 1x1: both sides of a tile are the same size',
    ],
    'ZW201': [
        'p/missions/m.toml:5:47: error ZW201: tile base/yard side A at 2,1 overlaps tile base/hall side A at 0,0: tiles may not overlap',
    ],
    'ZW202': [
        'p/missions/m.toml:6:10: error ZW202: tile base/yard side A at 0,2 is 4x2 and runs off the 4x3 floor',
    ],
    'ZW203': [
        'p/missions/m.toml:5:42: error ZW203: edge V:1,0 is a wall on tile p/wall side A but a door on tile p/door side A: tiles meeting here must agree',
    ],
    'ZW204': [
        'p/missions/m.toml:4:1: error ZW204: floor ground needs exactly one of `art` or `tiles`',
    ],
    'ZW205': [
        'p/missions/m.toml:5:10: error ZW205: tile base/yard has no side B',
    ],
    'ZW206': [
        'p/missions/m.toml:5:47: error ZW206: both sides of tile base/hall are used but pack base owns 1 copy',
    ],
    'ZW207': [
        'p/missions/m.toml:4:1: error ZW207: floor ground has no board squares: every square is void',
    ],
    'ZW208': [
        'p/missions/m.toml:19:6: error ZW208: `0,0` does not say which floor: this mission has floors ground, first; write ground:0,0',
    ],
    'ZW301': [
        'p/missions/m.toml:8:6: error ZW301: room R1 (2,0, 2 squares) has no door: put a D on one of its walls',
        'p/missions/m.toml:10:4: error ZW301: room R2 (1,1, 1 square) has no door: put a D on one of its walls',
        'p/missions/m.toml:10:6: error ZW301: room R3 (2,1, 1 square) has no door: put a D on one of its walls',
    ],
    'ZW302': [
        "p/missions/m.toml:9:4: error ZW302: room R2 (1,1) leaks through edge H:1,1 into corridor at 1,0 (and 1 more edge): a room's boundary is walls and doors only",
        "p/missions/m.toml:10:7: error ZW302: room R3 (2,1) leaks through edge V:3,1 into corridor at 3,1: a room's boundary is walls and doors only",
    ],
    'ZW303': [
        'p/missions/m.toml:21:6: error ZW303: door at V:1,1 is on an open edge: a door goes on a wall or a doorway between two board squares',
        'p/missions/m.toml:23:6: error ZW303: door at H:0,0 is on the outer border of the floor: a door goes on a wall or a doorway between two board squares',
    ],
    'ZW304': [
        'p/missions/m.toml:21:6: warning ZW304: H:2,1 is already a doorway: a plain extra door there changes nothing',
    ],
    'ZW305': [
        "p/missions/m.toml:19:23: error ZW305: stair link end first:0,0 is corridor, not stairs: both ends of a link are '=' squares",
    ],
    'ZW306': [
        'p/missions/m.toml:19:8: error ZW306: stair link ground:0,0 - ground:1,0 stays on floor ground: a link joins two different floors',
    ],
    'ZW307': [
        'p/missions/m.toml:22:8: error ZW307: 0,0 is corridor, not inside a room: a token must name a room',
    ],
    'ZW401': [
        'p/missions/m.toml:11:6: error ZW401: start point at 1,0 is on a void square: put it on the board',
    ],
    'ZW402': [
        'p/missions/m.toml:11:6: error ZW402: crate at 1,0 is on open water: crate must be on land',
    ],
    'ZW403': [
        "p/missions/m.toml:21:6: error ZW403: the rib at 1,1 is on corridor: the rib floats on open water ('~')",
        'p/missions/m.toml:25:6: error ZW403: objective 1 at 0,0 is on corridor: an objective done anywhere in its room must be in a room',
    ],
    'ZW404': [
        'p/missions/m.toml:19:6: error ZW404: 4,1 is off floor ground, which is 4x2',
    ],
    'ZW405': [
        'p/missions/m.toml:19:6: error ZW405: `3, 1` is not a square: write x,y or floor:x,y',
        'p/missions/m.toml:21:6: error ZW405: `X:1,1` is not an edge: write H:x,y or V:x,y, with floor: in front on several floors',
    ],
    'ZW406': [
        'p/missions/m.toml:19:6: error ZW406: `roof:3,1` names floor `roof`, which this mission does not have (floors: ground)',
    ],
    'ZW407': [
        'p/missions/m.toml:24:10: error ZW407: spawn point `A` is defined twice (first at p/missions/m.toml:20:1)',
    ],
    'ZW408': [
        'p/missions/m.toml:22:8: error ZW408: equipment card `pistl` does not exist; did you mean `pistol`?',
        'p/missions/m.toml:25:9: error ZW408: infected class `ghoul` does not exist; known: zombie',
    ],
    'ZW409': [
        'p/missions/m.toml:22:6: error ZW409: infected zombie and start point are both on 0,1: only one figure fits on a square',
    ],
    'ZW410': [
        'p/missions/m.toml:20:1: error ZW410: locked door at H:2,1 needs a red keycard, but none is placed',
    ],
    'ZW411': [
        'p/missions/m.toml:20:1: warning ZW411: blue keycard at 0,0 opens no door: no locked door is blue',
    ],
    'ZW412': [
        'p/missions/m.toml:4:18: warning ZW412: hero `kira` belongs to exodus, not to zwar1',
    ],
    'ZW501': [
        'p/missions/m.toml:24:9: error ZW501: turn spawn roll 1: faces 7-8 of the d8 are not covered: every face needs one row',
    ],
    'ZW502': [
        'p/missions/m.toml:24:24: error ZW502: turn spawn roll 1: face 6 is in both rows `6-8` and `1-6`',
    ],
    'ZW503': [
        "p/missions/m.toml:24:24: error ZW503: turn spawn roll 1: row `7-9` is outside the d8's faces 1-8",
    ],
    'ZW504': [
        'p/missions/m.toml:24:24: error ZW504: turn spawn roll 1: `8-7` is not a roll: write a face ("4") or a range ("1-3")',
    ],
    'ZW505': [
        'p/missions/m.toml:24:19: error ZW505: turn spawn roll 1: `B` is not a result here: expected a spawn point letter (A), "roamers", "sinkhole" or "nothing"',
        'p/missions/m.toml:25:18: error ZW505: turn spawn roll 2: `2 ghouls` is not a result here: expected "nothing" or a number and an infected class ("zombie")',
    ],
    'ZW601': [
        'p/missions/m.toml:1:1: warning ZW601: mission has no start points: add [[starts]] so the heroes can be placed',
    ],
    'ZW602': [
        'p/missions/m.toml:1:1: warning ZW602: mission has no victory conditions: add [[victory]]',
    ],
    'ZW603': [
        'p/missions/m.toml:1:1: warning ZW603: mission has no spawn rules: add [spawn] with a turn spawn and a room spawn',
    ],
    'ZW604': [
        'p/missions/m.toml:20:1: warning ZW604: defeat condition 1 has only text: the engine cannot check it; add objectives, objectives_count, escape, carrying, escort, survive, kill, outscore_dead, any_hero_dies, npc_dies or after_turn',
    ],
    'ZW605': [
        'p/missions/m.toml:21:8: error ZW605: `when` needs exactly one trigger, found 2: one of turn, door_opened, task_done, objective, picked_up, room_activated, timer',
    ],
    'ZW606': [
        'p/missions/m.toml:23:1: error ZW606: turn spawn needs `where` and `what` (two rolls) or `table` (one roll)',
    ],
    'ZW607': [
        'p/rules/r.toml:6:12: error ZW607: assumed value `copies` is not a key of director card `rush`',
    ],
    'ZW608': [
        'p/rules/r.toml:5:9: warning ZW608: perk `odd` costs 20/40/60 (red/amber/green): a better rating should never cost more',
    ],
    'ZW609': [
        'p/missions/m.toml:23:1: warning ZW609: spawn point B is placed but no spawn table uses it',
    ],
    'ZW610': [
        'p/missions/m.toml:20:1: warning ZW610: objectives are numbered 1, 3: number them 1 to 2 without gaps',
    ],
    'ZW611': [
        'b/pack.toml:1:1: error ZW611: pack id `same` is used by a/pack.toml too: pack ids are unique',
    ],
    'ZW141': [
        ('p/missions/m.toml:22:8: error ZW141: Z War One has no locked doors (Exodus only): locked door at H:2,1; '
         'instead, make it a blast door (kind = "blast", opened by a task in its `room`) or keep it a door and open it '
         'with an event (`open_doors` in [[events]])'),
        "p/missions/w.toml:7:4: error ZW141: Z War One has no transition squares (Exodus only): 't' at 1,0 (and 1 more square)",
        "p/missions/w.toml:7:6: error ZW141: Z War One has no open water (Exodus only): '~' at 2,0 (and 1 more square)",
        "p/missions/w.toml:8:6: error ZW141: Z War One has no water obstacles (Exodus only): '*' on edge H:2,1",
        'p/missions/w.toml:14:10: error ZW141: Z War One has no colour-coded stairways (Exodus only): colour = "red" on stair link 0,0 - 0,1',
    ],
    'ZW142': [
        'p/missions/m.toml:20:1: error ZW142: Z War One has no crates (Exodus only): crate at 1,0',
        ('p/missions/m.toml:22:1: error ZW142: Z War One has no keycards (Exodus only): red keycard at 0,0; instead, '
         'place an object ([[objects]]) and open the door with an event when it is picked up '
         '(`when = { picked_up = ... }`, `open_doors`)'),
        'p/missions/m.toml:25:1: error ZW142: Z War One has no NPCs (Exodus only): NPC tom at 2,1',
        'p/missions/m.toml:29:1: error ZW142: Z War One has no rib (Exodus only): the rib at 1,1',
    ],
    'ZW143': [
        'p/missions/m.toml:21:8: error ZW143: Z War One has no kill conditions (Agent Z only): defeat condition 1 asks for `kill`',
        'p/missions/m.toml:23:12: error ZW143: Z War One has no NPC death conditions (Exodus only): defeat condition 2 asks for `npc_dies`',
    ],
    'ZW144': [
        'p/missions/m.toml:24:30: error ZW144: Z War One has no sinkholes (Agent Z only): turn spawn row "8" is `Sinkhole`',
    ],
    'ZW145': [
        'p/missions/m.toml:4:8: error ZW145: Z War One has no versus games (Agent Z only): mode = "versus"',
    ],
    'ZW146': [
        'p/missions/m.toml:22:9: error ZW146: Z War One has no roles entering the board by event (Agent Z only): event 1 asks for `enter`',
    ],
    'ZW147': [
        'p/missions/m.toml:4:10: warning ZW147: Z War One uses every hero (\u201cAll 4 heroes must be used\u201d): `heroes` leaves out kat; add them, or leave `heroes` out to use them all',
    ],
    'ZW148': [
        'p/missions/a.toml:1:1: error ZW148: Agent Z is played by 2 players with one agent each: the mission has 0 roles; give it 2 [[roles]]',
        'p/missions/b.toml:6:10: error ZW148: Agent Z is played by 2 players with one agent each: `heroes` names 1 agent for 2 roles',
    ],
    'ZW149': [
        ('p/missions/m.toml:4:8: error ZW149: this is an Exodus mission, but pack `p` is for "zwar1" and "zonewars" '
         '(`games` in its pack.toml): add "exodus" to that list, or set the mission\'s `game` to "zwar1"'),
    ],
    'ZW150': [
        'p/missions/m.toml:1:1: warning ZW150: the engine cannot play this Agent Z mission yet: it does not play 3-turn timers',
    ],
    'ZW640': [
        "p/missions/m.toml:24:6: warning ZW640: no transition square ('t') is beside the rib at 3,2: no hero can step aboard it",
    ],
    'ZW151': [
        'p/rules/games.toml:17:10: error ZW151: Z War One has no \u201cReload\u201d action (Exodus only): take `reload` out of its action table',
        'p/rules/games.toml:18:12: error ZW151: Z War One has no \u201cRib: Move (1 square)\u201d action (Exodus only): take `rib-move` out of its action table',
    ],
    'ZW152': [
        'p/rules/games.toml:15:1: error ZW152: the action table of Z War One gives no AP for `sprint`, `support`: give every action of Z War One its cost',
    ],
}


def run_case(workdir, code: str) -> list[str]:
    files, target, *rest = CASES[code]
    if not rest or rest[0]:
        files = {"p/pack.toml": PACK, **files}
    for name, text in files.items():
        if isinstance(text, tuple):  # ("symlink", target)
            (workdir / name).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(text[1], workdir / name)
        else:
            write(workdir, {name: text})
    outcome = check([workdir / target], [FIXTURES])
    return [d.human() for d in outcome.report.sorted() if f" {code}: " in d.human()]


@pytest.mark.parametrize("code", sorted(CASES))
def test_diagnostic_text(workdir, code):
    assert run_case(workdir, code) == EXPECTED[code]


def test_file_too_large(workdir, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 4096)
    big = OKM + "# padding\n" * 500
    write(workdir, {"p/pack.toml": PACK, "p/missions/big.toml": big})
    lines = [d.human() for d in check([workdir / "p"], [FIXTURES]).report.sorted()]
    assert lines == [f"p/missions/big.toml:1:1: error ZW011: file is {len(big)} bytes; a source may be at most 4096 bytes"]


def test_the_stray_file_warning_names_every_folder_of_the_layout():
    assert [f"{folder}/" in codes.STRAY_FILE.template for folder in LAYOUT] == [True] * len(LAYOUT)


def test_every_code_has_a_case():
    playability = {"ZW701", "ZW702", "ZW703"}  # their exact texts are in test_playability.py
    hardening = {c for c in codes.CODES if 13 <= int(c[2:]) <= 49}  # their exact texts are in test_limits.py
    printing = {"ZW980", "ZW981"}  # found while drawing; their exact texts are in test_print.py
    tables = {c for c in codes.CODES if "ZW800" <= c <= "ZW879"}  # their exact texts are in test_tables.py
    tabletop = {c for c in codes.CODES if "ZW900" <= c <= "ZW959"}  # their exact texts are in test_zonewars.py
    tiled = {c for c in codes.CODES if "ZW960" <= c <= "ZW979"}  # in test_tiled.py and test_tiled_input.py
    campaign = {c for c in codes.CODES if "ZW620" <= c <= "ZW659"}  # in test_campaign.py
    campaign |= {c for c in codes.CODES if "ZW670" <= c <= "ZW679"}  # in test_campaign_play.py
    director = {c for c in codes.CODES if "ZW660" <= c <= "ZW669"}  # in test_director.py
    assert set(codes.CODES) == (set(CASES) | {"ZW011"} | playability | tables | tabletop | tiled | campaign | printing
                                | hardening | director)


def test_every_code_explains_itself():
    for code, entry in codes.CODES.items():
        text = codes.explain(code)
        assert text.startswith(f"{code} {entry.name} ({entry.severity.value})\n\n")
        assert len(entry.explanation) > 40, code


def test_an_extra_door_that_starts_open_on_a_doorway_is_not_redundant(diagnose):
    lines = diagnose({"p/missions/m.toml": OKM + '[[doors]]\nat = "H:2,1"\nopen = true\n'})
    assert not [line for line in lines if "ZW304" in line]


def test_infected_and_cards_of_another_game_are_reported_where_used(diagnose):
    ghoul = ('[[infected]]\nid = "ghoul"\nname = "Ghoul"\ngames = ["zwar1"]\nmove = 2\ncharge = 4\nsmell = 4\n'
             'kill_points = 1\ngrab = { "1-8" = "safe" }\nbite = { "1-8" = "safe" }\n')
    crossover = OKM.replace('title = "M"', 'title = "M"\ngame = "exodus"\nheroes = ["kira"]') + (
        '[[spawn_points]]\nletter = "A"\nat = "0,0"\n'
        '[[items]]\nletter = "P"\ncard = "pistol"\nat = "1,0"\n'
        '[spawn.turn]\ntable = { "1-4" = "1 zombie on A", "5-8" = "2 ghouls on A" }\n')
    lines = [line for line in diagnose({"p/rules/r.toml": ghoul, "p/missions/m.toml": crossover}) if "ZW412" in line]
    assert lines == [
        "p/missions/m.toml:27:8: warning ZW412: equipment card `pistol` belongs to zwar1, not to exodus",
        "p/missions/m.toml:30:44: warning ZW412: infected class `p/ghoul` belongs to zwar1, not to exodus",
    ]


def test_a_diagnostic_keeps_the_values_its_message_was_made_from(workdir):
    """Code that needs a door's colour or a reference's kind reads the fields, never the message's text."""
    write(workdir, {"p/pack.toml": PACK, **CASES["ZW410"][0]})
    [found] = [d for d in check([workdir / "p"], [FIXTURES]).report.diagnostics if d.code == "ZW410"]
    assert dict(found.fields) == {"edge": "H:2,1", "colour": "red"}
    assert found == replace(found, fields={})  # the fields say nothing the code and message do not


def test_a_mistyped_result_gets_a_did_you_mean_as_a_mistyped_key_does(diagnose):
    """`2 zombis` is one typo from `2 zombies`: said, with the text it was meant to be, in every kind of table."""
    mission = SP + ('[spawn.turn]\nwhere = { "1-6" = "A", "7-8" = "roamrs" }\nwhat = { "1-4" = "2 zombis", "5-8" = "nothng" }\n'
                    '[spawn.room]\ntable = { "1-4" = "nothing", "5-8" = "1 Zombi (2)" }\n'
                    '[[events]]\nwhen = { turn = 2 }\nspawn = ["3 zombeis on A", "2 zombis on Q"]\n')
    lines = [line for line in diagnose({"p/missions/m.toml": mission}) if "ZW505" in line]
    assert lines == [
        ('p/missions/m.toml:24:32: error ZW505: turn spawn roll 1: `roamrs` is not a result here: expected a spawn '
        'point letter (A), "roamers", "sinkhole" or "nothing"; did you mean `roamers`?'),
        ('p/missions/m.toml:25:18: error ZW505: turn spawn roll 2: `2 zombis` is not a result here: expected "nothing" '
        'or a number and an infected class ("zombie"); did you mean `2 zombies`?'),
        ('p/missions/m.toml:25:38: error ZW505: turn spawn roll 2: `nothng` is not a result here: expected "nothing" '
        'or a number and an infected class ("zombie"); did you mean `nothing`?'),
        ('p/missions/m.toml:27:38: error ZW505: room spawn table: `1 Zombi (2)` is not a result here: expected "nothing" '
        'or "N class (D)" with class "zombie", D squares, "(1*)" next to the hero; did you mean `1 zombie (2)`?'),
        ('p/missions/m.toml:30:10: error ZW505: events[0] spawn: `3 zombeis on A` is not a result here: expected '
        '"N class on L", such as "2 zombies on A"; did you mean `3 zombies on A`?'),
        ('p/missions/m.toml:30:28: error ZW505: events[0] spawn: `2 zombis on Q` is not a result here: expected '
        '"N class on L", such as "2 zombies on A"'),
    ]


def test_a_mission_of_a_game_its_pack_is_not_for_points_at_the_packs_games(workdir):
    """The pack's `games` line is shown beside the mission's `game`; a pack for no game of missions says to move it."""
    from zwar_author.reporting import text
    from zwar_author.reporting.source import Sources
    write(workdir, {"p/pack.toml": PACK.replace("requires", 'games = ["zonewars"]\nrequires'),
                    "p/missions/m.toml": OKM.replace('title = "M"', 'title = "M"\ngame = "exodus"')})
    [found] = [d for d in check([workdir / "p"], [FIXTURES]).report.sorted() if d.code == "ZW149"]
    assert text.full(found, Sources()).splitlines() == [
        ('p/missions/m.toml:4:8: error ZW149: this is an Exodus mission, but pack `p` is for "zonewars" (`games` in '
        'its pack.toml): add "exodus" to that list, or move it to a pack for Exodus'),
        '  |',
        '4 | game = "exodus"',
        '  |        ^^^^^^^^ ZW149',
        '  ::: p/pack.toml:4:9',
        '  |',
        '4 | games = ["zonewars"]',
        '  |         ------------ pack `p` is for these games',
        '  |',
    ]


def test_overlapping_rows_are_one_overlap_and_no_gap(diagnose):
    """Rows "1-4" and "4-7" on a d8 claim face 4 twice and leave only face 8: the overlap (ZW502) and that
    one face (ZW501), not faces 5-7, which "4-7" covers."""
    lines = diagnose({"p/missions/m.toml": SP + '[spawn.turn]\nwhere = { "1-4" = "A", "4-7" = "roamers" }\n'
                                                'what = { "1-8" = "2 zombies" }\n'})
    assert [line for line in lines if "ZW50" in line] == [
        "p/missions/m.toml:24:9: error ZW501: turn spawn roll 1: face 8 of the d8 is not covered: every face needs one row",
        "p/missions/m.toml:24:24: error ZW502: turn spawn roll 1: face 4 is in both rows `4-7` and `1-4`",
    ]


def test_a_mistyped_word_value_gets_a_did_you_mean_but_a_letter_or_two_does_not(diagnose):
    """A word one typo from one the key allows is suggested (`exodos`, any case); `NE` is no typo of `N`."""
    mission = OKM.replace('title = "M"', 'title = "M"\ngame = "exodos"') + (
        '[[doors]]\nat = "H:2,1"\nkind = "lockd"\n'
        '[[infected]]\nclass = "zombie"\nat = "1,0"\nfacing = "NE"\n'
        '[[infected]]\nclass = "zombie"\nat = "2,0"\nfacing = "s"\n')
    assert [line for line in diagnose({"p/missions/m.toml": mission}) if "ZW007" in line] == [
        ('p/missions/m.toml:4:8: error ZW007: `game` must be one of "zwar1", "exodus" or "agentz", not "exodos"; '
        'did you mean "exodus"?'),
        ('p/missions/m.toml:23:8: error ZW007: `kind` must be one of "door", "locked" or "blast", not "lockd"; '
        'did you mean "locked"?'),
        'p/missions/m.toml:27:10: error ZW007: `facing` must be one of "N", "E", "S" or "W", not "NE"',
        'p/missions/m.toml:31:10: error ZW007: `facing` must be one of "N", "E", "S" or "W", not "s"; did you mean "S"?',
    ]


def test_no_code_reads_a_diagnostics_message_back():
    """A message is text for people; code that needs what a diagnostic says reads its fields (see the test above).
    Any string method, `in` test or regular expression applied to a `.message` is a place that parses one."""
    methods = {"split", "rsplit", "startswith", "endswith", "partition", "rpartition", "find", "index", "replace",
               "match", "search", "fullmatch", "findall"}

    def message(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "message"

    readers = []
    root = Path(zwar_author.__file__).parent
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            parsed = (isinstance(node, ast.Attribute) and node.attr in methods and message(node.value)) or (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in methods
                and any(message(a) for a in node.args)) or (
                isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
                and any(message(c) for c in node.comparators))
            if parsed:
                readers.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    assert readers == []


def test_an_unknown_key_does_not_hide_the_files_other_mistakes(diagnose):
    """All mistakes at once: an unknown key means nothing, so the mission is checked on as if it were not
    there, and a tile that does not exist is said in the same run (it was hidden until the key was fixed)."""
    tiled = ('[mission]\nid = "m"\ntitle = "M"\ncolour = "red"\n[[floors]]\ntiles = [{ tile = "nowhere", at = [0, 0] }]\n'
             '[[starts]]\nat = "0,1"\n[[victory]]\nescape = "all"\n[[exits]]\nat = "3,1"\n')
    errors = [line for line in diagnose({"p/missions/m.toml": tiled}) if ": error " in line]
    assert errors == [
        ("p/missions/m.toml:4:1: error ZW005: unknown key `colour` in [mission]; known keys: allow_unplayable, "
         "briefing, chapter, director_cards, extra_doors, game, heroes, id, mode, notes, perks, playtest, title, "
         "xp_perk_allowance"),
        "p/missions/m.toml:6:10: error ZW408: tile `nowhere` does not exist; known: hall, landing, yard",
    ]


def test_an_unknown_key_inside_a_floor_drops_the_floor_and_what_cascades_from_it_is_not_said(diagnose):
    """An unknown key inside a floor's tile entry fails the whole floor, so the board is not whole: the
    mission's other checks that depend on it are not said (they could be false), only the key."""
    nested = M + '[[floors]]\ntiles = [{ tile = "hall", at = [0, 0], colour = "red" }]\n[[starts]]\nat = "0,1"\n'
    errors = [line for line in diagnose({"p/missions/m.toml": nested}) if ": error " in line]
    assert [line.split(": error ")[1][:5] for line in errors] == ["ZW005"]


def test_an_unknown_key_in_a_tile_or_a_rules_entry_hides_nothing_else(diagnose):
    """A tile with an unknown key is still the tile (it was reported as not existing, a false error, where a
    mission used it), and a rules entry with one is still checked (the face its bite table misses is said)."""
    tile = '[tile]\nid = "t"\nname = "T"\ncolour = "red"\n[sides.A]\nart = """\n+-+-+\n|. .|\n+-+-+\n"""\n'
    mission = ('[mission]\nid = "m"\ntitle = "M"\n[[floors]]\ntiles = [{ tile = "t", at = [0, 0] }]\n'
               '[[starts]]\nat = "0,0"\n[[victory]]\nescape = "all"\n[[exits]]\nat = "1,0"\n')
    rules = ('[[infected]]\nid = "ghoul"\nname = "Ghoul"\ngames = ["zwar1"]\nmove = 2\ncharge = 4\nsmell = 4\n'
             'speed = 3\nkill_points = 1\ngrab = { "1-8" = "safe" }\nbite = { "1-7" = "safe" }\n')
    errors = [line for line in diagnose({"p/tiles/t.toml": tile, "p/missions/m.toml": mission, "p/rules/r.toml": rules})
              if ": error " in line]
    assert errors == [
        ("p/rules/r.toml:8:1: error ZW005: unknown key `speed` in infected[0]; known keys: assumed, bite, charge, "
         "games, grab, hears, id, kill_points, move, name, plural, smell, text"),
        "p/rules/r.toml:11:8: error ZW501: infected class ghoul `bite`: face 8 of the d8 is not covered: every face needs one row",
        "p/tiles/t.toml:4:1: error ZW005: unknown key `colour` in [tile]; known keys: id, name, text",
    ]


def test_an_unknown_key_in_a_zone_wars_scenario_hides_nothing_else(workdir, zwar):
    """The scenario is placed on its table past the key, so a piece that does not exist is said in the same run."""
    shutil.copytree(CONTENT / "zonewars", workdir / "zw")
    scenario = workdir / "zw" / "scenarios" / "scrap-run.toml"
    text = scenario.read_text(encoding="utf-8")
    text = text.replace("rounds = 6\n", 'rounds = 6\ncolour = "red"\n', 1).replace('piece = "wreck"', 'piece = "wrek"', 1)
    scenario.write_text(text, encoding="utf-8")
    key, piece = (text.splitlines().index(line) + 1 for line in ('colour = "red"', 'piece = "wrek"'))
    result = zwar("validate", "zw", "--format", "short")
    *lines, summary = result.output.splitlines()
    assert (result.exit_code, summary.endswith(" scenarios: 2 errors, 0 warnings")) == (1, True)
    assert lines == [
        (f"zw/scenarios/scrap-run.toml:{key}:1: error ZW005: unknown key `colour` in [scenario]; known keys: assumed, "
         "base, game, id, players, rounds, setup, text, title, token, zone_tokens, zones_apart"),
        f"zw/scenarios/scrap-run.toml:{piece}:9: error ZW408: piece `wrek` does not exist; did you mean `wreck`?",
    ]


def test_an_unknown_key_in_a_random_table_hides_nothing_else(workdir, zwar):
    """The table is still proved complete past the key: the total its rows no longer cover is said."""
    shutil.copytree(CONTENT / "atz", workdir / "atz")
    table = workdir / "atz" / "tables" / "attributes.toml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace('dice = "2d6"\n', 'dice = "2d6"\ncolour = "red"\n', 1)
                     .replace('roll = "3"\n', 'roll = "13"\n', 1), encoding="utf-8")
    result = zwar("validate", "atz", "--format", "short")
    *lines, summary = result.output.splitlines()
    assert (result.exit_code, summary.endswith(" 2 errors, 1 warning")) == (1, True)
    assert lines == [
        "atz/tables/attributes.toml:6:1: error ZW005: unknown key `colour` in [table]; did you mean `columns`?",
        ("atz/tables/attributes.toml:10:1: error ZW803: attributes: total 3 has no row, reached with no modifier: "
        "1/18 (5.6%) of rolls"),
        ("atz/tables/attributes.toml:16:8: warning ZW805: attributes: row `13` can never be rolled: the totals reach "
        "2 to 12"),
    ]
