"""Print that never surprises: what the mission page, the map sheet and the cards carry."""

from __future__ import annotations

import pytest
from conftest import CONTENT

from zwar_author.compile.project import check
from zwar_author.render.canvas import Group, Text
from zwar_author.render.key import key_entries as _key_entries
from zwar_author.render.pages import mission_pages
from zwar_author.render.theme import SCREEN


@pytest.fixture(scope="module")
def core():
    outcome = check([CONTENT])
    return outcome, {m.mission.id: m for m in outcome.missions["core"]}


def texts(items) -> list[str]:
    """Every text drawn, in drawing order, groups opened."""
    out = []
    for item in items:
        if isinstance(item, Group):
            out += texts(item.items)
        elif isinstance(item, Text):
            out.append(item.text)
    return out


def page_text(pages) -> str:
    return " ".join(t for page in pages for t in texts(page.items))


@pytest.mark.slow
def test_the_mission_page_prints_the_spawn_notes_and_the_role_texts(core):
    outcome, missions = core
    mission = missions["hunter-and-prey"]
    printed = page_text(mission_pages(mission, outcome.boards["core", "hunter-and-prey"], SCREEN))
    assert "SPAWNING" in printed and "ROLES" in printed
    assert "Roamers: two zombies are placed, each" in printed
    assert "Hunter: Takes the equipment listed on their" in printed
    assert "Prey: Takes the 5 Agent Z equipment cards" in printed


def test_the_key_names_every_door_kind_used(core):
    outcome, missions = core
    for mid, mission in missions.items():
        labels = [label for kind, _, label in _key_entries(mission, outcome.boards["core", mid]) if kind == "door"]
        kinds = {d.kind for d in mission.board.doors if not d.open}
        assert ("Door" in labels) == ("door" in kinds), mid
        assert any("locked door" in x for x in labels) == ("locked" in kinds), mid
        assert any(x.startswith("Blast door") for x in labels) == ("blast" in kinds), mid


def test_only_the_guessed_rows_of_a_table_are_starred(core):
    from zwar_author.render.cards import _equipment, _table

    _, missions = core
    pistol = next(e for e in missions["supply-run"].rules.equipment if e.id == "core/pistol")
    assert pistol.assumed == ["ammo", "quick.1", "quick.4"]
    card = _equipment(pistol, {})
    (title, table, guessed), = [content for kind, content in card.body if kind == "table"]
    assert (title, guessed) == ("Quick fire", frozenset({1, 4}))
    drawn = texts(_table(title, table, guessed, 57, 0, False)[0])
    assert drawn == ["QUICK FIRE · D8", "1-3*", "MISS", "4-5*", "KNOCKDOWN", "6-8", "KILL"]
    assert ("Ammo", "12", "*") in dict(card.body)["stats"]


def test_a_face_in_assumed_is_listed_with_its_row(zwar):
    result = zwar("assumed", CONTENT / "core" / "rules" / "equipment.toml")
    expected = "content/core/rules/equipment.toml:22:27: equipment card core/pistol: quick.4 = \"knockdown\""
    assert [line for line in result.output.splitlines() if line.endswith(expected)] != []


NARROW = '''[mission]
id = "narrow"
title = "Narrow"

[[floors]]
art = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . .|: : : : : :|
+ + + + + + + + + + + + +
|. . . . . .|: : : : : :|
+ + + + + + +-+-+D+-+-+-+
|. . . . . . . . . . . .|
+ + + + + + + + + + + + +
|. . . . . . . . . . . .|
+ + + + + + + + + + + + +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""

[[rooms]]
id = "office"
at = "8,0"
name = "Manager's office"

[[starts]]
at = "0,4"
'''


@pytest.fixture
def narrow(workdir):
    from conftest import FIXTURES, PACK, write

    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": NARROW})
    outcome = check([workdir / "p"], [FIXTURES])
    mission = outcome.missions["p"][0]
    return mission, outcome.boards["p", "narrow"]


def test_a_floor_too_wide_for_a_page_packs_its_two_parts_onto_one(narrow):
    from zwar_author.render.maps import MapOptions, map_pages

    pages = map_pages(*narrow, MapOptions())
    assert [(p.name, p.width, p.height) for p in pages] == [("map-1", 210.0, 297.0)]
    assert "top to bottom: ground, part row 1 column 1 of 1 x 2 (squares 0-6, 0-4); ground, part row 1 column 2 " \
           "of 1 x 2 (squares 6-11, 0-4)" in texts(pages[0].items)


