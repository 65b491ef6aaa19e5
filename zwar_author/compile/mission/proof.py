"""The playability proof's findings as diagnostics: one error per cause, at the cause, the rest folded under it."""

from __future__ import annotations

from ... import codes
from ...analysis.playability import Finding, Playability
from ...errors import Location, Related, Severity
from ...geometry.notation import floor_square
from ...model import content as c
from ..refs import Sq
from .context import MissionContext

_CODES = {"unreachable": codes.UNREACHABLE, "cut-off": codes.CUT_OFF, "impossible": codes.IMPOSSIBLE}


def prove(ctx: MissionContext, mission: c.CompiledMission) -> None:
    """The playability proof: what heroes cannot reach, spawn points that never threaten, lost causes.

    Findings with one cause (a door whose keycard is behind it) are one error: at the finding
    about the cause itself when there is one (the keycard), pointing at the door and the
    keycard, with the rest it keeps out of reach folded into a note.
    """
    severity = Severity.WARNING if (ctx.allow_unplayable or ctx.m.mission.allow_unplayable) else None
    show = lambda sq: ctx.show(Sq(*sq))
    assert ctx.board is not None  # made whenever the floors compiled, and they did
    proof = Playability(ctx.board, mission, show)
    groups: dict[str | None, list[Finding]] = {}
    for finding in proof.findings():
        key = finding.cause if finding.kind != "cut-off" else None
        groups.setdefault(key, []).append(finding)
    for cause, findings in groups.items():
        located = sorted(((_finding_loc(ctx, mission, f), f) for f in findings), key=lambda lf: lf[0])
        if cause is None:
            for loc, finding in located:
                ctx.problems.append(_CODES[finding.kind].at(
                    loc, severity, what=finding.what, square=finding.square, why=finding.why))
            continue
        loc, primary = min(located, key=lambda lf: (not lf[1].itself, lf[1].kind == "impossible", lf[0]))
        diagnostic = _CODES[primary.kind].at(
            loc, severity, what=primary.what, square=primary.square, why=primary.why)
        folded = [lf for lf in located if lf[1] is not primary]
        notes = []
        if folded:
            also = [f"{f.what} at {f.square} (line {floc.line})" for floc, f in folded if f.kind == "unreachable"]
            lost = [f"{f.what} (line {floc.line})" for floc, f in folded if f.kind == "impossible"]
            if also:
                notes.append("for the same reason, also out of reach: " + _some(also))
            if lost:
                notes.append(f"so {_and(lost)} can never be met")
        related = [r for r in _cause_related(ctx, mission, proof, cause) if r.location != loc] \
            if cause in proof.gates else []
        label = f"{primary.what} is here" if primary.kind == "unreachable" else ""
        ctx.problems.append(diagnostic.with_context(label=label, related=related, notes=notes))


def _finding_loc(ctx: MissionContext, mission: c.CompiledMission, finding: Finding) -> Location:
    if finding.key == "rooms":
        floor, x, y = floor_square(mission.board.rooms[finding.index].squares[0])
        return ctx.sources[floor].square(x, y)
    return ctx.at(finding.key, finding.index)


def _cause_related(ctx: MissionContext, mission: c.CompiledMission, proof: Playability, cause: str) -> list[Related]:
    """The door at the root of a finding, and what opens it: "this door needs it", "the keycard is here"."""
    gate = proof.gates[cause]
    out = []
    index = next((i for edge, i in ctx.door_specs.items() if str(edge) == cause), None)
    if index is not None:
        need = f"the {gate.colour} keycard" if gate.kind == "locked" else \
            f"a task in room {proof.room_name(gate.room)}"
        out.append(Related(ctx.at("doors", index), f"this door needs {need}"))
    if gate.kind == "locked":
        for i, card in enumerate(mission.keycards):
            if card.colour == gate.colour:
                out.append(Related(ctx.at("keycards", i), f"the {gate.colour} keycard is here"))
    return out


def _some(items: list[str], most: int = 8) -> str:
    """``items`` joined, the first ``most`` of them and how many more."""
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
