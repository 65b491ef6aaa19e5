"""Watching one playtest game again, turn by turn: its log, and a picture of the board after each turn.

Game ``i`` of a playtest with seed ``S`` is played again from the same seeds,
so it is exactly the game that was counted (`zwar playtest` names a lost one).
"""

from __future__ import annotations

import html
import math
import random
from dataclasses import dataclass
from typing import Any

from ..engine.api import new_game
from ..engine.chance import Live
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Game, Setup, pos
from ..engine.turn import step
from ..engine.vocab import HeroStatus, Phase
from ..render.board import draw_doors, draw_floor, symbol
from ..render.canvas import Circle, Group, Page, Style, Text
from ..render.svg import svg
from ..render.theme import SCREEN
from .director import against
from .runner import game_seed
from .versus import policy_for

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
    chooser = policy_for(mission, policy_name, game_seed(seed, index, "bots"), director)
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
    """One HTML page that steps through the game: the board as it stood at the end of one turn at a
    time (a slider, the Previous and Next buttons, the arrow keys), beside that turn's log. Each floor
    is drawn once; a turn adds only its doors, tokens and figures, so the page stays small however
    long the game."""
    m = g.mission
    last = len(turns) - 1
    boards = []
    for number, floor in enumerate(m.board.floors):
        layers = "".join(_layer(picture, i) for i, turn in enumerate(turns) for picture in turn.pictures[number:number + 1])
        caption = f"<figcaption>{html.escape(floor.id)}</figcaption>" if len(m.board.floors) > 1 else ""
        boards.append(f"<figure>{caption}"
                      f"<div class=\"stack\">{background(m, number)}{layers}</div></figure>")
    logs = "".join(f"<pre class=\"layer\" data-turn=\"{i}\">{html.escape(chr(10).join(turn.lines))}</pre>"
                   for i, turn in enumerate(turns))
    end = html.escape(f"Game over after turn {g.turn}: {g.outcome}. {g.reason}")
    controls = (f"<div class=\"controls\"><button type=\"button\" id=\"prev\">&#9664; Previous</button>"
                f"<input type=\"range\" id=\"slider\" min=\"0\" max=\"{last}\" value=\"0\" aria-label=\"Turn\">"
                f"<button type=\"button\" id=\"next\">Next &#9654;</button> <output id=\"label\">Turn "
                f"{turns[0].number if turns else 0} of {g.turn}</output></div>"
                "<p class=\"hint\">The board at the end of each turn. Arrow keys step through the turns, "
                "Home and End go to the first and the last.</p>")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{controls}"
            f"<div class=\"game\"><div class=\"boards\">{''.join(boards)}</div><div class=\"log\">{logs}</div></div>"
            f"<p><b>{end}</b></p><script>{SCRIPT}</script></body></html>\n")


STYLE = ("body{font-family:DejaVu Sans,Verdana,sans-serif;margin:1em 2em}.controls{display:flex;gap:.5em;"
         "align-items:center}#slider{flex:1;max-width:30em}.hint{color:#555;font-size:85%}.game{display:flex;"
         "gap:1.5em;align-items:flex-start}.boards{flex:none;width:32em}figure{margin:0 0 1em}"
         ".stack{position:relative}.stack svg{display:block;width:100%;height:auto}.stack svg.layer{position:absolute;"
         "left:0;top:0}.stack svg.layer,pre.layer{display:none}.stack svg.layer.on,pre.layer.on{display:block}"
         ".log{flex:1;min-width:0}"
         "pre{font-size:80%;white-space:pre-wrap;margin:0}")

#: Stepping through the turns: one board and one log shown at a time.
SCRIPT = """(function () {
  var slider = document.getElementById("slider"), label = document.getElementById("label");
  var layers = Array.prototype.slice.call(document.querySelectorAll(".layer"));
  var last = Number(slider.max), total = label.textContent.split(" of ")[1];
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    slider.value = String(i);
    layers.forEach(function (e) { e.classList.toggle("on", Number(e.getAttribute("data-turn")) === i); });
    label.textContent = "Turn " + (i + 1) + " of " + total;
  }
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.getElementById("prev").addEventListener("click", function () { show(Number(slider.value) - 1); });
  document.getElementById("next").addEventListener("click", function () { show(Number(slider.value) + 1); });
  document.addEventListener("keydown", function (e) {
    if (e.target === slider) { return; }  // the slider steps itself with the arrow keys
    var i = Number(slider.value);
    var to = {ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: last}[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  show(0);
})();"""


def _layer(picture: str, index: int) -> str:
    return picture.replace("<svg ", f"<svg class=\"layer\" data-turn=\"{index}\" ", 1)


def background(m: Mission, number: int) -> str:
    """A floor without its doors or tokens, drawn once for the whole game."""
    floor = m.board.floors[number]
    bare = m.compiled.model_copy(update={"board": m.compiled.board.model_copy(update={"doors": []})})
    size = (floor.grid.width * SQUARE, floor.grid.height * SQUARE)
    return _inline(svg(Page(f"floor-{floor.id}", *size, [draw_floor(floor, bare, SCREEN, SQUARE, markers=False)])))


def pictures(g: Game, name: str) -> list[str]:
    """What changes on the board, one SVG per floor (drawn over the floor's ``background``): the doors
    as they stand, the tokens still on it, and every figure."""
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
                items += _grapplers(g, h, *m.xy[h.sq], s)
        layer = Group([draw_doors(floor, compiled, SCREEN, s), *items])
        size = (floor.grid.width * s, floor.grid.height * s)
        out.append(_inline(svg(Page(f"{name}-{floor.id}", *size, [layer]))))
    return out


def _inline(document: str) -> str:
    return document.split("?>", 1)[-1].strip()


def _grapplers(g: Game, h, x: int, y: int, s: float) -> list:
    """The infected locked in a grapple with ``h``: off the board (on the hero's card), so drawn small
    around the hero's disc, each facing the hero, as a table puts them beside the hero's figure."""
    items = []
    count = len(h.grapplers)
    cx, cy = (x + 0.5) * s, (y + 0.5) * s
    for i, zid in enumerate(h.grapplers):
        angle = math.pi * (1.25 + 2 * i / count)  # the first at the top left, then clockwise
        dx, dy = math.cos(angle), math.sin(angle)
        facing = ("E" if dx < 0 else "W") if abs(dx) > abs(dy) else ("S" if dy < 0 else "N")
        z = g.infected[zid]
        items += symbol("infected", cx + dx * s * 0.4, cy + dy * s * 0.4, s * 0.45, SCREEN, facing=facing,
                        prone=z.prone, label="Z")
    return items


def _hero(h, x: int, y: int, s: float) -> list:
    """A hero: a green disc with the initial, hollow while prone, ringed red while in a grapple."""
    cx, cy, r = (x + 0.5) * s, (y + 0.5) * s, s * 0.36
    fill = "#ffffff" if h.prone else HERO
    items = [Circle(cx, cy, r, Style(stroke="#000000", width=r * 0.12, fill=fill)),
             Text(cx, cy + r * 0.45, h.name[0], s * 2.2, "middle", True, HERO if h.prone else "#ffffff")]
    if h.grapplers:
        items.append(Circle(cx, cy, r * 1.3, Style(stroke="#c0392b", width=r * 0.2)))
    return items
