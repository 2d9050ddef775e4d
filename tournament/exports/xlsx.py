"""The standings workbook: standings, the pair × deal matrix, travellers, match sheet, rulings.

Every cell comes from a row of :mod:`tournament.reports`, the rows the on-screen tables show.
Scores are written as numbers a spreadsheet can sum: a whole figure as an integer; a fraction
(an average over three tables, a ± of 49 2/3) as its value with a fraction number format, which
shows it as the screen does (Excel's fraction formats are exact for denominators below 1000; a
figure that needs more is shown to the hundredth). Every text goes through ``safe_text``, so no
user's text starts a cell as anything but text. Every sheet has a bold header row, frozen
panes, column widths from its contents, the title and header rows repeated on every printed
page, and a page set-up that fits the width on the club's paper (A4 or Letter).
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.styles import Alignment, Border, Font
from openpyxl.styles import Side as Edge
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from scoring.contests.pairs import signed_text
from scoring.shared.numbers import hundredths_text, mixed_text, round_half_away
from scoring.shared.seats import Side

from ..models import Club, Event
from ..reports import (
    MatchRow,
    MatchTable,
    MatrixRow,
    RulingRow,
    StandingRow,
    TeamLine,
    TravellerLine,
    match_rows,
    match_summary,
    matrix_deals,
    matrix_rows,
    not_played_rows,
    rulings_rows,
    standings_rows,
    traveller_rows,
    waiting_rows,
    written_contract,
)
from ..scores.standings import SectionScores
from .base import Export, filename_for, safe_text

PROVISIONAL = (
    "Provisional: being corrected. The director has reopened this event; its scores may still change."
)
CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
WHOLE = "0;-0;0"
HUNDREDTHS = "0.00;-0.00;0.00"
SIGNED = "+0;-0;0"
TIED_RANK = '0"="'  # the rank stays a number; the sign of a shared rank is the format's
WHEN = "yyyy-mm-dd hh:mm"
BOLD = Font(bold=True)
TITLE = Font(bold=True, size=13)
UNDERLINE = Border(bottom=Edge(style="thin"))
WIDEST = 60
WRAP = Alignment(wrap_text=True, vertical="top")  # text wider than its column wraps, so it prints whole

R = TypeVar("R")
Value = int | float | str | datetime.datetime | None


# --- cells ---------------------------------------------------------------------------------


def figure_cell(value: Fraction | int | None, *, signed: bool) -> tuple[Value, str, str]:
    """A score as (cell value, number format, the text a reader sees): exact, summable where possible."""
    if value is None:
        return None, "General", ""
    value = Fraction(value)
    text = signed_text(value) if signed else mixed_text(value)
    sign = "+" if signed else ""
    if value.denominator == 1:
        return int(value), sign + WHOLE, text
    digits = len(str(value.denominator))
    if digits > 3:
        # Past a spreadsheet's exact fraction formats: the number, shown to the hundredth.
        shown = hundredths_text(value)
        return float(Fraction(round_half_away(value * 100), 100)), sign + HUNDREDTHS, shown
    slots = "?" * digits
    return float(value), f"{sign}# {slots}/{slots};-# {slots}/{slots}", text


def rank_cell(text: str) -> tuple[Value, str, str]:
    """ "2=" as the number 2 shown "2=": a spreadsheet still sorts by it."""
    if text.endswith("="):
        return int(text[:-1]), TIED_RANK, text
    return int(text), WHOLE, text


def local_time(value: datetime.datetime | None) -> tuple[Value, str, str]:
    """A moment in the club's time zone; spreadsheets keep no time zones."""
    if value is None:
        return None, "General", ""
    local = timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value
    return local, WHEN, f"{local:%Y-%m-%d %H:%M}"


def plain(value: Any) -> tuple[Value, str, str]:
    """Text or a whole number as it is."""
    if value is None or value == "":
        return None, "General", ""
    if isinstance(value, int):
        return value, WHOLE, str(value)
    text = ILLEGAL_CHARACTERS_RE.sub("", str(value))
    return text, "General", text


