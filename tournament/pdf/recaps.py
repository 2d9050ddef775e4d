"""Recap sheets: each pair's personal score card, one page-group a pair, to hand out.

Every deal the pair played, in the order played: round, table, board, direction, opponents,
contract (with suit symbols), declarer, tricks, the score credited, the average it was
compared with (Law H), plus or minus on the deal and the running total. Under the table,
every ruling and irregular-hand outcome that touched a deal, each with its law, and a small
bar chart of the pair's plus or minus deal by deal. A team match prints each pair's gross
and running gross instead (Law G: there is no average). A contract bridge pair's recap prints
each board's vulnerability, contract, result, score and its matchpoints (with the top) or IMPs,
and the running total: each game's recap is its own (``games.of(event).recap_story``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from reportlab.graphics.charts.utils import nextRoundNumber
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, PageBreak

from scoring.shared.seats import Side

from .. import games
from ..models import Event, Pair
from ..reports import (
    NotPlayed,
    RecapLine,
    StandingRow,
    not_played_by_pair,
    not_played_rows,
    recap_rows,
    standings_rows,
)
from ..scores.types import SectionScores
from .base import MINUS, RED, PdfRenderer, contract_cell, pair_order, plain, rounded, row_notes, signed
from .fonts import SANS

PLUS = colors.HexColor("#4a4a4a")  # bars print in greys, so a black-and-white copy still reads
_START = (("Rnd", 0.05), ("Tbl", 0.05), ("Bd", 0.06), ("Sat", 0.06), ("Against", 0.09))
# (heading, width as a fraction of the line) for a pair contest, Duplicate Whist and a team match
PAIRS = (
    *_START,
    ("Contract", 0.1),
    ("By", 0.05),
    ("Tricks", 0.07),
    ("Score", 0.1),
    ("Average", 0.13),
    ("±", 0.11),
    ("Running", 0.13),
)
WHIST = (*_START, ("Trumps", 0.1), ("Tricks won", 0.12), ("Average", 0.16), ("±", 0.13), ("Running", 0.18))
TEAM = (
    *_START,
    ("Contract", 0.13),
    ("By", 0.06),
    ("Tricks", 0.08),
    ("Net", 0.13),
    ("Gross", 0.13),
    ("Running", 0.16),
)


class RecapsPdf(PdfRenderer):
    """Recap sheets: one page-group per pair, with notes, laws and a ± chart."""

    slug = "recaps"
    title = "Recap sheets"
    description = "Each pair's score card: every deal, the average, ± and running total, rulings, a chart."

    def __init__(
        self,
        event: Event,
        *,
        base_url: str = "",
        pair: Pair | None = None,
        sheets: list[SectionScores] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        """Every pair's recap, or only ``pair``'s (the one emailed to its players). ``sheets``, when
        given, are the event's sections already scored, shared by many single-pair recaps.
        ``progress``, when given, is told how many pairs' pages are laid out, as they are."""
        super().__init__(event, base_url=base_url)
        self.pair = pair
        self.progress = progress
        if sheets is not None:
            self.__dict__["sheets"] = sheets  # the cached property, filled in advance

    @property
    def filename(self) -> str:
        whole = super().filename
        return whole if self.pair is None else whole.removesuffix(".pdf") + f"-pair-{self.pair.label}.pdf"

    def story(self) -> list[Flowable]:
        story: list[Flowable] = []
        laid_out = 0
        for sheet in self.sheets:
            standings = self.standings(sheet)
            unplayed = not_played_by_pair(not_played_rows(sheet))  # once a section, not once a pair
            for pair in sorted(
                (
                    p
                    for p in sheet.pairs.values()
                    if not p.is_phantom and (self.pair is None or p.pk == self.pair.pk)
                ),
                key=lambda p: pair_order(p.label),
            ):
                if story:
                    story.append(PageBreak())
                story += self.recap(sheet, pair, standings)
                story += self.not_played(unplayed.get(pair.label, []))
                if self.progress is not None:
                    laid_out += 1
                    story.append(Reached(laid_out, self.progress))
        return story or [self.text("This event has no pairs yet.")]

    @staticmethod
    def standings(sheet: SectionScores) -> dict[str, list[tuple[str, StandingRow, int]]]:
        """Each pair's places, computed once for the whole sheet: (table, row, pairs in it)."""
        places: dict[str, list[tuple[str, StandingRow, int]]] = {}
        for name, direction in (("N-S", Side.NS), ("E-W", Side.EW), ("Overall", None)):
            rows = standings_rows(sheet, direction)
            for row in rows:
                places.setdefault(row.pair, []).append((name, row, len(rows)))
        return places

    @property
    def unit(self) -> str:
        return games.of(self.event).unit

    def recap(
        self, sheet: SectionScores, pair: Pair, standings: dict[str, list[tuple[str, StandingRow, int]]]
    ) -> list[Flowable]:
        section = self.section_title(sheet.section)
        story: list[Flowable] = [
            self.text(f"Recap — pair {pair.label}" + (f", {section.lower()}" if section else ""), "title"),
            self.text(pair.names, "subheading"),
        ]
        return story + games.of(self.event).recap_story(self, sheet, pair, standings)

    def deals_recap(
        self, sheet: SectionScores, pair: Pair, standings: dict[str, list[tuple[str, StandingRow, int]]]
    ) -> list[Flowable]:
        """A pair's places, every deal it played with its ± (Law H) or gross (Law G), notes, a chart."""
        game = games.of(self.event)
        story: list[Flowable] = []
        rows = recap_rows(sheet, pair.label)
        places = standings.get(pair.label, [])
        if places:
            story.append(self.text(self.places_text(places), "body"))
        if game.team_match(sheet) is not None:
            story.append(self.text(self.team_text(sheet, pair), "body"))
        if not rows:
            return [*story, self.gap(), self.text("No result of this pair is recorded yet.")]
        story += [self.gap(2 * mm), self.deals_table(rows)]
        story += self.notes_for(rows)
        if game.pair_contest(sheet) is not None:
            played = [row for row in rows if row.difference is not None]
            bars = [(row.board, row.difference or Fraction(0)) for row in played]
            story.append(
                KeepTogether(
                    [
                        self.gap(),
                        self.text(f"± {self.unit} deal by deal", "subheading"),
                        self.chart(bars, "Board number, in the order played"),
                    ]
                )
            )
        return story

    def not_played(self, rows: list[NotPlayed]) -> list[Flowable]:
        """The boards the pair did not play, and the ruling that scores each (Laws 12C2, 78A, B (3))."""
        if not rows:
            return []
        return [self.text("Boards not played", "subheading"), *self.notes([row.text for row in rows])]

    def places_text(self, places: list[tuple[str, StandingRow, int]]) -> str:
        """ "N-S: rank 1 of 5, +834 points (exactly +834 2/5); Overall: rank 1 of 10, +834 points (...)." """
        parts = []
        for name, row, count in places:
            exact = f" (exactly {signed(row.score)})" if row.exact else ""
            parts.append(f"{name}: rank {row.rank_text} of {count}, {rounded(row.score)} {self.unit}{exact}")
        return "; ".join(parts) + "."

    @staticmethod
    def team_text(sheet: SectionScores, pair: Pair) -> str:
        """The pair's gross and what its team made of it (Law G: gross scores, no average)."""
        match = games.of(sheet.event).team_match(sheet)
        if match is None:
            return ""
        for team, other in ((match.first, match.second), (match.second, match.first)):
            mine = next((total for total in team.pairs if total.pair == pair.label), None)
            if mine is not None:
                return (
                    f"Plays {mine.direction.label} for {team.team}: {mine.points} {match.unit} gross; "
                    f"{team.team} {team.total}, {other.team} {other.total} (Law G: team totals add gross "
                    f"scores)."
                )
        return "This pair's deals are not yet in the match: it is scored once each deal is in at every table."

    # -- the table of deals --

    def deals_table(self, rows: list[RecapLine]) -> Flowable:
        declares = games.of(self.event).declares
        noted = {row.board for row in rows if row.rulings or row.irregular or row.problem}
        head, widths = zip(*(TEAM if self.event.is_teams else PAIRS if declares else WHIST), strict=True)
        body: list[list[object]] = [list(head)]
        room = widths[5] * self.width - 6  # the contract's (or trump suit's) column, less its padding
        for row in rows:
            board = f"{row.board}*" if row.board in noted else str(row.board)
            start = [str(row.round), str(row.table), board, row.direction, row.opponents]
            if not declares:
                body.append(
                    [
                        *start,
                        contract_cell(row.contract, room),
                        plain(row.score),
                        plain(row.average),
                        signed(row.difference),
                        signed(row.running),
                    ]
                )
                continue
            tricks = "" if row.tricks is None else str(row.tricks)
            middle = [contract_cell(row.contract, room), row.declarer, tricks]
            if self.event.is_teams:
                body.append([*start, *middle, plain(row.net), plain(row.score), plain(row.running)])
            else:
                body.append(
                    [
                        *start,
                        *middle,
                        plain(row.score),
                        plain(row.average),
                        signed(row.difference),
                        signed(row.running),
                    ]
                )
        first_number = 7 if declares else 6  # tricks and every figure after them
        centred = (0, 1, 2, 3, 4) if declares else (0, 1, 2, 3, 4, 5)  # whist: the trump suit too
        return self.table(body, widths, numeric=range(first_number, len(head)), centred=centred)

    def notes_for(self, rows: list[RecapLine]) -> list[Flowable]:
        notes = []
        for row in rows:
            where = f"Board {row.board} (round {row.round}, table {row.table})"
            notes += row_notes(where, row.rulings, [row.irregular], row.problem)
        if not notes:
            return []
        return [self.text("* Rulings and irregular hands on these deals", "subheading"), *self.notes(notes)]

    # -- the chart --

    def chart(self, bars: list[tuple[int, Fraction]], caption: str) -> BarChart:
        """Bars of the pair's figure on each deal, in the order played, labelled by board number."""
        return BarChart(bars, caption, self.width)


