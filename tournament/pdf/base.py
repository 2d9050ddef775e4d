"""The one base renderer: page geometry, fonts, styles, the header, the footer and the tables.

Every printed document of a night (standings, recaps, travellers, the match sheet, guide
cards, score pads) is a subclass that only builds its *story*, the flowables of its pages,
from the rows of :mod:`tournament.reports` or the engine's own values. Everything a reader
sees on every page lives here, in one place: the club's paper size (A4 or Letter), the DejaVu
fonts with the suit symbols, the header (club, event, date, document) and the footer
"page x of y", drawn in a second pass by :class:`NumberedCanvas` once the page count is known.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, ClassVar
from xml.sax.saxutils import escape

from django.utils.text import slugify
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas
from reportlab.platypus import Flowable, LongTable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from scoring.contests.pairs import natural_key
from scoring.shared.numbers import mixed_text, round_half_away

from ..models import Club, Event, Section
from ..reports.common import RED as RED_STRAINS
from ..reports.common import SYMBOLS, contract_pieces
from ..reports.rulings import RulingNote
from ..scores.standings import score_section
from ..scores.types import SectionScores
from .drawing import NOT_CELL_STYLE, NumberedCanvas, Runs, WordsTable, column_runs, house_cell
from .fonts import BOLD, MONO, SANS, register_fonts

CONTENT_TYPE = "application/pdf"
PAPER = {Club.PaperSize.A4: A4, Club.PaperSize.LETTER: LETTER}
MARGIN = 15 * mm
TOP = 24 * mm  # room for the two header lines and their rule
BOTTOM = 16 * mm  # room for the footer

INK = colors.black
RED = colors.HexColor("#b00000")  # hearts and diamonds; prints as a dark grey in black and white
RULE = colors.HexColor("#777777")
GRID = colors.HexColor("#9a9a9a")
SHADE = colors.HexColor("#e4e4e4")  # header rows
STRIPE = colors.HexColor("#f4f4f4")  # every other body row, light enough for any printer

MINUS = "−"


# --- numbers and words as the sheets print them --------------------------------------------------


def signed(value: Fraction | int | None) -> str:
    """+50, −30 1/3, 0: a plus/minus figure, exact, with a true minus sign (as the screens show it)."""
    if value is None:
        return ""
    value = Fraction(value)
    text = mixed_text(value)
    return f"+{text}" if value > 0 else text.replace("-", MINUS)


def rounded(value: Fraction | int | None) -> str:
    """The whole figure shown, signed, halves away from zero (reading R-7)."""
    return "" if value is None else signed(round_half_away(Fraction(value)))


def plain(value: Fraction | int | None) -> str:
    """An exact figure without a plus sign: "183 1/3", "−40", "" for nothing."""
    return "" if value is None else mixed_text(value).replace("-", MINUS)


def fit(text: str, font: str, size: float, room: float) -> str:
    """``text`` cut with an ellipsis to fit ``room`` points, for the one-line header."""
    if stringWidth(text, font, size) <= room:
        return text
    while text and stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


# reportlab re-wraps what is left of a paragraph at every page break, so one paragraph of n
# characters costs about n² (a 1 MB note once took a quarter of an hour). Text is laid out in
# pieces of at most this many characters: each piece is wrapped once, the cost stays linear.
PIECE = 1000


def pieces(text: str, size: int | None = None) -> list[str]:
    """``text`` cut into pieces of at most ``size`` (``PIECE``) characters, at a space where there is one."""
    size = size or PIECE
    found = []
    while len(text) > size:
        cut = text.rfind(" ", size // 2, size)
        cut = cut if cut > 0 else size
        found.append(text[:cut])
        text = text[cut:].lstrip(" ")
    return [*found, text] if text or not found else found


def suit_markup(code: str) -> str:
    """A strain code as paragraph markup: ♥ and ♦ in red, R♠ for royal spades, NT for no trump."""
    symbol = SYMBOLS.get(code, escape(code))
    return f'<font color="{RED.hexval()}">{symbol}</font>' if code in RED_STRAINS else symbol


def contract_markup(text: str) -> str:
    """ "3HX" as 3♥X (red), "2R" as 2R♠, a whist trump "H" as ♥; words ("Passed out") as they are."""
    pieces = contract_pieces(text)
    if pieces is None:
        return escape(text)
    level, strain, doubling = pieces
    return f"{level}{suit_markup(strain)}{escape(doubling)}"


# A whist trump suit turned is written as a contract's strain is.
trumps_markup = contract_markup


def contract_cell(text: str, room: float) -> Flowable | str:
    """A contract or trump suit for a table cell of ``room`` points in the "cell" style, as cheap
    as it can be drawn: a plain string when it has no red suit, :class:`Runs` when it has, and a
    paragraph of :func:`contract_markup` (which wraps) only for words too long for one line."""
    size, leading = 8.5, 10  # the "cell" style's
    pieces = contract_pieces(text)
    if pieces is None:
        if stringWidth(text, SANS, size) > room:
            return Paragraph(contract_markup(text), styles()["cell"])
        return text
    level, strain, doubling = pieces
    symbol = SYMBOLS.get(strain, strain)
    if strain not in RED_STRAINS:
        return f"{level}{symbol}{doubling}"
    return Runs([(level, INK), (symbol, RED), (doubling, INK)], size=size, leading=leading)


def row_notes(where: str, rulings: Iterable[RulingNote], others: Iterable[str], problem: str) -> list[str]:
    """The notes of one row of a recap or traveller, each after ``where``: the rulings with their
    law, what else the game says of the row (``others``: an irregular hand, an assigned result),
    and why it is not counted yet. Every game's recaps and travellers print their notes so."""
    notes = [f"{where}: {note.text}" for note in rulings]
    notes += [f"{where}: {words}" for words in others if words]
    if problem:
        notes.append(f"{where}: not counted yet — {problem}")
    return notes


