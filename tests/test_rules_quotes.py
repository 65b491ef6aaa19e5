"""The rules scenarios quote their rulebooks word for word: every quoted passage of a scenario's `source`
is looked up in the text it names, so a misremembered, paraphrased or misattributed quote fails here
rather than sending a reader to a rule that says something else.

What is compared. Both the quote and the text it is looked up in are normalised first: HTML tags and
markdown emphasis (``*``, ``_``) dropped; every quote mark dropped, straight or curly, and with them the
inch and foot marks (``6"``, ``4'``), which the OCR of All Things Zombie writes either way; the books'
pictograms (``■``, ``🎯``) dropped with the brackets round them, and table bullets (``•``), since the
OCR's tables are tab-separated cells read row by row; every dash (hyphen, en, em) made one ``-`` with no
space either side; whitespace, tabs and line breaks included, collapsed to one space, and none kept
before a stop or comma; case folded. A quote may cut the text: ``...``, ``…``, ``[...]`` or an editor's
bracketed word (``[limited]``) splits it into fragments, each of which must be found, in order
(punctuation at a cut is ignored). A table is quoted as its cells read, row after row.

All Things Zombie (tests/rules-atz/, seed 004_*): `source` reads ``All Things Zombie (seed 004) line N:
"…" Line M: "…"``. Each quote must start on the seed line it cites (lines counted from 1) and its later
fragments follow it within three lines: the seed has one paragraph, or one table row, a line.

Zone Wars (tests/rules-zonewars/, seed 003_*) the same, from ``Zone Wars rulebook (seed 003) line N: "…"``;
a head may cite two places, ``lines 226-228 and 382: "…" ... "…"``: the last quote is looked up on the
second line, the ones before it from the first.

Agent Z (tests/rules-agentz/) and the grid games (tests/rules/): a quote is in single quotes, and is
attributed to the last text named before it: "Z War One rulebook" (seed 000_*), "Exodus rulebook"
(seed 002_*), "Agent Z rules" (seed 001_*), "docs/format.md", "docs/scenarios.md", "docs/engine.md",
"Interpretation N" (the item numbered N in docs/engine.md's lists of how the engine reads the rules:
plain numbers for Z War One, "Z"- and "E"-numbered ones for Agent Z and Exodus; the quote must be found
in that item, or in one of the items of "Interpretations N and M"; and any interpretation a source
names, quoted or not, is named by a number docs/engine.md has). A section's name
("Alert!:", "Zombie card:") keeps the book named before it. Quotes attributed to the rules data (cards and tables
in `content/`, named "rules data"), to a mission's text ("mission text") or to the design notes
("GRID.md", "Shared design") are not checked.

The seeds are not in the repository: they are read from ``$ZWAR_SEEDS`` or the nearest ``shared/seeds``
folder above the checkout; without them these tests are skipped, saying so.
"""

from __future__ import annotations

import os
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import REPO

from zwar_author.play.scenario import find


def _seed_folder() -> Path | None:
    named = os.environ.get("ZWAR_SEEDS")
    if named:
        return Path(named)
    for parent in REPO.parents:
        if (parent / "shared" / "seeds").is_dir():
            return parent / "shared" / "seeds"
    return None


SEEDS = _seed_folder()


def seed_lines(prefix: str) -> list[str]:
    """The lines of seed ``prefix`` (``"004"``), or a skip when the seeds are not on this machine."""
    found = sorted(SEEDS.glob(prefix + "_*.txt")) if SEEDS is not None and SEEDS.is_dir() else []
    if not found:
        pytest.skip(f"the rulebook seeds ({prefix}_*) are not on this machine: set ZWAR_SEEDS to their folder")
    return found[0].read_text(encoding="utf-8").splitlines()


