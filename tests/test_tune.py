"""`zwar tune`: knobs that edit the compiled mission and its source alike, the search on common seeds,
the tuned file written whole with the old values named, and the exact text a designer sees."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest
import tomlkit
from conftest import CONTENT, write
from test_explore import WALK

from zwar_author.compile.reader import mission_document
from zwar_author.errors import UsageError
from zwar_author.play.load import load_mission
from zwar_author.playtest import knobs as K
from zwar_author.playtest.gate import Gate
from zwar_author.playtest.tune import _proposals, parse_fixed, parse_gap, tune

#: Sam needs two turns to walk to the exit, and the time limit ends the game after the first: as it is
#: every game is lost; a turn more and every game is won.
LIMITED = WALK + '''
[[defeat]]
after_turn = 1
text = "The doors shut at the end of turn 1."
'''


def _opened(name: str):
    path = CONTENT / "core" / "missions" / f"{name}.toml"
    loaded, _ = load_mission(path)
    assert loaded is not None
    return path, mission_document(loaded.compiled), tomlkit.parse(path.read_text(encoding="utf-8"))


def _compiled(path: Path, text: str) -> dict:
    hidden = path.with_name(f".{path.stem}.test.toml")
    hidden.write_text(text, encoding="utf-8")
    try:
        loaded, report = load_mission(hidden)
    finally:
        hidden.unlink()
    assert loaded is not None, [d.human() for d in report.errors]
    return mission_document(loaded.compiled)


@pytest.mark.parametrize("name", ["supply-run", "hold-out", "break-and-enter"])
def test_the_source_a_knob_writes_compiles_to_the_mission_it_plays(name):
    """The file written back is the mission that was played: for the first knob of each kind, and for
    one of each kind together, the edited source compiles to exactly the edited compiled mission."""
    path, document, source = _opened(name)
    every = K.knobs(document, source)
    firsts = [next(k for k in every if k.kind == kind) for kind in dict.fromkeys(k.kind for k in every)]
    for chosen in [[k] for k in firsts] + [firsts]:
        assert K.compatible(chosen)
        compiled = _compiled(path, K.written(source, chosen))
        wanted = K.played(document, chosen)
        assert {k: v for k, v in compiled.items() if k != "source"} == \
            {k: v for k, v in wanted.items() if k != "source"}, [k.key for k in chosen]


def test_only_the_changed_values_are_edited_each_with_its_old_value_named():
    path, document, source = _opened("supply-run")
    by_key = {k.key: k for k in K.knobs(document, source)}
    chosen = [by_key[key] for key in ("spawn:0:turn:where:1>0", "infected-3", "item-2")]
    before = path.read_text(encoding="utf-8").splitlines()
    after = K.written(source, chosen).splitlines()
    changed = [line for line in difflib.unified_diff(before, after, lineterm="", n=0)][2:]
    assert [line for line in changed if not line.startswith("@@")] == [
        "-[[items]]", '-letter = "M"', '-card = "med-pack"', '-at = "21,16"                # clinic consulting room',
        "+# tuned by zwar tune: item M (med-pack) at 21,16 left out",
        "-[[infected]]", '-class = "zombie"', '-at = "4,9"', '-facing = "W"', "-prone = true",
        "+# tuned by zwar tune: the zombie at 4,9 left out",
        '-where = { "1-2" = "A", "3-4" = "B", "5-7" = "C", "8" = "roamers" }',
        '+where = { "1-3" = "A", "4" = "B", "5-7" = "C", "8" = "roamers" } # tuned by zwar tune (was 1-2, 3-4)',
    ]
    assert len([line for line in changed if line.startswith("@@")]) == 3  # three places, nothing else touched
    assert after[0] == "#:schema ../../../schemas/mission.schema.json"  # comments and layout kept


def test_knobs_of_one_group_exclude_each_other_and_fixed_kinds_are_left_out():
    _, document, source = _opened("break-and-enter")
    every = K.knobs(document, source)
    limits = [k for k in every if k.kind == K.Kind.TURN_LIMIT]
    assert [k.text for k in limits] == [f"time limit turn {t} (was 30)" for t in (27, 28, 29, 31, 32, 33)]
    assert not K.compatible(limits[:2]) and K.compatible([limits[0], every[-1]])
    kept = K.knobs(document, source, parse_fixed(["turn-limit", "spawn"]))
    assert {k.kind for k in kept} == {K.Kind.INFECTED, K.Kind.ITEMS}


def test_proposals_add_the_screened_effects_and_put_the_fewest_smallest_changes_first():
    def knob(key: str, group: str, size: int = 1) -> K.Knob:
        return K.Knob(key, key, K.Kind.SPAWN, group, size, lambda d: None, lambda s: None)

    a, b, c, d = knob("a", "g1"), knob("b", "g2"), knob("c", "g1", 2), knob("d", "g3")
    effects = {"a": 0.10, "b": 0.12, "c": 0.30, "d": -0.05}
    band = Gate("win_rate", 0.4, 0.6)
    found = _proposals([a, b, c, d], effects, 0.2, band, 0.5)
    # c alone reaches 0.5 but is of size 2; a+b (0.42) is two changes: one change first, whatever its size;
    # b+c (0.62) overshoots, d goes the wrong way, a and c are of one group.
    assert [tuple(k.key for k in p) for p in found] == [("c",), ("a", "b")]
    # Proposals that carried half as far as their sums said: only b+c (0.2 + 0.21) is still predicted inside.
    halved = _proposals([a, b, c, d], effects, 0.2, band, 0.5, scale=0.5)
    assert [tuple(k.key for k in p) for p in halved] == [("b", "c")]


@pytest.mark.parametrize(("text", "message"), [
    ("planner > cautious", "--gap 'planner > cautious': write BETTER - WORSE >= POINTS"),
    ("wizard - cautious >= 0.1", "--gap 'wizard - cautious >= 0.1': unknown policy `wizard`"),
    ("planner - cautious >= 2", "--gap 'planner - cautious >= 2': the gap is a share of games, from 0 to 1"),
])
def test_a_skill_gap_is_written_as_the_docs_say(text, message):
    with pytest.raises(UsageError) as raised:
        parse_gap(text)
    assert str(raised.value).startswith(message)
    assert str(parse_gap("planner - cautious >= 0.15")) == "planner - cautious >= 0.15"


def test_zwar_tune_moves_the_time_limit_and_writes_the_file(zwar, workdir):
    write(workdir, {"walk.toml": LIMITED})
    result = zwar("tune", "walk.toml", "--band", "0.5..1", "--policy", "cautious", "--runs", "10", "--budget", "400",
                  "--jobs", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Tuning Walk (local/walk) into win_rate in 0.5..1 for the cautious bots",
        "  2 changes to combine; 60 of 400 games played",
        "  as it is: 0 of 10 games (0.0%, 95% interval 0.0% to 27.8%)",
        "  the changes, each shown to matter (paired, McNemar p under its corrected threshold):",
        "    time limit turn 2 (was 1): +100.0 points (p 0.002)",
        "  checked on 10 fresh games of the tuned source: win rate 100.0% (95% interval 72.2% to 100.0%), in the band",
        "wrote walk.toml",
    ]
    text = (workdir / "walk.toml").read_text(encoding="utf-8")
    assert text == LIMITED.replace("after_turn = 1\n", "after_turn = 2 # tuned by zwar tune (was 1)\n")
    again = zwar("tune", "walk.toml", "--band", "0.5..1", "--policy", "cautious", "--runs", "10", "--jobs", "1",
                 "--no-progress")
    assert again.exit_code == 0 and "  already in the band: nothing to change" in again.output.splitlines()


def test_diff_prints_the_change_and_writes_nothing(zwar, workdir):
    write(workdir, {"walk.toml": LIMITED})
    result = zwar("tune", "walk.toml", "--band", "0.5..1", "--policy", "cautious", "--runs", "10", "--jobs", "1",
                  "--diff", "--no-progress")
    assert result.exit_code == 0, result.output
    assert "-after_turn = 1\n+after_turn = 2 # tuned by zwar tune (was 1)\n" in result.output
    assert (workdir / "walk.toml").read_text(encoding="utf-8") == LIMITED
    assert sorted(p.name for p in workdir.iterdir()) == ["walk.toml"]  # nothing left behind


def test_with_the_time_limit_fixed_nothing_is_found_and_nothing_written(zwar, workdir):
    write(workdir, {"walk.toml": LIMITED})
    result = zwar("tune", "walk.toml", "--band", "0.5..1", "--policy", "cautious", "--runs", "10", "--jobs", "1",
                  "--fixed", "turn-limit", "--no-progress")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == \
        "  not found: no combination of up to 3 changes was shown to bring the mission into the band"
    assert (workdir / "walk.toml").read_text(encoding="utf-8") == LIMITED


def test_the_same_seed_gives_the_same_tuning_whatever_the_jobs(workdir):
    write(workdir, {"walk.toml": LIMITED})
    options = {"gate": "win_rate in 0.5..1", "policy": "aggressive", "runs": 10, "seed": 3, "diff": True}
    one = tune(workdir / "walk.toml", jobs=1, **options)
    two = tune(workdir / "walk.toml", jobs=2, **options)
    assert one.report is not None and one.found
    assert json.dumps(one.report, sort_keys=True) == json.dumps(two.report, sort_keys=True)
    assert one.text == two.text


def test_a_file_changed_while_the_search_ran_is_not_written_over(workdir):
    write(workdir, {"walk.toml": LIMITED})
    path = workdir / "walk.toml"

    class Meddler:
        """A progress bar that edits the mission while the games are played."""

        total = 0

        def update(self, n: int) -> None:
            path.write_text(LIMITED + "# edited meanwhile\n", encoding="utf-8")

    with pytest.raises(UsageError) as raised:
        tune(path, gate="win_rate in 0.5..1", policy="cautious", runs=10, jobs=1, progress=Meddler())
    assert str(raised.value) == f"{path} changed while the search ran: nothing written; run zwar tune again"
    assert path.read_text(encoding="utf-8") == LIMITED + "# edited meanwhile\n"


def test_what_tune_cannot_do_is_a_usage_error(zwar, workdir):
    write(workdir, {"walk.toml": WALK})
    assert zwar("tune", "walk.toml", "--band", "0.7..0.2").output.splitlines()[-1].endswith(
        "`0.7..0.2`: write LOW..HIGH, shares of games from 0 to 1, like 0.3..0.5")
    result = zwar("tune", "walk.toml", "--policy", "cautious", "--no-progress")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: walk.toml: no band to tune into: give --band LOW..HIGH or a [mission.playtest] band")


def test_an_undecided_comparison_gets_twice_the_games_while_the_budget_lasts():
    """A change the band needs whose effect 10 games cannot show is compared again on 20, 40, 80 games of the
    same series until McNemar's test decides or the budget runs out (here: it wins one game in five more)."""
    from test_explore import games

    from zwar_author.playtest.tune import _more_games

    class Played:
        def __init__(self, left: int) -> None:
            self.left, self.asked = left, []

        def play(self, chosen, runs, series):
            if runs > self.left:
                return None
            self.left -= runs
            self.asked.append((len(chosen), runs))
            share = 3 if len(chosen) == 2 else 2  # with the change, three games in five won; without, two
            return games("".join("W" if i % 5 < share else "L" for i in range(runs))), {}

    plenty = Played(1000)
    n, effect, p = _more_games(plenty, ["a", "b"], ["a"], 10, 0.05 / 33)
    assert (n, effect["won_only_after"], effect["won_only_before"]) == (80, 16, 0) and p < 0.05 / 33
    assert plenty.asked == [(2, 20), (1, 20), (2, 40), (1, 40), (2, 80), (1, 80)]
    short = Played(100)
    n, _, p = _more_games(short, ["a", "b"], ["a"], 10, 0.05 / 33)
    assert (n, round(p, 3)) == (20, 0.125)  # 40 more of each would pass the budget: undecided, said so