@dataclass(frozen=True, slots=True)
class Column(Generic[R]):
    """One column of a sheet: its header and how a report row gives its cell."""

    header: str
    cell: Callable[[R], tuple[Value, str, str]]


def text(header: str, get: Callable[[R], Any]) -> Column[R]:
    return Column(header, lambda row: plain(get(row)))


def figure(header: str, get: Callable[[R], Fraction | int | None], *, signed: bool = False) -> Column[R]:
    return Column(header, lambda row: figure_cell(get(row), signed=signed))


# --- a sheet -------------------------------------------------------------------------------


class Sheet:
    """A worksheet written top to bottom: a title, tables with bold headers, lines of text."""

    def __init__(self, book: Workbook, name: str, event: Event, *, landscape: bool = False) -> None:
        self.ws: Worksheet = book.create_sheet(name)
        self.row = 1
        self.widths: dict[int, int] = {}
        self.provisional = event.reopened
        self._page_setup(event, landscape)

    def put(self, row: int, column: int, value: Value) -> Cell:
        """Write one cell; text is typed as a string, so "=HYPERLINK(…)" or "@SUM(1)" is never a formula,
        and written as ``safe_text`` writes it ("'=HYPERLINK(…)"), so that it stays text once the
        sheet is saved again as CSV or pasted elsewhere.

        Every cell of every sheet is written here: titles, headers (a team's name heads a
        column of the match sheet), report rows. Numbers, fractions and times stay numbers.
        """
        if isinstance(value, str):
            cell = self.ws.cell(row, column, safe_text(_text(value)))
            cell.data_type = "s"
            return cell
        return self.ws.cell(row, column, value)

    def title(self, words: str) -> None:
        if self.provisional:  # reopened for corrections: the figures may still change
            words = f"{words} — {PROVISIONAL}"
        cell = self.put(self.row, 1, words)
        cell.font = TITLE
        self.row += 1

    def line(self, words: str, *, bold: bool = False) -> None:
        cell = self.put(self.row, 1, words)
        if bold:
            cell.font = BOLD
        self.row += 1

    def gap(self) -> None:
        self.row += 1

    def table(self, columns: Sequence[Column[R]], rows: Sequence[R], empty: str = "") -> None:
        """A header row in bold, then one row of cells for each report row."""
        for number, column in enumerate(columns, start=1):
            cell = self.put(self.row, number, column.header)
            cell.font, cell.border = BOLD, UNDERLINE
            self._fit(number, column.header)
        self.row += 1
        for record in rows:
            for number, column in enumerate(columns, start=1):
                value, number_format, shown = column.cell(record)
                if value is None:
                    continue
                cell = self.put(self.row, number, value)
                if number_format != "General":
                    cell.number_format = number_format
                if len(shown) > WIDEST:
                    cell.alignment = WRAP
                self._fit(number, shown)
            self.row += 1
        if not rows and empty:
            self.line(empty)

    def finish(self, *, freeze: str = "A3", repeat_columns: str | None = None) -> None:
        """Widths from the contents; the title and header rows frozen and printed on every page."""
        for number, width in self.widths.items():
            self.ws.column_dimensions[get_column_letter(number)].width = min(width + 2, WIDEST)
        self.ws.freeze_panes = freeze
        self.ws.print_title_rows = "1:2"
        if repeat_columns:
            self.ws.print_title_cols = repeat_columns

    def _fit(self, number: int, shown: str) -> None:
        if len(shown) > self.widths.get(number, 0):
            self.widths[number] = len(shown)

    def _page_setup(self, event: Event, landscape: bool) -> None:
        ws = self.ws
        setup = ws.page_setup
        setup.orientation = "landscape" if landscape else "portrait"
        setup.paperSize = (
            ws.PAPERSIZE_LETTER if event.club.paper_size == Club.PaperSize.LETTER else ws.PAPERSIZE_A4
        )
        setup.fitToWidth = 1
        setup.fitToHeight = 0  # as many pages down as the rows need
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.oddHeader.left.text = _header_text(event.club.name)
        ws.oddHeader.center.text = _header_text(event.name)
        ws.oddHeader.right.text = f"{event.date:%d %B %Y}"
        ws.oddFooter.center.text = "Page &P of &N"


