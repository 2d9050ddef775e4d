"""What every game answers for a night: one small interface, the auction's answers by default."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from django_tables2 import Table

    from ..models import Board, Event, Pair, Result
    from ..scores.standings import SectionScores
    from .pages import SectionStandings


class Game:
    """A game's answers to what the night asks of it.

    Each game is one instance of a subclass; the attributes and methods here are the whole
    interface, and the defaults are Foster's Duplicate Auction's."""

    key = "auction"
    # What a side scores at the table, in the words of the recap sheets and workbooks.
    unit = "points"
    # The law under which the opponents agree a board's result before the cards go back.
    agreement_law = "Law D"

    # Pages: the public pages and the phones
    # Each side scores the tricks it took, with no deal score (Hoffmann's Duplicate Whist).
    scores_tricks = False
    # A board's vulnerability counts in its score (Law 2): the phones show it.
    vulnerability = False
    # The double-dummy table's spades stand for royals as well (the auction's fifth strain).
    royals_as_spades = True
    # The templates of a section's standings, of what a table entered, of its fields and of a deal score.
    standings_template = "tournament/public/_section_standings.html"
    facts_template = "tournament/table/auction_facts.html"
    entry_fields_template = "tournament/table/auction_fields.html"
    score_template = "tournament/includes/deal_score.html"

    def section_standings(self, sheet: SectionScores) -> SectionStandings:
        """A section's standings as the event page shows them."""
        from . import pages

        return pages.section_standings(sheet)

    def traveller_hidden(self, event: Event) -> tuple[str, ...]:
        """The traveller's columns this game leaves out (a match has no field average)."""
        from .pages import TEAM_AVERAGES

        return TEAM_AVERAGES if event.is_teams else ()

    def recap_hidden(self, event: Event, rows: list[Any]) -> tuple[str, ...]:
        """The recap's columns this game leaves out."""
        # "Scored" differs from the net only where Law B (3) credited a figure the table did not make.
        hidden = () if any(row.net is None and row.score is not None for row in rows) else ("score",)
        return hidden + (("average", "difference") if event.is_teams else ())

    def traveller_table(self, sheet: SectionScores, number: int) -> tuple[list[Any], Table]:
        """A board's traveller: its rows, and the table ``?_export=csv`` downloads."""
        from . import pages

        return pages.traveller_table(self, sheet, number)

    def traveller_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, board: Board, rows: Any, table: Table
    ) -> HttpResponse:
        """A board's traveller page around its table."""
        from . import pages

        return pages.traveller_page(self, request, event, sheet, board, rows, table)

    def recap_table(self, sheet: SectionScores, pair: Pair) -> tuple[list[Any], Table]:
        """A pair's recap: its rows, and the table ``?_export=csv`` downloads."""
        from . import pages

        return pages.recap_table(self, sheet, pair)

    def recap_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, pair: Pair, rows: Any, table: Table
    ) -> HttpResponse:
        """A pair's recap page around its table."""
        from . import pages

        return pages.recap_page(request, event, sheet, pair, rows, table)

    def match_table(self, sheet: SectionScores) -> tuple[Any, Table | None]:
        """A team match's result so far and its table deal by deal (None before a deal is complete)."""
        from . import pages

        return pages.match_table(sheet)

    def match_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, match: Any, table: Table | None
    ) -> HttpResponse:
        """A team match's page around its table."""
        from . import pages

        return pages.match_page(request, event, sheet, match, table)

    def explanation(self, sheet: SectionScores, result_pk: int) -> Any | None:
        """How one result's score was reached, or None when the section has no such result."""
        from .. import reports

        return reports.explanation(sheet, result_pk)

    def explain_page(
        self, request: HttpRequest, event: Event, sheet: SectionScores, detail: Any, is_member: bool
    ) -> HttpResponse:
        """A result's explanation page."""
        from . import pages

        return pages.explain_page(self, request, event, sheet, detail, is_member)

    def table_score(self, result: Result, event: Event) -> tuple[Any, str, tuple[int, int] | None]:
        """A played result's score as its table sees it: (deal score, why none, each side's tricks)."""
        from scoring.shared.errors import ScoringError

        from ..scores.facts import score_of

        rulings = [ruling for ruling in result.rulings.all() if ruling.active]
        try:
            return score_of(result, event, rulings), "", None
        except ScoringError as error:
            return None, str(error), None

    def __repr__(self) -> str:
        return f"<game {self.key}>"
