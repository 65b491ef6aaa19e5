"""Building: golden output, TOML and JSON twins, determinism, and outputs written whole or not at all.

Set ZWAR_REGENERATE=1 to rewrite the golden files after a deliberate change;
review the diff before committing it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import jsonschema
import pytest
from conftest import CONTENT, FIXTURES, PACK, write

from zwar_author.compile.project import build, check
from zwar_author.schema import schemas

GOLDEN = Path(__file__).parent / "golden"


def build_mission(workdir: Path, source: Path, out: str, caches: bool = True) -> bytes:
    pack = workdir / f"src-{out}"
    write(pack, {"pack.toml": PACK})
    (pack / "missions").mkdir()
    shutil.copy(source, pack / "missions" / source.name)
    outcome = build([pack], workdir / out, [FIXTURES], caches=caches)
    assert outcome.report.ok, [d.human() for d in outcome.report.errors]
    return (workdir / out / "p" / "missions" / "hold-out.json").read_bytes()


def test_golden_mission(workdir):
    """The compiled JSON, byte for byte (without caches: their bytes follow numpy's file format,
    and their determinism is tested on its own)."""
    produced = build_mission(workdir, GOLDEN / "hold-out.toml", "out", caches=False)
    expected = GOLDEN / "hold-out.expected.json"
    if os.environ.get("ZWAR_REGENERATE"):
        expected.write_bytes(produced)
    assert produced == expected.read_bytes()


def test_toml_and_json_twins_compile_to_the_same_bytes(workdir):
    assert build_mission(workdir, GOLDEN / "hold-out.toml", "a") == build_mission(workdir, GOLDEN / "hold-out.json", "b")


def test_art_as_a_list_of_lines_is_the_same_board(workdir):
    data = json.loads((GOLDEN / "hold-out.json").read_text())
    art = data["floors"][1]["art"]
    data["floors"][1]["art"] = art.split("\n")[:-1]
    (workdir / "hold-out.json").write_text(json.dumps(data))
    from_list = json.loads(build_mission(workdir, workdir / "hold-out.json", "c"))
    from_string = json.loads(build_mission(workdir, GOLDEN / "hold-out.json", "d"))
    assert from_list["board"] == from_string["board"]


def test_compiled_output_follows_the_content_schema(workdir):
    validator = jsonschema.Draft4Validator(schemas()["content.schema.json"])
    build_mission(workdir, GOLDEN / "hold-out.toml", "out")
    for path in sorted((workdir / "out").rglob("*.json")):
        errors = list(validator.iter_errors(json.loads(path.read_text())))
        assert errors == [], (path, errors[0].message if errors else None)


def tree(folder: Path) -> dict[str, str]:
    """Every file a user sees under ``folder`` (links followed, hidden versions left out), with its hash."""
    found = {}
    for root, folders, files in os.walk(folder, followlinks=True):
        folders[:] = [f for f in folders if not f.startswith(".")]
        for name in files:
            path = Path(root) / name
            if not name.startswith("."):
                found[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return dict(sorted(found.items()))


def hidden_versions(out: Path, name: str) -> list[str]:
    """The hidden versions of out/<name> on disk (staging folders, an old version aside)."""
    return sorted(p.name for p in out.iterdir() if p.name.startswith(f".{name}~"))


@pytest.mark.slow
def test_twin_builds_are_byte_identical(workdir):
    first = build([CONTENT], workdir / "one")
    second = build([CONTENT], workdir / "two")
    assert first.report.ok and second.report.ok
    assert tree(workdir / "one") == tree(workdir / "two")
    assert tree(workdir / "one"), "the reference content compiled to nothing"


@pytest.mark.slow
def test_build_never_touches_the_sources(workdir):
    shutil.copytree(CONTENT, workdir / "content")
    before = tree(workdir / "content")
    assert build([workdir / "content"], workdir / "out").report.ok
    assert tree(workdir / "content") == before


def test_a_failed_build_writes_nothing_and_keeps_the_old_output(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": (GOLDEN / "hold-out.toml").read_text()})
    assert build([workdir / "p"], workdir / "out", [FIXTURES]).report.ok
    before = tree(workdir / "out")
    write(workdir, {"p/missions/bad.toml": "[mission]\nid = 'bad'\n"})
    outcome = build([workdir / "p"], workdir / "out", [FIXTURES])
    assert not outcome.report.ok
    assert tree(workdir / "out") == before
    assert sorted(p.name for p in (workdir / "out").iterdir() if not p.name.startswith(".")) == ["p"]
    assert hidden_versions(workdir / "out", "p") == [], "a staging folder was left behind"


def test_a_rebuild_replaces_the_pack_folder_whole(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": (GOLDEN / "hold-out.toml").read_text()})
    build([workdir / "p"], workdir / "out", [FIXTURES])
    (workdir / "out" / "p" / "missions" / "stale.json").write_text("{}")
    build([workdir / "p"], workdir / "out", [FIXTURES])
    assert sorted(tree(workdir / "out")) == ["p/index.json", "p/missions/hold-out.cache.npz", "p/missions/hold-out.json"]


def test_pack_index_lists_missions_with_their_hashes(workdir):
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": (GOLDEN / "hold-out.toml").read_text()})
    build([workdir / "p"], workdir / "out", [FIXTURES])
    index = json.loads((workdir / "out" / "p" / "index.json").read_text())
    mission = (workdir / "out" / "p" / "missions" / "hold-out.json").read_bytes()
    assert index["missions"] == [{
        "id": "hold-out", "title": "Hold Out", "game": "exodus", "mode": "director",
        "file": "missions/hold-out.json", "sha256": hashlib.sha256(mission).hexdigest()}]


def test_a_bad_file_in_a_big_pack_still_yields_every_other_files_diagnostics(workdir):
    """Fifty missions, each with its own mistake, and one file that is not even TOML."""
    files = {"p/pack.toml": PACK, "p/missions/broken.toml": b"\xff\xfe garbage"}
    for i in range(50):
        files[f"p/missions/m{i:02}.toml"] = (GOLDEN / "hold-out.toml").read_text().replace(
            'id = "hold-out"', f'id = "m{i:02}"').replace('at = "ground:1,3"', f'at = "ground:{9 + i},3"')
    write(workdir, files)
    outcome = check([workdir / "p"], [FIXTURES])
    off_floor = [d for d in outcome.report.errors if d.code == "ZW404"]
    assert len(off_floor) == 50
    assert {d.location.path.name for d in off_floor} == {f"m{i:02}.toml" for i in range(50)}
    assert [d.code for d in outcome.report.errors if d.location.path.name == "broken.toml"] == ["ZW002"]


@pytest.mark.parametrize("count", [3000])
def test_a_folder_of_thousands_of_files(workdir, count):
    for i in range(count):
        (workdir / f"junk{i}.txt").write_text("x")
    (workdir / "deep" / "a" / "b" / "c" / "d").mkdir(parents=True)
    outcome = check([workdir])
    assert [d.code for d in outcome.report.diagnostics] == ["ZW009"]


def test_pack_path_comes_before_packs_that_merely_sit_beside(workdir):
    """A stray pack with a required id next to the one checked must not shadow --pack-path."""
    write(workdir, {
        "p/pack.toml": PACK,
        "p/missions/m.toml": (GOLDEN / "hold-out.toml").read_text(),
        "stray/pack.toml": '[pack]\nid = "base"\ntitle = "An old copy"\n',
    })
    outcome = check([workdir / "p"], [FIXTURES])
    assert outcome.report.ok, [d.human() for d in outcome.report.errors]


def test_only_packs_directly_beside_are_found_there(workdir):
    """Beside a pack means its siblings: a copy deeper in the parent folder (a home or temp folder
    holds anything) is never taken for a required pack, while a sibling is."""
    shutil.copytree(FIXTURES / "base", workdir / "old" / "copies" / "base")
    write(workdir, {"p/pack.toml": PACK, "p/missions/m.toml": (GOLDEN / "hold-out.toml").read_text()})
    outcome = check([workdir / "p"])
    assert "pack `base` does not exist (looked beside this pack and in the reference content)" in [
        d.message for d in outcome.report.errors]
    shutil.copytree(FIXTURES / "base", workdir / "base")
    assert check([workdir / "p"]).report.ok
