"""Pair contests: Law H of Duplicate Auction, with irregular tables under Law B (3).

Law H: "The score of a pair is compared only with other pairs who have played the same
hands. A pair obtains a plus score for the contest when its net total is more than the
average; a minus score for the contest when its net total is less than the average."

The comparison is made deal by deal (reading R-8): for each deal and direction, the scores
of the tables where the deal was validly played are averaged, and each pair adds its score
less that average. When every pair of a direction played every deal, this is the same as
comparing net totals, as in Foster's compass example; it also serves Howell movements and
sit-outs, where pairs play different sets of deals.

The code does not care what a score is: a net score in Duplicate Auction (Law H), or the
total tricks a side took in Duplicate Whist (Foster's compass scoring). Averages are exact
fractions; only the final figure is rounded, and ties are broken by the exact fraction.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import groupby, pairwise
from math import lcm

from ..auction.core import check_tricks
from ..shared.errors import ContestError
from ..shared.lookup import lookup, snake
from ..shared.numbers import exact, mixed_text, round_half_away_ratio, sort_key
from ..shared.seats import Side

TRICKS_IN_A_DEAL = 13

# A pair's sum in one direction as whole numbers: (pair, direction) -> [numerator, denominator, deals].
_Sums = dict[tuple[str, Side], list[int]]


class Irregular(enum.Enum):
    """How a table whose hands were irregular is scored (Law B (3)).

    AVERAGE: the short player's adversary held the surplus; each pair takes the average.
    NS_OFFENDED / EW_OFFENDED: the named side's partner held the surplus; that side takes the
    lowest score made in its direction, its opponents the highest made in theirs.
    WITHDRAWN: the deal was not played because a pair withdrew from the session. The laws
    name no score for it; the nearest they come is Law B (3), a table that cannot play a
    deal, whose pairs take the average (reading R-16), so each side is credited the average
    of its direction: neither gains nor loses on the deal (Law H compares it with no one).
    """

    AVERAGE = "average"
    NS_OFFENDED = "ns_offended"
    EW_OFFENDED = "ew_offended"
    WITHDRAWN = "withdrawn"

    @classmethod
    def parse(cls, text: object) -> Irregular:
        """Read "average", "ns_offended", "ew_offended" or "withdrawn"; else a :class:`ContestError`."""
        return lookup(
            cls, text, key=lambda member: member.value, normalise=snake, error=_not_an_irregular_ruling
        )

    @property
    def offending_side(self) -> Side | None:
        """The side whose partner held the surplus cards, None for an average."""
        return {Irregular.NS_OFFENDED: Side.NS, Irregular.EW_OFFENDED: Side.EW}.get(self)


def _not_an_irregular_ruling(text: object) -> ContestError:
    return ContestError(
        f"{text!r} is not a ruling on irregular hands: use average, ns_offended, ew_offended "
        "or withdrawn (Law B (3))."
    )


@dataclass(frozen=True, slots=True)
class TableResult:
    """One deal played at one table: who sat N-S and E-W, and what each side scored.

    A validly played table has a score for each side (``irregular`` is None). A table whose
    hands were irregular after the overplay began has no score of its own: it carries the
    ruling of Law B (3) instead, and both scores are None.
    """

    deal: str
    ns: str
    ew: str
    ns_score: int | None
    ew_score: int | None
    irregular: Irregular | None = None

    def __post_init__(self) -> None:
        check_name(self.deal, "deal")
        check_name(self.ns, "pair")
        check_name(self.ew, "pair")
        if self.ns == self.ew:
            raise ContestError(
                f"Pair {self.ns} cannot sit both N-S and E-W on deal {self.deal}: "
                "a table seats two different pairs (Law H)."
            )
        if self.irregular is None:
            for score in (self.ns_score, self.ew_score):
                if isinstance(score, bool) or not isinstance(score, int):
                    raise ContestError(
                        f"Deal {self.deal}, {self.ns} against {self.ew}: each side needs a whole-number "
                        "score, or the table needs a ruling on irregular hands (Law B (3))."
                    )
        else:
            if not isinstance(self.irregular, Irregular):
                raise ContestError(
                    f"{self.irregular!r} is not a ruling on irregular hands: "
                    "use average, ns_offended or ew_offended (Law B (3))."
                )
            if self.ns_score is not None or self.ew_score is not None:
                raise ContestError(
                    f"Deal {self.deal}, {self.ns} against {self.ew}: a table whose hands were irregular "
                    "has no score of its own; it takes the average or the extreme scores (Law B (3))."
                )

    @classmethod
    def auction(cls, deal: str, ns: str, ew: str, net_ns: int) -> TableResult:
        """A Duplicate Auction table: N-S score their net, E-W its negative (Law H; spec 7.3)."""
        if isinstance(net_ns, bool) or not isinstance(net_ns, int):
            raise ContestError(f"{net_ns!r} is not a net score: a net score is a whole number of points.")
        return cls(deal, ns, ew, net_ns, -net_ns)

    @classmethod
    def whist(cls, deal: str, ns: str, ew: str, ns_tricks: int) -> TableResult:
        """A Duplicate Whist table: each side scores the total tricks it took (Foster, compass whist)."""
        tricks = check_tricks(ns_tricks)
        return cls(deal, ns, ew, tricks, TRICKS_IN_A_DEAL - tricks)

    @classmethod
    def irregular_hands(cls, deal: str, ns: str, ew: str, ruling: Irregular | str) -> TableResult:
        """A table that could not play the deal because a hand was irregular (Law B (3))."""
        return cls(deal, ns, ew, None, None, Irregular.parse(ruling))

    def pair(self, side: Side) -> str:
        """The pair seated in ``side``'s direction."""
        return self.ns if side is Side.NS else self.ew

    def score(self, side: Side) -> int | None:
        """What ``side`` scored at this table, None when the hands were irregular."""
        return self.ns_score if side is Side.NS else self.ew_score


