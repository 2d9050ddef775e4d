"""The cells and the sheet every workbook is written with, whatever the game.

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

from ..models import Club, Event
from .base import safe_text

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
