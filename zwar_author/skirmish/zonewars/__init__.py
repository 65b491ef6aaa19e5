"""The Zone Wars ruleset on the skirmish core: the round and its cup, actions, attacks, artifacts, victory.

Each rule is cited by the line of the Zone Wars rulebook (seed 003) it plays
in docs/zonewars.md, "Played by the engine". Values the rulebook's web copy
lost are the pack's ``[rules]`` data, marked assumed (``zwar assumed``).
"""

from .game import ZoneWarsGame, new_game
from .scenario import Scenario, SideSpec, Spot, Token, TriggerPlay, cannot_play

__all__ = ["Scenario", "SideSpec", "Spot", "Token", "TriggerPlay", "ZoneWarsGame", "cannot_play", "new_game"]