@dataclass(frozen=True, slots=True)
class PairDealScore:
    """One pair's result on one deal: what it scored and the average it is compared with."""

    deal: str
    pair: str
    direction: Side
    opponents: str
    score: Fraction
    average: Fraction
    difference: Fraction
    irregular: Irregular | None
    how: str

    @property
    def text(self) -> str:
        """A recap line: "Deal 7, N-S against 12: 120, average 50, +70"."""
        return (
            f"Deal {self.deal}, {self.direction.label} against {self.opponents}: {mixed_text(self.score)}, "
            f"average {mixed_text(self.average)}, {signed_text(self.difference)}"
        )


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """One table on a traveller, with the scores credited to each pair."""

    ns: str
    ew: str
    ns_score: Fraction
    ew_score: Fraction
    ns_difference: Fraction
    ew_difference: Fraction
    irregular: Irregular | None
    how: str


@dataclass(frozen=True, slots=True)
class Traveller:
    """Every table's result on one deal and the average of each direction."""

    deal: str
    rows: tuple[TravellerRow, ...]
    ns_average: Fraction
    ew_average: Fraction
    valid_tables: int
    lines: tuple[str, ...]

    def average(self, side: Side) -> Fraction:
        """The average score of ``side``'s direction over the validly played tables (R-16)."""
        return self.ns_average if side is Side.NS else self.ew_average


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's place: exact contest score, the rounded figure shown, rank and deals played."""

    pair: str
    score: Fraction
    rounded: int
    rank: int
    deals: int

    @property
    def text(self) -> str:
        """ "1. Pair 4: +50 (exactly +49 2/3), 1 deal"."""
        exact = "" if self.score == self.rounded else f" (exactly {signed_text(self.score)})"
        plural = "" if self.deals == 1 else "s"
        return f"{self.rank}. Pair {self.pair}: {signed_text(self.rounded)}{exact}, {self.deals} deal{plural}"


