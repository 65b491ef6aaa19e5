"""Opposed tables (both sides count successes, re-rolled until one side has none): diagnostics,
exact odds against brute force and a long seeded simulation, forced rolls, the command line."""

from __future__ import annotations

import json
import math
import random
import textwrap
from fractions import Fraction

import pytest
from conftest import CONTENT, PACK, write

from zwar_author.engine.chance import Live
from zwar_author.tables.odds import final_odds, row_odds
from zwar_author.tables.opposed import opposed
from zwar_author.tables.roll import roll

F = Fraction

MEET = textwrap.dedent("""\
    [table]
    id = "meet"
    name = "Meet"
    kind = "opposed"
    pool = "rep"
    versus = "their_rep"
    success = "1-3"
    tiebreak = "highest-failed"
    [context]
    rep = { low = 1, high = 6 }
    their_rep = { low = 1, high = 6 }
    outnumber = { low = -3, high = 3 }
    [[modifiers]]
    name = "each figure you have more"
    value = "outnumber"
    when = { outnumber = [1, 2, 3] }
    [[modifiers]]
    name = "each figure they have more"
    value = "-outnumber"
    side = "them"
    when = { outnumber = [-1, -2, -3] }
    [[rows]]
    roll = "2+"
    result = "join"
    [[rows]]
    roll = "1"
    result = "join for the game"
    [[rows]]
    roll = "0"
    result = "again"
    [[rows]]
    roll = "-1"
    result = "leave"
    [[rows]]
    roll = "-2 or less"
    result = "fight"
    """)

TOGETHER = textwrap.dedent("""\
    [table]
    id = "together"
    name = "Together"
    kind = "opposed"
    pool = "rep"
    versus = "their_rep"
    against = "rep"
    versus_against = "their_rep"
    reroll = false
    read = "ratio"
    [context]
    rep = { low = 1, high = 6 }
    their_rep = { low = 1, high = 6 }
    [[rows]]
    roll = "2"
    result = "stays, no test"
    [[rows]]
    roll = "1"
    result = "stays"
    [[rows]]
    roll = "0"
    result = "retake"
    [[rows]]
    roll = "-1"
    result = "sneaks away"
    [[rows]]
    roll = "-2"
    result = "mutiny"
    """)


def load(workdir):
    from zwar_author.compile.random_tables import find_tables

    write(workdir, {"p/pack.toml": PACK, "p/tables/meet.toml": MEET, "p/tables/together.toml": TOGETHER})
    found = find_tables([str(workdir / "p")], [])
    assert [d.human() for d in found.report.sorted()] == []
    return found.known


