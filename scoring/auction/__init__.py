"""Auction Bridge, by R. F. Foster's laws: the declaration, the table of values, Duplicate
Auction (Laws A to H) and Three-Hand Auction.

* :mod:`.core` — strains at Foster's values, doubling, the contract (Laws 44, 50).
* :mod:`.calls`, :mod:`.declaration`, :mod:`.declaration_irregularities`,
  :mod:`.declaration_penalties` — the auction and its irregularities (Laws 42-52, F).
* :mod:`.deal_record`, :mod:`.deal`, :mod:`.sheet`, :mod:`.honours` — one deal's facts and its
  score in the trick and honour columns (table of values; Duplicate Law A).
* :mod:`.duplicate_laws` — Laws B to F as questions a screen can ask.
* :mod:`.entry` — the compact traveller text (``3HX N 9``; ``H 8`` for Duplicate Whist).
* :mod:`.rubber`, :mod:`.three_hand`, :mod:`.three_hand_rubber` — the rubber games.

Pair and team contests (Laws G and H) are in :mod:`scoring.contests`.
"""
