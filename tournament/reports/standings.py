"""The standings of a pair contest (Law H), overall and per direction, and the deals still waiting."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from scoring.contests.pairs import Standing
from scoring.shared.seats import Side

from .. import games
from ..scores.types import SectionScores
from .common import _names, _pair_pk, exact_text


@dataclass(slots=True)
class StandingRow:
    """A pair's place in the standings: the exact contest score and the rounded figure shown.

    Made afresh for each page from the engine's standings and never changed: not frozen only
    because a frozen dataclass is made five times slower, and a page makes one for each pair
    in each of its lists (480 on a 120-table night)."""

    rank: int
    tied: bool
    pair: str
    pair_pk: int | None
    names: str
    score: Fraction
    rounded: int
    exact: str
    deals: int

    @property
    def rank_text(self) -> str:
        """ "2=" when the pair shares its rank, "2" otherwise."""
        return f"{self.rank}=" if self.tied else str(self.rank)


def standings_rows(sheet: SectionScores, direction: Side | None = None) -> list[StandingRow]:
    """The pair contest's standings (Law H): overall, or one direction's (Foster's compass scoring).

    Ranks come from the engine: equal exact scores share a rank and the next rank is skipped.
    Empty for a team match or before any result is in.
    """
    contest = games.of(sheet.event).pair_contest(sheet)
    if contest is None:
        return []
    standings = contest.standings if direction is None else contest.direction_standings(direction)
    return _rows(sheet, standings, {})


def standings_tables(sheet: SectionScores) -> list[tuple[Side | None, list[StandingRow]]]:
    """The overall standings and each direction's, as ``standings_rows`` gives them, made together.

    A pair stands in the overall list and in its direction's: its number, names and exact
    figure are worked out once for both. Empty for a team match or before any result is in.
    """
    contest = games.of(sheet.event).pair_contest(sheet)
    if contest is None:
        return []
    known: dict[str, _Pair] = {}
    lists: list[tuple[Side | None, tuple[Standing, ...]]] = [(None, contest.standings)] + [
        (side, contest.direction_standings(side)) for side in (Side.NS, Side.EW)
    ]
    return [(side, _rows(sheet, standings, known)) for side, standings in lists]


# A pair's number and names, and the exact text of the score it was last seen with.
_Pair = tuple[int | None, str, Fraction, str]


def _rows(
    sheet: SectionScores, standings: tuple[Standing, ...], known: dict[str, _Pair]
) -> list[StandingRow]:
    """The rows of ``standings``; ``known`` keeps what one list found for the next."""
    ranks = Counter(s.rank for s in standings)
    rows = []
    for s in standings:
        pair = known.get(s.pair)
        if pair is None or (pair[2] is not s.score and pair[2] != s.score):
            pk, names = (pair[0], pair[1]) if pair else (_pair_pk(sheet, s.pair), _names(sheet, s.pair))
            pair = known[s.pair] = (pk, names, s.score, exact_text(s.score))
        pk, names, _, exact = pair
        tied = ranks[s.rank] > 1
        rows.append(StandingRow(s.rank, tied, s.pair, pk, names, s.score, s.rounded, exact, s.deals))
    return rows


def waiting_rows(sheet: SectionScores) -> list[str]:
    """The deals waiting for the director: the engine's problems and the results the opponents disputed."""
    disputed = [
        f"Board {r.board.number}, table {r.seating.table.number}, round {r.seating.round}: "
        "disputed by the opponents; the director will rule."
        for r in [s.result for s in sheet.disputed()]
    ]
    return [*sheet.problems, *disputed]
