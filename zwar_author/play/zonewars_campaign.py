"""``zwar campaign play`` for Zone Wars: a campaign's battles in turn at one terminal, the band carried over.

The battles are those ``zwar campaign bots`` plays (``playtest.zonewars_campaign.load_campaign``: the first
scenario, then the first of each ``[campaign] next``), each played at the prompt of ``zwar play``
(``zonewars_session``). Between two battles the players are asked what the rules leave to them (seed 003,
lines 478-510; ``skirmish.zonewars.campaign`` applies the rest): each model that gained artifacts
chooses one to keep (line 500), and the winners give one experience token to a model of theirs, for an
attribute it has not raised yet (lines 506-510). A side a bot plays chooses as ``zwar campaign bots`` does.

A save holds the first scenario, the seed, the bots, the dice and, battle by battle, every answer given
(the game's, then the choices between battles); resuming plays them all again, so the band is rebuilt by
the rules rather than read back. It is read as every source is and checked whole: an answer that does not
replay is one located line, never a crash half way through.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Literal

from pydantic import Field

from .. import codes
from ..errors import UsageError
from ..model.common import Model
from ..model.validate import validate
from ..playtest.runner import game_seed
from ..playtest.zonewars import known_policy
from ..playtest.zonewars_bots import POLICIES
from ..playtest.zonewars_campaign import CampaignSourceError, campaign_text, choices, load_campaign
from ..publish import write_whole
from ..skirmish.zonewars import Scenario, ZoneWarsGame, new_game
from ..skirmish.zonewars.campaign import ATTRIBUTES, Veteran, carry_over, enlist, gained
from ..sources.document import Document, read_document
from .saves import BadSave
from .zonewars_session import Reader, Table, Writer, option_lines, play_at_terminal, side_bots

FORMAT = "zwar-zonewars-campaign-save/1"
NOTHING = "nothing"  # a model keeps no artifact
NOBODY = "nobody"  # the winners give no experience token


class Step(Enum):
    """The choices between two battles that the rules leave to the players."""

    KEEP = "keep"  # line 500: one gained artifact a model keeps
    EXPERIENCE = "experience"  # line 506: the winners' experience token


@dataclass(frozen=True)
class Question:
    """One choice between battles: for which side, why, and the answers (typed as they are, or by number)."""

    step: Step
    side: str
    why: str
    options: tuple[str, ...]
    model: str = ""  # the model choosing what to keep


class SavedBattle(Model):
    """One battle of a saved campaign: every answer of its game, then the choices made after it."""

    answers: list[str]
    between: list[str] = Field(default_factory=list)


class SavedZoneWarsCampaign(Model):
    """What ``ZoneWarsCampaign.record`` writes."""

    format: Literal["zwar-zonewars-campaign-save/1"]
    scenario: str
    seed: int
    bots: dict[str, str]
    dice: Literal["roll", "table"]
    battles: list[SavedBattle] = Field(min_length=1)


class ZoneWarsCampaign:
    """A Zone Wars campaign under way: the battles, the one being played (a ``Table``), the band so far."""

    def __init__(self, path: Path, battles: Sequence[Scenario], seed: int, bots: dict[str, str],
                 dice: str = "roll") -> None:
        self.path, self.battles, self.seed, self.bots, self.dice = Path(path), list(battles), seed, bots, dice
        self.number = 0  # the battle under way, from 0
        self.veterans: dict[str, Veteran] = {}
        self.records: list[dict] = []  # each finished battle, as `zwar campaign bots` reports it
        self.history: list[dict] = []  # each finished battle's answers, for the save
        self.between: list[str] = []  # the choices made since the battle under way ended
        self._keep: dict[str, str] = {}
        self._experience: tuple[str, str] | None = None
        self.table = self._table()

    def _table(self) -> Table:
        scenario = self.battles[self.number]
        bots = {s.id: self.bots[s.id] for s in scenario.sides if s.id in self.bots}
        first = enlist(new_game(scenario), self.veterans)
        return Table(self._file(self.number), scenario, game_seed(self.seed, 0, f"battle:{self.number}"), bots,
                     self.dice, first=first)

    def _file(self, number: int) -> Path:
        at = self.path
        for before in self.battles[:number]:
            assert before.campaign is not None  # a battle follows only a [campaign] next
            at = self.path.parent / f"{before.campaign.next[0]}.toml"
        return at

    @property
    def game(self) -> ZoneWarsGame:
        return self.table.game

    @property
    def last(self) -> bool:
        """Whether the battle under way is the campaign's last (nothing is carried out of it)."""
        return self.number == len(self.battles) - 1

    def questions(self) -> list[Question]:
        """Every choice the players make after the battle under way, in order (none while it is played, none
        after the last battle)."""
        game = self.game
        if not game.over or self.last:
            return []
        campaign = game.scenario.campaign
        out = []
        if campaign is None or campaign.keep_artifacts > 0:
            for m in game.models():
                cards = sorted(set(gained(game, m.id, self.veterans.get(m.id, Veteran()).kept)))
                if cards:
                    names = ", ".join(f"{game.card_name(c)} ({c})" for c in cards)
                    out.append(Question(Step.KEEP, m.side, f"{m.name} gained {names}: which one does it keep for "
                                        "the next battle (worth no victory points there)",
                                        (*cards, NOTHING), m.id))
        if game.winner and (campaign is None or campaign.experience):
            offered = [f"{m.id} {a}" for m in game.models() if m.side == game.winner
                       for a in ATTRIBUTES if a not in self.veterans.get(m.id, Veteran()).experience]
            out.append(Question(Step.EXPERIENCE, game.winner, f"{game.side_name(game.winner)} won: which model "
                                "gets the experience token, one attribute up by one (never twice the same)",
                                (*offered, NOBODY)))
        return out

    def question(self) -> Question | None:
        """The choice to make now, or None (the battle is being played, or its choices are made)."""
        pending = self.questions()
        return pending[len(self.between)] if len(self.between) < len(pending) else None

    def choose(self, text: str) -> list[str]:
        """Answer the pending choice with an option's text or its number; what it means, in words.
        ValueError for an answer that is not an option."""
        question = self.question()
        if question is None:
            raise ValueError("nothing is asked now")
        line = text.strip()
        if line.isdigit() and 1 <= int(line) <= len(question.options):
            line = question.options[int(line) - 1]
        if line not in question.options:
            raise ValueError(f"`{text.strip()}` is not one of the options (a number, or the text)")
        self.between.append(line)
        game = self.game
        if question.step is Step.KEEP:
            if line == NOTHING:
                return [f"{question.model} keeps no artifact"]
            self._keep[question.model] = line
            return [f"{question.model} keeps the {game.card_name(line)}"]
        if line == NOBODY:
            return ["no experience token is given"]
        model, attribute = line.split()
        self._experience = (model, attribute)
        return [f"{model} gains an experience token: {attribute} +1"]

    def automatic(self) -> list[str] | None:
        """Make the pending choice if a bot plays the side it is for (as ``zwar campaign bots`` does); None when
        a person must."""
        question = self.question()
        if question is None or question.side not in self.bots:
            return None
        keep, experience = choices(self.game, self.veterans)
        if question.step is Step.KEEP:
            return self.choose(keep.get(question.model, NOTHING))
        return self.choose(" ".join(experience) if experience else NOBODY)

    def ready(self) -> bool:
        """Whether the battle under way is over and every choice after it made."""
        return self.game.over and self.question() is None

    def next_battle(self) -> None:
        """Carry the band over (``carry_over``) and set up the next battle, or finish after the last one."""
        assert self.ready()
        game = self.game
        self.veterans = carry_over(game, self.veterans, self._keep, self._experience)
        self.records.append({"scenario": game.scenario.id, "winner": game.winner or "", "rounds": game.round,
                             "victory_points": {s.id: game.victory_points(s.id) for s in game.scenario.sides},
                             "kept": dict(self._keep),
                             "experience": list(self._experience) if self._experience else None})
        self.history.append({"answers": list(self.table.answers), "between": list(self.between)})
        self.between, self._keep, self._experience = [], {}, None
        if not self.last:
            self.number += 1
            self.table = self._table()

    def band_lines(self) -> list[str]:
        """What each model brings into the battle under way: kept artifacts, experience tokens."""
        game = self.game
        out = []
        for m, record in sorted(self.veterans.items()):
            parts = [f"keeps the {game.card_name(c)}" for c in record.kept]
            parts += [f"{a} +1" for a in record.experience]
            if parts:
                out.append(f"  {m}: " + ", ".join(parts))
        return out

    def record(self) -> dict:
        battles = list(self.history) if self.finished else \
            [*self.history, {"answers": list(self.table.answers), "between": list(self.between)}]
        return {"format": FORMAT, "scenario": str(self.path), "seed": self.seed, "bots": self.bots,
                "dice": self.dice, "battles": battles}

    def save(self, target: Path) -> None:
        try:
            write_whole(target, json.dumps(self.record(), indent=2, sort_keys=True) + "\n")
        except OSError as exc:
            raise UsageError(f"{target}: cannot save the campaign ({exc.strerror or exc})") from None

    @property
    def finished(self) -> bool:
        return len(self.records) == len(self.battles)