def test_orientation_can_be_chosen(narrow):
    from zwar_author.render.maps import MapOptions, map_pages

    landscape = map_pages(*narrow, MapOptions(orientation="landscape"))
    assert [(p.width, p.height) for p in landscape] == [(297.0, 210.0)] * len(landscape)
    assert len(landscape) == 2, "12 squares of an inch are wider than A4 even lying down"


def test_the_map_sheet_carries_the_key_and_the_room_names(narrow):
    from zwar_author.render.maps import MapOptions, map_pages

    printed = page_text(map_pages(*narrow, MapOptions()))
    assert "Start point" in printed and "Door" in printed
    assert "Manager's office" in printed


def test_a_small_key_beside_the_scale_bar_or_below_the_map(core):
    from zwar_author.render.maps import MapOptions, map_pages

    outcome, missions = core
    pages = map_pages(missions["hold-out"], outcome.boards["core", "hold-out"], MapOptions())
    assert sum("KEY" in texts(p.items) for p in pages) <= 1
    assert "Start point" in page_text(pages)


def test_the_render_command_takes_an_orientation(zwar, workdir):
    from conftest import FIXTURES, PACK, write

    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": NARROW})
    result = zwar("render", "p", "--sheet", "map", "--orientation", "landscape", "-o", "out", "--pack-path", FIXTURES)
    assert result.output.splitlines()[0] == "wrote out/p/sheets/pdf/missions/narrow/map.pdf"
    bad = zwar("render", "p", "--orientation", "sideways")
    assert bad.exit_code == 2 and "Invalid value for '--orientation'" in bad.output


def briefing_pack(workdir, briefing: str) -> None:
    from conftest import PACK, write

    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": NARROW.replace(
        'title = "Narrow"\n', f'title = "Narrow"\nbriefing = "{briefing}"\n')})


def test_a_character_no_print_font_has_is_a_warning_at_its_first_use(zwar, workdir):
    from conftest import FIXTURES

    briefing_pack(workdir, "Meet at the ሀ sign, then ཀ.")
    result = zwar("render", "p", "--sheet", "mission", "-o", "out", "--pack-path", FIXTURES)
    assert result.exit_code == 0
    assert (
        "p/missions/m.toml:4:25: warning ZW980: the sheets of mission `narrow` cannot be printed: ཀ (U+0F40), "
        "ሀ (U+1200); no print font has them: they would print as empty boxes\n"
        "  |\n"
        '4 | briefing = "Meet at the ሀ sign, then ཀ."\n'
        "  |                         ^ ZW980\n"
        "  |\n") in result.output


def test_every_text_shrunk_or_cut_to_fit_is_a_warning_where_it_is_written(zwar, workdir):
    from conftest import FIXTURES, PACK, write

    long = "The Long Night of the Abandoned Distribution Depot on the Old Harbour Road"
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": NARROW.replace('title = "Narrow"', f'title = "{long}"')})
    result = zwar("render", "p", "-o", "out", "--pack-path", FIXTURES)
    assert result.exit_code == 0, result.output
    found = [line for line in result.output.splitlines() if " ZW981" in line]
    assert found == [
        ("p/missions/m.toml:3:9: warning ZW981: the mission title `The Long Night of the Abandoned Distrib…` is set "
         "at 16.5 pt instead of 20 pt to fit on the mission sheet"),
        "  |         " + "^" * (len(long) + 2) + " ZW981",
        ("p/missions/m.toml:3:9: warning ZW981: the title `The Long Night of the Abandoned Distrib…` is cut to fit on "
         "the tracker sheet (set at 14 pt instead of 16 pt)"),
        "  |         " + "^" * (len(long) + 2) + " ZW981"]
    assert zwar("render", "p", "-o", "out", "--sheet", "map", "--pack-path", FIXTURES).output.count("ZW981") == 0


def test_a_card_whose_rules_text_does_not_fit_is_named_at_its_source_line(zwar, workdir):
    from conftest import FIXTURES, PACK, write

    text = "Roll two dice and keep the higher. " * 30
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": NARROW, "p/rules/gear.toml": (
        f'[[equipment]]\nid = "crowbar"\nname = "Crowbar"\ngames = ["zwar1"]\nkind = "melee"\ntext = "{text.strip()}"\n')})
    result = zwar("render", "p", "-o", "out", "--sheet", "cards", "--pack-path", FIXTURES)
    assert [line for line in result.output.splitlines() if " ZW981:" in line] == [
        ("p/rules/gear.toml:6:8: warning ZW981: the text of the equipment card Crowbar `Roll two dice and keep the "
         "higher. Roll…` is set at 6.5 pt instead of 7 pt to fit on the cards sheet")]
    longer = text * 3
    write(workdir, {"p/rules/gear.toml": (f'[[equipment]]\nid = "crowbar"\nname = "Crowbar"\ngames = ["zwar1"]\n'
                                          f'kind = "melee"\ntext = "{longer.strip()}"\n')})
    result = zwar("render", "p", "-o", "out", "--sheet", "cards", "--pack-path", FIXTURES)
    assert [line.split(": ", 2)[2] for line in result.output.splitlines() if " ZW981:" in line] == [
        ("the text of the equipment card Crowbar `Roll two dice and keep the higher. Roll…` is cut to fit on the cards "
         "sheet (set at 4.5 pt instead of 7 pt)")]


