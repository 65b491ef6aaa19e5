"""Playing many games: in this process, on every local core, or on a Dask cluster.

Game ``i`` of a run with seed ``S`` is always the same game: its dice and its
bots' choices come from seeds derived from ``(S, i)`` alone, so the totals do
not depend on how the games are shared out, nor in what order they finish.
Workers get the compiled mission as plain data (the document `zwar build`
writes) and rebuild it once each, so a cluster needs no access to the sources.
Results come back as small records, chunk by chunk, and are added up as they
arrive, with at most two chunks a worker under way (``windowed``): memory stays
flat however many games are played.

A run ends with its workers however it ends: a local worker ignores Ctrl+C
(the playtest handles it: ``Interrupted`` carries the games finished, and the
workers are stopped), and the kernel ends it when the playtest process dies
(Linux's PR_SET_PDEATHSIG; elsewhere a thread watching the parent), so a
playtest killed with SIGKILL or SIGTERM leaves no worker behind.
"""

from __future__ import annotations

import ctypes
import gc
import hashlib
import json
import os
import random
import signal
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from ..compile.reader import board_of, model_of
from ..engine.api import new_game, simulate
from ..engine.mission import Mission
from ..engine.state import DEFAULT_SETUP, Setup
from ..publish import write_whole
from .director import against
from .record import record
from .sequential import Precision
from .stats import Totals
from .versus import policy_for

Progress = Callable[[int], None]


class Counted(Protocol):
    runs: int


T = TypeVar("T", bound=Counted)


class Interrupted(KeyboardInterrupt, Generic[T]):
    """Ctrl+C during a run: ``totals`` holds the games finished by then (the workers are stopped): a
    mission's ``Totals``, or a campaign run's. A KeyboardInterrupt still, so a caller that keeps no
    partial result exits as on any Ctrl+C."""

    def __init__(self, totals: T) -> None:
        super().__init__(f"interrupted after {totals.runs} games")
        self.totals = totals


@dataclass(frozen=True)
class Plan:
    document: dict  # the compiled mission, as `zwar build` writes it
    policy: str
    runs: int
    seed: int
    setup: Setup = DEFAULT_SETUP
    keep_logs: bool = False
    director: str = ""  # director games: "bot" or "passive" (playtest/director.py)


