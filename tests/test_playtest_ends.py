"""How a playtest ends when it cannot go on: Ctrl+C, SIGKILL, SIGTERM, no Dask, a port that is not Dask.

The signal tests run `zwar playtest` in a child process, find its worker
processes from /proc (Linux), signal the parent and wait, bounded, for the
workers to be gone. Every address used is 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest
from conftest import CONTENT, REPO, write
from test_playtest import EASY

from zwar_author.playtest import runner

WAIT = 60.0  # seconds: the longest any step may take before a test fails (a bound, never a speed goal)
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads worker processes from /proc")


def test_ctrl_c_writes_the_report_of_the_games_finished_marked_partial(zwar, workdir, monkeypatch):
    write(workdir, {"easy.toml": EASY})
    played = runner.play

    def until_the_fifth(plan, index):
        if index == 4:
            raise KeyboardInterrupt  # Ctrl+C while the fifth game is played
        return played(plan, index)

    monkeypatch.setattr(runner, "play", until_the_fifth)
    result = zwar("playtest", "easy.toml", "--runs", "10", "--jobs", "1", "--policy", "cautious,aggressive",
                  "--no-progress")
    assert result.exit_code == 130, result.output
    assert result.stdout.splitlines()[0] == (
        "Easy (local/easy), policy cautious, 4 games (partial: the playtest was interrupted), seed 1")
    assert result.stdout.splitlines()[-1] == (
        "report (partial): build/playtest/easy-playtest.json, build/playtest/easy-playtest.html")
    assert result.stderr == "zwar playtest: interrupted after 4 finished games; the report is marked partial\n"
    report = json.loads((workdir / "build" / "playtest" / "easy-playtest.json").read_text())
    assert (report["partial"], report["gate"], [(r["policy"], r["runs"], r["partial"]) for r in report["reports"]]) \
        == (True, None, [("cautious", 4, True)])
    assert "<strong>Partial</strong>" in (workdir / "build" / "playtest" / "easy-playtest.html").read_text()


def test_ctrl_c_before_any_game_finished_writes_no_report(zwar, workdir, monkeypatch):
    write(workdir, {"easy.toml": EASY})

    def interrupted(plan, index):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "play", interrupted)
    result = zwar("playtest", "easy.toml", "--runs", "10", "--jobs", "1", "--no-progress")
    assert (result.exit_code, result.stdout) == (130, "")
    assert result.stderr == "zwar playtest: interrupted after 0 finished games: no report written\n"
    assert not (workdir / "build" / "playtest" / "easy-playtest.json").exists()


def test_without_dask_a_scheduler_says_what_to_install(zwar, workdir, monkeypatch):
    write(workdir, {"easy.toml": EASY})
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if the cluster extra were not installed
    result = zwar("playtest", "easy.toml", "--runs", "10", "--scheduler", "local", "--no-progress")
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2, "Error: running on a cluster needs Dask: pip install 'zwar-author[cluster]'")


class _Quiet(BaseHTTPRequestHandler):
    def log_message(self, format, *args) -> None:
        pass


def test_a_port_that_answers_but_is_not_dask_is_named(zwar, workdir, monkeypatch):
    # a web server: Dask read its "HTTP/1.1" as the length of a message (MemoryError: 3.07 EiB, exit 3)
    write(workdir, {"easy.toml": EASY})
    monkeypatch.setattr(runner, "CONNECT_SECONDS", 0.5)
    server = HTTPServer(("127.0.0.1", 0), _Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        address = f"tcp://127.0.0.1:{server.server_address[1]}"
        result = zwar("playtest", "easy.toml", "--runs", "10", "--scheduler", address, "--no-progress")
    finally:
        server.shutdown()
        server.server_close()
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        2, (f"Error: {address} answers but is not a Dask scheduler: it sent nothing in 0.5 s (a scheduler speaks "
           "first)"))


def test_a_port_that_speaks_something_else_is_named_before_dask_reads_it():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        def greet() -> None:
            connection, _ = listener.accept()
            with connection:
                connection.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")

        threading.Thread(target=greet, daemon=True).start()
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        with pytest.raises(RuntimeError) as refused:
            runner.probe_scheduler(address, timeout=WAIT)
    assert str(refused.value) == f"{address} answers but is not a Dask scheduler (it began with b'SSH-2.0-')"


def test_a_dask_scheduler_passes_the_probe():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        runner.probe_scheduler(cluster.scheduler_address, timeout=WAIT)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")  # a zombie has ended; only its exit status waits to be collected


def _workers(pid: int) -> list[int]:
    """The playtest's worker processes, once both have started (bounded)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        if len(children) >= 2:
            return children
        time.sleep(0.05)
    pytest.fail("the playtest started no workers")


