"""Exodus between missions: the kit a hero carries on, the pre-game lobby and the save ticket.

Exodus pays no XP. What carries over is what the save ticket records (Exodus
rulebook, Save tickets): "the hero names, if they are infected, the stage of
infection they finished the last mission on & also any perk cards they have
selected", "any equipment cards they are carrying, along with the amounts of
ammunition left in their weapons" and "the search cards they are carrying".
"Melee weapons ... must always be discarded due to 'wear and tear' at the end
of the mission" (Melee attacks). Before the next mission "players have access
to the pre-game lobby": level up (a new perk card, at a level-up chapter),
reload and craft "in the same manner as in live play", and exchange search and
equipment cards freely.

A kit is plain data (it is what a campaign save holds): one dict a hero with
``equipment`` (card ids, pack/id), ``rounds`` (left in each card, None for one
that takes none), ``search`` (search card ids) and ``stage`` (infection, 0 when
not infected). A hero with no kit yet starts with the hero board's set.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.mission import Mission
from ..engine.state import Game, HeroStatus, short
from .session import CommandError

Kit = dict[str, Any]

#: what the engine leaves out between Exodus missions, said on every Exodus campaign report and in the docs
LEFT_OUT = (
    ("perk cards: the Exodus rulebook text stops inside \"Charging infected\", before any perk card, so the rules "
     "data holds none and a level-up chapter is refused unless a pack adds Exodus perks the engine plays"),
    "the comic book cut scenes: a chapter's `text` stands in for them",
)

#: where the rulebook is silent between Exodus missions and the engine chose, said with ``LEFT_OUT``
INTERPRETED = (
    "a failed mission with no official save logged returns to the campaign's start",
    "the search cards a hero carries into a mission are out of its search deck",
    "the first chapter starts with each hero board's starting equipment, fully loaded",
)


def kit_after(game: Game) -> tuple[dict[str, Kit], list[tuple[str, str]]]:
    """Each surviving hero's kit at the end of ``game``, melee weapons discarded, and the (hero, card)
    discarded."""
    m = game.mission
    kits: dict[str, Kit] = {}
    discarded = []
    for h in game.heroes:
        if h.npc or h.status == HeroStatus.DEAD:
            continue
        kept = [c for c in h.cards if m.equipment[c.eq].kind != "melee"]
        discarded += [(h.id, short(c.eq)) for c in h.cards if m.equipment[c.eq].kind == "melee"]
        kits[h.id] = {"equipment": [c.eq for c in kept], "rounds": [c.ammo for c in kept],
                      "search": list(h.loot), "stage": h.stage}
    return kits, discarded


def _kit(kits: dict[str, Kit], hero: str) -> Kit:
    if hero not in kits:
        raise CommandError(f"`{hero}` carries no kit into this chapter (heroes: {', '.join(kits) or 'none'})")
    return kits[hero]


def _search(kit: Kit, ref: str, hero: str) -> str:
    found = next((c for c in kit["search"] if short(c) == ref or c == ref), None)
    if found is None:
        held = ", ".join(short(c) for c in kit["search"]) or "none"
        raise CommandError(f"{hero} holds no search card `{ref}` (search cards: {held})")
    return found


def reload(kits: dict[str, Kit], mission: Mission, hero: str, weapon: str, ammo: str) -> str:
    """``hero`` loads ``weapon`` from ammunition search card ``ammo``, as in live play: the card is
    discarded and rounds beyond a full load are wasted. What happened, in words."""
    kit = _kit(kits, hero)
    card = _search(kit, ammo, hero)
    entry = mission.search_cards[card]
    index = next((i for i, e in enumerate(kit["equipment"]) if short(e) == weapon), None)
    if index is None:
        raise CommandError(f"{hero} carries no `{weapon}` (equipment: "
                           f"{', '.join(short(e) for e in kit['equipment']) or 'none'})")
    eq = mission.equipment[kit["equipment"][index]]
    if entry.kind != "ammo" or short(eq.id) not in {short(r) for r in entry.reloads}:
        raise CommandError(f"{entry.name} does not load the {eq.name}")
    full = eq.ammo or 0
    before = kit["rounds"][index] or 0
    if before >= full:
        raise CommandError(f"the {eq.name} is fully loaded ({full} rounds)")
    kit["search"].remove(card)
    kit["rounds"][index] = min(full, before + (entry.rounds or 0))
    wasted = before + (entry.rounds or 0) - kit["rounds"][index]
    return (f"{hero} reloads the {eq.name} with {entry.name}: {kit['rounds'][index]} of {full} rounds"
            + (f" ({wasted} wasted)" if wasted else ""))


def recipes(mission: Mission) -> dict[str, list[str]]:
    """Each craftable equipment card (pack/id) and the search cards (short ids) it needs."""
    return {eq.id: [short(r) for r in eq.craft] for eq in mission.equipment.values() if eq.craft}


def craft(kits: dict[str, Kit], mission: Mission, hero: str, equipment: str) -> str:
    """``hero`` crafts ``equipment`` as in live play: one of each search card of its recipe discarded."""
    kit = _kit(kits, hero)
    eq = next((e for e in recipes(mission) if short(e) == equipment), None)
    if eq is None:
        raise CommandError(f"`{equipment}` cannot be crafted (recipes: "
                           f"{', '.join(short(e) for e in sorted(recipes(mission))) or 'none'})")
    needs = recipes(mission)[eq]
    held = Counter(short(c) for c in kit["search"])
    if any(held[c] < n for c, n in Counter(needs).items()):
        raise CommandError(f"{hero} does not hold the search cards for the {mission.equipment[eq].name} "
                           f"({' and '.join(needs)})")
    for need in needs:
        kit["search"].remove(_search(kit, need, hero))
    kit["equipment"].append(eq)
    kit["rounds"].append(mission.equipment[eq].ammo)
    return f"{hero} crafts a {mission.equipment[eq].name} from {' and '.join(needs)}"


def give(kits: dict[str, Kit], giver: str, card: str, taker: str) -> str:
    """``giver`` hands an equipment card (with its rounds) or a search card to ``taker``: "both equipment &
    search cards can be freely exchanged in the pre game lobby"."""
    source, target = _kit(kits, giver), _kit(kits, taker)
    if giver == taker:
        raise CommandError(f"{giver} cannot give a card to {giver}")
    index = next((i for i, e in enumerate(source["equipment"]) if short(e) == card), None)
    if index is not None:
        target["equipment"].append(source["equipment"].pop(index))
        target["rounds"].append(source["rounds"].pop(index))
    else:
        found = next((c for c in source["search"] if short(c) == card), None)
        if found is None:
            held = ", ".join(short(c) for c in source["equipment"] + source["search"]) or "none"
            raise CommandError(f"{giver} holds no card `{card}` (cards: {held})")
        source["search"].remove(found)
        target["search"].append(found)
    return f"{giver} gives {card} to {taker}"