CASES = {
    "pool": (MEET.replace("high = 3", "high = 9").replace("[1, 2, 3]", "[1, 2, 3, 7]"),
             ("p/tables/t.toml:5:8: error ZW814: meet: you roll 13 dice with each figure you have more (+outnumber) "
              "(outnumber = 7, rep = 6, their_rep = 1); exact odds are computed for at most 12 dice a side")),
    "both": (MEET.replace('success = "1-3"\n', ""),
             ('p/tables/t.toml:1:1: error ZW815: meet: an opposed table gives what succeeds once: `success = "1-3"` '
              '(faces, both sides) or `against = "rep"` (a die at or under your target; `versus_against` for '
              'theirs)')),
    "versus": (MEET.replace('versus = "their_rep"\n', ""),
               "p/tables/t.toml:1:1: error ZW006: missing required key `versus` in [table] of an opposed table"),
    "ratio": (TOGETHER.replace("reroll = false\n", ""),
              ('p/tables/t.toml:9:1: error ZW815: together: `read = "ratio"` compares one roll\'s counts: add '
               '`reroll = false` (re-rolled successes always end with one side at none, where any count is twice '
               'as many)')),
    "other kind": (('[table]\nid = "s"\nname = "S"\ntiebreak = "highest-failed"\n[[rows]]\nroll = "1-6"\n'
                   'result = "x"\n'),
                   ('p/tables/t.toml:4:1: error ZW815: s: `tiebreak` is a key of opposed tables; this table is '
                   '`kind = "sum"`')),
    "never ends": (MEET.replace('"1-3"', '"1-6"'),
                   ("p/tables/t.toml:1:1: error ZW815: meet: every die of both sides succeeds with no modifier "
                   "(rep = 1, their_rep = 1): the re-rolls never end")),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_opposed_diagnostic_reads_exactly(diagnose, case):
    text, expected = CASES[case]
    lines = diagnose({"p/tables/t.toml": text})
    assert expected in lines, lines


def test_the_printed_tie_without_a_row_is_a_gap(diagnose):
    lines = diagnose({"p/tables/t.toml": MEET.replace('[[rows]]\nroll = "0"\nresult = "again"\n', "")})
    assert lines == [("p/tables/t.toml:22:1: error ZW803: meet: total 0 has no row, reached with no modifier "
                     "(rep = 1, their_rep = 1): 1/9 (11.1%) of rolls")]


def test_rows_read_the_exact_chain_with_modifiers_on_either_side(workdir):
    meet = load(workdir)["p/meet"]
    tie = ((4, 5, 6), (4, 5, 6))
    for outnumber, (ours, theirs) in ((0, (4, 4)), (2, (6, 4)), (-3, (4, 7))):
        exact = opposed(ours, theirs, tie=tie)
        chances = [p for _, p in row_odds(meet, {"rep": 4, "their_rep": 4, "outnumber": outnumber})]
        assert chances == [sum((v for d, v in exact.items() if d >= 2), F(0)), exact.get(1, F(0)),
                           exact.get(0, F(0)), exact.get(-1, F(0)), sum((v for d, v in exact.items() if d <= -2), F(0))]
    assert [p for _, p in row_odds(meet, {"rep": 1, "their_rep": 1, "outnumber": 0})] == \
        [0, F(4, 9), F(1, 9), F(4, 9), 0]


def test_one_roll_read_as_twice_as_many_or_more(workdir):
    together = load(workdir)["p/together"]
    # Rep 1 against Rep 1, one die each succeeding on a 1: 1/36 both, 25/36 neither (ties), 5/36 each way (twice)
    assert [p for _, p in row_odds(together, {"rep": 1, "their_rep": 1})] == [F(5, 36), 0, F(26, 36), 0, F(5, 36)]


@pytest.mark.slow
@pytest.mark.parametrize("name, values", [
    ("meet", {"rep": 4, "their_rep": 3, "outnumber": 1}),
    ("meet", {"rep": 2, "their_rep": 2, "outnumber": 0}),
    ("together", {"rep": 4, "their_rep": 3}),
])
def test_exact_odds_agree_with_a_long_seeded_simulation(workdir, name, values):
    known = load(workdir)
    table = known[f"p/{name}"]
    exact = final_odds(table, values, known)
    chance = Live(random.Random(4321), policy=lambda game, request: None)
    runs = 20000
    counts: dict[str, int] = {}
    for _ in range(runs):
        outcome = roll(table, values, chance, known).outcome
        counts[outcome] = counts.get(outcome, 0) + 1
    assert set(counts) <= set(exact)
    for label, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / runs)
        assert abs(counts.get(label, 0) / runs - float(p)) <= 4.5 * sigma + 1e-9, (label, counts, exact)


def test_a_forced_roll_shows_every_round_and_the_tie_break(workdir):
    meet = load(workdir)["p/meet"]
    forced = Live(random.Random(0), policy=lambda game, request: None, dice=[1, 3, 5, 2, 4, 6, 2, 5])
    rolled = roll(meet, {"rep": 2, "their_rep": 2, "outnumber": 1}, forced)
    assert rolled.lines == [
        "meet: you roll 3d6, they roll 2d6; each figure you have more (+outnumber)",
        "  round 1: you 1, 3, 5 (2 kept), they 2, 4 (1 kept)",
        "  round 2: you 6, 2 (1 kept), they 5 (0 kept)",
        "  total 1",
        "  row 1: join for the game",
    ]
    # Tonya's example: both end with none; her highest failed die (5) beats Jumbo's (4)
    forced = Live(random.Random(0), policy=lambda game, request: None, dice=[5, 4])
    rolled = roll(meet, {"rep": 1, "their_rep": 1, "outnumber": 0}, forced)
    assert rolled.lines[1:] == [
        "  round 1: you 5 (0 kept), they 4 (0 kept)",
        "  both none: highest failed die 5 against 4, you count as passing 1d6",
        "  total 1",
        "  row 1: join for the game",
    ]


