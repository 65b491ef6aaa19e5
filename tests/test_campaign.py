"""Perk builds, the box's limits, 3-turn timers and campaigns: the exact text a user sees.

The codes of this part (ZW620-ZW659) are tested here rather than in test_diagnostics.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from conftest import CONTENT, FIXTURES, write

from zwar_author.compile.perks import price
from zwar_author.compile.project import build, check
from zwar_author.model.rules import Hero, Perk, PerkPrice, Ratings
from zwar_author.render.booklet import booklet_pages
from zwar_author.render.canvas import PAPER, Group, Line, Rect, Text
from zwar_author.render.pages import mission_pages
from zwar_author.render.theme import SCREEN
from zwar_author.render.tracker import TrackerSpec, counter_pages, mission_counters, tracker_pages
from zwar_author.schema import schemas

BOARD = '''
[[floors]]
art = """
+-+-+-+-+
|. .|: :|
+ + +D+-+
|. . . .|
+-+-+-+-+
"""
[[starts]]
at = "0,1"
[[victory]]
escape = "all"
[[exits]]
at = "3,1"
[spawn]
'''


def director(head: str, body: str = BOARD) -> str:
    return '[mission]\nid = "m"\ntitle = "M"\nmode = "director"\n' + head + body


def only(lines: list[str], *wanted: str) -> list[str]:
    return [line for line in lines if any(f" {code}: " in line for code in wanted)]


# --- perk builds ---------------------------------------------------------------------------------


def test_a_perk_costs_the_price_for_the_heros_rating_in_its_class():
    # "Kat & Sam are both rated green for agility perks so the 'turbo' perk would cost them 30 XP.
    # Cole is rated amber so the cost to him would be 50 XP Victor is rated red ... 70 XP." (Perks)
    turbo = Perk.model_validate({"id": "turbo", "name": "Turbo", "class": "agility", "games": ["zwar1"], "text": "",
                                 "price": PerkPrice(red=70, amber=50, green=30)})
    for rating, cost in (("green", 30), ("amber", 50), ("red", 70)):
        hero = Hero.model_validate({"id": "h", "name": "H", "initial": "H", "games": ["zwar1"], "unarmed": {"1-8": "miss"}, "ratings": Ratings(
            agility=rating, ballistic="red", melee="red", survival="red")})
        assert price(hero, turbo) == cost


def test_mission_builds_over_the_allowance_are_located_errors_with_the_total(diagnose):
    lines = diagnose({"p/missions/m.toml": director(
        'xp_perk_allowance = 20\nheroes = ["sam"]\n\n[mission.perks]\nsam = ["turbo", "turbo", "zap"]\n'
        'kira = ["turbo"]\nbob = ["turbo"]\n')})
    assert only(lines, "ZW620", "ZW621", "ZW622", "ZW408") == [
        "p/missions/m.toml:9:1: error ZW620: sam's perks cost 30 XP (turbo 30): over the allowance of 20 XP",
        "p/missions/m.toml:9:17: error ZW622: perk `turbo` is given to sam twice (first at p/missions/m.toml:9:8)",
        "p/missions/m.toml:9:26: error ZW408: perk `zap` does not exist; known: turbo",
        ("p/missions/m.toml:10:1: error ZW621: hero `kira` is given perks but does not play this mission "
        "(its heroes: sam)"),
        "p/missions/m.toml:11:1: error ZW408: hero `bob` does not exist; known: kira, sam",
    ]


def test_a_build_within_the_allowance_is_clean_and_compiled_qualified(diagnose, workdir):
    lines = diagnose({"p/missions/m.toml": director('xp_perk_allowance = 30\n\n[mission.perks]\nsam = ["turbo"]\n')})
    assert only(lines, "ZW620", "ZW621", "ZW622", "ZW408") == []
    outcome = check([workdir / "p"], [FIXTURES])
    [compiled] = outcome.missions["p"]
    assert compiled.mission.perks == {"base/sam": ["base/turbo"]}


def test_playtest_refuses_perks_over_the_allowance(zwar):
    hold_out = CONTENT / "core" / "missions" / "hold-out.toml"
    result = zwar("playtest", hold_out, "--perk", "victor=redline", "--perk", "victor=dead-eye",
                  "--perk", "victor=blessed", "--perk", "victor=greased", "--runs", "1", "--jobs", "1")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: --perk: victor's perks cost 310 XP (redline 90, dead-eye 70, blessed 70, greased 80): "
        "over the allowance of 150 XP")


# --- the box's limits ----------------------------------------------------------------------------

BOX = '''assumed = ["miniatures.zombie", "components.tokens"]

[pack]
id = "p"
title = "Test pack"
requires = ["base"]

[components]
doors = 1
counters = 2

[miniatures]
zombie = 1
'''

CROWDED = '''[mission]
id = "m"
title = "M"

[[floors]]
art = """
+-+-+-+-+
|. .D: :|
+ + +D+-+
|. . . .|
+-+-+-+-+
"""
[[starts]]
at = "0,1"
[[victory]]
escape = "all"
[[exits]]
at = "3,1"
[[items]]
letter = "P"
card = "pistol"
at = "1,0"
[[objectives]]
number = 1
at = "2,1"
[[tokens]]
kind = "search"
room = "2,0"
[[infected]]
class = "zombie"
at = "0,0"
facing = "S"
[[infected]]
class = "zombie"
at = "1,1"
facing = "N"
'''


def test_a_mission_needing_more_than_the_box_is_warned_with_the_shortfall(diagnose):
    lines = diagnose({"p/pack.toml": BOX, "p/missions/m.toml": CROWDED}, with_pack=False)
    assert only(lines, "ZW623", "ZW607") == [
        "p/missions/m.toml:1:1: warning ZW623: the mission needs 2 doors, 1 more than the box of p holds (1)",
        "p/missions/m.toml:1:1: warning ZW623: the mission needs 3 counters, 1 more than the box of p holds (2)",
        ("p/missions/m.toml:33:1: warning ZW623: the mission needs 2 zombies on the board at the start, "
        "1 more than the box of p holds (1)"),
        "p/pack.toml:1:33: error ZW607: assumed value `components.tokens` is not a key of pack `p`",
    ]


def test_a_mission_says_the_doors_it_needs_beyond_the_box_and_they_are_counted_and_printed(diagnose, workdir):
    extra = CROWDED.replace('title = "M"', 'title = "M"\nextra_doors = 1')
    lines = diagnose({"p/pack.toml": BOX, "p/missions/m.toml": extra}, with_pack=False)
    assert [line for line in only(lines, "ZW623") if "doors" in line] == []
    outcome = check([workdir / "p"], [FIXTURES])
    [compiled] = outcome.missions["p"]
    assert [c.label for c in mission_counters(compiled, 0, {})].count("DOOR") == 1
    page = mission_pages(compiled, outcome.boards["p", compiled.mission.id], SCREEN)[0]
    assert "1 doors beyond the box's (door counters on the counter sheet)" in " ".join(texts(page.items))


def test_components_add_up_over_required_packs_and_keep_to_their_games(diagnose, workdir):
    more = {"q/pack.toml": '[pack]\nid = "q"\ntitle = "Q"\nrequires = ["p"]\n\n[components]\ndoors = 1\ncounters = 5\n'
                           '\n[miniatures]\nzombie = 2\n',
            "q/missions/m.toml": CROWDED}
    lines = diagnose({"p/pack.toml": BOX, **more}, target="q", with_pack=False)
    assert only(lines, "ZW623") == []
    exodus = CROWDED.replace('title = "M"', 'title = "M"\ngame = "exodus"\nheroes = ["kira"]')
    lines = diagnose({"p/pack.toml": BOX.replace("[components]", '[components]\ngames = ["zwar1"]'),
                      "p/missions/m.toml": exodus}, with_pack=False)
    assert only(lines, "ZW623") == []
    [compiled] = check([workdir / "p"], [FIXTURES]).missions["p"]
    assert compiled.miniatures == {"base/zombie": 10}  # p's box (and its miniatures) are for zwar1 only


def test_the_core_pack_declares_z_war_ones_box(zwar):
    result = zwar("assumed", CONTENT / "core" / "pack.toml")
    assert result.output.splitlines()[0].endswith("content/core/pack.toml:41:1: pack core: miniatures.zombie = 18")


# --- 3-turn timers -------------------------------------------------------------------------------

TIMERS = '''[mission]
id = "m"
title = "M"

[[floors]]
art = """
+-+-+-+-+
|. .|: :|
+ + +D+-+
|. . . .|
+-+-+-+-+
"""
[[starts]]
at = "0,1"
[[victory]]
escape = "all"
[[exits]]
at = "3,1"
closed = true
[[objectives]]
number = 1
at = "2,0"
[spawn]

[[timers]]
id = "shutters"
name = "Shutters"
start = { objective = 1 }
text = "Raising the shutters takes three turns."

[[events]]
when = { timer = "shutters" }
open_exits = true
'''


def test_a_timer_is_started_by_one_trigger_and_ended_by_events(diagnose, workdir):
    # "If a hero carries out an action which takes 3 turns to complete, the player tracking turns
    # writes the name of the action and marks off the timer" (Hero cards & tracker pad)
    lines = diagnose({"p/missions/m.toml": TIMERS})
    assert only(lines, "ZW605", "ZW624", "ZW625", "ZW150", "ZW407", "ZW408") == []
    [compiled] = check([workdir / "p"], [FIXTURES]).missions["p"]
    assert [(t.id, t.name, t.start.objective) for t in compiled.timers] == [("shutters", "Shutters", 1)]
    assert compiled.events[0].when.timer == "shutters"


def test_timer_mistakes_are_located(diagnose):
    broken = TIMERS + '''
[[timers]]
id = "loop"
name = "Loop"
start = { timer = "loop" }

[[timers]]
id = "shutters"
name = "Again"
start = { objective = 1 }

[[timers]]
id = "idle"
name = "Idle"
start = { objective = 2, turn = 3 }

[[events]]
when = { timer = "nothing" }
open_exits = true
'''
    lines = diagnose({"p/missions/m.toml": broken})
    assert only(lines, "ZW605", "ZW624", "ZW625", "ZW407", "ZW408") == [
        "p/missions/m.toml:38:19: error ZW624: timer `loop` is started by its own end: it can never start",
        "p/missions/m.toml:41:6: error ZW407: timer `shutters` is defined twice (first at p/missions/m.toml:25:1)",
        ("p/missions/m.toml:45:1: warning ZW625: timer `idle` runs out but nothing happens then: add an event "
        'with when = { timer = "idle" }'),
        ("p/missions/m.toml:48:9: error ZW605: `start` needs exactly one trigger, found 2: one of turn, door_opened, "
        "task_done, objective, picked_up, room_activated, timer"),
        "p/missions/m.toml:51:18: error ZW408: timer `nothing` does not exist (known: shutters, loop, idle)",
    ]


# --- campaigns -----------------------------------------------------------------------------------


def chapter_mission(mission_id: str, extra: str = "") -> str:
    return TIMERS.replace('id = "m"', f'id = "{mission_id}"').replace('title = "M"\n', f'title = "{mission_id}"\n' + extra)


CAMPAIGN = '''[campaign]
id = "c"
title = "C"

[[chapters]]
mission = "first"

[[chapters]]
mission = "second"
buy = { sam = ["turbo"] }
'''


def test_a_campaign_checks_clean_and_knows_its_chapters(diagnose, workdir):
    # 10 XP to start and 20 for chapter 1 pay for Sam's Turbo (30 XP) before chapter 2.
    lines = diagnose({"p/campaign.toml": CAMPAIGN.replace('title = "C"', 'title = "C"\nstart_xp = 10'),
                      "p/missions/first.toml": chapter_mission("first", "chapter = 1\n"),
                      "p/missions/second.toml": chapter_mission("second")})
    assert only(lines, "ZW630", "ZW631", "ZW632", "ZW622", "ZW408", "ZW006") == []
    campaign = check([workdir / "p"], [FIXTURES]).campaigns["p"]
    assert [(ch.number, ch.title, ch.buy) for ch in campaign.chapters] == [
        (1, "first", {}), (2, "second", {"sam": ["turbo"]})]
    assert campaign.mission_xp == 20  # the rules data's campaign_xp


def test_campaign_mistakes_are_located(diagnose):
    broken = CAMPAIGN + '''
[[chapters]]
mission = "versus"

[[chapters]]
mission = "nowhere"

[[chapters]]
mission = "early"
buy = { sam = ["turbo", "zap"], kira = ["turbo"] }
'''
    lines = diagnose({
        "p/campaign.toml": broken,
        "p/missions/first.toml": chapter_mission("first", "chapter = 1\n"),
        "p/missions/second.toml": chapter_mission("second", "chapter = 3\n"),
        "p/missions/versus.toml": chapter_mission("versus", 'mode = "director"\n'),
        "p/missions/early.toml": chapter_mission("early", "chapter = 2\n"),
    })
    assert only(lines, "ZW630", "ZW631", "ZW632", "ZW622", "ZW408") == [
        ("p/campaign.toml:13:11: error ZW630: chapter mission `versus` is a zwar1 director mission: a zwar1 "
        "campaign's chapters are zwar1 campaign missions"),
        "p/campaign.toml:16:11: error ZW408: mission `nowhere` does not exist; known: early, first, second, versus",
        ("p/campaign.toml:19:11: warning ZW631: mission `early` is chapter 2, but comes after chapter 3: list the "
        "chapters in the order they are played"),
        "p/campaign.toml:20:25: error ZW408: perk `zap` does not exist; known: turbo",
        "p/campaign.toml:20:33: error ZW408: hero of this campaign `kira` does not exist; known: sam",
    ]


def test_perks_the_xp_cannot_pay_for_yet_are_errors_at_the_chapter(diagnose):
    # "Any remaining XP which are not spent on perks are noted on the hero's tracker sheet and roll
    # over to the next chapter. Expensive perks will require XP to be accumulated over multiple
    # chapters." (Perks) Turbo costs Sam (green) 30 XP; one chapter pays 20.
    lines = diagnose({"p/campaign.toml": CAMPAIGN.replace('"second"\nbuy = { sam = ["turbo"] }',
                                                          '"second"\nbuy = { sam = ["turbo", "turbo"] }'),
                      "p/missions/first.toml": chapter_mission("first"),
                      "p/missions/second.toml": chapter_mission("second")})
    assert only(lines, "ZW632", "ZW622") == [
        ("p/campaign.toml:10:9: error ZW632: by chapter 2, sam's perks cost 30 XP (turbo 30), more than the 20 XP "
        "earned before it (1 chapter at 20 XP)"),
        "p/campaign.toml:10:25: error ZW622: perk `turbo` is given to sam twice (first at p/campaign.toml:10:16)",
    ]
    expected = chapter_mission("second", '\n[mission.perks]\nsam = ["turbo"]\n')
    lines = diagnose({"p/campaign.toml": CAMPAIGN.replace('buy = { sam = ["turbo"] }\n', ""),
                      "p/missions/second.toml": expected})
    assert only(lines, "ZW632") == [
        ("p/campaign.toml:9:11: error ZW632: by chapter 2, sam's perks cost 30 XP (turbo 30), more than the 20 XP "
        "earned before it (1 chapter at 20 XP)"),
    ]
    lines = diagnose({"p/campaign.toml": CAMPAIGN.replace('title = "C"', 'title = "C"\nexpected_loot_xp = 10')
                      .replace('buy = { sam = ["turbo"] }\n', "")})
    assert only(lines, "ZW632") == []


def test_the_reference_campaign_validates(zwar):
    result = zwar("validate", CONTENT / "core" / "campaign.toml")
    assert (result.exit_code, result.output) == (0, "checked 9 files, 1 campaign: 0 errors, 0 warnings\n")
    result = zwar("validate", CONTENT / "core")
    # no ZW150 since the engine plays Download or Destroy (its sinkhole is read as interpretation Z11 and
    # its dead-agent rule is an `outscore_dead` condition); no ZW623, the missions say their extra doors
    assert result.output.splitlines()[-1] == "checked 25 files, 9 missions, 1 campaign: 0 errors, 0 warnings"


# --- tracker, counters and the campaign booklet in print -----------------------------------------


def texts(items) -> list[str]:
    out = []
    for item in items:
        if isinstance(item, Group):
            out += texts(item.items)
        elif isinstance(item, Text):
            out.append(item.text)
    return out


@pytest.fixture(scope="module")
def core():
    outcome = check([CONTENT])
    return outcome, {m.mission.id: m for m in outcome.missions["core"]}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_missions_tracker_sheet_is_filled_in(core, paper):
    # "The tracker pad is used to track various pieces of information throughout the game, from
    # ammunition & power perk usage to turn timers, character perks & experience points."
    _, missions = core
    hold_out = missions["hold-out"]
    spec = TrackerSpec("Hold Out", tuple(hold_out.mission.heroes), (("core/victor", ("core/redline", "core/skinny")),),
                       ("Shutters",))
    [page] = tracker_pages(hold_out.rules, spec, paper)
    assert (page.width, page.height) == PAPER[paper]
    words = texts(page.items)
    for expected in ("HEROES", "TURN TRACKER", "3-TURN TIMERS", "POWER PERKS (3 USES A MISSION)", "AMMUNITION",
                     "COLE (C)", "VICTOR (V)", "Redline, Skinny", "Shutters", "Redline (V)", "Shotgun (V)", "40"):
        assert expected in words, expected
    assert "Skinny (V)" not in words  # not a power perk
    for item in page.items:
        if isinstance(item, (Rect, Text)):
            x = item.x
            assert 0 <= x <= page.width and 0 <= item.y <= page.height


def test_the_exodus_tracker_board_keeps_infection_stages_and_turn_order_not_xp(core):
    """'The tracker board is used to track various pieces of information throughout the game, from
    ammunition & power perk usage to turn order & infection stage' (002_* line 86): a stage box a stage with
    the AP the rules data gives it, perk cards, a line under each turn for who moves first; no XP."""
    _, missions = core
    crossing = missions["the-crossing"]
    [page] = tracker_pages(crossing.rules, TrackerSpec("The Crossing", tuple(crossing.mission.heroes),
                                                       game="exodus"), "a4")
    words = texts(page.items)
    for expected in ("Infection stage", "Perk cards", "KIRA (K)", "MIKE (M)", "TURN TRACKER AND TURN ORDER",
                     "Under each turn, the initial of the hero who moves first (K, M).", ".50 Pistol (K)"):
        assert expected in words, expected
    assert "XP" not in words and "Perks" not in words
    assert [w for w in words if w.endswith(" AP")] == ["4 AP", "4 AP", "3 AP", "3 AP", "2 AP"] * 2
    [zwar1] = tracker_pages(crossing.rules, TrackerSpec("Z", tuple(missions["supply-run"].mission.heroes)), "a4")
    assert "XP" in texts(zwar1.items) and "Infection stage" not in texts(zwar1.items)
    [agentz] = tracker_pages(crossing.rules, TrackerSpec("A", game="agentz"), "a4")
    assert "XP" not in texts(agentz.items) and "TURN TRACKER" in texts(agentz.items)


def test_turn_track_numbers_forty_turns(core):
    _, missions = core
    [page] = tracker_pages(missions["supply-run"].rules, TrackerSpec("S"), "a4")
    boxes = [t.text for t in page.items if isinstance(t, Text) and t.size == 7 and t.anchor == "middle"]
    assert boxes[:40] == [str(n) for n in range(1, 41)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_counter_sheets_have_bleed_and_crop_marks_on_every_cut_line(core, paper):
    _, missions = core
    crossing = missions["the-crossing"]
    counters = mission_counters(crossing, len(crossing.board.rooms), {"fire": 3})
    kinds = [c.kind for c in counters]
    assert kinds.count("alert") == 2 * len(crossing.mission.heroes) and kinds.count("fire") == 3
    assert kinds.count("objective") == len(crossing.objectives) and kinds.count("keycard") == len(crossing.keycards)
    pages = counter_pages(counters, paper, size=20, bleed=2)
    width, height = PAPER[paper]
    faces = [r for p in pages for r in p.items if isinstance(r, Rect) and r.w == 24 and r.style.fill]
    assert len(faces) == len(counters)
    for page in pages:
        marks = [line for line in page.items if isinstance(line, Line)]
        bleeds = [r for r in page.items if isinstance(r, Rect) and r.w == 24]
        cuts_x = {round(r.x + 2, 6) for r in bleeds} | {round(r.x + 22, 6) for r in bleeds}
        marked_x = {round(m.x1, 6) for m in marks if m.x1 == m.x2}
        assert cuts_x <= marked_x
        for m in marks:  # in the margins, clear of every counter's bleed
            assert 0 < min(m.x1, m.x2) and max(m.x1, m.x2) < width and 0 < min(m.y1, m.y2) < height
            assert not any(r.x < (m.x1 + m.x2) / 2 < r.x + r.w and r.y < (m.y1 + m.y2) / 2 < r.y + r.h for r in bleeds)


def test_the_campaign_booklet(core):
    outcome, _ = core
    campaign = outcome.campaigns["core"]
    boards = {m.mission.id: outcome.boards["core", m.mission.id] for m in outcome.missions["core"]}
    pages = booklet_pages(campaign, boards, SCREEN, "a4")
    assert [p.name for p in pages] == ["cover", "chapters", "chapter-1-mission-1", "chapter-2-mission-1", "tracker-1"]
    assert "Church on the Hill" in texts(pages[0].items)
    chapters = texts(pages[1].items)
    assert ["1.", "Supply Run", "2.", "The Tower"] == [w for w in chapters if w in ("1.", "2.", "Supply Run",
                                                                                       "The Tower")]
    assert "Before this chapter, buy Kat: Kip Up; Sam: Kip Up." in " ".join(chapters)


@pytest.mark.slow
def test_render_writes_the_booklet_tracker_and_counters(zwar, workdir):
    result = zwar("render", CONTENT, "-o", "out", "--format", "svg", "--sheet", "campaign")
    assert result.exit_code == 0, result.output
    # One warning: The Tower's mission page, in the booklet, is set at 74% to fit one page (ZW981).
    assert " warning ZW981: the type of the mission page of `The Tower` is set at 74% " in result.output
    assert result.output.splitlines()[-1] == "wrote 12 files under out: 0 errors, 1 warning"
    assert sorted(p.name for p in (workdir / "out" / "core" / "sheets" / "svg" / "campaign").iterdir()) == [
        "chapter-1-mission-1.svg", "chapter-2-mission-1.svg", "chapters.svg", "cover.svg", "tracker-1.svg"]
    # The exodus pack's booklet ends with the Exodus tracker board, the hero boards and a save ticket.
    assert sorted(p.name for p in (workdir / "out" / "exodus" / "sheets" / "svg" / "campaign").iterdir()) == [
        "chapter-1-mission-1.svg", "chapter-2-mission-1.svg", "chapters.svg", "cover.svg", "hero-boards-1.svg",
        "save-ticket.svg", "tracker-1.svg"]
    assert not (workdir / "out" / "core" / "sheets" / "svg" / "missions" / "supply-run").exists()
    result = zwar("render", CONTENT / "core" / "missions" / "the-crossing.toml", "-o", "out", "--format", "svg",
                  "--sheet", "counters", "--paper", "letter")
    assert result.exit_code == 0, result.output
    crossing = workdir / "out" / "core" / "sheets" / "svg" / "missions" / "the-crossing"
    assert [p.name for p in crossing.iterdir()] == ["counters-1.svg"]


@pytest.mark.slow
def test_build_writes_the_compiled_campaign(workdir):
    outcome = build([CONTENT], workdir / "out")
    assert outcome.report.ok
    index = json.loads((workdir / "out" / "core" / "index.json").read_text())
    assert index["campaign"] == "campaign.json"
    document = json.loads((workdir / "out" / "core" / "campaign.json").read_text())
    jsonschema.Draft4Validator(schemas()["content.schema.json"]).validate(document)
    assert document["campaign"]["heroes"] == ["core/cole", "core/kat", "core/sam", "core/victor"]
    assert document["campaign"]["mission_xp"] == 20
    assert [(ch["number"], ch["mission"], ch["buy"]) for ch in document["chapters"]] == [
        (1, "supply-run", {}), (2, "the-tower", {"core/kat": ["core/kip-up"], "core/sam": ["core/kip-up"]})]


def test_schema_only_checks_the_campaign_file(zwar, workdir):
    write(workdir, {"p/pack.toml": '[pack]\nid = "p"\ntitle = "P"\n',
                    "p/campaign.toml": CAMPAIGN.replace('title = "C"', 'title = "C"\nmision_xp = 10')})
    result = zwar("validate", "--schema-only", "p", "--format", "short")
    assert result.output == (
        "p/campaign.toml:4:1: error ZW005: unknown key `mision_xp` in [campaign]; did you mean `mission_xp`?\n"
        "checked 2 files against their schemas: 1 error, 0 warnings\n")


CROSSING = (Path(__file__).parent.parent / "content" / "core" / "missions" / "the-crossing.toml").read_text()
EXODUS_PACK = '[pack]\nid = "p"\ntitle = "P"\nrequires = ["core"]\n'
EXODUS = '''[campaign]
id = "exodus"
title = "Exodus"
game = "exodus"

[[chapters]]
mission = "the-crossing"

[[chapters]]
mission = "the-crossing-2"
level_up = true
'''


def _exodus(diagnose, campaign: str, hide: str = "ZW635") -> list[str]:
    """The campaign file's problems, but for ``hide`` (the level-up without perk cards to choose from,
    which the reference rules data always has: its own test below)."""
    second = CROSSING.replace('id = "the-crossing"', 'id = "the-crossing-2"', 1)
    lines = diagnose({"p/pack.toml": EXODUS_PACK, "p/campaign.toml": campaign,
                      "p/missions/the-crossing.toml": CROSSING, "p/missions/the-crossing-2.toml": second})
    return [line for line in lines if line.startswith("p/campaign.toml") and f" {hide}: " not in line]


def test_a_level_up_with_no_perk_cards_to_choose_is_a_warning_at_its_key(diagnose):
    """The Exodus rulebook text stops before its perk cards (002_*): a level-up has nothing to offer, and
    play refuses the chapter, so validate says so where the level-up is written."""
    assert _exodus(diagnose, EXODUS, hide="-") == [
        ("p/campaign.toml:11:1: warning ZW635: chapter 2 is a level-up, but the rules data has no Exodus perk "
         "cards: its heroes have none to choose, and `zwar campaign play` and `zwar playtest` refuse the chapter")]


def test_an_exodus_campaign_levels_up_and_pays_no_xp(diagnose):
    """'At various points throughout the campaign players are given the opportunity to "level up" their
    heroes using perk cards' and 'If the next mission has a "level up" option, players may choose a new perk
    card for each of their heroes' (002_* lines 46, 108)."""
    assert _exodus(diagnose, EXODUS.replace('game = "exodus"', 'game = "exodus"\nsaves = 3')) == []
    wrong = EXODUS.replace('game = "exodus"', 'game = "exodus"\nmission_xp = 20\nsaves = 3') + (
        'buy = { kira = ["turbo", "kip-up"] }\n\n[[chapters]]\nmission = "the-crossing"\nbuy = { mike = ["snap"] }\n')
    assert _exodus(diagnose, wrong) == [
        ("p/campaign.toml:5:1: error ZW633: `mission_xp` is for campaigns that pay XP: Exodus's campaign pays "
         "none: its heroes choose a perk card at each `level_up` chapter"),
        ("p/campaign.toml:14:9: error ZW634: kira gets 2 perk cards before chapter 2: an Exodus hero chooses one "
         "perk card at a level-up"),
        "p/campaign.toml:14:17: error ZW408: exodus perk `turbo` does not exist",
        "p/campaign.toml:14:26: error ZW408: exodus perk `kip-up` does not exist",
        ("p/campaign.toml:18:9: error ZW634: mike gets 1 perk card before chapter 3: the chapter has no level-up "
         "(`level_up = true`)"),
        "p/campaign.toml:18:17: error ZW408: exodus perk `snap` does not exist",
    ]


