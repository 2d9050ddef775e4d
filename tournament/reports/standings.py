"""The standings of a pair contest (Law H), overall and per direction, and the deals still waiting."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from scoring.shared.seats import Side

from ..models import Result
from ..services.standings import SectionScores
from .common import _names, _pair_pk, exact_text


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A pair's place in the standings: the exact contest score and the rounded figure shown."""

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
    if sheet.contest is None:
        return []
    contest = sheet.contest
    standings = contest.standings if direction is None else contest.direction_standings(direction)
    ranks = Counter(s.rank for s in standings)
    return [
        StandingRow(
            rank=s.rank,
            tied=ranks[s.rank] > 1,
            pair=s.pair,
            pair_pk=_pair_pk(sheet, s.pair),
            names=_names(sheet, s.pair),
            score=s.score,
            rounded=s.rounded,
            exact=exact_text(s.score),
            deals=s.deals,
        )
        for s in standings
    ]


def waiting_rows(sheet: SectionScores) -> list[str]:
    """The deals waiting for the director: the engine's problems and the results the opponents disputed."""
    disputed = [
        f"Board {r.board.number}, table {r.seating.table.number}, round {r.seating.round}: "
        "disputed by the opponents; the director will rule."
        for r in (s.result for s in sheet.results)
        if r.status == Result.Status.DISPUTED
    ]
    return [*sheet.problems, *disputed]