@dataclass(frozen=True, slots=True)
class PairContest:
    """The scored contest: standings overall and per direction, every pair's deals, travellers."""

    standings: tuple[Standing, ...]
    ns_standings: tuple[Standing, ...]
    ew_standings: tuple[Standing, ...]
    scores: tuple[PairDealScore, ...]
    travellers: tuple[Traveller, ...]
    # Indexes built once, so that a recap or traveller lookup costs the same whatever the field's size.
    _by_pair: dict[str, tuple[PairDealScore, ...]] | None = field(default=None, repr=False, compare=False)
    _by_deal: dict[str, Traveller] = field(init=False, repr=False, compare=False)
    _standing: dict[str, Standing] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._by_pair is None:
            by_pair: dict[str, list[PairDealScore]] = {}
            for score in self.scores:
                by_pair.setdefault(score.pair, []).append(score)
            object.__setattr__(self, "_by_pair", {pair: tuple(rows) for pair, rows in by_pair.items()})
        object.__setattr__(self, "_by_deal", {traveller.deal: traveller for traveller in self.travellers})
        object.__setattr__(self, "_standing", {standing.pair: standing for standing in self.standings})

    def direction_standings(self, side: Side) -> tuple[Standing, ...]:
        """Standings over the deals each pair played in ``side``'s direction (compass scoring)."""
        return self.ns_standings if side is Side.NS else self.ew_standings

    def standing(self, pair: str) -> Standing:
        """The overall standing of ``pair``."""
        if pair in self._standing:
            return self._standing[pair]
        raise ContestError(f"Pair {pair} played no deal in this contest.")

    def pair_scores(self, pair: str) -> tuple[PairDealScore, ...]:
        """The deals ``pair`` played, in deal order, for its recap."""
        assert self._by_pair is not None  # built in __post_init__
        return self._by_pair.get(pair, ())

    def traveller(self, deal: str) -> Traveller:
        """The traveller of ``deal``."""
        if deal in self._by_deal:
            return self._by_deal[deal]
        raise ContestError(f"Deal {deal} was not played in this contest.")


def pair_contest(results: Iterable[TableResult]) -> PairContest:
    """Score a pair contest (Law H), with irregular tables scored under Law B (3).

    A pair is compared only with the pairs that held the same hands in the same direction.
    For each deal and direction the average is taken over the validly played tables
    (readings R-8, R-16); a pair's contest score is the sum over its deals of its score less
    that average. Raises :class:`ContestError` when a pair plays one deal twice, or when an
    irregular table has no validly played table to take an average or extreme from.
    """
    return contest_of(score_deals(results))


@dataclass(frozen=True, slots=True)
class DealFigures:
    """One deal scored on its own (Law H compares a pair only on the hands it held): its traveller,
    each pair's score on it, and each score's difference from the average as whole numbers
    (numerator, tables). A contest is these, deal by deal, added up (:func:`contest_of`)."""

    traveller: Traveller
    scores: tuple[PairDealScore, ...]
    differences: tuple[tuple[int, int], ...]


def score_deals(results: Iterable[TableResult]) -> dict[str, DealFigures]:
    """Every deal of ``results`` scored on its own (Law H; Law B (3)), keyed by deal.

    A deal's figures depend on its own tables only, so when one table changes, its deal alone
    is scored again and :func:`contest_of` adds the deals up as :func:`pair_contest` does.
    Raises :class:`ContestError` as :func:`pair_contest` does.
    """
    by_deal: dict[str, list[TableResult]] = {}
    seated: dict[tuple[str, str], TableResult] = {}
    for result in results:
        if not isinstance(result, TableResult):
            raise ContestError(f"{result!r} is not a table result.")
        for pair in (result.ns, result.ew):
            earlier = seated.get((result.deal, pair))
            if earlier is not None:
                raise ContestError(
                    f"Pair {pair} is entered at two tables on deal {result.deal} "
                    f"({earlier.ns} against {earlier.ew}, and {result.ns} against {result.ew}): "
                    "a pair plays each deal once (Law H)."
                )
            seated[(result.deal, pair)] = result
        by_deal.setdefault(result.deal, []).append(result)
    deals: dict[str, DealFigures] = {}
    for deal in sorted(by_deal, key=natural_key):
        traveller, deal_scores, deal_differences = _score_deal(deal, by_deal[deal])
        deals[deal] = DealFigures(traveller, tuple(deal_scores), tuple(deal_differences))
    return deals


