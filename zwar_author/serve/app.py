"""The preview server: one process, the standard library's HTTP server on the loopback address,
watchfiles for saves, server-sent events to tell the page a new build is ready.

Routes: ``/`` the page; ``/api/state`` the current build as JSON; ``/events``
an event stream sending the build number after every rebuild; ``/api/map``
and ``/api/page`` SVG drawings of one mission; ``/api/source`` the text of one
source file inside the served folder (nothing outside it is ever read).

Only the person at this machine is served: the server listens on 127.0.0.1,
answers only requests naming it as their Host (``127.0.0.1:PORT`` or
``localhost:PORT``) and refuses any with an Origin other than its own, so a
web page whose name is rebound to 127.0.0.1 (DNS rebinding) reads nothing.
Every route is a GET that changes nothing. A parameter that is not what the
route takes is 400; connections are bounded (``MAX_CONNECTIONS``) and one that
sends nothing for ``IDLE_SECONDS`` is closed; a client leaving early is quiet.
"""

from __future__ import annotations

import json
import select
import socket
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import watchfiles

from ..errors import UsageError
from ..sources.document import MAX_BYTES, SOURCE_SUFFIXES, absolute
from .state import Snapshot, build

HOST = "127.0.0.1"  # loopback only: the preview is for the person at this machine
HEARTBEAT = 15.0  # seconds between keep-alive comments on an idle event stream
WATCH_SECONDS = 1.0  # how often an idle event stream looks whether its page has gone
MAX_CONNECTIONS = 32  # open at once, event streams included (a page holds one); more are closed at once
IDLE_SECONDS = 30.0  # a connection that sends (or takes) nothing this long is closed
MAX_NUMBER_DIGITS = 9  # `since` and `n` are build and page numbers: ASCII digits, at most this many


class BadRequest(ValueError):
    """A request the preview does not take; the message is the 400 answer's one line."""


class _Server(ThreadingHTTPServer):
    """The standard threaded server, with a bound on open connections and quiet about clients that leave."""

    daemon_threads = True

    def __init__(self, address, handler) -> None:
        super().__init__(address, handler)
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request, client_address) -> None:
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)  # full: the client sees the connection closed and may retry
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address) -> None:
        """A client that went away (reset, broken pipe, time-out) is not news; anything else is one line."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, socket.timeout, TimeoutError)):
            return
        sys.stderr.write(f"zwar serve: internal error answering a request: {type(exc).__name__}: {exc}\n")


class Preview:
    """The served folder, its latest build, and the threads that keep it current."""

    def __init__(self, root: Path, port: int = 8000, search: list[Path] | None = None) -> None:
        self.root = absolute(Path(root))
        if not self.root.is_dir():
            raise UsageError(f"{root}: no such folder")
        self.search = list(search or [])
        self.changed = threading.Condition()
        self.stop = threading.Event()
        self.snapshot: Snapshot = build(self.root, 1, self.search)
        try:
            self.server = _Server((HOST, port), _handler(self))
        except OSError as exc:
            raise UsageError(f"cannot listen on {HOST}:{port} ({exc.strerror}): choose another --port") from None
        self.threads: list[threading.Thread] = []

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server.server_address[1]}/"

    def start(self) -> None:
        """Serve and watch in background threads (``close`` stops both)."""
        for target in (self.server.serve_forever, self._watch):
            thread = threading.Thread(target=target, daemon=True)
            thread.start()
            self.threads.append(thread)

    def close(self) -> None:
        self.stop.set()
        with self.changed:
            self.changed.notify_all()
        self.server.shutdown()
        self.server.server_close()
        for thread in self.threads:
            thread.join(timeout=5)

    def rebuild(self) -> None:
        snapshot = build(self.root, self.snapshot.version + 1, self.search, self.snapshot)
        with self.changed:
            self.snapshot = snapshot
            self.changed.notify_all()

    def allowed(self, host: str | None, origin: str | None) -> bool:
        """Whether a request names this server as its Host, and comes from its own page if from any."""
        port = self.server.server_address[1]
        ours = {f"{HOST}:{port}", f"localhost:{port}"}
        return host in ours and (origin is None or origin in {f"http://{name}" for name in ours})

    def _watch(self) -> None:
        for _ in watchfiles.watch(self.root, watch_filter=_sources, debounce=100, step=50, stop_event=self.stop,
                                  raise_interrupt=False):
            self.rebuild()

    def wait_for(self, version: int, timeout: float) -> int:
        """Block until a build newer than ``version`` exists (or ``timeout``); the newest build number."""
        with self.changed:
            self.changed.wait_for(lambda: self.snapshot.version > version or self.stop.is_set(), timeout)
            return self.snapshot.version

    def source(self, path: str) -> str | None:
        """A source file's text, only for files inside the served folder (or a pack it requires)."""
        full = absolute(Path(path))
        allowed = [self.root, *(absolute(Path(s)) for s in self.search)]
        if full.suffix.lower() not in SOURCE_SUFFIXES or not any(full.is_relative_to(a) for a in allowed):
            return None
        try:
            real = full.resolve(strict=True)
            if not real.is_file() or real.stat().st_size > MAX_BYTES:
                return None
            if not any(real.is_relative_to(a.resolve()) for a in allowed):
                return None
            return real.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None


