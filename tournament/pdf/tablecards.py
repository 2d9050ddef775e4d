"""Table cards: one page a table, left on the table before play (issue 9 §3).

Each page holds what the table needs all night: the event and section, the table number large,
the QR code and six-digit PIN that open the table's page on a phone, and the movement at that
table round by round: who sits N-S and E-W (with the players' names when known), which boards,
where the boards and the pairs go next, and the relay, bye stand or skip where it concerns the
table (``Movement.table_notes``, as on the guide cards).

The link and the PIN are the table's key, so the cards are a secret document: only the club's
directors and scorers print them (``PdfRenderer.secret``), never the public pages.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Any
from urllib.parse import urlsplit
from xml.sax.saxutils import escape

import segno
from django.urls import reverse
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepInFrame, PageBreak

from scoring.contests.movements import Movement, TableCardRow, boards_text

from ..models import Pair, Section, Table
from ..services.plans import SetupRefused, movement_of
from .base import BOTTOM, INK, TOP, DocumentUnavailable, PdfRenderer, fit
from .fonts import MONO, SANS
from .guides import BoardPlays, GuidesPdf, idle_text

QR_SIZE = 50 * mm
NAME_SIZE = 7.5  # the players' names under a pair's label


class QrCode(Flowable):
    """A QR code drawn as vector squares: sharp on any printer, no image in the PDF.

    Each row's dark modules are merged into runs, so a code costs a few hundred rectangles.
    """

    def __init__(self, data: str, size: float) -> None:
        super().__init__()
        self.data = data
        self.code = segno.make(data)
        self.width = self.height = size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        rows = list(self.code.matrix_iter(scale=1, border=4))
        module = self.width / len(rows)
        self.canv.setFillColor(INK)
        for y, row in enumerate(rows):
            top = self.height - (y + 1) * module
            x = 0
            while x < len(row):
                if not row[x]:
                    x += 1
                    continue
                start = x
                while x < len(row) and row[x]:
                    x += 1
                self.canv.rect(start * module, top, (x - start) * module, module, stroke=0, fill=1)


def base_url_error(base_url: str) -> str:
    """Why ``base_url`` cannot begin the tables' links ("" when it can): http(s), a host, no query."""
    parts = urlsplit(base_url)
    if parts.scheme not in {"http", "https"} or not parts.hostname or parts.query or parts.fragment:
        return (
            f"{base_url!r} is not the address the phones open: give one such as "
            "http://192.168.1.20:8000/ (the address make run prints)."
        )
    return ""


