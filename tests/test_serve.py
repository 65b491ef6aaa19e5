"""The live preview: what a build holds, the HTTP routes, watching, and a real browser driving the page."""

from __future__ import annotations

import http.client
import json
import shutil
import socket
import struct
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import CONTENT

from zwar_author.scaffold import init_pack
from zwar_author.serve import app
from zwar_author.serve.app import MAX_CONNECTIONS, Preview
from zwar_author.serve.chain import chain
from zwar_author.serve.state import build

WAIT = 20.0  # seconds: the longest any step may take before a test fails (a bound, never a speed goal)
BROKEN = ('title = "First Steps"', 'title = "First Steps"\ncolour = "red"')
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"]


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    init_pack(tmp_path / "mypack")
    return tmp_path / "mypack"


@pytest.fixture
def preview(pack: Path):
    server = Preview(pack, port=0)
    server.start()
    yield server
    server.close()


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=WAIT) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, b""


def test_a_build_holds_every_mission_with_its_chain_and_odds():
    snapshot = build(CONTENT / "core", 1, [])
    summary = snapshot.summary()
    assert (summary["errors"], summary["version"]) == (0, 1)
    crossing = next(m for m in summary["missions"] if m["key"] == "core/the-crossing")
    assert crossing["chain"] == [
        ("From the start points the heroes reach objective 1 (14,2), the red keycard (3,15), item C (7,1), "
        "item M (27,14), item M (4,16), NPC tom (21,21), the exit (35,17) and the exit (35,18)."),
        "Then the red keycard opens the red door at H:20,3; behind, they reach object F (20,1).",
        "The rib can be boarded.",
    ]
    assert crossing["odds"].startswith("The Crossing: spawn odds (exact, from the dice tables)\n")
    assert snapshot.map_svg("core/the-tower", "first").startswith("<svg ")
    assert len(snapshot.page_svgs("core/the-tower")) >= 1
    assert snapshot.map_svg("core/the-tower", "cellar") is None


def test_the_chain_names_a_blast_doors_room_as_its_author_does():
    snapshot = build(CONTENT / "core", 1, [])
    compiled, board = snapshot.mission("core/break-and-enter")
    assert chain(compiled, board)[1] == (
        'Then a task in room hall ("Depot hall") opens the blast door at V:21,2; behind, they reach object C (22,2).')


def test_the_chain_names_what_is_never_reached(pack):
    mission = pack / "missions" / "first-steps.toml"
    mission.write_text(mission.read_text().replace("[[objectives]]", '[[doors]]\nat = "H:3,1"\nkind = "locked"\n'
                                                   'key = "red"\n\n[[keycards]]\ncolour = "red"\nat = "4,2"\n\n[[objectives]]'))
    mission.write_text(mission.read_text().replace("[mission]\n", "[mission]\nallow_unplayable = true\n")
                       .replace('game = "zwar1"', 'game = "exodus"'))  # keycards are Exodus's
    pack_file = pack / "pack.toml"  # and the pack holds an Exodus mission now (ZW149 otherwise)
    pack_file.write_text(pack_file.read_text().replace('games = ["zwar1"]', 'games = ["zwar1", "exodus"]'))
    snapshot = build(pack, 1, [])
    compiled, board = snapshot.mission("mypack/first-steps")
    assert chain(compiled, board) == [
        "From the start points the heroes reach the exit (5,5).",
        "Never reached: objective 1 (3,2) and the red keycard (4,2) (see the errors above).",
    ]


def test_a_mission_that_stops_compiling_is_kept_as_stale_until_the_pack_is_clean(pack):
    mission = pack / "missions" / "first-steps.toml"
    good = mission.read_text()
    first = build(pack, 1, [])
    mission.write_text(good.replace(*BROKEN))
    broken = build(pack, 2, [], first)
    assert [(m["key"], m["stale"]) for m in broken.summary()["missions"]] == [("mypack/first-steps", True)]
    assert broken.map_svg("mypack/first-steps", "ground") is not None
    still = build(pack, 3, [], broken)
    assert list(still.stale) == ["mypack/first-steps"]
    mission.unlink()
    gone = build(pack, 4, [], still)
    assert gone.summary()["missions"] == []


