"""Zone Wars sources: one case per ZW9xx diagnostic with the exact text a user sees, and the reference pack."""

from __future__ import annotations

import pytest
from conftest import CONTENT, examples, write
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from zwar_author import codes
from zwar_author.compile.fairness import fairness
from zwar_author.compile.project import check

PACK = '[pack]\nid = "t"\ntitle = "T"\ngames = ["zonewars"]\n'
PIECES = """\
[[pieces]]
id = "block"
name = "Block"
kind = "blocking"
width = 4
depth = 4

[[pieces]]
id = "hedge"
name = "Hedge"
kind = "low"
width = 4
depth = 1

[[pieces]]
id = "tower"
name = "Tower"
kind = "blocking"
width = 4
depth = 4
floors = 1
"""
DATA = """\
[dice]
base = ["success", "blank", "blank", "blank", "blank", "model-damage"]
gear = ["success", "blank", "blank", "blank", "blank", "gear-damage"]

[[factions]]
id = "a"
name = "A"

[[factions]]
id = "b"
name = "B"

[[characters]]
id = "a1"
name = "A1"
faction = "a"
ranged = 3
melee = 3
survival = 2
health = 4

[[characters]]
id = "b1"
name = "B1"
faction = "b"
ranged = 3
melee = 3
survival = 2
health = 4

[[characters]]
id = "a2"
name = "A2"
faction = "a"
ranged = 2
melee = 2
survival = 2
health = 3

[[zone_cards]]
id = "c1"
name = "C1"
copies = 4

[[triggers]]
id = "t1"
name = "T1"
"""
HEAD = '[scenario]\nid = "s"\ntitle = "S"\ngame = "zonewars"\nrounds = 2\n'
ZONES = """
[[zones]]
id = "n"
x = 0
y = 0
width = 36
depth = 4

[[zones]]
id = "s"
x = 0
y = 32
width = 36
depth = 4
"""
SIDES = """
[[sides]]
faction = "a"
zone = "n"
characters = ["a1"]

[[sides]]
faction = "b"
zone = "s"
characters = ["b1"]
"""
TOKEN = "\n[[artifacts]]\nx = 18\ny = 18\n"
WIN = '\n[[victory]]\nkind = "most-points"\n'


def scenario(*, head: str = HEAD, zones: str = ZONES, sides: str = SIDES, tokens: str = TOKEN, win: str = WIN,
             extra: str = "") -> str:
    return head + zones + sides + tokens + win + extra


def piece(name: str, x: float, y: float, rotation: float = 0) -> str:
    return f'\n[[pieces]]\npiece = "{name}"\nx = {x}\ny = {y}\nrotation = {rotation}\n'


