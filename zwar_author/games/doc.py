"""The profiles as a docs section: docs/format.md carries this text, and a test keeps it equal.

What each game has comes from the profiles; the numbers (the heroes of each
hero rule, each action's AP) from the reference pack's rules data.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from ..model.rules import GameRules
from .profile import GameProfile
from .registry import PROFILES
from .vocab import Action, Element, EventKind, Feature, Mode, Rule, SpawnResult, Token, Tracker, Victory

BEGIN = "<!-- games: generated from zwar_author/games by `python -m zwar_author.games.doc`; do not edit -->"
END = "<!-- games: end -->"

_KINDS: tuple[tuple[str, type[Element]], ...] = (
    ("Modes", Mode), ("The game's own rules", Rule), ("Board features", Feature), ("Tokens", Token),
    ("Victory and defeat conditions", Victory), ("Spawn results", SpawnResult), ("Events", EventKind), ("The tracker sheet", Tracker),
)


def _cell(profile: GameProfile, element: Element) -> str:
    if not profile.has(element):
        return "-"
    return "played" if element in profile.engine else "yes"


#: the reference pack's rules data, which the section's numbers come from
CORE_RULES = Path(__file__).resolve().parents[2] / "content" / "core" / "rules"


def core_numbers() -> tuple[list[GameRules], dict[str, str]]:
    """The reference pack's `[[games]]` entries, and its heroes' names by id."""
    games = tomllib.loads((CORE_RULES / "games.toml").read_text(encoding="utf-8"))["games"]
    heroes = tomllib.loads((CORE_RULES / "heroes.toml").read_text(encoding="utf-8"))["heroes"]
    return [GameRules.model_validate(g) for g in games], {h["id"]: h["name"] for h in heroes}


def section(profiles: list[GameProfile] | None = None) -> str:
    """The markdown between BEGIN and END, from the profiles and the reference pack's numbers."""
    numbers, names = core_numbers()
    games = [p.with_numbers(numbers) for p in (profiles or list(PROFILES.values()))]
    head = "| | " + " | ".join(p.name for p in games) + " |"
    rule = "|---|" + "---|" * len(games)
    out = [BEGIN, "", head, rule, "| played on | " + " | ".join(p.board.label for p in games) + " |"]
    for title, kind in _KINDS:
        members = [e for e in kind if any(p.has(e) for p in games)]
        out.append(f"| **{title}** |" + " |" * len(games))
        out += [f"| {e.label} | " + " | ".join(_cell(p, e) for p in games) + " |" for e in members]
    heading = "Heroes a mission must use (the heroes are the reference pack's rules data, `heroes` in `rules/games.toml`):"
    out += ["", heading, ""]
    for p in games:
        heroes = ", ".join(names.get(h, h) for h in p.hero_ids)
        players = f"; {p.heroes.players} players" if p.heroes.players else ""
        out.append(f"- {p.name}: {p.heroes.kind.label} ({heroes}){players}; "
                   f"{p.heroes.quote.source}: \u201c{p.heroes.quote.text}\u201d")
    heading = ("Actions and their AP (which actions a game has is its profile's; the AP are the reference pack's "
               "rules data, `[games.actions]` in `rules/games.toml`):")
    out += ["", heading, "", head, rule]
    for action in Action:
        costs = [p.ap(action) for p in games]
        if any(c is not None for c in costs):
            out.append(f"| {action.label} | " + " | ".join("-" if c is None else str(c) for c in costs) + " |")
    notes = [(p, note) for p in games for note in p.notes]
    if notes:
        out += ["", "Where the rulebooks are silent:", ""]
        out += [f"- {p.name}: {note}" for p, note in notes]
    return "\n".join(out + ["", END])


def replace(text: str) -> str:
    """``text`` (docs/format.md) with its generated section brought up to date."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + section() + text[end:]


if __name__ == "__main__":  # rewrite the section in docs/format.md in place
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "format.md"
    path.write_text(replace(path.read_text(encoding="utf-8")), encoding="utf-8")
