"""The public pages of a night at Auction or Whist: what :class:`~tournament.games.base.Game` answers
by default for the standings, travellers, recaps, a team match and an explanation.

Each page is asked of the game in two steps, so that ``?_export=csv`` downloads the page's own
table before anything else is drawn: the rows and their table first, then the page around them.
Contract Bridge answers from its own module (``games/contract/pages.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString
from django_tables2 import Table

from scoring.shared.seats import Side

from .. import reports
from ..tables import Links, MatchTable, RecapTable, StandingsTable, TravellerTable

if TYPE_CHECKING:
    from ..models import Board, Event, Pair
    from ..scores.standings import SectionScores
    from .base import Game


@dataclass(frozen=True)
class Panel:
    """One standings table on the page, with the key that exports it (``?_export=csv&table=A-ns``).

    A contract night's panels hold their table; a pair contest's hold its rows and links, drawn by
    ``StandingsTable.draw`` without making a table, which only the CSV export needs."""

    key: str
    heading: str
    table: Table | None = None
    rows: list[reports.StandingRow] = field(default_factory=list)
    links: Links | None = None

    @property
    def html(self) -> SafeString:
        if self.table is not None:
            return self.table.html()
        assert self.links is not None
        return StandingsTable(self.rows, self.links).html()

    @property
    def export_table(self) -> Table:
        if self.table is not None:
            return self.table
        assert self.links is not None
        return StandingsTable(self.rows, self.links)


@dataclass
class SectionStandings:
    """One section's standings as the event page shows them."""

    sheet: SectionScores
    links: Links
    panels: list[Panel] = field(default_factory=list)
    match: reports.MatchSummary | None = None
    waiting: list[str] = field(default_factory=list)
    not_played: list[reports.NotPlayed] = field(default_factory=list)

    @property
    def letter(self) -> str:
        return self.sheet.section.letter

    @property
    def overall(self) -> Panel | None:
        return self.panels[0] if self.panels else None

    @property
    def directions(self) -> list[Panel]:
        return self.panels[1:]

    @property
    def boards(self) -> list[int]:
        return sorted(self.sheet.boards)

    @property
    def board_links(self) -> list[tuple[int, str]]:
        """(number, traveller URL) for each board of the section."""
        return [(number, self.links.traveller(number)) for number in self.boards]


PANELS = {None: ("overall", "Overall"), Side.NS: ("ns", "N-S pairs"), Side.EW: ("ew", "E-W pairs")}
# A team match compares the two tables of each deal (Law G): no field average to show.


def section_standings(sheet: SectionScores) -> SectionStandings:
    """A pairs night's standings overall and by direction (Law H), or a team match's result (Law G)."""
    links, letter = Links.of(sheet.section), sheet.section.letter
    view = SectionStandings(
        sheet,
        links,
        match=reports.match_summary(sheet),
        waiting=reports.waiting_rows(sheet),
        not_played=reports.not_played_rows(sheet),
    )
    for direction, rows in reports.standings_tables(sheet):
        key, heading = PANELS[direction]
        view.panels.append(Panel(f"{letter}-{key}", heading, rows=rows, links=links))
    return view


def traveller_table(game: Game, sheet: SectionScores, number: int) -> tuple[list[Any], Table]:
    rows = reports.traveller_rows(sheet, number)
    return rows, TravellerTable(
        rows, Links.of(sheet.section), exclude=game.traveller_hidden(sheet.event.is_teams)
    )


def traveller_page(
    game: Game,
    request: HttpRequest,
    event: Event,
    sheet: SectionScores,
    board: Board,
    rows: Any,
    table: Table,
) -> HttpResponse:
    number = board.number
    context = {
        "event": event,
        "game": game,
        "sheet": sheet,
        "board": board,
        "table": table,
        "rows": rows,
        "traveller": reports.board_traveller(sheet, number),
        "diagram": reports.deal_diagram(sheet, board),
        "rulings": [ruling for ruling in reports.rulings_rows(sheet) if ruling.board == number],
        "not_played": [row for row in reports.not_played_rows(sheet) if row.board == number],
    }
    return render(request, "tournament/public/traveller.html", context)


def recap_table(game: Game, sheet: SectionScores, pair: Pair) -> tuple[list[Any], Table]:
    rows = reports.recap_rows(sheet, pair.label)
    return rows, RecapTable(
        rows, Links.of(sheet.section), exclude=game.recap_hidden(sheet.event.is_teams, rows)
    )


def recap_page(
    request: HttpRequest, event: Event, sheet: SectionScores, pair: Pair, rows: Any, table: Table
) -> HttpResponse:
    context = {
        "event": event,
        "sheet": sheet,
        "pair": pair,
        "table": table,
        "ruled": [row for row in rows if row.rulings or row.irregular],
        "standing": reports.pair_standing(sheet, pair.label),
        "not_played": reports.not_played_by_pair(reports.not_played_rows(sheet)).get(pair.label, []),
    }
    return render(request, "tournament/public/recap.html", context)


def match_table(sheet: SectionScores) -> tuple[reports.MatchSummary | None, Table]:
    summary = reports.match_summary(sheet)
    first, second = (summary.first.name, summary.second.name) if summary else ("First team", "Second team")
    return summary, MatchTable(reports.match_rows(sheet), Links.of(sheet.section), first, second)


def match_page(
    request: HttpRequest, event: Event, sheet: SectionScores, summary: Any, table: Table | None
) -> HttpResponse:
    context = {"event": event, "sheet": sheet, "summary": summary, "table": table}
    return render(request, "tournament/public/match.html", context)


def explain_page(
    game: Game, request: HttpRequest, event: Event, sheet: SectionScores, detail: Any, is_member: bool
) -> HttpResponse:
    context = {"event": event, "game": game, "sheet": sheet, "detail": detail, "is_member": is_member}
    return render(request, "tournament/public/explain.html", context)
