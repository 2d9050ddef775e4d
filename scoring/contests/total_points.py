"""Total points for pairs: each score against the average of its direction (Law 78C; spec §4).

Law 78C allows total-point scoring, the net total of all boards played. For pairs the
comparable form is each pair's board score less the mean of all scores in its direction on
that board, summed over its boards: Butler with no trimming and no IMPs. Unlike matchpoints,
the size of a margin counts, so one wild board can swamp a session (spec §4, TV-48 against
TV-30).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..shared.errors import ContestError, quoted

__all__ = ["against_average"]


def against_average(scores: Sequence[int]) -> list[Fraction]:
    """Each N-S score less the mean of the board's N-S scores (Law 78C; spec §4, TV-48).

    East-West's figures are the negations.
    """
    if not scores:
        raise ContestError("A board with no scores has no average.")
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, int):
            raise ContestError(f"{quoted(score)} is not a score: give whole points, signed from North-South.")
    mean = Fraction(sum(scores), len(scores))
    return [score - mean for score in scores]
