"""Duplicate Contract Bridge (the Laws of Duplicate Bridge 2017): its game object."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import Game

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from django_tables2 import Table

    from ...models import Board, Event, Pair, Result
    from ...scores.standings import SectionScores
    from ..pages import SectionStandings


class Contract(Game):
    key = "contract"
    # The tricks are agreed before the hands go back in the board (Law 79A).
    agreement_law = "Law 79A"

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

        return (sheet.bridge.match if sheet.bridge is not None else None), match_table(sheet)

    def match_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, match: Any, table: Table | None
    ) -> HttpResponse:
        from django.shortcuts import render

        context = {"event": event, "sheet": sheet, "match": match, "table": table}
        return render(request, "tournament/public/contract_match.html", context)

    def explanation(self, sheet: SectionScores, result_pk: int) -> Any | None:
        from ...reports import contract_explanation

        return contract_explanation(sheet, result_pk)

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
