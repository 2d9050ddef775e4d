"""Guide cards, from the movement as saved: one for each table and one for each pair.

A table card says, round by round, which pairs sit N-S and E-W, which boards they play and
where each pair goes next; a pair card says where the pair sits, whom it meets and which
boards, each round (spec §5.1). Cards are boxed, two to a row for the pair cards, so the
director can cut them out and leave one on each table or hand one to each pair.
"""

from __future__ import annotations

import re

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Table, TableStyle

from scoring.movements import Movement, PairCardRow, TableCardRow, boards_text
from scoring.pairs import natural_key

from ..models import Pair, Section
from ..services.events import SetupRefused, movement_of
from .base import GRID, INK, SHADE, PdfRenderer
from .fonts import BOLD, SANS

CARD_GAP = 4 * mm
DIRECTION_FIRST = {"NS": 0, "EW": 1}


def card_order(label: str) -> tuple[object, ...]:
    """N-S pairs' cards before E-W pairs' in a Mitchell ("1NS" … "5NS", "1EW" …), else natural order."""
    return (DIRECTION_FIRST.get(re.sub(r"\d+", "", label), 2), natural_key(label))


class GuidesPdf(PdfRenderer):
    """Guide cards: per table and per pair, each round's seat, opponents and boards."""

    slug = "guide"
    title = "Guide cards"
    description = "For each table and each pair: where to sit, whom to meet, which boards, each round."

    def story(self) -> list[Flowable]:
        story: list[Flowable] = []
        for section in self.sections:
            try:
                movement = movement_of(section)
            except SetupRefused as error:
                story += [
                    self.text("Guide cards", "title"),
                    self.text(f"The movement cannot be read: {error}"),
                ]
                continue
            names = {
                pair.label: pair.names
                for pair in Pair.objects.filter(section=section).select_related("player1", "player2")
            }
            if story:
                story.append(PageBreak())
            story += self.table_cards(section, movement)
            story += [PageBreak(), *self.pair_cards(section, movement, names)]
        return story or [self.text("This event has no movement yet.")]

    def heading(self, section: Section, what: str) -> str:
        title = self.section_title(section)
        return f"{what} — {title.lower()}" if title else what

    # -- table cards --

    def table_cards(self, section: Section, movement: Movement) -> list[Flowable]:
        lines = movement.lines()
        size = lines[0].split(": ", 1)[-1]  # the saved movement reads back as "entered": name it
        story: list[Flowable] = [
            self.text(self.heading(section, "Table guide cards"), "title"),
            *self.notes([f"{section.get_movement_display()}: {size}", *lines[1:]], "small"),
            self.gap(),
        ]
        tables = sorted({seating.table for seating in movement.seatings})
        cards = [[self.table_card(section, table, movement)] for table in tables]
        story.append(self.grid(cards, [self.width]))
        return story

    def table_card(self, section: Section, table: int, movement: Movement) -> Flowable:
        width = self.width - 2 * CARD_GAP
        body: list[list[object]] = [
            [self.text(f"Table {table}", "subheading"), "", "", "", "", "", ""],
            ["Round", "N-S", "E-W", "Boards", "Boards go to", "N-S next", "E-W next"],
        ]
        for row in movement.table_card(table):
            boards = boards_text(row.boards)
            if row.sit_out:
                boards += " — sit-out, not played here"
            after = self.boards_next(section, movement, row)
            body.append([str(row.round), row.ns, row.ew, boards, after, row.ns_next, row.ew_next])
        fractions = (0.08, 0.09, 0.09, 0.2, 0.18, 0.18, 0.18)
        return self.card(body, [f * width for f in fractions], header_rows=2)

    @staticmethod
    def boards_next(section: Section, movement: Movement, row: TableCardRow) -> str:
        """Where this round's boards go next: a table, the bye stand (relay Mitchell), the sit-out table."""
        boards = set(row.boards)
        later = sorted(
            (s.round, s.table) for s in movement.seatings if s.round > row.round and set(s.boards) == boards
        )
        if later and later[0][0] == row.round + 1:
            tables = [str(table) for round_, table in later if round_ == row.round + 1]
            return ("tables " if len(tables) > 1 else "table ") + " and ".join(tables)
        if row.round >= movement.rounds:
            return ""
        if movement.phantom:
            return "the sit-out table"
        if section.movement == Section.Movement.RELAY_MITCHELL:
            return "the bye stand"
        return f"table {later[0][1]}, round {later[0][0]}" if later else ""

    # -- pair cards --

    def pair_cards(self, section: Section, movement: Movement, names: dict[str, str]) -> list[Flowable]:
        story: list[Flowable] = [self.text(self.heading(section, "Pair guide cards"), "title")]
        half = (self.width - CARD_GAP) / 2
        cards: list[Flowable] = [
            self.pair_card(pair, names.get(pair, ""), self.pair_rows(movement, pair), half - 2 * CARD_GAP)
            for pair in sorted(movement.pairs, key=card_order)
        ]
        rows = [cards[index : index + 2] for index in range(0, len(cards), 2)]
        if rows and len(rows[-1]) == 1:
            rows[-1].append("")
        story.append(self.grid(rows, [half, half]))
        return story

    @staticmethod
    def pair_rows(movement: Movement, pair: str) -> list[PairCardRow | int]:
        """The pair's card, round by round; a round where it meets no one (the phantom's) is its number."""
        seated = {row.round: row for row in movement.pair_card(pair)}
        return [seated.get(round_, round_) for round_ in range(1, movement.rounds + 1)]

    def pair_card(self, pair: str, names: str, rows: list[PairCardRow | int], width: float) -> Flowable:
        body: list[list[object]] = [
            [self.text(f"Pair {pair}", "subheading"), "", "", "", ""],
            [self.text(names, "small"), "", "", "", ""],
            ["Round", "Table", "Sit", "Against", "Boards"],
        ]
        extra: list[tuple[object, ...]] = []
        for row in rows:
            if isinstance(row, int) or row.sit_out:
                number = row if isinstance(row, int) else row.round
                extra.append(("SPAN", (1, len(body)), (-1, len(body))))
                body.append([str(number), "sits out this round", "", "", ""])
            else:
                body.append(
                    [
                        str(row.round),
                        str(row.table),
                        row.direction.label,
                        row.opponents,
                        boards_text(row.boards),
                    ]
                )
        fractions = (0.15, 0.14, 0.14, 0.2, 0.37)
        return self.card(body, [f * width for f in fractions], header_rows=3, extra=extra)

    # -- boxes --

    def card(
        self,
        body: list[list[object]],
        widths: list[float],
        *,
        header_rows: int,
        extra: list[tuple[object, ...]] = (),
    ) -> Table:
        """One card: title row(s) spanning the card, a shaded heading row, a box to cut along."""
        table = Table(body, colWidths=widths)
        heading = header_rows - 1
        commands: list[tuple[object, ...]] = [
            ("FONT", (0, 0), (-1, -1), SANS, 9, 11),
            ("FONT", (0, heading), (-1, heading), BOLD, 8.5, 10.5),
            ("BACKGROUND", (0, heading), (-1, heading), SHADE),
            ("LINEBELOW", (0, heading), (-1, -1), 0.4, GRID),
            ("BOX", (0, 0), (-1, -1), 1, INK),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            *[("SPAN", (0, row), (-1, row)) for row in range(heading)],
            *extra,
        ]
        table.setStyle(TableStyle(commands))
        return table

    def grid(self, rows: list[list[object]], widths: list[float]) -> Table:
        """Cards laid out in a grid whose rows never split across a page."""
        return self.layout(rows, widths, padding=CARD_GAP)