def contest_of(deals: Mapping[str, DealFigures]) -> PairContest:
    """The contest of Law H from its deals scored one by one (:func:`score_deals`).

    A pair's contest score is the sum over its deals of its score less the deal's average;
    the standings, recaps and travellers are the same whatever order the deals are given in.
    """
    travellers: list[Traveller] = []
    scores: list[PairDealScore] = []
    differences: list[tuple[int, int]] = []  # each score's difference as (numerator, denominator)
    for deal in sorted(deals, key=natural_key):
        scored = deals[deal]
        travellers.append(scored.traveller)
        scores.extend(scored.scores)
        differences.extend(scored.differences)

    sums = _sums_of(zip(scores, differences, strict=True))
    standings, ns_standings, ew_standings = _ranked(sums)
    return PairContest(
        standings=standings,
        ns_standings=ns_standings,
        ew_standings=ew_standings,
        # The scores come deal by deal in deal order, and a pair plays a deal once: a stable sort
        # by pair puts them in (pair, deal) order.
        scores=tuple(sorted(scores, key=lambda score: natural_key(score.pair))),
        travellers=tuple(travellers),
    )


def _score_deal(
    deal: str, rows: list[TableResult]
) -> tuple[Traveller, list[PairDealScore], list[tuple[int, int]]]:
    """A deal's traveller and pair scores, and each pair score's difference as whole numbers.

    Every difference on the deal is (score × tables − total) over the validly played tables:
    the contest adds these numerators, not Fractions, and makes each total a Fraction once.
    """
    valid = [row for row in rows if row.irregular is None]
    if not valid:
        raise ContestError(
            f"Deal {deal} has no validly played table, so its irregular table cannot be averaged "
            "and has no lowest or highest score to take (Law B (3); reading R-16)."
        )
    tables = len(valid)
    figures = {side: [_known(row.score(side)) for row in valid] for side in Side}
    totals = {side: sum(figures[side]) for side in Side}
    averages = {side: exact(totals[side], tables) for side in Side}
    lines = tuple(
        f"{side.label} average on deal {deal}: ({sum_text(figures[side])}) / {tables} = "
        f"{mixed_text(averages[side])}"
        for side in Side
    )

    traveller_rows: list[TravellerRow] = []
    scores: list[PairDealScore] = []
    differences: list[tuple[int, int]] = []
    sides = ((Side.NS, totals[Side.NS], averages[Side.NS]), (Side.EW, totals[Side.EW], averages[Side.EW]))
    for row in rows:
        points, how = _credited(row, figures, averages)
        credited: list[Fraction] = []
        difference: list[Fraction] = []
        for (side, total, average), value in zip(sides, points, strict=True):
            # the difference from the average, whole numbers over the tables: value × tables − total
            numerator = 0 if value is None else value * tables - total
            credited.append(average if value is None else exact(value, 1))
            difference.append(exact(numerator, tables))
            differences.append((numerator, tables))
            scores.append(
                PairDealScore(
                    deal=deal,
                    pair=row.ns if side is Side.NS else row.ew,
                    direction=side,
                    opponents=row.ew if side is Side.NS else row.ns,
                    score=credited[-1],
                    average=average,
                    difference=difference[-1],
                    irregular=row.irregular,
                    how=how,
                )
            )
        traveller_rows.append(
            TravellerRow(
                ns=row.ns,
                ew=row.ew,
                ns_score=credited[0],
                ew_score=credited[1],
                ns_difference=difference[0],
                ew_difference=difference[1],
                irregular=row.irregular,
                how=how,
            )
        )
    traveller = Traveller(
        deal=deal,
        rows=tuple(traveller_rows),
        ns_average=averages[Side.NS],
        ew_average=averages[Side.EW],
        valid_tables=tables,
        lines=lines,
    )
    return traveller, scores, differences