def test_routes_serve_the_page_state_drawings_and_only_sources_inside_the_pack(preview, pack):
    status, page = get(preview.url)
    assert status == 200 and b"<title>zwar serve</title>" in page
    state = json.loads(get(preview.url + "api/state")[1])
    assert [m["key"] for m in state["missions"]] == ["mypack/first-steps"]
    status, svg = get(preview.url + "api/map?mission=mypack/first-steps&floor=ground")
    assert status == 200 and svg.startswith(b"<svg ")
    source = pack / "missions" / "first-steps.toml"
    assert get(preview.url + f"api/source?file={source}")[1] == source.read_bytes()
    assert get(preview.url + "api/source?file=/etc/passwd")[0] == 404
    assert get(preview.url + f"api/source?file={pack}/../../../etc/hostname")[0] == 404
    assert get(preview.url + "api/map?mission=nope/none&floor=ground")[0] == 404
    assert get(preview.url + "nothing-here")[0] == 404
    assert preview.url.startswith("http://127.0.0.1:")


def test_a_save_rebuilds_and_the_event_stream_says_so(preview, pack):
    assert preview.snapshot.version == 1
    mission = pack / "missions" / "first-steps.toml"
    mission.write_text(mission.read_text().replace(*BROKEN))
    assert preview.wait_for(1, WAIT) >= 2, "no rebuild after a save"
    summary = preview.snapshot.summary()
    assert [d["code"] for d in summary["diagnostics"]] == ["ZW005"]
    with urllib.request.urlopen(preview.url + "events?since=0", timeout=WAIT) as stream:
        assert stream.readline().decode() == f"data: {preview.snapshot.version}\n"


def test_a_taken_port_is_a_usage_error(preview, pack):
    from zwar_author.errors import UsageError
    port = int(preview.url.rsplit(":", 1)[1].strip("/"))
    with pytest.raises(UsageError, match=rf"cannot listen on 127.0.0.1:{port} .*: choose another --port"):
        Preview(pack, port=port)


def ask(preview: Preview, path: str, **headers: str) -> tuple[int, bytes]:
    """One GET to the preview, with the Host a browser would send unless ``headers`` give another."""
    port = preview.server.server_address[1]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}", **headers})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("route", ["/", "/api/state", "/api/source?file={pack}/pack.toml", "/events", "/api/pages"])
def test_a_page_on_another_name_rebound_to_127_0_0_1_reads_nothing(preview, pack, route):
    # DNS rebinding: the browser sends the attacker's name as Host, and as Origin when it fetches
    route = route.format(pack=pack)
    port = preview.server.server_address[1]
    refusal = b"this preview answers only http://127.0.0.1 or localhost at its own port, from its own page\n"
    assert ask(preview, route, Host=f"evil.example:{port}") == (403, refusal)
    assert ask(preview, route, Host=f"127.0.0.1:{port + 1}") == (403, refusal)
    assert ask(preview, route, Origin="http://evil.example") == (403, refusal)
    assert ask(preview, route, Origin="null") == (403, refusal)


def test_its_own_names_and_origin_are_served(preview):
    port = preview.server.server_address[1]
    assert ask(preview, "/api/pages", Host=f"localhost:{port}", Origin=f"http://localhost:{port}") == (
        200, b'{"count": 0}')
    assert ask(preview, "/api/pages", Origin=f"http://127.0.0.1:{port}") == (200, b'{"count": 0}')


def test_a_request_without_a_host_is_refused(preview):
    with socket.create_connection(preview.server.server_address, timeout=WAIT) as client:
        client.sendall(b"GET /api/state HTTP/1.0\r\n\r\n")
        assert client.makefile("rb").readline() == b"HTTP/1.0 403 Forbidden\r\n"


@pytest.mark.parametrize(("route", "value"), [
    ("/events?since=abc", "abc"), ("/events?since=1e3", "1e3"), ("/events?since=-1", "-1"),
    ("/api/page?mission=mypack/first-steps&n=%C2%B2", "²"),
    ("/api/page?mission=mypack/first-steps&n=" + "9" * 5000, "9" * 20),
])
def test_a_bad_number_is_400_with_one_line_and_nothing_printed(preview, capfd, route, value):
    key = route.split("?")[1].rsplit("&", 1)[-1].split("=")[0]
    assert ask(preview, route) == (400, f"`{key}` is a whole number of at most 9 digits, not {value!r}\n".encode())
    assert capfd.readouterr() == ("", "")


def test_a_client_that_leaves_early_prints_nothing(preview, capfd):
    try:
        raise BrokenPipeError(32, "Broken pipe")
    except BrokenPipeError:
        preview.server.handle_error(None, ("127.0.0.1", 1))  # what socketserver calls: it printed a traceback
    reset = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close with a reset, as a tab closed mid-answer does
    for _ in range(50):  # bounded: 50 connections to 127.0.0.1
        client = socket.create_connection(preview.server.server_address, timeout=WAIT)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, reset)
        client.sendall(b"GET /api/state HTTP/1.0\r\nHost: " + preview.url[7:-1].encode() + b"\r\n\r\n")
        client.close()
    assert ask(preview, "/api/pages")[0] == 200
    assert capfd.readouterr() == ("", "")