def _start(workdir: Path, *extra: str) -> subprocess.Popen:
    write(workdir, {"easy.toml": EASY})
    return subprocess.Popen([sys.executable, "-m", "zwar_author", "playtest", "easy.toml", "--runs", "20000",
                             "--jobs", "2", "--no-progress", *extra], cwd=workdir, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def _gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.05)
    for pid in pids:  # leave nothing behind, whatever the outcome
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
    return False


@LINUX
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_killed_playtest_leaves_no_worker_alive(workdir, how):
    playtest = _start(workdir)
    try:
        workers = _workers(playtest.pid)
        playtest.send_signal(how)
        playtest.wait(timeout=WAIT)
        assert _gone(workers), f"workers {workers} outlived the playtest"
    finally:
        playtest.kill()
        playtest.communicate()


@LINUX
def test_ctrl_c_stops_the_workers_and_exits_130_with_a_partial_report(workdir):
    playtest = _start(workdir, "--keep-logs")
    try:
        workers = _workers(playtest.pid)
        logs = workdir / "build" / "playtest" / "easy-playtest-logs" / "cautious"
        # The parent writes a game's log, then counts the game: once a second log is whole, the first
        # game is counted, whenever the interrupt lands (a log being written is a hidden temporary).
        deadline = time.monotonic() + WAIT
        while len(list(logs.glob("game-*.jsonl"))) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(playtest.pid, signal.SIGINT)  # as the terminal sends it: to the whole foreground group
        out, err = playtest.communicate(timeout=WAIT)
        assert playtest.returncode == 130, err
        assert err.startswith("zwar playtest: interrupted after ") and err.endswith(
            " finished games; the report is marked partial\n"), err
        assert "Traceback" not in out + err
        report = json.loads((workdir / "build" / "playtest" / "easy-playtest.json").read_text())
        assert report["partial"] and 1 <= report["reports"][0]["runs"] < 20000
        assert [p.name for p in logs.iterdir() if not p.name.endswith(".jsonl")] == []  # no log cut short
        assert _gone(workers), f"workers {workers} outlived the playtest"
    finally:
        playtest.kill()
        playtest.communicate()


HALF_A_RESULT = """
import os, struct
from zwar_author.playtest.runner import local_pool
try:
    with local_pool(1) as pool:
        pool.submit(abs, 1).result()  # the worker and the pool's own thread are up
        # what a worker killed while it sent a result leaves: a length, and part of what it announced
        os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 100) + b"abc")
        raise KeyboardInterrupt
except KeyboardInterrupt:
    print("interrupted")
"""


def test_ctrl_c_while_a_worker_sends_a_result_still_lets_the_playtest_exit():
    """Found under load: a Ctrl+C that killed a worker halfway through sending its chunk's results left the
    partial report written and the playtest waiting for ever, in the pool's own thread, for the rest of a
    message no one would send (the interpreter joins that thread at exit)."""
    done = subprocess.run([sys.executable, "-c", HALF_A_RESULT], check=False, capture_output=True, text=True,
                          timeout=WAIT, cwd=REPO)
    assert (done.returncode, done.stdout) == (0, "interrupted\n"), done.stderr