def test_without_the_fallback_font_cjk_text_asks_for_it(zwar, workdir, monkeypatch):
    from conftest import FIXTURES

    from zwar_author.render import fonts, project

    monkeypatch.setattr(project, "fallback_installed", lambda: False)
    monkeypatch.setattr(fonts, "fallback_installed", lambda: False)
    briefing_pack(workdir, "Find the 地図.")
    result = zwar("render", "p", "--sheet", "mission", "-o", "out", "--pack-path", FIXTURES)
    assert next(line for line in result.output.splitlines() if "warning ZW980" in line) == (
        "p/missions/m.toml:4:22: warning ZW980: the sheets of mission `narrow` cannot be printed: 図 (U+56F3), "
        "地 (U+5730); install the fallback font for them (Debian: apt install fonts-droid-fallback)")


def test_with_the_fallback_font_cjk_text_is_drawn_in_it():
    from zwar_author.render.fonts import FALLBACK, FONT, fallback_installed, runs, undrawable

    if not fallback_installed():
        pytest.skip("Droid Sans Fallback is not installed (Debian: fonts-droid-fallback; .ci/run installs it)")
    assert runs("Find the 地図 now") == [(FONT, "Find the "), (FALLBACK, "地図"), (FONT, " now")]
    assert undrawable([("Find the 地図", False), ("Ж Ω", True)]) == []


def test_wide_characters_are_measured_a_full_em():
    from zwar_author.render.text import width

    assert width("地図", 10) == pytest.approx(2 * width("M", 10) * 1000 / 863)


SMALL_FLOORS = '[mission]\nid = "four"\ntitle = "Four"\n' + "".join(f'''
[[floors]]
id = "{name}"
art = """
+-+-+-+
|. . .|
+ + + +
|. . .|
+ + + +
|. . .|
+-+-+-+
"""
''' for name in ("a", "b", "c", "d")) + '\n[[starts]]\nat = "a:0,0"\n'


def test_small_floors_sit_side_by_side_on_one_page(workdir):
    from conftest import FIXTURES, PACK, write

    from zwar_author.render.maps import MapOptions, map_pages

    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": SMALL_FLOORS})
    outcome = check([workdir / "p"], [FIXTURES])
    pages = map_pages(outcome.missions["p"][0], outcome.boards["p", "four"], MapOptions(orientation="portrait"))
    assert len(pages) == 1
    assert "left to right, top to bottom: a, whole; b, whole; c, whole; d, whole" in texts(pages[0].items)
    frames = sorted((round(g.dx, 1), round(g.dy, 1)) for g in pages[0].items if isinstance(g, Group) and g.clip)
    assert frames == [(14.0, 16.0), (14.0, 101.7), (102.2, 16.0), (102.2, 101.7)]


def _card_lines(rules, card_id):
    from zwar_author.render.cards import _equipment

    card = _equipment(next(e for e in rules.equipment if e.id == card_id), {})
    return [(kind, content[0] if kind == "table" else content) for kind, content in card.body if kind != "stats"]


def test_an_explosive_card_prints_no_aimed_fire(core):
    """The grenade and the Molotov are thrown with a quick fire attack (000_* line 825); nothing aims them."""
    _, missions = core
    for card_id in ("core/grenade", "core/molotov"):
        rules = next(m.rules for m in missions.values() if any(e.id == card_id for e in m.rules.equipment))
        lines = _card_lines(rules, card_id)
        assert lines[0] == ("table", "Throw*"), card_id
        assert not any("Aimed" in str(text) for _, text in lines), card_id


def test_the_crossbow_prints_its_table_as_aimed_fire(core):
    """'The crossbow may not be used for quick fire actions' and its aimed fire adds 2 to the card's table
    (001_* lines 125, 128): no QUICK FIRE table on its card."""
    _, missions = core
    rules = next(m.rules for m in missions.values() if any(e.id == "core/crossbow" for e in m.rules.equipment))
    lines = _card_lines(rules, "core/crossbow")
    assert lines[:2] == [("table", "Aimed fire +2*"), ("text", "Aimed fire only: no quick fire.")]