def test_zwar_odds_and_roll_on_the_command_line(workdir, zwar):
    load(workdir)
    result = zwar("odds", "p/tables/meet.toml", "--context", "rep=1", "--context", "their_rep=1",
                  "--context", "outnumber=0")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "meet: Meet (rep d6 against their_rep d6, 1-3 succeed, re-rolled)",
        "  rep = 1, their_rep = 1, outnumber = 0:",
        "    2+                         0  join",
        "    1                4/9 (44.4%)  join for the game",
        "    0                1/9 (11.1%)  again",
        "    -1               4/9 (44.4%)  leave",
        "    -2 or less                 0  fight",
    ]
    result = zwar("roll", "p/tables/together.toml", "--context", "rep=3", "--context", "their_rep=3", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("together: you roll 3d6, they roll 3d6\n  round 1: you ")
    assert result.output.endswith("(seed 5)\n")


def test_zwar_odds_of_an_opposed_table_over_many_situations_is_a_grid_by_dice(workdir, zwar):
    """Many situations come to few rolls: one line per roll (your dice, theirs), symmetric here, and
    the JSON names the roll of each group with its exact fractions."""
    load(workdir)
    result = zwar("odds", "p/tables/meet.toml", "--context", "rep=1", "--context", "their_rep=1")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        "  rows:",
        "    2+          join",
        "    1           join for the game",
        "    0           again",
        "    -1          leave",
        "    -2 or less  fight",
        "  modifiers:",
        "    each figure you have more (+outnumber)",
        "    each figure they have more (-outnumber to them)",
        ("  by the dice each side rolls (7 situations; --context KEY=VALUE holds one, --format json gives exact "
         "fractions):"),
        "     you they          2+           1           0          -1  -2 or less",
        "       1    1           0       44.4%       11.1%       44.4%           0",
        "       1    2           0       29.6%        7.9%       48.1%       14.3%",
        "       1    3           0       22.2%        6.0%       42.2%       29.5%",
        "       1    4           0       17.8%        4.8%       35.3%       42.1%",
        "       2    1       14.3%       48.1%        7.9%       29.6%           0",
        "       3    1       29.5%       42.2%        6.0%       22.2%           0",
        "       4    1       42.1%       35.3%        4.8%       17.8%           0",
    ]
    document = json.loads(zwar("odds", "p/tables/meet.toml", "--context", "rep=1", "--context", "their_rep=1",
                               "--format", "json").output)
    groups = document["random_tables"]["p/meet"]
    assert [(g["you"], g["they"], len(g["contexts"])) for g in groups] == [
        (1, 1, 1), (1, 2, 1), (1, 3, 1), (1, 4, 1), (2, 1, 1), (3, 1, 1), (4, 1, 1)]
    assert [r["chance"]["exact"] for r in groups[0]["rows"]] == ["0/1", "4/9", "1/9", "4/9", "0/1"]


@pytest.mark.slow
def test_zwar_odds_reads_every_table_of_the_reference_pack(zwar):
    """Barter has 4608 situations: grouped by dice, the pack's odds print whole instead of asking for
    --context."""
    result = zwar("odds", str(CONTENT / "atz"))
    assert result.exit_code == 0, result.output
    assert "barter: Barter (rep d6 against their_rep d6, 1-3 succeed, re-rolled)" in result.output
    assert "  by the dice each side rolls (4608 situations;" in result.output