class TableCardsPdf(PdfRenderer):
    """One page a table: its number, QR code and PIN, and its movement round by round."""

    slug = "tablecards"
    title = "Table cards"
    description = (
        "One page a table: its number, QR code and PIN, and who sits where with which boards, each round."
    )
    secret = True

    def story(self) -> list[Flowable]:
        if not self.base_url:
            raise DocumentUnavailable(
                "The table cards print each table's link and QR code: they need the address the "
                "phones open, such as http://192.168.1.20:8000/ (render_pdf --base-url)."
            )
        reason = base_url_error(self.base_url)
        if reason:
            raise DocumentUnavailable(reason)
        tables: dict[int, list[Table]] = defaultdict(list)
        for table in Table.objects.filter(section__event=self.event).for_links():
            tables[table.section_id].append(table)
        names = {
            (pair.section_id, pair.label): tuple(
                p.name for p in (pair.player1, pair.player2) if p is not None
            )
            for pair in Pair.objects.filter(section__event=self.event, is_phantom=False).with_players()
        }
        story: list[Flowable] = []
        for section in self.sections:
            try:
                movement = movement_of(section)
            except SetupRefused as error:
                story += [self.text(f"The movement cannot be read: {error}"), PageBreak()]
                continue
            plays, notes = BoardPlays(movement), movement.table_notes()
            labels = {label: names.get((section.pk, label), ()) for label in movement.pairs}
            for table in tables[section.pk]:
                card = self.card(section, table, movement, plays, notes.get(table.number, ()), labels)
                story += [card, PageBreak()]
        return story[:-1] or [self.text("This event has no tables yet.")]

    # -- one page --

    def card(
        self,
        section: Section,
        table: Table,
        movement: Movement,
        plays: BoardPlays,
        notes: tuple[str, ...],
        names: dict[str, tuple[str, ...]],
    ) -> Flowable:
        """A table's page, shrunk to fit should a long movement need it: never two pages a table."""
        url = self.table_url(table)
        story: list[Flowable] = [
            self.layout(
                [[self.key_block(section, table), QrCode(url, QR_SIZE)]], [self.width - QR_SIZE, QR_SIZE]
            ),
            self.para(f'<font name="{MONO}" size="8">{escape(url)}</font>', "small"),
            self.gap(4 * mm),
            *self.notes([f"Movement: {section.get_movement_display()}.", *notes], "body"),
            self.gap(2 * mm),
            self.rounds(section, table.number, movement, plays, names),
        ]
        height = float(self.pagesize[1] - TOP - BOTTOM) - 12  # the frame's own padding
        return KeepInFrame(self.width, height, story, mode="shrink")

    def key_block(self, section: Section, table: Table) -> list[Flowable]:
        """The table number large, the event and section, and the PIN with where to type it."""
        where = [self.text(f"Section {section.letter}", "card_section")] if len(self.sections) > 1 else []
        return [
            self.text(f"Table {table.number}", "card_table"),
            *where,
            self.text(self.event.name, "card_event"),
            self.text(f"{self.date_text} · {self.event.get_game_display()}, {self.event.get_form_display()}"),
            self.gap(4 * mm),
            self.para(f'PIN <font name="{MONO}">{escape(table.pin)}</font>', "card_pin"),
            self.text(
                f"Scan the code with a phone, or open {self.pin_url} and type the PIN, to enter "
                "this table's results."
            ),
        ]

    def rounds(
        self,
        section: Section,
        number: int,
        movement: Movement,
        plays: BoardPlays,
        names: dict[str, tuple[str, ...]],
    ) -> Flowable:
        """Each round at this table: the pairs, the boards, and where boards and pairs go next."""
        rows: dict[int, TableCardRow] = {}
        if number in plays.seated:
            rows = {row.round: row for row in movement.table_card(number)}
        widths = (0.07, 0.19, 0.19, 0.13, 0.16, 0.13, 0.13)
        cell = {column: fraction * self.width - 6 for column, fraction in enumerate(widths)}
        body: list[list[Any]] = [["Round", "N-S", "E-W", "Boards", "Boards go to", "N-S next", "E-W next"]]
        extra: list[tuple[Any, ...]] = []
        for round_ in range(1, movement.rounds + 1):
            row = rows.get(round_)
            if row is None:
                extra.append(("SPAN", (1, len(body)), (-1, len(body))))
                body.append([str(round_), self.text(idle_text(movement, number), "cell"), *[""] * 5])
                continue
            boards = boards_text(row.boards) + (" — sit-out, not played here" if row.sit_out else "")
            body.append(
                [
                    str(row.round),
                    self.pair_cell(row.ns, names.get(row.ns, ()), cell[1]),
                    self.pair_cell(row.ew, names.get(row.ew, ()), cell[2]),
                    self.text(boards, "cell"),
                    self.text(GuidesPdf.boards_next(section, movement, plays, row), "cell"),
                    self.text(row.ns_next, "cell"),
                    self.text(row.ew_next, "cell"),
                ]
            )
        return self.table(body, widths, centred=(0,), extra=extra, font_size=10)

    def pair_cell(self, label: str, names: tuple[str, ...], room: float) -> Flowable:
        """A pair's label in bold, then each player's name when known, on its own line cut to the cell."""
        under = "".join(
            f'<br/><font size="{NAME_SIZE}">{escape(fit(name, SANS, NAME_SIZE, room))}</font>'
            for name in names
        )
        return self.para(f"<b>{escape(label)}</b>{under}", "cell_card")

    # -- addresses --

    def table_url(self, table: Table) -> str:
        return self.base_url.rstrip("/") + table.get_absolute_url()

    @functools.cached_property
    def pin_url(self) -> str:
        return self.base_url.rstrip("/") + reverse("table_pin")
