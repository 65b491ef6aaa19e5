"""All Things Zombie rules scenarios (``[scenario] game = "atz"``): figures placed, dice forced, log expected.

A scenario places humans and zombies on an open table (or the pieces it
names), plays the encounter engine (``skirmish.atz``) for a number of turns
with exactly the dice it gives and the decisions its script gives, and checks
the log lines it expects (in order, others between them allowed) and the
figures' statuses. Running out of dice or script is a failure that names the
roll or decision asked for. The tables are the reference pack's own.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from ..compile.random_tables import find_tables
from ..compile.workspace import Workspace, builtin_content
from ..model.atz import Area, Member, TimeOfDay
from ..model.common import Document, Model, Name, Text
from ..model.validate import validate
from ..skirmish.atz import raid
from ..skirmish.atz.buildings import Site
from ..skirmish.atz.encounter import place
from ..skirmish.atz.game import AtzGame, Setup
from ..skirmish.atz.state import HOSTILES, HostileForce, Status, Zombie
from ..skirmish.atz.vehicles import Type, Vehicle, vehicle
from ..skirmish.core import Board, Choice, Context, Request
from ..skirmish.core.figures import COMPASS
from ..sources.document import Document as Source
from ..tabletop import Footprint, Opening, OpeningKind, Piece, PlacedPiece, Pose, Position, Table, TerrainKind, inches

Point = Annotated[list[float], Field(min_length=2, max_length=2)]
Facing = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
StatusName = Literal["carrying on", "ducked back", "hunkered down", "stunned", "knocked down", "out of the fight",
                     "obviously dead", "gone", "left by another edge", "whisked to safety", "captured",
                     "held captive"]


class Info(Model):
    title: Name = Field(description="What the scenario shows, in a line.")
    game: Literal["atz"] = Field(description="All Things Zombie.")
    source: Text = Field(description="The rulebook line it pins, quoted: `All Things Zombie (seed 004) line N: ...`.")
    area: Area = Field("suburb", description="The area (the zombies drawn by noise read it).")
    time: TimeOfDay = Field("daytime", description="The time of day (sight at night is 12\").")
    day: Annotated[int, Field(ge=1)] = Field(1, description="The day of the outbreak (a vehicle's working or not, "
                                                           "lines 1438-1448).")
    turns: Annotated[int, Field(ge=0, le=20)] = Field(1, description="Turns to play after the start.")
    dice: list[Annotated[int, Field(ge=1, le=6)]] = Field([], description="Every d6 the game rolls, in order.")
    script: list[str] = Field([], description="The player's decisions in order, by key (`advance`, `hold`, "
                                              "`fast`, `fight`, `break`, `recover h2`, `carry h2`, `cheat`, "
                                              "`die`, a number of dice passed).")
    draw: bool = Field(False, description="Draw the zombies by area at the start (lines 1746-1750).")
    meet: bool = Field(False, description="The group meets the hostiles before the first turn (Meet & Greet, "
                                          "or Walk the Walk for a Star: lines 2539-2577).")
    width: float = Field(48, description="Table width in inches.")
    depth: float = Field(48, description="Table depth in inches.")
    entering: str | None = Field(None, description="The table rolled when the group enters a building "
                                                   "(`whats-inside`).")
    found: str | None = Field(None, description="The Who They Are table of humans found in a building "
                                                "(`discover-who`); none: they are left out.")
    outbreak: str = Field("first-year", description="The Who They Are table's `outbreak`.")
    clear_board: bool = Field(False, description="Every building searched and no foe on the table ends the "
                                                 "encounter won (Take Back, line 2463).")
    captive: str | None = Field(None, description="A Raid (lines 2380-2421): the member held captive, by name "
                                                  "(unarmed, off the table until found); entering a building rolls "
                                                  "for him, on Raid Occupants and on Awareness, the settlement's "
                                                  "class on `found`.")
    standing: str | None = Field(None, description="A Raid's dice for how many of the buildings stand (\"2 + "
                                                   "1d6\", line 2380), the first so many; none: all of them.")
    resources: list[Literal["Food", "Fuel", "Luxury items", "Medical supplies", 'The "Cure"']] = Field(
        [], description="Resources the group found earlier in the encounter: its stock to barter away (line "
                        "3057) and the medical supplies a nurse uses (line 2823).")


class Placed(Member):
    at: Point = Field(description="Where it stands, [x, y] in inches.")
    facing: Facing = Field("N", description="Which way it faces.")
    status: StatusName = Field("carrying on", description="Its status at the start.")
    prone: bool = Field(False, description="Prone at the start.")
    keys: bool = Field(False, description="Carries keys found elsewhere in the encounter (line 1454).")


class PlacedZombie(Model):
    at: Point = Field(description="Where it stands, [x, y] in inches.")
    facing: Facing = Field("S", description="Which way it faces.")
    status: StatusName = Field("carrying on", description="Its status at the start.")


class Building(Model):
    id: str = Field(description="Its id (b1...).")
    type: str = Field("house", description="Its type, as the searching list names it (`house`).")
    at: Point = Field(description="Its top-left corner, [x, y] in inches.")
    size: Point = Field(description="[width, depth] in inches.")
    doors: list[Annotated[list[Point], Field(min_length=2, max_length=2)]] = Field(
        [], description="Each door: [[x, y], [x, y]] on its outline, in its own inches.")
    windows: list[Annotated[list[Point], Field(min_length=2, max_length=2)]] = Field(
        [], description="Each window, as a door.")
    dv: int = Field(2, description="Its Defensive Value (line 1384).")
    barricades: dict[str, Annotated[int, Field(ge=1, le=4)]] = Field(
        {}, description="Openings barricaded at the start, by name (`b1-door-1`): their Rep.")
    locked: list[str] = Field([], description="Doors locked and windows closed at the start, by name "
                                              "(`b1-door-1`, `b1-window-1`: lines 1861, 1871).")


class PlacedVehicle(Model):
    id: str = Field(description="Its id (`car`).")
    vehicle: Literal["atv", "big-rig", "bus", "motorcycle", "pickup-truck", "rv", "sedan", "sports-car", "suv"] = \
        Field(description="Its type on the Vehicle List (line 1482).")
    at: Point = Field(description="Its centre, [x, y] in inches.")
    facing: Facing = Field("N", description="Which way its front faces.")
    width: float = Field(2, description="Its width in inches: the diameter of the round base it stands as.")
    crew: list[str] = Field([], description="Who is in it (humans' or hostiles' names), the driver first.")
    keys: bool | None = Field(None, description="The keys are in it; none said: 1 on a d6 when first tried.")
    wont_start: bool = Field(False, description="\"The Car Won't Start!\" applies (line 1456).")
    running: bool = Field(False, description="Its engine runs at the start.")
    speed: float = Field(0, description="Its speed at the start, inches.")


class Expect(Model):
    log: list[str] = Field([], description="Log lines that must appear, in this order.")
    absent: list[str] = Field([], description="Log lines that must not appear.")
    humans: dict[str, dict[Literal["status", "prone", "out_of_ammo", "bitten", "recovered", "infected", "rep",
                                   "cheated_death", "side", "joined", "leader", "aftermath", "tended_by",
                                   "on_table", "keys", "ran_away", "weapon", "grenades", "protected", "spared",
                                   "leave"], Any]] = Field(
        {}, description="By name (the group's and the hostiles'); `weapon` by its name, `none` without.")
    zombies: dict[str, dict[Literal["status"], Any]] = Field({}, description="By id (z1, z2...).")
    vehicles: dict[str, dict[Literal["speed", "running", "wreck", "on_table", "crew", "facing", "keys", "working"],
                             Any]] = Field(
        {}, description="By id: `crew` by name, `wreck` inoperable, rolled over, exploded or null, `working` works, "
                        "out of gas, inoperable and cannot be repaired, or null (not yet tried).")
    over: bool | None = Field(None, description="Whether the encounter has ended.")


class ScenarioDoc(Document):
    scenario: Info = Field(description="What is played.")
    humans: list[Placed] = Field(min_length=1, description="The group, placed.")
    hostiles: list[Placed] = Field([], description="Hostile humans, placed (x1, x2... in this order).")
    zombies: list[PlacedZombie] = Field([], description="The zombies, placed (z1, z2... in this order).")
    buildings: list[Building] = Field([], description="Hollow buildings, walls 1/4\" thick.")
    vehicles: list[PlacedVehicle] = Field([], description="Vehicles, which the group may drive.")
    expect: Expect = Field(default_factory=Expect, description="What must happen.")


class _Stop(Exception):
    """The scenario ran out of dice or script."""


class Forced(Context):
    """Dice and decisions from the scenario, in order; asking past them stops the run with what was asked."""

    def __init__(self, dice: list[int], script: list[str]) -> None:
        self.dice, self.script = list(dice), list(script)

    def ask(self, request: Request) -> Any:
        if request.chance:
            if not self.dice:
                raise _Stop(f"ran out of dice at: {request.why}")
            face = self.dice.pop(0)
            if face not in request.options:
                raise _Stop(f"die {face} is not a face of: {request.why}")
            return face
        if not self.script:
            raise _Stop(f"ran out of script at: {request.why} ({', '.join(map(str, request.options))})")
        said = self.script.pop(0)
        for option in request.options:
            key = option.key if isinstance(option, Choice) else option
            if " ".join(map(str, key)) == said if isinstance(key, tuple) else str(key) == said:
                return option
        keys = ", ".join(" ".join(map(str, o.key)) if isinstance(o.key, tuple) else str(o.key) for o in request.options)
        raise _Stop(f"`{said}` is not an option of: {request.why} ({keys})")


def run(path: Path, ws: Workspace) -> tuple[str, list[str], list[str]]:
    """Play one scenario file: its title, the failures (none when it passes) and the game's log."""
    doc = ws.read(path)
    if doc is None:
        return path.stem, [p.human() for p in ws.problems.get(path.absolute(), [])] or ["unreadable"], []
    model, problems = validate(Source(doc.path, doc.data, doc.positions), ScenarioDoc)
    if model is None:
        return path.stem, [p.human() for p in problems], []
    game = _game(model)
    ctx = Forced(model.scenario.dice, model.scenario.script)
    failures: list[str] = []
    try:
        game.step(ctx)
        for _ in range(model.scenario.turns):
            if game.over:
                break
            game.step(ctx)
        while game.ending is not None and not game.over:  # the tests after the game
            game.step(ctx)
    except _Stop as stop:
        failures.append(str(stop))
    lines = [e.text for e in game.log]
    failures += _check(model.expect, game, lines)
    if ctx.dice and not failures:
        failures.append(f"{len(ctx.dice)} dice left unrolled: {ctx.dice}")
    return model.scenario.title, failures, lines


