"""International Match Points: the WBF scale (Law 78B), the Butler datum and cross-IMPs.

* :func:`imps` — a difference in points turned into IMPs on the scale of Law 78B (2017),
  spec §3.1: the number of the scale's lower bounds that the difference reaches, with its
  sign. This is right for differences that are not multiples of 10 too (15 → 0, 45 → 1).
* :func:`butler_datum` — a board's datum for Butler pairs (spec §3.2): drop scores at each
  end, take the mean of the rest, round it as the event says (:class:`DatumRounding`).
* :func:`cross_imps` — each score IMPed against every other score on the board, summed or
  averaged (spec §3.3, :class:`CrossTotal`).
* :data:`AWARD_IMPS` — the IMPs of the artificial adjusted scores A+, A, A− (Law 12C2,
  :class:`.adjusted.Award`): +3, 0, −3 (spec §3.3; Law 86A for teams); :func:`imp_awards`
  reads them as files write them ("A+/A-", "A6040").

A pairs session scored by IMPs (adjusted tables, board rows, totals, ranks and sit-outs)
is built on these in :mod:`.imp_pairs`.
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from ..shared.errors import ContestError, quoted
from ..shared.lookup import lookup, snake
from ..shared.numbers import exact, round_half_away
from .adjusted import Artificial
from .adjusted import Award as Award  # the IMP modules' callers import it from here

#: The lower bound of each IMP of the WBF scale, Law 78B (2017): 20 points earn 1 IMP,
#: 50 earn 2, ... 4000 and more earn 24.
IMP_LOWER_BOUNDS: tuple[int, ...] = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)

#: The most IMPs one comparison can give (Law 78B: 4000 points and more).
MOST_IMPS = len(IMP_LOWER_BOUNDS)


def imps(difference: int | Fraction) -> int:
    """The IMPs for a difference in points, with its sign (Law 78B; spec §3.1).

    The IMPs are the number of lower bounds of the scale (20, 50, 90, … 4000) that the
    size of the difference reaches: 10 → 0, 20 → 1, 40 → 1, 4000 → 24, 7600 → 24,
    −620 → −12. A difference that is not a multiple of 10 (an averaged or weighted score)
    is placed the same way: 15 → 0, 45 → 1.
    """
    if isinstance(difference, bool) or not isinstance(difference, int | Fraction):
        raise ContestError(
            f"{difference!r} is not a difference in points: IMPs are read from a number of points (Law 78B)."
        )
    size: int | Fraction = -difference if difference < 0 else difference
    count = bisect_right(IMP_LOWER_BOUNDS, size)  # the bounds the size reaches
    return count if difference >= 0 else -count


class DatumRounding(enum.Enum):
    """How a Butler datum, the mean of the kept scores, is rounded (spec §3.2, an event setting).

    NEAREST10: to the nearest ten, a trailing 5 away from zero (425 → 430, −425 → −430), so
    N-S and E-W see the same datum; Compscore and Magic Contest round so.
    EVEN5: to the nearest ten, a trailing 5 to the even ten (425 → 420, 435 → 440), as
    ACBLscore does.
    NONE: the exact mean, unrounded.
    """

    NEAREST10 = "nearest10"
    EVEN5 = "even5"
    NONE = "none"

    @classmethod
    def parse(cls, text: object) -> DatumRounding:
        """Read "nearest10", "even5" or "none"; else a :class:`ContestError`."""
        return lookup(cls, text, key=lambda member: member.value, normalise=snake, error=_not_a_rounding)

    def apply(self, mean: Fraction) -> int | Fraction:
        """The datum for this mean: a whole number of points, or the exact mean for NONE."""
        if self is DatumRounding.NONE:
            return int(mean) if mean.denominator == 1 else mean
        tens = mean / 10
        if self is DatumRounding.NEAREST10:
            return 10 * round_half_away(tens)
        return 10 * round(tens)  # Fraction.__round__ takes a half to the even whole number


def _not_a_rounding(text: object) -> ContestError:
    return ContestError(
        f"{text!r} is not a rounding of the Butler datum: use nearest10, even5 or none (spec §3.2)."
    )


class CrossTotal(enum.Enum):
    """How a score's cross-IMPs are totalled (spec §3.3, an event setting).

    SUM: the IMPs against every other score, added ("total IMPs", as Ruter writes them).
    AVERAGE: that sum divided by the number of comparisons ("average IMPs", as Compscore).
    """

    SUM = "sum"
    AVERAGE = "average"

    @classmethod
    def parse(cls, text: object) -> CrossTotal:
        """Read "sum" or "average" (also "total", "mean"); else a :class:`ContestError`."""
        return lookup(
            cls,
            text,
            key=lambda member: member.value,
            normalise=snake,
            aliases={"total": "sum", "mean": "average", "summed": "sum", "averaged": "average"},
            error=_not_a_cross_total,
        )


def _not_a_cross_total(text: object) -> ContestError:
    return ContestError(f"{text!r} is not a way to total cross-IMPs: use sum or average (spec §3.3).")


def default_drop(count: int) -> int:
    """The scores dropped at each end of a board for its Butler datum when the event names none.

    One highest and one lowest when the board has more than four scores, none otherwise
    (spec §3.2; the house default of Compscore and Magic Contest with 5 or more results).
    """
    return 1 if count > 4 else 0


def butler_datum(
    scores: Sequence[int | Fraction],
    drop: int | None = None,
    rounding: DatumRounding = DatumRounding.NEAREST10,
) -> int | Fraction:
    """The Butler datum of one board's N-S scores (spec §3.2).

    ``drop`` scores are set aside at each end (the highest and the lowest; ``None`` means
    :func:`default_drop`), the rest are averaged, and the mean is rounded as ``rounding``
    says. Only real scores belong here: adjusted tables stay out of the datum. TV-42:
    −140, −140, +50, +100, −420, +50, +50 → mean of the middle five −26 → datum −30.
    """
    if not scores:
        raise ContestError("A board with no scores has no Butler datum: there is nothing to average.")
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, int | Fraction):
            raise ContestError(f"{score!r} is not a score: a Butler datum averages numbers of points.")
    if drop is None:
        drop = default_drop(len(scores))
    if isinstance(drop, bool) or not isinstance(drop, int) or drop < 0:
        raise ContestError(
            f"{drop!r} is not a number of scores to drop: give a whole number, 0 or more (spec §3.2)."
        )
    if 2 * drop >= len(scores):
        raise ContestError(
            f"Dropping {drop} score(s) at each end of a board with {len(scores)} leaves none to average "
            "for the Butler datum (spec §3.2)."
        )
    kept = sorted(scores)[drop : len(scores) - drop]
    return rounding.apply(Fraction(sum(kept)) / len(kept))


def cross_imps(scores: Sequence[int | Fraction], total: CrossTotal = CrossTotal.SUM) -> list[Fraction]:
    """Each score's cross-IMPs against every other score on the board (spec §3.3).

    The IMPs of (score − other) over the other scores (Law 78B), added, or divided by the
    number of comparisons for AVERAGE. A board with one score compares it with nothing: 0.
    TV-44: −140, −460, +50, −490 sum to 11, −18, 27, −20; averaged 11/3, −6, 9, −20/3.
    """
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, int | Fraction):
            raise ContestError(f"{score!r} is not a score: cross-IMPs compare numbers of points.")
    comparisons = len(scores) - 1
    ordered = sorted(scores)
    count = len(ordered)
    lowest, highest = (ordered[0], ordered[-1]) if ordered else (0, 0)
    each: dict[int | Fraction, Fraction] = {}
    for score in set(scores):
        # IMPs are counted by the scale's bounds rather than by pairs of scores: against each
        # bound b the score wins an IMP from every score at least b below it and loses one to
        # every score at least b above it (Law 78B); its own difference, 0, reaches no bound.
        summed = 0
        for bound in IMP_LOWER_BOUNDS:
            if score - bound < lowest and score + bound > highest:
                break  # no score is this far away, nor any further bound's
            summed += bisect_right(ordered, score - bound) - (count - bisect_left(ordered, score + bound))
        if total is CrossTotal.AVERAGE and comparisons:
            each[score] = exact(summed, comparisons)
        else:
            each[score] = exact(summed, 1)
    return [each[score] for score in scores]


#: The IMPs of each award on one comparison (spec §3.3; Law 86A in teams): +3, 0, −3.
AWARD_IMPS: Mapping[Award, Fraction] = MappingProxyType(
    {Award.PLUS: Fraction(3), Award.AVERAGE: Fraction(0), Award.MINUS: Fraction(-3)}
)


_PERCENT_AWARDS = {Fraction(60): Award.PLUS, Fraction(50): Award.AVERAGE, Fraction(40): Award.MINUS}


def imp_awards(adjusted: Artificial | str) -> tuple[Award, Award]:
    """The N-S and E-W awards of an artificial adjusted score, for IMP scoring (Law 12C2).

    Reads what files write: "A+/A-", or the sides' percentages as USEBIO programs do,
    "A6040" (Average-plus to N-S, Average-minus to E-W), "A5050", "A6060". In IMPs an award
    is a number of IMPs, not a share of a top, so only 60, 50 and 40 % name one.
    """
    artificial = Artificial.parse(adjusted)
    awards = []
    for side in (artificial.ns, artificial.ew):
        if isinstance(side, Award):
            awards.append(side)
        elif side in _PERCENT_AWARDS:
            awards.append(_PERCENT_AWARDS[side])
        else:
            raise ContestError(
                f"{quoted(artificial.text)} gives a side {side} %, which is no award in IMPs: "
                "60, 50 and 40 % are Average-plus, Average and Average-minus (Law 12C2)."
            )
    return awards[0], awards[1]
