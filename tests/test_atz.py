"""The All Things Zombie reference pack: its tables check, its errata are listed, and each
erratum's table, as printed, fails the check the way the erratum says."""

from __future__ import annotations

import json
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import CONTENT

from zwar_author.compile.assumed import assumptions
from zwar_author.compile.project import check

ATZ = CONTENT / "atz"


def test_the_pack_checks_without_errors_or_warnings():
    outcome = check([ATZ])
    assert [d.human() for d in outcome.report.sorted() if d.severity.value != "hint"] == []
    pack = outcome.packs[0]
    assert len(pack.tables) >= 20
    for source in pack.tables.values():
        assert "seed 004, line " in source.table.source, source.table.id


CITED = Path(__file__).parent / "fixtures" / "atz-cited-lines.tsv"


def _starts_with(text: str, key: str) -> bool:
    """Whether a printed line starts with a row key, markup, bullets and spacing aside (OCR's Cyrillic
    3 read as 3): "7(5-6) Stone Cold" starts with "7 (5-6)", "3 12 inches" with "3" but not "31"."""
    line = re.sub(r"<[^>]+>|[*#\u2022\"]+", " ", text).replace("\u0417", "3").strip().lower()
    pattern = r"\s*".join(re.escape(c) for c in key.lower().replace(" ", ""))
    return re.match(pattern + r"(?![\dd])", line) is not None