def test_connections_are_bounded_and_an_idle_one_is_closed(pack, monkeypatch):
    monkeypatch.setattr(app, "IDLE_SECONDS", 0.5)
    server = Preview(pack, port=0)
    server.start()
    try:
        idle = [socket.create_connection(server.server.server_address, timeout=WAIT) for _ in range(MAX_CONNECTIONS)]
        with socket.create_connection(server.server.server_address, timeout=WAIT) as extra:
            assert extra.recv(1) == b""  # closed unanswered: every slot is held
        assert [client.recv(1) for client in idle] == [b""] * MAX_CONNECTIONS  # idle past 0.5 s: closed
        for client in idle:
            client.close()
        deadline = time.monotonic() + WAIT
        while (answer := _try(server)) != 200 and time.monotonic() < deadline:
            time.sleep(0.05)  # the slots free as the closed connections' threads end
        assert answer == 200
    finally:
        server.close()


def _try(server: Preview) -> int:
    try:
        return ask(server, "/api/pages")[0]
    except (ConnectionError, http.client.HTTPException):
        return 0


def _browser():
    """Playwright and the system's Chromium, or a skip that says which is missing (never a silent pass)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser test skipped: the playwright package is not installed (pip install -e '.[dev]')")
    if CHROMIUM is None:
        pytest.skip("browser test skipped: no Chromium on this machine (Debian: apt-get install chromium)")
    return sync_playwright


def test_the_page_shows_a_diagnostic_when_a_file_breaks_and_drops_it_when_fixed(preview, pack):
    sync_playwright = _browser()
    mission = pack / "missions" / "first-steps.toml"
    good = mission.read_text()
    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, timeout=WAIT * 1000)
        try:
            page = browser.new_page()
            page.set_default_timeout(WAIT * 1000)
            page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
            page.on("pageerror", lambda error: problems.append(str(error)))
            page.goto(preview.url)
            page.locator("#status", has_text="0 errors, 0 warnings").wait_for()
            page.locator("nav button", has_text="First Steps").wait_for()
            page.locator("#map img").first.wait_for()
            page.locator("#chain li", has_text="objective 1 (3,2)").wait_for()
            page.locator("#page img").first.wait_for()

            mission.write_text(good.replace(*BROKEN))
            diagnostic = page.locator("#diagnostics li", has_text="error ZW005: unknown key `colour`")
            diagnostic.wait_for()
            assert page.locator("#status").inner_text() == "1 error, 0 warnings"
            page.locator("#stale", has_text="showing the last version that did").wait_for()  # the map stays
            page.locator("#map img").first.wait_for()
            diagnostic.locator("a.loc").click()
            page.locator("#source .line.hit", has_text='colour = "red"').wait_for()
            assert page.locator("#source-title").inner_text() == "missions/first-steps.toml, line 5"

            mission.write_text(good)
            diagnostic.wait_for(state="detached")
            page.locator("#status", has_text="0 errors, 0 warnings").wait_for()
            page.locator("#diagnostics li", has_text="No problems.").wait_for()
            page.locator("#stale").wait_for(state="detached")
        finally:
            browser.close()
    assert problems == []


def test_a_closed_event_stream_frees_its_connection_before_the_next_heartbeat(pack, monkeypatch):
    monkeypatch.setattr(app, "HEARTBEAT", 3600.0)  # a closed page was noticed only when a heartbeat failed
    server = Preview(pack, port=0)
    server.start()
    try:
        port = server.server.server_address[1]
        for _ in range(MAX_CONNECTIONS):
            with socket.create_connection(server.server.server_address, timeout=WAIT) as page:
                page.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                assert page.recv(15) == b"HTTP/1.0 200 OK"
        deadline = time.monotonic() + WAIT
        while (answer := _try(server)) != 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert answer == 200  # every slot was held by a stream whose page had gone
    finally:
        server.close()


def test_an_http_0_9_request_is_closed_unanswered(preview):
    # no status line and no headers: an event stream answered so would never end
    with socket.create_connection(preview.server.server_address, timeout=WAIT) as client:
        client.sendall(b"GET /events\r\nHost: " + preview.url[7:-1].encode() + b"\r\n\r\n")
        assert client.recv(100) == b""
