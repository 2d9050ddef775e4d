"""A pairs session scored by matchpoints: each pair's total, top, percentage and place.

Spec: specs/modern-duplicate-scoring.md §2.1 and §7.

* Every board is matchpointed as :func:`.matchpoints.score_board` says, board by board and,
  when sections are scored apart, field by field; otherwise all sections are one field.
* A pair's total is the sum of its matchpoints; its top the sum of the tops of the boards it
  played (artificial and assigned boards included); its percentage 100 · total ÷ top. A pair
  may sit North-South on some boards and East-West on others (a Howell).
* Places are competition ranks ("1224") on the exact percentage, in one list or, for a
  two-winner event, one for each direction (USEBIO WINNER_TYPE 2), in each field when
  sections are scored apart. Tie-breaks beyond that belong to the conditions (Law 78D).
* Neuberg's expected number of results on a board is ``expected[board]``, or else the most
  results on any board of the field, counting tables given artificial scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from ..shared.errors import ContestError, quoted
from ..shared.seats import Side
from .matchpoints import (
    DEFAULT_OPTIONS,
    BoardLine,
    MatchpointOptions,
    ScoredBoard,
    TableResult,
    Winners,
    board_key,
    scored_board,
)
from .plain_matchpoints import board_order
from .ranking import Place, competition_ranks

__all__ = ["MatchpointSession", "PairScore", "ScoredSession", "score_session", "scored_session"]


@dataclass(frozen=True, slots=True)
class PairScore:
    """A pair's line in the standings.

    ``mp`` is the sum of the pair's board matchpoints, ``top`` the most it could have won on
    the boards it played, ``percent`` 100·mp/top. ``total`` is ``mp``, or ``mp`` scaled to the
    most boards any pair of its list played when the event scales sit-outs. ``direction`` is
    the side the pair played in a two-winner event, None in a one-winner event.
    """

    pair: str
    field: str
    direction: Side | None
    mp: Fraction
    top: Fraction
    boards: int
    percent: Fraction
    total: Fraction
    place: Place


@dataclass(frozen=True, slots=True)
class MatchpointSession:
    """The scored session: standings in list order, and every board's lines with matchpoints."""

    pairs: tuple[PairScore, ...]
    boards: Mapping[str, tuple[BoardLine, ...]]

    def standings(self, direction: Side | None = None, field: str | None = None) -> tuple[PairScore, ...]:
        """One list of the standings: a direction's in a two-winner event, a field's when apart."""
        return tuple(
            score
            for score in self.pairs
            if (direction is None or score.direction is direction) and (field is None or score.field == field)
        )

    def pair(self, pair: str) -> PairScore:
        """The standings line of ``pair``."""
        for score in self.pairs:
            if score.pair == pair:
                return score
        raise ContestError(f"Pair {quoted(pair)} played no board in this session.")


@dataclass(frozen=True, slots=True)
class ScoredSession:
    """A session scored in whole numbers: the standings, and each board's figures over its denominator.

    What :func:`score_session` returns, before each traveller line is made with its
    Fractions: a program that writes the figures out (the command line) reads them here.
    ``boards`` lists each board's fields in the order of the results.
    """

    pairs: tuple[PairScore, ...]
    boards: Mapping[str, tuple[ScoredBoard, ...]]

    def session(self) -> MatchpointSession:
        """The session with every board's traveller lines."""
        return MatchpointSession(
            pairs=self.pairs,
            boards={
                board: tuple(line for field in fields for line in field.lines())
                for board, fields in self.boards.items()
            },
        )


def score_session(
    results: Sequence[TableResult],
    options: MatchpointOptions = DEFAULT_OPTIONS,
    expected: Mapping[str | int, int] | None = None,
) -> MatchpointSession:
    """Score a pairs session by matchpoints (Law 78A; spec §2 and §7)."""
    return scored_session(results, options, expected).session()


def scored_session(
    results: Sequence[TableResult],
    options: MatchpointOptions = DEFAULT_OPTIONS,
    expected: Mapping[str | int, int] | None = None,
) -> ScoredSession:
    """:func:`score_session` in whole numbers over each board's denominator (Law 78A; spec §2 and §7)."""
    if not isinstance(options, MatchpointOptions):
        raise ContestError("The matchpoint settings are a MatchpointOptions.")
    if not results:
        raise ContestError("A session with no results has nothing to score.")
    wanted = _expected(expected)
    groups: dict[tuple[str, str], list[TableResult]] = {}
    pair_field: dict[str, str] = {}
    apart = options.fields_apart
    for result in results:
        if type(result) is not TableResult and not isinstance(result, TableResult):
            raise ContestError(f"{quoted(result)} is not a table's result.")
        field = result.field
        if (
            pair_field.setdefault(result.ns, field) != field
            or pair_field.setdefault(result.ew, field) != field
        ):
            for pair in (result.ns, result.ew):
                known = pair_field[pair]
                if known != field:
                    raise ContestError(
                        f"Pair {pair} played in field {quoted(known)} and in field {quoted(field)}: "
                        "a pair belongs to one section."
                    )
        groups.setdefault((field if apart else "", result.board), []).append(result)
    most: dict[str, int] = {}
    for (field, _), group in groups.items():
        most[field] = max(most.get(field, 0), len(group))
    boards: dict[str, list[ScoredBoard]] = {}
    tallies: dict[str, _Tally] = {}
    for (field, board), group in groups.items():
        scored = scored_board(group, options, wanted.get(board, most[field]))
        boards.setdefault(board, []).append(scored)
        _tally(scored, tallies, pair_field)
    return ScoredSession(
        pairs=_standings(tallies, pair_field, options),
        boards={
            board: tuple(fields)
            for board, fields in sorted(boards.items(), key=lambda item: board_order(item[0]))
        },
    )