def test_every_row_cites_the_line_its_roll_is_printed_on():
    """A row's `line` is where the book prints its key: "4 (1-3)", "Pass 2d6", or the first total of
    rows the pack joins ("8 to 9" for printed rows 8 and 9). The lines are checked against the start of
    each cited line of the source text, kept in tests/fixtures/atz-cited-lines.tsv."""
    printed = dict(line.split("\t", 1) for line in CITED.read_text(encoding="utf-8").splitlines()[1:])
    wrong = []
    for path in sorted((ATZ / "tables").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        kind = data["table"].get("kind", "sum")
        for row in data.get("rows", []):
            if "line" not in row:
                continue
            text = printed.get(str(row["line"]))
            assert text is not None, f"{path.name}: line {row['line']} is not in {CITED.name}"
            if kind == "opposed":  # printed as words ("Score 2+", "Both sides score zero successes")
                continue
            first = re.match(r"-?\d+", row["roll"].strip())[0]  # type: ignore[index]
            keys = [row["roll"], first] + ([f"pass {first}d6", f"{first}d6"] if kind == "pass" else [])
            head = "".join(re.sub(r"<[^>]+>", "", text).lower().split()).replace("pass106", "pass1d6")  # OCR
            header = kind == "pass" and f"pass{first}d6" in head  # a column's head: a row printed as a column
            if not header and not any(_starts_with(text, k) for k in keys):
                wrong.append(f"{path.stem} row {row['roll']}: line {row['line']} reads {text!r}")
    assert wrong == []


def as_printed(path: Path) -> str:
    """The table as the book prints it (rows marked assumed left out), as JSON."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["rows"] = [row for row in data.get("rows", []) if "assumed" not in row]
    return json.dumps(data)


PRINTED = {
    # the highest failed die breaks a both-none end, but equal highest dice have no result
    "meet-and-greet": [
        ("error ZW803: meet-and-greet: total 0 has no row, reached with no modifier (rep = 1, their_rep = 1): "
         "1/9 (11.1%) of rolls"),
    ],
    "barter": [
        "error ZW803: barter: total 0 has no row, reached with no modifier (rep = 1, their_rep = 1): 1/9 (11.1%) of rolls",
    ],
    "awareness": [
        "error ZW803: awareness: total 7 has no row, reached with daytime (+1) (time = daytime): 1/6 (16.7%) of rolls",
        "error ZW803: awareness: total 0 has no row, reached with evening (-1) (time = evening): 1/6 (16.7%) of rolls",
        ("error ZW803: awareness: totals -1 and 0 have no row, reached with night time (-2) (time = night): "
        "1/3 (33.3%) of rolls"),
    ],
    "take-back-who": [
        ("error ZW803: take-back-who: totals 7 to 12 have no row, reached with after the one-year anniversary of the "
        "outbreak (+1d6) (area = rural, outbreak = after-one-year): 7/12 (58.3%) of rolls"),
    ],
    "weapons-reference": [
        "error ZW803: weapons-reference: total 12 has no row, reached with no modifier: 1/36 (2.8%) of rolls",
    ],
    "ranged-combat": [
        "error ZW803: ranged-combat: total 2 has no row, reached with no modifier (rep = 1): 1/6 (16.7%) of rolls",
    ],
    "walk-the-walk": [
        "error ZW803: walk-the-walk: total 0 has no row, reached with no modifier (rep = 1, their_rep = 1): 1/6 (16.7%) of rolls",
    ],
    "military-list": [
        ("error ZW803: military-list: totals 13 and 14 have no row, reached with National Guard add 2 when rolling on "
         "the Military List (line 581) (+2) (unit = national-guard): 1/12 (8.3%) of rolls"),
    ],
    "road-awareness": [
        ("error ZW803: road-awareness: total 13 has no row, reached with daytime (+1) (rep_difference = 0, "
        "time = daytime): 1/36 (2.8%) of rolls"),
        ("error ZW803: road-awareness: totals -4 to 1 have no row, reached with night time (-2) (rep_difference = -4, "
        "time = night): 7/12 (58.3%) of rolls"),
    ],
}


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_the_validator_finds_the_problem_in_the_table_as_printed(tmp_path, name):
    pack = tmp_path / "printed"
    (pack / "tables").mkdir(parents=True)
    (pack / "pack.toml").write_text('[pack]\nid = "printed"\ntitle = "As printed"\n')
    (pack / "tables" / f"{name}.json").write_text(as_printed(ATZ / "tables" / f"{name}.toml"))
    found = [d.human().split(": ", 1)[1] for d in check([pack]).report.sorted() if d.code == "ZW803"]
    for expected in PRINTED[name]:
        assert expected in found, found


def test_zwar_assumed_lists_every_erratum():
    found = assumptions([ATZ])
    errata = {(a.entry, a.key) for a in found}
    assert {("atz/awareness", "row 7+"), ("atz/awareness", "row 0 or less"), ("atz/take-back-who", "row 7+"),
            ("atz/weapons-reference", "row 12"), ("atz/mercy", "modifier you fired first"),
            ("atz/whats-inside", "row 11+"), ("atz/meet-and-greet", "row 0"), ("atz/barter", "row 0"),
            ("atz/keeping-it-together", "row 0"), ("atz/ranged-combat", "row 2"),
            ("atz/walk-the-walk", "row 0"), ("atz/military-list", "row 13+"), ("atz/day-one-supermarket", "row 4"),
            ("atz/outgunned-ranking", "row 1"), ("atz/outgunned-ranking", "row 2"), ("atz/outgunned-ranking", "row 3"),
            ("atz/outgunned-ranking", "row 4")} <= errata
    assert {a.kind for a in found} == {"table", "piece"}
    assert ("atz/bank-with-atm", "width") in errata  # the book prints no building sizes


def test_the_shipped_pack_rolls_by_id_from_anywhere(zwar):
    result = zwar("roll", "atz/resources", "--context", "area=urban", "--context", "building=occupied", "--seed", "11")
    assert result.exit_code == 0, result.output
    assert result.output == ("resources: rolled 2d6: 4 + 5 = 9; urban area +2; total 11\n"
                             "  sub-roll d6: 4\n"
                             "  row 11 (3-6): Medical supplies\n"
                             "result: Medical supplies (seed 11)\n")
    result = zwar("roll", "atz/ranged-combat", "--context", "rep=1", "--seed", "3")  # a legal Rep 1 shooter
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ranged-combat: rolled 1d6 + rep: ")
    result = zwar("roll", "atz/no-such-table")
    assert result.exit_code == 2
    assert "Error: atz/no-such-table: no such table file, pack folder or table (write pack/id, as atz/weapons)" \
        in result.output


@pytest.mark.parametrize("paper, size", [("a4", 'width="210mm"'), ("letter", 'width="215.9mm"')])
def test_quick_reference_and_record_sheets(tmp_path, zwar, paper, size):
    result = zwar("render", ATZ, "-o", tmp_path, "--format", "svg", "--paper", paper, "--sheet", "tables")
    assert result.exit_code == 0, result.output
    sheets = tmp_path / "atz" / "sheets" / "svg" / "tables"
    first = (sheets / "tables-1.svg").read_text()
    assert size in first
    assert ">ATTRIBUTES<" in first and ">Born Leader<" in first and ">3%<" in first  # 2 on 2d6: 1/36
    assert ">0 or less *<" in first  # an erratum row is marked
    pages = "".join(p.read_text() for p in sorted(sheets.glob("tables-*.svg")))
    assert ">MEET &amp; GREET<" in pages and ">rep v their_rep d6, successes<" in pages
    assert ">EQUAL REP<" in pages and ">-2 or less<" in pages
    result = zwar("render", ATZ, "-o", tmp_path, "--format", "svg", "--paper", paper, "--sheet", "records")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in sheets.iterdir())
    assert [n for n in names if n.startswith("records")] == [
        "records-1-roster.svg", "records-2-resources.svg", "records-3-group.svg"]
    assert ">MEDICAL SUPPLIES<" not in (sheets / "records-2-resources.svg").read_text()
    assert ">Medical supplies<" in (sheets / "records-2-resources.svg").read_text()


@pytest.mark.slow
def test_sheets_are_the_same_bytes_every_time(tmp_path, zwar):
    for out in ("one", "two"):
        assert zwar("render", ATZ, "-o", tmp_path / out, "--sheet", "tables").exit_code == 0
    one, two = (tmp_path / out / "atz/sheets/pdf/tables/tables.pdf" for out in ("one", "two"))
    assert one.read_bytes() == two.read_bytes()


# --- scenarios and encounters on the inch-measured table ------------------------------------


def test_the_reference_scenarios_and_encounters_check():
    outcome = check([ATZ])
    found = {e.model.encounter.id: e for e in outcome.encounters["atz"]}
    assert sorted(found) == ["atm-adventure", "discover", "first-contact", "raid", "take-back", "the-bleens"]
    bleens = found["the-bleens"]
    assert len(bleens.pieces) == 5 and bleens.table.width == 48
    assert set(found["raid"].tables) == {"atz/raid-who", "atz/zombies-from-noise", "atz/raid-occupants",
                                         "atz/awareness"}
    # buildings and vehicles come from the pack's pieces/ catalogue
    atm = found["atm-adventure"]
    assert atm.piece_refs == {"bank": "atz/bank-with-atm", "car": "atz/car"}
    assert atm.described == {"bank": 'Bank with ATM, 12" x 6", 1 floor, 1 door, 2 windows', "car": 'Car, 2" x 5"'}
    assert set(bleens.piece_refs.values()) == {"atz/car", "atz/mini-van"}


ENCOUNTER = """\
[encounter]
id = "e"
title = "E"
kind = "encounter"
areas = ["rural", "urban"]
table = { width = 36, depth = 36 }
"""

TABLE = ('[table]\nid = "who"\nname = "Who"\ncolumns = "area"\n[context]\narea = ["rural", "suburb"]\n'
         'outbreak = ["early", "late"]\n[[modifiers]]\nname = "late"\nvalue = 0\nwhen = { outbreak = "late" }\n'
         '[[rows]]\nroll = "1-6"\nby = { rural = "a", suburb = "b" }\n')

ATZ_CASES = {
    "ZW820": ('[[buildings]]\nid = "house"\ntype = "house"\nat = [32, 10]\nsize = [6, 4]\n',
              'p/encounters/e.toml:10:6: error ZW820: building `house` is not on the 36" x 36" table'),
    "ZW821": (('[[buildings]]\nid = "house"\ntype = "house"\nat = [10, 10]\nsize = [6, 4]\n'
              '[[vehicles]]\nid = "car"\ntype = "car"\nat = [12, 12]\nsize = [2, 4]\n'),
              "p/encounters/e.toml:15:6: error ZW821: vehicle `car` overlaps building `house`"),
    "ZW822": ('[[forces]]\nside = "humans"\ntable = "whom"\n',
              "p/encounters/e.toml:9:9: error ZW822: force 1 (humans): no table `whom` (did you mean `who`?)"),
    "ZW823": ('[[forces]]\nside = "humans"\ntable = "who"\n',
              ("p/encounters/e.toml:9:9: error ZW823: force 1 (humans): table `who` has no `area = urban`, "
              "which this encounter can be played in")),
    "ZW823b": ('[[forces]]\nside = "humans"\ntable = "who"\n',
               ("p/encounters/e.toml:9:9: error ZW823: force 1 (humans): table `who` reads `outbreak`: give it in "
               "`context` (early, late)")),
    "ZW816": ('[[buildings]]\nid = "home"\npiece = "house"\nat = [1, 1]\nfloors = 2\ndoors = 2\n',
              ("p/encounters/e.toml:11:1: error ZW816: building `home` takes its `floors`, `doors` from the piece "
               "`house`: leave them out, or write a one-off without `piece`")),
    "ZW816b": ('[[vehicles]]\nid = "van"\nat = [1, 1]\n',
               ("p/encounters/e.toml:7:1: error ZW816: vehicle `van` needs a `piece` from the pieces/ catalogue, or "
                "`type` and `size` for a one-off")),
    "ZW408": ('[[buildings]]\nid = "home"\npiece = "hose"\nat = [1, 1]\n',
              "p/encounters/e.toml:9:9: error ZW408: piece `hose` does not exist (did you mean `house`?)"),
    "ZW824": ('[[forces]]\nside = "zombies"\ncount = "2x6"\n',
              ("p/encounters/e.toml:9:9: error ZW824: force 1 (zombies): `2x6` is not dice: write terms like 2d6, "
              "1/2d6, 3 or rep joined by + and -")),
    "ZW824b": ('[[forces]]\nside = "zombies"\ncount = "lots"\n',
               ("p/encounters/e.toml:9:9: error ZW824: force 1 (zombies): `lots` is not dice: a count is a number "
                "or dice, as 5, 2d6 or 1 + 1/2d6")),
}


@pytest.mark.parametrize("case", sorted(ATZ_CASES))
def test_each_encounter_diagnostic_reads_exactly(diagnose, case):
    body, expected = ATZ_CASES[case]
    lines = diagnose({"p/encounters/e.toml": ENCOUNTER + body, "p/tables/who.toml": TABLE,
                      "p/pieces/houses.toml": PIECES})
    assert expected in lines, lines


PIECES = '[[pieces]]\nid = "house"\nname = "House"\nkind = "blocking"\nwidth = 8\ndepth = 6\n'


def test_a_catalogue_piece_placed_rotated_is_checked_on_the_table(diagnose):
    body = '[[buildings]]\nid = "home"\npiece = "house"\nat = [35, 20]\nrotation = 90\n'  # x 29-35, y 20-28
    assert diagnose({"p/encounters/e.toml": ENCOUNTER + body, "p/pieces/houses.toml": PIECES}) == []
    body = body.replace("[35, 20]", "[3, 20]")
    assert diagnose({"p/encounters/e.toml": ENCOUNTER + body, "p/pieces/houses.toml": PIECES}) == [
        'p/encounters/e.toml:10:6: error ZW820: building `home` is not on the 36" x 36" table']


def test_pieces_that_touch_or_sit_flush_with_the_edge_are_fine(diagnose):
    body = ('[[buildings]]\nid = "a"\ntype = "house"\nat = [30, 0]\nsize = [6, 4]\n'
            '[[buildings]]\nid = "b"\ntype = "house"\nat = [24, 0]\nsize = [6, 4]\n')
    assert diagnose({"p/encounters/e.toml": ENCOUNTER + body}) == []


def test_scenario_pages_draw_the_table_to_scale(tmp_path, zwar):
    result = zwar("render", ATZ, "-o", tmp_path, "--format", "svg", "--sheet", "scenario")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "atz/sheets/svg/scenarios/the-bleens"
    page = "".join(p.read_text() for p in sorted(folder.glob("scenario-*.svg")))
    for words in (">The Bleens<", ">AREA<", ">FORCES<", ">DEPLOYMENT<", ">SPECIAL INSTRUCTIONS<", ">GOAL<",
                  ">mini-van<", '>• mini-van: Mini-van, 2" x 5".<'):
        assert words in page
    assert sorted(p.name for p in (tmp_path / "atz/sheets/svg/scenarios").iterdir()) == [
        "atm-adventure", "discover", "first-contact", "raid", "take-back", "the-bleens"]


def test_zwar_odds_holds_a_context_and_speaks_json(zwar):
    result = zwar("odds", "atz/awareness", "--context", "time=daytime")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == "  time = daytime:"
    assert "    1 or" not in result.output and "    7+              1/6 (16.7%)" in result.output
    result = zwar("odds", "atz/weapons", "--format", "json")
    document = json.loads(result.output)
    entry = document["random_tables"]["atz/weapons"][0]
    assert entry["contexts"] == ["any context"]
    assert entry["rows"][0] == {"roll": "2", "chance": {"exact": "1/36", "value": 0.027778}, "result": "Assault Rifle"}
    result = zwar("odds", "atz/awareness", "--context", "time=noon")
    assert result.exit_code == 2
    assert "Error: --context time=noon: time is one of daytime, pre-dawn, evening, night" in result.output


def test_a_quick_reference_sheet_of_chosen_tables(tmp_path, zwar):
    result = zwar("render", ATZ, "-o", tmp_path, "--format", "svg", "--sheet", "tables", "--table", "weapons",
                  "--table", "challenge")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "atz/sheets/svg/tables/tables-1.svg").read_text()
    assert ">WEAPONS TABLE<" in page and ">CHALLENGE<" in page and ">ATTRIBUTES<" not in page
    result = zwar("render", ATZ, "-o", tmp_path / "none", "--sheet", "tables", "--table", "weapon")
    assert result.exit_code == 2
    assert "Error: --table weapon: no random table of that id in atz" in result.output
    assert not (tmp_path / "none").exists()


@pytest.mark.slow
def test_build_writes_the_tables_and_encounters_as_canonical_json(workdir, zwar):
    import jsonschema

    from zwar_author.schema import schemas

    first = zwar("build", ATZ, "-o", "one")
    assert first.exit_code == 0, first.output
    tables = len(list((ATZ / "tables").glob("*.toml")))
    assert first.output.endswith(f"built 0 missions, {tables} random tables and 6 encounters into one: 0 errors, "
                                 "0 warnings\n")
    assert "wrote one/atz/tables/meet-and-greet.json\n" in first.output
    zwar("build", ATZ, "-o", "two")
    validator = jsonschema.Draft4Validator(schemas()["content.schema.json"])
    names = sorted(p.relative_to(workdir / "one") for p in (workdir / "one" / "atz").glob("*/*.json"))
    assert len(names) == tables + 6
    for name in names:
        data = (workdir / "one" / name).read_bytes()
        assert data == (workdir / "two" / name).read_bytes()
        validator.validate(json.loads(data))
    inside = json.loads((workdir / "one/atz/tables/whats-inside.json").read_text())
    assert inside["id"] == "atz/whats-inside" and inside["reads"] == ["area", "time"]
    assert inside["rows"][-1]["low"] == 11 and inside["rows"][-1]["high"] is None
    raid = json.loads((workdir / "one/atz/encounters/raid.json").read_text())
    assert raid["tables"] == ["atz/awareness", "atz/raid-occupants", "atz/raid-who", "atz/zombies-from-noise"]
    atm = json.loads((workdir / "one/atz/encounters/atm-adventure.json").read_text())
    assert atm["pieces"][0] == {"id": "bank", "what": "building", "piece": "atz/bank-with-atm", "floors": 0,
                                "described": 'Bank with ATM, 12" x 6", 1 floor, 1 door, 2 windows',
                                "corners": [[18.0, 10.0], [30.0, 10.0], [30.0, 16.0], [18.0, 16.0]]}


def test_atz_is_a_game_a_pack_and_a_table_can_name(diagnose):
    pack = '[pack]\nid = "p"\ntitle = "P"\ngames = ["atz"]\n'
    table = '[table]\nid = "t"\nname = "T"\ngames = ["atz"]\n[[rows]]\nroll = "1-6"\nresult = "x"\n'
    assert diagnose({"p/pack.toml": pack, "p/tables/t.toml": table}, with_pack=False) == []
    lines = diagnose({"p/pack.toml": pack, "p/tables/t.toml": table.replace('["atz"]', '["azt"]')}, with_pack=False)
    assert lines == [('p/tables/t.toml:4:10: error ZW007: each item of `games` must be one of "zwar1", "exodus", '
                     '"agentz", "zonewars" or "atz", not "azt"; did you mean "atz"?')]
    lines = diagnose({"p/pack.toml": pack.replace('["atz"]', '["atzz"]'), "p/tables/t.toml": table}, with_pack=False)
    assert lines == [('p/pack.toml:4:10: error ZW007: each item of `games` must be one of "zwar1", "exodus", '
                     '"agentz", "zonewars" or "atz", not "atzz"; did you mean "atz"?')]



def test_the_transcribed_tests_read_their_dice_as_the_book_says():
    """Odds of the transcribed tables against the book's words: Stone Cold "rolls 3d6 for all reaction
    tests" (seed 004, line 527), never better than pass 2d6 (line 302); "'6' is always a failure" for the
    Recovery test (line 1357); the children found on a second visit "(1-3)" (line 3864)."""
    from zwar_author.tables.odds import row_odds

    known = {s.table.id: s.table for s in check([ATZ]).packs[0].tables.values()}
    fire = {"rep": 4, "test": "received-fire"}
    assert [p for _, p in row_odds(known["reactions-survivor"], {**fire, "attribute": "stone-cold"})] == [
        Fraction(20, 27), Fraction(6, 27), Fraction(1, 27)]
    assert [p for _, p in row_odds(known["reactions-survivor"], {**fire, "attribute": "poser"})] == [
        0, Fraction(2, 3), Fraction(1, 3)]
    during = known["recovery-during"]
    assert row_odds(during, {"rep": 6, "doctor": "none"}) == row_odds(during, {"rep": 5, "doctor": "none"})
    school = known["day-one-childrens-school"]
    found = sum(p for row, p in row_odds(school, {"visit": "second"}) if row.result("second").text.startswith("You have"))
    assert found == Fraction(1, 2)


def test_odds_of_a_pass_table_read_the_modifiers_of_its_column(zwar):
    """Poser "will roll only 1d6 when taking the Received Fire Test" (seed 004, line 509): a modifier that reads
    the column; the odds used to drop the column and print the 2d6 odds."""
    result = zwar("odds", "atz/reactions-survivor", "--context", "rep=4", "--context", "attribute=poser",
                  "--context", "test=received-fire")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == \
        "  rep = 4, attribute = poser, test = received-fire: pass 2 0, 1 2/3 (66.7%), 0 1/3 (33.3%)"
