"""A campaign at the table: chapters in order, XP banked, perks bought between chapters, a failed
chapter played again, and the group's progress saved between sessions.

The campaign's rules as plain data (``Economy``: who plays, what each perk
costs each hero, what the campaign plans them to hold) and the group's
``Progress`` (the chapter they are on, XP banked, perks held) are shared by
``zwar campaign play`` and the campaign playtest, so bots and people bank XP
and buy perks by the same rules. A campaign save is the progress plus, when
the group stopped in the middle of a mission, that game's own save.
"""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .. import codes
from ..compile.campaign import Campaign, ChapterPlan
from ..compile.perks import price
from ..engine.api import new_game
from ..engine.mission import Mission
from ..engine.state import Game, HeroStatus, Setup
from ..engine.vocab import Perk
from ..errors import Report, SetupError, UnsupportedGame, UsageError, ZwarError
from ..games import unplayable
from ..games.playable import label
from ..sources.document import Document
from .lobby import craft, describe, give, kit_after, reload
from .saves import BadSave, SavedCampaign, check_setup, read_save
from .session import CommandError, Session, save_json

SAVE_FORMAT = "zwar-campaign-save/1"
#: the perks whose rules the engine plays: an Exodus level-up offers these only
PLAYED_PERKS = frozenset(p.value for p in Perk)
#: the commands of Exodus's pre-game lobby at the prompt
LOBBY_HELP = ("Pre-game lobby: reload HERO WEAPON AMMO, craft HERO EQUIPMENT, give HERO CARD HERO, perk HERO PERK "
              "(a level-up chapter), save (an official save), retire (back to the last official save), kit; done to "
              "start the chapter")


class CannotPlayCampaign(ZwarError):
    """A campaign with a chapter the engine cannot play: refused before the first game."""

    def __init__(self, campaign: str, reasons: list[str]) -> None:
        self.campaign, self.reasons = campaign, reasons
        super().__init__(f"cannot play campaign {campaign}: " + "; ".join(reasons))

    def lines(self) -> list[str]:
        return [f"cannot play campaign {self.campaign}, for these chapters:"] + [
            f"  - {reason}" for reason in self.reasons]


@dataclass(frozen=True)
class Economy:
    """The campaign's XP rules as plain data (sent to playtest workers as it is)."""

    heroes: tuple[str, ...]  # short ids, in the campaign's order
    start_xp: int
    mission_xp: int
    loot_xp: bool
    prices: dict[str, dict[str, int]]  # hero -> perk (short id) -> its price for that hero
    #: for each chapter, the (hero, perk) the plan has the heroes hold from that chapter on, newly
    #: planned there: the campaign's `buy` and the chapter mission's `[mission.perks]`
    plan: tuple[tuple[tuple[str, str], ...], ...]
    game: str = "zwar1"
    #: Exodus: the save ticket's official save slots, and for each chapter whether it has a level-up
    saves: int = 0
    level_ups: tuple[bool, ...] = ()

    @property
    def exodus(self) -> bool:
        """Exodus's rules between missions (play/lobby.py): no XP, perk cards at level-ups, the kit carried
        on, and a failed mission returns to the last official save."""
        return self.game == "exodus"

    def planned_by(self, index: int) -> list[tuple[str, str]]:
        """Every (hero, perk) the plan has bought by chapter ``index`` (0-based), in plan order."""
        return [item for chapter in self.plan[:index + 1] for item in chapter]