def _expected(expected: Mapping[str | int, int] | None) -> dict[str, int]:
    if expected is None:
        return {}
    if not isinstance(expected, Mapping):
        raise ContestError('"expected" gives each board\'s number of results: an object of board to number.')
    wanted: dict[str, int] = {}
    for board, count in expected.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ContestError(f"{quoted(count)} is not a number of results expected on board {board}.")
        wanted[board_key(board)] = count
    return wanted


_NS, _EW = 1, 2  # the sides a pair sat, as bits


@dataclass(slots=True)
class _Tally:
    """A pair's running totals, exact: its matchpoints and top as whole numbers over one denominator."""

    field: str
    denominator: int
    mp: int = 0
    top: int = 0
    boards: int = 0
    sides: int = 0

    def rescale(self, denominator: int) -> int:
        """Carry the totals over to a denominator ``denominator`` divides; the factor for its figures."""
        common = lcm(self.denominator, denominator)
        self.mp *= common // self.denominator
        self.top *= common // self.denominator
        self.denominator = common
        return common // denominator


def _tally(scored: ScoredBoard, tallies: dict[str, _Tally], pair_field: Mapping[str, str]) -> None:
    """Add a board's matchpoints and top to each pair's totals: whole numbers, no Fraction a line."""
    denominator, top = scored.denominator, scored.top
    for result, ns, ew in zip(scored.results, scored.ns, scored.ew, strict=True):
        _add(tallies, pair_field, result.ns, ns, top, denominator, _NS)
        _add(tallies, pair_field, result.ew, ew, top, denominator, _EW)


def _add(
    tallies: dict[str, _Tally],
    pair_field: Mapping[str, str],
    pair: str,
    mp: int,
    top: int,
    denominator: int,
    side: int,
) -> None:
    tally = tallies.get(pair)
    if tally is None:
        tally = tallies[pair] = _Tally(pair_field[pair], denominator)
    if tally.denominator != denominator:
        factor = tally.rescale(denominator)
        mp, top = mp * factor, top * factor
    tally.mp += mp
    tally.top += top
    tally.boards += 1
    tally.sides |= side


def _standings(
    tallies: Mapping[str, _Tally], pair_field: Mapping[str, str], options: MatchpointOptions
) -> tuple[PairScore, ...]:
    order = {pair: index for index, pair in enumerate(pair_field)}
    lists: dict[tuple[str, Side | None], list[str]] = {}
    for pair in sorted(tallies, key=order.__getitem__):
        tally = tallies[pair]
        direction = _direction(pair, tally.sides) if options.winners is Winners.TWO else None
        field = tally.field if options.fields_apart else ""
        lists.setdefault((field, direction), []).append(pair)
    fields = list(dict.fromkeys(field for field, _ in lists))
    standings: list[PairScore] = []
    for key in sorted(lists, key=lambda key: (fields.index(key[0]), key[1] is Side.EW)):
        standings.extend(_ranked(lists[key], key[1], tallies, order, options))
    return tuple(standings)


def _ranked(
    members: list[str],
    direction: Side | None,
    tallies: Mapping[str, _Tally],
    order: Mapping[str, int],
    options: MatchpointOptions,
) -> list[PairScore]:
    sums = {pair: _sums(tallies[pair]) for pair in members}
    percents = {pair: _percent(*sums[pair]) for pair in members}
    places = competition_ranks(percents)
    most = max(tallies[pair].boards for pair in members)
    scored = []
    for pair in members:
        tally = tallies[pair]
        mp, top = sums[pair]
        total = mp * most / tally.boards if options.scale_sit_outs else mp
        scored.append(
            PairScore(
                pair=pair,
                field=tally.field,
                direction=direction,
                mp=mp,
                top=top,
                boards=tally.boards,
                percent=percents[pair],
                total=total,
                place=places[pair],
            )
        )
    scored.sort(key=lambda score: (score.place.first, order[score.pair]))
    return scored


def _sums(tally: _Tally) -> tuple[Fraction, Fraction]:
    """The pair's matchpoints and top, made Fractions once, at the end."""
    return Fraction(tally.mp, tally.denominator), Fraction(tally.top, tally.denominator)


def _percent(mp: Fraction, top: Fraction) -> Fraction:
    """100 · matchpoints ÷ top; a pair whose boards had nothing to compare stands at 50 %."""
    return 100 * mp / top if top else Fraction(50)


def _direction(pair: str, sides: int) -> Side:
    if sides == _NS | _EW:
        raise ContestError(
            f"Pair {pair} sat North-South on some boards and East-West on others, so it has no one "
            "direction's list to be ranked in: score the session with one winner."
        )
    return Side.NS if sides == _NS else Side.EW