def _text(words: str) -> str:
    return ILLEGAL_CHARACTERS_RE.sub("", words)


def _header_text(words: str) -> str:
    return _text(words).replace("&", "&&")  # "&" starts a code in a print header


# --- the sheets ----------------------------------------------------------------------------

STANDINGS: list[Column[StandingRow]] = [
    Column("Rank", lambda row: rank_cell(row.rank_text)),
    text("Pair", lambda row: row.pair),
    text("Names", lambda row: row.names),
    figure("Score", lambda row: row.rounded, signed=True),
    text("Deals", lambda row: row.deals),
]

TEAMS: list[Column[TeamLine]] = [
    text("Team", lambda line: line.name),
    figure("Gross", lambda line: line.gross),
    text("Odd pair sat", lambda line: line.odd_direction),
    figure("Average added", lambda line: line.average),
    figure("Rounded average", lambda line: line.average_rounded),
    figure("Total", lambda line: line.total),
]


def _unit(sheet: SectionScores) -> str:
    return "tricks" if sheet.event.is_whist else "points"


def standings_sheet(book: Workbook, sheet: SectionScores) -> None:
    """A pair contest's standings overall and per direction (Law H), or a match's totals (Law G)."""
    out = Sheet(book, f"Standings {sheet.section.letter}", sheet.event)
    if sheet.event.is_teams:
        out.title(f"Section {sheet.section.letter}: the match, in {_unit(sheet)} (Law G)")
        _match_totals(out, sheet)
    else:
        out.title(f"Section {sheet.section.letter}: standings, ± {_unit(sheet)} against the average (Law H)")
        out.table(STANDINGS, standings_rows(sheet), empty="No results yet.")
        for side in (Side.NS, Side.EW):
            rows = standings_rows(sheet, side)
            if rows:
                out.gap()
                out.line(f"{side.label} pairs, over the deals they played {side.label}", bold=True)
                out.table(STANDINGS, rows)
    waiting_lines(out, sheet)
    out.finish()


def waiting_lines(out: Sheet, sheet: SectionScores) -> None:
    """Below a standings sheet: the boards a table did not play and the ruling on each, then what still
    waits for the director, if anything."""
    unplayed = not_played_rows(sheet)
    if unplayed:
        out.gap()
        out.line("Boards not played", bold=True)
        for row in unplayed:
            out.line(row.text)
    waiting = waiting_rows(sheet)
    if waiting:
        out.gap()
        out.line("Waiting for the director", bold=True)
        for words in waiting:
            out.line(words)


def _match_totals(out: Sheet, sheet: SectionScores) -> None:
    summary = match_summary(sheet)
    if summary is None:
        out.table(TEAMS, [], empty="No deal has been played at every table yet.")
        return
    out.table(TEAMS, [summary.first, summary.second])
    out.gap()
    out.line(summary.text, bold=True)
    for words in summary.lines:
        out.line(words)


def matrix_sheet(book: Workbook, sheet: SectionScores) -> None:
    """Pair × deal: each pair's ± on each deal (Law H), or its gross in a team match (Law G)."""
    contest = not sheet.event.is_teams
    deals = matrix_deals(sheet)
    columns: list[Column[MatrixRow]] = [
        text("Pair", lambda row: row.pair),
        text("Names", lambda row: row.names),
    ]
    for index, deal in enumerate(deals):
        columns.append(figure(str(deal), lambda row, i=index: row.cells[i][1], signed=contest))
    columns += [
        figure("Total", lambda row: round_half_away(row.total), signed=contest),
    ]
    out = Sheet(book, f"Matrix {sheet.section.letter}", sheet.event, landscape=True)
    what = (
        f"± {_unit(sheet)} on each deal (Law H)" if contest else f"gross {_unit(sheet)} on each deal (Law G)"
    )
    out.title(f"Section {sheet.section.letter}: each pair's {what}")
    out.table(columns, matrix_rows(sheet), empty="No results yet.")
    out.finish(freeze="C3", repeat_columns="A:B")


