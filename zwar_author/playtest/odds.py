"""Exact odds from the dice tables, not simulation: what a spawn roll brings, turn by turn.

A table's rows are read through the one table model (``tables.charts``), as the engine reads them;
every probability is a Fraction over the die's faces, so "1 in 8" is exactly
1/8. For a mission: for each spawn phase, per turn, the expected infected at
each spawn point and of each class, the chance of a roamer, and the room spawn's
outcomes with their distances. For any table in a pack: the chance of each
result (and, for weapons, of each result when aiming).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import cast

from ..engine.state import count_squares
from ..model.content import CompiledMission, DiceTable, Result, Rules
from ..tables import charts
from ..tables.odds import row_odds


def distribution(table: DiceTable) -> list[tuple[Result, Fraction]]:
    """(result, probability) for each row, in face order: one roll of the table's die."""
    return [(cast(Result, r.results[None].data), p) for r, p in row_odds(charts.of(table), {})]


def faces(table: DiceTable, bonus: int = 0) -> dict[str, Fraction]:
    """The chance of each result word, for one roll plus ``bonus`` (totals past the die read its last row)."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    for r, p in row_odds(charts.of(table, bonus), {}):
        if p:
            out[r.results[None].data.kind] += p
    return dict(out)


def turn_spawn(spec, classes: dict[str, tuple[str, str]]) -> dict:
    """One turn of a turn spawn (all its rolls): expected infected per spawn point and per class,
    expected roamers and the chance of at least one, and the chance of a sinkhole or of nothing."""
    points: dict[str, Fraction] = defaultdict(Fraction)
    by_class: dict[str, Fraction] = defaultdict(Fraction)
    roamer = nothing = sinkhole = Fraction(0)
    if spec.table is not None:
        for result, p in distribution(spec.table):
            if result.kind == "infected" and result.infected is not None:
                points[result.spawn_point or ""] += p * (result.count or 0)
                by_class[classes[result.infected][1]] += p * (result.count or 0)
            roamer += p if result.kind == "roamers" else 0
            sinkhole += p if result.kind == "sinkhole" else 0
            nothing += p if result.kind == "nothing" else 0
    else:
        what = distribution(spec.what)
        count = sum(p * (r.count or 0) for r, p in what if r.kind == "infected")
        none = sum(p for r, p in what if r.kind != "infected")
        for where, p in distribution(spec.where):
            if where.kind == "spawn_point":
                points[where.spawn_point or ""] += p * count
                nothing += p * none
                for r, q in what:
                    if r.kind == "infected" and r.infected is not None:
                        by_class[classes[r.infected][1]] += p * q * (r.count or 0)
            roamer += p if where.kind == "roamers" else 0
            sinkhole += p if where.kind == "sinkhole" else 0
            nothing += p if where.kind == "nothing" else 0
    rolls = spec.rolls
    return {
        "rolls": rolls,
        "points": {k: v * rolls for k, v in sorted(points.items())},
        "classes": {k: v * rolls for k, v in sorted(by_class.items())},
        "roamers": roamer * rolls,
        "any_roamer": 1 - (1 - roamer) ** rolls,
        "sinkhole": sinkhole, "nothing": nothing,
    }


def room_spawn(spec, classes: dict[str, tuple[str, str]]) -> dict:
    """A room spawn: the chance of each outcome, the expected infected, and where each infected
    placed goes (the share of them at each distance from the hero)."""
    outcomes: dict[str, Fraction] = defaultdict(Fraction)
    placed: dict[str, Fraction] = defaultdict(Fraction)
    expected = Fraction(0)
    if spec.table is not None:
        for r, p in distribution(spec.table):
            where = "next to the hero" if r.adjacent else (f"{count_squares(r.distance)} away" if r.distance else "")
            outcomes[_count(r, classes) + (f" {where}" if r.kind == "infected" and where else "")] += p
            expected += p * (r.count or 0)
            if r.kind == "infected":
                placed[where] += p * (r.count or 0)
    else:
        for r, p in distribution(spec.what):
            outcomes[_count(r, classes)] += p
            expected += p * (r.count or 0)
        for r, p in distribution(spec.distance):
            placed[f"{count_squares(r.distance or 0)} away"] += p * expected
    shares = {k: v / expected for k, v in placed.items()} if expected else {}
    return {"outcomes": dict(outcomes), "expected": expected, "distances": shares}


def _count(result, classes: dict[str, tuple[str, str]]) -> str:
    if result.kind != "infected":
        return "nothing"
    name, plural = classes[result.infected]
    return f"{result.count} {name if result.count == 1 else plural}"


def mission_odds(mission: CompiledMission) -> list[dict]:
    """Every spawn phase of a mission: its turn spawn per turn and its room spawn."""
    classes = {c.id: (c.name.lower(), c.plural.lower()) for c in mission.rules.infected}
    out = []
    for phase in (mission.spawn.phases if mission.spawn else []):
        out.append({
            "phase": phase.name or phase.id,
            "turn": turn_spawn(phase.turn, classes) if phase.turn else None,
            "room": room_spawn(phase.room, classes) if phase.room else None,
        })
    return out


def rules_odds(rules: Rules) -> list[tuple[str, dict[str, Fraction]]]:
    """Every dice table of a pack's rules: (what it is, the chance of each result)."""
    out = []
    for hero in rules.heroes:
        out.append((f"{hero.name}: unarmed melee", faces(hero.unarmed)))
    for card in rules.equipment:
        if card.quick is not None:
            out.append((f"{card.name}: {'melee' if card.kind == 'melee' else 'quick fire'}", faces(card.quick)))
            if card.kind == "ballistic":
                aimed = faces(card.aimed) if card.aimed is not None else faces(card.quick, card.aim_bonus)
                out.append((f"{card.name}: aimed fire", aimed))
    for cls in rules.infected:
        out.append((f"{cls.name}: grab test", faces(cls.grab)))
        out.append((f"{cls.name}: bite test", faces(cls.bite)))
    return out