CASES: dict[str, dict[str, str]] = {
    "ZW900": {"t/pieces/bad.toml": '[[pieces]]\nid = "x"\nname = "X"\nkind = "low"\nwidth = 2\n'
                                   '\n[[pieces]]\nid = "y"\nname = "Y"\nkind = "low"\n'
                                   'polygon = [[0, 0], [2, 2], [2, 0], [0, 2]]\n'
                                   '\n[[pieces]]\nid = "z"\nname = "Z"\nkind = "blocking"\nwidth = 2\ndepth = 2\n'
                                   'openings = [{ kind = "door", start = [0.5, 1], end = [1, 1] }]\n'
                                   '\n[[pieces]]\nid = "w"\nname = "W"\nkind = "low"\nwidth = 2\ndepth = 2\nwall = 0.5\n'
                                   '\n[[pieces]]\nid = "v"\nname = "V"\nkind = "blocking"\nwidth = 2\ndepth = 2\nwall = 1\n'},
    "ZW901": {"t/scenarios/s.toml": scenario(extra=piece("block", 33, 10) + piece("block", 36, 20, 90))},
    "ZW902": {"t/scenarios/s.toml": scenario(extra=piece("block", 10, 10) + piece("block", 14, 10)
                                             + piece("block", 13.5, 20) + piece("block", 10, 20))},
    "ZW903": {"t/scenarios/s.toml": scenario(zones=ZONES.replace("width = 36\ndepth = 4\n", "width = 37\ndepth = 4\n", 1))},
    "ZW904": {"t/scenarios/s.toml": scenario(extra=piece("block", 10, 3) + piece("block", 20, 4))},
    "ZW905": {"t/scenarios/s.toml": scenario(zones=ZONES.replace("y = 32", "y = 13.99"))},
    "ZW906": {"t/scenarios/s.toml": scenario(tokens=TOKEN + "\n[[artifacts]]\nx = 35.5\ny = 0.5\n"
                                                   + "\n[[artifacts]]\nx = 35.6\ny = 18\n")},
    "ZW907": {"t/scenarios/s.toml": scenario(extra=piece("block", 16, 16) + piece("hedge", 2, 18))},
    "ZW908": {"t/scenarios/s.toml": scenario(extra=piece("block", 16, 12) + piece("block", 12, 16)
                                             + piece("block", 20, 16) + piece("block", 16, 20.5))},
    "ZW909": {"t/scenarios/s.toml": scenario(tokens=TOKEN.replace("y = 18\n", "y = 18\nfloor = 1\n")
                                             + "\n[[artifacts]]\nx = 12\ny = 12\nfloor = 2\n",
                                             extra=piece("tower", 10, 10))},
    "ZW910": {"t/scenarios/s.toml": scenario(head=HEAD.replace("rounds = 2", "rounds = 3"))},
    "ZW911": {"t/scenarios/s.toml": scenario(head=HEAD.replace("rounds = 2", "rounds = 2\nplayers = 5"),
                                             extra='\n[deck]\ntriggers = ["t1"]\n')},
    "ZW912": {"t/zonewars/data.toml": DATA.replace('base = ["success", ', 'base = [')},
    "ZW913": {"t/scenarios/s.toml": scenario(sides=SIDES.replace('zone = "s"', 'zone = "n"'))},
    "ZW914": {"t/scenarios/s.toml": scenario(sides=SIDES.replace('characters = ["b1"]', 'characters = ["b1", "a2"]'))},
    "ZW915": {"t/scenarios/s.toml": scenario(win='\n[[victory]]\nkind = "hold-area"\n')},
    "ZW916": {"t/scenarios/s.toml": scenario(tokens="")},
    "ZW917": {"t/scenarios/s.toml": scenario(extra=piece("block", 10, 10) + "\n[[containers]]\nx = 35.75\ny = 5\n"
                                             "\n[[containers]]\nx = 12\ny = 12\nsize = 2\n")},
}

