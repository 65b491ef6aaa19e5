"""What the fuzz runs found, kept as regression tests: each once crashed `zwar validate`."""

from __future__ import annotations

from conftest import FIXTURES, PACK, write

from zwar_author.compile.project import check

M = '[mission]\nid = "m"\ntitle = "M"\n'


def test_a_floor_with_an_empty_tile_list_is_an_error(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": M + '[[floors]]\ntiles = []\n'})
    lines = [d.human() for d in check([workdir / "p/missions/m.toml"], [FIXTURES]).report.errors]
    assert lines == ["p/missions/m.toml:5:9: error ZW207: floor ground has no board squares: every square is void"]


def test_a_mission_on_a_broken_tile_reports_the_tile(workdir):
    tile = '[tile]\nid = "t"\nname = "T"\n[sides.A]\nart = """\n+-+\nX.|\n+-+\n"""\n'
    mission = M + '[[floors]]\ntiles = [{ tile = "t", at = [0, 0] }]\n[[starts]]\nat = "0,0"\n'
    write(workdir, {"p/pack.toml": PACK, "p/tiles/t.toml": tile, "p/missions/m.toml": mission})
    report = check([workdir / "p/missions/m.toml"], [FIXTURES]).report
    assert [d.human() for d in report.errors] == [
        ("p/tiles/t.toml:7:1: error ZW105: 'X' on edge V:0,0: a vertical edge is ' ' (open), '|' (wall), 'D' (door) "
        "or '*' (water obstacle)")]


def test_a_mission_whose_tiles_are_not_a_list_is_an_error(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": M + '[[floors]]\ntiles = 7\n'})
    lines = [d.human() for d in check([workdir / "p/missions/m.toml"], [FIXTURES]).report.errors]
    assert lines == ["p/missions/m.toml:5:9: error ZW007: `tiles` must be a list, not 7"]


def test_an_event_spawning_too_many_infected_is_an_error(workdir):
    mission = M + ('[[floors]]\nart = """\n+-+-+\n|. .|\n+-+-+\n"""\n[[spawn_points]]\nletter = "A"\nat = "0,0"\n'
                   '[[events]]\nwhen = { turn = 2 }\nspawn = ["9223372036854775808 zombies on A"]\n')
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": mission})
    lines = [d.human() for d in check([workdir / "p/missions/m.toml"], [FIXTURES]).report.errors]
    assert lines == ["p/missions/m.toml:15:10: error ZW023: the number of infected is 9223372036854775808: at most 10000"]