_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_DROPPED = re.compile("[*_\"'`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u2032\u2033\u00b4\u2022\u25cf\u0660\u00b7]")
_DASH = re.compile("\\s*[-\u2010\u2011\u2012\u2013\u2014\u2015\u2212]\\s*")
_SPACE = re.compile(r"\s+")
_ICON = re.compile(r"\(\s*\)")
_CUT = re.compile(r"\[(?:\.\.\.|…|[a-z][a-z ]*)\]|\.\.\.|…")
_BEFORE_STOP = re.compile(r"\s+(?=[.,;:!?)])")


def normalise(text: str) -> str:
    """The words of ``text`` as compared (see the module's docstring)."""
    text = _DROPPED.sub("", _TAG.sub("", text))
    text = _ICON.sub("", "".join(c for c in text if unicodedata.category(c) != "So"))
    text = _DASH.sub("-", text)
    return _BEFORE_STOP.sub("", _SPACE.sub(" ", text)).strip().casefold()


def fragments(quote: str) -> list[str]:
    """The normalised pieces of ``quote`` between its cuts, the empty ones left out."""
    pieces = (normalise(piece).strip(" .,;:") for piece in _CUT.split(quote))
    return [piece for piece in pieces if piece]


class Text:
    """A text as one normalised string, knowing where each of its lines starts in it."""

    def __init__(self, lines: list[str]) -> None:
        self.starts: list[int] = []
        body = ""
        for line in lines:
            part = normalise(line)
            if part.startswith("-") and body.endswith(" "):
                body = body[:-1]  # a dash has no space either side, across lines too
            self.starts.append(len(body))
            if part:
                body += part if part.endswith("-") else part + " "
        self.starts.append(len(body))
        self.body = body

    def line_span(self, number: int) -> tuple[int, int]:
        """Where line ``number`` (from 1) runs in ``body``."""
        return self.starts[number - 1], self.starts[number] - 1

    def has(self, quote: str) -> bool:
        """Every fragment of ``quote`` is in the text, in order."""
        at = 0
        for piece in fragments(quote):
            found = self.body.find(piece, at)
            if found < 0:
                return False
            at = found + len(piece)
        return True

    def starts_on(self, number: int, quote: str, reach: int = 3) -> str | None:
        """Why ``quote`` is not the text of line ``number`` on (its fragments in order, the first starting
        on that line, the others within ``reach`` lines of it), or None when it is."""
        if not 1 <= number < len(self.starts):
            return f"line {number} is not in the seed ({len(self.starts) - 1} lines)"
        pieces = fragments(quote)
        if not pieces:
            return "the quote is empty"
        begin, end = self.line_span(number)
        limit = self.starts[min(number + reach, len(self.starts) - 1)]
        at = self.body.find(pieces[0], begin)
        if at < 0 or at > end:
            return f"{pieces[0][:60]!r} does not start on line {number}"
        at += len(pieces[0])
        for piece in pieces[1:]:
            found = self.body.find(piece, at)
            if found < 0 or found + len(piece) > limit:
                return f"{piece[:60]!r} does not follow within {reach} lines"
            at = found + len(piece)
        return None


# -- All Things Zombie: line-numbered quotes ---------------------------------------------------------

_ATZ_HEAD = re.compile(r'(?:^All Things Zombie \(seed 004\) |\s)[Ll]ines? (\d+)(?:-\d+)?: "')
_ZONE_WARS_HEAD = re.compile(r'(?:^Zone Wars rulebook \(seed 003\) |\s)[Ll]ines? (\d+)(?:-\d+)?(?: and (\d+)(?:-\d+)?)?: "')


