"""Zone Wars sources: terrain pieces (pieces/), game data (zonewars/) and scenarios (scenarios/).

Lengths are in inches, written as numbers (``2.5``); the compiler reads them as
exact fractions. Values not printed in the rulebook are listed in ``assumed``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import Count, Document, Id, Model, Name, Positive, Ref, Text, assumed_field

Length = Annotated[float, Field(ge=0, le=1000, description="A length in inches.")]
Coordinate = Annotated[float, Field(ge=-1000, le=1000, description="A coordinate in inches.")]
Degrees = Annotated[float, Field(ge=-360, le=360, description="Degrees clockwise, as seen from above.")]
Point = Annotated[list[Coordinate], Field(min_length=2, max_length=2, description="[x, y] in inches.")]
Band = Literal["close", "medium", "long"]
TerrainKind = Literal["low", "blocking"]
Attribute = Literal["ranged", "melee", "survival"]
Face = Literal["success", "model-damage", "gear-damage", "blank"]


# --- pieces/*.toml --------------------------------------------------------------

class OpeningDef(Model):
    kind: Literal["door", "window"] = Field(description="A door or a window; both count as Low terrain.")
    start: Point = Field(description="One end of the opening on the piece's outline, in the piece's own inches.")
    end: Point = Field(description="The other end.")
    closed: bool = Field(False, description="A door that starts the game closed: it blocks models and sight, like "
                                            "its wall, until a model opens it with a Simple Operation. Only the "
                                            "doors of a hollow piece (`wall`) close.")
    locked: bool = Field(False, description="All Things Zombie: a door that is locked, or a window that is "
                                            "closed (seed 004 lines 1861, 1871): it must be forced, or busted "
                                            "out, before anyone passes it. Only the openings of a hollow piece.")


class PieceDef(Model):
    id: Id = Field(description="Piece id, unique in the pack; scenarios place it as `piece = \"id\"`.")
    name: Name = Field(description="The piece's name, printed on the cut-out.")
    kind: TerrainKind = Field(description="`low` (cover, no obstacle to walking) or `blocking` (stops sight and models).")
    width: Length | None = Field(None, description="A rectangle's width in inches (x); give width and depth, or polygon.")
    depth: Length | None = Field(None, description="A rectangle's depth in inches (y).")
    polygon: list[Point] | None = Field(
        None, min_length=3, max_length=200,
        description="The outline's corners in inches, in order, for a piece that is not a rectangle.")
    height: Length = Field(0, description="Height in inches (for drawing; Low or Blocking is `kind`).")
    floors: Count = Field(0, description="Floors above the ground a model can stand on (a Building); each is one Medium step up.")
    openings: list[OpeningDef] = Field([], description="Doors and windows on the outline.")
    wall: Length | None = Field(
        None, description="A Blocking piece with walls this thick is hollow: models enter by its openings, "
                          "which give cover. Without it the piece is solid.")
    text: Text = Field("", description="Notes printed on the cut-out.")
    assumed: list[str] = assumed_field()


class PiecesDoc(Document):
    pieces: list[PieceDef] = Field(description="Terrain pieces.")


# --- zonewars/*.toml --------------------------------------------------------------

class DiceDef(Model):
    base: list[Face] = Field(min_length=1, max_length=20, description="The base (yellow) die's faces.")
    gear: list[Face] = Field(min_length=1, max_length=20, description="The gear (black) die's faces.")
    assumed: list[str] = assumed_field()


class Faction(Model):
    id: Id = Field(description="Faction id.")
    name: Name = Field(description="Printed name.")
    text: Text = Field("", description="Notes.")
    assumed: list[str] = assumed_field()


class Character(Model):
    id: Id = Field(description="Character id.")
    name: Name = Field(description="Printed name.")
    faction: Ref = Field(description="The faction the character fights for.")
    ranged: Count = Field(description="Ranged attribute: base dice for ranged attacks.")
    melee: Count = Field(description="Melee attribute: base dice for melee attacks.")
    survival: Count = Field(description="Survival attribute: base dice for Survival rolls.")
    health: Positive = Field(description="Damage that Breaks the model.")
    base: Length = Field(1, description="Base diameter in inches.")
    gear: list[Ref] = Field([], description="Starting gear, by id.")
    mutations: list[Ref] = Field([], description="Mutations or modules, by id.")
    text: Text = Field("", description="Card text (front).")
    bloodied: Text = Field("", description="Card text on the Bloodied back.")
    assumed: list[str] = assumed_field()


class GearEffect(Model):
    """What a Simple Operation with an `other` card does (seed 226); a single-use card then leaves the game."""

    heal: bool = Field(False, description="Removes every damage token from a friendly model in base contact that is "
                                          "not Broken.")
    revive: bool = Field(False, description="Used on a Broken friendly model in base contact: it rolls its Survival "
                                            "(never pushed); a success stands it up, Bloodied, to act at once (line "
                                            "350 says cards may revive, not how).")
    m_points: Count = Field(0, description="M-points the player gains when the model uses the card on itself.")


class Gear(Model):
    id: Id = Field(description="Gear or artifact id.")
    name: Name = Field(description="Printed name.")
    use: Literal["ranged", "melee", "armour", "other"] = Field(description="What the item is used for.")
    range: Literal["close", "medium", "long", "unlimited"] | None = Field(None, description="A ranged weapon's range.")
    bonus: Count = Field(0, description="Gear dice a weapon adds, or armour dice an armour rolls.")
    special: Text = Field("", description="Special rules (Aimed Fire, Area, Igniter, Knockback, Silent...).")
    victory_points: Count = Field(0, description="Victory points (artifacts only; starting gear has none).")
    single_use: bool = Field(False, description="Removed from the game once used.")
    effect: GearEffect | None = Field(None, description="What the engine plays of an `other` card's use (without "
                                                        "it, the card is carried and worth its victory points only).")
    text: Text = Field("", description="Card text.")
    assumed: list[str] = assumed_field()


class RulesDef(Model):
    """The numbers of the rules of play; those the rulebook's web copy lost are marked assumed."""

    start_m_points: Count = Field(1, description="M-points each player starts a battle with.")
    most_m_points: Annotated[int, Field(ge=1, le=9)] = Field(
        3, description="Most m-points one use of a mutation or module may take.")
    charge_bonus: Count = Field(1, description="Base dice a Charge's melee attack adds.")
    cover_dice: Count = Field(2, description="Gear dice a target behind cover rolls against a ranged attack.")
    contact_cover_dice: Count = Field(
        4, description="Gear dice instead when the target touches the terrain the attack crosses.")
    improvised_range: Band = Field("medium", description="How far an improvised ranged attack reaches.")
    push_m_points: Count = Field(1, description="M-points the player gains per model-damage face on a pushed attack.")
    push_model_damage: Count = Field(0, description="Damage the attacker takes per model-damage face on a push.")
    push_gear_damage: Count = Field(1, description="Steps of Bonus the weapon loses per gear-damage face on a push.")
    busted_victory_points: Count = Field(1, description="What a Busted artifact is still worth.")
    model_height: Length = Field(1.25, description="How tall a model stands above its floor, in inches: it is in "
                                                   "the way of a line of sight passing over its base lower.")
    floor_height: Annotated[float, Field(ge=1, le=1000)] = Field(
        5, description="How far each floor of a Building stands above the one below, in inches: a move climbing "
                       "or coming down pays it a floor, sight to an upper floor rises by it, and a fall takes a "
                       "point for each Medium of it.")
    repair_steps: Count = Field(1, description="Steps of Bonus a Complex Operation gives back to a damaged weapon or "
                                               "armour the model carries (never past its printed Bonus; a Busted one "
                                               "stays Busted).")
    assumed: list[str] = assumed_field()


