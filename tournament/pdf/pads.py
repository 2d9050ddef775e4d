"""Score pads: a sample rubber of each game, scored by the engine, and blank pads for the table.

Four-hand Auction in both of Foster's pad styles (tricks and honours one above the other in a
single column a side, or in two columns a side: "Keeping score"), a Three-Hand Auction rubber
with its settlement between every two players (Three-hand laws 14, 15), and a whist rubber
with the value of its games and the rubber (Whist laws 53-55). The sample deals are fixed,
so the sheet is the same every time; the engine scores them, so the figures are the laws'.
The last pages are blank pads of each kind to print and use at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Table, TableStyle

from scoring.auction.core import Contract
from scoring.auction.deal import Deal
from scoring.auction.rubber import PadRow, PadStyle, RowKind, Rubber
from scoring.auction.three_hand import ThreeHandDeal
from scoring.auction.three_hand_rubber import ThreeHandRubber
from scoring.shared.seats import SEATS, Seat
from scoring.whist.game import WhistDeal, WhistRubber

from .. import games
from ..models import Event
from .base import GRID, INK, SHADE, PdfRenderer, contract_markup, signed
from .fonts import BOLD, SANS

# (contract, declarer, tricks won by the declaring side, honours held by N, E, S, W)
FOUR_HAND = (
    ("2H", "S", 9, (2, 1, 1, 0)),
    ("1NT", "W", 8, (1, 2, 0, 1)),
    ("4S", "N", 10, (2, 1, 1, 1)),
    ("3D", "E", 8, (1, 2, 1, 1)),
    ("2NT", "W", 9, (1, 1, 0, 2)),
    ("3R", "S", 10, (2, 0, 2, 1)),
)
PLAYERS = ("Ada", "Bertram", "Clara")
# (declarer, contract, tricks won with the dummy, each player's honours, the dummy's honours)
THREE_HAND = (
    ("Ada", "2H", 9, (("Ada", 2), ("Clara", 1)), 1),
    ("Bertram", "3NT", 8, (("Bertram", 2), ("Ada", 1)), 0),
    ("Clara", "5C", 11, (("Clara", 3),), 1),
    ("Ada", "2NT", 8, (("Ada", 1), ("Bertram", 1)), 1),
    ("Ada", "4R", 10, (("Ada", 2),), 2),
    ("Ada", "3NT", 9, (("Ada", 2),), 1),
)
# (tricks N-S won, honours of trumps held by N-S and by E-W)
WHIST = ((8, (2, 1)), (4, (0, 3)), (9, (4, 0)), (6, (1, 1)), (8, (0, 0)), (10, (2, 1)))
BLANK_ROWS = 28


def four_hand_rubber() -> Rubber:
    """The sample four-hand rubber, scored by the engine (not duplicate: Law A)."""
    rubber = Rubber()
    for contract, declarer, tricks, honours in FOUR_HAND:
        rubber.add(Deal(Contract.parse(contract), Seat.parse(declarer), tricks, honours))
    return rubber


@dataclass(frozen=True)
class ThreeHandSample:
    rubber: ThreeHandRubber
    games_on: dict[int, str]  # deal number -> the player who won a game on it


def three_hand_rubber() -> ThreeHandSample:
    """The sample three-hand rubber, noting on which deal each game was won (Three-hand law 14)."""
    rubber = ThreeHandRubber(PLAYERS)
    games_on: dict[int, str] = {}
    for number, (declarer, contract, tricks, honours, dummy) in enumerate(THREE_HAND, start=1):
        before = len(rubber.game_winners)
        rubber.add(ThreeHandDeal(declarer, Contract.parse(contract), tricks, honours, dummy))
        if len(rubber.game_winners) > before:
            games_on[number] = rubber.game_winners[-1]
    return ThreeHandSample(rubber, games_on)


def whist_rubber() -> WhistRubber:
    """The sample whist rubber: three games, the third deciding it (Whist laws 46-55)."""
    rubber = WhistRubber()
    for tricks, honours in WHIST:
        rubber.add(WhistDeal(tricks, honours))
    return rubber


class PadsPdf(PdfRenderer):
    """Score pads: sample rubbers of four-hand, three-hand and whist, then blank pads."""

    slug = "pads"
    title = "Score pads"
    description = (
        "Sample rubbers in Foster's two pad styles, three-hand with its settlement, whist; blank pads."
    )

    @classmethod
    def unavailable(cls, event: Event) -> str:
        if not games.of(event).rubber_pads:
            return (
                "Score pads are the rubber pads of Auction and Whist: a duplicate contract bridge night is "
                "scored from its travellers (Law 77)."
            )
        return ""

    def story(self) -> list[Flowable]:
        return [
            *self.four_hand(),
            PageBreak(),
            *self.three_hand(),
            PageBreak(),
            *self.whist(),
            PageBreak(),
            *self.blank_four_hand(),
            PageBreak(),
            *self.blank_others(),
        ]

    # -- four-hand auction --

    def four_hand(self) -> list[Flowable]:
        rubber = four_hand_rubber()
        deals: list[list[object]] = [["Deal", "Contract", "Declarer", "Tricks won", "Honours held"]]
        for number, (contract, declarer, tricks, honours) in enumerate(FOUR_HAND, start=1):
            held = ", ".join(f"{seat.value} {count}" for seat, count in zip(SEATS, honours, strict=True))
            deals.append(
                [
                    str(number),
                    self.para(contract_markup(contract), "cell"),
                    Seat.parse(declarer).name_word,
                    str(tricks),
                    held,
                ]
            )
        one, two = (self.pad(rubber.pad(style)) for style in (PadStyle.ONE_COLUMN, PadStyle.TWO_COLUMNS))
        pads = self.layout(
            [
                [self.text("One column a side", "subheading"), self.text("Two columns a side", "subheading")],
                [one, two],
            ],
            [0.38 * self.width, 0.62 * self.width],
        )
        return [
            self.text("Score pads", "title"),
            self.text("Four-hand Auction: a sample rubber", "heading"),
            self.text(
                "Foster keeps score in either of two styles. In one, each side's tricks and honours are "
                "entered one above the other in a single column, and added in one sum at the end; in the "
                "other, tricks and honours have a column each and four additions give the value of the "
                "rubber. Thirty in the trick column wins a game (Law 3); two games win the rubber and its "
                "250 (table of values).",
                "small",
            ),
            self.gap(2 * mm),
            self.table(deals, (0.08, 0.14, 0.16, 0.14, 0.48), numeric=(3,), centred=(0,)),
            self.gap(2 * mm),
            pads,
            self.text(rubber.value().text + " (Keeping score).", "subheading"),
            self.text("How each entry was reached", "subheading"),
            *self.notes(str(line) for line in rubber.lines),
        ]

    def pad(self, rows: tuple[PadRow, ...]) -> Table:
        """A filled pad from the engine's rows: game lines ruled, the rubber, additions, totals, value."""
        columns = len(rows[0].cells)
        one_column = columns == len(PadStyle.ONE_COLUMN.headings)
        frame = 0.36 if one_column else 0.6  # of the line, leaving a gap between the two pads
        widths = [0.2, 0.14, 0.33, 0.33] if one_column else [0.15, 0.11, 0.185, 0.185, 0.185, 0.185]
        body = [list(row.cells) for row in rows]
        body[0] = [self.text(cell, "cell_head_right") if i > 1 else cell for i, cell in enumerate(body[0])]
        extra: list[tuple[object, ...]] = []
        for index, row in enumerate(rows):
            if row.kind is RowKind.GAME_LINE:
                extra += [
                    ("LINEABOVE", (0, index), (-1, index), 1.6, INK),
                    ("FONT", (0, index), (-1, index), SANS, 7, 8),
                ]
            elif row.kind in (RowKind.TOTAL, RowKind.VALUE, RowKind.ADDITION, RowKind.RUBBER):
                extra.append(("FONT", (0, index), (-1, index), BOLD, 8.5, 10))
            if row.kind in (RowKind.TOTAL, RowKind.RUBBER):
                extra.append(("LINEABOVE", (0, index), (-1, index), 1, INK))
            if row.kind is RowKind.VALUE:
                extra.append(("BACKGROUND", (0, index), (-1, index), SHADE))
        return self.table(
            body,
            [w * frame for w in widths],
            numeric=range(2, columns),
            centred=(0, 1),
            stripes=False,
            extra=extra,
        )

    # -- three-hand auction --

    def three_hand(self) -> list[Flowable]:
        sample = three_hand_rubber()
        rubber = sample.rubber
        head: list[object] = ["Deal", "Declaration"]
        second: list[object] = ["", ""]
        for player in PLAYERS:
            head += [player, ""]
            second += ["tricks", "honours"]
        body: list[list[object]] = [head, second]
        extra: list[tuple[object, ...]] = [("SPAN", (2 + 2 * i, 0), (3 + 2 * i, 0)) for i in range(3)]
        extra += [("ALIGN", (2, 0), (-1, 1), "CENTER")]
        for number, (score, (declarer, contract, tricks, _, _)) in enumerate(
            zip(rubber.scores, THREE_HAND, strict=True), start=1
        ):
            cells: list[object] = [
                str(number),
                self.para(f"{declarer}: {contract_markup(contract)}, {tricks} tricks", "cell"),
            ]
            for player in PLAYERS:
                cells += [_cell(score.trick(player)), _cell(score.honour(player))]
            body.append(cells)
            if number in sample.games_on:
                extra.append(("LINEBELOW", (0, len(body) - 1), (-1, len(body) - 1), 1.6, INK))
        for line in rubber.bonus_lines:
            cells = ["", self.text(line.text.split(":")[0], "cell")]
            for player in PLAYERS:
                cells += ["", _cell(line.points) if player == line.player else ""]
            body.append(cells)
        totals = rubber.totals()
        extra += [
            ("LINEABOVE", (0, len(body)), (-1, len(body)), 1, INK),
            ("FONT", (0, len(body)), (-1, len(body)), BOLD, 8.5, 10),
        ]
        body.append(["Total", "", *[cell for player in PLAYERS for cell in (str(totals[player]), "")]])
        extra += [("SPAN", (2 + 2 * i, len(body) - 1), (3 + 2 * i, len(body) - 1)) for i in range(3)]
        settlement = rubber.settlement()
        nets = [self.text(f"{player}: {signed(settlement.net(player))}", "note") for player in PLAYERS]
        return [
            self.text("Three-hand Auction: a sample rubber", "heading"),
            self.text(
                "Each player plays for himself and keeps his own trick column; thirty wins a game, worth "
                "125, and two games the rubber and 250 more (Three-hand laws 11, 14). When the declarer "
                "fails, each adversary scores the penalty (law 12). At the end every two players settle the "
                "difference of their totals (law 15).",
                "small",
            ),
            self.gap(2 * mm),
            self.table(
                body,
                (0.07, 0.33, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1),
                numeric=range(2, 8),
                centred=(0,),
                header_rows=2,
                extra=extra,
            ),
            KeepTogether(
                [
                    self.text("Settlement (Three-hand law 15)", "subheading"),
                    *self.notes(payment.text for payment in settlement.payments),
                    self.text("Each player's net over both opponents:", "note"),
                    *nets,
                ]
            ),
            self.text("How each entry was reached", "subheading"),
            *self.notes(line.text for line in rubber.lines),
        ]

    # -- whist --

    def whist(self) -> list[Flowable]:
        rubber = whist_rubber()
        body: list[list[object]] = [
            [
                "Game",
                "Deal",
                "N-S tricks",
                "E-W tricks",
                "Honours N-S",
                "Honours E-W",
                "N-S score",
                "E-W score",
            ]
        ]
        extra: list[tuple[object, ...]] = []
        number = 0
        for game_number, game in enumerate(rubber.games, start=1):
            for score in game.scores:
                deal_tricks, honours = WHIST[number]
                number += 1
                body.append(
                    [
                        str(game_number),
                        str(number),
                        str(deal_tricks),
                        str(13 - deal_tricks),
                        str(honours[0]),
                        str(honours[1]),
                        str(score.after[0]),
                        str(score.after[1]),
                    ]
                )
            if game.winner is not None:
                extra.append(("LINEBELOW", (0, len(body) - 1), (-1, len(body) - 1), 1.6, INK))
        result = [[line.text, f"{line.law}"] for line in rubber.result()]
        winner = rubber.winner.label if rubber.winner else ""
        return [
            self.text("Whist: a sample rubber", "heading"),
            self.text(
                "Each trick above six scores one point; four honours of trumps score four and three honours "
                "two, but a side at four cannot score honours, and tricks score before honours (Whist laws "
                "47-50). Five points win a game: a treble, double or single by the losers' score (law 53). "
                "The rubber is the best of three games; its winners gain two more, and in a rubber of three "
                "games the losers' game is deducted (laws 46, 54, 55).",
                "small",
            ),
            self.gap(2 * mm),
            self.table(
                body,
                (0.08, 0.08, 0.14, 0.14, 0.14, 0.14, 0.14, 0.14),
                numeric=range(2, 8),
                centred=(0, 1),
                extra=extra,
            ),
            self.text(f"The rubber to {winner}", "subheading"),
            self.table([["Item", "Law"], *result], (0.75, 0.25), stripes=False),
            self.text(f"{winner} win a rubber worth {rubber.value()} points.", "subheading"),
            self.text("How each deal was scored", "subheading"),
            *self.notes(f"{line.side.label}: {line.text}" for line in rubber.lines),
        ]

    # -- blank pads --

    def blank(
        self, groups: list[str], widths: list[float], footer: list[str], *, split: bool = True
    ) -> Table:
        """An empty pad: a column (or a tricks and an honours column) for each side or player, ruled
        rows to write in, and the rows for the additions.
        """
        per = 2 if split else 1
        top: list[object] = ["Deal"]
        for group in groups:
            top += [group] + [""] * (per - 1)
        head = [top, [""] + ["tricks", "honours"] * len(groups)] if split else [top]
        columns = len(top)
        body: list[list[object]] = [*head, *([""] * columns for _ in range(BLANK_ROWS))]
        body += [[label] + [""] * (columns - 1) for label in footer]
        heading = len(head)
        table = Table(
            body, colWidths=widths, rowHeights=[5.5 * mm] * heading + [6.4 * mm] * (len(body) - heading)
        )
        commands: list[tuple[object, ...]] = [
            ("FONT", (0, 0), (-1, -1), SANS, 8.5, 10),
            ("FONT", (0, 0), (-1, heading - 1), BOLD, 8, 9.5),
            ("BACKGROUND", (0, 0), (-1, heading - 1), SHADE),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("BOX", (0, 0), (-1, -1), 1, INK),
            ("ALIGN", (0, 0), (-1, heading - 1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEABOVE", (0, heading + BLANK_ROWS), (-1, heading + BLANK_ROWS), 1.4, INK),
            ("FONT", (0, heading + BLANK_ROWS), (0, -1), BOLD, 8.5, 10),
        ]
        if split:
            commands += [("SPAN", (1 + 2 * i, 0), (2 + 2 * i, 0)) for i in range(len(groups))]
            commands += [("SPAN", (0, 0), (0, 1))]
            commands += [
                ("LINEAFTER", (2 + 2 * i, 0), (2 + 2 * i, -1), 1.2, INK) for i in range(len(groups) - 1)
            ]
        table.setStyle(TableStyle(commands))
        return table

    def side_by_side(self, left: list[Flowable], right: list[Flowable], split: float) -> Table:
        return self.layout([[left, right]], [split * self.width, (1 - split) * self.width])

    def blank_four_hand(self) -> list[Flowable]:
        wide, narrow = 0.6 * self.width - 4 * mm, 0.4 * self.width - 4 * mm
        two = self.blank(["We", "They"], [0.16 * wide] + [0.21 * wide] * 4, ["Rubber", "Columns", "Total"])
        one = self.blank(
            ["We", "They"],
            [0.26 * narrow, 0.37 * narrow, 0.37 * narrow],
            ["Rubber", "Total", "Value"],
            split=False,
        )
        return [
            self.text("Four-hand Auction: blank pads", "heading"),
            self.text(
                "Draw a line under the trick entries when a game is won. Two columns a side: four additions "
                "give the value of the rubber. One column a side: one sum a side at the end.",
                "small",
            ),
            self.gap(2 * mm),
            self.side_by_side(
                [self.text("Two columns a side", "subheading"), two],
                [self.text("One column a side", "subheading"), one],
                0.6,
            ),
        ]

    def blank_others(self) -> list[Flowable]:
        wide, narrow = 0.64 * self.width - 4 * mm, 0.36 * self.width - 4 * mm
        three = self.blank(
            ["Player: ________"] * 3, [0.13 * wide] + [0.145 * wide] * 6, ["Games", "Rubber", "Total"]
        )
        whist = self.blank(
            ["We", "They"],
            [0.26 * narrow, 0.37 * narrow, 0.37 * narrow],
            ["Games", "Rubber", "Value"],
            split=False,
        )
        return [
            self.text("Three-hand Auction and Whist: blank pads", "heading"),
            self.text(
                "Three-hand: write each player's name over his two columns; each settles with each of the "
                "others at the end (law 15). Whist: five points a game; note treble, double or single as "
                "each game ends.",
                "small",
            ),
            self.gap(2 * mm),
            self.side_by_side(
                [self.text("Three-hand Auction", "subheading"), three],
                [self.text("Whist", "subheading"), whist],
                0.64,
            ),
        ]


def _cell(points: int) -> str:
    return str(points) if points else ""