def start_campaign(path: Path, seed: int, bots: Sequence[str], search: Sequence[Path] = (),
                  dice: str = "roll") -> ZoneWarsCampaign:
    """A new campaign from the scenario ``path``. CannotPlayScenario, CampaignSourceError; UsageError for a bad
    ``--bot`` (``SIDE=POLICY``, a side of one of the battles)."""
    battles = load_campaign(Path(path), search)
    sides = list(dict.fromkeys(s.id for b in battles for s in b.sides))
    return ZoneWarsCampaign(Path(path), battles, seed, side_bots(bots, sides), dice)


def is_campaign_save(path: Path) -> bool:
    """Whether ``path`` says it is a Zone Wars campaign saved by ``zwar campaign play``."""
    doc, _ = read_document(Path(path), is_json=True)
    return doc is not None and isinstance(doc.data, dict) and doc.data.get("format") == FORMAT


def resume_campaign(path: Path, search: Sequence[Path] = ()) -> ZoneWarsCampaign:
    """The campaign saved at ``path``, every answer played again. BadSave with the problems located; a battle
    the engine does not play is CannotPlayScenario."""
    doc, problems = read_document(Path(path), is_json=True)
    if doc is None:
        raise BadSave(problems)
    saved, problems = validate(doc, SavedZoneWarsCampaign)
    if saved is None:
        raise BadSave(problems)
    try:
        battles = load_campaign(Path(saved.scenario), search)
    except CampaignSourceError as exc:
        raise _bad(doc, ("scenario",), f"the saved campaign's scenario cannot be played ({exc})") from None
    sides = {s.id for b in battles for s in b.sides}
    for side, name in saved.bots.items():
        if side not in sides or not known_policy(name):
            raise _bad(doc, ("bots", side), f"`{side}` = `{name}` is not a side of the campaign and a bot "
                       f"({', '.join(POLICIES)}): the bots must be as the campaign saved them")
    campaign = ZoneWarsCampaign(Path(saved.scenario), battles, saved.seed, dict(saved.bots), saved.dice)
    _replay(doc, saved, campaign)
    return campaign


