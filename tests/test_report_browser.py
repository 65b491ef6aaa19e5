"""The playtest's pages in a real browser (the system's Chromium, driven by Playwright): no console
errors, and the replay page steps through the turns with its slider, its buttons and the keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import mission, write
from test_playtest import CORRIDOR, EASY
from test_serve import BROWSER_ARGS, CHROMIUM, WAIT, _browser

from zwar_author.engine.state import Setup
from zwar_author.play.load import load_mission
from zwar_author.playtest.explore import explore
from zwar_author.playtest.project import playtest
from zwar_author.playtest.replay import page, replay

#: Nothing to do, nothing to reach: the game runs to its turn limit, a board a turn.
WAIT_IT_OUT = mission(CORRIDOR + '''
    [[objectives]]
    number = 1
    at = "9,0"

    [[victory]]
    objectives = [1]
    ''', head='[mission]\nid = "wait"\ntitle = "Wait"\n')


@pytest.fixture
def browser():
    sync_playwright = _browser()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, timeout=WAIT * 1000)
        try:
            yield chromium
        finally:
            chromium.close()


def open_page(browser, path: Path):
    """The page at ``path``, and the list its console errors and uncaught exceptions go to."""
    problems: list[str] = []
    tab = browser.new_page()
    tab.set_default_timeout(WAIT * 1000)
    tab.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: problems.append(str(error)))
    tab.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
    tab.goto(path.as_uri())
    return tab, problems


def shown(tab) -> tuple[str, list[str | None]]:
    """The label, and the turn of each board layer and log on show."""
    turns = [e.get_attribute("data-turn") for e in tab.locator(".layer.on").all()]
    return tab.locator("#label").inner_text(), turns


def test_the_replay_page_steps_through_the_turns(browser, workdir):
    write(workdir, {"wait.toml": WAIT_IT_OUT})
    loaded, _ = load_mission(workdir / "wait.toml")
    assert loaded is not None
    game, turns = replay(loaded, "cautious", 1, 0, Setup(max_turns=3))
    (workdir / "game.html").write_text(page(game, turns, "Wait: game 0"), encoding="utf-8")
    tab, problems = open_page(browser, workdir / "game.html")

    assert shown(tab) == ("Turn 1 of 3", ["0", "0"])  # one board and its log
    assert tab.locator("pre.layer.on").inner_text().startswith("Turn 1\n")
    tab.keyboard.press("ArrowRight")
    assert shown(tab) == ("Turn 2 of 3", ["1", "1"])
    assert tab.locator("pre.layer.on").inner_text().startswith("Turn 2\n")
    tab.keyboard.press("End")
    assert shown(tab) == ("Turn 3 of 3", ["2", "2"])
    tab.keyboard.press("ArrowRight")  # past the last turn: it stays there
    assert shown(tab) == ("Turn 3 of 3", ["2", "2"])
    tab.locator("#prev").click()
    assert shown(tab) == ("Turn 2 of 3", ["1", "1"])
    tab.locator("#slider").fill("0")
    assert shown(tab) == ("Turn 1 of 3", ["0", "0"])
    tab.keyboard.press("ArrowLeft")
    assert shown(tab) == ("Turn 1 of 3", ["0", "0"])
    tab.locator("#next").click()
    assert shown(tab) == ("Turn 2 of 3", ["1", "1"])
    assert tab.locator("svg.layer.on").is_visible() and tab.locator('svg.layer[data-turn="0"]').is_hidden()
    assert problems == []


def test_the_playtest_page_draws_its_charts_without_errors(browser, workdir):
    write(workdir, {"easy.toml": EASY})
    result = playtest(workdir / "easy.toml", runs=3, seed=1, jobs=1, policies=["cautious", "random"],
                      out=workdir / "out")
    tab, problems = open_page(browser, result.files[1])
    charts = tab.locator("svg.chart")
    assert charts.count() == 7
    for i in range(charts.count()):  # each chart drawn, with a size on the page
        box = charts.nth(i).bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 20
    assert tab.locator("table tr").first.inner_text().split("\t")[1:] == ["cautious (3 games)", "random (3 games)"]
    assert tab.locator("#skill").inner_text().startswith("Not measured in this run")
    floors = tab.locator('use[href="#heat-floor-0"]')  # each heatmap shows the one map drawn once
    assert floors.count() == 6
    for i in range(6):
        box = floors.nth(i).bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 5  # two to a row, each 22em or more
    assert problems == []


def test_the_explore_page_draws_its_chart_without_errors(browser, workdir):
    write(workdir, {"easy.toml": EASY})
    result = explore(workdir / "easy.toml", runs=2, seed=1, jobs=1, policies=["cautious"], out=workdir / "out")
    tab, problems = open_page(browser, result.files[1])
    box = tab.locator("svg.chart").bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 20
    assert tab.locator("pre").inner_text().startswith("What would fix it: Easy (local/easy)")
    assert problems == []