def _game(model: ScenarioDoc) -> AtzGame:
    info = model.scenario
    root = builtin_content()
    assert root is not None, "the reference content is not installed"
    tables = {t.id: t for t in find_tables([str(root / "atz")]).tables}
    table = Table(inches(info.width), inches(info.depth))
    members = place(model.humans, table, [])
    foes = place(model.hostiles, table, [])
    for i, foe in enumerate(foes):
        foe.id, foe.side, foe.leader, foe.star = f"x{i + 1}", HOSTILES, False, False
    for human, placed in zip(members + foes, model.humans + model.hostiles, strict=True):
        human.position = Position.of(*placed.at)
        human.facing = Fraction(COMPASS[placed.facing])
        human.status = Status(placed.status)
        human.prone = placed.prone
        human.keys = placed.keys
    zombies = tuple(Zombie(f"z{i + 1}", f"zombie z{i + 1}", "zombies", Position.of(*z.at),
                           facing=Fraction(COMPASS[z.facing]), status=Status(z.status))
                    for i, z in enumerate(model.zombies))
    sites = tuple(_site(b) for b in model.buildings)
    found = HostileForce("0", info.found, (("outbreak", info.outbreak),)) if info.found else None
    names = {h.name: h.id for h in members + foes}
    held = next((h for h in members if h.name == info.captive), None)
    if held is not None:
        raid.hold(held)
    cars = []
    for c in model.vehicles:
        car = vehicle(c.id, c.id, Type(c.vehicle), Position.of(*c.at), Fraction(COMPASS[c.facing]), c.width)
        car.crew = [names[n] for n in c.crew if n in names]
        car.keys, car.wont_start, car.running, car.speed = c.keys, c.wont_start, c.running, c.speed
        cars.append(car)
    setup = Setup(Board(table, [s.piece for s in sites]), info.area, info.time, tables, tuple(members), zombies, 30,
                  info.title, draw=info.draw, hostiles=tuple(foes), buildings=sites, entering=info.entering,
                  found=found, clear_board=info.clear_board, meet=info.meet, vehicles=tuple(cars), day=info.day,
                  raid=raid.Raid(held.id, info.standing) if held is not None else None)
    game = AtzGame(setup)
    game.tally.found += info.resources
    for b in model.buildings:
        game.visits[b.id].barricades.update(b.barricades)
        game.visits[b.id].materials = True if b.barricades else None
    return game


