import json
import sys
from pathlib import Path

import click

from ..analysis.query import RELATIONS, QueryBoard, QueryError
from ..compile.reader import read_mission
from .complete import complete_missions
from .options import MAX_BATCH_LINES, BatchFile, edges, squares
from .output import PACK_PATH, usage_errors

HELP = """Answer one question about a mission's board, as one line of JSON.

MISSION is a mission source (.toml or .json) or a compiled mission (.json from
`zwar build`). Squares are x,y or floor:x,y. Doors are closed unless named with
--open (H:1,1, or floor:V:4,2 on several floors) or all opened with --doors open;
--units marks squares holding figures, which block a hero's LOS and paths.

\b
Relations:
""" + "\n".join(f"  {name:<6} {text}" for name, text in RELATIONS.items()) + """

\b
  zwar query missions/hold-out.toml los 0,0 2,2
  {"relation": "los", "from": "0,0", "to": "2,2", "value": true}

--batch FILE (or - for standard input) reads one question per line,
RELATION A B, and answers each on its own line; a bad line gets an object with
an "error" key. A malformed or off-board square exits with status 2, a board
that does not compile with status 1 and its diagnostics."""


@click.command("query", help=HELP)
@click.argument("mission", type=click.Path(path_type=Path), shell_complete=complete_missions)
@click.argument("relation", required=False)
@click.argument("a", required=False)
@click.argument("b", required=False)
@click.option("--open", "open_edges", multiple=True, metavar="EDGE", callback=edges,
              help="A door that is open (repeatable).")
@click.option("--doors", type=click.Choice(["open", "closed"]), default="closed", show_default=True,
              help="Every door open, or only those named with --open.")
@click.option("--units", metavar="SQUARES", callback=squares, help="Occupied squares: 3,4,5,5 (or floor:3,4,floor:5,5).")
@click.option("--batch", type=BatchFile(), help=f"Questions, one per line: RELATION A B (at most {MAX_BATCH_LINES}).")
@PACK_PATH
@usage_errors
def command(mission, relation, a, b, open_edges, doors, units, batch, search) -> None:
    opened = read_mission(mission, [Path(s) for s in search], board_only=True)
    if opened.board is None:
        for diagnostic in opened.report.sorted():
            click.echo(diagnostic.human())
        raise SystemExit(1)
    board = QueryBoard(opened.board, opened.game)
    try:
        states = board.doors(list(open_edges), doors == "open")
        occupied = board.units(units)
        if batch is None:
            if not relation or not a:
                raise QueryError("give RELATION and squares, or --batch FILE")
            click.echo(_line(relation, a, b, board.answer(relation, a, b, states, occupied)))
            return
    except QueryError as exc:
        click.echo(f"zwar query: {exc}", err=True)
        sys.exit(2)
    for text in batch:
        parts = text.split()
        if not parts:
            continue
        relation, a, b = (parts + [None, None])[:3]
        try:
            if len(parts) > 3:
                raise QueryError(f"too many words in `{text.strip()}`: RELATION A B")
            click.echo(_line(relation, a, b, board.answer(relation, a or "", b, states, occupied)))
        except QueryError as exc:
            click.echo(json.dumps({**_head(relation, a, b), "error": str(exc)}))


def _head(relation, a, b) -> dict:
    head = {"relation": relation, "from": a}
    if b is not None:
        head["to"] = b
    return head


def _line(relation, a, b, value) -> str:
    return json.dumps({**_head(relation, a, b), "value": value})
