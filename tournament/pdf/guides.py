"""Guide cards, from the movement as saved: one for each table and one for each pair.

A table card says, round by round, which pairs sit N-S and E-W, which boards they play and
where each pair goes next; a pair card says where the pair sits, whom it meets and which
boards, each round (spec §5.1). Cards are boxed, two to a row for the pair cards, so the
director can cut them out and leave one on each table or hand one to each pair.
"""

from __future__ import annotations

import bisect
from collections import defaultdict

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Table, TableStyle

from scoring.contests.movements import SIT_OUT_STAND, Movement, PairCardRow, TableCardRow, boards_text

from ..models import Pair, Section
from ..services.plans import SetupRefused, movement_of
from .base import GRID, INK, SHADE, PdfRenderer, pair_order
from .fonts import BOLD, SANS

CARD_GAP = 4 * mm


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


class BoardPlays:
    """Where each set of boards is played, round by round, for "boards go to" on the table cards."""

    def __init__(self, movement: Movement) -> None:
        self.plays: dict[frozenset[int], list[tuple[int, int]]] = defaultdict(list)
        self.seated = {seating.table for seating in movement.seatings}
        self.stand = movement.has_sit_out_stand()
        for seating in movement.seatings:
            self.plays[frozenset(seating.boards)].append((seating.round, seating.table))
        for plays in self.plays.values():
            plays.sort()

    def after(self, boards: tuple[int, ...], round_: int) -> list[tuple[int, int]]:
        """The (round, table) plays of these boards after ``round_``, earliest first."""
        plays = self.plays.get(frozenset(boards), [])
        return plays[bisect.bisect_right(plays, (round_, 1 << 30)) :]


def idle_text(movement: Movement, table: int) -> str:
    """What a table's card says in a round nobody plays there: whose sit-out it is, where the movement
    says. A phantom that moves (an E-W phantom in a Mitchell) meets each stationary pair at its own
    table, which stands without play that round (§5.8)."""
    staying = {s.ns for s in movement.seatings if s.table == table}
    if movement.phantom and len(staying) == 1:
        return f"No play this round: {staying.pop()} sits out, meeting the phantom."
    return "No play at this table this round."