EXPECTED = {
    "ZW917": [
        "t/scenarios/s.toml:44:1: error ZW917: container 1 at (35.75\", 5\") is not wholly on the table",
        "t/scenarios/s.toml:48:1: error ZW917: container 2 at (12\", 12\") lies in Blocking piece `block`",
    ],
    "ZW900": [
        't/pieces/bad.toml:1:1: error ZW900: piece `x` needs `width` and `depth` (a rectangle) or `polygon`',
        't/pieces/bad.toml:11:11: error ZW900: piece `y` is not a usable shape: a footprint must be a simple polygon with an area (its sides may not cross)',
        't/pieces/bad.toml:19:13: error ZW900: piece `z` has door 1 off its outline',
        't/pieces/bad.toml:27:8: error ZW900: piece `w` has a `wall` but is Low terrain: only Blocking pieces are hollow',
        't/pieces/bad.toml:35:8: error ZW900: piece `v` has walls 1" thick, which leave no room inside',
    ],
    "ZW901": [
        't/scenarios/s.toml:38:1: error ZW901: piece `block` reaches 1" past the table\'s right edge',
    ],
    "ZW902": [
        't/scenarios/s.toml:56:1: error ZW902: piece `block` overlaps piece `block` placed at t/scenarios/s.toml:50:1',
    ],
    "ZW903": [
        "t/scenarios/s.toml:7:1: error ZW903: zone `n` reaches past the table's right edge",
    ],
    "ZW904": [
        't/scenarios/s.toml:7:1: error ZW904: zone `n` overlaps Blocking piece `block`',
    ],
    "ZW905": [
        't/scenarios/s.toml:14:1: error ZW905: zones `s` and `n` are 9.99" apart; deployment zones must be at least Long (10") apart',
    ],
    "ZW906": [
        't/scenarios/s.toml:39:1: error ZW906: artifact token 3 at (35.6", 18") is not wholly on the table',
    ],
    "ZW907": [
        't/scenarios/s.toml:31:1: error ZW907: artifact token 1 at (18", 18") lies in Blocking piece `block`',
    ],
    "ZW908": [
        't/scenarios/s.toml:31:1: error ZW908: artifact token 1 at (18", 18") cannot be reached from zone `n` by walking round Blocking terrain',
        't/scenarios/s.toml:31:1: error ZW908: artifact token 1 at (18", 18") cannot be reached from zone `s` by walking round Blocking terrain',
    ],
    "ZW909": [
        't/scenarios/s.toml:31:1: error ZW909: artifact token 1 is on floor 1 but it lies in no Building',
        't/scenarios/s.toml:36:1: error ZW909: artifact token 2 is on floor 2 but `tower` has 1 floor above the ground',
    ],
    "ZW910": [
        't/scenarios/s.toml:5:10: warning ZW910: the Zone deck holds 4 cards but 3 rounds can draw 6',
    ],
    "ZW911": [
        "t/scenarios/s.toml:39:1: error ZW911: each round's deck needs one random Zone card per player (5) but the deck holds 4",
    ],
    "ZW912": [
        't/zonewars/data.toml:2:8: error ZW912: the base die has no success face',
    ],
    "ZW913": [
        't/scenarios/s.toml:28:8: warning ZW913: sides `b` and `a` deploy in the same zone `n`',
    ],
    "ZW914": [
        't/scenarios/s.toml:29:21: error ZW914: character `a2` fights for `a`, not for side `b`',
    ],
    "ZW915": [
        't/scenarios/s.toml:35:1: error ZW915: a hold-area victory names the area to hold: add `zone = "..."`',
    ],
    "ZW916": [
        't/scenarios/s.toml:31:1: warning ZW916: victory by most-points needs artifacts, but no artifact token is placed',
    ],
}


def run_case(workdir, code: str) -> list[str]:
    files = {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA,
             "t/scenarios/s.toml": scenario(), **CASES[code]}
    write(workdir, files)
    outcome = check([workdir / "t"])
    return [d.human() for d in outcome.report.sorted() if f" {code}: " in d.human()]


@pytest.mark.parametrize("code", sorted(CASES))
def test_diagnostic_text(workdir, code):
    assert run_case(workdir, code) == EXPECTED[code]


def test_every_zone_wars_code_has_a_case():
    assert {c for c in codes.CODES if "ZW900" <= c <= "ZW959"} == set(CASES)


def test_a_clean_scenario_has_no_problems(workdir):
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA,
                    "t/scenarios/s.toml": scenario(extra=piece("block", 10, 10) + piece("hedge", 14, 10))})
    outcome = check([workdir / "t"])
    assert [d.human() for d in outcome.report.sorted()] == []
    (compiled,) = outcome.scenarios["t"]
    assert compiled.moves("n", 1) == 3 and compiled.moves("s", 1) == 3


def test_zones_exactly_the_band_apart_are_far_enough(workdir):
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA,
                    "t/scenarios/s.toml": scenario(zones=ZONES.replace("y = 32", "y = 14"))})
    assert [d.code for d in check([workdir / "t"]).report.sorted()] == []


def test_the_reference_pack_validates_and_is_fair():
    outcome = check([CONTENT / "zonewars"])
    assert [d.human() for d in outcome.report.sorted()] == []
    for compiled in outcome.scenarios["zonewars"]:
        first, second = (side.zone for side in compiled.model.sides)
        assert sorted(compiled.moves(first, t.number) for t in compiled.tokens) == \
            sorted(compiled.moves(second, t.number) for t in compiled.tokens)


