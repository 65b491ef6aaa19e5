"""The inch-measured games' reference engine: Zone Wars (and All Things Zombie) on the ``tabletop`` model.

``skirmish.core`` is game-neutral: figures on an inch-measured table, frozen
states, requests (roll, draw, choose) with exact chance outcomes, events,
``legal_actions``/``apply`` and a ``simulate`` loop with an injected
``random.Random``. Each game is a ruleset package beside it
(``skirmish.zonewars``). Why a sibling of the grid engine rather than one
engine with two board kinds: docs/engine.md, "The inch-measured games".
"""