def _sources(change: watchfiles.Change, path: str) -> bool:
    """Saves that matter: TOML and JSON sources, not editors' hidden and temporary files."""
    name = Path(path).name
    return not name.startswith(".") and Path(path).suffix.lower() in SOURCE_SUFFIXES


def _handler(preview: Preview) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "zwar-serve"

        def log_message(self, format: str, *args) -> None:
            pass  # quiet: the terminal shows what was built, not every request

        timeout = IDLE_SECONDS  # the socket's: a read or write waiting longer ends the connection

        def do_GET(self) -> None:
            if self.request_version == "HTTP/0.9":  # no status line, no headers: no browser sends it, and an
                self.close_connection = True  # event stream answered so would never end: closed unanswered
                return
            if not preview.allowed(self.headers.get("Host"), self.headers.get("Origin")):
                self._error(HTTPStatus.FORBIDDEN, "this preview answers only http://127.0.0.1 or localhost "
                            "at its own port, from its own page")
                return
            try:
                self._route(urlparse(self.path))
            except BadRequest as exc:
                self._error(HTTPStatus.BAD_REQUEST, str(exc))

        def _route(self, url) -> None:
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            snapshot = preview.snapshot
            if url.path == "/":
                self._send(_page(), "text/html; charset=utf-8")
            elif url.path == "/api/state":
                self._send(json.dumps(snapshot.summary()), "application/json")
            elif url.path == "/events":
                self._events(_number(query, "since"))
            elif url.path == "/api/map":
                self._svg(snapshot.map_svg(query.get("mission", ""), query.get("floor", "")))
            elif url.path == "/api/page":
                index = _number(query, "n")
                pages = snapshot.page_svgs(query.get("mission", ""))
                self._svg(pages[index] if pages is not None and index < len(pages) else None)
            elif url.path == "/api/pages":
                pages = snapshot.page_svgs(query.get("mission", ""))
                self._send(json.dumps({"count": len(pages) if pages else 0}), "application/json")
            elif url.path == "/api/source":
                text = preview.source(query.get("file", ""))
                if text is None:
                    self._error(HTTPStatus.NOT_FOUND)
                else:
                    self._send(text, "text/plain; charset=utf-8")
            else:
                self._error(HTTPStatus.NOT_FOUND)

        def _svg(self, text: str | None) -> None:
            if text is None:
                self._error(HTTPStatus.NOT_FOUND)
            else:
                self._send(text, "image/svg+xml")

        def _send(self, body: str, kind: str) -> None:
            data = body.encode("utf-8")
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def _error(self, status: HTTPStatus, why: str = "") -> None:
            data = (why + "\n").encode("utf-8") if why else b""
            self.send_response(status)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _events(self, since: int) -> None:
            """Server-sent events: the build number now, then after every rebuild, until the page goes.

            A closed page is noticed within a second (its end of the connection reads as ended), not
            at the next heartbeat: a stream holds one of the ``MAX_CONNECTIONS`` while it lasts."""
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            version, sent = since, 0.0
            try:
                while not preview.stop.is_set() and not self._gone():
                    newest = preview.snapshot.version
                    if newest > version:
                        version = newest
                        self.wfile.write(f"data: {version}\n\n".encode())
                    elif time.monotonic() - sent >= HEARTBEAT:
                        self.wfile.write(b": waiting\n\n")
                    else:
                        preview.wait_for(version, WATCH_SECONDS)
                        continue
                    self.wfile.flush()
                    sent = time.monotonic()
            except OSError:
                pass  # the page was closed or reloaded

        def _gone(self) -> bool:
            """Whether the client has closed its end (a page that sends nothing more, so ready to read is the end)."""
            try:
                ready, _, _ = select.select([self.connection], [], [], 0)
                return bool(ready) and self.connection.recv(1, socket.MSG_PEEK) == b""
            except OSError:
                return True

    return Handler


def _number(query: dict[str, str], key: str) -> int:
    """A build or page number: ASCII digits only (`str.isdigit` takes "²"), a few of them (a 5,000-digit
    number is refused, not converted); absent is 0."""
    text = query.get(key, "") or "0"
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS):
        raise BadRequest(f"`{key}` is a whole number of at most {MAX_NUMBER_DIGITS} digits, not {text[:20]!r}")
    return int(text)


def _page() -> str:
    return resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8")
