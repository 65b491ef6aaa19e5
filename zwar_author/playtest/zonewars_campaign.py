"""A Zone Wars campaign played between bots: each battle in turn, the band carried over between them.

A campaign starts at a scenario and follows the first of its ``[campaign]
next`` scenarios, each in a file named for it beside the first. Every battle
is loaded (and refused by name, ``CannotPlayScenario``) before the first game.
Between battles the rules of ``skirmish.zonewars.campaign`` apply; the
players' choices are made the same way every time so that campaigns can be
compared: each model keeps the gained artifact worth the most victory points
(the first by name on a tie), and the winners' experience token goes to their
first model that can still take one, for the first attribute it has not
raised (ranged, melee, survival, health).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from ..skirmish.core import simulate
from ..skirmish.zonewars import Scenario, ZoneWarsGame, new_game
from ..skirmish.zonewars.campaign import ATTRIBUTES, Veteran, carry_over, enlist, gained
from .runner import game_seed
from .zonewars import known_policy, side_policy
from .zonewars_bots import POLICIES
from .zonewars_search import ZoneWarsSearch, play_recorded


class CampaignSourceError(ValueError):
    """A campaign whose chain of scenarios cannot be followed (a content problem)."""


def load_campaign(path: Path, search: Sequence[Path] = ()) -> list[Scenario]:
    """The campaign's battles in order, from ``path`` along each scenario's first ``[campaign] next``.

    Raises CannotPlayScenario (an element a battle has that the engine does not play), CampaignSourceError."""
    from ..play.zonewars import load_scenario

    battles: list[Scenario] = []
    at = Path(path)
    while True:
        scenario, report = load_scenario(at, search)
        if scenario is None:
            lines = "; ".join(d.human() for d in report.sorted())
            raise CampaignSourceError(f"{at}: {lines}")
        if any(b.id == scenario.id for b in battles):
            raise CampaignSourceError(f"{at}: scenario `{scenario.id}` comes twice in the campaign")
        if scenario.campaign is not None and not (scenario.campaign.restore_damage and scenario.campaign.reset_m_points):
            raise CampaignSourceError(f"{at}: [campaign] restore_damage and reset_m_points must stay true: the "
                                      "rulebook restores damage and m-points between battles (lines 484, 488)")
        if scenario.campaign is not None and scenario.campaign.keep_artifacts > 1:
            raise CampaignSourceError(f"{at}: [campaign] keep_artifacts = {scenario.campaign.keep_artifacts} is not "
                                      "played: a model keeps one artifact a battle (line 500); write 1 or 0")
        battles.append(scenario)
        following = scenario.campaign.next if scenario.campaign is not None else []
        if not following:
            return battles
        at = Path(path).parent / f"{following[0]}.toml"
        if not at.is_file():
            raise CampaignSourceError(f"{path}: the campaign's next scenario `{following[0]}` has no file {at.name} "
                                      "beside it")


def choices(game: ZoneWarsGame, veterans: dict[str, Veteran]) -> tuple[dict[str, str], tuple[str, str] | None]:
    """The artifact each model keeps and the winners' experience token, chosen as the module says."""
    campaign = game.scenario.campaign
    keep = {}
    if campaign is None or campaign.keep_artifacts > 0:
        for m in game.models():
            cards = sorted(set(gained(game, m.id, veterans.get(m.id, Veteran()).kept)))
            if cards:
                keep[m.id] = min(cards, key=lambda c: -_points(game, c))  # min keeps the first by name on a tie
    experience = None
    if game.winner and (campaign is None or campaign.experience):
        for m in game.models():
            raised = veterans.get(m.id, Veteran()).experience
            free = [a for a in ATTRIBUTES if a not in raised]
            if m.side == game.winner and free:
                experience = (m.id, free[0])
                break
    return keep, experience


def _points(game: ZoneWarsGame, card: str) -> int:
    printed = game.card(card)
    return printed.victory_points if printed is not None else 0


def _by_side(policies: dict):
    """The driver's policy: each request to the bot of the side it is for."""
    return lambda g, request: policies[request.side](g, request)


def play_campaign(battles: Sequence[Scenario], bots: dict[str, str], seed: int, index: int = 0) -> list[dict]:
    """Campaign ``index`` of ``seed``: every battle between ``bots`` (side -> policy), battle b of it from seeds
    of (seed, index, b) alone. One record a battle: its winner, victory points and the band it hands on."""
    for scenario in battles:
        missing = [s.id for s in scenario.sides if s.id not in bots]
        if missing:
            raise ValueError(f"no bot for side `{missing[0]}` of scenario {scenario.id}")
    veterans: dict[str, Veteran] = {}
    records = []
    for number, scenario in enumerate(battles):
        policies = {side: side_policy(name, random.Random(game_seed(seed, index, f"battle:{number}:bot:{side}")))
                    for side, name in bots.items()}
        game = enlist(new_game(scenario), veterans)
        rng = random.Random(game_seed(seed, index, f"battle:{number}"))
        searches = [p for p in policies.values() if isinstance(p, ZoneWarsSearch)]
        if searches:  # the search player looks ahead from the game's recorded state, as in ``zwar playtest``
            play_recorded(game, _by_side(policies), rng, searches)
        else:
            simulate(game, _by_side(policies), rng)
        keep, experience = choices(game, veterans)
        veterans = carry_over(game, veterans, keep, experience)
        records.append({"scenario": scenario.id, "winner": game.winner or "", "rounds": game.round,
                        "victory_points": {s.id: game.victory_points(s.id) for s in scenario.sides},
                        "kept": keep, "experience": list(experience) if experience else None,
                        "band": {m: {"kept": list(v.kept), "experience": list(v.experience)}
                                 for m, v in sorted(veterans.items()) if v.kept or v.experience}})
    return records


def campaign_bots(path: Path, texts: Sequence[str], seed: int, search: Sequence[Path] = ()) -> list[dict]:
    """``zwar campaign bots SCENARIO``: the campaign from ``path`` between the bots of ``texts``
    (``SIDE=POLICY``; a side left out plays cautious). ValueError for a bad ``--bot``."""
    battles = load_campaign(path, search)
    sides = list(dict.fromkeys(s.id for b in battles for s in b.sides))
    chosen = dict.fromkeys(sides, "cautious")
    for text in texts:
        side, eq, name = text.partition("=")
        if not eq or not known_policy(name.strip()):
            raise ValueError(f"--bot {text!r}: write SIDE=POLICY, like {sides[0]}=aggressive "
                             f"(policies: {', '.join(POLICIES)}, search@N)")
        if side.strip() not in chosen:
            raise ValueError(f"--bot {side.strip()}: not a side of this campaign (sides: {', '.join(sides)})")
        chosen[side.strip()] = name.strip()
    return play_campaign(battles, chosen, seed)


def campaign_text(records: list[dict]) -> str:
    """The battles one line each, then what the band carries out of it."""
    lines = []
    for number, r in enumerate(records, 1):
        points = ", ".join(f"{side} {vp}" for side, vp in r["victory_points"].items())
        lines.append(f"battle {number}, {r['scenario']}: {r['winner'] or 'a draw'} after {r['rounds']} rounds "
                     f"(victory points: {points})")
        for model, card in sorted(r["kept"].items()):
            lines.append(f"  {model} keeps the {card}")
        if r["experience"]:
            lines.append(f"  {r['experience'][0]} gains an experience token: {r['experience'][1]} +1")
    return "\n".join(lines)
