"""The fairness report of a Zone Wars scenario: each deployment zone's walk to every token and view of the table.

Side by side, so a layout that favours one side shows at once: how many
Medium moves each artifact token takes from each zone, whether the zone sees
the token, and how much of the table the zone sees. The sight heatmap behind
it is drawn by ``render.tabletop``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..analysis.tabletop import SightMap, sight_map, viewpoints
from ..errors import UsageError
from ..tabletop import PlacedPiece, Reach, Sight, SightLines, format_inches
from .project import Outcome, check
from .zonewars import CompiledScenario, Token

_SIGHT = {Sight.CLEAR: "seen", Sight.COVER: "in cover", Sight.BLOCKED: "hidden"}


@dataclass(frozen=True)
class ZoneFairness:
    zone: str
    faction: str
    moves: tuple[int | None, ...]  # per token: Medium moves to reach it (None: unreachable)
    walks: tuple[float | None, ...]  # per token: inches walked (and climbed)
    sight: tuple[Sight, ...]  # per token: the best sight any viewpoint of the zone has of it
    map: SightMap

    @property
    def total_moves(self) -> int | None:
        return None if any(m is None for m in self.moves) else sum(m for m in self.moves if m is not None)


@dataclass(frozen=True)
class Fairness:
    scenario: CompiledScenario
    zones: tuple[ZoneFairness, ...]

    @property
    def artifact_points(self) -> tuple[int, int]:
        """Artifact cards in the deck a token draws from, and their victory points in all."""
        points = [getattr(a.model, "victory_points", 0) for a in self.scenario.artifacts]
        return len(points), sum(points)


def fairness(scenario: CompiledScenario, cell: float = 1.0, spacing: float = 2.0) -> Fairness:
    """Each deployment zone's moves to each token, its sight of them, and its view of the table."""
    sight = SightLines(scenario.pieces)
    reach = Reach(scenario.table, scenario.pieces, scenario.base)
    lines = [sight if not t.floor else SightLines([p for p in scenario.pieces if p is not _standing_on(scenario, t)])
             for t in scenario.tokens]
    rows: list[ZoneFairness] = []
    for side in scenario.model.sides:
        if any(r.zone == side.zone for r in rows):
            continue
        viewers = viewpoints(scenario.zones[side.zone], reach.free, spacing)
        seen = [lines[i].seen_from(viewers, np.array([[float(t.position.x), float(t.position.y)]]),
                                   heights=(0.0, t.floor * scenario.rules.floor_height))[0]
                for i, t in enumerate(scenario.tokens)]
        rows.append(ZoneFairness(
            side.zone, side.faction,
            tuple(scenario.moves(side.zone, t.number) for t in scenario.tokens),
            tuple(scenario.reach.get((side.zone, t.number)) for t in scenario.tokens),
            tuple(Sight(int(s)) for s in seen),
            sight_map(sight, scenario.table, viewers, cell)))
    return Fairness(scenario, tuple(rows))


def _standing_on(scenario: CompiledScenario, token: Token) -> PlacedPiece:
    """The Building a token on an upper floor lies in (the checks made sure there is one): it hides nothing
    from the token, as the Building a model stands on hides nothing from it."""
    return next(p for p in scenario.pieces
                if p.piece.floors >= token.floor and p.geometry.covers(token.position.point))


