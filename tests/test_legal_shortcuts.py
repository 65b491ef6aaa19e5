"""The hero's action list's faster ways to the same answers (bench/README.md, "The hero's action list"): each
gives exactly what the slower way it stands for gives, so the lists, and the games, stay the same."""

from __future__ import annotations

from test_legal_lazy import WITHOUT

from zwar_author.engine import legal
from zwar_author.engine.vocab import Verb


def test_the_searches_a_without_skips_are_its_subset_tests():
    for without in WITHOUT:
        skip = legal._skips(without)
        assert legal._skips(without) is skip
        assert (skip.stepping, skip.doors, skip.quicks, skip.melees, skip.combined, skip.tasks, skip.supplies,
                skip.free, skip.exchanges, skip.move_throws) == (
            legal.STEPPING <= without, legal.DOORS <= without, legal.QUICKS <= without, legal.MELEES <= without,
            legal.COMBINED <= without, legal.TASKS <= without, legal.SUPPLIES <= without, legal.FREE <= without,
            legal.EXCHANGES <= without, {Verb.MOVE_THROW, Verb.THROW_MOVE} <= without)
        assert (skip.dive, skip.move_quick, skip.move_melee, skip.throw, skip.aimed, skip.execute, skip.hitman,
                skip.crawl, skip.quick) == tuple(verb in without for verb in (
                    Verb.DIVE, Verb.MOVE_QUICK, Verb.MOVE_MELEE, Verb.THROW, Verb.AIMED, Verb.EXECUTE, Verb.HITMAN,
                    Verb.CRAWL, Verb.QUICK))


def test_the_verbs_a_list_leaves_out_are_the_union_for_each_mission_s_absent_verbs():
    first, second = frozenset({Verb.RELOAD, Verb.CRAFT}), frozenset({Verb.DROP_PRONE})
    for without in WITHOUT:
        skip = legal._skips(without)
        for absent in (first, second, first, frozenset()):
            assert skip.leaving_out(absent) == absent | without