class MutationEffect(Model):
    dice: Count = Field(0, description="Base dice added to an attack per m-point spent.")
    attack: Literal["ranged", "melee", "any"] = Field("any", description="The attacks it adds to.")
    after_roll: bool = Field(False, description="The m-points may be declared after the dice are rolled.")
    fly: bool = Field(False, description="An action: the model flies up to Medium per m-point in a straight line, "
                                         "even between floors.")
    heal: Count = Field(0, description="An action: damage tokens the model takes off itself per m-point.")
    armour: Count = Field(0, description="A reflex: when an attack hits the model (not with a Silent weapon), "
                                         "armour dice it adds per m-point to its armour roll.")


class MonsterDef(Model):
    """A mutant monster a card puts on the table. The rulebook says only that monsters "follow the rules on the
    card" and have common traits whose list is lost (seed 474): the card's roll and effect are its attack, and
    these values are taken, each to be marked assumed."""

    name: Name = Field(description="The monster's name (several on the table are numbered after it).")
    health: Positive = Field(description="Damage that takes it out: it is removed when Broken.")
    base: Length = Field(1, description="Its base diameter in inches.")
    move: Band = Field("medium", description="How far it walks each time it acts.")


class ZoneEffect(Model):
    damage: Count = Field(0, description="Damage to the affected model when its roll fails (or at once, with no roll).")
    armour: bool = Field(True, description="Whether armour rolls against that damage.")
    m_points: Count = Field(0, description="M-points every player gains.")
    artifact: bool = Field(False, description="An artifact token is placed in base contact with the model.")
    stuck: bool = Field(False, description="When the roll fails, the model cannot move at its next activation.")
    sight: Band | None = Field(None, description="Until the end of the round, no model sees farther than this.")
    monster: MonsterDef | None = Field(None, description="The card brings this monster onto the table, in base "
                                                         "contact with the model it affects.")


