"""A team match deal by deal and its result (Law G; readings R-5 to R-7), and the pair x deal matrix."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.contests.pairs import natural_key
from scoring.contests.teams import win_text
from scoring.shared.numbers import mixed_text

from .. import games
from ..scores.types import SectionScores
from .common import _declarer, _names, _pair_pk, _tricks, contract_text, played_boards


@dataclass(frozen=True, slots=True)
class MatchTable:
    """One table's result on one deal of a match: each pair's gross and its team."""

    table: int
    round: int
    result_pk: int | None
    contract: str
    declarer: str
    tricks: int | None
    ns: str
    ns_team: str
    ns_points: int
    ew: str
    ew_team: str
    ew_points: int


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One deal of a match: every table, each team's gross and the swing (Law G; reading R-6)."""

    deal: int
    tables: tuple[MatchTable, ...]
    first_points: int
    second_points: int
    swing: int
    running_swing: int


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A team's total: its gross, the average added for an odd pair, the total and the exact figure."""

    name: str
    gross: int
    odd_direction: str
    average: Fraction | None
    average_rounded: int | None
    total: int
    exact: Fraction


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The match result (Law G): both totals, the winner, and whether a fraction decided it."""

    first: TeamLine
    second: TeamLine
    winner: str | None
    margin: Fraction
    by_fraction: bool
    unit: str
    lines: tuple[str, ...]
    deals_played: int = 0  # deals played at every table
    deals_in_match: int = 0
    closed: bool = False  # the director closed the match (the event)

    @property
    def declared(self) -> bool:
        """The result stands once every deal is played at every table, or the director closes the match."""
        return self.closed or self.deals_played >= self.deals_in_match

    @property
    def text(self) -> str:
        """ "The Royals win by 120", "Lilies win by the fraction of a point (1/3)", "The match is drawn";
        while deals are missing, "In play, after 3 of 12 boards: the Royals lead by 120 points."."""
        so_far = f"after {self.deals_played} of {self.deals_in_match} boards"
        if not self.declared:
            if self.winner is None:
                return f"In play, {so_far}: the teams are level."
            return f"In play, {so_far}: {self.winner} lead by {mixed_text(self.margin)} {self.unit}."
        if self.winner is None:
            verdict = "The match is drawn (Law G)."
        else:
            verdict = win_text(self.winner, self.margin, by_fraction=self.by_fraction, unit=self.unit)
        if self.deals_played < self.deals_in_match:
            verdict += f" The director closed the match {so_far}."
        return verdict


def match_rows(sheet: SectionScores) -> list[MatchRow]:
    """Per deal of a team match: both tables, each team's gross and the swing (Law G)."""
    game = games.of(sheet.event)
    match = game.team_match(sheet)
    if match is None:
        return []
    declares = game.declares
    played = {(str(s.result.board.number), s.result.ns.label): s for s in sheet.results}
    running = 0
    rows = []
    for deal in match.deals:
        tables = []
        for line in deal.tables:
            scored = played.get((deal.deal, line.ns))
            r = scored.result if scored else None
            tables.append(
                MatchTable(
                    table=r.seating.table.number if r else 0,
                    round=r.seating.round if r else 0,
                    result_pk=r.pk if r else None,
                    contract=contract_text(r, declares=declares) if r else "",
                    declarer=_declarer(scored, declares) if scored else "",
                    tricks=_tricks(scored, declares) if scored else None,
                    ns=line.ns,
                    ns_team=line.ns_team,
                    ns_points=line.ns_points,
                    ew=line.ew,
                    ew_team=line.ew_team,
                    ew_points=line.ew_points,
                )
            )
        running += deal.swing
        tables.sort(key=lambda t: t.table)
        rows.append(
            MatchRow(
                int(deal.deal), tuple(tables), deal.first_points, deal.second_points, deal.swing, running
            )
        )
    rows.sort(key=lambda row: row.deal)
    return rows


def match_summary(sheet: SectionScores) -> MatchSummary | None:
    """Each team's total, the odd-pair average when it applies, and the winner (Law G; R-5 to R-7)."""
    match = games.of(sheet.event).team_match(sheet)
    if match is None:
        return None
    first, second = (
        TeamLine(
            t.team,
            t.gross,
            t.odd_direction.label if t.odd_direction else "",
            t.average,
            t.average_rounded,
            t.total,
            t.exact,
        )
        for t in (match.first, match.second)
    )
    return MatchSummary(
        first,
        second,
        match.winner,
        match.margin,
        match.by_fraction,
        match.unit,
        match.lines,
        len(match.deals),
        len(sheet.boards),
        sheet.event.is_locked,
    )


# --- the pair x deal matrix ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatrixRow:
    """A pair's figure on every deal: its ± in a pair contest, its gross in a team match."""

    pair: str
    pair_pk: int | None
    names: str
    cells: tuple[tuple[int, Fraction | None], ...]  # (deal, figure), None where the pair did not play it
    total: Fraction


def matrix_deals(sheet: SectionScores) -> list[int]:
    """The deal numbers that have a result, in order: the matrix's columns."""
    return played_boards(sheet)


def matrix_rows(sheet: SectionScores) -> list[MatrixRow]:
    """Pair x deal: each pair's ± on each deal (Law H), or its gross in a team match (Law G)."""
    game = games.of(sheet.event)
    contest, match = game.pair_contest(sheet), game.team_match(sheet)
    figures: dict[str, dict[int, Fraction | None]] = {}
    if contest is not None:
        for score in contest.scores:
            figures.setdefault(score.pair, {})[int(score.deal)] = score.difference
    elif match is not None:
        for row in match_rows(sheet):
            for table in row.tables:
                figures.setdefault(table.ns, {})[row.deal] = Fraction(table.ns_points)
                figures.setdefault(table.ew, {})[row.deal] = Fraction(table.ew_points)
    return figure_matrix(sheet, matrix_deals(sheet), figures)


def figure_matrix(
    sheet: SectionScores, deals: list[int], figures: dict[str, dict[int, Fraction | None]]
) -> list[MatrixRow]:
    """The matrix of ``figures`` (pair, then deal): a row a pair in natural order, a cell a deal
    (None where the pair has no figure on it) and the total of its cells. Every game's matrix."""
    rows = []
    for label in sorted(figures, key=natural_key):
        cells = tuple((deal, figures[label].get(deal)) for deal in deals)
        total = sum((figure for _, figure in cells if figure is not None), Fraction(0))
        rows.append(MatrixRow(label, _pair_pk(sheet, label), _names(sheet, label), cells, total))
    return rows
