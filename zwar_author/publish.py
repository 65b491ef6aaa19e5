"""Output folders that appear whole: written out of sight, then swapped in with one rename.

A published folder ``OUT/name`` is a symbolic link to a hidden sibling
``OUT/.name~TOKEN`` that holds the files. A new version is written into a fresh
hidden sibling, and a link to it replaces ``OUT/name`` in one ``rename``, which
the operating system performs whole: a reader, or a process killed at any
instant, finds the old folder or the new one, never a mixture and never
nothing. The old version is removed afterwards. Hidden siblings that no link
points at (a killed run's staging folder, or an old version not yet removed)
are removed by the next publish of the same name.

Two zwar processes publishing into the same OUT folder take turns: each holds
a lock on OUT (released by the system if the process dies) while it writes, so
one never takes the other's staging folder for a leftover.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import UsageError

SEP = "~"  # ids never hold it, so `.name~` names only the versions of `name`


@contextmanager
def publish(target: Path, keep: Callable[[str], bool] | None = None) -> Iterator[Path]:
    """A fresh hidden folder beside ``target`` to write into; once the block ends without an
    error, ``target`` is swapped to it. On an error (or a kill) ``target`` stays as it was.

    ``keep`` names the files (paths relative to ``target``, with ``/``) of the current version
    to carry into the new one, as hard links, for an update of part of the folder. A carried
    file shares its data with the old version: the block must write new files, never into one
    it carried (so ``keep`` must refuse every name the block writes).
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target} is a file, not an output folder: move it or write elsewhere (-o)")
    with _locked(target.parent):
        sweep(target)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}{SEP}", dir=target.parent))
        try:
            os.chmod(staging, 0o755)  # mkdtemp makes private folders; output is for sharing
            if keep is not None and target.is_dir():
                carry(target, staging, keep)
            yield staging
            _swap(target, staging)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise


_held: dict[str, tuple[int, int]] = {}  # folder -> (descriptor, depth): this process's locks


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on ``folder`` for this process (taken again inside: no wait)."""
    if sys.platform == "win32":  # no flock; Windows users run one zwar at a time
        yield
        return
    import fcntl

    key = os.path.realpath(folder)
    if key in _held:
        fd, depth = _held[key]
        _held[key] = (fd, depth + 1)
    else:
        fd = os.open(key, os.O_RDONLY)
        fcntl.flock(fd, fcntl.LOCK_EX)
        _held[key] = (fd, 1)
    try:
        yield
    finally:
        fd, depth = _held[key]
        if depth > 1:
            _held[key] = (fd, depth - 1)
        else:
            del _held[key]
            os.close(fd)  # closing releases the lock


def current(target: Path) -> Path | None:
    """The hidden folder ``target`` links to, if it is a published folder."""
    if not target.is_symlink():
        return None
    name = os.readlink(target)
    return target.parent / name if name.startswith(f".{target.name}{SEP}") and os.sep not in name else None


def sweep(target: Path) -> list[Path]:
    """Remove the hidden versions of ``target`` that it does not link to; the paths removed."""
    live = current(target)
    prefix = f".{target.name}{SEP}"
    removed = []
    for entry in sorted(target.parent.iterdir()) if target.parent.is_dir() else []:
        if not entry.name.startswith(prefix) or entry == live:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
        removed.append(entry)
    return removed


def carry(source: Path, dest: Path, keep: Callable[[str], bool]) -> None:
    """Hard-link the files (and copy the links) of ``source`` that ``keep`` accepts into ``dest``."""
    for root, folders, files in os.walk(source):
        here = Path(root)
        for name in sorted(folders + files):
            path = here / name
            rel = path.relative_to(source).as_posix()
            if path.is_dir() and not path.is_symlink() or not keep(rel):
                continue
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            if path.is_symlink():
                os.symlink(os.readlink(path), dest / rel)
            else:
                try:
                    os.link(path, dest / rel)
                except OSError:  # a file system without hard links
                    shutil.copy2(path, dest / rel)
        folders[:] = [f for f in folders if not (here / f).is_symlink()]


def _swap(target: Path, staging: Path) -> None:
    old = current(target)
    link = staging.with_name(staging.name + ".link")
    os.symlink(staging.name, link)
    if target.is_dir() and not target.is_symlink():
        # A real folder (from an older zwar, or made by hand) cannot be renamed over: it is
        # moved aside first, so this one time a kill between the two steps leaves no folder.
        aside = Path(tempfile.mkdtemp(prefix=f".{target.name}{SEP}", dir=target.parent))
        os.replace(target, aside / target.name)
        old = aside
    os.replace(link, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to the file ``path`` whole: into a hidden temporary file beside it, renamed over
    it in one step. If anything fails (the disk is full, the rename is refused) ``path`` is as it
    was and the temporary file is removed."""
    path = Path(path)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent if str(path.parent) else ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(name, 0o644)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
