"""A campaign source (a pack's campaign.toml): chapters in order, the XP they pay, the perks bought.

Z War One's campaign is a sequence of chapters, each ending in a mission.
Completing one pays every hero XP (and their loot cards' XP); between
chapters the heroes spend XP on perks, which they keep for the rest of the
campaign; a failed mission is played again. Exodus's pays no XP: at its
level-up chapters each hero chooses one perk card, and a save ticket holds
three official saves.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import REF_PATTERN, Count, Document, Game, Id, Model, Name, Ref, Text

Buys = Annotated[dict[str, list[Ref]], Field(
    description="Perks bought before this chapter, by hero id; each is kept for the rest of the campaign.",
    json_schema_extra={"patternProperties": {REF_PATTERN: {
        "type": "array", "items": {"type": "string", "pattern": REF_PATTERN}, "description": "Perks, by id."}},
        "additionalProperties": False})]


class CampaignInfo(Model):
    id: Id = Field(description="The campaign's id.")
    title: Name = Field(description="The title printed on the booklet's cover.")
    game: Game = Field("zwar1", description="The game: every chapter is a campaign mission of it.")
    text: Text = Field("", description="The campaign's introduction, printed on the cover.")
    heroes: list[Ref] = Field([], description="The heroes who play it, by id; empty means every hero of the game.")
    start_xp: Count = Field(0, description="XP each hero has before the first chapter.")
    mission_xp: Count | None = Field(None, description=(
        "XP each hero earns for completing a chapter's mission; default: the rules data's `campaign_xp`."))
    loot_xp: bool = Field(True, description="Loot cards are cashed in for the XP printed on them between chapters.")
    expected_loot_xp: Count = Field(0, description=(
        "XP from loot each hero is counted on to find per chapter when checking that the perks bought are "
        "affordable (0: count on mission XP alone)."))
    saves: Count | None = Field(None, description=(
        "Exodus: the official save slots of the save ticket (default 3): a group may return to its last "
        "official save after a failed mission."))
    restart: Literal["chapter"] = Field("chapter", description=(
        "On a failed mission (a hero dies): the chapter is played again; no XP is awarded and search cards go "
        "back to the deck."))


class Chapter(Model):
    mission: Ref = Field(description="The chapter's mission, by id: a campaign mission of this pack.")
    title: Name | None = Field(None, description="The chapter's title in the booklet; default: the mission's.")
    text: Text = Field("", description="What happens before the mission, printed in the booklet.")
    buy: Buys = Field({})
    level_up: bool = Field(False, description=(
        "Exodus: the chapter's mission has a level-up option: before it each hero may choose one new perk card "
        "(`buy` plans which)."))
    directors_cut: bool = Field(False, description=(
        "The Director's Cut: the chapter is played with a director (6 director cards), and any hero's death "
        "fails it as in every campaign chapter."))


class CampaignDoc(Document):
    campaign: CampaignInfo = Field(description="The campaign's title, game and XP rules.")
    chapters: list[Chapter] = Field(min_length=1, description="The chapters, in the order they are played.")