class Mutation(Model):
    id: Id = Field(description="Mutation or module id.")
    name: Name = Field(description="Printed name.")
    form: Literal["mutation", "module"] = Field("mutation", description="A mutant's mutation or a robot's module.")
    type: Literal["action", "reflex", "enhance"] = Field(description="When it is used.")
    m_points: Annotated[int, Field(ge=1, le=3)] = Field(description="Most m-points it may take (never more than 3).")
    effect: MutationEffect | None = Field(None, description="What the engine plays (without it, it is not played).")
    text: Text = Field("", description="Card text.")
    assumed: list[str] = assumed_field()


class ZoneCard(Model):
    id: Id = Field(description="Zone card id.")
    name: Name = Field(description="Printed name.")
    attribute: Attribute | None = Field(None, description="The attribute the affected model rolls against, if any.")
    text: Text = Field("", description="Effect text.")
    effect: ZoneEffect | None = Field(None, description="What the engine plays (without it, it is not played).")
    copies: Positive = Field(1, description="Copies in the deck.")
    assumed: list[str] = assumed_field()


class TriggerCard(Model):
    id: Id = Field(description="Trigger card id.")
    name: Name = Field(description="Printed name.")
    text: Text = Field("", description="What the scenario makes it do (a scenario may say more).")
    assumed: list[str] = assumed_field()


class StatDef(Model):
    key: str = Field(max_length=64, description="The entry's key shown in this box (`ranged`, `victory_points`).")
    label: Name = Field(description="The box's caption (`Ranged`, `VP`).")


class CardKindDef(Model):
    id: Id = Field(description="Card kind id.")
    of: Literal["characters", "gear", "artifacts", "mutations", "zone_cards", "triggers"] = Field(
        description="Which entries print as cards of this kind.")
    name: Name = Field(description="Printed under each card's title (`Zone card`).")
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="The band and back colour, `#rrggbb`.")
    back: Name = Field(description="The large word on the card back (`ZONE`).")
    game: Name = Field("ZONE WARS", description="The small line on the back under it.")
    stats: list[StatDef] = Field([], max_length=6, description="Boxes across the card, one per key, in order.")
    tags: list[str] = Field([], description="Keys whose values follow the name under the title (`type`, `form`).")
    reverse: str | None = Field(None, description="A text key printed on the back as the card's other side (`bloodied`).")
    reverse_title: Name = Field("Bloodied", description="What the other side is called, after the title.")