def traveller_columns(sheet: SectionScores) -> list[Column[TravellerLine]]:
    """The traveller's columns: whist has no declarer or net; a match has no averages."""
    whist, contest = sheet.event.is_whist, not sheet.event.is_teams
    scored = "tricks" if whist else "score"
    columns: list[Column[TravellerLine]] = [
        text("Board", lambda line: line.board),
        text("Round", lambda line: line.round),
        text("Table", lambda line: line.table),
        text("N-S", lambda line: line.ns),
        text("E-W", lambda line: line.ew),
        text("Trumps" if whist else "Contract", lambda line: written_contract(line.contract)),
    ]
    if not whist:
        columns += [text("By", lambda line: line.declarer), text("Tricks", lambda line: line.tricks)]
    columns += [
        text(f"N-S {scored}", lambda line: line.ns_points),
        text(f"E-W {scored}", lambda line: line.ew_points),
    ]
    if not whist:
        columns.append(figure("Net N-S", lambda line: line.net_ns, signed=True))
    if contest:
        columns += [
            figure("N-S average", lambda line: line.ns_average),
            figure("N-S ±", lambda line: line.ns_difference, signed=True),
            figure("E-W average", lambda line: line.ew_average),
            figure("E-W ±", lambda line: line.ew_difference, signed=True),
        ]
    columns += [text("Status", lambda line: line.status), text("Notes", _traveller_notes)]
    return columns


def _traveller_notes(line: TravellerLine) -> str:
    return " ".join(
        words for words in (line.how, line.problem, *(note.text for note in line.rulings)) if words
    )


def travellers_sheet(book: Workbook, sheet: SectionScores) -> None:
    """Every board's tables: contract, tricks, each side's score, the averages and ± (Law H)."""
    lines = [line for board in matrix_deals(sheet) for line in traveller_rows(sheet, board)]
    out = Sheet(book, f"Travellers {sheet.section.letter}", sheet.event, landscape=True)
    out.title(f"Section {sheet.section.letter}: travellers, every table's result on every board")
    out.table(traveller_columns(sheet), lines, empty="No results yet.")
    out.finish(freeze="D3")


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One table of one deal on the match sheet; the deal's figures sit on its first table's line."""

    deal: MatchRow
    table: MatchTable
    first: bool


def _deal_figure(get: Callable[[MatchRow], int], *, signed: bool = False) -> Callable[[MatchLine], Any]:
    return lambda line: figure_cell(get(line.deal), signed=signed) if line.first else (None, "General", "")


def match_columns(sheet: SectionScores, first: str, second: str) -> list[Column[MatchLine]]:
    """Per deal and table: the result, each pair's gross and team; per deal: each team's gross, the swing."""
    whist = sheet.event.is_whist
    scored = "tricks" if whist else "points"
    columns: list[Column[MatchLine]] = [
        text("Deal", lambda line: line.deal.deal),
        text("Table", lambda line: line.table.table),
        text("Round", lambda line: line.table.round),
        text("Trumps" if whist else "Contract", lambda line: written_contract(line.table.contract)),
    ]
    if not whist:
        columns += [
            text("By", lambda line: line.table.declarer),
            text("Tricks", lambda line: line.table.tricks),
        ]
    columns += [
        text("N-S", lambda line: line.table.ns),
        text("N-S team", lambda line: line.table.ns_team),
        text(f"N-S {scored}", lambda line: line.table.ns_points),
        text("E-W", lambda line: line.table.ew),
        text("E-W team", lambda line: line.table.ew_team),
        text(f"E-W {scored}", lambda line: line.table.ew_points),
        Column(first, _deal_figure(lambda row: row.first_points)),
        Column(second, _deal_figure(lambda row: row.second_points)),
        Column("Swing", _deal_figure(lambda row: row.swing, signed=True)),
        Column("Running swing", _deal_figure(lambda row: row.running_swing, signed=True)),
    ]
    return columns


def match_sheet(book: Workbook, sheet: SectionScores) -> None:
    """The team match sheet (Law G): per deal both tables, each team's gross and the swing; the totals."""
    summary = match_summary(sheet)
    first, second = (summary.first.name, summary.second.name) if summary else ("First team", "Second team")
    lines = [
        MatchLine(row, table, index == 0)
        for row in match_rows(sheet)
        for index, table in enumerate(row.tables)
    ]
    out = Sheet(book, f"Match {sheet.section.letter}", sheet.event, landscape=True)
    out.title(f"Section {sheet.section.letter}: the match sheet, deal by deal (Law G)")
    out.table(match_columns(sheet, first, second), lines, empty="No deal has been played at every table yet.")
    if summary is not None:
        out.gap()
        out.line("Totals", bold=True)
        _match_totals(out, sheet)
    out.finish(freeze="C3")


