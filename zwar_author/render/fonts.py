"""Which font draws each character: DejaVu Sans, then a fallback for the scripts it lacks.

cairo draws text with one font at a time and prints an empty box for a
character that font does not have, without a word. So text is drawn in runs:
DejaVu Sans where it has the character, Droid Sans Fallback (Chinese, Japanese,
Korean; Debian: fonts-droid-fallback) where it does not and the fallback is
installed. What neither can draw is reported before it reaches paper.
"""

from __future__ import annotations

import bisect
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable
from functools import cache

from .coverage import COVERAGE

FONT = "DejaVu Sans"
FALLBACK = "Droid Sans Fallback"
FALLBACK_PACKAGE = "fonts-droid-fallback"


@cache
def _starts(name: str) -> tuple[list[int], list[int]]:
    ranges = COVERAGE[name]
    return [a for a, _ in ranges], [b for _, b in ranges]


def covers(name: str, char: str) -> bool:
    """Whether font ``name`` ("regular", "bold" or "fallback") has a glyph for ``char``."""
    firsts, lasts = _starts(name)
    k = bisect.bisect_right(firsts, ord(char)) - 1
    return k >= 0 and ord(char) <= lasts[k]


@cache
def fallback_installed() -> bool:
    """Whether fontconfig finds the fallback font on this machine."""
    if shutil.which("fc-match") is None:
        return False
    found = subprocess.run(["fc-match", "-f", "%{family}", FALLBACK], capture_output=True, text=True, check=False)
    return FALLBACK in found.stdout.split(",")


def family(char: str, bold: bool = False) -> str:
    """The font that draws ``char``: DejaVu Sans unless only the (installed) fallback has it."""
    if char.isspace() or covers("bold" if bold else "regular", char):
        return FONT
    return FALLBACK if fallback_installed() and covers("fallback", char) else FONT


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """``text`` cut into (font family, piece) runs, in order."""
    out: list[tuple[str, str]] = []
    for char in text:
        name = family(char, bold)
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + char)
        else:
            out.append((name, char))
    return out


def undrawable(texts: Iterable[tuple[str, bool]]) -> list[str]:
    """The characters of (text, bold) pairs that no available font draws, in code point order."""
    missing = set()
    for text, bold in texts:
        for char in text:
            if char.isspace() or unicodedata.category(char) in ("Cc", "Cf"):
                continue
            if not covers("bold" if bold else "regular", char) and not (
                    fallback_installed() and covers("fallback", char)):
                missing.add(char)
    return sorted(missing)


def wide(char: str) -> bool:
    """A character that takes a full em (the ideographs and kana of East Asian scripts)."""
    return unicodedata.east_asian_width(char) in ("W", "F")
