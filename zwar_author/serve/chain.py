"""The playability chain in words: what the heroes reach from the start, and what each door opened adds."""

from __future__ import annotations

from collections.abc import Callable

from ..analysis.playability import RIB, Playability
from ..geometry.board import Board
from ..geometry.notation import floor_square, square_name
from ..model.content import CompiledMission

Square = tuple[str, int, int]
Regions = Callable[[Playability], set]  # where a marker can be reached, given the proof


def chain(mission: CompiledMission, board: Board) -> list[str]:
    """One line per step of the proof: the start, then each round of doors that open and why,
    each with the markers first reached then; last, what is never reached."""
    many = len(board.floors) > 1

    def show(sq: Square) -> str:
        return square_name(sq[0] if many else None, sq[1], sq[2])

    proof = Playability(board, mission, show)
    if not mission.starts:
        return ["No start points: nothing to prove from."]
    things = _things(mission, lambda square: square if many else square.split(":", 1)[1])
    lines: list[str] = []
    seen: set = set()
    for number, (opened, reached) in enumerate(proof.rounds):
        fresh = reached - seen
        found = [name for name, regions in things if regions(proof) & fresh and not regions(proof) & seen]
        if number == 0:
            head = "From the start points the heroes reach"
        else:
            doors = sorted(opened - proof.rounds[number - 1][0])
            head = "Then " + "; ".join(_opens(proof, gate, many) for gate in doors) + "; behind, they reach"
        lines.append(f"{head} {_list(found) if found else 'nothing new'}.")
        seen |= reached
    never = [name for name, regions in things if not regions(proof) & seen]
    if RIB in seen:
        lines.append("The rib can be boarded.")
    if never:
        lines.append(f"Never reached: {_list(never)} (see the errors above).")
    return lines


def _things(m: CompiledMission, local: Callable[[str], str]) -> list[tuple[str, Regions]]:
    """Every marker the proof is about, named as the mission page names it, with its regions."""
    def at(square: str) -> Regions:
        return lambda proof: {proof.comp[floor_square(square)]} if floor_square(square) in proof.comp else set()

    def room_of(square: str) -> Regions:
        room = next(r for r in m.board.rooms if square in r.squares)
        return lambda proof: {proof.comp[floor_square(s)] for s in room.squares if floor_square(s) in proof.comp}

    out: list[tuple[str, Regions]] = []
    for o in m.objectives:
        out.append((f"objective {o.number} ({local(o.at)})", room_of(o.at) if o.scope == "room" else at(o.at)))
    out += [(f"the {k.colour} keycard ({local(k.at)})", at(k.at)) for k in m.keycards]
    out += [(f"item {i.letter} ({local(i.at)})", at(i.at)) for i in m.items]
    out += [(f"object {o.letter} ({local(o.at)})", at(o.at)) for o in m.objects]
    out += [(f"NPC {n.id} ({local(n.at)})", at(n.at)) for n in m.npcs]
    out += [(f"the exit ({local(e.at)})", at(e.at)) for e in m.exits]
    return out


def _opens(proof: Playability, gate_id: str, many: bool) -> str:
    gate = proof.gates[gate_id]
    edge = gate_id if many else gate_id.split(":", 1)[1]
    if gate.kind == "locked":
        return f"the {gate.colour} keycard opens the {gate.colour} door at {edge}"
    return f"a task in room {proof.room_name(gate.room)} opens the blast door at {edge}"


def _list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
