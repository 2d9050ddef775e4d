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

from ..shared.errors import ContestError, quoted
from ..shared.seats import Side
from .matchpoints import (
    DEFAULT_OPTIONS,
    BoardLine,
    MatchpointOptions,
    TableResult,
    Winners,
    board_key,
    score_board,
)
from .ranking import Place, competition_ranks

__all__ = ["MatchpointSession", "PairScore", "score_session"]


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


def score_session(
    results: Sequence[TableResult],
    options: MatchpointOptions = DEFAULT_OPTIONS,
    expected: Mapping[str | int, int] | None = None,
) -> MatchpointSession:
    """Score a pairs session by matchpoints (Law 78A; spec §2 and §7)."""
    if not isinstance(options, MatchpointOptions):
        raise ContestError("The matchpoint settings are a MatchpointOptions.")
    if not results:
        raise ContestError("A session with no results has nothing to score.")
    wanted = _expected(expected)
    groups: dict[tuple[str, str], list[TableResult]] = {}
    pair_field: dict[str, str] = {}
    for result in results:
        if not isinstance(result, TableResult):
            raise ContestError(f"{quoted(result)} is not a table's result.")
        for pair in (result.ns, result.ew):
            known = pair_field.setdefault(pair, result.field)
            if known != result.field:
                raise ContestError(
                    f"Pair {pair} played in field {quoted(known)} and in field {quoted(result.field)}: "
                    "a pair belongs to one section."
                )
        field = result.field if options.fields_apart else ""
        groups.setdefault((field, result.board), []).append(result)
    most: dict[str, int] = {}
    for (field, _), group in groups.items():
        most[field] = max(most.get(field, 0), len(group))
    boards: dict[str, list[BoardLine]] = {}
    for (field, board), group in groups.items():
        lines = score_board(group, options, wanted.get(board, most[field]))
        boards.setdefault(board, []).extend(lines)
    return MatchpointSession(
        pairs=_standings(boards, pair_field, options),
        boards={
            board: tuple(lines) for board, lines in sorted(boards.items(), key=lambda item: _order(item[0]))
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


def _order(board: str) -> tuple[int, int, str]:
    return (0, int(board), "") if board.isascii() and board.isdigit() else (1, 0, board)


@dataclass(slots=True)
class _Tally:
    field: str
    mp: Fraction
    top: Fraction
    boards: int
    sides: set[Side]


def _standings(
    boards: Mapping[str, list[BoardLine]], pair_field: Mapping[str, str], options: MatchpointOptions
) -> tuple[PairScore, ...]:
    tallies: dict[str, _Tally] = {}
    for lines in boards.values():
        for line in lines:
            for pair, side, mp in ((line.ns, Side.NS, line.mp_ns), (line.ew, Side.EW, line.mp_ew)):
                tally = tallies.get(pair)
                if tally is None:
                    tally = tallies[pair] = _Tally(pair_field[pair], Fraction(0), Fraction(0), 0, set())
                tally.mp += mp
                tally.top += line.top
                tally.boards += 1
                tally.sides.add(side)
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
    percents = {pair: _percent(tallies[pair]) for pair in members}
    places = competition_ranks(percents)
    most = max(tallies[pair].boards for pair in members)
    scored = []
    for pair in members:
        tally = tallies[pair]
        total = tally.mp * most / tally.boards if options.scale_sit_outs else tally.mp
        scored.append(
            PairScore(
                pair=pair,
                field=tally.field,
                direction=direction,
                mp=tally.mp,
                top=tally.top,
                boards=tally.boards,
                percent=percents[pair],
                total=total,
                place=places[pair],
            )
        )
    scored.sort(key=lambda score: (score.place.first, order[score.pair]))
    return scored


def _percent(tally: _Tally) -> Fraction:
    """100 · matchpoints ÷ top; a pair whose boards had nothing to compare stands at 50 %."""
    return 100 * tally.mp / tally.top if tally.top else Fraction(50)


def _direction(pair: str, sides: set[Side]) -> Side:
    if len(sides) > 1:
        raise ContestError(
            f"Pair {pair} sat North-South on some boards and East-West on others, so it has no one "
            "direction's list to be ranked in: score the session with one winner."
        )
    return next(iter(sides))
