"""Hand records: the four hands of every board, as clubs hand them out after the night.

One block a board, kept on one page: the hand diagram (North at the top, the dealer named),
each seat's double-dummy tricks in ♣ ♦ ♥ ♠ NT from the DDS solver (royals take the spade
tricks), and at whist the trump turned up. The hands and the tricks come from the same
rows as the travellers (``reports.hand_diagram``), so the two documents cannot disagree. At
contract bridge each board also shows its vulnerability (Law 2) and its par (each game's marks
are its own: ``games.of(event).board_marks``).
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepInFrame, PageBreak, Table, TableStyle

from .. import games
from ..models import Board, Event
from ..reports import hand_diagram
from .base import BOTTOM, TOP, DocumentUnavailable, trumps_markup
from .fonts import SANS
from .travellers import SEAT_NAMES, TravellersPdf

# Boards a page, as clubs hand them out: four (two by two, each board large enough to read across
# the table after the night, the usual sheet) or six (two by three, fewer sheets for a long night).
PER_PAGE = (4, 6)
DEFAULT_PER_PAGE = 4
_ROOM_FOR_TITLES = 18 * mm  # the document's title and a section's heading above the first row


class HandRecordsPdf(TravellersPdf):
    """Hand records: every board's four hands and its double-dummy tricks, 4 or 6 boards a page."""

    slug = "handrecords"
    title = "Hand records"
    description = "The four hands of every board, with each side's double-dummy tricks in every strain."

    def __init__(self, event: Event, *, base_url: str = "", per_page: int = DEFAULT_PER_PAGE) -> None:
        super().__init__(event, base_url=base_url)
        if per_page not in PER_PAGE:
            raise DocumentUnavailable(f"Hand records print 4 or 6 boards a page, not {per_page}.")
        self.per_page = per_page

    @classmethod
    def unavailable(cls, event: Event) -> str:
        if not event.is_locked:
            return (
                "The hand records are printed once the event is closed: until then a table could see "
                "the cards of a board it has still to play."
            )
        if not Board.objects.filter(section__event=event).exclude(hands="").exists():
            return "No board of this event has its deal yet: deal or import them on the hand-records page."
        return ""

    def story(self) -> list[Flowable]:
        story: list[Flowable] = [self.text(f"Hand records — {self.event.name}", "title")]
        for index, section in enumerate(self.sections):
            if index:
                story.append(PageBreak())
            title = self.section_title(section)
            if title:
                story.append(self.text(title, "heading"))
            cells = [cell for board in section.boards.exclude(hands="") if (cell := self.board_cell(board))]
            for start in range(0, len(cells), self.per_page):
                if start:
                    story.append(PageBreak())
                story.append(self.page_of(cells[start : start + self.per_page]))
        return story

    def page_of(self, cells: list[list[Flowable]]) -> Flowable:
        """One page's boards, two a row, each in a cell of the same size, shrunk to fit it if need be."""
        rows = self.per_page // 2
        height = (float(self.pagesize[1]) - TOP - BOTTOM - _ROOM_FOR_TITLES) / rows
        width = self.width / 2
        framed: list[Flowable | str] = [
            KeepInFrame(width - 4 * mm, height - 3 * mm, cell, mode="shrink") for cell in cells
        ]
        framed += [""] * (self.per_page - len(framed))
        grid = Table(
            [framed[row * 2 : row * 2 + 2] for row in range(rows)],
            colWidths=[width] * 2,
            rowHeights=[height] * rows,
        )
        grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONT", (0, 0), (-1, -1), SANS, 9)]))
        return grid

    def board_cell(self, board: Board) -> list[Flowable] | None:
        """A board: its heading, four hands, double-dummy tricks, par (contract) or trumps (whist)."""
        diagram = hand_diagram(board)
        if diagram is None:
            return None
        heading = f"Board {board.number} · dealer {SEAT_NAMES.get(board.dealer, board.dealer)}"
        marks, parts = games.of(self.event).board_marks(self, board, diagram.analysis_coming)
        heading += marks
        if diagram.trumps:
            turned = f" (the {board.turned} turned up)" if board.turned else ""
            parts.append(self.para(f"Trumps {trumps_markup(diagram.trumps)}{turned}", "small"))
        return [self.text(heading, "heading"), self.diagram(diagram), *self.tricks(diagram), *parts]