def economy_of(campaign: Campaign) -> Economy:
    """The economy of a checked campaign: prices from its first chapter's rules (every chapter is
    a mission of the same pack and game)."""
    rules = campaign.chapters[0].mission.rules
    heroes = tuple(h.id for h in campaign.heroes)
    cards = {h.id.rpartition("/")[2]: h for h in rules.heroes}
    game = campaign.info.game
    if game == "exodus":  # a perk card costs no XP: at a level-up each hero chooses one the engine plays
        prices = {hero: {p.id.rpartition("/")[2]: 0 for p in rules.perks if game in p.games
                         and p.id.rpartition("/")[2] in PLAYED_PERKS} for hero in heroes}
    else:
        prices = {hero: {p.id.rpartition("/")[2]: price(cards[hero], p) for p in rules.perks} for hero in heroes
                  if hero in cards}
    plan = []
    seen: set[tuple[str, str]] = set()
    for chapter in campaign.chapters:
        new = []
        expected = {h.rpartition("/")[2]: [p.rpartition("/")[2] for p in ps]
                    for h, ps in chapter.mission.mission.perks.items()}
        for hero in heroes:
            for perk in [*chapter.buy.get(hero, []), *expected.get(hero, [])]:
                if (hero, perk) not in seen:
                    seen.add((hero, perk))
                    new.append((hero, perk))
        plan.append(tuple(new))
    saves = (campaign.info.saves if campaign.info.saves is not None else 3) if game == "exodus" else 0
    return Economy(heroes, campaign.info.start_xp, campaign.mission_xp, campaign.info.loot_xp, prices, tuple(plan),
                   game, saves, tuple(ch.level_up for ch in campaign.chapters))


def xp_earned(game: Game, economy: Economy) -> dict[str, int]:
    """The XP each hero banks for a won chapter: the campaign's mission XP, the XP printed on the
    loot cards carried (unless the campaign cashes in none), and what perks such as Fence add."""
    m = game.mission
    base = m.compiled.rules.campaign_xp if m.compiled.rules.campaign_xp is not None else 20
    out = {}
    for h in game.heroes:
        if h.status == HeroStatus.DEAD:
            continue
        loot = sum(m.search_cards[c].xp or 0 for c in h.loot)
        extra = h.xp - base - loot  # the engine's award beyond the mission and the loot (Fence)
        out[h.id.rpartition("/")[2]] = economy.mission_xp + (loot if economy.loot_xp else 0) + max(0, extra)
    return out


