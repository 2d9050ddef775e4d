"""Travellers: every table's result on each board, with the deal when its cards are known.

One block a board, kept on one page: the hand diagram and who held the honours in each
declaration played (table of values; W1912 law 5), the averages each direction was compared
with and how they were taken (Law H; reading R-16), then every table's result: contract with
suit symbols, declarer, tricks, each side's points, the net and each pair's plus or minus. A
Duplicate Whist traveller prints the tricks each side took; a team match's, each side's gross.
A contract bridge traveller prints the board's vulnerability, the double-dummy tricks and par,
the top or the Butler datum, and each table's score with each side's matchpoints or IMPs: each
game's travellers are its own (``games.of(event).traveller_story``).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, TableStyle

from .. import games
from ..models import Board
from ..reports import (
    ANALYSIS_COMING,
    Diagram,
    HandRow,
    TravellerLine,
    board_traveller,
    deal_diagram,
    match_rows,
    match_summary,
    not_played_rows,
    traveller_rows,
)
from ..scores.types import SectionScores
from .base import (
    GRID,
    RED,
    PdfRenderer,
    contract_markup,
    plain,
    row_notes,
    signed,
    suit_markup,
    trumps_markup,
)

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


class TravellersPdf(PdfRenderer):
    """Travellers: a block per board with its hand diagram, honours, averages and every table."""

    slug = "travellers"
    title = "Travellers"
    description = "Every table's result on each board, with the hand diagram and the honours held."

    def story(self) -> list[Flowable]:
        story: list[Flowable] = [self.text(f"Travellers — {self.event.name}", "title")]
        game = games.of(self.event)
        for sheet in self.sheets:
            title = self.section_title(sheet.section)
            if title:
                story.append(self.text(title, "heading"))
            unplayed = [row.text for row in not_played_rows(sheet)]
            if unplayed:  # below the section's travellers: the boards a table did not play, and why
                unplayed_block = [self.text("Boards not played", "heading"), *self.notes(unplayed)]
            else:
                unplayed_block = []
            story += game.traveller_story(self, sheet) + unplayed_block
        return story

    def boards(self, sheet: SectionScores) -> list[Flowable]:
        """A block a played board, kept on one page: the deal, the averages (Law H), every table."""
        played = {s.result.board.number for s in sheet.results}
        boards = [sheet.boards[number] for number in sorted(sheet.boards) if number in played]
        story: list[Flowable] = [] if boards else [self.text("No result is recorded yet.")]
        swings = self.swings(sheet)
        story += [KeepTogether(self.board(sheet, board, swings.get(board.number, ()))) for board in boards]
        return story

    @staticmethod
    def swings(sheet: SectionScores) -> dict[int, tuple[str, ...]]:
        """In a team match, each deal's gross for each team and the swing (Law G), by board."""
        summary = match_summary(sheet)
        if summary is None:
            return {}
        first, second = summary.first.name, summary.second.name
        return {
            row.deal: (
                f"{first} {row.first_points}, {second} {row.second_points}: "
                f"swing {signed(row.swing)} to {first} (Law G).",
            )
            for row in match_rows(sheet)
        }

    def board(self, sheet: SectionScores, board: Board, swing: tuple[str, ...]) -> list[Flowable]:
        rows = traveller_rows(sheet, board.number)
        diagram = deal_diagram(sheet, board)
        traveller = board_traveller(sheet, board.number)
        heading = f"Board {board.number} · dealer {SEAT_NAMES.get(board.dealer, board.dealer)}"
        facts = [self.text(line, "small") for line in (*(traveller.lines if traveller else ()), *swing)]
        side: list[Flowable] = []
        if diagram is not None:
            honours = [self.text("Honours held, by declaration played:", "small")]
            honours += [self.text(h.text, "small") for h in diagram.honours] or [self.text("—", "small")]
            side = [*honours, self.gap(2 * mm), *self.tricks(diagram), self.gap(2 * mm)]
        return self.board_block(heading, diagram, side, facts, self.results(rows), self.board_notes(rows))

    def board_block(
        self,
        heading: str,
        diagram: Diagram | None,
        side: list[Flowable],
        facts: list[Flowable],
        results: Flowable,
        notes: list[str],
    ) -> list[Flowable]:
        """Every game's block of a board: its heading; the hand diagram with ``side`` and the ``facts``
        beside it (the facts alone when the deal is unknown); the table of results; the notes."""
        block: list[Flowable] = [self.text(heading, "heading")]
        if diagram is not None:
            beside = [*side, *facts]
            block.append(
                self.layout([[self.diagram(diagram), beside]], [0.56 * self.width, 0.44 * self.width])
            )
        else:
            block += facts
        return [*block, self.gap(1.5 * mm), results, *self.notes(notes), self.gap(2 * mm)]

    # -- the hand diagram --

    def hand(self, row: HandRow) -> Flowable:
        lines = [f"<b>{escape(row.seat_name)}</b>"]
        for holding in row.holdings:
            symbol = (
                f'<font color="{RED.hexval()}">{holding.symbol}</font>' if holding.red else holding.symbol
            )
            lines.append(f"{symbol} {escape(holding.cards)}")
        return self.para("<br/>".join(lines), "hand")

    def diagram(self, diagram: Diagram) -> Flowable:
        """North at the top, West and East either side, South at the foot, the board in the middle."""
        hands = {row.seat: self.hand(row) for row in diagram.hands}
        dealer = SEAT_NAMES.get(diagram.dealer, diagram.dealer)
        centre = self.para(f"<b>Board {diagram.board}</b><br/>Dealer<br/>{dealer}", "cell_center")
        cell = 0.56 * self.width / 3
        table = self.layout(
            [["", hands["N"], ""], [hands["W"], centre, hands["E"]], ["", hands["S"], ""]],
            [cell] * 3,
            padding=2,
        )
        table.setStyle(
            TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("BOX", (1, 1), (1, 1), 0.8, GRID)])
        )
        return table

    def tricks(self, diagram: Diagram, *, coming: bool = True) -> list[Flowable]:
        """Each seat's double-dummy tricks as declarer in ♣ ♦ ♥ ♠ NT (royals take the spade tricks);
        while the deal is being analysed, a line that says so (``coming``: unless said elsewhere)."""
        if not diagram.tricks:
            return [self.text(ANALYSIS_COMING, "small")] if diagram.analysis_coming and coming else []
        head: list[object] = [
            "Declarer",
            *(self.para(suit_markup(code), "cell_center") for code in ("C", "D", "H", "S", "NT")),
        ]
        body = [head, *([SEAT_NAMES[row.seat], *(str(n) for n in row.tricks)] for row in diagram.tricks)]
        table = self.table(body, (0.13, 0.05, 0.05, 0.05, 0.05, 0.06), numeric=range(1, 6), font_size=8)
        royals = games.of(self.event).royals
        caption = "Double-dummy tricks (royals as spades):" if royals else "Double-dummy tricks:"
        return [self.text(caption, "small"), table]

    # -- the results of the tables --

    def results(self, rows: list[TravellerLine]) -> Flowable:
        noted = {row.table for row in rows if row.rulings or row.how or row.problem}
        start = ["Rnd", "Tbl", "N-S", "E-W"]
        declares = games.of(self.event).declares
        if not declares:
            head = [*start, "Trumps", "N-S tricks", "E-W tricks", "N-S ±", "E-W ±"]
            widths: tuple[float, ...] = (0.07, 0.07, 0.1, 0.1, 0.12, 0.14, 0.14, 0.13, 0.13)
        elif self.event.is_teams:
            head = [*start, "Contract", "By", "Tricks", "N-S points", "E-W points", "Net N-S"]
            widths = (0.07, 0.07, 0.1, 0.1, 0.16, 0.07, 0.09, 0.12, 0.12, 0.1)
        else:
            head = [
                *start,
                "Contract",
                "By",
                "Tricks",
                "N-S points",
                "E-W points",
                "Net N-S",
                "N-S ±",
                "E-W ±",
            ]
            widths = (0.05, 0.05, 0.07, 0.07, 0.1, 0.05, 0.07, 0.115, 0.115, 0.11, 0.1, 0.1)
        body: list[list[object]] = [head]
        for row in rows:
            table = f"{row.table}*" if row.table in noted else str(row.table)
            first = [str(row.round), table, row.ns, row.ew]
            if not declares:
                body.append(
                    [
                        *first,
                        self.para(trumps_markup(row.contract), "cell_center"),
                        plain(row.ns_points),
                        plain(row.ew_points),
                        signed(row.ns_difference),
                        signed(row.ew_difference),
                    ]
                )
                continue
            tricks = "" if row.tricks is None else str(row.tricks)
            cells = [
                *first,
                self.para(contract_markup(row.contract), "cell"),
                row.declarer,
                tricks,
                plain(row.ns_points),
                plain(row.ew_points),
                plain(row.net_ns),
            ]
            if not self.event.is_teams:
                cells += [signed(row.ns_difference), signed(row.ew_difference)]
            body.append(cells)
        first_number = 6 if declares else 5
        return self.table(body, widths, numeric=range(first_number, len(head)), centred=(0, 1, 2, 3))

    @staticmethod
    def board_notes(rows: list[TravellerLine]) -> list[str]:
        notes = []
        for row in rows:
            where = f"* Table {row.table} (round {row.round}, {row.ns} v {row.ew})"
            notes += row_notes(where, row.rulings, [row.how], row.problem)
        return notes