def _credited(
    row: TableResult, figures: dict[Side, list[int]], averages: dict[Side, Fraction]
) -> tuple[tuple[int | None, int | None], str]:
    """What N-S and E-W of ``row`` are credited (None: the direction's average), and how (Law B (3))."""
    if row.irregular is None:
        return (_known(row.ns_score), _known(row.ew_score)), ""
    if row.irregular is Irregular.AVERAGE:
        how = (
            f"Irregular hands (Law B (3)): the short player's adversary held the surplus, so each pair "
            f"takes the average of its direction: N-S {mixed_text(averages[Side.NS])}, "
            f"E-W {mixed_text(averages[Side.EW])}."
        )
        return (None, None), how
    if row.irregular is Irregular.WITHDRAWN:
        how = (
            "Not played: a pair withdrew. Each side is credited the average of its direction, as Law B (3) "
            f"gives a table that cannot play a deal (reading R-16): N-S {mixed_text(averages[Side.NS])}, "
            f"E-W {mixed_text(averages[Side.EW])}; neither gains nor loses on the deal."
        )
        return (None, None), how
    offender = Side.NS if row.irregular is Irregular.NS_OFFENDED else Side.EW
    lowest, highest = min(figures[offender]), max(figures[offender.other])
    how = (
        f"Irregular hands (Law B (3)): the partner of the short {offender.label} player held the surplus, so "
        f"{offender.label} take the lowest {offender.label} score on the deal, {mixed_text(lowest)}, "
        f"and {offender.other.label} the highest {offender.other.label} score, {mixed_text(highest)}."
    )
    return ((lowest, highest) if offender is Side.NS else (highest, lowest)), how


def _known(score: int | None) -> int:
    if score is None:  # pragma: no cover - only validly played rows reach here
        raise ContestError("A table without a score cannot be averaged (Law B (3)).")
    return score


def _sums_of(figures: Iterable[tuple[PairDealScore, tuple[int, int]]]) -> _Sums:
    """Each pair's differences added up in each direction, as whole numbers over a common denominator."""
    sums: _Sums = {}
    for score, (numerator, denominator) in figures:
        key = (score.pair, score.direction)
        total = sums.get(key)
        if total is None:
            sums[key] = [numerator, denominator, 1]
        else:
            _add(total, numerator, denominator, 1)
    return sums


def _ranked(sums: _Sums) -> tuple[tuple[Standing, ...], tuple[Standing, ...], tuple[Standing, ...]]:
    """The standings overall, over the deals played N-S and over those played E-W (compass scoring).

    A pair's overall sum is its two directions' sums added. A pair that played one direction
    only (every pair of a Mitchell) has the same total in both of its lists: its exact figure is
    made once for the two.
    """
    directions: dict[Side, dict[str, list[int]]] = {Side.NS: {}, Side.EW: {}}
    overall: dict[str, list[int]] = {}
    for (pair, side), total in sums.items():
        directions[side][pair] = total
        both = overall.get(pair)
        if both is None:
            overall[pair] = list(total)
        else:
            _add(both, *total)
    made: dict[tuple[int, int], _Figure] = {}
    return _rank(overall, made), _rank(directions[Side.NS], made), _rank(directions[Side.EW], made)


