"""Random tables: dice expressions, row keys, every table diagnostic's exact text, and the
coverage proof checked against brute force (every context, every die face)."""

from __future__ import annotations

import itertools
import textwrap
from fractions import Fraction

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from zwar_author.model.table_kind import Kind
from zwar_author.tables.compile import parse_key
from zwar_author.tables.dice import DiceError, parse
from zwar_author.tables.proof import coverage, reaches
from zwar_author.tables.table import Key, Modifier, Outcome, Row, Table

F = Fraction


def test_dice_distributions_are_exact():
    assert parse("2d6").dist()[7] == F(1, 6)
    assert parse("1/2d6").dist() == {1: F(1, 3), 2: F(1, 3), 3: F(1, 3)}
    assert parse("1 + 1/2d6").dist() == {2: F(1, 3), 3: F(1, 3), 4: F(1, 3)}
    assert parse("1d6+rep").dist({"rep": 4}) == {n: F(1, 6) for n in range(5, 11)}
    assert parse("-1d6").dist() == {n: F(1, 6) for n in range(-6, 0)}
    assert parse(-2).value() == -2
    assert parse("2d6 - 1").text() == "2d6 - 1"


@pytest.mark.parametrize("text, message", [
    ("2x6", "`2x6` is not dice: write terms like 2d6, 1/2d6, 3 or rep joined by + and -"),
    ("3/2d6", "`3/2d6`: a part of a die is written 1/N dN, as 1/2d6"),
    ("0d6", "`0d6`: dice are 1 to 30 dice of 2 to 100 faces, at most 600 faces in all"),
    ("30d100", "`30d100`: dice are 1 to 30 dice of 2 to 100 faces, at most 600 faces in all"),
    ("2d6 3", "`2d6 3` is not dice: write terms like 2d6, 1/2d6, 3 or rep joined by + and -"),
])
def test_bad_dice_say_what_dice_are(text, message):
    with pytest.raises(DiceError) as caught:
        parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("text, low, high, sub", [
    ("4", 4, 4, None), ("1-3", 1, 3, None), ("1 to 5", 1, 5, None), ("3 or less", None, 3, None),
    ("11+", 11, None, None), ("12 or more", 12, None, None), ("10 (1-2)", 10, 10, (1, 2)),
    ("4 (6)", 4, 4, (6, 6)), ("-1", -1, -1, None), ("6 or 7", 6, 7, None),
])
def test_row_keys_read_as_printed(text, low, high, sub):
    key = parse_key(text)
    assert key is not None and (key.low, key.high, key.sub) == (low, high, sub)


@pytest.mark.parametrize("text", ["", "a", "5-3", "4 (3-1)", "1 or 3", "7 (0)"])
def test_row_keys_that_are_not_rolls(text):
    assert parse_key(text) is None


HEAD = """\
[table]
id = "t"
name = "T"
{head}
[context]
time = ["day", "evening", "night"]
area = ["rural", "urban"]
rep = {{ low = 1, high = 6 }}
"""


def table(head: str = 'dice = "1d6"', body: str = "", rows: str = "") -> str:
    return HEAD.format(head=head) + textwrap.dedent(body) + textwrap.dedent(rows)


SIX = "".join(f'[[rows]]\nroll = "{n}"\nresult = "r{n}"\n' for n in range(1, 7))
DAY = '[[modifiers]]\nname = "daytime"\nvalue = 1\nwhen = { time = "day" }\n'


