"""Duplicate Contract Bridge (the Laws of Duplicate Bridge 2017): its game object."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..base import Game

if TYPE_CHECKING:
    from openpyxl import Workbook
    from reportlab.platypus import Flowable

    from scoring.contests.pairs import PairContest
    from scoring.contests.teams import TeamMatch

    from ...models import Board, Event, Pair
    from ...pdf.base import PdfRenderer
    from ...pdf.match import MatchPdf
    from ...pdf.recaps import RecapsPdf
    from ...pdf.standings import StandingsPdf
    from ...pdf.travellers import TravellersPdf
    from ...scores.standings import SectionScores


class Contract(Game):
    key = "contract"
    # The tricks are agreed before the hands go back in the board (Law 79A).
    agreement_law = "Law 79A"

    # Tables: the columns each game shows
    # A team match's boards are scored on the match's own page (IMPs between its two tables).
    traveller_team_hidden = ("ns_figure", "ew_figure")
    recap_team_hidden = ("figure", "top", "running")

    def recap_hidden(self, teams: bool, rows: Sequence[Any]) -> tuple[str, ...]:
        return self.recap_team_hidden if teams else ()

    # Outputs: matchpoints or IMPs (Law 78) over Law 77's scores, in games/contract's rows,
    # sheets (xlsx.py) and stories (pdf.py, pdf_boards.py). No royals; rulings adjust (Law 12C).
    royals = False
    adjusted_scores = True
    rubber_pads = False

    def pair_contest(self, sheet: SectionScores) -> PairContest | None:
        return None  # its pairs are ranked by matchpoints or IMPs (Law 78), in its own contest

    def team_match(self, sheet: SectionScores) -> TeamMatch | None:
        return None  # its matches are scored in IMPs and VPs (Law 78B), in its own contest

    def standings_rows(self, sheet: SectionScores) -> Sequence[Any]:
        from .reports import contract_standings_rows

        return contract_standings_rows(sheet)

    def traveller_rows(self, sheet: SectionScores, board: int) -> Sequence[Any]:
        from .reports import contract_traveller_rows

        return contract_traveller_rows(sheet, board)

    def recap_rows(self, sheet: SectionScores, pair_label: str) -> Sequence[Any]:
        from .reports import contract_recap_rows

        return contract_recap_rows(sheet, pair_label)

    def match_rows(self, sheet: SectionScores) -> Sequence[Any]:
        from .reports import contract_match_rows

        return contract_match_rows(sheet)

    def explanation(self, sheet: SectionScores, result_pk: int) -> Any:
        from .reports import contract_explanation

        return contract_explanation(sheet, result_pk)

    def workbook_sheets(self, book: Workbook, sheet: SectionScores) -> None:
        from .xlsx import section_sheets

        section_sheets(book, sheet)

    def csv_header(self, event: Event) -> list[str]:
        from .sheets import csv_header

        return csv_header(event)

    def csv_lines(self, sheet: SectionScores) -> list[list[str]]:
        from .sheets import csv_lines

        return csv_lines(sheet)

    def standings_story(self, pdf: StandingsPdf, sheet: SectionScores) -> list[Flowable]:
        from .pdf import standings_story

        return standings_story(pdf, sheet)

    def recap_story(
        self, pdf: RecapsPdf, sheet: SectionScores, pair: Pair, standings: dict[str, list[Any]]
    ) -> list[Flowable]:
        from .pdf_boards import recap_story

        return recap_story(pdf, sheet, pair)

    def traveller_story(self, pdf: TravellersPdf, sheet: SectionScores) -> list[Flowable]:
        from .pdf_boards import traveller_story

        return traveller_story(pdf, sheet)

    def match_story(self, pdf: MatchPdf, sheet: SectionScores) -> list[Flowable]:
        from .pdf import match_story

        return match_story(pdf, sheet)

    def board_marks(self, pdf: PdfRenderer, board: Board, analysing: bool) -> tuple[str, list[Flowable]]:
        from .pdf_boards import board_marks

        return board_marks(pdf, board, analysing)


CONTRACT = Contract()