def test_level_ups_and_saves_belong_to_exodus(diagnose):
    lines = diagnose({"p/campaign.toml": CAMPAIGN.replace('title = "C"', 'title = "C"\nsaves = 3').replace(
        'mission = "second"', 'mission = "second"\nlevel_up = true'),
        "p/missions/first.toml": chapter_mission("first"), "p/missions/second.toml": chapter_mission("second")})
    assert only(lines, "ZW633") == [
        ("p/campaign.toml:4:1: error ZW633: `saves` is an Exodus save ticket's: Z War One's campaign is saved after "
         "every chapter (`zwar campaign play --save`)"),
        ("p/campaign.toml:11:1: error ZW633: `level_up` is an Exodus level-up: Z War One's campaign buys perks with XP "
         "before any chapter (`buy`)"),
    ]


def test_an_exodus_level_up_is_refused_by_name_without_perk_cards(diagnose, workdir):
    """'If the next mission has a "level up" option, players may choose a new perk card for each of their
    heroes' (002_* line 108), and the rulebook text stops before any perk card: a campaign that depends on a
    level-up is refused by chapter, saying what is missing."""
    from zwar_author.play.campaign import CampaignSession, CannotPlayCampaign, open_campaign

    assert _exodus(diagnose, EXODUS) == []
    book, _ = open_campaign(workdir / "p" / "campaign.toml")
    assert book is not None
    with pytest.raises(CannotPlayCampaign) as refused:
        CampaignSession.new(book, "roll", 1, 40)
    assert refused.value.lines() == [
        "cannot play campaign exodus, for these chapters:",
        ("  - chapter 2 (the-crossing-2): its level-up needs Exodus perk cards, and the rules data has none (the "
         "Exodus rulebook text stops inside \"Charging infected\", before any perk card): add them in a pack, or "
         "play the chapter without `level_up`")]