def _site(b: Building) -> Site:
    """A scenario's building: a hollow rectangle with its doors and windows."""
    openings = [Opening((inches(s[0]), inches(s[1])), (inches(e[0]), inches(e[1])), kind,
                        f"{b.id}-{kind.value}-{i + 1}" in b.locked)
                for kind, spans in ((OpeningKind.DOOR, b.doors), (OpeningKind.WINDOW, b.windows))
                for i, (s, e) in enumerate(spans)]
    piece = Piece(b.type, Footprint.rectangle(b.size[0], b.size[1]), TerrainKind.BLOCKING, openings=tuple(openings),
                  wall=Fraction(1, 4))
    return Site(b.id, PlacedPiece(piece, Pose.of(b.at[0], b.at[1])), b.type, b.dv)


def _check(expect: Expect, game: AtzGame, lines: list[str]) -> list[str]:
    failures, at = [], 0
    for wanted in expect.log:
        found = next((i for i in range(at, len(lines)) if lines[i] == wanted), None)
        if found is None:
            later = wanted in lines[:at]
            failures.append(f"log: `{wanted}` {'appears before an earlier expected line' if later else 'not found'}")
        else:
            at = found + 1
    failures += [f"log: `{line}` appears" for line in expect.absent if line in lines]
    for name, fields in expect.humans.items():
        who = [h for h in game.people if h.name == name]
        if not who:
            failures.append(f"humans.{name}: no such human")
            continue
        for key, value in fields.items():
            got = getattr(who[0], key)
            if key == "weapon":
                got = who[0].weapon.name if who[0].weapon is not None else "none"
            got = got.value if isinstance(got, Status) else got
            if got != value:
                failures.append(f"humans.{name}.{key}: expected {value}, got {got}")
    for zid, asked in expect.zombies.items():
        zs = [z for z in game.figures if isinstance(z, Zombie) and z.id == zid]
        if not zs:
            failures.append(f"zombies.{zid}: no such zombie")
        elif zs[0].status.value != asked.get("status", zs[0].status.value):
            failures.append(f"zombies.{zid}.status: expected {asked['status']}, got {zs[0].status.value}")
    for vid, asks in expect.vehicles.items():
        cars = [v for v in game.figures if isinstance(v, Vehicle) and v.id == vid]
        if not cars:
            failures.append(f"vehicles.{vid}: no such vehicle")
            continue
        for what, value in asks.items():
            got = getattr(cars[0], what)
            if what == "crew":
                got = [game.figure(i).name for i in got]
            elif what in ("wreck", "working"):
                got = got.value if got is not None else None
            elif what == "facing":
                got = float(got)
            if got != value:
                failures.append(f"vehicles.{vid}.{what}: expected {value}, got {got}")
    if expect.over is not None and game.over != expect.over:
        failures.append(f"over: expected {expect.over}, got {game.over}")
    return failures
