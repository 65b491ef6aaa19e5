"""`zwar serve`: how long from a save to a new build the page can show (issue 16: within a second).

Copies the core pack to a scratch folder, starts the preview (HTTP and watcher threads),
then saves a mission file N times and measures the time until the new build exists;
the baseline is one plain `check` of the same pack in the same process.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from zwar_author.compile.project import check
from zwar_author.serve.app import Preview

ROUNDS = 5
REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        pack = Path(scratch) / "core"
        shutil.copytree(REPO / "content" / "core", pack)
        start = time.perf_counter()
        check([pack])
        baseline = time.perf_counter() - start
        preview = Preview(pack, port=0)
        preview.start()
        try:
            time.sleep(0.5)  # let the watcher settle
            mission = pack / "missions" / "hold-out.toml"
            text = mission.read_text()
            waits = []
            for n in range(ROUNDS):
                version = preview.snapshot.version
                start = time.perf_counter()
                mission.write_text(text + f"\n# save {n}\n")
                preview.wait_for(version, 30)
                preview.snapshot.summary()  # what the page fetches next
                waits.append(time.perf_counter() - start)
        finally:
            preview.close()
    median = statistics.median(waits)
    print(f"save to new build and its page data, core pack (9 missions), median of {ROUNDS}: {median:.2f} s "
          f"(goal 1 s); max {max(waits):.2f} s")
    print(f"baseline: one `check` of the same pack {baseline:.2f} s; ratio {median / baseline:.1f}x")


if __name__ == "__main__":
    main()