@pytest.mark.slow
def test_zwar_fairness_sets_the_zones_side_by_side(zwar):
    result = zwar("fairness", CONTENT / "zonewars" / "scenarios" / "scrap-run.toml")
    assert result.exit_code == 0, result.output
    assert result.output == SCRAP_RUN


def test_an_unfair_layout_shows_at_once(workdir, zwar):
    wall = piece("block", 10, 8) + piece("block", 14, 8) + piece("block", 18, 8) + piece("block", 22, 8)
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA,
                    "t/scenarios/s.toml": scenario(extra=wall)})
    result = zwar("fairness", "t")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "  uneven: moves to every token 4 vs 3; tokens seen 0 vs 1"


HEIGHTS = """\
[[pieces]]
id = "low-wall"
name = "Low wall"
kind = "low"
width = 4
depth = 1
height = 1

[[pieces]]
id = "tall"
name = "Tall block"
kind = "blocking"
width = 4
depth = 4
height = 8
"""
NARROW = ZONES.replace("x = 0", "x = 16").replace("width = 36", "width = 4")


def test_a_token_on_a_floor_is_judged_at_its_height(workdir, zwar):
    # Seed 003 line 264: sight drops "down to the level of the shooter"; the north zone sees the token on the
    # tower's floor (5" up) over a 1" wall that would hide a token on the ground, the south zone's view is
    # cut by an 8" block, and the tower the token lies in hides nothing.
    layout = (piece("tower", 16, 16) + piece("low-wall", 16, 10) + piece("tall", 16, 24)
              + "\n[[artifacts]]\nx = 18\ny = 11.5\n")
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/pieces/h.toml": HEIGHTS,
                    "t/zonewars/data.toml": DATA,
                    "t/scenarios/s.toml": scenario(zones=NARROW, tokens=TOKEN + "floor = 1\n", extra=layout)})
    result = zwar("fairness", "t")
    assert result.exit_code == 0, result.output
    assert result.output == TOWER_SIGHT


def test_the_floor_height_is_the_rules_value():
    # Seed 003 line 388 climbs floors and line 392 counts a fall's damage "for each starting Medium height";
    # neither gives a floor's height: it is the rules' floor_height (assumed a Medium in the reference pack).
    from types import SimpleNamespace

    from zwar_author.model.zonewars import RulesDef
    from zwar_author.skirmish.zonewars.floors import fall, level, rise
    for height, floor, damage in ((5, 1, 1), (5, 2, 2), (7.5, 1, 2), (10, 1, 2), (2.5, 1, 1), (2.5, 3, 2)):
        g = SimpleNamespace(scenario=SimpleNamespace(rules=RulesDef(floor_height=height)))
        m = SimpleNamespace(floor=floor)
        assert (rise(g), level(g, m), fall(g, m)) == (height, height * floor, damage)
    assert RulesDef().floor_height == 5


TOWER_SIGHT = '''\
S (t/s): 2 artifact tokens, 2 deployment zones, 3 pieces on a 36" x 36" table
                                 n (a)                   s (b)
  token 1 at (18", 18") floor 1  4 moves (17"), seen     4 moves (17.14"), hidden
  token 2 at (18", 11.5")        2 moves (7"), in cover  5 moves (20.77"), hidden
  Medium moves to every token    6                       9
  nearest token                  2 moves                 4 moves
  tokens seen from the zone      2 of 2                  0 of 2
  table seen from the zone       93.8%                   91.4%
  uneven: moves to every token 6 vs 9; tokens seen 2 vs 0
'''