class ZoneWarsDoc(Document):
    dice: DiceDef | None = Field(None, description="The dice's faces (one pack of those a scenario sees declares them).")
    rules: RulesDef | None = Field(None, description="The numbers of the rules of play (one pack a scenario sees declares them).")
    factions: list[Faction] = Field([], description="Factions.")
    characters: list[Character] = Field([], description="Character cards.")
    gear: list[Gear] = Field([], description="Starting gear (no victory points).")
    artifacts: list[Gear] = Field([], description="Artifact cards (victory points, maybe single use).")
    mutations: list[Mutation] = Field([], description="Mutation and module cards.")
    zone_cards: list[ZoneCard] = Field([], description="Zone cards.")
    triggers: list[TriggerCard] = Field([], description="Trigger cards.")
    card_kinds: list[CardKindDef] = Field([], description="How each kind of entry prints as a card.")


# --- scenarios/*.toml --------------------------------------------------------------

class ScenarioInfo(Model):
    id: Id = Field(description="Scenario id, unique in the pack.")
    title: Name = Field(description="Printed title.")
    game: Literal["zonewars"] = Field(description='The game: "zonewars".')
    players: Annotated[int, Field(ge=2, le=8)] = Field(2, description="Players.")
    rounds: Positive = Field(description="The round limit.")
    zone_tokens: Count | None = Field(None, description="Zone tokens in the cup each round (default: one per player).")
    zones_apart: Band = Field("long", description="Deployment zones must be at least this far apart.")
    base: Length = Field(1, description="Base diameter used when checking reach and sight, in inches.")
    token: Length = Field(1, description="Artifact token diameter, in inches.")
    setup: Text = Field("", description="Set-up text.")
    text: Text = Field("", description="Background and special rules.")
    assumed: list[str] = assumed_field()


class TableDef(Model):
    width: Length = Field(36, description="Table width in inches.")
    depth: Length = Field(36, description="Table depth in inches.")


class PlacedPieceDef(Model):
    piece: Ref = Field(description="The piece, by id (`pack/id` for another pack's).")
    x: Coordinate = Field(description="x of the piece's origin (a rectangle's top-left corner), inches from the left edge.")
    y: Coordinate = Field(description="y of the piece's origin, inches from the top edge.")
    rotation: Degrees = Field(0, description="Clockwise rotation about the origin, in degrees.")


class ZoneDef(Model):
    id: Id = Field(description="Zone id, named by factions and victory conditions.")
    name: Name | None = Field(None, description="Printed name.")
    x: Coordinate = Field(description="Left edge, inches.")
    y: Coordinate = Field(description="Top edge, inches.")
    width: Length = Field(description="Width, inches.")
    depth: Length = Field(description="Depth, inches.")


class Side(Model):
    faction: Ref = Field(description="The faction.")
    zone: Id = Field(description="Its deployment zone.")
    characters: list[Ref] = Field(min_length=1, description="The characters it fields.")


class TokenDef(Model):
    x: Coordinate = Field(description="Token centre x, inches.")
    y: Coordinate = Field(description="Token centre y, inches.")
    floor: Count = Field(0, description="Floor of a Building the token lies on (0: the ground).")


class TriggerEffect(ZoneEffect):
    """What a trigger card does in this scenario (seed 470: "The effects of trigger cards are specified by the
    scenario"): a Zone card's effects, on the model activated last or on every model near a placed piece."""

    trigger: Ref = Field(description="The trigger card, one of the deck's `triggers`.")
    attribute: Attribute | None = Field(None, description="The attribute each affected model rolls against; "
                                                          "the effects on a model come when its roll fails.")
    near: Ref | None = Field(None, description="A piece placed in the scenario (by its id): the card affects every "
                                               "model within `within` of any piece of that id, on it or beside it. "
                                               "Without it, the model activated last, as a Zone card.")
    within: Band = Field("close", description="How near the piece a model must be to be affected.")
    push: Band | None = Field(None, description="Each affected model (whose roll fails) is pushed this far directly "
                                                "away from the centre of the nearest such piece.")


