from pathlib import Path

import click

from ..errors import display_path
from ..render.cards import largest_card
from ..render.project import SHEETS, RenderOptions, render
from .options import DPI, SQUARE_MM, CardSize, Length, OutputFolder
from .output import PACK_PATH, emit, plural, usage_errors


@click.command("render")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--sheet", type=click.Choice([*SHEETS, "all"]), default="all", show_default=True,
              help="Which sheets: the map at true scale, the mission page, the card sheets, or all.")
@click.option("--format", "fmt_out", type=click.Choice(["pdf", "svg", "png"]), default="pdf", show_default=True,
              help="PDF (vector, every page in one file) to print; SVG to edit; PNG to share (a file a page).")
@click.option("-o", "--out", type=OutputFolder(), default=Path("build"),
              show_default=True, help="Folder to write into: OUT/<pack>/sheets/.")
@click.option("--square", type=Length(SQUARE_MM), default="1in", show_default=True,
              help="Square size on the map sheet, 10mm to 60mm: 25mm, 2.5cm, 1in.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
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
def command(paths, sheet, fmt_out, out, square, paper, theme, dpi, backs, card, tables, search) -> None:
    """Draw print-ready sheets: maps at true scale, mission pages, card sheets, quick-reference sheets
    of random tables, and All Things Zombie scenario pages and record sheets.

    PATHS are missions, packs or folders of packs. Map sheets split large boards
    over several pages with overlap strips and alignment marks; every page carries
    a 10 cm (A4) or 4 inch (Letter) scale bar, so a printer that scaled the page
    is caught. Print PDFs at 100% ("actual size").
    """
    most = largest_card(paper)
    if card[0] > most[0] or card[1] > most[1]:
        raise click.BadParameter(f"`{card[0]:g}x{card[1]:g}`: nine cards fit on {paper} paper up to "
                                 f"{most[0]:.1f}x{most[1]:.1f} mm", param_hint="'--card-size'")
    options = RenderOptions(SHEETS if sheet == "all" else (sheet,), fmt_out, square, paper, theme, dpi, backs, card,
                            tuple(tables))
    result = render(list(paths), out, options, [Path(s) for s in search])
    what = (f"wrote {plural(len(result.written), 'file')} under {display_path(out)}" if result.outcome.report.ok
            else "nothing drawn")
    emit(result.outcome.report, "full", what)
