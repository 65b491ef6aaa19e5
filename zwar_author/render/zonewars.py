"""Zone Wars cards, built from the card kinds a pack declares: which entries, which boxes, what is on the back."""

from __future__ import annotations

from ..compile.zonewars import PackData
from ..model import zonewars as z
from .cards import Card, CardKind


def zonewars_cards(data: PackData) -> list[Card]:
    """Every card of a pack's Zone Wars entries, kind by kind as declared, Zone cards as many times as the deck holds them."""
    names = {e.id: e.model.name  # type: ignore[attr-defined]
             for kind in ("factions", "gear", "artifacts", "mutations") for e in data.entries[kind].values()}
    cards: list[Card] = []
    for spec in data.card_kinds:
        kind = CardKind(spec.id, spec.colour, spec.back.upper(), spec.game.upper())
        for entry in data.entries[spec.of].values():
            card = _card(spec, kind, entry.model, names)
            cards += [card] * getattr(entry.model, "copies", 1)
    return cards


def _card(spec: z.CardKindDef, kind: CardKind, model, names: dict[str, str]) -> Card:
    assumed = set(getattr(model, "assumed", []))
    stats = tuple((s.label, _shown(getattr(model, s.key, None), names), "*" if s.key in assumed else "")
                  for s in spec.stats)
    tags = [_shown(getattr(model, key, None), names) for key in spec.tags]
    subtitle = " · ".join([spec.name, *(t for t in tags if t != "-")])
    body: list = [("stats", stats)] if stats else []
    listed = [(label, getattr(model, key, [])) for label, key in (("Gear", "gear"), ("Mutations", "mutations"))]
    body += [("text", f"{label}: {', '.join(names.get(r.rpartition('/')[2], r) for r in refs)}.")
             for label, refs in listed if refs]
    if getattr(model, "special", ""):
        body.append(("text", model.special + "."))
    if getattr(model, "single_use", False):
        body.append(("text", "Single use."))
    body.append(("text", getattr(model, "text", "")))
    note = "* not printed in the rulebook: check against your cards" if assumed else ""
    reverse = None
    if spec.reverse and getattr(model, spec.reverse, None) is not None:
        back_body = ([("stats", stats)] if stats else []) + [("text", getattr(model, spec.reverse))]
        reverse = Card(kind, f"{model.name} · {spec.reverse_title}", subtitle, tuple(back_body), note)
    return Card(kind, model.name, subtitle, tuple(body), note, reverse)


def _shown(value, names: dict[str, str]) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(names.get(str(v), str(v)) for v in value) or "-"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return names.get(str(value), str(value))
