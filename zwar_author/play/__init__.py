"""Drivers above the engine: opening a mission to play, the table session and its saves, the rules scenarios.

The engine (``zwar_author.engine``) knows only a compiled mission and the
inputs it is given; everything that reads files, talks to a person or checks
a written-down game lives here.
"""