@dataclass
class Progress:
    """Where a group stands in a campaign (plain data: it is what a save holds)."""

    chapter: int = 0  # index of the chapter being played; the number of chapters when finished
    attempt: int = 1  # tries at this chapter, this one included
    shopped: bool = False  # the purchases before this chapter are done
    bank: dict[str, int] = field(default_factory=dict)  # hero -> XP not spent
    earned: dict[str, int] = field(default_factory=dict)  # hero -> XP earned in all
    perks: dict[str, list[str]] = field(default_factory=dict)  # hero -> perks held, in the order bought
    bought: list[tuple[str, str, int]] = field(default_factory=list)  # (hero, perk, chapter number)
    results: list[dict] = field(default_factory=list)  # every game played: chapter, attempt, outcome, turns, xp
    #: Exodus (play/lobby.py): hero -> the kit carried into the next chapter (none yet: the hero board's set)
    kit: dict[str, dict] = field(default_factory=dict)
    saves: list[dict] = field(default_factory=list)  # Exodus: the official saves logged, {"after": n, "state": ...}
    lost: dict[str, int] = field(default_factory=dict)  # Exodus: chapter number (as text) -> games lost there

    @classmethod
    def start(cls, economy: Economy) -> Progress:
        return cls(bank={h: economy.start_xp for h in economy.heroes},
                   earned={h: economy.start_xp for h in economy.heroes},
                   perks={h: [] for h in economy.heroes})

    def finished(self, chapters: int) -> bool:
        return self.chapter >= chapters

    def why_not(self, economy: Economy, hero: str, perk: str) -> str | None:
        """Why ``hero`` cannot buy ``perk`` now, else None."""
        if hero not in economy.heroes:
            return f"`{hero}` does not play this campaign (its heroes: {', '.join(economy.heroes)})"
        prices = economy.prices.get(hero, {})
        if perk not in prices and economy.exodus:
            return (f"there is no Exodus perk card `{perk}` whose rules the engine plays (known: "
                    f"{', '.join(sorted(prices)) or 'none: the rules data has no Exodus perk cards'})")
        if perk not in prices:
            return f"there is no perk `{perk}` (known: {', '.join(sorted(prices))})"
        if perk in self.perks[hero]:
            return f"{hero} already holds {perk}"
        if prices[perk] > self.bank[hero]:
            return f"{perk} costs {hero} {prices[perk]} XP and {hero} has {self.bank[hero]} XP"
        return None

    def buy(self, economy: Economy, hero: str, perk: str, number: int) -> None:
        """``hero`` buys ``perk`` before chapter ``number`` (Exodus: chooses it as the level-up's perk card);
        CommandError says why not."""
        problem = self.refusal(economy, hero, perk, number)
        if problem is not None:
            raise CommandError(problem)
        self.bank[hero] -= economy.prices[hero][perk]
        self.perks[hero].append(perk)
        self.bought.append((hero, perk, number))

    def buy_plan(self, economy: Economy, number: int) -> list[tuple[str, str]]:
        """Buy what the plan has the heroes hold by now, in plan order, as far as each hero's XP goes;
        what one cannot pay for waits for a later chapter. The (hero, perk) bought."""
        done = []
        planned = (economy.plan[self.chapter] if economy.level_ups[self.chapter] else ()) if economy.exodus \
            else economy.planned_by(self.chapter)  # an Exodus level-up not taken is not made up later
        for hero, perk in planned:
            if perk not in self.perks.get(hero, []) and self.refusal(economy, hero, perk, number) is None:
                self.buy(economy, hero, perk, number)
                done.append((hero, perk))
        return done

    def refusal(self, economy: Economy, hero: str, perk: str, number: int) -> str | None:
        """Why ``hero`` cannot take ``perk`` before chapter ``number`` now (Exodus: at a level-up), else None."""
        return self.why_not(economy, hero, perk) or (self.no_level_up(economy, hero, number)
                                                     if economy.exodus else None)

    def no_level_up(self, economy: Economy, hero: str, number: int) -> str | None:
        """Exodus: why ``hero`` cannot choose a perk card before chapter ``number`` now, else None."""
        if not economy.level_ups[self.chapter]:
            return f"chapter {number} has no level-up: a perk card is chosen only before a level-up chapter"
        if any(h == hero and n == number for h, _, n in self.bought):
            return f"{hero} has chosen a perk card at this level-up already"
        return None

    def setup(self, economy: Economy, mission: Mission, max_turns: int, directors_cut: bool = False) -> Setup:
        """How the chapter's game starts: the campaign's heroes who play its mission, with the perks they hold
        (Exodus: and the kit they carry on)."""
        allowed = [r.rpartition("/")[2] for r in mission.compiled.mission.heroes]
        heroes = tuple(h for h in economy.heroes if not allowed or h in allowed)
        perks = tuple((h, tuple(self.perks[h])) for h in heroes if self.perks[h])
        kit = [(h, self.kit[h]) for h in heroes if h in self.kit]
        return Setup(heroes=heroes, perks=perks, max_turns=max_turns, directors_cut=directors_cut,
                     equipment=tuple((h, tuple(k["equipment"])) for h, k in kit),
                     rounds=tuple((h, tuple(k["rounds"])) for h, k in kit),
                     search=tuple((h, tuple(k["search"])) for h, k in kit if k["search"]),
                     stages=tuple((h, k["stage"]) for h, k in kit if k["stage"]))

    # --- Exodus's save ticket ------------------------------------------------------------------

    def snapshot(self) -> dict:
        """What an official save holds: the chapter next, the kit, the perk cards chosen."""
        return copy.deepcopy({"chapter": self.chapter, "kit": self.kit, "perks": self.perks,
                              "bought": [list(b) for b in self.bought]})

    def log_save(self, economy: Economy) -> int:
        """Log an official save of the mission just finished in the next free slot; its slot number.
        "Players may only log 3 official saves throughout the campaign"."""
        if not self.chapter:
            raise CommandError("no mission has been finished yet: an official save is logged after one")
        if any(s["after"] == self.chapter for s in self.saves):
            raise CommandError(f"chapter {self.chapter} is saved already (slot "
                               f"{next(i for i, s in enumerate(self.saves, 1) if s['after'] == self.chapter)})")
        if len(self.saves) >= economy.saves:
            raise CommandError(f"the save ticket's {economy.saves} official save slots are all used")
        self.saves.append({"after": self.chapter, "state": self.snapshot()})
        return len(self.saves)

    def return_to_save(self) -> int:
        """After a failed mission: back to the last official save (none logged: the campaign's start);
        the number of the chapter played next."""
        start: dict[str, Any] = {"chapter": 0, "kit": {}, "perks": {h: [] for h in self.perks}, "bought": []}
        state: dict[str, Any] = copy.deepcopy(self.saves[-1]["state"] if self.saves else start)
        self.chapter, self.kit, self.perks = state["chapter"], state["kit"], state["perks"]
        self.bought = [(h, p, n) for h, p, n in state["bought"]]
        self.attempt, self.shopped = self.lost.get(str(self.chapter + 1), 0) + 1, False
        return self.chapter + 1

    def finish(self, economy: Economy, game: Game, number: int) -> dict:
        """Take a finished chapter game: a victory banks XP and moves on, anything else plays the
        chapter again. The result recorded."""
        won = game.outcome == "victory"
        xp = xp_earned(game, economy) if won and not economy.exodus else {}  # Exodus pays no XP
        result = {"chapter": number, "attempt": self.attempt, "outcome": game.outcome, "turns": game.turn,
                  "reason": game.reason, "xp": xp}
        self.results.append(result)
        if economy.exodus:
            self._exodus_finish(game, number, result)
        elif won:
            for hero, amount in xp.items():
                self.bank[hero] += amount
                self.earned[hero] += amount
            self.chapter, self.attempt, self.shopped = self.chapter + 1, 1, False
        else:
            self.attempt += 1
        return result

    def _exodus_finish(self, game: Game, number: int, result: dict) -> None:
        """Exodus: a won mission carries the kit on (melee weapons discarded); a failed one returns to the
        last official save."""
        if game.outcome == "victory":
            kits, discarded = kit_after(game)
            self.kit = {**self.kit, **kits}  # a hero the mission did not use keeps the kit
            result["discarded"] = [list(d) for d in discarded]
            self.chapter, self.shopped = self.chapter + 1, False
            self.attempt = self.lost.get(str(self.chapter + 1), 0) + 1
        else:
            self.lost[str(number)] = self.lost.get(str(number), 0) + 1
            result["returned_to"] = self.return_to_save()

    def record(self) -> dict:
        return asdict(self)

    @classmethod
    def from_record(cls, data: dict) -> Progress:
        progress = cls(**copy.deepcopy({k: v for k, v in data.items() if k != "bought"}))
        progress.bought = [(h, p, n) for h, p, n in data.get("bought", [])]
        return progress


