"""How big a source may be: every limit of the format, in one place.

A pack's CI reads files anyone can send in a pull request, so every size a
source controls is bounded here and checked where the source is read, before
the work it would cause. The limits are far above anything a printed mission
needs (the largest reference board is 24 x 26 squares); docs/format.md lists
them under "Limits", and each has a located error.
"""

from __future__ import annotations

#: Bytes in one source file.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: Arrays and tables nested inside one another (the top level counts as 1).
MAX_DEPTH = 32
#: Characters in one number written in a source.
MAX_NUMBER_CHARS = 40
#: Items in one array.
MAX_ITEMS = 2000
#: Keys in one table.
MAX_KEYS = 2000
#: Squares across and down one floor or one tile side. The caches `zwar build` writes grow with the
#: square of a floor's squares: a 128 x 128 floor needs about 1 GB while they are made.
MAX_FLOOR_SIDE = 128
#: Characters in one line of tile art, and lines of tile art (2 x 128 + 1).
MAX_ART_CHARS = 2 * MAX_FLOOR_SIDE + 1
MAX_ART_LINES = 2 * MAX_FLOOR_SIDE + 1
#: Board squares (void included) on all floors of one mission together: two full floors.
MAX_SQUARES = 2 * MAX_FLOOR_SIDE * MAX_FLOOR_SIDE
#: Infected one dice-table result places, and squares a room spawn is placed away.
MAX_COUNT = 10_000
MAX_DISTANCE = 10_000
#: Diagnostics printed for one file; the rest are summed up in one line.
MAX_PROBLEMS_PER_FILE = 100
