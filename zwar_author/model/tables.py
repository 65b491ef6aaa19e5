"""Random tables (tables/*.toml): one model for every game's tables.

A table file holds one table as the rulebook prints it: the dice, the context
it reads (area, time of day, Rep), named modifiers, and rows keyed by totals.
Row keys, dice expressions and references stay plain strings here; the table
compiler (``zwar_author.tables``) parses them and reports each mistake at its
exact location.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from .common import ID_PATTERN, REF_PATTERN, AnyGame, Document, Id, Model, Name, Text

#: A row key as printed: "4", "1-3", "1 to 5", "6 or 7", "3 or less", "11+", "12 or more", "10 (1-2)".
ROW_PATTERN = r"^\s*-?[0-9]+\s*(\+|or (less|more)|(-|to|or)\s*-?[0-9]+)?\s*(\([0-9]+(\s*-\s*[0-9]+)?\))?\s*$"

Expression = Annotated[str, StringConstraints(min_length=1, max_length=200)]
TableRef = Annotated[str, StringConstraints(pattern=REF_PATTERN, max_length=130)]
Word = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=64)]


class NumberRange(Model):
    low: int = Field(ge=-100, le=100, description="Lowest value.")
    high: int = Field(ge=-100, le=100, description="Highest value.")


class Modifier(Model):
    name: Name = Field(description="What the rulebook calls it (\"daytime\", \"after the one-year anniversary\").")
    value: int | Expression = Field(
        description="Added to the total: a number (-1) or dice (\"1d6\", \"-1d6\", \"rep_difference\"). "
                    "In pass and successes tables dice (\"+1d6\") add dice to the pool, a number moves "
                    "the target (pass) or the count (successes).")
    when: dict[str, Word | list[Word] | int | list[int]] = Field(
        description="The context it applies in: every key must hold (`{ time = \"daytime\" }`, "
                    "`{ time = [\"evening\", \"night\"] }`).")
    group: Word | None = Field(
        None, description="Modifiers sharing a group do not stack: when several hold, only the first listed applies.")
    side: Literal["us", "them"] = Field(
        "us", description="opposed: whose dice the modifier changes, yours (`us`) or the other side's (`them`).")
    assumed: Text | None = Field(None, description="An erratum: why this modifier is read this way, not as printed.")


class Amount(Model):
    text: Text = Field("", description="The printed words of the result.")
    amount: Expression | None = Field(None, description="How many, as dice: \"1 + 1/2d6\".")
    unit: Name | None = Field(None, description="What is counted: \"zombies\".")
    zero: list[int] = Field([], description="Rolls of the amount that count as none (\"a result of 1 counts as zero\").")
    table: TableRef | None = Field(None, description="Roll next on this table (`id` or `pack/id`).")


Result = int | Text | Amount


class Row(Model):
    roll: Annotated[str, Field(json_schema_extra={"pattern": ROW_PATTERN})] = Field(
        description="The totals of this row: \"4\", \"1-3\", \"1 to 5\", \"6 or 7\", \"3 or less\", \"11+\"; a sub-roll "
                    "in brackets, \"10 (1-2)\", reads the total then one more die.")
    result: Result | None = Field(None, description="What it gives: text, a number, or a table "
                                                     "({ text, amount, unit, zero, table }).")
    by: dict[str, Result] | None = Field(None, description="One result per value of the table's `columns` context.")
    line: int | None = Field(None, ge=1, description="The line of the source text this row is printed on.")
    assumed: Text | None = Field(None, description="An erratum: this row is not printed as such; why it is read so.")


class TableInfo(Model):
    id: Id = Field(description="Table id, unique in the pack; other tables chain to it as `id` or `pack/id`.")
    name: Name = Field(description="The printed name.")
    kind: Literal["sum", "pass", "successes", "opposed"] = Field(
        "sum", description="sum (the default), pass (passing dice), successes (counting) or opposed "
                           "(both sides count successes; rows are your successes minus theirs).")
    dice: Expression = Field("1d6", description="sum: the dice added (\"2d6\", \"1/2d6\", \"1d6+rep\").")
    pool: Expression | None = Field(None, description="pass, successes and opposed: how many d6 are rolled (\"2\", "
                                                      "\"rep\"); opposed: your dice.")
    against: Expression | None = Field(None, description="pass: a die passes when it scores this or less (\"rep\"); "
                                                         "opposed: your die succeeds on this or less.")
    versus: Expression | None = Field(None, description="opposed: how many d6 the other side rolls (\"their_rep\").")
    versus_against: Expression | None = Field(
        None, description="opposed with `against`: the other side's die succeeds on this or less (\"their_rep\").")
    reroll: bool = Field(True, description="opposed: both sides re-roll their successes until one side (or both) "
                                           "has none; false: one roll, counts compared.")
    read: Literal["difference", "ratio"] = Field(
        "difference", description="opposed: the total is your successes minus theirs (`difference`), or "
                                  "(`ratio`) 2 for twice as many or more, 1 for more, 0 for as many, -1 and -2 "
                                  "for the other side.")
    tiebreak: Literal["none", "highest-failed"] = Field(
        "none", description="opposed: when both sides end with no successes, `highest-failed` counts the side "
                            "whose highest failed die of the final roll is higher as one success up (total 1 or "
                            "-1); equal highest dice stay 0.")
    best: int | None = Field(None, ge=0, le=30, description=(
        "pass: the most dice that count as passed however many are rolled (\"the player can never score "
        "better than pass 2d6\": `best = 2`)."))
    fails: str | None = Field(None, description="pass: faces that never pass whatever the target (\"'6' is always a "
                                                "failure\": `fails = \"6\"`).")
    success: str | dict[str, str] | None = Field(
        None, description="successes: the faces that succeed (\"1-3\", \"4+\"), or one per column.")
    subroll: Expression = Field("1d6", description="The die of a sub-roll (\"10 (1-2)\").")
    columns: Word | None = Field(None, description="A context key whose value chooses each row's result (`by`).")
    source: Text = Field("", description="Where the table is printed (book, page, line).")
    keep_splits: bool = Field(False, description="Rows are kept as printed even where a split gives the same "
                                                 "result twice: no ZW806 hint.")
    text: Text = Field("", description="Printed notes.")
    games: list[AnyGame] = Field([], description="Games the table belongs to (`atz` for All Things Zombie).")


class TableDoc(Document):
    table: TableInfo = Field(description="Who the table is and what it rolls.")
    context: dict[str, list[Word] | NumberRange] = Field(
        {}, description="What the table reads: named values (`area = [\"rural\", \"urban\"]`) "
                        "or a number range (`rep = { low = 1, high = 6 }`).")
    modifiers: list[Modifier] = Field([], max_length=200, description="Named modifiers, applied when their "
                                                                      "context holds (at most 200).")
    rows: list[Row] = Field([], max_length=500, description="The rows (at most 500); none for a table whose "
                                                            "result is the total itself.")


# --- compiled tables (zwar build: <pack>/tables/<id>.json) -------------------------------------

class CompiledResult(Model):
    text: str = Field(description="The result's words (a chained table's id for a bare chain).")
    number: int | None = Field(description="A numeric result.")
    amount: str | None = Field(description="How many, as dice (\"1 + 1/2d6\").")
    unit: str | None = Field(description="What the amount counts.")
    zero: list[int] = Field(description="Amounts that count as none.")
    table: str | None = Field(description="The table rolled next, qualified (`pack/id`).")


class CompiledRow(Model):
    roll: str = Field(description="The row's key as written.")
    low: int | None = Field(description="The lowest total it covers; null: open below (\"3 or less\").")
    high: int | None = Field(description="The highest total it covers; null: open above (\"11+\").")
    sub: list[int] | None = Field(description="A sub-roll's faces, [first, last]; null without one.")
    results: dict[str, CompiledResult] = Field(description="By column value; `*` for every column.")
    line: int | None = Field(description="The source text's line.")
    assumed: str | None = Field(description="An erratum: why the row is read so.")


class CompiledTable(Model):
    format: Literal["zwar-content/1"] = Field(description="Format and version of compiled content.")
    kind: Literal["table"] = Field(description="A compiled random table.")
    tool: str = Field(description="The compiler and its version (`zwar-author 0.1.0`).")
    source_sha256: str = Field(description="SHA-256 of the source's data in canonical JSON.")
    id: str = Field(description="The table, qualified (`pack/id`).")
    table: TableDoc = Field(description="The table as written.")
    reads: list[str] = Field(description="Every context key it reads, sorted.")
    leads_to: list[str] = Field(description="The tables its results roll on next, qualified, sorted.")
    rows: list[CompiledRow] = Field(description="The rows with their totals read and references resolved.")
    reached: list[int] = Field(description="Every total some combination of context and modifiers makes (the "
                                           "coverage proof's), sorted.")
