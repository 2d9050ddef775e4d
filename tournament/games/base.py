"""What every game answers for a night: one small interface, the auction's answers by default."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from openpyxl import Workbook
    from reportlab.platypus import Flowable

    from scoring.contests.pairs import PairContest
    from scoring.contests.teams import TeamMatch

    from ..models import Board, Event, Pair
    from ..pdf.base import PdfRenderer
    from ..pdf.match import MatchPdf
    from ..pdf.recaps import RecapsPdf
    from ..pdf.standings import StandingsPdf
    from ..pdf.travellers import TravellersPdf
    from ..scores.standings import SectionScores


class Game:
    """A game's answers to what the night asks of it.

    Each game is one instance of a subclass; the attributes and methods here are the whole
    interface, and the defaults are Foster's Duplicate Auction's."""

    key = "auction"
    # What a side scores at the table, in the words of the recap sheets and workbooks.
    unit = "points"
    # The law under which the opponents agree a board's result before the cards go back.
    agreement_law = "Law D"

    # Tables: the columns each game shows
    # The traveller's and the recap's columns a team match leaves out: it has no averages (Law G).
    traveller_team_hidden: tuple[str, ...] = ("ns_average", "ns_difference", "ew_average", "ew_difference")
    recap_team_hidden: tuple[str, ...] = ("average", "difference")

    def traveller_hidden(self, teams: bool) -> tuple[str, ...]:
        """The columns of ``tables.TravellerTable`` this game's traveller leaves out."""
        return self.traveller_team_hidden if teams else ()

    def recap_hidden(self, teams: bool, rows: Sequence[Any]) -> tuple[str, ...]:
        """The columns of ``tables.RecapTable`` this game's recap of ``rows`` leaves out."""
        # "Scored" differs from the net only where Law B (3) credited a figure the table did not make.
        credited = any(row.net is None and row.score is not None for row in rows)
        return (() if credited else ("score",)) + (self.recap_team_hidden if teams else ())

    def __repr__(self) -> str:
        return f"<game {self.key}>"

    # Outputs: the rows, workbook sheets and PDF stories of reports/, exports/ and pdf/.
    # The rows, sheets and stories of a pair contest (Law H) and a team match (Law G) are
    # the defaults, written once in those packages (a story is its renderer's own method);
    # contract bridge has its own in games/contract. The imports are made when asked: those
    # packages ask games.of(event) in turn.

    # A side declares a contract, played by the declarer (whist: the trump suit is turned up).
    declares = True
    # Royal spades are a declaration of their own: double-dummy tricks are printed "royals as spades".
    royals = True
    # A ruling changes a score by an adjusted score (Law 12C), not by points to a side (Laws B-F).
    adjusted_scores = False
    # Its clubs score rubbers on pads: the score pads document exists for its nights.
    rubber_pads = True

    def pair_contest(self, sheet: SectionScores) -> PairContest | None:
        """The section's pair contest scored by the engine (Law H), None in a team match."""
        return sheet.contest

    def team_match(self, sheet: SectionScores) -> TeamMatch | None:
        """The section's team match scored by the engine (Law G), None in a pair contest."""
        return sheet.match

    def standings_rows(self, sheet: SectionScores) -> Sequence[Any]:
        """The section's overall standings, one row a pair, in rank order."""
        from ..reports.standings import standings_rows

        return standings_rows(sheet)

    def traveller_rows(self, sheet: SectionScores, board: int) -> Sequence[Any]:
        """Every table's result on ``board``, in round and table order."""
        from ..reports.travellers import traveller_rows

        return traveller_rows(sheet, board)

    def recap_rows(self, sheet: SectionScores, pair_label: str) -> Sequence[Any]:
        """A pair's deals in the order played, with its figure on each and the running total."""
        from ..reports.recaps import recap_rows

        return recap_rows(sheet, pair_label)

    def match_rows(self, sheet: SectionScores) -> Sequence[Any]:
        """A team match deal by deal, with the running figure."""
        from ..reports.matches import match_rows

        return match_rows(sheet)

    def explanation(self, sheet: SectionScores, result_pk: int) -> Any:
        """Everything that made one result's figures, None when it is not in this section."""
        from ..reports.recaps import explanation

        return explanation(sheet, result_pk)

    def workbook_sheets(self, book: Workbook, sheet: SectionScores) -> None:
        """Write a section's sheets of the standings workbook: standings, match, matrix, travellers."""
        from ..exports.xlsx import section_sheets

        section_sheets(book, sheet)

    def csv_header(self, event: Event) -> list[str]:
        """The standings CSV's columns (without the section's)."""
        from ..exports.csv import PAIR_HEADER, TEAM_HEADER

        return TEAM_HEADER if event.is_teams else PAIR_HEADER

    def csv_lines(self, sheet: SectionScores) -> list[list[str]]:
        """A section's lines of the standings CSV, under ``csv_header``."""
        from ..exports.csv import pair_lines, team_lines

        return team_lines(sheet) if sheet.event.is_teams else pair_lines(sheet)

    def standings_story(self, pdf: StandingsPdf, sheet: SectionScores) -> list[Flowable]:
        """A section's standings on paper: per direction and overall, or the team totals."""
        return pdf.match(sheet) if pdf.event.is_teams else pdf.contest(sheet)

    def recap_story(
        self, pdf: RecapsPdf, sheet: SectionScores, pair: Pair, standings: dict[str, list[Any]]
    ) -> list[Flowable]:
        """A pair's recap sheet under its title: places, deals, notes, a chart (``standings``: the places)."""
        return pdf.deals_recap(sheet, pair, standings)

    def traveller_story(self, pdf: TravellersPdf, sheet: SectionScores) -> list[Flowable]:
        """A section's travellers: one block a played board."""
        return pdf.boards(sheet)

    def match_story(self, pdf: MatchPdf, sheet: SectionScores) -> list[Flowable]:
        """A section's team match sheet, deal by deal, and its totals."""
        return pdf.match_sheet(sheet)

    def board_marks(self, pdf: PdfRenderer, board: Board, analysing: bool) -> tuple[str, list[Flowable]]:
        """What a hand record adds to a board: words after its heading, lines under the hands."""
        return "", []
