"""Pack manifests (pack.toml) and tile files (tiles/*.toml)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .common import ID_PATTERN, AnyGame, Document, Game, Id, Model, Name, Positive, Text


def _owned(what: str, description: str) -> dict:
    """The schema of a table of counts owned, keyed by id (as ``keyed`` writes it)."""
    return {"description": description, "json_schema_extra": {"patternProperties": {ID_PATTERN: {
        "type": "integer", "minimum": 1, "description": what}}, "additionalProperties": False}}


# Written out rather than made by ``keyed`` so that type checkers see the dict.
Copies = Annotated[dict[str, Positive], Field(**_owned(
    "Copies owned of this tile.",
    "Physical copies owned of each of the pack's tiles; a tile not listed counts as one copy."))]
Miniatures = Annotated[dict[str, Positive], Field(**_owned(
    "Figures owned of this class.",
    "Miniatures owned per infected class: no more than this many can be on the board."))]


class PackInfo(Model):
    id: Id = Field(description="Pack id; other packs require it by this id and refer to its content as `id/...`.")
    title: Name = Field(description="The pack's name.")
    version: str = Field("0.1.0", description="The pack's version.")
    description: Text = Field("", description="What the pack holds.")
    requires: list[Id] = Field([], description="Packs whose tiles and rules data this pack uses (`core`).")
    games: list[AnyGame] = Field([], description="Games the pack is for.")


Tokens = Annotated[dict[str, Positive], Field(**_owned(
    "Counters of this kind printed for each mission.",
    "The pack's own kinds of counter (`fire = 6`), printed on every mission's counter sheet beside the "
    "standard ones (alert, bitten, search, active, objectives, items, objects, keycards, crates)."))]


class Components(Model):
    games: list[Game] = Field([], description=(
        "The games this box is played with: missions of other games are not held to it, and `[miniatures]` "
        "limits only their games (default: every game)."))
    doors: Positive | None = Field(None, description="Doors (with stands): one stands on every doorway of a board.")
    counters: Positive | None = Field(None, description=(
        "Game counters: a mission's objectives, items, objects, keycards, crates and search and active tokens "
        "each take one at the start."))
    cards: Positive | None = Field(None, description="Cards of every deck together (printed on the box; not checked).")
    tokens: Tokens = Field({})


class PackDoc(Document):
    assumed: list[str] = Field([], description=(
        "Keys of this file whose values are not printed in the sources and were entered as a reasonable guess "
        "(dotted: `miniatures.zombie`). `zwar assumed` lists them."))
    pack: PackInfo = Field(description="Who the pack is.")
    copies: Copies = Field({})
    miniatures: Miniatures = Field({})
    components: Components = Field(Components(), description=(
        "What the pack's box holds; with the components of the packs it requires, what a mission may need "
        "(docs/campaign.md)."))


class TileSide(Model):
    art: str | list[str] = Field(description="The side's tile art (one string, or a list of lines).")
    name: Name | None = Field(None, description="A name for this side.")


class TileSides(Model):
    A: TileSide = Field(description="Side A.")
    B: TileSide | None = Field(None, description="Side B, for a double-sided tile.")


class TileInfo(Model):
    id: Id = Field(description="Tile id, unique in the pack; missions place it as `tile = \"id\"` or `pack/id`.")
    name: Name = Field(description="The tile's name.")
    text: Text = Field("", description="Notes on the tile.")


class TileDoc(Document):
    tile: TileInfo = Field(description="Who the tile is.")
    sides: TileSides = Field(description="The tile's sides and their art.")