def idle_rounds(movement: Movement, table: int) -> list[int]:
    """The rounds of a movement with a phantom in which nobody plays at ``table``: its pair's sit-outs."""
    if not movement.phantom:
        return []
    played = {s.round for s in movement.seatings if s.table == table}
    return [round_ for round_ in range(1, movement.rounds + 1) if round_ not in played]


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
            names = {pair.label: pair.names for pair in Pair.objects.filter(section=section).with_players()}
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
        # The saved movement reads back as "entered", without the phantom's table: the section knows.
        size = (
            f"{section.get_movement_display()}: {plural(section.tables, 'table')}, "
            f"{plural(len(movement.pairs), 'pair')}, {plural(section.rounds, 'round')} of "
            f"{plural(section.boards_per_round, 'board')}, {plural(movement.board_count, 'board')}."
        )
        story: list[Flowable] = [
            self.text(self.heading(section, "Table guide cards"), "title"),
            *self.notes([size, *movement.lines()[1:]], "small"),
            self.gap(),
        ]
        plays = BoardPlays(movement)
        notes = movement.table_notes()
        tables = sorted(plays.seated)
        cards = [[self.table_card(section, table, movement, plays, notes.get(table, ()))] for table in tables]
        story += self.grid(cards, [self.width])
        return story

    def table_card(
        self, section: Section, table: int, movement: Movement, plays: BoardPlays, notes: tuple[str, ...]
    ) -> Flowable:
        """A table's card: the movement's name, the relay, bye stand or skip where it concerns the
        table, then each round's pairs and boards.
        """
        width = self.width - 2 * CARD_GAP
        body: list[list[object]] = [
            [self.text(f"Table {table}", "subheading"), "", "", "", "", "", ""],
            *([self.text(line, "small"), "", "", "", "", "", ""] for line in self.about(section, notes)),
            ["Round", "N-S", "E-W", "Boards", "Boards go to", "N-S next", "E-W next"],
        ]
        header_rows = len(body)
        rows: list[TableCardRow | int] = [*movement.table_card(table), *idle_rounds(movement, table)]
        extra: list[tuple[object, ...]] = []
        for row in sorted(rows, key=lambda row: row if isinstance(row, int) else row.round):
            if isinstance(row, int):
                extra.append(("SPAN", (1, len(body)), (-1, len(body))))
                body.append([str(row), idle_text(movement, table), "", "", "", "", ""])
                continue
            boards = boards_text(row.boards)
            if row.sit_out:
                boards += " — sit-out, not played here"
            after = self.boards_next(section, movement, plays, row)
            body.append([str(row.round), row.ns, row.ew, boards, after, row.ns_next, row.ew_next])
        fractions = (0.08, 0.09, 0.09, 0.2, 0.18, 0.18, 0.18)
        return self.card(body, [f * width for f in fractions], header_rows=header_rows, extra=extra)

    def about(self, section: Section, notes: tuple[str, ...] = ()) -> list[str]:
        """The lines under a card's title: the movement's name, then what concerns this card."""
        return [f"Movement: {section.get_movement_display()}.", *notes]

    @staticmethod
    def boards_next(section: Section, movement: Movement, plays: BoardPlays, row: TableCardRow) -> str:
        """Where this round's boards go next: a table, the bye stand (relay Mitchell), the sit-out stand."""
        later = plays.after(row.boards, row.round)
        if later and later[0][0] == row.round + 1:
            tables = [str(table) for round_, table in later if round_ == row.round + 1]
            return ("tables " if len(tables) > 1 else "table ") + " and ".join(tables)
        if row.round >= movement.rounds:
            return ""
        if section.movement == Section.Movement.RELAY_MITCHELL:
            # with a phantom too: its table is the relay table, whose boards the other relay table plays
            return "the bye stand"
        if plays.stand:
            # a Mitchell's phantom seat is no table: the boards rest a round there, on the sit-out stand;
            # elsewhere boards resting at the phantom's seat wait there, and the card names where they go next
            return f"the {SIT_OUT_STAND}"
        return f"table {later[0][1]}, round {later[0][0]}" if later else ""

    # -- pair cards --

    def pair_cards(self, section: Section, movement: Movement, names: dict[str, str]) -> list[Flowable]:
        story: list[Flowable] = [self.text(self.heading(section, "Pair guide cards"), "title")]
        half = (self.width - CARD_GAP) / 2
        about, width = self.about(section), half - 2 * CARD_GAP
        cards: list[Flowable] = [
            self.pair_card(pair, names.get(pair, ""), about, self.pair_rows(movement, pair), width)
            for pair in sorted(movement.pairs, key=pair_order)
        ]
        rows = [cards[index : index + 2] for index in range(0, len(cards), 2)]
        if rows and len(rows[-1]) == 1:
            rows[-1].append("")
        story += self.grid(rows, [half, half])
        return story

    @staticmethod
    def pair_rows(movement: Movement, pair: str) -> list[PairCardRow | int]:
        """The pair's card, round by round; a round where it meets no one (the phantom's) is its number."""
        seated = {row.round: row for row in movement.pair_card(pair)}
        return [seated.get(round_, round_) for round_ in range(1, movement.rounds + 1)]

    def pair_card(
        self, pair: str, names: str, about: list[str], rows: list[PairCardRow | int], width: float
    ) -> Flowable:
        body: list[list[object]] = [
            [self.text(f"Pair {pair}", "subheading"), "", "", "", ""],
            [self.text(names, "small"), "", "", "", ""],
            *([self.text(line, "small"), "", "", "", ""] for line in about),
            ["Round", "Table", "Sit", "Against", "Boards"],
        ]
        header_rows = len(body)
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
        return self.card(body, [f * width for f in fractions], header_rows=header_rows, extra=extra)

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

    def grid(self, rows: list[list[object]], widths: list[float]) -> list[Flowable]:
        """Cards laid out in rows, each row its own flowable: a card is never split across a page,
        and a long night's cards are laid out one row at a time (one table of them all would be
        measured again at every page break).
        """
        return [self.layout([row], widths, padding=CARD_GAP) for row in rows]
