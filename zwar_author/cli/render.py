from pathlib import Path

import click

from ..errors import display_path
from ..render.options import FORMATS, ORIENTATIONS, SHEETS, RenderOptions
from .complete import complete_missions
from .options import DPI, SQUARE_MM, CardSize, Length, OutputFolder
from .output import PACK_PATH, emit, plural, usage_errors, writing, written_lines


@click.command("render")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path), shell_complete=complete_missions)
@click.option("--sheet", type=click.Choice([*SHEETS, "all"]), default="all", show_default=True,
              help="Which sheets: the map at true scale, the mission page, the card sheets, or all.")
@click.option("--format", "formats", type=click.Choice([*FORMATS, "all"]), multiple=True, default=("pdf",),
              show_default=True, help="PDF (vector, every page in one file) to print; SVG to edit; PNG to share "
              "(a file a page). Repeatable; `all` for every one. Each goes to OUT/<pack>/sheets/<format>/.")
@click.option("-o", "--out", type=OutputFolder(), default=Path("build"),
              show_default=True, help="Folder to write into: OUT/<pack>/sheets/, beside what `zwar build` writes.")
@click.option("--square", type=Length(SQUARE_MM), default="1in", show_default=True,
              help="Square size on the map sheet, 5mm to 100mm: 25mm, 2.5cm, 1in.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--orientation", type=click.Choice(ORIENTATIONS), default="auto", show_default=True,
              help="Of the map pages: auto takes whichever needs fewer pages (portrait on a tie).")
@click.option("--theme", type=click.Choice(["screen", "ink"]), default="screen", show_default=True,
              help="screen: full colour; ink: light fills and outlined markers, to save ink.")
@click.option("--dpi", type=click.IntRange(*DPI), default=150, show_default=True, help="PNG resolution.")
@click.option("--backs", is_flag=True, help="Add a backs page after each card page, mirrored for duplex printing.")
@click.option("--card-size", "card", type=CardSize(), default="63x88", show_default=True,
              help="Card size in millimetres, WIDTHxHEIGHT; nine fit on a page.")
@click.option("--table", "tables", multiple=True, metavar="ID",
              help="Only these random tables on the quick-reference sheet (repeat for each); default: all.")
@PACK_PATH
@usage_errors
def command(paths, sheet, formats, out, square, paper, orientation, theme, dpi, backs, card, tables,
            search) -> None:
    """Draw print-ready sheets: maps at true scale, mission pages, card sheets, quick-reference sheets
    of random tables, and All Things Zombie scenario pages and record sheets.

    PATHS are missions, packs or folders of packs. Map sheets split large boards
    over several pages with overlap strips and alignment marks; every page carries
    a 10 cm (A4) or 4 inch (Letter) scale bar, so a printer that scaled the page
    is caught. Print PDFs at 100% ("actual size"). Sheets and formats not asked
    for stay as an earlier render left them.
    """
    # Here, so `--help` and shell completion stay instant
    from ..render.cards import largest_card
    from ..render.project import render

    most = largest_card(paper)
    if card[0] > most[0] or card[1] > most[1]:
        raise click.BadParameter(f"`{card[0]:g}x{card[1]:g}`: nine cards fit on {paper} paper up to "
                                 f"{most[0]:.1f}x{most[1]:.1f} mm", param_hint="'--card-size'")
    chosen = FORMATS if "all" in formats else tuple(f for f in FORMATS if f in formats)
    options = RenderOptions(SHEETS if sheet == "all" else (sheet,), chosen, square, paper, theme, dpi,
                            backs, card, orientation, tuple(tables))
    with writing(out):
        result = render(list(paths), out, options, [Path(s) for s in search])
    for line in written_lines(result.written):
        click.echo(line)
    for note in result.notes:
        click.echo(note)
    what = (f"wrote {plural(len(result.written), 'file')} under {display_path(out)}" if result.outcome.report.ok
            else "nothing drawn")
    emit(result.outcome.report, "full", what)
