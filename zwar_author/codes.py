"""The stable diagnostic codes: one entry per kind of problem.

A code never changes meaning once released; ``zwar explain CODE`` prints the
explanation. Messages are built from the template so that every occurrence of
a problem reads the same way, and tests can assert the exact text.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from .errors import Diagnostic, Location, Related, Severity

E, W = Severity.ERROR, Severity.WARNING


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    severity: Severity
    template: str
    explanation: str

    def at(self, location: Location, severity: Severity | None = None, *, related: tuple[Related, ...] = (),
           **fields) -> Diagnostic:
        """The diagnostic at ``location``, its message the template filled with ``fields``."""
        return Diagnostic(location, self.code, severity or self.severity, self.template.format(**fields),
                          related=tuple(related), fields=fields)


CODES: dict[str, Code] = {}


def _code(code: str, name: str, severity: Severity, template: str, explanation: str) -> Code:
    entry = Code(code, name, severity, template, " ".join(explanation.split()))
    CODES[code] = entry
    return entry


# --- files and syntax -------------------------------------------------------

UNREADABLE = _code("ZW001", "unreadable-file", E, "cannot read this file: {reason}", """
    The file could not be opened or read. Check that it exists, that it is a
    file and not a folder, and that you may read it.""")
NOT_TEXT = _code("ZW002", "not-text", E, "this is not UTF-8 text ({reason}): save it as UTF-8 text", """
    Sources are UTF-8 text. A binary file (an image, a zip) or a file saved in
    another encoding cannot be read. Re-save it as UTF-8, or move it out of the pack.""")
TOML_SYNTAX = _code("ZW003", "toml-syntax", E, "TOML syntax error: {reason}", """
    The file is not valid TOML 1.0. The position is where the TOML reader
    stopped; the mistake is often just before it (a missing quote or bracket).""")
JSON_SYNTAX = _code("ZW004", "json-syntax", E, "JSON syntax error: {reason}", """
    The file is not valid JSON. The position is where the JSON reader stopped.
    JSON sources take the same keys as TOML ones.""")
UNKNOWN_KEY = _code("ZW005", "unknown-key", E, "unknown key `{key}` in {where}{hint}", """
    Every key of every source is checked: a key the format does not know is an
    error, never silently ignored, because a typo (`titel` for `title`) would
    otherwise drop what you meant to say. The message suggests the closest
    known key; `zwar schema` writes JSON Schemas your editor can use to complete keys.""")
MISSING_KEY = _code("ZW006", "missing-key", E, "missing required key `{key}` in {where}", """
    A required key is absent. Add it to the table named in the message.""")
BAD_VALUE = _code("ZW007", "bad-value", E, "{message}", """
    A value has the wrong type or is out of range (a string where a number is
    needed, a rotation of 45, a negative count). The message says what is expected,
    and a word one typo from one the key allows (`game = "exodos"`) is given with
    the word it was most likely meant to be.""")
UNKNOWN_KIND = _code("ZW008", "unknown-kind", E,
    "cannot tell what this file is: a mission has a [mission] table, a tile [tile], "
    "a pack [pack], rules data [[heroes]], [[infected]], [[equipment]], [[search]], "
    "[[perks]] or [[director_cards]]", """
    A file given on the command line is recognised by its top-level tables.
    Inside a pack, files are recognised by their folder: pack.toml, tiles/,
    missions/ and rules/.""")
NO_PACK = _code("ZW009", "no-pack", E,
    "no pack found in this folder: a pack is a folder with a pack.toml (`zwar init DIR` makes one)", """
    A folder given to validate or build must be a pack (it holds pack.toml) or
    a folder of packs (such as content/). Packs are searched up to three levels deep.""")
STRAY_FILE = _code("ZW010", "stray-file", W,
    "this file is not part of the pack layout and is not checked: put it in tiles/, missions/, rules/, tables/, "
    "encounters/, pieces/, zonewars/ or scenarios/", """
    A pack is pack.toml (with campaign.toml beside it, if the pack has a campaign)
    plus the folders tiles/, missions/ and rules/ (Z War One, Exodus and Agent Z),
    tables/ (random tables of any game), encounters/ (All Things Zombie), and
    pieces/, zonewars/ and scenarios/ (Zone Wars). TOML and JSON files elsewhere in
    a pack are ignored; this warning tells you so in case you meant them to be
    part of it.""")
TOO_LARGE = _code("ZW011", "file-too-large", E, "file is {size} bytes; a source may be at most {limit} bytes", """
    Sources are small text files. A very large file is almost certainly not a
    source (a data dump, a video) and is refused rather than read.""")
BAD_EXTENSION = _code("ZW012", "bad-extension", E, "not a source file: sources end in .toml or .json", """
    Only .toml and .json files are sources. Give a mission or tile file, a pack
    folder or a folder of packs.""")

# --- limits (docs/format.md, "Limits") -------------------------------------------

TOO_DEEP = _code("ZW013", "nesting-too-deep", E,
    "arrays and tables are nested more than {limit} deep here: a source nests at most {limit} levels", """
    No source needs deeply nested arrays or inline tables; a file that nests
    them hundreds of levels deep is refused before it is read further, so that
    it cannot exhaust the reader. Dotted keys count as nesting too.""")
NUMBER_TOO_LONG = _code("ZW014", "number-too-long", E,
    "a number {chars} characters long: a number in a source has at most {limit} characters", """
    Every count, distance and position in a source is small; a number written
    with hundreds of digits is refused instead of converted.""")
NOT_A_FILE = _code("ZW015", "not-a-regular-file", E,
    "this is a {kind}, not a regular file: a source is a plain file", """
    Only regular files are read. A named pipe (FIFO) would block, and a device
    such as /dev/zero never ends, so they are refused without being read,
    whether named directly or through a symbolic link.""")
OUTSIDE_PACK = _code("ZW016", "outside-pack", E,
    "through a symbolic link this file is {target}, outside the pack {pack}: only files inside the pack are read", """
    A symbolic link inside a pack (to a file, or to a folder) may point at
    files of the same pack. A link that leads out of the pack is refused, so
    that checking a pack from a pull request never reads files elsewhere on the
    machine.""")
TOO_MANY_ITEMS = _code("ZW017", "list-too-long", E,
    "this list has {count} items: a list holds at most {limit}", """
    Lists in sources (floors, doors, spawn points, events, notes, lines of
    art) are short. A list with thousands of items is refused.""")
TOO_MANY_KEYS = _code("ZW018", "table-too-large", E,
    "this table has {count} keys: a table holds at most {limit}", """
    Tables in sources (a dice table, a pack's [copies]) have a few keys each.
    A table with thousands of keys is refused.""")
ART_TOO_WIDE = _code("ZW019", "art-too-wide", E,
    "art line is {width} characters long: art is at most {limit} characters wide ({squares} squares)", """
    A floor or tile side is at most 128 squares across, drawn as at most 257
    characters. Trailing spaces count: remove them.""")
ART_TOO_TALL = _code("ZW020", "art-too-tall", E,
    "art has {lines} lines: art is at most {limit} lines high ({squares} squares)", """
    A floor or tile side is at most 128 squares down, drawn as at most 257
    lines.""")
FLOOR_TOO_LARGE = _code("ZW021", "floor-too-large", E,
    "floor {floor} would be {width}x{height} squares: a floor is at most {limit}x{limit}", """
    A floor is at most 128 squares across and 128 down, whether its `size` is
    given or follows from where its tiles are placed. The reference boards are
    about 24 squares a side; the limit keeps the LOS and distance caches of
    `zwar build`, which grow with the square of a floor's squares, within a
    gigabyte.""")
TOO_MANY_SQUARES = _code("ZW022", "too-many-squares", E,
    "the floors have {count} squares in all: a mission has at most {limit}", """
    The squares of all floors of one mission together (void squares
    included) are at most 32,768: two full floors of 128 x 128, or three of
    100 x 100. Every check, proof and cache grows with the board, and no
    printed mission comes close.""")
NUMBER_TOO_LARGE = _code("ZW023", "number-too-large", E, "{what} is {value}: at most {limit}", """
    Counts and distances written inside text values, such as the results of a
    spawn table ("3 zombies", "2 zombies (3)"), are at most 10,000, like every
    other count and distance of the format.""")
MORE_PROBLEMS = _code("ZW024", "more-problems", E,
    "and {count} more problems in this file (the first {shown} are shown)", """
    At most 100 problems are printed for one file; the rest are counted in
    this line. Fix the ones shown (often one mistake causes many) and check
    again.""")

# --- tile art ------------------------------------------------------------------

ART_WIDTH = _code("ZW101", "art-width-even", E,
    "art is {width} characters wide, an even number: the longest line must be 2W+1 characters", """
    Tile art draws W squares per row as 2W+1 characters: a corner, then a
    square and an edge for each square. The width is taken from the longest
    line (shorter lines count as padded with spaces), and it must be odd.""")
ART_HEIGHT = _code("ZW102", "art-height-even", E,
    "art has {lines} lines, an even number: H rows of squares need 2H+1 lines", """
    Tile art draws H rows of squares as 2H+1 lines: edge lines and square
    lines alternate, starting and ending with an edge line.""")
ART_CORNER = _code("ZW103", "art-corner", E,
    "'{char}' at a corner: a corner is '+', '-', '|' or a space", """
    Characters at even line and even column are corners. They carry no
    meaning, but only '+', '-', '|' and space are allowed there so that a
    misplaced character is caught instead of silently ignored.""")
ART_H_EDGE = _code("ZW104", "art-h-edge", E,
    "'{char}' on edge H:{x},{y}: a horizontal edge is ' ' (open), '-' (wall), 'D' (door) or '*' (water obstacle)", """
    Characters at even line and odd column are horizontal edges, the edge
    above square (x, y). Use a space for open, '-' for a wall, 'D' for a
    doorway and '*' for a water obstacle.""")
ART_V_EDGE = _code("ZW105", "art-v-edge", E,
    "'{char}' on edge V:{x},{y}: a vertical edge is ' ' (open), '|' (wall), 'D' (door) or '*' (water obstacle)", """
    Characters at odd line and even column are vertical edges, the edge to
    the left of square (x, y). Use a space for open, '|' for a wall, 'D' for a
    doorway and '*' for a water obstacle.""")
ART_TERRAIN = _code("ZW106", "art-terrain", E,
    "'{char}' on square {x},{y}: a square is '.' corridor, ':' room, '=' stairs, '~' water, "
    "'t' transition or '#' void", """
    Characters at odd line and odd column are squares. Each is one terrain
    character: '.' corridor, ':' room, '=' stairs, '~' open water, 't'
    transition (where heroes board the rib) or '#' void (not part of the board).""")
ART_EMPTY = _code("ZW107", "art-empty", E, "art is empty: draw at least one square (3 lines of 3 characters)", """
    The art string has no lines. The smallest art is one square:
    "+-+", "|.|", "+-+".""")
TILE_SIDES_SIZE = _code("ZW108", "tile-sides-size", E,
    "side {side} is {width}x{height} but side {first} is {first_width}x{first_height}: "
    "both sides of a tile are the same size", """
    The two sides of a physical tile have the same size. Check that both art
    blocks have the same number of lines and the same width.""")

# --- what each game has (the game profiles) ------------------------------------

_LACKS = """The games differ in what a mission may use; each game's profile lists
    what it has (docs/format.md, "What each game has"). Using something of
    another game would be played wrong or not at all, so it is an error: remove
    it, or set `game` in [mission] to a game that has it."""
LACKS_FEATURE = _code("ZW141", "game-lacks-feature", E, "{game} has no {element} ({owners}): {found}{instead}", """
    A board feature the mission's game does not have: open water, transition
    squares and water obstacles drawn in the art, colour-coded stairways, or
    locked doors outside Exodus. Where the game has another way to the same
    end, the message says it: a door kept shut until something is done is, in
    Z War One, a blast door (opened by a task in its room) or a door an event
    opens (`open_doors`). """ + _LACKS)
LACKS_TOKEN = _code("ZW142", "game-lacks-token", E, "{game} has no {element} ({owners}): {found}{instead}", """
    Something placed on the board that the mission's game does not have: the
    rib, crates, keycards or NPCs outside Exodus. Where the game has another
    way to the same end, the message says it: in Z War One, what a keycard does
    is an object to pick up (`[[objects]]`) and an event that opens the door
    when it is picked up. """ + _LACKS)
LACKS_CONDITION = _code("ZW143", "game-lacks-condition", E, "{game} has no {element} ({owners}): {found}{instead}", """
    A kind of victory or defeat condition the mission's game does not have:
    escorting or losing an NPC outside Exodus, killing a role or hero outside
    Agent Z. """ + _LACKS)
LACKS_SPAWN = _code("ZW144", "game-lacks-spawn-result", E, "{game} has no {element} ({owners}): {found}{instead}", """
    A spawn table result the mission's game has no rule for: a sinkhole is an
    Agent Z result. """ + _LACKS)
LACKS_MODE = _code("ZW145", "game-lacks-mode", E, "{game} has no {element} ({owners}): {found}{instead}", """
    Z War One and Exodus are played as campaigns or director games, Agent Z
    as a versus game between two players. """ + _LACKS)
LACKS_EVENT = _code("ZW146", "game-lacks-event", E, "{game} has no {element} ({owners}): {found}{instead}", """
    An event the mission's game has no rule for: a role entering the board
    (the hunter arriving on turn 3) belongs to Agent Z's versus games. """ + _LACKS)
HEROES_LEFT_OUT = _code("ZW147", "heroes-left-out", W,
    "{game} uses every hero ({quote}): `heroes` leaves out {missing}; add them, or leave `heroes` out "
    "to use them all", """
    Z War One missions use all four heroes and Exodus missions both heroes,
    whoever plays them: the rulebooks say so, and a mission balanced for fewer
    heroes would not be the game. Leave `heroes` out of [mission] to use every
    hero of the game. It is a warning, not an error, because the engine plays
    any number of heroes: a test board with one hero is still useful, and
    `zwar play --hero` chooses who plays.""")
AGENTS_PER_PLAYER = _code("ZW148", "agents-per-player", E,
    "{game} is played by {players} players with one agent each: {problem}", """
    Agent Z is a two-player game; each player chooses an agent and plays
    their side of the mission as a role. A mission gives one [[roles]] entry
    per player and, if it names its heroes, one agent per role.""")
PACK_GAMES = _code("ZW149", "game-not-in-pack", E,
    "this is {game} mission, but pack `{pack}` is for {declared} (`games` in its pack.toml): "
    "add \"{id}\" to that list, or {other}", """
    A pack says which games it is for (`games` in [pack]); every mission it
    holds must be of one of them, so that a catalogue of packs by game, and a
    player looking for the pack's games, finds what it holds. Add the
    mission's game to the pack's `games`, or set the mission's `game` to one
    the pack is for. A pack without `games` may hold missions of any game.""")
ENGINE_CANNOT_PLAY = _code("ZW150", "engine-cannot-play", W,
    "the engine cannot play this {game} mission yet: it does not play {missing}", """
    The mission is valid, but the reference engine does not play all of it
    yet, so `zwar play`, `playtest`, `replay` and `rules-test` refuse it
    (exit status 1) rather than play it wrong. The message lists what is
    missing; docs/format.md says what the engine plays for each game.""")
ACTION_NOT_IN_GAME = _code("ZW151", "action-not-in-game", E,
    "{game} has no \u201c{action}\u201d action ({owners}): take `{key}` out of its action table", """
    A game's entry in the rules data ([[games]]) gives the AP of the actions
    its game has; which actions those are is the game's profile (docs/format.md,
    "What each game has"). An action another game has (the rib's, reloading,
    the meat shield) cannot be given to a game by pricing it: the engine would
    never offer it, or offer it without its rules.""")
ACTION_UNPRICED = _code("ZW152", "action-unpriced", E,
    "the action table of {game} gives no AP for {actions}: give every action of {game} its cost", """
    A game's entry in the rules data ([[games]]) gives the AP of every action
    its game has (0 for a free action). An action left out would silently
    never be offered, so each one needs its cost.""")

# --- layout --------------------------------------------------------------------

TILES_OVERLAP = _code("ZW201", "tiles-overlap", E,
    "{tile} at {x},{y} overlaps {other} at {other_x},{other_y}: tiles may not overlap", """
    Each square of a floor is covered by at most one tile. Move one of the two
    tiles, or check their sizes after rotation (a 90 or 270 degree turn swaps
    width and height).""")
TILE_OFF_FLOOR = _code("ZW202", "tile-off-floor", E,
    "{tile} at {x},{y} is {width}x{height} and runs off the {floor_width}x{floor_height} floor", """
    A floor that gives its `size` must contain all its tiles. Make the floor
    larger, move the tile, or leave `size` out to fit the floor to its tiles.""")
EDGE_CONFLICT = _code("ZW203", "edge-conflict", E,
    "edge {edge} is a {kind} on {tile} but a {other_kind} on {other}: tiles meeting here must agree", """
    Where two tiles meet, their border edges merge: an open edge takes the
    other tile's edge, equal edges stay as they are, and two different
    kinds (a wall against a door) conflict. Turn or swap a tile, or choose
    tiles whose borders match.""")
FLOOR_SOURCE = _code("ZW204", "floor-source", E, "floor {floor} needs exactly one of `art` or `tiles`", """
    A floor is drawn either inline, with `art`, or from placed tiles, with
    `tiles`; give exactly one of them.""")
NO_SIDE = _code("ZW205", "no-such-side", E, "tile {tile} has no side {side}", """
    A tile has side A and, if it is double-sided, side B. Check the tile's
    file for the sides it has.""")
TILE_COPIES = _code("ZW206", "tile-copies", E, "{usage} but pack {pack} owns {owned}", """
    A mission must be buildable with the tiles a pack really has: one physical
    copy shows one side at a time. The pack declares its copies in pack.toml
    under [copies] (a tile not listed there counts as one copy).""")
EMPTY_FLOOR = _code("ZW207", "empty-floor", E, "floor {floor} has no board squares: every square is void", """
    A floor must have at least one square that is not void ('#').""")
AMBIGUOUS_FLOOR = _code("ZW208", "ambiguous-floor", E,
    "`{ref}` does not say which floor: this mission has floors {floors}; write {example}", """
    A mission with several floors must name the floor of every square and edge
    it refers to, as floor:x,y or floor:H:x,y.""")

# --- rooms, doors and stairs ----------------------------------------------------

ROOM_NO_DOOR = _code("ZW301", "room-no-door", E,
    "room {room} ({square}, {size} square{plural}) has no door: put a D on one of its walls", """
    A room is a connected group of ':' squares. Heroes enter rooms through
    doors, so every room needs at least one door on its boundary, drawn in the
    art or placed by the mission. A door on the outer border of a floor counts
    as wall.""")
ROOM_LEAK = _code("ZW302", "room-leak", E,
    "room {room} ({square}) leaks through edge {edge} into {terrain} at {other}{more}: "
    "a room's boundary is walls and doors only", """
    A room is closed: its boundary with anything else (corridor, stairs, water)
    is walls and doors. An open edge there would let units walk in without a
    door. Draw a wall ('-' or '|') or a door ('D') on that edge, or make the
    square beyond it part of the room.""")
DOOR_EDGE = _code("ZW303", "door-edge", E,
    "door at {edge} is on {what}: a door goes on a wall or a doorway between two board squares", """
    Mission doors (extra, locked and blast doors) are placed on edges that the
    art draws as a wall or a doorway ('D'), with a board square on each side.
    An open edge, a water obstacle, the outer border and edges next to void
    squares cannot hold a door.""")
DOOR_REDUNDANT = _code("ZW304", "door-redundant", W,
    "{edge} is already a doorway: a plain extra door there changes nothing", """
    Every doorway in the art gets a door when the board is set up. An extra
    door of kind \"door\" on a doorway adds nothing; make it \"locked\" or
    \"blast\" if that is what you meant, or remove it.""")
STAIR_NOT_STAIRS = _code("ZW305", "stair-not-stairs", E,
    "stair link end {ref} is {terrain}, not stairs: both ends of a link are '=' squares", """
    A stair link joins two stairs squares ('=') on different floors.""")
STAIR_SAME_FLOOR = _code("ZW306", "stair-same-floor", E,
    "stair link {a} - {b} stays on floor {floor}: a link joins two different floors", """
    Squares on the same floor are joined by the map itself; a stair link
    joins a flight of stairs to the next floor.""")
NOT_A_ROOM = _code("ZW307", "not-a-room", E, "{ref} is {terrain}, not inside a room: {what} must name a room", """
    Rooms are named by any square inside them (\"5,3\"), by their id (\"R2\", \"first:R2\") or by a name given in
    [[rooms]]. The square named here is not a room square (':').""")

# --- references, ids and marked squares ------------------------------------------

ON_VOID = _code("ZW401", "on-void", E, "{what} at {ref} is on a void square: put it on the board", """
    Void squares ('#') are not part of the board: nothing can be placed there.""")
ON_WATER = _code("ZW402", "on-water", E, "{what} at {ref} is on open water: {what} must be on land", """
    Heroes and infected cannot stand on open water ('~'); only the rib moves
    on water. Put the marker on a land square (corridor, room, stairs or
    transition).""")
WRONG_TERRAIN = _code("ZW403", "wrong-terrain", E, "{what} at {ref} is on {terrain}: {need}", """
    Some markers need a particular terrain: the rib sits on open water, stair
    links join stairs squares, and an objective that is a task anywhere in its
    room must be in a room.""")
OFF_FLOOR = _code("ZW404", "off-floor", E, "{ref} is off floor {floor}, which is {width}x{height}", """
    Squares are x,y from 0,0 at the top-left; x < width, y < height. Edges
    H:x,y run to y = height and V:x,y to x = width.""")
BAD_REFERENCE = _code("ZW405", "bad-reference", E, "`{text}` is not {expected}", """
    Squares are written \"x,y\" or \"floor:x,y\"; edges \"H:x,y\" or \"V:x,y\",
    with an optional \"floor:\" in front; rooms by a square inside them or by
    an id from [[rooms]].""")
UNKNOWN_FLOOR = _code("ZW406", "unknown-floor", E, "`{ref}` names floor `{floor}`, which this mission does not have (floors: {floors})", """
    The floor part of a square or edge must be the id of one of the mission's
    floors.""")
DUPLICATE = _code("ZW407", "duplicate", E, "{what} `{id}` is defined twice (first at {first})", """
    Ids are unique within their kind: floors, rooms, spawn points, objectives,
    tiles and missions of a pack, and every kind of rules data.""")
DANGLING = _code("ZW408", "dangling-reference", E, "{what} `{id}` does not exist{hint}", """
    A reference names something that is not defined: a tile, card, infected
    class, hero, room, spawn point, phase, object or pack. Check the spelling
    or define it. A pack sees its own content and that of the packs it
    `requires`.""")
SHARED_SQUARE = _code("ZW409", "shared-square", E, "{what} and {other} are both on {ref}: only one figure fits on a square", """
    Start points, placed infected, NPCs and the rib each hold one figure, so
    no two of them may share a square.""")
NO_KEYCARD = _code("ZW410", "no-keycard", E, "locked door at {edge} needs a {colour} keycard, but none is placed", """
    A locked door opens only for a hero carrying the keycard of its colour.
    Place a [[keycards]] entry of that colour, or the door can never open.""")
UNUSED_KEYCARD = _code("ZW411", "unused-keycard", W, "{colour} keycard at {ref} opens no door: no locked door is {colour}", """
    A keycard is only useful if a locked door of its colour exists.""")
WRONG_GAME = _code("ZW412", "wrong-game", W, "{what} `{id}` belongs to {games}, not to {game}", """
    Rules data says which games it belongs to. Using a hero or card of another
    game is allowed but unusual, so it is reported.""")

# --- dice tables -----------------------------------------------------------------

DICE_GAP = _code("ZW501", "dice-gap", E, "{table}: {faces} of the d{die} {verb} not covered: every face needs one row", """
    A dice table lists, for every face of the die, exactly one result. Rows are
    written as a face (\"4\") or a range (\"1-3\"); together they must cover
    1 to the die's size.""")
DICE_OVERLAP = _code("ZW502", "dice-overlap", E, "{table}: face {face} is in both rows `{row}` and `{other}`", """
    Every face belongs to exactly one row of a dice table.""")
DICE_RANGE = _code("ZW503", "dice-range", E, "{table}: row `{row}` is outside the d{die}'s faces 1-{die}", """
    Rows name faces of the table's die. Z War One, Exodus and Agent Z use
    eight-sided dice.""")
DICE_ROW = _code("ZW504", "dice-row", E, "{table}: `{row}` is not a roll: write a face (\"4\") or a range (\"1-3\")", """
    Dice table rows are keyed by a face or an ascending range of faces.""")
DICE_RESULT = _code("ZW505", "dice-result", E, "{table}: `{text}` is not a result here: expected {expected}{hint}", """
    Each kind of table has its own results. Spawn point rolls give a letter,
    \"roamers\", \"sinkhole\" or \"nothing\"; spawn quantities \"2 zombies\";
    one-roll turn spawns \"1 zombie on A\"; one-roll room spawns
    \"2 zombies (3)\" (distance in squares, \"1*\" for the square next to the
    hero); room distances a number of squares; weapon tables \"miss\",
    \"knockdown\" or \"kill\". A result one typo away from a good one
    (\"2 zombis\", \"nothng\") is given with the result it was most likely
    meant to be, as unknown keys are.""")

# --- missions, rules data and packs -------------------------------------------------

NO_STARTS = _code("ZW601", "no-start-points", W, "mission has no start points: add [[starts]] so the heroes can be placed", """
    Without start points the board is still drawn and checked, but the
    mission cannot be played or proven playable.""")
NO_VICTORY = _code("ZW602", "no-victory", W, "mission has no victory conditions: add [[victory]]", """
    Victory conditions say what the heroes (or each side) must do to win;
    without them the mission cannot be played to an end.""")
NO_SPAWN = _code("ZW603", "no-spawn", W, "mission has no spawn rules: add [spawn] with a turn spawn and a room spawn", """
    Turn spawns and room spawns bring the infected. A mission without them is
    allowed (a puzzle, a test board), so this is a warning.""")
UNSTRUCTURED = _code("ZW604", "unstructured-condition", W,
    "{what} has only text: the engine cannot check it; add {keys}", """
    Conditions and events are structured so the engine can check them; the
    `text` is for the printed page. A condition with text alone is printed but
    can never be met by the engine.""")
TRIGGER_COUNT = _code("ZW605", "trigger-count", E, "`{key}` needs exactly one trigger, found {found}: one of {allowed}", """
    An event fires on one trigger: a turn, a door opened, a task done, an
    objective completed, something picked up or a room activated. Write two
    events for two triggers.""")
SPAWN_SHAPE = _code("ZW606", "spawn-shape", E, "{where} needs {need}", """
    A turn spawn is two rolls (`where`, then `what`) or one roll (`table`);
    a room spawn is two rolls (`what`, then `distance`) or one roll (`table`).
    A spawn section gives `turn` and `room` directly, or a list of `phases`.""")
ASSUMED_KEY = _code("ZW607", "assumed-key", E, "assumed value `{key}` is not a key of {what} `{id}`", """
    `assumed` lists the keys of an entry whose values are not printed in the
    sources and were entered as a reasonable guess; each must be a key the
    entry has.""")
PERK_PRICES = _code("ZW608", "perk-prices", W,
    "perk `{id}` costs {red}/{amber}/{green} (red/amber/green): a better rating should never cost more", """
    A hero rated green for a perk class pays least, red most.""")
UNUSED_SPAWN_POINT = _code("ZW609", "unused-spawn-point", W, "spawn point {letter} is placed but no spawn table uses it", """
    A spawn point that no table names never spawns anything; remove it or add
    it to a spawn table.""")
OBJECTIVE_NUMBERS = _code("ZW610", "objective-numbers", W, "objectives are numbered {numbers}: number them 1 to {count} without gaps", """
    Objectives are numbered on the mission page from 1.""")
PACK_ID = _code("ZW611", "pack-id", E, "pack id `{id}` is used by {other} too: pack ids are unique", """
    Packs are found by id when another pack requires them, so two packs in
    the same search path must not share an id.""")

# --- perk builds, the box, timers and campaigns (docs/campaign.md) ------------------

PERK_ALLOWANCE = _code("ZW620", "perk-allowance", E,
    "{hero}'s perks cost {total} XP ({items}): over the allowance of {allowance} XP", """
    Each perk costs the price for the hero's rating in the perk's class (red,
    amber or green), as the rules data's price list gives it. A director or
    versus game gives every hero an XP perk allowance (`xp_perk_allowance`) to
    spend on perks for that game only; the perks a hero is given, by the
    mission (`[mission.perks]`) or by `zwar playtest --perk`, must fit in it.
    Drop a perk, or choose cheaper ones.""")
PERK_HERO = _code("ZW621", "perk-hero", E,
    "hero `{hero}` is given perks but does not play this mission (its heroes: {heroes})", """
    `[mission.perks]` gives perks to the heroes who play the mission: those
    in `heroes`, or every hero of the game when `heroes` is left out.""")
PERK_TWICE = _code("ZW622", "perk-twice", E, "perk `{perk}` is given to {hero} twice (first at {first})", """
    A perk once bought is the hero's for the rest of the campaign; it cannot
    be bought, or given, a second time.""")
BOX_SHORT = _code("ZW623", "box-short", W, "the mission needs {need} {what}, {short} more than the box of {packs} holds ({have})", """
    A pack declares what its box holds (`[components]` and `[miniatures]` in
    pack.toml); a mission can use the components of its own pack and of the
    packs it requires, added up. A door stands on every doorway of the board,
    every objective, item, object, keycard, crate and search or active token
    takes a counter, and every infected placed at the start a miniature of its
    class. A group that owns only the box cannot set the mission up: share
    tiles with fewer doorways, place fewer tokens, or require a pack whose box
    adds what is missing.""")
TIMER_SELF = _code("ZW624", "timer-self", E, "timer `{id}` is started by its own end: it can never start", """
    A 3-turn timer starts on one trigger (a task done, an objective, a door
    opened, another timer running out...). Its own end cannot start it.""")
TIMER_IDLE = _code("ZW625", "timer-idle", W,
    "timer `{id}` runs out but nothing happens then: add an event with when = {{ timer = \"{id}\" }}", """
    A 3-turn timer marks an action that takes three turns to complete; what
    completing it does is an event triggered by the timer. A timer with no
    such event is crossed off the tracker sheet for nothing.""")
RIB_ASHORE = _code("ZW640", "rib-no-landing", W,
    "no transition square ('t') is beside the rib at {ref}: no hero can step aboard it", """
    Exodus heroes "can only step onto the rib from a transition square", and
    step off onto one too. The rib is driven only by a hero aboard, so a rib
    with no transition square next to its open water square (across an open
    edge, or diagonally past no wall or door) can never be boarded: draw a
    transition square beside it, or move it.""")
OUTSCORE_SELF = _code("ZW641", "outscore-self", E,
    "{key} condition {number} is for `{side}` and names `{side}` in `outscore_dead`: a side cannot outscore itself", """
    `outscore_dead` names the rival whose death may leave the game running (Agent
    Z's Download or Destroy: an agent killed while holding the most objectives
    keeps the game going until the other agent holds more). The condition is met
    when that rival is dead and the condition's own side has completed more
    objectives than the rival had. Name the other role: `side = "first"` with
    `outscore_dead = "second"`.""")
CHAPTER_MISSION = _code("ZW630", "chapter-mission", E,
    "chapter mission `{id}` is {what}: a {game} campaign's chapters are {game} campaign missions", """
    A campaign's chapters are played with the campaign's rules: each must be
    a mission of the campaign's game whose mode is `campaign` (director and
    versus games are played on their own).""")
CHAPTER_ORDER = _code("ZW631", "chapter-order", W,
    "mission `{id}` is chapter {number}, but comes after chapter {last}: list the chapters in the order they are played", """
    A mission's `chapter` is its number in the campaign; the campaign file
    lists chapters in the order they are played, so the numbers should rise.""")
CAMPAIGN_XP = _code("ZW632", "campaign-xp", E,
    "by chapter {number}, {hero}'s perks cost {spent} XP ({items}), more than the {earned} XP earned before it ({how})", """
    Heroes buy perks with XP earned in earlier chapters, and keep them. At each
    chapter, the perks a hero holds (bought in the campaign file's `buy`, or
    expected by a chapter's mission in `[mission.perks]`) must cost no more
    than the XP the hero can have earned: `start_xp`, plus `mission_xp` and
    `expected_loot_xp` for each chapter played before. Buy the perk later, or
    count on more loot.""")
CAMPAIGN_RULE = _code("ZW633", "campaign-rule", E,
    "`{key}` is {what}: {game}'s campaign {instead}", """
    Z War One's campaign pays XP and heroes buy perks with it; Exodus's pays
    no XP: at the chapters marked `level_up = true` each hero chooses one new
    perk card, and the save ticket has three official save slots (`saves`).
    A campaign uses the keys of its own game only.""")
LEVEL_UP = _code("ZW634", "level-up", E,
    "{hero} gets {cards} before chapter {number}: {why}", """
    An Exodus hero levels up by choosing one new perk card, and only before a
    chapter whose mission has a level-up option (`level_up = true`). Plan one
    perk card a hero there, or mark the chapter as a level-up.""")
NO_PERK_CARDS = _code("ZW635", "no-perk-cards", W,
    "chapter {number} is a level-up, but the rules data has no Exodus perk cards: its heroes have none to "
    "choose, and `zwar campaign play` and `zwar playtest` refuse the chapter", """
    The Exodus rulebook text stops before its perk cards, so the reference
    rules data has none. A level-up chapter (`level_up = true`) needs them:
    add Exodus perk cards in a pack (`[[perks]]` with `games = ["exodus"]`),
    or leave `level_up` out until there are some.""")
CHAPTER_BROKEN = _code("ZW670", "chapter-broken", E,
    "chapter {number}'s mission `{id}` does not compile ({errors} in {path}): the campaign cannot be played", """
    Every chapter is played, so every chapter's mission must compile. A
    campaign file checked on its own does not list its missions' problems:
    run `zwar validate` on the mission (or the pack) to see them, and fix
    them.""")

# --- director cards (docs/director.md) ------------------------------------------------

CARD_WINDOW = _code("ZW660", "card-window", E,
    "director card `{id}`: its effect {effect} cannot be played {window}; it can be played {allowed}", """
    A director card names its effect (one of the effects the engine plays)
    and the window of the turn it is played in. Each effect works only in
    some windows: a miss needs an attack to cancel, an extra spawn roll a
    spawn phase. Choose one of the windows the message lists, or leave
    `window` out to play the card in the effect's first window.""")
CARD_NO_EFFECT = _code("ZW661", "card-no-effect", W,
    "director card `{id}` names no effect: it is dealt but the engine never plays it", """
    The engine plays a director card by the effect it names (`effect =
    "extra-spawn-roll"`, ...). A card that names none still takes a place in
    the director's hand, so playtests count it dealt, but it is never played:
    name the effect that does what its text says.""")

DIRECTOR_DECK_SHORT = _code("ZW662", "director-deck-short", W,
    "the mission deals {need} director cards ({how}), but the {game} director deck holds {have}", """
    Director cards are dealt from the director deck: the cards of the
    mission's game in the rules data of its pack and the packs it requires,
    each as many times as its `copies`. A deck too small for the deal cannot
    give every hand its cards: the engine deals the whole deck and its log
    says so. Deal fewer (`director_cards = { count = ... }`), or add cards or
    copies to the deck.""")

# --- playability ---------------------------------------------------------------------

UNREACHABLE = _code("ZW701", "unreachable", E, "{what} at {square} {why}", """
    Every objective, item, object, crate, keycard, exit, NPC and room must be
    reachable by a hero from the start points: through doors that can be opened,
    up and down stair links, and across water only aboard the rib. Locked doors
    open once a keycard of their colour has been reached; blast doors once a
    square of their task room has. The message follows the cheapest way in to
    the first door that never opens, and says why it never does. Set
    `allow_unplayable = true` in [mission] (or pass --allow-unplayable) to
    report this as a warning instead.""")
CUT_OFF = _code("ZW702", "spawn-cut-off", E, "{what} at {square} {why}", """
    Infected spawned at a spawn point must be able to walk to the squares the
    heroes can reach, through doors the heroes can open (infected never use the
    rib). A spawn point that cannot is never a threat.""")
IMPOSSIBLE = _code("ZW703", "victory-impossible", E, "{what} can never be met: {why}", """
    A victory condition that names objectives, objects, NPCs or exits the heroes
    can never reach can never be met.""")


# --- Zone Wars: tables measured in inches (ZW900-ZW959) -------------------------------

PIECE_SHAPE = _code("ZW900", "piece-shape", E, "piece `{id}` {why}", """
    A terrain piece's footprint is either a rectangle (`width` and `depth`) or a
    polygon (`polygon`, its corners in order), not both; a polygon's sides may
    not cross, and it must have an area. Openings (doors and windows) lie on
    the outline.""")
PIECE_OFF_TABLE = _code("ZW901", "piece-off-table", E, "piece `{id}` reaches {over} past the table's {edge} edge", """
    Every terrain piece lies wholly on the table. A piece flush with an edge is
    on it; the check allows one millionth of an inch, so a piece never flips
    on and off the table through rounding.""")
PIECES_OVERLAP = _code("ZW902", "pieces-overlap", E, "piece `{id}` overlaps piece `{other}` placed at {first}", """
    Two terrain pieces cannot stand in the same place. Pieces that only touch
    do not overlap. Move or turn one of them.""")
ZONE_OFF_TABLE = _code("ZW903", "zone-off-table", E, "zone `{id}` reaches past the table's {edge} edge", """
    A deployment zone or area lies wholly on the table.""")
ZONE_BLOCKED = _code("ZW904", "zone-in-blocking", E, "zone `{id}` overlaps Blocking piece `{piece}`", """
    Models deploy in their zone, so it cannot cover Blocking terrain, where no
    model may stand. Low terrain in a zone is fine.""")
ZONES_CLOSE = _code("ZW905", "zones-too-close", E, "zones `{id}` and `{other}` are {gap} apart; deployment zones must be at least {band} apart", """
    Deployment zones of different sides must be at least the band set by
    `zones_apart` in [scenario] apart (Long, 10", unless said otherwise), so no
    side starts in reach of the other. Exactly that far is enough.""")
TOKEN_OFF_TABLE = _code("ZW906", "token-off-table", E, "artifact token {number} at {where} is not wholly on the table", """
    An artifact token lies wholly on the table; one touching the edge is on it.""")
TOKEN_BLOCKED = _code("ZW907", "token-in-blocking", E, "artifact token {number} at {where} lies in Blocking piece `{piece}`", """
    No model can stand in Blocking terrain, so a token inside it can never be
    picked up. Tokens on an upper floor of a Building say so with `floor`.""")
TOKEN_UNREACHABLE = _code("ZW908", "token-unreachable", E, "artifact token {number} at {where} cannot be reached from zone `{zone}`{why}", """
    Every artifact token must be reachable from every deployment zone by a
    model walking round Blocking terrain: its base must get into contact with
    the token. The walk is the shortest path of the base's centre (its
    diameter is `base` in [scenario]); a gap exactly one base wide lets it
    through. This is the tabletop analogue of the grid games' playability
    proof: `zwar fairness` shows how many Medium moves each token takes.""")
TOKEN_FLOOR = _code("ZW909", "token-floor", E, "artifact token {number} is on floor {floor} but {why}", """
    A token on an upper floor lies inside a Building piece with at least that
    many floors.""")
DECK_SHORT = _code("ZW910", "deck-short", W, "the Zone deck holds {cards} card{s} but {rounds} rounds can draw {draws}", """
    Each round, a Zone card is drawn for each Zone token that comes out of the
    cup. A deck smaller than the round limit can draw runs out; say in the set-up
    what happens then, or include more cards.""")
ROUND_DECK_SHORT = _code("ZW911", "round-deck-short", E, "each round's deck needs one random Zone card per player ({players}) but the deck holds {cards}", """
    With trigger cards, each round's draw deck is one trigger card plus one
    random Zone card per player, so the Zone deck must hold at least one card
    per player.""")
NO_DICE = _code("ZW912", "no-dice", E, "{why}", """
    The dice's faces are data: one pack the scenario sees declares [dice] with
    the base and gear dice's faces (success, model-damage, gear-damage, blank),
    and each die has a success face.""")
SHARED_ZONE = _code("ZW913", "shared-zone", W, "sides `{id}` and `{other}` deploy in the same zone `{zone}`", """
    Two factions deploying in one zone start in contact; give each its own zone.""")
WRONG_FACTION = _code("ZW914", "wrong-faction", E, "character `{id}` fights for `{faction}`, not for side `{side}`", """
    A side fields characters of its own faction only.""")
NO_AREA = _code("ZW915", "no-area", E, "a hold-area victory names the area to hold: add `zone = \"...\"`", """
    A hold-area victory condition needs the zone that must be held.""")
NO_ARTIFACTS = _code("ZW916", "no-artifacts", W, "victory by {kind} needs artifacts, but no artifact token is placed", """
    Victory points come from artifacts picked up on the table; a scenario won by
    most victory points or by leaving with artifacts places artifact tokens.""")

# --- random tables (ZW800-ZW879) ------------------------------------------------------

TABLE_DICE = _code("ZW801", "table-dice", E, "{table}: {message}", """
    Dice are written as terms joined by + and -: a number (3), dice (2d6, d6),
    half a die rounded up (1/2d6 reads 1, 1, 2, 2, 3, 3) or a number from the
    table's context (rep). A name used in dice must be a number range in
    [context]. A pass table reads its dice with `best` (the most that count
    as passed) and `fails` (faces that never pass); no other kind has them.""")
TABLE_ROW = _code("ZW802", "table-row", E,
    "{table}: `{row}` is not a roll: write a total (\"4\"), a range (\"1-3\", \"1 to 5\"), "
    "an open range (\"3 or less\", \"11+\") or a sub-roll (\"10 (1-2)\")", """
    A row key says which totals of the roll give the row's result. A sub-roll,
    "10 (1-2)", is a total followed by one more die (the table's `subroll`,
    1d6 unless said) whose faces pick between rows of the same total.""")
TABLE_GAP = _code("ZW803", "table-gap", E, "{table}: {totals} {verb} no row, reached {how}: {chance} of rolls", """
    Every total the dice can make, with every combination of modifiers the
    table's context allows, needs a row. The message names the totals, the
    smallest combination of modifiers (and the context) that reaches them, and
    the chance of rolling one of them in that case. Add a row, widen an end
    row into an open range ("11+", "3 or less"), or record the reading you
    take as a row marked `assumed` when the printed table has the gap.""")
TABLE_OVERLAP = _code("ZW804", "table-overlap", E, "{table}: {what} is in both rows `{row}` and `{other}`", """
    Each total (and each face of a sub-roll) belongs to one row only; two rows
    claiming it leave the result undecided.""")
TABLE_UNREACHED = _code("ZW805", "table-unreachable-row", W,
    "{table}: row `{row}` can never be rolled: the totals reach {reach}", """
    No combination of dice and modifiers makes a total this row covers, so
    the row is never used. It may be a misprint, or a modifier may be missing.""")
TABLE_SPLIT = _code("ZW806", "table-split", Severity.HINT,
    "{table}: rows {rows} give the same result: write them as one row", """
    A split whose parts all give the same result says nothing the single row
    would not. Printed tables often do this; it is a hint, not a problem.""")
TABLE_COLUMN = _code("ZW807", "table-column", E, "{table}: {what} has no result for {key} = {value}{why}", """
    A table whose result depends on a context key (`columns = "area"`) needs a
    result in every row for every value of that key, including each value a
    table that leads to it can be rolled in.""")
TABLE_REF = _code("ZW808", "table-reference", E, "{table}: no table `{ref}`{hint}", """
    A result that leads to another table names it by id (`weapons`) or with
    its pack (`atz/weapons`); the table must exist in the pack or a pack it
    requires.""")
TABLE_CONTEXT = _code("ZW809", "table-context", E, "{table}: {message}", """
    Modifier conditions, the `columns` key and names used in dice must be keys
    declared in the table's [context], and their values must be among the
    values declared there.""")
TABLE_LOOP = _code("ZW810", "table-loop", E, "{table}: tables lead back into themselves: {chain}", """
    A chain of tables must end; a table that leads, through others, back to
    itself would roll for ever.""")
TABLE_SUBROLL = _code("ZW811", "table-subroll", E,
    "{table}: the sub-roll of total {total} leaves {faces} of the d{die} without a row", """
    The rows of one total split by a sub-roll ("10 (1-2)", "10 (3-6)") must
    cover every face of the sub-roll's die once.""")
TABLE_CHAIN_CONTEXT = _code("ZW812", "table-chain-context", E,
    "{table}: leads to `{other}`, which reads `{key}`: declare `{key}` in this table's [context] too", """
    A chained table is rolled in its caller's context. When it reads a key
    (a column, a modifier condition, a number in its dice) the caller must
    declare that key so that every roll of the chain knows its value.""")
TABLE_SIZE = _code("ZW813", "table-size", E,
    "{table}: modifiers reading {keys} together make {count} contexts; at most {limit} can be checked", """
    The coverage proof goes through every combination of the context values
    that modifiers read together. Keys read by different modifiers cost
    nothing; keys one modifier reads together multiply. Split the modifier,
    or narrow a number range in [context].""")
TABLE_POOL = _code("ZW814", "table-pool", E,
    "{table}: {side} roll {dice} dice {how}; exact odds are computed for at most {limit} dice a side", """
    An opposed table's odds follow the re-rolls exactly, state by state, for
    every pair of dice counts the two sides can roll: 12 against 12 takes about
    a second, and the cost grows quickly past it. A pass or successes table
    rolls at most 30 dice (its odds are a binomial over the whole pool: 5,000
    dice took half a minute). Narrow the number ranges in [context] (Rep 1 to 6, a few
    figures more) so that no combination of modifiers gives a side more.""")
TABLE_OPPOSED = _code("ZW815", "table-opposed", E, "{table}: {message}", """
    An opposed table (`kind = "opposed"`) names your dice (`pool`), the other
    side's (`versus`) and what succeeds once: success faces for both sides
    (`success = "1-3"`) or targets (`against = "rep"`, `versus_against =
    "their_rep"`). `versus`, `versus_against`, `reroll`, `read` and
    `tiebreak` belong to opposed tables only. Re-rolls must be able to end:
    a context where every die of both sides succeeds would re-roll for ever.""")

ATZ_OFF_TABLE = _code("ZW820", "atz-off-table", E, "{what} `{id}` is not on the {width} x {depth} table", """
    Buildings, vehicles and forces' starting points are placed in inches from
    the table's top-left corner; each must lie on the table (flush with an edge
    counts). Check `at`, `size` and `rotation`, or the encounter's `table` size.""")
ATZ_OVERLAP = _code("ZW821", "atz-overlap", E, "{what} `{id}` overlaps {other} `{other_id}`", """
    Two buildings or vehicles cannot stand in the same place; pieces that only
    touch are fine.""")
ATZ_TABLE_REF = _code("ZW822", "atz-table-reference", E, "{where}: no table `{ref}`{hint}", """
    Forces and triggers roll on random tables by id (`raid-who`) or with their
    pack (`atz/raid-who`); the table must exist in the pack or a pack it requires.""")
ATZ_CONTEXT = _code("ZW823", "atz-context", E, "{where}: table `{table}` {message}", """
    A force rolled from a table is rolled in the encounter's context: each of
    its areas and times of day, and the values in the force's `context`. The
    table must know every such value, and every other key it reads must be
    given in `context`.""")
ATZ_FORCE = _code("ZW824", "atz-force", E, "{where}: {message}", """
    A force is given by list (`figures`), or rolled (`table`, and a `count` of
    dice or a number); a count must be dice (`2d6`, `1/2d6`, `3`).""")
ATZ_GROUP_WEAPON = _code("ZW825", "atz-group-weapon", E, "{who}: the engine does not know the weapon `{name}`", """
    A member of a group (`zwar playtest ENCOUNTER --group FILE`) carries weapons
    by the List Of Weapons' names, as the pack's weapon tables give them:
    Assault Rifle, BA Pistol, Bolt Action Rifle, Machine Pistol, Pistol,
    Semi-Automatic Rifle, Shotgun, Squad Automatic Weapon, Submachine Gun,
    Unarmed, One handed weapon, Two handed weapon, Improvised one handed
    weapon, Improvised two hand weapon (any case).""")
ATZ_PIECE = _code("ZW816", "atz-piece", E, "{what} `{id}` {message}", """
    A building or vehicle is a piece of the pack's pieces/ catalogue, placed
    with `piece = "house"`, `at` and `rotation`: its name, size, floors,
    doors and windows come from the catalogue. A one-off that is in no
    catalogue gives `type` and `size` (and a building's `floors`, `doors`,
    `windows`) instead; not both.""")

# --- Tiled import (docs/interop.md) ----------------------------------------------------

TILED_UNREADABLE = _code("ZW960", "tiled-unreadable", E, "cannot read this Tiled map: {reason}", """
    `zwar import tiled` reads Tiled maps saved as JSON (.tmj, .json) or XML
    (.tmx), with their tilesets (.tsj, .tsx) beside them or embedded. The file
    or a tileset it names could not be read or parsed; open it in Tiled and save
    it again.""")
TILED_ORIENTATION = _code("ZW961", "tiled-orientation", E,
    "this map is {shape}: draw missions and tiles on an orthogonal map of fixed size", """
    A board is a grid of squares, so the map must be orthogonal and finite
    (Map > Map Properties: Orientation Orthogonal, Infinite off).""")
TILED_TERRAIN = _code("ZW962", "tiled-terrain", E,
    "{where}: square {x},{y} holds tile {tile} of tileset `{tileset}`, which has no terrain: "
    "give the tile the class `terrain`", """
    Terrain is read from tile layers: every tile placed must have the class
    `terrain` (from the zwar project's propertytypes.json), whose `terrain`
    property says corridor, room, stairs, water, transition or void. Empty cells
    are void. The zwar terrain tileset has one tile of each.""")
TILED_CLASS = _code("ZW963", "tiled-class", E,
    "object {id}: class `{cls}` is not part of the zwar Tiled project: use one of {known}", """
    Objects say what they are by their class: wall, obstacle and door along
    the grid lines; start, exit, spawn, objective, item, object, crate, keycard,
    infected, npc, rib, room and stairs on a square. Load the zwar project's
    propertytypes.json into Tiled to pick them from a list.""")
TILED_NO_CLASS = _code("ZW964", "tiled-no-class", W,
    "object {id} has no class and is left out: give it one of the zwar classes, or delete it", """
    An object without a class means nothing to the board, so it is skipped;
    the warning makes sure that is what you meant.""")
TILED_GEOMETRY = _code("ZW965", "tiled-geometry", E, "object {id} ({cls}) {problem}", """
    Walls, obstacles and doors lie on the lines between squares: draw walls and
    obstacles as polylines whose points sit on grid corners (hold Ctrl to snap),
    running straight along the grid; a door is a one-square line, or a point in
    the middle of the edge it stands on. Markers are points, rectangles or tile
    objects; the square under the point (or the shape's centre) is theirs.
    Objects must not be rotated.""")
TILED_OUTSIDE = _code("ZW966", "tiled-outside", E,
    "object {id} ({cls}) is outside floor `{floor}`, which is {width} x {height} squares", """
    Everything placed on a floor must be on one of its squares or edges.""")
TILED_PROPERTY = _code("ZW967", "tiled-property", E, "{owner}: property `{name}` {problem}", """
    Each class of the zwar Tiled project has a fixed set of properties (see
    docs/interop.md). A property the class does not have is an error, never
    silently ignored, so a typo cannot drop what you meant; colour and object
    properties are not used.""")
TILED_LAYOUT = _code("ZW968", "tiled-layout", E, "{problem}", """
    How the map is laid out: one floor per top-level group layer (or the whole
    map as the one floor "ground"), each with tile layers for its terrain and
    object layers for walls, doors and markers; a tile map (class `tile`) holds
    terrain, walls, obstacles and plain doors only.""")
TILED_BASE = _code("ZW969", "tiled-base", E, "`{key}` is drawn on the Tiled map {map}: remove it from this file", """
    A map's `base` file holds what a map cannot draw (spawn tables, events,
    victory and defeat, notes). What the map draws (floors, doors, rooms,
    markers) comes from the map alone, so the base file must not set it too.""")

TILED_NOT_ZWAR = _code("ZW970", "tiled-not-zwar", E,
    "this map uses nothing of the zwar Tiled project: start one with `zwar export tiled MISSION`, or load the "
    "project's classes into Tiled (docs/interop.md)", """
    A zwar map says what each thing is with the zwar Tiled project's classes:
    a map of class `mission` or `tile`, terrain tiles of class `terrain`, and
    wall, door and marker objects. This map has none of them, so it was drawn
    for something else. `zwar export tiled MISSION` writes a mission as a map
    to start from; docs/tiled/ holds the project file (zwar.tiled-project), its
    classes (propertytypes.json) and the terrain tileset (terrain.tsj), and
    docs/interop.md shows how to draw a board with them.""")
TILED_OUTSIDE_FOLDER = _code("ZW971", "tiled-outside-folder", E,
    "the {what} `{source}` is outside the map's folder: move it beside the map, or allow its folder with --read", """
    A map is often shared, so what it names is read only from its own folder
    (and the folders under it): a map cannot make `zwar import tiled` read, or
    copy into the mission it writes, a file elsewhere on your computer. Move
    the base file, tileset or template beside the map, or pass its folder with
    `zwar import tiled MAP --read FOLDER` when you mean it to be read.""")

# --- printing (ZW980-ZW999) -------------------------------------------------------------

UNPRINTABLE = _code("ZW980", "unprintable-text", W, "{what} cannot be printed: {chars}; {advice}", """
    Sheets are drawn with DejaVu Sans, and with Droid Sans Fallback for the
    Chinese, Japanese and Korean characters DejaVu Sans lacks. A character
    neither font has would print as an empty box, so it is reported instead,
    at its first use. Install the fallback font where it is missing (Debian and
    Ubuntu: apt install fonts-droid-fallback), or write the text without it.""")


SQUEEZED = _code("ZW981", "text-squeezed", W, "{what} `{text}` is {how}", """
    Texts on cards and sheets are fitted into their place: set smaller, down to
    a least size, and past that cut off with an ellipsis. Either way the printed
    text is not what was written at the size it was meant to be read at, so each
    text fitted so is reported once, where it is written. Shorten the text (a
    card's rules text, a name, a title), or split it.""")


def lookup(text: str) -> Code:
    """The code named by ``text``: its number (``ZW302``, any case) or its name (``room-leak``); KeyError if none."""
    if text.upper() in CODES:
        return CODES[text.upper()]
    by_name = {entry.name: entry for entry in CODES.values()}
    return by_name[text.strip().lower().replace("_", "-")]


def suggest(text: str) -> str | None:
    """The code name closest to a mistyped name (``roomleak`` -> ``room-leak``), if one is close."""
    if text.upper().startswith("ZW"):
        return None
    close = difflib.get_close_matches(text.strip().lower(), [entry.name for entry in CODES.values()], n=1)
    return close[0] if close else None


#: Codes no longer reported, with what reports their problem now: a code never comes back with another meaning.
RETIRED = {
    "ZW626": ("timer-unplayed", ("A 3-turn timer the engine does not play is now named once, with everything "
                                 "else the engine cannot play in the mission, by ZW150 (engine-cannot-play).")),
}


def explain(code: str) -> str:
    """The long explanation of a code (by number or name), for ``zwar explain``; KeyError if unknown."""
    retired = next(((c, n, t) for c, (n, t) in RETIRED.items() if code.strip().upper() == c or code.strip() == n),
                   None)
    if retired is not None:
        number, name, text = retired
        return f"{number} {name} (retired)\n\n{text}\n"
    entry = lookup(code)
    return f"{entry.code} {entry.name} ({entry.severity.value})\n\n{entry.explanation}\n"
