"""All Things Zombie played: a group of Stars and Grunts against the zombies, on the skirmish core.

``state`` holds the figures, ``weapons`` the List Of Weapons, ``reactions`` the
Reaction Tests read through the pack's class tables, ``game`` the encounter
turn by turn, ``encounter`` what the engine plays of an encounter and the
setup it starts from; ``buildings`` the buildings on the table, ``inside``
what is found on entering one, ``search`` searching it, ``raid`` the Raid's
buildings, occupants and captive, ``cover`` where a figure seeking cover goes. Every table the engine rolls on is the pack's own, read
through the one table model.
"""