def _replay(doc: Document, saved: SavedZoneWarsCampaign, campaign: ZoneWarsCampaign) -> None:
    for number, battle in enumerate(saved.battles):
        if number:
            if number >= len(campaign.battles) or not campaign.ready():
                why = f"the campaign has {len(campaign.battles)} battles" if number >= len(campaign.battles) else \
                    f"battle {number} is not over, or its choices are not all made"
                raise _bad(doc, ("battles", number), f"battle {number + 1} cannot follow: {why}")
            campaign.next_battle()
        table = campaign.table
        for index, text in enumerate(battle.answers):
            request = table.state.request
            found = next((o for o in request.options if str(o) == text), None) if request is not None else None
            if found is None:
                raise _bad(doc, ("battles", number, "answers", index), f"`{text}` does not replay (the game asks "
                           f"{'nothing more' if request is None else repr(request.why)}): was the scenario changed?")
            table.answer(found)
        for index, text in enumerate(battle.between):
            question = campaign.question()
            if question is None or text not in question.options:
                asked = "nothing" if question is None else f"{question.why!r}, one of {', '.join(question.options)}"
                raise _bad(doc, ("battles", number, "between", index), f"`{text}` is not a choice here (asked: "
                           f"{asked})")
            campaign.choose(text)
    if campaign.ready() and len(saved.battles) == len(campaign.battles):
        campaign.next_battle()  # the last battle was over: the campaign is finished