def bot_lobby(kits: dict[str, Kit], mission: Mission) -> list[str]:
    """What a bot group does in the lobby: each hero loads every weapon that is not full from the
    ammunition cards the group holds (a card another hero holds is handed over first), then crafts what
    its search cards make. What happened, in words."""
    done = []
    for hero in sorted(kits):
        kit = kits[hero]
        for index, eq_id in enumerate(kit["equipment"]):
            eq = mission.equipment[eq_id]
            while eq.kind == "ballistic" and (kit["rounds"][index] or 0) < (eq.ammo or 0):
                holder = next((h for h in [hero, *sorted(kits)] for c in kits[h]["search"]
                               if _loads(mission, c, eq_id)), None)
                if holder is None:
                    break
                card = next(c for c in kits[holder]["search"] if _loads(mission, c, eq_id))
                if holder != hero:
                    done.append(give(kits, holder, short(card), hero))
                done.append(reload(kits, mission, hero, short(eq_id), short(card)))
        for made, needs in sorted(recipes(mission).items()):
            while all(Counter(short(c) for c in kit["search"])[c] >= n for c, n in Counter(needs).items()):
                done.append(craft(kits, mission, hero, short(made)))
    return done


def _loads(mission: Mission, card: str, eq: str) -> bool:
    entry = mission.search_cards[card]
    return entry.kind == "ammo" and short(eq) in {short(r) for r in entry.reloads}


def describe(kits: dict[str, Kit], mission: Mission) -> list[str]:
    """Each hero's kit as a line of the save ticket: equipment with rounds, search cards, infection."""
    out = []
    for hero, kit in kits.items():
        cards = [short(e) + (f" ({r} of {mission.equipment[e].ammo})" if mission.equipment[e].ammo else "")
                 for e, r in zip(kit["equipment"], kit["rounds"])]
        search = ", ".join(short(c) for c in kit["search"]) or "none"
        infected = f"infected, stage {kit['stage']}" if kit["stage"] else "not infected"
        out.append(f"{hero}: {', '.join(cards) or 'no equipment'}; search cards: {search}; {infected}")
    return out