@pytest.mark.slow
def test_zone_wars_sheets_are_drawn_and_the_same_each_time(workdir, zwar):
    target = CONTENT / "zonewars" / "scenarios" / "hold-the-tower.toml"
    first = zwar("render", target, "-o", "one", "--format", "svg")
    assert first.exit_code == 0, first.output
    zwar("render", target, "-o", "two", "--format", "svg")
    folder = workdir / "one" / "zonewars" / "sheets" / "svg" / "scenarios" / "hold-the-tower"
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(["counters-1.svg", "counters-2.svg", "scenario.svg", "sight-east.svg", "sight-west.svg", "terrain-1.svg",
                            "terrain-2.svg"]
                           + [f"table-{n}.svg" for n in range(1, 25)])
    for name in names:
        again = workdir / "two" / "zonewars" / "sheets" / "svg" / "scenarios" / "hold-the-tower" / name
        assert (folder / name).read_bytes() == again.read_bytes(), name
    table = (folder / "table-1.svg").read_text()
    assert 'width="210mm"' in table and "This bar measures 10 cm" in table
    counters = (folder / "counters-1.svg").read_text() + (folder / "counters-2.svg").read_text()
    assert counters.count(">ACTION<") == 6 and counters.count(">ZONE<") == 2  # three models a side, two players
    assert "Hold the Tower · counters to cut out · page 1 of 2 · at true size (1\" across)" in counters


SCRAP_RUN = '''\
Scrap Run (zonewars/scrap-run): 6 artifact tokens, 2 deployment zones, 9 pieces on a 36" x 36" table
                               north (ark-mutants)         south (genlab-tribe)
  token 1 at (18", 12")        2 moves (8.76"), seen       4 moves (19.95"), seen
  token 2 at (18", 24")        4 moves (19.95"), seen      2 moves (8.76"), seen
  token 3 at (9", 12")         3 moves (10.32"), hidden    4 moves (19.57"), in cover
  token 4 at (27", 24")        4 moves (19.57"), in cover  3 moves (10.32"), hidden
  token 5 at (4", 8")          1 move (3.5"), seen         5 moves (23.5"), seen
  token 6 at (32", 28")        5 moves (23.5"), seen       1 move (3.5"), seen
  Medium moves to every token  19                          19
  nearest token                1 move                      1 move
  tokens seen from the zone    5 of 6                      5 of 6
  table seen from the zone     91.3%                       91.3%
  even: the same moves to every token, the same tokens seen, and views of the table within 5 points
  artifacts: 6 cards worth 13 victory points; a token draws 13/6 (2.17) on average, so 6 tokens are worth 13.00 in all
'''


def test_card_kinds_come_from_data(workdir, zwar):
    kinds = """
[[card_kinds]]
id = "relic"
of = "zone_cards"
name = "Relic"
colour = "#123456"
back = "Relic"
game = "Any Game"
stats = [{ key = "copies", label = "Copies" }]
"""
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA + kinds,
                    "t/scenarios/s.toml": scenario()})
    result = zwar("render", "t", "--sheet", "cards", "--format", "svg", "--backs", "-o", "out")
    assert result.exit_code == 0, result.output
    front = (workdir / "out" / "t" / "sheets" / "svg" / "cards" / "cards-1.svg").read_text()
    back = (workdir / "out" / "t" / "sheets" / "svg" / "cards" / "cards-1-back.svg").read_text()
    assert front.count(">C1<") == 4 and front.count(">Relic<") == 4       # four copies in the deck
    assert back.count(">RELIC<") == 4 and back.count(">ANY GAME<") == 4 and "#123456" in back


def test_build_writes_each_scenario_as_canonical_json(workdir, zwar):
    import json

    import jsonschema

    from zwar_author.schema import schemas

    first = zwar("build", CONTENT / "zonewars", "-o", "one")
    assert first.exit_code == 0, first.output
    assert first.output.endswith("built 0 missions and 2 scenarios into one: 0 errors, 0 warnings\n")
    zwar("build", CONTENT / "zonewars", "-o", "two")
    for name in ("scrap-run.json", "hold-the-tower.json"):
        data = (workdir / "one" / "zonewars" / "scenarios" / name).read_bytes()
        assert data == (workdir / "two" / "zonewars" / "scenarios" / name).read_bytes()
        document = json.loads(data)
        jsonschema.Draft4Validator(schemas()["content.schema.json"]).validate(document)
    tower = json.loads((workdir / "one" / "zonewars" / "scenarios" / "hold-the-tower.json").read_text())
    assert {"zone": "west", "token": 1, "inches": 22.0, "moves": 5} in tower["reach"]
    assert tower["pieces"][0] == {"piece": "zonewars/watchtower", "kind": "blocking", "floors": 2,
                                  "corners": [[16.0, 16.0], [20.0, 16.0], [20.0, 20.0], [16.0, 20.0]]}