# A total's exact value, its lowest terms, its float for sorting (None beyond any float) and its
# rounded figure, by the whole numbers it was added up in.
_Figure = tuple[Fraction, tuple[int, int], float | None, int]


def _add(total: list[int], numerator: int, denominator: int, deals: int) -> None:
    """Add numerator / denominator to the sum ``total`` = [numerator, denominator, deals], exactly."""
    if total[1] != denominator:
        common = lcm(total[1], denominator)
        total[0] *= common // total[1]
        numerator *= common // denominator
        total[1] = common
    total[0] += numerator
    total[2] += deals


def _rank(sums: dict[str, list[int]], made: dict[tuple[int, int], _Figure]) -> tuple[Standing, ...]:
    """Rank pairs by exact contest score; equal fractions share a rank, the next is skipped.

    Each total is made a Fraction once, from its whole-number sum, and rounded from those whole
    numbers (``made`` keeps them for the next list). The pairs are sorted by each total's float
    first (a correctly rounded quotient keeps the exact order, or makes two totals equal); only
    when two different totals share a float, or one is beyond any float, are they sorted again
    by the exact values.
    """
    figures: dict[str, _Figure] = {}
    for pair, (numerator, denominator, _) in sums.items():
        figure = made.get((numerator, denominator))
        if figure is None:
            total = Fraction(numerator, denominator)
            try:
                place: float | None = -numerator / denominator
            except OverflowError:  # a total beyond any float
                place = None
            terms = (total.numerator, total.denominator)
            figure = made[numerator, denominator] = (total, terms, place, round_half_away_ratio(*terms))
        figures[pair] = figure
    exact_order = any(figure[2] is None for figure in figures.values())
    if not exact_order:
        order = sorted(figures, key=lambda pair: (figures[pair][2], natural_key(pair)))
        # Each total in lowest terms as whole numbers: compared as such, not through Fraction's equality.
        exact_order = any(
            figures[first][2] == figures[second][2] and figures[first][1] != figures[second][1]
            for first, second in pairwise(order)
        )
    if exact_order:
        order = sorted(figures, key=lambda pair: (*sort_key(-figures[pair][0]), natural_key(pair)))
    standings: list[Standing] = []
    rank = 0
    previous: tuple[int, int] | None = None
    for position, pair in enumerate(order, start=1):
        total, terms, _, rounded = figures[pair]
        if terms != previous:
            rank, previous = position, terms
        standings.append(Standing(pair, total, rounded, rank, sums[pair][2]))
    return tuple(standings)


def check_name(value: object, what: str) -> str:
    """A deal or pair id is a non-empty piece of text."""
    if not isinstance(value, str) or not value.strip():
        raise ContestError(f"{value!r} is not a {what}: a {what} is named by a non-empty text.")
    return value


@lru_cache(maxsize=65536)
def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort "2" before "10" and "A2" before "A10".

    The text is cut into runs of digits and runs of other characters (a run of digits is
    always between two others, empty at either end), each made once a name: sorting calls
    this once an item, so it keeps no regular expression and is remembered.
    """
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in _runs(text))


def _runs(text: str) -> list[str]:
    """``text`` in runs of decimal digits and of other characters, as ``re.split(r"(\\d+)", text)`` gives."""
    runs: list[str] = []
    for digits, run in groupby(text, str.isdecimal):
        if digits and not runs:
            runs.append("")
        runs.append("".join(run))
    if not runs or runs[-1][-1:].isdecimal():
        runs.append("")
    return runs


def signed_text(value: Fraction | int) -> str:
    """A contest figure with its sign: "+49 2/3", "-50", "0"."""
    return f"+{mixed_text(value)}" if value > 0 else mixed_text(value)


def sum_text(values: Iterable[int]) -> str:
    """ "120 + 40 - 30 + 70": the figures an average is taken over."""
    text = ""
    for value in values:
        if not text:
            text = str(value)
        else:
            text += f" - {-value}" if value < 0 else f" + {value}"
    return text
