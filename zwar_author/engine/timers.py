"""3-turn timers: actions that take three turns, crossed off in each end phase, with an event at the end.

"3 Turn timers are used to track in-game events. If a hero carries out an action which takes 3 turns to
complete, the player tracking turns writes the name of the action and marks off the timer, in addition to
marking off turns in the end phase." A timer starts on its trigger (once a game, as events do) and runs out
in its third end phase, counting the end phase of the turn it started in; a timer started during an end
phase is first marked off in the next one. What running out does is the events triggered by ``timer``.
"""

from __future__ import annotations

from typing import Any

from .state import Game
from .vocab import EventKind, Phase

TURNS = 3


def start(g: Game, kind: str, value: Any) -> None:
    """Start every timer of the mission waiting for this trigger that has not started yet."""
    for timer in g.mission.compiled.timers:
        if timer.id not in g.timers and getattr(timer.start, kind) == value:
            g.timers[timer.id] = TURNS
            last = g.turn + TURNS - (0 if g.phase == Phase.END else 1)
            g.emit(EventKind.TIMER, "game", f"3-turn timer started: {timer.name} (runs out in the end phase of "
                   f"turn {last})", result=timer.id)


def tick(g: Game) -> list[str]:
    """Mark off every running timer; the ids of those that run out now, in the mission's order."""
    ended = []
    for timer in g.mission.compiled.timers:
        left = g.timers.get(timer.id, 0)
        if left <= 0:
            continue
        g.timers[timer.id] = left - 1
        if left == 1:
            g.emit(EventKind.TIMER, "game", f"3-turn timer runs out: {timer.name}", result=timer.id)
            ended.append(timer.id)
        else:
            g.emit(EventKind.TIMER, "game", f"3-turn timer: {timer.name}, {left - 1} more end phase"
                   + ("s" if left - 1 > 1 else ""), result=timer.id)
    return ended
