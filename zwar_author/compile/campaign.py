"""A pack's campaign file checked against its missions and its rules data.

Every chapter must be a campaign mission of the campaign's game, and the XP
economy must pay for the perks the heroes hold at each chapter: those the
campaign buys (``buy``) and those a chapter's mission expects
(``[mission.perks]``), each kept from then on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__, codes
from ..errors import Diagnostic, Severity, display_path
from ..games.registry import profile
from ..model import content as c
from ..model.campaign import CampaignDoc, CampaignInfo
from ..model.compiled_campaign import CompiledCampaign, CompiledChapter
from ..model.rules import Hero, Perk
from ..model.validate import validate_past_unknown_keys
from ..sources.document import Document
from .perks import price
from .rules import hint
from .workspace import Pack, Workspace


@dataclass(frozen=True)
class ChapterPlan:
    number: int  # 1, 2, ... in the order played
    title: str
    text: str
    mission: c.CompiledMission
    buy: dict[str, list[str]]  # hero id -> perk ids bought before this chapter
    qualified: dict[str, list[str]]  # the same as pack/id
    directors_cut: bool = False
    level_up: bool = False  # Exodus: a perk card a hero before it

    def compiled(self) -> CompiledChapter:
        return CompiledChapter(number=self.number, mission=self.mission.mission.id, title=self.title,
                                 text=self.text, buy=self.qualified, directors_cut=self.directors_cut,
                                 level_up=self.level_up)


@dataclass
class Campaign:
    """A campaign that checked clean enough to print: its chapters with their missions."""

    info: CampaignInfo
    mission_xp: int
    heroes: list[Hero]
    hero_ids: list[str]  # the heroes as pack/id
    chapters: list[ChapterPlan] = field(default_factory=list)

    def compiled(self, pack: str) -> CompiledCampaign:
        """The campaign as compiled content, for build/<pack>/campaign.json."""
        info = self.info.model_copy(update={"mission_xp": self.mission_xp, "heroes": self.hero_ids})
        return CompiledCampaign(format=c.FORMAT, kind="campaign", tool=c.Tool(name="zwar-author", version=__version__),
                                  pack=pack, campaign=info, chapters=[ch.compiled() for ch in self.chapters])


def compile_campaign(ws: Workspace, pack: Pack, path: Path,
                     missions: list[c.CompiledMission]) -> tuple[Campaign | None, list[Diagnostic]]:
    """The campaign at ``path`` of ``pack`` (whose compiled missions are ``missions``), and its problems."""
    doc = ws.read(path)
    if doc is None:
        return None, []
    model, problems = validate_past_unknown_keys(doc, CampaignDoc)
    if model is None:
        return None, problems
    checker = _Checker(ws, pack, doc, model, {m.mission.id: m for m in missions}, problems)
    return checker.run(), checker.problems


@dataclass
class _Checker:
    ws: Workspace
    pack: Pack
    doc: Document
    model: CampaignDoc
    compiled: dict[str, c.CompiledMission]
    problems: list[Diagnostic]

    def run(self) -> Campaign | None:
        info = self.model.campaign
        found = self.heroes()
        heroes = [h for _, h in found]
        exodus = info.game == "exodus"  # no XP: perk cards at the level-up chapters (docs/campaign.md)
        self.own_keys(exodus)
        xp = 0 if exodus else info.mission_xp
        if xp is None:
            xp = next((p.rules.campaign_xp for p in self.ws.visible(self.pack) if p.rules.campaign_xp is not None), None)
        if xp is None:
            self.problems.append(codes.MISSING_KEY.at(self.doc.loc(("campaign",)), key="mission_xp",
                                                      where="[campaign] (the rules data has no campaign_xp)"))
            xp = 0
        campaign = Campaign(info, xp, heroes, [q for q, _ in found])
        written = self.mission_ids()
        last_number = 0
        for i, chapter in enumerate(self.model.chapters):
            mission = self.chapter_mission(i, chapter.mission, written)
            buy, qualified = self.buys(i, chapter.buy, heroes)
            if mission is None:
                continue
            number = mission.mission.chapter
            if number is not None and number <= last_number:
                self.problems.append(codes.CHAPTER_ORDER.at(self.doc.loc(("chapters", i, "mission")),
                                                            id=chapter.mission, number=number, last=last_number))
            last_number = max(last_number, number or 0)
            campaign.chapters.append(ChapterPlan(i + 1, chapter.title or mission.mission.title, chapter.text,
                                                 mission, buy, qualified, chapter.directors_cut, chapter.level_up))
        if exodus:
            self.level_ups(campaign)
        elif len(campaign.chapters) == len(self.model.chapters):
            self.economy(campaign)
        return campaign if not any(p.severity is Severity.ERROR for p in self.problems) else None

    def own_keys(self, exodus: bool) -> None:
        """Each game's campaign keys in its own campaigns only: XP in Z War One's, level-ups and saves in
        Exodus's."""
        game = profile(self.model.campaign.game).name
        written = self.doc.data.get("campaign", {})
        if exodus:
            for key in ("start_xp", "mission_xp", "loot_xp", "expected_loot_xp"):
                if key in written:
                    self.problems.append(codes.CAMPAIGN_RULE.at(
                        self.doc.key_loc(("campaign", key)), key=key, what="for campaigns that pay XP", game=game,
                        instead="pays none: its heroes choose a perk card at each `level_up` chapter"))
            return
        if "saves" in written:
            self.problems.append(codes.CAMPAIGN_RULE.at(
                self.doc.key_loc(("campaign", "saves")), key="saves", what="an Exodus save ticket's", game=game,
                instead="is saved after every chapter (`zwar campaign play --save`)"))
        for i, chapter in enumerate(self.model.chapters):
            if chapter.level_up:
                self.problems.append(codes.CAMPAIGN_RULE.at(
                    self.doc.key_loc(("chapters", i, "level_up")), key="level_up", what="an Exodus level-up",
                    game=game, instead="buys perks with XP before any chapter (`buy`)"))

    def level_ups(self, campaign: Campaign) -> None:
        """Exodus: one perk card a hero, and only before a level-up chapter; and perk cards to choose from."""
        for plan in campaign.chapters:
            if plan.level_up and not any("exodus" in p.games for p in plan.mission.rules.perks):
                self.problems.append(codes.NO_PERK_CARDS.at(self.doc.key_loc(("chapters", plan.number - 1,
                                                                              "level_up")), number=plan.number))
        for i, chapter in enumerate(self.model.chapters):
            for hero, perks in chapter.buy.items():
                why = ("an Exodus hero chooses one perk card at a level-up" if chapter.level_up and len(perks) > 1
                       else "" if chapter.level_up else "the chapter has no level-up (`level_up = true`)")
                if why:
                    cards = f"{len(perks)} perk card{'s' if len(perks) != 1 else ''}"
                    self.problems.append(codes.LEVEL_UP.at(self.doc.key_loc(("chapters", i, "buy", hero)), hero=hero,
                                                           cards=cards, number=i + 1, why=why))

    def heroes(self) -> list[tuple[str, Hero]]:
        """The campaign's heroes, as (pack/id, card)."""
        info = self.model.campaign
        out: list[tuple[str, Hero]] = []
        if not info.heroes:
            for candidate in self.ws.visible(self.pack):
                out += [(e.qualified, e.model) for e in candidate.rules.entries["heroes"].values()
                        if isinstance(e.model, Hero) and info.game in e.model.games]
            return sorted(out, key=lambda h: h[0])
        for j, text in enumerate(info.heroes):
            entry = self.ws.lookup(self.pack, "heroes", text)
            if entry is None or not isinstance(entry.model, Hero):
                self.problems.append(codes.DANGLING.at(self.doc.loc(("campaign", "heroes", j)), what="hero", id=text,
                                                       hint=hint(text, self.ws.known(self.pack, "heroes"))))
            else:
                out.append((entry.qualified, entry.model))
        return out

    def mission_ids(self) -> dict[str, Path]:
        """The pack's mission files by id, compiled or not."""
        ids: dict[str, Path] = {}
        for path in self.pack.missions:
            doc = self.ws.docs.get(path)
            mission = doc.data.get("mission") if doc is not None else None
            if isinstance(mission, dict) and isinstance(mission.get("id"), str):
                ids.setdefault(mission["id"], path)
        return ids

    def chapter_mission(self, i: int, ref: str, written: dict[str, Path]) -> c.CompiledMission | None:
        loc = self.doc.loc(("chapters", i, "mission"))
        owner, _, name = ref.rpartition("/")
        if (owner and owner != self.pack.id) or name not in written:
            self.problems.append(codes.DANGLING.at(loc, what="mission", id=ref, hint=hint(name, sorted(written))))
            return None
        mission = self.compiled.get(name)
        if mission is None:  # its own errors are listed with it; the campaign says why it stops here
            path = written[name]
            errors = sum(1 for d in self.ws.problems.get(path, []) if d.severity is Severity.ERROR)
            self.problems.append(codes.CHAPTER_BROKEN.at(loc, number=i + 1, id=name, path=display_path(path),
                                                         errors=f"{errors} error{'s' if errors != 1 else ''}"))
            return None
        info, game = mission.mission, self.model.campaign.game
        if info.mode != "campaign" or info.game != game:
            self.problems.append(codes.CHAPTER_MISSION.at(loc, id=name, what=f"a {info.game} {info.mode} mission",
                                                          game=game))
            return None
        return mission

    def buys(self, i: int, buy: dict[str, list[str]], heroes: list[Hero]) -> tuple[dict[str, list[str]],
                                                                                   dict[str, list[str]]]:
        """The perks bought before chapter ``i``, by hero: as short ids, and as pack/id."""
        out: dict[str, list[str]] = {}
        qualified: dict[str, list[str]] = {}
        for hero_text, perks in buy.items():
            path = ("chapters", i, "buy", hero_text)
            entry = self.ws.lookup(self.pack, "heroes", hero_text)
            if entry is None or not isinstance(entry.model, Hero) or entry.model not in heroes:
                self.problems.append(codes.DANGLING.at(self.doc.key_loc(path), what="hero of this campaign",
                                                       id=hero_text, hint=hint(hero_text, [h.id for h in heroes])))
                continue
            game = self.model.campaign.game
            for j, text in enumerate(perks):
                perk = self.ws.lookup(self.pack, "perks", text)
                if perk is None or not isinstance(perk.model, Perk) or game not in perk.model.games:
                    known = [p for p in self.ws.known(self.pack, "perks")
                             if (e := self.ws.lookup(self.pack, "perks", p)) is not None
                             and isinstance(e.model, Perk) and game in e.model.games]
                    what = "perk" if perk is None else f"{game} perk"  # Exodus has perk cards of its own
                    self.problems.append(codes.DANGLING.at(self.doc.loc(path + (j,)), what=what, id=text,
                                                           hint=hint(text, known)))
                else:
                    out.setdefault(entry.model.id, []).append(perk.model.id)
                    qualified.setdefault(entry.qualified, []).append(perk.qualified)
        return out, qualified

    def economy(self, campaign: Campaign) -> None:
        """At each chapter, every hero's perks so far must cost no more than the XP earned before it."""
        info = campaign.info
        per_chapter = campaign.mission_xp + info.expected_loot_xp
        for hero in campaign.heroes:
            held: dict[str, tuple[int, str]] = {}  # perk id -> (chapter bought, how)
            for index, chapter in enumerate(campaign.chapters):
                self.hold(hero, chapter, index, held)
                perks = {p: self.perk(p) for p in held}
                spent = sum(price(hero, perk) for perk in perks.values() if perk is not None)
                earned = info.start_xp + index * per_chapter
                if spent > earned:
                    items = ", ".join(f"{p} {price(hero, perk)}" for p, perk in perks.items() if perk is not None)
                    loc = (self.doc.key_loc(("chapters", index, "buy", hero.id)) if hero.id in chapter.buy
                           else self.doc.loc(("chapters", index, "mission")))
                    self.problems.append(codes.CAMPAIGN_XP.at(
                        loc, hero=hero.id, spent=spent, number=chapter.number, items=items, earned=earned,
                        how=_how(info.start_xp, index, campaign.mission_xp, info.expected_loot_xp)))
                    break

    def hold(self, hero: Hero, chapter: ChapterPlan, index: int, held: dict[str, tuple[int, str]]) -> None:
        """Add the perks ``hero`` holds from ``chapter`` on: bought there, or expected by its mission;
        a perk bought twice is reported."""
        for j, perk in enumerate(chapter.buy.get(hero.id, [])):
            if perk in held:
                first = held[perk][1]
                self.problems.append(codes.PERK_TWICE.at(
                    self.doc.loc(("chapters", index, "buy", hero.id, j)), perk=perk, hero=hero.id, first=first))
                continue
            held[perk] = (chapter.number, self.doc.loc(("chapters", index, "buy", hero.id, j)).display())
        expected = next((ps for h, ps in chapter.mission.mission.perks.items()
                         if h.rpartition("/")[2] == hero.id), [])
        for qualified in expected:
            held.setdefault(qualified.rpartition("/")[2], (chapter.number, f"chapter {chapter.number}'s mission"))

    def perk(self, ref: str) -> Perk | None:
        entry = self.ws.lookup(self.pack, "perks", ref)
        return entry.model if entry is not None and isinstance(entry.model, Perk) else None


def _how(start: int, chapters: int, mission_xp: int, loot: int) -> str:
    parts = [f"{start} to start"] if start else []
    if chapters:
        parts.append(f"{chapters} chapter{'s' if chapters != 1 else ''} at {mission_xp} XP"
                     + (f" and {loot} XP of loot" if loot else ""))
    return " and ".join(parts) or "nothing yet"
