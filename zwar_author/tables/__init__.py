"""Random tables for every game: dice expressions, modifiers, the coverage proof, exact odds, rolling.

``dice`` parses expressions and convolves exact distributions; ``table`` is a
compiled table; ``compile`` reads table sources with located diagnostics;
``proof`` proves that every reachable total has one row; ``odds`` gives exact
row and final-outcome distributions; ``roll`` rolls through a chance interface.
"""
