"""Output folders that appear whole: written out of sight, then swapped in.

A published folder ``OUT/name`` is a plain folder. A new version is written into a hidden
sibling ``OUT/.name~TOKEN`` and then takes the place of ``OUT/name``. On Linux the two folders
trade places in one step (``renameat2`` with ``RENAME_EXCHANGE``), which the operating system
performs whole: a reader, or a process killed at any instant, finds the old folder or the new
one, never a mixture and never nothing. Where that call is missing (other systems, file systems
without it) the old folder is moved aside to ``OUT/.name~aside`` and the new one renamed into
place: two steps, and a process killed between them leaves no ``OUT/name``, so the next publish
of the same name moves the aside folder back first. Either way the old version is removed
afterwards, and hidden siblings left by a killed run go on the next publish of the same name.

Two zwar processes publishing into the same OUT folder take turns: each holds
a lock on OUT (released by the system if the process dies) while it writes, so
one never takes the other's staging folder for a leftover.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from .errors import UsageError

SEP = "~"  # ids never hold it, so `.name~` names only the versions of `name`
ASIDE = "aside"  # `.name~aside`: the old version, moved aside for the two-step swap


@contextmanager
def publish(target: Path, keep: Callable[[str], bool] | None = None) -> Iterator[Path]:
    """A fresh hidden folder beside ``target`` to write into; once the block ends without an
    error, it takes the place of ``target``. On an error (or a kill) ``target`` stays as it was.

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


def sweep(target: Path) -> list[Path]:
    """Remove the hidden versions of ``target`` a stopped run left; the paths removed. If a run was
    stopped between the two steps of a swap (``target`` missing, the old version aside), the old
    version is put back first. (An older zwar made ``target`` a link to one of them: that one stays.)"""
    prefix = f".{target.name}{SEP}"
    live = target.parent / os.readlink(target) if target.is_symlink() else None
    entries = sorted(e for e in target.parent.iterdir() if e.name.startswith(prefix) and e != live
                     ) if target.parent.is_dir() else []
    aside = target.parent / f"{prefix}{ASIDE}"
    if aside in entries and not os.path.lexists(target):
        os.replace(aside, target)
        entries.remove(aside)
    for entry in entries:
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
    return entries


def carry(source: Path, dest: Path, keep: Callable[[str], bool]) -> None:
    """Hard-link the files of ``source`` that ``keep`` accepts into ``dest``. A link that leads beside
    ``source`` (an older zwar linked ``sheets/`` to a hidden folder there) is carried as what it
    points at, so no link of zwar's own survives; other links are copied as links."""
    beside = os.path.realpath(source.parent) + os.sep
    seen = {os.path.realpath(source)}

    def followed(path: Path) -> bool:
        return not path.is_symlink() or os.path.realpath(path).startswith(beside)

    for root, folders, files in os.walk(source, followlinks=True):
        here = Path(root)
        links = [f for f in folders if not followed(here / f) or os.path.realpath(here / f) in seen]
        folders[:] = [f for f in folders if f not in links]
        seen.update(os.path.realpath(here / f) for f in folders)
        for name in sorted(files) + links:
            path, rel = here / name, (here.relative_to(source) / name).as_posix()
            if not keep(rel):
                continue
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            if name in links or not followed(path):
                os.symlink(os.readlink(path), dest / rel)
                continue
            try:
                os.link(path, dest / rel)  # a followed link: what it points at
            except OSError:  # a file system without hard links
                shutil.copy2(path, dest / rel)


def _swap(target: Path, staging: Path) -> None:
    """Put ``staging`` in the place of ``target`` and remove the old version."""
    if target.is_symlink():  # an older zwar's link to a hidden version: the link goes, then sweep
        target.unlink()
    if not target.exists():
        os.replace(staging, target)
        sweep(target)
    elif _exchange(staging, target):
        shutil.rmtree(staging, ignore_errors=True)
    else:
        aside = target.with_name(f".{target.name}{SEP}{ASIDE}")
        os.replace(target, aside)
        os.replace(staging, target)
        shutil.rmtree(aside, ignore_errors=True)


def _exchange(one: Path, other: Path) -> bool:
    """Trade two folders' places in one step, where the system can (Linux ``renameat2``)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        call = ctypes.CDLL(None, use_errno=True).renameat2
    except AttributeError:  # a C library older than glibc 2.28
        return False
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    here, exchange = -100, 2  # AT_FDCWD, RENAME_EXCHANGE
    return call(here, os.fsencode(one), here, os.fsencode(other), exchange) == 0


def write_whole(path: Path, text: str | bytes) -> None:
    """Write ``text`` (as UTF-8, or bytes as they are) to the file ``path`` whole: into a hidden
    temporary file beside it, renamed over it in one step. If anything fails (the disk is full, the rename is refused) ``path`` is as it
    was and the temporary file is removed."""
    path = Path(path)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent if str(path.parent) else ".")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8") if isinstance(text, str) else text)
        os.chmod(name, 0o644)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def write_files(folder: Path, files: Mapping[str, str | bytes]) -> list[Path]:
    """Each of ``files`` (name: content) into ``folder``, made if missing, each written whole."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        write_whole(folder / name, content)
    return [folder / name for name in files]