# --- a campaign opened to play ----------------------------------------------------------------


@dataclass(frozen=True)
class Chapter:
    number: int
    title: str
    mission: Mission
    source: Path  # the mission's source file
    directors_cut: bool
    level_up: bool = False  # Exodus: each hero may choose a new perk card before it


@dataclass(frozen=True)
class Book:
    """A checked campaign ready to play: its chapters' missions and its economy."""

    path: Path
    id: str
    title: str
    chapters: tuple[Chapter, ...]
    economy: Economy
    sha256: str  # of the compiled campaign: a save of another version is refused

    def level_up_refused(self, ch: Chapter) -> str:
        """Why the engine cannot play ``ch``'s Exodus level-up ("" when it can): the perk cards it offers or
        the campaign plans must be ones whose rules the engine plays."""
        if not ch.level_up:
            return ""
        cards = sorted(p.id.rpartition("/")[2] for p in ch.mission.compiled.rules.perks if "exodus" in p.games)
        if not cards:
            return ("its level-up needs Exodus perk cards, and the rules data has none (the Exodus rulebook text "
                    "stops inside \"Charging infected\", before any perk card): add them in a pack, or play the "
                    "chapter without `level_up`")
        index = self.chapters.index(ch)
        planned = {perk for _, perk in self.economy.plan[index]}
        unplayed = sorted(planned - PLAYED_PERKS) or ([] if PLAYED_PERKS & set(cards) else cards)
        if unplayed:
            return (f"the engine plays no rules for the perk card{'s' if len(unplayed) > 1 else ''} "
                    f"{', '.join(unplayed)} (it plays: {', '.join(sorted(PLAYED_PERKS))})")
        return ""

    def refusals(self) -> list[str]:
        """The chapters the engine cannot play, each with why."""
        out = []
        for ch in self.chapters:
            name = f"chapter {ch.number} ({ch.mission.compiled.mission.id})"
            why = self.level_up_refused(ch)
            if why:
                out.append(f"{name}: {why}")
                continue
            missing = unplayable(ch.mission.compiled)
            if missing:
                out.append(f"{name}: " + "; ".join(label(ch.mission.compiled, e) for e in missing))
                continue
            try:  # the campaign's heroes must fit the mission: its start points, the heroes its game needs
                new_game(ch.mission, Progress.start(self.economy).setup(self.economy, ch.mission, 40))
            except (SetupError, UnsupportedGame) as exc:
                out.append(f"{name}: {exc}")
        return out