def test_assumed_lists_zone_wars_guesses_with_their_place(workdir, zwar):
    head = HEAD.replace('rounds = 2\n', 'rounds = 2\nassumed = ["rounds"]\n')
    pieces = PIECES.replace('width = 4\ndepth = 1\n', 'width = 4\ndepth = 1\nassumed = ["depth"]\n')
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": pieces, "t/zonewars/data.toml": DATA,
                    "t/scenarios/s.toml": scenario(head=head)})
    result = zwar("assumed", "t")
    assert result.exit_code == 0, result.output
    assert result.output == ("t/pieces/p.toml:13:1: piece t/hedge: depth = 1\n"
                             "t/scenarios/s.toml:5:1: scenario t/s: rounds = 2\n"
                             "t: 2 assumed values of its own\n")


@settings(max_examples=examples(15))
@given(st.lists(st.tuples(st.sampled_from(["block", "hedge"]), st.integers(0, 32), st.integers(6, 13)),
                min_size=1, max_size=4),
       st.tuples(st.integers(1, 35), st.integers(6, 30)))
@pytest.mark.slow
def test_a_layout_turned_about_the_centre_is_fair(tmp_path_factory, pieces, token):
    """Turning every piece and token half round about the table's centre swaps the two sides exactly."""
    text = "".join(piece(name, x, y) + piece(name, 36 - x, 36 - y, 180) for name, x, y in pieces)
    tokens = (f"\n[[artifacts]]\nx = {token[0]}\ny = {token[1]}\n"
              f"\n[[artifacts]]\nx = {36 - token[0]}\ny = {36 - token[1]}\n")
    root = tmp_path_factory.mktemp("turned")
    write(root, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA,
                 "t/scenarios/s.toml": scenario(tokens=tokens, extra=text)})
    outcome = check([root / "t"])
    assume(outcome.report.ok)
    (compiled,) = outcome.scenarios["t"]
    assert compiled.reach[("n", 1)] == pytest.approx(compiled.reach[("s", 2)], abs=1e-6)
    assert compiled.reach[("n", 2)] == pytest.approx(compiled.reach[("s", 1)], abs=1e-6)
    report = fairness(compiled)
    north, south = report.zones
    assert north.sight == south.sight[::-1]
    assert north.map.seen == pytest.approx(south.map.seen, abs=1e-9)


def test_schema_only_checks_zone_wars_sources_by_their_folder(workdir, zwar):
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES.replace('kind = "low"', 'knd = "low"'),
                    "t/zonewars/data.toml": DATA, "t/scenarios/s.toml": scenario(), "alone.toml": scenario()})
    result = zwar("validate", "--schema-only", "t", "alone.toml")
    lines = result.output.splitlines()
    assert lines[0] == "t/pieces/p.toml:11:1: error ZW005: unknown key `knd` in pieces[1]; did you mean `kind`?"
    assert lines[-1] == "checked 5 files against their schemas: 1 error, 0 warnings"