def game_seed(seed: int, index: int, purpose: str = "dice") -> int:
    """The seed of one game's dice (or of its bots' own choices), from the run's seed and its index."""
    digest = hashlib.sha256(f"zwar-playtest:{seed}:{index}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


class _Kept(threading.local):
    """The missions one thread plays. A mission's caches serve one game at a time (a distance field is
    searched on as questions come), so a Dask worker playing games in several threads gives each
    thread a mission of its own."""

    def __init__(self) -> None:
        self.missions: dict[str, Mission] = {}


_kept = _Kept()


def _key(document: dict) -> str:
    return f"{document['pack']}/{document['mission']['id']}:{document['source']['sha256']}"


def mission_for(plan: Plan) -> Mission:
    """The plan's mission: the caller's own (``run`` keeps it), else rebuilt from the document
    once per worker process (per thread where a worker plays games in several)."""
    key = _key(plan.document)
    kept = _kept.missions
    if key not in kept:
        kept.clear()
        kept[key] = Mission(model_of(plan.document), board_of(plan.document))
    return kept[key]


def play(plan: Plan, index: int) -> dict:
    """Game ``index`` of the run: its record (with its log when the plan keeps logs)."""
    mission = mission_for(plan)
    seed = game_seed(plan.seed, index)
    game = new_game(mission, plan.setup)
    chooser = policy_for(mission, plan.policy, game_seed(plan.seed, index, "bots"), plan.director)
    simulate(game, against(chooser, plan.director) if plan.director else chooser, random.Random(seed))
    out = record(game, index, seed)
    if plan.keep_logs:
        out["log"] = [e.record(mission) for e in game.log]
    return out


def play_chunk(plan: Plan, indices: list[int]) -> list[dict]:
    with collector_paused():
        return [play(plan, i) for i in indices]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a chunk of games is played, and let run again after.

    A game makes no reference cycles (tests/test_playtest_gc.py plays every core mission with every
    bot and checks that the collector finds nothing), so the collector has nothing to free while games
    are played; yet each of its full passes walks every distance row and field the mission and the bots
    keep, tens of megabytes by the end of a run: some 5 to 7% of a bot game. Objects with no cycles
    are freed as soon as they are dropped whether it runs or not, and whatever a future rule did tie in
    a cycle is collected when the chunk (at most 50 games) ends: memory stays bounded either way."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def chunks(runs: int, parts: int) -> list[list[int]]:
    """Game indices in chunks: enough of them to keep every worker busy to the end."""
    size = max(1, min(50, runs // max(1, parts * 8)))
    return [list(range(start, min(runs, start + size))) for start in range(0, runs, size)]


def run(plan: Plan, jobs: int = 1, progress: Progress | None = None, scheduler: str | None = None,
        logs: Path | None = None, mission: Mission | None = None,
        each: Callable[[dict], None] | None = None, pool: Executor | None = None,
        stop: Precision | None = None) -> Totals:
    """Play the plan's games and add them up; ``scheduler``: a Dask scheduler address, or "local"
    for a Dask cluster of ``jobs`` worker processes on this machine. ``mission``: the plan's
    mission as the caller already has it (played as it is here, never rebuilt). ``each`` sees
    every game's record as it arrives (in any order: a paired comparison files them by index).
    ``pool``: workers to play on, kept by a caller that runs many plans (``workers``; else made here).
    ``stop``: end the run once the win rate is that precise (``sequential``); the games are then
    counted in the order of their numbers, so the same games count whatever the workers."""
    if mission is not None:
        _kept.missions.clear()
        _kept.missions[_key(plan.document)] = mission
    totals = Totals()
    if pool is not None:
        results = _processes(plan, jobs, pool)
    elif scheduler is not None:
        results = _dask(plan, jobs, scheduler)
    elif jobs > 1:
        results = _processes(plan, jobs)
    else:
        results = _here(plan)
    waiting: dict[int, dict] = {}  # with ``stop``: games that arrived before a game numbered lower

    def count(r: dict) -> None:
        log = r.pop("log", None)
        if logs is not None and log is not None:
            write_log(logs / f"game-{r['index']:06d}.jsonl", log)
        if each is not None:
            each(r)
        totals.add(r)

    try:
        for records in results:
            for r in records:
                if stop is None:
                    count(r)
                    continue
                waiting[r["index"]] = r
                while totals.runs in waiting:
                    count(waiting.pop(totals.runs))
                    if stop.due(totals.runs) and stop.reached(totals.wins, totals.runs):
                        return totals
            if progress:
                progress(len(records))
    except KeyboardInterrupt as interrupt:
        if logs is not None:  # a log Ctrl+C cut short mid-write (write_whole's hidden temporary)
            for stray in logs.glob(".*.tmp"):
                stray.unlink(missing_ok=True)
        if isinstance(interrupt, Interrupted):
            raise
        raise Interrupted(totals) from None
    finally:
        results.close()  # a run stopped early submits no more games and waits only for those under way
    return totals


def _here(plan: Plan) -> Generator[list[dict], None, None]:
    """The games played in this process, chunk by chunk; on Ctrl+C the games of the chunk finished so
    far are handed on before the interrupt goes on."""
    for part in chunks(plan.runs, 1):
        done: list[dict] = []
        try:
            with collector_paused():
                for index in part:
                    done.append(play(plan, index))
        except KeyboardInterrupt:
            yield done
            raise
        yield done


def write_log(path: Path, log: list[dict]) -> None:
    """One game's events, a JSON object a line (the file is written whole)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_whole(path, "".join(json.dumps(e, sort_keys=True, ensure_ascii=False) + "\n" for e in log))


def _processes(plan: Plan, jobs: int, pool: Executor | None = None) -> Generator[list[dict], None, None]:
    if pool is None:
        with local_pool(jobs) as own:
            yield from _processes(plan, jobs, own)
        return
    yield from windowed(lambda part: pool.submit(play_chunk, plan, part), chunks(plan.runs, jobs), 2 * jobs)


@contextmanager
def local_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` worker processes that end with this one; on Ctrl+C (or any error) they are killed at once
    rather than waited for through the chunks they are playing."""
    pool = ProcessPoolExecutor(jobs, initializer=_worker_start, initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        processes = list((getattr(pool, "_processes", None) or {}).values())  # the standard pool's own table
        for process in processes:
            process.kill()
        _end_results(pool)
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _end_results(pool: ProcessPoolExecutor) -> None:
    """Close this process's copy of the end workers send results into. A worker killed halfway through
    sending one leaves part of a message in the pipe, and the pool's own thread, which the interpreter
    joins at exit, would wait for the rest for ever; with every writing end closed (the killed workers'
    with them) it reads the pipe's end instead, and the pool shuts down as broken."""
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)  # the standard pool's own queue
    if writer is not None:
        writer.close()


PR_SET_PDEATHSIG = 1  # linux/prctl.h: the signal a process gets when its parent dies


def _worker_start(parent: int) -> None:
    """A worker process's first step: leave Ctrl+C to the playtest, and die with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    else:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the playtest died before the kernel was told
        os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def windowed(submit: Callable[[list[int]], Future], parts: Iterable[list[int]], width: int,
             wait_for: Callable = wait) -> Iterator:
    """The results of ``submit(part)`` for every part, as they finish, with at most ``width`` parts under
    way: a result is handed on and dropped before another part is submitted, so what is held does not
    grow with the number of parts. ``wait_for``: ``concurrent.futures.wait``, or Dask's."""
    todo = iter(parts)
    pending: set = set()
    while True:
        while len(pending) < width and (part := next(todo, None)) is not None:
            pending.add(submit(part))
        if not pending:
            return
        done, pending = wait_for(pending, return_when=FIRST_COMPLETED)
        pending = set(pending)
        while done:
            yield done.pop().result()


#: How long to wait for a Dask scheduler to answer before giving up.
CONNECT_SECONDS = 20
#: The most bytes a scheduler's first message (its handshake, a few hundred bytes) may announce.
MAX_HANDSHAKE = 1 << 20
DASK_MISSING = "running on a cluster needs Dask: pip install 'zwar-author[cluster]'"


def _dask(plan: Plan, jobs: int, scheduler: str) -> Generator[list[dict], None, None]:
    with _client(jobs, scheduler) as client:
        from dask.distributed import wait as dask_wait  # there: _client imported it

        shared = client.scatter(plan, broadcast=True)
        yield from windowed(lambda part: client.submit(play_chunk, shared, part, pure=False),
                            chunks(plan.runs, jobs), 2 * jobs, dask_wait)


@contextmanager
def _client(jobs: int, scheduler: str) -> Iterator:
    """A Dask client: of a local cluster of ``jobs`` workers (``local``), or of the scheduler at that address."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RuntimeError(DASK_MISSING) from None
    if scheduler != "local":
        probe_scheduler(scheduler)
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None) \
        if scheduler == "local" else None
    try:
        client = Client(cluster if cluster is not None else scheduler, timeout=CONNECT_SECONDS)
    except OSError as exc:  # nothing answers at that address: say so instead of waiting
        if cluster is not None:
            cluster.close()
        raise RuntimeError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def probe_scheduler(address: str, timeout: float | None = None) -> None:
    """RuntimeError unless what answers at ``address`` (HOST:PORT, tcp:// or not) starts as a Dask scheduler
    does: at once, with the length of its handshake. Dask reads that length and allocates it before
    looking further, so a web server's "HTTP/1.1" read as a length was a MemoryError of 3.07 EiB."""
    timeout = CONNECT_SECONDS if timeout is None else timeout
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    if address.partition("://")[1] and not address.startswith("tcp://"):
        return  # tls, websockets, ucx: spoken through Dask's own layers, not probed here
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout) as probe:
            first = b""
            while len(first) < 8 and (more := probe.recv(8 - len(first))):
                first += more
    except TimeoutError:
        raise RuntimeError(f"{address} answers but is not a Dask scheduler: it sent nothing in {timeout:g} s "
                           "(a scheduler speaks first)") from None
    except OSError as exc:
        raise RuntimeError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}") from None
    if len(first) < 8 or struct.unpack("<Q", first)[0] > MAX_HANDSHAKE:
        raise RuntimeError(f"{address} answers but is not a Dask scheduler (it began with {first[:8]!r})")


@contextmanager
def workers(jobs: int, scheduler: str | None) -> Iterator[Executor | None]:
    """Workers to share between many runs (``run(..., pool=...)``): ``jobs`` local processes, or the
    Dask cluster's; None when the games are played in this process."""
    if scheduler is not None:
        with _client(jobs, scheduler) as client:
            yield client.get_executor(pure=False)
    elif jobs > 1:
        with local_pool(jobs) as pool:
            yield pool
    else:
        yield None