def fairness_text(report: Fairness) -> str:
    scenario = report.scenario
    zones = report.zones
    header = [f"{z.zone} ({z.faction})" for z in zones]
    lines: list[tuple[str, list[str]]] = []
    for index, token in enumerate(scenario.tokens):
        where = f"({format_inches(token.position.x)}, {format_inches(token.position.y)})"
        floor = f" floor {token.floor}" if token.floor else ""
        cells = []
        for z in zones:
            moves, walk = z.moves[index], z.walks[index]
            reach = "unreachable" if moves is None or walk is None else (
                f"{moves} move{'s' if moves != 1 else ''} ({format_inches(walk)})")
            cells.append(f"{reach}, {_SIGHT[z.sight[index]]}")
        lines.append((f"token {token.number} at {where}{floor}", cells))
    totals = [z.total_moves for z in zones]
    lines.append(("Medium moves to every token", ["-" if t is None else str(t) for t in totals]))
    nearest = [min((m for m in z.moves if m is not None), default=None) for z in zones]
    lines.append(("nearest token", ["-" if n is None else f"{n} move{'s' if n != 1 else ''}" for n in nearest]))
    lines.append(("tokens seen from the zone",
                  [f"{sum(s is not Sight.BLOCKED for s in z.sight)} of {len(z.sight)}" for z in zones]))
    lines.append(("table seen from the zone", [f"{z.map.seen * 100:.1f}%" for z in zones]))
    width = max(len(label) for label, _ in lines)
    columns = [max(len(h), *(len(c[i]) for _, c in lines)) for i, h in enumerate(header)]
    out = [(f"{scenario.model.scenario.title} ({scenario.pack}/{scenario.id}): "
           f"{len(scenario.tokens)} artifact token{'s' if len(scenario.tokens) != 1 else ''}, "
           f"{len(zones)} deployment zones, {len(scenario.pieces)} pieces on a "
           f"{format_inches(scenario.table.width)} x {format_inches(scenario.table.depth)} table")]
    out.append("  " + " " * width + "  " + "  ".join(h.ljust(w) for h, w in zip(header, columns, strict=True)).rstrip())
    for label, cells in lines:
        out.append(("  " + label.ljust(width) + "  " + "  ".join(c.ljust(w) for c, w in zip(cells, columns, strict=True))).rstrip())
    out.append("  " + _verdict(zones))
    count, points = report.artifact_points
    if count:
        mean = Fraction(points, count)
        mean_text = f"{mean.numerator}/{mean.denominator}" if mean.denominator != 1 else str(mean.numerator)
        tokens = len(scenario.tokens)
        out.append(f"  artifacts: {count} cards worth {points} victory points; a token draws {mean_text} "
                   f"({float(mean):.2f}) on average, so {tokens} token{'s' if tokens != 1 else ''} "
                   f"{'are' if tokens != 1 else 'is'} worth {float(mean * tokens):.2f} in all")
    return "\n".join(out)


def _verdict(zones: tuple[ZoneFairness, ...]) -> str:
    """One line: even, or what differs between the zones."""
    if len(zones) < 2:
        return "one deployment zone: nothing to compare"
    uneven = []
    totals = [z.total_moves for z in zones]
    if len(set(totals)) > 1:
        uneven.append("moves to every token " + " vs ".join("-" if t is None else str(t) for t in totals))
    spotted = [sum(s is not Sight.BLOCKED for s in z.sight) for z in zones]
    if len(set(spotted)) > 1:
        uneven.append("tokens seen " + " vs ".join(map(str, spotted)))
    seen = [round(z.map.seen * 100, 1) for z in zones]
    if max(seen) - min(seen) >= 5:
        uneven.append("table seen " + " vs ".join(f"{s:.1f}%" for s in seen))
    if not uneven:
        return "even: the same moves to every token, the same tokens seen, and views of the table within 5 points"
    return "uneven: " + "; ".join(uneven)


def fairness_report(paths: Sequence[Path], search: Sequence[Path] = ()) -> tuple[Outcome, list[str]]:
    """Check ``paths``; when they compile, the fairness text of every scenario in them (a UsageError if none)."""
    outcome = check(list(paths), list(search))
    if not outcome.report.ok:
        return outcome, []
    scenarios = [s for _, found in sorted(outcome.scenarios.items()) for s in found]
    if not scenarios:
        raise UsageError("no Zone Wars scenarios found in " + ", ".join(str(p) for p in paths))
    return outcome, [fairness_text(fairness(s)) for s in scenarios]