def is_campaign(path: Path) -> bool:
    """Whether ``path`` is a pack's campaign file (campaign.toml or .json beside pack.toml)."""
    from ..compile.workspace import CAMPAIGN_STEM, PACK_FILE

    path = Path(path)
    return path.is_file() and path.stem == CAMPAIGN_STEM and (path.parent / PACK_FILE).is_file()


def open_campaign(path: Path, search: Sequence[Path] = ()) -> tuple[Book | None, Report]:
    """The campaign at ``path`` (a pack's campaign file, or the pack folder), checked with its
    pack; None and the problems when it does not check clean."""
    from ..compile.project import check
    from ..compile.workspace import PACK_FILE

    path = Path(path)
    if not path.exists():
        raise UsageError(f"{path}: no such file or folder")
    if not is_campaign(path) and not (path.is_dir() and (path / PACK_FILE).is_file()):
        raise UsageError(f"{path}: not a campaign (a pack's campaign.toml, or a pack folder holding one)")
    outcome = check([path], list(search))
    if not outcome.report.ok:
        return None, outcome.report
    campaign = next(iter(outcome.campaigns.values()), None)
    if campaign is None:
        raise UsageError(f"{path}: not a campaign (a pack's campaign.toml, or a pack folder holding one)")
    pack_id = next(iter(outcome.campaigns))
    ws = outcome.workspace
    assert ws is not None
    pack = ws.pack_by_id(pack_id)
    assert pack is not None
    sources = {}
    for mission_path in pack.missions:
        doc = ws.docs.get(mission_path)
        data = doc.data.get("mission") if doc is not None else None
        if isinstance(data, dict):
            sources[data.get("id")] = mission_path
    chapters = tuple(_chapter(ch, outcome.boards[pack_id, ch.mission.mission.id], sources)
                     for ch in campaign.chapters)
    compiled = campaign.compiled(pack_id).model_dump_json(by_alias=True)
    sha = hashlib.sha256(compiled.encode()).hexdigest()
    book = Book(Path(path), campaign.info.id, campaign.info.title, chapters, economy_of(campaign), sha)
    return book, outcome.report


def _chapter(plan: ChapterPlan, board, sources: dict) -> Chapter:
    return Chapter(plan.number, plan.title, Mission(plan.mission, board), Path(sources[plan.mission.mission.id]),
                   plan.directors_cut, plan.level_up)


# --- playing it -------------------------------------------------------------------------------