DIRECTION_FIRST = {"NS": 0, "EW": 1}


def pair_order(label: str) -> tuple[object, ...]:
    """Cards and recaps in a director's order: a Mitchell's N-S pairs ("1NS" … "5NS") before its
    E-W pairs ("1EW" …); Howell and team pairs ("1" … "10", "A1" … "B2") in natural order.
    """
    return (DIRECTION_FIRST.get(re.sub(r"\d+", "", label), 2), natural_key(label))


# --- styles ---------------------------------------------------------------------------------------


@functools.cache
def styles() -> dict[str, ParagraphStyle]:
    """The paragraph styles every document shares, built once the fonts are registered."""
    register_fonts()
    body = ParagraphStyle("body", fontName=SANS, fontSize=9, leading=11.5, textColor=INK)
    return {
        "body": body,
        "title": ParagraphStyle("title", body, fontName=BOLD, fontSize=16, leading=20, spaceAfter=3 * mm),
        "heading": ParagraphStyle(
            "heading", body, fontName=BOLD, fontSize=12, leading=15, spaceBefore=3 * mm, spaceAfter=1.5 * mm
        ),
        "subheading": ParagraphStyle(
            "subheading", body, fontName=BOLD, fontSize=10, leading=13, spaceBefore=2 * mm, spaceAfter=1 * mm
        ),
        "small": ParagraphStyle("small", body, fontSize=7.5, leading=9.5),
        "note": ParagraphStyle("note", body, fontSize=8, leading=10, leftIndent=3 * mm, spaceAfter=0.8 * mm),
        "cell": ParagraphStyle("cell", body, fontSize=8.5, leading=10),
        "cell_bold": ParagraphStyle("cell_bold", body, fontName=BOLD, fontSize=8.5, leading=10),
        "cell_head_right": ParagraphStyle(
            "cell_head_right", body, fontName=BOLD, fontSize=8.5, leading=10, alignment=TA_RIGHT
        ),
        "cell_center": ParagraphStyle("cell_center", body, fontSize=8.5, leading=10, alignment=TA_CENTER),
        "hand": ParagraphStyle("hand", body, fontSize=9, leading=11.5),
        "mono": ParagraphStyle("mono", body, fontName=MONO, fontSize=8, leading=10),
        # the table cards (tablecards.py): read from across the table
        "card_table": ParagraphStyle("card_table", body, fontName=BOLD, fontSize=54, leading=60),
        "card_section": ParagraphStyle("card_section", body, fontName=BOLD, fontSize=20, leading=24),
        "card_event": ParagraphStyle("card_event", body, fontName=BOLD, fontSize=13, leading=16),
        "card_pin": ParagraphStyle("card_pin", body, fontName=BOLD, fontSize=26, leading=30),
        "cell_card": ParagraphStyle("cell_card", body, fontSize=10, leading=12),
    }


