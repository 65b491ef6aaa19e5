"""Zone Wars scenarios opened for play: compiled sources turned into the engine's ``Scenario``.

The engine (``skirmish.zonewars``) never reads files; this driver compiles a
scenario with the project's checks, gathers the cards its packs declare, and
deploys each side in its zone. ``CannotPlayScenario`` names every element
the engine does not play, before any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ..compile.project import check
from ..compile.workspace import Pack
from ..compile.zonewars import CompiledScenario, ZoneWars
from ..errors import Report, ZwarError
from ..model import zonewars as z
from ..skirmish.core import Board, facing_towards
from ..skirmish.zonewars import Scenario, SideSpec, Spot, Token, TriggerPlay, cannot_play
from ..skirmish.zonewars.scenario import Container, Door
from ..tabletop import Base, PlacedPiece, Position, inches


class CannotPlayScenario(ZwarError):
    """A Zone Wars scenario with elements the engine does not play (a content problem, exit 1)."""

    def __init__(self, scenario: str, missing: list[str]) -> None:
        self.scenario = scenario
        self.missing = missing
        super().__init__(f"cannot play Zone Wars scenario {scenario}: the engine does not play "
                         + "; ".join(missing) + " yet")

    def lines(self) -> list[str]:
        head = f"cannot play Zone Wars scenario {self.scenario}: the engine does not play these yet:"
        return [head] + [f"  - {item}" for item in self.missing]


def is_zonewars(path: Path) -> bool:
    """Whether ``path`` is a Zone Wars scenario source (a TOML file whose [scenario] says game = "zonewars")."""
    try:
        import tomllib
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    info = data.get("scenario")
    return isinstance(info, dict) and info.get("game") == "zonewars"


def load_scenario(path: Path, search: Sequence[Path] = ()) -> tuple[Scenario | None, Report]:
    """The scenario ready to play, or None with the report of what is wrong with its sources.

    Raises CannotPlayScenario with every element the engine does not play."""
    outcome = check([Path(path)], search)
    compiled = [s for found in outcome.scenarios.values() for s in found]
    if not outcome.report.ok or len(compiled) != 1 or outcome.zonewars is None or outcome.workspace is None:
        return None, outcome.report
    scenario = compiled[0]
    pack = outcome.workspace.pack_by_id(scenario.pack) or outcome.workspace.standalone(Path(path).parent)
    built = from_compiled(outcome.zonewars, pack, scenario)
    return built, outcome.report


def from_compiled(zw: ZoneWars, pack: Pack, compiled: CompiledScenario) -> Scenario:
    info = compiled.model.scenario
    missing: list[str] = []
    rules = zw.rules(pack)
    if rules is None:
        missing.append("rules without a [rules] table (the numbers of the rules of play) in a pack it sees")
        rules = z.RulesDef()
    data = cards(zw, pack)
    sides = []
    for side in compiled.model.sides:
        faction = zw.lookup(pack, "factions", side.faction)
        name = faction.model.name if faction is not None else side.faction  # type: ignore[attr-defined]
        ids = [c.rpartition("/")[2] for c in side.characters]
        spots, problems = deploy(compiled, side.zone, ids, data["characters"])
        missing += problems
        sides.append(SideSpec(side.faction.rpartition("/")[2], name, side.zone, spots))
    tokens = info.zone_tokens if info.zone_tokens is not None else info.players
    dice = compiled.dice or z.DiceDef(base=["success"], gear=["success"])
    scenario = Scenario(
        id=info.id, title=info.title, board=Board(compiled.table, compiled.pieces, dict(compiled.zones)),
        rounds=info.rounds, zone_tokens=tokens, sides=tuple(sides), characters=data["characters"],
        cards=data["cards"], artifacts=tuple(e.id for e in compiled.artifacts), mutations=data["mutations"],
        zone_cards=data["zone_cards"], deck=tuple(c.rpartition("/")[2] for c in compiled.deck),
        triggers=tuple(t.rpartition("/")[2] for t in compiled.triggers),
        tokens=tuple(Token(t.number, t.position, t.floor) for t in compiled.tokens),
        victory=tuple(compiled.model.victory), rules=rules, base_die=tuple(dice.base), gear_die=tuple(dice.gear),
        token_base=compiled.token_base, campaign=compiled.model.campaign,
        trigger_effects=trigger_effects(zw, pack, compiled),
        doors=doors_of(zw, pack, compiled.pieces, compiled.piece_refs),
        containers=containers_of(compiled.model.containers, compiled.token_base))
    missing += cannot_play(scenario)
    if missing:
        raise CannotPlayScenario(info.id, missing)
    return scenario


def doors_of(zw: ZoneWars, pack: Pack, placed: Sequence[PlacedPiece], refs: Sequence[str]) -> tuple[Door, ...]:
    """The doors written ``closed = true`` on the pieces placed, numbered from 1 in placing order."""
    doors: list[Door] = []
    for index, (piece, ref) in enumerate(zip(placed, refs, strict=True)):
        found = zw.piece(pack, ref)
        if found is None:
            continue
        for opening, spec in enumerate(found[0].model.openings):  # type: ignore[attr-defined]
            if spec.closed:
                start, end = piece.openings_on_table()[opening]
                doors.append(Door(len(doors) + 1, index, opening, Position.of(*start), Position.of(*end)))
    return tuple(doors)


def containers_of(specs: Sequence[z.ContainerDef], token_base: Base) -> tuple[Container, ...]:
    """The scenario's containers, numbered from 1 as written (a diameter left out is the token's)."""
    return tuple(Container(i + 1, Position.of(c.x, c.y), Base(inches(c.size)) if c.size is not None else token_base,
                           c.finds) for i, c in enumerate(specs))


def trigger_effects(zw: ZoneWars, pack: Pack, compiled: CompiledScenario) -> dict[str, TriggerPlay]:
    """What each trigger card of the deck does in this scenario, with the placed pieces it is near."""
    spec = compiled.model.deck or z.DeckDef()
    out = {}
    for effect in spec.effects:
        entry = zw.lookup(pack, "triggers", effect.trigger)
        if entry is None:
            continue
        near = () if effect.near is None else tuple(
            p for p, ref in zip(compiled.pieces, compiled.piece_refs, strict=True)
            if effect.near in (ref, ref.rpartition("/")[2]))
        out[entry.id] = TriggerPlay(entry.id, entry.model.name, effect, near)  # type: ignore[attr-defined]
    return out


def cards(zw: ZoneWars, pack: Pack) -> dict:
    """Every character, card, mutation and Zone card the pack sees, by id (the first pack's wins)."""
    out: dict[str, dict] = {"characters": {}, "cards": {}, "mutations": {}, "zone_cards": {}}
    for seen in zw.visible(pack):
        entries = zw.data(seen).entries
        for kind, into in (("characters", "characters"), ("gear", "cards"), ("artifacts", "cards"),
                           ("mutations", "mutations"), ("zone_cards", "zone_cards")):
            for eid, entry in entries[kind].items():
                out[into].setdefault(eid, entry.model)
    return out


def deploy(compiled: CompiledScenario, zone: str, characters: list[str],
           known: dict[str, z.Character]) -> tuple[tuple[Spot, ...], list[str]]:
    """The side's models spread evenly along the middle of its zone, facing the table's centre.

    Where models deploy is a player's choice the engine does not ask (docs/zonewars.md): this fixed
    deployment is the same for every game, so games and their seeds compare."""
    box = compiled.model.zones[[z_.id for z_ in compiled.model.zones].index(zone)]
    x0, y0, w, d = inches(box.x), inches(box.y), inches(box.width), inches(box.depth)
    centre = Position(compiled.table.width / 2, compiled.table.depth / 2)
    spots, problems = [], []
    n = len(characters)
    for i, cid in enumerate(characters):
        t = Fraction(i + 1, n + 1)
        at = Position(x0 + t * w, y0 + d / 2) if w >= d else Position(x0 + w / 2, y0 + t * d)
        base = Base(inches(known[cid].base))
        if not compiled.table.holds_base(at, base):
            problems.append(f"deploying `{cid}` in zone `{zone}` (no room at {float(at.x):g}, {float(at.y):g})")
        spots.append(Spot(cid, at, facing_towards(at, centre) if at != centre else Fraction(0)))
    return tuple(spots), problems