# Ctrl+C of the other playtests (a comparison, --explore, a campaign), sent for real to a child process
# that is made to stop, waiting, inside a chosen game: the games finished by then are known exactly.
STOPPED = """
import sys, time
import {module} as played_here
played, calls = played_here.{name}, [0]
def stopping(*args):
    calls[0] += 1
    if calls[0] == {stop}:
        print("waiting for Ctrl+C", file=sys.stderr, flush=True)
        time.sleep({wait})
    return played(*args)
played_here.{name} = stopping
sys.argv = ["zwar", *{args!r}]
from zwar_author.cli import main
main()
"""


def _ctrl_c_at(workdir: Path, stop: int, *args: str, game: str = "zwar_author.playtest.runner.play"):
    """Run `zwar ARGS` (one job) until it plays game call number ``stop``, press Ctrl+C there, and
    return the exit status, stdout and the rest of stderr."""
    module, name = game.rsplit(".", 1)
    code = STOPPED.format(module=module, name=name, stop=stop, wait=WAIT, args=[*args, "--jobs", "1", "--no-progress"])
    child = subprocess.Popen([sys.executable, "-c", code], cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert child.stderr is not None
        assert child.stderr.readline() == "waiting for Ctrl+C\n"
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=WAIT)
        return child.returncode, out, err
    finally:
        child.kill()
        child.communicate()


def test_ctrl_c_of_a_comparison_writes_the_games_both_versions_finished_marked_partial(workdir):
    write(workdir, {"easy.toml": EASY, "easier.toml": EASY})
    # four games of the old version, two of the new, Ctrl+C in the new version's third
    status, out, err = _ctrl_c_at(workdir, 7, "playtest", "easy.toml", "easier.toml", "--runs", "4",
                                  "--policy", "cautious")
    assert (status, err) == (130, "zwar playtest: interrupted after 4 finished games; the report is marked partial\n")
    lines = out.splitlines()
    assert lines[0] == ("Easy: old against new, policy cautious, 2 games each on the same seeds (partial: the playtest "
                        "was interrupted) (seed 1)")
    assert lines[-1] == "report (partial): build/playtest/easy-compare.json"
    report = json.loads((workdir / "build" / "playtest" / "easy-compare.json").read_text())
    (compared,) = report["comparisons"]
    assert (report["partial"], report["gate"], compared["partial"], compared["runs"], compared["change"]["games"],
            compared["old"]["win_rate"]["games"]) == (True, None, True, 2, 2, 2)


def test_ctrl_c_of_an_exploration_writes_the_changes_tried_marked_partial(workdir):
    write(workdir, {"easy.toml": EASY})
    # the mission as it is (four games), the first change (four), two games of the second, Ctrl+C in its third
    status, out, err = _ctrl_c_at(workdir, 11, "playtest", "easy.toml", "--explore", "--runs", "4")
    assert (status, err) == (130, "zwar playtest: interrupted after 10 finished games; the report is marked partial\n")
    lines = out.splitlines()
    assert lines[0].endswith(", 4 games a version on the same seeds (seed 1) (partial: the playtest was interrupted)")
    assert lines[2].startswith("  interrupted: 2 of ") and lines[2].endswith(" changes tried; no band is checked")
    assert lines[-1] == "report (partial): build/playtest/easy-explore.json, build/playtest/easy-explore.html"
    report = json.loads((workdir / "build" / "playtest" / "easy-explore.json").read_text())
    assert (report["partial"], report["gate"], report["tried"], report["as_it_is"]["win_rate"]["games"]) \
        == (True, None, 2, 4)
    assert sorted((r["win_rate"]["games"], r["effect"]["games"], r.get("partial", False)) for r in report["changes"]) \
        == [(2, 2, True), (4, 4, False)]


def test_ctrl_c_of_a_campaign_playtest_writes_the_campaigns_finished_marked_partial(workdir):
    from test_campaign_play import pack

    pack(workdir)
    status, out, err = _ctrl_c_at(workdir, 3, "playtest", "p/campaign.toml", "--runs", "4", "--policy", "cautious",
                                  "--pack-path", str(CONTENT), game="zwar_author.playtest.campaign.play_campaign")
    assert (status, err) == (
        130, "zwar playtest: interrupted after 2 finished campaigns; the report is marked partial\n")
    assert out.splitlines()[0] == ("Two Rooms (campaign c), policy cautious, 2 campaigns (partial: the playtest was "
                                   "interrupted), seed 1, up to 3 tries a chapter")
    assert out.splitlines()[-1] == "report (partial): build/playtest/c-campaign-playtest.json"
    report = json.loads((workdir / "build" / "playtest" / "c-campaign-playtest.json").read_text())
    assert (report["partial"], [(r["runs"], r["partial"]) for r in report["reports"]]) == (True, [(2, True)])