# --- the base renderer ----------------------------------------------------------------------------


class DocumentUnavailable(Exception):
    """A document that does not exist for this event (a match sheet for a pair contest, say)."""


class PdfRenderer:
    """A printed document of one event: subclasses name it and build its story.

    ``render()`` returns ``(filename, content_type, bytes)``. The output is invariant (no
    timestamps), so the same night always prints the same bytes.
    """

    slug: ClassVar[str] = ""
    title: ClassVar[str] = ""
    description: ClassVar[str] = ""
    # A secret document holds the tables' keys (the table cards): only the club's directors and
    # scorers may print it, even of a published night.
    secret: ClassVar[bool] = False

    def __init__(self, event: Event, *, base_url: str = "") -> None:
        """``base_url`` is the site's address as the phones reach it, for a document that prints links."""
        self.event = event
        self.base_url = base_url
        self.club = event.club
        self.pagesize = PAPER.get(self.club.paper_size, A4)
        self.styles = styles()

    @classmethod
    def unavailable(cls, event: Event) -> str:
        """Why this document does not exist for ``event``; "" when it does."""
        return ""

    # -- what subclasses write --

    def story(self) -> list[Flowable]:
        """The flowables of the document, page after page."""
        raise NotImplementedError

    # -- output --

    @property
    def filename(self) -> str:
        name = slugify(self.event.name) or "event"
        return f"{self.club.slug}-{self.event.date:%Y-%m-%d}-{name}-{self.slug}.pdf"

    def render(self) -> tuple[str, str, bytes]:
        """Lay out the story on the club's paper and return (filename, content type, PDF bytes)."""
        reason = self.unavailable(self.event)
        if reason:
            raise DocumentUnavailable(reason)
        buffer = io.BytesIO()
        document = SimpleDocTemplate(
            buffer,
            pagesize=self.pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=TOP,
            bottomMargin=BOTTOM,
            title=f"{self.title}: {self.event.name}",
            author=self.club.name,
            subject=f"{self.event.get_game_display()}, {self.date_text}",
            creator="Duplicate Bridge, Auction & Whist",
            invariant=True,
            initialFontName=SANS,  # otherwise every page names Helvetica, a font the PDF does not embed
        )
        document.build(self.story(), canvasmaker=functools.partial(NumberedCanvas, decorate=self.decorate))
        return self.filename, CONTENT_TYPE, buffer.getvalue()

    # -- every page --

    @property
    def date_text(self) -> str:
        return f"{self.event.date:%A} {self.event.date.day} {self.event.date:%B %Y}"

    @property
    def width(self) -> float:
        """The width of the text frame, between the margins."""
        return float(self.pagesize[0] - 2 * MARGIN)

    def decorate(self, page: canvas.Canvas, number: int, total: int) -> None:
        """The header (club, event, date, document) and the footer "page x of y"."""
        width, height = self.pagesize
        top = height - 11 * mm
        room = self.width - 62 * mm  # what the date and the document's title on the right leave
        page.saveState()
        page.setFillColor(INK)
        page.setFont(BOLD, 10)
        page.drawString(MARGIN, top, fit(self.club.name, BOLD, 10, room))
        page.setFont(SANS, 9)
        page.drawRightString(width - MARGIN, top, self.date_text)
        page.drawString(MARGIN, top - 4.6 * mm, fit(self.event.name, SANS, 9, room))
        page.setFont(BOLD, 9)
        page.drawRightString(width - MARGIN, top - 4.6 * mm, self.title)
        page.setStrokeColor(RULE)
        page.setLineWidth(0.6)
        page.line(MARGIN, top - 6.8 * mm, width - MARGIN, top - 6.8 * mm)
        page.line(MARGIN, 12 * mm, width - MARGIN, 12 * mm)
        page.setFont(SANS, 8)
        footer = f"{self.event.get_game_display()} · {self.event.get_form_display()}"
        if self.event.reopened:  # reopened for corrections: the figures may still change
            footer += " · Provisional: being corrected"
        page.drawString(MARGIN, 8 * mm, footer)
        page.drawCentredString(width / 2, 8 * mm, f"page {number} of {total}")
        page.restoreState()

    # -- the night's figures --

    @functools.cached_property
    def sections(self) -> list[Section]:
        return list(self.event.sections.all())

    @functools.cached_property
    def sheets(self) -> list[SectionScores]:
        """Every section scored by the engine: a fixed number of queries a section."""
        return [score_section(section) for section in self.sections]

    def section_title(self, section: Section) -> str:
        """ "Section A" when the event has several sections, "" otherwise."""
        return f"Section {section.letter}" if len(self.sections) > 1 else ""

    # -- building blocks --

    def para(self, markup: str, style: str = "body") -> Paragraph:
        """A paragraph of trusted markup (escape any data first, or use :meth:`text`)."""
        return Paragraph(markup, self.styles[style])

    def text(self, words: str, style: str = "body") -> Paragraph:
        """A paragraph of plain words, escaped."""
        return Paragraph(escape(words), self.styles[style])

    def notes(self, lines: Iterable[str], style: str = "note") -> list[Flowable]:
        """Plain lines of explanation, one paragraph each (a long one in pieces: see ``PIECE``)."""
        return [self.text(piece, style) for line in lines for piece in pieces(line)]

    def gap(self, height: float = 3 * mm) -> Spacer:
        return Spacer(1, height)

    def layout(self, rows: Sequence[Sequence[Any]], widths: Sequence[float], *, padding: float = 0) -> Table:
        """An unruled table that only places things side by side (widths in points), top-aligned.

        Its font is set even where a cell is empty: reportlab would otherwise name Helvetica,
        which the PDF does not embed.
        """
        table = Table([list(row) for row in rows], colWidths=list(widths))
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), SANS, 9, 11),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), padding),
                    ("RIGHTPADDING", (0, 0), (-1, -1), padding),
                    ("TOPPADDING", (0, 0), (-1, -1), padding / 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), padding / 2),
                ]
            )
        )
        return table

    def table(
        self,
        rows: Sequence[Sequence[Any]],
        widths: Sequence[float],
        *,
        numeric: Iterable[int] = (),
        centred: Iterable[int] = (),
        header_rows: int = 1,
        stripes: bool = True,
        extra: Iterable[tuple[Any, ...]] = (),
        font_size: float = 8.5,
    ) -> LongTable:
        """A ruled table in the house style: shaded bold header repeated on every page, thin grid,
        striped rows, numbers right-aligned. ``widths`` are fractions of the frame width.
        """
        extra = list(extra)
        numeric, centred = set(numeric), set(centred)
        data = [list(row) for row in rows]
        # The cells' font, padding and alignment are a few shared styles, given to the table made,
        # rather than commands it applies to each of its cells in turn (a night's recap sheets are
        # tens of thousands of cells). reportlab changes a cell's style in place, so a table whose
        # ``extra`` commands style cells gets styles of its own and the commands, as before.
        shared = all(command[0] in NOT_CELL_STYLE for command in extra)
        cell_styles = None
        if shared:
            body = [
                house_cell(SANS, font_size, "CENTER" if c in centred else "RIGHT" if c in numeric else "LEFT")
                for c in range(len(widths))
            ]
            head = [house_cell(BOLD, font_size, style.alignment) for style in body]
            cell_styles = [list(head if index < header_rows else body) for index in range(len(data))]
        # LongTable measures its rows once; a plain Table re-measures all the rows left at every
        # page break, which makes a long standings list cost the square of its length.
        table = WordsTable(
            data,
            colWidths=[fraction * self.width for fraction in widths],
            repeatRows=header_rows,
            cellStyles=cell_styles,
        )
        commands: list[tuple[Any, ...]] = [
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("BOX", (0, 0), (-1, -1), 0.8, INK),
        ]
        if stripes:
            commands.append(("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, STRIPE]))
        if not shared:
            commands += [
                ("FONT", (0, 0), (-1, -1), SANS, font_size, font_size + 1.5),
                ("FONT", (0, 0), (-1, header_rows - 1), BOLD, font_size, font_size + 1.5),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ]
            # one command a run of neighbouring columns: each command is applied cell by cell
            commands += [("ALIGN", (first, 0), (last, -1), "RIGHT") for first, last in column_runs(numeric)]
            commands += [("ALIGN", (first, 0), (last, -1), "CENTER") for first, last in column_runs(centred)]
        table.setStyle(TableStyle([*commands, *extra]))
        return table