@dataclass
class CampaignSession:
    """A group's campaign: the book, where they stand, and the chapter game under way (if any)."""

    book: Book
    progress: Progress
    dice: str
    seed: int
    max_turns: int = 40
    director: str = ""  # who takes the director's seat in a Director's Cut chapter: "" a person, else a bot
    game: Session | None = None

    @classmethod
    def new(cls, book: Book, dice: str, seed: int, max_turns: int, director: str = "") -> CampaignSession:
        refused = book.refusals()
        if refused:
            raise CannotPlayCampaign(book.id, refused)
        return cls(book, Progress.start(book.economy), dice, seed, max_turns, director)

    @property
    def chapter(self) -> Chapter | None:
        p = self.progress
        return None if p.finished(len(self.book.chapters)) else self.book.chapters[p.chapter]

    def plan_now(self) -> list[tuple[str, str, int]]:
        """The perks the plan has the heroes hold by the current chapter that they do not: (hero, perk, price)."""
        p, e = self.progress, self.book.economy
        return [(h, perk, e.prices[h][perk]) for h, perk in e.planned_by(p.chapter) if perk not in p.perks[h]]

    # --- Exodus's pre-game lobby ------------------------------------------------------------------

    @property
    def lobby_open(self) -> bool:
        """Exodus: the pre-game lobby opens "before beginning the next mission": between missions, and
        before a first chapter only for its level-up."""
        chapter = self.chapter
        return self.book.economy.exodus and chapter is not None and (self.progress.chapter > 0 or chapter.level_up)

    def kit_lines(self) -> list[str]:
        """The save ticket's heroes, kit and saves, as lines."""
        p, chapter = self.progress, self.chapter
        assert chapter is not None
        lines = describe(p.kit, chapter.mission) or ["kit: each hero's starting set (the hero board)"]
        perks = [f"{h} {', '.join(p.perks[h])}" for h in self.book.economy.heroes if p.perks[h]]
        if perks:
            lines.append("perk cards: " + "; ".join(perks))
        saves = ", ".join(f"slot {i} after chapter {s['after']}" for i, s in enumerate(p.saves, 1)) or "none"
        lines.append(f"official saves: {saves} ({self.book.economy.saves - len(p.saves)} slots left)")
        return lines

    def lobby(self, line: str) -> list[str]:
        """One command of Exodus's pre-game lobby (``LOBBY_HELP``); what happened, as lines. CommandError says
        why not."""
        chapter, p, economy = self.chapter, self.progress, self.book.economy
        assert chapter is not None
        word, _, rest = line.strip().partition(" ")
        args = rest.split()
        if word == "reload" and len(args) == 3:
            return [reload(p.kit, chapter.mission, *args)]
        if word == "craft" and len(args) == 2:
            return [craft(p.kit, chapter.mission, *args)]
        if word == "give" and len(args) == 3:
            return [give(p.kit, *args)]
        if word == "perk" and len(args) == 2:
            p.buy(economy, args[0], args[1], chapter.number)
            return [f"{args[0]} levels up: {args[1]}"]
        if word == "save" and not args:
            slot = p.log_save(economy)
            return [f"official save {slot} of {economy.saves}: after chapter {p.chapter}"]
        if word == "retire" and not args:  # "or players have chosen to retire, they can return to their last save"
            after = p.saves[-1]["after"] if p.saves else 0
            number = p.return_to_save()
            where = f"the official save after chapter {after}" if after else "the campaign's start (no official save)"
            return [f"retired: back to {where}, chapter {number} next"]
        if word == "kit" and not args:
            return self.kit_lines()
        raise CommandError("type " + LOBBY_HELP.partition(": ")[2])

    def start_game(self) -> Session:
        """The current chapter's game, from its start (the purchases are closed)."""
        chapter = self.chapter
        assert chapter is not None, "the campaign is finished"
        self.progress.shopped = True
        setup = self.progress.setup(self.book.economy, chapter.mission, self.max_turns, chapter.directors_cut)
        seed = self.seed + 1000 * self.progress.chapter + self.progress.attempt  # a new deal on every try
        self.game = Session(chapter.mission, chapter.source, setup, self.dice, random.Random(seed))
        self.seat(self.game)
        return self.game

    def seat(self, game: Session) -> None:
        """A bot in the director's seat of a Director's Cut chapter, when the group asked for one."""
        if self.director and game.setup.directors_cut:
            from ..playtest.director import alone

            game.director, game.bot = self.director, alone(self.director)

    def end_game(self) -> dict:
        """Bank the finished game's result and close it."""
        assert self.game is not None and self.game.request is None and self.chapter is not None
        result = self.progress.finish(self.book.economy, self.game.game, self.chapter.number)
        self.game = None
        return result

    # --- saving --------------------------------------------------------------------------

    def record(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "campaign": str(self.book.path.resolve()),
            "sha256": self.book.sha256,
            "dice": self.dice,
            "seed": self.seed,
            "max_turns": self.max_turns,
            "director": self.director,
            "progress": self.progress.record(),
            "game": self.game.record() if self.game is not None else None,
        }

    def save(self, path: Path) -> None:
        """Write the campaign to ``path`` whole (a temporary file renamed over it), or not at all."""
        save_json(path, self.record())

    @classmethod
    def resume(cls, save: Path, search: Sequence[Path] = ()) -> CampaignSession:
        doc, saved = read_save(Path(save), SavedCampaign, "saved campaign")
        book, _ = open_campaign(Path(saved.campaign), search)
        if book is None:
            raise UsageError(f"{save}: its campaign {saved.campaign} no longer validates")
        if book.sha256 != saved.sha256:
            raise UsageError(f"{save}: the campaign {saved.campaign} has changed since it was saved")
        session = cls.new(book, saved.dice, saved.seed, saved.max_turns, saved.director)
        session.progress = progress = Progress.from_record(saved.progress.model_dump())
        _check_progress(doc, progress, book)
        game, chapter = saved.game, session.chapter
        if game is not None and chapter is not None:
            if game.sha256 != chapter.mission.compiled.source.sha256:
                raise UsageError(f"{save}: chapter {chapter.number}'s mission has changed since the game was saved")
            check_setup(doc, ("game",), game.setup, chapter.mission)
            session.game = Session.restore(game.model_dump(), chapter.mission, save)
            session.seat(session.game)
        return session