def atz_quotes(source: str, head_pattern: re.Pattern[str] = _ATZ_HEAD) -> list[tuple[int, str]]:
    """The (line, quote) pairs of a line-numbered `source`: each quote runs from its line's opening
    mark to the last mark before the next cited line (quotes hold inch marks, so no nearer one will do).
    A head citing two lines (Zone Wars' "lines 226 and 420: "…" ... "…"") gives its two quotes in turn."""
    heads = list(head_pattern.finditer(source))
    if not heads:
        return []
    quotes = []
    for head, after in zip(heads, heads[1:] + [None], strict=True):
        stop = after.start() if after is not None else len(source)
        body = source[head.end():stop]
        close = body.rstrip().rfind('"')
        body = body[:close] if close >= 0 else body
        second = head.group(2) if head_pattern.groups > 1 else None
        if second is not None and '" ... "' in body:
            first, rest = body.rsplit('" ... "', 1)
            quotes += [(int(head.group(1)), first), (int(second), rest)]
        else:
            quotes.append((int(head.group(1)), body))
    return quotes


def atz_problems(path: Path, source: str, seed: Text, head_pattern: re.Pattern[str] = _ATZ_HEAD) -> list[str]:
    quotes = atz_quotes(source, head_pattern)
    if not quotes:
        return [f"{path}: no quote with its seed line"]
    return [f"{path}: line {line}: {why}" for line, quote in quotes
            if (why := seed.starts_on(line, quote)) is not None]


# -- Agent Z and the grid games: attributed quotes -----------------------------------------------------

_QUOTE = re.compile(r"(?:(?<=^)|(?<=[\s(\[]))'(?=\S)(.+?)(?<=\S)'(?=[\s.,;:)!?\]]|$)")
_INTERPRETATION = re.compile(r"\binterpretations? ((?:[EZ]?\d+)(?:(?:, | and | or |/)[EZ]?\d+)*)",
                             re.IGNORECASE)
_NAMES = re.compile(r"Z War One rulebook|Exodus rulebook|Agent Z rules|docs/format\.md|docs/engine\.md"
                    r"|docs/scenarios\.md|rules data|mission text|GRID\.md|shared design|\binterpretations? [EZ]?\d",
                    re.IGNORECASE)


@dataclass(frozen=True)
class Quote:
    """A quote of a `source` and the text it is attributed to (``None``: not checked)."""

    text: str
    named: str | None


def attributed_quotes(source: str) -> list[Quote]:
    """The quotes of a grid-game `source`, each with the last text named before it."""
    quotes, named, at = [], None, 0
    for match in _QUOTE.finditer(source):
        head = source[at:match.start()]
        at = match.end()
        names = list(_NAMES.finditer(head))
        if names:
            last = names[-1]
            word = last.group(0).lower()
            if word.startswith("interpretation"):
                named = "interpretation " + _INTERPRETATION.match(head, last.start()).group(1)
            elif word in ("rules data", "mission text", "grid.md", "shared design"):
                named = None
            else:
                named = last.group(0)
        quotes.append(Quote(match.group(1), named))
    return quotes