def test_trigger_effects_name_a_trigger_of_the_deck_once_and_a_placed_piece(workdir):
    """A scenario says what its trigger cards do (line 470): each effect names one of the deck's triggers, once,
    and the piece it acts near must be placed; every problem is said at once, where it is written."""
    effects = ('\n[deck]\ntriggers = ["t1"]\n'
               '\n[[deck.effects]]\ntrigger = "t1"\nnear = "block"\n'
               '\n[[deck.effects]]\ntrigger = "t1"\n'
               '\n[[deck.effects]]\ntrigger = "t2"\nnear = "hedge"\n')
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA,
                    "t/scenarios/s.toml": scenario(extra=piece("block", 10, 10) + effects)})
    found = [d.human() for d in check([workdir / "t"]).report.sorted() if d.code in ("ZW407", "ZW408")]
    assert found == [
        "t/scenarios/s.toml:52:11: error ZW407: trigger effect `t1` is defined twice (first at t/scenarios/s.toml:48:11)",
        "t/scenarios/s.toml:55:11: error ZW408: deck trigger `t2` does not exist; known: t1",
        "t/scenarios/s.toml:56:8: error ZW408: placed piece `hedge` does not exist; known: block",
    ]


def test_only_a_door_of_a_hollow_piece_closes(workdir):
    """A closed door blocks until opened (line 226); a window never closes, and a solid piece's openings are only
    drawn, so `closed` on either is an error where it is written."""
    pieces = ('[[pieces]]\nid = "hut"\nname = "Hut"\nkind = "blocking"\nwidth = 4\ndepth = 4\nwall = 0.25\n'
              'openings = [{ kind = "window", start = [0, 1], end = [0, 2], closed = true }]\n'
              '\n[[pieces]]\nid = "rock"\nname = "Rock"\nkind = "blocking"\nwidth = 4\ndepth = 4\n'
              'openings = [{ kind = "door", start = [0, 1], end = [0, 2], closed = true }]\n')
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/pieces/doors.toml": pieces,
                    "t/zonewars/data.toml": DATA, "t/scenarios/s.toml": scenario()})
    found = [d.human() for d in check([workdir / "t"]).report.sorted() if d.code == "ZW900"]
    why = "closed: only a door of a hollow piece (with `wall`) closes"
    assert found == [
        f"t/pieces/doors.toml:8:71: error ZW900: piece `hut` has window 1 {why}",
        f"t/pieces/doors.toml:16:69: error ZW900: piece `rock` has door 1 {why}",
    ]


@pytest.mark.parametrize("width", [1, 1.5])
def test_a_token_inside_behind_a_door_one_base_wide_is_reached(workdir, width):
    """A hut's only door is one base wide (or wider), off the straight line from either zone: the walk to the
    token turns into the door, and a gap one base wide is passable (docs/zonewars.md), so no ZW908."""
    pieces = ('[[pieces]]\nid = "hut"\nname = "Hut"\nkind = "blocking"\nwidth = 6\ndepth = 4\nwall = 0.25\n'
              f'openings = [{{ kind = "door", start = [1, 0], end = [{1 + width}, 0] }}]\n')
    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/pieces/hut.toml": pieces,
                    "t/zonewars/data.toml": DATA, "t/scenarios/s.toml": scenario(extra=piece("hut", 15, 16))})
    assert [d.human() for d in check([workdir / "t"]).report.sorted()] == []


def test_containers_are_drawn_on_the_table_and_numbered_for_play(workdir):
    """A container is printed where it lies (a square marked C1); the engine numbers it as written, with what a
    search finds (its search is pinned by tests/rules-zonewars/artifacts/search-*.toml, line 226)."""
    from zwar_author.play.zonewars import containers_of
    from zwar_author.render.canvas import Text
    from zwar_author.render.tabletop import draw_table

    write(workdir, {"t/pack.toml": PACK, "t/pieces/p.toml": PIECES, "t/zonewars/data.toml": DATA,
                    "t/scenarios/s.toml": scenario(extra="\n[[containers]]\nx = 18\ny = 3\nfinds = 2\n")})
    outcome = check([workdir / "t"])
    assert [d.human() for d in outcome.report.sorted()] == []
    (compiled,) = outcome.scenarios["t"]
    assert [i.text for i in draw_table(compiled) if isinstance(i, Text)][-1] == "C1"
    played = containers_of(compiled.model.containers, compiled.token_base)
    assert [(c.number, c.finds, c.base.diameter) for c in played] == [(1, 2, 1)]