def show(p: Fraction) -> str:
    """A probability as a person reads it: 3/8 (37.5%)."""
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.1f}%)" if p else "0"


def expected(value: Fraction) -> str:
    return f"{float(value):.3f}" if value.denominator != 1 else str(value.numerator)


def odds_text(mission: CompiledMission) -> str:
    """The spawn odds of a mission, phase by phase, as a designer reads them."""
    lines = [f"{mission.mission.title}: spawn odds (exact, from the dice tables)"]
    phases = mission_odds(mission)
    if not phases:
        lines.append("  no spawn tables")
    for phase in phases:
        lines.append(f"{phase['phase']}:")
        turn = phase["turn"]
        if turn:
            total = sum(turn["points"].values(), Fraction(0))
            per = ", ".join(f"{k} {expected(v)}" for k, v in turn["points"].items())
            lines.append(f"  turn spawn ({turn['rolls']} roll{'s' if turn['rolls'] > 1 else ''} a turn): expected "
                         f"infected a turn {expected(total)}" + (f" (at {per})" if per else ""))
            if turn["classes"]:
                lines.append("    by class: " + ", ".join(f"{k} {expected(v)}" for k, v in turn["classes"].items()))
            sinkhole = f"; a sinkhole: {show(turn['sinkhole'])}" if turn["sinkhole"] else ""
            lines.append(f"    a roamer: {show(turn['any_roamer'])} a turn; "
                         f"no infected from a roll: {show(turn['nothing'])}{sinkhole}")
        room = phase["room"]
        if room:
            lines.append("  room spawn: " + ", ".join(f"{k} {show(v)}" for k, v in room["outcomes"].items())
                         + f"; expected {expected(room['expected'])} infected")
            if room["distances"]:
                shares = ", ".join(f"{show(v)} {k}" for k, v in room["distances"].items())
                lines.append(f"    each infected placed: {shares}")
    return "\n".join(lines)


def rules_text(rules: Rules) -> str:
    lines = ["Dice tables (one D8 each; aimed fire adds the card's aim bonus):"]
    for name, chances in rules_odds(rules):
        lines.append(f"  {name}: " + ", ".join(f"{k.replace('_', ' ')} {show(v)}" for k, v in chances.items()))
    return "\n".join(lines)
