"""A pairs session scored by IMPs: Butler against a datum, or cross-IMPs (spec §3.2, §3.3, §5.8, §7).

Each table's N-S score is compared only with the scores made on the same board in the same
field (a section scored on its own, or several sections as one field). Butler IMPs each
score against the board's datum (:func:`.imps.butler_datum`); cross-IMPs IMP it against
every other score (:func:`.imps.cross_imps`). The E-W pair at the table takes the negation:
IMPs are antisymmetric (Law 78B).

An artificial adjusted score (Law 12C2) takes no part in the comparison: Average-plus,
Average and Average-minus are +3, 0 and −3 IMPs (spec §3.3), times the number of
comparisons (n − 1, n the real scores on the board) when cross-IMPs are summed. The IMPs of
each award are an event setting: programs differ (Ruter gives 1.5 IMPs a comparison).

An assigned score that differs by side (Law 12C1(b)) or is weighted (Law 12C1(c)) takes no part
in the comparison either: each side's result is IMPed against the board's datum (Butler) or
against every real score (cross-IMPs), a weighted score share by share, and the shares' IMPs
weighted (DESIGN CHOICE, as matchpoints weight each result's matchpoints: spec §2.3). A fouled
board's versions are compared apart (Law 87B): give each version its own ``field``.

A pair's total is the sum of its IMPs, board by board, exact. When pairs play different
numbers of boards (a sit-out, a phantom), the total may be scaled by the boards in the
movement ÷ the boards the pair played (spec §5.8; the EBU's "factoring"). Ranks are
competition ranks on the exact total ("1224", spec §7), over the whole field or in each
direction for a two-winner Mitchell.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from ..shared.errors import ContestError
from ..shared.numbers import exact
from .adjusted import Award, Split, Weighted
from .imps import AWARD_IMPS, CrossTotal, DatumRounding, butler_datum, cross_imps, default_drop, imps
from .pairs import natural_key
from .ranking import Place, competition_ranks


@dataclass(frozen=True, slots=True)
class ImpTable:
    """One board played at one table: the pairs, and the N-S score or the two sides' awards.

    ``score_ns`` is N-S's score (negative when E-W scored); a table given an artificial
    adjusted score has ``adjusted`` (N-S's award, E-W's award) instead. ``field`` names the
    group the score is compared in: one section, or "" for a single field.
    """

    board: str
    ns: str
    ew: str
    score_ns: int | Fraction | None = None
    adjusted: tuple[Award, Award] | None = None
    field: str = ""
    assigned: Split | Weighted | None = None

    def __post_init__(self) -> None:
        for value, what in (
            (self.board, "board"),
            (self.ns, "pair"),
            (self.ew, "pair"),
            (self.field, "field"),
        ):
            if not isinstance(value, str) or (what != "field" and not value.strip()):
                raise ContestError(f"{value!r} is not a {what}: name it with text.")
        where = f"Board {self.board}, {self.ns} against {self.ew}"
        if self.ns == self.ew:
            raise ContestError(f"Pair {self.ns} cannot sit both N-S and E-W on board {self.board}.")
        if self.assigned is None and (self.score_ns is None) == (self.adjusted is None):
            raise ContestError(f"{where}: give the N-S score or the adjusted scores of both sides, not both.")
        if self.assigned is not None and (self.score_ns is not None or self.adjusted is not None):
            raise ContestError(f"{where}: an assigned score stands in place of the table's score (Law 12C1).")
        if self.assigned is not None and not isinstance(self.assigned, Split | Weighted):
            raise ContestError(
                f"{where}: {self.assigned!r} is not an assigned score by side or weighted (Law 12C1)."
            )
        if self.score_ns is not None and (
            isinstance(self.score_ns, bool) or not isinstance(self.score_ns, int | Fraction)
        ):
            raise ContestError(f"{where}: {self.score_ns!r} is not a score; a score is a number of points.")
        if self.adjusted is not None and (
            not isinstance(self.adjusted, tuple)
            or len(self.adjusted) != 2
            or not all(isinstance(award, Award) for award in self.adjusted)
        ):
            raise ContestError(
                f"{where}: an adjusted table gives an award to each side, as A+ and A- (Law 12C2)."
            )


@dataclass(frozen=True, slots=True)
class Butler:
    """Butler scoring's settings (spec §3.2): scores dropped at each end, and the datum's rounding.

    ``drop`` None drops one at each end when a board has more than four scores, else none.
    A board too short for the drop named keeps at least one score: its drop is lowered to
    (n − 1) // 2, so three scores give their median and two their mean (DESIGN CHOICE).
    """

    drop: int | None = None
    rounding: DatumRounding = DatumRounding.NEAREST10

    def __post_init__(self) -> None:
        if self.drop is not None and (
            isinstance(self.drop, bool) or not isinstance(self.drop, int) or self.drop < 0
        ):
            raise ContestError(
                f"{self.drop!r} is not a number of scores to drop: give a whole number, 0 or more "
                "(spec §3.2)."
            )
        if not isinstance(self.rounding, DatumRounding):
            raise ContestError(f"{self.rounding!r} is not a rounding of the Butler datum (spec §3.2).")

    def drop_for(self, count: int) -> int:
        """The scores dropped at each end of a board with ``count`` real scores."""
        if self.drop is None:
            return default_drop(count)
        return min(self.drop, (count - 1) // 2)


@dataclass(frozen=True, slots=True)
class Cross:
    """Cross-IMP scoring's settings (spec §3.3): each score's IMPs summed or averaged.

    With summed IMPs an award counts once per comparison. ``awards_against_tables`` false
    (the default, the command line's reading) counts n − 1 comparisons, n the real scores
    on the board; true counts one for every other table on the board, adjusted ones
    included, as Ruter does (its Average-plus beside 39 real scores is 39 × 1.5 IMPs).
    """

    total: CrossTotal = CrossTotal.SUM
    awards_against_tables: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.total, CrossTotal):
            raise ContestError(
                f"{self.total!r} is not a way to total cross-IMPs: use sum or average (spec §3.3)."
            )

    def award_factor(self, real: int, tables: int) -> int:
        """How many times a summed award counts on a board of ``real`` scores and ``tables`` tables."""
        if self.total is CrossTotal.AVERAGE:
            return 1
        return max((tables if self.awards_against_tables else real) - 1, 0)


Method = Butler | Cross


@dataclass(frozen=True, slots=True)
class ImpRow:
    """One table's IMPs on a board: N-S's, and E-W's (the negation, unless both were awarded)."""

    table: ImpTable
    imps_ns: Fraction
    imps_ew: Fraction


@dataclass(frozen=True, slots=True)
class ImpBoard:
    """One board in one field: its datum (Butler; None for cross-IMPs or no real score) and rows."""

    board: str
    field: str
    datum: int | Fraction | None
    rows: tuple[ImpRow, ...]


@dataclass(frozen=True, slots=True)
class ImpStanding:
    """One pair's line in the standings.

    ``played`` is the plain sum of its IMPs; ``imps`` the total it is ranked on (``played``
    scaled to the boards in the movement when asked, spec §5.8); ``boards`` the boards on
    which it has a row, adjusted ones included; ``direction`` "NS" or "EW" when it sat one
    way all session, else None.
    """

    pair: str
    imps: Fraction
    played: Fraction
    boards: int
    direction: str | None
    place: Place

    @property
    def rank(self) -> int:
        """The pair's competition rank: 1, 2, 2, 4 (spec §7)."""
        return self.place.first


@dataclass(frozen=True, slots=True)
class ImpSession:
    """A session scored by IMPs: every board's rows, and the standings in rank order."""

    method: Method
    boards: tuple[ImpBoard, ...]
    standings: tuple[ImpStanding, ...]

    def standing(self, pair: str) -> ImpStanding:
        """The line of one pair; a ContestError names a pair that did not play."""
        for line in self.standings:
            if line.pair == pair:
                return line
        raise ContestError(f"Pair {pair} has no result in this session.")


def imp_session(
    tables: Iterable[ImpTable],
    method: Method,
    *,
    award_imps: Mapping[Award, Fraction | int] = AWARD_IMPS,
    boards_in_movement: int | None = None,
    two_winner: bool = False,
) -> ImpSession:
    """Score a pairs session by Butler IMPs or cross-IMPs (spec §3.2, §3.3; Law 78B; Law 12C2).

    ``award_imps`` gives the IMPs of each adjusted award on one comparison (+3/0/−3).
    ``boards_in_movement`` scales every total by that number ÷ the boards the pair played
    (spec §5.8). ``two_winner`` ranks N-S and E-W pairs each on their own (a Mitchell);
    otherwise one ranking covers the field.
    """
    if not isinstance(method, Butler | Cross):
        raise ContestError(f"{method!r} is not an IMP scoring method: use Butler or cross-IMPs (spec §3).")
    awards = _award_table(award_imps)
    groups = _group(tables)
    boards = tuple(
        _score_board(board, field, rows, method, awards) for (field, board), rows in groups.items()
    )
    return ImpSession(method, boards, _standings(boards, boards_in_movement, two_winner))


def _award_table(award_imps: Mapping[Award, Fraction | int]) -> dict[Award, Fraction]:
    table: dict[Award, Fraction] = {}
    for award in Award:
        value = award_imps.get(award) if isinstance(award_imps, Mapping) else None
        if isinstance(value, bool) or not isinstance(value, int | Fraction):
            raise ContestError(
                f"The event gives no IMPs for {award.value}: name a number of IMPs for each award."
            )
        table[award] = Fraction(value)
    return table


def _group(tables: Iterable[ImpTable]) -> dict[tuple[str, str], list[ImpTable]]:
    groups: dict[tuple[str, str], list[ImpTable]] = {}
    seats: dict[tuple[str, str], ImpTable] = {}
    for table in tables:
        if not isinstance(table, ImpTable):
            raise ContestError(f"{table!r} is not a table's result on a board.")
        for pair in (table.ns, table.ew):
            earlier = seats.setdefault((table.board, pair), table)
            if earlier is not table:
                raise ContestError(
                    f"Pair {pair} has two results on board {table.board}: a pair plays each board once."
                )
        groups.setdefault((table.field, table.board), []).append(table)
    if not groups:
        raise ContestError("The session has no results to score.")
    return groups


def _score_board(
    board: str, field: str, tables: list[ImpTable], method: Method, awards: Mapping[Award, Fraction]
) -> ImpBoard:
    real = [table for table in tables if table.score_ns is not None]
    scores = [table.score_ns for table in real if table.score_ns is not None]
    datum: int | Fraction | None = None
    imps_of: dict[int, Fraction] = {}
    if isinstance(method, Butler):
        if scores:
            datum = butler_datum(scores, method.drop_for(len(scores)), method.rounding)
            imps_of = {
                id(table): exact(imps(score - datum), 1) for table, score in zip(real, scores, strict=True)
            }
        factor = 1
    else:
        imps_of = {
            id(table): value for table, value in zip(real, cross_imps(scores, method.total), strict=True)
        }
        factor = method.award_factor(len(scores), len(tables))
    rows = []
    for table in tables:
        if table.assigned is not None:
            ns_shares, ew_shares = _sides(table.assigned)
            ns = sum(
                (weight * _against(score, scores, datum, method) for weight, score in ns_shares), Fraction(0)
            )
            ew = sum(
                (weight * _against(score, scores, datum, method) for weight, score in ew_shares), Fraction(0)
            )
            rows.append(ImpRow(table, ns, -ew))
        elif table.adjusted is None:
            ns = imps_of[id(table)]
            rows.append(ImpRow(table, ns, -ns))
        else:
            ns_award, ew_award = table.adjusted
            rows.append(ImpRow(table, awards[ns_award] * factor, awards[ew_award] * factor))
    return ImpBoard(board, field, datum, tuple(rows))


def _sides(
    assigned: Split | Weighted,
) -> tuple[tuple[tuple[Fraction, int], ...], tuple[tuple[Fraction, int], ...]]:
    """Each side's shares of results, scores from N-S's side (Law 12C1(b), (c))."""
    if isinstance(assigned, Split):
        return ((Fraction(1), assigned.for_ns),), ((Fraction(1), assigned.for_ew),)
    return assigned.ns, assigned.ew


def _against(
    score: int, scores: list[int | Fraction], datum: int | Fraction | None, method: Method
) -> Fraction:
    """N-S's IMPs for ``score`` held against the board's real scores: against the datum (Butler), or
    against each of them, added or averaged (cross-IMPs); 0 when the board has none (Law 78B)."""
    if isinstance(method, Butler):
        return Fraction(imps(score - datum)) if datum is not None else Fraction(0)
    summed = sum(imps(score - other) for other in scores)
    if method.total is CrossTotal.AVERAGE and scores:
        return Fraction(summed, len(scores))
    return Fraction(summed)


def _add(total: list[int], value: Fraction) -> None:
    """Add ``value`` to a [numerator, denominator] total, kept over a common denominator."""
    numerator, denominator = value.numerator, value.denominator
    if denominator != total[1]:
        common = lcm(total[1], denominator)
        total[0] *= common // total[1]
        numerator *= common // denominator
        total[1] = common
    total[0] += numerator


def _standings(
    boards: tuple[ImpBoard, ...], boards_in_movement: int | None, two_winner: bool
) -> tuple[ImpStanding, ...]:
    if boards_in_movement is not None and (
        isinstance(boards_in_movement, bool)
        or not isinstance(boards_in_movement, int)
        or boards_in_movement < 1
    ):
        raise ContestError(
            f"{boards_in_movement!r} is not a number of boards in the movement: "
            "give a whole number, 1 or more."
        )
    sums: dict[str, list[int]] = {}  # pair: [numerator, denominator] of its IMPs, whole numbers
    counts: dict[str, int] = {}
    directions: dict[str, set[str]] = {}
    for board in boards:
        for row in board.rows:
            for pair, value, direction in (
                (row.table.ns, row.imps_ns, "NS"),
                (row.table.ew, row.imps_ew, "EW"),
            ):
                _add(sums.setdefault(pair, [0, 1]), value)
                counts[pair] = counts.get(pair, 0) + 1
                directions.setdefault(pair, set()).add(direction)
    played = {pair: Fraction(numerator, denominator) for pair, (numerator, denominator) in sums.items()}
    totals: dict[str, Fraction] = {}
    for pair, value in played.items():
        if boards_in_movement is None:
            totals[pair] = value
        elif counts[pair] > boards_in_movement:
            raise ContestError(
                f"Pair {pair} played {counts[pair]} boards, more than the {boards_in_movement} "
                "of the movement its total is scaled to (spec §5.8)."
            )
        else:
            totals[pair] = value * boards_in_movement / counts[pair]
    direction_of = {pair: next(iter(seen)) if len(seen) == 1 else None for pair, seen in directions.items()}
    places: dict[str, Place] = {}
    if two_winner:
        for direction in ("NS", "EW"):
            places.update(
                competition_ranks(
                    {pair: total for pair, total in totals.items() if direction_of[pair] == direction}
                )
            )
        mixed = sorted(pair for pair, direction in direction_of.items() if direction is None)
        if mixed:
            raise ContestError(
                f"Pair {mixed[0]} sat both N-S and E-W, so it belongs to neither list of a two-winner event."
            )
    else:
        places = competition_ranks(totals)
    lines = [
        ImpStanding(pair, totals[pair], played[pair], counts[pair], direction_of[pair], places[pair])
        for pair in totals
    ]
    lines.sort(
        key=lambda line: (
            line.direction or "" if two_winner else "",
            line.place.first,
            natural_key(line.pair),
        )
    )
    return tuple(lines)
