"""How the documents draw: cheap lines of coloured text, a table that writes its words in one go,
the house style of a table's cells, and the canvas that numbers the pages once it knows their count.

The renderers (:mod:`tournament.pdf.base`) lay out their stories with these; nothing here knows
a night, a game or a figure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas
from reportlab.platypus import Flowable, LongTable
from reportlab.platypus.tables import CellStyle

from .fonts import SANS


class Runs(Flowable):
    """One line of text in pieces of their own colour ("3", a red "♥", "X"), drawn straight on the
    canvas: what a one-line paragraph of ``contract_markup`` prints, for a fraction of its cost
    (a night's recap sheets hold thousands of contracts). Its width is the text's, so a table
    column's ALIGN places it as it places a string.
    """

    def __init__(self, runs: Sequence[tuple[str, colors.Color]], *, size: float, leading: float) -> None:
        super().__init__()
        self.runs = list(runs)
        self.size, self.leading = size, leading
        self.widths = [stringWidth(text, SANS, size) for text, _ in self.runs]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = sum(self.widths), self.leading
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setFont(SANS, self.size)
        x, baseline = 0.0, self.leading - self.size  # where a one-line paragraph puts its baseline
        for (text, colour), width in zip(self.runs, self.widths, strict=True):
            canvas.setFillColor(colour)
            canvas.drawString(x, baseline, text)
            x += width


def column_runs(columns: Iterable[int]) -> list[tuple[int, int]]:
    """Columns as runs of neighbours, in order: (0, 1, 2, 5, 7, 8) → [(0, 2), (5, 5), (7, 8)]."""
    runs: list[tuple[int, int]] = []
    for column in sorted(set(columns)):
        if runs and runs[-1][1] == column - 1:
            runs[-1] = (runs[-1][0], column)
        else:
            runs.append((column, column))
    return runs


# Table commands that style no cell (backgrounds, rules, spans): a table may share its cells' styles.
NOT_CELL_STYLE = frozenset(
    {
        "BACKGROUND",
        "ROWBACKGROUNDS",
        "COLBACKGROUNDS",
        "SPAN",
        "NOSPLIT",
        "GRID",
        "BOX",
        "OUTLINE",
        "INNERGRID",
        "LINEBELOW",
        "LINEABOVE",
        "LINEBEFORE",
        "LINEAFTER",
    }
)


def house_cell(font: str, size: float, alignment: str) -> CellStyle:
    """A ruled table's cell in the house style: the font, middle-aligned, the house's padding."""
    style = CellStyle(f"{font}-{size}-{alignment}")
    style.fontname, style.fontsize, style.leading = font, size, size + 1.5
    style.valign, style.alignment = "MIDDLE", alignment
    style.topPadding, style.bottomPadding, style.leftPadding, style.rightPadding = 1.6, 2.2, 3, 3
    return style


# --- a table that writes its words in one go ------------------------------------------------------


class WordsTable(LongTable):
    """A LongTable that writes its plain-text cells into one PDF text object, in the order
    reportlab draws them, instead of one text object (with its own state changes) a cell.

    What a reader sees is the same; a night's recap sheets hold tens of thousands of cells, and
    writing each one through the canvas was a quarter of their time. A cell that is not a plain
    string (a paragraph, a drawing) ends the text object before it is drawn, so every cell still
    appears in the page's order of drawing (``pdftotext -raw`` reads a row as its cells).
    """

    _words: Any = None

    def draw(self) -> None:
        self._words = None
        super().draw()

    def _drawLines(self) -> None:
        self._flush_words()
        super()._drawLines()

    def _flush_words(self) -> None:
        if self._words is not None:
            self.canv.drawText(self._words)
            self._words = None
            self._curcellstyle = None  # the canvas's font and colour are set again by the next cell

    def _drawCell(
        self, cellval: Any, cellstyle: Any, pos: tuple[float, float], size: tuple[float, float]
    ) -> None:
        plain_text = isinstance(cellval, str) and not (
            cellstyle.href or cellstyle.destination or cellstyle.direction or cellstyle.shaping
        )
        if not plain_text or cellstyle.alignment not in ("LEFT", "RIGHT", "CENTRE", "CENTER"):
            self._flush_words()
            super()._drawCell(cellval, cellstyle, pos, size)
            return
        if not cellval:
            return
        words = self._words
        if words is None:
            words = self._words = self.canv.beginText()
            self._words_style = None
        # every cell has a style object of its own: compare what the text object is told
        current = self._words_style
        if current is None or cellstyle.color != current.color:
            words.setFillColor(cellstyle.color)
        if current is None or (cellstyle.fontname, cellstyle.fontsize, cellstyle.leading) != (
            current.fontname,
            current.fontsize,
            current.leading,
        ):
            words.setFont(cellstyle.fontname, cellstyle.fontsize, cellstyle.leading)
        self._words_style = cellstyle
        (left, bottom), (width, height) = pos, size
        lines = cellval.split("\n")
        leading, font_size = cellstyle.leading, cellstyle.fontsize
        if cellstyle.valign == "BOTTOM":
            y = bottom + cellstyle.bottomPadding + len(lines) * leading - font_size
        elif cellstyle.valign == "TOP":
            y = bottom + height - cellstyle.topPadding - font_size
        else:
            y = (
                bottom
                + (cellstyle.bottomPadding + height - cellstyle.topPadding + len(lines) * leading) / 2
                - font_size
            )
        for line in lines:
            if cellstyle.alignment == "LEFT":
                x = left + cellstyle.leftPadding
            else:
                room = stringWidth(line, cellstyle.fontname, font_size)
                if cellstyle.alignment == "RIGHT":
                    x = left + width - cellstyle.rightPadding - room
                else:
                    x = left + (width + cellstyle.leftPadding - cellstyle.rightPadding) / 2 - room / 2
            words.setTextOrigin(x, y)
            words.textOut(line)
            y -= leading


# --- the canvas that knows the page count ---------------------------------------------------------


class NumberedCanvas(canvas.Canvas):
    """A canvas that keeps every page until the end, then draws header and footer on each.

    Only when the story has been laid out is the number of pages known; ``decorate`` is
    called with (canvas, page number, page count) for every page in this second pass.
    """

    def __init__(
        self, *args: Any, decorate: Callable[[canvas.Canvas, int, int], None], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self._decorate = decorate
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._decorate(self, self._pageNumber, total)
            super().showPage()
        super().save()
