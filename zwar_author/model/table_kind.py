"""What a roll on a random table counts: the one vocabulary the table model and the source model share.

Its own module, without pydantic: the rules' d8 charts are tables of the table
model (``zwar_author.tables``), so checking any mission builds tables of a kind,
while the models of table files (``model.tables``) are needed only for a pack
that has random tables.
"""

from __future__ import annotations

from enum import Enum


class Kind(str, Enum):
    """What a roll on the table counts."""

    SUM = "sum"  # the dice added together (plus modifiers) pick a row
    PASS = "pass"  # each die scoring the target or less passes; rows are 2, 1, 0 dice passed
    SUCCESSES = "successes"  # each die showing a success face counts; rows are numbers of successes
    OPPOSED = "opposed"  # both sides count successes (re-rolled until one has none); rows are your margin