def ruling_columns(several: bool, *, contract: bool = False) -> list[Column[tuple[str, RulingRow]]]:
    """Where, the law, what it changed, why, and whether it stands; the section when there are several.

    At contract bridge a ruling changes a score by an adjusted score (Law 12C): its column shows
    each side's artificial score or the result assigned, in place of the side, points and seat.
    """
    columns: list[Column[tuple[str, RulingRow]]] = [text("Section", lambda item: item[0])] if several else []
    columns += [
        text("Board", lambda item: item[1].board),
        text("Round", lambda item: item[1].round),
        text("Table", lambda item: item[1].table),
        text("N-S", lambda item: item[1].ns),
        text("E-W", lambda item: item[1].ew),
        text("Ruling", lambda item: item[1].kind),
        text("Law", lambda item: item[1].law),
    ]
    if contract:
        columns.append(text("Adjusted score", lambda item: item[1].adjustment))
    else:
        columns += [
            text("Side", lambda item: item[1].side),
            text("Points", lambda item: item[1].points or None),
            text("Seat", lambda item: item[1].seat),
        ]
    columns += [
        text("Reason", lambda item: item[1].reason),
        text("Stands", lambda item: "yes" if item[1].active else "undone"),
        Column("Made", lambda item: local_time(item[1].created)),
        Column("Undone", lambda item: local_time(item[1].undone_at)),
    ]
    return columns


def rulings_sheet(book: Workbook, event: Event, sheets: Sequence[SectionScores]) -> None:
    """The rulings log: every ruling of the night, in force or undone, with its law (Laws B-F, 12, 84)."""
    rulings = [(sheet.section.letter, row) for sheet in sheets for row in rulings_rows(sheet)]
    out = Sheet(book, "Rulings", event, landscape=True)
    out.title("Rulings, in force and undone, with the law each applies")
    columns = ruling_columns(len(sheets) > 1, contract=event.is_contract)
    out.table(columns, rulings, empty="No rulings were made.")
    out.finish()


def standings_workbook(event: Event, sheets: Sequence[SectionScores]) -> Export:
    """The standings workbook of ``event``: per section its standings (or match), matrix and travellers;
    then the rulings log. The figures are the engine's (Laws A-H), as the standings page shows them."""
    book = Workbook()
    book.remove(book.active)
    book.properties.title = f"{event.name}: standings"
    book.properties.creator = event.club.name
    for sheet in sheets:
        standings_sheet(book, sheet)
        if event.is_teams:
            match_sheet(book, sheet)
        matrix_sheet(book, sheet)
        travellers_sheet(book, sheet)
    rulings_sheet(book, event, sheets)
    buffer = io.BytesIO()
    book.save(buffer)
    return Export(filename_for(event, "standings", "xlsx"), CONTENT_TYPE, buffer.getvalue())