def _bad(doc: Document, at: tuple, message: str) -> BadSave:
    return BadSave([codes.BAD_VALUE.at(doc.loc(at), message=message)])


def play_campaign_at_terminal(campaign: ZoneWarsCampaign, read: Reader, write: Writer, save: Path | None) -> bool:
    """Play ``campaign`` at the prompt, battle after battle, until it is finished (True) or the players stop
    (False), saving the whole campaign to ``save`` after every answer."""
    count = len(campaign.battles)
    write(f"Campaign: {count} battles, from {campaign.battles[0].title} ({campaign.battles[0].id})")
    while not campaign.finished:
        scenario = campaign.battles[campaign.number]
        write(f"Battle {campaign.number + 1} of {count}: {scenario.title} ({scenario.id})")
        band = campaign.band_lines()
        if band:
            write("The band brings:")
            for line in band:
                write(line)
        if not play_at_terminal(campaign.table, read, write, save, campaign.save):
            return False
        game = campaign.game
        points = ", ".join(f"{game.side_name(s.id)} {game.victory_points(s.id)}" for s in scenario.sides)
        won = f"{game.side_name(game.winner)} won" if game.winner else "a draw"
        write(f"Battle {campaign.number + 1} of {count} over after {game.round} rounds: {won} (victory points: "
              f"{points})")
        if not _between(campaign, read, write, save):
            return False
        campaign.next_battle()
        if save:
            campaign.save(save)
    write("Campaign over:")
    write(campaign_text(campaign.records))
    return True


def _between(campaign: ZoneWarsCampaign, read: Reader, write: Writer, save: Path | None) -> bool:
    """The choices after a battle at the prompt; False when the players stop."""
    while (question := campaign.question()) is not None:
        said = campaign.automatic()
        if said is None:
            write(question.why + ":")
            for line in option_lines(question.options):
                write(line)
            try:
                line = read("> ").strip()
            except EOFError:
                if save:
                    campaign.save(save)
                write(f"saved to {save}" if save else "stopped (use --save FILE to keep a campaign)")
                return False
            words = line.split()
            if not words:
                continue
            if words[0] in ("quit", "exit"):
                if save:
                    campaign.save(save)
                return False
            if words[0] == "save":
                target = Path(words[1]) if len(words) > 1 else save
                if target is None:
                    write("zwar campaign: say where: save FILE")
                else:
                    campaign.save(target)
                    write(f"saved to {target}")
                continue
            try:
                said = campaign.choose(line)
            except ValueError as exc:
                write(f"zwar campaign: {exc}")
                continue
        for text in said:
            write("  " + text)
        if save:
            campaign.save(save)
    return True
