"""Contract bridge as clubs play it today: the Laws of Duplicate Bridge 2017.

* :mod:`.board` — the board's dealer and vulnerability from its number (Law 2; spec §1.3).
* :mod:`.deal` — the bid contract and its score by Law 77, with the lines that explain it
  (doubled into game, the insult, overtricks, the undertrick table, slams only when bid,
  a passed-out board scoring nothing).
* :mod:`.entry` — the compact traveller text a director types: ``4HX N =``, ``3NT S -2``,
  ``4S E 10``, ``PASS``.

Pairs scored by matchpoints (Law 78A), IMPs (Law 78B) and the ranking of ties are in
:mod:`scoring.contests`; the files that carry results between programs in :mod:`scoring.files`.
"""
