import json
from pathlib import Path

import click

from .complete import complete_packs
from .output import LIST_FORMAT, PACK_PATH, plural, usage_errors


@click.command("assumed")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path), shell_complete=complete_packs)
@click.option("--own", is_flag=True, help="Only the pack's own values, not those of the packs it requires.")
@LIST_FORMAT
@PACK_PATH
@usage_errors
def command(paths: tuple[Path, ...], own: bool, fmt: str, search: tuple[str, ...]) -> None:
    """List every rules value marked as assumed (not printed in the sources).

    PATHS are packs (folders, files in them, or pack ids such as `core`). A
    pack's list holds the values of the packs it requires too, since its
    missions rest on them. Someone holding the real cards can check each
    against them and correct it.
    """
    # Here, so `--help` and shell completion stay instant
    from ..compile.assumed import assumed_by_pack

    found = assumed_by_pack(list(paths), [Path(s) for s in search])
    if fmt == "json":
        click.echo(json.dumps([{"pack": p.pack, "own": [_json(a) for a in p.own],
                                "inherited": {} if own else {k: [_json(a) for a in v] for k, v in p.inherited.items()}}
                               for p in found], indent=2, sort_keys=True))
        return
    for pack in found:
        for a in pack.own + ([] if own else [a for values in pack.inherited.values() for a in values]):
            click.echo(f"{a.location.display()}: {a.kind} {a.entry}: {a.key} = {json.dumps(a.value)}")
    for pack in found:
        line = f"{pack.pack}: {plural(len(pack.own), 'assumed value')} of its own"
        if pack.inherited and not own:
            line += "; inherited: " + ", ".join(f"{len(v)} from {k}" for k, v in pack.inherited.items())
        click.echo(line)


def _json(a) -> dict:
    return {"path": str(a.location.display().rsplit(":", 2)[0]), "line": a.location.line, "col": a.location.col,
            "entry": a.entry, "kind": a.kind, "key": a.key, "value": a.value, "pack": a.pack}