def test_an_exodus_booklet_prints_exodus_rules_between_missions(diagnose, workdir):
    """No XP on its cover but the level-ups, the kit carried over, melee weapons discarded (002_* line 271),
    the lobby and save tickets (002_* lines 94-112); the Exodus tracker board, the hero boards, then a save
    ticket with its five numbered sections."""
    assert _exodus(diagnose, EXODUS) == []
    outcome = check([workdir / "p"], [FIXTURES])
    campaign = outcome.campaigns["p"]
    boards = {m.mission.id: outcome.boards["p", m.mission.id] for m in outcome.missions["p"]}
    pages = booklet_pages(campaign, boards, SCREEN, "a4")
    assert [p.name for p in pages if not p.name.startswith("chapter-")] == [
        "cover", "chapters", "tracker-1", "hero-boards-1", "save-ticket"]
    assert "Infection stage" in texts(pages[-3].items)
    boards = texts(pages[-2].items)  # 'this is also used to show active equipment & any search cards' (line 86)
    assert [w for w in boards if w.startswith("HERO BOARD")] == ["HERO BOARD · KIRA (K)", "HERO BOARD · MIKE (M)"]
    assert boards.count("ACTIVE EQUIPMENT") == boards.count("SEARCH CARDS") == 2
    assert [w for w in boards if w.startswith("Starting")] == [
        "Starting equipment: .50 Pistol, Machete*.", "Starting equipment: Pistol, Crowbar*."]
    ticket = texts(pages[-1].items)
    assert [w for w in ticket if w[:1].isdigit() and " · " in w] == [
        "1 · Save 1", "1 · Save 2", "1 · Save 3", "2 · Pause", "3 · HEROES", "4 · EQUIPMENT CARDS",
        "5 · SEARCH CARDS"]
    assert {"KIRA", "MIKE", "Infected?", "Stage", "Perk cards", "Rounds left"} <= set(ticket)
    cover = " ".join(texts(pages[0].items))
    assert "XP" not in cover
    assert "melee weapons are discarded at the end of every mission" in cover and "up to 3 official saves" in cover
    chapters = " ".join(texts(pages[1].items))
    assert chapters.count("Level up: before this chapter each hero may choose a new perk card.") == 1
