"""Each input in a worker process, stopped once it runs past the time budget: a hang is a finding.

The time a finished input took can only be read once it has finished, so a
budget checked afterwards never sees a hang: the run sat on `pool =
"9223372036854775808"` for 30 minutes without a word. Here a worker process
holds the fuzz target (its scratch copy and everything it parsed once) and
plays the inputs it is sent; the runner waits for each answer at most the
budget, and past it kills the worker, records the input as a hang, and starts
a fresh worker for the next one. The worker's memory is capped too
(``MEMORY_BYTES``), so an input that would exhaust the machine is a crash
(MemoryError) instead. Fork start only (Linux, macOS): the target is handed to
the worker as it is, not pickled.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from typing import Any, Protocol

from .harness import Input, Verdict

MEMORY_BYTES = 4 << 30  # what one worker may map: far above any input's honest needs
READY_SECONDS = 300.0  # a fresh worker's set-up (copying the content, starting a server), not an input's


class Target(Protocol):
    """A surface to fuzz: inputs from a seed, each run and judged."""

    def inputs(self, seed: int, count: int, start: int = 0) -> Any: ...

    def run(self, item: Input, budget: float) -> Verdict: ...

    def close(self) -> None: ...


class Guard:
    """``make()``'s target in a worker process; ``run`` answers within the budget, a hang included."""

    def __init__(self, make: Callable[[], Target]) -> None:
        self.make = make
        self.restarts = 0
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(self.make, child), daemon=True)
        self.process.start()
        child.close()
        if not self.conn.poll(READY_SECONDS) or self.conn.recv() != "ready":
            self._kill()
            raise RuntimeError(f"the fuzz worker did not start in {READY_SECONDS:g} s")

    def inputs(self, seed: int, count: int, start: int = 0) -> Iterator[Input]:
        """The target's inputs, made by the worker one at a time (the same after a restart: they depend only
        on the seed and the number)."""
        for number in range(start, start + count):
            self.conn.send(("input", seed, number))
            item: Input = self.conn.recv()
            yield item

    def run(self, item: Input, budget: float) -> Verdict:
        self.conn.send(("run", item, budget))
        try:
            if self.conn.poll(budget):
                verdict: Verdict = self.conn.recv()
                return verdict
            crash = None
        except EOFError:  # the worker died under the input: killed by the system, or a crash in C
            crash = f"the worker died (exit status {self.process.exitcode})"
        self._kill()
        self.restarts += 1
        self._start()
        return Verdict(item, budget, crash=crash, hang=crash is None)

    def _kill(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()

    def close(self) -> None:
        try:
            self.conn.send(None)
            self.process.join(timeout=30)
        except OSError:
            pass
        if self.process.is_alive():
            self._kill()


def _serve(make: Callable[[], Target], conn: Connection) -> None:
    try:
        import resource  # POSIX only

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    except (ImportError, ValueError, OSError):
        pass  # no such limit here, or a lower hard limit already holds
    target = make()
    conn.send("ready")
    try:
        while (task := conn.recv()) is not None:
            if task[0] == "input":
                conn.send(next(iter(target.inputs(task[1], 1, task[2]))))
            else:
                conn.send(target.run(*task[1:]))
    finally:
        target.close()
