import threading
import webbrowser
from pathlib import Path

import click

from ..errors import display_path
from ..serve.app import Preview
from .output import PACK_PATH, plural, usage_errors


@click.command("serve")
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in your web browser.")
@PACK_PATH
@usage_errors
def command(path: Path, port: int, open_browser: bool, search: tuple[str, ...]) -> None:
    """A live preview of a pack in your browser, rebuilt on every save.

    Shows each mission's map, every diagnostic (click one to see its line),
    the playability chain, the spawn odds and the mission page, and updates
    within a second of a file being saved. Serves on 127.0.0.1 only; Ctrl+C stops it.
    """
    preview = Preview(path, port, [Path(s) for s in search])
    summary = preview.snapshot.summary()
    click.echo(f"serving {display_path(preview.root)} at {preview.url}: {plural(len(summary['missions']), 'mission')}, "
               f"{plural(summary['errors'], 'error')}, {plural(summary['warnings'], 'warning')} (Ctrl+C stops)")
    preview.start()
    if open_browser:
        webbrowser.open(preview.url)
    try:
        threading.Event().wait()
    finally:
        preview.close()
