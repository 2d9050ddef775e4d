"""A board's traveller (Law H; Law B (3) for irregular tables) and its hand diagram with the honours held."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.auction.core import Strain
from scoring.auction.honours import honours_held
from scoring.contests.pairs import Traveller, TravellerRow
from scoring.shared.cards import SUITS, Hands
from scoring.shared.errors import ScoringError
from scoring.shared.seats import SEATS, Side

from .. import games
from ..models import Board
from ..scores.facts import contract_of
from ..scores.types import SectionScores
from .common import RED, SYMBOLS, _declarer, _pair_pk, _tricks, board_results, contract_text
from .rulings import RulingNote, ruling_notes


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result on a board, with what each pair is credited and its ± against the average."""

    board: int
    round: int
    table: int
    result_pk: int
    ns: str
    ns_pk: int | None
    ew: str
    ew_pk: int | None
    contract: str
    declarer: str
    tricks: int | None
    ns_points: int | None  # gross points (Auction) or tricks (Whist) scored at the table
    ew_points: int | None
    net_ns: int | None
    ns_score: Fraction | None  # what the contest credits: the table's figure, or Law B (3)'s
    ew_score: Fraction | None
    ns_average: Fraction | None
    ew_average: Fraction | None
    ns_difference: Fraction | None
    ew_difference: Fraction | None
    how: str
    problem: str
    status: str
    rulings: tuple[RulingNote, ...]


def _engine_row(traveller: Traveller | None, ns: str, ew: str) -> TravellerRow | None:
    if traveller is None:
        return None
    return next((row for row in traveller.rows if row.ns == ns and row.ew == ew), None)


def board_traveller(sheet: SectionScores, board: int) -> Traveller | None:
    """The engine's traveller of a board in a pair contest, None in a match or before a result."""
    contest = games.of(sheet.event).pair_contest(sheet)
    if contest is None:
        return None
    return next((t for t in contest.travellers if t.deal == str(board)), None)


def traveller_rows(sheet: SectionScores, board: int) -> list[TravellerLine]:
    """Every table's result on ``board``, in round and table order (Law H; Law B (3) for irregular tables)."""
    declares = games.of(sheet.event).declares
    traveller = board_traveller(sheet, board)
    rows = []
    for scored in board_results(sheet, board):
        r = scored.result
        engine = _engine_row(traveller, r.ns.label, r.ew.label)
        net = scored.net_ns
        rows.append(
            TravellerLine(
                board=board,
                round=r.seating.round,
                table=r.seating.table.number,
                result_pk=r.pk,
                ns=r.ns.label,
                ns_pk=_pair_pk(sheet, r.ns.label),
                ew=r.ew.label,
                ew_pk=_pair_pk(sheet, r.ew.label),
                contract=contract_text(r, declares=declares),
                declarer=_declarer(scored, declares),
                tricks=_tricks(scored, declares),
                ns_points=scored.points(Side.NS),
                ew_points=scored.points(Side.EW),
                net_ns=net,
                ns_score=engine.ns_score if engine else None,
                ew_score=engine.ew_score if engine else None,
                ns_average=traveller.ns_average if engine and traveller else None,
                ew_average=traveller.ew_average if engine and traveller else None,
                ns_difference=engine.ns_difference if engine else None,
                ew_difference=engine.ew_difference if engine else None,
                how=engine.how if engine else "",
                problem=scored.problem,
                status=r.status_text,
                rulings=ruling_notes(scored.rulings),
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class Holding:
    """One suit of a hand: its symbol, whether it prints red, and the cards ("A K 10 9 2", "—")."""

    suit: str
    symbol: str
    red: bool
    cards: str


@dataclass(frozen=True, slots=True)
class HandRow:
    """One seat of a hand diagram: each suit's holding, as the diagram prints it."""

    seat: str
    seat_name: str
    holdings: tuple[Holding, ...]


@dataclass(frozen=True, slots=True)
class HonoursHeld:
    """Who held the honours in one declaration played on the board (table of values)."""

    strain: str
    counts: tuple[tuple[str, int], ...]  # (seat letter, honours held)

    @property
    def text(self) -> str:
        held = ", ".join(f"{seat} {count}" for seat, count in self.counts if count)
        return f"{self.strain}: {held or 'none held'}"


@dataclass(frozen=True, slots=True)
class TricksRow:
    """One seat's double-dummy tricks as declarer in ♣ ♦ ♥ ♠ NT (royals take the spade tricks)."""

    seat: str
    tricks: tuple[int, ...]


TRICKS_HEAD = ("♣", "♦", "♥", "♠", "NT")

ANALYSIS_COMING = "Double-dummy analysis coming."
"""Shown where a board's double-dummy tricks or par will be once the server has analysed its deal
(``services.analyses``): no page or document works it out while its reader waits."""


@dataclass(frozen=True, slots=True)
class Diagram:
    """The deal of a board, when its cards are known, with who held the honours in each declaration
    and each seat's double-dummy tricks in each strain."""

    board: int
    dealer: str
    hands: tuple[HandRow, ...]
    honours: tuple[HonoursHeld, ...]
    tricks: tuple[TricksRow, ...] = ()
    trumps: str = ""
    analysis_coming: bool = False  # the deal is known, its double-dummy tricks not yet (ANALYSIS_COMING)


def deal_diagram(sheet: SectionScores, board: Board) -> Diagram | None:
    """The hand diagram of ``board`` and the honours held in each strain declared on it (W1912 law 5)."""
    strains: dict[str, Strain] = {}
    declares = games.of(sheet.event).declares
    for scored in sheet.results:
        contract = contract_of(scored.result) if scored.result.board.number == board.number else None
        if contract is not None and declares:
            strains.setdefault(contract.strain.code, contract.strain)
    return hand_diagram(board, tuple(strains.values()))


def hand_diagram(board: Board, strains: tuple[Strain, ...] = ()) -> Diagram | None:
    """A board's four hands, its double-dummy tricks as stored (none yet while the deal is being
    analysed: never worked out here) and the honours held in ``strains``; None when the deal is
    unknown or malformed."""
    if not board.hands:
        return None
    try:
        hands = Hands.parse(board.hands)
    except ScoringError:
        return None  # a malformed stored deal shows no diagram; the tables' own entries still stand
    rows = tuple(
        HandRow(
            seat.value,
            seat.name_word,
            tuple(
                Holding(suit, SYMBOLS[suit], suit in RED, hands.suit_holding(seat, suit)) for suit in SUITS
            ),
        )
        for seat in SEATS
    )
    honours = tuple(
        HonoursHeld(
            strain.noun,
            tuple(zip((s.value for s in SEATS), honours_held(hands, strain), strict=True)),
        )
        for strain in strains
    )
    table = board.double_dummy
    tricks = tuple(TricksRow(seat, tuple(table[seat])) for seat in ("N", "S", "E", "W")) if table else ()
    return Diagram(board.number, board.dealer, rows, honours, tricks, board.trumps, analysis_coming=not table)
