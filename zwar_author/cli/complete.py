"""Shell completion: mission files by their id, pack ids, diagnostic codes.

Completion runs on every Tab press, so it reads no more than it must: pack
folders under the working directory (a few levels down), each mission's id from
the start of its file, and the code table; nothing here imports the compiler.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import click
from click.shell_completion import CompletionItem

DEPTH = 3
SKIP = {"build", "node_modules", "__pycache__", "dist", "site-packages"}
_MISSION_ID = re.compile(r'^\[mission\][^\[]*?^\s*id\s*=\s*"([^"]*)"', re.MULTILINE | re.DOTALL)
_JSON_ID = re.compile(r'"mission"\s*:\s*\{[^{}]*?"id"\s*:\s*"([^"]*)"', re.DOTALL)
_PACK_ID = re.compile(r'^\[pack\][^\[]*?^\s*id\s*=\s*"([^"]*)"', re.MULTILINE | re.DOTALL)


def packs(folder: Path = Path("."), depth: int = DEPTH) -> list[Path]:
    """Pack folders (holding pack.toml) at or below ``folder``."""
    if (folder / "pack.toml").is_file():
        return [folder]
    if depth == 0:
        return []
    try:
        children = sorted(p for p in folder.iterdir()
                          if p.is_dir() and not p.name.startswith(".") and p.name not in SKIP)
    except OSError:
        return []
    return [pack for child in children for pack in packs(child, depth - 1)]


def missions() -> list[tuple[str, Path]]:
    """(mission id, source file) of every mission in the packs under the working directory."""
    found = []
    for root in packs():
        for path in sorted((root / "missions").glob("*.*")):
            if path.suffix not in (".toml", ".json"):
                continue
            head = _head(path)
            match = (_MISSION_ID if path.suffix == ".toml" else _JSON_ID).search(head)
            found.append((match[1] if match else path.stem, path))
    return found


def _head(path: Path, size: int = 4096) -> str:
    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            return file.read(size)
    except OSError:
        return ""


def complete_missions(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Mission files whose id (or file name) starts with what was typed, then ordinary files."""
    items = []
    if os.sep not in incomplete:
        items = [CompletionItem(str(path), help=mission_id) for mission_id, path in missions()
                 if mission_id.startswith(incomplete) or path.stem.startswith(incomplete)]
    return items + [CompletionItem(incomplete, type="file")]


def complete_packs(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Pack ids of the packs under the working directory, then mission files, then files."""
    items = []
    for root in packs():
        match = _PACK_ID.search(_head(root / "pack.toml"))
        if match and match[1].startswith(incomplete) and os.sep not in incomplete:
            items.append(CompletionItem(match[1], help=str(root)))
    return items + complete_missions(ctx, param, incomplete)


def complete_codes(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Diagnostic codes (ZW302) and their names (room-leak), with what each is."""
    from ..codes import CODES

    typed = incomplete.lower()
    return [CompletionItem(entry.code, help=entry.name) for entry in CODES.values()
            if entry.code.lower().startswith(typed) or entry.name.startswith(typed)]
