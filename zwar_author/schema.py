"""JSON Schemas of the source kinds and of compiled content, generated from the models.

TOML editors (Taplo / Even Better TOML, via a ``#:schema`` comment) read JSON
Schema draft 4. pydantic writes draft 2020-12, so the output is rewritten to
the common subset: ``definitions`` instead of ``$defs``, ``enum`` instead of
``const``, and a ``$ref`` that carries a description is wrapped in ``allOf``
(draft 4 ignores keywords beside ``$ref``, and editors would lose the text).

In the schemas of sources, optional keys are simply optional: TOML has no
null, so the ``anyOf: [X, {"type": "null"}]`` pydantic writes for an optional
field becomes X. An editor (or check-jsonschema) then answers a wrong value with
the key and what it allows ("'zwar' is not one of ['zwar1', 'exodus', 'agentz']"),
not with "is not valid under any of the given schemas". Compiled content keeps
its nulls: the compiler writes them.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from .model.atz import CompiledEncounter, EncounterDoc, GroupDoc
from .model.campaign import CampaignDoc
from .model.compiled_campaign import CompiledCampaign
from .model.content import CompiledMission, PackIndex
from .model.mission import MissionDoc
from .model.pack import PackDoc, TileDoc
from .model.rules import RulesDoc
from .model.tables import CompiledTable, TableDoc
from .model.zonewars import CompiledScenario, PiecesDoc, ScenarioDoc, ZoneWarsDoc
from .publish import write_whole

DRAFT = "http://json-schema.org/draft-04/schema#"

SOURCES: dict[str, tuple[type[BaseModel], str]] = {
    "pack": (PackDoc, "A zwar-author pack manifest (pack.toml)."),
    "tile": (TileDoc, "A zwar-author tile (tiles/*.toml): one or two sides of tile art."),
    "mission": (MissionDoc, "A zwar-author mission (missions/*.toml): everything on a mission page."),
    "rules": (RulesDoc, "zwar-author rules data (rules/*.toml): heroes, infected, equipment, search deck, perks."),
    "pieces": (PiecesDoc, "zwar-author terrain pieces (pieces/*.toml): footprints in inches, Low or Blocking."),
    "zonewars": (ZoneWarsDoc, "zwar-author Zone Wars data (zonewars/*.toml): dice, factions, characters, cards."),
    "scenario": (ScenarioDoc, "zwar-author Zone Wars scenario (scenarios/*.toml): a table of pieces, zones, tokens."),
    "encounter": (EncounterDoc, ("An All Things Zombie scenario or encounter (encounters/*.toml): the book's layout, "
                                "buildings and vehicles in inches, forces.")),
    "table": (TableDoc, "A zwar-author random table (tables/*.toml): dice, context, modifiers and rows."),
    "group": (GroupDoc, ("An All Things Zombie group (zwar playtest ENCOUNTER --group FILE): the Group roster's "
                        "members with class, Rep, attributes and weapons.")),
    "campaign": (CampaignDoc, "A zwar-author campaign (campaign.toml beside pack.toml): chapters, XP and perks."),
}


def schemas() -> dict[str, dict]:
    """File name -> schema, for every source kind and for compiled content."""
    out = {}
    for name, (model, description) in SOURCES.items():
        out[f"{name}.schema.json"] = _finish([model], description, nulls=False)
    out["content.schema.json"] = _finish(
        [CompiledMission, PackIndex, CompiledCampaign, CompiledScenario, CompiledTable, CompiledEncounter],
        "zwar-author compiled content: a mission document, a pack index, a campaign, a Zone Wars scenario, "
        "a random table or an All Things Zombie encounter.")
    return out


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = folder / name
        write_whole(path, render(schema))  # each file whole: a full disk leaves the old schema as it was
        written.append(path)
    return written


def stale_schemas(folder: Path) -> list[str]:
    """Names of schemas in ``folder`` that are missing or differ from the models."""
    stale = []
    for name, schema in schemas().items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != render(schema):
            stale.append(name)
    return stale


def _finish(models: list[type[BaseModel]], description: str, nulls: bool = True) -> dict:
    _, generated = models_json_schema(
        [(m, "validation") for m in models], ref_template="#/definitions/{model}", by_alias=True)
    defs = generated.get("$defs", {})
    definitions = {name: _draft4(d if nulls else _without_null(d)) for name, d in defs.items()}
    if len(models) == 1:
        root = definitions.pop(models[0].__name__)
    else:
        root = {"oneOf": [{"$ref": f"#/definitions/{m.__name__}"} for m in models]}
    root.update({"$schema": DRAFT, "title": root.get("title", "zwar-author content"), "description": description})
    if definitions:
        root["definitions"] = definitions
    return root


def _without_null(node):
    """``node`` with null taken out of every union, and null defaults dropped (keys TOML leaves out)."""
    if isinstance(node, list):
        return [_without_null(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: _without_null(v) for k, v in node.items()}
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if o != {"type": "null"}]
        if len(options) == 1:
            del node["anyOf"]
            node = {**options[0], **node}
        else:
            node["anyOf"] = options
    if "default" in node and node["default"] is None:
        del node["default"]
    return node


def _draft4(node):
    if isinstance(node, list):
        return [_draft4(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: _draft4(v) for k, v in node.items()}
    if "const" in node:
        node["enum"] = [node.pop("const")]
    if "$ref" in node and len(node) > 1:
        ref = node.pop("$ref")
        node["allOf"] = [{"$ref": ref}]
    return node
