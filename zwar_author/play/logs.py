"""What a rules scenario's ``[expect] log`` and ``absent`` check, for every game's scenario runner."""

from __future__ import annotations

from typing import Any


def log_failures(g: Any, expect: Any) -> list[str]:
    """The lines of ``expect.log`` missing from ``g.log`` in that order, and those of ``expect.absent`` present
    (``g.log`` holds events with a ``text``; ``expect`` has ``log`` and ``absent`` lists)."""
    lines = [e.text for e in g.log]
    failures = []
    position = 0
    for wanted in expect.log:
        try:
            position = lines.index(wanted, position) + 1
        except ValueError:
            before = f" after `{lines[position - 1]}`" if position else ""
            failures.append(f"log: missing `{wanted}`{before}; the log was:\n      " + "\n      ".join(lines))
            break
    for unwanted in expect.absent:
        if unwanted in lines:
            failures.append(f"log: `{unwanted}` should not happen")
    return failures
