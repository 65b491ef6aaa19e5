"""Every command's options: a bad value is a usage error (exit 2) with the exact text a user sees.

Several of these once hung (a card size of 0x0, a FIFO, a scheduler nobody
answers): each test runs under an alarm, so a hang fails instead of blocking.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest
from conftest import CONTENT

from zwar_author import cli as cli_module
from zwar_author.playtest import runner

MISSION = str(CONTENT / "core" / "missions" / "hold-out.toml")

#: command line -> the last line of standard error
USAGE = {
    ("render", MISSION, "--card-size", "0x0"):
        "Error: Invalid value for '--card-size': `0x0`: each side of a card is from 35 to 100 mm",
    ("render", MISSION, "--card-size", "-63x88"):
        "Error: Invalid value for '--card-size': `-63x88`: write WIDTHxHEIGHT in millimetres, like 63x88",
    ("render", MISSION, "--card-size", "0.001x0.001"):
        "Error: Invalid value for '--card-size': `0.001x0.001`: each side of a card is from 35 to 100 mm",
    ("render", MISSION, "--card-size", "nanxnan"):
        "Error: Invalid value for '--card-size': `nanxnan`: write WIDTHxHEIGHT in millimetres, like 63x88",
    ("render", MISSION, "--card-size", "70x90"):
        "Error: Invalid value for '--card-size': `70x90`: nine cards fit on a4 paper up to 65.3x94.3 mm",
    ("render", MISSION, "--card-size", "63x90", "--paper", "letter"):
        "Error: Invalid value for '--card-size': `63x90`: nine cards fit on letter paper up to 67.3x88.5 mm",
    ("render", MISSION, "--square", "0.0001mm"):
        "Error: Invalid value for '--square': `0.0001mm` is 0.0001 mm: give a length from 5 mm to 100 mm",
    ("render", MISSION, "--square", "1"):
        "Error: Invalid value for '--square': `1` is not a length: write it with its unit, like 25mm, 2.5cm or 1in",
    ("render", MISSION, "--square", "5in"):
        "Error: Invalid value for '--square': `5in` is 127 mm: give a length from 5 mm to 100 mm",
    ("render", MISSION, "--dpi", "5000"):
        "Error: Invalid value for '--dpi': 5000 is not in the range 30<=x<=600.",
    ("render", MISSION, "-o", "/dev/null"):
        "Error: Invalid value for '-o' / '--out': `/dev/null` is not a folder",
    ("build", MISSION, "-o", "/dev/null"):
        "Error: Invalid value for '-o' / '--out': `/dev/null` is not a folder",
    ("build", MISSION, "-o", "file.txt/sub"):
        "Error: Invalid value for '-o' / '--out': `file.txt/sub` cannot be made: `file.txt` is not a folder",
    ("query", MISSION, "los", "0,0", "2,2", "--open", "V:99999,99999"):
        "zwar query: --open: `V:99999,99999` is off the board (floor ground is 24x24)",
    ("query", MISSION, "los", "0,0", "2,2", "--open", "Q:1,1"):
        "Error: Invalid value for '--open': `Q:1,1` is not an edge: write H:x,y or V:x,y, with floor: in front on "
        "several floors",
    ("query", MISSION, "los", "0,0", "2,2", "--units", "1,1 and 2,2"):
        "Error: Invalid value for '--units': `1,1 and 2,2` is not a list of squares: write 3,4,5,5 (or "
        "floor:3,4,floor:5,5)",
    ("query", MISSION, "--batch", "binary.bin"):
        "Error: Invalid value for '--batch': `binary.bin` is not UTF-8 text (byte 1)",
    ("query", MISSION, "--batch", "big.txt"):
        "Error: Invalid value for '--batch': `big.txt` has 100001 lines: a batch holds at most 100000 questions",
    ("query", MISSION, "--batch", "fifo"):
        "Error: Invalid value for '--batch': `fifo` is not a regular file",
    ("playtest", MISSION, "--policy", ""):
        "Error: Invalid value for '--policy': name at least one of cautious, aggressive, random, planner, search",
    ("playtest", MISSION, "--policy", ","):
        "Error: Invalid value for '--policy': name at least one of cautious, aggressive, random, planner, search",
    ("playtest", MISSION, "--policy", "cautious,brave"):
        "Error: Invalid value for '--policy': `brave` is not a policy: one of cautious, aggressive, random, "
        "planner, search, comma separated (the planner and the search player at a budget as search@64, the search "
        "player built on a bot as search@64/aggressive)",
    ("playtest", MISSION, "--policy", "random,random"):
        "Error: Invalid value for '--policy': `random,random` names a policy twice",
    ("playtest", MISSION, "--budget", "4"):
        "Error: Invalid value for '--budget': it is the planner's and the search player's: add planner or search to "
        "--policy (as --policy cautious,search)",
    ("playtest", MISSION, "--budget", "-1"):
        "Error: Invalid value for '--budget': -1 is not in the range 0<=x<=4096.",
    ("playtest", MISSION, "--skill-trace", "1,lots"):
        "Error: Invalid value for '--skill-trace': `1,lots`: planner budgets, comma separated whole numbers from 0 "
        "to 4096, and search players as search@BUDGET (as 1,2,4,search@16)",
    ("playtest", MISSION, "--scheduler", "::::"):
        "Error: Invalid value for '--scheduler': `::::` is not a scheduler address: write HOST:PORT (like "
        "tcp://10.0.0.5:8786) or local",
    ("playtest", MISSION, "--scheduler", "host:99999"):
        "Error: Invalid value for '--scheduler': `host:99999` is not a scheduler address: write HOST:PORT (like "
        "tcp://10.0.0.5:8786) or local",
    ("playtest", MISSION, "--runs", "0"):
        "Error: Invalid value for '--runs': 0 is not in the range 1<=x<=10000000.",
    ("playtest", MISSION, "-o", "/dev/null"):
        "Error: Invalid value for '-o' / '--out': `/dev/null` is not a folder",
    ("play", MISSION, "--save", "/dev/null"):
        "Error: Invalid value for '--save': `/dev/null` is not a regular file: give a file to write",
    ("play", MISSION, "--save", "folder"):
        "Error: Invalid value for '--save': `folder` is not a regular file: give a file to write",
    ("play", "--resume", "fifo"):
        "Error: Invalid value for '--resume': `fifo` is not a regular file",
    ("play", "--resume", "missing.json"):
        "Error: Invalid value for '--resume': `missing.json` does not exist",
    ("play", MISSION, "--perk", "sam"):
        "Error: Invalid value for '--perk': 'sam': write HERO=PERK, like sam=turbo",
    ("play", MISSION, "--max-turns", "0"):
        "Error: Invalid value for '--max-turns': 0 is not in the range 1<=x<=999.",
    ("replay", MISSION, "--game", "0", "--html", "/dev/null"):
        "Error: Invalid value for '--html': `/dev/null` is not a regular file: give a file to write",
    ("replay", MISSION, "--game", "-1"):
        "Error: Invalid value for '--game': -1 is not in the range x>=0.",
    ("replay", MISSION, "--game", "0", "--policy", "brave"):
        "Error: Invalid value for '--policy': `brave` is not a policy: one of cautious, aggressive, random, planner, "
        "search, or planner@BUDGET or search@BUDGET (search@BUDGET/BOT: built on the cautious or aggressive bot)",
    ("replay", MISSION, "--game", "0", "--policy", "planner@x"):
        "Error: Invalid value for '--policy': `planner@x` is not a policy: one of cautious, aggressive, random, "
        "planner, search, or planner@BUDGET or search@BUDGET (search@BUDGET/BOT: built on the cautious or aggressive "
        "bot)",
    ("odds", MISSION, "--format", "xml"):
        "Error: Invalid value for '--format': 'xml' is not one of 'human', 'json'.",
    ("odds", "nowhere"):
        "Error: nowhere: no such table file, pack folder or table (write pack/id, as atz/weapons)",
    ("rules-test", "nowhere"):
        "Error: nowhere: no such file or folder",
    ("rules-test", "empty"):
        "Error: no scenario files under empty",
    ("schema", "-o", "/dev/null"):
        "Error: Invalid value for '-o' / '--out': `/dev/null` is not a folder",
    ("init", "/dev/null/pack"):
        "Error: Invalid value for 'FOLDER': `/dev/null/pack` cannot be made: `/dev/null` is not a folder",
    ("validate", MISSION, "--pack-path", "nowhere"):
        "Error: Invalid value for '--pack-path': Directory 'nowhere' does not exist.",
}


@pytest.fixture(autouse=True)
def alarm():
    """Fail a test that runs longer than a minute instead of waiting for it."""
    def stop(signum, frame):
        raise TimeoutError("the command did not finish in 60 s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def scratch(workdir: Path) -> Path:
    (workdir / "binary.bin").write_bytes(b"\x00\xff\xfe binary")
    (workdir / "big.txt").write_text("los 0,0 1,1\n" * 100_001, encoding="utf-8")
    (workdir / "file.txt").write_text("x", encoding="utf-8")
    (workdir / "folder").mkdir()
    (workdir / "empty").mkdir()
    os.mkfifo(workdir / "fifo")
    return workdir


@pytest.mark.parametrize("args", list(USAGE), ids=lambda a: " ".join(Path(x).name for x in a))
def test_a_bad_option_is_a_usage_error(zwar, scratch, args):
    result = zwar(*args)
    assert (result.exit_code, result.stderr.splitlines()[-1], result.stdout) == (2, USAGE[args], "")


def test_a_scheduler_nobody_answers_is_a_usage_error_not_a_hang(zwar, monkeypatch):
    pytest.importorskip("dask.distributed")
    monkeypatch.setattr(runner, "CONNECT_SECONDS", 1)
    result = zwar("playtest", MISSION, "--runs", "1", "--scheduler", "tcp://127.0.0.1:1", "-o", "out")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1].startswith(
        "Error: cannot reach the Dask scheduler at tcp://127.0.0.1:1: Connection refused")


def test_saving_to_a_folder_at_the_prompt_says_why_not(zwar, workdir, monkeypatch):
    (workdir / "folder").mkdir()
    answers = iter(["save folder", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    result = zwar("play", MISSION)
    assert result.exit_code == 0
    assert "zwar play: `folder` is not a regular file: give a file to write" in result.output.splitlines()
    assert not [p for p in workdir.iterdir() if p.name.startswith(".zwar-save")]


def test_the_internal_error_line_is_one_line(workdir, monkeypatch, capsys):
    def explode(*args, **kwargs):
        raise ValueError("first line\n  second line\n\tthird " + "x" * 400)

    monkeypatch.setattr("zwar_author.compile.project.check", explode)
    monkeypatch.setattr(sys, "argv", ["zwar", "validate", "."])
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main()
    err = capsys.readouterr().err
    assert exit_info.value.code == 3
    assert err == ("zwar: internal error: ValueError: first line second line third " + "x" * 268 + "... "
                   "(this is a bug in zwar-author)\n")


@pytest.mark.parametrize("args", [("reach", "0,0", "9" * 5000), ("los", "0,0", "9" * 5000 + ",1")])
def test_query_squares_of_thousands_of_digits_are_usage_errors(zwar, args):
    result = zwar("query", MISSION, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("zwar query: ") and result.stderr.count("\n") == 1