class Reached(Flowable):
    """Nothing on the page: tells ``progress`` that ``count`` pairs' pages are laid out, when the
    frame reaches it (a frame action: it takes no room and is never drawn)."""

    def __init__(self, count: int, progress: Callable[[int], None]) -> None:
        super().__init__()
        self.count, self.progress = count, progress

    def frameAction(self, frame: Any) -> None:
        self.progress(self.count)


class BarChart(Flowable):
    """A pair's plus or minus deal by deal: a bar a deal (grey above the average, red below),
    the board numbers under them, a value axis with its ticks, labels and light grid, the zero
    line that marks the average, and a caption.

    Drawn with the canvas's own lines, rectangles and one text object: a chart a pair, 240 on a
    big night, costs a fraction of what ``reportlab.graphics``' bar chart widget does (its
    widgets, labels and attribute checks were once half the recap sheets' time). The axis steps
    are the widget's: a round number (1, 2, 5 × 10ⁿ), at most seven ticks, ten points apart.
    """

    HEIGHT = 48 * mm
    FONT_SIZE = 7
    GRID = colors.HexColor("#d0d0d0")

    def __init__(self, bars: list[tuple[int, Fraction]], caption: str, width: float) -> None:
        super().__init__()
        # Floats here are drawing geometry only: every printed figure stays exact.
        self.bars = [(str(board), float(value)) for board, value in bars]
        self.caption = caption
        self.width, self.height = width, self.HEIGHT

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    @staticmethod
    def ticks(low: float, high: float, length: float) -> list[float]:
        """The value axis's ticks between ``low`` and ``high`` over ``length`` points."""
        step = nextRoundNumber((high - low) / min(6.0, length / 10))
        first = math.ceil(low / step - 1e-9)
        last = math.floor(high / step + 1e-9)
        return [round(k * step, 10) for k in range(first, last + 1)]

    @staticmethod
    def label(value: float) -> str:
        return f"{value:+g}".replace("-", MINUS) if value else "0"

    def draw(self) -> None:
        canvas = self.canv
        left, bottom = 14 * mm, 8 * mm
        width, height = self.width - 16 * mm, self.height - 12 * mm
        values = [value for _, value in self.bars]
        low, high = min([0.0, *values]), max([0.0, *values])
        margin = (high - low) / 10 or 1.0
        low, high = low - margin, high + margin

        def y(value: float) -> float:
            return bottom + height * (value - low) / (high - low)

        ticks = self.ticks(low, high, height)
        canvas.saveState()
        canvas.setLineWidth(0.3)
        canvas.setStrokeColor(self.GRID)
        canvas.lines([(left, y(tick), left + width, y(tick)) for tick in ticks])
        canvas.setLineWidth(1)
        canvas.setStrokeColor(colors.black)
        canvas.line(left, bottom, left, bottom + height)
        canvas.lines([(left - 5, y(tick), left, y(tick)) for tick in ticks])
        slot = width / max(len(self.bars), 1)
        zero = y(0.0)
        for index, value in enumerate(values):
            canvas.setFillColor(PLUS if value >= 0 else RED)
            top = y(value)
            canvas.rect(
                left + slot * (index + 1 / 6), min(zero, top), slot * 2 / 3, abs(top - zero), stroke=0, fill=1
            )
        canvas.setLineWidth(0.6)
        canvas.line(left, zero, left + width, zero)
        canvas.setFillColor(colors.black)
        text = canvas.beginText()
        text.setFont(SANS, self.FONT_SIZE)
        for tick in ticks:
            words = self.label(tick)
            text.setTextOrigin(left - 5 - stringWidth(words, SANS, self.FONT_SIZE), y(tick) - 2.5)
            text.textOut(words)
        for index, (board, _) in enumerate(self.bars):
            centre = left + slot * (index + 0.5)
            text.setTextOrigin(centre - stringWidth(board, SANS, self.FONT_SIZE) / 2, bottom - 11)
            text.textOut(board)
        text.setFont(SANS, 6.5)
        text.setTextOrigin(left, 1 * mm)
        text.textOut(self.caption)
        canvas.drawText(text)
        canvas.restoreState()
