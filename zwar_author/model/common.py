"""What every source model shares: strictness, and the small types of the format.

Models are frozen, strict (no silent coercion of "90" to 90) and forbid
unknown keys. Squares, edges, dice rolls and table results are plain strings
here: the compiler parses them and reports mistakes at their exact location,
while the JSON Schema carries their pattern so editors flag them as you type.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
REF_PATTERN = r"^([a-z0-9][a-z0-9_-]*/)?[a-z0-9][a-z0-9_-]*$"
SQUARE_PATTERN = r"^([A-Za-z0-9_-]+:)?[0-9]+,[0-9]+$"
EDGE_PATTERN = r"^([A-Za-z0-9_-]+:)?[HV]:[0-9]+,[0-9]+$"
ROOM_PATTERN = r"^(([A-Za-z0-9_-]+:)?([0-9]+,[0-9]+|R[0-9]+)|[a-z0-9][a-z0-9_-]*)$"
ROLL_PATTERN = r"^[0-9]+(-[0-9]+)?$"
#: where a rules scenario stops (docs/scenarios.md): a phase, a turn's announce, or a phase of a turn
UNTIL_PATTERN = r"^(turn [1-9][0-9]*( (heroes|infected|spawn|infection|end))?|infected|spawn|infection|end)$"
#: "@64": a budget from 0 to 4096 (the planner's rollouts per plan, the search player's a decision)
BUDGET_PATTERN = r"(@(0|[1-9][0-9]{0,2}|[1-3][0-9]{3}|40[0-8][0-9]|409[0-6]))?"
#: a playtest policy by name: a heuristic bot, or the planner or the search player at a budget, the search player
#: built on a heuristic bot (``search@64/aggressive``; playtest/policies.py reads names by this pattern, so a band
#: and `--policy` take the same names)
POLICY_PATTERN = (rf"^(cautious|aggressive|random|planner{BUDGET_PATTERN}"
                  rf"|search{BUDGET_PATTERN}(/(cautious|aggressive))?)$")

#: What a pattern means in words, for messages about values that do not match it.
PATTERN_HELP = {
    ID_PATTERN: "an id: lower-case letters, digits, '-' and '_', starting with a letter or digit",
    REF_PATTERN: "an id, optionally with its pack in front (`core/zombie`)",
    POLICY_PATTERN: ('a policy: "cautious", "aggressive", "random", the planner or the search player ("search"), '
                     'optionally at a budget from 0 to 4096 ("search@64"), the search player built on a bot '
                     '("search@64/aggressive")'),
    UNTIL_PATTERN: "a phase (infected, spawn, infection, end), `turn N` or `turn N PHASE` (`turn 3 infected`)",
}

#: The words a pattern's values are made of (between an "@" and a "/"), for a "did you mean" on a misspelt one.
PATTERN_WORDS: dict[str, list[str]] = {
    POLICY_PATTERN: ["cautious", "aggressive", "random", "planner", "search"],
}


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True, defer_build=True)

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace: Any = None) -> bool | None:
        """Built on first use (``defer_build``), a model builds the models it holds first, deepest first.

        A model built before its parts writes their schemas into its own, and each part
        used on its own later (as the rules' entries are) is then built again: building
        the parts first lets every model reuse them, as pydantic does when it builds each
        model where it is defined.
        """
        if not force and not cls.__pydantic_complete__ and cls not in _BUILDING:
            _BUILDING.add(cls)
            try:
                for part in _parts(cls):
                    if not part.__pydantic_complete__:
                        part.model_rebuild(raise_errors=False)
            finally:
                _BUILDING.discard(cls)
        return super().model_rebuild(force=force, raise_errors=raise_errors,
                                     _parent_namespace_depth=_parent_namespace_depth + 1,
                                     _types_namespace=_types_namespace)


#: models whose parts are being built (a model that holds itself is built once)
_BUILDING: set[type[Model]] = set()


def _parts(model: type[Model]) -> list[type[Model]]:
    """The models the fields of ``model`` hold, directly or in lists, tables and unions."""
    found: list[type[Model]] = []
    todo = [field.annotation for field in model.model_fields.values()]
    while todo:
        annotation = todo.pop()
        if isinstance(annotation, type) and issubclass(annotation, Model):
            if annotation is not model and annotation not in found:
                found.append(annotation)
        else:
            todo += get_args(annotation)
    return found


class Document(Model):
    """A top-level source document; JSON sources may name their schema."""

    schema_: str | None = Field(
        None, alias="$schema", description="JSON sources only: the JSON Schema this file follows (ignored)."
    )


Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=64)]
Ref = Annotated[str, StringConstraints(pattern=REF_PATTERN, max_length=130)]
Text = Annotated[str, StringConstraints(max_length=20000)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Game = Literal["zwar1", "exodus", "agentz"]
TabletopGame = Literal["zonewars", "atz"]  # games on an inch-measured table: Zone Wars, All Things Zombie
AnyGame = Literal[Game, TabletopGame]  # one flat list, so a wrong value reads "one of" all five
Facing = Literal["N", "E", "S", "W"]
Colour = Literal["red", "blue", "green", "yellow", "orange", "purple", "white", "black"]
Rating = Literal["red", "amber", "green"]
PerkClass = Literal["agility", "ballistic", "melee", "survival"]
Letter = Annotated[str, StringConstraints(pattern=r"^[A-Z]$")]
Count = Annotated[int, Field(ge=0, le=10000)]
Positive = Annotated[int, Field(ge=1, le=10000)]

Square = Annotated[str, Field(json_schema_extra={"pattern": SQUARE_PATTERN})]
EdgeRef = Annotated[str, Field(json_schema_extra={"pattern": EDGE_PATTERN})]
RoomRef = Annotated[str, Field(json_schema_extra={"pattern": ROOM_PATTERN})]


def keyed(value: Any, key_pattern: str, value_schema: dict, description: str) -> Any:
    """A table whose keys follow a pattern (draft 4 has no ``propertyNames``).

    The compiler checks the keys (a dice table's coverage, an id that must
    exist); the schema restricts them to the pattern for editors.
    """
    return Annotated[
        dict[str, value],
        Field(
            description=description,
            json_schema_extra={"patternProperties": {key_pattern: value_schema}, "additionalProperties": False},
        ),
    ]


def roll_table(value: Any, value_schema: dict, description: str) -> Any:
    """A dice table: keys are faces or ranges ("4", "1-3"), values are results."""
    return keyed(value, ROLL_PATTERN, value_schema, description)


StringTable = roll_table(str, {"type": "string", "description": "The result for these faces."},
                         "A dice table: each key is a face or range of faces (\"1-3\"), each value a result.")
IntTable = roll_table(int, {"type": "integer", "description": "Squares from the hero for these faces."},
                      "A distance table: each key is a face or range of faces, each value a number of squares.")


def assumed_field() -> Any:
    return Field(
        default=[],
        description=(
            "Keys of this entry whose values are not printed in the sources and were "
            "entered as a reasonable guess (dotted for nested keys: `ratings.melee`; a die face of a "
            "table for one row when the others are printed: `quick.4`). "
            "`zwar assumed` lists them so someone holding the real cards can correct them."
        ),
    )