class ContainerDef(Model):
    """A container to search (seed 226 names searching one and says no more): what a search finds is the
    scenario's to say, as `finds`."""

    x: Coordinate = Field(description="Its centre x, inches.")
    y: Coordinate = Field(description="Its centre y, inches.")
    size: Annotated[float, Field(ge=0.1, le=1000)] | None = Field(
        None, description="Its diameter in inches, at least 0.1 (default: the scenario's `token`).")
    finds: Count = Field(1, description="Artifact cards a search draws, found this battle (worth victory points).")


class DeckDef(Model):
    exclude: list[Ref] = Field([], description="Zone cards left out of the deck (all others are in it).")
    triggers: list[Ref] = Field([], description="Trigger cards; with triggers, each round's deck is one trigger plus one random Zone card per player.")
    effects: list[TriggerEffect] = Field([], description="What each trigger card does in this scenario (a trigger "
                                                         "card without one is not played).")


class Victory(Model):
    kind: Literal["most-points", "hold-area", "leave-with-artifacts"] = Field(description="How the game is won.")
    zone: Id | None = Field(None, description="For hold-area: the area (a zone id).")
    text: Text = Field("", description="The condition in words.")


class CampaignDef(Model):
    restore_damage: bool = Field(True, description="Damage is removed before the next battle.")
    keep_artifacts: Count = Field(1, description="Artifacts each model may keep for the next battle.")
    experience: bool = Field(False, description="Experience tokens are given.")
    reset_m_points: bool = Field(True, description="Each player's m-points go back to one.")
    next: list[Id] = Field([], description="Scenarios that follow this one in a campaign.")


class ScenarioDoc(Document):
    scenario: ScenarioInfo = Field(description="Who the scenario is.")
    table: TableDef | None = Field(None, description="The table's size (36\" x 36\" when left out).")
    pieces: list[PlacedPieceDef] = Field([], description="Terrain pieces placed on the table.")
    zones: list[ZoneDef] = Field(min_length=1, description="Deployment zones and other areas.")
    sides: list[Side] = Field(min_length=2, description="The factions playing and where they deploy.")
    artifacts: list[TokenDef] = Field([], description="Artifact tokens on the table.")
    containers: list[ContainerDef] = Field([], description="Containers a Simple Operation searches, on the ground.")
    deck: DeckDef | None = Field(None, description="The Zone deck (every Zone card, no triggers, when left out).")
    victory: list[Victory] = Field(min_length=1, description="Victory conditions.")
    campaign: CampaignDef | None = Field(None, description="What carries over in a campaign.")


# --- compiled scenarios (zwar build: <pack>/scenarios/<id>.json) ----------------------------------

class CompiledPiece(Model):
    piece: str = Field(description="The piece, qualified (`pack/id`).")
    kind: TerrainKind = Field(description="Low or Blocking.")
    floors: Count = Field(description="Floors above the ground.")
    corners: list[list[float]] = Field(description="The footprint's corners on the table, in inches (6 decimals).")


class CompiledReach(Model):
    zone: Id = Field(description="A deployment zone.")
    token: Positive = Field(description="An artifact token, numbered from 1 in source order.")
    inches: float | None = Field(description="The shortest walk (and climb) into contact, in inches to 3 decimals; null: unreachable.")
    moves: Count | None = Field(description="Medium moves that walk takes; null: unreachable.")


class CompiledScenario(Model):
    format: Literal[1] = Field(description="The compiled scenario format's version.")
    kind: Literal["scenario"] = Field(description='Always "scenario".')
    tool: str = Field(description="The compiler and its version (`zwar-author 0.1.0`).")
    source_sha256: str = Field(description="SHA-256 of the source's data in canonical JSON.")
    pack: Id = Field(description="The pack the scenario belongs to.")
    scenario: ScenarioDoc = Field(description="The scenario as written.")
    pieces: list[CompiledPiece] = Field(description="The pieces placed, in source order.")
    reach: list[CompiledReach] = Field(description="Every deployment zone's walk to every artifact token.")
    deck: list[str] = Field(description="The Zone deck: qualified card ids, one per copy, sorted.")
    triggers: list[str] = Field(description="Trigger cards, qualified.")
