"""Fuzz targets beyond the sources: saved games read back, and HTTP requests to `zwar serve`.

Each is a ``guard.Target``: inputs from a seed (input *i* depends only on the
seed and *i*), each run in-process and judged like a source input.

- ``Saves``: a saved game of The Tower and a campaign save of the core
  campaign, a few answers in, mutated as sources are (``mutate.mutate``) and
  resumed as `zwar play --resume` and `zwar campaign play --resume` do. A
  refusal (UsageError, BadSave, CannotPlay) is the right answer; any other
  exception is a crash, and a BadSave line pointing outside the file is
  misplaced.
- ``Requests``: raw HTTP requests, valid ones mutated (paths, parameters,
  headers, methods, bytes), sent to a live preview of a scratch pack on
  127.0.0.1 only. An answer that is not HTTP, a 500, anything the server
  prints (its internal-error line), or a server that stops answering is a
  crash.
"""

from __future__ import annotations

import io
import json
import random
import shutil
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from zwar_author.errors import UsageError
from zwar_author.games import CannotPlay
from zwar_author.play.campaign import CampaignSession, CannotPlayCampaign, open_campaign
from zwar_author.play.load import load_mission
from zwar_author.play.saves import BadSave
from zwar_author.play.session import Session, setup_for

from .harness import REFERENCE, Input, Verdict, _inside
from .mutate import mutate

TOWER = REFERENCE / "core" / "missions" / "the-tower.toml"
CAMPAIGN = REFERENCE / "core" / "campaign.toml"
ANSWERS = 4  # answers typed before saving: the save holds a game under way


def _answer(session: Session, answers: int) -> None:
    """``answers`` people's answers (always the first option); rolls and draws from the session's dice."""
    while answers and session.request is not None:
        if session.needs_person():
            session.answer("1")
            answers -= 1
        else:
            session.roll()


class Saves:
    """Mutated saves of the reference content, resumed as the play commands resume them."""

    def __init__(self, scratch: Path) -> None:
        self.root = scratch / "saves"
        self.root.mkdir(parents=True, exist_ok=True)
        mission, report = load_mission(TOWER)
        assert mission is not None, [d.human() for d in report.sorted()]
        game = Session.new(TOWER, mission, setup_for(mission, (), (), 40), 7, "roll")
        _answer(game, ANSWERS)
        game.save(self.root / "game.json")
        book, report = open_campaign(CAMPAIGN)
        assert book is not None, [d.human() for d in report.sorted()]
        group = CampaignSession.new(book, "roll", 7, 40)
        _answer(group.start_game(), ANSWERS)
        group.save(self.root / "campaign.json")
        self.originals = {name: (self.root / name).read_text(encoding="utf-8") for name in ("game.json",
                                                                                          "campaign.json")}

    def inputs(self, seed: int, count: int, start: int = 0) -> Iterator[Input]:
        for number in range(start, start + count):
            rng = random.Random(f"saves:{seed}:{number}")
            target = rng.choice(sorted(self.originals))
            text, as_json = mutate(self.originals[target], True, rng)
            yield Input(number, target, text, as_json)

    def run(self, item: Input, budget: float) -> Verdict:
        path = self.root / f"input-{item.target}"
        path.write_text(item.text, encoding="utf-8", newline="")
        started = time.perf_counter()
        verdict = Verdict(item, 0.0)
        try:
            if item.target == "game.json":
                game = Session.resume(path)
            else:
                group = CampaignSession.resume(path)
                game = group.game if group.game is not None else group.start_game()
            game.options()
            json.dumps(game.record())
        except BadSave as refused:
            verdict.errors = len(refused.problems)
            verdict.codes = frozenset(p.code for p in refused.problems)
            verdict.misplaced = [p.human() for p in refused.problems
                                 if p.location.path == path and not _inside(p, item.text)]
        except (UsageError, CannotPlay, CannotPlayCampaign):
            verdict.errors = 1
        except Exception as exc:  # noqa: BLE001 - any other exception is the crash being looked for
            verdict.crash = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        verdict.seconds = time.perf_counter() - started
        path.unlink()
        return verdict

    def close(self) -> None:
        pass


