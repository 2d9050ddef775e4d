"""The laws engine of the duplicate tournament manager.

Plain Python, standard library only: no Django, no settings, no files, no network.
Points are integers and averages exact fractions; every public function cites the law
it implements, and every score carries the lines that explain it.

A package a game, and one for what the games share:

* :mod:`scoring.auction` — Auction Bridge by Foster: the declaration, the table of values,
  Duplicate Auction's Laws A to F, Three-Hand Auction and the rubber.
* :mod:`scoring.whist` — Whist by Hoffmann, and Duplicate Whist's tricks.
* :mod:`scoring.contract` — contract bridge by the Laws of Duplicate Bridge 2017: Law 77's
  deal scores, the board's dealer and vulnerability (Law 2), the traveller text.
* :mod:`scoring.contests` — pair and team contests (Laws G and H) and the movements.
* :mod:`scoring.files` — the files programs exchange (PBN 2.1, USEBIO 1.2): hand records, scored
  sessions, and a real session scored again from its raw scores.
* :mod:`scoring.shared` — seats, cards, exact numbers, the exception family.
* :mod:`scoring.cli` — ``python -m scoring`` (specs/scoring-cli.md).
"""
