"""The fuzz suite: structure-aware mutations of the reference sources, checked in-process.

``python -m tests.fuzz --count N`` is the long run (see docs/fuzzing.md); the
test in this folder runs a small, fixed-seed share of it on every test run.
"""
