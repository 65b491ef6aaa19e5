"""The JSON Schemas: up to date, usable by TOML editors (draft 4), described, and true to the models."""

from __future__ import annotations

import json
import tomllib

import jsonschema
import pytest
from conftest import CONTENT, REPO

from zwar_author.schema import render, schemas

SCHEMAS = REPO / "schemas"
DRAFT4_KEYWORDS = {
    "$schema", "$ref", "title", "description", "type", "properties", "required", "additionalProperties",
    "patternProperties", "items", "minItems", "maxItems", "enum", "anyOf", "oneOf", "allOf", "definitions",
    "default", "minimum", "maximum", "minLength", "maxLength", "pattern",
}


def test_checked_in_schemas_are_up_to_date():
    for name, schema in schemas().items():
        path = SCHEMAS / name
        assert path.is_file(), f"{name} is missing: run `zwar schema`"
        assert path.read_text() == render(schema), f"{name} is stale: run `zwar schema`"


def nodes(node, path=()):
    """Every schema object in a schema, with where it is."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            if key in ("properties", "patternProperties", "definitions"):
                for name, sub in value.items():
                    yield from nodes(sub, path + (key, name))
            elif key in ("items", "additionalProperties", "not"):
                yield from nodes(value, path + (key,))
            elif key in ("anyOf", "oneOf", "allOf"):
                for i, sub in enumerate(value):
                    yield from nodes(sub, path + (key, i))


@pytest.mark.parametrize("name", sorted(schemas()))
def test_schemas_use_only_draft4_keywords(name):
    schema = schemas()[name]
    jsonschema.Draft4Validator.check_schema(schema)
    for path, node in nodes(schema):
        assert set(node) <= DRAFT4_KEYWORDS, (path, set(node) - DRAFT4_KEYWORDS)


@pytest.mark.parametrize("name", sorted(schemas()))
def test_every_key_has_a_description(name):
    for path, node in nodes(schemas()[name]):
        for key in ("properties", "patternProperties"):
            for prop, sub in node.get(key, {}).items():
                assert sub.get("description"), f"{name}: {'/'.join(map(str, path))}/{prop} has no description"


def sources() -> list:
    kinds = {"tiles": "tile", "rules": "rules", "missions": "mission", "tables": "table", "encounters": "encounter",
             "pieces": "pieces", "zonewars": "zonewars", "scenarios": "scenario"}
    for path in sorted(CONTENT.rglob("*.toml")):
        kind = {"pack.toml": "pack", "campaign.toml": "campaign"}.get(path.name) or kinds[path.parent.name]
        yield pytest.param(path, kind, id=str(path.relative_to(CONTENT)))
    yield pytest.param(REPO / "tests" / "golden" / "hold-out.toml", "mission", id="golden")


@pytest.mark.parametrize("path, kind", list(sources()))
def test_reference_sources_follow_their_schema(path, kind):
    validator = jsonschema.Draft4Validator(schemas()[f"{kind}.schema.json"])
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(tomllib.loads(path.read_text()))]
    assert errors == []


def test_schema_rejects_a_misspelt_key_like_the_compiler():
    validator = jsonschema.Draft4Validator(schemas()["mission.schema.json"])
    document = {"mission": {"id": "m", "titel": "M"}, "floors": [{"art": "+-+\n|.|\n+-+"}]}
    messages = sorted(e.message for e in validator.iter_errors(document))
    assert messages == ["'title' is a required property",
                        "Additional properties are not allowed ('titel' was unexpected)"]


def test_schema_checks_dice_rows_and_squares_as_you_type():
    validator = jsonschema.Draft4Validator(schemas()["mission.schema.json"])
    document = {
        "mission": {"id": "m", "title": "M"},
        "floors": [{"art": "+-+\n|.|\n+-+"}],
        "starts": [{"at": "one,two"}],
        "spawn": {"turn": {"table": {"1 to 8": "nothing"}}},
    }
    found = sorted({json.dumps(list(leaf.absolute_path)) for error in validator.iter_errors(document)
                    for leaf in leaves(error)})
    assert found == ['["spawn", "turn", "table"]', '["starts", 0, "at"]']


def leaves(error):
    """The innermost errors under an anyOf (a value that may be one of several kinds)."""
    if not error.context:
        yield error
    for sub in error.context or ():
        yield from leaves(sub)


SOURCE_SCHEMAS = ["pack.schema.json", "tile.schema.json", "mission.schema.json", "rules.schema.json"]


@pytest.mark.parametrize("name", SOURCE_SCHEMAS)
def test_optional_keys_of_sources_are_not_nullable(name):
    """TOML has no null: an optional key is left out, so the schema offers no null to complete or to blame."""
    for path, node in nodes(schemas()[name]):
        assert node.get("type") != "null" and "null" not in node.get("type", []), path
        assert not ("default" in node and node["default"] is None), path


def test_compiled_content_keeps_its_nulls():
    assert '"type": "null"' in render(schemas()["content.schema.json"])


MINIMAL = {"mission": {"id": "m", "title": "M"}, "floors": [{"art": "+-+\n|.|\n+-+"}]}
WRONG = [
    ({"mission": {"game": "zwar"}}, "$.mission.game: 'zwar' is not one of ['zwar1', 'exodus', 'agentz']"),
    ({"mission": {"mode": "campain"}}, "$.mission.mode: 'campain' is not one of ['campaign', 'director', 'versus']"),
    ({"mission": {"chapter": 0}}, "$.mission.chapter: 0 is less than the minimum of 1"),
    ({"infected": [{"class": "zombie", "at": "0,0", "facing": "NE"}]},
     "$.infected[0].facing: 'NE' is not one of ['N', 'E', 'S', 'W']"),
    ({"doors": [{"at": "H:0,0", "kind": "locked", "key": "rde"}]},
     "$.doors[0].key: 'rde' is not one of ['red', 'blue', 'green', 'yellow', 'orange', 'purple', 'white', 'black']"),
    ({"floors": [{"tiles": [{"tile": "t", "at": [0, 0], "rotate": 45}]}]},
     "$.floors[0].tiles[0].rotate: 45 is not one of [0, 90, 180, 270]"),
    ({"victory": [{"escape": "some"}]}, "$.victory[0].escape: 'some' is not one of ['all', 'any']"),
    ({"spawn": {"turn": {"die": 7, "table": {"1-7": "nothing"}}}}, "$.spawn.turn.die: 7 is not one of [6, 8, 10, 12]"),
]


def _with(change: dict, document: dict = MINIMAL) -> dict:
    """A copy of ``document`` with the keys of ``change`` set (tables merged)."""
    document = json.loads(json.dumps(document))
    for key, value in change.items():
        document[key] = {**document[key], **value} if isinstance(value, dict) and key in document else value
    return document


@pytest.mark.parametrize("change, expected", WRONG, ids=[w[1].split(":")[0] for w in WRONG])
def test_a_wrong_value_is_named_with_its_key_and_what_it_allows(change, expected):
    """As check-jsonschema reports it: the best match among the errors, at its JSON path."""
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft4Validator(schemas()["mission.schema.json"]).iter_errors(_with(change)))
    assert f"{error.json_path}: {error.message}" == expected


def test_every_wrong_value_is_one_error_at_its_key():
    """As an editor (Taplo) shows them: every error of the document, each at its own key, none about 'anyOf'."""
    document = MINIMAL
    for change, _ in WRONG:
        document = _with(change, document)
    validator = jsonschema.Draft4Validator(schemas()["mission.schema.json"])
    found = sorted(f"{e.json_path}: {e.message}" for e in validator.iter_errors(document))
    assert found == sorted(expected for _, expected in WRONG)
