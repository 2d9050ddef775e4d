"""Duplicate Contract Bridge (the Laws of Duplicate Bridge 2017): its game object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoring.contract.adjusted_entry import AdjustedEntry, parse_line
from scoring.contract.entry import ContractEntry

from ..base import Game
from .facts import apply_facts, facts_problem, result_text
from .figures import ContractContest
from .results import scored_contract
from .scoring import contract_contest
from .settings import (
    CONTRACT_DEFAULTS,
    CONTRACT_KINDS,
    CONTRACT_OPTIONS,
    contract_problems,
    neuberg_scale,
    unfactored_words,
)

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from django_tables2 import Table
    from openpyxl import Workbook
    from reportlab.platypus import Flowable

    from scoring.contests.matchpoints import Scale
    from scoring.contests.pairs import DealFigures, PairContest
    from scoring.contests.teams import TeamMatch

    from ...models import Board, Event, Pair, PairStanding, Result, Ruling
    from ...pdf.base import PdfRenderer
    from ...pdf.match import MatchPdf
    from ...pdf.recaps import RecapsPdf
    from ...pdf.standings import StandingsPdf
    from ...pdf.travellers import TravellersPdf
    from ...scores.types import ScoredResult, SectionScores
    from ...services.result_facts import Facts
    from ..pages import SectionStandings
    from .figures import TableFigures


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

    def own_figures(self, sheet: SectionScores) -> ContractContest | None:
        return sheet.payload if isinstance(sheet.payload, ContractContest) else None

    def table_figures(self, sheet: SectionScores, result_pk: int) -> TableFigures | None:
        contest = self.own_figures(sheet)
        return contest.table(result_pk) if contest is not None else None

    def figures_unit(self, sheet: SectionScores) -> str:
        contest = self.own_figures(sheet)
        return contest.unit if contest is not None else ""

    def traveller_lines(self, sheet: SectionScores, number: int) -> tuple[str, ...]:
        contest = self.own_figures(sheet)
        figures = contest.boards.get(number) if contest is not None else None
        return figures.lines if figures is not None else ()

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

    # Director: the wizard, the entry forms, the rulings and the close
    option_fields = CONTRACT_OPTIONS
    option_defaults = CONTRACT_DEFAULTS
    entry_fields = ()
    entry_example = "4HX N ="
    entry_required = "Write the result, for example 4HX N = or PASS."
    # Law 77 scores no honours, no dealer's one spade and no revoke penalty in points.
    scores_honours = False
    awards_points = False
    rules_irregular_hands = False
    adjusts_scores = True
    keeps_vulnerability = True
    exchanges_sessions = True
    ruling_title = "An adjusted score (Law 12), a note"
    director_templates = {
        name: f"tournament/director/games/contract/{name}.html"
        for name in (
            "entry_help",
            "saved_facts",
            "saved_score",
            "result_facts",
            "result_score",
            "ruling_form",
        )
    }

    def option_problems(self, form: str, options: dict[str, Any], pairs: int | None = None) -> list[Any]:
        return list(contract_problems(form, options, pairs))

    def neuberg_scale(self, form: str, settings: Mapping[str, Any]) -> Scale | None:
        return neuberg_scale(form, settings)

    def unfactored_words(self, settings: Mapping[str, Any], fix: str) -> str:
        return unfactored_words(settings, fix)

    def parse_entry(self, text: str, event: Event) -> Any:
        return parse_line(text)

    def adjusted(self, entry: Any) -> AdjustedEntry | None:
        return None if isinstance(entry, ContractEntry) else entry

    def entry_facts(self, entry: Any, extras: Mapping[str, Any], revokes: tuple[Any, ...]) -> dict[str, Any]:
        played: ContractEntry = entry
        return {
            "game": self.key,
            "contract": played.contract,
            "declarer": played.declarer,
            "tricks": played.tricks or 0,
        }

    def entry_text(self, result: Result) -> str:
        return "" if result.not_played else result_text(result)

    def ruling_form(self, event: Event, data: Any = None) -> Any:
        from .forms import ContractRulingForm

        return ContractRulingForm(data, event=event)

    def ruling_refused(self, kind: str) -> str:
        if kind in CONTRACT_KINDS:
            return ""
        return (
            "Contract bridge is scored by Law 77: adjust the score under Law 12 (an artificial or an "
            "assigned score) rather than award points."
        )

    def agreed_round_words(self, round_number: int) -> str:
        return (
            f"Round {round_number} is agreed: an error in its scores is now corrected by "
            "the director only (Law 79C). Ask the director."
        )

    def not_played_law(self, event: Event) -> str:
        return "Law 78A" if event.method == event.Method.MATCHPOINTS else "Law 78B"

    def not_played_words(self, event: Event) -> str:
        if event.is_teams:
            return "the board is left out of the match, compared only where both tables played it (Law 78B)"
        if event.method == event.Method.MATCHPOINTS:
            factored = (
                "the board's other results Neuberg-factored to the full top"
                if event.neuberg
                else "the board matchpointed among the results obtained"
            )
            return f"each pair is scored on the boards it played, {factored} (Law 78A)"
        scaled = ", its total scaled to the full movement" if event.scale_sit_outs else ""
        return f"each pair's IMPs count over the boards it played{scaled} (Law 78B)"

    def preview(self, event: Event, board: Board, facts: Facts) -> dict[str, Any]:
        from .director import preview

        return preview(event, board, facts)

    def result_score(self, result: Result, event: Event, rulings: list[Ruling]) -> dict[str, Any]:
        from .director import result_score

        return result_score(result, rulings)

    def ruling_words(self, result: Result, event: Event, ruling: Ruling, rulings: list[Ruling]) -> str:
        from .director import ruling_words

        return ruling_words(result, event, ruling, rulings)

    def table_entry_form(self) -> type[Any]:
        from .forms import ContractEntryForm

        return ContractEntryForm

    def table_correction_form(self) -> type[Any]:
        from .forms import ContractCorrectionForm

        return ContractCorrectionForm

    def kept_places(self, sheet: SectionScores) -> list[PairStanding]:
        from .places import contract_places

        return contract_places(sheet)

    def facts_problem(self, facts: Facts, dealer: str | None) -> tuple[str, str | None] | None:
        return facts_problem(facts)

    def apply_facts(self, facts: Facts, result: Result) -> None:
        apply_facts(facts, result)

    # Background work: the double-dummy analysis and the recap mail
    has_par = True

    def standing_text(self, sheet: SectionScores, pair: Pair) -> str:
        from .mail import standing_text

        return standing_text(sheet, pair)

    # Scores: a result scored, the contest run
    def score_result(self, result: Result, rulings: list[Ruling], event: Event) -> ScoredResult:
        return scored_contract(result, rulings)

    def deal_figures(self, event: Event, results: list[ScoredResult]) -> dict[str, DealFigures] | None:
        # The Neuberg factor and the sit-out scaling look at every board (spec §2.2, §5.8).
        return None

    def run_contest(self, sheet: SectionScores, deals: dict[str, DealFigures] | None) -> None:
        sheet.payload = contract_contest(sheet)
        sheet.problems.extend(sheet.payload.problems)

    # Pages: the public pages and the phones
    vulnerability = True
    royals_as_spades = False
    standings_template = "tournament/public/_contract_section_standings.html"
    facts_template = "tournament/table/contract_facts.html"
    entry_fields_template = "tournament/table/contract_fields.html"
    score_template = "tournament/includes/contract_score.html"

    def section_standings(self, sheet: SectionScores) -> SectionStandings:
        from ...reports import not_played_rows, waiting_rows
        from ...tables import Links
        from ..pages import Panel, SectionStandings
        from .pages import standings_panels

        links = Links.of(sheet.section)
        view = SectionStandings(sheet, links, waiting=waiting_rows(sheet), not_played=not_played_rows(sheet))
        view.panels = [Panel(*panel) for panel in standings_panels(sheet, links)]
        return view

    def traveller_table(self, sheet: SectionScores, number: int) -> tuple[list[Any], Table]:
        from .pages import traveller_table

        return traveller_table(sheet, number)

    def traveller_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, board: Board, rows: Any, table: Table
    ) -> HttpResponse:
        from .pages import traveller_page

        return traveller_page(request, event, sheet, board, rows, table)

    def recap_table(self, sheet: SectionScores, pair: Pair) -> tuple[list[Any], Table]:
        from .pages import recap_table

        return recap_table(sheet, pair)

    def recap_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, pair: Pair, rows: Any, table: Table
    ) -> HttpResponse:
        from .pages import recap_page

        return recap_page(request, event, sheet, pair, rows, table)

    def match_table(self, sheet: SectionScores) -> tuple[Any, Table | None]:
        from .pages import match_table

        return (sheet.payload.match if sheet.payload is not None else None), match_table(sheet)

    def match_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, match: Any, table: Table | None
    ) -> HttpResponse:
        from django.shortcuts import render

        context = {"event": event, "sheet": sheet, "match": match, "table": table}
        return render(request, "tournament/public/contract_match.html", context)

    def explain_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, detail: Any, is_member: bool
    ) -> HttpResponse:
        from .pages import explain_page

        return explain_page(request, event, sheet, detail, is_member)

    def table_score(self, result: Result, event: Event) -> tuple[Any, str, tuple[int, int] | None]:
        from scoring.shared.errors import ScoringError

        from .facts import contract_score

        try:
            return contract_score(result), "", None
        except ScoringError as error:
            return None, str(error), None


CONTRACT = Contract()