CASES = {
    "ZW801": (table('dice = "2x6"', rows=SIX),
              ('p/tables/t.toml:4:8: error ZW801: t: `2x6` is not dice: write terms like 2d6, 1/2d6, 3 or rep joined '
              'by + and -')),
    "ZW801b": (table('dice = "1d6 + shots"', rows=SIX),
               ('p/tables/t.toml:4:8: error ZW801: t: `shots` in `1d6 + shots` is not a number of the table\'s '
               'context: declare it as `shots = { low = 1, high = 6 }` in [context]')),
    "ZW802": (table(rows='[[rows]]\nroll = "1 or 3"\nresult = "x"\n'),
              ('p/tables/t.toml:10:8: error ZW802: t: `1 or 3` is not a roll: write a total ("4"), a range ("1-3", '
              '"1 to 5"), an open range ("3 or less", "11+") or a sub-roll ("10 (1-2)")')),
    "ZW803": (table(body=DAY, rows=SIX),
              ("p/tables/t.toml:13:1: error ZW803: t: total 7 has no row, reached with daytime (+1) (time = day): "
              "1/6 (16.7%) of rolls")),
    "ZW804": (table(rows=SIX + '[[rows]]\nroll = "5+"\nresult = "x"\n'),
              "p/tables/t.toml:28:8: error ZW804: t: total 5 is in both rows `5+` and `5`"),
    "ZW805": (table(rows=SIX + '[[rows]]\nroll = "7"\nresult = "x"\n'),
              "p/tables/t.toml:28:8: warning ZW805: t: row `7` can never be rolled: the totals reach 1 to 6"),
    "ZW806": (table(rows=SIX.replace('"r2"', '"r1"')),
              "p/tables/t.toml:13:8: hint ZW806: t: rows `1` and `2` give the same result: write them as one row"),
    "ZW807": (table('dice = "1d6"\ncolumns = "area"', rows='[[rows]]\nroll = "1-6"\nby = { rural = "x" }\n'),
              "p/tables/t.toml:12:1: error ZW807: t: row `1-6` has no result for area = urban"),
    "ZW808": (table(rows='[[rows]]\nroll = "1-6"\nresult = { table = "weapon" }\n'),
              "p/tables/t.toml:11:20: error ZW808: t: no table `weapon`"),
    "ZW809": (table(body='[[modifiers]]\nname = "dusk"\nvalue = 1\nwhen = { hour = "dusk" }\n', rows=SIX),
              "p/tables/t.toml:12:10: error ZW809: t: modifier `dusk` reads `hour`, which is not a key of [context]"),
    "ZW810": (table(rows='[[rows]]\nroll = "1-6"\nresult = { table = "t" }\n'),
              "p/tables/t.toml:2:6: error ZW810: t: tables lead back into themselves: p/t -> p/t"),
    "ZW813": (table(body='[[modifiers]]\nname = "far"\nvalue = "a + b + c"\nwhen = {}\n', rows=SIX).replace(
        'rep = { low = 1, high = 6 }', 'a = { low = 1, high = 40 }\nb = { low = 1, high = 40 }\n'
                                       'c = { low = 1, high = 40 }'),
              ("p/tables/t.toml:11:1: error ZW813: t: modifiers reading `a`, `b`, `c` together make 64000 contexts; "
              "at most 20000 can be checked")),
    "ZW811": (table(rows='[[rows]]\nroll = "1-5"\nresult = "x"\n[[rows]]\nroll = "6 (1-3)"\nresult = "y"\n'),
              ("p/tables/t.toml:13:8: error ZW811: t: the sub-roll of total 6 leaves faces 4 to 6 of the d6 without "
              "a row")),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_table_diagnostic_reads_exactly(diagnose, case):
    text, expected = CASES[case]
    lines = diagnose({"p/tables/t.toml": text})
    assert expected in lines, lines


def test_a_chained_table_must_know_its_callers_context(diagnose):
    caller = table(rows='[[rows]]\nroll = "1-6"\nresult = { table = "u" }\n').replace(
        'area = ["rural", "urban"]', 'area = ["rural", "suburb", "urban"]')
    called = ('[table]\nid = "u"\nname = "U"\ncolumns = "area"\n[context]\narea = ["rural", "urban"]\n'
              '[[rows]]\nroll = "1-6"\nby = { rural = "a", urban = "b" }\n')
    lines = diagnose({"p/tables/t.toml": caller, "p/tables/u.toml": called})
    assert lines == [("p/tables/u.toml:4:11: error ZW807: u: the table has no result for area = suburb, "
                     "which `t` leads to it with")]
    lonely = called.replace('columns = "area"\n', "").replace("by = { rural = \"a\", urban = \"b\" }",
                                                                'result = "a"')
    lonely += '[[modifiers]]\nname = "m"\nvalue = 0\nwhen = { area = "rural" }\n'
    caller = caller.replace('area = ["rural", "suburb", "urban"]\n', "")
    lines = diagnose({"p/tables/t.toml": caller, "p/tables/u.toml": lonely})
    assert "p/tables/t.toml:2:6: error ZW812: t: leads to `p/u`, which reads `area`: declare `area` in this " \
           "table's [context] too" in lines


def test_a_sound_table_has_no_problem(diagnose):
    rows = ('[[rows]]\nroll = "3 or less"\nresult = "vacant"\n[[rows]]\nroll = "4-10"\nresult = "humans"\n'
            '[[rows]]\nroll = "11 (1-3)"\nresult = "a"\n[[rows]]\nroll = "11 (4-6)"\nresult = "b"\n'
            '[[rows]]\nroll = "12+"\nresult = { text = "Zombies!", amount = "1 + 1/2d6", unit = "zombies" }\n')
    assert diagnose({"p/tables/t.toml": table('dice = "2d6"', body=DAY, rows=rows)}) == []


# --- the proof against brute force ---------------------------------------------------------


def brute(t: Table) -> tuple[set[int], set[int]]:
    """Every total and every total with no row, from every context and every die face."""
    keys = sorted(t.keys())
    totals: set[int] = set()
    for values in itertools.product(*[t.contexts[k] for k in keys]):
        ctx = dict(zip(keys, values))
        parts = [t.dice] + [m.value for m in t.applied(ctx)]
        dice = [(term.sign, term.sides, term.divide) for e in parts for term in e.terms if term.sides
                for _ in range(term.count)]
        fixed = sum(term.sign * (ctx[term.name] if term.name else term.count)
                    for e in parts for term in e.terms if not term.sides)
        for faces in itertools.product(*[range(1, sides + 1) for _, sides, _ in dice]):
            totals.add(fixed + sum(sign * -(-f // div) for (sign, _, div), f in zip(dice, faces)))
    return totals, {n for n in totals if not t.rows_at(n)} if t.rows else set()


def make(mods: list[tuple[int, str, str, str | None]], rows: list[tuple[int | None, int | None]],
         dice: str = "2d6") -> Table:
    contexts = {"a": ("x", "y"), "b": ("x", "y", "z"), "c": ("x", "y")}
    modifiers = tuple(Modifier(f"m{i}", parse(v), {k: frozenset([val])}, g, i) for i, (v, k, val, g) in
                      enumerate(mods))
    table_rows = tuple(Row(Key(lo, hi, None, f"{lo}-{hi}"), {None: Outcome(text=str(i))}, i)
                       for i, (lo, hi) in enumerate(rows))
    return Table("t", "p/t", "T", Kind.SUM, parse(dice), None, None, {}, 6, None, contexts, modifiers, table_rows)


MODS = st.lists(st.tuples(st.sampled_from([1, -1, 2, -3, "1d6", "-1/2d6"]), st.sampled_from("abc"),
                          st.sampled_from("xyz"), st.sampled_from([None, "g", "h"])), max_size=6)
ROWS = st.lists(st.tuples(st.one_of(st.none(), st.integers(-4, 14)), st.one_of(st.none(), st.integers(-4, 14))),
                max_size=6)


@settings(max_examples=examples(100))
@given(MODS, ROWS, st.sampled_from(["2d6", "1d6", "1/2d6 + 1"]))
def test_proof_finds_exactly_the_totals_brute_force_finds(mods, rows, dice):
    mods = [(v, k, val if val in {"a": "xy", "b": "xyz", "c": "xy"}[k] else "x", g) for v, k, val, g in mods]
    t = make(mods, rows, dice)
    totals, missing = brute(t)
    found = coverage(t)
    assert found.reached == totals
    assert {n for gap in found.gaps for n in gap.totals} == missing



def test_twenty_modifiers_make_few_distinct_effects():
    mods = [(1 if i % 2 else -1, f"k{i}", "on", None) for i in range(20)]
    contexts = {f"k{i}": ("on", "off") for i in range(20)}
    t = make([], [(None, None)])
    t = Table("t", "p/t", "T", Kind.SUM, parse("2d6"), None, None, {}, 6, None, contexts,
              tuple(Modifier(f"m{i}", parse(v), {k: frozenset([val])}, None, i) for i, (v, k, val, _) in
                    enumerate(mods)), t.rows)
    found = reaches(t)
    assert len(found) == 21  # -10..+10 added to 2d6
    assert sum(r.count for r in found) == 2 ** 20


def test_pass_dice_count_the_dice_at_or_under_the_target():
    t = Table("t", "p/t", "T", Kind.PASS, parse("1d6"), parse("2"), parse("rep"), {}, 6, None,
              {"rep": tuple(range(1, 7))}, (), ())
    assert t.dist({"rep": 4}) == {0: F(1, 9), 1: F(4, 9), 2: F(4, 9)}
    assert t.dist({"rep": 6}) == {2: F(1)}


# --- the Z War One charts are tables of the same model ------------------------------------


def test_every_core_chart_is_a_covered_table_read_as_the_engine_reads_it():
    """The engine reads its spawn and weapon charts through the table model (``charts.read``); each
    total reads the row whose faces hold it, past either end the end row (aimed 7 + 2 reads the 8 row)."""
    from conftest import CONTENT

    from zwar_author.compile.project import check
    from zwar_author.engine.mission import Charts
    from zwar_author.tables import charts
    from zwar_author.tables.odds import row_odds

    outcome = check([CONTENT / "core"])
    assert outcome.report.ok
    found = []
    kept = Charts()
    for mission in outcome.missions["core"]:
        for phase in mission.spawn.phases if mission.spawn else []:
            for spec in (phase.turn, phase.room):
                found += [t for t in (getattr(spec, k, None) for k in ("where", "what", "table", "distance")) if t]
    for card in mission.rules.equipment:
        found += [t for t in (card.quick, card.aimed) if t]
    assert len(found) > 20
    for dice_table in found:
        for bonus in (0, 1, 2):
            table = charts.of(dice_table, bonus)
            assert coverage(table).gaps == []
            odds = row_odds(table, {})
            assert sum(p for _, p in odds) == 1
            for face in range(1, dice_table.die + 1):
                clamped = max(1, min(dice_table.die, face + bonus))
                printed = [r.result for r in dice_table.rows if r.low <= clamped <= r.high]
                taken = [r for r in table.rows if r.key.holds(face + bonus)]
                assert [r.results[None].data for r in taken] == printed == [charts.read(dice_table, face + bonus)]
                for _ in range(2):  # the engine's spawn rolls read it through the mission's charts: made, then kept
                    assert kept.row(dice_table, face + bonus) is charts.read(dice_table, face + bonus)
                if hasattr(printed[0], "kind"):
                    assert kept.kind(dice_table, face + bonus) == printed[0].kind  # what combat.read asks


# --- odds, rolling, and the two against a long simulation -------------------------------------

CHAIN = {
    "p/tables/inside.toml": """\
        [table]
        id = "inside"
        name = "Inside"
        dice = "2d6"
        [context]
        time = ["day", "night"]
        area = ["rural", "urban"]
        [[modifiers]]
        name = "night"
        value = "1d6"
        when = { time = "night" }
        [[rows]]
        roll = "3 or less"
        result = "vacant"
        [[rows]]
        roll = "4-7 (1-3)"
        result = { text = "Humans", amount = "1/2d6", unit = "humans", zero = [1] }
        [[rows]]
        roll = "4-7 (4-6)"
        result = { table = "who" }
        [[rows]]
        roll = "8+"
        result = { text = "Zombies!", amount = "1 + 1/2d6", unit = "zombies" }
        """,
    "p/tables/who.toml": """\
        [table]
        id = "who"
        name = "Who"
        columns = "area"
        [context]
        area = ["rural", "urban"]
        [[rows]]
        roll = "1-2"
        by = { rural = "Gangers", urban = "Survivors" }
        [[rows]]
        roll = "3-6"
        result = "Survivors"
        """,
    "p/tables/challenge.toml": """\
        [table]
        id = "challenge"
        name = "Challenge"
        kind = "pass"
        pool = "2"
        against = "rep"
        [context]
        rep = { low = 1, high = 6 }
        hard = ["yes", "no"]
        [[modifiers]]
        name = "very difficult"
        value = -1
        when = { hard = "yes" }
        [[rows]]
        roll = "2"
        result = "Success"
        [[rows]]
        roll = "1"
        result = "Try again"
        [[rows]]
        roll = "0 or less"
        result = "Fail"
        """,
    "p/tables/noise.toml": """\
        [table]
        id = "noise"
        name = "Zombies from shots"
        kind = "successes"
        pool = "shots"
        columns = "area"
        success = { rural = "6", urban = "4+" }
        [context]
        area = ["rural", "urban"]
        shots = { low = 1, high = 4 }
        """,
}


def load(workdir, files=CHAIN):
    from conftest import PACK, write

    from zwar_author.compile.random_tables import find_tables

    write(workdir, {"p/pack.toml": PACK, **files})
    return find_tables([str(workdir / "p")], [])


def test_chains_amounts_and_subrolls_have_exact_final_odds(workdir):
    from zwar_author.tables.odds import final_odds

    found = load(workdir)
    assert [d.human() for d in found.report.sorted()] == []
    inside = found.known["p/inside"]
    odds = final_odds(inside, {"time": "day", "area": "rural"}, found.known)
    # 2d6: 3 or less 3/36, 4-7 18/36, 8+ 15/36; half of 4-7 humans, half chains to who
    assert odds == {"vacant": F(1, 12), "0 humans": F(1, 12), "2 humans": F(1, 12), "3 humans": F(1, 12),
                    "Gangers": F(1, 12), "Survivors": F(1, 6), "2 zombies": F(5, 36), "3 zombies": F(5, 36),
                    "4 zombies": F(5, 36)}
    assert sum(final_odds(inside, {"time": "night", "area": "urban"}, found.known).values()) == 1


def test_passing_dice_at_each_rep(workdir):
    from zwar_author.tables.odds import row_odds

    found = load(workdir)
    challenge = found.known["p/challenge"]
    passes = {rep: [p for _, p in row_odds(challenge, {"rep": rep, "hard": "no"})] for rep in range(1, 7)}
    assert passes[1] == [F(1, 36), F(10, 36), F(25, 36)]
    assert passes[3] == [F(1, 4), F(1, 2), F(1, 4)]
    assert passes[6] == [F(1), F(0), F(0)]
    assert [p for _, p in row_odds(challenge, {"rep": 1, "hard": "yes"})] == [F(0), F(0), F(1)]


@pytest.mark.parametrize("name, values", [
    ("inside", {"time": "night", "area": "rural"}),
    ("challenge", {"rep": 4, "hard": "yes"}),
    ("noise", {"area": "urban", "shots": 3}),
])
def test_exact_odds_agree_with_a_long_seeded_simulation(workdir, name, values):
    import math
    import random

    from zwar_author.engine.chance import Live
    from zwar_author.tables.odds import final_odds
    from zwar_author.tables.roll import roll

    found = load(workdir)
    table = found.known[f"p/{name}"]
    exact = final_odds(table, values, found.known)
    chance = Live(random.Random(1234), policy=lambda game, request: None)
    runs = 20000
    counts: dict[str, int] = {}
    for _ in range(runs):
        outcome = roll(table, values, chance, found.known).outcome
        counts[outcome] = counts.get(outcome, 0) + 1
    assert set(counts) <= set(exact)
    for label, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / runs)
        assert abs(counts.get(label, 0) / runs - float(p)) <= 4.5 * sigma + 1e-9, (label, counts, exact)


def test_a_forced_roll_shows_the_whole_chain(workdir):
    import random

    from zwar_author.engine.chance import Live
    from zwar_author.tables.roll import roll

    found = load(workdir)
    forced = Live(random.Random(0), policy=lambda game, request: None, dice=[3, 2, 4, 2])
    rolled = roll(found.known["p/inside"], {"time": "night", "area": "rural"}, forced, found.known)
    assert rolled.lines == [
        "inside: rolled 2d6: 3 + 2 = 5; night +4 (4); total 9",
        "  row 8+: Zombies!: 1 + 1/2d6 zombies",
        "  1 + 1/2d6: 1 + 2 halved 1 = 2: 2 zombies",
    ]
    forced = Live(random.Random(0), policy=lambda game, request: None, dice=[1, 4, 5, 2])
    rolled = roll(found.known["p/inside"], {"time": "day", "area": "rural"}, forced, found.known)
    assert rolled.lines == [
        "inside: rolled 2d6: 1 + 4 = 5",
        "  sub-roll d6: 5",
        "  row 4-7 (4-6): roll on who",
        "  who: rolled 1d6: 2",
        "    row 1-2: Gangers",
    ]
    assert rolled.outcome == "Gangers"


def test_zwar_roll_and_odds_on_the_command_line(workdir, zwar):
    load(workdir)
    result = zwar("roll", "p/tables/challenge.toml", "--context", "rep=4", "--context", "hard=no", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert result.output.endswith("(seed 7)\n")
    assert result.output.startswith("challenge: rolled 2d6 against 4: ")
    result = zwar("roll", "p/tables/challenge.toml", "--context", "rep=9")
    assert result.exit_code == 2
    assert "Error: --context rep=9: rep is one of 1, 2, 3, 4, 5, 6" in result.output
    result = zwar("roll", "p/tables/challenge.toml", "--context", "rep=3")
    assert "Error: challenge reads `hard`: give --context hard=VALUE (yes, no)" in result.output
    result = zwar("odds", "p/tables/challenge.toml")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:7] == [
        "challenge: Challenge (2d6 passing against rep)",
        "  dice passed:",
        "    2: Success",
        "    1: Try again",
        "    0 or less: Fail",
        "  rep = 1, hard = yes: pass 2 0, 1 0, 0 or less 1 (100%)",
        "  rep = 1, hard = no: pass 2 1/36 (2.8%), 1 5/18 (27.8%), 0 or less 25/36 (69.4%)",
    ]
    result = zwar("roll", "p/tables/who.toml", "--context", "area=rural", "--n", "600", "--seed", "1")
    assert result.output == ("who: 600 rolls (seed 1)\n"
                             "  Gangers         206   34.33%   exact 1/3 (33.3%)\n"
                             "  Survivors       394   65.67%   exact 2/3 (66.7%)\n")


def test_a_hostile_table_is_refused_quickly(diagnose):
    rows = '[[rows]]\nroll = "1+"\nresult = "x"\n' * 500 + '[[rows]]\nroll = "6 (1-999999999)"\nresult = "y"\n'
    lines = diagnose({"p/tables/t.toml": table(rows=rows)})
    assert "p/tables/t.toml:9:1: error ZW007: `rows` must be a list of at most 500 items, not a list of 501 " \
           "items" in lines, lines
    rows = '[[rows]]\nroll = "1+"\nresult = "x"\n' * 400 + '[[rows]]\nroll = "6 (1-999999999)"\nresult = "y"\n'
    lines = diagnose({"p/tables/t.toml": table(rows=rows)})
    assert sum("ZW804" in line for line in lines) == 400  # one a row, not one a pair


# --- passing dice: never better than pass 2d6, and a 6 that always fails ---------------------

PASSED = '[[rows]]\nroll = "2"\nresult = "returns"\n[[rows]]\nroll = "1"\nresult = "nurse"\n' \
         '[[rows]]\nroll = "0"\nresult = "stays out"\n'
DOCTOR = '[[modifiers]]\nname = "doctor in contact"\nvalue = "+1d6"\nwhen = { time = "day" }\n'


def recovery(extra: str = 'best = 2\nfails = "6"') -> str:
    return table(f'kind = "pass"\npool = "2"\nagainst = "rep"\n{extra}', body=DOCTOR, rows=PASSED)


def test_a_die_more_never_scores_better_than_the_best_the_table_reads(diagnose):
    """ "the player can never score better than pass 2d6" (seed 004, line 302): with `best = 2` a
    third die adds no "pass 3" row to write, and "6" is always a failure (line 1357) with `fails`."""
    assert diagnose({"p/tables/t.toml": recovery()}) == []
    assert ("p/tables/t.toml:16:1: error ZW803: t: total 3 has no row, reached with doctor in contact (+1d6) "
            "(rep = 1, time = day): 1/216 (0.5%) of rolls") in diagnose({"p/tables/t.toml": recovery("")})


def test_best_and_fails_make_the_pass_odds(workdir):
    t = load(workdir, {"p/tables/t.toml": recovery()}).known["p/t"]
    assert t.dist({"rep": 6, "time": "night"}) == {0: F(1, 36), 1: F(10, 36), 2: F(25, 36)}  # a 6 fails
    assert t.dist({"rep": 4, "time": "day"}) == {0: F(1, 27), 1: F(6, 27), 2: F(20, 27)}  # 3d6, best 2
    assert t.dist({"rep": 1, "time": "day"}) == {0: F(125, 216), 1: F(75, 216), 2: F(16, 216)}


def test_a_forced_pass_roll_fails_its_sixes_and_stops_at_its_best(workdir):
    import random

    from zwar_author.engine.chance import Live
    from zwar_author.tables.roll import roll

    t = load(workdir, {"p/tables/t.toml": recovery()}).known["p/t"]
    forced = Live(random.Random(0), policy=lambda game, request: None, dice=[6, 1, 2])
    assert roll(t, {"rep": 6, "time": "day"}, forced).lines == [
        "t: rolled 3d6 against 6; doctor in contact (+1d6): 6, 1, 2: passed 2 (6 always fails)",
        "  row 2: returns"]
    forced = Live(random.Random(0), policy=lambda game, request: None, dice=[1, 1, 1])
    assert roll(t, {"rep": 6, "time": "day"}, forced).lines == [
        "t: rolled 3d6 against 6; doctor in contact (+1d6): 1, 1, 1: passed 3, counted as 2 (never better)",
        "  row 2: returns"]


def test_best_and_fails_are_keys_of_pass_tables(diagnose):
    lines = diagnose({"p/tables/t.toml": table('dice = "1d6"\nbest = 2\nfails = "6"', rows=SIX)})
    assert "p/tables/t.toml:5:1: error ZW801: t: `best` is a key of pass tables; this table is `kind = \"sum\"`" \
        in lines, lines
    lines = diagnose({"p/tables/t.toml": recovery('fails = "7"')})
    assert 'p/tables/t.toml:7:9: error ZW801: t: `7` is not faces of a d6: write "6" or "5-6"' in lines, lines


def test_odds_of_a_clean_table_whatever_its_neighbours(workdir, zwar):
    """A table whose own file and chain check is counted though another table of its pack has an error;
    the pack as a whole, or a table leading to the broken one, still gets the error."""
    broken = table(body=DAY, rows=SIX).replace('id = "t"', 'id = "broken"')  # total 7 has no row
    caller = table(rows='[[rows]]\nroll = "1-6"\nresult = { table = "broken" }\n').replace('id = "t"', 'id = "calls"')
    load(workdir, {**CHAIN, "p/tables/broken.toml": broken, "p/tables/calls.toml": caller})
    for name in ("p/tables/who.toml", "p/who"):
        result = zwar("odds", name, "--pack-path", ".")
        assert result.exit_code == 0, result.output
        assert result.output.startswith("who: Who (1d6)")
    result = zwar("roll", "p/who", "--pack-path", ".", "--context", "area=rural", "--seed", "1")
    assert result.exit_code == 0, result.output
    gap = "p/tables/broken.toml:13:1: error ZW803: broken: total 7 has no row, reached with daytime (+1) (time = day)"
    for name in ("p", "p/tables/broken.toml", "p/calls"):
        result = zwar("odds", name, "--pack-path", ".")
        assert result.exit_code == 1 and gap in result.output, (name, result.output)