def engine_items() -> dict[str, str]:
    """docs/engine.md's numbered interpretations by number ("9", "Z11", "E3")."""
    items: dict[str, str] = {}
    reading = False
    for line in (REPO / "docs" / "engine.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            reading = "How the engine reads" in line
        elif reading and (match := re.match(r"([EZ]?\d+)\. (.*)", line)):
            assert match.group(1) not in items, f"docs/engine.md numbers two interpretations {match.group(1)}"
            items[match.group(1)] = match.group(2)
    return items


def grid_texts() -> dict[str, Text]:
    docs = REPO / "docs"
    return {"z war one rulebook": Text(seed_lines("000")), "exodus rulebook": Text(seed_lines("002")),
            "agent z rules": Text(seed_lines("001")),
            "docs/format.md": Text((docs / "format.md").read_text(encoding="utf-8").splitlines()),
            "docs/scenarios.md": Text((docs / "scenarios.md").read_text(encoding="utf-8").splitlines()),
            "docs/engine.md": Text((docs / "engine.md").read_text(encoding="utf-8").splitlines())}


def grid_problems(path: Path, source: str, texts: dict[str, Text], items: dict[str, str]) -> list[str]:
    """What is wrong with the quotes of a grid-game `source`, and with the interpretations it names
    (quoted or not: each by a number docs/engine.md has)."""
    problems = []
    unquoted = _QUOTE.sub("''", source)
    for match in re.finditer(r"\binterpretations?\b(?! ?[EZ]?\d)", unquoted, re.IGNORECASE):
        problems.append(f"{path}: an interpretation named without its number: {unquoted[match.start():][:50]!r}")
    for match in _INTERPRETATION.finditer(unquoted):
        if missing := [n for n in re.findall(r"[EZ]?\d+", match.group(1)) if n not in items]:
            problems.append(f"{path}: docs/engine.md has no interpretation {', '.join(missing)}")
    for quote in attributed_quotes(source):
        if quote.named is None:
            continue
        if quote.named.lower().startswith("interpretation"):
            numbers = [n for n in re.findall(r"[EZ]?\d+", quote.named) if n in items]
            if numbers and not any(Text([items[n]]).has(quote.text) for n in numbers):
                problems.append(f"{path}: not in {quote.named}: {quote.text[:70]!r}")
        elif not texts[quote.named.lower()].has(quote.text):
            problems.append(f"{path}: not in the {quote.named}: {quote.text[:70]!r}")
    return problems


def _sources(corpus: str) -> list[tuple[Path, str]]:
    root = REPO / "tests" / corpus
    return [(path.relative_to(REPO), tomllib.loads(path.read_text(encoding="utf-8"))["scenario"]["source"])
            for path in find(root)]


# -- the corpora --------------------------------------------------------------------------------------

def test_every_all_things_zombie_quote_is_on_the_seed_line_it_cites():
    seed = Text(seed_lines("004"))
    problems = [p for path, source in _sources("rules-atz") for p in atz_problems(path, source, seed)]
    assert problems == []


def test_every_zone_wars_quote_is_on_the_seed_line_it_cites():
    seed = Text(seed_lines("003"))
    problems = [p for path, source in _sources("rules-zonewars")
                for p in atz_problems(path, source, seed, _ZONE_WARS_HEAD)]
    assert problems == []


@pytest.mark.parametrize("corpus", ["rules", "rules-agentz"])
def test_every_grid_game_quote_is_in_the_text_it_names(corpus):
    texts, items = grid_texts(), engine_items()
    problems = [p for path, source in _sources(corpus) for p in grid_problems(path, source, texts, items)]
    assert problems == []


# -- the checker itself ---------------------------------------------------------------------------------

def test_the_interpretations_are_read_from_each_games_list():
    items = engine_items()
    assert {"1", "9", "33", "Z1", "Z14", "E1", "E12"} <= items.keys()
    assert items["9"].startswith("Alert, ballistic:") and items["Z11"].startswith("(assumed")


def test_the_normalisation_drops_marks_and_unifies_dashes_and_case():
    assert normalise('**Duck Back** \u2013 Move to cover within 6".') == "duck back-move to cover within 6."
    assert normalise("3 or less\t\u2022\tBuilding  vacant.") == "3 or less building vacant."
    assert normalise("<ul> <li>Those that <i>snap fire</i></li>") == "those that snap fire"
    assert normalise("the aimed fire (\U0001f3af) chart, the blast area (\u25a0).") == "the aimed fire chart, the blast area."
    assert fragments("Example - ... Next turn [...] the door ...") == ["example-", "next turn", "the door"]
    assert fragments("Infected spawning is not [limited]. What") == ["infected spawning is not", "what"]
    assert Text(["GRAB TEST\t", "1-4\tTAKEN DOWN", "-\tKNOCKDOWN"]).body == "grab test 1-4 taken down-knockdown "


def test_an_all_things_zombie_quote_must_start_on_its_line():
    seed = Text(["Title", "**Duck Back** \u2013 Move to the nearest cover within 6\". More words.", "Next line."])
    source = 'All Things Zombie (seed 004) line 2: "Duck Back - Move to the nearest cover ... More words."'
    assert atz_quotes(source) == [(2, "Duck Back - Move to the nearest cover ... More words.")]
    assert atz_problems(Path("s.toml"), source, seed) == []
    assert atz_problems(Path("s.toml"), source.replace("line 2", "line 1"), seed) == [
        "s.toml: line 1: 'duck back-move to the nearest cover' does not start on line 1"]
    assert atz_problems(Path("s.toml"), source.replace("More", "Fewer"), seed) == [
        "s.toml: line 2: 'fewer words' does not follow within 3 lines"]
    two = source + ' Line 3: "Next line."'
    assert atz_quotes(two)[1] == (3, "Next line.")
    assert atz_problems(Path("s.toml"), two.replace("Line 3", "Line 2"), seed) == [
        "s.toml: line 2: 'next line' does not start on line 2"]


def test_a_grid_quote_is_looked_up_in_the_text_it_names():
    texts = {"z war one rulebook": Text(["Alert!", "The hero may make a quick fire attack."]),
             "agent z rules": Text(["Reaction"]), "exodus rulebook": Text([]),
             "docs/format.md": Text([]), "docs/engine.md": Text([])}
    items = {"9": "Alert ends when the hero is taken down.", "Z1": "The hurt track."}
    good = ("Z War One rulebook, Alert!: 'the hero may make a quick fire attack.' Interpretation 9: "
            "'Alert ends when the hero is taken down.' Pistol (rules data): 'Range 8.'")
    assert [q.named for q in attributed_quotes(good)] == ["Z War One rulebook", "interpretation 9", None]
    assert grid_problems(Path("s.toml"), good, texts, items) == []
    assert grid_problems(Path("s.toml"), good.replace("quick fire", "quick aimed"), texts, items) == [
        "s.toml: not in the Z War One rulebook: 'the hero may make a quick aimed attack.'"]
    assert grid_problems(Path("s.toml"), good.replace("Interpretation 9", "Interpretation Z1"), texts, items) == [
        "s.toml: not in interpretation Z1: 'Alert ends when the hero is taken down.'"]
    assert grid_problems(Path("s.toml"), good.replace("Interpretation 9", "Interpretation 99"), texts, items) == [
        "s.toml: docs/engine.md has no interpretation 99"]
    both = "Interpretations Z1 and 9: 'Alert ends when'"
    assert attributed_quotes(both)[0].named == "interpretation Z1 and 9"
    assert grid_problems(Path("s.toml"), both, texts, items) == []
    assert grid_problems(Path("s.toml"), "Agent Z rules: 'The hurt track.' Assumed (interpretation).", texts,
                         items) == ["s.toml: an interpretation named without its number: 'interpretation).'",
                                    "s.toml: not in the Agent Z rules: 'The hurt track.'"]
    assert grid_problems(Path("s.toml"), "Agent Z rules: 'The hero's hurt track'", texts, items) == [
        "s.toml: not in the Agent Z rules: \"The hero's hurt track\""]


def test_a_zone_wars_head_citing_two_places_looks_each_quote_up_on_its_own_line():
    seed = Text(["Title", "A Simple Operation is an action.", "It moves up to Medium.", "Other.", "Blocking terrain."])
    source = ('Zone Wars rulebook (seed 003) lines 2-3 and 5: "A Simple Operation is an action." ... '
              '"It moves up to Medium." ... "Blocking terrain."')
    assert atz_quotes(source, _ZONE_WARS_HEAD) == [(2, 'A Simple Operation is an action." ... "It moves up to Medium.'),
                                                  (5, "Blocking terrain.")]
    assert atz_problems(Path("s.toml"), source, seed, _ZONE_WARS_HEAD) == []
    assert atz_problems(Path("s.toml"), source.replace("and 5", "and 4"), seed, _ZONE_WARS_HEAD) == [
        "s.toml: line 4: 'blocking terrain' does not start on line 4"]