#: Requests as the page sends them; {host} is the server's own, {file} a source of the served pack.
REQUESTS = [
    "GET / HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "GET /api/state HTTP/1.1\r\nHost: {host}\r\nAccept: application/json\r\n\r\n",
    "GET /events?since=1 HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n",
    "GET /api/map?mission=fuzz/first-steps&floor=ground&v=1 HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "GET /api/pages?mission=fuzz/first-steps&v=1 HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "GET /api/page?mission=fuzz/first-steps&n=0&v=1 HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "GET /api/source?file={file} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\r\n",
]
#: What a hostile page or a clumsy client puts where a value goes.
VALUES = ["", "abc", "1e3", "-1", "0x10", "%C2%B2", "\u00b2", "9" * 5000, "9" * 10, "%00", "%ff%fe", "%", "%%",
          "..%2f..%2f..%2fetc%2fpasswd", "/etc/passwd", "/proc/self/environ", "x" * 70000, "mission=a&mission=b",
          "fuzz/first-steps", "fuzz/../../x", "ground", "\r\nX-Injected: 1", "\u202e", "é", "+", "1.5", " 1"]
HOSTS = ["evil.example", "127.0.0.1", "localhost:1", "", " {host}", "{host}\r\nHost: evil.example", "[::1]:8000",
         "{host}:80", "LOCALHOST:{port}", "127.0.0.1:{port}" + "0" * 5000]
HEADERS = ["Origin: null", "Origin: http://evil.example", "Origin: http://{host}", "Content-Length: -1",
           "Content-Length: 99999999999", "Transfer-Encoding: chunked", "X-Long: " + "a" * 70000, "Expect: 100-continue",
           "Connection: keep-alive", ": nothing", "NoColon", "Range: bytes=0-1"]
METHODS = ["POST", "HEAD", "PUT", "DELETE", "OPTIONS", "CONNECT", "TRACE", "get", "G ET", "GET\x00", "\x16\x03\x01"]
READ_LIMIT = 4 << 20  # bytes of one answer read back (the largest is a source file or a map)


class Requests:
    """Mutated HTTP requests to a live preview of a scratch pack, on 127.0.0.1 only."""

    def __init__(self, scratch: Path) -> None:
        from zwar_author.scaffold import init_pack
        from zwar_author.serve.app import Preview

        pack = scratch / "fuzz"
        shutil.rmtree(pack, ignore_errors=True)  # a worker started again after a hang makes it afresh
        init_pack(pack)
        self.preview = Preview(pack, port=0, search=[REFERENCE])
        self.preview.start()
        self.address = self.preview.server.server_address
        self.host = f"127.0.0.1:{self.address[1]}"
        self.file = str(pack / "missions" / "first-steps.toml")
        self.printed = io.StringIO()  # what the server writes to stderr: its internal-error line
        self._stderr, sys.stderr = sys.stderr, self.printed

    def _fill(self, text: str) -> str:
        return text.replace("{host}", self.host).replace("{port}", str(self.address[1])).replace("{file}", self.file)

    def inputs(self, seed: int, count: int, start: int = 0) -> Iterator[Input]:
        for number in range(start, start + count):
            rng = random.Random(f"requests:{seed}:{number}")
            base = rng.choice(REQUESTS)
            text = base
            for _ in range(rng.choice([1, 1, 2, 3])):
                text = _mutate_request(text, rng)
            yield Input(number, base.split(" HTTP/")[0], text, False)  # {host} filled as it is sent: ports change

    def run(self, item: Input, budget: float) -> Verdict:
        started = time.perf_counter()
        verdict = Verdict(item, 0.0)
        try:
            answer = self._send(self._fill(item.text).encode("utf-8", "surrogateescape"), budget)
            status = answer[9:12].decode("latin-1") if answer.startswith((b"HTTP/1.0 ", b"HTTP/1.1 ")) else ""
            verdict.codes = frozenset([status or "closed"])
            if answer and not status and _declares_http1(item.text):  # HTTP/0.9 is answered with a bare body
                verdict.crash = f"an answer that is not HTTP: {answer[:60]!r}"
            elif status.startswith("5") and status not in ("501", "505"):  # a method, an HTTP version not taken
                verdict.crash = f"status {status}"
            elif not self._answers(budget):
                verdict.crash = "the server stopped answering"
        except OSError as exc:
            verdict.crash = f"the connection failed: {exc}"
        if printed := self.printed.getvalue():
            verdict.crash = verdict.crash or f"the server printed: {' '.join(printed.split())[:300]}"
            self.printed.seek(0)
            self.printed.truncate()
        verdict.seconds = time.perf_counter() - started
        return verdict

    def _answers(self, budget: float) -> bool:
        """Whether the server still answers the page's own request, within two seconds (event streams that
        just closed free their connections within one)."""
        for _ in range(20):
            if self._send(self._fill(REQUESTS[4]).encode(), budget).startswith(b"HTTP/1.0 200 "):
                return True
            time.sleep(0.1)
        return False

    def _send(self, data: bytes, budget: float) -> bytes:
        """``data`` sent whole (then the write side closed, so a cut request ends), the answer read back;
        an event stream up to its first event."""
        with socket.create_connection(self.address, timeout=budget) as client:
            try:
                client.sendall(data)
                client.shutdown(socket.SHUT_WR)
            except OSError:
                pass  # the server answered (and closed) before reading it all: a 431, a 414
            answer = b""
            while len(answer) < READ_LIMIT and (more := client.recv(65536)):
                answer += more
                if b"text/event-stream" in answer[:200] and answer.endswith(b"\n\n") and b"\r\n\r\n" in answer:
                    break
            return answer

    def close(self) -> None:
        sys.stderr = self._stderr
        self.preview.close()


