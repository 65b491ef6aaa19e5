"""The compiled campaign (campaign.json): the chapters in order, each naming its compiled mission.

Beside, not in, ``content``: the campaign's models are defined only when a
campaign is compiled or read, so checking a mission stays quick.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .campaign import CampaignInfo
from .common import Model, Name, Positive, Text
from .content import Tool


class CompiledChapter(Model):
    number: Positive = Field(description="The chapter's place in the campaign, from 1.")
    mission: str = Field(description="The mission's id; its compiled file is missions/<id>.json.")
    title: Name = Field(description="The chapter's title.")
    text: Text = Field(description="Printed before the mission.")
    buy: dict[str, list[str]] = Field(description="Perks bought before this chapter: hero (pack/id) -> perks (pack/id).")
    directors_cut: bool = Field(False, description="Played as the Director's Cut: with a director and 6 director cards.")
    level_up: bool = Field(False, description="Exodus: each hero may choose a new perk card before this chapter.")


class CompiledCampaign(Model):
    format: Literal["zwar-content/1"] = Field(description="Format and version of compiled content.")
    kind: Literal["campaign"] = Field(description="A compiled campaign.")
    tool: Tool = Field(description="What compiled it.")
    pack: str = Field(description="The pack the campaign belongs to.")
    campaign: CampaignInfo = Field(description="Title, game and XP rules; heroes as pack/id, mission_xp resolved.")
    chapters: list[CompiledChapter] = Field(description="The chapters in the order they are played.")
