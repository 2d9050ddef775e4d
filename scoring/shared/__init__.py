"""What every game of the engine shares: seats and sides, cards and hand records, exact
numbers, reading a vocabulary from text, and the one exception family.

* :mod:`.seats` — North, East, South, West and the two partnerships.
* :mod:`.cards` — cards, hands and a whole deal (PBN 2.1's deal string).
* :mod:`.numbers` — the one rounding rule and the one spelling of a fraction.
* :mod:`.lookup` — reading an enum member from a director's or a file's text.
* :mod:`.errors` — :class:`~.errors.ScoringError` and its family, whose messages cite the law.
"""