def _check_progress(doc: Document, progress: Progress, book: Book) -> None:
    """BadSave, located, unless the saved progress fits the campaign: a chapter of it, its heroes, and
    perks each hero could have bought (a made-up perk was taken and written back)."""
    problems = []
    if not 0 <= progress.chapter <= len(book.chapters):
        problems.append(codes.BAD_VALUE.at(doc.loc(("progress", "chapter")), message=(
            f"chapter {progress.chapter} is not one of the campaign's {len(book.chapters)}: the progress must be "
            "as the campaign saved it")))
    heroes = book.economy.heroes
    for key in ("bank", "earned", "perks"):
        if set(getattr(progress, key)) != set(heroes):
            problems.append(codes.BAD_VALUE.at(doc.loc(("progress", key)), message=(
                f"`{key}` names the heroes {', '.join(sorted(getattr(progress, key))) or 'none'}, and the campaign's "
                f"are {', '.join(heroes)}: the progress must be as the campaign saved it")))
    for hero, perks in progress.perks.items():
        prices = book.economy.prices.get(hero, {})
        for index, perk in enumerate(perks):
            if perk not in prices or perks.index(perk) != index:
                problems.append(codes.BAD_VALUE.at(doc.loc(("progress", "perks", hero, index)), message=(
                    f"{hero} cannot hold `{perk}` (twice, or a perk the campaign does not sell: "
                    f"{', '.join(sorted(prices)) or 'none'}): the progress must be as the campaign saved it")))
    problems += _check_kit(doc, progress, book)
    for index, (hero, perk, number) in enumerate(progress.bought):
        if perk not in book.economy.prices.get(hero, {}) or not 1 <= number <= len(book.chapters):
            problems.append(codes.BAD_VALUE.at(doc.loc(("progress", "bought", index)), message=(
                f"`{hero}` buying `{perk}` before chapter {number} is no purchase this campaign offers: the progress "
                "must be as the campaign saved it")))
    if problems:
        raise BadSave(problems)


def _check_kit(doc: Document, progress: Progress, book: Book) -> list:
    """Exodus: the kit and every official save must be ones the campaign could have written: the kit's
    heroes and cards set up the next chapter's game, and each save names a chapter finished."""
    problems = []
    if progress.kit and not progress.finished(len(book.chapters)):
        mission = book.chapters[progress.chapter].mission
        try:
            new_game(mission, progress.setup(book.economy, mission, 40))
        except (SetupError, KeyError, TypeError) as exc:
            problems.append(codes.BAD_VALUE.at(doc.loc(("progress", "kit")), message=(
                f"the kit does not set up chapter {progress.chapter + 1} ({exc}): the progress must be as the "
                "campaign saved it")))
        if set(progress.kit) - set(book.economy.heroes):
            problems.append(codes.BAD_VALUE.at(doc.loc(("progress", "kit")), message=(
                f"the kit names heroes who do not play this campaign (its heroes: {', '.join(book.economy.heroes)})"
                ": the progress must be as the campaign saved it")))
    for index, save in enumerate(progress.saves):
        state = save.get("state")
        if not (isinstance(save.get("after"), int) and 1 <= save["after"] <= len(book.chapters)
                and isinstance(state, dict) and set(state) == {"chapter", "kit", "perks", "bought"}
                and index < book.economy.saves):
            problems.append(codes.BAD_VALUE.at(doc.loc(("progress", "saves", index)), message=(
                "not an official save this campaign wrote (`after`: a chapter finished, `state`: its chapter, kit, "
                f"perks and bought; at most {book.economy.saves}): the progress must be as the campaign saved it")))
    return problems