def test_ctrl_c_of_an_encounter_playtest_writes_the_games_finished_marked_partial(workdir):
    from test_atz_engine import ROSTER

    (workdir / "group.toml").write_text(ROSTER, encoding="utf-8")
    contact = CONTENT / "atz" / "encounters" / "first-contact.toml"
    # 40 games a policy on one job are 8 chunks of 5: two of the cautious bot's finished, Ctrl+C in the third
    status, out, err = _ctrl_c_at(workdir, 3, "playtest", str(contact), "--group", "group.toml", "--runs", "40",
                                  "--zombies-only", game="zwar_author.playtest.atz.play_chunk")
    assert (status, err) == (130, "zwar playtest: interrupted after 10 finished games; the report is marked partial\n")
    lines = out.splitlines()
    assert lines[0] == ("encounter first-contact with Billy Pink's group (suburb, daytime), 40 games a policy (partial: "
                        "the playtest was interrupted), seed 1")
    assert [line.split(":")[0] for line in lines if not line.startswith(" ")][1:] == ["cautious", "report (partial)"]
    report = json.loads((workdir / "build" / "playtest" / "first-contact-playtest.json").read_text())
    assert (report["partial"], list(report["policies"]), report["policies"]["cautious"]["win_rate"]["games"]) \
        == (True, ["cautious"], 10)


@LINUX
def test_ctrl_c_of_a_campaign_playtest_on_workers_stops_them_with_a_partial_report(workdir):
    import re
    import select

    from test_campaign_play import pack

    pack(workdir)
    playtest = subprocess.Popen([sys.executable, "-m", "zwar_author", "playtest", "p/campaign.toml", "--runs", "200000",
                                 "--jobs", "2", "--policy", "cautious", "--progress", "--pack-path", str(CONTENT)],
                                cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        workers = _workers(playtest.pid)
        assert playtest.stderr is not None
        shown, deadline = b"", time.monotonic() + WAIT
        while not re.search(rb"\| *[1-9]\d*/200000", shown) and time.monotonic() < deadline:  # a campaign finished
            if select.select([playtest.stderr], [], [], 1.0)[0]:
                shown += os.read(playtest.stderr.fileno(), 4096)
        os.killpg(playtest.pid, signal.SIGINT)
        out, err = playtest.communicate(timeout=WAIT)
        assert playtest.returncode == 130, err
        last = err.decode().splitlines()[-1]
        assert re.fullmatch(r"zwar playtest: interrupted after \d+ finished campaigns; the report is marked partial",
                            last), last
        assert b"Traceback" not in out + shown + err
        report = json.loads((workdir / "build" / "playtest" / "c-campaign-playtest.json").read_text())
        assert report["partial"] and 1 <= report["reports"][0]["runs"] < 200000
        assert _gone(workers), f"workers {workers} outlived the playtest"
    finally:
        playtest.kill()
        playtest.communicate()


@LINUX
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_killed_campaign_playtest_leaves_no_worker_alive(workdir, how):
    from test_campaign_play import pack

    pack(workdir)
    playtest = subprocess.Popen([sys.executable, "-m", "zwar_author", "playtest", "p/campaign.toml", "--runs", "200000",
                                 "--jobs", "2", "--no-progress", "--pack-path", str(CONTENT)], cwd=workdir,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        workers = _workers(playtest.pid)
        playtest.send_signal(how)
        playtest.wait(timeout=WAIT)
        assert _gone(workers), f"workers {workers} outlived the playtest"
    finally:
        playtest.kill()
        playtest.communicate()