def _declares_http1(request: str) -> bool:
    line = request.partition("\n")[0].removesuffix("\r")  # the server ends a line at "\n"
    return line.endswith((" HTTP/1.0", " HTTP/1.1")) and len(line.split()) == 3  # as the server splits it


def _mutate_request(text: str, rng: random.Random) -> str:
    head, _, rest = text.partition("\r\n")
    method, _, tail = head.partition(" ")
    target, _, version = tail.rpartition(" ")
    choice = rng.randrange(7)
    if choice == 0:  # a parameter's value, or the whole query, replaced
        path, _, query = target.partition("?")
        if query and rng.random() < 0.7:
            pairs = query.split("&")
            k = rng.randrange(len(pairs))
            pairs[k] = pairs[k].partition("=")[0] + "=" + rng.choice(VALUES)
            query = "&".join(pairs)
        else:
            query = rng.choice(["since", "n", "file", "mission", "floor"]) + "=" + rng.choice(VALUES)
        target = f"{path}?{query}"
    elif choice == 1:  # another path
        target = rng.choice(["/api/source", "/api/page", "/events", "//api/state", "/api/state/", "/%2e%2e/",
                             "*", "http://evil.example/api/state", "/" + "a" * 70000, "/api/pages?" + "&" * 3000])
    elif choice == 2:  # another Host
        rest = rest.replace("Host: {host}", "Host: " + rng.choice(HOSTS), 1)
    elif choice == 3:  # a header more (or many)
        extra = rng.choice(HEADERS)
        rest = (extra + "\r\n") * rng.choice([1, 1, 2, 101]) + rest
    elif choice == 4:  # another method or version
        if rng.random() < 0.6:
            method = rng.choice(METHODS)
        else:
            version = rng.choice(["HTTP/1.0", "HTTP/0.9", "HTTP/2.0", "HTTP/1.1.1", "", "HTTP/" + "9" * 100])
    head = f"{method} {target} {version}".rstrip()
    text = head + "\r\n" + rest
    if choice == 5:  # cut short
        return text[:rng.randrange(len(text))]
    if choice == 6:  # a byte put anywhere
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["\x00", "\r", "\n", " ", "\xff", "\udcff", "\x7f", "%", "?", "#"]) + text[i:]
    return text
