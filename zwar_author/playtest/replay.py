"""Watching one playtest game again, turn by turn: its log, and a picture of the board after each turn.

Game ``i`` of a playtest with seed ``S`` is played again from the same seeds,
so it is exactly the game that was counted (`zwar playtest` names a lost one).
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import Any

from ..engine.api import new_game
from ..engine.chance import Live
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Game, Setup, pos
from ..engine.turn import step
from ..engine.vocab import HeroStatus, Phase
from ..render.board import draw_floor, symbol
from ..render.canvas import Circle, Group, Page, Style, Text
from ..render.svg import svg
from ..render.theme import SCREEN
from .bots import policy
from .director import against
from .runner import game_seed

SQUARE = 6.0  # mm a square in the pictures
HERO = "#2e8b3a"


@dataclass
class Turn:
    number: int
    lines: list[str]
    pictures: list[str]  # one SVG per floor, the board at the end of the turn


def replay(mission: Mission, policy_name: str, seed: int, index: int,
           setup: Setup = DEFAULT_SETUP, director: str = "") -> tuple[Game, list[Turn]]:
    """Play game ``index`` of a playtest again (``director``: the director it was played against, in a
    director game); the finished game and its turns."""
    g = new_game(mission, setup)
    chooser = policy(policy_name, game_seed(seed, index, "bots"))
    ctx = Live(random.Random(game_seed(seed, index)), against(chooser, director) if director else chooser, g)
    turns: list[Turn] = []
    while not g.over:
        phase = g.phase
        step(g, ctx)
        if phase == Phase.END or g.over:
            number = g.turn
            turns.append(Turn(number, [e.text for e in g.log if e.turn == number], pictures(g, f"turn-{number}")))
    return g, turns


def text(g: Game, turns: list[Turn]) -> str:
    out = []
    for turn in turns:
        out += [line if line.startswith("Turn ") else f"  {line}" for line in turn.lines]
    out.append(f"Game over after turn {g.turn}: {g.outcome}. {g.reason}")
    return "\n".join(out)


def page(g: Game, turns: list[Turn], title: str) -> str:
    """One HTML page: each turn's log beside the board as it stood at the end of that turn."""
    parts = [f"<h1>{html.escape(title)}</h1>"]
    for turn in turns:
        log = html.escape("\n".join(turn.lines))
        parts.append(f"<section><h2>Turn {turn.number}</h2><div class=\"turn\">{''.join(turn.pictures)}"
                     f"<pre>{log}</pre></div></section>")
    parts.append(f"<p><b>{html.escape(f'Game over after turn {g.turn}: {g.outcome}. {g.reason}')}</b></p>")
    style = ("body{font-family:DejaVu Sans,Verdana,sans-serif;margin:2em}.turn{display:flex;gap:1em;"
             "align-items:flex-start}.turn svg{flex:none;width:28em}pre{font-size:80%}")
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def pictures(g: Game, name: str) -> list[str]:
    """The board now, one SVG per floor: the floor with its doors as they stand, the tokens still
    on it, and every figure."""
    m = g.mission
    opened = {door.edge for door in m.doors if g.doors >> door.index & 1}
    doors = [d.model_copy(update={"open": d.at in opened}) for d in m.compiled.board.doors]
    compiled = m.compiled.model_copy(update={"board": m.compiled.board.model_copy(update={"doors": doors})})
    out = []
    for number, floor in enumerate(m.board.floors):
        s = SQUARE
        items = []
        marks: list[tuple[str, int, dict[str, Any]]] = [("spawn", sq, {"label": letter})
                                                        for sq, letter in m.spawn_at.items()]
        marks += [("exit", sq, {"closed": closed and not g.exits_open}) for sq, closed in m.exits.items()]
        marks += [("objective", m.square(o.at), {"label": str(o.number)}) for o in m.compiled.objectives
                  if o.number not in g.objectives]
        marks += [("item", sq, {"label": items_[0][0]}) for sq, items_ in g.items.items()]
        marks += [("object", sq, {"label": letter}) for sq, letter in g.objects.items()]
        marks += [("keycard", sq, {"colour": colour}) for sq, colour in g.keycards.items()]
        marks += [("crate", sq, {}) for sq in g.crates]
        marks += [("infected", pos(z), {"facing": z.facing, "prone": z.prone, "label": "Z"})
                  for z in g.board_infected()]
        for kind, sq, args in marks:
            if m.floor_of[sq] == number:
                x, y = m.xy[sq]
                items += symbol(kind, (x + 0.5) * s, (y + 0.5) * s, s, SCREEN, **args)
        for h in g.heroes:
            if h.status == HeroStatus.BOARD and m.floor_of[h.sq] == number:
                items += _hero(h, *m.xy[h.sq], s)
        board = Group([draw_floor(floor, compiled, SCREEN, s, markers=False), *items])
        size = (floor.grid.width * s, floor.grid.height * s)
        out.append(svg(Page(f"{name}-{floor.id}", *size, [board])).split("?>", 1)[-1].strip())
    return out


def _hero(h, x: int, y: int, s: float) -> list:
    """A hero: a green disc with the initial, hollow while prone, ringed red while in a grapple."""
    cx, cy, r = (x + 0.5) * s, (y + 0.5) * s, s * 0.36
    fill = "#ffffff" if h.prone else HERO
    items = [Circle(cx, cy, r, Style(stroke="#000000", width=r * 0.12, fill=fill)),
             Text(cx, cy + r * 0.45, h.name[0], s * 2.2, "middle", True, HERO if h.prone else "#ffffff")]
    if h.grapplers:
        items.append(Circle(cx, cy, r * 1.3, Style(stroke="#c0392b", width=r * 0.2)))
    return items
